"""The errors a user of Woodlands can meet.  Every one says what was wrong and why."""
from __future__ import annotations


class WoodlandsError(Exception):
    """Base of every error Woodlands raises on purpose."""


class IllegalAction(WoodlandsError, ValueError):
    """An option that the current decision does not offer, with the rule that forbids it.

    >>> raise IllegalAction("buy:lantern: you have 2 gold and it costs 4 (Gold, TG-086)")
    Traceback (most recent call last):
    ...
    woodlands.engine.errors.IllegalAction: buy:lantern: you have 2 gold and it costs 4 (Gold, TG-086)
    """


class GameOptionError(WoodlandsError, ValueError):
    """A game option (difficulty, hero, players, ...) that the game does not accept."""


class RecordError(WoodlandsError, ValueError):
    """A game record that is malformed, tampered with, or for other content."""


class ContentError(WoodlandsError, ValueError):
    """A content pack that breaks the schema; the message names file, entry and field."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        head = f"{len(self.problems)} problem(s) in the content pack:" if len(self.problems) > 1 else ""
        super().__init__("\n".join(([head] if head else []) + self.problems))
