"""The audit's reproductions (issue 9), on the default pack, from tests/repros/.

Each file holds a game, a seed, options and the choices that reach the wrong situation; the
last choice is where the audit saw it.  Each test starts from the position just before that
choice (tests/support.py: ``repro``) and looks at what the rulings describe."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support import repro
from woodlands.games.cursed_forest.view import plain


def replay_up_to_last(name: str, **facts: Any) -> tuple[Any, str]:
    """The repro's position just before its last choice (with ``facts`` set), and that choice."""
    s, last, _ = repro(name, **facts)
    return s, last


@pytest.mark.rules("CF-084", "C-17")
def test_repro_pit_guardians_drawn_by_the_ring_bearer_stay_purple():
    """The ring bearer fell in the pit, drew two purple guardians and died there; the next
    adventurer to fall meets them still purple."""
    s, last = replay_up_to_last("cursed-forest-CF-084.json")
    assert last == "fight" and s.f_kind == "monster" and s.f_adv == 1 and s.ring == 0
    assert s.f_side == 1, "the pit's guardian came back on its green side"
    m = s.content.monsters[s.f_monster]
    assert s.f_health == m.sides[1].health
    fight = [e for e in s.log if e["type"] == "fight"][-1]
    assert fight["side"] == "purple"


@pytest.mark.rules("CF-068", "C-18")
def test_repro_the_exit_goes_beside_the_last_tile_laid_when_it_has_empty_neighbours():
    """The last tile laid (open E and S, both taken) has empty squares N and W: the Exit goes
    there, the Maiden Tree's roots opening the edge, not beside an older tile."""
    s, last = replay_up_to_last("cursed-forest-CF-068.json")
    assert s.decision.kind == "lay_exit"
    from woodlands.games.cursed_forest.forest import joined, neighbour
    xy = s.place_pos[s.last_laid]
    empty = {neighbour(xy, d) for d in range(4) if neighbour(xy, d) not in s.grid}
    assert empty == {(-5, 1), (-6, 0)}
    offered = {(int(o.id.split(":")[1]), int(o.id.split(":")[2])) for o in s.decision.options}
    assert offered == empty
    s.apply(s.decision.options[0].id)
    assert any(joined(s, s.exit_at, d) == s.last_laid for d in range(4)), "the roots join it to the last tile"


@pytest.mark.rules("C-9")
def test_repro_face_down_items_are_not_named_in_another_seats_log():
    """The audit's C-9 leak: the full log names the item adventurer 3 stowed face down after
    the fight; a seat that does not hold that adventurer (here a spectator of the solo game,
    seat 1) reads "an item", while items that lay face up on a tile keep their names."""
    s, last = replay_up_to_last("cursed-forest-C-9.json")
    s.apply(last)
    at = max(k for k, e in enumerate(s.log) if e["type"] == "stow")
    stow = s.log[at]
    assert stow["item"] == "throwing-axes" and stow["adventurer"] == 2
    # log_for annotates each event for narration (view.ANNOTATIONS: cast, a fight's foe); plain() takes that off
    assert [plain(e) for e in s.log_for(0)] == s.log, "the solo player holds every adventurer and sees every item"
    theirs = s.log_for(1)
    assert len(theirs) == len(s.log)
    assert plain(theirs[at]) == {**stow, "item": None, "hidden": ["item"]}
    assert "throwing-axes" not in json.dumps(theirs)
    assert "throwing-axes" not in json.dumps(s.view(1))
    picked = [e for e in theirs if e["type"] == "pickup"]
    assert picked and all(e["item"] == "yew-shortbow" for e in picked), "left face up on the tile, so seen"
    assert s.log_for(1, start=at) == theirs[at:]


def events_after(s: Any, start: int, type_: str) -> list[dict[str, Any]]:
    return [e for e in s.log[start:] if e["type"] == type_]


