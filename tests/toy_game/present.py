"""The toy game's words and table for the terminal."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from woodlands.cli.narrate import Narrator

HELP = {"count": "Add 1 or 2 to the count, or roll the die for 1 to 3. Land exactly on the target to win."}


class ToyNarrator(Narrator):
    def _setup(self, e: dict[str, Any]) -> str:
        return f"{e['players']} squirrel(s) count to {e['target']}."

    def _roll(self, e: dict[str, Any]) -> str:
        return f"Squirrel {e['seat'] + 1} rolls a {e['face']}."

    def _count(self, e: dict[str, Any]) -> str:
        return f"Squirrel {e['seat'] + 1} adds {e['added']}: the count is {e['total']}."


def render(view: dict[str, Any]) -> Text:
    return Text(f"Count to Ten: {view['total']} of {view['target']}")
