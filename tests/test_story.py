"""Each game's story of its end (``Presentation.story``) on hand-made logs: the key moments each
game names, in its own words, from the events a seat sees."""
from __future__ import annotations

import woodlands
from woodlands.engine.presentation import presentation_for


def test_tanglewoods_tells_each_bear_beaten_with_its_round_and_time_of_day() -> None:
    p = presentation_for(woodlands.load_game("tanglewoods"))
    log = [{"type": "round", "number": 1}, {"type": "choose_map", "card": "mossy-stair", "side": 0},
           {"type": "round", "number": 2}, {"type": "choose_map", "card": "mossy-stair", "side": 1},
           {"type": "bear_defeated", "bear": "papa-bear", "defeated": 1},
           {"type": "game_over", "result": "win", "round": 2, "bears_defeated": 3}]
    view = {"outcome": {"result": "win", "round": 2, "bears_defeated": 3}}
    story = p.story(view, log, 0)
    assert story.result == "You win" and "All three bears are beaten" in story.reason
    assert story.moments == ("Round 2, by night: The bear Papa Bear is beaten (1 of 3).",)


def test_tanglewoods_tells_the_blow_that_lost_it() -> None:
    p = presentation_for(woodlands.load_game("tanglewoods"))
    log = [{"type": "round", "number": 3}, {"type": "suffer_damage", "amount": 4},
           {"type": "game_over", "result": "loss", "reason": "health below 1", "round": 3, "bears_defeated": 0}]
    story = p.story({"outcome": {"result": "loss", "reason": "health below 1"}}, log, 0)
    assert story.result == "You lose" and story.reason == "You lose: health below 1 (round 3)."
    assert story.moments == ("No bear was beaten.", "Round 3: The enemies still standing hurt you for 4.")


def test_storyfold_tells_each_scene_won_or_lost_by_chapter() -> None:
    p = presentation_for(woodlands.load_game("storyfold"))
    log = [{"type": "chapter", "title": "Prologue", "restart": False},
           {"type": "scene", "title": "The Stile"}, {"type": "scene_end", "prevails": "luma"},
           {"type": "scene", "title": "The Trail"}, {"type": "scene_end", "prevails": "shadow"},
           {"type": "chapter", "title": "Chapter 1", "restart": True, "restarts": 1}]
    story = p.story({"outcome": {"result": "loss"}}, log, 0)
    assert story.moments == ("1 scene won, 1 lost.", "Prologue", "Scene won: The Stile", "Scene lost: The Trail",
                             "Chapter 1 (begun again, time 1)")


def test_the_cursed_forest_counts_each_adventurers_figures_and_names_the_deciding_fight() -> None:
    p = presentation_for(woodlands.load_game("cursed-forest"))
    cast = ["thalenor", "hildra"]
    log = [{"type": "turn", "adventurer": 0, "round": 4, "cast": cast},
           {"type": "seed", "adventurer": 1, "seed": "marta", "cast": cast},
           {"type": "pickup", "adventurer": 1, "item": None, "space": "backpack", "hidden": ["item"], "cast": cast},
           {"type": "fight", "adventurer": 0, "kind": "spiders", "tile": [0, -1], "health": 2, "cast": cast},
           {"type": "combat_round", "adventurer": 0, "winner": "adventurer", "damage_to_foe": 2, "dice": [3, 4],
            "modifier": 0, "score": 7, "foe_dice": [1, 1], "foe_modifier": 0, "foe_score": 2, "cast": cast},
           {"type": "damage", "adventurer": 0, "amount": 3, "source": "spiders", "health": 7, "cast": cast},
           {"type": "spiders_beaten", "adventurer": 0, "cast": cast},
           {"type": "fight_over", "kind": "spiders", "cast": cast},
           {"type": "kill", "adventurer": 1, "monster": "cinder-fox", "name": "Cinder Fox", "health": 6, "tally": 6,
            "cast": cast}]
    view = {"outcome": {"result": "unfinished"},
            "players": [{"name": "Thalenor the Magus", "lives": 3, "tally": 0},
                        {"name": "Hildra of the Old Watch", "lives": 2, "tally": 6}]}
    story = p.story(view, log, 0)
    assert story.moments[0] == "Round 4: Hildra takes up the brood seed Marta: it is bound to Hildra now."
    assert story.moments[-1].startswith("The fight that decided it: Thalenor fights 2 spiders")
    head, thalenor, hildra = story.figures
    assert head[:6] == ("Adventurer", "Monsters beaten", "Damage dealt", "Damage taken", "Items picked up",
                        "Seeds taken up")
    assert thalenor == ("Thalenor the Magus", "0", "2", "3", "0", "0", "0", "3", "0")
    assert hildra == ("Hildra of the Old Watch", "1", "0", "0", "1", "1", "0", "2", "6")
