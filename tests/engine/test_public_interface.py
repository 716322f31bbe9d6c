"""Clients drive a game through the engine's public interface (docs/engine.md, "The fast
interface"): no module outside ``woodlands/engine/`` reads or sets an engine private.

A game's state class may fill in the hooks the engine leaves to it (:data:`GAME_HOOKS`), and
any module may keep privates of its own under the same names as long as it reads them on
itself (``self._start``): what is refused is reaching into an engine object's privates
(``state._log``, ``d._decision``)."""
from __future__ import annotations

import ast
from pathlib import Path

import woodlands

ROOT = Path(woodlands.__file__).parent
ENGINE = ROOT / "engine"
#: what a game's state or game class overrides (and may call on ``super()``)
GAME_HOOKS = {"_start", "_clone_into", "_resample_hidden", "_redraw_unseen"}


def engine_privates() -> set[str]:
    """Every private name the engine's classes have: their slots and attributes set on
    ``self``, and their methods."""
    names: set[str] = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for item in ast.walk(node):
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("_") \
                            and not item.name.startswith("__"):
                        names.add(item.name)
                    elif isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) \
                            and item.value.id in ("self", "twin") and item.attr.startswith("_") \
                            and not item.attr.startswith("__"):
                        names.add(item.attr)
                    elif isinstance(item, ast.Constant) and isinstance(item.value, str) \
                            and item.value.startswith("_") and not item.value.startswith("__") \
                            and item.value.isidentifier():
                        names.add(item.value)       # __slots__ entries
    return names


def reaches(path: Path, privates: set[str]) -> list[str]:
    rel = path.relative_to(ROOT)
    return [f"{rel}:{hit}" for hit in scan(path.read_text(), privates, is_game="games" in rel.parts)]


def scan(source: str, privates: set[str], is_game: bool) -> list[str]:
    """``line name`` for each engine private read or set on something other than the module's
    own ``self``/``cls`` (a game's hooks on ``self`` and ``super()`` are allowed)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute) or node.attr not in privates:
            continue
        owner = node.value
        on_self = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
        on_super = isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super"
        if is_game and (on_self or on_super):
            if node.attr in GAME_HOOKS:
                continue
            found.append(f"{node.lineno} self.{node.attr}")
        elif not on_self:
            found.append(f"{node.lineno} {node.attr}")
    return found


def test_the_scan_knows_the_engine_privates_a_client_once_read() -> None:
    """The scan would catch what clients used to reach for."""
    privates = engine_privates()
    assert {"_log", "_choices", "_answer", "_outcome", "_resample_hidden"} <= privates
    assert "decision" not in privates and "_decision" not in privates   # decision is a public slot
    client = "def f(state):\n    state._answer(state.decision.options[0][0])\n    return len(state._choices)\n"
    assert scan(client, privates, is_game=False) == ["2 _answer", "3 _choices"]
    game = ("class S(GameState):\n    def _clone_into(self, twin):\n        super()._clone_into(twin)\n"
            "    def g(self):\n        return list(self._log)\n")
    assert scan(game, privates, is_game=True) == ["5 self._log"]
    own = "class W:\n    def __init__(self):\n        self._start = None\n"
    assert scan(own, privates, is_game=False) == []


def test_no_module_outside_the_engine_reads_an_engine_private() -> None:
    privates = engine_privates()
    found = [hit for path in sorted(ROOT.rglob("*.py")) if ENGINE not in path.parents
             for hit in reaches(path, privates)]
    assert found == [], "engine privates read outside woodlands/engine/ (use the public interface):\n" + "\n".join(found)
