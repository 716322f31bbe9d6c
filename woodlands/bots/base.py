"""The bot interface and the registry that builds bots by name; each game's own bots are named
in its descriptor (:class:`woodlands.engine.registry.GameDescriptor`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol, runtime_checkable

from ..engine.errors import GameOptionError

if TYPE_CHECKING:
    from ..engine.state import GameState


@runtime_checkable
class Bot(Protocol):
    """Anything that, given a state waiting for a decision, names one of its options.

    Bots are built with a seed (``BotClass(seed)``) so that a simulation is repeatable, and
    decide only from ``state.decision`` and ``state.view(state.decision.player)``.
    """

    name: str

    def choose(self, state: "GameState") -> str:
        """The id of one option of ``state.decision``."""
        ...


class GreedyBot:
    """``greedy``: each game's own heuristic player, picked by the game being played.

    One seeded bot per game id is made on first use, so a single ``GreedyBot`` can play any
    game (the simulator makes one per game anyway).
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._by_game: dict[str, Bot] = {}

    def choose(self, state: "GameState") -> str:
        game_id = state.game.id
        bot = self._by_game.get(game_id)
        if bot is None:
            bot = self._by_game[game_id] = greedy_for(game_id, self.seed)
        return bot.choose(state)


def greedy_for(game_id: str, seed: int) -> Bot:
    """The greedy bot of ``game_id`` (from its descriptor); GameOptionError if that game has none."""
    from ..engine.registry import descriptor
    bot: Bot = descriptor(game_id).make_bot("greedy", seed)
    return bot


def _random(seed: int) -> Bot:
    from .random_bot import RandomBot
    return RandomBot(seed)


_REGISTRY: dict[str, Callable[[int], Bot]] = {
    "random": _random,
    "greedy": GreedyBot,
}
BOT_NAMES: tuple[str, ...] = tuple(_REGISTRY)


def get_bot(name: str, seed: int = 0, game: str | None = None) -> Bot:
    """A fresh bot called ``name`` (``random`` or ``greedy``), seeded with ``seed``.  With
    ``game``, also check at once that the bot can play that game.

    >>> get_bot("random", 1).name
    'random'
    >>> get_bot("greedy", 1, game="tanglewoods").name
    'greedy'
    """
    try:
        make = _REGISTRY[name]
    except KeyError:
        raise GameOptionError(f"unknown bot {name!r}; the bots are: {', '.join(BOT_NAMES)}") from None
    if game is not None:
        from ..engine.registry import descriptor
        if name not in descriptor(game).bots:
            raise GameOptionError(f"there is no {name} bot for {game!r}")
    return make(seed)
