"""Decisions: the only way a game asks anything of a player."""
from __future__ import annotations

from typing import Any, NamedTuple


class Option(NamedTuple):
    """One legal choice: a stable text ``id`` (for records, forms and tests) and a human ``label``."""

    id: str
    label: str


class Decision(NamedTuple):
    """What the game waits for: who decides, what kind of choice, a prompt, the legal options.

    ``kind`` is a short stable string (``"choose_map"``, ``"commit_dice"`` ...) that a client can
    switch on; ``step`` names the rulebook step, for help screens.  ``data`` (``None`` for most
    decisions) carries the facts the prompt is about as plain values (e.g. the card an effect
    drew), so a program need not parse the prompt; each game documents its own.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    step: str = ""
    data: dict[str, Any] | None = None

    def __contains__(self, option_id: object) -> bool:
        """``option_id in decision``: is it one of the options' ids (not a field, as for a tuple)."""
        for o in self.options:
            if o.id == option_id:
                return True
        return False

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]
