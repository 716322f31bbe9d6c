"""Map Phase (TG-019, TG-021..TG-023; rulings T-11, T-12, T-17, T-21)."""
from __future__ import annotations

import pytest

from woodlands.games.tanglewoods.forest_phase import COMPLETE, MISSING, NEEDS_WILDS, map_status
from tests.tanglewoods.helpers import (HALT, RESOLVE, assert_illegal, events, fc, ids, kind, mc, names, play,
                                       situation)


@pytest.mark.rules("TG-019")
@pytest.mark.parametrize("strategy", [1, 2, 4])
def test_TG019_draw_as_many_maps_as_strategy_from_the_top(strategy):
    """TG-019: Strategy maps come off the top of the Map Deck, one is chosen to activate."""
    deck = [mc(m) for m in ("map-e", "map-w", "map-s", "map-n", "map-nsw")]
    s = situation(["map_phase"], strategy=strategy, map_deck=list(deck))
    assert kind(s) == "choose_map"
    assert s.map_drawn == deck[:strategy]
    assert s.map_deck == deck[strategy:]
    assert ids(s) == [f"map:{m}" for m in names(deck[:strategy], "map")]
    draws = events(s, "draw")
    assert [e["card"] for e in draws] == names(deck[:strategy], "map")


@pytest.mark.rules("TG-019", "T-11")
def test_TG019_the_unchosen_maps_go_to_the_map_discard_with_their_side_kept():
    """TG-019, ruling T-11: one map becomes active; the others are discarded as they were drawn
    (a night-side map stays night)."""
    s = situation(["map_phase", "round_start"], map_deck=[mc("map-e"), mc("map-w", "night"), mc("map-s"), mc("map-n")])
    play(s, "map:map-s")
    assert s.active_map == mc("map-s")
    assert s.map_discard == [mc("map-e"), mc("map-w", "night")]
    assert s.map_drawn == [] and s.map_deck == [mc("map-n")]
    assert events(s, "choose_map")[-1] == {"type": "choose_map", "card": "map-s", "side": 0}


@pytest.mark.rules("TG-019")
def test_TG019_only_a_drawn_map_can_be_chosen():
    """TG-019: the active map is one of the maps just drawn; a map still in the deck is refused."""
    s = situation(["map_phase"], map_deck=[mc("map-e"), mc("map-w"), mc("map-s"), mc("map-n")])
    assert_illegal(s, "map:map-n", "TG-019")


@pytest.mark.rules("TG-019", "T-17", "T-11")
def test_T17_an_empty_map_deck_is_rebuilt_from_its_discard_facing_kept():
    """Ruling T-17 / T-11: when maps run out mid-draw the discard is shuffled into a new deck;
    nothing is turned over. Also checks TG-019."""
    s = situation(["map_phase"], strategy=3, map_deck=[mc("map-e")],
                  map_discard=[mc("map-w", "night"), mc("map-s", "night")])
    assert len(s.map_drawn) == 3
    assert s.map_drawn[0] == mc("map-e")
    assert sorted(s.map_drawn[1:]) == sorted([mc("map-w", "night"), mc("map-s", "night")])
    assert s.map_discard == [] and s.map_deck == []
    assert events(s, "reshuffle") == [{"type": "reshuffle", "deck": "map", "cards": 2}]


@pytest.mark.rules("TG-021", "T-12")
def test_TG021_map_directions_are_a_multiset_to_be_matched():
    """TG-021, ruling T-12: a night map asking N N needs two north icons; one is not enough,
    and a wild may make up the rest (the player then decides)."""
    s = situation([], active_map=mc("map-n", "night"), tableau=[fc("north-imp")])
    assert map_status(s) == (MISSING, {"N": 1})
    s = situation([], active_map=mc("map-n", "night"), tableau=[fc("north-imp"), fc("north-imp-2")])
    assert map_status(s)[0] == COMPLETE
    s = situation([], active_map=mc("map-n", "night"), tableau=[fc("north-imp"), fc("wild-fable")])
    assert map_status(s) == (NEEDS_WILDS, {"N": 1})
    s = situation([], active_map=mc("map-nsw"), tableau=[fc("north-imp"), fc("east-imp"), fc("south-imp")])
    assert map_status(s) == (MISSING, {"W": 1})     # an east icon does nothing for this map


@pytest.mark.rules("TG-022", "T-21")
def test_TG022_map_ambush_fires_on_drawing_and_special_on_choosing():
    """TG-022, ruling T-21: a drawn map's ambush is resolved at once, before the choice (even
    if that map is not chosen); a special effect fires when its map is chosen; the chosen
    map's ambush does not fire a second time."""
    s = situation(["map_phase", "round_start"], gold=10, strategy=2,
                  map_deck=[mc("map-ambush-lose-gold"), mc("map-special-gain-gold"), mc("map-e")])
    assert kind(s) == "choose_map" and s.gold == 8
    play(s, "map:map-special-gain-gold")
    assert s.gold == 9
    s = situation(["map_phase", "round_start"], gold=10, strategy=2,
                  map_deck=[mc("map-ambush-lose-gold"), mc("map-special-gain-gold"), mc("map-e")])
    play(s, "map:map-ambush-lose-gold")
    assert s.gold == 8 and s.active_map == mc("map-ambush-lose-gold")


@pytest.mark.rules("TG-022", "T-5")
def test_TG022_map_after_effect_waits_for_the_after_effects_step():
    """TG-022, ruling T-5: the map's After effect is carried out after Suffer Damage, in the
    After Effects step, not before."""
    s = situation([*RESOLVE, HALT], gold=10, active_map=mc("map-after-lose-gold"), map_complete=True)
    assert s.gold == 9
    kinds = [e["type"] for e in s.log_since(0)]
    assert kinds.index("suffer_damage") < kinds.index("effect") < kinds.index("cleanup")
    assert events(s, "effect")[-1]["source"] == "map-after-lose-gold"
    # chosen during the Map phase, the After effect has not fired yet
    s = situation(["map_phase", "round_start"], gold=10, strategy=1, map_deck=[mc("map-after-lose-gold")])
    play(s, "map:map-after-lose-gold")
    assert s.gold == 10


@pytest.mark.rules("TG-023", "TG-062")
def test_TG023_a_merchant_icon_on_the_map_allows_a_visit_at_the_end_of_the_round():
    """TG-023 / TG-062: the round ends with an offer to visit only when the map shows the icon."""
    s = situation(["resolve_phase"], active_map=mc("map-ns-merchant"), map_complete=True)
    assert kind(s) == "visit_merchant" and ids(s) == ["visit", "skip"]
    s = situation(["resolve_phase", "round_start"], active_map=mc("map-nsw"), map_complete=True)
    assert s.is_over and s.outcome["result"] == "unfinished"   # no merchant: straight on
    assert not events(s, "shop")
