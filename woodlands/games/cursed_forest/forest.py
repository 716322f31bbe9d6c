"""4. Building the Forest (CF-014, CF-015; rulings C-1, C-10): the square grid, open edges,
drawing and laying tiles, and what a newly laid tile brings with it (CF-018, CF-058, CF-061)."""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from .actions import handles, offers
from .model import EDGES, STEP, Tile
from .registry import steps
from .state import NO_MONSTER, TOKEN, CursedForestState


def neighbour(xy: tuple[int, int], d: int) -> tuple[int, int]:
    dx, dy = STEP[d]
    return xy[0] + dx, xy[1] + dy


def tile_of(s: CursedForestState, p: int) -> Tile:
    return s.content.tiles[s.placed[p]]


def is_open(s: CursedForestState, p: int, d: int) -> bool:
    """Is placed tile ``p``'s edge facing direction ``d`` open (a path)?"""
    return s.place_open[p][d]


def joined(s: CursedForestState, p: int, d: int) -> int:
    """The placed tile across edge ``d`` of ``p`` when the edge is open on both sides (C-10), else -1.
    Kept up to date in ``s.links`` as tiles are laid."""
    return s.links[4 * p + d]


def link(s: CursedForestState, p: int, d: int, q: int) -> None:
    s.links[4 * p + d] = q
    s.links[4 * q + (d + 2) % 4] = p


def placements(s: CursedForestState, p: int, tile: Tile) -> list[tuple[int, int]]:
    """Every ``(direction, rotation)`` where ``tile`` may be laid next to placed tile ``p`` (C-1):
    an empty square across an edge open on ``p``, the new tile turned so its facing edge is open.
    Rotations that give the same open edges are offered once (the lowest)."""
    out = []
    xy = s.place_pos[p]
    for d in range(4):
        if not is_open(s, p, d) or neighbour(xy, d) in s.grid:
            continue
        seen = set()
        for rot in range(4):
            if not tile.open_at((d + 2) % 4, rot):
                continue
            shape = tuple(tile.open_at(e, rot) for e in range(4))
            if shape in seen:
                continue
            seen.add(shape)
            out.append((d, rot))
    return out


def room_beside(s: CursedForestState, p: int) -> bool:
    """Has placed tile ``p`` an open edge facing an empty square, where a tile could be laid?"""
    # asked at every decision of a turn (the draw's label): a plain loop, no generator or calls
    x, y = s.place_pos[p]
    opened = s.place_open[p]
    grid = s.grid
    for d in range(4):
        if opened[d]:
            dx, dy = STEP[d]
            if (x + dx, y + dy) not in grid:
                return True
    return False


#: AUD-1: added to a draw's label when no tile can go beside the adventurer (C-1 keeps it legal)
NO_ROOM = ": nothing can be laid from here, so the tile would go under the stack and the AP is lost"


def frontier_open(s: CursedForestState) -> bool:
    """Can the forest still grow anywhere (some open edge faces an empty square)?"""
    return s.open_ends > 0


def lay(s: CursedForestState, tile_index: int, xy: tuple[int, int], rot: int) -> int:
    """Put a tile on the table and what its symbols bring (CF-018, CF-058, CF-061)."""
    tile = s.content.tiles[tile_index]
    p = len(s.placed)
    s.placed.append(tile_index)
    s.place_pos.append(xy)
    s.place_rot.append(rot)
    s.place_open.append((tile.open_at(0, rot), tile.open_at(1, rot), tile.open_at(2, rot), tile.open_at(3, rot)))
    s.links.extend((-1, -1, -1, -1))
    s.grid[xy] = p
    for d in range(4):
        q = s.grid.get(neighbour(xy, d), -1)
        if q < 0:
            s.open_ends += s.place_open[p][d]
            continue
        if s.place_open[q][(d + 2) % 4]:
            s.open_ends -= 1
            if s.place_open[p][d]:
                link(s, p, d, q)
    s.tile_monster.append(TOKEN if tile.kind == "monster" else NO_MONSTER)
    s.tile_side.append(0)
    s.tile_damage.append(0)
    s.tile_token.append(tile.kind in ("swamp", "bone-yard"))
    s.tile_root.append(tile.seed)
    s.tile_vine.append(-1)
    s.tile_items.append([])
    s.tile_seeds.append([])
    if tile.kind not in ("start", "exit"):
        s.last_laid = p
    s.emit("lay", tile=tile.id, kind=tile.kind, position=list(xy), rotation=rot,
           open=[EDGES[e] for e in range(4) if tile.open_at(e, rot)])
    return p


def here(s: CursedForestState, a: int) -> int:
    xy = s.pos[a]
    return -1 if xy is None else s.grid[xy]


# ------------------------------------------------------------------ drawing and laying (1 AP)
@offers("turn")
def offer_draw(s: CursedForestState, a: int) -> list[Option]:
    if s.phase != "forest" or not s.tile_stack or s.ap[a] < 1:
        return []
    room = room_beside(s, here(s, a))
    key = ("draw-tile", len(s.tile_stack), room)
    o = s.game.memo.get(key)
    if o is None:
        warn = "" if room else NO_ROOM
        o = s.game.memo[key] = Option.of("draw-tile", label=f"Draw and lay a forest tile (1 AP; {len(s.tile_stack)} left){warn}",
                                         data={"ap": 1, "left": len(s.tile_stack), "room": room})
    return [o]  # type: ignore[list-item]


@handles("draw-tile")
def draw_tile(s: CursedForestState, a: int, args: list[str]) -> None:
    s.ap[a] -= 1
    draw_for(s, a, "lay")


