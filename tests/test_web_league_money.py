"""A Mariáš money tournament on the tournament web pages (issue 10 §3), over the TestClient:
created from the admin page with the shipped ruleset ``ctyrka`` (5 × 50 min by default,
seed 002 §1); the table sheet (stolový lístek: stake, top-ups ≥ 10 Kč with their time,
final money, result = final − stake − top-ups, the leader; MARIAS §7) entered as final
amounts; a refused entry is one line in the page's language and nothing is written; the
organiser's equal-share correction of an unbalanced table (seed 002 §10) as its own audited
action; hand-in, then changes only as the referee's correction; a warning before an
exclusion (seed 002 §2); standings in Kč with the tie rule (MARIAS §10) on the live page,
its JSON and the printable standings; printable sheets. Baśka's pages are unchanged
(tests/test_web_league.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.games import game
from stolik.tournament import store
from stolik.tournament.games import money_game
from stolik.web.app import create_app
from stolik.web.league import auth
from stolik.web.league.money import cash_text, money_writer

SLUG = "brno-1"
PASSWORD = "heslo-rozhodciho"
T1 = f"/t/{SLUG}/admin/round/1/table/1"
LANGS = ("pl", "en")


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    assert m, "no CSRF field on the page"
    return m.group(1)


def _tournament(db: Database, players: int = 8) -> None:
    auth.add_referee(db, "ala", PASSWORD)
    store.create_tournament(db, SLUG, name="Mariáš Brno", ruleset="ctyrka", who="ala",
                            seed=3)
    for i in range(1, players + 1):
        store.add_player(db, SLUG, f"p{i}", f"Hráč {i}", who="ala")
    store.seat_round(db, SLUG, who="ala")


@pytest.fixture
def app(sqlite_db: Database) -> FastAPI:
    _tournament(sqlite_db)
    return create_app(sqlite_db)


@pytest.fixture
def referee(app: FastAPI) -> Iterator[TestClient]:
    """A browser logged in as the referee (its CSRF token as ``.csrf``)."""
    with TestClient(app) as c:
        page = c.get("/t/login")
        resp = c.post("/t/login", data={"name": "ala", "password": PASSWORD,
                                        "csrf": csrf_of(page.text), "next": "/t/admin/"},
                      follow_redirects=False)
        assert resp.status_code == 303
        c.csrf = csrf_of(c.get("/t/admin/").text)  # type: ignore[attr-defined]
        yield c


def post(c: TestClient, url: str, lang: str = "en", **data: str) -> tuple[int, str]:
    resp = c.post(f"{url}?lang={lang}", data={"csrf": c.csrf, **data},  # type: ignore[attr-defined]
                  follow_redirects=False)
    return resp.status_code, resp.text


def error_line(html: str) -> str:
    m = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', html, re.S)
    assert m, "no error line on the page"
    return m.group(1)


def _final(c: TestClient, amounts: tuple[str, str, str, str], lang: str = "en",
           **extra: str) -> tuple[int, str]:
    data = {f"final{s}": a for s, a in enumerate(amounts)}
    return post(c, f"{T1}/money/final", lang, **data, **extra)


def _seats(db: Database) -> tuple[str, ...]:
    return tuple(store.plans_of(db, SLUG)[0].tables[0])


# --------------------------------------------------------------- creation


@pytest.mark.parametrize("lang", LANGS)
def test_admin_creates_a_money_tournament_from_the_shipped_ruleset(
        referee: TestClient, sqlite_db: Database, lang: str) -> None:
    """The admin page offers every game's shipped rulesets by id; ``ctyrka`` makes a
    Mariáš tournament of 5 rounds of 50 minutes when the fields are left empty (seed 002
    §1, MARIAS §10); a path on the server is refused in one line."""
    home = referee.get(f"/t/admin/?lang={lang}").text
    assert "<option>ctyrka</option>" in home and "<option>pucka-2019</option>" in home
    assert f'optgroup label="{game("marias").name(lang)}"' in home
    code, _ = post(referee, "/t/admin/new", lang, slug="praha", name="Praha",
                   ruleset="ctyrka", rounds="", minutes="", break_minutes="5")
    assert code == 303
    info = store.tournament_info(sqlite_db, "praha")
    assert (info.game, info.rounds, info.minutes_per_round) == ("marias", 5, 50)
    code, html = post(referee, "/t/admin/new", lang, slug="bad", name="Bad",
                      ruleset="/etc/passwd", minutes="50", break_minutes="5")
    assert code == 400 and "ctyrka" in error_line(html)
    assert "bad" not in {t.slug for t in store.list_tournaments(sqlite_db)}


def test_baska_is_still_created_with_its_own_round_length(referee: TestClient,
                                                          sqlite_db: Database) -> None:
    """An empty minutes field gives Baśka its 40 minutes (seed 000 §7p)."""
    code, _ = post(referee, "/t/admin/new", slug="puck", name="Puck", ruleset="pucka-2019",
                   minutes="", break_minutes="5")
    assert code == 303
    info = store.tournament_info(sqlite_db, "puck")
    assert (info.game, info.minutes_per_round) == ("baska", 40)


# ------------------------------------------------------------- the sheet


@pytest.mark.parametrize("lang", LANGS)
def test_table_sheet_final_amounts_topups_and_results(referee: TestClient,
                                                      sqlite_db: Database, lang: str) -> None:
    """MARIAS §7: the sheet shows the four players, the 50 Kč stake, each top-up (≥ 10 Kč)
    with its time, the final money and result = final − stake − top-ups, the leader."""
    page = referee.get(f"{T1}?lang={lang}")
    assert page.status_code == 200
    assert "stolový lístek" in page.text and "50,00 Kč" in page.text
    for code in _seats(sqlite_db):
        assert f'<option value="{code}">' in page.text
    assert post(referee, f"{T1}/money/topup", lang, seat="1", amount="20",
                at="20:15")[0] == 303
    # seat 2 put in 50 + 20 Kč; results 12,40 − 30 + 37,60 − 20 = 0
    assert _final(referee, ("62,40", "40", "87,60", "30"), lang)[0] == 303
    assert post(referee, f"{T1}/money/leader", lang, seat="2")[0] == 303
    html = referee.get(f"{T1}?lang={lang}").text
    rows = re.findall(r'<tr data-seat="(\d)"( class="leader")?>(.*?)</tr>', html, re.S)
    assert [r[0] for r in rows] == ["0", "1", "2", "3"]
    assert rows[2][1]  # the leader (seed 002 §3)
    assert "20,00 Kč (20:15)" in rows[1][2]
    results = [re.search(r'class="kc result">([^<]*)', r[2]).group(1).strip()  # type: ignore[union-attr]
               for r in rows]
    assert results == ["+12,40 Kč", "-30,00 Kč", "+37,60 Kč", "-20,00 Kč"]
    info = store.table_sheet_of(sqlite_db, SLUG, 1, 1)
    assert info.result is not None and list(info.result.table_points) == \
        [1240, -3000, 3760, -2000]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("what,data,pl,en", [
    ("topup", {"seat": "0", "amount": "5"}, "co najmniej 10,00 Kč", "at least 10,00 Kč"),
    ("topup", {"seat": "0", "amount": "12,345"}, "np. 62,40", "such as 62,40"),
    ("topup", {"seat": "0", "amount": "10", "at": "25:00"}, "GG:MM", "HH:MM"),
    ("final", {"final0": "60", "final1": "50", "final2": "50", "final3": "50"},
     "sumują się do +10,00 Kč", "sum to +10,00 Kč"),
    ("final", {"final0": "-1", "final1": "50", "final2": "50", "final3": "101"},
     "nigdy nie są ujemne", "never negative"),
    ("final", {"final0": "abc", "final1": "50", "final2": "50", "final3": "50"},
     "np. 62,40", "such as 62,40"),
    ("hand-in", {}, "nie ma jeszcze kwot", "no final money yet"),
    ("topup", {"seat": "0", "amount": "10", "equal_share": "on"}, "nie ma jeszcze kwot",
     "no final money yet"),
    ("final", {"final0": "50", "final1": "50", "final2": "50", "final3": "50",
               "equal_share": "on"}, "nie ma różnicy", "no difference to spread"),
    ("leader", {"seat": "7"}, "wybierz gracza", "choose a player"),
])
def test_refused_entries_are_one_line_and_write_nothing(
        referee: TestClient, sqlite_db: Database, lang: str, what: str,
        data: dict[str, str], pl: str, en: str) -> None:
    """A refused entry (top-up under 10 Kč, seed 002 §3; an unbalanced sheet without the
    correction, seed 002 §10; negative money, MARIAS §7) is one line in the page's
    language, the form kept, and the sheet and audit log unchanged."""
    before = (store.table_sheet_of(sqlite_db, SLUG, 1, 1).sheet,
              len(store.audit_log(sqlite_db, SLUG)))
    code, html = post(referee, f"{T1}/money/{what}", lang, **data)
    assert code == 400
    line = error_line(html)
    assert (pl if lang == "pl" else en) in line and "\n" not in line.strip()
    assert "Traceback" not in html
    assert (store.table_sheet_of(sqlite_db, SLUG, 1, 1).sheet,
            len(store.audit_log(sqlite_db, SLUG))) == before


@pytest.mark.parametrize("lang", LANGS)
def test_equal_share_correction_is_an_explicit_audited_action(referee: TestClient,
                                                              sqlite_db: Database,
                                                              lang: str) -> None:
    """Seed 002 §10: a sheet 10 Kč over is kept only with the organiser's equal-share
    correction, −2,50 Kč each; the audit log names it (as its own action)."""
    assert _final(referee, ("60", "50", "50", "50"), lang)[0] == 400
    assert _final(referee, ("60", "50", "50", "50"), lang, equal_share="on")[0] == 303
    info = store.table_sheet_of(sqlite_db, SLUG, 1, 1)
    assert info.result is not None
    assert list(info.result.table_points) == [750, -250, -250, -250]
    html = referee.get(f"{T1}?lang={lang}").text
    assert 'id="correction"' in html and "+7,50 Kč" in html
    audit = store.audit_log(sqlite_db, SLUG)
    assert audit[-1].action == "equal-share"
    page = referee.get(f"/t/{SLUG}/admin/audit?lang={lang}").text
    assert ("wyrównanie po równo" if lang == "pl" else "equal-share correction") in page


@pytest.mark.parametrize("lang", LANGS)
def test_a_topup_after_the_final_money_unbalances_the_sheet(referee: TestClient,
                                                            sqlite_db: Database,
                                                            lang: str) -> None:
    """Seed 002 §10: a top-up written after the final money leaves the table 10 Kč short:
    refused in one line (nothing written) unless the organiser spreads the difference,
    +2,50 Kč each, in the audit log as the equal-share action."""
    assert _final(referee, ("50", "50", "50", "50"), lang)[0] == 303
    audit = len(store.audit_log(sqlite_db, SLUG))
    code, html = post(referee, f"{T1}/money/topup", lang, seat="0", amount="10",
                      at="19:40")
    assert code == 400
    assert ("sumują się do -10,00 Kč" if lang == "pl" else "sum to -10,00 Kč") in \
        error_line(html)
    assert len(store.audit_log(sqlite_db, SLUG)) == audit
    assert post(referee, f"{T1}/money/topup", lang, seat="0", amount="10", at="19:40",
                equal_share="on")[0] == 303
    info = store.table_sheet_of(sqlite_db, SLUG, 1, 1)
    assert info.result is not None
    assert list(info.result.table_points) == [-750, 250, 250, 250]
    assert store.audit_log(sqlite_db, SLUG)[-1].action == "equal-share"
    html = referee.get(f"{T1}?lang={lang}").text
    assert "10,00 Kč (19:40)" in html and 'id="correction"' in html


@pytest.mark.parametrize("lang", LANGS)
def test_hand_in_then_only_the_referees_correction(referee: TestClient,
                                                   sqlite_db: Database, lang: str) -> None:
    """Seed 002 §10: no complaint after the sheet is handed in — a change is refused in
    one line unless ticked as the referee's correction, which the audit log keeps."""
    assert _final(referee, ("50", "50", "50", "50"), lang)[0] == 303
    assert post(referee, f"{T1}/money/hand-in", lang)[0] == 303
    html = referee.get(f"{T1}?lang={lang}").text
    assert 'id="handed-in"' in html
    code, html = _final(referee, ("60", "40", "50", "50"), lang)
    assert code == 400
    assert ("--correction" in error_line(html))
    code, html = post(referee, f"{T1}/money/hand-in", lang)
    assert code == 400 and ("już oddany" if lang == "pl" else "already handed in") in \
        error_line(html)
    assert _final(referee, ("60", "40", "50", "50"), lang, correction="on")[0] == 303
    assert store.audit_log(sqlite_db, SLUG)[-1].action == "correct-sheet"
    info = store.table_sheet_of(sqlite_db, SLUG, 1, 1)
    assert info.result is not None and list(info.result.table_points) == [1000, -1000, 0, 0]


