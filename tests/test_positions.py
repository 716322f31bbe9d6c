"""Positions (woodlands.engine.position): every game, the toy one too, writes its state as JSON
and reads it back into a state that goes on exactly as the original; a seat's position holds
only what that seat may know; bad positions are refused with words."""
from __future__ import annotations

import copy
import json
import random

import pytest

import woodlands
from woodlands.engine.game import load_position
from woodlands.engine.records import log_digest

from .every_game import CASES, fingerprint, harness_games_registered

ALL = sorted(CASES)
#: further choices played from each read position and from the original, side by side
AHEAD = 12


@pytest.fixture(scope="module", autouse=True)
def _harness_games_registered():
    with harness_games_registered():
        yield


def through_json(data: dict) -> dict:
    """The position as another process reads it: written as text and parsed again."""
    return json.loads(json.dumps(data))


def random_state(game_id: str, seed: int, steps: int) -> woodlands.GameState:
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=seed, options=CASES[game_id].options(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.options).id)
    return state


@pytest.mark.parametrize("game_id", ALL)
@pytest.mark.parametrize("seed", range(3))
def test_a_read_position_goes_on_exactly_like_the_state_it_was_written_from(game_id, seed):
    """At every decision of a seeded random game: the same decision and options, the same
    facts, and after the same further choices the same decisions, log digest and record."""
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=seed, options=CASES[game_id].options(seed))
    rng = random.Random(seed)
    decisions = 0
    while True:
        data = through_json(state.position())
        again = game.from_position(data)
        assert again.decision == state.decision
        assert fingerprint(again) == fingerprint(state)
        assert again.record() == state.record()
        assert again.position() == data, "written again, the same position"
        if state.is_over:
            break
        ahead = random.Random(decisions)
        original = state.clone()
        for _ in range(AHEAD):
            if original.is_over:
                break
            choice = ahead.choice(original.decision.options).id
            original.apply(choice)
            again.apply(choice)
            assert again.decision == original.decision
        assert log_digest(again.log) == log_digest(original.log)
        assert again.outcome == original.outcome and again.can_undo() == original.can_undo()
        state.apply(rng.choice(state.decision.options).id)
        decisions += 1
        if decisions > 300:         # enough of a long game (the early decisions vary most)
            break


@pytest.mark.parametrize("game_id", ALL)
def test_load_position_finds_the_game_and_pack_the_position_names(game_id):
    state = random_state(game_id, 4, 25)
    again = load_position(through_json(state.position()))
    assert again.game is state.game and fingerprint(again) == fingerprint(state)


def seats_of(state: woodlands.GameState) -> range:
    players = state.view(0).get("players")
    return range(len(players) if isinstance(players, list) else 1)


@pytest.mark.parametrize("game_id", ALL)
@pytest.mark.parametrize("seed", range(4))
def test_positions_that_differ_only_in_what_a_seat_cannot_see_look_alike_to_it(game_id, seed):
    """Two determinizations for a seat differ only in facts hidden from it (deck orders, others'
    face-down items, the generator): the seat's positions of them, and of the real state, are
    equal; the full positions are not."""
    for steps in (0, 7, 30, 90):
        state = random_state(game_id, seed, steps)
        for seat in seats_of(state):
            mine = state.position(seat=seat)
            assert mine["seat"] == seat and "rng" not in mine and "choices" not in mine
            assert mine["log"] == state.log_for(seat)
            json.dumps(mine)
            try:
                one, two = state.determinize(seat, 1), state.determinize(seat, 2)
            except NotImplementedError:         # nothing hidden but the generator (the toy game)
                full = state.position()
                assert set(mine) == set(full) - {"rng", "choices"} | {"seat"}
                assert mine["state"] == full["state"] and mine["stack"] == full["stack"]
                continue
            assert one.position() != two.position()
            assert one.position(seat=seat) == two.position(seat=seat) == mine


def test_a_seats_position_blanks_the_deck_between_the_cards_it_sees():
    """Tanglewoods (T-10, T-11): of the forest deck the player sees the top and the bottom card."""
    state = random_state("tanglewoods", 5, 12)
    deck = state.position(seat=0)["state"]["forest_deck"]
    full = state.position()["state"]["forest_deck"]
    assert len(deck) == len(full) > 2
    assert deck[0] == full[0] and deck[-1] == full[-1] and set(deck[1:-1]) == {None}


def test_a_seat_does_not_find_another_players_face_down_item_in_its_position():
    """Cursed Forest (C-9): another player's face-down item is null in this seat's position."""
    for seed in range(40):
        state = random_state("cursed-forest", seed, 120)
        if state.view(0).get("players") is None or state.owner == [0] * state.n:
            continue
        from woodlands.games.cursed_forest.hidden import face_down
        for seat in seats_of(state):
            hidden = face_down(state, seat)
            if hidden:
                mine = state.position(seat=seat)["state"]
                b, item = hidden[0]
                assert item in state.inv[b] + state.extras[b]
                assert item not in mine["inv"][b] + mine["extras"][b]
                assert None in mine["inv"][b] + mine["extras"][b]
                return
    pytest.fail("no seeded game had a face-down item to hide")


def test_a_seats_position_cannot_be_played_on():
    state = random_state("tanglewoods", 1, 5)
    with pytest.raises(woodlands.RecordError, match="seat 0's position"):
        state.game.from_position(state.position(seat=0))


# ------------------------------------------------------------------ bad positions
def tampered(edit, game_id: str = "cursed-forest") -> tuple[woodlands.Game, dict]:
    state = random_state(game_id, 2, 40)
    data = through_json(state.position())
    edit(data)
    return state.game, data


