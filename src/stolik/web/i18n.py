"""The web pages' language: ``?lang=``, then the ``lang`` cookie, then Polish. The texts
themselves are in the message catalogs (:mod:`stolik.i18n`); this module keeps the names
the pages used before (``LANGS``, ``tr``).

>>> tr("pl", "nav-tournaments"), tr("en", "nav-tournaments")
('Turnieje', 'Tournaments')
>>> tr("en", "no-such-key")
'no-such-key'
"""

from __future__ import annotations

from stolik.i18n import LANGS, tr, translate

__all__ = ["LANGS", "tr", "translate"]