def draw_for(s: CursedForestState, a: int, purpose: str) -> bool:
    """Draw the top tile to lay beside adventurer ``a`` (to explore, or to escape onto, CF-022).
    No legal place: the adventurer is lost and the tile goes under the stack (CF-014, C-1)."""
    tile = s.tile_stack.pop()
    s.emit("draw", what="tile", tile=s.content.tiles[tile].id, adventurer=a)
    if not placements(s, here(s, a), s.content.tiles[tile]):
        s.tile_stack.insert(0, tile)
        s.emit("lost", adventurer=a, tile=s.content.tiles[tile].id)
        return False
    s.drawn = tile
    s.push("place_tile", a, purpose)
    return True


@steps.ask("place_tile", kind="lay_tile", rule="4. Building the Forest, CF-014, C-1")
def ask_place(s: CursedForestState, a: int, purpose: str) -> tuple[str, list[Option], dict[str, Any]]:
    tile = s.content.tiles[s.drawn]
    opts: list[Option] = []
    memo = s.game.memo
    for d, rot in placements(s, here(s, a), tile):
        o = memo.get(("lay", tile.index, d, rot))
        if o is None:
            shape = "".join(EDGES[e] for e in range(4) if tile.open_at(e, rot))
            o = memo[("lay", tile.index, d, rot)] = Option.of("lay", EDGES[d], rot, data={"open": shape},
                                                              label=f"Lay {tile.name} to the {EDGES[d]}, open {shape}")
        opts.append(o)  # type: ignore[arg-type]
    from .names import KIND_WORDS
    return f"Where does {tile.name} ({KIND_WORDS.get(tile.kind, 'a tile')}) go?", opts, {"adventurer": a, "tile": tile.id, "kind": tile.kind,
                                                 "purpose": purpose}


@steps.answer("place_tile")
def answer_place(s: CursedForestState, choice: str, a: int, purpose: str) -> None:
    _, d_name, rot = choice.split(":")
    d = EDGES.index(d_name)
    tile = s.drawn
    s.drawn = -1
    p = lay(s, tile, neighbour(s.pos[a], d), int(rot))  # type: ignore[arg-type]
    if purpose == "escape":
        from .combat import escape_to
        escape_to(s, a, p, 2)
    if not s.tile_stack and s.phase == "forest":
        s.push("forest_complete", a)


def exit_squares(s: CursedForestState) -> list[tuple[int, int, int, bool]]:
    """Where the Exit may go (CF-068, ruling C-18): beside the last tile laid, across an edge
    open on it (C-1); if none of those squares is empty, on any empty square beside the last
    tile, the Maiden Tree's roots opening that edge of it; only when the last tile has no empty
    neighbour at all, beside the latest-laid tile that has one, in the same way.  Returns
    ``(placed tile, direction, rotation, roots)``; ``roots`` says the roots open the edge."""
    exit_tile = s.content.tiles[s.content.exit]
    latest = range(len(s.placed) - 1, -1, -1)
    order = ([s.last_laid] if s.last_laid >= 0 else []) + [p for p in latest if p != s.last_laid]
    for p in order:
        xy = s.place_pos[p]
        empty = [d for d in range(4) if neighbour(xy, d) not in s.grid]
        if not empty:
            continue
        found = [(p, d, rot, False) for d, rot in placements(s, p, exit_tile)]
        if found:
            return found
        for d in empty:   # the roots open edge d of tile p
            shapes = set()
            for rot in range(4):
                shape = tuple(exit_tile.open_at(e, rot) for e in range(4))
                if exit_tile.open_at((d + 2) % 4, rot) and shape not in shapes:
                    shapes.add(shape)
                    found.append((p, d, rot, True))
        if found:
            return found
    return []


@steps.auto("forest_complete")
def forest_complete(s: CursedForestState, a: int) -> None:
    """15. Endgame: the last tile is down (or the forest cannot grow any more): the Exit is laid."""
    if s.phase != "forest":
        return
    s.phase = "maiden"
    s.emit("forest_complete", stack_left=len(s.tile_stack))
    s.push("lay_exit", a)


@steps.ask("lay_exit", kind="lay_exit", rule="15. Endgame, CF-068, C-18")
def ask_exit(s: CursedForestState, a: int) -> tuple[str, list[Option], dict[str, Any]]:
    opts = []
    exit_tile = s.content.tiles[s.content.exit]
    for p, d, rot, roots in exit_squares(s):
        x, y = neighbour(s.place_pos[p], d)
        how = f", the Maiden Tree's roots opening its {EDGES[d]} edge" if roots else ""
        shape = "".join(EDGES[e] for e in range(4) if exit_tile.open_at(e, rot))
        opts.append(Option.of("exit", x, y, rot, label=f"Lay the Exit at ({x}, {y}), open {shape}, beside {tile_of(s, p).name}{how}",
                              data={"open": shape, "beside": tile_of(s, p).id, "roots": EDGES[d] if roots else None}))
    return "Lay the Exit tile, where the Maiden Tree stands", opts, {"adventurer": a}


@steps.answer("lay_exit")
def answer_exit(s: CursedForestState, choice: str, a: int) -> None:
    _, x, y, rot = choice.split(":")
    xy = (int(x), int(y))
    beside, d, roots = next((p, d, roots) for p, d, r, roots in exit_squares(s)
                            if neighbour(s.place_pos[p], d) == xy and r == int(rot))
    p = lay(s, s.content.exit, xy, int(rot))
    s.exit_at = p
    if roots:   # C-18: the Maiden Tree's roots open the edge of the tile the Exit is laid beside
        s.exit_link = beside
        link(s, beside, d, p)
    s.emit("exit_laid", position=[xy[0], xy[1]], beside=list(s.place_pos[beside]), roots=roots)
    s.push("maiden_check")
