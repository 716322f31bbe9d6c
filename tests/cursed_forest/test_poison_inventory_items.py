"""11. Poisons and Cures (CF-036..CF-039), 12. Inventory (CF-040..CF-048; ruling C-9),
13. Items and Spells (CF-049) and the glossary (CF-102..CF-107)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import at, events, give, ids, kind, on_top, put, rig, run, situation
from woodlands.games.cursed_forest.inventory import active_items, armour_of
from woodlands.games.cursed_forest.state import EMPTY, POISON


@pytest.mark.rules("CF-036", "CF-038")
def test_red_vines_poison_once_per_turn_into_an_empty_space():
    s = situation()
    put(s, "red-vine", (1, 0))
    run(s)
    s.apply("move:E")
    assert s.inv[0].count(POISON) == 1 and events(s, "poisoned")[0]["source"] == "red vines"
    s.apply("move:W")
    s.apply("move:E")
    assert s.inv[0].count(POISON) == 1, "not twice in one turn"


@pytest.mark.rules("CF-036", "CF-063")
def test_damage_from_a_poisonous_monster_or_spiders_poisons():
    s = situation()
    put(s, "monster-lair", (1, 0))
    on_top(s, "poison-snake")
    run(s)
    s.apply("move:E")
    rig(s, 1, 1, 6)        # critical 4 vs 8: 4 damage and poison
    s.apply("fight")
    assert s.health[0] == 6 and POISON in s.inv[0]


@pytest.mark.rules("CF-037")
def test_full_inventory_an_item_makes_way_and_tokens_can_move():
    s = situation()
    put(s, "red-vine", (1, 0))
    for uid, sp in (("sword", "hand1"), ("shield", "hand2"), ("elven-boots", "boots"), ("mail", "armour"),
                    ("healing-potion", "backpack")):
        give(s, 0, uid, sp)
    run(s)
    s.apply("move:E")
    assert kind(s) == "poison_replace"
    s.apply("poison-drop:healing-potion")
    assert s.inv[0][4] == POISON and s.tile_items[at(s, (1, 0))]
    s2 = situation()
    s2.inv[0][4] = POISON
    run(s2)
    s2.apply("shift-poison:backpack:hand1")
    assert s2.inv[0][0] == POISON and s2.inv[0][4] == EMPTY


@pytest.mark.rules("CF-039")
def test_cures_healing_items_a_curing_character_and_death():
    s = situation("healer", "plain-hero")
    s.inv[1][4] = POISON
    give(s, 0, "healing-potion", "backpack")
    s.inv[0][3] = POISON
    s.health[0] = 3
    run(s)
    assert "cure:1" in ids(s)
    s.apply("cure:1")
    assert POISON not in s.inv[1] and s.ap[0] == 4
    s.apply("use:healing-potion")
    assert s.health[0] == 9 and POISON not in s.inv[0]


@pytest.mark.rules("CF-040", "CF-042", "CF-043", "CF-044", "CF-045")
def test_items_work_only_in_their_spaces():
    s = situation()
    boots = give(s, 0, "elven-boots", "hand1")
    mail = give(s, 0, "mail", "backpack")
    axe = give(s, 0, "great-axe", "hand2")
    assert active_items(s, 0) == [] and armour_of(s, 0) == 0
    s.inv[0] = [axe, axe, boots, mail, EMPTY]
    assert sorted(active_items(s, 0)) == sorted([axe, boots, mail]) and armour_of(s, 0) == 2
    s.inv[0] = [EMPTY] * 5
    s.inv[0][4] = give(s, 0, "healing-potion", "backpack")
    run(s)
    opts = ids(s)
    assert "equip:healing-potion:hand1" in opts
    assert "equip:healing-potion:boots" not in opts and "equip:healing-potion:armour" not in opts


@pytest.mark.rules("CF-045", "CF-040")
def test_a_two_handed_weapon_needs_both_hands_free():
    s = situation()
    give(s, 0, "great-axe", "backpack")
    give(s, 0, "sword", "hand1")
    run(s)
    assert "equip:great-axe:hands" not in ids(s)
    s.apply("drop:sword")
    s.apply("equip:great-axe:hands")
    assert s.inv[0][0] == s.inv[0][1] and s.inv[0][0] >= 0


@pytest.mark.rules("CF-048")
def test_trading_dropping_and_picking_up_cost_nothing():
    s = situation("plain-hero", "sirja")
    give(s, 0, "sword", "hand1")
    run(s)
    s.apply("give:sword:1")
    assert s.inv[1][0] >= 0 and s.ap[0] == 5
    s2 = situation()
    give(s2, 0, "sword", "hand1")
    run(s2)
    s2.apply("drop:sword")
    s2.apply("pickup:sword:backpack")
    assert s2.inv[0][4] >= 0 and s2.ap[0] == 5


@pytest.mark.rules("C-9")
def test_views_hide_other_players_face_down_items():
    s = situation("plain-hero", "sirja")
    give(s, 0, "sword", "hand1")
    give(s, 0, "crow", "beside")
    run(s)
    mine, theirs = s.view(0)["players"][0], s.view(1)["players"][0]
    assert mine["inventory"]["hand1"] == "sword" and "crow" in mine["extras"]
    assert theirs["inventory"]["hand1"] == "face-down" and theirs["face_down"] == 1
    assert "sword" not in str(theirs) and "crow" not in str(theirs)
    s.apply("show:crow")
    assert "crow" in s.view(1)["players"][0]["extras"]
    s.apply("drop:sword")
    assert "sword" in str(s.view(1)["tiles"])


@pytest.mark.rules("CF-049", "CF-054")
def test_items_cost_their_ap_spells_are_single_use_lauriel_casts_free():
    s = situation()
    put(s, "monster-lair", (1, 0))
    give(s, 0, "black-flame", "hand1")
    s.ap[0] = 3
    run(s)
    assert not any(i.startswith("use:black-flame") for i in ids(s)), "4 AP needed"
    s2 = situation()
    put(s2, "monster-lair", (1, 0))
    i = give(s2, 0, "black-flame", "hand1")
    s2.seeds[0] = [next(k.index for k in s2.content.seeds if k.power == "free-spells")]
    s2.ap[0] = 3
    run(s2)
    rig(s2, 6, 6)
    s2.apply("use:black-flame:E")
    assert s2.ap[0] == 3 and i in s2.item_gone


@pytest.mark.rules("CF-049")
def test_a_magus_keeps_spells():
    s = situation("magus")
    put(s, "monster-lair", (1, 0))
    i = give(s, 0, "black-flame", "hand1")
    run(s)
    rig(s, 6, 6)
    s.apply("use:black-flame:E")
    assert i in s.inv[0] and s.ap[0] == 1


def goblin_fight(*items, monster="mid-wolf"):
    s = situation()
    put(s, "monster-lair", (1, 0))
    on_top(s, monster)
    for uid, sp in items:
        give(s, 0, uid, sp)
    run(s)
    s.apply("move:E")
    return s


@pytest.mark.rules("CF-102")
def test_the_crow_rerolls_the_monster_dice_once_per_fight():
    s = goblin_fight(("crow", "beside"))
    rig(s, 1, 2, 6, 6, 1, 1, 1, 2, 6, 6)
    s.apply("fight")
    assert kind(s) == "reroll" and "crow" in ids(s)
    s.apply("crow")
    assert events(s, "combat_round")[-1]["foe_dice"] == [1, 1]
    s.apply("fight")
    assert kind(s) != "reroll" or "crow" not in ids(s)


@pytest.mark.rules("CF-103")
def test_dragon_scent_halves_health_rounded_up():
    s = goblin_fight(("dragon-scent", "backpack"), monster="big-troll")
    s.f_health = 11
    s.apply("use:dragon-scent")
    assert s.f_health == 6 and s.ap[0] == 2 and kind(s) == "fight_round"


@pytest.mark.rules("CF-104")
def test_elven_boots_jump_over_a_tile_once_a_turn_ignoring_it():
    s = situation()
    put(s, "monster-lair", (1, 0))
    put(s, "cross", (2, 0))
    put(s, "cross", (1, 1))
    give(s, 0, "elven-boots", "boots")
    run(s)
    assert "jump:2:0" in ids(s) and "jump:1:1" in ids(s), "straight or round the corner"
    s.apply("jump:2:0")
    assert s.pos[0] == (2, 0) and s.tile_monster[at(s, (1, 0))] == -2, "the monster was never met"
    assert not any(i.startswith("jump") for i in ids(s))


@pytest.mark.rules("CF-105", "CF-065")
def test_elven_rope_crosses_the_pit_and_left_there_makes_it_safe():
    s = situation()
    put(s, "pit", (1, 0))
    give(s, 0, "elven-rope", "backpack")
    run(s)
    rig(s, 1)
    s.apply("move:E")
    assert not events(s, "fall") and s.pit_entered is False
    s.apply("drop:elven-rope")
    s.apply("move:W")
    rig(s, 1)
    s.apply("move:E")
    assert not events(s, "fall")


@pytest.mark.rules("CF-106")
def test_enchant_adds_five_for_the_fight_and_destroys_the_weapon():
    s = goblin_fight(("enchant", "hand2"), ("sword", "hand1"))
    sword = s.inv[0][0]
    s.apply("use:enchant:sword")
    assert s.ap[0] == 3
    rig(s, 1, 2, 1, 1)
    s.apply("fight")
    assert events(s, "combat_round")[-1]["modifier"] == 2 + 5
    while s.f_kind:
        rig(s, 6, 5, 1, 1)
        s.apply("fight")
    assert sword in s.item_gone


@pytest.mark.rules("CF-107")
def test_fishing_rod_searches_a_swamp_without_a_monster():
    s = situation()
    put(s, "swamp", (1, 0))
    give(s, 0, "fishing-rod", "backpack")
    run(s)
    s.apply("move:E")
    rig(s, 2)
    s.apply("use:fishing-rod")
    assert kind(s) == "stow_item" and not s.tile_token[at(s, (1, 0))]
    s2 = situation()
    put(s2, "swamp", (1, 0))
    rod = give(s2, 0, "fishing-rod", "backpack")
    run(s2)
    s2.apply("move:E")
    rig(s2, 1)
    s2.apply("use:fishing-rod")
    assert rod in s2.item_gone and s2.tile_token[at(s2, (1, 0))]


@pytest.mark.rules("CF-040", "CF-048")
def test_switching_and_trading_go_on_during_a_fight():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (1, 0))
    on_top(s, "mid-wolf")
    give(s, 0, "sword", "backpack")
    s.pos[1] = (1, 0)
    run(s)
    s.apply("move:E")
    assert "equip:sword:hand1" in ids(s) and "give:sword:1" in ids(s)
    s.apply("equip:sword:hand1")
    assert kind(s) == "fight_round" and s.inv[0][0] >= 0 and s.ap[0] == 4


@pytest.mark.rules("CF-106", "CF-022")
def test_an_enchanted_weapon_is_lost_after_an_escape_too():
    s = goblin_fight(("enchant", "hand2"), ("sword", "hand1"))
    sword = s.inv[0][0]
    s.apply("use:enchant:sword")
    s.apply("escape:W")
    assert sword in s.item_gone and kind(s) == "turn_action"
