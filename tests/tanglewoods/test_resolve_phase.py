"""Engagement: Resolve Phase and its Cleanup (TG-059..TG-064, TG-094; rulings T-5, T-13, T-17)."""
from __future__ import annotations

import pytest

from tests.tanglewoods.helpers import (COMMITTED, EXHAUSTED, HALT, POOL, assert_illegal, die, events, fc,
                                       halted, ic, ids, kind, mc, play, situation)


def resolve(tableau, *, map_code=None, complete=True, **kw):
    return situation(["resolve_phase", HALT], tableau=tableau,
                     active_map=mc("map-n") if map_code is None else map_code, map_complete=complete, **kw)


@pytest.mark.rules("TG-059", "T-5", "T-13")
def test_TG059_T5_the_resolve_steps_in_order():
    """TG-059, ruling T-5: Suffer Damage (undefeated enemies only), After Effects (map and
    cards, in the player's order: T-13), Exhaust Dice (every committed die), Recover Dice
    (up to Recovery, player's choice), Cleanup."""
    dice = {die("red"): COMMITTED, die("purple"): COMMITTED, die("blue"): EXHAUSTED}
    s = resolve([fc("north-imp"), fc("tough-minion"), fc("after-gain-gold")], map_code=mc("map-after-lose-gold"),
                defeated=[False, True, False], damage=[0, 6, 0], health=5, gold=10, recovery=2, dice=dice)
    s.dice_applied[die("red")] = True
    assert s.health == 4                                   # north-imp's 1; the defeated minion's 3 is not suffered
    assert events(s, "suffer_damage") == [{"type": "suffer_damage", "amount": 1}]
    assert kind(s) == "order_effects"
    assert ids(s) == ["first:map-after-lose-gold", "first:after-gain-gold"]
    play(s, "first:after-gain-gold")
    assert s.gold == 11
    assert kind(s) == "recover_dice"
    assert [s.dice_zone[die(c)] for c in ("red", "purple", "blue")] == [EXHAUSTED] * 3
    assert ids(s) == ["recover:blue", "recover:purple", "recover:red", "done"]
    play(s, "recover:red")
    assert ids(s) == ["recover:blue", "recover:purple", "done"]
    play(s, "recover:blue")                                 # Recovery 2: that was the last
    assert halted(s)
    assert s.dice_zone[die("red")] == POOL and s.dice_zone[die("blue")] == POOL
    assert s.dice_zone[die("purple")] == EXHAUSTED
    order = [e["type"] for e in s.log if e["type"] in ("suffer_damage", "effect", "dice_moved", "cleanup")]
    assert order[0] == "suffer_damage" and order[-1] == "cleanup"
    assert order.index("effect") < order.index("dice_moved")


@pytest.mark.rules("T-5")
def test_T5_recover_may_stop_early():
    """Ruling T-5: Recover Dice returns up to Recovery dice; the player may stop before that."""
    s = resolve([], dice={die("red"): EXHAUSTED, die("blue", 1): EXHAUSTED}, recovery=3)
    assert kind(s) == "recover_dice"
    play(s, "done")
    assert halted(s)
    assert s.dice_zone[die("red")] == EXHAUSTED


@pytest.mark.rules("TG-060", "TG-063", "TG-068")
def test_TG060_TG063_cleanup_turns_day_cards_to_night_as_they_are_discarded():
    """TG-060/TG-063: every enemy and fable left in the tableau at Cleanup, defeated or not,
    goes to the Forest discard on its night side; a card already at night stays so. Also checks TG-068."""
    tableau = [fc("north-imp"), fc("south-imp", "night"), fc("wild-fable"), fc("tough-minion")]
    s = resolve(tableau, defeated=[True, False, False, False], damage=[2, 0, 0, 0], health=6)
    assert s.tableau == [] and s.damage == [] and s.defeated == [] and s.wilds == []
    assert s.forest_discard == [fc("north-imp", "night"), fc("south-imp", "night"),
                                fc("wild-fable", "night"), fc("tough-minion", "night")]
    assert events(s, "cleanup")[0]["flipped_to_night"] == ["north-imp", "wild-fable", "tough-minion"]


@pytest.mark.rules("TG-064")
@pytest.mark.parametrize("side", ["day", "night"])
def test_TG064_the_map_is_discarded_night_side_up(side):
    """TG-064: the active map goes to the Map discard on its night side, whichever side it showed."""
    s = resolve([], map_code=mc("map-w", side))
    assert s.active_map == -1 and s.map_discard == [mc("map-w", "night")]


@pytest.mark.rules("TG-094", "T-14")
def test_TG094_an_undefeated_bear_is_discarded_without_turning():
    """TG-094: bears have no night side; one left standing goes to the discard as it is.
    Also checks T-14."""
    s = resolve([fc("mama-bear"), fc("north-imp")], health=6)
    assert s.forest_discard == [fc("mama-bear"), fc("north-imp", "night")]
    assert events(s, "cleanup")[0]["flipped_to_night"] == ["north-imp"]


@pytest.mark.rules("TG-061")
def test_TG061_there_is_no_gain_item_rewards_step():
    """TG-061: the Resolve phase hands out no item: defeated enemies in the tableau and a full
    item deck leave the inventory as it was."""
    s = resolve([fc("north-imp"), fc("tough-minion")], defeated=[True, True], damage=[2, 6],
                item_deck=[ic("plain-pouch"), ic("cheap-charm")], inventory=[ic("dear-crown")])
    assert halted(s)
    assert s.inventory == [ic("dear-crown")] and s.item_deck == [ic("plain-pouch"), ic("cheap-charm")]
    assert not events(s, "gain_item")


@pytest.mark.rules("TG-062", "TG-023")
def test_TG062_the_merchant_visit_is_optional_and_comes_after_cleanup():
    """TG-062: with the icon on the completed map the player is asked, after Cleanup, whether
    to visit; walking on opens no shop. Also checks TG-023."""
    s = resolve([fc("north-imp")], map_code=mc("map-ns-merchant"), health=6,
                item_deck=[ic("plain-pouch"), ic("cheap-charm"), ic("mid-lantern")])
    assert kind(s) == "visit_merchant"
    assert events(s, "cleanup")                     # Cleanup has already happened
    play(s, "skip")
    assert halted(s) and not events(s, "shop") and s.shop == []
    s = resolve([], map_code=mc("map-ns-merchant"), item_deck=[ic("plain-pouch"), ic("cheap-charm"), ic("mid-lantern")])
    play(s, "visit")
    assert kind(s) == "merchant_action" and len(s.shop) == 3


@pytest.mark.rules("TG-062", "T-17")
def test_TG062_no_visit_without_the_icon_or_with_an_incomplete_map():
    """TG-062: a map without the icon skips the step; ruling T-17: so does a map that could
    not be completed, icon or not."""
    assert halted(resolve([], map_code=mc("map-nsw")))
    s = resolve([], map_code=mc("map-ns-merchant"), complete=False)
    assert halted(s)
    assert_illegal(s, "visit")
    assert not [e for e in s.log if e["type"] == "shop"]
