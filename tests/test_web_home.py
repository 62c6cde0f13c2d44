"""A home for each game (issue 25.7), through FastAPI's TestClient: the home page presents
Baśka, Mariáš and Betel, each with what it is and a quick game — its form sets a private
table of the game's default ruleset, the person at the first seat and bots at the others
(RULES §1, MARIAS §1, BETEL §1: four, four and three seats) — in Polish, English and Czech;
the referee's new-tournament form offers only games with a tournament part (Betel has
none), and a Betel ruleset posted to it anyway is refused as a ruleset not offered."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from stolik.db import Database
from stolik.web.app import create_app
from stolik.web.league import auth


class Forms(HTMLParser):
    """The inputs of each form of a page, by the form's id."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, str]] = {}
        self.current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.current = a.get("id") or ""
            self.forms[self.current] = {}
        elif tag == "input" and self.current is not None and a.get("name"):
            self.forms[self.current][str(a["name"])] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None


def forms_of(html: str) -> dict[str, dict[str, str]]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


@pytest.mark.parametrize(("lang", "names", "button"), [
    ("pl", ["Baśka", "Mariasz czwórka", "Betel", "Mariasz licytowany"], "Zagraj z botami"),
    ("en", ["Baśka", "Mariáš (four players)", "Betel", "Licitovaný mariáš (three players)"],
     "Play against bots"),
    ("cs", ["Baśka", "Mariáš čtyřka", "Betel", "Licitovaný mariáš"], "Hrát proti botům")])
def test_the_home_page_presents_each_game_with_a_quick_game(
        sqlite_db: Database, lang: str, names: list[str], button: str) -> None:
    """issue 25.7: the four games, each named in the page's language with its own quick game,
    and each quick game's form sets that game's table: the person at seat 1, the strongest
    bot at the others, the default ruleset, hints on, private (not in the lobby's list)."""
    app = create_app(sqlite_db, bot_delay=0)
    with TestClient(app) as c:
        home = c.get(f"/?lang={lang}").text
        headings = re.findall(r'<div class="home-card home-game" id="game-(\w+)">\s*<h2>([^<]+)',
                              home)
        assert headings == list(zip(["baska", "marias", "betel", "licitovany"], names,
                                    strict=True))
        assert home.count(f">{button}</button>") == 4
        assert "Baśka — play at the table" not in home and "gra przy stoliku, turnieje" not in home
        forms = forms_of(home)
        made = []
        for g, seats, ruleset in (("baska", 4, "pucka-2019"), ("marias", 4, "ctyrka"),
                                  ("betel", 3, "gps-2022"), ("licitovany", 3, "licitovany")):
            data = forms[f"quick-{g}"] | {"name": "Ala"}
            assert data["game"] == g and data["ruleset"] == ruleset
            r = c.post("/play/tables", data=data, follow_redirects=False)
            assert r.status_code == 303 and r.headers["location"].startswith("/play/t/"), r.text
            made.append(r.headers["location"].rsplit("/", 1)[1])
            table = app.state.play_hub.table(made[-1])
            assert table.info.game == g and table.info.private
            assert table.info.config["ruleset"] == ruleset and table.info.config["hints"]
            bots = [s.bot for s in table.info.seats]
            assert len(bots) == seats and bots[0] is None and table.info.seats[0].name == "Ala"
            assert set(bots[1:]) == {"expert"}
        lobby = c.get("/play/").text
        assert not [t for t in made if t in lobby]


def referee_client(sqlite_db: Database) -> TestClient:
    auth.add_referee(sqlite_db, "ala", "haslo-sedziego")
    c = TestClient(create_app(sqlite_db))
    page = c.get("/t/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    r = c.post("/t/login", data={"name": "ala", "password": "haslo-sedziego",
                                 "csrf": csrf.group(1), "next": "/t/admin/"},
               follow_redirects=False)
    assert r.status_code == 303
    return c


def test_the_new_tournament_form_offers_no_game_without_tournaments(
        sqlite_db: Database) -> None:
    """issue 25.7: the form's rulesets are those of the games with tournaments (Baśka's,
    Mariáš's, licitovaný's, issue 28.5); Betel's gps-2022 is not offered, and posted
    anyway it is refused as a ruleset not on offer, before any tournament is made."""
    with referee_client(sqlite_db) as c:
        page = c.get("/t/admin/?lang=pl").text
        form = page.split('id="new-tournament"')[1].split("</form>")[0]
        groups = re.findall(r'<optgroup label="([^"]+)"', form)
        assert sorted(groups) == ["Baśka", "Mariasz czwórka", "Mariasz licytowany"]
        assert "gps-2022" not in form and "ctyrka" in form and "pucka-2019" in form
        csrf = re.search(r'name="csrf" value="([^"]+)"', page)
        assert csrf
        r = c.post("/t/admin/new", data={"csrf": csrf.group(1), "slug": "b1", "name": "Betel",
                                         "ruleset": "gps-2022", "rounds": "3"})
        assert r.status_code == 400 and "gps-2022" in r.text
        assert "/t/b1/" not in c.get("/t/admin/").text
