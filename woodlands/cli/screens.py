"""Text captures of the full-screen terminal, for the docs: ``python -m woodlands.cli.screens``.

Plays each registered game (or those named) a few decisions in with a fixed seed, through the
same Textual app a player uses (``App.run_test`` with a terminal size, keys pressed by the
pilot), and writes what the screen shows as plain text to ``docs/screens/<game>-<W>x<H>.txt``
at 80x24 and 160x50.  Multi-player games are captured with two players, after the handover.

    python -m woodlands.cli.screens                 # every game, into docs/screens/
    python -m woodlands.cli.screens tanglewoods --out /tmp/screens --choices 5
"""
from __future__ import annotations

import argparse
import asyncio
import io
import sys
from pathlib import Path
from typing import Sequence

from rich.console import Console

from ..engine.game import load_game
from ..engine.registry import descriptors
from .play import PlaySession
from .tui import PlayApp, screen_text

SIZES = ((80, 24), (160, 50))
SEED = 7
CHOICES = 8


async def _capture(game_id: str, size: tuple[int, int], choices: int, seed: int) -> str:
    game = load_game(game_id)
    options = {"players": 2} if game.players[0] < 2 <= game.players[1] else {}
    state = game.new_game(seed=seed, options=options)
    session = PlaySession(Console(file=io.StringIO()), state, None, io.StringIO(), 0, None)
    app = PlayApp(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(choices * 3):
            if len(app.state.choices) >= choices or app.state.is_over:
                break
            entries = app.entries()
            on_table = app.screen is app.screen_stack[0]
            await pilot.press(str(entries[0].number)[0] if entries and on_table else "enter")
            await pilot.pause()
        if app.screen is not app.screen_stack[0]:
            await pilot.press("enter")       # past a handover: the next player's screen
            await pilot.pause()
        return screen_text(app)


def capture(game_id: str, size: tuple[int, int], choices: int = CHOICES, seed: int = SEED) -> str:
    """The screen of ``game_id`` at ``size`` after ``choices`` first-listed choices."""
    return asyncio.run(_capture(game_id, size, choices, seed))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m woodlands.cli.screens", description=__doc__.splitlines()[0],
                                allow_abbrev=False)
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--out", default="docs/screens", help="the folder to write to (default docs/screens)")
    p.add_argument("--choices", type=int, default=CHOICES, help=f"choices made before the capture (default {CHOICES})")
    p.add_argument("--seed", type=int, default=SEED, help=f"the games' seed (default {SEED})")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game_id in args.games or [d.id for d in descriptors()]:
        for w, h in SIZES:
            target = out / f"{game_id}-{w}x{h}.txt"
            target.write_text(capture(game_id, (w, h), args.choices, args.seed) + "\n", encoding="utf-8")
            print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
