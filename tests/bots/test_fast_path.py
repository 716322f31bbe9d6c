"""The fast path for search (woodlands/engine/fastpath.py) reaches the same end as the normal
path for the same choices: every decision's options, the outcome and the measures, over many
seeded random games of each game."""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.engine.fastpath import is_quiet, play, quiet, random_playout

GAMES = [("tanglewoods", [{"difficulty": d, "round_limit": 80} for d in (0, 5, 8, 10)], 40),
         ("storyfold", [{"scene_limit": 40}], 6),
         ("cursed-forest", [{"players": p} for p in (1, 2, 3, 4)] + [{"players": 2, "pvp": True}], 12)]


@pytest.mark.parametrize("game_id,option_sets,games", GAMES)
def test_fast_path_reaches_the_same_end(game_id, option_sets, games):
    game = woodlands.load_game(game_id)
    for seed in range(games):
        options = game.options_for_simulation(option_sets[seed % len(option_sets)])
        normal = game.new_game(seed=seed, options=options)
        fast = quiet(game.new_game(seed=seed, options=options))
        told = fast.log_length
        pick = random.Random(seed)
        while not normal.is_over:
            assert fast.decision.options == normal.decision.options      # ids, labels, data alike
            assert fast.decision.player == normal.decision.player
            k = pick.randrange(len(normal.decision.options))
            normal.apply(normal.decision.options[k].id)
            play(fast, k)
        assert fast.is_over and fast.outcome == normal.outcome
        assert game.measures(fast) == game.measures(normal)
        assert fast.rng.state == normal.rng.state
        assert fast.log_length == told < normal.log_length       # nothing narrated on the fast path


def test_a_quiet_state_stays_quiet_and_the_normal_one_is_untouched():
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=1, options={"round_limit": 30})
    twin = quiet(state.clone())
    assert is_quiet(twin) and is_quiet(twin.clone()) and not is_quiet(state)
    assert type(quiet(twin)) is type(twin)                    # quiet twice: the same class
    for kept in (twin.record, twin.undo):                     # no record that would replay elsewhere
        with pytest.raises(woodlands.NotRecorded, match="quiet"):
            kept()
    length = state.log_length
    random_playout(twin, random.Random(2))
    assert twin.is_over and not state.is_over and state.log_length == length
    again = quiet(state.clone())
    random_playout(again, random.Random(2))
    other = state.clone()
    random_playout(other, random.Random(2))                   # the normal path, same picks
    assert again.outcome == other.outcome == twin.outcome
