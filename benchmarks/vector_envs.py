"""Steps per second of Gymnasium's vector environments over a Woodlands game: one plain
environment, ``make_vec(..., "sync")`` and ``"async"`` (one process per environment) with N
environments, a masked random action per environment and step (no learner).

    PYTHONPATH=. python benchmarks/vector_envs.py woodlands/Tanglewoods-v0 --seconds 3 --envs 1 2 4

Wall-clock time: the async form's worth is its use of other cores, so this is the number that
tells.  Each configuration first runs a warm-up of 200 steps (processes started, caches warm).
Read it with the machine's load (printed): on a busy machine the extra processes get less.
"""
from __future__ import annotations

import argparse
import os
import time

import gymnasium
import numpy as np

import woodlands.research.gym  # noqa: F401  (registers the ids)


def masked_random(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    # (an all-zero row: that environment's game just ended and resets on this step)
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


def plain(gym_id: str, seconds: float) -> float:
    env = gymnasium.make(gym_id, disable_env_checker=True)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    steps, episode, start = 0, 0, None
    while True:
        if start is None and steps == 200:
            start, steps = time.perf_counter(), 0
        if start is not None and steps % 100 == 0 and time.perf_counter() - start >= seconds:
            break
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if terminated or truncated:
            episode += 1
            _, info = env.reset(seed=episode)
    assert start is not None
    return steps / (time.perf_counter() - start)


def vector(gym_id: str, n: int, mode: str, seconds: float) -> float:
    envs = gymnasium.make_vec(gym_id, num_envs=n, vectorization_mode=mode)
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    batches, start = 0, None
    while True:
        if start is None and batches == 200 // n:
            start, batches = time.perf_counter(), 0
        if start is not None and batches % 20 == 0 and time.perf_counter() - start >= seconds:
            break
        _, _, _, _, info = envs.step(masked_random(rng, info["action_mask"]))
        batches += 1
    assert start is not None
    rate = batches * n / (time.perf_counter() - start)
    envs.close()
    return rate


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("gym_id")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--envs", type=int, nargs="+", default=[1, 2, 4])
    args = p.parse_args()
    print(f"{args.gym_id}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"| setup | steps / s |\n|---|---:|\n| one environment | {plain(args.gym_id, args.seconds):,.0f} |")
    for mode in ("sync", "async"):
        for n in args.envs:
            print(f"| {mode}, {n} environments | {vector(args.gym_id, n, mode, args.seconds):,.0f} |", flush=True)


if __name__ == "__main__":
    main()
