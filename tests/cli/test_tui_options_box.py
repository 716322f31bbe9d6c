"""The options box at full screen: every option is always reachable.  When the entries take more
rows than the box has (labels that wrap), the box shows a window of them, says how many are
above and below, and PgUp/PgDn (or the arrows) move it."""
from __future__ import annotations

import asyncio
import dataclasses
import io
import re
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp
from woodlands.engine.decision import Option
from woodlands.engine.registry import unregister_game

from .settle import steady_screen

SIZES = [(80, 24), (160, 50)]


@pytest.fixture
def toy():
    from tests.toy_game import DESCRIPTOR
    woodlands.register_game(DESCRIPTOR)
    game = woodlands.load_game("toy")
    yield game
    game.__dict__.pop("_presentation", None)
    unregister_game("toy")


def long_labels(monkeypatch: Any, count: int, words: int) -> list[str]:
    """The toy's turn offers ``count`` options whose labels wrap; the last is 'End the turn'."""
    from tests.toy_game import STEPS
    labels = [f"Add {n}: " + " ".join(f"acorn{n}x{k}" for k in range(words)) for n in range(1, count)]
    labels.append("End the turn")

    def ask(s: Any, seat: int) -> tuple[str, list[Option]]:
        return f"Count {s.total}", [Option(f"add:{n}", label) for n, label in enumerate(labels, 1)]
    monkeypatch.setitem(STEPS.specs, "turn", dataclasses.replace(STEPS.specs["turn"], ask=ask))
    return labels


def options_box(text: str) -> str:
    """The rows under the options box's top rule, without the key bar."""
    lines = text.split("\n")
    top = max(i for i, line in enumerate(lines) if line.startswith("────"))
    return "\n".join(lines[top + 1:-1])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("count,words", [(8, 30), (14, 45)], ids=["8-long", "14-longer"])
def test_every_option_can_be_scrolled_to_and_the_box_says_how_many_are_below(toy, monkeypatch, size, count, words):
    labels = long_labels(monkeypatch, count, words)
    state = toy.new_game(seed=2, options={"target": 50})
    app = PlayApp(PlaySession(Console(file=io.StringIO(), width=100), state, None, io.StringIO(), 0))
    boxes: list[str] = []

    async def next_box(pilot: Any, changed: bool) -> str:
        """The options box once drawn (its first entry shown) or, after a key, once it has moved."""
        def ready(text: str) -> bool:
            if not any(line.startswith("────") for line in text.split("\n")):
                return False                              # not drawn yet
            shown = options_box(text)
            return shown != boxes[-1] if changed else "1. Add 1" in " ".join(shown.split())
        return options_box(await steady_screen(pilot, app, ready))

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            boxes.append(await next_box(pilot, changed=False))
            for _ in range(2 * count):
                if "more below" not in boxes[-1]:
                    break
                await pilot.press("pagedown")
                boxes.append(await next_box(pilot, changed=True))
            for _ in range(2 * count):                    # and back to the top
                if "above" not in boxes[-1]:
                    break
                await pilot.press("up")
                boxes.append(await next_box(pilot, changed=True))
    asyncio.run(go())
    assert len(boxes) > 2, "the labels should not fit the box: " + boxes[0]
    seen: set[int] = set()
    for box in boxes:
        flat = " ".join(box.split())
        shown = {int(n) for n in re.findall(r"(?:^| )(\d+)\. (?:Add|End)", flat)}
        seen |= shown
        below = re.search(r"▼ (\d+) more below", flat)
        # the count below is the number of entries after the last one shown
        assert (int(below.group(1)) if below else 0) == count - max(shown), (box, shown)
        for n in shown:                                    # an entry on screen is there whole
            assert " ".join(labels[n - 1].split()) in flat, (n, box)
        assert len(box.split("\n")) <= (9 if size[0] < 120 else 15)
    assert seen == set(range(1, count + 1))
    assert any(f"{count}. End the turn" in " ".join(b.split()) for b in boxes)
    assert "above" not in boxes[-1] and "1. Add 1" in " ".join(boxes[-1].split())   # back at the top
    assert app.state.choices == []                       # scrolling chooses nothing
