"""Locations, the Wildwoods track, the Shadow Phase, the end of a scene, changing scenes and the
campaign (SW-056..SW-065, SW-077..SW-080, SW-104..SW-115; rulings S-4, S-6, S-8)."""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.engine.errors import GameOptionError

from .helpers import GAME, PACK, act, cid, events, ids, kind, names, play, situation

L, H, E, X = "light", "help", "explore", "heal"
M, T = "creature-plain", "creature-tough-start"


# ------------------------------------------------------------------ locations
@pytest.mark.rules("SW-057")
def test_a_progress_location_needs_the_light_on_the_middle_space():
    assert "act:help:top:help-progress" not in ids(situation(light=4))
    assert "act:help:top:help-progress" in ids(situation(light=5))
    with pytest.raises(woodlands.IllegalAction, match="SW-057"):
        situation(light=4).apply("act:help:top:help-progress")


@pytest.mark.rules("SW-058")
def test_locations_joined_by_a_line_are_visited_left_to_right():
    assert "act:explore:top:explore-chain-b" not in ids(situation())
    assert "act:explore:top:explore-chain-b" in ids(situation(visited=("explore-chain-a",)))
    with pytest.raises(woodlands.IllegalAction, match="SW-058"):
        situation().apply("act:explore:top:explore-chain-b")


@pytest.mark.rules("SW-059")
def test_a_location_with_a_condition_needs_it_met():
    assert "act:help:top:help-conditional" not in ids(situation())
    assert "act:help:top:help-conditional" in ids(situation(visited=("help-one-dot",)))


@pytest.mark.rules("SW-060")
def test_a_location_with_a_marker_cannot_be_visited_again():
    s = situation(visited=("help-one-dot",))
    assert "act:help:top:help-one-dot" not in ids(s)
    with pytest.raises(woodlands.IllegalAction, match="SW-060"):
        s.apply("act:help:top:help-one-dot")


# ------------------------------------------------------------------ the Wildwoods track
@pytest.mark.rules("SW-062", "SW-065", "S-4")
@pytest.mark.parametrize("step, start, after", [
    (("move_light", 2), 2, 4),
    (("move_light", 9), 2, 5),        # never past the middle (5 of 9)
    (("move_light", -3), 3, 1),       # never past the left end
    (("shadow_back", 3), 7, 9),       # never past the right end
])
def test_markers_move_toward_or_away_from_the_middle_within_the_track(step, start, after):
    field = "light" if step[0] == "move_light" else "shadow"
    s = situation([step], **{field: start})
    assert getattr(s, field) == after


@pytest.mark.rules("SW-063", "SW-109", "SW-108")
def test_advancing_the_shadow_onto_icons_carries_them_out_left_to_right():
    s = situation([("advance_shadow", 1)], scene="scene-light-goal", creature_deck=[cid(M)])
    assert s.shadow == 6
    order = [e["type"] for e in events(s) if e["type"] in ("shadow_effect", "draw", "spirit")]
    assert order == ["shadow_effect", "draw", "shadow_effect", "spirit"]
    assert names(s.river)[4] == M and s.spirit_left() == 10


@pytest.mark.rules("SW-064")
def test_moving_the_shadow_back_carries_out_no_shadow_effects():
    s = situation([("shadow_back", 1)], scene="scene-light-goal", shadow=5, creature_deck=[cid(M)])
    assert s.shadow == 6 and not events(s, "shadow_effect") and s.spirit_left() == 11


# ------------------------------------------------------------------ Shadow Phase and end of scene
@pytest.mark.rules("SW-104", "SW-107", "SW-108")
def test_the_shadow_phase_activates_creatures_then_advances_the_shadow_one_space():
    s = situation(river=(L, H, E, X, M))
    s.apply("end")
    kinds = [e["type"] for e in events(s) if e["type"] in ("activate", "shadow", "phase")]
    assert kinds == ["phase", "activate", "shadow", "phase"]
    assert s.shadow == 8 and s.spirit_left() == 10 and kind(s) == "luma_phase"


@pytest.mark.rules("SW-078", "SW-113", "SW-114")
def test_luma_prevails_as_soon_as_the_goal_is_met():
    s = situation(light=5, visited=("explore-chain-a",), explore_deck=[cid("boon-reroll")], crystals={"heal": 1})
    act(s, "act:explore:top:explore-chain-b", "roll:2:0:0", 5, 6)
    end = events(s, "scene_end")
    assert end and end[0]["prevails"] == "luma"
    assert kind(s) == "scene_break" and ids(s) == ["open:scene-final"]
    # the location's effect came first (it drew the Boon), then the scene ended
    assert s.boons == [cid("boon-reroll")]


@pytest.mark.rules("SW-079", "SW-080")
def test_the_shadow_prevails_when_its_marker_reaches_the_middle_even_with_the_light_there():
    s = situation(light=5, shadow=6)
    s.apply("end")
    assert events(s, "scene_end")[0]["prevails"] == "shadow"
    assert not s.is_over and kind(s) == "scene_break"      # the adventure goes on


