"""A broken record or ruleset file is refused in the language of ``--lang`` (issue 9.9):
``stolik replay`` and ``stolik check`` print one line that names the file and says what is
wrong in English, Polish — and Czech for what a Mariáš reader meets (MARIAS §11, and the
generic reading of every file) — with the section it cites (RULES §11, BETEL §6). Before,
only the engines' refusals of a deal were translated: the shape of a file (an unknown key,
no ``[[deal]]``, bad TOML, an unreadable file, a ruleset file's keys) was refused in English
whatever ``--lang`` said; and so was the game a record or ``--ruleset`` is for (a game
stolik does not host, a ruleset of another game, ``--ruleset nope``).

Each case is a broken file and the words each language says about it; the English words
must be missing from a Polish or Czech line (so a line left in English fails)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stolik.cli import app as cli_app
from stolik.errors import RecordError
from stolik.games import game, games
from stolik.games.baska.record import parse_record
from stolik.i18n import translate
from stolik.records import MAX_FILE_BYTES, dumps_toml
from stolik.rulesets import shipped_text

runner = CliRunner()

Doc = dict[str, Any]


@pytest.fixture(scope="module")
def base() -> dict[str, Doc]:
    """One simulated deal of each game's default ruleset, as its record (a table)."""
    out = {}
    for gid in ("baska", "betel", "marias"):
        spec = game(gid)
        rs = spec.part("ruleset").load_ruleset(spec.default_ruleset)
        rec = spec.part("record").series_record(rs, spec.part("simulate").simulate(
            rs, 1, seed=3).records)
        out[gid] = tomllib.loads(spec.part("record").dumps_record(rec, "toml"))
    return out


def changed(doc: Doc, deal: Callable[[Doc], None] | None = None, **keys: Any) -> str:
    """``doc`` as TOML with ``keys`` set (``None``: left out) and its first deal changed
    by ``deal``."""
    doc = {**doc, "deal": [dict(d) for d in doc["deal"]]}
    for k, v in keys.items():
        if v is None:
            doc.pop(k, None)
        else:
            doc[k] = v
    if deal is not None:
        deal(doc["deal"][0])
    return dumps_toml(doc)


def hands_of(doc: Doc) -> list[str]:
    return list(doc["hands"])


@dataclass(frozen=True)
class Case:
    """A broken file: ``write(tmp_path, base)`` writes it and gives the command's file
    arguments; ``said`` is what each language says; ``names`` the file the line names
    first (relative to ``tmp_path``; default: the record; ``""``: no file, the refusal is
    of a command's option)."""

    id: str
    write: Callable[[Path, dict[str, Doc]], list[str]]
    said: dict[str, str]
    names: str = "rec.toml"
    command: str = "replay"
    args: tuple[str, ...] = field(default=())


def record(text: Callable[[dict[str, Doc]], str | bytes], name: str = "rec.toml",
           extra: dict[str, str] | None = None) -> Callable[[Path, dict[str, Doc]], list[str]]:
    """A writer of the record ``name`` whose content is ``text(base)``, ``{tmp}`` standing
    for its folder (and of the files ``extra`` beside it)."""
    def write(tmp: Path, base: dict[str, Doc]) -> list[str]:
        content = text(base)
        if isinstance(content, str):
            content = content.replace("{tmp}", str(tmp))
        path = tmp / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        for other, body in (extra or {}).items():
            (tmp / other).write_text(body, encoding="utf-8")
        return [str(path)]
    return write


def club(body: str) -> dict[str, str]:
    """A club's ruleset file beside the record."""
    return {"club.toml": body}


def shipped(game_id: str, ruleset_id: str) -> str:
    """The text of a shipped ruleset, to be broken as a club's file."""
    return shipped_text(game(game_id).package, ruleset_id)


def folder(tmp: Path, base: dict[str, Doc]) -> list[str]:
    """A folder where the record should be."""
    (tmp / "rec.toml").mkdir()
    return [str(tmp / "rec.toml")]


def _dealt_twice(d: Doc) -> None:
    hands = hands_of(d)
    first = hands[0].split()
    hands[1] = " ".join([first[0], *hands[1].split()[1:]])
    d["hands"] = hands


