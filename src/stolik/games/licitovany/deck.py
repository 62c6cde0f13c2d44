"""The licitovaný deck: the core's German-suited 32 cards (:mod:`stolik.deck32`;
LICITOVANY §1, §2). The web table's letters toggle reads :data:`SUITS`.

>>> SUITS
'HLBA'
"""

from stolik.deck32 import SUITS

__all__ = ["SUITS"]
