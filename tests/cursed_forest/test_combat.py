"""6.-7. Combat (CF-021..CF-027; rulings C-2, C-4, C-5, C-6)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import events, give, ids, kind, on_top, put, rig, run, situation
from woodlands.games.cursed_forest.combat import is_critical, player_score

SCORE_TABLE = [
    # (player dice, modifier, score, critical)
    ([3, 4], 2, 9, False),
    ([6, 6], 2, 26, True),        # doubled before the modifier (C-5)
    ([4, 4, 4], 1, 25, True),
    ([4, 4, 5], 1, 14, False),
    ([5], 3, 8, False),           # one die is never a critical (C-5: two or more)
    ([1, 1], 0, 4, True),
]


@pytest.mark.rules("CF-026", "C-5", "CF-023", "C-2")
@pytest.mark.parametrize("dice, mod, score, crit", SCORE_TABLE)
def test_score_and_critical_table(dice, mod, score, crit):
    assert player_score(dice, mod) == (score, crit)
    assert is_critical(dice) is crit


def fight_goblin(*script, items=(), chars=("plain-hero",), monster="weak-goblin", **options):
    s = situation(*chars, **options)
    put(s, "monster-lair", (1, 0))
    on_top(s, monster)
    for uid, space in items:
        give(s, 0, uid, space)
    run(s)
    s.apply("move:E")
    rig(s, *script)
    return s


ROUND_TABLE = [
    # (script: player dice then monster dice, items, goblin health after, hero health after)
    ((4, 3, 2), (), 5 - (7 - 3), 10),                       # 7 vs 2+1: the goblin takes 4
    ((1, 2, 5), (), 5, 10 - (6 - 3)),                       # 3 vs 5+1: the hero takes 3
    ((1, 2, 5), (("mail", "armour"),), 5, 10 - 1),          # mail (armour 2) takes 2 off (CF-025)
    ((1, 3, 3), (), 5, 10),                                 # 4 vs 4: a tie, nothing (C-6)
]


@pytest.mark.rules("CF-023", "CF-024", "CF-025", "C-4", "C-6")
@pytest.mark.parametrize("script, items, goblin, hero", ROUND_TABLE)
def test_one_round_table(script, items, goblin, hero):
    s = fight_goblin(*script, items=items)
    s.apply("fight")
    ev = events(s, "combat_round")[-1]
    assert s.f_health == goblin
    assert s.health[0] == hero
    assert ev["dice"] == list(script[:2]) and ev["foe_dice"] == [script[2]]
    assert ev["foe_modifier"] == 1


@pytest.mark.rules("CF-023")
def test_weapon_modifiers_add_only_when_active():
    s = fight_goblin(1, 2, 2, 1, 2, 2, items=(("sword", "hand1"),))
    s.apply("fight")
    assert events(s, "combat_round")[-1]["score"] == 5 and s.f_health == 3
    s.inv[0][0], s.inv[0][4] = -1, s.inv[0][0]    # the sword into the backpack: inactive (CF-040)
    s.apply("fight")
    assert events(s, "combat_round")[-1]["score"] == 3


@pytest.mark.rules("CF-026", "C-5")
def test_a_critical_doubles_the_dice_then_adds_and_monsters_never_crit():
    s = fight_goblin(3, 3, 6, items=(("sword", "hand1"),), monster="mid-wolf")
    rig(s, 3, 3, 6, 6)
    s.apply("fight")
    ev = events(s, "combat_round")[-1]
    assert ev["critical"] and ev["score"] == 14 and ev["foe_score"] == 13 and not ev["foe_critical"]


@pytest.mark.rules("CF-025")
def test_direct_damage_ignores_armour():
    s = fight_goblin(items=(("mail", "armour"),))
    s.apply("escape:W")
    assert s.health[0] == 9, "1 direct damage, the mail does not help"


@pytest.mark.rules("CF-022")
def test_escape_to_a_neighbour_costs_1_ap_1_direct_damage_and_the_turn_goes_on():
    s = fight_goblin()
    assert {"escape:W", "escape:E", "escape:N", "escape:S"} & set(ids(s)) == {"escape:W"}
    s.apply("escape:W")
    assert s.pos[0] == (0, 0) and s.ap[0] == 3 and s.health[0] == 9
    assert kind(s) == "turn_action"
    assert s.tile_monster[1] >= 0, "the goblin stays on its tile"


@pytest.mark.rules("CF-022")
def test_escape_onto_a_new_tile_costs_2_ap_and_2_direct_damage():
    s = fight_goblin()
    from tests.cursed_forest.helpers import C
    k = next(k for k, t in enumerate(s.tile_stack) if C.tiles[t].id == "cross")
    s.tile_stack.append(s.tile_stack.pop(k))
    s.apply("escape-new")
    assert kind(s) == "lay_tile"
    s.apply("lay:E:0")
    assert s.pos[0] == (2, 0) and s.ap[0] == 2 and s.health[0] == 8
    assert kind(s) == "turn_action"


@pytest.mark.rules("CF-027", "CF-024")
def test_slug_it_out_until_one_dies_then_the_turn_ends():
    s = fight_goblin(6, 5, 1, 6, 5, 1)
    s.apply("fight")
    assert s.f_kind == "" and s.kills[0] == [5]
    assert kind(s) == "turn_action" and s.decision.player == 0 and s.ap[0] == 5, "a new turn began"


@pytest.mark.rules("CF-027")
def test_several_rounds_until_the_monster_falls():
    s = fight_goblin(2, 2, 3, 3, 1, 1, 4, 2, 1)
    s.apply("fight")        # 8 (critical 2+2 doubled) vs 4: goblin 5 -> 1
    assert s.f_health == 1 and kind(s) == "fight_round"
    s.apply("fight")        # 4 vs 2: dead
    assert s.f_kind == "" and s.kills[0] == [5]


@pytest.mark.rules("CF-021")
def test_ranged_weapons_never_shoot_at_the_same_tile():
    s = fight_goblin(items=(("bow", "hands"),))
    assert not any(i.startswith("shoot") for i in ids(s))
    s2 = situation()
    put(s2, "monster-lair", (1, 0))
    give(s2, 0, "bow", "hands")
    run(s2)
    assert "shoot:bow:E:1" in ids(s2)


@pytest.mark.rules("C-13", "CF-022")
def test_by_default_the_turn_goes_on_after_an_escape_7_1():
    s = fight_goblin()
    s.apply("escape:W")
    assert kind(s) == "turn_action" and s.decision.player == 0 and s.ap[0] == 3
    assert "move:E" in ids(s)


@pytest.mark.rules("C-13", "CF-022")
def test_escape_ends_turn_option_ends_the_turn_after_an_escape_7_4():
    s = fight_goblin(escape_ends_turn=True)
    s.apply("escape:W")
    assert s.pos[0] == (0, 0) and s.health[0] == 9, "the escape itself is the same"
    assert [e["adventurer"] for e in events(s, "turn_end")] == [0], "then the turn is over"
    assert s.ap[0] == s.max_ap[0], "the APs left are lost; the track is full for the next turn"


@pytest.mark.rules("C-13", "CF-022")
def test_escape_ends_turn_option_also_after_escaping_onto_a_new_tile():
    s = fight_goblin(escape_ends_turn=True)
    from tests.cursed_forest.helpers import C
    k = next(k for k, t in enumerate(s.tile_stack) if C.tiles[t].id == "cross")
    s.tile_stack.append(s.tile_stack.pop(k))
    s.apply("escape-new")
    s.apply("lay:E:0")
    assert s.pos[0] == (2, 0) and s.health[0] == 8
    assert [e["adventurer"] for e in events(s, "turn_end")] == [0]


@pytest.mark.rules("C-13")
def test_escape_ends_turn_must_be_true_or_false():
    import woodlands
    from tests.cursed_forest.helpers import GAME
    with pytest.raises(woodlands.GameOptionError, match="escape_ends_turn"):
        GAME.new_game(seed=1, options={"escape_ends_turn": "yes"})


def skeleton_round(*items, ring=False):
    """The magus (modifier 1, +2 against the undead) and ``items`` against a skeleton (undead,
    modifier 0, 1 extra damage); its dice 1+2 against the skeleton's 6+6."""
    s = situation("magus", **({"ring_bearer": 0} if ring else {}))
    put(s, "monster-lair", (1, 0))
    on_top(s, "undead-skeleton")
    for uid, space in items:
        give(s, 0, uid, space)
    run(s)
    s.apply("move:E")
    rig(s, 1, 2, 6, 6)
    s.apply("fight")
    return s


