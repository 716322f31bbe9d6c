"""Masked random agents, then a tiny self-play learning loop, on the PettingZoo AEC
environment of The Cursed Forest.

    python examples/research/pettingzoo_random.py                 # 2 players, a few games
    python examples/research/pettingzoo_random.py --players 4 --pvp --episodes 1 --learn-steps 200

The learner is one REINFORCE policy (linear softmax over the legal actions, plain numpy)
shared by every agent: each agent's choices are credited with its own return when the game
ends.  Games are short here (``turn_limit``) so that a few hundred steps see several endings.
Needs the research extra: ``pip install 'woodlands[research]'``.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

from woodlands.research.pettingzoo import aec_env


def random_agents(env, episodes: int, seed: int) -> list[dict[str, float]]:
    """Play ``episodes`` games, every agent choosing uniformly among its legal actions."""
    rng = np.random.default_rng(seed)
    results = []
    for k in range(episodes):
        env.reset(seed=seed + k)
        totals: dict[str, float] = defaultdict(float)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            totals[agent] += float(reward)
            action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        results.append(dict(totals))
    return results


class LinearSoftmax:
    """logits[a] = W[a] . features(obs); probabilities over the legal actions only."""

    def __init__(self, obs_size: int, actions: int, width: int = 32, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.project = rng.normal(0, 1 / np.sqrt(obs_size), (obs_size, width)).astype(np.float32)
        self.w = np.zeros((actions, width + 1), np.float32)

    def features(self, obs: np.ndarray) -> np.ndarray:
        return np.append(np.tanh(obs / 10) @ self.project, 1.0).astype(np.float32)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.w[legal] @ x
        p = np.exp(logits - logits.max())
        return p / p.sum()


def self_play(env, steps: int, seed: int, lr: float = 0.05) -> list[float]:
    """About ``steps`` steps of REINFORCE, one policy for every agent."""
    rng = np.random.default_rng(seed)
    agent0 = env.possible_agents[0]
    policy = LinearSoftmax(env.observation_space(agent0)["observation"].shape[0], env.action_space(agent0).n, seed=seed)
    baseline, outcomes, taken, game = 0.0, [], 0, 0
    while taken < steps:
        env.reset(seed=seed + 1000 + game)
        game += 1
        traces: dict[str, list] = defaultdict(list)
        totals: dict[str, float] = defaultdict(float)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            totals[agent] += float(reward)
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            x = policy.features(obs["observation"])
            p = policy.probabilities(x, legal)
            k = int(rng.choice(len(legal), p=p))
            traces[agent].append((x, legal, p, k))
            env.step(int(legal[k]))
            taken += 1
        for agent, trace in traces.items():
            advantage = totals[agent] - baseline
            for x, legal, p, k in trace:
                g = -p
                g[k] += 1.0
                policy.w[legal] += lr * advantage * np.outer(g, x)
        mean = float(np.mean(list(totals.values())))
        baseline += 0.1 * (mean - baseline)
        outcomes.append(mean)
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2, help="1-4 (default 2)")
    parser.add_argument("--pvp", action="store_true", help="adventurers may attack each other")
    parser.add_argument("--turn-limit", type=int, default=20, help="rounds before a game is cut (default 20)")
    parser.add_argument("--episodes", type=int, default=3, help="games of the random agents (default 3)")
    parser.add_argument("--learn-steps", type=int, default=400, help="steps of the learning loop (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.episodes < 1 or args.learn_steps < 1 or args.seed < 0:
        parser.error("--episodes and --learn-steps must be at least 1, --seed at least 0")
    try:
        env = aec_env("cursed-forest", players=args.players, pvp=args.pvp, turn_limit=args.turn_limit)
    except ValueError as e:   # GameOptionError: players out of 1-4, a bad turn limit
        parser.error(str(e))
    results = random_agents(env, args.episodes, args.seed)
    for k, totals in enumerate(results):
        print(f"random game {k}: " + ", ".join(f"{a} {r:+.0f}" for a, r in sorted(totals.items())))
    learned = self_play(env, args.learn_steps, args.seed)
    print(f"self-play REINFORCE: {len(learned)} games in about {args.learn_steps} steps, mean return {np.mean(learned):+.3f}")
    env.close()


if __name__ == "__main__":
    main()
