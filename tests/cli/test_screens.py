"""The text captures in docs/screens/ are made by ``python -m woodlands.cli.screens``: the script
runs, and every capture fits the terminal size in its name."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from woodlands.cli.screens import SIZES, main
from woodlands.engine.registry import descriptors

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def fits(path: Path) -> bool:
    m = re.search(r"-(\d+)x(\d+)\.txt$", path.name)
    assert m, path
    width, height = int(m.group(1)), int(m.group(2))
    lines = path.read_text(encoding="utf-8").rstrip("\n").split("\n")
    return len(lines) <= height and all(len(line) <= width for line in lines)


def test_the_script_captures_a_game_at_both_sizes(tmp_path, capsys):
    assert main(["cursed-forest", "--out", str(tmp_path), "--choices", "4"]) == 0
    made = sorted(tmp_path.glob("*.txt"))
    assert [p.name for p in made] == ["cursed-forest-160x50.txt", "cursed-forest-80x24.txt"]
    for path in made:
        assert fits(path)
        text = path.read_text(encoding="utf-8")
        assert "q quit" in text and "The Cursed Forest" in text


@pytest.mark.parametrize("game_id", [d.id for d in descriptors() if d.id != "toy"])
def test_the_docs_hold_each_game_at_both_sizes(game_id):
    for w, h in SIZES:
        path = DOCS / f"{game_id}-{w}x{h}.txt"
        assert path.exists(), f"run python -m woodlands.cli.screens ({path} is missing)"
        assert fits(path), path


def test_a_full_tanglewoods_tableau_keeps_the_compact_table_short():
    """Issue 10: the table fits 80x24 beside the options.  With a tableau of a dozen cards and
    more, the compact table still takes at most 15 lines of 78 columns (a row per card would
    take 30), and every creature in it is named."""
    import random

    from rich.console import Console

    import woodlands
    from woodlands.cli.table import table_for
    from woodlands.engine.presentation import presentation_for

    game = woodlands.load_game("tanglewoods")
    shown = presentation_for(game)
    biggest = None
    for seed in range(12):
        s = game.new_game(seed=seed, options={"difficulty": 3})
        rng = random.Random(seed)
        while not s.is_over:
            v = s.view(0)
            if biggest is None or len(v["tableau"]) > len(biggest["tableau"]):
                biggest = v
            options = s.decision.options
            s.apply(options[rng.randrange(len(options))].id)
    assert biggest is not None and len(biggest["tableau"]) >= 12
    console = Console(width=78, record=True, color_system=None)
    console.print(table_for(shown, biggest, 0, 78, 24))
    lines = console.export_text().rstrip("\n").split("\n")
    assert len(lines) <= 15, "\n".join(lines)
    text = " ".join(lines)
    for e in biggest["tableau"]:
        if "health_now" in e:
            assert e["name"].split()[0] in text
