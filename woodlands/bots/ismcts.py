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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.errors import GameOptionError
from ..engine.fastpath import forget_history, play, quiet, random_playout
from ..engine.rng import Rng
from ..kit.bots import DEFAULT_ITERATIONS as DEFAULT_ITERATIONS, Budget as Budget, bot_for  # (re-exported: their old home)
from . import leaf as leaves

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..engine.state import GameState
    from ..kit.bots import Bot

#: the exploration constant of UCB (rewards are in [0, 1])
DEFAULT_EXPLORATION = 0.7
#: the heuristic leaf's values are less noisy than wins and losses and lie closer together
HEURISTIC_EXPLORATION = 0.25
#: a playout that has not ended after this many decisions is scored as unfinished (0): a
#: person's game has no round limit, and a random player may wander for a long time
PLAYOUT_LIMIT = 4000
LEAVES = ("heuristic", "random", "greedy")
#: the leaf evaluation a bot uses when none is named (docs/results/bots.md "Which leaf wins more")
DEFAULT_LEAF = "heuristic"
#: decisions the heuristic leaf plays past the new node before it scores the position, and who
#: plays them (``"random"`` or ``"greedy"``)
DEFAULT_ROLLOUT = 0
DEFAULT_ROLLOUT_BY = "greedy"
ROLLOUT_BY = ("greedy", "random")
#: hidden orders drawn per search for the heuristic and random leaves: iteration ``i`` plays a
#: copy of sample ``i % POOL`` with its own fresh generator (new dice and draws), so that an
#: iteration costs a copy of the position, not a pass over the game's log
POOL = 32
#: progressive bias toward the greedy bot's choice at the root: its UCB score gets
#: ``PRIOR_BIAS / (visits + 1)`` more, and it is expanded first
PRIOR_BIAS = 0.5
#: the search leaves the greedy bot's choice only for an option whose mean value beats it by
#: this much after at least ``MIN_VISITS`` visits (else small differences, mostly noise and the
#: leaf's horizon, would overrule a player that is right more often than not)
MARGIN = 0.05
MIN_VISITS = 10
#: each decision between the root and the end of a sample costs this factor of its reward, so
#: that of two options the search prefers the one that gets there sooner: without it, an option
#: that changes nothing (committing a die and taking it back) looks as good as progress, and a
#: searching player may dither
DISCOUNT = 0.999


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
    playout_seconds: float            #: of which spent playing samples on and judging them (the rest is the search's own)
    prior: str | None = field(default=None, compare=False)   #: the greedy bot's choice (the root's progressive bias), or None

    @property
    def best(self) -> str:
        return self.stats[0].option_id


