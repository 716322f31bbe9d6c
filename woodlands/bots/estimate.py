"""Win chances a person can check: how often the game is won when the rest is played by the
greedy bot, from what the seat knows.

A hint, an analysis and ``woodlands calibrate`` all read the same estimate.  It means one thing,
said in plain words on every screen that shows it: *if you play on as the greedy bot would*.
That is a claim anyone can test (play on with the greedy bot from the position and count), and
``woodlands calibrate`` does test it (:mod:`woodlands.bots.calibrate`).  The search bot's own
values cannot be read that way: they are ratings against the position now (The Cursed Forest,
Storyfold) or a fitted guess (Tanglewoods), and they read "96%" in a game lost in round 4.

How: each *sample* is a determinization (``state.determinize(seat, seed)``: a position the seat
cannot tell from the real one, hidden orders and future dice drawn afresh; nothing else of the
real state is read).  In each sample every option is taken in turn and the game played to its end
by the greedy bot (all seats), on the fast path (:func:`woodlands.engine.fastpath.quiet`).  An
option's value is the mean of its seat's reward (:meth:`Game.reward`: 1 for a win, Storyfold's
score 0..1) over the samples.  All options share the same samples, so their *differences* are
measured on paired games and are much less noisy than their values; that is what tells options
apart (:meth:`Estimates.apart`).  The position's own value is that of the option the greedy bot
takes in each sample: the win chance if you play on as it would.

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=4, options={"hero": "thorn-warden", "round_limit": 40})
>>> found = option_values(state, 0, samples=4, seed=1)
>>> found.samples, len(found.options) == len(state.decision.options), 0.0 <= found.position <= 1.0
(4, True, True)
>>> found.options[0].value == max(o.value for o in found.options)
True
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..engine.fastpath import play, quiet
from ..kit.bots import bot_for
from ..kit.stats import Z95

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..kit.bots import Bot

#: a playout that has not ended after this many decisions counts as a loss (a guard: every game
#: here ends by its own rules long before)
PLAYOUT_LIMIT = 20_000

#: how many standard errors apart two options' paired values must be to be told apart
#: (two-sided 95%, the ladder's and the reports' z)
APART = Z95

#: the fewest samples a timed estimate takes, however long they take (fewer tell nothing)
MIN_SAMPLES = 4

#: the words a hint and an analysis use for what the estimate assumes
ASSUMES = "if you play on as the greedy bot would"


@dataclass(frozen=True)
class OptionValue:
    """One option's estimate: its ``value`` (the seat's mean reward when it is taken and the
    rest is played by the greedy bot), ``gap`` (its value less the best option's, 0 for the best)
    and ``gap_error`` (the standard error of that gap, from the paired samples)."""

    option_id: str
    value: float
    gap: float = 0.0
    gap_error: float = 0.0

    @property
    def about_equal(self) -> bool:
        """Cannot be told from the best option within the noise of the samples."""
        return -self.gap <= APART * self.gap_error


@dataclass(frozen=True)
class Estimates:
    """What :func:`option_values` found: the options best first, the position's value (the
    option the greedy bot takes, averaged over the samples), how many samples, how long."""

    seat: int
    options: tuple[OptionValue, ...]
    position: float
    greedy: str            #: the option the greedy bot took most often in the samples
    samples: int
    seconds: float

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def value_of(self, option_id: str) -> float:
        for o in self.options:
            if o.option_id == option_id:
                return o.value
        raise KeyError(option_id)

    def apart(self, option_id: str) -> bool:
        """Is ``option_id`` clearly worse than the best option (beyond the samples' noise)?"""
        for o in self.options:
            if o.option_id == option_id:
                return not o.about_equal
        raise KeyError(option_id)


def playout(state: "GameState", bots: "dict[int, Bot]", game_id: str, seed: int) -> "GameState":
    """Play ``state`` (a quiet clone of your own) to its end with the greedy bot in every seat;
    ``bots`` caches one greedy bot per seat between playouts."""
    n = 0
    while not state.over and n < PLAYOUT_LIMIT:
        decision = state.decision
        assert decision is not None
        if len(decision.options) == 1:
            play(state, 0)
        else:
            bot = bots.get(decision.player)
            if bot is None:
                bot = bots[decision.player] = bot_for(game_id, "greedy", seed + decision.player)
            chosen = bot.choose(state)
            for i, option in enumerate(decision.options):
                if option[0] == chosen:
                    play(state, i)
                    break
            else:   # a greedy bot answers with one of the options; a guard, not a rule
                play(state, 0)
        n += 1
    return state


def reward_of(state: "GameState", seat: int) -> float:
    """The seat's reward at the end of a playout (a playout cut at the guard counts as a loss)."""
    return state.game.reward(state, seat) if state.over else 0.0


def option_values(state: "GameState", seat: int, *, seconds: float | None = None, samples: int | None = None,
                  seed: int = 0, clock: Callable[[], float] = time.perf_counter, least: int = MIN_SAMPLES,
                  within: bool = False) -> Estimates:
    """Every option of ``seat``'s decision at ``state``, valued by greedy playouts from paired
    determinizations (see the module).  Give ``samples`` (reproducible for a seed) or
    ``seconds`` (at least ``least`` samples however long they take); neither: 16 samples.
    ``within``: with ``seconds``, past ``least`` samples no sample is started that would end
    after the time is up (judged by the mean time of those taken), so that ``seconds`` is a
    ceiling rather than a start line (a hint that must answer in time).
    ValueError when ``seat`` does not decide at ``state``."""
    decision = state.decision
    if decision is None or decision.player != seat:
        raise ValueError("the seat has no decision to estimate here")
    if samples is None and seconds is None:
        samples = 16
    game_id = state.game.id
    ids = [o[0] for o in decision.options]
    k = len(ids)
    master = random.Random(seed * 1_000_003 + len(ids))
    bots: dict[int, Bot] = {}
    chooser = bot_for(game_id, "greedy", seed)
    sums = [0.0] * k
    # paired differences to every other option: per sample, the row of rewards; kept to compute
    # the gaps' errors against whichever option ends up best
    rows: list[list[float]] = []
    position = 0.0
    greedy_counts: dict[str, int] = {}
    start = clock()
    deadline = None if seconds is None else start + seconds
    n = 0
    while True:
        if samples is not None:
            if n >= samples:
                break
        elif n >= least:
            now = clock()
            if now >= deadline or (within and now + (now - start) / n > deadline):   # type: ignore[operator]
                break
        n += 1
        sample_seed = master.getrandbits(63)
        twin = quiet(state.determinize(seat, sample_seed))
        greedy_pick = chooser.choose(twin) if k > 1 else ids[0]
        greedy_counts[greedy_pick] = greedy_counts.get(greedy_pick, 0) + 1
        row = []
        for i in range(k):
            d = twin.clone()
            play(d, i)
            # the same generator for each option's playout, so that the options meet the same
            # dice where their games agree (common random numbers: smaller paired differences)
            reward = reward_of(playout(d, bots, game_id, seed), seat)
            row.append(reward)
            sums[i] += reward
            if ids[i] == greedy_pick:
                position += reward
        rows.append(row)
    means = [s / n for s in sums]
    order = sorted(range(k), key=lambda i: (-means[i], i))
    top = order[0]
    found = []
    for i in order:
        gap = means[i] - means[top]
        if i == top or n < 2:
            error = 0.0 if i == top else math.inf
        else:
            diffs = [r[i] - r[top] for r in rows]
            mean = sum(diffs) / n
            var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
            error = math.sqrt(var / n)
        found.append(OptionValue(ids[i], means[i], gap, error))
    greedy = max(greedy_counts, key=lambda o: (greedy_counts[o], -ids.index(o)))
    return Estimates(seat, tuple(found), position / n, greedy, n, clock() - start)


def position_value(state: "GameState", seat: int, *, samples: int = 16, seed: int = 0) -> float:
    """The win chance (score) of ``seat`` at ``state`` if the rest is played by the greedy bot,
    from ``samples`` determinizations; at a decision of another seat or none, the same without
    options (the greedy bot plays on from each sample).  A finished game: its reward."""
    if state.over:
        return state.game.reward(state, seat)
    decision = state.decision
    if decision is not None and decision.player == seat and len(decision.options) > 1:
        return option_values(state, seat, samples=samples, seed=seed).position
    return played_on(state, seat, samples=samples, seed=seed)


def played_on(state: "GameState", seat: int, *, samples: int = 16, seed: int = 0) -> float:
    """The mean reward of ``seat`` over ``samples`` determinizations of ``state``, each played to
    its end by the greedy bot (the seat's own decision too): the same win chance (score) as
    :attr:`Estimates.position`, the value of the option the greedy bot takes, without valuing
    the other options (one playout a sample instead of one per option: what ``woodlands
    calibrate`` states at hundreds of positions)."""
    if state.over:
        return state.game.reward(state, seat)
    master = random.Random(seed * 1_000_003 + 7)
    bots: dict[int, Bot] = {}
    total = 0.0
    for _ in range(samples):
        twin = quiet(state.determinize(seat, master.getrandbits(63)))
        total += reward_of(playout(twin, bots, state.game.id, seed), seat)
    return total / samples


__all__ = ["APART", "ASSUMES", "MIN_SAMPLES", "Estimates", "OptionValue", "option_values", "played_on", "playout",
           "position_value", "reward_of"]
