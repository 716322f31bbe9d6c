"""Ambush Effects (TG-025..TG-029; rulings T-13, T-21)."""
from __future__ import annotations

import pytest

from tests.tanglewoods.helpers import (HALT, events, fc, halted, ids, kind, mc, names, play, rest_of_round,
                                          situation)


def forest(deck, **kw):
    """The Forest phase onward, with ``deck`` given top first (draws come off the end)."""
    kw.setdefault("active_map", mc("map-n"))
    return situation(rest_of_round("forest_phase"), forest_deck=list(deck), **kw)


@pytest.mark.rules("TG-025", "TG-033", "T-21")
def test_TG025_a_drawn_forest_ambush_resolves_before_anything_else():
    """TG-025: the ambush resolves as the card is drawn, before the player's next choice.
    Also checks TG-033, T-21."""
    s = forest([fc("north-imp"), fc("ambush-lose-gold")], gold=10)
    assert s.gold == 7
    assert kind(s) == "draw_or_place" and s.drawn == [fc("ambush-lose-gold")]
    log = [e["type"] for e in s.log_since(0)]
    assert log.index("draw") < log.index("ambush") < log.index("gold")


@pytest.mark.rules("TG-025", "T-21")
def test_T21_an_ambush_does_not_fire_again_when_its_card_joins_the_tableau():
    """Ruling T-21: the ambush fired when drawn; placing the card does not repeat it.
    Also checks TG-025."""
    s = forest([fc("north-imp"), fc("ambush-lose-gold")], gold=10)
    play(s, "draw", "place:ambush-lose-gold")
    assert s.gold == 7
    assert fc("ambush-lose-gold") in s.tableau
    assert len(events(s, "ambush")) == 1


@pytest.mark.rules("T-21", "TG-041")
def test_T21_a_special_effect_fires_when_the_card_joins_the_tableau_not_when_drawn():
    """Ruling T-21, TG-041: special effects wait for the tableau."""
    s = forest([fc("north-imp"), fc("special-gain-gold")], gold=10)
    assert s.gold == 10
    play(s, "place:special-gain-gold")
    assert s.gold == 12


@pytest.mark.rules("TG-026")
def test_TG026_an_ambush_that_reveals_another_ambush_does_not_set_it_off():
    """TG-026: the card turns itself over, showing a night-side ambush (lose 5 gold); that new
    ambush does not fire, now or when the card is placed."""
    s = forest([fc("north-imp"), fc("flip-reveals-ambush")], gold=10, active_map=mc("map-e"))
    assert s.drawn == [fc("flip-reveals-ambush", "night")]
    assert s.gold == 10
    assert events(s, "flip")[0]["side"] == "night"
    play(s, "place:flip-reveals-ambush")
    assert s.gold == 10 and s.tableau == [fc("flip-reveals-ambush", "night")]
    assert len(events(s, "ambush")) == 1


@pytest.mark.rules("TG-027")
def test_TG027_an_ambush_hidden_by_a_flip_before_its_turn_does_not_fire():
    """TG-027: the card's first ambush turns it over, hiding its second ambush (lose 4 gold)
    before that one resolved; the hidden effect is not carried out."""
    s = forest([fc("north-imp"), fc("flip-conceals")], gold=10)
    assert s.drawn == [fc("flip-conceals", "night")]
    assert s.gold == 10
    assert [e["do"] for e in events(s, "effect")] == ["flip_self"]
    assert events(s, "ambush_cancelled") == [{"type": "ambush_cancelled", "card": "flip-conceals", "do": "lose_gold"}]


@pytest.mark.rules("TG-028", "T-13", "T-21")
@pytest.mark.parametrize("first,gold", [("map-ambush-lose-gold", 20), ("map-ambush-gain-gold", 18)])
def test_TG028_T13_maps_drawn_together_all_ambush_in_the_order_the_player_picks(first, gold):
    """TG-028, ruling T-13: both drawn maps' ambushes resolve (only one map will stay), in the
    player's order.  With 19 gold the order matters: lose 2 then gain 3 ends at 20; gain 3
    (capped at 20) then lose 2 ends at 18. Also checks T-21."""
    s = situation(["map_phase", "round_start"], gold=19, strategy=3,
                  map_deck=[mc("map-ambush-lose-gold"), mc("map-ambush-gain-gold"), mc("map-e")])
    assert kind(s) == "order_effects"
    assert ids(s) == ["first:map-ambush-lose-gold", "first:map-ambush-gain-gold"]
    assert s.gold == 19
    play(s, f"first:{first}")
    assert kind(s) == "choose_map" and s.gold == gold
    assert len(events(s, "ambush")) == 2
    play(s, "map:map-e")
    assert s.gold == gold


@pytest.mark.rules("T-13")
def test_T13_no_order_is_asked_for_a_single_ambush():
    """Ruling T-13: the order Decision appears only when two or more effects are due."""
    s = situation(["map_phase", "round_start"], gold=10, strategy=3,
                  map_deck=[mc("map-ambush-lose-gold"), mc("map-e"), mc("map-w")])
    assert kind(s) == "choose_map" and s.gold == 8


@pytest.mark.rules("TG-029")
def test_TG029_a_forced_card_is_the_placement_of_its_draw():
    """TG-029: an ambush forces its own card into the tableau; that is this draw's placement:
    the other drawn card is discarded and no second card is placed."""
    s = forest([fc("north-imp-2"), fc("forced-add"), fc("north-imp")])
    assert s.drawn == [fc("north-imp")]
    play(s, "draw")
    assert s.tableau == [fc("forced-add")]
    assert s.forest_discard == [fc("north-imp")]           # discarded as drawn
    assert events(s, "place")[-1] == {"type": "place", "card": "forced-add", "side": 0, "forced": True}
    # map-n needs N; forced-add shows E: a new Draw & Choose starts with a fresh draw
    assert kind(s) == "draw_or_place" and s.drawn == [fc("north-imp-2")]
    assert names(s.tableau) == ["forced-add"]


@pytest.mark.rules("TG-029")
def test_TG029_a_forced_first_draw_ends_the_draw_and_choose_without_a_choice():
    """TG-029: when the very first draw forces itself in, there is nothing to choose: that card is the
    placement, and here it completes the map."""
    s = situation(["forest_phase", HALT], forest_deck=[fc("north-imp"), fc("forced-add")], active_map=mc("map-e"))
    # forced-add (E) completes map-e by itself: the Forest phase is over without a choice
    assert halted(s)
    assert s.tableau == [fc("forced-add")] and s.map_complete
    assert s.drawn == [] and s.forest_deck == [fc("north-imp")]
