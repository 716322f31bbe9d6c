"""The errors a user of Woodlands can meet.  Every one says what was wrong and why.

Messages often show a value that came from outside (a record, a save, a pack, the command
line); :func:`brief` shows it in a bounded number of characters, whatever its size or depth.
"""
from __future__ import annotations

import reprlib
from typing import Any

from .refusal import Refusal

#: how many problems ``str(ContentError)`` lists before "... and N more" (all stay in ``.problems``)
SHOWN_PROBLEMS = 50
#: how many characters one shown problem may take
PROBLEM_CHARS = 500


class _Brief(reprlib.Repr):
    """reprlib, also safe for an integer too long to print (Python refuses over 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 3 * self.maxlong:      # about maxlong decimal digits or more
            return f"<a whole number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


_BRIEF = _Brief()
_BRIEF.maxstring = 60
_BRIEF.maxother = 60
_BRIEF.maxlong = 40
_BRIEF.maxlevel = 3


def brief(value: Any) -> str:
    """``repr(value)`` cut to a few dozen characters (for error messages about outside data).

    >>> brief("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> brief(10 ** 5000)
    '<a whole number of about 5001 digits>'
    """
    try:
        return _BRIEF.repr(value)
    except Exception:           # a foreign object with a broken __repr__
        return f"<a {type(value).__name__}>"


def clip(text: str, limit: int = PROBLEM_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


class WoodlandsError(Exception):
    """Base of every error Woodlands raises on purpose."""


class UserError(Exception):
    """A mistake in how a command was asked for (a bad flag, an extra that is not installed):
    the command line reports it in one line, exit status 2.  It lives here, below every client,
    so that the research and simulation tools the command line runs can raise it too."""


class IllegalAction(WoodlandsError, ValueError):
    """An option that the current decision does not offer, with the rule that forbids it.

    >>> raise IllegalAction("buy:lantern: you have 2 gold and it costs 4 (Gold, TG-086)")
    Traceback (most recent call last):
    ...
    woodlands.engine.errors.IllegalAction: buy:lantern: you have 2 gold and it costs 4 (Gold, TG-086)

    When :meth:`GameState.apply <woodlands.engine.state.GameState.apply>` raises it, ``refusal``
    holds the same :class:`~woodlands.engine.refusal.Refusal` as ``state.why_not(option_id)``.
    """

    refusal: Refusal | None = None


class GameOptionError(WoodlandsError, ValueError):
    """A game option (difficulty, hero, players, ...) that the game does not accept."""


class RecordError(WoodlandsError, ValueError):
    """A game record that is malformed, tampered with, or for other content."""


class NotRecorded(WoodlandsError, RuntimeError):
    """A record or an undo asked of a quiet state (:mod:`woodlands.engine.fastpath`: a search's
    playout, or a research environment made without ``record=True``), which keeps no choices."""


class ContentError(WoodlandsError, ValueError):
    """A content pack that breaks the schema; the message names file, entry and field.

    ``problems`` holds every problem; the message shows the first :data:`SHOWN_PROBLEMS`, each
    cut to :data:`PROBLEM_CHARS` characters, then how many more there are.
    """

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(shown_problems(self.problems)))


def shown_problems(problems: list[str], limit: int = SHOWN_PROBLEMS) -> list[str]:
    """The lines that show a problem list: a count when there are several, the first ``limit``
    problems (each clipped), and "... and N more"."""
    head = [f"{len(problems)} problem(s) in the content pack:"] if len(problems) > 1 else []
    lines = [clip(p) for p in problems[:limit]]
    more = [f"... and {len(problems) - limit} more"] if len(problems) > limit else []
    return head + lines + more
