"""14. Special Tiles and Tokens (CF-051..CF-065)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import C, at, events, ids, kind, on_top, put, rig, run, situation
from woodlands.games.cursed_forest.state import POISON


def seed_of(power):
    return next(k.index for k in C.seeds if k.power == power)


@pytest.mark.rules("CF-051", "CF-052", "CF-057")
def test_freeing_a_seed_on_2_to_6_binds_it_and_it_takes_no_space():
    s = situation()
    p = put(s, "seed-marta", (1, 0))
    run(s)
    s.apply("move:E")
    assert "recover-seed" in ids(s)
    rig(s, 2)
    s.apply("recover-seed")
    assert s.seeds[0] == [seed_of("reroll-one-die")] and s.tile_root[p] == -1
    assert s.inv[0] == [-1] * 5 and s.ap[0] == 4


@pytest.mark.rules("CF-051")
def test_a_one_draws_a_monster_to_fight_and_the_seed_stays():
    s = situation()
    p = put(s, "seed-marta", (1, 0))
    on_top(s, "weak-goblin")
    run(s)
    s.apply("move:E")
    rig(s, 1)
    s.apply("recover-seed")
    assert kind(s) == "fight_round" and s.tile_root[p] >= 0


@pytest.mark.rules("CF-052")
def test_a_dropped_seed_binds_to_whoever_picks_it_up():
    s = situation("plain-hero", "sirja")
    s.tile_seeds[0] = [seed_of("no-spiders")]
    s.tile_stack.remove(next(t for t in s.tile_stack if C.tiles[t].seed == seed_of("no-spiders")))
    run(s)
    s.apply("pickup-seed:liante")
    assert s.seeds[0] == [seed_of("no-spiders")]


@pytest.mark.rules("CF-053")
def test_athuil_cures_and_protects():
    s = situation()
    put(s, "seed-athuil", (1, 0))
    put(s, "red-vine", (2, 0))
    s.inv[0][4] = POISON
    run(s)
    s.apply("move:E")
    rig(s, 5)
    s.apply("recover-seed")
    assert POISON not in s.inv[0]
    s.apply("move:E")
    assert POISON not in s.inv[0]


@pytest.mark.rules("CF-056")
def test_marta_rerolls_one_die_once_a_turn():
    s = situation()
    put(s, "monster-lair", (1, 0))
    on_top(s, "mid-wolf")
    s.seeds[0] = [seed_of("reroll-one-die")]
    run(s)
    s.apply("move:E")
    rig(s, 1, 2, 6, 6, 5)
    s.apply("fight")
    assert "marta:mine:0" in ids(s) and "marta:theirs:1" in ids(s)
    s.apply("marta:mine:0")
    assert events(s, "combat_round")[-1]["dice"] == [5, 2], "the new value counts"
    assert kind(s) == "fight_round"
    rig(s, 1, 2, 6, 6)
    s.apply("fight")
    assert kind(s) != "reroll", "once per turn"


@pytest.mark.rules("CF-058", "CF-059", "CF-060")
def test_swamp_search_costs_3_ap_monster_on_1_to_3_item_on_4_to_6():
    s = situation()
    p = put(s, "swamp", (1, 0))
    run(s)
    s.apply("move:E")
    rig(s, 4)
    s.apply("search-swamp")
    assert s.ap[0] == 1 and not s.tile_token[p] and kind(s) == "stow_item"
    s2 = situation()
    put(s2, "swamp", (1, 0))
    on_top(s2, "weak-goblin")
    run(s2)
    s2.apply("move:E")
    rig(s2, 3)
    s2.apply("search-swamp")
    assert kind(s2) == "fight_round"


@pytest.mark.rules("CF-061")
def test_bone_yard_heals_and_cures_or_trades_three_kills_then_closes():
    s = situation()
    p = put(s, "bone-yard", (1, 0))
    s.health[0] = 2
    s.inv[0][0] = POISON
    s.kills[0] = [5, 6, 12]
    run(s)
    s.apply("move:E")
    assert {"bone-yard:heal", "bone-yard:item"} <= set(ids(s))
    s.apply("bone-yard:heal")
    assert s.health[0] == 10 and POISON not in s.inv[0] and not s.tile_token[p]
    assert s.round_no == 2, "the turn ended"
    s2 = situation()
    put(s2, "bone-yard", (1, 0))
    s2.kills[0] = [5, 6, 12, 8]
    run(s2)
    s2.apply("move:E")
    s2.apply("bone-yard:item")
    assert s2.kills[0] == [12] and kind(s2) == "stow_item"


@pytest.mark.rules("CF-062", "CF-063")
def test_web_spiders_attack_together_and_poison():
    s = situation()
    put(s, "web", (1, 0))
    run(s)
    rig(s, 2, 4)                 # spiders drop; four of them
    s.apply("move:E")
    assert s.f_kind == "spiders" and s.f_health == 4
    rig(s, 1, 2, 5, 6)           # 3 vs 11 + 4: 12 damage
    s.health[0] = 20
    s.max_health[0] = 20
    s.apply("fight")
    ev = events(s, "combat_round")[-1]
    assert ev["foe_modifier"] == 4 and ev["foe_score"] == 15 and POISON in s.inv[0]
    rig(s, 6, 5, 1, 1)           # 11 vs 2 + 4: kills 5 > 4 spiders
    s.apply("fight")
    assert s.f_kind == "" and s.kills[0] == []


@pytest.mark.rules("CF-062")
def test_killing_spiders_lowers_their_modifier_and_an_occupied_web_is_safe():
    s = situation()
    put(s, "web", (1, 0))
    run(s)
    rig(s, 1, 5)
    s.apply("move:E")
    rig(s, 4, 5, 1, 1)    # 9 vs 2 + 5: two spiders die
    s.apply("fight")
    assert s.f_health == 3
    rig(s, 3, 4, 1, 1)
    s.apply("fight")
    assert events(s, "combat_round")[-1]["foe_modifier"] == 3
    s2 = situation("plain-hero", "sirja")
    put(s2, "web", (1, 0))
    s2.pos[1] = (1, 0)
    run(s2)
    rig(s2, 1, 6)
    s2.apply("move:E")
    assert s2.f_kind == "" and not events(s2, "spiders")


@pytest.mark.rules("CF-055")
def test_liante_keeps_spiders_off():
    s = situation()
    put(s, "web", (1, 0))
    s.seeds[0] = [seed_of("no-spiders")]
    run(s)
    rig(s, 1, 6)
    s.apply("move:E")
    assert s.f_kind == ""


@pytest.mark.rules("CF-064")
def test_web_walking_between_webs_for_1_ap_checks_spiders():
    s = situation()
    put(s, "web", (1, 0))
    put(s, "cross", (2, 0))
    put(s, "web", (3, 0))
    s.pos[0] = (1, 0)
    run(s)
    assert "web-walk:3:0" in ids(s)
    rig(s, 2, 3)
    s.apply("web-walk:3:0")
    assert s.pos[0] == (3, 0) and s.ap[0] == 4 and s.f_kind == "spiders"


@pytest.mark.rules("CF-065")
def test_pit_jump_on_3_to_6_else_two_monsters_for_the_first_to_fall():
    s = situation()
    put(s, "pit", (1, 0))
    run(s)
    rig(s, 3)
    s.apply("move:E")
    assert not events(s, "fall") and kind(s) == "turn_action"
    s2 = situation()
    put(s2, "pit", (1, 0))
    on_top(s2, "weak-goblin", "mid-wolf")
    run(s2)
    rig(s2, 2)
    s2.apply("move:E")
    assert s2.f_kind == "monster" and len(s2.f_queue) == 1 and s2.pit_entered
    assert not any(i.startswith(("escape", "tag")) for i in ids(s2))
    rig(s2, 6, 6, 1)
    s2.apply("fight")
    assert s2.f_kind == "monster" and s2.f_queue == [], "the second pit monster comes next"


@pytest.mark.rules("CF-065")
def test_a_death_in_the_pit_leaves_the_monsters_there_for_the_next_faller():
    s = situation("plain-hero", "sirja")
    put(s, "pit", (1, 0))
    on_top(s, "weak-goblin", "big-troll")
    run(s)
    rig(s, 1)
    s.apply("move:E")
    s.health[0] = 1
    rig(s, 1, 2, 6)
    s.apply("fight")
    assert len(s.pit_monsters) == 2 and s.f_kind == ""
    assert s.decision.player == 1
    s.pos[1] = (0, 0)
    rig(s, 1)
    s.apply("move:E")
    assert s.f_kind == "monster" and len(s.f_queue) == 1
    assert at(s, (1, 0)) == 1


@pytest.mark.rules("CF-056")
def test_marta_rerolls_a_special_tiles_die_too():
    s = situation()
    put(s, "web", (1, 0))
    s.seeds[0] = [seed_of("reroll-one-die")]
    run(s)
    rig(s, 1, 5)
    s.apply("move:E")
    assert kind(s) == "reroll" and ids(s) == ["keep-roll", "marta:roll"]
    s.apply("marta:roll")
    assert s.f_kind == "" and kind(s) == "turn_action", "the 5 lets the bearer through"
    s2 = situation()
    put(s2, "seed-athuil", (1, 0))
    s2.seeds[0] = [seed_of("reroll-one-die")]
    s2.marta_used = True
    run(s2)
    s2.apply("move:E")
    rig(s2, 1)
    on_top(s2, "weak-goblin")
    s2.apply("recover-seed")
    assert kind(s2) == "fight_round", "Marta's re-roll was spent this turn"
