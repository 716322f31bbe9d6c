"""Waiting for the full-screen terminal under Textual's pilot until it has done what a test is
about to read, instead of for a fixed pause.

``pilot.pause()`` returns once the process looks idle: when its CPU time stops advancing as fast
as the clock.  On a loaded machine a process that waits for a core burns no CPU time either, so
the pause can return before a key has been handled or the screen re-drawn.  These helpers pause
again until a condition on the app or on the screen holds, up to a generous timeout; after it,
they return and the test's own assertions say what is wrong."""
from __future__ import annotations

import time
from typing import Any, Callable

from woodlands.cli.tui import screen_text

#: seconds to wait for a condition before the test's own assertions decide
TIMEOUT = 60.0
#: the pause between two looks (a loaded machine may need many)
STEP = 0.02


async def until(pilot: Any, ready: Callable[[], bool], timeout: float = TIMEOUT) -> bool:
    """Pause until ``ready()`` is true (the app has handled what was pressed); False after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    await pilot.pause()
    while not ready():
        if time.monotonic() > deadline:
            return False
        await pilot.pause(STEP)
    return True


async def steady_screen(pilot: Any, app: Any, ready: Callable[[str], bool] = lambda text: True,
                        timeout: float = TIMEOUT) -> str:
    """The screen's text once ``ready(text)`` holds and two looks a pause apart read the same (the
    re-draw is over); after ``timeout`` seconds, the last text read."""
    deadline = time.monotonic() + timeout
    await pilot.pause()
    last = screen_text(app)
    while True:
        await pilot.pause(STEP)
        text = screen_text(app)
        if (text == last and ready(text)) or time.monotonic() > deadline:
            return text
        last = text
