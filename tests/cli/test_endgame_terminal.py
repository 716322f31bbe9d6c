"""The end of a game in the terminal: the story (result, why, key moments, each player's
figures) on the end screen of line mode and of the full-screen app, and ``p`` plays again with
the same set-up and a new seed."""
from __future__ import annotations

import asyncio
import io
import random
from typing import Any

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.play import PlaySession
from woodlands.cli.tui import PlayApp

from .settle import steady_screen, until


def finished(game_id: str, options: dict[str, Any], seed: int) -> woodlands.GameState:
    state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    return state


def test_line_mode_tells_the_story_and_plays_again() -> None:
    state = finished("cursed-forest", {"players": 2}, 3)
    out = io.StringIO()
    session = PlaySession(Console(file=out, width=140), state, None, io.StringIO("p\nq\n"))
    assert session.run() == 0
    text = out.getvalue()
    assert "Game over: LOSS" in text and "Key moments:" in text and "The fight that decided it:" in text
    assert "Each player:" in text and "Monsters beaten" in text and "Hildra of the Old Watch" in text
    assert "p plays again" in text
    assert "A new game with the same set-up: seed" in text
    assert not session.state.is_over and session.state.options == state.options
    assert session.state.seed != state.seed


@pytest.mark.parametrize("size", [(80, 24), (100, 40)])
def test_the_full_screen_end_screen_and_its_play_again_key(size: tuple[int, int]) -> None:
    state = finished("tanglewoods", {"difficulty": 2}, 5)
    quiet = Console(file=io.StringIO(), width=100)
    app = PlayApp(PlaySession(quiet, state, None, io.StringIO()))
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            shots.append(await steady_screen(pilot, app, lambda text: "Game over" in text))
            await pilot.press("e")                      # the whole story, in a box of its own
            shots.append(await steady_screen(pilot, app, lambda text: "How it ended" in text))
            await pilot.press("escape")
            await until(pilot, lambda: len(app.screen_stack) == 1)
            await pilot.press("p")
            await until(pilot, lambda: not app.state.is_over)
            shots.append(await steady_screen(pilot, app, lambda text: "Game over" not in text))
    asyncio.run(go())
    end, whole, after = shots
    assert "Game over: LOSS" in end and "p plays again" in end and "e shows the whole story" in end
    assert "Key moments:" in whole and "No bear was beaten." in whole
    if size[1] >= 40:           # at 80x24 the rest of the story is a scroll of the options box away
        assert "Key moments:" in end and "No bear was beaten." in end
    assert not app.state.is_over and app.state.options == state.options and app.state.seed != state.seed
    assert "Game over" not in after and app.entries()


def test_line_mode_names_the_record_of_the_finished_game() -> None:
    """The last choice is autosaved before the end screen, which says where the record is."""
    from woodlands.cli.autosave import Autosave
    state = finished("tanglewoods", {"difficulty": 2}, 5)
    last = state.choices[-1]
    before = woodlands.load_game("tanglewoods").new_game(seed=5, options={"difficulty": 2})
    for c in state.choices[:-1]:
        before.apply(c)
    out = io.StringIO()
    session = PlaySession(Console(file=out, width=140), before, None, io.StringIO(f"{last}\nq\n"),
                          autosave=Autosave.start(before, None))
    assert session.run() == 0
    text = out.getvalue()
    assert "Game over:" in text and f"The record of this game is in {session.autosave.record}" in text
