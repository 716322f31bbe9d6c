"""Honest OpenSpiel clones (woodlands/research/openspiel.py, parameter ``resample_hidden``): by
default a clone carries the engine's generator and hidden orders, so a search that clones reads
the future; with ``resample_hidden=True`` a clone of a real position is a sample the acting seat
cannot tell from it, whose future is drawn afresh, the same sample for every clone of that
position (so pyspiel's MCTSBot's tree stays consistent), and MCTSBot plays on it."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
wo = pytest.importorskip("woodlands.research.openspiel")


def first_legal_play(state, moves: int) -> list[str]:
    """The acting seat's view after each of ``moves`` first-legal actions (fewer if it ends)."""
    seen = []
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
        if not state.is_terminal():
            seat = state.current_player()
            seen.append(repr(state.engine_state.view(seat)))
    return seen


def advanced(game, moves: int):
    state = game.new_initial_state()
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game_id, params", [("tanglewoods", {}), ("storyfold", {}), ("cursed-forest", {"players": 1})])
def test_a_default_clone_knows_the_future_an_honest_one_does_not(game_id, params):
    clairvoyant = advanced(wo.load(game_id, seed=4, **params), 3)
    twin = clairvoyant.clone()
    assert twin.engine_state.rng.state == clairvoyant.engine_state.rng.state
    assert first_legal_play(twin.clone(), 60) == first_legal_play(clairvoyant.clone(), 60)

    real = advanced(wo.load(game_id, seed=4, resample_hidden=True, **params), 3)
    seat = real.current_player()
    sample, again = real.clone(), real.clone()
    truth = real.engine_state
    # the seat cannot tell the sample from the real position...
    assert repr(sample.engine_state.view(seat)) == repr(truth.view(seat))
    assert sample.legal_actions() == real.legal_actions()
    # ...but its dice to come are not the real ones
    assert sample.engine_state.rng.state != truth.rng.state
    # every clone of one position is the same sample; a clone of a sample is a plain copy
    assert again.engine_state.rng.state == sample.engine_state.rng.state
    copy = sample.clone()
    assert copy.engine_state.rng.state == sample.engine_state.rng.state
    # the next position gets a new sample
    real.apply_action(real.legal_actions()[0])
    assert not real.is_terminal()
    assert real.clone().engine_state.rng.state not in (sample.engine_state.rng.state, real.engine_state.rng.state)


def test_the_same_actions_from_an_honest_clone_meet_another_future():
    """Over a few seeds, the real game and its sample, given the same actions, part ways."""
    parted = 0
    for seed in range(4):
        real = advanced(wo.load("tanglewoods", seed=seed, resample_hidden=True), 2)
        sample = real.clone()
        truth = pyspiel.State.clone(real)   # the real game's own copy, future included
        parted += first_legal_play(sample, 80) != first_legal_play(truth, 80)
    assert parted >= 3


def test_mcts_bot_searches_only_samples_and_plays_on(monkeypatch):
    from open_spiel.python.algorithms import mcts
    game = wo.load("tanglewoods", seed=2, resample_hidden=True, round_limit=2)
    made = []
    clone = wo.WoodlandsState.clone

    def spy(self):
        twin = clone(self)
        made.append((self, twin))
        return twin
    monkeypatch.setattr(wo.WoodlandsState, "clone", spy)
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 25:
        made.clear()
        real_rng = pyspiel.State.clone(state).engine_state.rng.state
        action = bot.step(state)
        searched = [twin for parent, twin in made if parent is state]
        assert searched, "MCTSBot searched without cloning the real state"
        assert all(twin.engine_state.rng.state != real_rng for twin in searched)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 25 or state.is_terminal()


def test_resample_hidden_is_a_flag():
    assert wo.parameter_specification("storyfold")["resample_hidden"] is False
    with pytest.raises(pyspiel.SpielError, match="resample_hidden"):   # (pyspiel checks the type itself)
        wo.load("storyfold", resample_hidden=1)


def test_ismcts_bot_plays_on_an_honest_game_too():
    from open_spiel.python.algorithms import ismcts, mcts
    game = wo.load("cursed-forest", seed=3, resample_hidden=True, players=2, turn_limit=3)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                           max_simulations=4, random_state=rs)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine_state.over
