"""The Bears, Papa Bear, Baby Bear, and winning (TG-002, TG-026, TG-091..TG-098, TG-100,
TG-101, TG-103..TG-105; rulings T-14, T-18, T-19)."""
from __future__ import annotations

import tomllib

import pytest

from woodlands.games.tanglewoods.content_loader import DEFAULT_PACK
from woodlands.games.tanglewoods.modifiers import enemy_damage, enemy_health
from tests.tanglewoods.helpers import (C, COMMITTED, EXHAUSTED, HALT, POOL, assert_illegal, bear, die,
                                       events, fc, halted, ic, ids, kind, mc, play, rest_of_round, rig_rolls,
                                       situation)

ALL_BEARS = ("papa-bear", "baby-bear", "mama-bear")


def forest(deck, **kw):
    kw.setdefault("active_map", mc("map-w"))
    return situation(["forest_phase", HALT], forest_deck=list(deck), **kw)


def _default_bear(name: str) -> dict:
    with (DEFAULT_PACK / "bears.toml").open("rb") as f:
        bears = tomllib.load(f)["bear"]
    return next(b for b in bears if b["enemy"]["name"] == name)


@pytest.mark.rules("TG-096", "T-14")
def test_TG096_papa_bear_is_health_7_damage_2_with_two_ambushes():
    """TG-096, ruling T-14: Papa Bear as printed, in the shipped pack and in ours."""
    papa = _default_bear("Papa Bear")
    assert (papa["enemy"]["health"], papa["enemy"]["damage"]) == (7, 2)
    assert [e["do"] for e in papa["enemy"]["effects"] if e["when"] == "ambush"] == [
        "papa_bear_dice", "toughen_per_defeated_bear"]
    face = C.forest[bear("papa-bear")].faces[0]
    assert (face.health, face.damage) == (7, 2) and face.bribe is None


@pytest.mark.rules("TG-103", "T-14")
def test_TG103_baby_bear_is_health_4_damage_1():
    """TG-103, ruling T-14: the printed 4 and 1 read as Health 4, Damage 1."""
    baby = _default_bear("Baby Bear")
    assert (baby["enemy"]["health"], baby["enemy"]["damage"]) == (4, 1)
    assert [e["do"] for e in baby["enemy"]["effects"] if e["when"] == "ambush"] == [
        "baby_bear_draw", "grow_per_nonboss_enemy"]
    face = C.forest[bear("baby-bear")].faces[0]
    assert (face.health, face.damage) == (4, 1)


@pytest.mark.rules("TG-091")
def test_TG091_a_baited_bear_is_drawn_and_placed_like_any_forest_card():
    """TG-091: once in the Forest Deck a bear is drawn from the bottom, offered for placing and
    joins the tableau like any other card."""
    s = forest([fc("west-imp"), fc("mama-bear")])
    assert s.drawn == [fc("mama-bear")] and ids(s) == ["place:mama-bear", "draw"]
    assert events(s, "draw")[0]["card"] == "mama-bear"
    play(s, "draw", "place:mama-bear")
    assert s.tableau == [fc("mama-bear")]


@pytest.mark.rules("TG-092", "T-14")
def test_TG092_an_engagement_with_a_bear_is_an_ordinary_one():
    """TG-092: the bear is fought with dice like any enemy, its Damage is suffered, and the game
    goes on to the next round (there is no endgame). Also checks T-14."""
    s = situation(rest_of_round("strategy_phase"), round_limit=None, tableau=[fc("mama-bear")],
                  active_map=mc("map-n"), map_complete=True, health=5, strategy=1)
    assert kind(s) == "commit_dice"
    play(s, "commit:red")
    rig_rolls(s, "hit")
    play(s, "roll", "apply:red:hit:mama-bear")
    assert s.damage == [1]
    # one pass (Strategy 1): Mama Bear still stands and hits for 1
    assert s.health == 4
    assert kind(s) == "recover_dice"
    play(s, "done")
    assert s.round == 2 and kind(s) in ("choose_map", "order_effects")
    assert fc("mama-bear") in s.forest_discard


