"""The research examples run (issue 13: "an example script per adapter ... run in CI on a few
episodes"), each with its small-episodes flags."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNS = [
    ("gym_random.py", ["--env", "woodlands/Tanglewoods-v0", "--episodes", "2", "--learn-steps", "150"],
     ["Tanglewoods-v0: random agent, 2 episodes", "REINFORCE:"]),
    ("gym_random.py", ["--episodes", "1", "--learn-steps", "100"], ["woodlands/Storyfold-v0: random agent"]),
    ("pettingzoo_random.py", ["--players", "3", "--pvp", "--episodes", "1", "--learn-steps", "150"],
     ["random game 0: player_0", "player_2", "self-play REINFORCE:"]),
    ("openspiel_learn.py", ["--episodes", "1", "--learn-steps", "800"],
     # (a graded return, 2 * score - 1: neither a win's +1 nor a loss's -1; a random campaign scores about 0.39)
     ["python_woodlands_storyfold", "random agent, 1 games, mean return player 0 -0.", "REINFORCE:"]),
    ("openspiel_learn.py", ["--game", "cursed-forest", "--players", "3", "--episodes", "1", "--learn-steps", "200"],
     ["python_woodlands_cursed_forest", "player 2", "REINFORCE:"]),
]


@pytest.mark.parametrize("script,args,expect", RUNS, ids=[f"{s}-{a[1]}" for s, a, _ in RUNS])
def test_the_examples_run(script: str, args: list[str], expect: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "research" / script), *args],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    for text in expect:
        assert text in out.stdout


BAD = [
    ("gym_random.py", ["--env", "woodlands/Nowhere-v0"], "--env woodlands/Nowhere-v0"),
    ("gym_random.py", ["--episodes", "-1"], "must be at least 1"),
    ("pettingzoo_random.py", ["--players", "9"], "players must be a whole number from 1 to 4"),
    ("openspiel_ismcts.py", ["--episodes", "0"], "must be at least 1"),
    ("openspiel_learn.py", ["--game", "cursed-forest", "--players", "9"], "players must be a whole number from 1 to 4"),
    ("openspiel_learn.py", ["--game", "storyfold", "--players", "2"], "--players is an option of --game cursed-forest"),
    ("openspiel_learn.py", ["--learn-steps", "0"], "must be at least 1"),
]


@pytest.mark.parametrize("script,args,says", BAD, ids=[f"{s}-{a[0]}" for s, a, _ in BAD])
def test_an_example_given_a_bad_argument_says_so_in_one_line(script: str, args: list[str], says: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "research" / script), *args],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert says in out.stderr.strip().splitlines()[-1]
