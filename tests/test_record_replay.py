"""Event-sourcing: record -> JSON -> replay gives an equal state; clones are independent;
same seed and choices give the same game (ARCHITECTURE properties 3-5)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import woodlands


def fingerprint(state: woodlands.GameState) -> str:
    return json.dumps({"view": state.view(0), "log": state.log, "rng": state.rng.state,
                       "stack": repr(state.stack), "ids": state.decision.ids if state.decision else None},
                      sort_keys=True, default=str)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), cut=st.integers(0, 400), difficulty=st.integers(0, 10))
def test_replay_at_random_cut_points_reproduces_the_state(tanglewoods, seed, cut, difficulty):
    state = tanglewoods.new_game(seed=seed, options={"difficulty": difficulty})
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.options).id)
    record = json.loads(json.dumps(state.record()))
    again = woodlands.replay(record)
    assert fingerprint(again) == fingerprint(state)
    assert again.record() == state.record()


def into_a_game(tanglewoods, seed: int, choices: int) -> woodlands.GameState:
    """A difficulty-0 game some random choices in, still going."""
    state = tanglewoods.new_game(seed=seed, options={"difficulty": 0})
    rng = random.Random(seed)
    for _ in range(choices):
        state.apply(rng.choice(state.decision.options).id)
    assert not state.is_over
    return state


def test_clone_is_independent_and_equal(tanglewoods):
    state = into_a_game(tanglewoods, seed=5, choices=25)
    before = fingerprint(state)
    twin = state.clone()
    assert fingerprint(twin) == before
    r2 = random.Random(99)
    while not twin.is_over:
        twin.apply(r2.choice(twin.decision.options).id)
    assert fingerprint(state) == before
    # and the original can still go on, its own way
    state.apply(state.decision.options[0].id)


def test_clone_then_same_choices_give_the_same_game(tanglewoods):
    state = into_a_game(tanglewoods, seed=8, choices=20)
    a, b = state.clone(), state.clone()
    ra, rb = random.Random(1), random.Random(1)
    while not a.is_over:
        a.apply(ra.choice(a.decision.options).id)
        b.apply(rb.choice(b.decision.options).id)
    assert fingerprint(a) == fingerprint(b)


def test_same_seed_same_choices_same_game(tanglewoods):
    games = []
    for _ in range(2):
        s = tanglewoods.new_game(seed=1234, options={"difficulty": 7})
        rng = random.Random(4321)
        while not s.is_over:
            s.apply(rng.choice(s.decision.options).id)
        games.append(fingerprint(s))
    assert games[0] == games[1]


def test_different_seeds_deal_different_games(tanglewoods):
    hero = {"hero": tanglewoods.content.heroes[0].id, "side": "ab"[tanglewoods.content.heroes[0].start_side or 0]}
    decks = [tanglewoods.new_game(seed=n, options=hero).view(0)["decks"] for n in range(4)]
    assert decks[0]["forest"]["count"] > 0
    # the decks are shuffled from the seed: four deals cannot all show the same faces
    assert any(d != decks[0] for d in decks[1:])


def test_rng_is_pinned_across_versions():
    """SplitMix64 gives these numbers on every machine and Python (ARCHITECTURE property 3)."""
    from woodlands.engine.rng import Rng
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_undo_goes_back_one_choice_but_never_past_chance(tanglewoods):
    state = tanglewoods.new_game(seed=11).keep_undo()
    rng = random.Random(11)
    undone = 0
    for _ in range(200):
        if state.is_over:
            break
        before = fingerprint(state)
        state.apply(rng.choice(state.decision.options).id)
        if state.can_undo():
            back = state.undo()
            assert fingerprint(back) == before
            undone += 1
        else:
            with pytest.raises(woodlands.IllegalAction):
                state.undo()
    assert undone > 10


def test_seed_is_recorded_when_drawn_from_the_os(tanglewoods):
    s = tanglewoods.new_game()
    assert isinstance(s.record()["seed"], int)
    assert woodlands.replay(s.record()).view(0) == s.view(0)


def test_a_copy_of_the_default_pack_does_not_capture_default_replays(tmp_path):
    """A folder holding the default pack's id and version must not take over the replay of
    games played with the default pack (and replays must not break when it is deleted)."""
    import shutil
    from woodlands.games.tanglewoods.content_loader import DEFAULT_PACK
    state = woodlands.load_game("tanglewoods").new_game(seed=3)
    copy = tmp_path / "copy"
    shutil.copytree(DEFAULT_PACK, copy)
    woodlands.load_game("tanglewoods", copy)
    shutil.rmtree(copy)
    assert woodlands.replay(state.record()).view(0) == state.view(0)


def test_undo_takes_back_a_kept_state_and_keeps_a_bounded_number(monkeypatch):
    """Undo replays nothing: it takes back the state kept before the last choice, and a state
    keeps at most UNDO_LIMIT of them (here 5); a state that keeps none says how to keep them."""
    from tests.toy_game import ToyGame
    from woodlands.engine import state as engine_state
    monkeypatch.setattr(engine_state, "UNDO_LIMIT", 5)
    game = ToyGame(ToyGame.load_content(None))
    plain = game.new_game(seed=1, options={"target": 50})
    plain.apply("add:1")
    with pytest.raises(woodlands.IllegalAction, match="keeps no earlier states"):
        plain.undo()
    state = game.new_game(seed=1, options={"target": 50}).keep_undo()
    seen = [fingerprint(state)]
    for _ in range(8):              # adding never uses chance: every choice may be taken back
        state.apply("add:1")
        seen.append(fingerprint(state))
    for k in range(5):
        state = state.undo()
        assert fingerprint(state) == seen[-2 - k]
    assert not state.can_undo(), "the five kept states are used up"
    with pytest.raises(woodlands.IllegalAction, match="no earlier state is kept"):
        state.undo()
