"""The end of a Storyfold campaign told to its player: each chapter, each scene won or lost, and
the chapters begun again, read from the player's log alone."""
from __future__ import annotations

from ....engine.presentation import Event, Story, View, plural


def moments(log: list[Event]) -> tuple[str, ...]:
    """A line per chapter and per scene played (won or lost), in order, after a tally."""
    lines: list[str] = []
    won = lost = 0
    title = ""
    for e in log:
        kind = e.get("type")
        if kind == "chapter":
            again = f" (begun again, time {e.get('restarts', 1)})" if e.get("restart") else ""
            lines.append(f"{e.get('title', 'A chapter')}{again}")
        elif kind == "scene":
            title = str(e.get("title") or "a scene")
        elif kind == "scene_end":
            if e.get("prevails") == "luma":
                won += 1
                lines.append(f"Scene won: {title}")
            else:
                lost += 1
                lines.append(f"Scene lost: {title}")
    return (f"{plural(won, 'scene')} won, {lost} lost.",) + tuple(lines)


def story(base: Story, view: View, log: list[Event]) -> Story:
    return Story(base.result, base.reason, moments(log))
