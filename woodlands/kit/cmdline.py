"""What a sub-command of ``woodlands`` is made of, for the command line and the packages that
plug commands into it (the web app's ``serve`` and ``bench-web``): the :class:`Command` a package
declares under the entry-point group ``woodlands.commands``, and the argument types their flags
share, each refusing a bad value in one line.

>>> positive("3"), seconds("2.5"), port("8000")
(3, 2.5, 8000)
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Callable

#: the entry-point group packages declare their ``woodlands`` sub-commands in
COMMAND_GROUP = "woodlands.commands"


@dataclass(frozen=True)
class Command:
    """A sub-command a package plugs into ``woodlands``: ``add(subparsers)`` adds its parser
    (``subparsers.add_parser(name, ...)``); ``run(args)`` runs it and returns the exit status,
    raising :class:`~woodlands.engine.errors.UserError` for a mistake the user can fix."""

    name: str
    add: Callable[[Any], argparse.ArgumentParser]
    run: Callable[[argparse.Namespace], int]


def _short(text: str, limit: int = 60) -> str:
    # (the terminal's ``short``: a value echoed in a message stays one line)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _is_ascii_number(text: str) -> bool:
    return bool(text) and text.isascii() and text.isdigit()


#: the longest whole number a flag takes (a seed fits in 20 digits; int() refuses 4,300)
FLAG_DIGITS = 30


def whole(text: str) -> int:
    """A whole number written with the digits 0-9 (and an optional minus sign), AUD-8."""
    digits = text.strip().removeprefix("-")
    if not _is_ascii_number(digits):
        raise argparse.ArgumentTypeError(f"not a whole number written with 0-9: {_short(text, 40)!r}")
    if len(digits) > FLAG_DIGITS:
        raise argparse.ArgumentTypeError(f"too long a number ({len(digits):,} digits; at most {FLAG_DIGITS})")
    return int(text)


def non_negative(text: str) -> int:
    """A whole number from 0."""
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative: {value}")
    return value


def positive(text: str) -> int:
    """A whole number from 1."""
    value = non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def seconds(text: str) -> float:
    """A number of seconds, more than 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600: {value}")
    return value


def days(text: str) -> float:
    """A number of days from 0 (fractions allowed)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 100_000:
        raise argparse.ArgumentTypeError(f"a number of days from 0, not {_short(text)!r}")
    return value


def port(text: str) -> int:
    """A TCP port, 1 to 65535."""
    if not _is_ascii_number(text) or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {_short(text)!r}")
    return int(text)
