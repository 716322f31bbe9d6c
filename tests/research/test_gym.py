"""The Gymnasium environments (issue 13, "Adapters"): Gymnasium's own checker with its
determinism checks, the registered names, the mask in ``info``, illegal actions, rewards,
truncation by the limits, reproducible resets."""
from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import woodlands
from woodlands.research import gym as _registers  # noqa: F401  (the Gymnasium ids)
from woodlands.games.storyfold.reward import score_reward
from woodlands.engine.registry import descriptor

ENVS: list[tuple[str, dict[str, Any]]] = [
    ("woodlands/Tanglewoods-v0", {}), ("woodlands/Tanglewoods-v0", {"difficulty": 9, "hero": "thorn-warden"}),
    ("woodlands/Storyfold-v0", {}),
    ("woodlands/CursedForestSolo-v0", {}), ("woodlands/CursedForestSolo-v0", {"adventurers": 3}),
]


@pytest.mark.parametrize("env_id,kwargs", ENVS, ids=[f"{e}-{k}" for e, k in ENVS])
def test_gymnasium_check_env_passes_without_a_warning(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, render_mode="ansi", **kwargs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)   # reset and step determinism, spaces, render, close
    assert [str(w.message) for w in caught] == []


def test_make_finds_the_module_without_an_import() -> None:
    code = ("import sys, gymnasium\n"
            "assert 'woodlands.research.gym' not in sys.modules\n"
            "env = gymnasium.make('woodlands.research.gym:woodlands/Tanglewoods-v0', difficulty=3)\n"
            "print(type(env.unwrapped).__name__, env.unwrapped.options['difficulty'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path.cwd())
    assert out.stdout.split() == ["TanglewoodsEnv", "3"]


def play(env: Any, seed: int, choose: Any = None, steps: int = 100_000) -> tuple[float, bool, bool, dict[str, Any], int]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    for n in range(steps):
        mask = info["action_mask"]
        action = choose(env) if choose else int(rng.choice(np.flatnonzero(mask)))
        assert mask[action] == 1
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs) and not info["illegal"]
        if terminated or truncated:
            return float(reward), terminated, truncated, info, n + 1
        assert reward == 0.0
    raise AssertionError("the episode did not end")


def test_the_mask_in_info_is_the_decision() -> None:
    env = gymnasium.make("woodlands/CursedForestSolo-v0", adventurers=2).unwrapped
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(200):
        state = env.state
        assert sorted(np.flatnonzero(info["action_mask"])) == sorted(env.actions.index(o.id) for o in state.decision.options)
        obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


def test_an_illegal_action_ends_the_episode_at_minus_one() -> None:
    env = gymnasium.make("woodlands/Tanglewoods-v0", record=True).unwrapped   # (so that the record shows nothing changed)
    for bad in (int(np.flatnonzero(env.reset(seed=1)[1]["action_mask"] == 0)[0]), env.action_space.n, -1, "x", None, 2**70):
        obs, info = env.reset(seed=1)
        before = env.state.record()
        obs2, reward, terminated, truncated, info = env.step(bad)
        assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
        assert env.state.record() == before and np.array_equal(obs, obs2)
        # stepping on after the end changes nothing and raises nothing
        assert env.step(0)[1:4] == (0.0, True, False)


def test_rewards_follow_the_outcome() -> None:
    env = gymnasium.make("woodlands/Tanglewoods-v0", round_limit=30).unwrapped
    reward, terminated, truncated, info, _ = play(env, 3)
    assert (reward, terminated, truncated, info["outcome"]["result"]) == (-1.0, True, False, "loss")
    env = gymnasium.make("woodlands/Tanglewoods-v0", difficulty=0).unwrapped
    bot = descriptor("tanglewoods").make_bot("greedy", 1)
    reward, terminated, truncated, info, _ = play(env, 1, lambda e: e.actions.index(bot.choose(e.state)))
    assert (reward, terminated, info["outcome"]["result"]) == (1.0, True, "win")


