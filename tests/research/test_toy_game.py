"""A game from outside the package gets the research environments from its descriptor alone:
the toy game of tests/toy_game names its action grammar and its encoding (tests/toy_game/
research.py), and Gymnasium's, PettingZoo's and OpenSpiel's own checkers pass on what the
generic adapters make of it."""
from __future__ import annotations

import warnings
from typing import Any, Iterator

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import woodlands
from tests.toy_game import TOY
from woodlands.engine.registry import unregister_game
from woodlands.kit.encoding import encoder
from woodlands.kit.spaces import action_space


@pytest.fixture
def toy() -> Iterator[None]:
    woodlands.register_game(TOY)
    try:
        yield
    finally:
        unregister_game("toy")


def test_the_toy_has_an_action_space_and_an_encoder(toy: None) -> None:
    space = action_space("toy")
    assert space.ids == ("add:1", "add:2", "roll") and space.verbs == {"add": (0, 1), "roll": (2,)}
    state = woodlands.load_game("toy").new_game(seed=1, options={"players": 2})
    assert [space.id_at(i) for i in space.legal(state)] == [o.id for o in state.decision.options]
    enc = encoder("toy", {"players": 2})
    assert enc.labels == ("count.total", "count.target", "count.left", "turn.mine")
    assert enc.flat(state, 0).tolist() == [0.0, 10.0, 10.0, 1.0] and enc.flat(state, 1).tolist()[3] == 0.0
    assert "count.target=10" in enc.describe(state, 0)


def test_the_toy_s_gymnasium_environment_passes_check_env(toy: None) -> None:
    from woodlands.research import gym

    assert TOY.gym_id == "woodlands/Toy-v0" and TOY.gym_id in gym.register()
    env = gymnasium.make("woodlands/Toy-v0", render_mode="ansi", target=12)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    assert type(env.unwrapped).__name__ == "ToyEnv"
    obs, info = env.reset(seed=3)
    assert obs.tolist() == [0.0, 12.0, 12.0, 1.0] and info["action_mask"].tolist() == [1, 1, 1]
    reward, done = 0.0, False
    while not done:   # always add 1: the count lands on the target, a win
        obs, reward, done, cut, info = env.step(0)
    assert (reward, cut, info["outcome"]["result"]) == (1.0, False, "win")
    with pytest.raises(woodlands.GameOptionError, match="pettingzoo"):
        gymnasium.make("woodlands/Toy-v0", players=2)


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 2}, {"players": 2, "target": 30}])
def test_the_toy_s_pettingzoo_environment_passes_the_api_and_seed_tests(toy: None, options: dict[str, Any]) -> None:
    from woodlands.research.pettingzoo import aec_env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env("toy", **options), num_cycles=50)
        seed_test(lambda: aec_env("toy", **options), num_cycles=30)
    assert {str(w.message) for w in caught} <= {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
        "reset options ['options'] are not options of toy and are ignored; its options: ['players', 'target']"}
    env = aec_env("toy", players=2)
    assert env.metadata["name"] == "woodlands_toy_v0" and env.possible_agents == ["player_0", "player_1"]


def test_the_toy_is_an_openspiel_game(toy: None) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    wo = pytest.importorskip("woodlands.research.openspiel")

    game = wo.load("toy", players=2)
    assert game.get_type().short_name == "python_woodlands_toy" and game.num_players() == 2
    assert game.num_distinct_actions() == 3 and game.observation_tensor_size() == 4
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
