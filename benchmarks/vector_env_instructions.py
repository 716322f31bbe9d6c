"""Instructions per Gymnasium step when K environments are stepped in turn in one thread, as
Gymnasium's ``SyncVectorEnv`` steps them: does each environment's encoder keep its own memo?

    PYTHONHASHSEED=0 PYTHONPATH=. python benchmarks/vector_env_instructions.py tanglewoods 1 4

Records 12 random games of the set-up (a case of :func:`woodlands.research.bench.all_cases` by its
game id or name, with a Gymnasium id), then, for each K given, runs itself twice under
``valgrind --tool=callgrind`` with garbage collection off: the same recording and warm-up, then
none or all of the games replayed through K environments (``gymnasium.make(...).unwrapped``),
K games at a time, one step of each environment in turn.  The difference divided by the steps is
the cost of one step, resets included.  With a memo shared by the thread, each step finds it
holding another environment's game; with ``Encoder.private()`` (each environment's own) K
environments cost what one does.
"""
from __future__ import annotations

import gc
import os
import re
import subprocess
import sys

GAMES = 12


def play(case_name: str, k: int, replay: bool) -> int:
    import gymnasium

    import woodlands.research.gym  # noqa: F401  (registers the ids)
    from env_instructions import case_of, record
    case = case_of(case_name)
    if case.gym_id is None:
        raise SystemExit(f"{case.name} has no Gymnasium environment")
    kwargs = {key: v for key, v in case.options.items() if key != "players"}
    envs = [gymnasium.make(case.gym_id, disable_env_checker=True, **kwargs).unwrapped for _ in range(k)]
    index = envs[0].actions.index
    plays = [(seed, [index(c) for c in choices]) for seed, choices in record(case, GAMES, 1)]
    for seed, choices in record(case, 2, 10_000):   # warm-up: imports, caches
        envs[0].reset(seed=seed)
        for c in choices:
            envs[0].step(index(c))
    gc.collect()
    gc.disable()
    if replay:
        for first in range(0, len(plays), k):
            group = plays[first:first + k]
            for env, (seed, _) in zip(envs, group):
                env.reset(seed=seed)
            at = [0] * len(group)
            going = True
            while going:
                going = False
                for j, (env, (_, actions)) in enumerate(zip(envs, group)):
                    if at[j] < len(actions):
                        env.step(actions[at[j]])
                        at[j] += 1
                        going = True
    return sum(len(actions) for _, actions in plays)


def measure(case_name: str, k: int, replay: bool) -> tuple[int, int]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--play", case_name, str(k), str(int(replay))],
                         env=env, capture_output=True, text=True, check=True)
    collected = int(re.search(r"Collected : (\d+)", out.stderr).group(1))  # type: ignore[union-attr]
    return collected, int(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    case_name = argv[0]
    for k in [int(a) for a in argv[1:]] or [1, 4]:
        base, _ = measure(case_name, k, False)
        total, steps = measure(case_name, k, True)
        print(f"{case_name}, {k} environment(s) in turn: {steps} steps, {(total - base) / steps:,.0f} instructions per step",
              flush=True)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1] == "--play":
        print(play(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"))
    else:
        main(sys.argv[1:])
