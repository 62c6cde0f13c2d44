"""Languages (issue 9.9): every text a person reads comes from the message catalogs, each
catalog complete, the glossary's game terms the same on every page, the terminal and the
reviews, times formatted for the page's language.

Engine errors (codes and parameters translated at the edges) are
:mod:`tests.test_i18n_errors`.
"""

from __future__ import annotations

import datetime
import random
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stolik import i18n
from stolik.db import Database
from stolik.games.baska.analysis import hint, review
from stolik.games.baska.ruleset import load_ruleset
from stolik.games.baska.scoring import Game, score
from stolik.games.baska.state import Deal
from stolik.games.baska.words import GLOSSARY, doubling_text, game_name, note_text, term
from stolik.i18n_catalogs import problems, read
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth

# ------------------------------------------------------------------ the catalogs


def test_every_catalog_is_complete_and_compiled() -> None:
    """Each message id the sources use (``babel.cfg``: Python, templates) is translated,
    not fuzzy, in every language; no catalog keeps an id nobody uses; the ``{fields}``
    agree with English; each ``.mo`` is compiled from its ``.po`` (``make catalogs``)."""
    assert list(problems()) == []


def test_the_completeness_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above is no stub: an id used but missing, an untranslated one and a
    fuzzy one are each reported."""
    from stolik import i18n_catalogs

    real_extract, real_read = i18n_catalogs.extract, i18n_catalogs.read

    def extract() -> dict[str, i18n_catalogs.MsgId]:
        return {**real_extract(), "lg-brand-new": "lg-brand-new"}

    def read_(lang: str) -> Catalog:
        cat = real_read(lang)
        if lang == "pl":
            untranslated, fuzzy = cat.get("lg-round"), cat.get("lg-rounds")
            assert untranslated is not None and fuzzy is not None
            untranslated.string = ""
            fuzzy.flags.add("fuzzy")
        return cat

    monkeypatch.setattr(i18n_catalogs, "extract", extract)
    monkeypatch.setattr(i18n_catalogs, "read", read_)
    found = "\n".join(problems())
    assert "pl: 'lg-brand-new' is missing" in found and "en: 'lg-brand-new' is missing" in found
    assert "pl: 'lg-round' is not translated" in found
    assert "pl: 'lg-rounds' is fuzzy" in found


def test_czech_is_whole_like_polish() -> None:
    """Czech (``cs``) is a complete catalog, as Polish is (issue 25.1: a Czech mariáš
    organiser reads no Polish; it was whole only for a Mariáš money tournament): every id
    the sources use is translated — its fields the English ones, :func:`problems` — none
    falls back to English, and every page, terminal and command offers it."""
    from stolik.i18n_catalogs import PARTIAL, extract, required

    ids = extract()
    cs = {m.id if isinstance(m.id, str) else m.id[0] for m in read("cs") if m.id and m.string}
    assert "cs" not in PARTIAL and required("cs", ids) == ids
    assert set(ids) <= cs
    assert not [line for line in problems() if line.startswith("cs:")]
    assert i18n.tr("cs", "lg-money-sheet") == "stolový lístek"
    assert i18n.tr("cs", "play-lobby") == "Stoly" != i18n.tr("en", "play-lobby")
    assert i18n.place("cs", "round 2, table 3") == "kolo 2, stůl 3"
    assert "cs" in i18n.LANGS and i18n.LANGS[0] == "pl" and set(i18n.CATALOGS) == set(
        i18n.LANGS)


def test_babel_stays_off_the_programs_paths() -> None:
    """Reading a catalog uses the standard library only; Babel (extraction, dates) is
    imported by the date formatter alone, so ``stolik --help`` does not pay for it."""
    code = ("import sys, stolik.i18n as i; i.tr('pl', 'play-lobby'); import stolik.cli; "
            "print('babel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------ the glossary


def test_one_word_for_tricks_in_polish() -> None:
    """"bitki" vs "Lewy": RULES §1's word is bitka; every Polish text says bitka/bitki and
    none says lewa/lewy for a trick."""
    pl = read("pl")
    lewy = [m.id for m in pl if m.id and re.search(r"\blew(a|y|ę|ą|ach|ami)\b",
                                                     str(m.string), re.I)]
    assert lewy == []
    assert i18n.tr("pl", "lg-tricks").lower() == term("pl", "tricks") == "bitki"
    assert i18n.tr("pl", "play-tricks") == term("pl", "tricks")


def test_english_pages_explain_the_polish_category_names() -> None:
    """RULES §5's categories keep their Polish names in English (players say them), with
    an explanation; Polish pages show the bare term."""
    rs = load_ruleset("pucka-2019")
    g = Game(rs.zwykla, None, (0, 2), level=0, first_doubler_side=None)
    r = score(rs, g, (60, 34, 10, 0), (2, 1, 1, 0))  # starzy win, młodzi have 34: z wyjściem
    assert note_text(r, "pl") == "z wyjściem"
    assert note_text(r, "en") == "z wyjściem (the losers made their wyjście)"
    assert game_name(rs, r, "pl") == "zwykła"
    assert game_name(rs, r, "en") == "zwykła (plain game)"
    for name in ("z_wyjsciem", "bez_wyjscia", "bez_bitki", "plain", "cicha"):
        en, pl = term("en", name), term("pl", name)
        assert en.startswith(pl + " (") and en.endswith(")"), (name, en)


def test_dead_doublings_use_polish_plural_forms() -> None:
    """RULES §4's dead doublings counted with the catalog's plural forms (1 martwa,
    2–4 martwe, 5+ martwych; one English form)."""
    rs = load_ruleset("pucka-2019")
    words = []
    for n in (1, 2, 5):
        g = Game(rs.zwykla, None, (0, 1), level=1, first_doubler_side=1,
                 dead=tuple(range(2, 2 + n)))
        r = score(rs, g, (60, 0, 44, 0), (3, 0, 1, 0))
        words.append((doubling_text(rs, r, "pl"), doubling_text(rs, r, "en")))
    assert words == [("kontra (+1 martwa)", "kontra (+1 dead)"),
                     ("kontra (+2 martwe)", "kontra (+2 dead)"),
                     ("kontra (+5 martwych)", "kontra (+5 dead)")]


def test_reviews_name_contracts_as_the_buttons_do() -> None:
    """A review said ``zolo`` / ``gran-du`` (the record's ids) while the buttons say Zoło
    and Gran-du: hints and reviews use the ruleset's names now."""
    rs = load_ruleset("pucka-2019")
    deal = Deal.from_text(rs, 3, ["AH TH AD TD", "QC QS QH QD", "JC JS JH JD", "AC TC AS TS"])
    h = hint(deal.view(1), samples=4, rng=random.Random(1))
    lines = [h.text("pl"), h.text("en"), h.text()]
    deal.call("zolo")
    zolo_seat = deal.log[0].seat
    for _ in range(3):
        deal.call("pass")
    while deal.phase == "play":
        deal.play(deal.legal_cards()[0])
    lines += [rv.text(lang) for rv in review(deal, zolo_seat, samples=4)
              for lang in ("pl", "en")]
    # The hint is the expert's (issue 27.3): its call, baszka, by the glossary's name.
    assert all("Baszka" in line for line in lines[:3]), lines
    assert any("zgłoszono Zoło" in line for line in lines[3:]), lines
    assert not any(re.search(r"\b(zolo|gran-du|zolo-du)\b", line) for line in lines), lines


def test_every_glossary_term_differs_only_where_english_needs_it() -> None:
    """The glossary has each term in both languages (no id falls back to its key)."""
    for name, msgid in GLOSSARY.items():
        for lang in i18n.LANGS:
            assert i18n.has(lang, msgid), (lang, name)


# ------------------------------------------------------------------ pages


@pytest.fixture
def app(sqlite_db: Database) -> FastAPI:
    """A tournament of 8 players, round 1 drawn, one deal corrected (audit entries)."""
    auth.add_referee(sqlite_db, "ala", "haslo-sedziego")
    store.create_tournament(sqlite_db, "t1", name="Turniej", ruleset="pucka-2019", who="ala",
                            rounds=3, deals=8, seed=0)
    for i in range(1, 9):
        store.add_player(sqlite_db, "t1", f"p{i}", f"Gracz {i}", who="ala")
    store.seat_round(sqlite_db, "t1", who="ala")
    return create_app(sqlite_db)


@pytest.fixture
def referee(app: FastAPI) -> Iterator[TestClient]:
    """A logged-in referee's browser."""
    with TestClient(app) as c:
        page = c.get("/t/login")
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert csrf
        r = c.post("/t/login", data={"name": "ala", "password": "haslo-sedziego",
                                     "csrf": csrf.group(1), "next": "/t/admin/"},
                   follow_redirects=False)
        assert r.status_code == 303
        yield c


def test_draw_button_says_the_round_in_the_right_case(referee: TestClient) -> None:
    """"Losuj runda 2" was two texts glued; the whole phrase is one message now:
    "Losuj rundę 2" / "Draw round 2"."""
    pl = referee.get("/t/t1/admin/?lang=pl").text
    en = referee.get("/t/t1/admin/?lang=en").text
    assert "Losuj rundę 2" in pl and "Losuj runda" not in pl
    assert "Draw round 2" in en


def test_audit_log_in_the_pages_language_with_24_hour_times(referee: TestClient) -> None:
    """The audit log said ``seat`` / ``round 1`` on Polish pages: actions and their
    objects are translated; times are Babel's for the language, 24-hour."""
    pl = referee.get("/t/t1/admin/audit?lang=pl").text
    row = re.search(r'<tr class="action-seat">(.*?)</tr>', pl, re.S)
    assert row, pl
    assert "losowanie rundy" in row.group(1) and "runda 1" in row.group(1)
    assert ">seat<" not in row.group(1) and "round 1" not in row.group(1)
    when = re.search(r'<td class="name">([^<]*) UTC</td>', row.group(1))
    assert when and re.fullmatch(r"\d{1,2} \w+ \d{4}, \d{2}:\d{2}:\d{2}", when.group(1))
    en = referee.get("/t/t1/admin/audit?lang=en").text
    assert "round drawn" in en and "round 1" in en


def test_times_are_24_hour_in_both_languages() -> None:
    """An evening time is 18:05 in Polish and in English, never 6:05 PM."""
    at = datetime.datetime(2026, 11, 23, 18, 5, 9)
    for lang in i18n.LANGS:
        for seconds in (False, True):
            text = i18n.format_when(at, lang, seconds=seconds)
            assert "18:05" in text and "PM" not in text and "AM" not in text, text


def test_live_page_clock_uses_the_page_language() -> None:
    """The live page's "updated" time was ``toLocaleTimeString()`` — the browser's locale,
    "5:31:02 PM" on a Polish page; it asks for the page's language and a 24-hour clock."""
    from pathlib import Path

    import stolik.web

    js = (Path(stolik.web.__file__).parent / "static" / "league.js").read_text()
    assert "toLocaleTimeString()" not in js
    assert re.search(r"toLocaleTimeString\(document\.documentElement\.lang", js)
    assert 'hourCycle: "h23"' in js


def _csrf(page: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', page)
    assert m
    return m.group(1)


T1 = "/t/t1/admin/round/1/table/1"


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "Oczka: 0–104, nie 150"), ("en", "Points: 0–104, not 150")])
def test_referee_form_errors_in_the_pages_language(referee: TestClient, lang: str,
                                                   words: str) -> None:
    """A refused score line was English on the Polish referee page."""
    csrf = _csrf(referee.get(f"{T1}?lang={lang}").text)
    bad = referee.post(f"{T1}/deal?lang={lang}", data={
        "csrf": csrf, "contract": "gran", "declarer": "1", "points": "150"})
    assert bad.status_code == 400
    assert words in bad.text and "§" not in bad.text, bad.text


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "rozdanie 1: Gran-du potrzebuje liczby bitek grającego"),
    ("en", "deal 1: 'Gran-du' needs the declarer's 'tricks'")])
