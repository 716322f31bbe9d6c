"""Moving (CF-009, ruling C-10) and what happens on landing: monsters (CF-018, CF-019), red
vines (CF-036), webs (CF-062, CF-064), the pit (CF-065), Morna Gûl's strike (CF-074), the
Maiden Tree (CF-069); and the Elven Boots' jump (CF-104)."""
from __future__ import annotations

from ...engine.decision import Option
from .actions import handles, offers
from .combat import start_fight
from .forest import here, joined, tile_of
from .inventory import is_active, item
from .model import EDGES
from .monsters import reveal
from .registry import steps
from .state import BOOTS, NO_MONSTER, CursedForestState


@offers("turn")
def offer_moves(s: CursedForestState, a: int) -> list[Option]:
    p = here(s, a)
    if s.ap[a] < 1 or s.phase == "maiden" and s.seeds[a] and p == s.exit_at:
        return []   # CF-069: a seed bearer who reached the Maiden Tree waits there
    opts: list[Option] = []
    strike = " (Morna Gûl strikes as you run past)" if s.morna_at == p else ""
    links = s.links
    memo = s.game.memo
    for d in range(4):
        q = links[4 * p + d]
        if q >= 0:
            key = ("move", d, s.placed[q], strike)   # options are immutable: made once per game, shared
            o = memo.get(key)
            if o is None:
                o = memo[key] = Option.of("move", EDGES[d], label=f"Move {EDGES[d]} to {tile_of(s, q).name} (1 AP){strike}",
                                             data={"ap": 1, "tile": tile_of(s, q).id, "strike": bool(strike)})
            opts.append(o)  # type: ignore[arg-type]
    if tile_of(s, p).kind == "web":   # CF-064: web walking
        for q in range(len(s.placed)):
            if q != p and tile_of(s, q).kind == "web":
                x, y = s.place_pos[q]
                o = memo.get(("web-walk", x, y, strike))
                if o is None:
                    o = memo[("web-walk", x, y, strike)] = Option.of(
                        "web-walk", x, y, label=f"Walk the webs to ({x}, {y}) (1 AP){strike}", data={"ap": 1, "strike": bool(strike)})
                opts.append(o)  # type: ignore[arg-type]
    boots = s.inv[a][BOOTS]
    if not s.jumped and boots >= 0 and "jump_tile" in item(s, boots).powers and is_active(s, a, boots):
        for x, y in jump_targets(s, p):
            o = memo.get(("jump", boots, x, y, strike))
            if o is None:
                o = memo[("jump", boots, x, y, strike)] = Option.of(
                    "jump", x, y, label=f"Jump with {item(s, boots).name} to ({x}, {y}) (1 AP){strike}",
                    data={"ap": 1, "strike": bool(strike)})
            opts.append(o)  # type: ignore[arg-type]
    return opts


def jump_targets(s: CursedForestState, p: int) -> list[tuple[int, int]]:
    """CF-104: over one revealed neighbour to any tile joined to it (around corners too)."""
    out: list[tuple[int, int]] = []
    for d in range(4):
        mid = joined(s, p, d)
        if mid < 0:
            continue
        for e in range(4):
            q = joined(s, mid, e)
            if q >= 0 and q != p and s.place_pos[q] not in out:
                out.append(s.place_pos[q])
    return sorted(out)


@handles("move")
def move(s: CursedForestState, a: int, args: list[str]) -> None:
    go(s, a, joined(s, here(s, a), EDGES.index(args[0])), "move")


@handles("web-walk")
def web_walk(s: CursedForestState, a: int, args: list[str]) -> None:
    go(s, a, s.grid[(int(args[0]), int(args[1]))], "web-walk")


@handles("jump")
def jump(s: CursedForestState, a: int, args: list[str]) -> None:
    s.jumped = True
    from .items import turn_face_up
    turn_face_up(s, a, s.inv[a][BOOTS])
    go(s, a, s.grid[(int(args[0]), int(args[1]))], "jump")


