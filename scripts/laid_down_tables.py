"""Write or check the shipped laid-down tables (RULES §7; issue 15, issue 9 item 5).

``.venv/bin/python scripts/laid_down_tables.py --generate`` solves every hand (1,820) at
every place (4) for every distinct card order, goal and target of the shipped rulesets and
writes ``src/stolik/games/baska/laid_down_tables.json``; ``--check`` compares that file
with the solver (about 30 s); ``--reference --jobs N`` compares it with the explicit-layout
reference :func:`stolik.solver.brute.brute_laid_down` (about 2 hours on one core;
``--classes`` asks one hand per class of equivalent hands, ``--every K`` every K-th
question, ``--results FILE`` resumes). See :mod:`stolik.games.baska.laid_down_tables`.
Exit status 1 when anything disagrees.
"""

from __future__ import annotations

import sys

from stolik.games.baska.laid_down_tables import main

if __name__ == "__main__":
    sys.exit(main())
