"""Wild Direction Icons and the Tableau Example (TG-045..TG-050; ruling T-12)."""
from __future__ import annotations

import pytest

from woodlands.games.tanglewoods.forest_phase import COMPLETE, MISSING, NEEDS_WILDS, assign_wilds, map_status
from tests.tanglewoods.helpers import (HALT, assert_illegal, events, fc, halted, ids, kind, mc, play,
                                          situation)


def forest(deck, map_id, **kw):
    return situation(["forest_phase", HALT], forest_deck=list(deck), active_map=mc(map_id), **kw)


@pytest.mark.rules("TG-049", "TG-050", "TG-045", "T-12")
def test_TG049_TG050_the_rulebook_tableau_example():
    """TG-049/TG-050: map N S W.  Card 1 (N) helps; card 2 (E) does not; card 3 (wild) cannot
    finish yet but could stand for S or W; card 4 (S) finishes the map if the wild is
    assigned as W (ruling T-12: the player is asked). Also checks TG-045."""
    deck = [fc("filler-east"), fc("south-imp"), fc("wild-fable"), fc("east-imp"), fc("north-imp")]
    s = forest(deck, "map-nsw", strategy=1)
    play(s, "place:north-imp")
    assert map_status(s) == (MISSING, {"S": 1, "W": 1})
    play(s, "place:east-imp")
    assert map_status(s) == (MISSING, {"S": 1, "W": 1})       # no east on this map
    play(s, "place:wild-fable")
    assert map_status(s)[0] == MISSING                        # one wild, two gaps
    assert s.view(0)["map"]["missing"] == ["S", "W"]
    play(s, "place:south-imp")
    assert kind(s) == "assign_wilds" and ids(s) == ["complete", "keep_building"]
    play(s, "complete")
    assert halted(s) and s.map_complete
    assert s.wilds[s.tableau.index(fc("wild-fable"))] == "W"


@pytest.mark.rules("TG-045", "TG-046")
def test_TG045_TG046_two_wilds_may_stand_for_two_different_directions():
    """TG-045, TG-046: with N placed, two wilds fill S and W, one each."""
    deck = [fc("wild-fable-2"), fc("wild-fable"), fc("north-imp")]
    s = forest(deck, "map-nsw", strategy=1)
    play(s, "place:north-imp", "place:wild-fable", "place:wild-fable-2")
    assert kind(s) == "assign_wilds"
    play(s, "complete")
    assert sorted(w for w in s.wilds if w) == ["S", "W"]


@pytest.mark.rules("TG-045", "T-12")
def test_TG045_a_wild_is_assigned_to_whatever_the_current_map_lacks():
    """TG-045: wilds are not fixed to a direction: the same tableau fills S for a map N S and
    N for a night map N N. Also checks T-12."""
    s = situation([], active_map=mc("map-ns-merchant"), tableau=[fc("wild-fable"), fc("north-imp")])
    status, missing = map_status(s)
    assert status == NEEDS_WILDS
    assign_wilds(s, missing)
    assert s.wilds == ["S", None]
    s.active_map = mc("map-n", "night")
    status, missing = map_status(s)
    assign_wilds(s, missing)
    assert s.wilds == ["N", None]


@pytest.mark.rules("TG-047", "T-12")
def test_TG047_the_player_may_keep_building_instead_of_using_the_wild():
    """TG-047, ruling T-12: the wild may be put elsewhere so as to keep drawing; the map is not
    complete and a new Draw & Choose begins."""
    deck = [fc("east-imp"), fc("north-imp"), fc("wild-fable")]
    s = forest(deck, "map-n", strategy=1)
    play(s, "place:wild-fable")
    assert kind(s) == "assign_wilds"
    play(s, "keep_building")
    assert not s.map_complete and s.wilds == [None]
    assert events(s, "wilds_held") == [{"type": "wilds_held", "wilds": 1}]
    assert kind(s) == "draw_or_place" and s.drawn == [fc("north-imp")]
    play(s, "place:north-imp")                # now complete without the wild: no question
    assert halted(s) and s.map_complete and s.wilds == [None, None]


@pytest.mark.rules("TG-047", "T-17")
def test_TG047_keep_building_is_not_offered_when_nothing_is_left_to_draw():
    """TG-047 with ruling T-17: keeping the wild back only makes sense if something can still be drawn;
    with deck and discard empty only 'complete' is offered."""
    s = forest([fc("wild-fable")], "map-n", strategy=1)
    play(s, "place:wild-fable")
    assert kind(s) == "assign_wilds" and ids(s) == ["complete"]
    assert_illegal(s, "keep_building", "T-12")


@pytest.mark.rules("T-12")
def test_T12_a_map_complete_without_wilds_ends_the_phase_without_asking():
    """Ruling T-12: when the plain icons already cover the map, the wild in the tableau changes
    nothing and nothing is asked."""
    s = forest([fc("north-imp")], "map-n", strategy=1, tableau=[fc("wild-fable-2")])
    assert kind(s) == "draw_or_place"        # placing is the question, not the wild
    play(s, "place:north-imp")
    assert halted(s) and s.map_complete
    assert not [e for e in s.log if e["type"] == "wilds_held"]


@pytest.mark.rules("TG-048", "T-12")
def test_TG048_a_wild_standing_in_is_still_not_a_direction_icon():
    """TG-048, ruling T-12: a wild assigned as W keeps its wild icon; counting the tableau's
    real icons still finds no W (so no effect may count it as one)."""
    deck = [fc("wild-fable"), fc("north-imp")]
    s = forest(deck, "map-nsw", strategy=1, tableau=[fc("south-imp")])
    play(s, "place:north-imp", "place:wild-fable", "complete")
    view = s.view(0)["tableau"]
    wild = next(t for t in view if t["id"] == "wild-fable")
    assert wild["direction"] == "wild" and wild["wild_as"] == "W"
    assert map_status(s) == (NEEDS_WILDS, {"W": 1})          # real icons: still no W
    assert map_status(s)[0] != COMPLETE
