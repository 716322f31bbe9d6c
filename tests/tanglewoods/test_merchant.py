"""Visiting the Merchant and the Merchant Card Actions (TG-073..TG-081; rulings T-15, T-17,
T-8, T-7; Gold TG-086)."""
from __future__ import annotations

import shutil

import pytest

import woodlands
from tests.tanglewoods.helpers import (BANISHED, EXHAUSTED, HALT, PACK, POOL, assert_illegal, bear, die,
                                          events, fc, halted, ic, ids, kind, play, situation)

SHOP3 = [ic("dear-crown"), ic("plain-pouch"), ic("cheap-charm"), ic("mid-lantern")]   # bottom last


def merchant(item_deck=None, **kw):
    """At the merchant, shop stocked (the visit accepted)."""
    s = situation(["merchant_offer", HALT], merchant_ok=True,
                  item_deck=list(SHOP3 if item_deck is None else item_deck), **kw)
    play(s, "visit")
    assert kind(s) == "merchant_action"
    return s


@pytest.mark.rules("TG-073", "T-15")
def test_TG073_the_shop_is_the_bottom_three_items_ordinary_side_up():
    """TG-073, ruling T-15: three cards off the bottom of the Item Deck, each shown ordinary."""
    deck = [ic("dear-crown"), ic("plain-pouch"), ic("cheap-charm", "upgraded"), ic("mid-lantern"), ic("plain-satchel")]
    s = merchant(deck)
    assert s.shop == [ic("plain-satchel"), ic("mid-lantern"), ic("cheap-charm")]
    assert s.item_deck == [ic("dear-crown"), ic("plain-pouch")]
    assert events(s, "shop") == [{"type": "shop", "items": ["plain-satchel", "mid-lantern", "cheap-charm"]}]
    assert [i["side"] for i in s.view(0)["shop"]] == ["ordinary"] * 3


@pytest.mark.rules("TG-073", "T-17")
def test_TG073_T17_an_empty_item_deck_is_rebuilt_from_its_discard():
    """TG-073, ruling T-17: with one item left the shop takes it, then reshuffles the Item discard to
    fill the other two places."""
    s = merchant([ic("plain-satchel")], item_discard=[ic("mid-lantern"), ic("plain-pouch")])
    assert sorted(s.shop) == sorted([ic("plain-satchel"), ic("mid-lantern"), ic("plain-pouch")])
    assert s.shop[0] == ic("plain-satchel")
    assert events(s, "reshuffle") == [{"type": "reshuffle", "deck": "item", "cards": 2}]
    assert s.item_discard == [] and s.item_deck == []


@pytest.mark.rules("TG-074", "TG-075")
def test_TG074_TG075_taking_no_action_is_allowed_and_the_shop_is_tidied_away():
    """TG-074: leaving at once is allowed; TG-075: the shop's cards go to the Item discard."""
    s = merchant(gold=10)
    assert "leave" in ids(s)
    play(s, "leave")
    assert halted(s) and s.gold == 10 and s.inventory == []
    assert s.shop == [] and s.item_discard == [ic("mid-lantern"), ic("cheap-charm"), ic("plain-pouch")]
    assert events(s, "tidy_up")[0]["items"] == ["mid-lantern", "cheap-charm", "plain-pouch"]


@pytest.mark.rules("TG-074", "TG-077", "T-15", "T-7")
def test_TG074_TG077_mend_repeats_in_any_order_while_affordable():
    """TG-077, ruling T-15: Mend (2 gold) returns one exhausted die of the player's choice;
    TG-074: the same action again, in any order with others, while the gold lasts; a banished
    die is never mended (T-7)."""
    dice = {die("red"): EXHAUSTED, die("blue"): EXHAUSTED, die("yellow"): BANISHED}
    s = merchant(gold=6, dice=dice)
    assert [o for o in ids(s) if o.startswith("mend:")] == ["mend:blue", "mend:red"]
    play(s, "mend:red")
    assert s.gold == 4 and s.dice_zone[die("red")] == POOL
    play(s, "buy:cheap-charm")               # another action in between
    play(s, "mend:blue")
    assert s.gold == 1 and s.dice_zone[die("blue")] == POOL
    assert s.dice_zone[die("yellow")] == BANISHED
    assert not [o for o in ids(s) if o.startswith("mend:")]
    assert_illegal(s, "mend:yellow", "TG-074")


@pytest.mark.rules("TG-077", "TG-086")
def test_TG077_mend_without_two_gold_is_refused():
    """TG-077, TG-086: Mend costs 2; with 1 gold it is neither offered nor accepted."""
    s = merchant(gold=1, dice={die("red"): EXHAUSTED})
    assert not [o for o in ids(s) if o.startswith("mend:")]
    assert_illegal(s, "mend:red", "TG-086")


@pytest.mark.rules("TG-078", "T-15")
def test_TG078_forge_upgrades_one_ordinary_item_for_four_gold():
    """TG-078, ruling T-15: only ordinary items are offered; the item turns upgraded."""
    s = merchant(gold=9, inventory=[ic("plain-pouch"), ic("mid-lantern", "upgraded")])
    assert [o for o in ids(s) if o.startswith("forge:")] == ["forge:plain-pouch"]
    play(s, "forge:plain-pouch")
    assert s.gold == 5 and s.inventory == [ic("plain-pouch", "upgraded"), ic("mid-lantern", "upgraded")]
    assert not [o for o in ids(s) if o.startswith("forge:")]
    assert_illegal(s, "forge:mid-lantern", "TG-078")
    s = merchant(gold=3, inventory=[ic("plain-pouch")])
    assert_illegal(s, "forge:plain-pouch", "TG-086")


