"""How a terminal offers a decision: numbered entries, two steps for long lists, fixed letters,
and numbers that do not shift under the player's fingers.

Both the full-screen terminal (:mod:`woodlands.cli.tui`) and line mode read a decision through a
:class:`Chooser`, which uses only the game's :class:`~woodlands.engine.presentation.Presentation`
(``grouping``, ``group_label``, ``fixed_keys``) and :meth:`Decision.groups`.

* A decision the presentation groups (``grouping(d) > 0``) with more than one group is offered
  in two steps: first the groups (the die, the item ...), then the options of the chosen group;
  :meth:`Chooser.back` returns to the groups.
* With ``stable=True`` an entry keeps its number while it is still offered in the next decision
  of the same kind (and the same step); new entries take the lowest free numbers.  Line mode uses
  ``stable=False``: an option's number is its place in the decision, as scripts expect.

>>> from woodlands.engine.decision import Decision, Option
>>> c = Chooser(stable=True)
>>> d = Decision(0, "pick", "?", (Option("a", "A"), Option("b", "B"), Option("c", "C")))
>>> [(e.number, e.label) for e in c.entries(d, None)]
[(1, 'A'), (2, 'B'), (3, 'C')]
>>> d2 = Decision(0, "pick", "?", (Option("c", "C"), Option("d", "D")))
>>> [(e.number, e.label) for e in c.entries(d2, None)]
[(3, 'C'), (1, 'D')]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.decision import Decision, Option
from ..engine.presentation import Presentation


@dataclass(frozen=True)
class Entry:
    """One numbered line of a menu: an option (``option`` set) or a group (``group`` set)."""

    number: int
    label: str
    option: Option | None = None
    group: tuple[Any, ...] | None = None
    size: int = 1

    @property
    def key(self) -> Any:
        return ("option", self.option.id) if self.option is not None else ("group", self.group)


@dataclass
class Chooser:
    """The menu state of one terminal: which group is open, and the numbers given last time."""

    stable: bool = True
    group: tuple[Any, ...] | None = None         # the open group (second step), None: the first step
    _context: tuple[Any, ...] | None = None      # (kind, step, group) the numbers below belong to
    _numbers: dict[Any, int] = field(default_factory=dict)
    _decision: Decision | None = None

    # ------------------------------------------------------------------ building the menu
    def entries(self, d: Decision, pres: Presentation | None) -> list[Entry]:
        """The numbered entries to show for ``d`` now (groups, or the open group's options)."""
        if d is not self._decision:
            if self._decision is None or (self._decision.kind, self._decision.step) != (d.kind, d.step):
                self.group = None
            self._decision = d
        depth = pres.grouping(d) if pres is not None else 0
        raw: list[tuple[Any, str, Option | None, tuple[Any, ...] | None, int]] = []
        if depth > 0:
            groups = d.groups(depth)
            if self.group is not None and not any(g.key == self.group for g in groups):
                self.group = None
            if self.group is not None:
                for g in groups:
                    if g.key == self.group:
                        raw = [(("option", o.id), o.label, o, None, 1) for o in g.options]
            elif len(groups) > 1:
                for g in groups:
                    if len(g.options) == 1:
                        o = g.options[0]
                        raw.append((("option", o.id), o.label, o, None, 1))
                    else:
                        label = pres.group_label(d, g.key, g.options) if pres is not None else str(g.key)
                        raw.append((("group", g.key), label, None, g.key, len(g.options)))
        if not raw:
            self.group = None if depth == 0 else self.group
            raw = [(("option", o.id), o.label, o, None, 1) for o in d.options]
        return self._number(d, raw)

    def _number(self, d: Decision, raw: list[tuple[Any, str, Option | None, tuple[Any, ...] | None, int]]) -> list[Entry]:
        context = (d.kind, d.step, self.group)
        if not self.stable:
            self._context, self._numbers = context, {}
            return [Entry(n, label, o, g, size) for n, (_, label, o, g, size) in enumerate(raw, 1)]
        kept = self._numbers if context == self._context else {}
        keys = {k for k, *_ in raw}
        numbers = {k: n for k, n in kept.items() if k in keys}
        if not kept:
            numbers = {k: n for n, (k, *_) in enumerate(raw, 1)}
        used = set(numbers.values())
        free = (n for n in range(1, len(raw) + len(used) + 2) if n not in used)
        for k, *_ in raw:
            if k not in numbers:
                numbers[k] = next(free)
        self._context, self._numbers = context, numbers
        return [Entry(numbers[k], label, o, g, size) for k, label, o, g, size in raw]

    # ------------------------------------------------------------------ choosing
    def open(self, group: tuple[Any, ...]) -> None:
        """Go to the second step: the options of ``group``."""
        self.group = group

    def back(self) -> bool:
        """Back to the first step; False if already there."""
        if self.group is None:
            return False
        self.group = None
        return True


def option_number(d: Decision, option_id: str) -> int:
    """The place (from 1) of ``option_id`` in ``d``, as line mode numbers it."""
    for n, o in enumerate(d.options, 1):
        if o.id == option_id:
            return n
    return 0


__all__ = ["Chooser", "Entry", "option_number"]
