"""What a game's own bots build on: the bot protocol, the table of handlers a greedy bot answers
decision kinds with, what a strict bot does with a decision it has no judgement for, the search
budget, and :func:`bot_for`, which builds a game's bot by name from its descriptor.

The generic bots (random, IS-MCTS) and the lookup by name without a game live in
:mod:`woodlands.bots`, above the games; this module sits below them, so a game's package imports
only downward.

>>> bot = bot_for("tanglewoods", "random", 1)
>>> bot.name, searches(bot)
('random', False)
>>> str(bot_for("tanglewoods", "ismcts:250ms", 1).budget)
'0.25s'
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeGuard, runtime_checkable

from ..engine.errors import GameOptionError, brief

if TYPE_CHECKING:
    from ..engine.decision import Decision
    from ..engine.state import GameState

#: the iterations per decision of a searching bot when no budget is given
DEFAULT_ITERATIONS = 200


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


class SearchingBot(Bot, Protocol):
    """A bot that searches: it thinks within a budget of iterations or seconds a decision."""

    budget: "Budget"


def searches(bot: Bot) -> TypeGuard[SearchingBot]:
    """Whether ``bot`` searches (it takes a budget, iterations or seconds a decision): its moves
    cost seconds of CPU, so a server runs them apart (woodlands.web.searchpool).

    >>> searches(bot_for("tanglewoods", "ismcts", 1)), searches(bot_for("tanglewoods", "greedy", 1))
    (True, False)
    """
    return hasattr(bot, "budget")


@dataclass(frozen=True)
class Budget:
    """How much search one decision gets: ``iterations`` or ``seconds`` (exactly one is set).

    Seconds are wall-clock time by default; ``-cpu`` after them (``1s-cpu``) counts the
    searching thread's own CPU time instead, so that a long study or ladder run at low priority
    on a busy machine gives each decision as much thinking as a quiet machine would (a wall-clock
    budget there would search less whenever other work runs, and the results would depend on it).

    >>> Budget.parse("400"), Budget.parse("1s"), Budget.parse("250ms")
    (Budget(iterations=400, seconds=None, cpu=False), Budget(iterations=None, seconds=1.0, cpu=False), Budget(iterations=None, seconds=0.25, cpu=False))
    >>> str(Budget.parse("1.5s")), str(Budget.parse(50)), str(Budget.parse("1S-CPU")), Budget.parse("250ms-cpu").cpu
    ('1.5s', '50', '1s-cpu', True)
    """

    iterations: int | None = None
    seconds: float | None = None
    cpu: bool = False

    def clock(self) -> "Callable[[], float]":
        """The clock a seconds budget is counted on: the thread's CPU time or the wall clock."""
        return time.thread_time if self.cpu else time.perf_counter

    @classmethod
    def parse(cls, text: "str | int | Budget | None") -> "Budget":
        if text is None:
            return cls(iterations=DEFAULT_ITERATIONS)
        if isinstance(text, Budget):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            raw = str(text)
        elif isinstance(text, str):
            raw = text.strip().lower()
        else:
            raise GameOptionError(f"a budget is a number of iterations (400) or of seconds (1s, 250ms), not {text!r}")
        cpu = raw.endswith("-cpu")
        if cpu:
            raw = raw[:-4]
        try:
            if raw.endswith("ms"):
                seconds = float(raw[:-2]) / 1000
            elif raw.endswith("s"):
                seconds = float(raw[:-1])
            else:
                iterations = int(raw)
                if cpu or not 1 <= iterations <= 10_000_000:
                    raise ValueError
                return cls(iterations=iterations)
        except ValueError:
            raise GameOptionError(
                f"a budget is a number of iterations from 1 to 10000000 (400) or of seconds (1s, 250ms, 1s-cpu), "
                f"not {raw[:40]!r}") from None
        if not (math.isfinite(seconds) and 0.001 <= seconds <= 3600):
            raise GameOptionError(f"a budget in seconds must be from 1ms to 3600s, not {raw[:40]!r}")
        return cls(seconds=seconds, cpu=cpu)

    def __str__(self) -> str:
        if self.iterations is not None:
            return str(self.iterations)
        return f"{self.seconds:g}s" + ("-cpu" if self.cpu else "")


def bot_for(game: str, name: str, seed: int = 0, budget: "str | int | None" = None) -> Bot:
    """A fresh bot called ``name`` for the game ``game``, seeded with ``seed``: the one that
    game's descriptor names (its ``bots``); GameOptionError if it has none by that name.

    A searching bot takes a ``budget`` (iterations, ``"400"``, or seconds, ``"1s"``: see
    :class:`Budget`), given as the argument or after the name (``"ismcts:1s"``).
    """
    from ..engine.registry import descriptor
    name, _, suffix = name.partition(":")
    if suffix:
        budget = suffix
    bot: Bot = descriptor(game).make_bot(name, seed)
    if budget is not None:
        with_budget(bot, name, budget)
    return bot


def with_budget(bot: Bot, name: str, budget: "str | int | Budget") -> None:
    """Give the searching ``bot`` (called ``name``) ``budget``; GameOptionError if it does not search."""
    if not searches(bot):
        raise GameOptionError(f"the {name} bot does not search, so it takes no budget")
    bot.budget = Budget.parse(budget)