def _bad_card(d: Doc) -> None:
    d["hands"] = ["ZZ " + " ".join(hands_of(d)[0].split()[1:]), *hands_of(d)[1:]]


GENERIC = [
    Case("not TOML", record(lambda b: "x = [\n"),
         {"en": "not valid TOML (", "pl": "to nie jest poprawny TOML (",
          "cs": "není to platný TOML ("}),
    Case("no such file", lambda tmp, b: [str(tmp / "rec.toml")],
         {"en": "cannot read the file (", "pl": "nie można odczytać pliku (",
          "cs": "soubor nelze přečíst ("}),
    Case("a folder", folder,
         {"en": "this is a folder, not a file", "pl": "to folder, a nie plik",
          "cs": "toto je složka, ne soubor"}, command="check"),
    Case("not UTF-8", record(lambda b: b'game = "marias"\n# \xff\xfe\n'),
         {"en": "the file is not UTF-8 text", "pl": "plik nie jest tekstem w UTF-8",
          "cs": "soubor není text v UTF-8"}),
    Case("too large", record(lambda b: "#" * (MAX_FILE_BYTES + 1)),
         {"en": "the file is 4,194,305 bytes — stolik reads files of at most 4 MiB",
          "pl": "plik jest za duży (4194305 B) — stolik czyta pliki do 4 MiB",
          "cs": "soubor je příliš velký (4194305 B) — stolik čte soubory do 4 MiB"}),
    Case("JSON not a table", record(lambda b: "[1, 2]", "rec.json"),
         {"en": "the record must be a table of keys", "pl": "zapis musi być tabelą kluczy",
          "cs": "záznam musí být tabulka klíčů"}, names="rec.json", command="check"),
    Case("JSON number too long", record(lambda b: '{"a": ' + "9" * 40 + "}", "rec.json"),
         {"en": "not valid JSON (the number 999999999999999999999999… has 40 digits)",
          "pl": "to nie jest poprawny JSON (liczba 999999999999999999999999… jest za długa "
                "(cyfr: 40))",
          "cs": "není to platný JSON (číslo 999999999999999999999999… je příliš dlouhé "
                "(číslic: 40))"}, names="rec.json"),
    Case("JSON NaN", record(lambda b: '{"a": NaN}', "rec.json"),
         {"en": "not valid JSON (NaN is not a number JSON allows)",
          "pl": "to nie jest poprawny JSON (NaN nie jest liczbą dozwoloną w JSON)",
          "cs": "není to platný JSON (NaN není číslo, které JSON dovoluje)"}, names="rec.json"),
    Case("infinite number", record(lambda b: '{"game": "marias", "a": [1, 1e999]}', "rec.json"),
         {"en": "'a', item 2: inf is not a number a document may hold",
          "pl": "'a', pozycja 2: inf nie jest liczbą, którą może zawierać dokument",
          "cs": "'a', položka 2: inf není číslo, které smí dokument obsahovat"},
         names="rec.json"),
    Case("whole number too large", record(lambda b: "[[deal]]\nx = [" + "9" * 20 + "]\n"),
         {"en": "deal 1, 'x', item 1: a whole number of 20 digits is too large",
          "pl": "rozdanie 1, 'x', pozycja 1: liczba całkowita o 20 cyfrach jest za duża",
          "cs": "hra 1, 'x', položka 1: celé číslo o 20 číslicích je příliš velké"}),
    Case("lone surrogate in a key", record(lambda b: '{"\\ud800": 1}', "rec.json"),
         {"en": "the document: a key: the text holds \\ud800, a lone surrogate",
          "pl": "dokument: klucz: tekst zawiera \\ud800, samotny surogat",
          "cs": "dokument: klíč: text obsahuje \\ud800, osamocený surogát"}, names="rec.json"),
    Case("nested too deeply", record(lambda b: "a = " + "[" * 17 + "]" * 17 + "\n"),
         {"en": "arrays and tables nest more than 16 levels deep",
          "pl": "tablice i tabele mają więcej niż 16 poziomów zagnieżdżenia",
          "cs": "pole a tabulky mají víc než 16 úrovní vnoření"}),
    Case("--ruleset of another game", record(lambda b: changed(b["baska"])),
         {"en": "--ruleset ctyrka is a marias ruleset; this is a baska record",
          "pl": "--ruleset ctyrka to regulamin gry marias, a to jest zapis gry baska",
          "cs": "--ruleset ctyrka jsou pravidla hry marias, ale toto je záznam hry baska"},
         args=("--ruleset", "ctyrka")),
    # a ruleset file: read and parsed by the shared helpers of every game (Mariáš's here)
    Case("--ruleset file: unreadable", record(lambda b: changed(b["marias"])),
         {"en": "cannot read ruleset file (", "pl": "nie można odczytać pliku regulaminu (",
          "cs": "soubor pravidel nelze přečíst ("},
         names="nope.toml", args=("--ruleset", "{tmp}/nope.toml")),
    Case("--ruleset file: not regular", record(lambda b: changed(b["marias"])),
         {"en": "/dev/null: not a regular file", "pl": "/dev/null: to nie jest zwykły plik",
          "cs": "/dev/null: není to běžný soubor"}, names="/dev/null",
         args=("--ruleset", "/dev/null")),
]

