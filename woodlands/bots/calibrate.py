"""Does the stated win chance come true?  ``woodlands calibrate GAME`` checks the estimate behind
hints and analyses (:func:`woodlands.bots.estimate.option_values`) against play.

Positions come from seeded games of mixed skill: each game is set up with options drawn from the
game's own menu (:func:`setup`: every option its descriptor offers as a flag, within its range or
choices), then played by one kind of player (random, greedy, a small search, or a per-decision
mix of the three) up to a decision drawn at random among all its decisions with a choice.  There
the estimate states its value (the win chance, or the expected score, if play goes on as the
greedy bot would: :func:`~woodlands.bots.estimate.played_on`, the value of the option the greedy
bot takes, as in ``Estimates.position``, with one playout a sample instead of one per option), from
what the deciding seat knows, with a fixed number of samples.  The truth is the real position played on by the greedy bot to its end, the same play
the estimate assumes: its reward.

The positions are then binned by their stated value (ten 10-point bins, neighbours merged until
every bin holds at least :data:`MIN_BIN` positions) and each bin compares the mean stated value
with the mean reached, with a 95% interval of the latter (Wilson's for a win chance, a t interval
for a score).  ``mean_error`` is the bins' size-weighted mean distance between the two, in points
of 100; ``noise_floor`` is about what a perfectly calibrated estimate would show with the same bins
(the expected distance of a bin's mean from its truth by chance alone).

Every position is seeded by its number, so a run is the same with any number of workers.
"""
from __future__ import annotations

import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..engine.errors import GameOptionError
from ..engine.fastpath import play, quiet
from ..engine.registry import descriptor, resolve
from ..kit.bots import bot_for
from ..kit.stats import Z95, wilson_interval
from .estimate import ASSUMES, played_on, playout, reward_of

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState
    from ..kit.bots import Bot

#: the fewest positions a bin holds (neighbours are merged until each does)
MIN_BIN = 30

#: the samples (determinizations) behind each stated value, unless told
SAMPLES = 16

#: the search player's iterations per decision while it plays a position's prefix
SEARCH_ITERATIONS = 16

#: the kinds of player that lead a game to its position
PLAYERS = ("random", "greedy", "search", "mix")

#: two-sided 95% quantiles of Student's t by degrees of freedom (beyond: the normal's)
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000,
        120: 1.980}


@dataclass(frozen=True)
class Point:
    """One position: how it was reached and what was stated and reached from it (0..1)."""

    index: int
    seed: int
    options: dict[str, Any]
    player: str
    at: int               #: decisions played before the position
    seat: int
    stated: float
    reached: float


def setup(game: "Game", rng: random.Random) -> dict[str, Any]:
    """Options for one game, drawn from what the game's menu offers: every option that is a flag
    (and not there only to stop automatic play), a whole number anywhere in its range, or one of
    its choices (a menu's list read from the content), asked only when its ``when`` holds."""
    chosen: dict[str, Any] = {}
    specs = descriptor(game.id).options
    for spec in specs:
        if not spec.flag or spec.simulation:
            continue
        if not all(_holds(chosen, specs, name, want) for name, want in spec.when):
            continue
        if spec.choices:
            chosen[spec.name] = rng.choice(list(spec.choices))
        elif spec.menu_choices is not None:
            values = [v for v, _ in resolve(spec.menu_choices)(game)]
            if values:
                chosen[spec.name] = rng.choice(values)
        elif spec.range is not None and spec.type is int and spec.range[1] - spec.range[0] <= 100:
            chosen[spec.name] = rng.randint(*spec.range)
    return chosen


def _holds(chosen: dict[str, Any], specs: Sequence[Any], name: str, want: Any) -> bool:
    value = chosen.get(name, next((s.default for s in specs if s.name == name), None))
    return value is not None if want is ... else bool(value == want)


class _Players:
    """The player of one prefix: a fixed kind, or each decision a kind drawn afresh ("mix")."""

    def __init__(self, game_id: str, kind: str, seed: int) -> None:
        self.kind = kind
        self.pick = random.Random(seed)
        self.bots: dict[str, Bot] = {
            "random": bot_for(game_id, "random", seed),
            "greedy": bot_for(game_id, "greedy", seed),
        }
        if kind in ("search", "mix"):
            self.bots["search"] = bot_for(game_id, "ismcts", seed, budget=SEARCH_ITERATIONS)

    def choose(self, state: "GameState") -> str:
        kind = self.pick.choice(("random", "greedy", "search")) if self.kind == "mix" else self.kind
        return self.bots[kind].choose(state)


