"""``woodlands bench --env``: environment steps per second of each research adapter against
the raw engine's decisions per second, measured in the same run (target >= 0.5x).

The set-ups measured are each game's (:func:`all_cases`): every known game with an action space
and an encoder, as it comes or as its descriptor's ``research_cases`` say.

The measure is made of many short paired blocks (:func:`run_env_bench`).  Each block plays new
random games (masked random choices, games no block saw before, as in a learning run) and records
their choices; then the raw engine replays them through ``state.apply`` and each adapter replays
the same choices through its own API (``reset``/``step`` for Gymnasium, ``last``/``step`` for
PettingZoo) on the bare environment (no checker wrappers), building every observation and mask
as an agent would receive them, back to back, in an order that alternates from block to block
(raw first, then raw last).  So both sides take exactly the same decisions, no agent's own work
is counted, and a block's ratio (raw time / adapter time) compares two measures made within a
fraction of a second of each other.  A row is the median of its blocks' ratios, with their
quartiles and range: a slow moment of the machine moves a few blocks, not the median.  Times
are the process's CPU time (``time.process_time``), which the other processes of a shared
machine disturb less than wall-clock time.

Adapters are listed in :data:`ADAPTERS` (name -> ``"module:function"``); a function
``(case, episodes) -> seconds | None`` replays ``episodes`` (a list of ``(seed, [option id,
...])``, games of ``case.game`` with :func:`episode_options`) and returns the CPU seconds it
took, or None for a case it does not cover; it builds its environment once per case
(:func:`prepared`).  An adapter module that cannot be imported (its library missing) is left out
of the table.  The OpenSpiel adapter joins by adding its line.
"""
from __future__ import annotations

import gc
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.game import load_game
from ..engine.registry import GameDescriptor, Lazy, descriptors

TARGET_RATIO = 0.5


@dataclass(frozen=True)
class Case:
    """One game set-up the adapters are measured on."""

    name: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    #: the Gymnasium id to measure (None: a set-up of several players, which Gymnasium's
    #: one-agent environment does not play)
    gym_id: str | None = None
    #: whether PettingZoo's environment is measured (a game that can have several players)
    several: bool = False


def game_cases(d: GameDescriptor) -> tuple[Case, ...]:
    """The set-ups of the game ``d``: its ``research_cases`` (or the game as it comes, under its
    id), with Gymnasium's id for those of one player."""
    made = []
    for name, options in d.research_cases or ((d.id, {}),):
        one = int(options.get("players", 1)) == 1
        made.append(Case(name, d.id, dict(options), d.gym_id if one else None, d.players[1] > 1))
    return tuple(made)


def all_cases() -> tuple[Case, ...]:
    """Every set-up measured: those of every known game with an action space and an encoder,
    in menu order."""
    return tuple(c for d in descriptors() if d.researchable for c in game_cases(d))

#: adapter name -> "module:function" measuring it (see the module doc)
ADAPTERS: dict[str, str] = {
    "gymnasium": "woodlands.research.bench:gym_replay",
    "pettingzoo": "woodlands.research.bench:pettingzoo_replay",
    "openspiel": "woodlands.research.openspiel:bench_replay",
}


def episode_options(case: Case) -> dict[str, Any]:
    from .gym import episode_options as options
    return options(load_game(case.game), dict(case.options))


Episode = tuple[int, list[str]]


def record(case: Case, seconds: float, seed: int) -> list[Episode]:
    """Random games of ``case`` for about ``seconds`` (at least one): their seeds and choices."""
    game = load_game(case.game)
    options = episode_options(case)
    pick = random.Random(seed)
    episodes: list[Episode] = []
    start = time.process_time()
    while not episodes or time.process_time() - start < seconds:
        episodes.append(random_episode(game, options, seed + len(episodes), pick))
    return episodes


def random_episode(game: Any, options: dict[str, Any], game_seed: int, pick: random.Random) -> Episode:
    """One game of ``game`` (seed ``game_seed``) played to its end by uniform choices drawn with
    ``pick``: its seed and the ids chosen."""
    state = game.new_game(seed=game_seed, options=dict(options))
    choices = []
    while not state.is_over:
        opts = state.decision.options
        choices.append(opts[pick.randrange(len(opts))].id)
        state.apply(choices[-1])
    return game_seed, choices


def raw_replay(case: Case, episodes: list[Episode]) -> float:
    """The engine alone: each recorded game replayed through ``state.apply``."""
    game = load_game(case.game)
    options = episode_options(case)
    start = time.process_time()
    for game_seed, choices in episodes:
        state = game.new_game(seed=game_seed, options=dict(options))
        for choice in choices:
            state.apply(choice)
    return time.process_time() - start