@pytest.mark.rules("TG-093", "TG-089", "T-14")
def test_TG093_a_defeated_bear_turns_to_its_modifier_beside_the_hero_and_is_no_item():
    """TG-093, ruling T-14: the bear leaves the tableau and lies beside the hero on its
    modifier side; its modifiers hold from then on; it does not count as an item. Also checks TG-089."""
    s = situation(["strategy_phase", HALT], tableau=[fc("mama-bear"), fc("tough-minion")], strategy=1,
                  recovery=2, inventory=[ic("plain-pouch")], active_map=mc("map-n"))
    play(s, "commit:red", "commit:purple")
    rig_rolls(s, "hit", "crit")
    play(s, "roll", "apply:purple:hit:mama-bear", "apply:red:crit:mama-bear")
    assert s.bears_won == [bear("mama-bear")]
    assert s.tableau == [fc("tough-minion")]
    assert events(s, "bear_defeated") == [{"type": "bear_defeated", "bear": "mama-bear", "defeated": 1}]
    won = s.view(0)["bears_won"]
    assert won == [{"id": "mama-bear", "name": "Mama Bear (beaten)", "side": "modifier", "kind": "bear",
                    "text": C.forest[bear("mama-bear")].faces[1].text, "direction": None}]
    assert not s.is_over
    # Strategy 1 with one item and a bear: no item-limit question
    assert kind(s) != "item_limit" and s.inventory == [ic("plain-pouch")]
    from woodlands.games.tanglewoods.modifiers import modifier
    assert modifier(s, "recover") == 1 and modifier(s, "buy_cost") == 1


@pytest.mark.rules("TG-095", "TG-002", "T-14")
def test_TG095_TG002_the_third_bear_wins_at_once_even_mid_engagement():
    """TG-002 / TG-095, ruling T-14: with two bears beaten, defeating the third ends the game as
    a win right there: the other enemy's damage is never suffered."""
    s = situation(rest_of_round("strategy_phase"), tableau=[fc("mama-bear"), fc("tough-minion")],
                  bears_won=[bear("papa-bear"), bear("baby-bear")], bears_aside=[],
                  health=1, active_map=mc("map-n"))
    play(s, "commit:red", "commit:purple")
    rig_rolls(s, "hit", "crit")
    play(s, "roll", "apply:red:crit:mama-bear")
    assert not s.is_over and s.bears_won == [bear("papa-bear"), bear("baby-bear")]   # two is not enough
    play(s, "apply:purple:hit:mama-bear")
    assert s.is_over and s.outcome["result"] == "win" and s.outcome["bears_defeated"] == 3
    assert s.decision is None and s.health == 1
    assert not events(s, "suffer_damage")
    assert events(s)[-1]["type"] == "game_over"


@pytest.mark.rules("TG-097")
def test_TG097_papa_bear_swaps_tired_and_ready_dice():
    """TG-097: the two exhausted dice step aside; the player exhausts two ready dice of their
    choice; then the two set-aside dice return to the pool."""
    dice = {die("red"): EXHAUSTED, die("blue"): EXHAUSTED}
    s = forest([fc("west-imp"), fc("papa-bear")], dice=dice)
    assert kind(s) == "pick_dice"
    assert ids(s) == ["exhaust:yellow", "exhaust:green", "exhaust:blue", "exhaust:purple"]   # no red: it is aside
    play(s, "exhaust:yellow")
    assert ids(s) == ["exhaust:yellow", "exhaust:green", "exhaust:blue", "exhaust:purple"]
    play(s, "exhaust:blue")
    assert s.dice_zone[die("red")] == POOL and s.dice_zone[die("blue", 0)] == POOL
    assert s.dice_zone[die("yellow", 0)] == EXHAUSTED and s.dice_zone[die("blue", 1)] == EXHAUSTED
    assert sum(1 for z in s.dice_zone if z == EXHAUSTED) == 2
    assert kind(s) == "draw_or_place"


