"""The measurements behind docs/results/research.md (the one reward, shaping and curricula).

    python benchmarks/research_reward.py storyfold --games 200
        share of Storyfold games scoring 1.0 (and mean, best) for the greedy and random bots,
        under Game.reward and under the environments' former score
    python benchmarks/research_reward.py curricula --episodes 200
        the share of wins (and mean true reward) a masked random agent gets from each
        curriculum start, as a Markdown table
    python benchmarks/research_reward.py shaped-speed --seconds 3
        masked random steps per CPU second with reward="outcome" and reward="shaped"

Seeds are 0..N-1; the random agent draws from numpy's default_rng(0).
"""
from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

#: (Gymnasium id, make keywords, curriculum): the rows of the curricula table
CURRICULA: list[tuple[str, dict[str, Any], Any]] = [
    ("woodlands/Tanglewoods-v0", {}, None),
    ("woodlands/Tanglewoods-v0", {}, "difficulty-2"),
    ("woodlands/Tanglewoods-v0", {}, "difficulty-0"),
    ("woodlands/Tanglewoods-v0", {}, {"setup": "difficulty-0", "round": 3}),
    ("woodlands/Tanglewoods-v0", {}, {"setup": "difficulty-0", "round": 5}),
    ("woodlands/Tanglewoods-v0", {}, {"setup": "difficulty-0", "from_end": 1}),
    ("woodlands/Tanglewoods-v0", {}, {"setup": "difficulty-0", "from_end": 0}),
    ("woodlands/CursedForestSolo-v0", {}, None),
    ("woodlands/CursedForestSolo-v0", {"adventurers": 2}, None),
    ("woodlands/CursedForestSolo-v0", {}, {"round": 10}),
    ("woodlands/CursedForestSolo-v0", {}, {"from_end": 3}),
    ("woodlands/CursedForestSolo-v0", {}, {"from_end": 1}),
    ("woodlands/CursedForestSolo-v0", {}, {"from_end": 0}),
    ("woodlands/Storyfold-v0", {}, None),
    ("woodlands/Storyfold-v0", {}, {"round": 5}),
    ("woodlands/Storyfold-v0", {}, {"from_end": 2}),
    ("woodlands/Storyfold-v0", {}, {"from_end": 0}),
]


def storyfold(games: int) -> None:
    from woodlands.engine.game import load_game
    from woodlands.kit.bots import bot_for
    g = load_game("storyfold")
    scenes = len(g.content.scenes)
    print("| bot | score | share at 1.0 | mean | best |\n|---|---|---|---|---|")
    for bot in ("greedy", "random"):
        former, now = [], []
        for seed in range(games):
            s = g.new_game(seed=seed, options=g.options_for_simulation({"scene_limit": 200}))
            b = bot_for("storyfold", bot, seed)
            while not s.is_over:
                s.apply(b.choose(s))
            o = s.outcome or {}
            won = o.get("result") == "win"
            cost = o.get("scenes_played", 0) + 2 * o.get("chapter_restarts", 0) + o.get("shadow_cards", 0) / 10
            former.append(min(1.0, scenes / cost) if won else 0.0)
            now.append(g.reward(s, 0))
        for name, v in (("former environments' score", former), ("Game.reward", now)):
            print(f"| {bot} | {name} | {sum(x == 1.0 for x in v) / games:.1%} | {sum(v) / games:.3f} | {max(v):.3f} |")


def curricula(episodes: int) -> None:
    import gymnasium

    import woodlands.research.gym  # noqa: F401
    print("| environment | curriculum | episodes | random wins | mean true reward | CPU s |\n|---|---|---|---|---|---|")
    for env_id, kwargs, curriculum in CURRICULA:
        env = gymnasium.make(env_id, **kwargs)
        rng = np.random.default_rng(0)
        wins = total = 0.0
        t = time.process_time()
        for seed in range(episodes):
            _, info = env.reset(seed=seed, options={"curriculum": curriculum})
            done = False
            while not done:
                _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
                done = term or trunc
            wins += (info.get("outcome") or {}).get("result") == "win"
            total += info["true_reward"]
        name = env_id.split("/")[1] + "".join(f" {k}={v}" for k, v in kwargs.items())
        print(f"| {name} | `{curriculum}` | {episodes} | {wins / episodes:.1%} | {total / episodes:+.3f} "
              f"| {time.process_time() - t:.0f} |", flush=True)


def shaped_speed(seconds: float) -> None:
    import gymnasium

    import woodlands.research.gym  # noqa: F401
    print('| environment | `reward="outcome"` | `reward="shaped"` | ratio |\n|---|---|---|---|')
    for env_id, kwargs in (("woodlands/Tanglewoods-v0", {"difficulty": 0}), ("woodlands/Storyfold-v0", {}),
                           ("woodlands/CursedForestSolo-v0", {})):
        rates = []
        for reward in ("outcome", "shaped"):
            env = gymnasium.make(env_id, reward=reward, **kwargs).unwrapped
            rng = np.random.default_rng(0)
            steps = seed = 0
            t = time.process_time()
            _, info = env.reset(seed=seed)
            while time.process_time() - t < seconds:
                _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
                steps += 1
                if term or trunc:
                    seed += 1
                    _, info = env.reset(seed=seed)
            rates.append(steps / (time.process_time() - t))
        print(f"| {env_id.split('/')[1]} | {rates[0]:,.0f} | {rates[1]:,.0f} | {rates[1] / rates[0]:.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("storyfold", "curricula", "shaped-speed"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    if args.what == "storyfold":
        storyfold(args.games)
    elif args.what == "curricula":
        curricula(args.episodes)
    else:
        shaped_speed(args.seconds)


if __name__ == "__main__":
    main()
