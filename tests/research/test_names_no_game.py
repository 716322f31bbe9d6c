"""Generic code names no game: the research adapters (``woodlands/research/``) hold no game id
in code, so that a game gets its environments from its descriptor alone.  A string constant
naming a game (``"cursed-forest"``, ``"python_woodlands_storyfold"``, ``"woodlands/Tanglewoods-v0"``)
is a switch on that game or a table of games; docstrings may name games in their examples, and
comments are not code."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import woodlands
from tests.toy_game import TOY

RESEARCH = Path(woodlands.__file__).parent / "research"


def _pattern(game_id: str) -> re.Pattern[str]:
    """The id as it may be spelt in a string: ``cursed-forest``, ``cursed_forest``,
    ``CursedForest``, ``Cursed Forest`` (a whole word, or the head of a CamelCase one)."""
    parts = "[-_ ]?".join(f"(?:{p}|{p.title()}|{p.upper()})" for p in game_id.split("-"))
    return re.compile(f"(?<![A-Za-z]){parts}(?![a-z])")


PATTERNS = {game_id: _pattern(game_id) for game_id in [*woodlands.game_ids(), TOY.id]}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def game_names_in_code(path: Path) -> list[str]:
    """``file:line: 'text' names <game>`` for each string constant of ``path`` naming a game."""
    tree = ast.parse(path.read_text(), str(path))
    docs = _docstrings(tree)
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            for game_id, pattern in PATTERNS.items():
                if pattern.search(node.value):
                    problems.append(f"{path.name}:{node.lineno}: {node.value!r} names {game_id}")
    return problems


def test_the_research_adapters_name_no_game() -> None:
    files = sorted(RESEARCH.rglob("*.py"))
    assert len(files) >= 5
    assert [p for f in files for p in game_names_in_code(f)] == []


def test_the_scan_finds_a_game_named_in_code(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""Docs may say cursed-forest."""\n'
                      'def f(game):\n    """Or tanglewoods."""\n'
                      '    return game == "cursed-forest" or f"woodlands/Storyfold-v0" or "destroy the toys"\n')
    assert game_names_in_code(sample) == ["sample.py:4: 'cursed-forest' names cursed-forest",
                                          "sample.py:4: 'woodlands/Storyfold-v0' names storyfold"]