TOP_LEVEL: dict[str, tuple[dict[str, Any], dict[str, dict[str, str]]]] = {
    # the keys a record's top level is given (None: no [[deal]]), and what each game's
    # reader says of them
    "unknown key": ({"foo": 1}, {
        "marias": {"en": "unknown key 'foo': a Mariáš record holds game, ruleset",
                   "pl": "nieznany klucz 'foo': zapis gry Mariáš zawiera game, ruleset",
                   "cs": "neznámý klíč 'foo': záznam mariáše obsahuje game, ruleset"},
        "betel": {"en": "unknown key 'foo': a Betel record holds game, ruleset",
                  "pl": "nieznany klucz 'foo': zapis gry Betel zawiera game, ruleset"},
        "baska": {"en": "unknown key 'foo' — a record has game, ruleset, players, deal and the "
                        "tags",
                  "pl": "nieznany klucz 'foo' — zapis ma game, ruleset, players, deal i tagi"}}),
    "ruleset not text": ({"ruleset": 3}, {
        "marias": {"en": "ruleset must be a ruleset id or file, not 3 (MARIAS §11)",
                   "pl": "ruleset musi być identyfikatorem regulaminu albo plikiem, nie 3 "
                         "(MARIAS §11)",
                   "cs": "ruleset musí být identifikátor pravidel nebo soubor, ne 3 (MARIAS §11)"},
        "betel": {"en": "ruleset must be a ruleset id or file, not 3 (BETEL §6)",
                  "pl": "ruleset musi być identyfikatorem regulaminu albo plikiem, nie 3 "
                        "(BETEL §6)"},
        "baska": {"en": "'ruleset' must be a ruleset id or path, not 3 (RULES §11)",
                  "pl": "'ruleset' musi być identyfikatorem regulaminu albo ścieżką, nie 3 "
                        "(RULES §11)"}}),
    "unknown ruleset": ({"ruleset": "nope"}, {
        "marias": {"en": "ruleset: unknown Mariáš ruleset 'nope': use ctyrka or the path",
                   "pl": "ruleset: nieznany regulamin gry Mariáš 'nope': użyj ctyrka albo "
                         "ścieżki",
                   "cs": "ruleset: neznámá pravidla hry Mariáš 'nope': použijte ctyrka, nebo "
                         "cestu"},
        "betel": {"en": "ruleset: unknown Betel ruleset 'nope': use gps-2022 or the path",
                  "pl": "ruleset: nieznany regulamin gry Betel 'nope': użyj gps-2022 albo "
                        "ścieżki"},
        "baska": {"en": "unknown ruleset 'nope': use one of linia, mester-sport, pucka-2019 or",
                  "pl": "nieznany regulamin 'nope': użyj jednego z: linia, mester-sport, "
                        "pucka-2019 albo"}}),
    "players": ({"players": ["Ala"]}, {
        "marias": {"en": "players must list four names, seat 0 first (MARIAS §11)",
                   "pl": "players musi wymieniać cztery imiona, od miejsca 0 (MARIAS §11)",
                   "cs": "players musí uvádět čtyři jména, od místa 0 (MARIAS §11)"},
        "betel": {"en": "players must list three names, seat 0 first (BETEL §6)",
                  "pl": "players musi wymieniać trzy imiona, od miejsca 0 (BETEL §6)"},
        "baska": {"en": "'players' must name 4 players by seat, not 1 (RULES §11)",
                  "pl": "'players' musi wymieniać 4 graczy według miejsc, nie 1 (RULES §11)"}}),
    "no deals": ({"deal": None}, {
        "marias": {"en": "a record needs one or more [[deal]] tables (MARIAS §11)",
                   "pl": "zapis potrzebuje co najmniej jednej tabeli [[deal]] (MARIAS §11)",
                   "cs": "záznam potřebuje aspoň jednu tabulku [[deal]] (MARIAS §11)"},
        "betel": {"en": "a record needs one or more [[deal]] tables (BETEL §6)",
                  "pl": "zapis potrzebuje co najmniej jednej tabeli [[deal]] (BETEL §6)"},
        "baska": {"en": "the record has no [[deal]] tables (RULES §11)",
                  "pl": "zapis nie ma tabel [[deal]] (RULES §11)"}}),
    "tag": ({"event": [1]}, {  # Baśka keeps any tag
        "marias": {"en": "tag 'event' must be text or a whole number (MARIAS §11)",
                   "pl": "tag 'event' musi być tekstem albo liczbą całkowitą (MARIAS §11)",
                   "cs": "značka 'event' musí být text nebo celé číslo (MARIAS §11)"},
        "betel": {"en": "tag 'event' must be text or a whole number (BETEL §6)",
                  "pl": "tag 'event' musi być tekstem albo liczbą całkowitą (BETEL §6)"}}),
}


