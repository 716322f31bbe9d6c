"""Keystroke fuzz of ``woodlands play`` (AUD-8, AUD-14, AUD-15): random lines (option numbers,
unicode digits, huge numbers, control characters, empty lines, commands, any text) typed into
each game end cleanly: exit status 0, no traceback, no control character printed, and the
autosave replays to the game the session was in."""
from __future__ import annotations

import io
import re
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import woodlands
from woodlands.cli.play import load_record
from woodlands.cli.main import main

FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: s and l read and write files: their own tests cover them, the fuzz leaves the disk alone
FILE_COMMANDS = {"s", "save", "l", "load"}

SPECIAL = st.sampled_from([
    "", " ", "\t", "²", "³", "¹", "٣", "３", "𝟙", "1²", "9" * 5000, "0" * 4400 + "1", "-1", "+2", "1 2", "0",
    "\x1b[2J", "\x1b]0;x\x07", "\x00", "\x9b31m", "\u202e", "\ud800", "h", "help", "?", "log", "u", "undo",
    "[/]", "[bold]", ":smile:", "q",
])
NUMBER = st.integers(min_value=1, max_value=8).map(str)
ANY_TEXT = st.text(max_size=30).filter(lambda t: "\n" not in t and t.strip().split(" ")[0].lower() not in FILE_COMMANDS)
LINES = st.lists(st.one_of(NUMBER, NUMBER, NUMBER, SPECIAL, ANY_TEXT), max_size=40)


@pytest.mark.rules("AUD-8", "AUD-14", "AUD-15")
@pytest.mark.parametrize("game_id", ["tanglewoods", "storyfold", "cursed-forest"])
def test_random_keystrokes_end_cleanly(game_id, monkeypatch, capsys):
    @settings(max_examples=30, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(lines=LINES, menu=st.booleans())
    def run(lines: list[str], menu: bool) -> None:
        with tempfile.TemporaryDirectory() as data:
            monkeypatch.setenv("WOODLANDS_DATA_DIR", data)
            if menu:     # through the menu (and the players prompt) with the same odd lines first
                pick = str(["tanglewoods", "storyfold", "cursed-forest"].index(game_id) + 1)
                text = "\n".join(lines[:3] + [pick] + lines[:3] + ["2"] + lines[3:]) + "\n"
                argv = ["play", "--seed", "7"]
            else:
                text = "\n".join(lines) + "\n"
                argv = ["play", game_id, "--seed", "7"]
            monkeypatch.setattr(sys, "stdin", io.StringIO(text))
            code = main(argv)
            out, err = capsys.readouterr()
            assert code == 0, err
            assert "Traceback" not in out + err
            assert not FORBIDDEN.search(out + err), sorted(set(FORBIDDEN.findall(out + err)))
            records = [p for p in (Path(data) / "autosave").glob("*.json") if not p.name.endswith(".meta.json")]
            assert len(records) <= 1
            for path in records:
                state = woodlands.replay(load_record(path))
                n = len(state.choices)
                assert f"({n} choice{'s' if n != 1 else ''})" in out or "The finished game's record" in out
    run()
