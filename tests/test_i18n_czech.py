"""Czech, whole (issue 25.1): a Czech mariáš player or organiser reads no Polish. Every page
answers in Czech for ``?lang=cs`` and for a browser's ``Accept-Language: cs`` and offers
the CS link (the live page ``/t/SLUG/`` of a Baśka tournament offered none, the lobby and
the play pages neither); the terminal plays in Czech with ``--lang cs`` or
``STOLIK_LANG=cs`` (``--lang cs`` was refused, ``STOLIK_LANG=cs`` gave Polish); the
organiser's commands (``tournament new``, ``players import``, ``seat``, ``round``,
``event``, ``standings``) print in the language of ``--lang`` / ``STOLIK_LANG``, Polish
by default (they printed English, ``seat`` "Runda / Round, Stolik / Table").

The catalog itself (every id in Czech) is :func:`tests.test_i18n.test_czech_is_whole_like_polish`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.db import Database, open_database
from stolik.i18n_catalogs import read
from stolik.tournament import store
from stolik.web.app import create_app
from stolik.web.league import auth

PASSWORD = "heslo-rozhodciho"
SLUGS = ("brno", "puck")
"""A Mariáš money tournament (``ctyrka``) and a Baśka one (``pucka-2019``)."""

PAGES = ("/", "/play/", "/play/history", "/t/", "/t/login", "/t/{slug}/",
         "/t/{slug}/player/p1", "/t/{slug}/print/seating/1", "/t/{slug}/print/sheet/1/1",
         "/t/{slug}/print/sheets/1", "/t/{slug}/print/standings")
"""The pages a player or an organiser reads without logging in."""

REFEREE_PAGES = ("/t/admin/", "/t/{slug}/admin/", "/t/{slug}/admin/audit",
                 "/t/{slug}/admin/round/1/table/1")
"""The referee's pages."""


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """Both tournaments, 8 players each, round 1 drawn; a referee account."""
    folder = tmp_path_factory.mktemp("czech")
    db = open_database(f"sqlite:///{folder}/stolik.db", migrate=True)
    auth.add_referee(db, "ala", PASSWORD)
    store.create_tournament(db, "brno", name="Mariáš Brno", ruleset="ctyrka", who="ala",
                            seed=3)
    store.create_tournament(db, "puck", name="Turniej Pucki", ruleset="pucka-2019",
                            who="ala", seed=3, rounds=3, deals=8)
    for slug in SLUGS:
        for i in range(1, 9):
            store.add_player(db, slug, f"p{i}", f"Hráč {i}", who="ala")
        store.seat_round(db, slug, who="ala")
    try:
        yield db
    finally:
        db.dispose()


@pytest.fixture(scope="module")
def web(database: Database) -> FastAPI:
    return create_app(database)


def _login(c: TestClient) -> None:
    page = c.get("/t/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    r = c.post("/t/login", data={"name": "ala", "password": PASSWORD, "csrf": csrf.group(1),
                                 "next": "/t/admin/"}, follow_redirects=False)
    assert r.status_code == 303


POLISH_ONLY = sorted({m.string for m in read("pl") if m.id and isinstance(m.string, str)
                      and len(m.string) >= 8 and " " in m.string and "{" not in m.string}
                     - {m.string for lang in ("cs", "en") for m in read(lang)
                        if isinstance(m.string, str)}, key=len, reverse=True)
"""Polish catalog texts no other catalog has (whole phrases): none may be on a Czech page."""


