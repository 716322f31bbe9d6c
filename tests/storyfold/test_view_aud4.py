"""Observability (AUD-4): a program can check the rules from the view and the log without
reading card text: ongoing effects, the scene goal, each location's condition, once-per-chapter
uses spent, and natural vs bonus successes."""
from __future__ import annotations

import random

import pytest

from .helpers import GAME, act, cid, events, play, situation

L, H, E, X = "light", "help", "explore", "heal"


@pytest.mark.rules("AUD-4", "SW-032", "SW-043", "S-1")
def test_the_view_shows_every_ongoing_effect_in_play_as_data():
    s = situation(river=(L, H, E, X, "creature-ongoing-threshold", "creature-ongoing-icons",
                         "creature-ongoing-spirit-loss"),
                  boons=[cid("trauma-max-dice"), cid("companion-fox"), cid("trauma-no-crystals")])
    on = s.view(0)["ongoing"]
    assert on["threshold"] == 0                       # +1 (Fog beast) - 1 (Fox)
    assert on["max_dice"] == 2 and on["creature_icons"] == 1 and on["spirit_loss"] == 1
    assert on["no_crystal_spend"] is True
    assert {(e["card"], e["do"], e["amount"], e["where"]) for e in on["effects"]} == {
        ("creature-ongoing-threshold", "threshold", 1, "river"),
        ("creature-ongoing-icons", "creature_icons", 1, "river"),
        ("creature-ongoing-spirit-loss", "spirit_loss", 1, "river"),
        ("trauma-max-dice", "max_dice", 2, "boons"),
        ("companion-fox", "threshold", -1, "boons"),
        ("trauma-no-crystals", "no_crystal_spend", None, "boons"),
    }
    # what each creature needs and costs, after the modifiers
    river = {r["card"]: r for r in s.view(0)["river"] if r}
    assert river["creature-ongoing-threshold"]["icons_needed"] == 3           # 2 + 1
    assert river["creature-ongoing-icons"]["spirit_loss"] == 1                # 0 + 1
    # the threshold of each numbered space, as an action chosen now would need
    assert [r["threshold"] for r in s.view(0)["river"][:4]] == [3, 4, 5, 6]
    quiet = situation().view(0)["ongoing"]
    assert quiet == {"effects": [], "threshold": 0, "max_dice": None, "creature_icons": 0, "spirit_loss": 0,
                     "no_crystal_spend": False}


@pytest.mark.rules("AUD-4", "SW-078")
def test_the_view_shows_the_scene_goal_as_data_and_whether_it_holds():
    s = situation(scene="scene-light-goal", light=2)
    v = s.view(0)
    assert v["goal_condition"] == {"light_at_middle": True} and v["goal_holds"] is False
    s = situation(scene="scene-locations")
    assert s.view(0)["goal_condition"] == {"visited": "explore-chain-b"}


@pytest.mark.rules("AUD-4", "SW-059")
def test_each_location_shows_its_condition_as_data_and_whether_it_holds():
    s = situation(scene="scene-locations")
    locs = {loc["id"]: loc for loc in s.view(0)["locations"]}
    assert locs["help-conditional"]["condition_data"] == {"visited": "help-one-dot"}
    assert locs["help-conditional"]["condition_holds"] is False
    assert locs["help-one-dot"]["condition_data"] is None and locs["help-one-dot"]["condition_holds"] is True
    s = situation(scene="scene-locations", visited=("help-one-dot",))
    assert {loc["id"]: loc for loc in s.view(0)["locations"]}["help-conditional"]["condition_holds"] is True


@pytest.mark.rules("AUD-4", "SW-017")
def test_the_view_shows_the_once_per_chapter_uses_spent():
    s = situation(["draw_shadow"], shadow_deck=[cid("shadow-light-back")], light=3)
    v = s.view(0)
    use = {u["id"]: u for u in v["luma"]["uses"]}["spare-last-shadow"]
    assert use["once_per_chapter"] is True and use["spent"] is False and use["window"] == "last_shadow"
    assert v["uses_this_chapter"] == []
    play(s, "luma:spare-last-shadow")
    v = s.view(0)
    assert v["uses_this_chapter"] == ["luma:spare-last-shadow"]
    # Luma turned over: the side up now has its own uses; the spent one is listed as spent
    assert all(not u["spent"] for u in v["luma"]["uses"] if u["id"] != "spare-last-shadow")
    brom = situation(brom_side=1).view(0)["brom"]
    assert [(u["id"], u["cost"], u["spent"]) for u in brom["uses"]] == [("spirit", 2, False)]
    assert situation(brom_present=False).view(0)["brom"]["uses"] == []


@pytest.mark.rules("AUD-4", "SW-053")
def test_a_roll_shows_natural_and_bonus_successes_in_the_view_and_the_log():
    s = situation(boons=[cid("boon-add-success")])
    act(s, "act:light:bottom", "roll:2:0:0", 5, 1, then=())
    roll = s.view(0)["roll"]
    assert (roll["natural_successes"], roll["bonus_successes"], roll["successes"]) == (1, 0, 1)
    assert events(s, "roll")[-1]["successes"] == 1 and events(s, "roll")[-1]["bonus"] == 0
    play(s, "boon:boon-add-success")
    # the bonus is told in the log; a view taken before the action ends shows it too
    added = events(s, "successes_added")[-1]
    assert (added["amount"], added["natural"], added["total"]) == (1, 1, 2)


@pytest.mark.rules("AUD-4")
def test_the_new_view_fields_are_there_at_every_decision_of_a_random_game():
    s = GAME.new_game(seed=7, options={"scene_limit": 10})
    r = random.Random(7)
    while not s.is_over:
        v = s.view(0)
        assert set(v["ongoing"]) == {"effects", "threshold", "max_dice", "creature_icons", "spirit_loss",
                                     "no_crystal_spend"}
        assert isinstance(v["goal_condition"], dict) and v["goal_holds"] in (True, False, None)
        assert all("condition_data" in loc and "condition_holds" in loc for loc in v["locations"])
        if v["roll"]:
            assert v["roll"]["successes"] == v["roll"]["natural_successes"] + v["roll"]["bonus_successes"]
            # natural successes read from the view's own dice and threshold (S-1), not from the sum above
            assert v["roll"]["natural_successes"] == sum(d["face"] >= v["roll"]["threshold"] for d in v["roll"]["dice"])
        s.apply(r.choice(s.decision.ids))


@pytest.mark.rules("AUD-4", "SW-053")
def test_the_narrator_tells_natural_and_bonus_successes_apart():
    from woodlands.games.storyfold.present.words import StoryfoldNarrator
    s = situation(boons=[cid("boon-add-success")], luma_side=0, crystals={"help": 1})
    act(s, "act:light:bottom", "roll:2:0:0", 5, 1, then=())
    play(s, "boon:boon-add-success")
    narrator = StoryfoldNarrator(GAME)
    added = narrator.line(events(s, "successes_added")[-1])
    assert "now 2" in added and "1 from the dice" in added
    reroll = dict(events(s, "roll")[-1], reroll=True, die=8, was=1, bonus=1)
    assert "plus 1 from cards (2 in all)" in narrator.line(reroll)
