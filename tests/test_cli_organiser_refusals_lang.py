"""The organiser's refusals speak ``--lang`` / ``$STOLIK_LANG`` (issue 25.2, "one language
per screen"): ``stolik referee add`` (its prompt, its line and its refusals) and the
tournament commands' refusals — a bad ``--date``, a CSV file that cannot be imported, a
player who is not entered, ``seat``'s ``--show``/``--manual``/``--sit-out`` refusals, a
backup that cannot be restored — each one line on stderr, no traceback, in Polish by
default, in English or Czech when asked.

On the code before this change every one of them was English whatever ``--lang`` said
(``referee add`` had no ``--lang`` at all), so every Polish and Czech case failed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from stolik.cli import app as cli_app

LANGS = ("pl", "en", "cs")


def _run(args: list[str], lang: str | None, *, env_lang: str | None = None,
         stdin: str | None = None) -> tuple[int, str]:
    """Run ``stolik ARGS`` (``--lang LANG`` appended unless None); its exit code and
    stderr."""
    full = [*args, "--lang", lang] if lang else args
    result = CliRunner().invoke(cli_app, full, input=stdin,
                                env={"STOLIK_WHO": "ref", "STOLIK_DB": None,
                                     "STOLIK_LANG": env_lang})
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stderr


@pytest.fixture()
def url(tmp_path: Path) -> str:
    """A database with one Baśka tournament ``t1`` (linia ruleset, RULES §10), no
    players and no round drawn."""
    url = f"sqlite:///{tmp_path}/t.db"
    code, err = _run(["tournament", "new", "t1", "--name", "T", "--ruleset", "linia",
                      "--db", url], "en")
    assert code == 0, err
    return url


def _refused(err: str, code: int, expected: str) -> None:
    """One line on stderr, exit status 1, saying ``expected``."""
    assert code == 1, err
    assert err.count("\n") == 1 and err.startswith("stolik: "), err
    assert expected in err, err


DATE = {"pl": "to nie data RRRR-MM-DD", "en": "is not a date YYYY-MM-DD",
        "cs": "není datum RRRR-MM-DD"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_date_is_refused_in_the_language(tmp_path: Path, lang: str) -> None:
    """``tournament new --date 2026-13-01`` (issue 25.2)."""
    code, err = _run(["tournament", "new", "t2", "--name", "T", "--ruleset", "linia",
                      "--date", "2026-13-01", "--db", f"sqlite:///{tmp_path}/t.db"], lang)
    _refused(err, code, DATE[lang])


def test_polish_is_the_default_and_stolik_lang_chooses(tmp_path: Path) -> None:
    """No ``--lang``: Polish (the leagues' language); ``STOLIK_LANG=cs``: Czech."""
    args = ["tournament", "new", "t2", "--name", "T", "--ruleset", "linia",
            "--date", "x", "--db", f"sqlite:///{tmp_path}/t.db"]
    code, err = _run(args, None)
    _refused(err, code, DATE["pl"])
    code, err = _run(args, None, env_lang="cs")
    _refused(err, code, DATE["cs"])


CSV = {
    "id,name\na\n": {"pl": "wiersz 2: oczekiwano id,nazwisko,drużyna",
                     "en": "line 2: expected id,name,team",
                     "cs": "řádek 2: čekáno id,jméno,tým"},
    "": {"pl": "brak graczy", "en": "no players", "cs": "žádní hráči"},
    "\udcff": {"pl": "plik nie jest tekstem UTF-8", "en": "the file is not UTF-8 text",
               "cs": "soubor není text v UTF-8"},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", list(CSV), ids=["short-line", "empty", "not-utf8"])
def test_a_csv_import_refusal_is_in_the_language(url: str, tmp_path: Path, text: str,
                                                 lang: str) -> None:
    """``players import`` of a file that is not id,name,team lines (issue 25.2)."""
    path = tmp_path / "p.csv"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    code, err = _run(["tournament", "players", "import", "t1", str(path), "--db", url],
                     lang)
    _refused(err, code, CSV[text][lang])


SEAT = {
    ("--player", "zz"): {"pl": "gracz 'zz' nie jest zapisany do tego turnieju",
                         "en": "player 'zz' is not entered in this tournament",
                         "cs": "hráč 'zz' není přihlášen do tohoto turnaje"},
    ("--show",): {"pl": "żadna runda nie jest jeszcze rozlosowana",
                  "en": "no round is drawn yet", "cs": "zatím není vylosováno žádné kolo"},
    ("--manual", "a b c"): {"pl": "przy stoliku 1 jest graczy: 3, a nie 4",
                            "en": "table 1 has 3 players, not 4",
                            "cs": "u stolu 1 je hráčů: 3, ne 4"},
    ("--sit-out", "a"): {"pl": "--sit-out tylko razem z --manual",
                         "en": "--sit-out goes with --manual",
                         "cs": "--sit-out jen spolu s --manual"},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("extra", list(SEAT), ids=["player", "show", "manual", "sit-out"])
def test_a_seat_refusal_is_in_the_language(url: str, extra: tuple[str, ...],
                                           lang: str) -> None:
    """``seat``'s refusals (issue 25.2; seating, RULES §10)."""
    code, err = _run(["tournament", "seat", "t1", *extra, "--db", url], lang)
    _refused(err, code, SEAT[extra][lang])


RESTORE = {
    "{}": {"pl": "to nie kopia zapasowa stolika", "en": "not a stolik backup (no",
           "cs": "není záloha stolíku (chybí"},
    "backup": {"pl": "baza zawiera już dane", "en": "the database holds data already",
               "cs": "databáze už obsahuje data"},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(RESTORE))
def test_a_restore_refusal_is_in_the_language(url: str, tmp_path: Path, kind: str,
                                              lang: str) -> None:
    """``restore`` of a file that is no backup, or into a database that holds data."""
    path = tmp_path / "b.json"
    if kind == "backup":
        assert _run(["tournament", "backup", str(path), "--db", url], "en")[0] == 0
    else:
        path.write_text(kind, encoding="utf-8")
    code, err = _run(["tournament", "restore", str(path), "--db", url], lang)
    _refused(err, code, RESTORE[kind][lang])


REFEREE = {"added": {"pl": "dodano sędziego 'anna'", "en": "referee 'anna' added",
                     "cs": "rozhodčí 'anna' přidán"},
           "exists": {"pl": "sędzia 'anna' już istnieje", "en": "referee 'anna' exists "
                      "already", "cs": "rozhodčí 'anna' už existuje"},
           "short": {"pl": "hasło", "en": "the password must have at least",
                     "cs": "heslo"}}


@pytest.mark.parametrize("lang", LANGS)
def test_referee_add_speaks_the_language(tmp_path: Path, lang: str) -> None:
    """``referee add``: the line saying it is done, a name taken, a password too short."""
    db = ["--db", f"sqlite:///{tmp_path}/t.db"]
    args = ["referee", "add", "anna", "--password-stdin", *db]
    code, err = _run(args, lang, stdin="long enough secret\n")
    assert code == 0 and err == f"stolik: {REFEREE['added'][lang]}\n", err
    code, err = _run(args, lang, stdin="long enough secret\n")
    _refused(err, code, REFEREE["exists"][lang])
    code, err = _run(["referee", "add", "bob", "--password-stdin", *db], lang,
                     stdin="pw\n")
    _refused(err, code, REFEREE["short"][lang])
    if lang != "en":
        assert "password" not in err, err


@pytest.mark.parametrize("lang", LANGS)
def test_referee_add_asks_for_the_password_in_the_language(tmp_path: Path,
                                                           lang: str) -> None:
    """The hidden prompt (asked twice) is in the language too."""
    result = CliRunner().invoke(
        cli_app, ["referee", "add", "anna", "--db", f"sqlite:///{tmp_path}/t.db",
                  "--lang", lang], input="long enough secret\nlong enough secret\n",
        env={"STOLIK_DB": None, "STOLIK_LANG": None})
    assert result.exit_code == 0, result.output
    words = {"pl": ("Hasło", "Powtórz hasło"), "en": ("Password", "Repeat the password"),
             "cs": ("Heslo", "Zopakujte heslo")}[lang]
    for word in words:
        assert f"{word}: " in result.output, result.output


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_time_is_refused_in_the_language(url: str, lang: str) -> None:
    """``round start --at xx`` (the round clock, seed 000 §7p; issue 25.2)."""
    code, err = _run(["tournament", "round", "start", "t1", "1", "--at", "xx", "--db", url],
                     lang)
    _refused(err, code, {"pl": "to nie godzina (GG:MM", "en": "is not a time (HH:MM",
                         "cs": "není čas (HH:MM"}[lang])


SHEET = {
    ("foo",): {"pl": "wiersz protokołu to słowa KLUCZ=WARTOŚĆ",
               "en": "a sheet line is KEY=VALUE words", "cs": "řádek lístku tvoří slova"},
    ("foo=1",): {"pl": "nieznany klucz 'foo'", "en": "unknown key 'foo'",
                 "cs": "neznámý klíč 'foo'"},
    ("points=1", "points=2"): {"pl": "'points' podano dwa razy",
                               "en": "'points' is given twice",
                               "cs": "'points' je zadán dvakrát"},
    ("contract=xx",): {"pl": "t1: runda 1, stolik 1: rozdanie 1: nieznana gra 'xx'",
                       "en": "t1: round 1, table 1: deal 1: unknown contract 'xx'",
                       "cs": "t1: kolo 1, stůl 1: hra 1: neznámý závazek 'xx'"},
    ("declarer=9",): {"pl": "t1: runda 1, stolik 1: 'declarer' musi być miejscem 1–4",
                      "en": "t1: round 1, table 1: 'declarer' must be a seat 1–4",
                      "cs": "t1: kolo 1, stůl 1: 'declarer' musí být místo 1–4"},
    ("starzy=1,1",): {"pl": "'starzy' podaje miejsce 1 dwa razy (RULES §4)",
                      "en": "'starzy' names seat 1 twice (RULES §4)",
                      "cs": "'starzy' uvádí místo 1 dvakrát (RULES §4)"},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("words", list(SHEET), ids=["form", "unknown", "twice", "contract",
                                                       "seat", "starzy"])
def test_a_sheet_line_refusal_is_in_the_language(url: str, words: tuple[str, ...],
                                                 lang: str) -> None:
    """``sheet add`` of a line that is not the game's KEY=VALUE words (issue 25.2); a line
    the engine refuses says where (round, table) in the language too (RULES §4)."""
    for n in range(1, 5):
        assert _run(["tournament", "players", "add", "t1", f"p{n}", f"P{n}", "--db", url],
                    "en")[0] == 0
    assert _run(["tournament", "seat", "t1", "--db", url], "en")[0] == 0
    code, err = _run(["tournament", "sheet", "add", "t1", "1", "1", *words, "--db", url],
                     lang)
    _refused(err, code, SHEET[words][lang])


@pytest.mark.parametrize("lang", LANGS)
def test_a_season_of_two_games_is_refused_in_the_language(tmp_path: Path,
                                                          lang: str) -> None:
    """``standings --season`` over a Baśka and a Mariáš tournament (RULES §10, MARIAS
    §10): refused by the tournament layer, said in the language (issue 25.2)."""
    url = f"sqlite:///{tmp_path}/t.db"
    for slug, ruleset in (("a1", "linia"), ("b1", "ctyrka")):
        assert _run(["tournament", "new", slug, "--name", slug, "--ruleset", ruleset,
                     "--season", "s1", "--db", url], "en")[0] == 0
    code, err = _run(["tournament", "standings", "--season", "s1", "--db", url], lang)
    _refused(err, code, {"pl": "sezon sumuje turnieje jednej gry, nie baska + marias",
                         "en": "a season sums tournaments of one game, not of baska + "
                         "marias", "cs": "sezóna sčítá turnaje jedné hry, ne baska + "
                         "marias"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_file_is_said_in_the_language(url: str, tmp_path: Path, lang: str) -> None:
    """``players import`` and ``restore`` of a file that is not there, or of a folder: the
    system's reason in the language (issue 25.2), not the C library's English."""
    missing = {"pl": "nie ma takiego pliku ani katalogu", "en": "no such file or directory",
               "cs": "takový soubor ani složka neexistuje"}[lang]
    code, err = _run(["tournament", "players", "import", "t1", str(tmp_path / "no.csv"),
                      "--db", url], lang)
    _refused(err, code, f"no.csv: {missing}")
    code, err = _run(["tournament", "restore", str(tmp_path), "--db", url], lang)
    _refused(err, code, {"pl": "to katalog, a nie plik", "en": "is a directory, not a file",
                         "cs": "je to složka, ne soubor"}[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_two_different_passwords_are_refused_in_the_language(tmp_path: Path,
                                                             lang: str) -> None:
    """``referee add`` typed twice, differently: one line in the language, nobody added
    (Click's own check answered "Error: The two entered values do not match.")."""
    url = f"sqlite:///{tmp_path}/t.db"
    result = CliRunner().invoke(
        cli_app, ["referee", "add", "anna", "--db", url, "--lang", lang],
        input="long enough secret\nanother long secret\n",
        env={"STOLIK_DB": None, "STOLIK_LANG": None})
    said = {"pl": "podane hasła się różnią", "en": "the two passwords differ",
            "cs": "zadaná hesla se liší"}[lang]
    assert result.exit_code == 1 and result.stderr == f"stolik: {said}: " + {
        "pl": "nic nie dodano", "en": "nothing added", "cs": "nic nepřidáno"}[lang] + "\n"
    assert "Error" not in result.output
    assert _run(["referee", "list", "--db", url], lang) == (0, "")