def test_storyfold_is_rewarded_by_its_score() -> None:
    """The campaign's one reward, the game's own, on [-1, 1]: ``2 * reward - 1``."""
    env = gymnasium.make("woodlands/Storyfold-v0").unwrapped
    reward, terminated, truncated, info, _ = play(env, 2)
    outcome = info["outcome"]
    assert terminated and outcome["result"] == "win"
    assert reward == 2 * env.game.reward(env.state, 0) - 1 and -1 < reward <= 1
    worse = dict(outcome, chapter_restarts=outcome["chapter_restarts"] + 1)
    assert score_reward(worse, 5, 11, 16) < score_reward(outcome, 5, 11, 16)
    env = gymnasium.make("woodlands/Storyfold-v0", scene_limit=1).unwrapped
    assert play(env, 2)[:3] == (0.0, False, True)


def test_the_limits_are_on_and_a_limit_cut_is_a_truncation() -> None:
    for env_id, limit in (("woodlands/Tanglewoods-v0", {"round_limit": 1}), ("woodlands/CursedForestSolo-v0", {"turn_limit": 2})):
        env = gymnasium.make(env_id, **limit).unwrapped
        results = [play(env, seed) for seed in range(3)]
        assert any(truncated for _r, _t, truncated, _i, _n in results)
        for reward, terminated, truncated, info, _n in results:
            assert truncated == (info["outcome"]["result"] == "unfinished") != terminated
            if truncated:
                assert reward == 0.0
    env = gymnasium.make("woodlands/CursedForestSolo-v0").unwrapped
    assert env.options["turn_limit"] == 300 and env.options["free_actions_per_turn"] == 6   # C-15 caps on


def test_reset_with_a_seed_is_reproducible() -> None:
    env_a = gymnasium.make("woodlands/CursedForestSolo-v0", adventurers=2).unwrapped
    env_b = gymnasium.make("woodlands/CursedForestSolo-v0", adventurers=2).unwrapped
    for env_seed in (7, 8):
        runs = []
        for env in (env_a, env_b, env_a):
            rng = np.random.default_rng(0)
            obs, info = env.reset(seed=env_seed)
            seen = [obs]
            for _ in range(60):
                obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
                seen.append(obs)
                if term or trunc:
                    break
            runs.append(np.stack(seen))
        assert np.array_equal(runs[0], runs[1]) and np.array_equal(runs[0], runs[2])
    env_a.reset(seed=1)
    first = env_a.state.seed
    env_a.reset()
    assert env_a.state.seed != first   # unseeded resets go on from the env's generator


@pytest.mark.parametrize("env_id, kwargs", [("woodlands/Tanglewoods-v0", {}),
                                             ("woodlands/CursedForestSolo-v0", {"adventurers": 2})])
def test_environments_stepped_in_turn_keep_their_own_encoding_memos(env_id: str, kwargs: dict[str, Any]) -> None:
    """Environments stepped in turn in one thread (as in a SyncVectorEnv): each observation is
    the one written from nothing, and each environment's encoder memo still holds its own last
    observation after the others stepped (a memo shared by the thread would hold the last
    environment's game, and every step would rewrite nearly everything: Encoder.private)."""
    envs = [gymnasium.make(env_id, **kwargs).unwrapped for _ in range(3)]
    rng = np.random.default_rng(5)
    last = [env.reset(seed=10 + k)[0] for k, env in enumerate(envs)]
    masks = [env._info(False)["action_mask"] for env in envs]
    for _ in range(40):
        for k, env in enumerate(envs):
            obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(masks[k]))))
            if term or trunc:
                obs, info = env.reset(seed=int(rng.integers(1000)))
            assert obs.tobytes() == env.encoder.reference(env.state, 0).tobytes()
            last[k], masks[k] = obs, info["action_mask"]
        for k, env in enumerate(envs):   # the others stepped after it: its memo is still its own
            assert env.encoder._local.memos[0].view.tobytes() == last[k].tobytes()
    assert len({id(env.encoder._local) for env in envs}) == 3


