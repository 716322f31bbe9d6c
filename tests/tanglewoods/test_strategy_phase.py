"""Engagement: Strategy Phase (TG-057; rulings T-1, T-4, T-6, T-7)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from woodlands.games.tanglewoods.model import BLANK, CRIT, DIE_COLOUR, DIE_FACES, HIT
from tests.tanglewoods.helpers import (BANISHED, COMMITTED, EXHAUSTED, HALT, assert_illegal, die, events, fc,
                                       halted, ids, kind, mc, play, rig_rolls, situation)


def strategy(tableau, **kw):
    kw.setdefault("active_map", mc("map-n"))
    return situation(["strategy_phase", HALT], tableau=tableau, **kw)


@pytest.mark.rules("T-1")
def test_T1_seventeen_dice_with_one_crit_face_each():
    """Ruling T-1: 4 yellow, 4 green, 4 blue, 4 purple, 1 red; blank/hit/crit faces per colour."""
    assert Counter(DIE_COLOUR) == {"yellow": 4, "green": 4, "blue": 4, "purple": 4, "red": 1}
    want = {"yellow": (4, 1), "green": (3, 2), "blue": (2, 3), "purple": (1, 4), "red": (0, 5)}
    for colour, (blanks, hits) in want.items():
        faces = DIE_FACES[colour]
        assert len(faces) == 6 and faces.count(CRIT) == 1
        assert (faces.count(BLANK), faces.count(HIT)) == (blanks, hits)


@pytest.mark.rules("T-1", "T-4")
def test_T1_a_roll_lands_on_a_face_of_that_colours_die():
    """Ruling T-1: the same roll index is a blank on a yellow die but a hit on the red one
    (which has no blank). Also checks T-4."""
    s = strategy([fc("tough-minion")])
    play(s, "commit:yellow", "commit:red")
    rig_rolls(s, "blank", "blank")
    play(s, "roll")
    assert s.dice_face[die("yellow")] == BLANK and s.dice_face[die("red")] == HIT
    assert events(s, "roll")[-1]["dice"] == [{"colour": "yellow", "face": "blank"}, {"colour": "red", "face": "hit"}]
    assert ids(s) == ["apply:red:hit:tough-minion", "done"]     # a blank cannot be applied


@pytest.mark.rules("TG-057", "T-4")
def test_T4_commit_any_dice_then_roll_them():
    """Ruling T-4: the pass starts with committing dice (one at a time, any colours in the
    pool); rolling is offered once something is committed; ending the phase is always offered.
    Also checks TG-057."""
    s = strategy([fc("tough-minion")])
    assert kind(s) == "commit_dice"
    assert ids(s) == ["commit:yellow", "commit:green", "commit:blue", "commit:purple", "commit:red", "end"]
    play(s, "commit:red")
    assert "commit:red" not in ids(s) and "roll" in ids(s)
    assert s.dice_zone[die("red")] == COMMITTED
    assert_illegal(s, "commit:red", "T-4")


@pytest.mark.rules("TG-057", "T-4")
def test_T4_hits_and_crits_go_wholly_to_one_enemy_and_unapplied_dice_reroll_next_pass():
    """Ruling T-4: a crit deals 2, a hit 1, to the enemy chosen; fables take no dice; a die
    left unapplied is rolled again on the next pass while applied dice keep their faces.
    Also checks TG-057."""
    s = strategy([fc("tough-minion"), fc("wild-fable"), fc("unbribable-brute")])
    play(s, "commit:purple", "commit:red")
    rig_rolls(s, "hit", "crit")             # purple hit, red crit
    play(s, "roll")
    assert kind(s) == "apply_die"
    assert ids(s) == ["apply:purple:hit:tough-minion", "apply:purple:hit:unbribable-brute",
                      "apply:red:crit:tough-minion", "apply:red:crit:unbribable-brute", "done"]
    play(s, "apply:red:crit:tough-minion")
    assert s.damage == [2, 0, 0]
    assert ids(s) == ["apply:purple:hit:tough-minion", "apply:purple:hit:unbribable-brute", "done"]
    play(s, "done")                          # purple stays unapplied
    assert kind(s) == "commit_dice" and "roll" in ids(s)
    rig_rolls(s, "crit")
    play(s, "roll")
    assert events(s, "roll")[-1]["dice"] == [{"colour": "purple", "face": "crit"}]   # red not rolled
    assert s.dice_face[die("red")] == CRIT and s.dice_applied[die("red")]
    play(s, "apply:purple:crit:unbribable-brute")
    assert s.damage == [2, 0, 2]


@pytest.mark.rules("TG-057", "T-4")
@pytest.mark.parametrize("strategy_stat", [1, 2, 3])
def test_TG057_at_most_strategy_passes(strategy_stat):
    """TG-057, ruling T-4: the commit-roll-apply pass repeats up to Strategy times."""
    s = strategy([fc("tough-minion")], strategy=strategy_stat)
    play(s, "commit:yellow")
    for n in range(strategy_stat):
        rig_rolls(s, "blank")
        play(s, "roll")
        assert kind(s) == "commit_dice" or halted(s)
        if n < strategy_stat - 1:
            assert kind(s) == "commit_dice"
    assert halted(s)
    assert [e["number"] for e in events(s, "strategy_pass")] == list(range(1, strategy_stat + 1))
    assert all(e["of"] == strategy_stat for e in events(s, "strategy_pass"))


@pytest.mark.rules("T-4")
def test_T4_the_player_may_end_the_phase_early():
    """Ruling T-4: the player may stop the Strategy phase before using all Strategy passes."""
    s = strategy([fc("tough-minion")], strategy=3)
    play(s, "end")
    assert halted(s) and len(events(s, "strategy_pass")) == 1
    assert events(s, "strategy_end") == [{"type": "strategy_end", "passes": 1, "why": "player"}]


@pytest.mark.rules("T-4", "T-6")
def test_T4_T6_defeat_at_health_pays_the_reward_at_once_and_ends_the_phase_when_none_is_left():
    """Ruling T-4: damage reaching Health defeats; ruling T-6: the reward (2 gold) comes the
    moment it is defeated; with no undefeated enemy left, the phase stops by itself."""
    s = strategy([fc("north-imp"), fc("wild-fable")], gold=10, strategy=3)
    play(s, "commit:red")
    rig_rolls(s, "crit")
    play(s, "roll")
    play(s, "apply:red:crit:north-imp")
    assert s.defeated == [True, False] and s.damage == [2, 0]
    assert s.gold == 12
    kinds = [e["type"] for e in s.log]
    assert kinds.index("defeat") < kinds.index("gold")
    assert halted(s) and len(events(s, "strategy_pass")) == 1


@pytest.mark.rules("T-4")
def test_T4_no_enemy_no_strategy_phase():
    """Ruling T-4: a tableau of fables only has nothing to fight."""
    s = strategy([fc("wild-fable")])
    assert halted(s) and not events(s, "strategy_pass")


@pytest.mark.rules("T-7")
def test_T7_an_empty_pool_is_legal_and_banished_dice_never_come_back():
    """Ruling T-7: with every die exhausted or banished nothing can be committed and the phase
    passes; banished dice are offered by nothing."""
    dice = {d: EXHAUSTED for d in range(16)}
    dice[die("red")] = BANISHED
    s = strategy([fc("north-imp")], dice=dice)
    assert halted(s)
    # Recover Dice offers the exhausted colours, never the banished red
    s = situation([("recover_dice", -1), HALT], dice={die("red"): BANISHED, die("blue"): EXHAUSTED})
    assert ids(s) == ["recover:blue", "done"]
    assert_illegal(s, "recover:red", "T-5")


@pytest.mark.rules("T-4")
def test_T4_a_die_can_only_be_applied_to_an_undefeated_enemy_in_the_tableau():
    """Ruling T-4: a defeated enemy takes no more dice, and a die is applied only with the face it
    shows."""
    s = strategy([fc("tough-minion"), fc("north-imp")], defeated=[False, True], damage=[0, 2])
    play(s, "commit:red")
    rig_rolls(s, "hit")
    play(s, "roll")
    assert ids(s) == ["apply:red:hit:tough-minion", "done"]
    assert_illegal(s, "apply:red:hit:north-imp", "T-4")
    assert_illegal(s, "apply:red:crit:tough-minion", "T-4")


CAPTAIN = """
[[card]]
id = "warband-captain"
kind = "minion"
provenance = "stand-in"
[card.day]
name = "Warband Captain"
direction = "E"
health = 1
damage = 1
effects = [{ when = "ongoing", do = "modify", stat = "enemy_health", amount = 1 }]
[card.night]
name = "Warband Captain"
direction = "E"
health = 2
damage = 1
"""


@pytest.mark.rules("T-4")
def test_T4_an_enemy_falls_when_its_health_drops_to_the_damage_already_on_it(tmp_path):
    """Ruling T-4: defeated once damage reaches Health after modifiers.  The captain gives every
    enemy +1 Health; the imp carries 2 damage (Health 3 with the captain).  When the captain
    falls, the imp's Health is 2 again, so it is defeated at once and pays its reward."""
    import shutil
    import woodlands
    from woodlands.games.tanglewoods.strategy_phase import damage_enemy
    pack = tmp_path / "pack"
    shutil.copytree(Path(__file__).parent / "pack", pack)
    with (pack / "forest.toml").open("a", encoding="utf-8") as f:
        f.write(CAPTAIN)
    game = woodlands.load_game("tanglewoods", pack)
    code = game.content.forest_by_id
    s = situation([HALT], game=game, tableau=[code["warband-captain"] * 2, code["north-imp"] * 2], damage=[0, 2])
    s.stack.clear()
    s.pending, s.decision = None, None
    s.stack.append(HALT)
    gold = s.gold
    damage_enemy(s, 0, 2, "test")
    s.advance()
    assert s.defeated == [True, True]
    assert s.gold == gold + 2    # the imp's reward
