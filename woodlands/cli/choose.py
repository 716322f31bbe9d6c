"""How a terminal offers a decision: numbered entries, two steps for long lists, fixed letters,
and numbers that do not shift under the player's fingers.

Both the full-screen terminal (:mod:`woodlands.cli.tui`) and line mode read a decision through a
:class:`Chooser`, which uses only the game's :class:`~woodlands.engine.presentation.Presentation`
(``grouping``, ``group_label``, ``fixed_keys``) and :meth:`Decision.groups`.

* A decision the presentation groups (``grouping(d) > 0``) with more than one group is offered
  in two steps: first the groups (the die, the item ...), then the options of the chosen group;
  :meth:`Chooser.back` returns to the groups.
* With ``stable=True`` (both terminals) an entry keeps its number while it is still offered in
  the next decision of the same kind for the same seat, and in the same step (the groups, or one
  group's options); new entries take the lowest free numbers.  The numbers of each step are kept
  apart, so opening a group and going back finds the groups under their old numbers.  A decision
  that was shown in groups stays in groups while it still has more than one (the presentation
  may show a shorter list flat, but the groups' numbers would then pass to single options and
  a key that opened "Bait a bear" would forge an item), and a group keeps being a group while
  any of its options is offered.  With ``stable=False`` an option's number is its place.
  Seats never share numbers: which numbers another seat's options took would tell about them.

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
    #: per (seat, kind, step, open group): the numbers the last such menu gave its entries
    _numbers: dict[tuple[Any, ...], dict[Any, int]] = field(default_factory=dict)
    _decision: Decision | None = None
    _depth: int = 0                               # how deep _decision is grouped
    _continues: bool = False                      # _decision follows one of its own kind
    _first_step: bool = False                     # the open group has a first step to go back to

    @staticmethod
    def family(d: Decision) -> tuple[Any, ...]:
        """What makes two decisions "of the same kind" for numbering: seat, kind and step."""
        return (d.player, d.kind, d.step)

    # ------------------------------------------------------------------ building the menu
    def entries(self, d: Decision, pres: Presentation | None) -> list[Entry]:
        """The numbered entries to show for ``d`` now (groups, or the open group's options)."""
        if d is not self._decision:
            last = self._decision
            self._continues = last is not None and self.family(last) == self.family(d)
            if not self._continues:
                self.group = None
            depth = pres.grouping(d) if pres is not None else 0
            if self.stable and self._continues and depth == 0 and self._depth > 0 and len(d.groups(self._depth)) > 1:
                depth = self._depth          # still in groups: see the module
            self._decision, self._depth = d, depth
        depth = self._depth
        known = self._numbers.get((*self.family(d), None), {}) if self.stable and self._continues else {}
        raw: list[tuple[Any, str, Option | None, tuple[Any, ...] | None, int]] = []
        self._first_step = False
        if depth > 0:
            groups = d.groups(depth)
            if self.group is not None and not any(g.key == self.group for g in groups):
                self.group = None
            # a group left open from the last decision may be the only one now: nothing to go
            # back to (it stays open, so its options keep their numbers)
            self._first_step = self.group is not None and len(groups) > 1
            if self.group is not None:
                for g in groups:
                    if g.key == self.group:
                        raw = [(("option", o.id), o.label, o, None, 1) for o in g.options]
            elif len(groups) > 1:
                for g in groups:
                    if len(g.options) == 1 and ("group", g.key) not in known:
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
        if not self.stable:
            return [Entry(n, label, o, g, size) for n, (_, label, o, g, size) in enumerate(raw, 1)]
        context = (*self.family(d), self.group)
        kept = self._numbers.get(context, {})
        keys = [k for k, *_ in raw]
        offered = set(keys)
        numbers = {k: n for k, n in kept.items() if k in offered}
        used = set(numbers.values())
        free = (n for n in range(1, len(keys) + len(used) + 1) if n not in used)
        for k in keys:
            if k not in numbers:
                numbers[k] = next(free)
        self._numbers[context] = numbers
        return [Entry(numbers[k], label, o, g, size) for k, label, o, g, size in raw]

    def numbers(self, d: Decision) -> dict[str, int]:
        """Line mode: every option of ``d`` by id with its number (no groups: all on one list)."""
        return {e.option.id: e.number for e in self.entries(d, None) if e.option is not None}

    # ------------------------------------------------------------------ choosing
    def open(self, group: tuple[Any, ...]) -> None:
        """Go to the second step: the options of ``group``."""
        self.group = group

    @property
    def can_go_back(self) -> bool:
        """Is a group open with the groups to go back to (as of the last :meth:`entries`)?"""
        return self.group is not None and self._first_step

    def back(self) -> bool:
        """Back to the first step; False if already there, or if there is none."""
        if not self.can_go_back:
            return False
        self.group = None
        return True


__all__ = ["Chooser", "Entry"]