def top_level(game_id: str, keys: dict[str, Any]) -> Callable[[Path, dict[str, Doc]], list[str]]:
    """A writer of ``game_id``'s record with ``keys`` set (None: left out)."""
    def text(base: dict[str, Doc]) -> str:
        doc = {**base[game_id], **keys}
        return dumps_toml({k: v for k, v in doc.items() if v is not None})
    return record(text)


RECORD = [Case(f"{name}, {gid}", top_level(gid, keys), said,
               command="check" if name == "no deals" else "replay")
          for name, (keys, by_game) in TOP_LEVEL.items() for gid, said in by_game.items()]

def club_file(game_id: str, ruleset_id: str, old: str, new: str) -> Case:
    """A record naming a club's ruleset file beside it (each game's reader looks there
    first: RULES §11, MARIAS §11, BETEL §6): the game's shipped ruleset with ``old``
    written ``new``."""
    text = shipped(game_id, ruleset_id)
    assert old in text
    return Case(f"ruleset file: {new}", record(lambda b: changed(b[game_id], ruleset="club.toml"),
                                               extra=club(text.replace(old, new, 1))), {})


def said(case: Case, **words: str) -> Case:
    """``case`` saying ``words`` by language."""
    return Case(case.id, case.write, words, case.names, case.command, case.args)


MARIAS = [
    # a ruleset file's keys: their types are checked by helpers all games share
    said(club_file("marias", "ctyrka", "hra = 20", "hra = 0.2"),
         en="club.toml: key 'tariff.hra' must be a whole number (haléř for money), not 0.2",
         pl="club.toml: klucz 'tariff.hra' musi być liczbą całkowitą (kwoty w halerzach), "
            "nie 0.2",
         cs="club.toml: klíč 'tariff.hra' musí být celé číslo (částky v haléřích), ne 0.2"),
    said(club_file("marias", "ctyrka", 'id = "ctyrka"', 'id = "a b"'),
         en="club.toml: key 'id' must be letters, digits, '-', '_' or '.', not 'a b'",
         pl="club.toml: klucz 'id' może zawierać tylko litery, cyfry, '-', '_' i '.', nie "
            "'a b'",
         cs="club.toml: klíč 'id' smí obsahovat jen písmena, číslice, '-', '_' a '.', ne "
            "'a b'"),
    # a club's file named by its full path
    Case("ruleset file: a key missing", record(
        lambda b: changed(b["marias"], ruleset="{tmp}/club.toml"), extra=club('id = "k"\n')),
         {"en": "club.toml: key 'tariff' is missing",
          "pl": "club.toml: klucz 'tariff' nie został podany",
          "cs": "club.toml: klíč 'tariff' chybí"}),
    Case("ruleset file: not TOML", record(
        lambda b: changed(b["marias"], ruleset="club.toml"), extra=club("id = \n")),
         {"en": "club.toml: not valid TOML (",
          "pl": "club.toml: to nie jest poprawny TOML (",
          "cs": "club.toml: není to platný TOML ("}),
]

