"""Bots: the interface, legality, fairness (they see only the view) and strength."""
from __future__ import annotations

from typing import Any

import pytest

import woodlands
from tests.support import ViewOnly
from woodlands.bots import BOT_NAMES, Bot, GreedyBot, RandomBot, get_bot


@pytest.fixture(scope="module")
def game() -> woodlands.Game:
    return woodlands.load_game("tanglewoods")



def play(game: woodlands.Game, bot: Bot, seed: int, **options: Any) -> woodlands.GameState:
    state = game.new_game(seed=seed, options={"round_limit": 150, **options})
    while not state.is_over:
        choice = bot.choose(ViewOnly(state))   # type: ignore[arg-type]
        assert choice in state.decision.ids
        state.apply(choice)
    return state


def test_registry():
    assert set(BOT_NAMES) == {"random", "greedy"}
    assert isinstance(get_bot("random", 1), RandomBot)
    assert isinstance(get_bot("greedy", 1), GreedyBot)
    for name in BOT_NAMES:
        assert isinstance(get_bot(name, 0), Bot)
        assert get_bot(name, 0).name == name
    with pytest.raises(woodlands.WoodlandsError, match="unknown bot"):
        get_bot("oracle", 0)


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("difficulty", [0, 5, 10])
def test_bots_choose_legal_options_from_the_view_alone(game, name, difficulty):
    for seed in range(3):
        state = play(game, get_bot(name, seed), seed, difficulty=difficulty)
        assert state.outcome["result"] in {"win", "loss", "unfinished"}


@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_same_game(game, name):
    a = play(game, get_bot(name, 9), 9)
    b = play(game, get_bot(name, 9), 9)
    assert a.choices == b.choices


def test_a_finished_game_asks_nothing(game):
    state = play(game, get_bot("random", 1), 1)
    for name in BOT_NAMES:
        with pytest.raises(ValueError):
            get_bot(name, 1).choose(state)


def test_greedy_beats_random_clearly(game):
    """Over a fixed set of seeds at difficulty 5 (500-game runs: see the helper's report)."""
    seeds = range(1000, 1060)
    wins = {name: sum(play(game, get_bot(name, s), s).outcome["result"] == "win" for s in seeds)
            for name in BOT_NAMES}
    assert wins["greedy"] >= 6, wins
    assert wins["greedy"] >= 3 * wins["random"] + 5, wins
