"""The JSON the play API takes, checked at the edge with bounds: anything out of them is a
400 with one line naming the field, before a table, a player or a row is made.

>>> NewTable.parse({"deals": 2, "bots": [None, "random", "random", "random"]}).deals
2
>>> NewTable.parse({"deals": 0})
Traceback (most recent call last):
...
stolik.web.play.api.BadRequest: deals: a series has 1 to 64 deals
>>> NewTable.parse({"seed": float("inf")})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stolik.web.play.api.BadRequest: seed: a whole number 0 to ... or a text of up to 64 ...
>>> NewTable.parse({"seat": 7})
Traceback (most recent call last):
...
stolik.web.play.api.BadRequest: seat: seat 7 is not a person's seat (seats are 0–3)
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from stolik.errors import StolikError
from stolik.i18n import Msg
from stolik.web.play.dealing import MAX_CLIENT_SEED, MAX_SEED_TEXT
from stolik.web.play.game import MAX_DEALS

DEFAULT_BOTS: tuple[str | None, ...] = (None, "heuristic", "heuristic", "heuristic")
MAX_SEATS = 8
"""The most seats any game's table has."""

MESSAGES = {
    "game": Msg("api-game", "a game's name (text, at most 32 characters)"),
    "name": Msg("api-name", "the player's name (text, at most 200 characters)"),
    "ruleset": Msg("api-ruleset", "a ruleset id (text, at most 64 characters)"),
    "deals": Msg("api-deals", "a series has 1 to {max} deals", max=MAX_DEALS),
    "seed": Msg("api-seed", "a whole number 0 to {max} or a text of up to {n} characters",
                max=MAX_CLIENT_SEED, n=MAX_SEED_TEXT),
    "first_dealer": Msg("api-first-dealer", "the first dealer is a seat 0–3"),
    "hints": Msg("api-bool", "true or false"),
    "private": Msg("api-bool", "true or false"),
    "bots": Msg("api-bots", "a bot kind (text) or null for each seat, 1 to {n} seats",
                n=MAX_SEATS),
    "seat": Msg("api-seat", "the creator's seat: a whole number, or null to only watch"),
}
"""The line for each field that is out of bounds (issue 9.9: in the ``?lang=`` asked)."""


NOT_VALID = Msg("api-not-valid", "not valid")
"""The line for a field that has none of its own."""
JSON_OBJECT = Msg("api-json-object", "send a JSON object")
"""The refusal of a body that is not a JSON object."""


class BadRequest(StolikError):
    """A request refused at the edge (400), one line naming the field."""


class NewTable(BaseModel):
    """``POST /play/api/tables``: every field optional; unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    game: Annotated[StrictStr, Field(min_length=1, max_length=32)] | None = None
    name: Annotated[StrictStr, Field(max_length=200)] | None = None
    ruleset: Annotated[StrictStr, Field(min_length=1, max_length=64)] | None = None
    deals: Annotated[StrictInt, Field(ge=1, le=MAX_DEALS)] | None = None
    seed: (Annotated[StrictInt, Field(ge=0, le=MAX_CLIENT_SEED)]
           | Annotated[StrictStr, Field(min_length=1, max_length=MAX_SEED_TEXT)] | None) = None
    first_dealer: Annotated[StrictInt, Field(ge=0, le=3)] | None = None
    hints: StrictBool = False
    private: StrictBool = False
    bots: Annotated[list[Annotated[StrictStr, Field(max_length=32)] | None],
                    Field(min_length=1, max_length=MAX_SEATS)] | None = None
    seat: StrictInt | None = None

    @classmethod
    def parse(cls, data: Any) -> NewTable:
        """The checked request; :class:`BadRequest` naming the first bad field."""
        if not isinstance(data, dict):
            raise BadRequest(JSON_OBJECT)
        try:
            out = cls.model_validate(data)
        except ValidationError as e:
            loc = e.errors()[0]["loc"]
            field = str(loc[0]) if loc else ""
            what = MESSAGES.get(field, NOT_VALID)
            raise BadRequest(Msg("api-field", "{field}: {what}", field=field,
                                 what=what)) from None
        if "seat" in out.model_fields_set and out.seat is not None:
            people = [s for s, b in enumerate(out.seat_bots()) if b is None]
            if out.seat not in people:
                raise BadRequest(Msg("api-seat-bot", "seat: seat {seat} is not a person's "
                                     "seat (seats are 0–{last})", seat=out.seat,
                                     last=len(out.seat_bots()) - 1))
        return out

    def seat_bots(self) -> list[str | None]:
        """The seats: a bot kind or None (a person) each."""
        return list(self.bots) if self.bots is not None else list(DEFAULT_BOTS)

    def creator_seat(self) -> int | None:
        """The creator's seat: the one asked for, else the first person's seat (None: he
        only watches)."""
        if "seat" in self.model_fields_set:
            return self.seat
        return next((s for s, b in enumerate(self.seat_bots()) if b is None), None)

    def config(self) -> dict[str, Any]:
        """The game's configuration from the fields given."""
        return {k: getattr(self, k) for k in ("ruleset", "deals", "seed", "hints",
                                              "first_dealer")
                if k in self.model_fields_set and getattr(self, k) is not None}


__all__ = ["BadRequest", "NewTable"]
