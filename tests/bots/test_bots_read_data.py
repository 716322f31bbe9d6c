"""Bots read decisions and views as data (issue 10): no regular expression, and no reading of
an option's label or a decision's prompt, anywhere in woodlands/bots/."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOTS = Path(__file__).resolve().parents[2] / "woodlands" / "bots"
FILES = sorted(BOTS.glob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_bot_parses_words(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name in ("re", "regex") for a in node.names):
            problems.append(f"line {node.lineno}: imports a regular-expression module")
        elif isinstance(node, ast.ImportFrom) and node.module in ("re", "regex"):
            problems.append(f"line {node.lineno}: imports from a regular-expression module")
        elif isinstance(node, ast.Attribute) and node.attr in ("label", "prompt"):
            problems.append(f"line {node.lineno}: reads .{node.attr} (words, not data)")
    assert not problems, f"{path.name}: " + "; ".join(problems)


def test_the_check_sees_the_bots():
    assert {p.name for p in FILES} >= {"base.py", "random_bot.py"} and len(FILES) >= 5
