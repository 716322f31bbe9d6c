"""The bot interface and the registry that builds bots by name; each game's own bots are named
in its descriptor (:class:`woodlands.engine.registry.GameDescriptor`)."""
from __future__ import annotations

import os
from typing import Any, TYPE_CHECKING, Protocol, TypeGuard, runtime_checkable

from ..engine.errors import GameOptionError, brief

if TYPE_CHECKING:
    from ..engine.decision import Decision
    from ..engine.state import GameState
    from .ismcts import Budget


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


#: Set to 1 (the test suite does, tests/conftest.py), a greedy bot made without ``strict=`` is
#: strict: a decision it has no judgement for raises :class:`UnhandledDecision` instead of being
#: answered with the decision's first option.
STRICT_ENV = "WOODLANDS_STRICT_BOTS"


class UnhandledDecision(RuntimeError):
    """A strict greedy bot met a decision it has no judgement for: a decision kind without a
    handler, or a handler that named none of the decision's options.  A gap in the bot, not
    bad input: it never reaches a player (bots are strict only under test)."""


def strict_default() -> bool:
    """Whether greedy bots made without ``strict=`` are strict: :data:`STRICT_ENV` set to
    anything but empty, ``0``, ``false`` or ``no``."""
    return os.environ.get(STRICT_ENV, "").strip().lower() not in ("", "0", "false", "no")


def no_judgement(game: str, decision: "Decision", strict: bool | None, answer: object = None,
                 handled: bool = False) -> str:
    """What a greedy bot of ``game`` answers when it has no judgement for ``decision``: its
    handler is missing (``handled`` False) or gave ``answer``, which is not one of the options.

    Strict (``strict``, or :func:`strict_default` when it is None): raise
    :class:`UnhandledDecision`, naming the game and the decision kind, so that a test finds the
    gap.  Otherwise the first option, so that a game in play never stops on a bot's gap.
    """
    if strict if strict is not None else strict_default():
        if handled:
            raise UnhandledDecision(f"the greedy {game} bot's handler for the decision kind {decision.kind!r} "
                                    f"answered {brief(answer)}, which is not one of its options {brief(decision.ids)}")
        raise UnhandledDecision(f"the greedy {game} bot has no handler for the decision kind {decision.kind!r}")
    return decision.ids[0]


class HandlerTable:
    """A bot that answers each decision kind by its own handler, from the table ``_handlers``
    its ``__init__`` fills: ``kinds`` says which kinds it can answer (the strict-mode test holds
    them against the kinds each game declares)."""

    _handlers: dict[str, Any]

    @property
    def kinds(self) -> frozenset[str]:
        """The decision kinds this bot has a handler for."""
        return frozenset(self._handlers)


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


class SearchingBot(Bot, Protocol):
    """A bot that searches: it thinks within a budget of iterations or seconds a decision."""

    budget: "Budget"


def searches(bot: Bot) -> TypeGuard[SearchingBot]:
    """Whether ``bot`` searches (it takes a budget, iterations or seconds a decision): its moves
    cost seconds of CPU, so a server runs them apart (woodlands.web.searchpool).

    >>> searches(get_bot("ismcts", 1)), searches(get_bot("greedy", 1))
    (True, False)
    """
    return hasattr(bot, "budget")


#: the bots every client may ask for by name without naming a game (``greedy`` picks each game's own)
BOT_NAMES: tuple[str, ...] = ("random", "greedy")


def bot_names() -> list[str]:
    """Every bot name some known game has (its descriptor's ``bots``), sorted."""
    from ..engine.registry import descriptors
    return sorted({name for d in descriptors() for name in d.bots})


def get_bot(name: str, seed: int = 0, game: str | None = None, budget: "str | int | None" = None) -> Bot:
    """A fresh bot called ``name``, seeded with ``seed``.  With ``game``, the bot that game's
    descriptor names (its ``bots``), so a game may bring bots of its own; without, ``random``,
    ``ismcts`` or the ``greedy`` that picks each game's own greedy bot when it plays.

    A searching bot takes a ``budget`` (iterations, ``"400"``, or seconds, ``"1s"``: see
    :class:`woodlands.bots.ismcts.Budget`), given as the argument or after the name
    (``"ismcts:1s"``, as ``woodlands sim --bot ismcts --budget 1s`` passes it on).

    >>> get_bot("random", 1).name
    'random'
    >>> get_bot("greedy", 1, game="tanglewoods").name
    'greedy'
    >>> str(get_bot("ismcts:1s", 1, game="tanglewoods").budget)
    '1s'
    """
    name, _, suffix = name.partition(":")
    if suffix:
        budget = suffix
    if game is not None:
        from ..engine.registry import descriptor
        bot: Bot = descriptor(game).make_bot(name, seed)
    elif name == "greedy":
        bot = GreedyBot(seed)
    elif name == "random":
        from .random_bot import RandomBot
        bot = RandomBot(seed)
    elif name == "ismcts":
        from .ismcts import ISMCTSBot
        bot = ISMCTSBot(seed)
    else:
        raise GameOptionError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}")
    if budget is not None:
        if not searches(bot):
            raise GameOptionError(f"the {name} bot does not search, so it takes no budget")
        from .ismcts import Budget
        bot.budget = Budget.parse(budget)
    return bot
