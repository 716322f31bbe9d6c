"""AUD-8: a number typed at any prompt of ``woodlands play`` (the menu, the players prompt, a
decision) or given to a numeric flag is read with the digits 0-9 only and a bounded length:
``²`` (``str.isdigit`` says yes, ``int`` says no) and a 5,000-digit number get one clear line,
the session goes on and nothing changes."""
from __future__ import annotations

import json

import pytest

import woodlands

HUGE = "9" * 5000
ODD_DIGITS = ["²", "³", "¹", "٣", "３", "𝟙", "②", "1²"]
GAMES = ["tanglewoods", "storyfold", "cursed-forest"]


def autosaved_records(data_dir):
    return [json.loads(p.read_text()) for p in sorted((data_dir / "autosave").glob("*.json"))
            if not p.name.endswith(".meta.json")]


@pytest.mark.rules("AUD-8")
@pytest.mark.parametrize("game_id", GAMES)
def test_odd_digits_and_huge_numbers_at_the_decision_prompt(game_id, run_cli, data_dir):
    stdin = "\n".join([*ODD_DIGITS, HUGE, "0" * 5000 + "1", "1" + "0" * 20, "-1", "+1", " 1 0 ", "1"]) + "\nq\n"
    code, out, err = run_cli("play", game_id, "--seed", "6", stdin=stdin)
    assert code == 0, err
    assert "Traceback" not in out + err and err == ""
    assert "'²' is not written with the digits 0-9" in out
    assert "'３' is not written with the digits 0-9" in out
    assert "There is no option 999999999999… (5,000 characters)" in out
    assert "There is no option 100000000000… (21 characters)" in out
    assert HUGE not in out, "a huge line is not echoed whole"
    # only the last line, a plain 1, was a choice
    records = autosaved_records(data_dir)
    expected = woodlands.load_game(game_id).new_game(seed=6)
    expected.apply(expected.decision.options[0].id)
    assert [r["choices"] for r in records] == [expected.record()["choices"]]


@pytest.mark.rules("AUD-8")
def test_odd_digits_and_huge_numbers_in_the_menu_and_the_players_prompt(run_cli):
    stdin = "\n".join(["²", HUGE, "0", "3", "³", HUGE, "9", "2", "q"]) + "\n"
    code, out, err = run_cli("play", "--seed", "3", stdin=stdin)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert out.count("Type 1 to 3, or q to quit.") == 3            # ², the huge one and 0
    assert "'²' is not written with the digits 0-9. Type 1 to 3" in out
    assert "How many players (1-4)?" in out
    assert out.count("Type a number from 1 to 4.") == 3             # ³, the huge one and 9
    assert "'³' is not written with the digits 0-9. Type a number from 1 to 4." in out
    assert "Player 2" in out                                        # two players sat down


@pytest.mark.rules("AUD-8")
@pytest.mark.parametrize("flag, value", [
    ("--seed", "²"), ("--seed", HUGE), ("--seed", "٣"), ("--difficulty", "²"), ("--difficulty", HUGE),
    ("--players", "³"), ("--players", HUGE),
])
def test_odd_digits_and_huge_numbers_in_numeric_flags(run_cli, flag, value):
    game = "cursed-forest" if flag == "--players" else "tanglewoods"
    code, out, err = run_cli("play", game, flag, value, stdin="q\n")
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert len(err) < 400, "the message does not repeat a 5,000-digit value"
    assert flag in err


@pytest.mark.rules("AUD-8")
def test_huge_numbers_in_the_other_commands_flags(run_cli):
    for argv in (("sim", "tanglewoods", "--games", HUGE), ("sim", "tanglewoods", "--seed", "²"),
                 ("sim", "tanglewoods", "--limit", "٣"), ("sim", "tanglewoods", "--jobs", HUGE),
                 ("bench", "tanglewoods", "--seconds", HUGE), ("bench", "tanglewoods", "--seconds", "²")):
        code, _, err = run_cli(*argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and len(err) < 400, (argv, err)


@pytest.mark.rules("AUD-8")
def test_bytes_that_are_not_utf8_at_a_real_prompt(tmp_path):
    """A real process reading a pipe: invalid UTF-8 on standard input is replaced, not fatal."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), WOODLANDS_DATA_DIR=str(tmp_path / "data"),
               PYTHONIOENCODING="utf-8")
    run = subprocess.run([sys.executable, "-m", "woodlands", "play", "tanglewoods", "--seed", "1"],
                         input=b"\xff\xfe\xb2\n\xc2\xb2\n" + b"9" * 5000 + b"\n1\nq\n", capture_output=True,
                         env=env, cwd=tmp_path, timeout=120)
    out, err = run.stdout.decode("utf-8"), run.stderr.decode("utf-8")
    assert run.returncode == 0, err
    assert "Traceback" not in out + err
    assert "'²' is not written with the digits 0-9" in out and "is not a command" in out
    assert "Autosaved to" in out and "(1 choice)" in out