@pytest.mark.rules("C-21", "CF-018", "CF-094")
def test_repro_a_flight_onto_a_monster_token_draws_the_monster_and_fights_it():
    """Adventurer 0 flees the duel onto (0, 1), a monster tile still holding its token: it pays
    (no kill to give: 4 damage), then lands, the token becomes a monster and the fight begins."""
    s, last = replay_up_to_last("cursed-forest-flee-onto-monster-token-no-reveal.json")
    assert last == "flee:0:1" and s.f_kind == "pvp" and s.kills[0] == []
    p = s.grid[(0, 1)]
    assert s.tile_monster[p] == -2, "a token before the flight"
    start = len(s.log)
    s.apply(last)
    assert [e["type"] for e in s.log[start:start + 4]] == ["escape", "fight_over", "damage", "move"], \
        "the price is paid before the step"
    assert s.pos[0] == (0, 1)
    drawn = [e for e in events_after(s, start, "draw") if e["what"] == "monster"]
    assert len(drawn) == 1 and s.tile_monster[p] >= 0
    assert s.f_kind == "monster" and s.f_adv == 0 and s.f_tile == p
    assert s.content.monsters[s.f_monster].id == drawn[0]["monster"]
    assert s.decision.kind == "fight_round" and s.decision.player == 0


@pytest.mark.rules("C-21", "CF-036", "CF-094")
def test_repro_a_flight_onto_red_vines_poisons():
    """Adventurer 0 flees onto (0, 1), red vines, in the forest phase, not yet poisoned this
    turn: it is poisoned on landing."""
    s, last = replay_up_to_last("cursed-forest-flee-onto-red-vines-no-poison.json")
    assert s.content.tiles[s.placed[s.grid[(0, 1)]]].kind == "red-vine" and s.phase == "forest"
    assert s.view(0)["players"][0]["poison"] == 0
    start = len(s.log)
    s.apply(last)
    assert s.pos[0] == (0, 1)
    poisoned = events_after(s, start, "poisoned")
    assert len(poisoned) == 1 and poisoned[0]["adventurer"] == 0 and poisoned[0]["source"] == "red vines"
    assert s.view(0)["players"][0]["poison"] == 1


@pytest.mark.rules("C-19", "CF-074", "CF-025", "CF-075")
def test_repro_morna_run_past_strike_is_reduced_by_armour():
    """Adventurer 1 holds a Wicker Buckler (armour 1) and runs past Morna Gûl: his strike of 2
    is ordinary damage, so 1 gets through, and the Maiden Tree is offered because it hurt."""
    s, last = replay_up_to_last("cursed-forest-morna-run-past-strike-ignores-armour.json")
    health = s.health[1]
    s.apply(last)
    hit = [e for e in s.log if e["type"] == "damage"][-1]
    assert (hit["source"], hit["direct"], hit["armour"], hit["amount"]) == ("morna", False, 1, 1)
    assert s.health[1] == health - 1 and s.decision.kind == "maiden_call"


@pytest.mark.rules("C-19", "CF-075")
def test_a_strike_armour_takes_whole_hurts_nobody_and_calls_no_maiden_tree(monkeypatch):
    """With armour 2 the strike of 2 takes nothing: no damage event, no Maiden Tree call."""
    from woodlands.games.cursed_forest import combat
    s, last = replay_up_to_last("cursed-forest-morna-run-past-strike-ignores-armour.json")
    monkeypatch.setattr(combat, "armour_of", lambda state, a: 2)
    health, events = s.health[1], len(s.log)
    s.apply(last)
    assert s.health[1] == health
    assert not [e for e in s.log[events:] if e["type"] == "damage"]
    assert s.decision is None or s.decision.kind != "maiden_call"


