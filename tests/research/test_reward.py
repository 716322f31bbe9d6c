"""One reward per game, read by every client, and the potential-based shaped reward."""
from __future__ import annotations

import importlib
from typing import Any

import gymnasium
import numpy as np
import pytest

import woodlands.research.gym  # noqa: F401  (registers the ids)
from woodlands.engine.game import load_game
from woodlands.engine.registry import descriptor
from woodlands.research.pettingzoo import aec_env
from woodlands.research.shaping import potential_of, terms_of

GYM = [("woodlands/Tanglewoods-v0", {"difficulty": 0, "round_limit": 6}),
       ("woodlands/Storyfold-v0", {"scene_limit": 3}),
       ("woodlands/CursedForestSolo-v0", {"turn_limit": 6})]


def play_gym(env: Any, seed: int, pick_seed: int) -> tuple[list[float], list[float], Any]:
    """A masked random episode: the rewards and the infos' true rewards of every step."""
    rng = np.random.default_rng(pick_seed)
    _, info = env.reset(seed=seed)
    assert info["true_reward"] == 0.0
    rewards, trues = [], []
    done = False
    while not done:
        _, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        rewards.append(float(r))
        trues.append(info["true_reward"])
        done = term or trunc
    return rewards, trues, env.unwrapped.state


@pytest.mark.parametrize("env_id, kwargs", GYM)
def test_the_gymnasium_reward_is_the_games_own(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **kwargs)
    for seed in range(2):
        rewards, trues, state = play_gym(env, seed, seed)
        assert rewards == trues and all(r == 0.0 for r in rewards[:-1])
        if state.outcome["result"] in ("win", "loss"):
            assert rewards[-1] == 2 * state.game.reward(state, 0) - 1
        else:
            assert rewards[-1] == 0.0


@pytest.mark.parametrize("env_id, kwargs", GYM)
def test_shaped_return_minus_true_return_is_minus_the_start_potential(env_id: str, kwargs: dict[str, Any]) -> None:
    """Ng, Harada and Russell: with gamma = 1 and Phi(terminal) = 0, the shaping terms sum to
    Phi(s_T) - Phi(s_0) = -Phi(s_0), whatever was played; the true rewards are those of the
    outcome environment on the same seeds."""
    shaped = gymnasium.make(env_id, reward="shaped", **kwargs)
    plain = gymnasium.make(env_id, **kwargs)
    for seed in range(3):
        shaped.reset(seed=seed)
        start = potential_of(shaped.unwrapped.game)(shaped.unwrapped.state, 0)
        rewards, trues, _ = play_gym(shaped, seed, seed)
        plain_rewards, _, _ = play_gym(plain, seed, seed)
        assert trues == plain_rewards
        assert any(r != t for r, t in zip(rewards, trues)) or start == 0.0   # the shaping does pay
        assert sum(rewards) - sum(trues) == pytest.approx(-start, abs=1e-9)


def test_shaped_pettingzoo_agents_each_get_their_own_potential_difference() -> None:
    """Each agent's shaped return is its true return minus its own Phi at the start, in the
    cooperative and in the pvp game."""
    for options in ({"players": 2, "turn_limit": 4}, {"players": 3, "pvp": True, "turn_limit": 3}):
        for seed in range(2):
            totals: dict[str, dict[str, float]] = {}
            for reward in ("outcome", "shaped"):
                env = aec_env("cursed-forest", reward=reward, **options)
                env.reset(seed=seed)
                phi = potential_of(env.game)
                start = {a: phi(env.state_, env._seat[a]) for a in env.possible_agents}
                got = dict.fromkeys(env.possible_agents, 0.0)
                true = dict.fromkeys(env.possible_agents, 0.0)
                rng = np.random.default_rng(seed)
                for agent in env.agent_iter():
                    obs, r, term, trunc, info = env.last()
                    got[agent] += r
                    true[agent] += info["true_reward"] if (term or trunc) else 0.0
                    env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                totals[reward] = got
                if reward == "shaped":
                    for a in env.possible_agents:
                        assert got[a] - totals["outcome"][a] == pytest.approx(-start[a], abs=1e-9)
                        assert true[a] == totals["outcome"][a]


def test_shaping_terms_are_named_weighted_and_in_range() -> None:
    for game_id in ("tanglewoods", "storyfold", "cursed-forest"):
        game = load_game(game_id)
        terms = terms_of(game)
        assert terms and all(w > 0 and what for w, what in terms.values())
        own = importlib.import_module(descriptor(game_id).potential.path.split(":")[0])
        state = game.new_game(seed=4, options=game.options_for_simulation({}))
        for _ in range(40):
            values = own.shaping_terms(game, state.view(0))
            assert set(values) == set(terms) and all(0.0 <= v <= 1.0 for v in values.values())
            if state.is_over:
                break
            state.apply(state.decision.options[-1].id)


@pytest.mark.parametrize("game_id, options", [("tanglewoods", {"difficulty": 0}), ("storyfold", {}),
                                              ("cursed-forest", {"players": 2})])
