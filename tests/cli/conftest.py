"""Fixtures for the command-line tests: the default pack (skipped with a reason if it does not
load yet) and helpers that run ``woodlands`` in-process with piped standard input."""
from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Callable

import pytest

import woodlands
from woodlands.cli.main import main

from .line_numbers import Typist


@pytest.fixture(scope="session")
def default_game() -> woodlands.Game:
    return woodlands.load_game("tanglewoods")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Each terminal test has its own empty data folder (autosaves), never the user's."""
    folder = tmp_path / "woodlands-data"
    monkeypatch.setenv("WOODLANDS_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def run_cli(monkeypatch, capsys) -> Callable[..., tuple[int, str, str]]:
    """``run_cli(*argv, stdin="...")`` -> (exit code, stdout, stderr)."""
    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return run


def _random_game_choices(game: woodlands.Game, seed: int) -> tuple[list[int], woodlands.GameState]:
    """Option numbers of a whole random game with ``seed``, as a player would type them: the
    numbers line mode shows, which stay with their options from one decision to the next."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    typist = Typist()
    numbers = []
    while not state.is_over:
        option = state.decision.options[rng.randrange(len(state.decision.options))]
        numbers.append(typist.number(state.decision, option.id))
        state.apply(option.id)
    return numbers, state


def _write_record(path: Path, record: dict) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.fixture
def random_game_choices() -> Callable[[woodlands.Game, int], tuple[list[int], woodlands.GameState]]:
    """``random_game_choices(game, seed)`` -> (option numbers typed, finished state)."""
    return _random_game_choices


@pytest.fixture
def write_record() -> Callable[[Path, dict], Path]:
    """``write_record(path, record)`` writes a record as JSON and returns the path."""
    return _write_record
