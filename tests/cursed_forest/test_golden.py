"""Pinned random games on the test pack (a "perft" for the rules, STYLE.md): any change to the
rules, the option order or the use of chance shows up here as a diff.  When a change is meant,
re-pin the numbers and say why in the commit."""
from __future__ import annotations

import random

import pytest

from tests.cursed_forest.helpers import GAME

PINNED = [
    # (players, decisions, result, log events, generator state at the end)
    # re-pinned for rules version 2 (C-15 no free-action or round cap, C-16, C-17, C-18)
    (1, 177, "loss", 312, 14184753374512032548),
    (2, 1926, "loss", 2740, 16576130177263863788),
    (4, 642, "loss", 1119, 6446095480991000059),
]


@pytest.mark.parametrize("players, decisions, result, events, rng", PINNED)
def test_pinned_random_games(players, decisions, result, events, rng):
    s = GAME.new_game(seed=players, options={"players": players})
    r = random.Random(players)
    n = 0
    while not s.is_over:
        s.apply(r.choice(s.decision.ids))
        n += 1
    assert (n, s.outcome["result"], s.log_length, s.rng.state) == (decisions, result, events, rng)
