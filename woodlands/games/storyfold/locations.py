"""Locations (SW-056..SW-060)."""
from __future__ import annotations

from .conditions import holds
from .effects import carry_out
from .model import Location
from .state import StoryfoldState


def why_not_visit(s: StoryfoldState, loc: Location) -> str | None:
    """Why the location cannot be visited now, with its rule; None when it can."""
    if s.visited[loc.index]:
        return f"{loc.name} already has a Location marker (SW-060)"
    if loc.progress and s.light != s.content.scenes[s.scene].middle:
        return f"{loc.name} shows the progress icon: the Light marker must be on the middle space (SW-057)"
    if loc.chain:
        scene = s.content.scenes[s.scene]
        for other in scene.locations[:loc.index]:
            if other.chain == loc.chain and not s.visited[other.index]:
                return f"{loc.name} is joined by a line to {other.name}, which must be visited first (SW-058)"
    if loc.condition and not holds(s, loc.condition):
        return f"{loc.name}: its condition does not hold: {loc.condition_text or loc.condition} (SW-059)"
    return None


def visitable(s: StoryfoldState, kind: str) -> list[Location]:
    """SW-056: the locations the matching Action card ("help" or "explore") may visit now."""
    return [loc for loc in s.content.scenes[s.scene].locations if loc.kind == kind and why_not_visit(s, loc) is None]


def visit(s: StoryfoldState, loc: Location) -> None:
    """SW-006, SW-009, SW-056: place a Location marker and carry out the location's effect."""
    s.visited[loc.index] = True
    s.emit("visit", location=loc.id, name=loc.name, text=loc.text)
    carry_out(s, loc.effects)
