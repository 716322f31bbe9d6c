"""The game-agnostic kernel shared by every Woodlands game."""
from .decision import Decision, Option
from .errors import ContentError, GameOptionError, IllegalAction, NotRecorded, RecordError, WoodlandsError
from .refusal import Refusal
from .game import Game, game_ids, load_game, replay
from .registry import GameDescriptor, GameTests, Lazy, OptionSpec, register_game
from .state import GameState

__all__ = ["Decision", "Option", "ContentError", "GameOptionError", "IllegalAction", "NotRecorded", "RecordError",
           "WoodlandsError", "Game", "GameState", "game_ids", "load_game", "replay",
           "Refusal", "GameDescriptor", "GameTests", "Lazy", "OptionSpec", "register_game"]