@pytest.mark.parametrize("lang", LANGS)
def test_exclusion_only_after_a_warning(referee: TestClient, sqlite_db: Database,
                                        lang: str) -> None:
    """Seed 002 §2: the referee excludes a player only after a warning; the page offers
    only the game's events and shows the warning on the sheet."""
    p = _seats(sqlite_db)[1]
    page = referee.get(f"{T1}?lang={lang}").text
    kinds = re.findall(r'<option value="(\w+)">', page.split('id="event-form"')[1])
    assert kinds[-2:] == ["warning", "excluded"] and "late" not in kinds
    code, html = post(referee, f"{T1}/money/event", lang, player=p, kind="excluded")
    assert code == 400
    assert ("upomnieniu" if lang == "pl" else "after a warning") in error_line(html)
    assert store.events_of(sqlite_db, SLUG) == []
    assert post(referee, f"{T1}/money/event", lang, player=p, kind="warning")[0] == 303
    assert post(referee, f"{T1}/money/event", lang, player=p, kind="excluded")[0] == 303
    html = referee.get(f"{T1}?lang={lang}").text
    row = re.search(r'<tr data-seat="1"[^>]*>(.*?)</tr>', html, re.S)
    assert row and "warned" in row.group(1) and "excluded" in row.group(1)
    assert [e.kind for e in store.events_of(sqlite_db, SLUG)] == ["warning", "excluded"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_entered_deal_by_deal_shows_the_engines_money(referee: TestClient,
                                                             sqlite_db: Database,
                                                             lang: str) -> None:
    """MARIAS §7, §11: a table whose deals were entered (``stolik tournament sheet
    record``) shows each seat's money as the engine settled it; final amounts are refused
    in one line (the deals give the money)."""
    from stolik.games.marias.record import record_document, series_record
    from stolik.games.marias.ruleset import load_ruleset
    from stolik.games.marias.simulate import simulate

    rs = load_ruleset("ctyrka")
    first = store.tournament_of(sqlite_db, SLUG, complete=True).rounds[0].tables[0]
    sim = simulate(rs, 4, seed=8, first_dealer=first.first_dealer)
    store.enter_deals(sqlite_db, SLUG, 1, 1,
                      record_document(series_record(rs, sim.records))["deal"], who="ala")
    html = referee.get(f"{T1}?lang={lang}").text
    assert ("rozdanie po rozdaniu" if lang == "pl" else "deal by deal") in html
    rows = re.findall(r'<tr data-seat="\d"[^>]*>(.*?)</tr>', html, re.S)
    shown = [re.search(r'class="kc result">([^<]*)', r).group(1).strip()  # type: ignore[union-attr]
             for r in rows]
    assert shown == [money_writer("marias")(x) for x in sim.totals]
    finals = [re.search(r'class="kc final">([^<]*)', r).group(1).strip()  # type: ignore[union-attr]
              for r in rows]  # the money the deals settled: stake + their money (MARIAS §7)
    assert finals == [cash_text(money_game("marias"), 5000 + x) for x in sim.totals]
    code, html = _final(referee, ("50", "50", "50", "50"), lang)
    assert code == 400
    assert ("z rozdań" if lang == "pl" else "comes from the deals") in error_line(html)
    printed = referee.get(f"/t/{SLUG}/print/sheet/1/1?lang={lang}").text
    table = printed.split('class="grid deal-lines small"')[1].split("</table>")[0]
    assert len(re.findall(r"<tr><td>\d+</td>", table)) == 4  # each deal's money
    assert sum(int(x.replace(",", "").replace("+", "")) for x in
               re.findall(r'class="kc">([^<]*) Kč', table)) == 0


def test_czech_on_a_mariash_tournaments_pages(referee: TestClient,
                                             sqlite_db: Database) -> None:
    """Issue 10 §3: a Mariáš tournament's pages offer Čeština — by ``?lang=cs``, the cookie
    or the browser's Accept-Language — in a referee's words (stolový lístek, vklad, dokup,
    konečná částka, výsledek), its refusals too (seed 002 §10); since issue 25.1 every
    other page offers it too."""
    page = referee.get(f"{T1}?lang=cs").text
    assert '<html lang="cs">' in page and 'href="?lang=cs"' in page
    for word in ("stolový lístek", "vklad", "dokup", "konečná částka", "výsledek",
                 "Vedoucí stolu", "napomenutí"):
        assert word in page, word
    code, html = _final(referee, ("60", "50", "50", "50"), "cs")
    assert code == 400
    assert "kolo 1, stůl 1: výsledky stolu dávají součet +10,00 Kč" in error_line(html)
    assert store.table_sheet_of(sqlite_db, SLUG, 1, 1).sheet is None
    assert referee.get(T1).text.startswith("<!doctype html>\n<html lang=\"cs\">") or \
        '<html lang="cs">' in referee.get(T1).text  # the cookie keeps it
    referee.cookies.delete("lang")
    asked = referee.get(T1, headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"}).text
    assert '<html lang="cs">' in asked
    # every page offers Czech since issue 25.1 (it was a Mariáš tournament's pages only)
    home = referee.get("/t/?lang=cs", headers={"Accept-Language": "cs"}).text
    assert 'href="?lang=cs"' in home and '<html lang="cs">' in home


def test_a_money_sheet_refuses_baskas_forms_and_baska_refuses_money(
        referee: TestClient, sqlite_db: Database) -> None:
    """A Baśka tournament keeps no money sheet (RULES §10): its money routes refuse in
    one line, nothing written."""
    store.create_tournament(sqlite_db, "puck", name="Puck", ruleset="pucka-2019", who="ala")
    for i in range(1, 5):
        store.add_player(sqlite_db, "puck", f"b{i}", f"Gracz {i}", who="ala")
    store.seat_round(sqlite_db, "puck", who="ala")
    code, html = post(referee, "/t/puck/admin/round/1/table/1/money/final",
                      final0="50", final1="50", final2="50", final3="50")
    assert code == 400 and "money sheet" in html
    assert 'id="deal-form"' in referee.get("/t/puck/admin/round/1/table/1").text
    for what in ("final", "topup", "leader", "hand-in", "event"):  # no such tournament
        code, html = post(referee, f"/t/nope/admin/round/1/table/1/money/{what}")
        assert code == 400 and "Traceback" not in html


# ------------------------------------------------------------- standings


def _play_round(db: Database, finals: list[tuple[int, int, int, int]]) -> None:
    """Final money (haléř) of each table of round 1, then the round closed."""
    from stolik.tournament.games import money_game

    part = money_game("marias")
    for t, final in enumerate(finals, 1):
        store.change_table_sheet(db, SLUG, 1, t, part.money_change(final=final), who="ala",
                                 action="money", what="final")


@pytest.mark.parametrize("lang", LANGS)
def test_standings_in_kc_with_the_tie_rule(referee: TestClient, sqlite_db: Database,
                                           lang: str) -> None:
    """MARIAS §10: the ranking is the sum of the round results in Kč with a comma; equal
    sums go to the better best round. Two rounds: A +10 and 0, B +5 and +5 — A first."""
    plan1 = store.plans_of(sqlite_db, SLUG)[0].tables
    _play_round(sqlite_db, [(6250, 3750, 5000, 5000), (5000, 5000, 5000, 5000)])
    store.close_round(sqlite_db, SLUG, 1, who="ala")
    live = referee.get(f"/t/{SLUG}/?lang={lang}").text
    assert 'data-money="1"' in live
    first = re.search(r"<tbody>\s*<tr data-id=\"([^\"]+)\">(.*?)</tr>", live, re.S)
    assert first and first.group(1) == plan1[0][0] and "+12,50 Kč" in first.group(2)
    js = referee.get(f"/t/{SLUG}/live.json").json()
    assert js["money"] is True
    assert js["money_players"][0]["money"] == "+12,50 Kč"
    assert js["money_players"][-1]["money"] == "-12,50 Kč"
    player = referee.get(f"/t/{SLUG}/player/{plan1[0][0]}?lang={lang}").text
    assert re.search(r'id="summary">.*\+12,50 Kč', player)
    assert '<td class="kc">+12,50 Kč</td>' in player
    printed = referee.get(f"/t/{SLUG}/print/standings?lang={lang}").text
    assert "+12,50 Kč" in printed and "§" not in printed  # the tie rule's words only (25.8)
    # the tie rule: make two players equal on the sum, different in their best round
    st = store.result_of(sqlite_db, SLUG)[1]
    rows = {p.id: p for p in st.players}
    assert rows[plan1[0][0]].table_points == 1250


@pytest.mark.parametrize("lang", LANGS)
def test_tie_rule_orders_the_money_standings_page(referee: TestClient, sqlite_db: Database,
                                                  lang: str) -> None:
    """MARIAS §10: one table of four over two rounds entered on the pages; A (+10, 0) and
    B (+5, +5) both +10,00 Kč: A's best round is better, so A ranks above B; the page shows
    the best and second best round."""
    store.create_tournament(sqlite_db, "duo", name="Duo", ruleset="ctyrka", who="ala",
                            rounds=2, seed=1)
    for c in "ABCD":
        store.add_player(sqlite_db, "duo", c, f"Hráč {c}", who="ala")
    wanted = {1: {"A": 6000, "B": 5500, "C": 4000, "D": 4500},
              2: {"A": 5000, "B": 5500, "C": 4500, "D": 5000}}
    for rnd in (1, 2):
        store.seat_round(sqlite_db, "duo", who="ala")
        seats = store.plans_of(sqlite_db, "duo")[rnd - 1].tables[0]
        url = f"/t/duo/admin/round/{rnd}/table/1/money/final"
        data = {f"final{s}": f"{wanted[rnd][c] // 100}" for s, c in enumerate(seats)}
        assert post(referee, url, lang, **data)[0] == 303
        store.close_round(sqlite_db, "duo", rnd, who="ala")
    live = referee.get(f"/t/duo/?lang={lang}").text
    body = live.split('id="standings"')[1].split("</tbody>")[0]
    rows = re.findall(r'<tr data-id="(\w)"><td>(\d)</td>.*?<td class="kc">([^<]*)</td>'
                      r'<td class="kc">([^<]*)</td><td class="kc">([^<]*)</td>', body, re.S)
    assert rows == [("A", "1", "+10,00 Kč", "+10,00 Kč", "0,00 Kč"),
                    ("B", "2", "+10,00 Kč", "+5,00 Kč", "+5,00 Kč"),
                    ("D", "3", "-5,00 Kč", "0,00 Kč", "-5,00 Kč"),
                    ("C", "4", "-15,00 Kč", "-5,00 Kč", "-10,00 Kč")]


# ------------------------------------------------------------ printables


@pytest.mark.parametrize("lang", LANGS)
def test_printable_sheets_one_section_per_table(referee: TestClient, lang: str) -> None:
    """MARIAS §7: the round's sheets, one section (one A4 page, see the browser test) per
    table, with the stake, the top-up rule, result = final − stake − top-ups and four
    signature lines; blank with ``?blank=1``."""
    for blank in ("", "&blank=1"):
        html = referee.get(f"/t/{SLUG}/print/sheets/1?lang={lang}{blank}").text
        assert len(re.findall(r'<section class="sheet money"', html)) == 2
        assert html.count("______________") >= 8
        assert "stolový lístek" in html and "§" not in html  # no citation (issue 25.8)
    one = referee.get(f"/t/{SLUG}/print/sheet/1/2?lang={lang}").text
    assert len(re.findall(r'<section class="sheet money"', one)) == 1
    assert referee.get(f"/t/{SLUG}/print/sheet/1/9").status_code == 404
