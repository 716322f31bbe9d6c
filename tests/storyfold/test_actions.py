"""The four Action cards, rolling dice, successes and Crystals (SW-003..SW-013, SW-050..SW-055,
SW-066..SW-070, SW-100..SW-103; rulings S-1, S-3)."""
from __future__ import annotations

import pytest

from .helpers import act, cid, events, ids, kind, names, play, rig, situation

L, H, E, X = "light", "help", "explore", "heal"
M, T = "creature-plain", "creature-tough-start"


@pytest.mark.rules("SW-003", "SW-076", "SW-101", "SW-102")
def test_light_top_blinds_a_creature_then_the_card_goes_to_the_end():
    s = situation(river=(L, H, E, X, M))
    act(s, "act:light:top:creature-plain", "roll:1:0:0", 3)
    # the creature went to the end with a Stun token, then the Light card after it
    assert names(s.river)[:5] == [H, E, X, M, L]
    assert s.stunned == [cid(M)]
    assert events(s, "blind")[0]["card"] == M


@pytest.mark.rules("SW-003", "SW-076")
def test_a_blinded_creature_holds_one_stun_token_at_most():
    s = situation(river=(L, H, E, X, M), stunned=[cid(M)])
    act(s, "act:light:top:creature-plain", "roll:1:0:0", 8)
    assert s.stunned == [cid(M)]


@pytest.mark.rules("SW-004", "SW-062", "SW-065")
@pytest.mark.parametrize("faces, light_after", [((3, 5), 4), ((3, 4, 8, 7), 5), ((1,), 2)])
def test_light_bottom_advances_the_light_one_space_per_success_never_past_the_middle(faces, light_after):
    s = situation()          # scene-locations: 9 spaces, middle 5, Light starts on 2
    act(s, "act:light:bottom", f"roll:{len(faces)}:0:0", *faces)
    assert s.light == light_after


@pytest.mark.rules("SW-006", "SW-056")
def test_help_top_visits_a_help_location_and_carries_out_its_effect():
    s = situation()
    act(s, "act:help:top:help-one-dot", "roll:1:0:0", 4)       # Help is on 4+
    assert kind(s) == "place_crystal"                            # the location gives 1 Crystal
    play(s, "crystal:heal")
    assert s.visited[0] and s.crystals == [0, 0, 0, 1]
    assert events(s, "visit")[0]["location"] == "help-one-dot"


@pytest.mark.rules("SW-007", "SW-067")
def test_help_bottom_gives_one_crystal_per_success_placed_on_any_cards():
    s = situation()
    act(s, "act:help:bottom", "roll:3:0:0", 4, 5, 8)
    play(s, "crystal:light", "crystal:light", "crystal:explore")
    assert s.crystals == [2, 0, 1, 0]
    assert kind(s) == "luma_phase"


@pytest.mark.rules("SW-009", "SW-056")
def test_explore_top_visits_an_explore_location():
    s = situation()
    act(s, "act:explore:top:explore-chain-a", "roll:1:0:0", 5)  # Explore is on 5+
    assert s.visited[1]


@pytest.mark.rules("SW-056")
def test_a_location_needs_the_matching_action_card():
    s = situation()
    assert "act:help:top:explore-chain-a" not in ids(s)
    assert "act:explore:top:help-one-dot" not in ids(s)
    with pytest.raises(Exception, match="explore location; it needs the matching Action card"):
        s.apply("act:help:top:explore-chain-a")


@pytest.mark.rules("SW-010", "SW-026")
def test_explore_bottom_draws_one_card_per_success_keeps_one_discards_the_rest():
    s = situation(explore_deck=[cid("boon-gain-spirit"), cid("boon-reroll"), cid("boon-add-success")])
    act(s, "act:explore:bottom", "roll:2:0:0", 5, 6)
    assert kind(s) == "keep_explore"
    assert ids(s) == ["keep:boon-add-success", "keep:boon-reroll"]
    play(s, "keep:boon-reroll")
    assert s.boons == [cid("boon-reroll")]
    assert s.explore_discard == [cid("boon-add-success")]
    assert s.explore_deck == [cid("boon-gain-spirit")]


