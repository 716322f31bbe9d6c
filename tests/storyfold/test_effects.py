"""The effect primitives and conditions content uses (docs/storyfold-content.md), each carried out
in an exact situation."""
from __future__ import annotations

from typing import Any

import pytest

from woodlands.games.storyfold.conditions import holds
from woodlands.games.storyfold.model import Effect

from .helpers import act, cid, events, ids, kind, names, play, situation

L, H, E, X = "light", "help", "explore", "heal"
M, T = "creature-plain", "creature-tough-start"


def effect(do: str, **params: Any) -> tuple[Any, ...]:
    return ("effect", Effect(do, params), -1)


@pytest.mark.rules("SW-017")
def test_without_brom_on_his_space_the_last_shadow_card_is_simply_drawn():
    s = situation([("draw_shadow",)], shadow_deck=[cid("shadow-lose-spirit")], brom_present=False)
    assert s.shadow_discard == [cid("shadow-lose-spirit")] and s.spirit_left() == 10


def test_return_brom_puts_him_back_on_his_first_side():
    s = situation([effect("return_brom")], brom_present=False, luma_side=1)
    assert s.brom_present and s.brom_side == 0 and s.luma_side == 0


@pytest.mark.rules("SW-026")
def test_gain_card_puts_an_explore_card_from_anywhere_on_a_boon_space():
    s = situation([effect("gain_card", card="companion-fox")], explore_deck=[cid("companion-fox"), cid("boon-reroll")])
    assert s.boons == [cid("companion-fox")] and s.explore_deck == [cid("boon-reroll")]


@pytest.mark.rules("SW-025")
def test_add_to_explore_takes_a_card_from_the_box_only():
    s = situation([effect("add_to_explore", card="trauma-max-dice", shuffle=False)], explore_deck=[cid("boon-reroll")])
    assert s.explore_deck == [cid("boon-reroll"), cid("trauma-max-dice")]           # on top
    s = situation([effect("add_to_explore", card="boon-reroll", shuffle=True)], explore_discard=[cid("boon-reroll")])
    assert s.explore_deck == [] and s.explore_discard == [cid("boon-reroll")]       # not in the box: nothing


def test_flags_are_remembered_and_tested():
    s = situation([effect("set_flag", flag="met-the-owl")])
    assert s.flags == ["met-the-owl"] and holds(s, (("flag", "met-the-owl"),))
    assert not holds(s, (("not_flag", "met-the-owl"),))
    play_clear = situation([effect("clear_flag", flag="met-the-owl")], flags=["met-the-owl"])
    assert play_clear.flags == []


def test_an_effect_whose_condition_fails_does_nothing():
    e = Effect("lose_spirit", {"amount": 3}, (("flag", "never"),))
    s = situation([("effect", e, -1)])
    assert s.spirit_left() == 11 and events(s, "effect_skipped")


@pytest.mark.rules("SW-043", "SW-040")
def test_spirit_loss_ongoing_effect_makes_every_creature_cost_more():
    s = situation([("activate_all", 0)], river=(L, H, E, X, M, "creature-ongoing-spirit-loss"))
    assert s.spirit_left() == 11 - 2 - 2


@pytest.mark.rules("SW-043", "SW-003")
def test_creature_icons_ongoing_effect_makes_every_creature_harder():
    s = situation(river=(L, H, E, X, M, "creature-ongoing-icons"))
    labels = {o.id: o.label for o in s.decision.options}
    assert labels["act:light:top:creature-plain"].endswith("(needs 2)")
    act(s, "act:light:top:creature-plain", "roll:1:0:0", 8)
    assert kind(s) == "fallback"


@pytest.mark.rules("SW-032", "SW-068")
def test_no_crystal_spend_ongoing_effect_forbids_crystals_for_successes():
    s = situation(boons=[cid("trauma-no-crystals")], crystals={"light": 2})
    act(s, "act:light:bottom", "roll:1:0:0", 3, then=())
    assert "crystal" not in ids(s)


def test_lose_crystals_asks_which_card_when_there_is_a_choice():
    s = situation([effect("lose_crystals", amount=2)], crystals={"light": 2, "heal": 1})
    assert kind(s) == "lose_crystal"
    play(s, "crystal:heal")           # then only Light holds Crystals: the second goes from it
    assert s.crystals == [1, 0, 0, 0] and kind(s) == "luma_phase"
    s = situation([effect("lose_crystals", amount=5)], crystals={"light": 2, "heal": 1})
    assert s.crystals == [0, 0, 0, 0] and kind(s) == "luma_phase"      # all lost: nothing to choose


@pytest.mark.rules("SW-048")
def test_move_action_swaps_an_action_card_with_its_neighbour():
    s = situation([effect("move_action", direction="left")])
    assert kind(s) == "choose_action_card" and ids(s) == ["action:help", "action:explore", "action:heal"]
    play(s, "action:heal")
    assert names(s.river)[:4] == [L, H, X, E]


@pytest.mark.rules("SW-045")
def test_action_to_end_moves_the_chosen_or_first_card():
    s = situation([effect("action_to_end", action="first")])
    assert names(s.river)[:4] == [H, E, X, L]
    s = situation([effect("action_to_end", action="choose")])
    play(s, "action:help")
    assert names(s.river)[:4] == [L, E, X, H]


def test_discard_creature_last_and_blind_choice():
    s = situation([effect("discard_creature", which="last")], river=(L, H, E, X, M, T))
    assert s.creature_discard == [cid(T)]
    s = situation([effect("blind")], river=(L, H, E, X, T, M))
    assert kind(s) == "choose_creature"
    play(s, "creature:creature-tough-start")
    assert names(s.river)[4:6] == [M, T] and s.stunned == [cid(T)]


def test_max_dice_in_play():
    from woodlands.games.storyfold import ongoing
    assert ongoing.max_dice(situation(boons=[cid("trauma-max-dice")])) == 2
    assert ongoing.max_dice(situation()) == 99


def test_draw_counts_and_place_creature():
    s = situation([effect("draw_creature", count=2)], creature_deck=[cid(M), cid("creature-space-2")])
    assert names(s.river)[:6] == [L, "creature-space-2", H, E, X, M]
    s = situation([effect("place_creature", card=T, space=3)], creature_discard=[cid(T)])
    assert names(s.river)[:5] == [L, H, T, E, X] and s.creature_discard == []


def test_after_roll_reroll_boon_rerolls_up_to_its_count():
    s = situation(boons=[cid("boon-reroll")])
    act(s, "act:light:bottom", "roll:2:0:0", 1, 1, then=())
    from .helpers import rig
    rig(s, 5, 6)
    play(s, "boon:boon-reroll", "die:0", "die:1")
    assert events(s, "roll")[-1]["faces"] == [5, 6] and s.light == 4