def position(game: "Game", index: int, base_seed: int) -> "tuple[GameState, dict[str, Any], str, int, int] | None":
    """The ``index``-th position of a run: (state, options, player, decisions before, seed), or
    None when its game offers no choice at all (the caller takes the next)."""
    seed = base_seed * 1_000_003 + index
    rng = random.Random(seed)
    for _ in range(50):
        # options drawn one by one may not go together (a hero that starts on one side only):
        # the game is the judge, and another draw is taken
        options = setup(game, rng)
        full = game.options_for_seed(game.options_for_simulation(options), seed)
        try:
            state = quiet(game.new_game(seed=seed, options=full))
            break
        except GameOptionError:
            continue
    else:
        options = {}
        full = game.options_for_seed(game.options_for_simulation({}), seed)
        state = quiet(game.new_game(seed=seed, options=full))
    kind = rng.choice(PLAYERS)
    players = _Players(game.id, kind, rng.getrandbits(32))
    path: list[int] = []          # the option index taken at each decision
    choices: list[int] = []       # where in ``path`` a decision offered a choice
    while not state.over and len(path) < 20_000:
        decision = state.decision
        assert decision is not None
        if len(decision.options) == 1:
            path.append(0)
        else:
            choices.append(len(path))
            chosen = players.choose(state)
            path.append(next(i for i, o in enumerate(decision.options) if o[0] == chosen))
        play(state, path[-1])
    if not choices:
        return None
    at = rng.choice(choices)
    # played again from the start to the chosen decision: the state there, exactly
    state = quiet(game.new_game(seed=seed, options=full))
    for i in path[:at]:
        play(state, i)
    return state, options, kind, at, seed


def measure(game_id: str, index: int, base_seed: int, samples: int) -> Point:
    """State the value of one position and play it on to see what it reaches."""
    from ..engine.game import load_game
    game = load_game(game_id)
    n = index
    while True:      # a game without a choice (none here, but a pack may have one): the next seed
        found = position(game, n, base_seed)
        if found is not None:
            break
        n += 1_000_000
    state, options, kind, at, seed = found
    decision = state.decision
    assert decision is not None
    seat = decision.player
    stated = played_on(state, seat, samples=samples, seed=seed)
    real = state.clone()
    reached = reward_of(playout(real, {}, game_id, seed + 7), seat)
    return Point(index, seed, options, kind, at, seat, stated, reached)


def _measure(job: tuple[str, int, int, int]) -> Point:
    return measure(*job)


def points(game_id: str, positions: int, *, samples: int = SAMPLES, seed: int = 0, workers: int = 1,
           say: Callable[[str], None] | None = None, keep: "Path | None" = None) -> list[Point]:
    """``positions`` measured positions of ``game_id`` (see the module), in order of their index.
    ``keep``: a JSON-lines file each position is appended to as soon as it is measured, and read
    first, so that a run stopped part way goes on where it stopped (positions of another game,
    seed or sample count in it are left alone)."""
    done: dict[int, Point] = {}
    if keep is not None and keep.exists():
        for line in keep.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue          # a line cut short when a run was stopped
            if isinstance(row, dict) and (row.get("game"), row.get("base_seed"), row.get("samples")) == (game_id, seed, samples):
                fields = {k: row[k] for k in Point.__dataclass_fields__}
                if fields["index"] < positions:
                    done[fields["index"]] = Point(**fields)
    jobs = [(game_id, i, seed, samples) for i in range(positions) if i not in done]
    start = time.perf_counter()

    def add(p: Point) -> None:
        done[p.index] = p
        if keep is not None:
            with keep.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"game": game_id, "base_seed": seed, "samples": samples, **asdict(p)}) + "\n")
        if say is not None and (len(done) % 25 == 0 or len(done) == positions):
            say(f"{len(done)}/{positions} positions, {time.perf_counter() - start:.0f}s")

    if workers <= 1:
        for job in jobs:
            add(_measure(job))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for future in as_completed([pool.submit(_measure, job) for job in jobs]):
                add(future.result())
    return [done[i] for i in sorted(done)]


