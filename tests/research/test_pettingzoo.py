"""The PettingZoo AEC environment of The Cursed Forest (issue 13, "Adapters"): PettingZoo's
``api_test`` and ``seed_test`` for 1-4 players and pvp; our own truncation test (PettingZoo's
max-cycles test assumes every agent acts once per cycle, which this game does not); who acts,
what each agent observes, illegal actions and rewards."""
from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from woodlands.kit.encoding import encoder
from woodlands.research.pettingzoo import WoodlandsAECEnv, aec_env

OPTIONS = [{"players": 1}, {"players": 2}, {"players": 3, "pvp": True}, {"players": 4},
           {"players": 4, "pvp": True}, {"players": 1, "adventurers": 3}]
#: what api_test says of every environment whose observation is the {observation, action_mask}
#: dict PettingZoo's own classic games use
CONVENTION = {"Observation is not a NumPy array",
              "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete"}
#: and what our reset says of the options api_test passes it ({"options": 1}), which it ignores
PROBE = ("reset options ['options'] are not options of cursed-forest and are ignored; its options: "
         "['adventurers', 'characters', 'escape_ends_turn', 'free_actions_at_zero_ap', 'free_actions_per_turn', "
         "'players', 'pvp', 'ring_bearer', 'turn_limit']")


@pytest.mark.parametrize("options", OPTIONS, ids=[str(o) for o in OPTIONS])
def test_pettingzoo_api_and_seed_tests_pass(options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env("cursed-forest", **options), num_cycles=150)
        seed_test(lambda: aec_env("cursed-forest", **options), num_cycles=60)
    assert {str(w.message) for w in caught} <= CONVENTION | {PROBE}


def run(env: WoodlandsAECEnv, seed: int, steps: int = 50_000) -> dict[str, Any]:
    """Masked random play to the end; checks who acts and what they see on the way."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.agents}
    finals: dict[str, Any] = {}
    for n, agent in enumerate(env.agent_iter(steps)):
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            finals[agent] = (terminated, truncated, info)
            env.step(None)
            continue
        state = env.state_
        assert env.possible_agents[state.decision.player] == agent
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(env.actions.index(o.id) for o in state.decision.options)
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        if n % 25 == 0:
            seat = env.possible_agents.index(agent)
            assert np.array_equal(obs["observation"], encoder("cursed-forest", env.options).flat(state, seat))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == [] and set(finals) == set(env.possible_agents)
    return {"totals": totals, "finals": finals, "outcome": env.state_.outcome}


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "pvp": True}, {"players": 1, "adventurers": 2}])
def test_every_game_ends_and_a_round_limit_cut_is_a_truncation(options: dict[str, Any]) -> None:
    """Our truncation test: with a small round limit each game ends within it, truncated (not
    terminated, reward 0) when the limit cut it, and every agent is told and leaves."""
    env = aec_env("cursed-forest", turn_limit=3, **options)
    cut = 0
    for seed in range(4):
        r = run(env, seed)
        result = r["outcome"]["result"]
        assert r["outcome"].get("reason", "").startswith("round limit") == (result == "unfinished")
        for terminated, truncated, _info in r["finals"].values():
            assert truncated == (result == "unfinished") != terminated
        if result == "unfinished":
            cut += 1
            assert set(r["totals"].values()) == {0.0}
        else:
            assert set(r["totals"].values()) == {1.0 if result == "win" else -1.0}
        assert env.state_.round_no <= 3
    assert cut > 0
    assert aec_env("cursed-forest", players=2).options["turn_limit"] == 300   # the limit is on by default


def test_a_lost_game_costs_every_agent_one() -> None:
    env = aec_env("cursed-forest", players=1, turn_limit=40)
    results = [run(env, seed) for seed in range(6)]
    lost = [r for r in results if r["outcome"]["result"] == "loss"]
    assert lost and all(r["totals"] == {"player_0": -1.0} for r in lost)


def test_an_illegal_action_ends_the_game_for_everyone() -> None:
    env = aec_env("cursed-forest", players=3)
    env.reset(seed=2)
    outside = int(np.flatnonzero(env.action_mask() == 0)[0])
    for bad in (outside, -5, "no", 10**30):
        env.reset(seed=2)
        actor = env.agent_selection
        env.step(bad)
        assert env.terminations == {a: True for a in env.possible_agents}
        assert env.rewards == {a: (-1.0 if a == actor else 0.0) for a in env.possible_agents}
        assert [a for a in env.possible_agents if env.infos[a]["illegal"]] == [actor]
        for _agent in env.agent_iter():
            assert env.last()[2]
            env.step(None)
        assert env.agents == []


def test_agents_see_only_their_own_face_down_items() -> None:
    """Each agent's observation is its own seat's encoding (the hidden-facts tests of the
    encoder hold for it); two players' observations of one position differ."""
    env = aec_env("cursed-forest", players=2)
    env.reset(seed=9)
    a, b = (env.observe(x)["observation"] for x in env.possible_agents)
    enc = encoder("cursed-forest", env.options)
    assert np.array_equal(a, enc.flat(env.state_, 0)) and np.array_equal(b, enc.flat(env.state_, 1))
    assert not np.array_equal(a, b)
    assert env.render() is None   # no render_mode
    env = aec_env("cursed-forest", players=2, render_mode="ansi")
    env.reset(seed=9)
    assert env.render().startswith("cursed-forest seat ")
    env.close()


