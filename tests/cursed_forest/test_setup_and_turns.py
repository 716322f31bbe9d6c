"""2. Set-Up and 3. Using Action Points (CF-003..CF-013; rulings C-3, C-8)."""
from __future__ import annotations

import pytest

import woodlands
from tests.cursed_forest.helpers import C, GAME, events, ids, kind, put, run, situation


@pytest.mark.rules("CF-003", "CF-004", "C-3")
def test_start_on_the_table_exit_aside_the_rest_shuffled_face_down():
    s = GAME.new_game(seed=3, options={"characters": ["plain-hero"]})
    assert [C.tiles[t].kind for t in s.placed] == ["start"]
    assert s.place_pos == [(0, 0)]
    assert C.exit not in s.tile_stack and C.exit not in s.placed
    assert sorted(s.tile_stack) == sorted(t.index for t in C.tiles if t.kind not in ("start", "exit"))
    other = GAME.new_game(seed=4, options={"characters": ["plain-hero"]})
    assert s.tile_stack != other.tile_stack, "the stack is shuffled by the seed"
    v = s.view(0)
    assert v["stack_size"] == len(s.tile_stack) and "stack" not in v


@pytest.mark.rules("CF-005", "CF-006", "C-8")
def test_each_player_chooses_a_character_in_turn_then_starts_full():
    s = GAME.new_game(seed=1, options={"players": 2})
    assert kind(s) == "choose_character" and s.decision.player == 0
    s.apply("character:sirja")
    assert s.decision.player == 1 and "character:sirja" not in ids(s)
    s.apply("character:healer")
    sirja = C.characters[C.character_by_id["sirja"]]
    assert s.health[0] == s.max_health[0] == sirja.health
    assert s.ap[0] == s.max_ap[0] == sirja.ap
    assert s.lives == [3, 3]
    assert s.pos == [(0, 0), (0, 0)]
    assert kind(s) == "turn_action" and s.decision.player == 0


@pytest.mark.rules("C-8", "CF-012")
def test_play_goes_round_in_adventurer_order_and_ap_is_reset():
    s = GAME.new_game(seed=1, options={"players": 3, "characters": ["plain-hero", "sirja", "healer"]})
    order = []
    for _ in range(6):
        order.append(s.decision.player)
        s.apply("end-turn")
    assert order == [0, 1, 2, 0, 1, 2]


@pytest.mark.rules("CF-008", "CF-009", "CF-010", "CF-011")
def test_ap_are_spent_one_per_tile_or_step_in_any_order_and_the_turn_ends_at_zero():
    s = situation()
    put(s, "cross", (1, 0))
    put(s, "cross", (2, 0))
    run(s)
    s.apply("move:E")
    assert s.ap[0] == 4 and s.pos[0] == (1, 0)
    s.apply("move:E")
    s.apply("move:W")
    s.apply("move:W")
    assert s.ap[0] == 1
    s.apply("move:E")
    assert s.ap[0] == 5, "the turn ended at 0 AP and the APs came back"
    assert [e["adventurer"] for e in events(s, "turn_end")] == [0]


@pytest.mark.rules("CF-011", "CF-012")
def test_ending_early_keeps_nothing_for_next_turn():
    s = GAME.new_game(seed=1, options={"players": 2, "characters": ["plain-hero", "sirja"]})
    s.apply("end-turn")
    assert s.ap[0] == s.max_ap[0]      # reset, never more than the track
    s.apply("end-turn")
    assert s.decision.player == 0 and s.ap[0] == s.max_ap[0]


@pytest.mark.rules("CF-013", "CF-021")
def test_a_fight_needs_no_ap():
    s = situation()
    put(s, "monster-lair", (1, 0))
    from tests.cursed_forest.helpers import on_top
    on_top(s, "weak-goblin")
    s.ap[0] = 1
    run(s)
    s.apply("move:E")
    assert s.ap[0] == 0
    assert kind(s) == "fight_round" and "fight" in ids(s)
    assert not any(i.startswith("escape") for i in ids(s)), "no AP left to escape"


def test_bad_options_are_refused_and_change_nothing():
    for bad in ({"players": 5}, {"players": 0}, {"players": "2"}, {"adventurers": 2, "players": 2},
                {"characters": ["nobody"]}, {"characters": ["sirja", "sirja"], "players": 2},
                {"ring_bearer": 3}, {"turn_limit": 0}, {"pvp": "yes"}, {"colour": "red"}):
        with pytest.raises(woodlands.GameOptionError):
            GAME.new_game(seed=1, options=dict(bad))


def test_an_illegal_id_is_refused_with_a_reason_and_changes_nothing():
    s = GAME.new_game(seed=1, options={"characters": ["plain-hero"]})
    before = s.view(0)
    with pytest.raises(woodlands.IllegalAction) as e:
        s.apply("move:N:far")
    assert "legal now" in str(e.value)
    assert s.view(0) == before
