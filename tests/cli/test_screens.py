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


@pytest.mark.parametrize("marked", [False, True])
def test_a_full_tanglewoods_tableau_keeps_the_compact_table_short(marked):
    """Issue 10: the table fits 80x24 beside the options.  With a tableau of a dozen cards and
    more, the compact table still takes at most 15 lines of 78 columns (a row per card would
    take 30), and every creature in it is named; so too with every element marked as just
    changed (``•``), the most marks there can be."""
    import random

    from rich.console import Console

    import woodlands
    from woodlands.cli.table import CHANGED_MARK, draw, table_for
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
    if marked:
        model = shown.table_model(biggest, 0)
        console.print(draw(model, 78, 24, frozenset(e.id for _, e in model.elements())))
    else:
        console.print(table_for(shown, biggest, 0, 78, 24))
    lines = console.export_text().rstrip("\n").split("\n")
    assert len(lines) <= 15, "\n".join(lines)
    assert all(len(line) <= 78 for line in lines)
    assert (CHANGED_MARK in "".join(lines)) == marked
    text = " ".join(lines).replace(CHANGED_MARK, "")
    for e in biggest["tableau"]:
        if "health_now" in e:
            assert e["name"].split()[0] in text


#: the most lines the compact table took at 78 columns (the full-screen terminal's table at 80) in
#: the positions below, drawn by the Cursed Forest's own compact drawing before the table model
#: (render_compact, measured at commit bc31275 on the same seeds and steps)
OLD_COMPACT_LINES = {3: 17, 4: 18}


@pytest.mark.parametrize("marked", [False, True])
@pytest.mark.parametrize("players", [3, 4])
def test_a_three_or_four_player_cursed_forest_table_keeps_the_old_compact_budget(players, marked):
    """Each adventurer's numbers take one line of the compact table, as they did before the table
    model, so the table of 3 or 4 adventurers is no longer than the old drawing's on the same
    positions (random games, seeds 1-6, every 20th decision up to the 400th), and that line says
    what the old one said: whose turn, which is yours, health, lives, AP, kills, poison, seeds.
    ``marked``: drawn as the hot-seat terminal draws them, with what changed since each seat's
    last drawing marked ``•``; the budget is the same."""
    import random

    from rich.console import Console

    import woodlands
    from woodlands.cli.table import CHANGED_MARK, Changes, table_for
    from woodlands.engine.presentation import presentation_for

    game = woodlands.load_game("cursed-forest")
    shown = presentation_for(game)
    most = checked = marks = 0
    for seed in range(1, 7):
        state = game.new_game(seed=seed, options={"players": players})
        rng = random.Random(seed)
        changes = Changes() if marked else None
        for step in range(400):
            if state.is_over:
                break
            seat = state.decision.player
            drawn = table_for(shown, state.view(seat), seat, 78, 24, changes)   # every choice, as the terminal
            if step % 20 == 0:
                view = state.view(seat)
                console = Console(width=78, record=True, color_system=None)
                console.print(drawn)
                shot = console.export_text()
                marks += shot.count(CHANGED_MARK)
                # the mark before an element, not part of its words
                lines = shot.rstrip("\n").split("\n")
                assert all(len(line) <= 78 for line in lines), lines
                most = max(most, len(lines))
                for p in view["players"]:
                    if not p.get("name"):
                        continue
                    head = f"{p['adventurer'] + 1}. {p['name'].split()[0]}"
                    line = next(line for line in (row.replace(CHANGED_MARK, "").lstrip() for row in lines)
                                if line.startswith((head, f"▶ {head}")))
                    assert line.startswith("▶") == (view.get("turn") == p["adventurer"]), line
                    assert ("(you):" in line) == (p["player"] == seat), line
                    numbers = [f"Health {p['health']}/{p['max_health']}", f"Lives {p['lives']}",
                               f"AP {p['ap']}/{p['max_ap']}", f"Kills {p['kills']}"]
                    numbers += [f"Poison {p['poison']}"] if p.get("poison") else []
                    numbers += [f"Seeds {len(p['seeds'])}"] if p.get("seeds") else []
                    for part in numbers:
                        assert part in line, (part, line)
                    checked += 1
            state.apply(rng.choice(state.decision.options).id)
    assert checked > 100, checked
    assert most <= OLD_COMPACT_LINES[players], most
    assert (marks > 20) == marked, marks
