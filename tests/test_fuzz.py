"""Fuzz: thousands of seeded random and greedy games run to the end without an exception
and with the invariants intact at the end (the per-decision check is in test_invariants)."""
from __future__ import annotations

import pytest

from woodlands.bots import get_bot
from woodlands.games.tanglewoods.invariants import check_invariants

GAMES_PER_BOT = 1000


@pytest.mark.slow
@pytest.mark.parametrize("bot_name", ["random", "greedy"])
@pytest.mark.parametrize("block", range(4))
def test_thousands_of_games_end_cleanly(tanglewoods, bot_name, block):
    """4 blocks x 250 games per bot: 2,000 games in all, every difficulty and both modes."""
    per_block = GAMES_PER_BOT // 4
    results = {"win": 0, "loss": 0, "unfinished": 0}
    for i in range(block * per_block, (block + 1) * per_block):
        options = {"difficulty": i % 11, "difficulty_mode": "single" if i % 7 == 0 else "toward-5", "round_limit": 150}
        state = tanglewoods.new_game(seed=10_000 + i, options=options)
        bot = get_bot(bot_name, seed=i)
        decisions = 0
        while not state.is_over:
            state.apply(bot.choose(state))
            decisions += 1
            assert decisions < 50_000, f"seed {10_000 + i}: runaway game"
        assert not check_invariants(state), (i, check_invariants(state))
        results[state.outcome["result"]] += 1
    assert sum(results.values()) == per_block