@pytest.mark.rules("TG-097")
def test_TG097_papa_bear_exhausts_as_many_ready_dice_as_possible():
    """TG-097 "(or as many as possible)": three dice aside but one ready die: only it tires."""
    dice = {d: EXHAUSTED for d in range(17)}
    dice[die("green")] = POOL
    dice[die("yellow", 1)] = COMMITTED
    s = forest([fc("west-imp"), fc("papa-bear")], dice=dice)
    assert ids(s) == ["exhaust:green"]
    play(s, "exhaust:green")
    assert s.dice_zone[die("green")] == EXHAUSTED
    assert sum(1 for z in s.dice_zone if z == POOL) == 15


@pytest.mark.rules("TG-098", "T-18")
@pytest.mark.parametrize("won,extra", [((), 0), (("mama-bear",), 1), (("mama-bear", "baby-bear"), 2)])
def test_TG098_T18_papa_bear_makes_every_enemy_need_more_damage_per_defeated_bear(won, extra):
    """TG-098, ruling T-18: for each bear already defeated, every enemy needs one more damage
    this round (dice still deal 1 or 2); it wears off at Cleanup."""
    s = forest([fc("west-imp"), fc("papa-bear")], tableau=[fc("north-imp"), fc("tough-minion")],
               bears_won=[bear(b) for b in won])
    assert [enemy_health(s, i) for i in range(2)] == [2 + extra, 6 + extra]
    assert s.view(0)["tableau"][0]["health_now"] == 2 + extra
    s = situation(["cleanup", HALT], tableau=[fc("north-imp")], round_mods=list(s.round_mods), active_map=mc("map-n"))
    assert s.round_mods == []


@pytest.mark.rules("TG-100", "T-14")
def test_TG100_beaten_papa_bear_puts_the_merchant_on_every_map():
    """TG-100: with Papa Bear's modifier side in play a completed map without the icon still
    lets the player visit the merchant. Also checks T-14."""
    s = situation(["resolve_phase", HALT], active_map=mc("map-nsw"), map_complete=True,
                  bears_won=[bear("papa-bear")], item_deck=[ic("plain-pouch"), ic("cheap-charm"), ic("mid-lantern")])
    assert kind(s) == "visit_merchant"
    s = situation(["resolve_phase", HALT], active_map=mc("map-nsw"), map_complete=True,
                  bears_won=[bear("mama-bear")])
    assert halted(s)


def _activation(map_side: str, forest_side: str, **kw):
    """A whole Activation (Map, Forest, Bribery) with Papa Bear beaten, then the Strategy phase."""
    return situation(["map_phase", "forest_phase", "bribery_phase", "activation_end", "strategy_phase", HALT],
                     bears_won=[bear("papa-bear")], strategy=1, health=5, gold=0,
                     map_deck=[mc("map-e", map_side)], forest_deck=[fc("east-imp", forest_side)], **kw)


@pytest.mark.rules("TG-101", "T-14")
def test_TG101_papa_bears_pelt_costs_health_after_an_all_night_activation():
    """TG-101: a night map and a night forest card only: -1 Health when the Activation ends.
    Also checks T-14."""
    s = _activation("night", "night")
    play(s, "map:map-e", "place:east-imp")
    assert s.health == 4
    assert kind(s) == "commit_dice"
    lost = [e for e in events(s, "stat") if e["stat"] == "health"]
    assert lost == [{"type": "stat", "stat": "health", "change": -1, "value": 4, "why": "papa-bear"}]


@pytest.mark.rules("TG-101")
@pytest.mark.parametrize("map_side,forest_side", [("day", "night"), ("night", "day")])
def test_TG101_one_daytime_draw_is_enough_to_keep_the_health(map_side, forest_side):
    """TG-101: a single daytime card drawn in the Activation, map or forest, means no Health is lost."""
    s = _activation(map_side, forest_side)
    play(s, "map:map-e", "place:east-imp")
    assert s.health == 5 and kind(s) == "commit_dice"


