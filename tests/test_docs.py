"""The documentation tells the truth: its examples run, it covers every primitive, modifier
and condition, and it is written in our own words."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from woodlands.games.tanglewoods.content_loader import FLIP_TRIGGERS, WINDOWS
from woodlands.games.tanglewoods.effects import CONDITIONS
from woodlands.games.tanglewoods.modifiers import MODIFIERS
from woodlands.games.tanglewoods.registry import TIMINGS, effects

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.parametrize("path", [p for p in DOCS if python_blocks(p)], ids=lambda p: p.name)
def test_python_examples_in_the_docs_run(path, monkeypatch):
    from woodlands.engine import registry
    # a game an example registers (docs/engine.md, "Adding a game") is forgotten after it
    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    for block in python_blocks(path):
        exec(compile(block, str(path), "exec"), {"__name__": "docs_example"})


def test_the_readme_shows_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make play" in text and "make test" in text
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_links_resolve():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)#:]+)\)", text):
        assert (ROOT / link).exists(), link


@pytest.mark.parametrize("kind, names", [
    ("primitive", sorted(effects.primitives)),
    ("modifier", sorted(MODIFIERS)),
    ("condition", sorted(CONDITIONS)),
    ("timing", sorted(TIMINGS)),
    ("flip trigger", sorted(FLIP_TRIGGERS)),
    ("window", sorted(WINDOWS)),
])
def test_content_pack_doc_covers_the_whole_vocabulary(kind, names):
    text = (ROOT / "docs" / "content-packs.md").read_text(encoding="utf-8")
    missing = [n for n in names if f"`{n}`" not in text]
    assert not missing, f"docs/content-packs.md does not document the {kind}(s) {missing}"


def test_no_rulebook_sentences_are_copied():
    tool = ROOT.parent / "shared" / "tools" / "verbatim_check.py"
    if not tool.exists():
        pytest.skip("the shared tools are not beside the checkout")
    out = subprocess.run([sys.executable, str(tool), str(ROOT)], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "", out.stdout


def _vocabulary(game: str) -> list[tuple[str, str, list[str]]]:
    """(doc file, kind, names) for the content vocabulary of the two newer games."""
    from woodlands.games.cursed_forest import registry as cf
    from woodlands.games.storyfold import registry as sf
    from woodlands.games.storyfold.conditions import CONDITIONS as SF_CONDITIONS
    if game == "storyfold":
        return [("storyfold-content.md", "primitive", sorted(sf.effects.primitives)),
                ("storyfold-content.md", "timing", sorted(sf.TIMINGS)),
                ("storyfold-content.md", "condition", sorted(SF_CONDITIONS))]
    return [("cursed-forest-content.md", "power", sorted(cf.effects.primitives)),
            ("cursed-forest-content.md", "timing", sorted(cf.TIMINGS))]


@pytest.mark.parametrize("game", ["storyfold", "cursed-forest"])
def test_the_newer_content_docs_cover_their_vocabulary(game):
    for doc, kind, names in _vocabulary(game):
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        missing = [n for n in names if f"`{n}`" not in text]
        assert names and not missing, f"docs/{doc} does not document the {kind}(s) {missing}"
