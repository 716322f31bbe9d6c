"""5. Encountering Monsters (CF-018..CF-020; ruling C-12), 18. the Ring (CF-083..CF-086;
ruling C-7) and 21. Combat Between Adventurers (CF-094..CF-096)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import GAME, at, events, ids, kind, on_top, put, rig, run, situation


@pytest.mark.rules("CF-018", "CF-019")
def test_a_monster_tile_gets_a_token_and_spawns_once():
    s = situation()
    p = put(s, "monster-lair", (1, 0))
    assert s.tile_monster[p] == -2 and s.view(0)["tiles"][p]["monster"] == "token"
    on_top(s, "weak-goblin")
    run(s)
    s.apply("move:E")
    drawn = [e for e in events(s, "draw") if e["what"] == "monster"]
    assert len(drawn) == 1 and s.f_kind == "monster"
    s.apply("escape:W")
    s.apply("move:E")
    assert len([e for e in events(s, "draw") if e["what"] == "monster"]) == 1, "no second monster"
    assert s.f_kind == "monster" and s.f_health == 5, "the same goblin, still there"


@pytest.mark.rules("CF-020", "CF-084", "CF-083")
def test_green_side_normally_purple_for_the_ring_bearer():
    s = situation()
    put(s, "monster-lair", (1, 0))
    on_top(s, "weak-goblin")
    run(s)
    s.apply("move:E")
    assert events(s, "draw")[-1]["side"] == "green" and s.f_health == 5
    r = situation(ring_bearer=0)
    put(r, "monster-lair", (1, 0))
    on_top(r, "weak-goblin")
    run(r)
    r.apply("move:E")
    assert events(r, "draw")[-1]["side"] == "purple" and r.f_health == 7


@pytest.mark.rules("CF-085", "CF-086")
def test_the_ring_heals_2_on_a_kill_and_a_critical_kills_outright():
    r = situation(ring_bearer=0)
    put(r, "monster-lair", (1, 0))
    on_top(r, "big-troll")
    r.health[0] = 5
    run(r)
    r.apply("move:E")
    rig(r, 1, 1, 6, 6, 6)          # a weak critical (4) still kills the 15-health troll chief
    r.apply("fight")
    assert r.kills[0] == [15] and r.health[0] == 7


@pytest.mark.rules("C-12")
def test_empty_bags_spawn_nothing_and_give_nothing():
    s = situation()
    put(s, "monster-lair", (1, 0))
    s.monster_bag = []
    run(s)
    s.apply("move:E")
    assert s.f_kind == "" and events(s, "bag_empty")[0]["bag"] == "monsters"
    s2 = situation()
    put(s2, "swamp", (1, 0))
    s2.item_bag = []
    run(s2)
    s2.apply("move:E")
    rig(s2, 6)
    s2.apply("search-swamp")
    assert kind(s2) == "turn_action" and events(s2, "bag_empty")[0]["bag"] == "items"


@pytest.mark.rules("C-7")
def test_the_dungeon_sections_are_not_in_the_game():
    s = situation()
    put(s, "gateway", (0, 1))
    put(s, "pit", (1, 0))
    run(s)
    assert all(not i.startswith(("dungeon", "ladder", "climb")) for i in ids(s))
    assert "dungeon" not in str(GAME.new_game(seed=1).view(0)).lower()


def duel(**opts):
    s = situation("plain-hero", "sirja", pvp=True, **opts)
    put(s, "cross", (1, 0))
    put(s, "cross", (2, 0))
    s.pos[1] = (0, 0)
    return s


@pytest.mark.rules("CF-094", "C-21")
def test_a_fleeing_adventurer_goes_as_far_as_its_ap_and_pays_a_kill_or_4_damage():
    s = duel()
    s.kills[0] = [8]
    run(s)
    assert "attack:1" in ids(s)
    s.apply("attack:1")
    assert "flee:2:0" in ids(s) and "flee:1:0" in ids(s)
    s.apply("flee:2:0")
    assert s.pos[0] == (0, 0) and s.ap[0] == 5 and kind(s) == "flee_price", "C-21: the price comes first"
    s.apply("pay:kill")
    assert s.kills == [[], [8]]
    assert s.pos[0] == (2, 0) and s.ap[0] == 3, "then the walk, one AP a step"
    s2 = duel()
    run(s2)
    s2.apply("attack:1")
    s2.apply("flee:1:0")
    assert s2.health[0] == 6, "no kill to give: 4 damage"


@pytest.mark.rules("CF-095")
def test_the_defender_may_use_items_paid_from_its_next_turn():
    s = duel()
    from tests.cursed_forest.helpers import give
    give(s, 1, "healing-potion", "backpack")
    s.health[1] = 4
    run(s)
    s.apply("attack:1")
    s.apply("fight")
    assert kind(s) == "defend_round" and s.decision.player == 1
    s.apply("use:healing-potion")
    assert s.health[1] == 10 and s.tag_debt[1] == 1
    from woodlands.games.cursed_forest.turns import available_ap
    assert available_ap(s, 1) == 4, "its next turn starts one AP short"


@pytest.mark.rules("CF-096")
def test_the_defeated_adventurer_gives_a_kill_to_the_victor():
    s = duel()
    s.kills[1] = [6, 12]
    s.health[1] = 1
    run(s)
    s.apply("attack:1")
    rig(s, 6, 5, 1, 2)
    s.apply("fight")
    assert s.lives[1] == 2 and s.kills == [[6], [12]]
    assert at(s, (0, 0)) == 0


def fall_into_pit(ring_bearer):
    """Adventurer 0 steps east into the pit and falls: a goblin, then a wolf, are drawn to guard it."""
    s = situation("plain-hero", "healer", ring_bearer=ring_bearer)
    put(s, "pit", (1, 0))
    on_top(s, "weak-goblin", "mid-wolf")
    run(s)
    rig(s, 1)
    s.apply("move:E")
    return s


@pytest.mark.rules("CF-084", "C-17", "CF-065")
def test_pit_guardians_drawn_by_the_ring_bearer_stay_purple_for_the_next_to_fall():
    s = fall_into_pit(ring_bearer=0)  # the ring bearer falls: two guardians, purple
    assert s.f_side == 1 and s.f_health == 7
    s.health[0] = 1
    rig(s, 1, 2, 6, 6)
    s.apply("fight")                       # ... and dies there; both stay in the pit
    assert len(s.pit_monsters) == 2 and s.f_kind == ""
    assert s.decision.player == 1
    s.pos[1] = (0, 0)
    rig(s, 1)
    s.apply("move:E")
    assert s.f_adv == 1 and s.f_side == 1 and s.f_health == 7, "the goblin guard is still purple"
    assert events(s, "fight")[-1]["side"] == "purple"
    rig(s, 6, 6, 1, 1)
    s.apply("fight")                       # a critical 24 kills the guard: the wolf comes next
    assert s.f_kind == "monster" and s.f_side == 1 and s.f_health == 10, "the dire wolf too"
    assert s.kills[1] == [7], "the kill counts the purple side's health (CF-077)"


@pytest.mark.rules("CF-084", "C-17")
def test_green_monsters_left_in_the_pit_stay_green_for_the_ring_bearer():
    s = fall_into_pit(ring_bearer=1)
    assert s.f_side == 0 and s.f_health == 5
    s.health[0] = 1
    rig(s, 1, 2, 6, 6)
    s.apply("fight")
    assert len(s.pit_monsters) == 2
    s.pos[1] = (0, 0)
    rig(s, 1)
    s.apply("move:E")
    assert s.f_adv == 1 and s.f_side == 0 and s.f_health == 5, "drawn green, the goblin stays green"


@pytest.mark.rules("C-13", "CF-094")
def test_fleeing_a_duel_is_an_escape_the_option_ends_the_turn_after_it_too():
    s = duel()
    run(s)
    s.apply("attack:1")
    s.apply("flee:1:0")
    assert kind(s) == "turn_action" and s.decision.player == 0, "by default the turn goes on (7.1)"
    s2 = duel(escape_ends_turn=True)
    run(s2)
    s2.apply("attack:1")
    s2.apply("flee:1:0")
    assert s2.health[0] == 6 and [e["adventurer"] for e in events(s2, "turn_end")] == [0]


def flight(*tiles, **opts):
    """A duel on the Start (adventurer 0 attacks 1, who stands there too) with these tiles laid
    (``(tile_id, (x, y))``), adventurer 0 about to flee."""
    s = situation("plain-hero", "sirja", pvp=True, **opts)
    for tile_id, xy in tiles:
        put(s, tile_id, xy)
    s.pos[1] = (0, 0)
    run(s)
    s.apply("attack:1")
    return s


def flee_moves(s):
    return [e["to"] for e in events(s, "move") if e["how"] == "flee"]


@pytest.mark.rules("C-21", "C-13", "CF-018", "CF-094")
def test_a_fight_met_on_the_flight_is_fought_at_once_even_when_the_escape_ends_the_turn():
    s = flight(("monster-lair", (1, 0)), escape_ends_turn=True)
    on_top(s, "weak-goblin")
    s.apply("flee:1:0")
    assert s.pos[0] == (1, 0) and s.f_kind == "monster" and s.f_adv == 0 and kind(s) == "fight_round"
    assert not events(s, "turn_end"), "the turn waits for the fight"
    rig(s, 6, 6, 1)                 # a critical: 24 against 1 + 1 kills the goblin
    s.apply("fight")
    assert s.kills[0] == [5] and [e["adventurer"] for e in events(s, "turn_end")] == [0]


@pytest.mark.rules("C-21", "C-13", "CF-094")
def test_with_escape_ends_turn_the_turn_ends_after_the_whole_walk():
    s = flight(("cross", (1, 0)), ("cross", (2, 0)), escape_ends_turn=True)
    s.apply("flee:2:0")
    assert flee_moves(s) == [[1, 0], [2, 0]] and s.pos[0] == (2, 0)
    assert [e["adventurer"] for e in events(s, "turn_end")] == [0]


@pytest.mark.rules("C-21", "CF-065", "CF-094")
def test_a_fall_into_the_pit_on_the_way_stops_the_flight_there():
    s = flight(("pit", (1, 0)), ("cross", (2, 0)))
    on_top(s, "weak-goblin", "mid-wolf")
    rig(s, 2)                        # the pit's roll: a fall
    s.apply("flee:2:0")
    assert s.pos[0] == (1, 0) and s.ap[0] == 4, "one step walked, the second never taken"
    assert events(s, "fall") and s.f_kind == "monster" and len(s.f_queue) == 1
    assert flee_moves(s) == [[1, 0]]
    jumped = flight(("pit", (1, 0)), ("cross", (2, 0)))
    rig(jumped, 3)                   # jumped: the flight goes on
    jumped.apply("flee:2:0")
    assert jumped.pos[0] == (2, 0) and jumped.ap[0] == 3 and not events(jumped, "fall")
    assert flee_moves(jumped) == [[1, 0], [2, 0]] and kind(jumped) == "turn_action"


@pytest.mark.rules("C-21", "CF-062", "CF-094")
def test_spiders_dropping_on_the_way_stop_the_flight_and_fight():
    s = flight(("web", (1, 0)), ("cross", (2, 0)))
    rig(s, 1, 3)                     # the web's roll: spiders; three of them
    s.apply("flee:2:0")
    assert s.pos[0] == (1, 0) and s.f_kind == "spiders" and s.f_health == 3
    rig(s, 6, 6, 1, 1)               # 24 against 2 + 3: beaten
    s.apply("fight")
    assert s.pos[0] == (1, 0) and flee_moves(s) == [[1, 0]], "the walk does not resume after the fight"


@pytest.mark.rules("C-21", "CF-094")
def test_the_flight_takes_a_shortest_way_past_no_monster_when_there_is_one():
    # two ways of two steps to (1, 1): north first (over the lair's token) or east first
    s = flight(("monster-lair", (0, 1)), ("cross", (1, 0)), ("cross", (1, 1)))
    s.apply("flee:1:1")
    assert flee_moves(s) == [[1, 0], [1, 1]] and s.tile_monster[at(s, (0, 1))] == -2
    assert not [e for e in events(s, "draw") if e.get("what") == "monster"]


@pytest.mark.rules("C-21", "CF-094", "CF-032")
def test_a_flight_whose_price_costs_the_last_life_point_walks_nowhere():
    s = flight(("red-vine", (1, 0)))
    s.health[0] = 4
    s.apply("flee:1:0")
    assert events(s, "death") and flee_moves(s) == [] and not events(s, "poisoned")
