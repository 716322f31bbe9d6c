"""The full screen's '?' key: the hint's sample games are played in a thread and shows up in the log while the
screen stays live (woodlands/cli/tui.py, woodlands/cli/hinting.py)."""
from __future__ import annotations

import asyncio

import woodlands
from woodlands.cli.tui import PlayApp, screen_text

from tests.cli.test_tui import session_for


def test_question_mark_shows_a_hint_in_the_log():
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=3, options={"hero": "thorn-warden", "difficulty": 5})
    session = session_for(state)
    session.hint_budget = "6"
    app = PlayApp(session)
    shots: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("?")
            await pilot.pause()
            shots.append(screen_text(app))          # at once: the screen says it is thinking
            for _ in range(200):                     # then the thread's answer arrives
                await pilot.pause(0.05)
                if "From 6 sample games" in screen_text(app):
                    break
            shots.append(screen_text(app))
    asyncio.run(go())
    assert "Thinking about a hint" in shots[0] or "From 6 sample games" in shots[0]   # (6 samples are quick)
    assert "From 6 sample games for each option" in shots[1] and "1. " in shots[1]
    assert "if you play on as the greedy bot would" in shots[1]
    assert len(state.choices) == 0               # a hint chooses nothing
