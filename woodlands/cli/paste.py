"""Pasted text never chooses at the full-screen terminal.

A terminal that brackets a paste (``ESC [200~`` ... ``ESC [201~``) lets Textual hand the whole
paste over as one :class:`textual.events.Paste`, which the game screen ignores.  But Textual's
input parser reads an escape character *inside* a paste as the start of a key sequence, and
when that sequence means nothing it sends its characters on as key presses: a pasted
``ESC[31m1`` pressed ``3`` and ``1``, which took option 3.  :class:`PasteSafeParser` drops the
escape characters between the paste's brackets before Textual's parser sees them, so the
pasted text can only ever arrive as a paste; :class:`PasteSafeDriver` reads the terminal with
it (on Linux and macOS; elsewhere Textual's own driver is used).

>>> parser = PasteSafeParser()
>>> [type(e).__name__ for e in parser.feed("\\x1b[200~\\x1b[31m1\\x1b[0m\\x1b[201~")]
['Paste']
>>> [type(e).__name__ for e in parser.feed("2")]
['Key']
"""
from __future__ import annotations

import os
import selectors
import sys
from codecs import getincrementaldecoder
from typing import Any, Iterable

from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser
from textual.driver import Driver
from textual.message import Message

ESC = "\x1b"


class PasteSafeParser(XTermParser):
    """Textual's terminal input parser, with the escape characters of a bracketed paste dropped."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.in_paste = False
        self.held = ""       # the start of what may be the paste's end marker, split between reads

    def feed(self, data: str) -> Iterable[Message]:
        if not data:                          # the end of input
            return super().feed(data)
        clean = self.defuse(data)
        return super().feed(clean) if clean else ()

    def defuse(self, data: str) -> str:
        """``data`` with every escape character inside a paste removed (its markers kept)."""
        text, self.held = self.held + data, ""
        out: list[str] = []
        while text:
            if not self.in_paste:
                start = text.find(BRACKETED_PASTE_START)
                if start < 0:
                    out.append(text)
                    break
                out.append(text[:start + len(BRACKETED_PASTE_START)])
                text = text[start + len(BRACKETED_PASTE_START):]
                self.in_paste = True
            else:
                end = text.find(BRACKETED_PASTE_END)
                if end < 0:
                    # keep back a tail that may be the start of the end marker
                    keep = next((k for k in range(min(len(text), len(BRACKETED_PASTE_END) - 1), 0, -1)
                                 if BRACKETED_PASTE_END.startswith(text[-k:])), 0)
                    out.append(text[:len(text) - keep].replace(ESC, ""))
                    self.held = text[len(text) - keep:]
                    break
                out.append(text[:end].replace(ESC, "") + BRACKETED_PASTE_END)
                text = text[end + len(BRACKETED_PASTE_END):]
                self.in_paste = False
        return "".join(out)


def paste_safe_driver() -> type[Driver] | None:
    """The driver that reads the terminal through :class:`PasteSafeParser` on this platform, or
    None where Textual's own is used (Windows, or a driver chosen through $TEXTUAL_DRIVER)."""
    if sys.platform == "win32" or os.environ.get("TEXTUAL_DRIVER"):
        return None
    from textual._loop import loop_last
    from textual._parser import ParseError
    from textual.drivers.linux_driver import LinuxDriver

    class PasteSafeDriver(LinuxDriver):
        """Textual's Linux/macOS driver, reading keys through :class:`PasteSafeParser`."""

        def run_input_thread(self) -> None:
            # Textual's own loop (textual.drivers.linux_driver), with the paste-safe parser
            selector = selectors.SelectSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            parser = PasteSafeParser(self._debug)
            decode = getincrementaldecoder("utf-8")().decode

            def process(selector_events: list[tuple[Any, int]], final: bool = False) -> None:
                for last, (_key, mask) in loop_last(selector_events):
                    if mask & selectors.EVENT_READ:
                        data = decode(os.read(self.fileno, 1024 * 4), final=final and last)
                        if not data:
                            break
                        for event in parser.feed(data):
                            self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)

            try:
                while not self.exit_event.is_set():
                    process(selector.select(0.1))
                selector.unregister(self.fileno)
                process(selector.select(0.1), final=True)
            finally:
                selector.close()
                try:
                    for _ in parser.feed(""):
                        pass
                except (EOFError, ParseError):
                    pass

    return PasteSafeDriver


__all__ = ["PasteSafeParser", "paste_safe_driver"]
