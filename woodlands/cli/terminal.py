"""What the ``woodlands`` command prints and reads, made safe against hostile text (AUD-8, AUD-14).

Card names, texts, record ids, option labels and file names come from files anyone can write.
Every line the command prints goes through :class:`SafeConsole` (or :func:`clean` for the few
plain ``print`` calls), which removes terminal control characters, so a pack cannot clear the
screen, move the cursor or retitle the window.  Numbers typed at a prompt are read by
:func:`read_number`: ASCII digits only and a bounded length, so ``²`` or a 5,000-digit number
gets a polite answer instead of a traceback.

>>> clean("Bear\\x1b[2J\\x07 of the \\x9bwood\\ud800")
'Bear[2J of the wood\\ufffd'
>>> read_number("12"), read_number("²"), read_number("9" * 5000), read_number("-1")
(12, None, None, None)
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

#: C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and
#: isolates (they reorder what follows them on the line).  All print as nothing.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: lone surrogates (an undecodable byte in a file name) cannot be encoded for the terminal
_SURROGATE = re.compile("[\ud800-\udfff]")

#: the longest number a prompt reads; no menu or decision has a million options
MAX_DIGITS = 6
#: how much of a line the command repeats back when it does not understand it
ECHO = 60


def clean(text: str) -> str:
    """``text`` without terminal control characters (newline and tab kept) and with lone
    surrogates shown as U+FFFD."""
    if _CONTROL.search(text):
        text = _CONTROL.sub("", text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return text


def short(text: str, limit: int = ECHO) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis and the length if it was longer."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def is_ascii_number(text: str) -> bool:
    """True for a non-empty run of the digits 0-9 (``str.isdigit`` also accepts ``²`` and ``٣``,
    which ``int`` then refuses or reads as another number)."""
    return bool(text) and text.isascii() and text.isdigit()


def read_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` spells with ASCII digits, or None (other characters, or longer
    than ``max_digits``: ``int`` refuses 4,300 digits and more, and no prompt needs them)."""
    if not is_ascii_number(text) or len(text) > max_digits:
        return None
    return int(text)


def digits_hint(text: str) -> str:
    """A sentence for a line made of digits that are not all 0-9 (``²``, ``３``), else ''."""
    if text and not text.isascii() and all(c.isdigit() for c in text):
        return f"'{short(text)}' is not written with the digits 0-9. "
    return ""


class SafeConsole(Console):
    """A rich Console that prints no control characters, whatever the renderable holds: every
    segment of text goes through :func:`clean` on its way out (rich's own styling codes are added
    after this, and its cursor controls are separate segments, so both still work).  Emoji codes
    like ``:smile:`` in pack text are left as typed."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("highlight", False)
        kwargs.setdefault("emoji", False)
        super().__init__(**kwargs)
        self._cleaning = False

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        if self._cleaning:        # a part of a renderable being cleaned: cleaned on the way out
            return super().render(renderable, options)
        return self._render_clean(renderable, options)

    def _render_clean(self, renderable: RenderableType, options: ConsoleOptions | None) -> Iterable[Segment]:
        self._cleaning = True
        try:
            for segment in super().render(renderable, options):
                if segment.control is None and (_CONTROL.search(segment.text) or _SURROGATE.search(segment.text)):
                    yield Segment(clean(segment.text), segment.style)
                else:
                    yield segment
        finally:
            self._cleaning = False
