"""Difficulty Scaling (TG-110, TG-113..TG-123; rulings T-9, T-20).

Most tests use ``difficulty_mode = "single"`` so that one level's line is seen alone."""
from __future__ import annotations

import random

import pytest

import woodlands
from woodlands.games.tanglewoods.difficulty import levels_for
from tests.tanglewoods.helpers import (BANISHED, C, GAME, POOL, assert_illegal, bear, die, events, ids, kind,
                                       mc, new_game, peek_at_level_10, play, situation)


@pytest.mark.rules("TG-110")
def test_TG110_the_level_is_a_setup_option_and_never_changes_in_play():
    """TG-110: the level is given when the game starts (bad values refused), its effects are
    carried out before round 1, and no later decision touches it."""
    for bad in (-1, 11, "5", 2.5, True):
        with pytest.raises(woodlands.GameOptionError, match="difficulty"):
            new_game(difficulty=bad)
    s = new_game(difficulty=7, seed=11)
    assert kind(s) == "difficulty_choice"          # level 7's -1 to a stat, during setup
    assert not events(s, "round")
    play(s, "stat:recovery")
    assert [e["type"] for e in s.log].index("difficulty") < [e["type"] for e in s.log].index("round")
    rng = random.Random(5)
    for _ in range(120):
        if s.is_over:
            break
        assert kind(s) != "difficulty_choice"
        s.apply(rng.choice(s.decision.options).id)
    assert s.difficulty == 7 and s.record()["options"]["difficulty"] == 7
    assert len(events(s, "difficulty")) == 1


@pytest.mark.rules("TG-113", "T-14")
def test_TG113_level0_choose_a_bear_and_it_counts_as_defeated_at_setup():
    """TG-113, ruling T-14: at setup the player picks a bear; it is defeated (modifier side
    beside the hero) and no longer waits in the bear stack."""
    s = new_game(difficulty=0)
    assert kind(s) == "difficulty_choice"
    assert ids(s) == ["bear:papa-bear", "bear:baby-bear", "bear:mama-bear"]
    play(s, "bear:baby-bear")
    assert s.bears_won == [bear("baby-bear")]
    assert bear("baby-bear") not in s.bears_aside and len(s.bears_aside) == 2
    assert s.round == 1 and not s.is_over
    assert s.view(0)["bears_won"][0]["side"] == "modifier"
    # Baby Bear's modifier side is now in force: one more forest draw before placing
    from woodlands.games.tanglewoods.forest_phase import draw_limit
    assert draw_limit(s) == s.strategy + 1


@pytest.mark.rules("TG-114", "T-20")
def test_TG114_level1_two_different_stats_go_up_by_one():
    """TG-114, ruling T-20: the player picks two different stats; the second choice cannot
    repeat the first."""
    s = new_game(difficulty=1)
    assert ids(s) == ["stat:health", "stat:strategy", "stat:recovery"]
    play(s, "stat:strategy")
    assert ids(s) == ["stat:health", "stat:recovery"]
    assert_illegal(s, "stat:strategy", "TG-114")
    play(s, "stat:recovery")
    assert (s.health, s.strategy, s.recovery) == (5, 4, 4)


@pytest.mark.rules("TG-114", "T-2")
def test_TG114_level1_if_able_stats_at_six_are_not_offered():
    """TG-114 "if able" with ruling T-2: a stat at 6 cannot rise; with all three at 6 nothing
    is asked, with one at 6 only the other two are offered."""
    s = new_game(hero="max-hero", side=None, difficulty=1)
    assert kind(s) != "difficulty_choice"
    assert (s.health, s.strategy, s.recovery) == (6, 6, 6)
    s = new_game(hero="fixed-side-hero", side=None, difficulty=1)   # 6 / 2 / 2
    assert ids(s) == ["stat:strategy", "stat:recovery"]


@pytest.mark.rules("TG-115", "T-20")
def test_TG115_level2_a_random_item_arrives_upgraded():
    """TG-115, ruling T-20: one item, picked by the seeded chance, is gained upgraded."""
    s = new_game(difficulty=2, seed=4)
    assert len(s.inventory) == 1 and s.inventory[0] & 1 == 1
    assert len(s.item_deck) == len(C.items) - 1
    gained = events(s, "gain_item")
    assert gained[0]["upgraded"] is True and gained[0]["item"] == C.items[s.inventory[0] >> 1].id
    assert new_game(difficulty=2, seed=4).inventory == s.inventory          # seeded
    assert len({new_game(difficulty=2, seed=n).inventory[0] for n in range(12)}) > 1   # random


