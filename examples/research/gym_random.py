"""A masked random agent, then a tiny learning loop, on a Woodlands Gymnasium environment.

    python examples/research/gym_random.py                       # Storyfold, a few episodes
    python examples/research/gym_random.py --env woodlands/Tanglewoods-v0
    python examples/research/gym_random.py --env woodlands/CursedForestSolo-v0 --episodes 2 --learn-steps 200

The learner is REINFORCE with a linear softmax policy over the legal actions, in plain numpy:
the observation is squashed (tanh) and cut to a few dozen numbers by a fixed random
projection, each action has a weight vector, and only the legal actions' logits are computed
(``info["action_mask"]``).  It is an example of the loop, not a strong player.  The default
is Storyfold, whose reward is graded (fewer scenes, restarts and Shadow cards score more): a random
Tanglewoods hero loses every game at any difficulty, so there the loop sees -1 every time.
Needs the research extra: ``pip install 'woodlands[research]'``.
"""
from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import woodlands.research.gym  # noqa: F401  (registers woodlands/...-v0)


def random_agent(env: gymnasium.Env, episodes: int, seed: int) -> list[float]:
    """Play ``episodes`` episodes choosing uniformly among the legal actions."""
    rng = np.random.default_rng(seed)
    returns = []
    for k in range(episodes):
        obs, info = env.reset(seed=seed + k)
        total, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return returns


class LinearSoftmax:
    """logits[a] = W[a] . features(obs); probabilities over the legal actions only."""

    def __init__(self, obs_size: int, actions: int, width: int = 32, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.project = rng.normal(0, 1 / np.sqrt(obs_size), (obs_size, width)).astype(np.float32)
        self.w = np.zeros((actions, width + 1), np.float32)   # + a bias feature

    def features(self, obs: np.ndarray) -> np.ndarray:
        return np.append(np.tanh(obs / 10) @ self.project, 1.0).astype(np.float32)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.w[legal] @ x
        p = np.exp(logits - logits.max())
        return p / p.sum()


def reinforce(env: gymnasium.Env, steps: int, seed: int, lr: float = 0.05) -> list[float]:
    """About ``steps`` environment steps of REINFORCE with a running-mean baseline."""
    rng = np.random.default_rng(seed)
    policy = LinearSoftmax(env.observation_space.shape[0], env.action_space.n, seed=seed)
    baseline, returns, taken, episode = 0.0, [], 0, 0
    while taken < steps:
        obs, info = env.reset(seed=seed + 1000 + episode)
        episode += 1
        trace, total, done = [], 0.0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            x = policy.features(obs)
            p = policy.probabilities(x, legal)
            k = int(rng.choice(len(legal), p=p))
            trace.append((x, legal, p, k))
            obs, reward, terminated, truncated, info = env.step(int(legal[k]))
            total += float(reward)
            taken += 1
            done = terminated or truncated
        advantage = total - baseline
        baseline += 0.1 * (total - baseline)
        for x, legal, p, k in trace:   # grad of log p[k] = (onehot(k) - p) x, over the legal rows
            g = -p
            g[k] += 1.0
            policy.w[legal] += lr * advantage * np.outer(g, x)
        returns.append(total)
    return returns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--env", default="woodlands/Storyfold-v0",
                        help="a woodlands/...-v0 id (default woodlands/Storyfold-v0)")
    parser.add_argument("--episodes", type=int, default=5, help="episodes of the random agent (default 5)")
    parser.add_argument("--learn-steps", type=int, default=3000, help="steps of the learning loop (default 3000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.episodes < 1 or args.learn_steps < 1 or args.seed < 0:
        parser.error("--episodes and --learn-steps must be at least 1, --seed at least 0")
    try:
        env = gymnasium.make(args.env)
    except (gymnasium.error.Error, ValueError) as e:   # an unknown id, a bad option
        parser.error(f"--env {args.env}: {e}")
    returns = random_agent(env, args.episodes, args.seed)
    print(f"{args.env}: random agent, {len(returns)} episodes, mean return {np.mean(returns):+.3f}")
    learned = reinforce(env, args.learn_steps, args.seed)
    print(f"REINFORCE: {len(learned)} episodes in about {args.learn_steps} steps, mean return {np.mean(learned):+.3f}")
    env.close()


if __name__ == "__main__":
    main()
