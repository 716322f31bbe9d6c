"""Winning & Losing and the stat dice (TG-002, TG-003; ruling T-2)."""
from __future__ import annotations

import pytest

from woodlands.games.tanglewoods.stats import lower_stat, raise_stat
from tests.tanglewoods.helpers import (HALT, bear, events, fc, kind, mc, play, rest_of_round, situation)


@pytest.mark.rules("TG-003", "T-2", "T-5")
def test_TG003_health_below_one_in_suffer_damage_loses_before_after_effects():
    """TG-003, ruling T-2: 1 Health and 1 Damage suffered: the game is lost on the spot; the
    After Effects step (which would have paid 2 gold) never comes. Also checks T-5."""
    s = situation(["resolve_phase", HALT], tableau=[fc("north-imp"), fc("after-gain-gold")], health=1, gold=5,
                  active_map=mc("map-n"), map_complete=True)
    assert s.is_over and s.outcome["result"] == "loss" and s.outcome["reason"] == "health below 1"
    assert s.decision is None and s.health == 0 and s.gold == 5
    assert not events(s, "cleanup")


@pytest.mark.rules("TG-003", "T-2")
def test_TG003_an_ambush_in_the_forest_phase_can_end_the_game_at_once():
    """Ruling T-2: wherever Health drops below 1, the game ends there, mid-phase.
    Also checks TG-003."""
    s = situation(rest_of_round("forest_phase"), forest_deck=[fc("north-imp"), fc("ambush-lose-health")],
                  health=2, active_map=mc("map-n"))
    assert s.is_over and s.outcome["result"] == "loss" and s.health == 0
    assert events(s)[-1]["type"] == "game_over"


@pytest.mark.rules("TG-003")
def test_TG003_exactly_one_health_is_still_alive():
    """TG-003: the game is lost below 1 Health; ending Suffer Damage on exactly 1 is not a loss."""
    s = situation(["resolve_phase", HALT], tableau=[fc("north-imp")], health=2, active_map=mc("map-n"),
                  map_complete=True)
    assert not s.is_over and s.health == 1


@pytest.mark.rules("TG-002")
def test_TG002_two_bears_are_not_a_win():
    """TG-002: the game is won by three bears; two beaten bears (one at setup) leave it going."""
    s = situation(["strategy_phase", HALT], tableau=[fc("mama-bear")], bears_won=[bear("papa-bear")],
                  active_map=mc("map-n"))
    from tests.tanglewoods.helpers import rig_rolls
    play(s, "commit:red", "commit:purple")
    rig_rolls(s, "crit", "crit")
    play(s, "roll", "apply:red:crit:mama-bear", "apply:purple:crit:mama-bear")
    assert len(s.bears_won) == 2 and not s.is_over
    assert kind(s) is not None


@pytest.mark.rules("T-2")
def test_T2_stats_stay_between_1_and_6_except_health_which_can_lose():
    """Ruling T-2: raising past 6 is lost; Strategy and Recovery never drop under 1 (no loss);
    only Health below 1 ends the game."""
    s = situation([], health=5, strategy=6, recovery=1)
    raise_stat(s, "strategy", 2, "test")
    assert s.strategy == 6 and not events(s, "stat")
    lower_stat(s, "recovery", 3, "test")
    assert s.recovery == 1 and not s.is_over
    lower_stat(s, "strategy", 9, "test")
    assert s.strategy == 1 and not s.is_over
    raise_stat(s, "health", 4, "test")
    assert s.health == 6
    lower_stat(s, "health", 6, "test")
    assert s.is_over and s.outcome["result"] == "loss"
