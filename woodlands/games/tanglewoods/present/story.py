"""The end of a game of Tanglewoods told to its player: when each bear was beaten, by day or by
night, and the blow that ended it, read from the player's log and view alone."""
from __future__ import annotations

from typing import Any

from ....engine.presentation import Event, Narrator, Story, View

#: a map's sides as the table calls them
_TIME = ("by day", "by night")


def moments(narrator: Narrator, view: View, log: list[Event], seat: int) -> tuple[str, ...]:
    """The bears beaten (each with its round and the time of day of the round's map) and, for
    a lost game, the blow that ended it."""
    out: list[str] = []
    round_, time = 0, ""
    last_blow: tuple[int, Event] | None = None
    for e in log:
        kind = e.get("type")
        if kind == "round":
            round_ = int(e.get("number") or 0)
        elif kind == "choose_map":
            side = e.get("side")
            time = _TIME[side] if side in (0, 1) else ""
        elif kind == "bear_defeated":
            when = f"Round {round_}{', ' + time if time else ''}"
            out.append(f"{when}: {narrator.line(e, seat)}")
        elif kind == "suffer_damage" and e.get("amount"):
            last_blow = (round_, e)
    if not any(e.get("type") == "bear_defeated" for e in log):
        out.append("No bear was beaten.")
    outcome: Any = view.get("outcome") or {}
    if isinstance(outcome, dict) and outcome.get("result") == "loss" and last_blow is not None:
        out.append(f"Round {last_blow[0]}: {narrator.line(last_blow[1], seat)}")
    return tuple(out)


def story(base: Story, narrator: Narrator, view: View, log: list[Event], seat: int) -> Story:
    return Story(base.result, base.reason, moments(narrator, view, log, seat))
