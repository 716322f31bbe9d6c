"""No success, no effect (ruling S-12; SW-055, SW-068): the dice decide, as they lie after every
reroll.  Successes may be added only while a die shows one, and a reroll that leaves no die
succeeding carries out no effect, whatever was added; what was spent stays spent."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import woodlands
from .helpers import act, cid, events, ids, kind, names, play, rig, situation, snapshot

REPROS = Path(__file__).resolve().parent.parent / "repros"
DEFAULT = woodlands.load_game("storyfold")
L, H, E, X, M = "light", "help", "explore", "heal", "creature-plain"


def repro(name: str) -> tuple[Any, dict[str, Any]]:
    """The repro's game on the default pack, played up to (not including) its last choice."""
    rp = json.loads((REPROS / name).read_text(encoding="utf-8"))
    s = DEFAULT.new_game(seed=rp["seed"], options=rp["options"])
    for c in rp["choices"][:-1]:
        s.apply(c)
    return s, rp


@pytest.mark.rules("S-12", "SW-055", "SW-068")
def test_repro_the_firefly_jar_is_not_offered_after_a_roll_with_no_success():
    s, rp = repro("storyfold-firefly-jar-rescues-zero-roll.json")
    rolls = [e for e in s.log if e["type"] == "roll"]
    assert rolls[-1]["successes"] == 0 and rolls[-1]["action"] == "heal"
    # nothing else could be spent or used, so the action passed with no effect
    assert [e["type"] for e in s.log][-2:] == ["no_effect", "river"]
    assert s.boons == [DEFAULT.content.card_by_id["firefly-jar"]]
    assert rp["choices"][-1] == "boon:firefly-jar" and rp["choices"][-1] not in s.decision.ids
    before = (s.log_length, s.spirit_pos, list(s.boons), list(s.river), s.decision.ids)
    with pytest.raises(woodlands.IllegalAction):
        s.apply(rp["choices"][-1])
    assert (s.log_length, s.spirit_pos, list(s.boons), list(s.river), s.decision.ids) == before
    assert not [e for e in s.log if e["type"] == "successes_added"]


@pytest.mark.rules("S-12", "SW-055", "SW-053", "SW-068")
def test_repro_a_crystal_bought_success_does_not_survive_a_reroll_to_zero():
    s, rp = repro("storyfold-crystal-success-survives-reroll-to-zero.json")
    light, n = s.light, s.log_length
    s.apply(rp["choices"][-1])                            # die:0, the reroll to 2
    new = s.log_since(n)
    assert new[0]["type"] == "roll" and new[0]["reroll"] and new[0]["successes"] == 0 and new[0]["bonus"] == 1
    assert [e["type"] for e in new[1:]] == ["no_effect", "river"]
    assert new[1]["action"] == "light" and new[1]["bonus_successes"] == 1
    assert not [e for e in new if e["type"] in ("bottom_effect", "top_effect", "light")]
    assert s.light == light == 1
    assert s.river[4] == DEFAULT.content.card_by_id["light"]          # last card of the River
    assert s.crystals == [0, 0, 0, 0]                                   # the Crystal stays spent
    assert [e["why"] for e in s.log if e["type"] == "crystal" and e["change"] < 0] == ["spent for a success", "spent"]


@pytest.mark.rules("S-12", "SW-055", "SW-068")
def test_a_top_effect_is_not_carried_out_when_a_reroll_takes_the_only_success():
    # Light on space 1 (3+): the die shows 5, a Crystal adds 1 (2: enough to blind), Luma's reroll shows 1
    s = situation(river=(L, H, E, X, M), crystals={L: 1, H: 1})
    act(s, "act:light:top:creature-plain", "roll:1:0:0", 5, 1, then=())
    play(s, "crystal")
    assert s.decision.data["successes"] == 2
    play(s, "luma:reroll", "die:0")
    assert kind(s) == "luma_phase"
    assert events(s, "no_effect")[-1]["bonus_successes"] == 1
    assert not events(s, "top_effect") and not events(s, "blind") and s.stunned == []
    assert names(s.river)[:5] == [H, E, X, M, L] and s.crystals == [0, 0, 0, 0]


@pytest.mark.rules("S-12", "SW-055", "SW-068")
def test_a_boon_bought_success_does_not_survive_a_reroll_to_zero_either():
    s = situation(river=(L, H, E, X, M), boons=[cid("boon-add-success")], crystals={H: 1})
    act(s, "act:light:bottom", "roll:1:0:0", 4, 2, then=())
    play(s, "boon:boon-add-success")
    assert events(s, "successes_added")[-1]["amount"] == 1
    light = s.light
    play(s, "luma:reroll", "die:0")
    assert kind(s) == "luma_phase" and s.light == light and not events(s, "bottom_effect")
    assert s.boons == [] and names(s.river)[:5] == [H, E, X, M, L]


@pytest.mark.rules("S-12", "SW-068")
def test_no_success_adder_is_offered_while_no_die_shows_a_success():
    s = situation(river=(L, H, E, X, M), boons=[cid("boon-add-success"), cid("boon-reroll")],
                  crystals={L: 2, H: 1})
    act(s, "act:light:top:creature-plain", "roll:2:0:0", 1, 2, then=())
    assert ids(s) == ["boon:boon-reroll", "luma:reroll", "resolve"]
    assert s.decision.data["successes"] == 0
    before = snapshot(s)
    for bad in ("crystal", "boon:boon-add-success"):
        with pytest.raises(woodlands.IllegalAction, match="SW-068"):
            s.apply(bad)
        assert snapshot(s) == before
    # a reroll that brings a success lets them be offered again
    play(s, "luma:reroll", "crystal:help")
    rig(s, 6)
    play(s, "die:0")
    assert {"crystal", "boon:boon-add-success"} <= set(ids(s))


@pytest.mark.rules("S-12", "SW-068")
def test_a_success_added_after_a_reroll_in_the_same_use_needs_a_die_success():
    """add_successes run with no die succeeding (a use that rerolls first) adds nothing."""
    from woodlands.games.storyfold.effects import add_successes
    from woodlands.games.storyfold.model import Effect
    s = situation(river=(L, H, E, X, M))
    act(s, "act:light:bottom", "roll:1:0:0", 1, then=())
    eff = Effect(do="add_successes", params={"amount": 1})
    add_successes(s, eff, -1)
    assert s.bonus_successes == 0 and events(s, "successes_added")[-1]["amount"] == 0