@pytest.mark.rules("SW-010", "SW-027")
def test_a_bane_drawn_by_the_explore_action_is_carried_out_and_not_kept():
    s = situation(explore_deck=[cid("boon-gain-spirit"), cid("bane-lose-spirit")])
    act(s, "act:explore:bottom", "roll:2:0:0", 5, 6)
    assert s.spirit_left() == 9
    assert s.boons == [cid("boon-gain-spirit")]          # the only other card: kept, nothing to choose
    assert s.explore_discard == [cid("bane-lose-spirit")]


@pytest.mark.rules("SW-012", "SW-042")
def test_heal_top_discards_the_creature_and_gives_its_crystals():
    s = situation(river=(X, L, H, E, T))                  # Heal on 3+
    act(s, "act:heal:top:creature-tough-start", "roll:3:0:0", 3, 4, 8)
    assert s.creature_discard == [cid(T)] and cid(T) not in s.river
    assert kind(s) == "place_crystal"
    play(s, "crystal:heal", "crystal:light")
    assert s.crystals == [1, 0, 0, 1]
    assert s.healed == 1


@pytest.mark.rules("SW-013", "SW-072")
def test_heal_bottom_gives_one_spirit_per_success():
    s = situation(spirit_pos=6)
    act(s, "act:heal:bottom", "roll:2:0:0", 6, 7)
    assert s.spirit_pos == 4


@pytest.mark.rules("SW-054", "SW-102")
def test_short_of_the_top_effect_the_bottom_effect_may_be_carried_out_instead():
    s = situation(river=(L, H, E, X, T))
    act(s, "act:light:top:creature-tough-start", "roll:2:0:0", 3, 1)   # needs 3, has 1
    assert kind(s) == "fallback" and ids(s) == ["bottom", "nothing"]
    play(s, "bottom")
    assert s.light == 3 and s.stunned == []


@pytest.mark.rules("SW-054")
def test_the_fallback_may_be_declined():
    s = situation(river=(L, H, E, X, T))
    act(s, "act:light:top:creature-tough-start", "roll:2:0:0", 3, 1)
    play(s, "nothing")
    assert s.light == 2 and names(s.river)[:5] == [H, E, X, T, L]


@pytest.mark.rules("SW-055")
def test_no_success_no_effect_the_card_still_moves_to_the_end():
    s = situation(river=(L, H, E, X, M))
    act(s, "act:light:top:creature-plain", "roll:2:0:0", 1, 2)
    assert kind(s) == "luma_phase"
    assert names(s.river)[:5] == [H, E, X, M, L]
    assert s.stunned == [] and events(s, "no_effect")


@pytest.mark.rules("SW-051", "SW-052", "SW-101", "S-3")
def test_roll_any_number_of_available_dice_but_at_least_one():
    s = situation()
    s.apply("act:light:bottom")
    assert ids(s) == [f"roll:{k}:0:0" for k in range(1, 6)]
    s = situation(dice=[8] * 5 + [10, 12], dice_used=[False] * 7, faces=[0] * 7)
    s.apply("act:light:bottom")
    assert "roll:0:1:0" in ids(s) and "roll:5:1:1" in ids(s) and "roll:0:0:0" not in ids(s)


@pytest.mark.rules("SW-101", "SW-100", "S-3")
def test_used_dice_are_set_aside_until_the_next_luma_phase():
    s = situation()
    act(s, "act:light:bottom", "roll:3:0:0", 1, 1, 1)
    assert s.dice_used == [True, True, True, False, False]
    s.apply("act:help:bottom")
    assert ids(s) == ["roll:1:0:0", "roll:2:0:0"]
    rig(s, 1, 1)
    s.apply("roll:2:0:0")
    # no dice left: only ending the phase remains
    assert ids(s) == ["end"]
    s = situation([("luma_phase",)], dice_used=[True] * 5, halt=False)
    assert s.dice_used == [False] * 5 and "act:light:bottom" in ids(s)


