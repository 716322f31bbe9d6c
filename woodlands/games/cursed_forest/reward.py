"""What each seat of The Cursed Forest gets at the end, for the research adapters
(:mod:`woodlands.kit.returns`).

The cooperative game is won or lost together (CF-076): +1 to every seat for a win, -1 for a
loss.  In a ``pvp`` game each seat plays for itself, and its return is the game's own
:meth:`~woodlands.games.cursed_forest.CursedForestGame.reward` for that seat (half for the
team's win, half for being the Forest Champion, CF-077) put on the same scale:
``2 * reward - 1``.  So a lone champion of a won game gets +1, a non-champion of a lost game -1.
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...engine.state import GameState
from ...kit.returns import shared_returns


def each_for_itself(options: dict[str, Any]) -> bool:
    """Whether the seats play against each other: the ``pvp`` game."""
    return bool(options.get("pvp"))


def returns(game: Game, state: GameState, players: int) -> list[float]:
    """Each seat's return of the won or lost ``state`` (see the module doc)."""
    if each_for_itself(state.options):
        return [2.0 * game.reward(state, seat) - 1.0 for seat in range(players)]
    return shared_returns(game, state, players)
