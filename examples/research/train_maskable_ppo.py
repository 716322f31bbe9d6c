"""MaskablePPO (sb3-contrib) over a Woodlands Gymnasium environment, with a learning curve.

    python examples/research/train_maskable_ppo.py --game storyfold --steps 1000000 --seed 0
    python examples/research/train_maskable_ppo.py --game tanglewoods --option difficulty=0 --reward shaped
    python examples/research/train_maskable_ppo.py --game cursed-forest --steps 300 --eval-every 150   # a smoke run
    python examples/research/train_maskable_ppo.py --game tanglewoods --option difficulty=0 --reward shaped \
        --curriculum '{"from_end": 0}' --curriculum '{"from_end": 2}' --curriculum start

Every ``--eval-every`` steps the policy (masked, sampled) plays ``--eval-episodes`` games on
fixed seeds, and one row goes to ``OUT/curve.csv``: the steps so far, the CPU seconds of
training (evaluations not counted), the mean
*true* reward (the game's own, ``Game.reward``, in [0, 1], whatever ``--reward`` trains on) and
the share of wins.  The random and greedy bots play the same seeds first; their means are the
plot's two lines (``OUT/curve.png``) and the first rows of the CSV (``steps`` = -1).  The
policy is saved as ``OUT/model.zip`` at each evaluation (``ppo_agent.py`` puts it on the ladder).

``--curriculum`` (repeatable) gives the training episodes' starts: each reset picks one of
them at random, a curriculum of ``reset(options={"curriculum": ...})`` as JSON, or ``start`` for
the game's own start (docs/research.md, "Curricula").  Evaluations always play from the game's
own start.

``--reward`` is passed to the environment (``reward="shaped"`` adds a potential-based shaping
term; see docs/research.md, "Rewards").  Torch runs on one thread (``--threads``), so a run's
time is one core's.  Needs ``pip install 'woodlands[research,train]'``.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable

import gymnasium
import numpy as np

import woodlands.research.gym  # noqa: F401  (registers woodlands/...-v0)
from woodlands.engine.errors import GameOptionError
from woodlands.engine.registry import descriptor
from woodlands.research.gym import WoodlandsEnv, episode_options

#: the first seed of the evaluation games (apart from the seeds training resets draw)
EVAL_SEED = 1_000_000


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value``, the value read as JSON when it is JSON (``difficulty=0``), else as text."""
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise argparse.ArgumentTypeError(f"--option {text!r}: give KEY=VALUE, e.g. difficulty=0")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def make_env(gym_id: str, reward: str, options: dict[str, Any]) -> WoodlandsEnv:
    """The environment with ``reward=`` when it takes one.  An environment that knows no reward
    keyword (before shaped rewards) is made without it for the outcome reward, its default."""
    try:
        env = gymnasium.make(gym_id, reward=reward, **options).unwrapped
    except (GameOptionError, TypeError) as e:
        if "reward" not in str(e):
            raise
        if reward != "outcome":
            raise GameOptionError(f"--reward {reward}: this version's environments take no reward option") from None
        env = gymnasium.make(gym_id, **options).unwrapped
    assert isinstance(env, WoodlandsEnv)
    return env


def parse_curriculum(text: str) -> Any:
    """``start`` (None: the game's own start), a set-up's name, or a curriculum as JSON."""
    if text == "start":
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


class Curriculum(gymnasium.Wrapper):  # type: ignore[misc]
    """Each reset starts from one of ``starts`` (curricula; None: the game's start), drawn with
    the environment's own generator so that a seeded run repeats."""

    def __init__(self, env: WoodlandsEnv, starts: list[Any]) -> None:
        super().__init__(env)
        self.starts = starts

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        if seed is not None:
            self.env.reset(seed=seed)               # seeds np_random before the draw below
        pick = self.starts[int(self.env.unwrapped.np_random.integers(len(self.starts)))]
        # (the environment keeps a curriculum until told otherwise: None says the game's start)
        return self.env.reset(options={**(options or {}), "curriculum": pick})

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


def true_reward(env: WoodlandsEnv) -> float:
    """The game's own reward for the agent's seat, once an episode has ended (0 if cut short)."""
    assert env.state is not None
    return float(env.game.reward(env.state, env.seat)) if env.state.is_over else 0.0


