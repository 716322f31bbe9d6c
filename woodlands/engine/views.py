"""The envelope every game's view shares, a finished game's outcome and the log's events, as
types (documented in docs/engine.md, "Views").

``state.view(seat)`` is one flat JSON object: the envelope's keys, which the engine writes the
same way for every game, beside the game's own keys (its table), which the game's
``game_view(seat)`` returns.  Each game describes its whole view as a TypedDict (the envelope's
fields and its own); :func:`json_schema` turns such a TypedDict into a JSON Schema.

>>> import woodlands
>>> view = woodlands.load_game("tanglewoods").new_game(seed=1).view(0)
>>> {k: view[k] for k in ENVELOPE_KEYS}
{'game': 'tanglewoods', 'seat': 0, 'over': False, 'outcome': None, 'deciding': 0}
"""
from __future__ import annotations

from typing import Any, Literal, Mapping, cast

# typing_extensions' TypedDict, not typing's: pydantic reads it on Python 3.11 (json_schema)
from typing_extensions import NotRequired, TypedDict

#: the keys the engine writes in every view; a game's own part never uses them
ENVELOPE_KEYS = ("game", "seat", "over", "outcome", "deciding")

#: how a game may end: won, lost, or stopped by a limit that exists only so automatic play ends
Result = Literal["win", "loss", "unfinished"]


class Outcome(TypedDict):
    """How a finished game ended (``state.outcome``): ``result`` and the details each game adds
    (a reason, a score, the round); each game's outcome type extends this one."""

    result: Result


class Envelope(TypedDict):
    """The keys every game's view shares, but ``outcome``, whose type is each game's own (a
    game's view type declares ``outcome: <its Outcome> | None`` beside these)."""

    #: the game's id
    game: str
    #: the seat this view is for
    seat: int
    #: whether the game has ended
    over: bool
    #: the seat that decides now (one seat decides at a time), None once the game is over
    deciding: int | None


class View(Envelope):
    """Any game's view as generic code may read it: the envelope (the game's own keys are
    beside it, typed by each game's view type)."""

    outcome: Outcome | None


class Event(TypedDict):
    """One event of the log: its ``type`` and the fields of that type (each game's event types
    name them).  In ``log_for(seat)`` an event that names a fact hidden from the seat comes with
    those fields ``None`` and their names in ``hidden``."""

    type: str
    hidden: NotRequired[list[str]]


class GameOverEvent(TypedDict):
    """The last event of every finished game: the outcome's fields (each game's own type of this
    event adds its outcome's details)."""

    type: Literal["game_over"]
    result: Result


def envelope(view: Mapping[str, Any]) -> View:
    """The envelope of any game's view, typed (for generic clients)."""
    return {"game": view["game"], "seat": view["seat"], "over": view["over"], "outcome": outcome_of(view["outcome"]),
            "deciding": view["deciding"]}


def outcome_of(outcome: Mapping[str, Any] | None) -> Outcome | None:
    """A finished game's outcome (``state.outcome``, or a view's ``outcome``) typed for generic
    clients: the same object, read as an :class:`Outcome` (its ``result``, the game's details
    beside it); None while the game goes on.  Nothing is copied or checked: it costs nothing
    at the end of a simulated game.

    >>> import woodlands
    >>> state = woodlands.load_game("tanglewoods").new_game(seed=1)
    >>> outcome_of(state.outcome) is None
    True
    """
    # the engine writes every outcome as {"result": ..., **details} (GameState.end_game); a
    # position read from a file is only known to hold an object, so readers keep .get("result")
    return cast("Outcome | None", outcome)


def result_of(outcome: Mapping[str, Any] | None) -> Result | None:
    """How a finished game ended (``win``, ``loss`` or ``unfinished``): the ``result`` of
    ``outcome`` (``state.outcome``, a view's ``outcome``); None while the game goes on.

    >>> result_of({"result": "win", "round": 7}), result_of(None)
    ('win', None)
    """
    typed = outcome_of(outcome)
    return None if typed is None else typed.get("result")


def json_schema(typed: Any, title: str | None = None, closed: bool = True) -> dict[str, Any]:
    """The JSON Schema of a TypedDict (a game's view, outcome or event type), made by pydantic
    from the type itself, so the two cannot drift apart.  Every object it describes is closed
    (``additionalProperties: false``): a key the type does not name is an error, so a view that
    grows a key must say so in its type.  Objects keyed by data (``dict[str, int]``) keep their
    value schema.  ``closed=False`` leaves them open, for the generic types of this module,
    which every game extends (:class:`View`, :class:`Outcome`, :class:`Event`)."""
    from pydantic import TypeAdapter       # only when a schema is asked for: not on play's path
    schema: dict[str, Any] = TypeAdapter(typed).json_schema()
    if closed:
        _close(schema)
    if title:
        schema["title"] = title
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def _close(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _close(value)
    elif isinstance(node, list):
        for value in node:
            _close(value)


__all__ = ["ENVELOPE_KEYS", "Envelope", "Event", "GameOverEvent", "Outcome", "Result", "View", "envelope",
           "json_schema", "outcome_of", "result_of"]