def test_a_sync_vector_env_plays_the_games_its_environments_play_alone() -> None:
    """gymnasium.make_vec (sync): the stacked observations, masks and rewards are those of the
    same environments stepped one by one with the same actions, through Gymnasium's "next
    step" autoreset (the step after an episode's end resets it and ignores the action)."""
    n = 3
    vec = gymnasium.make_vec("woodlands/Tanglewoods-v0", num_envs=n, vectorization_mode="sync")
    alone = [gymnasium.make("woodlands/Tanglewoods-v0") for _ in range(n)]
    obs, info = vec.reset(seed=1)
    singles = [env.reset(seed=1 + k) for k, env in enumerate(alone)]   # (make_vec seeds env k with seed + k)
    assert all(obs[k].tobytes() == singles[k][0].tobytes() for k in range(n))
    rng = np.random.default_rng(2)
    ended = [False] * n
    ends = 0
    for _ in range(250):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = vec.step(np.array(actions))
        for k, env in enumerate(alone):
            if ended[k]:   # the vector env resets it now, unseeded: the next game of its generator
                o, i = env.reset()
                r, term, trunc = 0.0, False, False
            else:
                o, r, term, trunc, i = env.step(actions[k])
            assert o.tobytes() == obs[k].tobytes() and r == rewards[k]
            assert (term, trunc) == (terminated[k], truncated[k])
            assert (i["action_mask"] == info["action_mask"][k]).all()
            ended[k] = term or trunc
            ends += ended[k]
    assert ends >= 3 and not info["illegal"].any()
    vec.close()


def test_options_and_content_as_make_keywords() -> None:
    env = gymnasium.make("woodlands/Tanglewoods-v0", difficulty=4, hero="thorn-warden",
                         content=str(Path(woodlands.__file__).parent / "games" / "tanglewoods" / "content")).unwrapped
    env.reset(seed=0)
    assert env.state.options["difficulty"] == 4 and env.state.options["hero"] == "thorn-warden"
    assert env.options["round_limit"] == woodlands.load_game("tanglewoods").limit_default
    with pytest.raises(woodlands.GameOptionError, match="difficulty"):
        gymnasium.make("woodlands/Tanglewoods-v0", difficulty=99)
    with pytest.raises(woodlands.GameOptionError, match="solo"):
        gymnasium.make("woodlands/CursedForestSolo-v0", players=2)
    with pytest.raises(woodlands.GameOptionError, match="render_mode"), pytest.warns(UserWarning, match="render_mode"):
        gymnasium.make("woodlands/Storyfold-v0", render_mode="human")
    with pytest.raises(gymnasium.error.ResetNeeded):
        gymnasium.make("woodlands/Storyfold-v0").unwrapped.step(0)


def test_reset_options_apply_from_that_episode_on() -> None:
    env: Any = gymnasium.make("woodlands/Tanglewoods-v0", difficulty=2).unwrapped
    env.reset(seed=1)
    assert env.state.difficulty == 2
    obs, _ = env.reset(seed=1, options={"difficulty": 8, "hero": "thorn-warden"})
    assert env.state.difficulty == 8 and env.options["hero"] == "thorn-warden"
    assert env.observation_space.contains(obs)
    env.reset(seed=2)                                 # and onward (Gymnasium's convention)
    assert env.state.difficulty == 8 and env.options["hero"] == "thorn-warden"
    env.reset(seed=3, options={"difficulty": 4})      # merged with the earlier ones
    assert env.state.difficulty == 4 and env.options["hero"] == "thorn-warden"


@pytest.mark.parametrize("env_id, bad", [
    ("woodlands/Tanglewoods-v0", {"difficulty": 11}), ("woodlands/Tanglewoods-v0", {"no_such_option": 1}),
    ("woodlands/Tanglewoods-v0", {"hero": "nobody"}),
    ("woodlands/CursedForestSolo-v0", {"players": 3}),
    ("woodlands/CursedForestSolo-v0", {"adventurers": 3}),   # a different observation size: a new env
])
def test_bad_reset_options_raise_and_change_nothing(env_id: str, bad: dict[str, Any]) -> None:
    env: Any = gymnasium.make(env_id).unwrapped
    env.reset(seed=5)
    state, options, spaces_ = env.state, dict(env.options), (env.action_space, env.observation_space)
    with pytest.raises(woodlands.GameOptionError):   # a ValueError
        env.reset(seed=6, options=bad)
    assert env.state is state and env.options == options and (env.action_space, env.observation_space) == spaces_
    env.reset(seed=7)                                 # and the next episode runs as before
    assert env.options == options
