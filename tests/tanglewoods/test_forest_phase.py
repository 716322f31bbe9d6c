"""Forest Phase: Draw & Choose, Place & Check (TG-030, TG-032..TG-036, TG-038..TG-041, TG-043;
rulings T-11, T-12, T-17)."""
from __future__ import annotations

import pytest

from woodlands.games.tanglewoods.forest_phase import MISSING, map_status
from tests.tanglewoods.helpers import (HALT, assert_illegal, events, fc, halted, ic, ids, kind, mc, names, play,
                                          situation)


def forest(deck, *, map_id="map-n", discard=(), **kw):
    """The Forest phase alone, then HALT; ``deck`` is listed top first (draws take the last)."""
    return situation(["forest_phase", HALT], forest_deck=list(deck), forest_discard=list(discard),
                     active_map=mc(map_id), **kw)


@pytest.mark.rules("TG-030", "TG-032", "TG-033")
def test_TG032_TG033_each_draw_and_choose_starts_with_a_draw_from_the_bottom():
    """TG-030, TG-032, TG-033: the phase opens by drawing the Forest Deck's bottom card."""
    s = forest([fc("north-imp"), fc("south-imp"), fc("east-imp")])
    assert kind(s) == "draw_or_place"
    assert s.drawn == [fc("east-imp")]
    assert s.forest_deck == [fc("north-imp"), fc("south-imp")]
    assert events(s, "draw") == [{"type": "draw", "deck": "forest", "card": "east-imp", "side": 0}]


@pytest.mark.rules("TG-034")
def test_TG034_after_each_draw_place_any_drawn_card_or_draw_again():
    """TG-034: every card drawn so far may be placed, or another drawn."""
    s = forest([fc("north-imp"), fc("south-imp"), fc("east-imp")])
    assert ids(s) == ["place:east-imp", "draw"]
    play(s, "draw")
    assert ids(s) == ["place:east-imp", "place:south-imp", "draw"]
    play(s, "place:east-imp")          # the earlier card may still be chosen
    assert fc("east-imp") in s.tableau


@pytest.mark.rules("TG-035")
@pytest.mark.parametrize("strategy", [1, 2, 3])
def test_TG035_no_more_draws_than_strategy_before_placing(strategy):
    """TG-035: after Strategy draws "draw" is gone and refused; a card must be placed."""
    deck = [fc(c) for c in ("filler-south", "filler-west", "filler-east", "east-imp")]
    s = forest(deck, strategy=strategy)
    for _ in range(strategy - 1):
        play(s, "draw")
    assert len(s.drawn) == strategy
    assert "draw" not in ids(s)
    assert all(o.startswith("place:") for o in ids(s))
    assert_illegal(s, "draw", "TG-035")


@pytest.mark.rules("TG-035", "TG-039")
def test_TG035_the_draw_count_starts_again_with_each_draw_and_choose():
    """TG-035 with TG-039: the limit counts the draws of one Draw & Choose, not of the phase."""
    deck = [fc(c) for c in ("north-imp", "filler-south", "filler-west", "east-imp")]
    s = forest(deck, strategy=2)
    play(s, "draw")
    assert "draw" not in ids(s)
    play(s, "place:east-imp")
    assert s.drawn == [fc("filler-south")] and "draw" in ids(s)


@pytest.mark.rules("TG-036", "T-11", "TG-069")
def test_TG036_an_empty_forest_deck_is_rebuilt_from_the_discard_without_turning_cards():
    """TG-036, rulings T-11/TG-069: the discard is shuffled into a new deck; each card keeps the
    side it was discarded with."""
    discard = [fc("north-imp", "night"), fc("south-imp"), fc("east-imp", "night")]
    s = forest([], discard=discard, map_id="map-w")
    assert events(s, "reshuffle") == [{"type": "reshuffle", "deck": "forest", "cards": 3}]
    assert s.forest_discard == []
    assert sorted(s.forest_deck + s.drawn) == sorted(discard)
    assert s.drawn[0] in discard                   # drawn with the side it had in the discard


