"""Helpers shared by the whole-game tests."""
from __future__ import annotations

import random
from typing import Callable

import woodlands


def play_random(state: woodlands.GameState, rng: random.Random,
                each: Callable[[woodlands.GameState], None] | None = None, limit: int = 100_000) -> int:
    """Random legal choices to the end; ``each`` runs after every decision."""
    n = 0
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
        n += 1
        if each:
            each(state)
        assert n < limit, "game did not end"
    return n
