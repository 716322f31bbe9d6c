"""The properties every game shares (ARCHITECTURE 2-5, 7), checked on all three games alike:
invariants after every decision, record -> JSON -> replay at random cut points, independent
clones, determinism, refusals that change nothing, views that are JSON and keep their contract,
and thousands of whole games by both bots (the fuzz)."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import woodlands
from woodlands.bots import get_bot

from woodlands.engine.registry import installed_game_ids

from .every_game import CASES, check_invariants, fingerprint, harness_games_registered, random_walk

ALL = sorted(CASES)


@pytest.fixture(scope="module", autouse=True)
def _harness_games_registered():
    """The games of the harness that are not installed (the toy game) are registered for the
    tests of this module, and forgotten after them, so no other test sees them."""
    with harness_games_registered():
        yield


@pytest.mark.parametrize("game_id", ALL)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), which=st.integers(0, 20))
def test_invariants_hold_after_every_decision(game_id, seed, which):
    case = CASES[game_id]
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=seed, options=case.options(which))
    rng = random.Random(seed)
    check_invariants(state)
    decisions = 0
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
        check_invariants(state)
        decisions += 1
        assert decisions < 100_000, "a random game did not end"
    assert state.outcome and state.outcome["result"] in {"win", "loss", "unfinished"}


@pytest.mark.parametrize("game_id", ALL)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), cut=st.integers(0, 600), which=st.integers(0, 20))
def test_replay_at_random_cut_points_reproduces_the_state(game_id, seed, cut, which):
    game = woodlands.load_game(game_id)
    state = random_walk(game.new_game(seed=seed, options=CASES[game_id].options(which)), random.Random(seed), cut)
    again = woodlands.replay(json.loads(json.dumps(state.record())))
    assert fingerprint(again) == fingerprint(state)
    assert again.record() == state.record()


@pytest.mark.parametrize("game_id", ALL)
def test_clone_is_independent_and_continues_alike(game_id):
    game = woodlands.load_game(game_id)
    for seed in range(3):
        state = random_walk(game.new_game(seed=seed, options=CASES[game_id].options(seed)), random.Random(seed), 30)
        if state.is_over:
            continue
        before = fingerprint(state)
        twin = state.clone()
        assert fingerprint(twin) == before
        random_walk(twin, random.Random(99), 10_000)
        assert fingerprint(state) == before
        # the same choices from a clone and from the original give the same game
        a, b = state.clone(), state
        random_walk(a, random.Random(7), 200)
        random_walk(b, random.Random(7), 200)
        assert fingerprint(a) == fingerprint(b)


@pytest.mark.parametrize("game_id", ALL)
def test_a_refused_option_changes_nothing(game_id):
    game = woodlands.load_game(game_id)
    state = random_walk(game.new_game(seed=5, options=CASES[game_id].options(1)), random.Random(5), 12)
    assert not state.is_over
    before = fingerprint(state)
    for bad in ("no-such-option", "", state.decision.options[0].id + ":x", "end-turn:99"):
        if bad in state.decision.ids:
            continue
        with pytest.raises(woodlands.IllegalAction) as e:
            state.apply(bad)
        assert "legal now" in str(e.value)
        assert fingerprint(state) == before


@pytest.mark.parametrize("game_id", ALL)
def test_views_are_json_and_name_their_game(game_id):
    game = woodlands.load_game(game_id)
    state = game.new_game(seed=2, options=CASES[game_id].options(3))
    rng = random.Random(2)
    for _ in range(60):
        if state.is_over:
            break
        for p in range(game.players[1]):
            if p == 0 or "players" in state.view(0) and p < len(state.view(0)["players"]):
                view = state.view(p)
                assert view["game"] == game_id
                json.dumps(view)
        state.apply(rng.choice(state.decision.options).id)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ALL)
@pytest.mark.parametrize("bot_name", ["random", "greedy"])
@pytest.mark.parametrize("block", range(4))
def test_thousands_of_games_end_cleanly(game_id, bot_name, block):
    """4 blocks x 250 games per bot and game: 2,000 games of each game, every option set,
    invariants checked at each end."""
    case = CASES[game_id]
    game = woodlands.load_game(game_id)
    per_block = 250
    results: dict[str, int] = {}
    for i in range(block * per_block, (block + 1) * per_block):
        state = game.new_game(seed=20_000 + i, options=case.options(i))
        bot = get_bot(bot_name, seed=i)
        decisions = 0
        while not state.is_over:
            state.apply(bot.choose(state))
            decisions += 1
            assert decisions < 100_000, f"seed {20_000 + i}: runaway game"
        check_invariants(state)
        result = state.outcome["result"]
        results[result] = results.get(result, 0) + 1
    assert sum(results.values()) == per_block
    assert set(results) <= {"win", "loss", "unfinished"}


SHARED_TOOLS = Path(__file__).resolve().parents[2] / "shared" / "tools"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ALL)
def test_the_shared_contract_check_passes(game_id):
    """shared/tools/contract_check.py drives each game through the public API as any client
    would; it must report no failed check."""
    tool = SHARED_TOOLS / "contract_check.py"
    if not tool.is_file():
        pytest.skip(f"shared/tools is not beside the checkout ({tool})")
    if game_id not in installed_game_ids():
        pytest.skip("shared/tools/contract_check.py keeps its own list of the installed games")
    run = subprocess.run([sys.executable, str(tool), game_id, "30"], capture_output=True, text=True,
                         timeout=1200, cwd=Path(__file__).resolve().parents[1])
    last = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    assert run.returncode == 0 and last.endswith(" 0 failed"), run.stdout[-3000:] + run.stderr[-2000:]
