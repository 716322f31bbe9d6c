"""The toy game's words and table: its :class:`~woodlands.engine.presentation.Presentation`."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from woodlands.engine.decision import Decision
from woodlands.engine.presentation import Detail, Narrator, Presentation, View
from woodlands.kit.table import Fact, Region, Table, Token, Track

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
    #: tests/toy_game/look.css: the toy's own look on its web page
    stylesheet = "look.css"
    #: tests/toy_game/picture.svg: the toy's picture on the home page
    picture = "picture.svg"
    tagline = "Squirrels take turns adding to a count of acorns: land exactly on the target."

    def glossary(self) -> list[tuple[str, str]]:
        return [("count", "the number both squirrels add to"), ("target", "land exactly on it to win")]

    def details(self, view: View, decision: Decision | None) -> list[Detail]:
        need = view["target"] - view["total"]
        odds = "1, 2 or 3, each 1 in 3" + (f"; {need} lands on the target" if 1 <= need <= 3 else "")
        return [Detail("o", "The die", f"The die adds {odds}.")]

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        return {"r": "roll"} if "roll" in decision else {}

    def table_model(self, view: View, seat: int) -> Table:
        """The count on its scale and the squirrels, the deciding one marked: the terminal and
        the web draw it, the toy draws nothing itself."""
        total, target = view["total"], view["target"]
        deciding = view.get("deciding")
        squirrels = tuple(Token(f"squirrel-{n}", p["name"], face="squirrel",
                                state=("active",) if deciding == n and not view.get("over") else ())
                          for n, p in enumerate(view["players"]))
        count = (Fact("count-words", "Count to Ten", text=f"{total} of {target}"),
                 Track("total", "The count", value=total, high=target, tip="Land exactly on the target to win."))
        return Table("toy", (Region("count", "Count to Ten", count, layout="list"),
                             Region("squirrels", "Squirrels", squirrels)), title="Count to Ten")
