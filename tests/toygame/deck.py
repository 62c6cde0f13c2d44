"""The toy's deck as the core's screens ask for it (the web's suit-letters toggle): its
suits in the deck's order (TOY §1).

>>> SUITS
'SHD'
"""

from __future__ import annotations

from toygame.state import SUITS

__all__ = ["SUITS"]