@pytest.mark.rules("AUD-3", "CF-023", "CF-025", "CF-020")
def test_a_combat_round_tells_the_parts_of_each_sides_modifier_and_the_monsters_side():
    s = skeleton_round(("holy-mace", "hand1"), ("mail", "armour"))
    ev = events(s, "combat_round")[-1]
    assert ev["modifier_parts"] == {"character": 3, "weapon": 4, "item": 0}
    assert ev["modifier"] == 7 == sum(ev["modifier_parts"].values()) and ev["score"] == 10
    assert ev["armour"] == 2
    assert ev["foe_modifier_parts"] == {"monster": 0} and ev["foe_side"] == "green"
    assert ev["foe_armour"] == 0 and ev["foe_extra_damage"] == 1
    assert ev["foe_score"] == 12 and ev["damage_to_adventurer"] == 1, "2 + 1 extra - 2 armour"
    r = skeleton_round(ring=True)
    ev = events(r, "combat_round")[-1]
    assert ev["foe_side"] == "purple" and ev["foe_modifier_parts"] == {"monster": 2}


@pytest.mark.rules("AUD-3", "CF-025")
def test_combat_damage_after_armour_is_not_marked_direct():
    s = skeleton_round(("holy-mace", "hand1"), ("mail", "armour"))
    dmg = events(s, "damage")[-1]
    assert dmg["amount"] == 1 and dmg["direct"] is False and dmg["armour"] == 2
    e = fight_goblin(items=(("mail", "armour"),))
    e.apply("escape:W")
    dmg = events(e, "damage")[-1]
    assert dmg["direct"] is True and dmg["armour"] == 0 and dmg["source"] == "escape"


@pytest.mark.rules("AUD-3", "CF-062")
def test_spiders_and_morna_tell_their_modifier_parts_too():
    s = situation()
    put(s, "web", (1, 0))
    run(s)
    rig(s, 1, 3, 1, 2, 6, 6)
    s.apply("move:E")
    assert s.f_kind == "spiders"
    s.apply("fight")
    ev = events(s, "combat_round")[-1]
    assert ev["foe_modifier_parts"] == {"spiders": 3} and ev["foe_side"] is None and ev["foe_armour"] == 0
