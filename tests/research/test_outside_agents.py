"""Outside agents on the ladder (woodlands.bots.outside): a factory of a bot or of a policy over
the research observation and mask plays the ladder's seeds and is ranked with the same sign
tests; a bad spec is refused with a clear message before any game."""
from __future__ import annotations

import gymnasium
import woodlands
import numpy as np
import pytest

import woodlands.research.gym  # noqa: F401  (registers the environments)
from woodlands.bots.ladder import read_rows, run_ladder, summarize
from woodlands.bots.outside import outside_player
from woodlands.cli.main import main
from woodlands.engine.errors import GameOptionError

POLICY = "tests.research.toy_agents:first_legal"
BOT = "tests.research.toy_agents:make_bot"


def test_outside_agents_play_the_ladders_seeds_and_are_ranked(tmp_path):
    path = tmp_path / "ladder.jsonl"
    rows = run_ladder(path, "tanglewoods", {"difficulty": 0}, ["random", "greedy", POLICY, BOT], 3, "200",
                      say=[].append)
    assert {(r["bot"], r["seed"]) for r in rows} == {(b, s) for b in ("random", "greedy", POLICY, BOT) for s in range(3)}
    text = summarize(read_rows(path))
    assert f"| {POLICY} | 3 |" in text and f"| {BOT} | 3 |" in text
    # ranked after the built-in bots, each step with its sign test
    assert f"- {POLICY} over greedy: better on" in text and f"- {BOT} over {POLICY}: better on" in text


def test_a_policy_on_the_ladder_sees_what_the_gymnasium_environment_gives():
    """The same policy on the same seed plays the same game on the ladder and in the environment."""
    from woodlands.bots.ladder import play_game
    row = play_game("tanglewoods", {"difficulty": 0}, POLICY, 5, "200", "heuristic")
    env = gymnasium.make("woodlands/Tanglewoods-v0", difficulty=0)
    obs, info = env.reset(seed=5)
    steps, done = 0, False
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
        done = terminated or truncated
    assert row["decisions"] == steps and row["result"] == info["outcome"]["result"]


@pytest.mark.parametrize("spec,says", [
    ("nowhere.at.all:make", "cannot import module 'nowhere.at.all'"),
    ("tests.research.toy_agents:absent", "has no 'absent'"),
    ("tests.research.toy_agents:NOT_CALLABLE", "is not callable"),
    ("tests.research.toy_agents:neither", "neither a bot"),
])
def test_a_bad_spec_is_refused_before_any_game(spec, says, tmp_path, capsys):
    path = tmp_path / "ladder.jsonl"
    with pytest.raises(GameOptionError, match=says.replace("(", r"\(")):
        run_ladder(path, "tanglewoods", {}, ["random", spec], 1, "200", say=[].append)
    assert not path.exists()
    assert main(["ladder", "tanglewoods", "--bots", f"random,{spec}", "--games", "1", "--out", str(path)]) == 2
    assert says in capsys.readouterr().err and not path.exists()


def test_an_illegal_action_names_the_agent():
    player = outside_player("tests.research.toy_agents:illegal", "tanglewoods", 0, {})
    state = woodlands.load_game("tanglewoods").new_game(seed=0)
    with pytest.raises(GameOptionError, match="toy_agents:illegal.*not legal"):
        player.choose(state)


def test_a_bot_name_with_a_budget_is_not_taken_for_a_factory(tmp_path):
    rows = run_ladder(tmp_path / "l.jsonl", "tanglewoods", {}, ["ismcts:4"], 1, "4", say=[].append)
    assert [(r["bot"], r["result"] in ("win", "loss")) for r in rows] == [("ismcts:4", True)]
