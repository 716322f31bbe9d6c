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

from .engine.registry import declare_built_in as _declare_built_in
from .games import BUILTIN as _BUILTIN_GAMES

# What pyproject.toml declares as entry points, for a checkout run without package metadata.
# Declared here, in the package that is the distribution and sits above every layer: the engine
# and the command line name no game and no web command, and Python imports this module before
# any of theirs, so the lists are in place before anything asks for them.
_declare_built_in("woodlands.games", _BUILTIN_GAMES)
_declare_built_in("woodlands.bots", {"random": "woodlands.bots.random_bot:RandomBot",
                                     "ismcts": "woodlands.bots.ismcts:ISMCTSBot"})
_declare_built_in("woodlands.commands", {"serve": "woodlands.web.commands:SERVE",
                                         "bench-web": "woodlands.web.commands:BENCH_WEB"})

__version__ = "0.1.0"
__all__ = ["ContentError", "Decision", "Game", "GameDescriptor", "GameOptionError", "GameState", "GameTests",
           "IllegalAction", "Lazy", "NotRecorded", "Option", "OptionSpec", "RecordError", "Refusal", "WoodlandsError", "game_ids", "load_game",
           "register_game", "replay", "__version__"]