_PREPARED: dict[tuple[str, str, str], Any] = {}


def prepared(adapter: str, case: Case, make: Callable[[], Any]) -> Any:
    """What ``adapter`` builds once for ``case`` (its environment, ...), made by ``make`` on first
    use and kept for the process: the bench replays many blocks, and a learning run too keeps
    its environment from one episode to the next."""
    key = (adapter, case.name, repr(sorted(case.options.items())))
    try:
        return _PREPARED[key]
    except KeyError:
        made = _PREPARED[key] = make()
        return made


def gym_replay(case: Case, episodes: list[Episode]) -> float | None:
    gym_id = case.gym_id
    if gym_id is None:
        return None

    def make() -> Any:
        import gymnasium

        from . import gym  # noqa: F401  (registers the ids)
        return gymnasium.make(gym_id, disable_env_checker=True, **case.options).unwrapped
    env: Any = prepared("gymnasium", case, make)
    index = env.actions.index
    plays = [(game_seed, [index(c) for c in choices]) for game_seed, choices in episodes]
    step = env.step
    start = time.process_time()
    for game_seed, actions in plays:
        env.reset(seed=game_seed)
        for action in actions:
            step(action)
    return time.process_time() - start


def pettingzoo_replay(case: Case, episodes: list[Episode]) -> float | None:
    if not case.several:
        return None
    from .pettingzoo import aec_env
    env = prepared("pettingzoo", case, lambda: aec_env(case.game, **case.options))
    index = env.actions.index
    plays = [(game_seed, [index(c) for c in choices]) for game_seed, choices in episodes]
    last, step = env.last, env.step
    start = time.process_time()
    for game_seed, actions in plays:
        env.reset(seed=game_seed)
        for action in actions:
            last()          # the acting agent's observation and mask, as an agent reads them
            step(action)
        while env.agents:   # the game is over: each agent is told, then leaves
            last()
            step(None)
    return time.process_time() - start


@dataclass
class EnvRow:
    """One adapter on one game set-up: the median of its blocks' ratios and their spread.

    ``raw_per_second`` is the raw engine's rate over all the blocks (their decisions over their
    raw CPU time); ``steps_per_second`` is that rate times the median ratio, so that the two
    rates and the ratio agree (the adapter's own pooled rate is ``adapter_per_second``)."""

    case: str
    adapter: str
    raw_per_second: float
    steps_per_second: float
    ratios: tuple[float, ...] = ()
    adapter_per_second: float = 0.0

    @property
    def ratio(self) -> float:
        return self.steps_per_second / self.raw_per_second if self.raw_per_second else 0.0

    @property
    def spread(self) -> tuple[float, float, float, float]:
        """The blocks' ratios: (lowest, first quartile, third quartile, highest)."""
        if not self.ratios:
            return (self.ratio,) * 4
        ordered = sorted(self.ratios)
        if len(ordered) < 2:
            return (ordered[0],) * 4
        q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
        return ordered[0], q1, q3, ordered[-1]

    def to_json(self) -> dict[str, Any]:
        low, q1, q3, high = self.spread
        return {"case": self.case, "adapter": self.adapter, "raw_decisions_per_second": self.raw_per_second,
                "env_steps_per_second": self.steps_per_second, "ratio": self.ratio, "target_ratio": TARGET_RATIO,
                "blocks": len(self.ratios), "ratio_q1": q1, "ratio_q3": q3, "ratio_min": low, "ratio_max": high,
                "adapter_steps_per_second_pooled": self.adapter_per_second}


def adapters() -> dict[str, Callable[[Case, list[Episode]], float | None]]:
    """The adapters whose module imports here, by name."""
    found = {}
    for name, path in ADAPTERS.items():
        try:
            found[name] = Lazy(path).load()
        except (ImportError, AttributeError):
            continue
    return found


#: a block's recording takes this share of ``seconds`` (per set-up): some 25-40 blocks a set-up
BLOCK_SHARE = 1 / 200
#: fewest blocks counted per set-up, however short ``seconds`` is
MIN_BLOCKS = 3


def run_env_bench(seconds: float = 5.0, seed: int = 1, cases: tuple[Case, ...] | None = None) -> list[EnvRow]:
    """About ``seconds`` of CPU time per case, in paired blocks: each block records new random
    games (none seen before, as in a learning run) for ``seconds * BLOCK_SHARE``, then the raw
    engine and each adapter replay them, back to back, raw first in even blocks and last (the
    adapters in reverse) in odd ones, so that a drift of the machine within a block falls on
    both sides alike.  Garbage is collected before each replay (so none is left for the next
    one to pay), not during it (an adapter's own garbage stays counted).  A first block warms
    imports and caches and is not counted; then blocks run until ``seconds`` are spent (at
    least :data:`MIN_BLOCKS`).  A row gives the median of the blocks' ratios (raw time / adapter
    time: the same decisions on both sides) and their spread."""
    freeze = gc.get_freeze_count() == 0   # (a caller's own frozen objects are left as they are)
    try:
        chosen = all_cases() if cases is None else cases
        return [row for case in chosen for row in _bench_case(case, seconds, seed, freeze)]
    finally:
        if freeze:
            gc.unfreeze()


