"""The numbers a player types in line mode: the ones it shows, which stay with their options from
one decision to the next (woodlands.cli.choose), so a script that picks options must ask for them
decision by decision, in order, as a player reads them off the screen."""
from __future__ import annotations

from woodlands.cli.choose import Chooser
from woodlands.engine.decision import Decision


class Typist:
    """Follows one game's decisions, in order, the way line mode numbers them."""

    def __init__(self) -> None:
        self.chooser = Chooser(stable=True)

    def number(self, decision: Decision, option_id: str) -> int:
        """The number line mode shows for ``option_id`` at ``decision``."""
        return self.chooser.numbers(decision)[option_id]

    def lowest(self, decision: Decision) -> tuple[int, str]:
        """The lowest number on the menu and its option's id (what "type the first" means)."""
        return min((n, i) for i, n in self.chooser.numbers(decision).items())

    def option(self, decision: Decision, number: int) -> str:
        """The option line mode takes when ``number`` is typed at ``decision``."""
        return next(i for i, n in self.chooser.numbers(decision).items() if n == number)