BETEL = [
    # a ruleset file's keys: their types are checked by helpers all games share
    said(club_file("betel", "gps-2022", "one = 5", "one = 100001"),
         en="club.toml: key 'peeking.one' must be at most 100000, not 100001",
         pl="club.toml: klucz 'peeking.one' musi wynosić najwyżej 100000, nie 100001"),
    said(club_file("betel", "gps-2022", "defenders_free = true", "defenders_free = 1"),
         en="must be true or false, not 1",
         pl="musi być true albo false, nie 1"),
    said(club_file("betel", "gps-2022", 'game = "betel"', 'game = "marias"'),
         en="club.toml: key 'game' must be \"betel\" in a Betel ruleset, not 'marias'",
         pl="club.toml: klucz 'game' musi mieć wartość \"betel\" w regulaminie gry Betel, "
            "nie 'marias'"),
    Case("time_up past the deals", record(lambda b: changed(b["betel"], time_up=9)),
         {"en": "time_up names the deal with which the match's time was up: 1 to 1, not 9",
          "pl": "time_up wskazuje rozdanie, w którym skończył się czas meczu: od 1 do 1, "
                "nie 9"}),
    Case("time_up without a clock", record(lambda b: changed(b["betel"], time_up=1)),
         {"en": "time_up = 1, but ruleset gps-2022 has no time limit (minutes, BETEL §5)",
          "pl": "time_up = 1, ale regulamin gps-2022 nie ma limitu czasu (minutes, BETEL §5)"}),
    Case("ruleset file: unknown key", record(
        lambda b: changed(b["betel"], ruleset="club.toml"),
        extra=club("foo = 1\n" + shipped("betel", "gps-2022"))),
         {"en": "club.toml: key 'foo' is not a Betel ruleset key (misspelt?)",
          "pl": "club.toml: klucz 'foo' nie jest kluczem regulaminu gry Betel (literówka?)"}),
]