@pytest.mark.rules("T-17")
def test_T17_with_deck_and_discard_empty_a_drawn_card_must_be_placed():
    """Ruling T-17: no card left anywhere: drawing is not offered (and is refused); a card
    already drawn is placed."""
    s = forest([fc("east-imp")], strategy=3)
    assert ids(s) == ["place:east-imp"]
    assert_illegal(s, "draw", "T-17")


@pytest.mark.rules("T-17")
def test_T17_with_nothing_drawn_and_nothing_left_the_forest_phase_ends_incomplete():
    """Ruling T-17: nothing drawn and nothing to draw: the phase ends, the map incomplete."""
    s = forest([fc("east-imp")], strategy=3)
    play(s, "place:east-imp")
    assert halted(s)
    assert s.tableau == [fc("east-imp")] and not s.map_complete
    assert map_status(s)[0] == MISSING
    assert not events(s, "map_complete")


@pytest.mark.rules("TG-038", "TG-068", "T-11")
def test_TG038_the_chosen_card_is_placed_and_the_rest_discarded_as_drawn():
    """TG-038: the chosen card joins the tableau; the other drawn cards go to the Forest
    discard showing the side they were drawn with (a night card stays night, a day card day).
    Also checks TG-068, T-11."""
    deck = [fc("north-imp"), fc("south-imp", "night"), fc("west-imp"), fc("east-imp")]
    s = forest(deck, strategy=3)
    play(s, "draw", "draw", "place:west-imp")
    assert s.tableau == [fc("west-imp")]
    assert s.forest_discard == [fc("east-imp"), fc("south-imp", "night")]
    assert events(s, "discard")[0]["cards"] == ["east-imp", "south-imp"]


@pytest.mark.rules("TG-039", "TG-043")
def test_TG039_TG043_an_unfinished_map_means_another_draw_and_choose():
    """TG-039: the map still lacks its N, so a new Draw & Choose starts (with a draw).
    TG-043: a card with no direction icon never helps the map."""
    deck = [fc("north-imp"), fc("no-direction")]
    s = forest(deck)
    play(s, "place:no-direction")
    assert map_status(s) == (MISSING, {"N": 1})
    assert kind(s) == "draw_or_place" and s.drawn == [fc("north-imp")]
    assert s.view(0)["tableau"][0]["direction"] is None


@pytest.mark.rules("TG-040")
def test_TG040_a_complete_map_ends_the_forest_phase_at_once():
    """TG-040: once the map is complete there is no more drawing; the rest of the deck stays."""
    deck = [fc("south-imp"), fc("west-imp"), fc("north-imp")]
    s = forest(deck)
    play(s, "place:north-imp")
    assert halted(s) and s.map_complete
    assert s.forest_deck == [fc("south-imp"), fc("west-imp")] and s.drawn == []
    assert events(s, "map_complete") == [{"type": "map_complete", "map": "map-n"}]


@pytest.mark.rules("TG-040", "TG-041")
def test_TG040_TG041_the_completing_cards_special_effect_still_happens():
    """TG-040 ("finish any immediate action"), TG-041: the card that completes the map still
    carries out its special effect before the phase ends."""
    s = forest([fc("north-imp"), fc("special-gain-gold")], map_id="map-w", gold=10)
    play(s, "place:special-gain-gold")
    assert halted(s) and s.map_complete and s.gold == 12
    kinds = [e["type"] for e in s.log]
    assert kinds.index("effect") < kinds.index("map_complete")


@pytest.mark.rules("TG-041")
def test_TG041_a_special_effect_takes_hold_while_the_tableau_is_still_being_built():
    """TG-041: a card's special effect happens the moment it joins, mid-phase: here it hands
    over an item, and the next decision of the same Forest phase already sees it."""
    s = forest([fc("north-imp"), fc("special-gain-item")], item_deck=[ic("plain-pouch")])
    play(s, "place:special-gain-item")
    assert kind(s) == "draw_or_place" and names(s.inventory, "item") == ["plain-pouch"]
    assert s.view(0)["inventory"][0]["id"] == "plain-pouch"


@pytest.mark.rules("TG-034")
def test_TG034_only_a_drawn_card_can_be_placed():
    """TG-034: the choice is among the cards drawn in this Draw & Choose; a card still in the deck is
    refused."""
    s = forest([fc("north-imp"), fc("east-imp")])
    assert_illegal(s, "place:north-imp", "TG-034")
