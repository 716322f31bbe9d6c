"""``woodlands bench --env``: environment steps per second of each research adapter against
the raw engine's decisions per second, measured in the same run (issue 13, target >= 0.5x).

Random games are played first (masked random choices) and their choices recorded; then, in
alternating rounds, the raw engine replays them through ``state.apply`` and each adapter replays
the same choices through its own API (``reset``/``step`` for Gymnasium, ``last``/``step`` for
PettingZoo) on the bare environment (no checker wrappers), building every observation and mask
as an agent would receive them.  So both sides take exactly the same decisions and no agent's
own work is counted.  Times are the process's CPU time (``time.process_time``), which the other
processes of a shared machine disturb less than wall-clock time.

Adapters are listed in :data:`ADAPTERS` (name -> ``"module:function"``); a function
``(case, episodes) -> seconds | None`` replays ``episodes`` (a list of ``(seed, [option id,
...])``, games of ``case.game`` with :func:`episode_options`) and returns the CPU seconds it
took, or None for a case it does not cover.  An adapter module that cannot be imported (its
library missing) is left out of the table.  The OpenSpiel adapter joins by adding its line.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.game import load_game
from ..engine.registry import Lazy

TARGET_RATIO = 0.5


@dataclass(frozen=True)
class Case:
    """One game set-up the adapters are measured on."""

    name: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    gym_id: str | None = None


CASES = (
    Case("tanglewoods", "tanglewoods", {}, "woodlands/Tanglewoods-v0"),
    Case("storyfold", "storyfold", {}, "woodlands/Storyfold-v0"),
    Case("cursed-forest solo, 2 adventurers", "cursed-forest", {"players": 1, "adventurers": 2},
         "woodlands/CursedForestSolo-v0"),
    Case("cursed-forest, 3 players", "cursed-forest", {"players": 3}),
)

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


def gym_replay(case: Case, episodes: list[Episode]) -> float | None:
    if case.gym_id is None:
        return None
    import gymnasium

    from . import gym  # noqa: F401  (registers the ids)
    kwargs = {k: v for k, v in case.options.items() if not (k == "players" and case.game == "cursed-forest")}
    env: Any = gymnasium.make(case.gym_id, disable_env_checker=True, **kwargs).unwrapped
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
    if case.game != "cursed-forest":
        return None
    from .pettingzoo import cursed_forest_env
    env = cursed_forest_env(**case.options)
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
    case: str
    adapter: str
    raw_per_second: float
    steps_per_second: float

    @property
    def ratio(self) -> float:
        return self.steps_per_second / self.raw_per_second if self.raw_per_second else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"case": self.case, "adapter": self.adapter, "raw_decisions_per_second": self.raw_per_second,
                "env_steps_per_second": self.steps_per_second, "ratio": self.ratio, "target_ratio": TARGET_RATIO}


def adapters() -> dict[str, Callable[[Case, list[Episode]], float | None]]:
    """The adapters whose module imports here, by name."""
    found = {}
    for name, path in ADAPTERS.items():
        try:
            found[name] = Lazy(path).load()
        except (ImportError, AttributeError):
            continue
    return found


def run_env_bench(seconds: float = 5.0, seed: int = 1, cases: tuple[Case, ...] | None = None,
                  rounds: int = 3) -> list[EnvRow]:
    """About ``seconds`` per case: random games recorded for a twelfth of it, then replayed by
    the raw engine and each adapter in turn, ``rounds`` times (the best round of each counts)."""
    rows = []
    found = adapters()
    for case in CASES if cases is None else cases:
        episodes = record(case, seconds / 12, seed)
        decisions = sum(len(choices) for _, choices in episodes)
        measures: dict[str, Callable[[Case, list[Episode]], float | None]] = {"raw": raw_replay, **found}
        best: dict[str, float] = {}
        for _round in range(rounds):
            for name, measure in measures.items():
                spent = measure(case, episodes)
                if spent is not None:
                    best[name] = min(best.get(name, spent), spent)
        raw = best.pop("raw")
        for name, spent in best.items():
            rows.append(EnvRow(case.name, name, decisions / raw if raw else 0.0, decisions / spent if spent else 0.0))
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
        from ..cli.main import UserError
        raise UserError("the research environments need the research extra: pip install 'woodlands[research]'") from None
    rows = run_env_bench(seconds, cases=cases)
    table = Table(title=f"research environments on one core (about {seconds:g} s per game set-up): "
                        "env steps / s with observation and mask, against raw engine decisions / s",
                  title_justify="left", show_edge=False)
    for column in ("game", "adapter", "raw decisions / s", "env steps / s", "ratio", ""):
        table.add_column(column, justify="left" if column in ("game", "adapter", "") else "right")
    for r in rows:
        table.add_row(r.case, r.adapter, f"{r.raw_per_second:,.0f}", f"{r.steps_per_second:,.0f}", f"{r.ratio:.2f}",
                      "[green]met[/green]" if r.ratio >= TARGET_RATIO else f"[yellow]below {TARGET_RATIO:g}[/yellow]")
    (out or Console()).print(table)
    if json_file:
        write_text(json_file, json.dumps([r.to_json() for r in rows], indent=1) + "\n")
    return 0