def _set(path: str, value):
    def edit(data: dict) -> None:
        *parents, last = path.split(".")
        for key in parents:
            data = data[key]
        data[last] = value
    return edit


def _drop(key: str):
    def edit(data: dict) -> None:
        del data["state"][key]
    return edit


def _duplicate_a_monster(data: dict) -> None:
    bag = data["state"]["monster_bag"]
    bag[0] = bag[1]


def _edit_decision(data: dict) -> None:
    data["decision"]["options"] = ["add:7"]


def _unknown_step(data: dict) -> None:
    data["stack"].append(["no-such-step"])


def _health_as_text(data: dict) -> None:
    data["state"]["health"][0] = "full"


@pytest.mark.parametrize("edit, words", [
    (_set("format", "woodlands-record"), "not a Woodlands position"),
    (_set("version", 2), "position version 2 is not supported"),
    (_set("version", True), "position version True is not supported"),
    (_set("rules", 99), "rules version 99"),
    (_set("content.version", "0.0.1"), "the loaded pack is"),
    (_set("content.fingerprint", "f" * 64), "of fingerprint ffffffffff, but the loaded pack of that id and version"),
    (_set("content.fingerprint", "short"), "'content.fingerprint' must be the pack's fingerprint"),
    (_set("rng", -1), "'rng' must be a whole number from 0"),
    (_set("seed", "12"), "'seed' is missing or not a whole number"),
    (_set("choices", [1, 2]), "'choices' must be a list of option ids"),
    (_set("log", [{"no": "type"}]), "'log' must be a list of events"),
    (_set("over", True), "'over' and 'outcome' disagree"),
    (_set("chance_floor", 10_000), "'chance_floor' must be a number of choices made"),
    (_set("colour", "red"), "position field 'colour' is not one a position has"),
    (_set("state.turn", "two"), "'state.turn' must hold a whole number"),
    (_set("state.health", 3), "'state.health' must hold a list"),
    (_set("state.hat", 3), "'state.hat' is not a field of a cursed-forest state"),
    (_set("state.grid", {"set": [1]}), "'state.grid' holds"),
    (_set("pending", ["no-such-step"]), "names the step 'no-such-step'"),
    (_drop("placed"), "'state.placed' is missing"),
    (_health_as_text, "'state.health' item #1 must be a whole number"),
    (_duplicate_a_monster, "breaks the rules of cursed-forest: monsters misplaced"),
    (_edit_decision, "'decision.options' says"),
    (_unknown_step, "names the step 'no-such-step'"),
])
def test_a_bad_position_is_refused_with_words_and_left_as_it_was(edit, words):
    game, data = tampered(edit)
    kept = copy.deepcopy(data)
    with pytest.raises(woodlands.RecordError, match=words):
        game.from_position(data)
    assert data == kept, "reading changes nothing it was given"


def test_a_position_of_another_game_or_with_bad_options_is_refused():
    game, data = tampered(lambda d: None, "tanglewoods")
    with pytest.raises(woodlands.RecordError, match="of the game 'tanglewoods', not 'storyfold'"):
        woodlands.load_game("storyfold").from_position(data)
    data["options"]["difficulty"] = 99
    with pytest.raises(woodlands.GameOptionError, match="position options rejected"):
        game.from_position(data)
    for bad in (None, [], "position"):
        with pytest.raises(woodlands.RecordError, match="a position is a JSON object"):
            game.from_position(bad)
    with pytest.raises(woodlands.RecordError, match="unknown game"):
        load_position({**data, "game": "chess"})


def test_every_value_a_state_holds_comes_back_as_its_type():
    """Tuples (a square), a dict keyed by tuples (the grid), lists of tuples and content objects
    carried by steps are written as tagged JSON and read back as what they were."""
    state = random_state("cursed-forest", 3, 60)
    again = state.game.from_position(through_json(state.position()))
    assert again.grid == state.grid and all(type(k) is tuple for k in again.grid)
    assert again.place_open == state.place_open and all(type(t) is tuple for t in again.place_open)
    assert again.stack == state.stack


def test_a_position_that_waits_for_no_decision_runs_its_steps_when_read():
    """The pending step put back on the stack: reading asks it again, so the same decision."""
    state = random_state("cursed-forest", 6, 30)
    data = through_json(state.position())
    data["stack"].append(data["pending"])
    data["pending"] = data["decision"] = None
    again = state.game.from_position(data)
    assert again.decision == state.decision and fingerprint(again) == fingerprint(state)


def test_a_hand_made_situation_is_read_only_when_not_strict():
    """``strict=False`` skips the game's invariants and reads a position between steps, for a
    test that sets a situation up by hand; by default both are refused."""
    game, data = tampered(_duplicate_a_monster)
    assert game.from_position(data, strict=False).monster_bag[0] == data["state"]["monster_bag"][1]
    data = through_json(random_state("cursed-forest", 2, 40).position())
    data["pending"] = data["decision"] = None
    data["stack"] = []
    with pytest.raises(woodlands.RecordError, match="waits for a decision, or has steps to run"):
        game.from_position(data)
    assert game.from_position(data, strict=False).decision is None


def test_a_position_names_its_packs_fingerprint_and_one_written_before_still_reads():
    game, data = tampered(lambda d: None, "tanglewoods")
    assert data["content"] == {"id": game.content.id, "version": game.content.version,
                               "fingerprint": game.content.fingerprint}
    again = game.from_position(data)
    del data["content"]["fingerprint"]          # as positions were written before they kept it
    older = game.from_position(data)
    assert older.view(0) == again.view(0) and older.decision == again.decision
    # found through the pack it names: another content of the same id and version is refused
    data["content"]["fingerprint"] = "0" * 64
    with pytest.raises(woodlands.RecordError, match="fingerprint 0000000000"):
        load_position(data)
