"""The menu of ``woodlands play`` sets a game up: each option of the game's schema that has a
flag is asked, with its default on an empty line, choices by number, and one line for a bad
answer; the autosaved record shows the options the game started with."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from woodlands.engine.registry import descriptors


def started_options(data_dir: Path) -> dict:
    records = [p for p in (data_dir / "autosave").glob("*.json") if not p.name.endswith(".meta.json")]
    assert len(records) == 1
    return dict(json.loads(records[0].read_text(encoding="utf-8"))["options"])


def menu_number(game_id: str) -> str:
    return str([d.id for d in descriptors()].index(game_id) + 1)     # the menu's order


@pytest.fixture
def play_menu(run_cli, data_dir):
    """Start a game through the menu with ``answers``, make its first choice (so it is
    autosaved), quit; -> (output, the options of the record)."""
    def play(game_id: str, *answers: str) -> tuple[str, dict]:
        stdin = "\n".join([menu_number(game_id), *answers, "1", "q"]) + "\n"
        code, out, err = run_cli("play", "--seed", "3", stdin=stdin)
        assert code == 0, err
        assert "Traceback" not in out + err
        return out, started_options(data_dir)
    return play


def test_tanglewoods_defaults_on_empty_lines(play_menu):
    out, options = play_menu("tanglewoods", "", "")
    assert "Difficulty 0-10 (default 5)? Enter for the default." in out
    assert "1. thorn-warden (Thorn Warden)" in out        # heroes by number, with their names
    assert "Starting side" not in out                    # no side without a hero
    assert options["difficulty"] == 5 and options.get("hero") is None


def test_tanglewoods_an_explicit_choice(play_menu):
    # the side is asked once, at the table (where each side's numbers are shown): the third
    # answer is the table's
    out, options = play_menu("tanglewoods", "7", "2", "2")
    assert "Starting side" not in out and out.count("Which side of your hero card starts face up?") == 1
    assert options["difficulty"] == 7 and options["hero"] == "hedge-witch" and "side" not in options
    assert "Difficulty 7/10" in out and "(side b)" in out        # the table says both


def test_tanglewoods_side_flag_is_not_asked_again(run_cli, data_dir):
    code, out, err = run_cli("play", "tanglewoods", "--seed", "3", "--hero", "hedge-witch", "--side", "b",
                             stdin="1\nq\n")
    assert code == 0, err
    assert "Which side" not in out and "(side b)" in out


def test_tanglewoods_a_bad_answer_then_a_good_one(play_menu):
    out, options = play_menu("tanglewoods", "11", "²", "4", "9", "thorn-warden")
    assert out.count("Type a number from 0 to 10, Enter for the default, or q to quit.") == 2
    assert "'²' is not written with the digits 0-9. Type a number from 0 to 10" in out
    assert out.count("Type 1 to 5, Enter for the default, or q to quit.") == 1
    assert options["difficulty"] == 4 and options["hero"] == "thorn-warden"


def test_a_flag_given_is_not_asked(run_cli, data_dir):
    code, out, err = run_cli("play", "--seed", "3", "--difficulty", "2", stdin="1\n\n1\nq\n")
    assert code == 0, err
    assert "Difficulty 0-10" not in out and "Hero id" in out
    assert started_options(data_dir)["difficulty"] == 2


def test_q_at_a_setup_question_quits(run_cli, data_dir):
    code, out, err = run_cli("play", "--seed", "3", stdin="1\nq\n")
    assert code == 0, err
    assert "Hero id" not in out and not list((data_dir / "autosave").glob("*.json"))


def test_storyfold_has_nothing_to_set_up(play_menu):
    out, options = play_menu("storyfold")
    assert "Enter for the default" not in out
    assert "resume" not in options


def test_cursed_forest_solo_asks_the_adventurers(play_menu):
    out, options = play_menu("cursed-forest", "1", "")
    assert "Solo game only: adventurers to lead, 1-4 (default 1, CF-091)? Enter for the default." in out
    assert options.get("players") == 1 and "adventurers" not in options


def test_cursed_forest_solo_an_explicit_number_of_adventurers(play_menu):
    out, options = play_menu("cursed-forest", "1", "5", "x", "3")
    assert out.count("Type a number from 1 to 4, Enter for the default, or q to quit.") == 2
    assert options["players"] == 1 and options["adventurers"] == 3


def test_cursed_forest_with_two_players_asks_no_adventurers(play_menu):
    out, options = play_menu("cursed-forest", "2")
    assert "adventurers to lead" not in out and options["players"] == 2


def test_every_question_says_its_default():
    """Each set-up question the menu may ask names the value an empty line takes."""
    from woodlands.cli.commands import menu_options
    for d in descriptors():
        asked = {spec.name: spec for spec in d.options if spec.flag and spec.asked and not spec.simulation}
        for spec in asked.values():
            # a value the menu shows after the question, or words saying what an empty line does
            assert spec.default is not None or "default" in spec.describe(), (d.id, spec.name)
        assert {o.name for o in menu_options(d.id, {})} <= set(asked)



def command(*argv: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``woodlands ARGV`` in its own process (this checkout's package), nothing on stdin."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), WOODLANDS_DATA_DIR=str(tmp_path / "data"), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "woodlands", *argv], capture_output=True, text=True, env=env,
                          cwd=tmp_path, stdin=subprocess.DEVNULL, timeout=120)


@pytest.mark.parametrize("argv", [["sim", "tanglewoods", "--game", "3"], ["play", "tanglewoods", "--se", "3"],
                                  ["ladder", "tanglewoods", "--gam", "3"], ["--game-mod", "x", "play"]])
def test_a_flag_is_taken_only_as_written(argv, tmp_path):
    """argparse took a prefix for the whole flag (--game for --games); no parser does now."""
    result = command(*argv, tmp_path=tmp_path)
    assert result.returncode == 2, result.stdout[-500:]
    [line] = result.stderr.strip().splitlines()
    # refused as unknown (the top level then reads 'x' as the command), never run as the longer flag
    assert "unrecognized arguments: " + argv[-2] in line or "invalid choice: 'x'" in line, line


def test_pvp_without_a_second_adventurer_is_refused_in_one_line(tmp_path):
    result = command("play", "cursed-forest", "--option", "pvp=true", tmp_path=tmp_path)
    assert result.returncode == 2 and "Autosave" not in result.stdout
    [line] = result.stderr.strip().splitlines()
    assert "pvp" in line and "2 or more" in line and "--players 2" in line
    ok = command("play", "cursed-forest", "--players", "2", "--option", "pvp=true", tmp_path=tmp_path)
    assert ok.returncode == 0 and "End of input" in ok.stdout
    solo = command("play", "cursed-forest", "--adventurers", "2", "--option", "pvp=true", tmp_path=tmp_path)
    assert solo.returncode == 0 and "End of input" in solo.stdout


def test_the_limit_help_says_each_games_default(tmp_path):
    result = command("sim", "--help", tmp_path=tmp_path)
    text = " ".join(result.stdout.split())
    assert "the game's own" not in text
    assert "(default: 600 for cursed-forest; no limit for " in text
