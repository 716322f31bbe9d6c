"""Luma & Brom, Explore, Shadow, Story and Creature cards, Spirit and Stun tokens
(SW-014..SW-043, SW-071..SW-076, SW-104..SW-106; ruling S-4, S-5)."""
from __future__ import annotations

import pytest

from .helpers import act, cid, events, ids, kind, names, play, rig, situation

L, H, E, X = "light", "help", "explore", "heal"
M, T = "creature-plain", "creature-tough-start"


# ------------------------------------------------------------------ Luma & Brom
@pytest.mark.rules("SW-016", "SW-053")
def test_luma_and_brom_reroll_spends_crystals_from_any_action_card():
    s = situation(crystals={"heal": 2})
    act(s, "act:light:bottom", "roll:2:0:0", 1, 2, then=())
    assert "luma:reroll" in ids(s)
    rig(s, 7)
    play(s, "luma:reroll")                       # paid from Heal: the only card with Crystals
    assert kind(s) == "reroll"
    play(s, "die:1")
    assert s.crystals == [0, 0, 0, 1]
    assert [s.faces[d] for d in s.rolled] == [1, 7]
    assert s.successes() == 1
    rig(s, 8)
    play(s, "luma:reroll", "die:1")              # again, the same die
    assert s.crystals == [0, 0, 0, 0]
    # no Crystal left to pay with and nothing else to do after the roll: the effect is carried out
    assert events(s, "roll")[-1]["faces"] == [1, 8] and s.light == 3


@pytest.mark.rules("SW-018")
def test_the_luma_side_rerolls_for_one_crystal_each():
    s = situation(crystals={"light": 2, "heal": 3}, luma_side=1)
    act(s, "act:light:bottom", "roll:1:0:0", 1, then=())
    rig(s, 2)
    play(s, "luma:reroll", "die:0")
    assert s.crystals[0] == 1                    # our pack's Luma side pays from the card in use
    rig(s, 5)
    play(s, "luma:reroll", "die:0")
    # Light has no Crystal left, so Luma cannot pay again (Heal's do not count on this side)
    assert s.crystals == [0, 0, 0, 3] and events(s, "roll")[-1]["successes"] == 1 and s.light == 3


@pytest.mark.rules("SW-017", "SW-034")
def test_brom_may_go_to_the_shadow_discard_instead_of_the_last_shadow_card_once_per_chapter():
    last = cid("shadow-lose-spirit")
    s = situation([("draw_shadow",)], shadow_deck=[last], halt=True)
    assert kind(s) == "last_shadow" and ids(s) == ["luma:spare-last-shadow", "draw"]
    play(s, "luma:spare-last-shadow")
    assert not s.brom_present and s.luma_side == 1
    assert s.shadow_deck == [last] and s.spirit_left() == 11
    assert s.view(0)["discards"]["shadow"] == ["brom"]
    assert s.uses_this_chapter == ["luma:spare-last-shadow"]
    # on the Luma side there is no such use: the card is drawn
    s2 = situation([("draw_shadow",)], shadow_deck=[last], luma_side=1)
    assert s2.shadow_discard == [last] and s2.spirit_left() == 10
    # once per chapter: even back on the first side, a second time is refused
    s3 = situation([("draw_shadow",)], shadow_deck=[last], uses_this_chapter=["luma:spare-last-shadow"])
    assert s3.shadow_discard == [last]


@pytest.mark.rules("SW-021", "SW-020")
def test_brom_protect_blinds_a_creature_for_one_crystal_then_turns_to_tend():
    s = situation(river=(L, H, E, X, M, T), crystals={"help": 1})
    assert "brom:blind" in ids(s)
    play(s, "brom:blind")
    assert kind(s) == "choose_creature"
    play(s, "creature:creature-plain")
    assert names(s.river)[:6] == [L, H, E, X, T, M] and s.stunned == [cid(M)]
    assert s.crystals == [0, 0, 0, 0] and s.brom_side == 1


