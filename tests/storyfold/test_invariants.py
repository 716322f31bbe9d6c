"""Invariants after every decision of many seeded random games, and random play that ends."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import woodlands
from woodlands.games.storyfold.content_loader import DEFAULT_PACK
from woodlands.games.storyfold.invariants import check_invariants

from .helpers import GAME, cid, situation

GAMES = [GAME]
if (DEFAULT_PACK / "pack.toml").is_file():
    GAMES.append(woodlands.load_game("storyfold"))


def random_game(game: woodlands.Game, seed: int, limit: int = 20_000) -> int:
    s = game.new_game(seed=seed)
    r = random.Random(seed)
    check_invariants(s)        # type: ignore[arg-type]
    n = 0
    while not s.is_over:
        s.apply(r.choice(s.decision.ids))
        check_invariants(s)    # type: ignore[arg-type]
        n += 1
        assert n < limit, f"seed {seed}: no end after {limit} decisions"
    return n


@pytest.mark.rules("SW-044", "SW-046", "SW-069", "SW-065", "S-2", "S-4", "S-5")
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), which=st.integers(0, 1))
def test_invariants_hold_after_every_decision_of_random_games(seed, which):
    random_game(GAMES[which % len(GAMES)], seed)


@pytest.mark.rules("S-6")
def test_random_players_finish_the_campaign_in_a_few_thousand_decisions():
    for game in GAMES:
        lengths = [random_game(game, seed) for seed in range(20)]
        assert max(lengths) < 5_000, lengths


def test_the_invariants_catch_a_broken_position():
    s = situation()
    s.crystals[0] = 4
    with pytest.raises(AssertionError, match="SW-069"):
        check_invariants(s)
    s = situation(river=("light", "help", "explore"))
    with pytest.raises(AssertionError, match="heal is not in the River"):
        check_invariants(s)
    s = situation(boons=[cid("boon-reroll")], explore_deck=[cid("boon-reroll")])
    with pytest.raises(AssertionError, match="two places"):
        check_invariants(s)
    s = situation(river=("light", None, "help", "explore", "heal"))
    with pytest.raises(AssertionError, match="gap"):
        check_invariants(s)
    s = situation(spirit_pos=13)
    with pytest.raises(AssertionError, match="Spirit"):
        check_invariants(s)
