"""Storyfold's position value for the search (woodlands/games/storyfold/bots/value.py): the expected
scenes of the campaign, the fitted chance that Luma prevails, the weights file and the script
that fits it (benchmarks/fit_storyfold_value.py).  A few seconds in all."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

import woodlands
from woodlands.games.storyfold.bots import value as value
from woodlands.bots.base import get_bot

ROOT = Path(__file__).resolve().parents[2]


def play_to(scene_id: str, seed: int = 4):
    """A greedy game up to its first decision in ``scene_id``'s Luma Phase."""
    state = woodlands.load_game("storyfold").new_game(seed=seed)
    bot = get_bot("greedy", seed, game="storyfold")
    while not (state.content.scenes[state.scene].id == scene_id and state.phase == "luma"):
        state.apply(bot.choose(state))
    return state


def test_still_to_play_follows_the_book():
    """From each scene: at least the scenes of the shortest way through, more where the greedy bot
    loses scenes that lead back (The Owl-Mother's Oak starts its chapter over)."""
    content = woodlands.load_game("storyfold").content
    still = value._still_to_play(content)
    by_id = content.scene_by_id
    assert 11 < still[by_id["the-lantern-at-the-stile"]] < 12
    assert 4 <= still[by_id["the-bridge-of-roots"]] < 4.1
    assert still[by_id["the-last-ember"]] == 1
    oak = value._loss_rates()["the-owl-mothers-oak"]
    assert 0 < oak < 0.5
    # one expectation before and after a scene ends: finishing the Causeway opens the Oak
    assert still[by_id["the-herons-causeway"]] == pytest.approx(1 + still[by_id["the-owl-mothers-oak"]], abs=0.01)
    assert still[by_id["the-owl-mothers-oak"]] > 1 + still[by_id["the-bridge-of-roots"]] + 3 * oak


def test_losing_the_oak_costs_the_chapter_the_first_time_only():
    state = play_to("the-owl-mothers-oak")
    assert state.chapter_restarts == 0
    still = value._still_to_play(state.content)
    by_id = state.content.scene_by_id
    assert value._after(state, "luma") == still[by_id["the-bridge-of-roots"]]
    assert value._after(state, "shadow") == still[by_id["fireflies-over-the-fen"]] > value._after(state, "luma") + 3
    state.chapter_restarts = 1                      # the second time the story goes on
    assert value._after(state, "shadow") == value._after(state, "luma")


def test_a_fresh_campaign_expects_about_eleven_scenes_and_progress_raises_the_chance():
    state = woodlands.load_game("storyfold").new_game(seed=1)
    assert 11.0 <= value.expected_scenes(state) < 12
    state = play_to("the-owl-mothers-oak")
    p = value.luma_chance(state)
    assert 0.0 < p < 1.0
    state.shadow = state.content.scenes[state.scene].middle + 1        # one step from losing
    assert value.luma_chance(state) < p
    assert value.position_value(state, 0) == -value.expected_scenes(state)


def test_the_value_reads_no_hidden_fact():
    """Two samples that differ only in the deck orders the seat cannot see: the same value."""
    state = play_to("the-herons-causeway")
    twins = [state.determinize(0, seed) for seed in (1, 2, 3)]
    assert len({tuple(t.shadow_deck) + tuple(t.explore_deck) for t in twins}) > 1
    assert len({value.position_value(t, 0) for t in twins}) == 1


def test_the_weights_file_matches_the_features():
    weights = value._weights()
    assert "default" in weights and "the-owl-mothers-oak" in weights
    assert all(len(row) == len(value.FEATURES) and all(map(math.isfinite, row)) for row in weights.values())
    assert weights["default"][value.FEATURES.index("shadow_distance")] > 0     # more time, more chance


def test_the_fitting_script_fits_and_writes_weights_the_value_reads(tmp_path, monkeypatch):
    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("fit_storyfold_value", ROOT / "benchmarks" / "fit_storyfold_value.py")
    assert spec is not None and spec.loader is not None
    fit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit)
    ends: list[tuple[str, int]] = []
    scenes, rows, labels = fit.collect(2, 7, ends)
    assert len(rows) == len(labels) == len(scenes) > 100 and set(labels) <= {0, 1}
    assert len(ends) >= 22 and set(fit.loss_rates(ends)) <= set(scenes)
    out = tmp_path / "weights.toml"
    fit.main(["--games", "3", "--seed", "7", "--out", str(out)])
    monkeypatch.setattr(value, "WEIGHTS_FILE", out)
    caches = (value._data, value._weights, value._loss_rates)
    for cache in caches:
        cache.cache_clear()
    try:
        weights = value._weights()
        assert set(weights) >= {"default"} and len(weights["default"]) == len(value.FEATURES)
        assert all(0.0 <= q <= 1.0 for q in value._loss_rates().values())
        assert 0.0 <= value.luma_chance(play_to("omas-trail")) <= 1.0
    finally:
        for cache in caches:
            cache.cache_clear()
        value._STILL.clear()
