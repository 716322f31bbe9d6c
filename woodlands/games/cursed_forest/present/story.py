"""The end of a game of The Cursed Forest told to one seat: the seeds taken up and laid, the
adventurers who fell for good, the fight that decided it, and per adventurer the monsters
beaten, damage dealt and taken, items found and seeds carried.  Read from the seat's log and
view alone: an item another seat holds face down is counted, never named."""
from __future__ import annotations

from typing import Any

from ....engine.presentation import Event, Narrator, Story, View

#: the figures' headings, one column each
HEADINGS = ("Adventurer", "Monsters beaten", "Damage dealt", "Damage taken", "Items picked up", "Seeds taken up",
            "Seeds laid", "Lives left", "Tally")


def _deciding_fight(log: list[Event]) -> list[Event]:
    """The last fight's events, from its start to its end (empty: there was none)."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("type") == "fight"), None)
    if start is None:
        return []
    out = [log[start]]
    for e in log[start + 1:]:
        if e.get("type") in ("kill", "death", "combat_round", "damage"):
            out.append(e)
        if e.get("type") == "fight_over":
            break
    # the fight's start and how it ended (its last blow and a kill or a fall), not every round
    return [out[0]] + out[1:][-2:]


def moments(narrator: Narrator, log: list[Event], seat: int) -> tuple[str, ...]:
    lines: list[str] = []
    round_ = 0
    for e in log:
        kind = e.get("type")
        if kind == "turn":
            round_ = int(e.get("round") or round_)
        elif kind in ("seed", "seed_laid") or (kind == "death" and e.get("out")) or (
                kind == "kill" and e.get("monster") == "morna-gul"):
            lines.append(f"Round {round_}: {narrator.line(e, seat)}")
    fight = _deciding_fight(log)
    if fight:
        lines.append("The fight that decided it: " + " ".join(narrator.line(e, seat) for e in fight))
    return tuple(lines)


def figures(narrator: Narrator, view: View, log: list[Event]) -> tuple[tuple[str, ...], ...]:
    players: Any = view.get("players")
    if not isinstance(players, list) or not players:
        return ()
    n = len(players)
    beaten, dealt, taken, found, seeds, laid = ([0] * n for _ in range(6))
    for e in log:
        kind, a = e.get("type"), e.get("adventurer")
        if not isinstance(a, int) or not 0 <= a < n:
            continue
        if kind == "kill":
            beaten[a] += 1
        elif kind == "damage":
            taken[a] += int(e.get("amount") or 0)
        elif kind == "combat_round" and e.get("winner") == "adventurer":
            dealt[a] += int(e.get("damage_to_foe") or 0)
        elif kind == "pickup":
            found[a] += 1
        elif kind == "seed":
            seeds[a] += 1
        elif kind == "seed_laid":
            laid[a] += 1
    rows = [HEADINGS]
    for i, p in enumerate(players):
        name = str(p.get("name") or p.get("character") or f"Adventurer {i + 1}") if isinstance(p, dict) else ""
        lives = p.get("lives") if isinstance(p, dict) else None
        tally = p.get("tally") if isinstance(p, dict) else None
        rows.append((name, str(beaten[i]), str(dealt[i]), str(taken[i]), str(found[i]), str(seeds[i]), str(laid[i]),
                     "out" if isinstance(p, dict) and p.get("out") else str(lives if lives is not None else "?"),
                     str(tally if tally is not None else "?")))
    return tuple(rows)


def story(base: Story, narrator: Narrator, view: View, log: list[Event], seat: int) -> Story:
    # the table's own words for the end ("The forest wins", "The curse is lifted"): the game is
    # won or lost by every adventurer together, not by the seat it is told to
    headline = base.reason.split(":", 1)[0] if ":" in base.reason else base.result
    return Story(headline, base.reason, moments(narrator, log, seat), figures(narrator, view, log))