def _bench_case(case: Case, seconds: float, seed: int, freeze: bool) -> list[EnvRow]:
    """:func:`run_env_bench` of one case."""
    rows = []
    found = adapters()
    measures: dict[str, Callable[[Case, list[Episode]], float | None]] = {"raw": raw_replay, **found}
    game, options = load_game(case.game), episode_options(case)
    pick = random.Random(seed)
    next_seed = seed
    times: dict[str, list[float]] = {}
    decisions: list[int] = []
    start = time.process_time()
    block = -1   # the warm-up block
    while block < MIN_BLOCKS or time.process_time() - start < seconds:
        episodes: list[Episode] = []
        began = time.process_time()
        while not episodes or time.process_time() - began < seconds * BLOCK_SHARE:
            episodes.append(random_episode(game, options, next_seed, pick))
            next_seed += 1
        order = list(measures) if block % 2 == 0 else list(reversed(measures))
        spent: dict[str, float] = {}
        for name in order:
            gc.collect()
            took = measures[name](case, episodes)
            if took is not None:
                spent[name] = took
        if block >= 0:
            decisions.append(sum(len(choices) for _, choices in episodes))
            for name, took in spent.items():
                times.setdefault(name, []).append(took)
        else:   # the warm-up block: what lives now (games, environments, caches) lives on,
            gc.collect()   # so the collections before each replay need not go through it
            if freeze:     # again (a full one costs some 40 ms); unfrozen at the end
                gc.freeze()
            start = time.process_time()   # the warm-up's time is not part of the budget
        block += 1
    raw_times = times.pop("raw")
    raw_rate = sum(decisions) / sum(raw_times) if sum(raw_times) else 0.0
    for name, adapter_times in times.items():
        ratios = tuple(r / a for r, a in zip(raw_times, adapter_times) if a)
        median = statistics.median(ratios) if ratios else 0.0
        rows.append(EnvRow(case.name, name, raw_rate, raw_rate * median, ratios,
                           sum(decisions) / sum(adapter_times) if sum(adapter_times) else 0.0))
    return rows


def print_env_bench(seconds: float, json_file: str | None = None, out: Any = None,
                    cases: tuple[Case, ...] | None = None) -> int:
    """``woodlands bench --env``: the table on ``out`` (a rich console; stdout by default) and
    the numbers as JSON in ``json_file``."""
    import json

    from rich.console import Console
    from rich.table import Table

    from ..engine.files import check_target, write_text
    if json_file:
        check_target(json_file)
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        from ..engine.errors import UserError
        raise UserError("the research environments need the research extra: pip install 'woodlands[research]'") from None
    rows = run_env_bench(seconds, cases=cases)
    table = Table(title=f"research environments on one core (about {seconds:g} s per game set-up, in paired "
                        "blocks): env steps / s with observation and mask, against raw engine decisions / s; ratio: "
                        "the blocks' median; quartiles: of the blocks' ratios (the JSON has their range too)",
                  title_justify="left", show_edge=False)
    for column in ("game", "adapter", "raw decisions / s", "env steps / s", "ratio", "quartiles"):
        wraps = column == "game"   # (the adapters and the numbers stay whole in a narrow terminal)
        table.add_column(column, justify="left" if wraps else "right", no_wrap=not wraps)
    for r in rows:
        _, q1, q3, _ = r.spread
        colour = "green" if r.ratio >= TARGET_RATIO else "yellow"
        table.add_row(r.case, r.adapter, f"{r.raw_per_second:,.0f}", f"{r.steps_per_second:,.0f}",
                      f"[{colour}]{r.ratio:.3f}[/{colour}]", f"{q1:.2f}-{q3:.2f}")
    console = out or Console()
    console.print(table)
    below = [f"{r.case} {r.adapter} ({r.ratio:.3f})" for r in rows if r.ratio < TARGET_RATIO]
    console.print(f"target: a median ratio of at least {TARGET_RATIO:g}; "
                  + (f"[yellow]below it: {', '.join(below)}[/yellow]" if below else "[green]every row meets it[/green]"))
    if json_file:
        write_text(json_file, json.dumps([r.to_json() for r in rows], indent=1) + "\n")
    return 0
