"""Building exact Cursed Forest situations for the rules tests.

Every rules test uses the small pack in ``tests/cursed_forest/pack`` (its ids say what each
entry is for).  A *situation* is a started game whose board we lay by hand (``put``), whose
adventurers we place and equip, and whose dice we script (``rig``); then we run the steps we
want (by default, the active adventurer's turn) and look.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import woodlands
from tests.support import ScriptedRng, position
from woodlands.engine.steps import push_in_order
from woodlands.games.cursed_forest import state as S
from woodlands.games.cursed_forest.forest import lay
from woodlands.games.cursed_forest.model import EDGES

PACK = Path(__file__).resolve().parent / "pack"
GAME = woodlands.load_game("cursed-forest", content=PACK)
C = GAME.content
TURN = (("turn_action", 0), ("turn_end", 0), ("round_end",))


def rig(s: Any, *values: int) -> None:
    """The next d6 rolls show these values, in order."""
    s.rng = ScriptedRng(s.rng.state, list(values))


def tile_index(tile_id: str, s: Any) -> int:
    """A copy of ``tile_id`` still in the stack (taken out of it)."""
    for t in reversed(s.tile_stack):
        if C.tiles[t].id == tile_id:
            s.tile_stack.remove(t)
            return t
    raise KeyError(f"no {tile_id} left in the stack")


def put(s: Any, tile_id: str, xy: tuple[int, int], rot: int = 0) -> int:
    """Lay a tile from the stack at ``xy``; returns its placed number."""
    return lay(s, tile_index(tile_id, s), xy, rot)


def item_index(s: Any, uid: str) -> int:
    i = next(it.index for it in C.items if it.id == uid)
    if i in s.item_bag:
        s.item_bag.remove(i)
    return i


def give(s: Any, a: int, uid: str, space: str) -> int:
    """Put an item from the bag into adventurer ``a``'s space (``hands`` for both hands)."""
    i = item_index(s, uid)
    if space == "beside":
        s.extras[a].append(i)
    elif space == "hands":
        s.inv[a][0] = s.inv[a][1] = i
    else:
        s.inv[a][S.SPACES.index(space)] = i
    return i


def monster(s: Any, monster_id: str) -> int:
    m = next(x.index for x in C.monsters if x.id == monster_id and x.index in s.monster_bag)
    s.monster_bag.remove(m)
    return m


def on_top(s: Any, *monster_ids: str) -> None:
    """The next monsters drawn from the bag, in order."""
    ms = [monster(s, m) for m in monster_ids]
    s.monster_bag.extend(reversed(ms))


def situation(*chars: str, players: int | None = None, seed: int = 1, **options: Any) -> Any:
    """A game with these characters (``plain-hero`` alone unless given), the board holding only
    the Start, every adventurer on it with full AP, no log; then ``steps`` run (default: the
    first adventurer's turn).  ``players=1`` with several characters is the solo game."""
    chars = chars or ("plain-hero",)
    opts: dict[str, Any] = {"characters": list(chars), **options}
    if players is None:
        players = len(chars)
    opts["players"] = players
    if players == 1 and len(chars) > 1:
        opts["adventurers"] = len(chars)
    # a position (tests/support.py) with no steps and an empty log; the board and the adventurers
    # are laid out by hand after it, so the game's invariants are not asked of it
    return position(GAME, seed=seed, options=opts, steps=[], log=[], strict=False, turn=0, turn_no=1, round_no=1)


def run(s: Any, steps: Any = None) -> Any:
    """Start the prepared situation's steps (by default its first adventurer's turn)."""
    if steps is None:
        steps = list(TURN[:2]) + [("turn_start", b) for b in range(1, s.n)] + [("round_end",)]
    push_in_order(s.stack, [st if isinstance(st, tuple) else (st,) for st in steps])
    s.advance()
    return s


def ids(s: Any) -> list[str]:
    return [] if s.decision is None else [o.id for o in s.decision.options]


def kind(s: Any) -> str | None:
    return None if s.decision is None else s.decision.kind


def events(s: Any, type_: str | None = None) -> list[dict[str, Any]]:
    return [e for e in s.log if type_ is None or e["type"] == type_]


def at(s: Any, xy: tuple[int, int]) -> int:
    return int(s.grid[xy])


def edge(d: str) -> int:
    return EDGES.index(d)
