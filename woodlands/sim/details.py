"""What a designer needs from one finished game, read from its final state and log.

Run once per game *after* it is over (never in the hot loop): the columns a results file adds to
the game's own :meth:`~woodlands.Game.measures` so that the balance report can say which cards,
scenes or fights go with a loss.  Each game id maps to a function returning a dict of plain
values (numbers, text, lists of text, lists of small dicts); :data:`DETAIL_FIELDS` gives the
Parquet type of every column, so every batch of a file has the same schema.

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

import importlib
import sys
from typing import Any, Callable

from ..engine.state import GameState

Details = dict[str, Any]


def balance_module(game_class: type) -> Any:
    """A game's balance module: ``balance`` beside the module of its game class (e.g.
    ``woodlands.games.<game>.balance``), or None.  It may define ``details(state)`` (the columns
    below) and ``report_section(...)`` (woodlands.sim.report)."""
    package = game_class.__module__
    if "." in package and not _is_package(package):
        package = package.rsplit(".", 1)[0]
    try:
        return importlib.import_module(package + ".balance")
    except ModuleNotFoundError as e:
        if e.name != package + ".balance":
            raise
        return None


def _is_package(name: str) -> bool:
    module = sys.modules.get(name)
    return module is not None and hasattr(module, "__path__")


_DETAILS: dict[type, Callable[[GameState], Details] | None] = {}


def details(state: GameState) -> Details:
    """The designer's columns for a finished game (empty for a game without a balance module)."""
    cls = type(state.game)
    if cls not in _DETAILS:
        module = balance_module(cls)
        _DETAILS[cls] = getattr(module, "details", None)
    fn = _DETAILS[cls]
    return fn(state) if fn is not None else {}


def detail_fields() -> dict[str, Any]:
    """Column name -> pyarrow type of every detail column of every game (pyarrow imported here)."""
    import pyarrow as pa
    text_list = pa.list_(pa.string())
    return {
        # Tanglewoods
        "difficulty": pa.int64(), "difficulty_mode": pa.string(), "hero": pa.string(), "side": pa.string(),
        "health": pa.int64(), "gold": pa.int64(), "dice_ready": pa.int64(), "dice_exhausted": pa.int64(),
        "cards": text_list, "items": text_list, "bears": text_list,
        # Storyfold
        "scenes": pa.list_(pa.struct([("scene", pa.string()), ("chapter", pa.string()),
                                      ("attempt", pa.int64()), ("result", pa.string())])),
        "restarts": text_list, "stopped_at": pa.string(), "chapter_reached": pa.string(),
        # The Cursed Forest
        "players": pa.int64(), "pvp": pa.bool_(), "characters": text_list, "how": pa.string(),
        "deaths": pa.int64(), "morna_kills": pa.int64(),
        "fights": pa.list_(pa.struct([("adventurer", pa.int64()), ("kind", pa.string()), ("monster", pa.string()),
                                      ("items", text_list), ("result", pa.string())])),
    }