def test_the_potential_reads_only_the_seats_view(game_id: str, options: dict[str, Any]) -> None:
    """Two positions that differ only in hidden facts (every order no seat has seen, and the
    generator, redrawn) have the same potential for every seat, along a game."""
    game = load_game(game_id)
    state = game.new_game(seed=7, options=game.options_for_simulation(options))
    phi = potential_of(game)
    rng = np.random.default_rng(0)
    compared = 0
    for step in range(60):
        if state.is_over:
            break
        if step % 10 == 5:
            other = state.clone()
            other.redraw_unseen(12345 + step)
            if other.position() != state.position():     # a hidden fact differs
                compared += 1
            for seat in range(int(state.options.get("players", 1))):
                assert other.view(seat) == state.view(seat)
                assert phi(other, seat) == phi(state, seat)
        options_now = state.decision.options
        state.apply(options_now[int(rng.integers(len(options_now)))].id)
    assert compared >= 1


def test_a_bad_reward_keyword_is_refused() -> None:
    from woodlands.engine.errors import GameOptionError
    with pytest.raises(GameOptionError, match="reward must be one of"):
        gymnasium.make("woodlands/Tanglewoods-v0", reward="dense")


@pytest.mark.parametrize("params", [{"players": 2, "turn_limit": 4}, {"players": 3, "pvp": True, "turn_limit": 3}])
def test_shaped_openspiel_returns_are_the_true_ones_less_each_players_start_potential(params: dict[str, Any]) -> None:
    """``reward="shaped"``: the REWARDS model, each player's rewards sum to its returns, which
    are the outcome game's returns less that player's Phi(s_0); a copy and a serialized state
    carry the shaping along."""
    import woodlands.research.openspiel as wo
    import pyspiel
    for seed in range(2):
        got = {}
        for reward in ("outcome", "shaped"):
            game = wo.load("cursed-forest", reward=reward, **params)
            state = game.state_for_seed(seed)
            start = [potential_of(game.ctx.game)(state.engine_state, p) for p in range(game.num_players())]
            rng = np.random.default_rng(seed)
            summed = np.zeros(game.num_players())
            moves = 0
            while not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
                summed += state.rewards()
                moves += 1
                if moves == 5 and reward == "shaped":
                    twin = game.deserialize_state(state.serialize())
                    assert twin.returns() == state.returns() and state.clone().returns() == state.returns()
            got[reward] = (summed, state.returns(), start)
            if reward == "shaped":
                assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
        summed, returns, start = got["shaped"]
        assert summed == pytest.approx(returns, abs=1e-9)
        assert np.array(returns) - np.array(got["outcome"][1]) == pytest.approx(-np.array(start), abs=1e-9)


def test_the_docs_list_every_shaping_term_with_its_weight() -> None:
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    for game_id in ("tanglewoods", "storyfold", "cursed-forest"):
        for term, (weight, _) in terms_of(load_game(game_id)).items():
            assert f"| `{term}` | {weight} |" in text, (game_id, term)


@pytest.mark.parametrize("env_id", ["woodlands/Tanglewoods-v0", "woodlands/Storyfold-v0", "woodlands/CursedForestSolo-v0"])
def test_shaped_and_curriculum_environments_pass_gymnasiums_checker(env_id: str) -> None:
    import warnings

    from gymnasium.utils.env_checker import check_env
    env = gymnasium.make(env_id, reward="shaped", render_mode="ansi")
    env.unwrapped.reset(seed=0, options={"curriculum": {"round": 1}})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "pvp": True}])
def test_shaped_pettingzoo_environments_pass_the_api_and_seed_tests(options: dict[str, Any]) -> None:
    import warnings

    from pettingzoo.test import api_test, seed_test

    from tests.research.test_pettingzoo import CONVENTION, PROBE
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env("cursed-forest", reward="shaped", **options), num_cycles=150)
        seed_test(lambda: aec_env("cursed-forest", reward="shaped", **options), num_cycles=60)
    assert {str(w.message) for w in caught} <= CONVENTION | {PROBE}


@pytest.mark.parametrize("env_id, kwargs", GYM)
def test_the_shaping_identity_holds_from_a_start_with_a_potential(env_id: str, kwargs: dict[str, Any]) -> None:
    """From the greedy game's round 2 (where Phi(s_0) > 0: a Tanglewoods hero has Health and
    gold by then), the shaped return is still the true return less Phi(s_0)."""
    env = gymnasium.make(env_id, reward="shaped", **kwargs)
    for seed in range(2):
        _, info = env.reset(seed=seed, options={"curriculum": {"round": 2}})
        start = potential_of(env.unwrapped.game)(env.unwrapped.state, 0)
        assert start > 0
        rng = np.random.default_rng(seed)
        shaped = true = 0.0
        done = False
        while not done:
            _, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            shaped, true = shaped + float(r), true + info["true_reward"]
            done = term or trunc
        assert shaped - true == pytest.approx(-start, abs=1e-9)
