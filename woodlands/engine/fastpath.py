"""The fast path for search: play a position on to its end with nothing but ids and data.

A search bot plays thousands of games from copies of one position and reads only how each ends.
It needs neither the log (the narration, the digest, what each seat saw), nor the record of its
choices, nor undo's bookkeeping.  :func:`quiet` turns a state (a clone, never a state a person
plays) into one whose :meth:`emit` does nothing, and :func:`play` takes an option by its index in
the decision, without looking its id up among the options' ids and without appending it to the
choices.  The rules run exactly as on the normal path, so the same choices reach the same end
(``tests/bots/test_fast_path.py`` proves it over many seeded games of each game).

The normal path pays nothing for this: a quiet state is an instance of a subclass made once per
state class (same slots, only ``emit`` replaced), so no flag is tested in the hot loop.

What a quiet state does not keep: its log, its choices (so it has no :meth:`record`,
:meth:`undo` or ``log_for``), and ``chance_floor``.  Its ``record`` and ``undo``
raise :class:`~woodlands.engine.errors.NotRecorded` rather than give a record that stops where
the state was made quiet (and would replay to another position).  Its decisions, options,
outcome and every rules field are those of the normal path.

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=3, options={"hero": "thorn-warden", "round_limit": 60})
>>> fast = quiet(state.clone())
>>> normal = state.clone()
>>> while not fast.is_over:
...     normal.apply(normal.decision.options[0].id)
...     play(fast, 0)
>>> normal.outcome == fast.outcome
True
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .errors import NotRecorded
from .eventlog import AppendLog

if TYPE_CHECKING:
    from .state import GameState

_QUIET: dict[type, type] = {}


def _silent(self: Any, type_: str, **fields: Any) -> None:
    """``emit`` of a quiet state: the event is dropped (nothing in the rules reads the log)."""


def _not_recorded(self: Any, *args: Any, **kwargs: Any) -> Any:
    """``record`` and ``undo`` of a quiet state: it keeps no choices, so it has neither."""
    raise NotRecorded("this game state is quiet (the fast path: no log, no record of its choices), so it has "
                      "no record and no undo; play it as a normal state (a research environment: "
                      "make it with record=True) to keep them")


def quiet_class(cls: type) -> type:
    """The quiet twin of a state class: the same slots and rules, an ``emit`` that does nothing."""
    twin = _QUIET.get(cls)
    if twin is None:
        twin = _QUIET[cls] = type("Quiet" + cls.__name__, (cls,), {"__slots__": (), "emit": _silent,
                                                                       "record": _not_recorded, "undo": _not_recorded,
                                                                       "QUIET": True, "__module__": cls.__module__})
    return twin


def quiet(state: "GameState") -> "GameState":
    """Make ``state`` (a clone of your own) quiet, in place, and return it.  Its clones stay
    quiet.  Do not give it to a person: its log and record stop where it was made quiet."""
    if not getattr(state, "QUIET", False):
        state.__class__ = quiet_class(type(state))
    return state


def forget_history(state: "GameState") -> "GameState":
    """Drop a quiet state's log and choices so far, in place, and return it: the rules never
    read them, so a search's pool of samples copies only the position (:meth:`clone` copies the
    log and choices it holds)."""
    if not is_quiet(state):
        raise NotRecorded("only a quiet state may forget its history: a normal one's log and record are the game")
    state._log = AppendLog()
    state._choices = AppendLog()
    return state


def is_quiet(state: "GameState") -> bool:
    return bool(getattr(state, "QUIET", False))


def play(state: "GameState", index: int) -> None:
    """Take option number ``index`` of the current decision (``apply`` without the checks and the
    bookkeeping: the index must be one of the decision's, which the caller got from it).

    Not :meth:`GameState._answer` (the normal path's one body of a choice): a quiet state keeps
    no choices and no undo floor, so this leaves out their lines (the append to the choices,
    which would grow with every playout decision, the generator's state read before the answer
    and the floor check after it) and keeps only the answer and ``advance``."""
    decision = state.decision
    assert decision is not None
    option_id = decision.options[index][0]
    step = state.pending
    assert step is not None
    state.pending = None
    state.decision = None
    spec = state.game.steps.specs[step[0]]
    if len(step) == 1:
        spec.answer(state, option_id)   # type: ignore[misc]
    else:
        spec.answer(state, option_id, *step[1:])   # type: ignore[misc]
    state.advance()


def random_playout(state: "GameState", pick: random.Random, limit: int | None = None) -> int:
    """Play ``state`` (quiet or not) to its end, or for ``limit`` decisions if given, choosing
    uniformly with ``pick``; returns the number of decisions taken.  On a quiet state this is the
    fast path."""
    n = 0
    stop = -1 if limit is None else limit
    below = pick.randrange
    if is_quiet(state):
        while not state.over and n != stop:
            play(state, below(len(state.decision.options)))   # type: ignore[union-attr]
            n += 1
    else:
        while not state.over and n != stop:
            options = state.decision.options   # type: ignore[union-attr]
            state.apply(options[below(len(options))][0])
            n += 1
    return n


__all__ = ["forget_history", "is_quiet", "play", "quiet", "quiet_class", "random_playout"]
