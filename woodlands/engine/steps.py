"""The step stack: how every game's rules are driven.

A game state holds a stack of pending *steps*, each a plain tuple ``(name, *args)``.
:meth:`GameState.advance` pops and runs steps until one needs a player's choice; that step
becomes the current :class:`~woodlands.engine.decision.Decision`.  Card effects push steps, so
nested effects ("an ambush that forces a draw") need no special machinery, and the whole
state stays plain data that clones and saves trivially (no generators, no closures).

A game registers two kinds of step in its :class:`StepRegistry`:

* ``@steps.auto(name)``: runs by itself (``fn(state, *args)``), may push more steps;
* ``@steps.ask(name, kind=..., rule=...)``: returns ``(prompt, options)`` or ``None`` when there
  is nothing to choose, and ``@steps.answer(name)`` receives the chosen option id.  An ask that
  finds nothing to choose may do the step's automatic work (push steps, move cards) before it
  returns ``None``; it must not do so when it returns options, since asking changes nothing.

Steps run LIFO: to run ``a`` then ``b``, push ``b`` first (use :func:`push_in_order`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .decision import Option

# (prompt, options) or (prompt, options, data): data becomes Decision.data
Ask = tuple[str, Sequence[Option]] | tuple[str, Sequence[Option], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class StepSpec:
    name: str
    run: Callable[..., None] | None = None
    ask: Callable[..., Ask | None] | None = None
    answer: Callable[..., None] | None = None
    kind: str = ""
    rule: str = ""
    explain: Callable[..., str | None] | None = None
    auto: bool = False


class StepRegistry:
    """All the steps of one game, by name."""

    def __init__(self) -> None:
        self.specs: dict[str, StepSpec] = {}

    def auto(self, name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def register(fn: Callable[..., None]) -> Callable[..., None]:
            self._add(StepSpec(name=name, run=fn))
            return fn
        return register

    def ask(self, name: str, *, kind: str, rule: str,
            auto: bool = False) -> Callable[[Callable[..., Ask | None]], Callable[..., Ask | None]]:
        """``auto``: when this step offers one option, a client may take it without asking
        (:meth:`GameState.forced <woodlands.engine.state.GameState.forced>`).  Declare it only
        where taking that lone option by itself rolls no dice and reveals nothing (a lone "roll"
        or "draw" stays the player's to press); every step of one kind must agree."""
        def register(fn: Callable[..., Ask | None]) -> Callable[..., Ask | None]:
            old = self.specs.get(name)
            self.specs[name] = StepSpec(name=name, ask=fn, kind=kind, rule=rule,
                                        answer=old.answer if old else None,
                                        explain=old.explain if old else None, auto=auto)
            return fn
        return register

    def answer(self, name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
        def register(fn: Callable[..., None]) -> Callable[..., None]:
            spec = self.specs[name]
            self.specs[name] = StepSpec(name=name, ask=spec.ask, answer=fn, kind=spec.kind,
                                        rule=spec.rule, explain=spec.explain, auto=spec.auto)
            return fn
        return register

    def explain(self, name: str) -> Callable[[Callable[..., str | None]], Callable[..., str | None]]:
        """Register ``fn(state, option_id, *args) -> reason | None`` for refused options."""
        def register(fn: Callable[..., str | None]) -> Callable[..., str | None]:
            spec = self.specs[name]
            self.specs[name] = StepSpec(name=name, ask=spec.ask, answer=spec.answer, kind=spec.kind,
                                        rule=spec.rule, explain=fn, auto=spec.auto)
            return fn
        return register

    def _add(self, spec: StepSpec) -> None:
        if spec.name in self.specs:
            raise ValueError(f"step {spec.name!r} registered twice")
        self.specs[spec.name] = spec

    def check_complete(self) -> None:
        """Every asking step needs an answer, and the steps of one decision kind agree on
        ``auto``; called once when a game is built."""
        missing = [n for n, s in self.specs.items() if s.ask and not s.answer]
        if missing:
            raise RuntimeError(f"steps without an answer handler: {missing}")
        auto: dict[str, bool] = {}
        for n, spec in self.specs.items():
            if spec.ask and auto.setdefault(spec.kind, spec.auto) != spec.auto:
                raise RuntimeError(f"step {n!r}: the steps of kind {spec.kind!r} disagree on auto")

    def auto_kinds(self) -> frozenset[str]:
        """The decision kinds whose lone option a client may take by itself."""
        return frozenset(s.kind for s in self.specs.values() if s.ask and s.auto)


def push_in_order(stack: list[tuple[Any, ...]], steps: Sequence[tuple[Any, ...]]) -> None:
    """Push ``steps`` so that they run in the order given."""
    stack.extend(reversed(steps))
