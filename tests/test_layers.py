"""Generic code names no game: the packages every game shares find a game's parts through its
descriptor, never by its id.  A scan of their code (string constants other than docstrings, the
names in imports, the names of their files) finds no game id; docstrings may keep examples.  Their
other files (stylesheets, templates, scripts) name no game at all, comments included: a game's
look (``.table-<game id>``, its card families and tile faces) lives in the game's own stylesheet.

The layers themselves (what may import what) are import-linter's contracts in pyproject.toml,
run by tests/test_quality.py."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from woodlands.games import BUILTIN

ROOT = Path(__file__).resolve().parents[1]

#: the packages scanned: add a package here once its game-id switches are gone
GENERIC_PACKAGES = ("woodlands/engine", "woodlands/kit", "woodlands/bots", "woodlands/sim", "woodlands/research", "woodlands/cli",
                    "woodlands/web")

#: every spelling of a built-in game's id: as written (``cursed-forest``) and as a module name
GAME_IDS = sorted({*BUILTIN, *(g.replace("-", "_") for g in BUILTIN)})
NAMES_A_GAME = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, GAME_IDS)) + r")(?!\w)")


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def game_ids_in(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string constant (docstrings aside) and each imported name that names a game.

    >>> game_ids_in('GAME = "cursed-forest"\\nfrom ..games.storyfold import x\\n')
    [(1, "'cursed-forest'"), (2, 'from ..games.storyfold import x')]
    """
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if NAMES_A_GAME.search(node.value):
                found.append((node.lineno, repr(node.value)))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [a.asname or "" for a in node.names]
            if isinstance(node, ast.ImportFrom):
                names.append(node.module or "")
            if any(NAMES_A_GAME.search(n.replace(".", " ")) for n in names):
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def game_ids_in_text(text: str) -> list[tuple[int, str]]:
    """(line, text) of each line of a file that is not Python (a stylesheet, a template, a
    script) that names a game: there is no docstring to excuse it.

    >>> game_ids_in_text('.card { color: red; }\\n.table-storyfold .card { width: auto; }\\n')
    [(2, '.table-storyfold .card { width: auto; }')]
    >>> game_ids_in_text('.tile.face-storyfolding, .cursed-forests { }')
    []
    """
    return [(n, line.strip()[:120]) for n, line in enumerate(text.splitlines(), 1) if NAMES_A_GAME.search(line)]


def _files(package: str) -> list[Path]:
    return sorted(p for p in (ROOT / package).rglob("*") if p.is_file() and "__pycache__" not in p.parts)


@pytest.mark.parametrize("package", GENERIC_PACKAGES)
def test_generic_packages_name_no_game(package):
    found = []
    for path in _files(package):
        where = path.relative_to(ROOT)
        if NAMES_A_GAME.search(path.stem.replace("_", "-")) or NAMES_A_GAME.search(path.stem):
            found.append(f"{where}: a module of one game (it belongs in woodlands/games/<game>/)")
        if path.suffix == ".py":
            found += [f"{where}:{line}: {text}" for line, text in game_ids_in(path.read_text(encoding="utf-8"))]
        elif "vendor" not in path.parts:      # third-party files (htmx, Swagger UI) are not ours to judge
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue                      # not text
            found += [f"{where}:{line}: {text}" for line, text in game_ids_in_text(text)]
    assert not found, ("game ids in generic code (reach the game through its descriptor; a game's look goes in its "
                       "presentation's stylesheet):\n" + "\n".join(found))


def test_the_scan_finds_what_it_looks_for():
    source = ('def f(state):\n'
              '    """Docstrings may name tanglewoods."""\n'
              '    if state.game.id == "storyfold":\n'
              '        from woodlands.games.cursed_forest.bots import greedy\n'
              '    return f"{state.game.id}-tanglewoods"\n')
    assert [line for line, _ in game_ids_in(source)] == [3, 4, 5]


def test_the_scan_finds_a_game_in_a_stylesheet_or_a_template():
    css = "/* the River */\n.region-river .card { width: auto; }\n.table-cursed-forest .tile.face-exit { }\n"
    html = '<code>woodlands play tanglewoods</code>\n<code>woodlands play {{ game_type }}</code>\n'
    assert [line for line, _ in game_ids_in_text(css)] == [3]
    assert [line for line, _ in game_ids_in_text(html)] == [1]
