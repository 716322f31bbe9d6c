"""The greedy Cursed Forest bot: legal from the view alone, repeatable, finishes its games and
beats random play by a wide margin."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import woodlands
from tests.support import ViewOnly
from woodlands.bots import Bot, RandomBot, get_bot
from woodlands.games.cursed_forest.bots.greedy import GreedyCursedForestBot, reach_chance, win_chance


@pytest.fixture(scope="module")
def game() -> woodlands.Game:
    return woodlands.load_game("cursed-forest")



def play(game: woodlands.Game, bot: Bot, seed: int, **options: Any) -> woodlands.GameState:
    state = game.new_game(seed=seed, options=game.options_for_simulation(options))   # C-15
    while not state.is_over:
        choice = bot.choose(ViewOnly(state))   # type: ignore[arg-type]
        assert choice in state.decision.ids, (choice, state.decision.kind)
        state.apply(choice)
    return state


def test_registered_as_the_games_greedy_bot(game):
    bot = get_bot("greedy", 3, game="cursed-forest")
    state = game.new_game(seed=3, options={"players": 2})
    assert bot.choose(state) in state.decision.ids
    assert GreedyCursedForestBot(0).name == "greedy"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_legal_from_the_view_alone_and_finishes(game, players):
    for seed in range(4):
        state = play(game, GreedyCursedForestBot(seed), seed, players=players)
        assert state.outcome["result"] in {"win", "loss"}, state.outcome


def test_solo_with_several_adventurers_and_pvp_tables(game):
    state = play(game, GreedyCursedForestBot(1), 1, players=1, adventurers=3)
    assert state.outcome["result"] in {"win", "loss"}
    state = play(game, GreedyCursedForestBot(2), 2, players=2, pvp=True)
    assert state.outcome["result"] in {"win", "loss"}


def test_same_seed_same_game(game):
    a = play(game, GreedyCursedForestBot(9), 9, players=2)
    b = play(game, GreedyCursedForestBot(9), 9, players=2)
    assert a.choices == b.choices


SCRIPT = """
import json, woodlands
from woodlands.games.cursed_forest.bots.greedy import GreedyCursedForestBot
g = woodlands.load_game("cursed-forest")
s = g.new_game(seed=4, options={"players": 2})
bot = GreedyCursedForestBot(4)
while not s.is_over:
    s.apply(bot.choose(s))
print(json.dumps(s.choices))
"""


def test_independent_of_the_hash_seed():
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1] and len(runs[0]) > 50


def wins(game: woodlands.Game, make: Any, seeds: range, players: int) -> tuple[int, int]:
    won = unfinished = 0
    for seed in seeds:
        result = play(game, make(seed), seed, players=players).outcome["result"]
        won += result == "win"
        unfinished += result == "unfinished"
    return won, unfinished


def test_clearly_better_than_random(game):
    # measured with the default pack over 200 games: greedy wins 78% of 2-player and 97% of
    # 4-player games, random play none; on these 20 seeds greedy won 16 and 18.  The bars leave
    # room for luck and small changes, not for a broken bot.
    seeds = range(100, 120)
    greedy2, open2 = wins(game, GreedyCursedForestBot, seeds, 2)
    greedy4, open4 = wins(game, GreedyCursedForestBot, seeds, 4)
    random2, _ = wins(game, RandomBot, seeds, 2)
    random4, _ = wins(game, RandomBot, seeds, 4)
    assert open2 == open4 == 0
    assert greedy2 >= 10 and greedy2 >= random2 + 9, (greedy2, random2)
    assert greedy4 >= 14 and greedy4 >= random4 + 12, (greedy4, random4)


def test_fight_odds():
    assert win_chance(10, 2, 2, 0, 5, 1, 1) > win_chance(10, 2, 0, 0, 5, 1, 1) > win_chance(3, 2, 0, 0, 5, 1, 1)
    assert win_chance(10, 3, 2, 0, 8, 2, 1) > win_chance(10, 2, 2, 0, 8, 2, 1)   # a tag partner's die
    assert win_chance(10, 2, 2, 2, 8, 2, 1) > win_chance(10, 2, 2, 0, 8, 2, 1)   # armour
    assert 0.0 < win_chance(10, 2, 2, 0, 4, 2, 0, spiders=True) < 1.0
    assert reach_chance(2) == 1.0 and reach_chance(12) == pytest.approx(1 / 36)