def assert_czech(page: str, where: str) -> None:
    """``page`` is a Czech page: ``<html lang="cs">``, the CS link among the languages,
    and no Polish phrase of the catalog."""
    assert re.search(r'<html lang="cs"', page), where
    assert 'hreflang="cs"' in page, where
    text = html.unescape(page)
    polish = [p for p in POLISH_ONLY if p in text]
    assert not polish, (where, polish[:5])


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("how", ["query", "header"])
def test_every_page_answers_in_czech(web: FastAPI, slug: str, how: str) -> None:
    """``?lang=cs`` and ``Accept-Language: cs`` (no cookie, a Czech browser) both give every
    page in Czech, with the CS link; before issue 25.1 only a Mariáš tournament's pages
    did, and the lobby, the play pages and a Baśka tournament's pages stayed Polish."""
    with TestClient(web) as c:
        _login(c)
        c.cookies.delete("lang")
        for path in (*PAGES, *REFEREE_PAGES):
            url = path.format(slug=slug)
            if how == "query":
                r = c.get(url, params={"lang": "cs"})
            else:
                c.cookies.delete("lang")
                r = c.get(url, headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"})
            assert r.status_code == 200, (url, r.status_code)
            assert_czech(r.text, f"{how} {url}")


def test_an_english_browser_still_gets_polish_first(web: FastAPI) -> None:
    """The leagues are Polish: ``Accept-Language: en`` keeps the Polish page (the EN link
    one click away); only Czech, whose readers read no Polish, is chosen by the browser."""
    with TestClient(web) as c:
        page = c.get("/t/puck/", headers={"Accept-Language": "en-GB,en;q=0.9"}).text
    assert '<html lang="pl"' in page and 'hreflang="cs"' in page and 'hreflang="en"' in page


# ------------------------------------------------------------------ the terminal


@pytest.mark.parametrize("how", ["--lang", "STOLIK_LANG"])
def test_marias_plays_in_czech_in_the_terminal(tmp_path: Path, how: str) -> None:
    """``stolik play --game marias --lang cs`` (refused before issue 25.1) and
    ``STOLIK_LANG=cs`` (Polish before) show the table, its help and its goodbye in Czech
    (MARIAS §2–§4: the chooser, the called card, the calls as Czech players say them)."""
    args = ["play", "--game", "marias", "--deals", "1", "--seed", "1", "--opponents",
            "random", "--no-analysis", "--ascii", "--out", str(tmp_path / "m.toml")]
    env = {"STOLIK_LANG": "cs"} if how == "STOLIK_LANG" else {"STOLIK_LANG": None}
    if how == "--lang":
        args += ["--lang", "cs"]
    result = CliRunner().invoke(cli_app, args, input="pomoc\nkonec\n", env=env)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for czech in ("Jste na tahu", "Váš tah (nápověda: pomoc)>", "Příkazy:", "Peníze",
                  "volí", "dobrý", "Žádné rozdání neskončilo — nic se neuložilo."):
        assert czech in out, (czech, out)
    for foreign in ("Twój ruch", "Your move", "Polecenia", "Commands"):
        assert foreign not in out, (foreign, out)


# ------------------------------------------------------------------ the organiser's CLI


def _organise(db_url: str, tmp_path: Path, lang: str | None, env_lang: str | None
              ) -> list[str]:
    """``new``, ``players import``, ``seat``, ``round start``, ``event add``,
    ``standings`` of a Mariáš tournament, with ``--lang lang`` (when given) and
    ``STOLIK_LANG=env_lang``: what each printed (stdout and stderr)."""
    csv = tmp_path / "hraci.csv"
    csv.write_text("".join(f"p{i},Hráč {i}\n" for i in range(1, 9)), encoding="utf-8")
    steps = [["new", "brno", "--name", "Mariáš Brno", "--ruleset", "ctyrka", "--seed", "3"],
             ["players", "import", "brno", str(csv)], ["seat", "brno"],
             ["round", "start", "brno", "1"], ["event", "add", "brno", "1", "1", "{first}",
                                                "warning"],
             ["standings", "brno"]]
    said: list[str] = []
    for step in steps:
        if said and "{first}" in step:  # the player at seat 1 of table 1 (seed 002 §2)
            first = re.search(r"1\. Hráč (\d)", said[2])
            assert first, said[2]
            step = [w.replace("{first}", f"p{first.group(1)}") for w in step]
        argv = ["tournament", *step, "--db", db_url, *(["--lang", lang] if lang else [])]
        result = CliRunner().invoke(cli_app, argv, env={"STOLIK_WHO": "ref",
                                                        "STOLIK_DB": None,
                                                        "STOLIK_LANG": env_lang})
        assert result.exit_code == 0, (step, result.output)
        said.append(result.stdout + result.stderr)
    return said


CLI_WORDS = {
    "cs": ("založen brno: Mariáš Brno, pravidla ctyrka, kol: 5",
           "brno: přihlášeno hráčů ze souboru", "Kolo 1\nStůl 1: 1.", "(rozdává)",
           "\nsemínko ", "brno: kolo 1: začalo v", "hraje se, zbývá",
           "brno: událost 1: kolo 1, stůl 1, p", "Mariáš Brno (pravidla ctyrka)",
           "Hráči", "hráč", "odehráno"),
    "pl": ("utworzono brno: Mariáš Brno, regulamin ctyrka, rund: 5",
           "brno: zapisano graczy z", "Runda 1\nStolik 1: 1.", "(rozdaje)", "\nziarno ",
           "brno: runda 1: zaczęła się o", "gra, zostało",
           "brno: zdarzenie 1: runda 1, stolik 1, p",
           "Mariáš Brno (regulamin ctyrka)", "Gracze", "gracz", "rozegrane"),
    "en": ("created brno: Mariáš Brno, ruleset ctyrka, 5 rounds", "brno: entered 8 players",
           "Round 1\nTable 1: 1.", "(deals)", "\nseed ", "brno: round 1: started",
           "playing (gra),", "brno: event 1: round 1, table 1, p",
           "Mariáš Brno (ruleset ctyrka)", "Players", "player", "played"),
}
"""What each step says in each language, in order (issue 25.1)."""


@pytest.mark.parametrize(("lang", "env_lang", "speaks"), [
    ("cs", None, "cs"), (None, "cs", "cs"), ("cs", "en", "cs"), (None, None, "pl"),
    ("en", "cs", "en"), (None, "xx", "pl")])
def test_the_organisers_commands_speak_the_chosen_language(
        tmp_path: Path, lang: str | None, env_lang: str | None, speaks: str) -> None:
    """The organiser's commands print in ``--lang``, else ``STOLIK_LANG``, else Polish
    (the leagues' language): Czech for a Czech organiser — and none of another language's
    words (``seat`` said "Runda / Round" and "Stolik / Table" in every language)."""
    said = "\n".join(_organise(f"sqlite:///{tmp_path}/t.db", tmp_path, lang, env_lang))
    words = CLI_WORDS[speaks]
    at = 0
    for w in words:
        found = said.find(w, at)
        assert found >= 0, (w, said)
        at = found
    for other, theirs in CLI_WORDS.items():
        if other != speaks:
            leaked = [w for w in theirs[:9] if w in said]
            assert not leaked, (other, leaked, said)
    assert " / " not in said.split("\n\n")[0]


def test_an_organisers_refusal_speaks_czech(tmp_path: Path) -> None:
    """A refused step is one line in the chosen language too (issue 25.1): drawing round 3
    before round 2 (RULES §10)."""
    url = f"sqlite:///{tmp_path}/t.db"
    _organise(url, tmp_path, "cs", None)
    result = CliRunner().invoke(cli_app, ["tournament", "seat", "brno", "--round", "3",
                                          "--db", url, "--lang", "cs"],
                                env={"STOLIK_WHO": "ref", "STOLIK_DB": None})
    assert result.exit_code == 1
    assert result.stderr.startswith("stolik: brno: kolo 3: kolo 2 ještě není vylosované"), \
        result.stderr


def test_the_organisers_listings_speak_czech(tmp_path: Path) -> None:
    """``list``, ``info``, ``players``, ``teams``, ``event list``, ``audit`` and ``export``
    with ``--lang cs`` head their columns and lines in Czech (issue 25.1; they were
    English), the audit log's actions in the pages' words (``kolo vylosováno``)."""
    url = f"sqlite:///{tmp_path}/t.db"
    _organise(url, tmp_path, "cs", None)

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli_app, ["tournament", *args, "--db", url, "--lang",
                                              "cs"],
                                    env={"STOLIK_WHO": "ref", "STOLIK_DB": None})
        assert result.exit_code == 0, (args, result.output)
        return result.stdout + result.stderr

    said = {
        "list": (run("list"), ("zkratka", "pravidla", "sezóna", "hráči", "kola")),
        "info": (run("info", "brno"), ("datum —, místo —, sezóna —", "hra marias, pravidla "
                                       "ctyrka; kol: 5", "semínko 3", "hráčů: 8; vylosovaných "
                                       "kol: 1", "kolo 1: začalo v")),
        "players": (run("players", "brno"), ("brno: hráčů: 8", "jméno", "družstvo")),
        "teams": (run("teams", "brno"), ("brno: družstev: 0", "(bez družstva)", "členové")),
        "events": (run("event", "list", "brno"), ("brno: události: 1", "kolo", "stůl")),
        "audit": (run("audit", "brno"), ("brno: záznam změn", "kdy (UTC)", "kolo vylosováno",
                                         "nový turnaj")),
        "export": (run("export", "brno", "--out", str(tmp_path / "brno.toml")),
                   ("brno: zapsáno do",)),
    }
    for name, (out, words) in said.items():
        for w in words:
            assert w in out, (name, w, out)
        if name == "audit":  # its last column holds the store's values, JSON keys and all
            cut = out.index("před → po")
            line_start = out.rindex("\n", 0, cut) + 1
            out = "\n".join(line[:cut - line_start] for line in out.splitlines())
        for english in ("slug", "ruleset", "players", "rounds", "season", "round drawn",
                        "members", "audit log", "written", "events"):
            assert not re.search(rf"\b{english}\b", out), (name, english, out)


@pytest.mark.parametrize("msgid", ["tui-help", "mtui-help"])
def test_the_czech_help_names_commands_the_prompt_takes(msgid: str) -> None:
    """Each command the Czech help names (rada, vykládám, skládám, lístek, pomoc, konec) is
    a word the prompt takes (issue 25.1: the help said vykládám, which the prompt did not
    know)."""
    from stolik.cli.prompt import COMMANDS, command_of
    from stolik.i18n import tr

    inputs = {"číslo", "karta", "hlášení", "volba"}  # what is typed, not a command
    named = [line.split()[0] for line in tr("cs", msgid).splitlines()[1:]]
    assert named and all(command_of(w, COMMANDS) is not None for w in named
                         if w not in inputs), named
