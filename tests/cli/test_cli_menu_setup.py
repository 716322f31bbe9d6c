"""The menu of ``woodlands play`` sets a game up: each option of the game's schema that has a
flag is asked, with its default on an empty line, choices by number, and one line for a bad
answer; the autosaved record shows the options the game started with."""
from __future__ import annotations

import json
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
    out, options = play_menu("tanglewoods", "7", "2", "2")
    assert "Starting side of the hero, a or b? Enter for the default (the game's own)." in out
    assert options["difficulty"] == 7 and options["hero"] == "hedge-witch" and options["side"] == "b"
    assert "difficulty 7" in out and "(side b)" in out


def test_tanglewoods_a_bad_answer_then_a_good_one(play_menu):
    out, options = play_menu("tanglewoods", "11", "²", "4", "9", "thorn-warden", "c", "a")
    assert out.count("Type a number from 0 to 10, Enter for the default, or q to quit.") == 2
    assert "'²' is not written with the digits 0-9. Type a number from 0 to 10" in out
    assert out.count("Type 1 to 5, Enter for the default, or q to quit.") == 1
    assert out.count("Type 1 to 2, Enter for the default, or q to quit.") == 1
    assert options["difficulty"] == 4 and options["hero"] == "thorn-warden" and options["side"] == "a"


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
    assert "Solo game only: adventurers to lead, 1-4 (CF-091)? Enter for the default (the game's own)." in out
    assert options.get("players") == 1 and "adventurers" not in options


def test_cursed_forest_solo_an_explicit_number_of_adventurers(play_menu):
    out, options = play_menu("cursed-forest", "1", "5", "x", "3")
    assert out.count("Type a number from 1 to 4, Enter for the default, or q to quit.") == 2
    assert options["players"] == 1 and options["adventurers"] == 3


def test_cursed_forest_with_two_players_asks_no_adventurers(play_menu):
    out, options = play_menu("cursed-forest", "2")
    assert "adventurers to lead" not in out and options["players"] == 2
