"""The environments' ``record`` option: by default an episode's game is quiet (no log, no record of
its choices: the fast path), and ``record=True`` keeps both.  What an agent gets (observations,
masks, rewards, the end) must be the same either way, step for step."""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import woodlands
from woodlands.engine.errors import GameOptionError, NotRecorded
from woodlands.engine.fastpath import is_quiet
from woodlands.research import gym as _registers  # noqa: F401  (the Gymnasium ids)
from woodlands.research.pettingzoo import aec_env

GYM_CASES = [("woodlands/Tanglewoods-v0", {"difficulty": 8}),
             ("woodlands/Storyfold-v0", {"scene_limit": 6}),
             ("woodlands/CursedForestSolo-v0", {"adventurers": 2})]


def gym_episode(env: Any, seed: int, steps: int) -> list[Any]:
    """What an agent sees along one masked random episode: each step's observation, mask,
    reward, terminated, truncated and outcome."""
    pick = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    seen: list[Any] = [(obs.copy(), info["action_mask"].copy())]
    for _ in range(steps):
        action = int(pick.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        seen.append((obs.copy(), info["action_mask"].copy(), reward, terminated, truncated, info.get("outcome")))
        if terminated or truncated:
            break
    return seen


def same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(
        len(x) == len(y) and all(np.array_equal(u, v) if isinstance(u, np.ndarray) else u == v for u, v in zip(x, y))
        for x, y in zip(a, b))


@pytest.mark.parametrize("env_id, kwargs", GYM_CASES)
def test_a_quiet_gymnasium_episode_is_the_recorded_one(env_id: str, kwargs: dict[str, Any]) -> None:
    quiet_env = gymnasium.make(env_id, **kwargs).unwrapped
    kept_env = gymnasium.make(env_id, record=True, **kwargs).unwrapped
    for seed in range(3):
        seen = gym_episode(quiet_env, seed, 3000)
        assert same(seen, gym_episode(kept_env, seed, 3000))
        assert is_quiet(quiet_env.state) and not is_quiet(kept_env.state)
        assert seen[-1][3] or seen[-1][4]   # played to its end, so the rewards at the end were compared
        # the recorded game replays to where the episode stopped; the quiet one refuses to give a record
        again = woodlands.replay(kept_env.state.record())
        assert again.is_over == kept_env.state.is_over and again.outcome == kept_env.state.outcome
        assert again.view(0) == kept_env.state.view(0)
        with pytest.raises(NotRecorded, match="record=True"):
            quiet_env.state.record()


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "pvp": True}])
def test_a_quiet_pettingzoo_game_is_the_recorded_one(options: dict[str, Any]) -> None:
    def episode(env: Any, seed: int) -> list[Any]:
        pick = np.random.default_rng(seed)
        env.reset(seed=seed)
        seen: list[Any] = []
        for agent in env.agent_iter(max_iter=5000):
            obs, reward, terminated, truncated, info = env.last()
            seen.append((agent, obs["observation"].copy(), obs["action_mask"].copy(), reward, terminated, truncated,
                         info.get("outcome")))
            legal = np.flatnonzero(obs["action_mask"])
            env.step(None if terminated or truncated else int(pick.choice(legal)))
        return seen

    quiet_env, kept_env = aec_env("cursed-forest", **options), aec_env("cursed-forest", record=True, **options)
    for seed in range(2):
        seen = episode(quiet_env, seed)
        assert same(seen, episode(kept_env, seed))
        assert any(s[4] or s[5] for s in seen)   # it ended
        assert is_quiet(quiet_env.state_) and not is_quiet(kept_env.state_)
        assert woodlands.replay(kept_env.state_.record()).outcome == kept_env.state_.outcome
        with pytest.raises(NotRecorded):
            quiet_env.state_.record()


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_record_must_be_true_or_false(bad: Any) -> None:
    with pytest.raises(GameOptionError, match="record must be True or False"):
        gymnasium.make("woodlands/Tanglewoods-v0", record=bad)
    with pytest.raises(GameOptionError, match="record must be True or False"):
        aec_env("cursed-forest", players=2, record=bad)
