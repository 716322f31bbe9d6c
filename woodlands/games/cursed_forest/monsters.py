"""5. Encountering Monsters (CF-018..CF-020; rulings C-12; CF-084 and C-17 the ring's purple side,
kept while the monster is in play)."""
from __future__ import annotations

from .model import MonsterSide
from .state import NO_MONSTER, TOKEN, CursedForestState


def draw_monster(s: CursedForestState, a: int) -> tuple[int, int]:
    """Draw from the Monsters bag: ``(monster, side)``; side 1 (purple) for the ring bearer
    (CF-084).  The monster keeps that side as long as it is in play, whoever meets it later
    (C-17: ``s.monster_side``).  An empty bag spawns nothing: ``(-1, 0)`` (C-12)."""
    if not s.monster_bag:
        s.emit("bag_empty", bag="monsters")
        return -1, 0
    m = s.monster_bag.pop()
    side = 1 if a == s.ring else 0
    s.monster_side[m] = side
    ms = s.content.monsters[m].sides[side]
    s.emit("draw", what="monster", monster=s.content.monsters[m].id, name=ms.name, side=("green", "purple")[side],
           health=ms.health, dice=ms.dice, modifier=ms.modifier, adventurer=a)
    return m, side


def reveal(s: CursedForestState, p: int, a: int) -> bool:
    """Replace a monster token on placed tile ``p`` with a monster (once per tile, CF-019)."""
    if s.tile_monster[p] != TOKEN:
        return s.tile_monster[p] != NO_MONSTER
    m, side = draw_monster(s, a)
    s.tile_monster[p] = m if m >= 0 else NO_MONSTER
    s.tile_side[p] = side
    return m >= 0


def side_of(s: CursedForestState, m: int, side: int) -> MonsterSide:
    return s.content.monsters[m].sides[side]