@pytest.mark.rules("TG-104", "TG-026", "T-19")
def test_TG104_T19_baby_bear_draws_four_and_each_enemy_joins_or_costs_a_stat():
    """TG-104, ruling T-19: four cards from the bottom; for each enemy the player adds it to
    the tableau or takes -1 to a stat and discards it; fables are discarded.  TG-026: the
    ambush of a card Baby Bear draws (lose 3 gold) does not fire, even when it joins."""
    deck = [fc("filler-east"), fc("ambush-lose-gold"), fc("wild-fable"), fc("north-imp"), fc("south-imp"),
            fc("baby-bear")]
    s = forest(deck, gold=10, recovery=3)
    assert [e["card"] for e in events(s, "draw")] == ["baby-bear", "south-imp", "north-imp", "wild-fable",
                                                       "ambush-lose-gold"]
    assert kind(s) == "baby_bear_enemy"
    assert ids(s) == ["add", "stat:health", "stat:strategy", "stat:recovery"]
    assert s.decision.prompt.startswith("Baby Bear drew Ambush Lose Gold")
    play(s, "add")
    assert s.decision.prompt.startswith("Baby Bear drew North Imp")      # the fable went by itself
    play(s, "stat:recovery")
    play(s, "add")                                                         # South Imp
    assert s.tableau == [fc("ambush-lose-gold"), fc("south-imp")]
    assert s.forest_discard == [fc("wild-fable"), fc("north-imp")]
    assert s.recovery == 2 and s.gold == 10
    assert kind(s) == "draw_or_place" and s.drawn == [fc("baby-bear")]
    assert s.forest_deck == [fc("filler-east")]
    assert [e["card"] for e in events(s, "ambush")] == ["baby-bear"]


@pytest.mark.rules("TG-105", "T-14")
def test_TG105_baby_bear_grows_with_every_non_boss_enemy_even_defeated_ones():
    """TG-105, ruling T-14: +1 Health and +1 Damage for each minion in the tableau, defeated or
    not; fables and other bears do not count."""
    tableau = [fc("north-imp"), fc("tough-minion"), fc("wild-fable"), fc("mama-bear")]
    s = forest([fc("baby-bear")], tableau=tableau, defeated=[True, False, False, False],
               damage=[2, 0, 0, 0])
    play(s, "place:baby-bear")
    slot = s.tableau.index(fc("baby-bear"))
    assert enemy_health(s, slot) == 4 + 2 and enemy_damage(s, slot) == 1 + 2
    view = s.view(0)["tableau"][slot]
    assert (view["health_now"], view["damage_now"]) == (6, 3)
    assert enemy_health(s, 1) == 6          # the minions themselves are unchanged


@pytest.mark.rules("T-14", "TG-093")
def test_T14_bears_keep_out_of_bribery_and_never_flip_to_night():
    """Ruling T-14: bears have no night side; ours have no Bribe, so none is offered.
    Also checks TG-093."""
    s = situation(["bribery_phase", HALT], tableau=[fc("papa-bear"), fc("north-imp")], gold=10,
                  active_map=mc("map-n"))
    assert ids(s) == ["bribe:north-imp", "done"]
    assert_illegal(s, "bribe:papa-bear", "TG-052")


@pytest.mark.rules("TG-098", "TG-105", "T-18", "T-14")
def test_a_bear_drawn_twice_in_one_round_does_not_stack_its_ambush_bonus():
    """TG-098/T-18 and TG-105/T-14 describe a state of the round ("every enemy needs one more
    damage per defeated bear", "Baby Bear has +1 per lesser enemy"), not a bonus that piles up:
    if a reshuffle brings the same bear back in the same round, its ambush changes nothing more."""
    from woodlands.games.tanglewoods.effects import run_effects
    s = situation([HALT], tableau=[fc("north-imp"), fc("baby-bear", "enemy")], bears_won=[bear("mama-bear")])
    s.stack.clear()
    for _ in range(2):
        s.pending, s.decision = None, None
        s.stack.append(HALT)
        run_effects(s, C.forest[bear("papa-bear")].faces[0].ambush[1:], ("forest", fc("papa-bear", "enemy")))
        run_effects(s, C.forest[bear("baby-bear")].faces[0].ambush[1:], ("forest", fc("baby-bear", "enemy")))
        s.advance()
        assert halted(s)
    assert len(events(s, "effect")) == 4
    assert enemy_health(s, 0) == 2 + 1             # one more per defeated bear, once
    assert enemy_health(s, 1) == 4 + 1 + 1         # +1 toughness, +1 for the one lesser enemy
