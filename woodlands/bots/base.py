"""The bot interface and the registry that builds bots by name."""
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


def _random(seed: int) -> Bot:
    from .random_bot import RandomBot
    return RandomBot(seed)


def _greedy(seed: int) -> Bot:
    from .greedy_tanglewoods import GreedyTanglewoodsBot
    return GreedyTanglewoodsBot(seed)


_REGISTRY: dict[str, Callable[[int], Bot]] = {
    "random": _random,
    "greedy": _greedy,
}
BOT_NAMES: tuple[str, ...] = tuple(_REGISTRY)


def get_bot(name: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` (``random`` or ``greedy``), seeded with ``seed``.

    >>> get_bot("random", 1).name
    'random'
    """
    try:
        make = _REGISTRY[name]
    except KeyError:
        raise GameOptionError(f"unknown bot {name!r}; the bots are: {', '.join(BOT_NAMES)}") from None
    return make(seed)
