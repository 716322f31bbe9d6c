"""4. Building the Forest and moving (CF-014, CF-015, CF-009; rulings C-1, C-10)."""
from __future__ import annotations

import pytest

from tests.cursed_forest.helpers import C, at, events, ids, kind, put, run, situation
from woodlands.games.cursed_forest.forest import joined, placements

PLACEMENT_TABLE = [
    # (tiles already laid besides Start (id, xy, rot), drawn tile, legal "lay:" ids from (0, 0))
    ([], "cross", ["lay:N:0", "lay:E:0", "lay:S:0", "lay:W:0"]),
    # a straight N-S tile can face the Start from any side in one of two shapes
    ([], "straight-ns", ["lay:N:0", "lay:E:1", "lay:S:0", "lay:W:1"]),
    # a dead end (open N only) must turn its one opening to face the Start
    ([], "dead-end-n", ["lay:N:2", "lay:E:3", "lay:S:0", "lay:W:1"]),
    # occupied squares are not offered; other contacts need not match (C-1)
    ([("cross", (0, 1), 0), ("cross", (1, 0), 0)], "dead-end-n", ["lay:S:0", "lay:W:1"]),
    # every square round the Start taken: nothing is legal (the player would be lost)
    ([("cross", (0, 1), 0), ("cross", (1, 0), 0), ("cross", (0, -1), 0), ("cross", (-1, 0), 0)], "cross", []),
]


@pytest.mark.rules("CF-014", "CF-015", "C-1")
@pytest.mark.parametrize("laid, drawn, legal", PLACEMENT_TABLE)
def test_placement_table(laid, drawn, legal):
    s = situation()
    for tile_id, xy, rot in laid:
        put(s, tile_id, xy, rot)
    tile = next(t for t in C.tiles if t.id == drawn)
    from woodlands.games.cursed_forest.model import EDGES
    got = [f"lay:{EDGES[d]}:{rot}" for d, rot in placements(s, 0, tile)]
    assert got == legal


@pytest.mark.rules("C-1", "CF-015")
def test_placement_needs_the_edge_open_on_the_adventurers_tile():
    s = situation()
    p = put(s, "straight-ns", (0, 1), 0)       # open N and S
    s.pos[0] = (0, 1)
    tile = next(t for t in C.tiles if t.id == "cross")
    dirs = {d for d, _ in placements(s, p, tile)}
    assert dirs == {0}, "E and W are closed on the straight tile; S is the Start"


@pytest.mark.rules("CF-014", "C-1")
def test_drawing_and_laying_costs_one_ap_and_the_new_tile_joins():
    s = situation()
    s.tile_stack.append(s.tile_stack.pop(next(k for k, t in enumerate(s.tile_stack) if C.tiles[t].id == "corner-ne")))
    run(s)
    s.apply("draw-tile")
    assert kind(s) == "lay_tile" and s.ap[0] == 4
    assert "lay:N:1" in ids(s)   # corner turned so its S edge is open... N E turned once = E S
    s.apply("lay:N:1")
    q = at(s, (0, 1))
    assert joined(s, 0, 0) == q
    assert events(s, "lay")[-1]["open"] == ["E", "S"]


@pytest.mark.rules("CF-014", "C-1")
def test_no_legal_place_means_lost_tile_under_the_stack_ap_spent():
    s = situation()
    for xy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        put(s, "cross", xy)
    top = s.tile_stack[-1]
    run(s)
    s.apply("draw-tile")
    assert s.tile_stack[0] == top and s.ap[0] == 4
    assert events(s, "lost")
    assert kind(s) == "turn_action"


MOVE_TABLE = [
    # (tile at (1,0) and rotation, can the adventurer step E from the Start?)
    ("cross", 0, True),
    ("straight-ns", 0, False),   # its W edge is closed: the Start's open E edge is not enough
    ("straight-ns", 1, True),    # turned: open E-W
    ("dead-end-n", 1, False),    # opening faces E (away)
    ("dead-end-n", 3, True),     # opening faces W (towards the Start)
]


@pytest.mark.rules("C-10", "CF-009")
@pytest.mark.parametrize("tile, rot, ok", MOVE_TABLE)
def test_moving_crosses_only_edges_open_on_both_sides(tile, rot, ok):
    s = situation()
    put(s, tile, (1, 0), rot)
    run(s)
    assert ("move:E" in ids(s)) is ok


@pytest.mark.rules("C-10")
def test_laying_and_stepping_are_two_actions():
    s = situation()
    run(s)
    s.apply("draw-tile")
    s.apply(ids(s)[0])
    assert s.pos[0] == (0, 0) and s.ap[0] == 4


def draw_label(s):
    return next(o.label for o in s.decision.options if o.id == "draw-tile")


@pytest.mark.rules("AUD-1", "C-1", "CF-014")
def test_the_draw_warns_when_nothing_can_be_laid_from_the_adventurers_tile():
    s = situation()
    put(s, "dead-end-n", (1, 0), 3)            # open W only, towards the Start
    s.pos[0] = (1, 0)
    run(s)
    label = draw_label(s)
    assert "nothing can be laid from here" in label and "1 AP" in label
    s.apply("draw-tile")                       # still legal (C-1): lost, tile under, AP spent
    assert events(s, "lost") and s.ap[0] == 4


@pytest.mark.rules("AUD-1", "C-1")
def test_the_draw_has_no_warning_where_a_tile_could_go():
    s = situation()
    run(s)
    assert "nothing can be laid" not in draw_label(s)
    t = situation()
    for xy in ((0, 1), (1, 0), (0, -1)):
        put(t, "cross", xy)
    run(t)
    assert "nothing can be laid" not in draw_label(t), "the Start's W edge still faces empty ground"


@pytest.mark.rules("AUD-1", "C-1", "CF-022")
def test_escaping_onto_a_new_tile_warns_too_when_nothing_can_be_laid_there():
    from tests.cursed_forest.helpers import on_top
    s = situation()
    put(s, "dead-end-n", (1, 0), 3)            # open W only
    p = put(s, "monster-lair", (-1, 0))
    on_top(s, "weak-goblin")
    for xy in ((-1, 1), (-2, 0), (-1, -1)):
        put(s, "dead-end-n", xy, {(-1, 1): 2, (-2, 0): 1, (-1, -1): 0}[xy])
    s.pos[0] = (0, 0)
    run(s)
    s.apply("move:W")
    assert s.f_kind == "monster" and at(s, (-1, 0)) == p
    label = next(o.label for o in s.decision.options if o.id == "escape-new")
    assert "nothing can be laid from here" in label and "2 AP" in label
