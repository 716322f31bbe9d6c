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


def zero_ap_game(**options):
    """Plain hero with a sword in the backpack and 1 AP left, a crossing to the east."""
    from tests.cursed_forest.helpers import give
    s = situation(**options)
    put(s, "cross", (1, 0))
    give(s, 0, "sword", "backpack")
    s.ap[0] = 1
    run(s)
    return s


@pytest.mark.rules("C-14", "CF-011")
def test_by_default_the_turn_ends_at_zero_ap_so_free_actions_come_first():
    s = zero_ap_game()
    assert "equip:sword:hand1" in ids(s), "free actions while an AP is left"
    s.apply("move:E")
    assert [e["adventurer"] for e in events(s, "turn_end")] == [0], "0 AP: the turn is over at once"


@pytest.mark.rules("C-14", "CF-011", "CF-048")
def test_free_actions_at_zero_ap_keeps_the_turn_open_until_the_player_ends_it():
    s = zero_ap_game(free_actions_at_zero_ap=True)
    s.apply("move:E")
    assert s.ap[0] == 0 and kind(s) == "turn_action" and not events(s, "turn_end")
    assert "equip:sword:hand1" in ids(s) and "end-turn" in ids(s)
    assert not any(i.startswith(("move:", "draw-tile")) for i in ids(s)), "nothing that costs an AP"
    s.apply("equip:sword:hand1")
    assert kind(s) == "turn_action" and s.inv[0][0] >= 0
    s.apply("end-turn")
    assert [e["adventurer"] for e in events(s, "turn_end")] == [0]


@pytest.mark.rules("C-14")
def test_free_actions_at_zero_ap_must_be_true_or_false():
    with pytest.raises(woodlands.GameOptionError, match="free_actions_at_zero_ap"):
        GAME.new_game(seed=1, options={"free_actions_at_zero_ap": 1})


def free_action_game(**options):
    from tests.cursed_forest.helpers import give
    s = situation(**options)
    give(s, 0, "sword", "backpack")
    run(s)
    return s


@pytest.mark.rules("C-15", "CF-040")
def test_people_may_switch_items_as_often_as_they_like():
    s = free_action_game()
    for k in range(20):
        s.apply("equip:sword:hand1" if k % 2 == 0 else "equip:sword:backpack")
    assert kind(s) == "turn_action" and "equip:sword:hand1" in ids(s), "no cap on free actions"


@pytest.mark.rules("C-15")
def test_bots_and_simulations_cap_free_actions_with_an_option():
    s = free_action_game(free_actions_per_turn=6)
    for k in range(6):
        s.apply("equip:sword:hand1" if k % 2 == 0 else "equip:sword:backpack")
    assert not any(i.startswith(("equip:", "drop:", "show:")) for i in ids(s)), "6 used: no more this turn"
    assert "end-turn" in ids(s)


@pytest.mark.rules("C-15")
def test_without_turn_limit_a_game_has_no_round_cap():
    s = situation()
    s.round_no = 5000
    run(s, [("round_start",)])
    assert not s.is_over and s.round_no == 5001
    t = situation(turn_limit=40)
    t.round_no = 40
    run(t, [("round_start",)])
    assert t.is_over and t.outcome["result"] == "unfinished"


@pytest.mark.rules("C-15")
def test_simulation_options_are_the_free_action_cap_and_a_round_cap():
    assert GAME.simulation_options == {"free_actions_per_turn": 6, "turn_limit": 600}
    s = GAME.new_game(seed=1, options={"players": 2})
    assert "free_actions_per_turn" not in s.options and "turn_limit" not in s.options
    for bad in ({"free_actions_per_turn": 0}, {"free_actions_per_turn": True}, {"free_actions_per_turn": "6"}):
        with pytest.raises(woodlands.GameOptionError, match="free_actions_per_turn"):
            GAME.new_game(seed=1, options=bad)


@pytest.mark.rules("C-15")
def test_sim_bench_and_the_test_harness_play_with_the_simulation_options(monkeypatch):
    from tests.every_game import CASES
    from woodlands.games.cursed_forest import CursedForestGame
    from woodlands.sim.bench import run_bench
    from woodlands.sim.runner import SimConfig, play_one
    seen = []
    real = CursedForestGame.new_game

    def spy(self, seed=None, options=None):
        seen.append(dict(options or {}))
        return real(self, seed=seed, options=options)
    monkeypatch.setattr(CursedForestGame, "new_game", spy)
    play_one(SimConfig(game="cursed-forest", bot="random", options={"players": 2, "turn_limit": 20}), 1)
    # (and seed 1 gives the lead to the second character, the next one the other seat: every
    # character leads in turn)
    ids = [c.id for c in woodlands.load_game("cursed-forest").content.characters]
    assert seen[-1] == {"players": 2, "turn_limit": 20, "free_actions_per_turn": 6,
                        "characters": [ids[1], ids[2]]}, "given options win"
    run_bench("cursed-forest", seconds=0.01)
    assert seen[-1]["free_actions_per_turn"] == 6 and seen[-1]["turn_limit"] == CursedForestGame.limit_default
    assert CASES["cursed-forest"].options(1)["free_actions_per_turn"] == 6
