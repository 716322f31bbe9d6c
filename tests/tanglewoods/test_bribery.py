"""Bribery Phase (TG-051..TG-053, TG-055; rulings T-6, T-21; Gold TG-086)."""
from __future__ import annotations

import pytest

from tests.tanglewoods.helpers import (HALT, assert_illegal, events, fc, halted, ids, kind, mc, play,
                                          situation)


def bribery(tableau, **kw):
    kw.setdefault("active_map", mc("map-n"))
    kw.setdefault("map_complete", True)
    return situation(["bribery_phase", "activation_end", "strategy_phase", HALT], tableau=tableau, **kw)


@pytest.mark.rules("TG-051")
def test_TG051_bribes_are_offered_for_enemies_with_a_bribe_stat():
    """TG-051: each enemy with a Bribe you can pay is offered, and you may stop at any time;
    fables and enemies without a Bribe are not offered."""
    s = bribery([fc("north-imp"), fc("wild-fable"), fc("unbribable-brute"), fc("south-imp", "night")], gold=10)
    assert kind(s) == "bribe"
    assert ids(s) == ["bribe:north-imp", "bribe:south-imp", "done"]
    play(s, "done")
    assert kind(s) == "commit_dice" and s.gold == 10 and len(s.tableau) == 4


@pytest.mark.rules("TG-052", "TG-053", "T-6")
def test_TG052_TG053_a_bribe_costs_the_bribe_flips_to_night_and_discards_with_no_reward():
    """TG-052: pay the Bribe, turn the enemy to night, discard it: it leaves the tableau.
    TG-053 / ruling T-6: it gives no reward (its 2-gold reward is not paid)."""
    s = bribery([fc("north-imp"), fc("south-imp")], gold=10)
    play(s, "bribe:north-imp")
    assert s.gold == 8
    assert s.tableau == [fc("south-imp")] and s.damage == [0] and s.defeated == [False] and s.wilds == [None]
    assert s.forest_discard == [fc("north-imp", "night")]
    assert events(s, "bribe") == [{"type": "bribe", "card": "north-imp", "cost": 2}]
    assert not events(s, "defeat") and not [e for e in events(s, "effect") if e["do"] == "gain_gold"]
    assert [e["change"] for e in events(s, "gold")] == [-2]


@pytest.mark.rules("TG-053")
def test_TG053_a_bribed_enemy_is_not_defeated_for_rules_about_defeat():
    """TG-053: the hero who flips after defeating an enemy does not flip for a bribe."""
    s = bribery([fc("north-imp")], gold=10, hero="defeat-flip-hero")
    play(s, "bribe:north-imp")
    assert s.hero_side == 0 and not events(s, "hero_flip")
    assert s.defeats_this_round == 0


@pytest.mark.rules("T-21", "TG-052")
def test_T21_bribing_a_night_enemy_leaves_it_night_and_costs_its_night_bribe():
    """Ruling T-21 with TG-052: an enemy already on its night side pays its night Bribe (3) and is
    discarded still night side up."""
    s = bribery([fc("north-imp", "night")], gold=10)
    assert ids(s) == ["bribe:north-imp", "done"]
    play(s, "bribe:north-imp")
    assert s.gold == 7 and s.forest_discard == [fc("north-imp", "night")]


@pytest.mark.rules("TG-055")
def test_TG055_after_bribery_the_strategy_phase_follows():
    """TG-055: once bribing is over the Engagement's Strategy phase starts."""
    s = bribery([fc("north-imp"), fc("south-imp")], gold=10)
    play(s, "bribe:north-imp", "done")
    assert kind(s) == "commit_dice"
    assert events(s, "strategy_pass")[0]["number"] == 1
    # bribing every enemy leaves nothing to fight: the Strategy phase has nothing to do
    s = bribery([fc("north-imp")], gold=10)
    play(s, "bribe:north-imp")
    assert halted(s) and not events(s, "strategy_pass")


@pytest.mark.rules("TG-086", "TG-052")
def test_TG086_a_bribe_you_cannot_afford_is_neither_offered_nor_accepted():
    """TG-086: with 1 gold the 2-gold bribe is refused and nothing changes; an enemy without a
    Bribe stat is refused too (TG-052)."""
    s = bribery([fc("north-imp"), fc("no-direction"), fc("unbribable-brute")], gold=1)
    assert ids(s) == ["bribe:no-direction", "done"]
    assert_illegal(s, "bribe:north-imp", "TG-086")
    assert_illegal(s, "bribe:unbribable-brute", "TG-052")
    s = bribery([fc("north-imp")], gold=0)
    assert kind(s) == "commit_dice"      # nothing affordable: no bribery question at all