def bins(stated: Sequence[float], minimum: int = MIN_BIN) -> list[tuple[int, int]]:
    """The bins over stated values (0..1) as ``(low, high)`` in points: ten 10-point bins, then
    the smallest bin below ``minimum`` merged with its smaller neighbour until none is (or one bin
    is left).  The last bin holds 100."""
    edges = [(10 * k, 10 * k + 10) for k in range(10)]
    counts = [0] * 10
    for s in stated:
        counts[min(9, max(0, int(s * 100 // 10)))] += 1
    while len(edges) > 1:
        small = [i for i in range(len(edges)) if counts[i] < minimum]
        if not small:
            break
        i = min(small, key=lambda j: (counts[j], j))
        if i == 0:
            j = 1
        elif i == len(edges) - 1:
            j = i - 1
        else:
            j = i - 1 if counts[i - 1] <= counts[i + 1] else i + 1
        a, b = min(i, j), max(i, j)
        edges[a:b + 1] = [(edges[a][0], edges[b][1])]
        counts[a:b + 1] = [counts[a] + counts[b]]
    return edges


def _in_bin(value: float, low: int, high: int) -> bool:
    points_ = value * 100
    return low <= points_ < high or (high == 100 and points_ >= 100)


def t95(df: int) -> float:
    """Student's two-sided 95% quantile for ``df`` degrees of freedom (the nearest tabled below)."""
    if df <= 0:
        return math.inf
    below = [k for k in _T95 if k <= df]
    return Z95 if df > 120 else _T95[max(below)]


def t_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% t interval of the mean of ``values`` (0..1)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return 0.0, 1.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


def table(found: Sequence[Point], wins: bool, minimum: int = MIN_BIN) -> dict[str, Any]:
    """The bins of ``found`` with their intervals, ``mean_error`` and ``noise_floor`` (points).
    ``wins``: the reward is a win or a loss (Wilson intervals); else a score (t intervals)."""
    rows = []
    weighted = floor = 0.0
    for low, high in bins([p.stated for p in found], minimum):
        inside = [p for p in found if _in_bin(p.stated, low, high)]
        n = len(inside)
        if n == 0:
            continue
        stated = sum(p.stated for p in inside) / n
        reached = sum(p.reached for p in inside) / n
        if wins:
            lo, hi = wilson_interval(round(sum(p.reached for p in inside)), n)
            # a calibrated estimate: each position won with its stated chance
            spread = math.sqrt(sum(p.stated * (1 - p.stated) for p in inside)) / n
        else:
            lo, hi = t_interval([p.reached for p in inside])
            spread = (math.sqrt(sum((p.reached - reached) ** 2 for p in inside) / (n - 1)) / math.sqrt(n)
                      if n > 1 else 0.0)
        error = 100 * (reached - stated)
        rows.append({"low": low, "high": high, "positions": n, "stated": round(100 * stated, 2),
                     "reached": round(100 * reached, 2), "reached_low": round(100 * lo, 2),
                     "reached_high": round(100 * hi, 2), "error": round(error, 2)})
        weighted += n * abs(error)
        # the mean distance of a bin's mean from its truth by chance: E|N(0, s)| = s * sqrt(2/pi)
        floor += n * 100 * spread * math.sqrt(2 / math.pi)
    total = sum(r["positions"] for r in rows)
    return {"rows": rows, "mean_error": round(weighted / total, 2) if total else 0.0,
            "noise_floor": round(floor / total, 2) if total else 0.0}


def calibrate(game_id: str, positions: int, *, samples: int = SAMPLES, seed: int = 0, workers: int = 1,
              say: Callable[[str], None] | None = None, keep: "Path | None" = None) -> dict[str, Any]:
    """Run a calibration (see the module): the JSON document ``woodlands calibrate`` writes
(``keep``: see :func:`points`)."""
    from ..engine.game import load_game
    if positions < 1:
        raise GameOptionError(f"calibrate needs at least one position, not {positions}")
    if samples < 2:
        raise GameOptionError(f"each estimate needs at least 2 samples, not {samples}")
    game = load_game(game_id)
    start = time.perf_counter()
    found = points(game.id, positions, samples=samples, seed=seed, workers=workers, say=say, keep=keep)
    seconds = time.perf_counter() - start
    wins = game.reward_measure == "win chance"
    result = table(found, wins)
    return {"game": game.id, "positions": len(found), "samples": samples, "seed": seed,
            "measure": game.reward_measure, "assumes": ASSUMES, "min_bin": MIN_BIN,
            "mean_error": result["mean_error"], "noise_floor": result["noise_floor"], "rows": result["rows"],
            "players": {k: sum(p.player == k for p in found) for k in PLAYERS},
            "workers": workers, "seconds": round(seconds, 1),
            "points": [asdict(p) for p in found]}


def markdown(doc: dict[str, Any]) -> str:
    """The table of a calibration in Markdown, with its mean error and noise floor."""
    unit = "win chance" if doc["measure"] == "win chance" else doc["measure"]
    lines = [f"Calibration of {doc['game']}: {doc['positions']} positions, {doc['samples']} samples "
             f"per estimate, seed {doc['seed']}; the {unit} stated {doc['assumes']}, against the one "
             "reached by playing on that way (points of 100).", "",
             "| stated range | positions | mean stated | mean reached | 95% interval | error |",
             "|---|---:|---:|---:|---|---:|"]
    for r in doc["rows"]:
        lines.append(f"| {r['low']}-{r['high']} | {r['positions']} | {r['stated']:.1f} | {r['reached']:.1f} | "
                     f"{r['reached_low']:.1f}-{r['reached_high']:.1f} | {r['error']:+.1f} |")
    lines += ["", f"Mean error (size-weighted, bins of at least {doc['min_bin']}): **{doc['mean_error']:.1f} "
              f"points**; a perfectly calibrated estimate would show about {doc['noise_floor']:.1f} with "
              "these bins by chance alone."]
    return "\n".join(lines)


__all__ = ["MIN_BIN", "PLAYERS", "SAMPLES", "Point", "bins", "calibrate", "markdown", "measure", "points",
           "position", "setup", "table", "t_interval"]
