"""15. Endgame and 16. Winning (CF-067..CF-077; ruling C-11)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import C, at, events, ids, kind, monster, put, rig, run, situation
from woodlands.games.cursed_forest.state import POISON, TOKEN


def last_tile_game(*chars):
    s = situation(*chars)
    cross = next(t for t in s.tile_stack if C.tiles[t].id == "cross")
    s.tile_stack = [cross]
    return s


@pytest.mark.rules("CF-067", "CF-068")
def test_after_the_last_tile_the_exit_is_laid_next_to_it():
    s = last_tile_game()
    run(s)
    s.apply("draw-tile")
    s.apply("lay:E:0")
    assert kind(s) == "lay_exit" and s.phase == "maiden"
    assert all(o.split(":")[1:3] in (["2", "0"], ["1", "1"], ["1", "-1"]) for o in ids(s))
    s.apply(ids(s)[0])
    assert C.exit in s.placed and s.exit_at >= 0


def hunt_board(*chars):
    """Start (0,0) - cross (1,0) - cross (2,0) - red vine (3,0); Exit at (0,1)."""
    s = situation(*chars)
    put(s, "cross", (1, 0))
    put(s, "cross", (2, 0))
    put(s, "red-vine", (3, 0))
    from woodlands.games.cursed_forest.forest import lay
    p = lay(s, C.exit, (0, 1), 0)
    s.exit_at = p
    s.phase = "maiden"
    return s


def morna_hunts(s, seeds, pos, *dice):
    """Morna Gul, with 20 health at the start tile, hunts once: the seed bearers and places
    given, his dice rigged."""
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = 20
    s.seeds = seeds
    s.pos = pos
    rig(s, *dice)
    run(s, [("morna_hunts",), ("round_start",)])
    return s


@pytest.mark.rules("CF-069", "CF-070")
def test_all_bearers_at_the_exit_wake_the_maiden_tree_then_morna_appears():
    s = hunt_board("plain-hero", "sirja")
    m = monster(s, "mid-wolf")
    s.tile_monster[at(s, (2, 0))] = m
    s.tile_monster[at(s, (1, 0))] = TOKEN
    s.seeds[0] = [0]
    s.inv[1][4] = POISON
    run(s)
    s.apply("move:N")
    assert s.phase == "hunt" and s.morna_at == 0 and s.morna_health == 20
    assert all(x == -1 for x in s.tile_monster) and m in s.monster_gone
    assert POISON not in s.inv[1]
    assert events(s, "morna_appears")


@pytest.mark.rules("CF-069")
def test_a_bearer_waits_at_the_exit_and_nobody_waits_for_the_rest_in_vain():
    s = hunt_board("plain-hero", "sirja")
    s.seeds = [[0], [1]]
    s.pos[0] = (0, 1)
    run(s)
    assert not any(i.startswith("move") for i in ids(s)), "the bearer waits by the tree"
    assert s.phase == "maiden"


@pytest.mark.rules("CF-069")
def test_after_the_maiden_tree_no_poison_no_spiders_and_a_free_pit():
    s = hunt_board()
    s.phase = "hunt"
    s.morna_at = -1
    put(s, "web", (0, -1))
    put(s, "pit", (-1, 0))
    run(s)
    s.apply("move:E")
    s.apply("move:E")
    s.apply("move:E")
    assert POISON not in s.inv[0]
    s2 = hunt_board()
    s2.phase = "hunt"
    put(s2, "web", (0, -1))
    put(s2, "pit", (-1, 0))
    run(s2)
    rig(s2, 1, 6, 1)
    s2.apply("move:S")
    s2.apply("move:N")
    s2.apply("move:W")
    assert s2.f_kind == "" and not events(s2, "fall") and not events(s2, "spiders")


@pytest.mark.rules("CF-071", "CF-073", "CF-076")
def test_seeds_laid_on_red_vines_for_2_ap_weaken_morna_and_all_four_win():
    s = hunt_board()
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = 20
    s.seeds[0] = [0, 1, 2, 3]
    for k, xy in enumerate(((3, 0), (3, 1), (3, -1), (4, 0))):
        if k:
            put(s, "red-vine", xy)
    s.pos[0] = (3, 0)
    run(s)
    s.apply("place-seed:athuil")
    assert s.ap[0] == 3 and s.seeds_laid == 1 and s.view(0)["morna"]["dice"] == 3
    assert not any(i.startswith("place-seed") for i in ids(s)), "one seed per red vine"
    for xy in ((3, 1), (3, -1), (4, 0)):
        s.pos[0] = xy
        s.ap[0] = 5
        s.stack.clear()
        s.pending = None
        s.decision = None
        run(s, [("turn_action", 0)])
        s.apply(next(i for i in ids(s) if i.startswith("place-seed")))
    assert s.is_over and s.outcome["result"] == "win" and s.outcome["how"] == "seeds"


@pytest.mark.rules("CF-072", "C-11", "CF-073")
def test_morna_rolls_2d6_and_goes_by_a_shortest_path_to_the_nearest_bearer():
    s = morna_hunts(hunt_board("plain-hero", "sirja", "healer"), [[], [0], [1]], [(0, 1), (3, 0), (2, 0)], 1, 1)
    assert [e["value"] for e in events(s, "roll")] == [2], "two dice for his move"
    ev = events(s, "morna_moves")[-1]
    assert ev["attacks"] == 2 and s.morna_at == at(s, (2, 0)), "the bearer two steps away, not the one three away"
    s2 = morna_hunts(hunt_board("plain-hero", "sirja"), [[], [0]], [(1, 0), (3, 0)], 3, 3)
    assert events(s2, "morna_moves")[-1]["attacks"] == 0, "the non-bearer on his route is attacked instead"
    assert s2.morna_at == at(s2, (1, 0)) and s2.f_kind == "morna" and s2.decision.player == 0


@pytest.mark.rules("CF-073", "CF-074")
def test_fighting_morna_four_dice_plus_ten_no_tag_no_escape_regenerates_on_a_kill():
    s = hunt_board("plain-hero", "sirja")
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = 12
    run(s)
    assert "fight-morna" in ids(s)
    s.apply("fight-morna")
    assert not any(i.startswith(("escape", "tag")) for i in ids(s))
    s.health[0] = 1
    rig(s, 1, 2, 1, 1, 1, 1)
    s.apply("fight")
    ev = events(s, "combat_round")[-1]
    assert len(ev["foe_dice"]) == 4 and ev["foe_modifier"] == 10
    assert s.morna_health == 17, "a kill gives him 5 back"


@pytest.mark.rules("CF-074", "CF-075")
def test_running_past_morna_costs_two_and_the_maiden_tree_lifts_you_away():
    s = hunt_board()
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = 20
    run(s)
    s.apply("move:E")
    assert s.health[0] == 8 and kind(s) == "maiden_call"
    s.apply("maiden:stay")
    assert s.pos[0] == (1, 0) and s.ap[0] == 4
    s1 = hunt_board()
    s1.phase = "hunt"
    s1.morna_at = 0
    s1.morna_health = 20
    run(s1)
    s1.apply("move:E")
    s1.apply("maiden:N")
    assert events(s1, "maiden_rescue")[0]["to"] == [0, 1] and events(s1, "turn_end")
    s2 = hunt_board()
    s2.phase = "hunt"
    s2.morna_at = 0
    s2.morna_health = 20
    s2.health[0] = s2.max_health[0] = 30
    run(s2)
    s2.apply("fight-morna")
    rig(s2, 1, 2, 1, 1, 1, 1)
    s2.apply("fight")
    assert kind(s2) == "maiden_call" and "maiden:E" in ids(s2)
    s2.apply("maiden:E")
    assert events(s2, "maiden_rescue")[0]["to"] == [1, 0] and events(s2, "fight_over")
    assert events(s2, "turn_end"), "the rescue ended the turn (then Morna Gul hunted again)"


@pytest.mark.rules("CF-076")
def test_killing_morna_wins():
    s = hunt_board()
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = 3
    run(s)
    s.apply("fight-morna")
    rig(s, 6, 6, 1, 1, 1, 1)
    s.apply("fight")
    assert s.is_over and s.outcome["how"] == "morna" and s.outcome["tally"] == [20]


@pytest.mark.rules("C-11")
def test_equally_near_bearers_the_lowest_number_is_hunted():
    s = hunt_board("plain-hero", "sirja", "healer")
    put(s, "cross", (-1, 0))
    s = morna_hunts(s, [[], [0], [1]], [(0, 1), (-1, 0), (1, 0)], 1, 1)
    assert events(s, "morna_moves")[-1]["attacks"] == 1 and s.morna_at == at(s, (-1, 0))


@pytest.mark.rules("CF-068", "C-1")
def test_a_closed_forest_is_complete_and_its_exit_still_joins_it():
    s = situation()
    # the Start hemmed in by dead ends facing it: no open edge faces an empty square
    for xy, rot in (((0, 1), 2), ((1, 0), 3), ((0, -1), 0), ((-1, 0), 1)):
        put(s, "dead-end-n", xy, rot)
    from woodlands.games.cursed_forest.forest import frontier_open, joined
    assert not frontier_open(s)
    run(s, [("turn_start", 0), ("round_end",)])
    assert kind(s) == "lay_exit" and s.phase == "maiden"
    s.apply(ids(s)[0])
    assert any(joined(s, s.exit_at, d) >= 0 for d in range(4)), "the Exit can be reached"


@pytest.mark.rules("CF-072", "CF-013")
def test_mornas_prey_fights_off_turn_and_pays_items_from_its_next_turn():
    s = hunt_board("plain-hero", "sirja")
    s.phase = "hunt"
    s.morna_at = 0
    s.morna_health = 20
    s.pos = [(2, 0), (1, 0)]
    from tests.cursed_forest.helpers import give
    give(s, 1, "healing-potion", "backpack")
    s.health[1] = 5
    rig(s, 1, 1)
    run(s, [("round_end",)])
    assert s.f_kind == "morna" and s.decision.player == 1 and s.turn == -1
    s.apply("use:healing-potion")
    assert s.health[1] == 10 and s.tag_debt[1] == 1


def exit_offers(s):
    return sorted((int(o.split(":")[1]), int(o.split(":")[2])) for o in ids(s))


@pytest.mark.rules("CF-068", "C-18")
def test_the_roots_open_an_edge_of_the_last_tile_rather_than_the_exit_going_elsewhere():
    """The last tile (a dead end at (1,0) open only towards the Start) has three empty
    neighbours across closed edges; older tiles still have open edges on empty ground.  The Exit
    goes beside the last tile and the roots join the two, even where an older tile touches the
    square first in N-E-S-W order."""
    s = situation()
    older = put(s, "dead-end-n", (1, 2), 0)            # open N only: closed towards (1,1)
    dead_end = next(t for t in s.tile_stack if C.tiles[t].id == "dead-end-n")
    s.tile_stack = [dead_end]
    run(s)
    s.apply("draw-tile")
    s.apply("lay:E:3")                                  # open W only, facing the Start
    assert kind(s) == "lay_exit"
    assert exit_offers(s) == [(1, -1), (1, 1), (2, 0)]
    assert all("roots" in o.label for o in s.decision.options)
    s.apply(next(o for o in ids(s) if o.startswith("exit:1:1:")))
    from woodlands.games.cursed_forest.forest import joined
    last = at(s, (1, 0))
    assert joined(s, s.exit_at, 2) == last and joined(s, last, 0) == s.exit_at
    assert joined(s, s.exit_at, 0) == -1 and older != last
    e = events(s, "exit_laid")[-1]
    assert e["beside"] == [1, 0] and e["roots"] is True and e["position"] == [1, 1]


@pytest.mark.rules("CF-068", "C-18")
def test_a_last_tile_with_no_empty_neighbour_sends_the_exit_beside_the_latest_tile_with_one():
    s = situation()
    put(s, "cross", (1, 1))
    put(s, "cross", (2, 0))
    put(s, "cross", (1, -1))
    cross = next(t for t in s.tile_stack if C.tiles[t].id == "cross")
    s.tile_stack = [cross]
    s.pos[0] = (1, 1)
    run(s)
    s.apply("draw-tile")
    s.apply("lay:S:0")                                  # (1,0): every neighbour taken
    assert kind(s) == "lay_exit"
    assert exit_offers(s) == [(0, -1), (1, -2), (2, -1)], "beside (1,-1), the latest with room"
    assert not any("roots" in o.label for o in s.decision.options)


@pytest.mark.rules("AUD-3", "C-11")
def test_morna_moves_carries_the_path_he_walked():
    s = morna_hunts(hunt_board("plain-hero", "sirja", "healer"), [[], [0], [1]], [(0, 1), (3, 0), (2, 0)], 1, 1)
    ev = events(s, "morna_moves")[-1]
    assert ev["path"] == [[1, 0], [2, 0]] and ev["steps"] == 2 and ev["from"] == [0, 0]
    s2 = morna_hunts(hunt_board("plain-hero", "sirja"), [[], [0]], [(0, 0), (3, 0)], 1, 1)  # 2 steps of the 3 to the bearer
    ev = events(s2, "morna_moves")[-1]
    assert ev["path"] == [[1, 0], [2, 0]] and ev["attacks"] is None
