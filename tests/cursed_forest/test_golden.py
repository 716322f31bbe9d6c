"""Pinned random games on the test pack (a "perft" for the rules, STYLE.md): any change to the
rules, the option order or the use of chance shows up here as a diff.  When a change is meant,
re-pin the numbers and say why in the commit."""
from __future__ import annotations

import random

import pytest

from tests.cursed_forest.helpers import GAME

PINNED = [
    # (players, decisions, result, log events, generator state at the end)
    (1, 178, "loss", 314, 14184753374512032548),
    (2, 1164, "loss", 1704, 17361453682137869434),
    (4, 2552, "loss", 4025, 16611536465393678091),
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
