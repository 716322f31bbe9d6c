"""What each seat gets when a game ends: the rewards of every research adapter (Gymnasium,
PettingZoo and OpenSpiel; docs/research.md).

There is one reward per game, the game's own :meth:`~woodlands.engine.game.Game.reward` (in
[0, 1]; what the search bot and the hints maximise too).  The adapters put it on [-1, 1] as
``2 * reward - 1``: +1 for a win (or a flawless Storyfold campaign), -1 for a loss, and, where
the game grades a finished game or its seats play each for itself, what lies between.  A game
not over, or cut by a limit (``"unfinished"``), gives 0 to every seat.  A game whose seats may
play each for itself gives its descriptor an ``each_for_itself`` hook, ``(options) -> bool``
(OpenSpiel then calls the game general-sum).

Nothing here is on the per-step path: an adapter looks its game's returns up once
(:func:`returns_of`) and calls them once per episode.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..engine.registry import GameDescriptor, descriptor, resolve
from ..engine.views import result_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState

#: ``(game, state, players) -> [return of each seat]``
Returns = Callable[["Game", "GameState", int], list[float]]


def game_returns(game: "Game", state: "GameState", players: int) -> list[float]:
    """``2 * game.reward(state, seat) - 1`` for every seat of a won or lost ``state``."""
    return [2.0 * game.reward(state, seat) - 1.0 for seat in range(players)]


def returns_of(d: GameDescriptor) -> Returns:
    """The returns of ``d``'s game (:func:`game_returns`), with 0 to every seat of a game that
    is not over or was cut by a limit (``"unfinished"``)."""

    def returns(game: "Game", state: "GameState", players: int) -> list[float]:
        if result_of(state.outcome) not in ("win", "loss"):
            return [0.0] * players
        return game_returns(game, state, players)
    return returns


def seat_returns(game: "Game", state: "GameState", players: int) -> list[float]:
    """The returns of ``state`` of ``game`` (see the module doc), one per seat."""
    return returns_of(descriptor(game.id))(game, state, players)


def each_plays_for_itself(game: "Game", options: dict[str, Any]) -> bool:
    """Whether the seats of ``game`` with ``options`` play against each other."""
    hook = descriptor(game.id).each_for_itself
    return hook is not None and bool(resolve(hook)(options))
