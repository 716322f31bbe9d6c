"""Item Limit (TG-089; ruling T-8)."""
from __future__ import annotations

import pytest

from tests.tanglewoods.helpers import (HALT, assert_illegal, events, fc, halted, ic, ids, kind, mc, play,
                                          situation)


@pytest.mark.rules("TG-089", "T-8")
def test_TG089_T8_a_gain_past_the_limit_lets_the_player_discard_any_item_the_new_one_included():
    """TG-089, ruling T-8: Strategy 2 and two items; a third arrives; the player picks which of
    the three to discard (here the new one)."""
    s = situation(["forest_phase", HALT], strategy=2, active_map=mc("map-w"),
                  forest_deck=[fc("north-imp"), fc("special-gain-item")],
                  inventory=[ic("cheap-charm"), ic("mid-lantern", "upgraded")], item_deck=[ic("plain-pouch")])
    play(s, "place:special-gain-item")
    assert kind(s) == "item_limit"
    assert ids(s) == ["discard:cheap-charm", "discard:mid-lantern", "discard:plain-pouch"]
    play(s, "discard:plain-pouch")
    assert s.inventory == [ic("cheap-charm"), ic("mid-lantern", "upgraded")]
    assert s.item_discard == [ic("plain-pouch")]
    assert kind(s) == "draw_or_place"


@pytest.mark.rules("TG-089", "T-8")
def test_T8_losing_strategy_below_the_item_count_means_discarding_down_at_once():
    """Ruling T-8: Strategy 3 -> 2 with three items: one must go right away (an old one here,
    which keeps its upgraded side in the discard). Also checks TG-089."""
    s = situation(["forest_phase", HALT], strategy=3, active_map=mc("map-w"),
                  forest_deck=[fc("north-imp"), fc("stat-drain")],
                  inventory=[ic("cheap-charm"), ic("mid-lantern", "upgraded"), ic("plain-pouch")])
    play(s, "place:stat-drain", "stat:strategy")
    assert s.strategy == 2 and kind(s) == "item_limit"
    assert_illegal(s, "discard:dear-crown", "TG-089")
    play(s, "discard:mid-lantern")
    assert s.inventory == [ic("cheap-charm"), ic("plain-pouch")]
    assert s.item_discard == [ic("mid-lantern", "upgraded")]
    assert events(s, "discard_item")[-1] == {"type": "discard_item", "item": "mid-lantern", "why": "item limit"}


@pytest.mark.rules("TG-089", "T-8", "TG-080")
def test_TG089_buying_past_the_limit_also_asks_for_a_discard():
    """TG-089, ruling T-8, TG-080: an item bought with Strategy 1 and one item held asks which of the
    two to discard; the visit then goes on."""
    s = situation(["merchant_offer", HALT], merchant_ok=True, strategy=1, gold=10, inventory=[ic("dear-crown")],
                  item_deck=[ic("plain-pouch"), ic("cheap-charm"), ic("mid-lantern")])
    play(s, "visit", "buy:cheap-charm")
    assert kind(s) == "item_limit" and ids(s) == ["discard:dear-crown", "discard:cheap-charm"]
    play(s, "discard:dear-crown")
    assert s.inventory == [ic("cheap-charm")] and kind(s) == "merchant_action"
    play(s, "leave")
    assert halted(s)


@pytest.mark.rules("TG-089")
def test_TG089_up_to_strategy_items_no_discard_is_asked():
    """TG-089: holding exactly Strategy items is allowed; no discard is asked."""
    s = situation(["forest_phase", HALT], strategy=3, active_map=mc("map-w"),
                  forest_deck=[fc("north-imp"), fc("special-gain-item")],
                  inventory=[ic("cheap-charm"), ic("mid-lantern")], item_deck=[ic("plain-pouch")])
    play(s, "place:special-gain-item")
    assert kind(s) == "draw_or_place" and len(s.inventory) == 3


@pytest.mark.rules("T-11")
def test_T11_a_gained_item_keeps_the_side_it_lay_with_in_the_deck():
    """Ruling T-11: facing is sticky for items too; an item discarded upgraded and drawn again by
    a card effect arrives upgraded (the shop alone turns items ordinary side up, TG-073)."""
    s = situation(["forest_phase", HALT], strategy=3, active_map=mc("map-w"),
                  forest_deck=[fc("north-imp"), fc("special-gain-item")],
                  item_deck=[ic("plain-pouch", "upgraded")])
    play(s, "place:special-gain-item")
    assert s.inventory == [ic("plain-pouch", "upgraded")]
