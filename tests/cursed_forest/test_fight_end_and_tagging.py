"""9. Winning and Losing Fights (CF-031, CF-032, CF-077) and 10. Tagging (CF-033..CF-035, CF-092)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import C, at, events, give, ids, kind, on_top, put, rig, run, situation
from woodlands.games.cursed_forest.fight_end import items_for
from woodlands.games.cursed_forest.state import EMPTY, POISON


@pytest.mark.rules("CF-031")
@pytest.mark.parametrize("health, n", [(5, 0), (6, 1), (9, 1), (10, 2), (13, 2)])
def test_items_by_starting_health(health, n):
    assert items_for(health) == n


def fight(monster, *script, chars=("plain-hero",), **opts):
    s = situation(*chars, **opts)
    put(s, "monster-lair", (1, 0))
    on_top(s, monster)
    return s, script


@pytest.mark.rules("CF-031", "C-9")
def test_a_win_keeps_the_kill_and_stows_the_items_face_down():
    s, _ = fight("big-troll")
    give(s, 0, "great-axe", "hands")
    run(s)
    s.apply("move:E")
    rig(s, 6, 6, 1, 1)       # critical 24 + 4 vs 2 + 3: 23 - 1 armour > 12
    s.apply("fight")
    assert s.kills[0] == [12]
    assert kind(s) == "stow_item"
    s.apply(next(i for i in ids(s) if i.endswith(":backpack")))
    assert kind(s) == "stow_item", "health 10+ gives two items"
    s.apply(next(i for i in ids(s) if i.startswith("leave:")))
    assert s.inv[0][4] >= 0 and s.inv[0][4] not in s.shown


@pytest.mark.rules("CF-032", "CF-039")
def test_losing_a_fight_drops_everything_on_the_tile_and_restarts_healed():
    s, _ = fight("big-troll")
    sword = give(s, 0, "sword", "hand1")
    crow = give(s, 0, "crow", "beside")
    s.seeds[0] = [0]
    s.tile_stack.remove(next(t for t in s.tile_stack if C.tiles[t].seed == 0))
    s.lives[0] = 3
    run(s)
    s.apply("move:E")
    s.health[0] = 2
    s.inv[0][4] = POISON
    rig(s, 1, 2, 6, 6)
    s.apply("fight")
    assert kind(s) == "reroll", "the crow offers its re-roll"
    s.apply("keep-roll")
    lair = at(s, (1, 0))
    assert s.lives[0] == 2 and s.pos[0] == (0, 0) and s.health[0] == 10
    assert sorted(s.tile_items[lair]) == sorted([sword, crow]) and s.tile_seeds[lair] == [0]
    assert s.inv[0] == [EMPTY] * 5 and not s.seeds[0]
    assert s.tile_monster[lair] >= 0 and s.tile_damage[lair] == 0, "the troll stays, healed"
    assert s.round_no == 2 and kind(s) == "turn_action", "the turn is over"


@pytest.mark.rules("CF-032")
def test_the_last_life_ends_the_adventure_and_with_nobody_left_the_game_is_lost():
    s, _ = fight("big-troll")
    run(s)
    s.apply("move:E")
    s.lives[0] = 1
    s.health[0] = 1
    rig(s, 1, 2, 6, 6)
    s.apply("fight")
    assert s.pos[0] is None and s.lives[0] == 0
    assert s.is_over and s.outcome["result"] == "loss"


@pytest.mark.rules("CF-032")
def test_dropped_items_are_picked_up_only_from_a_tile_free_of_monsters():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (1, 0))
    on_top(s, "weak-goblin")
    from tests.cursed_forest.helpers import item_index
    s.tile_items[0].append(item_index(s, "sword"))
    run(s)
    assert "pickup:sword:hand1" in ids(s)
    s2 = situation("plain-hero", "sirja")
    s2.tile_items[0].append(item_index(s2, "sword"))
    from tests.cursed_forest.helpers import monster
    s2.tile_monster[0] = monster(s2, "weak-goblin")
    run(s2)
    assert "pickup:sword:hand1" not in ids(s2)


@pytest.mark.rules("CF-077", "CF-076")
def test_the_champion_tally_adds_the_kills_health():
    from woodlands.games.cursed_forest.winning import tally
    s = situation("plain-hero", "sirja")
    s.kills = [[5, 12], [8, 8]]
    assert tally(s) == {"tally": [17, 16], "champion": 0, "champions": [0]}


# ------------------------------------------------------------------ tagging
def tag_situation(partner_at=(1, 0), **opts):
    s = situation("plain-hero", "sirja", **opts)
    put(s, "monster-lair", (0, 1))
    put(s, "cross", (1, 0))
    on_top(s, "mid-wolf")
    s.pos[1] = partner_at
    run(s)
    s.apply("move:N")
    return s


@pytest.mark.rules("CF-033", "CF-021")
def test_tagging_costs_1_ap_and_the_partner_decides_off_turn():
    s = tag_situation()
    assert "tag:1" in ids(s)
    s.apply("tag:1")
    assert s.ap[0] == 3
    assert kind(s) == "tag_reply" and s.decision.player == 1
    s.apply("tag:accept")
    assert s.pos[1] == (0, 1) and s.f_partner == 1
    assert s.tag_debt[1] == 2, "two steps paid from the partner's next turn"
    assert not any(i.startswith("tag:") or i.startswith("escape") for i in ids(s)), "one partner, no escape (CF-034)"
    rig(s, 1, 1, 1, 6, 6)
    s.apply("fight")
    assert len(events(s, "combat_round")[-1]["dice"]) == 3, "the partner adds a die"


@pytest.mark.rules("CF-033")
def test_a_partner_who_cannot_reach_is_not_offered_and_one_who_refuses_stays():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (0, 1))
    for x in range(1, 7):
        put(s, "cross", (x, 0))
    on_top(s, "mid-wolf")
    s.pos[1] = (6, 0)          # 7 steps; Sirja has 5 AP
    run(s)
    s.apply("move:N")
    assert "tag:1" not in ids(s)
    s2 = tag_situation()
    s2.apply("tag:1")
    s2.apply("tag:refuse")
    assert s2.pos[1] == (1, 0) and s2.f_partner == -1


@pytest.mark.rules("CF-034")
def test_the_partner_takes_half_the_damage_rounded_down():
    s = tag_situation()
    s.apply("tag:1")
    s.apply("tag:accept")
    rig(s, 1, 1, 2, 6, 6)        # 4+... 1+1+2=4 (no crit) vs 12+1=13: 9 damage; partner 4
    s.apply("fight")
    ev = events(s, "combat_round")[-1]
    assert ev["damage_to_adventurer"] == 9 and ev["damage_to_partner"] == 4
    assert s.health[0] == 1 and s.health[1] == 6


@pytest.mark.rules("CF-035")
def test_when_the_active_adventurer_dies_the_partner_finishes_the_fight():
    s = tag_situation()
    from tests.cursed_forest.helpers import give as hand
    hand(s, 1, "healing-potion", "backpack")
    s.apply("tag:1")
    s.apply("tag:accept")
    s.health[0] = 1
    rig(s, 1, 1, 2, 6, 6)
    s.apply("fight")
    assert s.lives[0] == 2 and s.pos[0] == (0, 0)
    assert s.f_adv == 1 and kind(s) == "fight_round" and s.decision.player == 1
    assert not any(i.startswith(("escape", "tag")) for i in ids(s))
    assert "use:healing-potion" in ids(s), "the partner may now use items, paying from its next turn"
    s.apply("use:healing-potion")
    assert s.tag_debt[1] == 2 + 1 and s.health[1] == 10
    rig(s, 6, 6, 1, 1)
    s.apply("fight")
    assert s.kills[1] == [8]
    # play carries on to the left of the original active player
    while kind(s) == "stow_item":
        s.apply(ids(s)[-1])
    assert s.decision.player == 1 and kind(s) == "turn_action" and s.turn == 1


@pytest.mark.rules("CF-034")
def test_the_active_player_may_give_the_reward_to_the_partner():
    s = tag_situation()
    s.apply("tag:1")
    s.apply("tag:accept")
    rig(s, 6, 6, 6, 1, 1)
    s.apply("fight")
    assert kind(s) == "stow_item" and s.decision.player == 0
    give_id = next(i for i in ids(s) if i.startswith("give:"))
    s.apply(give_id)
    assert any(x >= 0 for x in s.inv[1])


@pytest.mark.rules("CF-092", "CF-091", "C-8")
def test_solo_tag_roll_and_the_health_five_condition():
    s = tag_situation(players=1)
    assert s.owner == [0, 0] and s.lives == [1, 1]
    rig(s, 2)
    s.apply("tag:1")
    assert s.f_partner == -1 and s.pos[1] == (1, 0), "a 2 refuses"
    s2 = tag_situation(players=1)
    rig(s2, 3)
    s2.apply("tag:1")
    assert s2.f_partner == 1
    s3 = situation("plain-hero", "sirja", players=1)
    put(s3, "monster-lair", (0, 1))
    on_top(s3, "mid-wolf")
    s3.health[1] = 4
    run(s3)
    s3.apply("move:N")
    assert "tag:1" not in ids(s3), "below 5 health a solo adventurer cannot help"


@pytest.mark.rules("CF-034", "CF-039")
def test_a_partner_killed_by_poisonous_damage_restarts_clean():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (0, 1))
    put(s, "cross", (1, 0))
    on_top(s, "poison-snake")
    s.pos[1] = (1, 0)
    run(s)
    s.apply("move:N")
    s.apply("tag:1")
    s.apply("tag:accept")
    s.health[1] = 1
    s.health[0] = s.max_health[0] = 30
    rig(s, 1, 1, 2, 6)           # 1+1+2 = 4 (no critical) vs 6+2: 4 damage, 2 to the partner
    s.apply("fight")
    assert s.lives[1] == 2 and s.pos[1] == (0, 0) and POISON not in s.inv[1]
    assert POISON in s.inv[0]


@pytest.mark.rules("CF-033")
def test_a_partner_cannot_walk_through_another_monster_to_reach_the_fight():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (0, 1))
    put(s, "monster-lair", (1, 0))      # its token blocks the only way from (2, 0)
    put(s, "straight-ns", (2, 0), 1)
    on_top(s, "mid-wolf")
    s.pos[1] = (2, 0)
    run(s)
    s.apply("move:N")
    assert s.f_kind == "monster" and "tag:1" not in ids(s)


# ------------------------------------------------------------------ C-16: the partner's way to the fight
def walk_situation(hazard, players=None):
    """The plain hero fights a wolf at (0,1); the healer at (2,0) is called over (2,0) -> (1,0)
    -> (0,0) -> (0,1), with ``hazard`` laid at (1,0)."""
    s = situation("plain-hero", "healer", players=players)
    put(s, "monster-lair", (0, 1))
    put(s, hazard, (1, 0))
    put(s, "cross", (2, 0))
    on_top(s, "mid-wolf")
    s.pos[1] = (2, 0)
    run(s)
    s.apply("move:N")
    return s


@pytest.mark.rules("C-16", "CF-033", "CF-036", "AUD-3")
def test_a_partner_crossing_red_vines_is_poisoned_on_the_way_and_still_joins():
    s = walk_situation("red-vine")
    s.apply("tag:1")
    s.apply("tag:accept")
    assert POISON in s.inv[1] and events(s, "poisoned")[-1]["source"] == "red vines"
    assert s.f_partner == 1 and s.pos[1] == (0, 1) and s.tag_debt[1] == 3
    e = events(s, "tag_joined")[-1]
    assert e["path"] == [[1, 0], [0, 0], [0, 1]] and e["steps"] == 3


@pytest.mark.rules("C-16", "CF-033", "CF-062")
def test_a_partner_stopped_by_spiders_on_the_way_does_not_join_and_fights_them_after():
    s = walk_situation("web")
    s.apply("tag:1")
    rig(s, 1, 2)                       # the web: a 1, then 2 spiders drop
    s.apply("tag:accept")
    assert s.f_partner == -1 and s.pos[1] == (1, 0), "stopped on the web"
    assert s.tag_debt[1] == 1, "one step walked, paid from its next turn"
    stop = events(s, "tag_stopped")[-1]
    assert stop["partner"] == 1 and stop["path"] == [[1, 0]] and stop["by"] == "spiders"
    assert s.f_kind == "monster" and s.f_adv == 0 and kind(s) == "fight_round" and s.decision.player == 0
    rig(s, 6, 6, 1, 1)                 # the hero alone: 2 dice, a critical 24 kills the wolf
    s.apply("fight")
    assert len(events(s, "combat_round")[-1]["dice"]) == 2 and s.kills[0] == [8]
    while kind(s) == "stow_item":
        s.apply(ids(s)[-1])
    assert s.f_kind == "spiders" and s.f_adv == 1 and s.f_health == 2, "then the spiders fall on the partner"
    assert kind(s) == "fight_round" and s.decision.player == 1 and s.turn == 0
    assert not any(i.startswith(("escape", "tag")) for i in ids(s)), "off its turn: no escape, no tag"


@pytest.mark.rules("C-16", "CF-062")
def test_a_partner_who_passes_the_web_safely_joins():
    s = walk_situation("web")
    s.apply("tag:1")
    rig(s, 3)
    s.apply("tag:accept")
    assert s.f_partner == 1 and s.pos[1] == (0, 1) and not events(s, "tag_stopped")


@pytest.mark.rules("C-16", "CF-065", "CF-033")
def test_a_partner_who_falls_in_the_pit_on_the_way_stays_there_and_fights_its_monsters_after():
    s = walk_situation("pit")
    on_top(s, "weak-goblin", "big-troll")
    s.apply("tag:1")
    rig(s, 2)                          # fails the jump
    s.apply("tag:accept")
    assert events(s, "fall")[-1]["adventurer"] == 1 and s.pos[1] == (1, 0) and s.f_partner == -1
    assert events(s, "tag_stopped")[-1]["by"] == "pit"
    assert len(s.pit_monsters) == 2 and not s.turn_over, "the active player's turn goes on"
    rig(s, 6, 6, 1, 1)
    s.apply("fight")
    while kind(s) == "stow_item":
        s.apply(ids(s)[-1])
    assert s.f_kind == "monster" and s.f_adv == 1 and s.f_noescape and s.f_health == 5
    assert len(s.f_queue) == 1 and s.decision.player == 1


@pytest.mark.rules("C-16", "C-10", "AUD-3")
def test_of_two_shortest_ways_the_partner_takes_the_one_whose_first_step_is_first_from_north():
    s = situation("plain-hero", "healer")
    put(s, "monster-lair", (0, 1))
    put(s, "red-vine", (1, 1))          # north of the partner: first clockwise from N
    put(s, "web", (1, 0), 0)
    on_top(s, "mid-wolf")
    s.pos[1] = (1, 0)
    run(s)
    s.apply("move:N")
    s.apply("tag:1")
    s.apply("tag:accept")
    assert events(s, "tag_joined")[-1]["path"] == [[1, 1], [0, 1]]
    assert POISON in s.inv[1], "it went by the red vines to the north, not west over the Start"
