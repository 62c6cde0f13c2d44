"""Write or check the shipped laid-down tables (RULES §7; issue 15, issue 9 item 5).

``.venv/bin/python scripts/laid_down_tables.py --generate`` solves every hand (1,820) at
every place (4) for every distinct card order, goal and target of the shipped rulesets and
writes ``src/stolik/games/baska/laid_down_tables.json``; ``--check`` compares that file
with the solver (about 30 s); ``--reference --jobs N`` compares it with the explicit-layout
reference :func:`stolik.solver.brute.brute_laid_down` (hours on one core; ``--every K``
asks every K-th question only). Exit status 1 when anything disagrees.
"""

from __future__ import annotations

import sys

from stolik.games.baska.laid_down import main

if __name__ == "__main__":
    sys.exit(main())
