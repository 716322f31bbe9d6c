"""One MaskablePPO policy shared by every player of a cooperative PettingZoo game (The Cursed
Forest), with a learning curve.

    python examples/research/train_shared_policy.py --players 2 --reward shaped --steps 5000000 --minutes 30 --seed 0
    python examples/research/train_shared_policy.py --players 3 --steps 300 --eval-every 150   # a smoke run

stable-baselines3 has no API for turn-based multi-agent games, so :class:`SharedPolicyEnv` (ours,
below) turns the AEC environment into one Gymnasium environment: each step is the decision of
whichever player acts next, seen through that player's own observation and mask, and the reward
is the team's (every player of a cooperative game gets the same).  One network thus plays every
seat (parameter sharing).  SuperSuit's vector-env conversion is not used: it takes parallel
environments, and turns here are taken one decision at a time, not simultaneously.  A ``pvp``
game is refused: there each seat plays for itself, and one shared return would be wrong.

The curve (``OUT/curve.csv``, ``OUT/curve.png``, and the policy ``OUT/model.zip``) is as in ``train_maskable_ppo.py``: the mean
true reward (``Game.reward``, in [0, 1]) on fixed seeds against the random and greedy bots
playing every seat on the same seeds.  Needs ``pip install 'woodlands[research,train]'``.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from train_maskable_ppo import EVAL_SEED, bot_lines, evaluate, learn_with_curve, parse_option
from woodlands.engine.errors import GameOptionError
from woodlands.research.pettingzoo import WoodlandsAECEnv, aec_env


class SharedPolicyEnv(gymnasium.Env):  # type: ignore[type-arg]
    """A cooperative AEC game as one Gymnasium environment: every step is the acting player's."""

    def __init__(self, game_id: str, reward: str = "outcome", **options: Any) -> None:
        if options.get("pvp"):
            raise GameOptionError("a shared policy needs a cooperative game: pvp seats each play for themselves")
        try:
            self.aec: WoodlandsAECEnv = aec_env(game_id, reward=reward, **options)
        except (GameOptionError, TypeError) as e:   # an environment from before shaped rewards
            if "reward" not in str(e) or reward != "outcome":
                raise
            self.aec = aec_env(game_id, **options)
        space = self.aec.observation_space(self.aec.possible_agents[0])
        self.observation_space = space["observation"]
        self.action_space = self.aec.action_space(self.aec.possible_agents[0])

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs, _, _, _, info = self.aec.last()
        assert obs is not None
        return obs["observation"], dict(info)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None:   # (the AEC env draws from its own generator, seeded by the last seeded reset)
            self.aec.reset()
        else:
            self.aec.reset(seed=seed)
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        # the team's reward: the same for every player of a cooperative game (0 until the end)
        reward = float(np.mean(list(self.aec.rewards.values())))
        terminated = all(self.aec.terminations.values())
        truncated = all(self.aec.truncations.values())
        obs, info = self._observe()
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.aec.action_mask().astype(bool)

    def true_reward(self) -> float:
        """The game's own reward (the team's, in [0, 1]) once a game has ended; 0 if cut short."""
        s = self.aec.state_
        assert s is not None
        return float(self.aec.game.reward(s, 0)) if s.is_over else 0.0


def ended(env: SharedPolicyEnv) -> tuple[float, bool]:
    """The team's true reward for the game ``env`` just played, and whether it was won."""
    from woodlands.engine.views import result_of
    state = env.aec.state_
    assert state is not None
    return env.true_reward(), state.is_over and result_of(state.outcome) == "win"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="cursed-forest", help="a game of several players (default cursed-forest)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--steps", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--reward", default="outcome", choices=("outcome", "shaped"))
    p.add_argument("--option", action="append", type=parse_option, default=[], metavar="KEY=VALUE")
    p.add_argument("--eval-every", type=int, default=0, help="steps between evaluations (default: steps / 20)")
    p.add_argument("--eval-episodes", type=int, default=20)
    p.add_argument("--minutes", type=float, default=None, help="stop training after this many CPU minutes (evaluations not counted)")
    p.add_argument("--n-steps", type=int, default=1024)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--out", default=None, help="folder for curve.csv and curve.png (default runs/shared-GAME-sSEED)")
    args = p.parse_args(argv)
    for name in ("steps", "eval_episodes", "n_steps", "threads"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")

    import torch
    from sb3_contrib import MaskablePPO
    torch.set_num_threads(args.threads)

    options = {"players": args.players, **dict(args.option)}
    try:
        env = SharedPolicyEnv(args.game, args.reward, **options)
        eval_env = SharedPolicyEnv(args.game, "outcome", **options)
    except GameOptionError as e:
        p.error(str(e))
    every = args.eval_every or max(1, args.steps // 20)
    seeds = [EVAL_SEED + k for k in range(args.eval_episodes)]
    out = Path(args.out or f"runs/shared-{args.game}-s{args.seed}")
    out.mkdir(parents=True, exist_ok=True)
    lines, rows = bot_lines(args.game, options, seeds, " (every seat)")
    title = f"{args.game} {options} shared policy reward={args.reward} seed={args.seed}"
    model = MaskablePPO("MlpPolicy", env, n_steps=min(args.n_steps, args.steps), batch_size=64,
                        seed=args.seed, verbose=0, device="cpu")
    learn_with_curve(model, args.steps, every, args.minutes, out, rows, lines, title, "ppo-shared",
                     lambda m: evaluate(m, eval_env, seeds, False, ended))
    print(f"wrote {out / 'curve.csv'} and {out / 'curve.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
