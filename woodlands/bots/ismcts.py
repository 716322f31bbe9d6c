"""``ismcts``: information-set Monte Carlo tree search, for every game.

The bot never reads the state it is given beyond what its seat may see.  Each iteration asks
``state.determinize(seat, seed)`` for a full position that seat cannot tell from the real one
(hidden orders drawn afresh, the generator reseeded, so future dice and draws differ from one
iteration to the next), walks one shared tree of option ids down it (single-observer IS-MCTS:
a child is judged by UCB over the iterations in which it was available), adds one node, and plays
the sample to its end on the fast path (:mod:`woodlands.engine.fastpath`).  The end is scored by
the game's :meth:`~woodlands.engine.game.Game.reward` for each seat: cooperative seats of The
Cursed Forest share the team's result, with ``pvp`` each plays for itself, and Storyfold's score
counts.  Each node keeps the reward of the seat that chose it, so every seat in the tree plays
for itself.

The budget is a number of iterations (``Budget.parse("400")``) or seconds per decision
(``"1s"``, ``"250ms"``).  With an iteration budget the bot is reproducible: the same seed, the
same position as its seat sees it, the same choice.

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=2, options={"hero": "thorn-warden", "round_limit": 60})
>>> bot = ISMCTSBot(seed=1, budget="30")
>>> choice = bot.choose(state)
>>> choice in state.decision and choice == ISMCTSBot(seed=1, budget="30").choose(state)
True
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.errors import GameOptionError
from ..engine.fastpath import play, quiet, random_playout

if TYPE_CHECKING:
    from ..engine.state import GameState
    from .base import Bot

#: the iterations per decision when no budget is given
DEFAULT_ITERATIONS = 200
#: the exploration constant of UCB (rewards are in [0, 1])
DEFAULT_EXPLORATION = 0.7
#: a playout that has not ended after this many decisions is scored as unfinished (0): a
#: person's game has no round limit, and a random player may wander for a long time
PLAYOUT_LIMIT = 4000
LEAVES = ("random", "greedy")
#: each decision between the root and the end of a sample costs this factor of its reward, so
#: that of two options the search prefers the one that gets there sooner: without it, an option
#: that changes nothing (committing a die and taking it back) looks as good as progress, and a
#: searching player may dither
DISCOUNT = 0.999


@dataclass(frozen=True)
class Budget:
    """How much search one decision gets: ``iterations`` or ``seconds`` (exactly one is set).

    >>> Budget.parse("400"), Budget.parse("1s"), Budget.parse("250ms")
    (Budget(iterations=400, seconds=None), Budget(iterations=None, seconds=1.0), Budget(iterations=None, seconds=0.25))
    >>> str(Budget.parse("1.5s")), str(Budget.parse(50))
    ('1.5s', '50')
    """

    iterations: int | None = None
    seconds: float | None = None

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
        try:
            if raw.endswith("ms"):
                seconds = float(raw[:-2]) / 1000
            elif raw.endswith("s"):
                seconds = float(raw[:-1])
            else:
                iterations = int(raw)
                if not 1 <= iterations <= 10_000_000:
                    raise ValueError
                return cls(iterations=iterations)
        except ValueError:
            raise GameOptionError(
                f"a budget is a number of iterations from 1 to 10000000 (400) or of seconds (1s, 250ms), "
                f"not {raw[:40]!r}") from None
        if not (math.isfinite(seconds) and 0.001 <= seconds <= 3600):
            raise GameOptionError(f"a budget in seconds must be from 1ms to 3600s, not {raw[:40]!r}")
        return cls(seconds=seconds)

    def __str__(self) -> str:
        if self.iterations is not None:
            return str(self.iterations)
        return f"{self.seconds:g}s"


class _Node:
    """One option taken at one point of the tree: who took it, how often, how well it did for
    them, and in how many iterations it could have been taken (IS-MCTS's availability)."""

    __slots__ = ("children", "player", "visits", "avail", "total")

    def __init__(self, player: int) -> None:
        self.children: dict[str, _Node] = {}
        self.player = player
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@dataclass(frozen=True)
class OptionStat:
    """What the search found for one option of the root decision."""

    option_id: str
    visits: int
    share: float          #: of the root's visits
    value: float          #: the deciding seat's mean reward after it (0..1; about a win chance where the reward is win/loss)


@dataclass(frozen=True)
class SearchResult:
    seat: int
    stats: tuple[OptionStat, ...]     #: most visited first
    iterations: int
    seconds: float
    playout_seconds: float            #: of which spent playing samples to their end (the rest is the search's own)

    @property
    def best(self) -> str:
        return self.stats[0].option_id


class ISMCTSBot:
    """Information-set MCTS.  ``budget``: iterations or seconds per decision (:class:`Budget`);
    ``leaf``: how a new node is judged, ``"greedy"`` (the game's greedy bot plays the sample
    out: the default, it wins more, docs/bots.md) or ``"random"`` (uniform playouts on the fast
    path: ten to a hundred times more iterations, but a random player almost never wins
    Tanglewoods above difficulty 3 or solo Cursed Forest, so its samples say little)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, budget: "str | int | Budget | None" = None, leaf: str = "greedy",
                 exploration: float = DEFAULT_EXPLORATION) -> None:
        if leaf not in LEAVES:
            raise GameOptionError(f"unknown leaf evaluation {leaf!r}; choose one of {', '.join(LEAVES)}")
        self.seed = seed
        self.budget = Budget.parse(budget)
        self.leaf = leaf
        self.exploration = exploration
        self._greedy: dict[str, Bot] = {}

    def choose(self, state: "GameState") -> str:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to choose")
        if len(decision.options) == 1:
            return decision.options[0].id
        return self.search(state).best

    # ------------------------------------------------------------------ the search
    def search(self, state: "GameState", seat: int | None = None, budget: "Budget | None" = None) -> SearchResult:
        """Search the decision of ``state`` as ``seat`` (the deciding seat by default) sees it."""
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to search")
        seat = decision.player if seat is None else seat
        budget = budget or self.budget
        game = state.game
        # everything random here comes from the bot's seed and what the seat knows: how many
        # choices have been made (public), never the state's own generator
        master = random.Random(self.seed * 0x9E3779B1 + len(state.choices) * 0x85EBCA77 + seat)
        pick = random.Random(master.getrandbits(64))
        root = _Node(seat)
        c = self.exploration
        greedy = self.leaf == "greedy"
        limit = budget.iterations
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        started = time.perf_counter()
        in_playouts = 0.0
        iterations = 0
        log = math.log
        sqrt = math.sqrt
        while True:
            if limit is not None:
                if iterations >= limit:
                    break
            elif iterations and time.perf_counter() >= deadline:   # type: ignore[operator]
                break
            iterations += 1
            d = state.determinize(seat, master.getrandbits(63))
            if not greedy:
                quiet(d)
            node = root
            path: list[_Node] = []
            expanded = False
            moves = 0
            # selection and expansion: down the tree while every option here has a node
            while not d.over:
                options = d._decision.options   # type: ignore[union-attr]
                n = len(options)
                if n == 1:
                    self._take(d, 0, greedy)
                    moves += 1
                    continue
                children = node.children
                untried: list[int] = []
                best = -1
                best_score = -1.0
                for k in range(n):
                    child = children.get(options[k][0])
                    if child is None:
                        untried.append(k)
                        continue
                    child.avail += 1
                    if not untried:
                        score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                        if score > best_score:
                            best, best_score = k, score
                if untried:
                    k = untried[pick.randrange(len(untried))]
                    child = children[options[k][0]] = _Node(d._decision.player)   # type: ignore[union-attr]
                    path.append(child)
                    self._take(d, k, greedy)
                    expanded = True
                    break
                node = children[options[best][0]]
                path.append(node)
                self._take(d, best, greedy)
                moves += 1
            # the leaf: play the sample to its end
            t0 = time.perf_counter()
            if expanded and not d.over:
                played = random_playout(d, pick, PLAYOUT_LIMIT) if not greedy else self._greedy_playout(d)
            else:
                played = 0
            finished = d.over
            discount = DISCOUNT ** (moves + len(path) + played)
            in_playouts += time.perf_counter() - t0
            rewards: dict[int, float] = {}
            for node in path:
                who = node.player
                r = rewards.get(who)
                if r is None:
                    r = rewards[who] = game.reward(d, who) * discount if finished else 0.0
                node.visits += 1
                node.total += r
        total = sum(ch.visits for ch in root.children.values()) or 1
        order = {o.id: k for k, o in enumerate(decision.options)}
        stats = sorted((OptionStat(oid, ch.visits, ch.visits / total, ch.total / ch.visits if ch.visits else 0.0)
                        for oid, ch in root.children.items() if oid in order),
                       key=lambda s: (-s.visits, -s.value, order[s.option_id]))
        if not stats:     # a lone option, or no iteration got past it
            stats = [OptionStat(o.id, 0, 0.0, 0.0) for o in decision.options]
        return SearchResult(seat, tuple(stats), iterations, time.perf_counter() - started, in_playouts)

    @staticmethod
    def _take(d: "GameState", k: int, greedy: bool) -> None:
        if greedy:
            d.apply(d._decision.options[k][0])   # type: ignore[union-attr]
        else:
            play(d, k)

    def _greedy_playout(self, d: "GameState") -> int:
        bot = self._greedy.get(d.game.id)
        if bot is None:
            from .base import get_bot
            bot = self._greedy[d.game.id] = get_bot("greedy", self.seed, game=d.game.id)
        for n in range(1, PLAYOUT_LIMIT + 1):
            d.apply(bot.choose(d))
            if d.over:
                return n
        return PLAYOUT_LIMIT


__all__ = ["Budget", "ISMCTSBot", "OptionStat", "SearchResult"]
