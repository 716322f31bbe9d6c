"""Readings adopted from play (ruling S-10), one test each."""
from __future__ import annotations

import pytest

from .helpers import C, act, cid, events, ids, kind, play, situation

L, H, E, X = "light", "help", "explore", "heal"


@pytest.mark.rules("S-10", "SW-016", "SW-022")
def test_luma_and_brom_icons_are_paid_with_crystals():
    assert "brom:spirit" not in ids(situation(brom_side=1, crystals={"light": 1}))   # Tend costs 2
    s = situation(brom_side=1, crystals={"light": 1, "help": 2}, spirit_pos=6)
    play(s, "brom:spirit")
    assert kind(s) == "pay_crystal"                          # which Action card pays: asked
    play(s, "crystal:help", "crystal:light")
    assert s.crystals == [0, 1, 0, 0] and s.spirit_pos == 4
    # Luma alone: paid from the Action card being carried out
    s = situation(luma_side=1, crystals={"help": 1})
    act(s, "act:light:bottom", "roll:1:0:0", 1, then=())
    assert "luma:reroll" not in ids(s)
    s = situation(luma_side=1, crystals={"light": 1})
    act(s, "act:light:bottom", "roll:1:0:0", 1, then=())
    assert "luma:reroll" in ids(s)
    play(s, "luma:reroll")
    assert s.crystals[C.actions.index(cid("light"))] == 0


@pytest.mark.rules("S-10", "SW-026", "SW-028")
def test_companions_sit_on_boon_spaces_and_are_used_like_boons():
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("companion-owl")], spirit_pos=5)
    assert s.boons == [cid("companion-owl")]
    assert "boon:companion-owl" in ids(s)
    play(s, "boon:companion-owl")
    assert s.spirit_pos == 3 and s.boons == [] and s.explore_discard == [cid("companion-owl")]
    # a Companion's ongoing effect holds while it is on a Boon space, as a Boon's does
    s = situation(boons=[cid("companion-fox")])
    act(s, "act:light:bottom", "roll:1:0:0", 2, then=())
    assert events(s, "roll")[-1]["threshold"] == 2           # 3+ less one
    # and it can be discarded (or used) to make room, as a Boon can
    full = [cid("companion-fox"), cid("boon-reroll"), cid("companion-owl")]
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("boon-gain-spirit")], boons=full)
    assert {"discard:companion-fox", "discard:companion-owl", "use:companion-owl"} <= set(ids(s))


@pytest.mark.rules("S-10", "SW-075", "SW-105")
def test_a_stun_token_is_removed_after_its_creatures_after_activating_effect():
    s = situation([("activate_all", 0)], river=(L, H, E, X, "creature-after-shadow"),
                  stunned=[cid("creature-after-shadow")], spirit_pos=1)
    order = [e["type"] for e in events(s) if e["type"] in ("activate", "effect", "shadow", "stun_removed", "spirit")]
    assert order.index("shadow") < order.index("stun_removed")
    assert "spirit" not in order and s.spirit_pos == 1 and s.stunned == []


@pytest.mark.rules("S-10", "SW-033", "SW-029")
def test_an_empty_shadow_deck_is_reshuffled_from_its_discard_pile():
    s = situation(["draw_shadow"], shadow_deck=[], shadow_discard=[cid("shadow-light-back"), cid("shadow-lose-spirit")],
                  light=3)
    assert [e["deck"] for e in events(s, "reshuffle")] == ["shadow"]
    drawn = [e["card"] for e in events(s, "draw")]
    assert len(drawn) == 1 and len(s.shadow_deck) == 1 and s.shadow_discard == [cid(drawn[0])]


@pytest.mark.rules("S-10", "SW-017")
@pytest.mark.parametrize("scene, mode", [("scene-final", "new_chapter"), ("scene-light-goal", "restart")])
def test_brom_returns_at_the_start_of_every_chapter(scene, mode):
    s = situation([("open_scene", C.scene_by_id[scene], mode)], brom_present=False, brom_side=1, luma_side=1,
                  halt=False)
    assert s.brom_present and s.brom_side == 0 and s.luma_side == 0
    brom = s.view(0)["brom"]
    assert (brom["present"], brom["side"], brom["name"]) == (True, C.brom.sides[0].id, C.brom.sides[0].name)


@pytest.mark.rules("S-10", "SW-028", "SW-031")
def test_a_trauma_cannot_be_discarded_to_make_room():
    full = [cid("trauma-max-dice"), cid("boon-reroll"), cid("trauma-no-crystals")]
    s = situation([("draw_explore", "resolve")], explore_deck=[cid("boon-gain-spirit")], boons=full)
    assert kind(s) == "make_room"
    assert not [o for o in ids(s) if "trauma" in o]
    for bad in ("discard:trauma-max-dice", "use:trauma-no-crystals"):
        with pytest.raises(Exception, match="legal now"):
            s.apply(bad)