@pytest.mark.rules("C-20", "CF-100")
def test_repro_the_black_flame_burns_morna_with_one_roll_for_all():
    """Adventurer 1 casts the flame south over (-1,-3), where Morna Gûl stands with adventurers
    0 and 2: one logged roll, and that damage to everyone there, Morna included."""
    s, last = replay_up_to_last("cursed-forest-black-flame-spares-morna.json")
    morna, events = s.morna_health, len(s.log)
    s.apply(last)
    new = s.log[events:]
    rolls = [e for e in new if e["type"] == "roll" and e.get("why") == "black flame"]
    assert len(rolls) == 1
    v = rolls[0]["value"]
    burnt = [e for e in new if e["type"] == "damage" and e["source"] == "black flame"]
    assert {e["adventurer"] for e in burnt} == {0, 2}
    assert all(e["amount"] == max(0, v - e["armour"]) for e in burnt)
    assert s.morna_health == max(0, morna - v)
    assert [e["damage"] for e in new if e["type"] == "ranged_hit" and e["monster"] == "morna-gul"] == [v]


@pytest.mark.rules("C-20", "CF-100", "CF-076")
def test_a_black_flame_that_burns_morna_to_nothing_wins_the_game():
    # the flame's two dice roll at least 2
    s, last = replay_up_to_last("cursed-forest-black-flame-spares-morna.json", morna_health=2)
    s.apply(last)
    assert s.morna_health == 0 and s.is_over and s.outcome["how"] == "morna"


@pytest.mark.rules("C-22", "CF-048", "C-9")
def test_a_face_down_crow_that_is_sent_turns_face_up_for_the_table():
    """Player 2's adventurer holds the Crow face down and Player 1 was never told of it: before
    it is sent Player 1 sees only "face-down".  Once sent, it is face up: Player 1's view names
    it, and Player 1's log tells the show before the re-roll, as the full log does."""
    s, last = replay_up_to_last("cursed-forest-C-22-crow-turns-face-up.json")
    assert last == "crow" and s.decision.data["adventurer"] == 1 and s.owner == [0, 1]
    assert s.view(0)["players"][1]["extras"] == ["face-down"]
    assert "crow" not in json.dumps(s.view(0)) and "crow" not in json.dumps(s.log_for(0))
    events = len(s.log)
    s.apply(last)
    crow = next(it.index for it in s.content.items if it.id == "crow")
    assert crow in s.shown, "turned face up (the fight it was sent into then cost Player 2 its life)"
    theirs = [plain(e) for e in s.log_for(0)[events:]]
    assert theirs[0] == {"type": "show", "adventurer": 1, "item": "crow"} == s.log[events]
    assert any(e["type"] == "roll" and e.get("reroll") == "crow" for e in theirs)


@pytest.mark.rules("CF-036", "CF-030")
def test_repro_a_poisonous_monster_running_at_the_shooter_poisons_whom_it_hurts():
    """The Fen Hag survives a firebolt and runs at the shooter, striking adventurer 2 on the
    way: hurt by a monster with the poison symbol, adventurer 2 is poisoned."""
    s, last = replay_up_to_last("cursed-forest-running-poison-monster-does-not-poison.json")
    events = len(s.log)
    s.apply(last)
    new = s.log[events:]
    struck = [e for e in new if e["type"] == "damage" and e["adventurer"] == 2 and e["source"] == "monster"]
    assert struck and struck[0]["amount"] > 0
    assert any(e["type"] == "poisoned" and e["adventurer"] == 2 for e in new)
    assert s.view(0)["players"][2]["poison"] >= 1


@pytest.mark.rules("CF-025")
def test_a_damage_events_amount_is_the_damage_dealt_after_armour_not_the_health_lost():
    """docs/cursed-forest.md: ``amount`` is what got through the armour; ``health`` what is
    left, so a blow that takes the last health can deal more than was lost."""
    s, last = replay_up_to_last("cursed-forest-black-flame-spares-morna.json")
    before = list(s.health)
    events = len(s.log)
    s.apply(last)
    roll = next(e["value"] for e in s.log[events:] if e["type"] == "roll")
    hits = [e for e in s.log[events:] if e["type"] == "damage"]
    assert hits
    for e in hits:
        assert e["amount"] == roll - e["armour"] and e["health"] == max(0, before[e["adventurer"]] - e["amount"])
    assert any(before[e["adventurer"]] - e["health"] < e["amount"] for e in hits), "this flame kills one"