@pytest.mark.rules("SW-022", "SW-020")
def test_brom_tend_gives_two_spirit_for_two_crystals_then_turns_to_protect():
    s = situation(brom_side=1, spirit_pos=7, crystals={"light": 1, "heal": 2})
    play(s, "brom:spirit")
    assert kind(s) == "pay_crystal"              # two cards hold Crystals: which one pays?
    play(s, "crystal:heal", "crystal:light")
    assert s.crystals == [0, 0, 0, 1] and s.spirit_pos == 5 and s.brom_side == 0


@pytest.mark.rules("SW-020", "SW-022")
def test_brom_cannot_be_used_without_the_crystals_or_when_he_is_gone():
    assert "brom:spirit" not in ids(situation(brom_side=1, crystals={"light": 1}))
    assert "brom:blind" not in ids(situation(river=(L, H, E, X, M), crystals={"light": 1}, brom_present=False))


# ------------------------------------------------------------------ Explore cards
@pytest.mark.rules("SW-026", "S-5")
def test_a_drawn_boon_goes_to_an_empty_boon_space_and_is_used_in_the_luma_phase():
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("boon-gain-spirit")], spirit_pos=5)
    assert s.boons == [cid("boon-gain-spirit")]
    assert "boon:boon-gain-spirit" in ids(s)
    play(s, "boon:boon-gain-spirit")
    assert s.spirit_pos == 3 and s.boons == [] and s.explore_discard == [cid("boon-gain-spirit")]


@pytest.mark.rules("SW-026", "S-12")
def test_a_boon_whose_window_is_after_a_roll_is_offered_only_then():
    s = situation(boons=[cid("boon-add-success")])
    assert "boon:boon-add-success" not in ids(s)
    act(s, "act:light:bottom", "roll:1:0:0", 5, then=())
    assert "boon:boon-add-success" in ids(s)
    play(s, "boon:boon-add-success")            # nothing else to do after the roll: carried out
    assert s.light == 4                         # 1 from the die, 1 from the Boon
    # S-12: after a roll with no success it is not offered, and the action passes with no effect
    s = situation(boons=[cid("boon-add-success")])
    act(s, "act:light:bottom", "roll:1:0:0", 1, then=())
    assert kind(s) == "luma_phase" and s.light == 2 and s.boons == [cid("boon-add-success")]


@pytest.mark.rules("SW-028", "S-5")
def test_with_all_three_boon_spaces_full_a_card_is_used_or_discarded_to_make_room():
    full = [cid("boon-add-success"), cid("boon-reroll"), cid("trauma-max-dice")]
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("boon-gain-spirit")], boons=full, spirit_pos=4)
    assert kind(s) == "make_room"
    # the Trauma cannot go; a Boon that needs a roll can only be discarded; the new one may be used
    assert ids(s) == ["discard:boon-add-success", "discard:boon-reroll", "use:boon-gain-spirit",
                      "discard:boon-gain-spirit"]
    play(s, "use:boon-gain-spirit")
    assert s.boons == full and s.spirit_pos == 2
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("boon-gain-spirit")], boons=full)
    play(s, "discard:boon-reroll")
    assert s.boons == [cid("boon-add-success"), cid("trauma-max-dice"), cid("boon-gain-spirit")]
    assert s.explore_discard == [cid("boon-reroll")]


@pytest.mark.rules("SW-027")
def test_a_drawn_bane_is_carried_out_and_discarded():
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("bane-lose-spirit")])
    assert s.spirit_left() == 9 and s.explore_discard == [cid("bane-lose-spirit")] and s.boons == []


@pytest.mark.rules("SW-029")
def test_an_empty_explore_deck_is_replaced_by_its_shuffled_discard_pile():
    s = situation([("draw_explore", "resolve")], explore_discard=[cid("boon-gain-spirit"), cid("boon-reroll")])
    assert events(s, "reshuffle")[0]["deck"] == "explore"
    assert len(s.boons) == 1 and len(s.explore_deck) == 1 and s.explore_discard == []


