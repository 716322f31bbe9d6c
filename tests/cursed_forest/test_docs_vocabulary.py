"""The Cursed Forest docs cover the whole vocabulary: every file, tile kind, slot, power,
timing and seed power of the pack, and every decision kind and option verb of the game."""
from __future__ import annotations

from pathlib import Path

import pytest

from woodlands.games.cursed_forest import actions
from woodlands.games.cursed_forest.content_loader import FILES
from woodlands.games.cursed_forest.model import SEED_POWERS, SLOTS, TILE_KINDS
from woodlands.games.cursed_forest.registry import TIMINGS, effects, steps

DOCS = Path(__file__).resolve().parents[2] / "docs"
PACK_DOC = (DOCS / "cursed-forest-content.md").read_text(encoding="utf-8")
GAME_DOC = (DOCS / "cursed-forest.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind, names", [
    ("file", FILES), ("tile kind", TILE_KINDS), ("slot", SLOTS), ("seed power", SEED_POWERS),
    ("power", sorted(effects.primitives)), ("timing", sorted(TIMINGS)),
])
def test_the_pack_doc_covers(kind, names):
    missing = [n for n in names if f"`{n}`" not in PACK_DOC]
    assert not missing, f"docs/cursed-forest-content.md lacks the {kind}(s) {missing}"


def test_the_game_doc_lists_every_decision_kind_and_verb():
    kinds = sorted({spec.kind for spec in steps.specs.values() if spec.ask})
    assert [k for k in kinds if f"`{k}`" not in GAME_DOC] == []
    verbs = sorted(actions.HANDLERS)
    assert [v for v in verbs if f"`{v}" not in GAME_DOC] == []


def test_the_game_doc_lists_every_log_event():
    import re
    source = "".join(p.read_text(encoding="utf-8") for p in
                     (Path(__file__).resolve().parents[2] / "woodlands" / "games" / "cursed_forest").glob("*.py"))
    emitted = set(re.findall(r's\.emit\("([a-z_]+)"', source))
    section = GAME_DOC[GAME_DOC.index("## The log"):GAME_DOC.index("## Our readings")]
    assert sorted(e for e in emitted if f"`{e}`" not in section) == []


def test_the_doc_example_loads(tmp_path):
    import re

    import woodlands
    blocks = re.findall(r"```toml\n# ([a-z]+\.toml)\n(.*?)```", PACK_DOC, flags=re.S)
    assert sorted(name for name, _ in blocks) == sorted(FILES)
    for name, text in blocks:
        (tmp_path / name).write_text(text, encoding="utf-8")
    game = woodlands.load_game("cursed-forest", tmp_path)
    state = game.new_game(seed=1, options={"characters": ["sirja"]})
    assert state.decision.kind == "turn_action"