@pytest.mark.rules("TG-116", "TG-121")
def test_TG116_TG121_level3_starts_with_20_gold_and_level8_with_0():
    """TG-116: 20 gold whatever the hero; TG-121: 0 gold."""
    assert new_game(difficulty=9).gold == 9           # the hero's own 20 - (5+3+3)
    assert new_game(difficulty=3).gold == 20
    assert new_game(difficulty=8).gold == 0


@pytest.mark.rules("TG-117", "T-2")
def test_TG117_level4_one_more_health_but_never_past_six():
    """TG-117: +1 Health; ruling T-2: a hero already at 6 stays at 6."""
    assert new_game(difficulty=4).health == 6
    assert new_game(hero="max-hero", side=None, difficulty=4).health == 6
    # gold is worked out from the printed stats before the extra Health
    assert new_game(difficulty=4).gold == 9


def _level5_state():
    s = new_game(difficulty=5, seed=2)
    assert kind(s) == "peek_forest"
    return s


@pytest.mark.rules("TG-118", "T-20")
def test_TG118_level5_the_top_two_go_to_top_or_bottom_in_the_order_chosen():
    """TG-118, ruling T-20: both top cards are offered for top or bottom; a card put on top
    later lies above one put there earlier."""
    s = _level5_state()
    first, second = s.forest_deck[0], s.forest_deck[1]
    a, b = C.forest[first >> 1].id, C.forest[second >> 1].id
    assert sorted(ids(s)) == sorted([f"top:{a}", f"bottom:{a}", f"top:{b}", f"bottom:{b}"])
    middle = s.forest_deck[2:]
    play(s, f"bottom:{a}")
    assert ids(s) == [f"top:{b}", f"bottom:{b}"]
    play(s, f"bottom:{b}")
    assert s.forest_deck == middle + [first, second]          # b went under a
    s = _level5_state()
    play(s, f"top:{a}", f"top:{b}")
    assert s.forest_deck == [second, first] + middle          # b laid on top of a
    assert [e["where"] for e in events(s, "peek_place")] == ["top", "top"]


@pytest.mark.rules("TG-119", "T-20", "T-7")
def test_TG119_level6_banish_two_dice_of_different_colours():
    """TG-119, rulings T-20 and T-7: the player picks two colours, not the same twice; the two
    dice leave the pool for good."""
    s = new_game(difficulty=6)
    assert ids(s) == ["banish:yellow", "banish:green", "banish:blue", "banish:purple", "banish:red"]
    play(s, "banish:red")
    assert "banish:red" not in ids(s) and len(ids(s)) == 4
    play(s, "banish:blue")
    banished = [d for d, z in enumerate(s.dice_zone) if z == BANISHED]
    assert sorted(banished) == sorted([die("red"), die("blue", 0)])
    assert sum(1 for z in s.dice_zone if z == POOL) == 15


@pytest.mark.rules("TG-120", "T-20")
def test_TG120_level7_minus_one_to_a_stat_of_the_players_choice():
    """TG-120, ruling T-20: any of the three stats (gold is not one of them)."""
    s = new_game(difficulty=7)
    assert ids(s) == ["stat:health", "stat:strategy", "stat:recovery"]
    gold = s.gold
    play(s, "stat:strategy")
    assert (s.health, s.strategy, s.recovery, s.gold) == (5, 2, 3, gold)


@pytest.mark.rules("TG-122")
def test_TG122_level9_first_round_maps_are_drawn_night_side():
    """TG-122: in round 1 every drawn map turns to night as it is drawn; later rounds do not."""
    s = new_game(difficulty=9, seed=6)
    assert s.round == 1 and len(s.map_drawn) == 3
    assert all(code & 1 for code in s.map_drawn)
    assert all(e["side"] == 1 for e in events(s, "draw") if e["deck"] == "map")
    s2 = situation(["map_phase"], levels=(9,), round=2, map_deck=[mc("map-e"), mc("map-w"), mc("map-s")])
    assert s2.map_drawn == [mc("map-e"), mc("map-w"), mc("map-s")]     # day sides in round 2
    s1 = situation(["map_phase"], levels=(9,), round=1, map_deck=[mc("map-e"), mc("map-w"), mc("map-s")])
    assert s1.map_drawn == [mc("map-e", "night"), mc("map-w", "night"), mc("map-s", "night")]