@pytest.mark.rules("SW-025")
def test_story_effects_add_companions_and_traumas_to_the_explore_deck():
    s = situation([("story_card", cid("story-add-trauma"))], chapter_deck=[cid("story-add-trauma")],
                  explore_deck=[cid("boon-reroll")])
    assert sorted(s.explore_deck) == sorted([cid("boon-reroll"), cid("trauma-max-dice")])


@pytest.mark.rules("SW-030", "SW-070")
def test_boon_cards_and_crystals_stay_when_the_scene_changes():
    s = situation(scene="scene-locations", boons=[cid("boon-reroll"), cid("trauma-max-dice")],
                  crystals={"explore": 2}, light=5, visited=("help-one-dot", "explore-chain-a"))
    act(s, "act:explore:top:explore-chain-b", "roll:2:0:0", 5, 5)
    assert kind(s) == "scene_break"
    assert s.boons == [cid("boon-reroll"), cid("trauma-max-dice")] and s.crystals == [0, 0, 2, 0]


@pytest.mark.rules("SW-031")
def test_a_trauma_stays_until_the_heal_action_removes_it():
    s = situation(river=(X, L, H, E), boons=[cid("trauma-max-dice")])
    assert "act:heal:top:trauma-max-dice" in ids(s)
    act(s, "act:heal:top:trauma-max-dice", "roll:2:0:0", 3, 3)
    assert s.boons == [] and s.explore_discard == [cid("trauma-max-dice")]


@pytest.mark.rules("SW-032", "SW-052")
def test_an_italic_effect_holds_while_its_card_is_in_play():
    s = situation(boons=[cid("trauma-max-dice")])
    s.apply("act:light:bottom")
    assert ids(s) == ["roll:1:0:0", "roll:2:0:0"]
    s = situation(boons=[cid("companion-fox")])           # every die needs one less
    act(s, "act:help:bottom", "roll:1:0:0", 3)
    assert events(s, "roll")[0]["threshold"] == 3 and events(s, "roll")[0]["successes"] == 1


# ------------------------------------------------------------------ Shadow and Story cards
@pytest.mark.rules("SW-034")
def test_a_shadow_card_is_carried_out_and_laid_face_up_on_its_discard_pile():
    s = situation([("draw_shadow",)], shadow_deck=[cid("shadow-light-back"), cid("shadow-lose-spirit")], light=3)
    assert s.spirit_left() == 10 and s.shadow_discard == [cid("shadow-lose-spirit")]
    assert s.shadow_drawn == 1


@pytest.mark.rules("SW-036", "SW-037", "SW-051", "S-3")
def test_a_story_card_is_searched_for_carried_out_and_returned_to_the_box():
    s = situation([("story_card", cid("story-grant-d10"))],
                  chapter_deck=[cid("story-keep"), cid("story-grant-d10"), cid("story-add-trauma")])
    assert s.dice == [8, 8, 8, 8, 8, 10]
    assert s.chapter_deck == [cid("story-keep"), cid("story-add-trauma")]
    assert events(s, "story")[0]["found"]


@pytest.mark.rules("SW-037")
def test_a_story_card_that_says_so_goes_back_to_the_chapter_deck():
    s = situation([("story_card", cid("story-keep"))], chapter_deck=[cid("story-keep")])
    play(s, "crystal:light")
    assert s.crystals[0] == 1 and s.chapter_deck == [cid("story-keep")]


# ------------------------------------------------------------------ creatures
@pytest.mark.rules("SW-039")
def test_a_drawn_creature_is_placed_then_its_immediately_effect_happens():
    s = situation([("draw_creature",)], creature_deck=[cid("creature-immediate-spirit")])
    assert names(s.river)[4] == "creature-immediate-spirit" and s.spirit_left() == 10


@pytest.mark.rules("SW-040", "SW-104", "SW-105", "SW-106")
def test_creatures_activate_left_to_right_losing_spirit_then_their_after_activating_effect():
    s = situation([("activate_all", 0)], river=(L, H, E, X, "creature-after-shadow", M))
    acts = [e["card"] for e in events(s, "activate")]
    assert acts == ["creature-after-shadow", M]
    assert s.spirit_left() == 9 and s.shadow == 8


