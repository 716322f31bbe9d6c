"""What a designer needs from one finished game, read from its final state and log.

Run once per game *after* it is over (never in the hot loop): the columns a results file adds to
the game's own :meth:`~woodlands.Game.measures` so that the balance report can say which cards,
scenes or fights go with a loss.  Each game's descriptor names them: ``details(state)`` returns a
dict of plain values (numbers, text, lists of text, lists of small dicts) and ``detail_fields()``
the Parquet type of every column, so every batch of a file has the same schema.

>>> import woodlands
>>> from woodlands.kit.bots import bot_for
>>> game = woodlands.load_game("tanglewoods")
>>> state = game.new_game(seed=2, options=game.options_for_simulation({"difficulty": 3}))
>>> bot = bot_for("tanglewoods", "random", 2)
>>> while not state.is_over:
...     state.apply(bot.choose(state))
>>> d = details(state)
>>> d["difficulty"], isinstance(d["hero"], str), isinstance(d["cards"], list)
(3, True, True)
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.registry import descriptor, descriptors, resolve
from ..engine.state import GameState

Details = dict[str, Any]

_DETAILS: dict[type, Callable[[GameState], Details] | None] = {}


def details(state: GameState) -> Details:
    """The designer's columns for a finished game (empty for a game whose descriptor has none)."""
    cls = type(state.game)
    if cls not in _DETAILS:
        _DETAILS[cls] = resolve(descriptor(state.game.id).details)
    fn = _DETAILS[cls]
    return fn(state) if fn is not None else {}


def detail_fields() -> dict[str, Any]:
    """Column name -> pyarrow type of every detail column of every known game; ValueError if two
    games give one column two types (a results file may hold games of both)."""
    fields: dict[str, Any] = {}
    owner: dict[str, str] = {}
    for d in descriptors():
        make = resolve(d.detail_fields)
        for name, typ in (make() if make is not None else {}).items():
            if name in fields and fields[name] != typ:
                raise ValueError(f"the detail column {name!r} is {fields[name]} for {owner[name]} but {typ} for {d.id}")
            fields.setdefault(name, typ)
            owner.setdefault(name, d.id)
    return fields