@pytest.mark.parametrize("options", [{"players": 3, "pvp": True}, {"players": 3}])
def test_rewards_are_the_games_own_in_pvp_and_shared_otherwise(options: dict[str, Any]) -> None:
    env = aec_env("cursed-forest", **options)
    rng = np.random.default_rng(0)
    rewards: dict[str, float] = {}
    env.reset(seed=0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            rewards[agent] = float(reward)
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = env.state_
    assert state is not None and state.outcome["result"] in ("win", "loss")
    game_rewards = [env.game.reward(state, seat) for seat in range(3)]
    assert [rewards[f"player_{k}"] for k in range(3)] == [2 * r - 1 for r in game_rewards]
    if options.get("pvp"):   # each for itself: the champion (CF-077) gets more than the others
        assert len(set(rewards.values())) > 1 and state.outcome["champions"]
    else:                    # won or lost together (CF-076)
        assert len(set(rewards.values())) == 1 and abs(rewards["player_0"]) == 1.0


@pytest.mark.parametrize("bad", [{"seed": "abc"}, {"seed": -1}, {"seed": 2**64}, {"seed": True}, {"seed": 1.5},
                                 {"options": {"players": 3}}, {"options": {"adventurers": 3}},
                                 {"options": {"pvp": "maybe"}}, {"options": [("pvp", True)]},
                                 {"seed": 5, "options": {"turn_limit": -2}}])
def test_a_bad_reset_says_why_and_changes_nothing(bad: dict[str, Any]) -> None:
    # reset's seed and options are checked before anything moves: the game, the environment's
    # generator and its options stay as they were (before this, a bad seed raised numpy's own
    # error after the generator was replaced, and reset ignored its options altogether)
    from woodlands.engine.errors import GameOptionError
    env = aec_env("cursed-forest", players=2)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    game, options, agent = env.state_, dict(env.options), env.agent_selection
    draws = env._rng.bit_generator.state
    with pytest.raises(GameOptionError) as refused:
        env.reset(**bad)
    assert "Traceback" not in str(refused.value) and len(str(refused.value)) < 400
    assert env.state_ is game and env.options == options and env.agent_selection == agent
    assert env._rng.bit_generator.state == draws


def test_reset_options_hold_for_that_game_and_the_next() -> None:
    env = aec_env("cursed-forest", players=2)
    env.reset(seed=1, options={"turn_limit": 1, "pvp": True})
    assert env.state_.options["turn_limit"] == 1 and env.state_.options["pvp"] is True
    env.reset(seed=2)
    assert env.state_.options["turn_limit"] == 1 and env.options["pvp"] is True
    for _agent in env.agent_iter(10_000):   # a one-round game is cut by its limit: truncated
        obs, _r, terminated, truncated, _info = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.state_.outcome["result"] == "unfinished"


def test_reset_passes_over_keys_that_are_no_option_of_the_game_with_a_warning() -> None:
    # PettingZoo's api_test resets with options={"options": 1} and expects no error
    env = aec_env("cursed-forest", players=2)
    with pytest.warns(UserWarning, match=r"\['bogus'\] are not options of cursed-forest"):
        env.reset(seed=4, options={"bogus": 1, "turn_limit": 7})
    assert env.state_.options["turn_limit"] == 7 and "bogus" not in env.options


def test_calls_before_reset_and_unknown_agents_say_what_is_wrong() -> None:
    from gymnasium.error import ResetNeeded
    env = aec_env("cursed-forest", players=2)
    for call in (lambda: env.observe("player_0"), env.last, lambda: env.step(0)):
        with pytest.raises(ResetNeeded, match=r"call reset\(\) before"):
            call()
    env.reset(seed=1)
    with pytest.raises(KeyError, match="no agent 'player_9'; the agents are"):
        env.observe("player_9")