BASKA = [
    # a ruleset file's keys: their types are checked by helpers all games share
    said(club_file("baska", "linia", "points_to_win = 53", "points_to_win = 50"),
         en="club.toml: key 'points_to_win' must be at least 53, not 50",
         pl="club.toml: klucz 'points_to_win' musi wynosić co najmniej 53, nie 50"),
    said(club_file("baska", "linia", 'starzy = ["QC", "QS"]', 'starzy = ["QC", "QS", "QC"]'),
         en="club.toml: key 'plain.starzy' lists a card twice",
         pl="club.toml: klucz 'plain.starzy' wymienia kartę dwa razy"),
    said(club_file("baska", "linia", 'first_double = "any"', 'first_double = "all"'),
         en="must be one of ",
         pl="musi być jednym z: "),
    Case("ruleset no file can be", record(lambda b: changed(b["baska"], ruleset="a\x01b")),
         {"en": "'ruleset' must be a ruleset id or path, not 'a\\x01b'",
          "pl": "'ruleset' musi być identyfikatorem regulaminu albo ścieżką, nie 'a\\x01b'"}),
    Case("ruleset file: misspelt key", record(
        lambda b: changed(b["baska"], ruleset="club.toml"),
        extra=club(shipped("baska", "linia").replace(
            "laid_down_max_level", "laid_down_max_levle"))),
         {"en": "club.toml: key 'laid_down_max_levle' is not a ruleset key — did you mean "
                "'laid_down_max_level'?",
          "pl": "club.toml: klucz 'laid_down_max_levle' nie jest kluczem regulaminu — czy "
                "chodziło o 'laid_down_max_level'?"}),
    Case("deal: unknown key", record(lambda b: changed(b["baska"], deal=lambda d: d.update(x=1))),
         {"en": "deal 1: unknown key 'x' — a deal has dealer",
          "pl": "rozdanie 1: nieznany klucz 'x' — rozdanie ma dealer"}),
    Case("deal: missing", record(lambda b: changed(b["baska"], deal=lambda d: d.pop("hands"))),
         {"en": "deal 1: 'hands' is missing (RULES §11)",
          "pl": "rozdanie 1: brak 'hands' (RULES §11)"}),
    Case("deal: seat", record(lambda b: changed(b["baska"], deal=lambda d: d.update(dealer=7))),
         {"en": "deal 1: 'dealer' must be a seat 0–3, not 7 (RULES §11)",
          "pl": "rozdanie 1: 'dealer' to miejsce 0–3, nie 7 (RULES §11)"}),
    Case("deal: strings", record(lambda b: changed(b["baska"],
                                                   deal=lambda d: d.update(auction="x"))),
         {"en": "deal 1: 'auction' must be a list of strings (RULES §11)",
          "pl": "rozdanie 1: 'auction' musi być listą tekstów (RULES §11)"}),
    Case("deal: hands", record(lambda b: changed(
        b["baska"], deal=lambda d: d.update(hands=hands_of(d)[:3]))),
         {"en": "deal 1: 'hands' must hold 4 hands by seat, not 3 (RULES §11)",
          "pl": "rozdanie 1: 'hands' musi wymieniać 4 ręce według miejsc, nie 3 (RULES §11)"}),
    Case("deal: hand size", record(lambda b: changed(
        b["baska"], deal=lambda d: d.update(hands=[hands_of(d)[0] + " AH", *hands_of(d)[1:]]))),
         {"en": "deal 1, hand of seat 0: a hand has 4 cards, not 5",
          "pl": "rozdanie 1, ręka miejsca 0: ręka ma 4 karty, nie 5"}),
    Case("deal: a card", record(lambda b: changed(b["baska"], deal=_bad_card)),
         {"en": "deal 1, hand of seat 0: 'ZZ' is not a Baśka card",
          "pl": "rozdanie 1, ręka miejsca 0: 'ZZ'"}),
    Case("deal: dealt twice", record(lambda b: changed(b["baska"], deal=_dealt_twice)),
         {"en": "is dealt twice — it is also in the hand of seat 0 (RULES §11)",
          "pl": "rozdano dwa razy — jest też w ręce miejsca 0 (RULES §11)"}),
    Case("deal: an entry", record(lambda b: changed(
        b["baska"], deal=lambda d: d.update(auction=["pass"]))),
         {"en": "deal 1, auction entry 1: cannot read 'pass': write \"<seat 0–3> <call>\", "
                "e.g. \"2 pass\" (RULES §11)",
          "pl": "rozdanie 1, zapowiedź 1: nie można odczytać 'pass': napisz \"<miejsce 0–3> "
                "<call>\", np. \"2 pass\" (RULES §11)"}),
]

HOSTED = ", ".join(g.id for g in games())
"""The games stolik hosts, as a refusal lists them."""
SHIPPED = ", ".join(r for g in games() for r in g.rulesets())
"""Every shipped ruleset, game by game, as a refusal lists them."""

