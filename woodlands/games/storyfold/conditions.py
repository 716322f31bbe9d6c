"""Conditions: italic location conditions, scene goals, ``if`` on effects and story branches.

In TOML a condition is a table whose keys all must hold, e.g. ``{ visited = "old-oak",
light_at_middle = true }``.  Each key is one named test below; the loader checks names and
argument types, and compiles the table into a tuple of ``(name, argument)`` pairs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .model import Cond

if TYPE_CHECKING:
    from .state import StoryfoldState

# name -> (argument type, what it means)
CONDITIONS: dict[str, tuple[type, str]] = {
    "visited": (str, "the location with this id (in the current scene) has a Location marker"),
    "not_visited": (str, "the location with this id (in the current scene) has no Location marker"),
    "all_visited": (bool, "true: every location of the current scene has a Location marker"),
    "light_at_middle": (bool, "true: the Light marker is on the middle space of the Wildwoods track"),
    "light_at_least": (int, "the Light marker is on this space or nearer the middle (spaces count from 1, the left end)"),
    "shadow_at_most": (int, "the Shadow marker is still on this space or further from the middle"),
    "no_creatures": (bool, "true: no Creature card is in the River"),
    "creatures_at_least": (int, "at least this many Creature cards are in the River"),
    "healed_at_least": (int, "at least this many creatures were healed in the current scene"),
    "has_card": (str, "the Explore card with this id lies on a Boon space"),
    "spirit_at_least": (int, "you have at least this much Spirit (0..11)"),
    "crystals_at_least": (int, "at least this many Crystals lie on your Action cards, in all"),
    "flag": (str, "this story flag has been set (set_flag) and not cleared"),
    "not_flag": (str, "this story flag is not set"),
    "restarts_at_least": (int, "the current chapter has been started over at least this many times"),
    "played_at_least": (int, "the current scene has been opened at least this many times (this time included)"),
    "brom_present": (bool, "true: Brom is on the Brom space; false: he is not"),
}


def _visited(s: "StoryfoldState", loc: str) -> bool:
    return s.visited[s.content.scenes[s.scene].location_ids[loc]]


def _light_at_least(s: "StoryfoldState", n: int) -> bool:
    return s.light >= n


TESTS: dict[str, Callable[["StoryfoldState", Any], bool]] = {
    "visited": _visited,
    "not_visited": lambda s, a: not _visited(s, a),
    "all_visited": lambda s, a: all(s.visited) == a,
    "light_at_middle": lambda s, a: (s.light == s.content.scenes[s.scene].middle) == a,
    "light_at_least": _light_at_least,
    "shadow_at_most": lambda s, a: s.shadow >= a,
    "no_creatures": lambda s, a: (not s.creatures_in_river()) == a,
    "creatures_at_least": lambda s, a: len(s.creatures_in_river()) >= a,
    "healed_at_least": lambda s, a: s.healed >= a,
    "has_card": lambda s, a: s.content.card_by_id[a] in s.boons,
    "spirit_at_least": lambda s, a: s.spirit_left() >= a,
    "crystals_at_least": lambda s, a: sum(s.crystals) >= a,
    "flag": lambda s, a: a in s.flags,
    "not_flag": lambda s, a: a not in s.flags,
    "restarts_at_least": lambda s, a: s.chapter_restarts >= a,
    "played_at_least": lambda s, a: s.scene_plays[s.scene] >= a,
    "brom_present": lambda s, a: s.brom_present == a,
}


def holds(s: "StoryfoldState", conds: tuple[Cond, ...]) -> bool:
    """True when every condition holds (an empty tuple always holds)."""
    for name, arg in conds:
        if not TESTS[name](s, arg):
            return False
    return True