class ISMCTSBot:
    """Information-set MCTS.  ``budget``: iterations or seconds per decision (:class:`Budget`);
    ``leaf``: how a new node is judged (docs/results/bots.md "Which leaf wins more"):

    * ``"heuristic"`` (the default): the game's position value (:mod:`woodlands.bots.leaf`) of
      the sample right after the new node (or after up to ``rollout`` decisions of
      ``rollout_by``: ``"greedy"`` finishes the game's current phase, ``"random"`` plays them all), from
      ``POOL`` hidden orders per search, each iteration with fresh dice, on the fast path;
    * ``"random"``: uniform playouts to the end on the fast path (a random player almost never
      wins Tanglewoods above difficulty 3 or solo Cursed Forest, so its samples say little);
    * ``"greedy"``: the game's greedy bot plays each sample out (informative, 10-100 times
      dearer).

    ``prior`` (default on): the greedy bot's choice at the root, computed from the seat's view,
    is expanded first and gets a progressive bias (``PRIOR_BIAS / (visits + 1)``); with
    ``margin`` (default ``MARGIN``; None: off) the bot keeps it unless an option visited at least
    ``MIN_VISITS`` times has a mean value at least ``margin`` higher.

    With the heuristic leaf the game's own settings (:func:`woodlands.bots.leaf.settings`) may
    set the defaults of ``rollout`` (None here: the game's, else 0), the margin and the
    exploration constant, how deep the tree grows, and which decisions are searched at all
    (``choose`` takes the greedy choice elsewhere, spending no budget)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, budget: "str | int | Budget | None" = None, leaf: str = DEFAULT_LEAF,
                 exploration: float | None = None, prior: bool = True, rollout: int | None = None,
                 rollout_by: str = DEFAULT_ROLLOUT_BY, margin: float | None = MARGIN) -> None:
        if leaf not in LEAVES:
            raise GameOptionError(f"unknown leaf evaluation {leaf!r}; choose one of {', '.join(LEAVES)}")
        if rollout is not None and (isinstance(rollout, bool) or not isinstance(rollout, int)
                                    or not 0 <= rollout <= PLAYOUT_LIMIT):
            raise GameOptionError(f"rollout is a number of decisions from 0 to {PLAYOUT_LIMIT}, not {rollout!r}")
        if rollout_by not in ROLLOUT_BY:
            raise GameOptionError(f"unknown rollout player {rollout_by!r}; choose one of {', '.join(ROLLOUT_BY)}")
        self.seed = seed
        self.budget = Budget.parse(budget)
        self.leaf = leaf
        self._exploration = exploration     # as given (None: the game's settings may name one)
        if exploration is None:
            exploration = HEURISTIC_EXPLORATION if leaf == "heuristic" else DEFAULT_EXPLORATION
        self.exploration = exploration
        self.prior = prior
        self.rollout = rollout
        self.rollout_by = rollout_by
        self.margin = margin
        self._greedy: dict[str, Bot] = {}
        # the positions ``choose`` has met in the game it is playing (the game's ``repeat_key``)
        self._seen: set[tuple[int, object]] = set()
        self._seen_game: str | None = None
        self._seen_at = 0
        #: the searches this bot has made and their iterations, all told (a seconds budget gets
        #: as many iterations as the machine gives it: the ladder keeps them in its rows)
        self.searches = 0
        self.search_iterations = 0

    def choose(self, state: "GameState") -> str:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to choose")
        if len(decision.options) == 1:
            return decision.options[0].id
        if self.prior:
            tune = leaves.settings(state.game.id)
            greedy = False
            key_of = tune.get("repeat_key")
            if key_of is not None and self._repeated(state, decision.player, key_of):
                # the seat has stood in this very position before in this game (only a counter
                # such as the round moved on): the search's choice here led back to it, so
                # searching again would go round the same loop; the greedy bot's choice
                # breaks it (a greedy player does not loop: its games end)
                greedy = True
            elif self.leaf == "heuristic" and leaves.has_value(state.game.id):
                searched = tune.get("searched")
                # not worth a search (the game's settings say so)
                greedy = searched is not None and not searched(state)
            if greedy:
                # the greedy bot's choice, as the search would have taken it for its prior, and
                # no budget spent
                master = self._master(state, decision.player)
                master.getrandbits(64)
                prior = self._prior(state, master.getrandbits(32))
                if prior is not None:
                    return prior
        return self.search(state).best

    def _repeated(self, state: "GameState", seat: int, key_of: "Callable[[GameState, int], object]") -> bool:
        """Has ``seat`` decided in this position before, in this game?  The position is the
        game's ``repeat_key`` of the seat's own knowledge (its view); each is remembered as it
        is met.  A state with fewer choices made than the last one seen, or of another game, is
        a new game: the memory starts afresh."""
        made = len(state.choices)
        if state.game.id != self._seen_game or made < self._seen_at:
            self._seen.clear()
            self._seen_game = state.game.id
        self._seen_at = made
        key = (seat, key_of(state, seat))
        if key in self._seen:
            return True
        self._seen.add(key)
        return False

    def _master(self, state: "GameState", seat: int) -> random.Random:
        """The search's one source of randomness: the bot's seed and what the seat knows (how
        many choices have been made, public), never the state's own generator."""
        return random.Random(self.seed * 0x9E3779B1 + len(state.choices) * 0x85EBCA77 + seat)

    # ------------------------------------------------------------------ the search
    def search(self, state: "GameState", seat: int | None = None, budget: "Budget | None" = None) -> SearchResult:
        """Search the decision of ``state`` as the deciding seat sees it.  ``seat``, if given,
        must be that seat: a search for another seat is refused (GameOptionError), since only
        the seat that decides has a decision to search and the search reads what it may see."""
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to search")
        if seat is None:
            seat = decision.player
        elif seat != decision.player:
            raise GameOptionError(f"seat {seat!r} does not decide here (seat {decision.player} does); "
                                  "only the deciding seat's decision can be searched")
        budget = budget or self.budget
        game = state.game
        # everything random here comes from the bot's seed and what the seat knows: how many
        # choices have been made (public), never the state's own generator
        master = self._master(state, seat)
        pick = random.Random(master.getrandbits(64))
        root = _Node(seat)
        c = self.exploration
        # greedy playouts: a fresh (normal) determinization each, options taken by id, as this
        # leaf was first measured; the greedy bots do not read the log, so the quiet pool would
        # serve them too (not tried: the heuristic leaf is the default)
        slow = self.leaf == "greedy"
        judge = self.leaf == "heuristic" and leaves.has_value(game.id)
        tune = leaves.settings(game.id) if judge else {}     # the game's settings for this leaf
        rollout = self.rollout if self.rollout is not None else int(tune.get("rollout", DEFAULT_ROLLOUT))
        to_phase_end = bool(tune.get("rollout_phase", True))
        depth = int(tune.get("depth", PLAYOUT_LIMIT))
        margin = tune.get("margin", self.margin) if self.margin == MARGIN else self.margin
        if callable(margin):
            margin = margin(state)      # the game's, for this position (public facts only)
        if self._exploration is None and "exploration" in tune:
            c = float(tune["exploration"])
        limit = budget.iterations
        clock = budget.clock()
        deadline = None if budget.seconds is None else clock() + budget.seconds
        started = time.perf_counter()
        prior = self._prior(state, master.getrandbits(32)) if self.prior else None
        roller = None
        if judge and rollout and self.rollout_by == "greedy":
            roller = bot_for(game.id, "greedy", self.seed)     # fresh: the search stays reproducible
        pool: list[GameState] = []
        refs: dict[int, float] = {}
        in_playouts = 0.0
        iterations = 0
        log = math.log
        sqrt = math.sqrt
        while True:
            if limit is not None:
                if iterations >= limit:
                    break
            elif iterations and clock() >= deadline:   # type: ignore[operator]
                break
            iterations += 1
            if slow:
                d = state.determinize(seat, master.getrandbits(63))
            else:
                if len(pool) < POOL:
                    pool.append(self._sample(state, seat, master.getrandbits(63)))
                d = pool[(iterations - 1) % POOL].clone()
                d.rng = Rng(master.getrandbits(63))
            node = root
            path: list[_Node] = []
            expanded = False
            moves = 0
            # selection and expansion: down the tree while every option here has a node
            while not d.over:
                options = d.decision.options   # type: ignore[union-attr]
                n = len(options)
                if n == 1:
                    self._take(d, 0, slow)
                    moves += 1
                    continue
                children = node.children
                favoured = prior if node is root else None
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
                        if favoured is not None and options[k][0] == favoured:
                            score += PRIOR_BIAS / (child.visits + 1)
                        if score > best_score:
                            best, best_score = k, score
                if untried:
                    k = untried[pick.randrange(len(untried))]
                    if favoured is not None:
                        k = next((j for j in untried if options[j][0] == favoured), k)
                    child = children[options[k][0]] = _Node(d.decision.player)   # type: ignore[union-attr]
                    path.append(child)
                    self._take(d, k, slow)
                    expanded = True
                    break
                node = children[options[best][0]]
                path.append(node)
                self._take(d, best, slow)
                moves += 1
                if len(path) >= depth:      # as deep as the game's settings let the tree grow
                    expanded = True
                    break
            # the leaf: judge the sample there, or play it to its end
            t0 = time.perf_counter()
            played = 0
            if expanded and not d.over:
                if judge:
                    if roller is not None:
                        # the greedy player finishes the phase the sample is in (committing
                        # dice up to the roll, placing cards up to the fight...), at most
                        # ``rollout`` decisions: the position is judged where it settles
                        phase = getattr(d, "phase", None) if to_phase_end else None
                        while played < rollout and not d.over and (not to_phase_end or getattr(d, "phase", None) == phase):
                            dec = d.decision
                            assert dec is not None
                            if len(dec.options) == 1:
                                play(d, 0)
                            else:
                                chosen = roller.choose(d)
                                play(d, next(k for k, o in enumerate(dec.options) if o[0] == chosen))
                            played += 1
                    elif rollout:
                        played = random_playout(d, pick, rollout)
                elif slow:
                    played = self._greedy_playout(d)
                else:
                    played = random_playout(d, pick, PLAYOUT_LIMIT)
            finished = d.over
            discount = DISCOUNT ** (moves + len(path) + played)
            rewards: dict[int, float] = {}
            for node in path:
                who = node.player
                r = rewards.get(who)
                if r is None:
                    if finished:
                        r = game.reward(d, who) * discount
                    elif judge:
                        ref = refs.get(who)
                        if ref is None:
                            ref = refs[who] = leaves.raw_value(pool[0], who)
                        r = leaves.squash(d, leaves.raw_value(d, who), ref) * discount
                    else:
                        r = 0.0
                    rewards[who] = r
                node.visits += 1
                node.total += r
            in_playouts += time.perf_counter() - t0
        total = sum(ch.visits for ch in root.children.values()) or 1
        order = {o.id: k for k, o in enumerate(decision.options)}
        stats = sorted((OptionStat(oid, ch.visits, ch.visits / total, ch.total / ch.visits if ch.visits else 0.0)
                        for oid, ch in root.children.items() if oid in order),
                       key=lambda s: (-s.visits, s.option_id != prior, -s.value, order[s.option_id]))
        if not stats:     # a lone option, or no iteration got past it
            stats = [OptionStat(o.id, 0, 0.0, 0.0) for o in decision.options]
        elif prior is not None and margin is not None:
            stats = self._keep_prior(stats, prior, margin)
        self.searches += 1
        self.search_iterations += iterations
        return SearchResult(seat, tuple(stats), iterations, time.perf_counter() - started, in_playouts, prior)

    @staticmethod
    def _keep_prior(stats: list[OptionStat], prior: str, margin: float) -> list[OptionStat]:
        """Put the prior first unless the most visited option that beats its value by ``margin``
        (with ``MIN_VISITS`` visits) exists; that one goes first then."""
        mine = next((s for s in stats if s.option_id == prior), None)
        if mine is None:
            return stats
        better = [s for s in stats if s.visits >= MIN_VISITS and s.value >= mine.value + margin]
        first = better[0] if better else mine
        return [first] + [s for s in stats if s is not first]

    @staticmethod
    def _sample(state: "GameState", seat: int, seed: int) -> "GameState":
        """One determinization for the pool: quiet, and without the log and the record (the
        rules never read them), so that copying it costs only the position."""
        return forget_history(quiet(state.determinize(seat, seed)))

    def _prior(self, state: "GameState", seed: int) -> str | None:
        """The greedy bot's choice for the deciding seat (it reads that seat's view only); a
        fresh bot each time, so that the search stays reproducible."""
        try:
            bot = bot_for(state.game.id, "greedy", seed)
        except GameOptionError:      # a game without a greedy bot
            return None
        return bot.choose(state)

    @staticmethod
    def _take(d: "GameState", k: int, slow: bool) -> None:
        if slow:
            d.apply(d.decision.options[k][0])   # type: ignore[union-attr]
        else:
            play(d, k)

    def _greedy_playout(self, d: "GameState") -> int:
        bot = self._greedy.get(d.game.id)
        if bot is None:
            bot = self._greedy[d.game.id] = bot_for(d.game.id, "greedy", self.seed)
        for n in range(1, PLAYOUT_LIMIT + 1):
            d.apply(bot.choose(d))
            if d.over:
                return n
        return PLAYOUT_LIMIT


__all__ = ["Budget", "ISMCTSBot", "OptionStat", "SearchResult"]