def go(s: CursedForestState, a: int, q: int, how: str) -> None:
    """Spend 1 AP and step; leaving Morna Gûl's tile costs his strike (CF-074)."""
    s.ap[a] -= 1
    if s.morna_at == here(s, a):
        from .endgame import run_past_strike
        health = s.health[a]
        if run_past_strike(s, a):
            s.push("land_after_strike", a, q, how)
            if s.health[a] < health:        # CF-075: his strike hurt; armour that took it all did not (C-19)
                s.push("maiden_call_run", a)
        return
    land(s, a, q, how)


@steps.auto("land_after_strike")
def land_after_strike(s: CursedForestState, a: int, q: int, how: str) -> None:
    if not s.turn_over and s.pos[a] is not None:   # the Maiden Tree may have lifted it away
        land(s, a, q, how)


def walk(s: CursedForestState, a: int, way: list[int], how: str, end_turn: bool = False) -> None:
    """Move ``a`` along ``way`` (placed tiles, each joined to the one before), one ordinary move
    (:func:`go`) at a time: each step costs 1 AP, leaving Morna Gûl's tile costs his strike and
    every tile entered is landed on.  Whatever would end a move stops the walk where it is: a
    fight started there (fought at once), a fall into the pit, the Maiden Tree's lift, a lost
    life, a seed bearer reaching the Exit to wait (CF-069), no AP left.  ``end_turn``: the turn
    ends once the walk is over (C-13 for a flight, C-21), not before its fights."""
    s.push("walk_step", a, tuple(way), how, 0, s.lives[a], end_turn)


@steps.auto("walk_step")
def walk_step(s: CursedForestState, a: int, way: tuple[int, ...], how: str, k: int, lives: int, end_turn: bool) -> None:
    """Step ``k`` of :func:`walk` (``k`` steps done so far)."""
    at = s.pos[a]
    p = s.grid[at] if at is not None else -1
    stopped = (s.pos[a] is None or s.lives[a] != lives or s.turn_over or s.ap[a] < 1
               or k and p != way[k - 1]                       # an escape or the roots took it elsewhere
               or s.phase == "maiden" and s.seeds[a] and p == s.exit_at)
    if stopped or k == len(way):
        if end_turn and a == s.turn:
            s.turn_over = True
        return
    s.push("walk_step", a, way, how, k + 1, lives, end_turn)
    go(s, a, way[k], how)


def land(s: CursedForestState, a: int, q: int, how: str) -> None:
    """Arrive on placed tile ``q`` and meet what is there."""
    s.pos[a] = s.place_pos[q]
    tile = tile_of(s, q)
    s.emit("move", adventurer=a, to=list(s.place_pos[q]), how=how, tile=tile.id)
    if s.phase == "maiden":
        s.push("maiden_check")
    if s.tile_monster[q] != NO_MONSTER:
        if reveal(s, q, a):       # CF-018: the token becomes a monster; CF-019: only once
            m = s.tile_monster[q]
            side = s.tile_side[q]
            # wounds from a shot this turn still count (CF-032 heals them only at the turn's end)
            start_fight(s, a, "monster", q, m, side, health=s.content.monsters[m].sides[side].health - s.tile_damage[q])
        return
    meet_tile(s, a, q, how)


def meet_tile(s: CursedForestState, a: int, q: int, how: str) -> None:
    """What a special tile does to whoever walks onto it: red vines poison (CF-036), a web may
    drop its spiders (CF-062), the pit must be jumped (CF-065).  A tag partner on its way meets
    them too (C-16)."""
    tile = tile_of(s, q)
    if tile.kind == "red-vine":
        from .poison import poison
        poison(s, a, "red vines")
    elif tile.kind == "web":
        from .special_tiles import enter_web
        enter_web(s, a, q)
    elif tile.kind == "pit" and how != "jump-over":
        from .special_tiles import enter_pit
        enter_pit(s, a, q)