@pytest.mark.rules("SW-110", "SW-111", "SW-112", "SW-070")
def test_changing_scenes_discards_creatures_cleans_up_and_removes_markers():
    s = situation(river=(M, L, H, E, X, T), shadow=6, stunned=[cid(T)], visited=("help-one-dot",),
                  crystals={"help": 2})
    s.apply("end")
    assert kind(s) == "scene_break"
    assert names(s.river) == [L, H, E, X, None, None, None]
    assert sorted(s.creature_discard) == sorted([cid(M), cid(T)]) and s.stunned == []
    assert s.visited == [False] * 6 and s.crystals == [0, 2, 0, 0]


@pytest.mark.rules("SW-113", "SW-115")
def test_opening_the_next_scene_runs_its_setup_then_a_luma_phase():
    s = situation(light=5, shadow=6)
    s.apply("end")
    s.apply("open:scene-final")
    assert s.content.scenes[s.scene].id == "scene-final" and s.chapter == 1
    assert (s.light, s.shadow) == (1, 5) and s.phase == "luma" and kind(s) == "luma_phase"
    assert events(s, "scene")[-1]["scene"] == "scene-final"


# ------------------------------------------------------------------ chapters and the campaign
def campaign(seed: int = 1, **options: object) -> woodlands.GameState:
    return GAME.new_game(seed=seed, options=dict(options))


@pytest.mark.rules("S-6", "S-8", "SW-080")
def test_the_shadow_may_send_you_back_to_the_chapter_start_and_a_branch_leads_on_later():
    s = campaign()
    assert s.content.scenes[s.scene].id == "scene-light-goal"
    for _ in range(3):          # end every Luma Phase at once: the Shadow marker walks to the middle
        while kind(s) == "luma_phase" or kind(s) == "place_crystal":
            s.apply("end" if kind(s) == "luma_phase" else ids(s)[0])
        if kind(s) == "scene_break":
            break
    assert ids(s) == ["open:scene-light-goal"] and s.chapter_restarts == 0
    s.apply("open:scene-light-goal")
    assert s.chapter_restarts == 1 and events(s, "chapter")[-1]["restart"]
    while kind(s) != "scene_break":
        s.apply("end" if kind(s) == "luma_phase" else ids(s)[0])
    # second time through: the kinder branch goes on to the next scene
    assert ids(s) == ["open:scene-locations"]


@pytest.mark.rules("S-8", "SW-078")
def test_winning_and_losing_a_scene_lead_to_different_scenes():
    s = situation(scene="scene-light-goal", light=3, halt=True)
    act(s, "act:light:bottom", "roll:1:0:0", 3)
    assert ids(s) == ["open:scene-locations"]
    s = situation(scene="scene-light-goal", shadow=5)
    s.apply("end")
    assert ids(s) == ["open:scene-light-goal"]


@pytest.mark.rules("S-6", "SW-051")
def test_the_campaign_ends_when_the_last_scene_is_won_with_a_score():
    s = situation(scene="scene-final", river=(X, L, H, E, M), scenes_played=5, restarts_total=2, shadow_drawn=3)
    act(s, "act:heal:top:creature-plain", "roll:1:0:0", 3)
    play(s, "crystal:light")          # the healed creature's Crystal, then the goal is met
    assert s.is_over
    assert s.outcome == {"result": "win", "scenes_played": 5, "chapter_restarts": 2, "shadow_cards": 3}


@pytest.mark.rules("S-3", "SW-051")
def test_a_new_chapter_takes_back_the_extra_dice_and_brings_brom_back():
    s = situation(light=5, shadow=6, dice=[8] * 5 + [10], dice_used=[False] * 6, faces=[0] * 6,
                  brom_present=False, luma_side=1)
    s.apply("end")
    s.apply("open:scene-final")
    assert s.dice == [8] * 5 and s.brom_present and s.luma_side == 0
    assert sorted(s.shadow_deck) == sorted([cid("shadow-lose-spirit"), cid("shadow-draw-creature")])


def test_scene_limit_ends_a_long_game_as_unfinished_and_bad_limits_are_refused():
    s = campaign(scene_limit=1)
    r = random.Random(3)
    while not s.is_over:
        s.apply(r.choice(ids(s)))
    assert s.outcome is not None and s.outcome["result"] in ("unfinished", "win")
    assert s.outcome["scenes_played"] == 1
    for bad in (0, -2, "3", True):
        with pytest.raises(GameOptionError, match="scene_limit"):
            campaign(scene_limit=bad)
    with pytest.raises(GameOptionError, match="unknown option"):
        campaign(difficulty=3)


def test_the_test_pack_loads_from_its_folder():
    assert woodlands.load_game("storyfold", PACK).content.id == "storyfold-test"