@pytest.mark.rules("TG-079", "TG-091", "T-15")
def test_TG079_bait_shuffles_a_chosen_set_aside_bear_into_the_forest_deck():
    """TG-079, TG-091, ruling T-15: for 5 gold the player picks a waiting bear; it goes into the
    Forest Deck (enemy side up) and leaves the bear stack."""
    deck = [fc("north-imp"), fc("south-imp"), fc("east-imp")]
    s = merchant(gold=10, forest_deck=list(deck), bears_aside=[bear("papa-bear"), bear("mama-bear")],
                 bears_won=[bear("baby-bear")])
    assert [o for o in ids(s) if o.startswith("bait:")] == ["bait:papa-bear", "bait:mama-bear"]
    assert_illegal(s, "bait:baby-bear", "TG-079")        # already defeated
    play(s, "bait:mama-bear")
    assert s.gold == 5
    assert s.bears_aside == [bear("papa-bear")]
    assert sorted(s.forest_deck) == sorted(deck + [fc("mama-bear")])
    assert fc("mama-bear") & 1 == 0
    assert events(s, "bait") == [{"type": "bait", "bear": "mama-bear"}]
    play(s, "bait:papa-bear")
    assert s.gold == 0 and s.bears_aside == [] and len(s.forest_deck) == 5


@pytest.mark.rules("TG-079", "TG-086")
def test_TG079_bait_needs_five_gold():
    """TG-079, TG-086: Bait costs 5; with 4 gold no bear can be baited."""
    s = merchant(gold=4)
    assert not [o for o in ids(s) if o.startswith("bait:")]
    assert_illegal(s, "bait:papa-bear", "TG-086")


@pytest.mark.rules("TG-080", "TG-074", "T-15")
def test_TG080_buy_pays_the_printed_cost_and_only_what_you_can_afford_is_offered():
    """TG-080: the item joins the inventory for its printed cost; TG-074: only affordable shop
    items are offered (mid-lantern costs 4, cheap-charm 1, plain-pouch 3). Also checks T-15."""
    s = merchant(gold=3, strategy=3)
    assert [o for o in ids(s) if o.startswith("buy:")] == ["buy:cheap-charm", "buy:plain-pouch"]
    assert_illegal(s, "buy:mid-lantern", "TG-086")
    play(s, "buy:plain-pouch")
    assert s.gold == 0 and s.inventory == [ic("plain-pouch")]
    assert s.shop == [ic("mid-lantern"), ic("cheap-charm")]
    assert events(s, "buy") == [{"type": "buy", "item": "plain-pouch"}]
    assert_illegal(s, "buy:dear-crown", "not in the shop")


@pytest.mark.rules("TG-074", "TG-080")
def test_TG074_no_more_than_three_buys_even_with_a_bigger_shop(tmp_path):
    """TG-074: Buy at most three times a visit.  A pack whose shop shows four items proves
    the limit is the rule, not just the shop running out. Also checks TG-080."""
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    text = (pack / "merchant.toml").read_text().replace("shop_size = 3", "shop_size = 4")
    (pack / "merchant.toml").write_text(text)
    game = woodlands.load_game("tanglewoods", content=pack)
    s = merchant([ic("plain-satchel"), ic("dear-crown"), ic("plain-pouch"), ic("cheap-charm"), ic("mid-lantern")],
                 gold=20, strategy=6, game=game)
    assert len(s.shop) == 4
    play(s, "buy:mid-lantern", "buy:cheap-charm", "buy:plain-pouch")
    assert s.buys == 3 and s.shop == [ic("dear-crown")] and s.gold == 12
    assert not [o for o in ids(s) if o.startswith("buy:")]
    assert_illegal(s, "buy:dear-crown", "TG-074", "3 times")


@pytest.mark.rules("TG-074")
def test_TG074_a_fourth_buy_from_the_standard_shop_is_refused():
    """TG-074: after three buys the standard shop is empty and a fourth buy is refused, naming the
    rule."""
    s = merchant(gold=20, strategy=6)
    play(s, "buy:mid-lantern", "buy:cheap-charm", "buy:plain-pouch")
    assert s.shop == [] and s.gold == 12
    assert_illegal(s, "buy:cheap-charm", "TG-074")


@pytest.mark.rules("TG-081", "T-15", "T-2")
def test_TG081_forest_blessing_costs_three_times_the_stat_and_stops_at_six():
    """TG-081, ruling T-15: +1 to a stat for 3 x its value; a stat at 6 is not offered (T-2);
    the cost rises with the stat."""
    s = merchant(gold=20, health=6, strategy=2, recovery=5)
    assert [o for o in ids(s) if o.startswith("bless:")] == ["bless:strategy", "bless:recovery"]
    play(s, "bless:strategy")
    assert s.strategy == 3 and s.gold == 14
    play(s, "bless:strategy")
    assert s.strategy == 4 and s.gold == 5
    assert "bless:strategy" not in ids(s)            # 12 now, 5 gold left
    assert_illegal(s, "bless:strategy", "TG-081")
    assert_illegal(s, "bless:health", "T-15")
    assert_illegal(s, "bless:gold", "TG-074")