def test_sheet_line_errors_in_the_pages_language(referee: TestClient, lang: str,
                                                 words: str) -> None:
    """The scoring's refusal of a sheet line (RULES §5: gran-du needs its tricks) is said
    in the page's language, naming the deal and the contract as the glossary does, in the
    rule's words without its citation (issue 25.8)."""
    csrf = _csrf(referee.get(f"{T1}?lang={lang}").text)
    bad = referee.post(f"{T1}/deal?lang={lang}", data={
        "csrf": csrf, "contract": "gran-du", "declarer": "1"})
    assert bad.status_code == 400
    assert words in bad.text.replace("&#39;", "'") and "§" not in bad.text, bad.text


def test_referee_sheet_names_games_as_the_glossary_does(referee: TestClient) -> None:
    """The entry page's sheet said ``gran-du`` and ``×3``; it names the game as the
    buttons do and the doubling by the ruleset's own word, zwykła explained in English."""
    csrf = _csrf(referee.get(T1).text)
    for data in ({"contract": "gran-du", "declarer": "1", "tricks": "4", "level": "1"},
                 {"contract": "zwykla", "starzy": "0-2", "points": "80", "tricks": "3",
                  "level": "3"}):
        r = referee.post(f"{T1}/deal", data={"csrf": csrf, **data}, follow_redirects=False)
        assert r.status_code == 303, r.text
    pl = referee.get(f"{T1}?lang=pl").text
    en = referee.get(f"{T1}?lang=en").text
    assert "Gran-du kontra" in pl and "Gran-du kontra" in en
    assert "zwykła bok" in pl and "zwykła (plain game) bok" in en  # pucka-2019: level 3 = bok
    assert "gran-du kontra" not in pl and "×3" not in pl


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "t1: runda 3: runda 2 nie jest jeszcze rozlosowana"),
    ("en", "t1: round 3: round 2 is not drawn yet")])