@pytest.mark.rules("SW-103")
def test_the_luma_phase_may_end_at_any_time():
    s = situation()
    assert "end" in ids(s)
    s.apply("end")
    assert s.phase == "shadow" or s.phase == "luma"
    assert events(s, "phase_end")


@pytest.mark.rules("S-1")
@pytest.mark.parametrize("river, action, size, face, successes", [
    ((L, H, E, X), "light", 8, 3, 1),
    ((L, H, E, X), "heal", 8, 5, 0),
    ((L, H, E, X), "heal", 12, 6, 1),
    ((L, H, E, X), "heal", 12, 5, 0),     # a d12 is no easier: the space's number counts
    ((L, H, E, X), "help", 10, 4, 1),
    ((L, H, E, X), "explore", 8, 4, 0),
])
def test_a_die_succeeds_at_the_number_of_its_cards_space_whatever_its_size(river, action, size, face, successes):
    s = situation(river=river, dice=[8] * 5 + [size], dice_used=[False] * 6, faces=[0] * 6)
    s.apply(f"act:{action}:bottom")
    rig(s, face)
    s.apply(f"roll:0:{int(size == 10)}:{int(size == 12)}" if size != 8 else "roll:1:0:0")
    assert events(s, "roll")[-1]["successes"] == successes


@pytest.mark.rules("SW-068")
def test_crystals_add_successes_only_after_a_success_and_only_from_the_card_in_use():
    s = situation(river=(L, H, E, X, T), crystals={"light": 2, "help": 3})
    act(s, "act:light:top:creature-tough-start", "roll:1:0:0", 3, then=())
    assert kind(s) == "after_roll" and "crystal" in ids(s)
    play(s, "crystal", "crystal")
    assert s.crystals[0] == 0 and s.crystals[1] == 3        # nothing taken from Help
    assert kind(s) == "after_roll" and "crystal" not in ids(s)
    play(s, "resolve")
    assert s.stunned == [cid(T)]                            # 1 rolled + 2 Crystals = 3 icons
    # no success rolled: no Crystal may be spent
    s = situation(river=(L, H, E, X, T), crystals={"light": 3})
    act(s, "act:light:top:creature-tough-start", "roll:1:0:0", 2, then=())
    assert kind(s) == "after_roll" and "crystal" not in ids(s)     # (Luma's reroll is still offered)
    assert ids(s) == ["luma:reroll", "resolve"]


@pytest.mark.rules("SW-069", "SW-067")
def test_an_action_card_holds_at_most_three_crystals():
    s = situation(crystals={"light": 3, "help": 3, "explore": 3})
    act(s, "act:help:bottom", "roll:2:0:0", 4, 4)
    assert s.crystals == [3, 3, 3, 2]          # only Heal had room: no choice to make
    s = situation(crystals={"light": 3, "help": 3, "explore": 3, "heal": 3})
    act(s, "act:help:bottom", "roll:1:0:0", 4)
    assert s.crystals == [3, 3, 3, 3] and events(s, "crystals_lost")


@pytest.mark.rules("SW-070")
def test_crystals_travel_with_their_card_in_the_river():
    s = situation(crystals={"light": 2})
    act(s, "act:light:bottom", "roll:1:0:0", 1)
    v = s.view(0)
    assert v["river"][3] == {"card": "light", "kind": "action", "name": "Light", "crystals": 2, "stunned": False,
                           "threshold": 6}
    assert v["river"][0]["card"] == "help" and v["river"][0]["crystals"] == 0


@pytest.mark.rules("S-1", "SW-101")
def test_the_threshold_stays_that_of_the_space_the_card_was_chosen_on():
    s = situation(river=(H, L, E, X))                   # Help on 3+
    act(s, "act:help:top:help-moves-first-card", "roll:1:0:0", 3)
    # the location pushed Help (the first card) to the end while its action is carried out
    assert kind(s) == "place_crystal" and names(s.river)[:4] == [L, E, X, H]
    assert s.view(0)["roll"]["threshold"] == 3
    play(s, "crystal:light")
    assert names(s.river)[:4] == [L, E, X, H] and s.crystals[0] == 1