def bot_line(game_id: str, options: dict[str, Any], bot_name: str, seeds: list[int]) -> tuple[float, float]:
    """The mean true reward and win share of a bot on the evaluation seeds (same options as the env)."""
    from woodlands.bots.base import get_bot
    from woodlands.engine.game import load_game
    from woodlands.engine.views import result_of
    game = load_game(game_id)
    opts = game.checked_options(episode_options(game, options))
    rewards, wins = [], 0
    for s in seeds:
        state = game.new_game(seed=s, options=dict(opts))
        bot = get_bot(bot_name, s, game=game_id)
        while not state.is_over:
            state.apply(bot.choose(state))
        rewards.append(float(game.reward(state, 0)))
        wins += result_of(state.outcome) == "win"
    return float(np.mean(rewards)), wins / len(seeds)


def ended(env: WoodlandsEnv) -> tuple[float, bool]:
    """The true reward of the game ``env`` just played, and whether it was won."""
    from woodlands.engine.views import result_of
    assert env.state is not None
    return true_reward(env), env.state.is_over and result_of(env.state.outcome) == "win"


def evaluate(model: Any, env: Any, seeds: list[int], deterministic: bool,
             result: Callable[[Any], tuple[float, bool]] = ended) -> tuple[float, float]:
    """The policy's mean true reward and win share over ``seeds`` (masked; ``result`` reads an
    ended game).  Sampled by default: a deterministic policy early in training often repeats one
    move until the game's limit cuts the episode (reward 0); torch's generator is seeded so that
    an evaluation repeats."""
    import torch
    rewards, wins = [], 0
    with torch.random.fork_rng():
        torch.manual_seed(EVAL_SEED)
        for s in seeds:
            obs, _ = env.reset(seed=s)
            done = False
            while not done:
                action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=deterministic)
                obs, _, terminated, truncated, _ = env.step(int(action))
                done = terminated or truncated
            reward, won = result(env)
            rewards.append(reward)
            wins += won
    return float(np.mean(rewards)), wins / len(seeds)


def plot(rows: list[dict[str, Any]], lines: dict[str, float], title: str, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5, 3.2), dpi=100)
    ax.plot([r["steps"] for r in rows], [r["true_reward"] for r in rows], marker=".", label="MaskablePPO")
    for (name, value), style in zip(lines.items(), (":", "--")):
        ax.axhline(value, linestyle=style, color="grey", label=f"{name} {value:.3f}")
    ax.set_xlabel("environment steps")
    ax.set_ylabel("mean true reward (eval seeds)")
    ax.set_title("\n".join(textwrap.wrap(title, 70)), fontsize=8)      # long titles wrap, not cut
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def bot_lines(game_id: str, options: dict[str, Any], seeds: list[int], label: str = ""
              ) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """Random's and greedy's means on ``seeds`` (the plot's lines) and their rows of the CSV."""
    lines, rows = {}, []
    for bot in ("random", "greedy"):
        mean, wins = bot_line(game_id, options, bot, seeds)
        lines[bot] = mean
        rows.append({"steps": -1, "seconds": 0.0, "who": bot, "true_reward": mean, "win_share": wins})
        print(f"{bot}{label}: mean true reward {mean:.3f}, wins {wins:.0%} on {len(seeds)} seeds", flush=True)
    return lines, rows