def test_store_refusals_in_the_pages_language(referee: TestClient, lang: str,
                                              words: str) -> None:
    """The tournament store's refusals (RULES §10: rounds are drawn in order) were English
    on the Polish referee page; the place is kept before the message, the rule's citation
    is not shown on a page (issue 25.8)."""
    csrf = _csrf(referee.get(f"/t/t1/admin/?lang={lang}").text)
    bad = referee.post(f"/t/t1/admin/draw?lang={lang}", data={"csrf": csrf, "round": "3"})
    assert bad.status_code == 400
    assert words in bad.text and "§" not in bad.text, bad.text


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "runda jest zamknięta (otwórz ją ponownie, aby poprawić)"),
    ("en", "the round is closed (reopen it to correct)")])
def test_closed_round_refusal_in_the_pages_language(referee: TestClient, lang: str,
                                                    words: str) -> None:
    """A deal entered at a closed round's table (RULES §10) is refused in the page's
    language; the CLI's English line (str) is unchanged."""
    csrf = _csrf(referee.get(f"/t/t1/admin/?lang={lang}").text)
    assert referee.post(f"/t/t1/admin/round/1/close?lang={lang}",
                        data={"csrf": csrf}).status_code in (200, 303)
    csrf = _csrf(referee.get(f"{T1}?lang={lang}").text)
    bad = referee.post(f"{T1}/deal?lang={lang}", data={
        "csrf": csrf, "contract": "gran", "declarer": "1", "points": "70"})
    assert bad.status_code == 400
    assert words in bad.text and "§" not in bad.text, bad.text


