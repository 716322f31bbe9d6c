"""21. Combat Between Adventurers (CF-094..CF-096), played only with the option ``pvp``.

The attacker fights as against a monster; criticals count for both (they are adventurers).  The
defender may, before each round, use healing items paid from its next turn's APs (CF-095).
Fleeing takes the attacker up to its APs away, for a kill or 4 damage (CF-094).
"""
from __future__ import annotations

from typing import Any

from collections import deque

from ...engine.decision import Option
from .actions import handles, offers
from .combat import end_fight, escape_ends_turn, hurt, start_fight
from .fight_end import give_kill
from .forest import here, joined
from .items import heal_options
from .movement import walk
from .actions import dispatch
from .registry import steps
from .state import CursedForestState


@offers("turn")
def offer_attack(s: CursedForestState, a: int) -> list[Option]:
    if not s.options.get("pvp") or s.phase == "setup":
        return []
    from .names import who
    return [Option.of("attack", b, label=f"Attack {who(s, b)}")
            for b in range(s.n) if b != a and s.pos[b] is not None and s.pos[b] == s.pos[a]]


@handles("attack")
def attack(s: CursedForestState, a: int, args: list[str]) -> None:
    b = int(args[0])
    start_fight(s, a, "pvp", here(s, a), opponent=b)


def reachable(s: CursedForestState, p: int, limit: int) -> dict[int, int]:
    dist = {p: 0}
    todo = deque([p])
    while todo:
        t = todo.popleft()
        if dist[t] == limit:
            continue
        for d in range(4):
            u = joined(s, t, d)
            if u >= 0 and u not in dist:
                dist[u] = dist[t] + 1
                todo.append(u)
    return dist


@offers("fight")
def offer_flee(s: CursedForestState, a: int) -> list[Option]:
    if s.f_kind != "pvp" or s.ap[a] < 1:
        return []
    opts = []
    for q, d in sorted(reachable(s, here(s, a), s.ap[a]).items()):
        if d > 0:
            x, y = s.place_pos[q]
            opts.append(Option.of("flee", x, y, label=f"Flee to ({x}, {y}) ({d} AP; give a kill or take 4 damage)",
                                  data={"ap": d}))
    return opts


@handles("flee")
def flee(s: CursedForestState, a: int, args: list[str]) -> None:
    """C-21: the price first (a kill or 4 damage), then the walk to the chosen tile, tile by
    tile as ordinary moves (CF-018, CF-036, CF-094): what stops a move stops it on the way.
    C-13: with ``escape_ends_turn`` the turn ends after the walk and any fight it starts."""
    q = s.grid[(int(args[0]), int(args[1]))]
    b = s.f_opponent
    s.emit("escape", adventurer=a, to=[int(args[0]), int(args[1])], damage=0)
    end_fight(s, turn_ends=False)   # CF-022: fleeing is an escape; the turn's end waits for the walk
    walk(s, a, flight_path(s, here(s, a), q), "flee", end_turn=escape_ends_turn(s))
    if s.kills[a]:
        s.push("flee_price", a, b)
    else:
        hurt(s, a, 4, direct=True, source="flight")


def flight_path(s: CursedForestState, p: int, q: int) -> list[int]:
    """The way a flight takes from ``p`` to ``q``: a shortest one (as many steps as the option's
    AP); of several, one that steps on no monster before ``q`` if there is one; then the one
    whose first step is first clockwise from north (as a tag partner's, C-16)."""
    from .tagging import route
    way = route(s, p, q)
    clear = route(s, p, q, around_monsters=True)
    assert way is not None, "only reachable tiles are offered"
    return clear if clear is not None and len(clear) == len(way) else way


@steps.ask("flee_price", kind="flee_price", rule="21. Combat Between Adventurers, CF-094", auto=True)
def ask_price(s: CursedForestState, a: int, b: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if s.pos[a] is None or not s.kills[a]:
        return None
    from .names import who
    return ("The price of fleeing", [Option.of("pay", "kill", label=f"Give one kill to {who(s, b)}"),
                                     Option.of("pay", "damage", label="Take 4 damage", data={"damage": 4})],
            {"adventurer": a, "attacker": b, "damage": 4, "health": s.health[a]})


@steps.answer("flee_price")
def answer_price(s: CursedForestState, choice: str, a: int, b: int) -> None:
    if choice == "pay:kill":
        give_kill(s, a, b)
    else:
        hurt(s, a, 4, direct=True, source="flight")


@steps.ask("defend_round", kind="defend_round", rule="21. Combat Between Adventurers, CF-095")
def ask_defend(s: CursedForestState, b: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    if s.f_kind != "pvp" or s.pos[b] is None:
        return None
    opts = heal_options(s, b)
    if not opts:
        return None
    return ("You are attacked: use something first (paid from your next turn)?",
            [Option.of("defend", label="Just defend")] + opts,
            {"adventurer": b, "attacker": s.f_adv, "health": s.health[b]})


@steps.answer("defend_round")
def answer_defend(s: CursedForestState, choice: str, b: int) -> None:
    if choice != "defend":
        dispatch(s, b, choice)
