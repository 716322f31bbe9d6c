"""Invariants after every decision, in many seeded random games (hypothesis picks the seeds,
difficulties and heroes)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pytest
from woodlands.games.tanglewoods.invariants import check_invariants

from tests.support import play_random

COLOURS = ("yellow", "green", "blue", "purple", "red")


def view_invariants(state) -> list[str]:
    """The same invariants seen through the public view, as any client would."""
    v = state.view(0)
    out = []
    per = {c: sum(v["dice"][z][c] for z in ("pool", "committed", "exhausted", "banished")) for c in COLOURS}
    if per != {"yellow": 4, "green": 4, "blue": 4, "purple": 4, "red": 1}:
        out.append(f"dice per colour {per}")
    if not 0 <= v["gold"] <= 20:
        out.append(f"gold {v['gold']}")
    return out


@pytest.mark.rules("T-1", "T-2", "TG-084", "TG-085", "T-8")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), difficulty=st.integers(0, 10), mode=st.sampled_from(["toward-5", "single"]))
def test_invariants_hold_after_every_decision(tanglewoods, seed, difficulty, mode):
    """17 dice each in one zone, every card in exactly one zone, gold 0..20, stats 1..6 while
    the game goes on (T-1, T-2, TG-084, TG-085, T-8)."""
    state = tanglewoods.new_game(seed=seed, options={"difficulty": difficulty, "difficulty_mode": mode})

    def check(s):
        problems = check_invariants(s) + view_invariants(s)
        assert not problems, (seed, s.choices[-5:], problems)

    check(state)
    play_random(state, random.Random(seed), check)
    assert state.outcome["result"] in ("win", "loss", "unfinished")


def test_every_game_ends_with_an_outcome(tanglewoods):
    for seed in range(30):
        state = tanglewoods.new_game(seed=seed)
        play_random(state, random.Random(seed))
        assert state.is_over and state.decision is None
        assert state.outcome["result"] in ("win", "loss")
        assert state.log[-1]["type"] == "game_over"
