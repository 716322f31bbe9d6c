"""What one Gymnasium step costs beside the decision it takes: the encoding, the mask, the rest.

    PYTHONPATH=. python benchmarks/research_steps.py [tanglewoods|storyfold|cursed-forest] [GAMES]

It plays GAMES masked random episodes (default 12) to record their actions, then, in three
alternating rounds, replays them (1) through ``state.apply`` alone, (2) through ``env.step``,
and times (3) ``encoder.flat`` and (4) ``space.mask`` over the positions they pass through.
CPU time (``time.process_time``), best of three rounds, in microseconds per decision: less
disturbed by the shared machine's load than wall-clock time.  docs/research.md quotes it.
"""
from __future__ import annotations

import random
import sys
import time

import gymnasium
import numpy as np

import woodlands.research.gym  # noqa: F401

ENVS = {"tanglewoods": ("woodlands/Tanglewoods-v0", {}), "storyfold": ("woodlands/Storyfold-v0", {}),
        "cursed-forest": ("woodlands/CursedForestSolo-v0", {"adventurers": 2})}


def main(game: str, games: int) -> None:
    env_id, kwargs = ENVS[game]
    env = gymnasium.make(env_id, disable_env_checker=True, **kwargs).unwrapped
    pick = random.Random(1)
    episodes = []
    for seed in range(games):
        _obs, info = env.reset(seed=seed)
        actions, done = [], False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            a = int(legal[pick.randrange(len(legal))])
            actions.append(a)
            _obs, _r, terminated, truncated, info = env.step(a)
            done = terminated or truncated
        episodes.append((seed, actions))
    n = sum(len(a) for _, a in episodes)
    ids = env.actions.ids
    states = []
    for seed, actions in episodes:
        s = env.game.new_game(seed=seed, options=dict(env.options))
        for a in actions:
            s.apply(ids[a])
            states.append(s.clone())

    def raw() -> None:
        for seed, actions in episodes:
            s = env.game.new_game(seed=seed, options=dict(env.options))
            for a in actions:
                s.apply(ids[a])

    def steps() -> None:
        for seed, actions in episodes:
            env.reset(seed=seed)
            for a in actions:
                env.step(a)

    def encode() -> None:
        flat = env.encoder.flat
        for s in states:
            flat(s, 0)

    def mask() -> None:
        m = env.actions.mask
        for s in states:
            m(s)

    best: dict[str, float] = {}
    for _round in range(3):
        for name, fn in (("decision", raw), ("env step", steps), ("encoding", encode), ("mask", mask)):
            t = time.process_time()
            fn()
            spent = (time.process_time() - t) / n * 1e6
            best[name] = min(best.get(name, spent), spent)
    print(f"{game}: {n} decisions in {games} games; µs per decision: "
          + ", ".join(f"{k} {v:.1f}" for k, v in best.items())
          + f"; env steps / raw decisions = {best['decision'] / best['env step']:.2f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tanglewoods", int(sys.argv[2]) if len(sys.argv) > 2 else 12)