@pytest.mark.rules("TG-123", "T-20")
def test_TG123_level10_twenty_random_forest_cards_turn_to_night_and_are_shuffled_in():
    """TG-123, ruling T-20: exactly 20 of the 26 forest cards show night afterwards, chosen
    and shuffled by the seeded chance."""
    s = new_game(difficulty=10, seed=8)
    assert len(s.forest_deck) == 26
    assert sum(code & 1 for code in s.forest_deck) == 20
    assert sorted(c >> 1 for c in s.forest_deck) == sorted(c.index for c in C.forest if c.kind != "bear")
    assert events(s, "night_falls")[0]["cards"] == 20
    assert new_game(difficulty=10, seed=8).forest_deck == s.forest_deck
    nights = {frozenset(c >> 1 for c in new_game(difficulty=10, seed=n).forest_deck if c & 1) for n in range(6)}
    assert len(nights) > 1


@pytest.mark.rules("T-9")
def test_T9_levels_combine_toward_five_by_default_and_single_is_literal():
    """Ruling T-9: default mode applies every level from the chosen one to 5; "single" only the
    chosen one; 3 (20 gold) and 8 (0 gold) never apply together."""
    assert levels_for(0, "toward-5") == (0, 1, 2, 3, 4, 5)
    assert levels_for(5, "toward-5") == (5,)
    assert levels_for(10, "toward-5") == (6, 7, 8, 9, 10, 5)   # the peek last: level 10's shuffle cannot undo it
    assert levels_for(4, "single") == (4,)
    for d in range(11):
        assert not {3, 8} <= set(levels_for(d, "toward-5"))
    s = new_game(difficulty=3, mode="toward-5", seed=2)
    assert s.levels == (3, 4, 5)
    assert s.gold == 20 and s.health == 6 and kind(s) == "peek_forest"   # levels 3, 4, then 5
    s = new_game(difficulty=8, mode="toward-5", seed=2)
    assert kind(s) == "difficulty_choice" and ids(s)[0] == "banish:yellow"   # 6 first ...
    play(s, "banish:yellow", "banish:green", "stat:health")                 # 6, then 7
    assert s.health == 4
    assert [e["gold"] for e in events(s, "gold") if e["why"] == "difficulty 8"] == [0]   # 8
    assert kind(s) == "peek_forest"                   # ... and level 5 last
    play(s, *[o for o in ids(s) if o.startswith("top:")][:1])
    play(s, ids(s)[0])
    assert s.record()["options"]["difficulty_mode"] == "toward-5"
    assert new_game(difficulty=5).options["difficulty_mode"] == "single"
    assert GAME.new_game(seed=1, options={"hero": "plain-hero", "side": "a"}).options["difficulty_mode"] == "toward-5"
    with pytest.raises(woodlands.GameOptionError, match="T-9"):
        new_game(mode="hardest")


@pytest.mark.rules("T-20")
def test_T20_difficulty_choices_are_decisions_not_silent_picks():
    """Ruling T-20: nothing is chosen for the player; each choice waits as a Decision."""
    for level, first in ((0, "bear:papa-bear"), (1, "stat:health"), (6, "banish:yellow"), (7, "stat:health")):
        s = new_game(difficulty=level)
        assert kind(s) == "difficulty_choice" and first in ids(s)


@pytest.mark.rules("TG-118", "TG-123", "T-9")
def test_T9_at_difficulty_10_the_peek_comes_after_the_night_shuffle():
    """Rulings T-9 and TG-118/TG-123: level 10 shuffles the Forest Deck, so level 5's placing
    happens after it; a card sent to the bottom is the first the Forest phase draws."""
    s, bottom = peek_at_level_10("bottom:")
    chosen = bottom.split(":", 1)[1]
    assert s.content.forest[s.forest_deck[-1] >> 1].id == chosen
    first_draw = None
    while first_draw is None:
        play(s, ids(s)[0])
        draws = [e for e in events(s, "draw") if e["deck"] == "forest"]
        first_draw = draws[0]["card"] if draws else None
    assert first_draw == chosen
