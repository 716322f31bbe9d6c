"""``woodlands bench --env``: environment steps per second of each research adapter against
the raw engine's decisions per second, measured in the same run (issue 13, target >= 0.5x).

A step is one decision taken through the adapter with its observation and its mask built
(``reset``/``step`` for Gymnasium, ``last``/``step`` for PettingZoo), on the bare environment
(no checker wrappers).  Only the time spent inside the environment's calls is counted: the
random agent's own choice (picking an index from the mask) is not the environment's cost.
The raw figure is random play through ``state.apply`` with the same options.

Adapters are listed in :data:`ADAPTERS` (name -> ``"module:function"``); a function
``(case, seconds, seed) -> (steps, seconds) | None`` measures one case and returns None for a
case it does not cover.  An adapter module that cannot be imported (its library missing) is
left out of the table.  The OpenSpiel adapter joins by adding its line.
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
    "gymnasium": "woodlands.research.bench:gym_steps",
    "pettingzoo": "woodlands.research.bench:pettingzoo_steps",
    "openspiel": "woodlands.research.openspiel:bench_steps",
}


def episode_options(case: Case) -> dict[str, Any]:
    from .gym import episode_options as options
    return options(load_game(case.game), dict(case.options))


def raw_decisions(case: Case, seconds: float, seed: int) -> tuple[int, float]:
    """Random play through the engine alone, with the options the environments use."""
    game = load_game(case.game)
    options = episode_options(case)
    pick = random.Random(seed)
    n = 0
    start = time.perf_counter()
    game_seed = seed
    while time.perf_counter() - start < seconds:
        state = game.new_game(seed=game_seed, options=dict(options))
        game_seed += 1
        while not state.is_over:
            opts = state.decision.options  # type: ignore[union-attr]
            state.apply(opts[pick.randrange(len(opts))].id)
            n += 1
    return n, time.perf_counter() - start


def gym_steps(case: Case, seconds: float, seed: int) -> tuple[int, float] | None:
    if case.gym_id is None:
        return None
    import gymnasium
    import numpy as np

    from . import gym  # noqa: F401  (registers the ids)
    kwargs = {k: v for k, v in case.options.items() if not (k == "players" and case.game == "cursed-forest")}
    env = gymnasium.make(case.gym_id, disable_env_checker=True, **kwargs).unwrapped
    pick = random.Random(seed)
    flat = np.flatnonzero
    steps = 0
    inside = 0.0
    game_seed = seed
    wall = time.perf_counter()
    while time.perf_counter() - wall < seconds:
        t = time.perf_counter()
        _obs, info = env.reset(seed=game_seed)
        inside += time.perf_counter() - t
        game_seed += 1
        done = False
        while not done:
            legal = flat(info["action_mask"])
            action = int(legal[pick.randrange(len(legal))])
            t = time.perf_counter()
            _obs, _r, terminated, truncated, info = env.step(action)
            inside += time.perf_counter() - t
            steps += 1
            done = terminated or truncated
    return steps, inside


def pettingzoo_steps(case: Case, seconds: float, seed: int) -> tuple[int, float] | None:
    if case.game != "cursed-forest":
        return None
    import numpy as np

    from .pettingzoo import cursed_forest_env
    env = cursed_forest_env(**case.options)
    pick = random.Random(seed)
    flat = np.flatnonzero
    steps = 0
    inside = 0.0
    game_seed = seed
    wall = time.perf_counter()
    while time.perf_counter() - wall < seconds:
        t = time.perf_counter()
        env.reset(seed=game_seed)
        inside += time.perf_counter() - t
        game_seed += 1
        while env.agents:
            t = time.perf_counter()
            obs, _r, terminated, truncated, _info = env.last()
            inside += time.perf_counter() - t
            if terminated or truncated:
                action = None
            else:
                legal = flat(obs["action_mask"])
                action = int(legal[pick.randrange(len(legal))])
            t = time.perf_counter()
            env.step(action)
            inside += time.perf_counter() - t
            steps += action is not None
    return steps, inside


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


def adapters() -> dict[str, Callable[[Case, float, int], tuple[int, float] | None]]:
    """The adapters whose module imports here, by name."""
    found = {}
    for name, path in ADAPTERS.items():
        try:
            found[name] = Lazy(path).load()
        except (ImportError, AttributeError):
            continue
    return found


def run_env_bench(seconds: float = 5.0, seed: int = 1, cases: tuple[Case, ...] = CASES, rounds: int = 3) -> list[EnvRow]:
    """About ``seconds`` per case, shared between the raw engine and each adapter, measured in
    ``rounds`` alternating turns so that the machine's load falls on all of them alike."""
    rows = []
    found = adapters()
    for case in cases:
        measures: dict[str, Callable[[Case, float, int], tuple[int, float] | None]] = {"raw": raw_decisions}
        measures.update(found)
        share = seconds / len(measures) / rounds
        totals: dict[str, list[float]] = {}
        for r in range(rounds):
            for name, measure in measures.items():
                got = measure(case, share, seed + r)
                if got is not None:
                    total = totals.setdefault(name, [0.0, 0.0])
                    total[0] += got[0]
                    total[1] += got[1]
        raw_steps, raw_spent = totals.pop("raw")
        raw = raw_steps / raw_spent if raw_spent else 0.0
        for name, (steps, spent) in totals.items():
            rows.append(EnvRow(case.name, name, raw, steps / spent if spent else 0.0))
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
    rows = run_env_bench(seconds, cases=CASES if cases is None else cases)
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
