"""8. Ranged Attacks (CF-028..CF-030; ruling C-10), the Crossbow (CF-101), the Black Flame (CF-100)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import at, events, give, ids, kind, on_top, put, rig, run, situation
from woodlands.games.cursed_forest.ranged import in_sight
from woodlands.games.cursed_forest.state import TOKEN

LOS_TABLE = [
    # (tiles besides the Start (id, xy, rot), target square, range, in sight?)
    ([("cross", (1, 0), 0), ("cross", (2, 0), 0)], (2, 0), (1, 4), True),
    ([("cross", (1, 0), 0), ("cross", (2, 0), 0)], (1, 0), (2, 4), False),     # too close: range counts from the tile in front
    ([("cross", (1, 0), 0), ("cross", (2, 0), 0), ("cross", (3, 0), 0)], (3, 0), (1, 2), False),  # too far
    ([("straight-ns", (1, 0), 0), ("cross", (2, 0), 0)], (2, 0), (1, 4), False),  # a closed edge blocks the line
    ([("cross", (1, 0), 0), ("cross", (1, 1), 0)], (1, 1), (1, 4), False),      # not a straight line
    ([("cross", (0, 1), 0), ("cross", (0, 2), 0), ("cross", (0, 3), 0)], (0, 3), (1, 4), True),
    ([("straight-ns", (0, 1), 0), ("cross", (0, 2), 0)], (0, 2), (1, 4), True),  # N-S path keeps the column open
]


@pytest.mark.rules("CF-028", "C-10")
@pytest.mark.parametrize("laid, target, rng, ok", LOS_TABLE)
def test_line_of_sight_table(laid, target, rng, ok):
    s = situation()
    for tile_id, xy, rot in laid:
        put(s, tile_id, xy, rot)
    assert in_sight(s, 0, at(s, target), *rng) is ok


@pytest.mark.rules("CF-028")
def test_adventurers_in_between_do_not_block():
    s = situation("plain-hero", "sirja")
    put(s, "cross", (1, 0))
    put(s, "monster-lair", (2, 0))
    s.pos[1] = (1, 0)
    give(s, 0, "bow", "hands")
    run(s)
    assert "shoot:bow:E:2" in ids(s)


@pytest.mark.rules("CF-029", "CF-030", "CF-018")
def test_a_shot_draws_the_unrevealed_monster_then_it_runs_at_you_and_fights():
    s = situation("plain-hero", "sirja")
    put(s, "cross", (1, 0))
    put(s, "monster-lair", (2, 0))
    s.pos[1] = (1, 0)                       # standing in the monster's path
    on_top(s, "mid-wolf")
    give(s, 0, "bow", "hands")
    run(s)
    rig(s, 3, 4)                            # bow damage 3; the run-past strike 4
    s.apply("shoot:bow:E:2")
    assert s.ap[0] == 3
    assert events(s, "draw")[-1]["monster"] == "mid-wolf"
    assert events(s, "ranged_hit")[-1]["damage"] == 3
    assert s.health[1] == 10 - 4, "the wolf struck the adventurer on its way"
    assert s.tile_monster[at(s, (2, 0))] != TOKEN and s.tile_monster[at(s, (0, 0))] >= 0
    assert kind(s) == "fight_round" and s.f_health == 8 - 3


@pytest.mark.rules("CF-030")
def test_someone_on_your_tile_becomes_the_partner_automatically():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (1, 0))
    on_top(s, "mid-wolf")
    give(s, 0, "bow", "hands")
    run(s)
    rig(s, 1)
    s.apply("shoot:bow:E:1")
    assert kind(s) == "choose_partner" and ids(s) == ["partner:1"]
    s.apply("partner:1")
    assert s.f_partner == 1


@pytest.mark.rules("CF-029", "CF-031")
def test_a_monster_killed_by_a_shot_gives_its_items():
    s = situation()
    put(s, "monster-lair", (1, 0))
    on_top(s, "weak-goblin")
    give(s, 0, "crossbow", "hands")
    run(s)
    rig(s, 6)
    s.apply("shoot:crossbow:E:1")
    assert s.kills[0] == [5] and s.tile_monster[1] == -1


@pytest.mark.rules("CF-101")
def test_crossbow_six_deals_twelve_and_breaks():
    s = situation()
    put(s, "monster-lair", (1, 0))
    on_top(s, "big-troll")
    i = give(s, 0, "crossbow", "hands")
    run(s)
    rig(s, 6)
    s.apply("shoot:crossbow:E:1")
    assert s.kills[0] == [12] and i in s.item_gone


@pytest.mark.rules("CF-101", "CF-047")
def test_sirja_crossbow_never_breaks_and_fits_one_hand():
    s = situation("sirja")
    put(s, "monster-lair", (1, 0))
    on_top(s, "big-troll")
    i = give(s, 0, "crossbow", "hand1")
    j = give(s, 0, "crossbow-2", "hand2")
    run(s)
    assert "shoot:twin:E:1" in ids(s)
    rig(s, 6)
    s.apply("shoot:crossbow:E:1")
    assert s.kills[0] == [12] and i not in s.item_gone and i in s.inv[0] and j in s.inv[0]


@pytest.mark.rules("CF-100", "C-20")
def test_black_flame_runs_until_the_pit_and_hits_everyone_on_the_way():
    s = situation("plain-hero", "sirja")
    put(s, "monster-lair", (1, 0))
    put(s, "pit", (2, 0))
    put(s, "monster-lair", (3, 0))
    s.pos[1] = (2, 0)
    on_top(s, "weak-goblin")
    i = give(s, 0, "black-flame", "hand1")
    run(s)
    rig(s, 3, 3)             # one roll for all (C-20): the goblin takes 6 (dies), Sirja 6 too
    s.apply("use:black-flame:E")
    assert s.kills[0] == [5]
    assert s.health[1] == 10 - 6
    assert s.tile_monster[at(s, (3, 0))] == TOKEN, "the flame stopped at the pit"
    assert i in s.item_gone and s.ap[0] == 1
