"""A masked random agent, then a tiny learning loop, on a Woodlands game through OpenSpiel's API.

    PYTHONPATH=. python examples/research/openspiel_learn.py                      # Storyfold
    PYTHONPATH=. python examples/research/openspiel_learn.py --game cursed-forest --players 2 --learn-steps 300

Everything goes through OpenSpiel's own calls: ``new_initial_state``, ``current_player``,
``legal_actions``, ``apply_action``, ``returns``, and the game's Python observer
(``make_py_observer().set_from(state, player)``: the seat's observation tensor, a numpy array
written in place). The learner is REINFORCE with a linear softmax policy over the legal
actions, in plain numpy: the tensor is squashed (tanh) and cut to a few dozen numbers by a fixed
random projection, each action has a weight vector, and only the legal actions' logits are
computed. With several players one policy plays every seat and each seat's choices are credited
with its own return. The states play quiet (no log kept): nothing here asks for an
information-state string. It is an example of the loop, not a strong player.
Needs the research extra: ``pip install 'woodlands[research]'``.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np

GAMES = ("tanglewoods", "storyfold", "cursed-forest")
#: a short Cursed Forest, so that a few hundred steps see several endings (a game cut by the
#: limit returns 0); the other two play with the adapter's default limits
LIMITS: dict[str, dict[str, Any]] = {"cursed-forest": {"turn_limit": 15}}


def random_agent(game: Any, episodes: int, seed: int) -> list[list[float]]:
    """Play ``episodes`` games, every player choosing uniformly among its legal actions."""
    rng = np.random.default_rng(seed)
    results = []
    for _ in range(episodes):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.integers(len(actions)))])
        results.append(state.returns())
    return results


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


def reinforce(game: Any, steps: int, seed: int, lr: float = 0.05) -> list[list[float]]:
    """About ``steps`` decisions of REINFORCE with a running-mean baseline, one policy for
    every seat; returns each game's returns."""
    rng = np.random.default_rng(seed)
    observer = game.make_py_observer()
    policy = LinearSoftmax(game.observation_tensor_size(), game.num_distinct_actions(), seed=seed)
    baseline, results, taken = 0.0, [], 0
    while taken < steps:
        state = game.new_initial_state()
        trace = []   # (player, features, legal, probabilities, chosen)
        while not state.is_terminal():
            player = state.current_player()
            observer.set_from(state, player)          # the seat's tensor, written in place
            legal = np.asarray(state.legal_actions())
            x = policy.features(observer.tensor)
            p = policy.probabilities(x, legal)
            k = int(rng.choice(len(legal), p=p))
            trace.append((player, x, legal, p, k))
            state.apply_action(int(legal[k]))
            taken += 1
        returns = state.returns()
        for player, x, legal, p, k in trace:   # grad of log p[k] = (onehot(k) - p) x, over the legal rows
            g = -p
            g[k] += 1.0
            policy.w[legal] += lr * (returns[player] - baseline) * np.outer(g, x)
        baseline += 0.1 * (float(np.mean(returns)) - baseline)
        results.append(returns)
    return results


def summary(results: list[list[float]]) -> str:
    means = np.mean(np.asarray(results), axis=0)
    return ", ".join(f"player {k} {m:+.3f}" for k, m in enumerate(means))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=GAMES, default="storyfold",
                        help="default storyfold: its return is graded (2 * its score - 1, in (-1, 1]), where a random "
                             "Tanglewoods hero loses every game")
    parser.add_argument("--players", type=int, default=None, help="The Cursed Forest's players (1-4; default 2)")
    parser.add_argument("--episodes", type=int, default=5, help="games of the random agent (default 5)")
    parser.add_argument("--learn-steps", type=int, default=3000, help="decisions of the learning loop (default 3000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.learn_steps < 1 or args.seed < 0:
        parser.error("--episodes and --learn-steps must be at least 1, --seed at least 0")
    if args.players is not None and args.game != "cursed-forest":
        parser.error("--players is an option of --game cursed-forest only")
    try:
        import woodlands.research.openspiel as wo
    except ImportError as err:
        print(f"this example needs the research extra (pip install 'woodlands[research]'): {err}", file=sys.stderr)
        return 2
    params: dict[str, Any] = dict(LIMITS.get(args.game, {}), seed=args.seed)
    if args.game == "cursed-forest":
        params["players"] = 2 if args.players is None else args.players
    try:
        game = wo.load(args.game, **params)
    except wo.OpenSpielOptionError as err:
        parser.error(str(err))
    name = f"{wo.SHORT_NAMES[args.game]} {params}"
    print(f"{name}: random agent, {args.episodes} games, mean return {summary(random_agent(game, args.episodes, args.seed))}")
    learned = reinforce(game, args.learn_steps, args.seed)
    print(f"REINFORCE: {len(learned)} games in about {args.learn_steps} decisions, mean return {summary(learned)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
