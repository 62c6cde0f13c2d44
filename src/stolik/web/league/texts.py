"""The tournament pages' texts are in the message catalogs (:mod:`stolik.i18n`, ids
``lg-…``); this module names the ids the pages build from a value (a round's phase, an
event's kind, an audit action, a refusal), so that ``pybabel extract`` finds them.

>>> from stolik.i18n import tr
>>> tr("pl", "lg-phase-break"), tr("en", "lg-phase-break")
('przerwa', 'break')
>>> tr("pl", audit_action("enter")), tr("en", audit_action("enter"))
('wpisanie rozdania', 'deal entered')
>>> audit_what("pl", "round 2, table 3, deal 17"), audit_what("en", "player p05")
('runda 2, stolik 3, rozdanie 17', 'player p05')
"""

from __future__ import annotations

from stolik.i18n import N_, has, place

DYNAMIC = (
    # _("lg-phase-" ~ phase): a round's phase (views.RoundClock.phase)
    N_("lg-phase-break"), N_("lg-phase-closed"), N_("lg-phase-not-started"),
    N_("lg-phase-over"), N_("lg-phase-playing"),
    # _("lg-ev-" ~ kind): a tournament event (seed 000 §7q–t, w)
    N_("lg-ev-excluded"), N_("lg-ev-late"), N_("lg-ev-left"),
    # refusals of the login page (admin.again)
    N_("lg-too-many"), N_("lg-busy"),
    # audit_action(action): the audit log's actions (tournament.store._audit)
    N_("lg-audit-new"), N_("lg-audit-player"), N_("lg-audit-team"), N_("lg-audit-withdraw"),
    N_("lg-audit-seat"), N_("lg-audit-redraw"), N_("lg-audit-start"), N_("lg-audit-extend"),
    N_("lg-audit-close"), N_("lg-audit-reopen"), N_("lg-audit-enter"),
    N_("lg-audit-correct"), N_("lg-audit-delete"), N_("lg-audit-confirm"),
    N_("lg-audit-totals"), N_("lg-audit-event"), N_("lg-audit-event-removed"),
    N_("lg-audit-import"),
    # a money tournament (MARIAS §7, seed 002 §2, §10): its event, its sheet's audit actions
    N_("lg-ev-warning"), N_("lg-audit-money"), N_("lg-audit-equal-share"),
    N_("lg-audit-hand-in"), N_("lg-audit-correct-sheet"),
)
"""Message ids used only through a variable."""


def register_texts() -> None:
    """Nothing to do any more (the texts are catalogs); kept for old callers."""


def audit_action(action: str) -> str:
    """The message id of an audit log's action (``lg-audit-sheet-add``), or the action
    itself when the catalogs do not know it (an action added later is still shown)."""
    key = f"lg-audit-{action}"
    return key if has("en", key) else action


def audit_what(lang: str, what: str) -> str:
    """An audit entry's object (``round 2, table 3, deal 17``, as the store writes it) in
    ``lang``'s words."""
    return place(lang, what)
