"""Woodlands: three forest tabletop games, playable and analysable in Python.

>>> import woodlands
>>> game = woodlands.load_game("tanglewoods")
>>> state = game.new_game(seed=7, options={"difficulty": 5, "hero": "thorn-warden", "side": "a"})
>>> while not state.is_over:
...     state.apply(state.decision.options[0].id)
>>> state.outcome["result"] in {"win", "loss", "unfinished"}
True
>>> woodlands.replay(state.record()).view(0) == state.view(0)
True
"""
from .engine import (ContentError, Decision, Game, GameDescriptor, GameOptionError, GameState, GameTests,
                     IllegalAction, Lazy, NotRecorded, Option, OptionSpec, RecordError, Refusal, WoodlandsError, game_ids, load_game,
                     register_game, replay)

__version__ = "0.1.0"
__all__ = ["ContentError", "Decision", "Game", "GameDescriptor", "GameOptionError", "GameState", "GameTests",
           "IllegalAction", "Lazy", "NotRecorded", "Option", "OptionSpec", "RecordError", "Refusal", "WoodlandsError", "game_ids", "load_game",
           "register_game", "replay", "__version__"]
