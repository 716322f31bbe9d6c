"""Instructions per environment step against per raw decision: ``woodlands bench --env``'s
ratio, counted by callgrind instead of timed, so that it does not drift with the machine's load.

    PYTHONHASHSEED=0 PYTHONPATH=. python benchmarks/env_instructions.py tanglewoods 40 [ADAPTER ...]

Records GAMES random games of the set-up (a case of :func:`woodlands.research.bench.all_cases`
by its game id or name; the same seeds and choices on every run), then, for the raw engine and
each adapter (default: every adapter covering the case; ``raw`` is always measured), runs
itself twice under ``valgrind --tool=callgrind`` with garbage collection off: the same recording
and warm-up (two other games replayed), then none or all of the recorded games replayed by that adapter's
``woodlands bench --env`` replay function.  The difference divided by the recorded decisions is
the cost of one step, resets included; the ratio raw / adapter is what ``bench --env`` measures
(its target is >= 0.5).  Besides the adapters of ``bench.ADAPTERS`` it knows ``encode`` (apply,
then the encoder's ``flat`` for the deciding seat) and ``mask`` (apply, then the legal indexes
and the mask): their excess over ``raw`` is the encoder's and the mask's share of a step.
"""
from __future__ import annotations

import gc
import os
import random
import re
import subprocess
import sys
import time
from typing import Any


def case_of(name: str) -> Any:
    from woodlands.research.bench import all_cases
    for case in all_cases():
        if name in (case.name, case.game):
            return case
    raise SystemExit(f"no case {name!r}: {[c.name for c in all_cases()]}")


def record(case: Any, games: int, first: int) -> list[tuple[int, list[str]]]:
    from woodlands.engine.game import load_game
    from woodlands.research.bench import episode_options, random_episode
    game = load_game(case.game)
    options = episode_options(case)
    return [random_episode(game, options, seed, random.Random(seed)) for seed in range(first, first + games)]


def encode_replay(case: Any, episodes: list[tuple[int, list[str]]]) -> float:
    from woodlands.engine.game import load_game
    from woodlands.research.bench import episode_options
    from woodlands.kit.encoding import encoder
    game = load_game(case.game)
    options = episode_options(case)
    flat = encoder(case.game, options).flat
    start = time.process_time()
    for seed, choices in episodes:
        state = game.new_game(seed=seed, options=dict(options))
        flat(state, state.decision.player)  # type: ignore[union-attr]
        for choice in choices:
            state.apply(choice)
            if not state.over:
                flat(state, state.decision.player)  # type: ignore[union-attr]
    return time.process_time() - start


def mask_replay(case: Any, episodes: list[tuple[int, list[str]]]) -> float:
    from woodlands.engine.game import load_game
    from woodlands.research.bench import episode_options
    from woodlands.kit.spaces import action_space
    game = load_game(case.game)
    options = episode_options(case)
    space = action_space(case.game, options)
    start = time.process_time()
    for seed, choices in episodes:
        state = game.new_game(seed=seed, options=dict(options))
        space.mask_of(space.legal(state))
        for choice in choices:
            state.apply(choice)
            space.mask_of(space.legal(state))
    return time.process_time() - start


def measure_fn(name: str) -> Any:
    from woodlands.engine.registry import Lazy
    from woodlands.research.bench import ADAPTERS, raw_replay
    extra = {"raw": raw_replay, "encode": encode_replay, "mask": mask_replay}
    return extra[name] if name in extra else Lazy(ADAPTERS[name]).load()


def play(case_name: str, adapter: str, games: int, replay: bool) -> int:
    case = case_of(case_name)
    run = measure_fn(adapter)
    warm = record(case, 2, 10_000)
    episodes = record(case, games, 1)     # recorded in both runs: only the replay differs
    gc.collect()
    gc.disable()
    run(case, warm)                       # warm-up: imports, caches, memos
    if replay and run(case, episodes) is None:
        return -1
    return sum(len(c) for _, c in episodes)


def measure(case_name: str, adapter: str, games: int, replay: bool) -> tuple[int, int]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--play", case_name, adapter, str(games), str(int(replay))],
                         env=env, capture_output=True, text=True, check=True)
    collected = int(re.search(r"Collected : (\d+)", out.stderr).group(1))  # type: ignore[union-attr]
    return collected, int(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    case_name, games = argv[0], int(argv[1]) if len(argv) > 1 else 40
    names = argv[2:]
    if not names:
        from woodlands.research.bench import ADAPTERS
        names = list(ADAPTERS)
    costs = {}
    for name in ["raw", *[n for n in names if n != "raw"]]:
        base, _ = measure(case_name, name, games, False)
        total, decisions = measure(case_name, name, games, True)
        if decisions < 0:
            continue
        costs[name] = (total - base) / decisions
        ratio = f", ratio {costs['raw'] / costs[name]:.3f}" if name != "raw" else ""
        print(f"{case_name} {name}: {decisions} decisions, {costs[name]:,.0f} instructions per step{ratio}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--play":
        print(play(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1"))
    else:
        main(sys.argv[1:])