GAMES = [
    # which game a record or a --ruleset is for (stolik.games): before any game's reader
    Case("a game stolik does not host", record(lambda b: changed(b["marias"], game="chess")),
         {"en": f"no game 'chess' — stolik hosts {HOSTED} (RULES §11)",
          "pl": f"nie ma gry 'chess' — stolik obsługuje gry {HOSTED} (RULES §11)",
          "cs": f"hra 'chess' neexistuje — stolik hraje hry {HOSTED} (RULES §11)"}),
    Case("game not text", record(lambda b: changed(b["betel"], game=7)),
         {"en": "'game' must be a game id such as 'baska', not 7 (RULES §11)",
          "pl": "'game' musi być identyfikatorem gry, np. 'baska', nie 7 (RULES §11)",
          "cs": "'game' musí být identifikátor hry, např. 'baska', ne 7 (RULES §11)"}),
    Case("a ruleset of another game", record(lambda b: changed(b["marias"], ruleset="linia")),
         {"en": "game = \"marias\": ruleset 'linia' is a baska ruleset (RULES §11)",
          "pl": "game = \"marias\": regulamin 'linia' to regulamin gry baska (RULES §11)",
          "cs": "game = \"marias\": pravidla 'linia' jsou pravidla hry baska (RULES §11)"}),
    Case("no game key, another game's ruleset",
         record(lambda b: changed(b["marias"], game=None)),
         {"en": "ruleset 'ctyrka' is a marias ruleset: the record needs game = \"marias\" "
                "(RULES §11)",
          "pl": "regulamin 'ctyrka' to regulamin gry marias: zapis potrzebuje game = "
                "\"marias\" (RULES §11)",
          "cs": "pravidla 'ctyrka' jsou pravidla hry marias: záznam potřebuje game = "
                "\"marias\" (RULES §11)"}),
    Case("--ruleset nope", record(lambda b: changed(b["marias"])),
         {"en": f"unknown ruleset 'nope': use one of {SHIPPED} or the path of a ruleset "
                ".toml file",
          "pl": f"nieznany regulamin 'nope': użyj jednego z: {SHIPPED} albo ścieżki pliku "
                ".toml z regulaminem",
          "cs": f"neznámá pravidla 'nope': použijte jedna z: {SHIPPED}, nebo cestu k souboru "
                ".toml s pravidly"},
         names="", args=("--ruleset", "nope")),
    Case("--ruleset file of a game stolik does not host",
         record(lambda b: changed(b["marias"]), extra=club('game = "chess"\n')),
         {"en": f"club.toml: key 'game': no game 'chess' — stolik hosts {HOSTED}",
          "pl": f"club.toml: klucz 'game': nie ma gry 'chess' — stolik obsługuje gry {HOSTED}",
          "cs": f"club.toml: klíč 'game': hra 'chess' neexistuje — stolik hraje hry {HOSTED}"},
         names="club.toml", command="check", args=("--ruleset", "{tmp}/club.toml")),
    Case("--ruleset file, game not text",
         record(lambda b: changed(b["marias"]), extra=club("game = 7\n")),
         {"en": "club.toml: key 'game' must be a game id such as 'baska', not 7",
          "pl": "club.toml: klucz 'game' musi być identyfikatorem gry, np. 'baska', nie 7",
          "cs": "club.toml: klíč 'game' musí být identifikátor hry, např. 'baska', ne 7"},
         names="club.toml", args=("--ruleset", "{tmp}/club.toml")),
]

GROUPS = {"file": GENERIC, "record": RECORD, "marias": MARIAS, "betel": BETEL,
          "baska": BASKA, "games": GAMES}
CASES = [pytest.param(c, lang, id=f"{name}: {c.id}-{lang}") for name, group in GROUPS.items()
         for c in group for lang in c.said]


@pytest.mark.parametrize(("case", "lang"), CASES)
def test_a_broken_file_is_refused_in_the_language_of_lang(
        tmp_path: Path, base: dict[str, Doc], case: Case, lang: str) -> None:
    files = case.write(tmp_path, base)
    args = [a.replace("{tmp}", str(tmp_path)) for a in case.args]
    result = runner.invoke(cli_app, [case.command, *files, *args, "--lang", lang],
                           env={"STOLIK_LANG": "en" if lang != "en" else "pl"})
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    line = result.stderr.rstrip("\n")
    assert "\n" not in line, line
    named = case.names if case.names.startswith("/") or not case.names else str(
        tmp_path / case.names)
    assert line.startswith(f"stolik: {named}: " if named else "stolik: "), line
    assert case.said[lang] in line, line
    for other, words in case.said.items():
        if other != lang and words not in case.said[lang]:
            assert words not in line, (other, line)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_baska_record_read_directly_names_a_game_it_lacks_in_the_readers_language(
        lang: str) -> None:
    """RULES §11: ``parse_record`` of Baśka called directly (not through ``stolik
    replay``, which asks the game first) keeps the refusal of a game stolik does not host
    as its message, said in the reader's language; it made it an English string."""
    with pytest.raises(RecordError) as e:
        parse_record({"game": "chess", "deal": []})
    assert translate(e.value, lang) == GAMES[0].said[lang]
