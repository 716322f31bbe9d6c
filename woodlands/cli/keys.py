"""Which key does what at a decision, the same at full screen and in line mode.

A game names letters for frequent options (:meth:`Presentation.fixed_keys`) and for its details
(:meth:`Presentation.details`), and the terminal keeps a few keys for itself
(:data:`TERMINAL_KEYS`).  These can clash: Storyfold's Action cards and The Cursed Forest's
adventurers are on ``a``, which the terminal keeps for forced moves; a detail on ``d`` meets an
option on ``d`` (draw).  Whatever a key bar offers must do what it says, so the terminal's keys
come first, then the options' letters, and a detail whose letter is taken moves to a free key:
its capital letter when that is free (``A`` Action cards), else the first free letter of its
title, else any free letter.  Both faces read the keys only through :func:`option_letters` and
:func:`detail_keys`.

>>> from woodlands.engine.decision import Decision, Option
>>> from woodlands.engine.presentation import Detail
>>> free_details([Detail("a", "Action cards", ""), Detail("d", "Dice", "")], {"d"})
[Detail(key='A', title='Action cards', text=''), Detail(key='D', title='Dice', text='')]
"""
from __future__ import annotations

import string
from dataclasses import replace
from typing import Any, Iterable

from ..engine.decision import Decision
from ..engine.presentation import Detail, Presentation

#: keys the terminal keeps for itself at both faces (help, save, load, undo, quit, glossary,
#: forced moves, the whole log, an option id, a hint); a game's letter never takes them
TERMINAL_KEYS = frozenset("hsluqgaL:?")
#: line mode reads its commands in either case ('H' is help there too), so no detail takes these
_FOLDED = frozenset("HSLUQG")


def option_letters(pres: Presentation, d: Decision) -> dict[str, str]:
    """letter -> option id: the game's letters for the options ``d`` offers, never a terminal key."""
    return {k: v for k, v in pres.fixed_keys(d).items() if k not in TERMINAL_KEYS and v in d}


def detail_keys(pres: Presentation, view: dict[str, Any], d: Decision | None) -> list[Detail]:
    """The details of ``d``, each on a key that opens it now (see the module's text)."""
    taken = set(option_letters(pres, d)) if d is not None else set()
    return free_details(pres.details(view, d), taken)


def free_details(details: Iterable[Detail], taken: Iterable[str]) -> list[Detail]:
    """``details`` with each key moved off the terminal's keys, the ``taken`` letters and the
    keys of the details before it."""
    used = set(TERMINAL_KEYS) | _FOLDED | set(string.digits) | set(taken)
    out: list[Detail] = []
    for detail in details:
        key = detail.key
        if key in used or len(key) != 1:
            initials = [w[0] for w in detail.title.split() if w[:1].isascii() and w[:1].isalpha()]
            candidates = [key.upper(), *(c.lower() for c in initials), *(c.upper() for c in initials),
                          *string.ascii_lowercase, *string.ascii_uppercase]
            key = next((c for c in candidates if len(c) == 1 and c not in used), "")
            if not key:
                continue            # 52 keys taken: no key is better than a key that lies
            detail = replace(detail, key=key)
        used.add(key)
        out.append(detail)
    return out


__all__ = ["TERMINAL_KEYS", "detail_keys", "free_details", "option_letters"]
