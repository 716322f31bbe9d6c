"""What each seat gets when a game ends, shared by the multi-agent adapters (PettingZoo and
OpenSpiel; docs/research.md).

Every return lies in [-1, 1]: a game cut by a limit gives 0 to every seat.  Cooperative and solo
games are won or lost together (CF-076): +1 to every seat for a win, -1 for a loss.  In a
``pvp`` game of The Cursed Forest each seat plays for itself, and its return is the game's own
:meth:`~woodlands.engine.game.Game.reward` for that seat (half for the team's win, half for
being the Forest Champion, CF-077) put on the same scale: ``2 * reward - 1``.  So a lone
champion of a won game gets +1, a non-champion of a lost game -1, and the seats' order is the
game's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState


def each_plays_for_itself(game: "Game", options: dict[str, object]) -> bool:
    """Whether the seats of ``game`` with ``options`` play against each other (pvp)."""
    return game.id == "cursed-forest" and bool(options.get("pvp"))


def seat_returns(game: "Game", state: "GameState", players: int) -> list[float]:
    """The returns of the finished ``state`` (see the module doc), one per seat; Storyfold's
    score-based return is the OpenSpiel adapter's own (``storyfold_return``)."""
    outcome = state.outcome or {}
    result = outcome.get("result")
    if result not in ("win", "loss"):   # "unfinished": cut by a limit
        return [0.0] * players
    if each_plays_for_itself(game, state.options):
        return [2.0 * game.reward(state, seat) - 1.0 for seat in range(players)]
    return [1.0 if result == "win" else -1.0] * players