@pytest.mark.rules("SW-075", "SW-105")
def test_a_stunned_creature_costs_no_spirit_but_still_acts_and_loses_the_token():
    s = situation([("activate_all", 0)], river=(L, H, E, X, "creature-after-shadow"),
                  stunned=[cid("creature-after-shadow")])
    assert s.spirit_left() == 11 and s.shadow == 8 and s.stunned == []


@pytest.mark.rules("SW-041")
def test_an_empty_creature_deck_is_replaced_by_its_shuffled_discard_pile():
    s = situation([("draw_creature",)], creature_discard=[cid(M)])
    assert names(s.river)[4] == M and events(s, "reshuffle")[0]["deck"] == "creature"


@pytest.mark.rules("SW-042")
def test_a_creature_discarded_by_an_effect_gives_no_crystals():
    s = situation([("discard_creature", "first")], river=(L, H, E, X, T))
    assert s.creature_discard == [cid(T)] and s.crystals == [0, 0, 0, 0] and kind(s) == "luma_phase"


@pytest.mark.rules("SW-043", "S-1")
def test_a_creatures_italic_effect_holds_while_it_is_in_the_river():
    s = situation(river=(L, H, E, X, "creature-ongoing-threshold"))
    act(s, "act:light:bottom", "roll:1:0:0", 3)
    assert events(s, "roll")[0]["threshold"] == 4 and s.light == 2


# ------------------------------------------------------------------ Spirit
@pytest.mark.rules("SW-072", "S-4")
def test_gaining_spirit_past_the_leftmost_space_is_lost():
    s = situation([("gain_spirit", 5)], spirit_pos=3)
    assert s.spirit_pos == 1 and s.spirit_left() == 11


@pytest.mark.rules("SW-073", "S-4")
@pytest.mark.parametrize("pos, lose, after, shadow_cards", [
    (1, 3, 4, 0),
    (10, 2, 12, 0),       # exactly down to the last space: no overflow
    (10, 3, 2, 1),        # 2 to the end, back to the start, 1 more; then a Shadow card
    (12, 1, 2, 1),
])
def test_losing_more_spirit_than_you_have_starts_over_and_draws_a_shadow_card(pos, lose, after, shadow_cards):
    s = situation([("lose_spirit", lose, "test")], spirit_pos=pos,
                  shadow_deck=[cid("shadow-light-back"), cid("shadow-light-back") - 0], light=3)
    assert s.spirit_pos == after
    assert s.shadow_drawn == shadow_cards


@pytest.mark.rules("SW-010", "SW-027")
def test_banes_drawn_together_are_carried_out_in_the_order_drawn():
    s = situation(explore_deck=[cid("bane-shadow"), cid("bane-lose-spirit")])
    act(s, "act:explore:bottom", "roll:2:0:0", 5, 6)
    order = [e["source"] for e in events(s, "effect")]
    assert order == ["bane-lose-spirit", "bane-shadow"]      # the top card (drawn first) first
    assert s.spirit_left() == 9 and s.shadow == 8


@pytest.mark.rules("SW-075")
def test_the_stun_token_goes_back_after_the_after_activating_effect():
    s = situation([("activate_all", 0)], river=(L, H, E, X, "creature-after-shadow"),
                  stunned=[cid("creature-after-shadow")])
    order = [e["type"] for e in events(s) if e["type"] in ("shadow", "stun_removed")]
    assert order == ["shadow", "stun_removed"]


@pytest.mark.rules("SW-026", "SW-028")
def test_making_room_outside_the_luma_phase_a_luma_phase_boon_can_only_be_discarded():
    full = [cid("boon-add-success"), cid("boon-reroll"), cid("boon-gain-spirit")]
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("companion-fox")], boons=full, phase="shadow")
    assert kind(s) == "make_room"
    assert not [o for o in ids(s) if o.startswith("use:")]