def test_store_refusals_keep_their_english_line(sqlite_db: Database) -> None:
    """``str(error)`` (what the CLI prints) is the English line of old; the code and the
    rule travel with it for the pages."""
    store.create_tournament(sqlite_db, "t2", name="T", ruleset="pucka-2019", who="ala")
    with pytest.raises(store.StoreError) as e:
        store.enter_deal(sqlite_db, "t2", 1, 1, {"contract": "gran", "declarer": 0,
                                                 "points": 61}, who="ala")
    assert str(e.value) == "t2: round 1 is not drawn yet (`seat` draws it) (RULES §10)"
    assert i18n.translate(e.value, "en") == str(e.value)
    assert i18n.translate(e.value, "pl") == \
        "t2: runda 1 nie jest jeszcze rozlosowana (losuje ją `seat`) (RULES §10)"


@pytest.mark.parametrize(("lang", "path", "words"), [
    ("pl", "/t/nope/", "nope: nie ma takiego turnieju"),
    ("en", "/t/nope/", "nope: no such tournament"),
    ("pl", "/t/t1/player/zz", "t1: nie ma gracza 'zz'"),
    ("en", "/t/t1/player/zz", "t1: no player 'zz'"),
    ("pl", "/t/t1/print/seating/3", "t1: runda 3 nie jest rozlosowana"),
    ("en", "/t/t1/print/seating/3", "t1: round 3 is not drawn"),
    ("pl", "/t/t1/admin/round/1/table/9", "t1: runda 1: nie ma stolika 9"),
    ("en", "/t/t1/admin/round/1/table/9", "t1: round 1: no table 9"),
    ("pl", "/play/players/99999", "Nie ma takiego gracza."),
    ("en", "/play/players/99999", "No such player."),
    ("pl", "/play/t/nope/record.toml", "żadne rozdanie nie jest jeszcze skończone"),
    ("en", "/play/t/nope/record.toml", "no deal is finished yet")])
