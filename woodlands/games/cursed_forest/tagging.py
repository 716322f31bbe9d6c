"""10. Tagging (CF-033..CF-035), the partner's way to the fight (ruling C-16) and the solo
game's tag roll (CF-092); the automatic partner when a monster runs at you (CF-030)."""
from __future__ import annotations

from typing import Any

from collections import deque

from ...engine.decision import Option
from .actions import handles, offers
from .forest import here, joined
from .inventory import monsters_on
from .registry import steps
from .state import CursedForestState


def route(s: CursedForestState, p: int, q: int, around_monsters: bool = False) -> list[int] | None:
    """A shortest way along open paths from placed tile ``p`` to ``q`` (C-10): the tiles walked
    onto, ``q`` last; None if unreachable.  Of several, the one whose first step is first
    clockwise from north (C-16; breadth-first in N, E, S, W order finds it).
    ``around_monsters``: a tile with a monster (or its token, or Morna Gûl) on the way cannot be
    walked through, since stepping on it would start a fight there."""
    if p == q:
        return []
    prev = {p: -1}
    todo = deque([p])
    while todo:
        t = todo.popleft()
        for d in range(4):
            u = joined(s, t, d)
            if u < 0 or u in prev or u != q and around_monsters and monsters_on(s, u):
                continue
            prev[u] = t
            if u == q:
                path = [q]
                while prev[path[-1]] != p:
                    path.append(prev[path[-1]])
                return path[::-1]
            todo.append(u)
    return None


def distance(s: CursedForestState, p: int, q: int, around_monsters: bool = False) -> int:
    """Moves along open paths from ``p`` to ``q`` (C-10); -1 if unreachable."""
    way = route(s, p, q, around_monsters)
    return -1 if way is None else len(way)


def solo(s: CursedForestState) -> bool:
    return bool(s.options.get("players", 1) == 1)


def candidates(s: CursedForestState, a: int) -> list[tuple[int, int]]:
    """Adventurers who could reach the fight with the APs of their next turn (CF-033); in the
    solo game also at least 5 health (CF-092)."""
    p = here(s, a)
    out = []
    for b in range(s.n):
        if b == a or s.pos[b] is None or b == s.f_opponent:
            continue
        dist = distance(s, s.grid[s.pos[b]], p, around_monsters=True)  # type: ignore[index]
        if dist < 0 or dist > s.max_ap[b] - s.tag_debt[b]:
            continue
        if solo(s) and s.health[b] < 5:
            continue
        out.append((b, dist))
    return out


@offers("fight")
def offer_tag(s: CursedForestState, a: int) -> list[Option]:
    """CF-021: at the start of a round, 1 AP; one partner per fight; never against Morna Gûl
    (CF-074), in the pit (CF-065) or after taking over a fight (CF-035)."""
    if (s.n < 2 or s.f_partner >= 0 or s.f_noescape or s.f_kind not in ("monster", "spiders")
            or s.ap[a] < 1 or s.turn != a):
        return []
    word = "try to call (roll 3-6)" if solo(s) else "call"
    from .names import who
    from ...engine.presentation import plural
    return [Option.of("tag", b, label=f"Spend 1 AP to {word} {who(s, b)} ({plural(dist, 'tile')} away)",
                      data={"ap": 1, "distance": dist, "roll": 3 if solo(s) else None})
            for b, dist in candidates(s, a)]


@handles("tag")
def tag(s: CursedForestState, a: int, args: list[str]) -> None:
    b = int(args[0])
    s.ap[a] -= 1
    s.emit("tag_call", adventurer=a, partner=b)
    if solo(s):
        v = s.rng.below(6) + 1
        s.emit("roll", adventurer=b, why="solo tag", value=v)
        if v >= 3:
            join(s, a, b)
        else:
            s.emit("tag_refused", adventurer=a, partner=b)
        return
    s.push("tag_reply", b, a)


@steps.ask("tag_reply", kind="tag_reply", rule="10. Tagging, CF-033")
def ask_reply(s: CursedForestState, b: int, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if not s.f_kind or s.pos[b] is None:
        return None
    from .names import who
    return (f"{who(s, a)} calls you into a fight. Come (paying from your next turn's APs)?",
            [Option.of("tag", "accept", label="Come and fight beside them"),
             Option.of("tag", "refuse", label="Stay where you are")],
            {"adventurer": b, "caller": a, "health": s.health[b]})


@steps.answer("tag_reply")
def answer_reply(s: CursedForestState, choice: str, b: int, a: int) -> None:
    if choice == "tag:accept":
        join(s, a, b)
    else:
        s.emit("tag_refused", adventurer=a, partner=b)


def join(s: CursedForestState, a: int, b: int) -> None:
    """C-16: the partner walks over now, by the shortest way that passes no other monster, and
    meets every web, pit and red vine on it in order, as if it walked there; the steps come off
    its next turn (CF-033).  A web's spiders or the pit stop it: it does not join, and that fight
    comes once this one is over (one fight at a time)."""
    way = route(s, s.grid[s.pos[b]], here(s, a), around_monsters=True)  # type: ignore[index]
    if way is None:   # cannot happen: only partners who can reach the fight are offered
        s.emit("tag_stopped", adventurer=a, partner=b, steps=0, path=[], by="no way")
        return
    s.push("tag_walk", b, a, tuple(way), 0)


def _walked(s: CursedForestState, way: tuple[int, ...], k: int) -> list[list[int]]:
    """The places of the first ``k`` tiles of ``way``, for the log."""
    return [list(s.place_pos[t]) for t in way[:k]]


@steps.auto("tag_walk")
def tag_walk(s: CursedForestState, b: int, a: int, way: tuple[int, ...], k: int) -> None:
    """Step ``k`` of the partner's way (``k`` steps done so far)."""
    if k and (s.pos[b] is None or s.f_pending and s.f_pending[1] == b or not s.f_kind):
        by = (("spiders", "pit")[s.f_pending[0]] if s.f_pending and s.f_pending[1] == b
              else "death" if s.pos[b] is None else "fight over")
        s.emit("tag_stopped", adventurer=a, partner=b, steps=k, path=_walked(s, way, k), by=by)
        return
    if k == len(way):
        s.f_partner = b
        s.emit("tag_joined", adventurer=a, partner=b, steps=k, path=_walked(s, way, k))
        return
    q = way[k]
    s.tag_debt[b] += 1
    s.pos[b] = s.place_pos[q]
    s.push("tag_walk", b, a, way, k + 1)
    from .movement import meet_tile
    meet_tile(s, b, q, "tag")


@steps.ask("choose_partner", kind="choose_partner", rule="8. Ranged Attacks, CF-030", auto=True)
def ask_partner(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if not s.f_kind or s.f_adv != a or s.f_partner >= 0:
        return None
    others = [b for b in range(s.n) if b != a and s.pos[b] == s.pos[a]]
    if not others:
        return None
    from .names import who
    return ("The monster reaches your tile: who fights at your side?",
            [Option.of("partner", b, label=who(s, b), data={"health": s.health[b]}) for b in others],
            {"adventurer": a})


@steps.answer("choose_partner")
def answer_partner(s: CursedForestState, choice: str, a: int) -> None:
    s.f_partner = int(choice.split(":")[1])
    s.emit("tag_joined", adventurer=a, partner=s.f_partner, steps=0, path=[])
