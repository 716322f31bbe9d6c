"""Exploring (ruling S-9): one Explore card per success, one at a time; a Bane is carried out and a
Trauma goes to a Boon space as it is drawn; then one of the Boons and Companions drawn is kept and
the rest are discarded unused; full Boon spaces make room; a Trauma with nowhere to go is discarded."""
from __future__ import annotations

import pytest

from .helpers import act, cid, events, ids, kind, play, situation

BOONS = ["boon-add-success", "boon-reroll", "boon-gain-spirit"]
TRAUMAS = ["trauma-max-dice", "trauma-no-crystals", "trauma-heavy-heart"]


def explore(deck: list[str], successes: int, **fields):
    """An Explore action's bottom effect with ``successes`` successes; ``deck`` top card last."""
    s = situation(explore_deck=[cid(x) for x in deck], **fields)
    act(s, "act:explore:bottom", f"roll:{successes}:0:0", *([8] * successes))
    return s


def story(s) -> list[tuple[str, str | None]]:
    """The draws and what each card did, in log order."""
    out = []
    for e in s.log:
        if e["type"] == "draw" and e["deck"] == "explore":
            out.append(("draw", e["card"]))
        elif e["type"] in ("effect", "boon_space", "explore_kept", "explore_discarded", "reshuffle"):
            out.append((e["type"], e.get("source") or e.get("card") or e.get("deck")))
    return out


@pytest.mark.rules("S-9", "SW-010")
@pytest.mark.parametrize("n", [1, 2, 3])
def test_one_explore_card_per_success(n):
    s = explore(["boon-add-success", "boon-reroll", "boon-gain-spirit"], n)
    assert len([e for e in events(s, "draw") if e["deck"] == "explore"]) == n


@pytest.mark.rules("S-9", "SW-010", "SW-027")
def test_a_bane_is_carried_out_as_it_is_drawn_before_the_next_card():
    s = explore(["boon-reroll", "bane-lose-spirit"], 2)
    assert story(s)[:3] == [("draw", "bane-lose-spirit"), ("effect", "bane-lose-spirit"), ("draw", "boon-reroll")]
    assert s.spirit_left() == 9 and s.boons == [cid("boon-reroll")]


@pytest.mark.rules("S-9", "SW-010", "SW-029")
def test_a_bane_drawn_first_is_in_the_discard_pile_when_the_deck_runs_out():
    """One at a time: the Bane is discarded before the second draw, so the reshuffle takes it too."""
    s = explore(["bane-shadow"], 2, explore_discard=[cid("boon-gain-spirit")])
    assert events(s, "reshuffle")[0]["size"] == 2


@pytest.mark.rules("S-9", "SW-010", "SW-026", "SW-031")
def test_a_trauma_goes_to_a_boon_space_as_it_is_drawn():
    s = explore(["boon-reroll", "trauma-max-dice"], 2)
    assert story(s)[:3] == [("draw", "trauma-max-dice"), ("boon_space", "trauma-max-dice"), ("draw", "boon-reroll")]
    assert s.boons == [cid("trauma-max-dice"), cid("boon-reroll")]


@pytest.mark.rules("S-9", "SW-028", "S-10")
def test_with_full_boon_spaces_a_trauma_drawn_makes_room_before_the_next_draw():
    s = explore(["boon-reroll", "trauma-max-dice"], 2, boons=[cid(x) for x in BOONS[:2]] + [cid("companion-fox")])
    assert kind(s) == "make_room"
    assert [e["card"] for e in events(s, "draw")] == ["trauma-max-dice"]       # the next card waits
    assert "discard:trauma-max-dice" not in ids(s)                               # S-10
    play(s, "discard:boon-add-success")
    assert [e["card"] for e in events(s, "draw")] == ["trauma-max-dice", "boon-reroll"]


@pytest.mark.rules("S-9", "SW-010")
def test_then_one_boon_or_companion_is_kept_and_the_rest_discarded_unused():
    s = explore(["boon-gain-spirit", "companion-fox", "bane-shadow"], 3, spirit_pos=5)
    assert kind(s) == "keep_explore"
    assert ids(s) == ["keep:companion-fox", "keep:boon-gain-spirit"]            # in the order drawn; no Bane
    play(s, "keep:companion-fox")
    assert s.boons == [cid("companion-fox")]
    assert s.explore_discard == [cid("bane-shadow"), cid("boon-gain-spirit")]
    assert s.spirit_pos == 5 and not events(s, "boon_used")                      # discarded unused


@pytest.mark.rules("S-9", "SW-028")
def test_the_card_kept_goes_to_a_full_boon_space_by_the_full_spaces_rule():
    s = explore(["boon-gain-spirit", "companion-fox"], 2, boons=[cid(x) for x in BOONS[:2]] + [cid(TRAUMAS[0])])
    play(s, "keep:boon-gain-spirit")
    assert kind(s) == "make_room"
    assert ids(s) == ["discard:boon-add-success", "discard:boon-reroll", "use:boon-gain-spirit",
                      "discard:boon-gain-spirit"]


@pytest.mark.rules("S-9", "S-10", "SW-031")
def test_room_for_a_trauma_is_made_by_a_boon_never_by_a_trauma():
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("trauma-heavy-heart")],
                  boons=[cid(TRAUMAS[0]), cid(TRAUMAS[1]), cid("companion-fox")])
    assert kind(s) == "make_room" and ids(s) == ["discard:companion-fox"]
    play(s, "discard:companion-fox")
    assert s.boons == [cid(x) for x in TRAUMAS]


@pytest.mark.rules("S-9", "SW-010", "SW-031")
def test_a_trauma_drawn_when_every_space_holds_a_trauma_is_discarded():
    s = explore(["boon-reroll", "trauma-cold-feet"], 2, boons=[cid(x) for x in TRAUMAS])
    assert s.boons == [cid(x) for x in TRAUMAS]
    assert story(s)[:3] == [("draw", "trauma-cold-feet"), ("explore_discarded", "trauma-cold-feet"),
                            ("draw", "boon-reroll")]
    assert cid("trauma-cold-feet") in s.explore_discard


@pytest.mark.rules("S-9", "SW-079", "SW-010")
def test_a_bane_that_ends_the_scene_stops_the_drawing_and_the_held_cards_are_discarded():
    s = explore(["boon-add-success", "bane-shadow", "boon-gain-spirit"], 3, scene="scene-light-goal", shadow=5)
    assert kind(s) == "scene_break"
    assert [e["card"] for e in events(s, "draw") if e["deck"] == "explore"] == ["boon-gain-spirit", "bane-shadow"]
    assert s.explore_deck == [cid("boon-add-success")]                 # the third success draws nothing
    assert s.boons == [] and cid("boon-gain-spirit") in s.explore_discard and not events(s, "explore_kept")
