"""The actions of a turn (section 3): every rules module offers its own options and handles its
own verb, so the turn's decision is assembled here without knowing any rule.

``@offers(where)`` registers ``fn(state, a) -> list[Option]`` for the turn (``"turn"``) or for
the start of a combat round (``"fight"``); ``@handles("verb")`` registers
``fn(state, a, args)`` for option ids ``verb:arg:arg``.
"""
from __future__ import annotations

from typing import Callable

from ...engine.decision import Option
from .state import CursedForestState

Provider = Callable[[CursedForestState, int], list[Option]]
Handler = Callable[[CursedForestState, int, list[str]], None]

PROVIDERS: dict[str, list[Provider]] = {"turn": [], "fight": []}
HANDLERS: dict[str, Handler] = {}


def offers(where: str) -> Callable[[Provider], Provider]:
    def register(fn: Provider) -> Provider:
        PROVIDERS[where].append(fn)
        return fn
    return register


def handles(verb: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        if verb in HANDLERS:
            raise ValueError(f"verb {verb!r} handled twice")
        HANDLERS[verb] = fn
        return fn
    return register


def collect(s: CursedForestState, a: int, where: str) -> list[Option]:
    out: list[Option] = []
    for fn in PROVIDERS[where]:
        out.extend(fn(s, a))
    return out


def dispatch(s: CursedForestState, a: int, option_id: str) -> None:
    verb, *args = option_id.split(":")
    HANDLERS[verb](s, a, args)
