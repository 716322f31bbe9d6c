"""Teach mode: a game that explains itself the first time each kind of decision comes up.

A game gives its descriptor a ``teach`` hook, a :class:`Teaching` (usually read from a
``teach.toml`` in its package with :func:`load_teaching`): for every ``Decision.kind`` it can
ask, a :class:`Lesson` in our own words (what the decision means and a tip on how to think about
it) and the rule-index id it rests on (``TG-019``), which a client links to.  A game that
teaches itself at times (a prologue) names the view values during which teach mode keeps quiet.

:class:`Tutor` is one game's teach mode, the same in every client: whether it is on, which
kinds were taught and at which decision, and the lesson due now.  The texts are generic (they
say nothing of any seat's position), so a hot-seat table may show them to anyone.

>>> teaching = Teaching("demo", {"move": Lesson("move", "Moving", "Pick a square.", "Go north.", "XX-001", "Moves")})
>>> tutor = Tutor(teaching, on=True)
>>> from woodlands.engine.decision import Decision
>>> d = Decision(0, "move", "Where?", ())
>>> tutor.due(d, {}, at=3).title, tutor.due(d, {}, at=3).title, tutor.due(d, {}, at=4)
('Moving', 'Moving', None)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from ..engine.decision import Decision

#: a kind met while the game taught itself, or whose lesson was put away: taught, not shown
PUT_AWAY = -1


@dataclass(frozen=True)
class Lesson:
    """What one kind of decision means (``what``), how to think about it (``tip``), and the rule
    it rests on: ``rule``, a rule-index id, and ``section``, the rulebook heading it sits under."""

    kind: str
    title: str
    what: str
    tip: str
    rule: str
    section: str

    def lines(self) -> list[str]:
        """The lesson as plain lines, for a terminal."""
        return [f"Learning: {self.title}", self.what, f"Tip: {self.tip}", f"Rule {self.rule} ({self.section})"]


@dataclass(frozen=True)
class Teaching:
    """A game's lessons, by decision kind, and when it teaches itself instead (``quiet``: view
    key -> the values during which teach mode says nothing)."""

    game: str
    lessons: Mapping[str, Lesson]
    quiet: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def lesson(self, kind: str) -> Lesson | None:
        return self.lessons.get(kind)

    def quiet_now(self, view: Mapping[str, Any]) -> bool:
        """Whether the game teaches itself at this point (its view says so)."""
        return any(view.get(key) in values for key, values in self.quiet.items())


def load_teaching(path: str | Path, game: str) -> Teaching:
    """A game's lessons from its ``teach.toml``: a ``[kinds.KIND]`` table per kind with
    ``title``, ``what``, ``tip``, ``rule`` and ``section``, and an optional ``[quiet]`` table of
    view keys and the values during which the game teaches itself."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    lessons = {kind: Lesson(kind, str(t["title"]), str(t["what"]), str(t["tip"]), str(t["rule"]), str(t["section"]))
               for kind, t in data.get("kinds", {}).items()}
    quiet = {str(k): tuple(v) for k, v in data.get("quiet", {}).items()}
    return Teaching(game, lessons, quiet)


def teaching_for(game_id: str) -> Teaching | None:
    """The game's lessons (its descriptor's ``teach`` hook), None when it has none."""
    from ..engine.errors import WoodlandsError
    from ..engine.registry import descriptor
    try:
        found = descriptor(game_id).hook("teach")
    except (WoodlandsError, ImportError, AttributeError):
        return None
    return found if isinstance(found, Teaching) else None


def rule_lessons(rule: str) -> list[tuple[str, Lesson]]:
    """Every (game id, lesson) that rests on the rule-index id ``rule``, for a rule's page."""
    from ..engine.registry import game_ids
    out = []
    for game_id in game_ids():
        teaching = teaching_for(game_id)
        if teaching is not None:
            out += [(game_id, lesson) for lesson in teaching.lessons.values() if lesson.rule == rule]
    return out


class Tutor:
    """One game's teach mode: ``on``, and ``taught``, kind -> the decision number its lesson
    was shown at (:data:`PUT_AWAY` once it was put away or met while the game taught itself).
    A lesson shows at the first decision of its kind, and keeps showing while that same
    decision waits (a page drawn again), never at a later one."""

    def __init__(self, teaching: Teaching | None, on: bool, taught: Mapping[str, int] | None = None) -> None:
        self.teaching = teaching
        self.on = on
        self.taught: dict[str, int] = dict(taught or {})

    def due(self, decision: "Decision | None", view: Mapping[str, Any], at: int) -> Lesson | None:
        """The lesson to show at ``decision`` (number ``at``), recording it as taught; None
        when teach mode is off, the kind was taught before, or the game teaches itself now."""
        if decision is None or self.teaching is None or not self.on:
            return None
        lesson = self.teaching.lesson(decision.kind)
        if lesson is None:
            return None
        if decision.kind in self.taught:
            return lesson if self.taught[decision.kind] == at else None
        if self.teaching.quiet_now(view):
            self.taught[decision.kind] = PUT_AWAY
            return None
        self.taught[decision.kind] = at
        return lesson

    def put_away(self, kind: str) -> None:
        """The player closed the lesson of ``kind``: it does not show again in this game."""
        self.taught[kind] = PUT_AWAY


__all__ = ["Lesson", "Teaching", "Tutor", "load_teaching", "teaching_for", "rule_lessons", "PUT_AWAY"]