def test_not_found_pages_in_the_pages_language(referee: TestClient, lang: str, path: str,
                                               words: str) -> None:
    """A missing tournament, player, round or table (league) and a missing player or
    record (play) answered 404 in English whatever the page's language."""
    page = referee.get(f"{path}?lang={lang}")
    assert page.status_code == 404
    assert words in page.text.replace("&#39;", "'"), page.text


def test_every_msgs_english_is_its_catalogs_and_polish_fills_the_same_fields() -> None:
    """A Msg's English text (what ``str`` and the CLI say) must be the English catalog's,
    and the Polish text must use the same ``{fields}``: else a page in English differs
    from the CLI's line, or a Polish page raises KeyError. (A Msg nested in another
    call's arguments was once dropped by the extraction: its id fell out of the catalogs.)"""
    import ast
    import string
    from pathlib import Path

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    en, pl, seen = i18n.catalog("en"), i18n.catalog("pl"), 0
    for path in Path(i18n.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Msg" and \
                    len(node.args) >= 2 and all(isinstance(a, ast.Constant) and
                                                isinstance(a.value, str) for a in node.args[:2]):
                code, text = node.args[0].value, node.args[1].value  # type: ignore[attr-defined]
                assert en.gettext(code) == text, (path.name, code)
                assert fields(pl.gettext(code)) == fields(text), (path.name, code)
                seen += 1
    assert seen > 100


@pytest.mark.parametrize(("lang", "csrf_words", "nul_words"), [
    ("pl", "brak lub zły token formularza", "znak NUL nie może wystąpić w adresie"),
    ("en", "bad or missing CSRF token", "a NUL character is not allowed in an address")])
def test_guard_refusals_in_the_pages_language(referee: TestClient, lang: str,
                                              csrf_words: str, nul_words: str) -> None:
    """A post without its form token and an address with a NUL character are refused in
    the page's language, not in English on a Polish page."""
    bad = referee.post(f"{T1}/deal?lang={lang}", data={"csrf": "wrong", "contract": "gran"})
    assert bad.status_code == 403
    assert csrf_words in bad.text, bad.text
    nul = referee.get(f"/t/?lang={lang}&x=%00")
    assert nul.status_code == 400
    assert nul_words in nul.text, nul.text


@pytest.mark.parametrize(("lang", "words"), [
    ("pl", "baza danych odrzuciła zmianę"), ("en", "the database refused the change")])
def test_a_refused_database_write_is_told_in_the_pages_language(lang: str,
                                                                words: str) -> None:
    """A write the database refuses (two referees at once) is one line in the language."""
    from sqlalchemy.exc import IntegrityError

    from stolik.web.league.common import refusal

    line = refusal(IntegrityError("INSERT", {}, Exception("unique")), lang)
    assert line is not None and line.startswith(words)