def learn_with_curve(model: Any, steps: int, every: int, minutes: float | None, out: Path,
                     rows: list[dict[str, Any]], lines: dict[str, float], title: str, who: str,
                     measure: Callable[[Any], tuple[float, float]]) -> None:
    """Train ``model`` for ``steps`` (or ``minutes`` of CPU), measuring it (``measure(model)``:
    mean true reward, win share) at 0, every ``every`` steps and at the end; after each
    measurement ``out/curve.csv``, ``out/curve.png`` and ``out/model.zip`` are written, so that
    a run stopped early keeps its curve and its policy (``ppo_agent.py`` plays it)."""
    from stable_baselines3.common.callbacks import BaseCallback
    curve: list[dict[str, Any]] = []
    # the process's CPU time, not the wall clock: torch has one thread, so this is one core's
    # time even on a machine whose other programs take turns with it
    clock = {"started": time.process_time(), "evaluating": 0.0}

    def training_seconds() -> float:
        return time.process_time() - clock["started"] - clock["evaluating"]

    def record(at: int) -> None:
        began = time.process_time()
        mean, wins = measure(model)
        clock["evaluating"] += time.process_time() - began
        row = {"steps": at, "seconds": round(training_seconds(), 1), "who": who, "true_reward": mean,
               "win_share": wins}
        curve.append(row)
        with (out / "curve.csv").open("w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=["steps", "seconds", "who", "true_reward", "win_share"])
            w.writeheader()
            w.writerows(rows + curve)
        plot(curve, lines, title, out / "curve.png")
        model.save(out / "model.zip")
        print(f"steps {at}: mean true reward {mean:.3f}, wins {wins:.0%} ({row['seconds']:.0f} s of training)",
              flush=True)

    class Every(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % every == 0:
                record(self.num_timesteps)
            return minutes is None or training_seconds() < 60 * minutes

    record(0)
    model.learn(total_timesteps=steps, callback=Every())
    if curve[-1]["steps"] != model.num_timesteps:
        record(model.num_timesteps)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="storyfold", help="game id (tanglewoods, storyfold, cursed-forest ...)")
    p.add_argument("--steps", type=int, default=100_000, help="environment steps to train for")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--reward", default="outcome", choices=("outcome", "shaped"), help="the reward trained on")
    p.add_argument("--option", action="append", type=parse_option, default=[], metavar="KEY=VALUE",
                   help="a game option (repeatable), e.g. --option difficulty=0")
    p.add_argument("--eval-every", type=int, default=0, help="steps between evaluations (default: steps / 20)")
    p.add_argument("--eval-episodes", type=int, default=20, help="games per evaluation, on fixed seeds")
    p.add_argument("--deterministic", action="store_true", help="evaluate the policy's likeliest action (default: sampled)")
    p.add_argument("--minutes", type=float, default=None, help="stop training after this many CPU minutes (evaluations not counted)")
    p.add_argument("--curriculum", action="append", type=parse_curriculum, default=[], metavar="JSON",
                   help="a start for training episodes (repeatable; each reset picks one): a curriculum as "
                        "JSON, e.g. '{\"from_end\": 1}', a set-up's name, or 'start'")
    p.add_argument("--gamma", type=float, default=0.99,
                   help="PPO's discount (1 makes the shaped reward's bonus exactly policy-invariant)")
    p.add_argument("--n-steps", type=int, default=1024, help="PPO's rollout length")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--out", default=None, help="folder for curve.csv and curve.png (default runs/ppo-GAME-sSEED)")
    args = p.parse_args(argv)
    for name in ("steps", "eval_episodes", "n_steps", "threads"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    try:
        d = descriptor(args.game)
    except (GameOptionError, KeyError, LookupError):
        p.error(f"--game {args.game}: no such game")
    if not 0.0 < args.gamma <= 1.0:
        p.error(f"--gamma must be in (0, 1], not {args.gamma}")
    if not d.researchable:
        p.error(f"--game {args.game} has no Gymnasium environment")

    import torch
    from sb3_contrib import MaskablePPO
    torch.set_num_threads(args.threads)

    options = dict(args.option)
    try:
        env = make_env(d.gym_id, args.reward, options)
        eval_env = make_env(d.gym_id, "outcome", options)
        for start in args.curriculum:               # refused here, not at the first reset of training
            if start is not None:
                env.reset(seed=0, options={"curriculum": start})
    except GameOptionError as e:
        p.error(str(e))
    trained: Any = Curriculum(env, args.curriculum) if args.curriculum else env
    every = args.eval_every or max(1, args.steps // 20)
    seeds = [EVAL_SEED + k for k in range(args.eval_episodes)]
    out = Path(args.out or f"runs/ppo-{args.game}-s{args.seed}")
    out.mkdir(parents=True, exist_ok=True)

    lines, rows = bot_lines(args.game, options, seeds)
    title = f"{d.gym_id} {options or ''} reward={args.reward} seed={args.seed}"
    if args.curriculum:
        title += f" curriculum={len(args.curriculum)} starts"
    model = MaskablePPO("MlpPolicy", trained, n_steps=min(args.n_steps, args.steps), batch_size=64,
                        gamma=args.gamma, seed=args.seed, verbose=0, device="cpu")
    learn_with_curve(model, args.steps, every, args.minutes, out, rows, lines, title, "ppo",
                     lambda m: evaluate(m, eval_env, seeds, args.deterministic))
    print(f"wrote {out / 'curve.csv'} and {out / 'curve.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
