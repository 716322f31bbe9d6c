"""Day and Night (TG-066..TG-069; ruling T-11)."""
from __future__ import annotations

import pytest

from tests.tanglewoods.helpers import (HALT, events, fc, ic, kind, mc, new_game, play, rest_of_round,
                                          situation)


@pytest.mark.rules("TG-066")
def test_TG066_everything_starts_by_day_and_night_creeps_in():
    """TG-066: at the start every forest card and map shows day; after a round the cards that
    were in play lie in the discards on their night side."""
    s = new_game(difficulty=4, seed=5)
    assert all(c & 1 == 0 for c in s.forest_deck) and all(c & 1 == 0 for c in s.map_deck + s.map_drawn)
    s = situation(["resolve_phase", HALT], tableau=[fc("north-imp"), fc("wild-fable")], defeated=[True, False],
                  damage=[2, 0], active_map=mc("map-n"), map_complete=True)
    assert s.forest_discard == [fc("north-imp", "night"), fc("wild-fable", "night")]
    assert s.map_discard == [mc("map-n", "night")]


@pytest.mark.rules("TG-067")
def test_TG067_turning_one_card_turns_no_other():
    """TG-067: a card that turns itself over leaves every other card as it was."""
    s = situation(["forest_phase", HALT], active_map=mc("map-e"), strategy=3,
                  forest_deck=[fc("south-imp"), fc("flip-reveals-ambush"), fc("north-imp")],
                  forest_discard=[fc("west-imp")], tableau=[fc("wild-fable")])
    play(s, "draw")
    assert s.drawn == [fc("north-imp"), fc("flip-reveals-ambush", "night")]
    assert s.forest_deck == [fc("south-imp")] and s.forest_discard == [fc("west-imp")]
    assert s.tableau == [fc("wild-fable")]
    assert len(events(s, "flip")) == 1


@pytest.mark.rules("TG-068", "T-11")
def test_TG068_discarding_never_turns_a_card_unless_a_rule_says_so():
    """TG-068, ruling T-11: unchosen forest cards and maps, used items: all keep their side.
    (The exceptions, bribes and Cleanup, are tested in test_bribery and test_resolve_phase.)"""
    s = situation(["forest_phase", HALT], active_map=mc("map-e"), strategy=3,
                  forest_deck=[fc("east-imp"), fc("north-imp", "night"), fc("south-imp")])
    play(s, "draw", "draw", "place:east-imp")
    assert s.forest_discard == [fc("south-imp"), fc("north-imp", "night")]
    s = situation(["map_phase", "round_start"], strategy=3,
                  map_deck=[mc("map-e", "night"), mc("map-w"), mc("map-s", "night")])
    play(s, "map:map-w")
    assert s.map_discard == [mc("map-e", "night"), mc("map-s", "night")]
    s = situation(["forest_phase", HALT], strategy=2, active_map=mc("map-w"),
                  forest_deck=[fc("north-imp"), fc("special-gain-item")],
                  inventory=[ic("cheap-charm", "upgraded"), ic("plain-pouch")], item_deck=[ic("mid-lantern")])
    play(s, "place:special-gain-item", "discard:cheap-charm")
    assert s.item_discard == [ic("cheap-charm", "upgraded")]


@pytest.mark.rules("TG-069", "T-11")
def test_TG069_night_cards_come_back_at_night_after_a_reshuffle():
    """TG-069, ruling T-11: a card turned to night at Cleanup is reshuffled into the Forest
    Deck as it lies, and is drawn again on its night side next round."""
    s = situation(rest_of_round("forest_phase"), round_limit=None, active_map=mc("map-n"), gold=0, strategy=1,
                  forest_deck=[fc("north-imp")], map_deck=[mc("map-e")])
    play(s, "place:north-imp")
    assert s.tableau == [fc("north-imp")] and kind(s) == "commit_dice"
    play(s, "end")                                     # the imp is not fought: 1 damage suffered
    assert s.health == 4 and s.round == 2
    assert kind(s) == "choose_map"
    play(s, "map:map-e")
    assert events(s, "reshuffle")[-1] == {"type": "reshuffle", "deck": "forest", "cards": 1}
    assert s.drawn == [fc("north-imp", "night")]
