"""The toy game's words and table: its :class:`~woodlands.engine.presentation.Presentation`."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from woodlands.engine.decision import Decision
from woodlands.engine.presentation import Detail, Narrator, Presentation, View

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


class ToyPresentation(Presentation):
    narrator_class = ToyNarrator
    help_texts = HELP

    def glossary(self) -> list[tuple[str, str]]:
        return [("count", "the number both squirrels add to"), ("target", "land exactly on it to win")]

    def details(self, view: View, decision: Decision | None) -> list[Detail]:
        need = view["target"] - view["total"]
        odds = "1, 2 or 3, each 1 in 3" + (f"; {need} lands on the target" if 1 <= need <= 3 else "")
        return [Detail("o", "The die", f"The die adds {odds}.")]

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        return {"r": "roll"} if "roll" in decision else {}

    def table(self, view: View, width: int = 100, height: int | None = None) -> Text:
        return render(view)
