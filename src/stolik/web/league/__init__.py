"""The tournament web pages under ``/t`` (``stolik serve``).

- **Public**: ``/t/`` the tournaments; ``/t/{slug}/`` the live results page (polls
  ``/t/{slug}/live.json``: clock, standings, teams by their best 4, tables' progress; a
  flash and a beep when the round's time runs out); ``/t/{slug}/player/{code}`` where a
  player sits, and his results.
- **Printable** (browser print / PDF): ``/t/{slug}/print/seating/{round}``,
  ``/t/{slug}/print/sheet/{round}/{table}`` (``?blank=1`` for an empty sheet),
  ``/t/{slug}/print/sheets/{round}`` (every table, one a page), ``/t/{slug}/print/standings``.
- **Referee** (login; every POST also carries a CSRF token): ``/t/login``, ``/t/setup``
  (the first account, only while none exists), ``/t/admin/`` (tournaments),
  ``/t/{slug}/admin/`` (players, rounds, clock), the table entry pages
  ``/t/{slug}/admin/round/{r}/table/{t}`` and ``/t/{slug}/admin/audit``.
- **Money tournaments** (a game whose tables keep a money sheet, Mariáš's stolový lístek,
  MARIAS §7, §10): the same URLs; the table page is the sheet (stake, top-ups, final money,
  results, leader, hand-in, the organiser's equal-share correction, a warning before an
  exclusion), the printed sheets are one table per A4 page, the standings are in Kč with
  the tie rule (:mod:`.money`).

Modules: :mod:`.routes` (``install(app)``, public and printable pages), :mod:`.admin` and
:mod:`.entry` (referee pages), :mod:`.common` (the login and CSRF guards), :mod:`.auth`
(accounts, passwords, logins), :mod:`.views` (what the pages show, read from the store),
:mod:`.forms` (whole-number fields, CSV players), :mod:`.parts` (what the pages ask of
the tournament's game: its ``league`` part — the deal form, the sheet's deals),
:mod:`.texts` (Polish and English).
Every change goes through :mod:`stolik.tournament.store`.
"""
