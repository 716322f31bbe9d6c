"""The 17 unit dice (ruling T-1) and moving them between zones (ruling T-7)."""
from __future__ import annotations

from .model import COLOURS, DICE_PER_COLOUR, DIE_COLOUR, DIE_FACES, FACE_NAMES
from .state import BANISHED, COMMITTED, EXHAUSTED, POOL, ZONE_NAMES, TanglewoodsState


def dice_in(s: TanglewoodsState, zone: int) -> list[int]:
    return [d for d, z in enumerate(s.dice_zone) if z == zone]


#: each colour with the dice that are its own (DIE_COLOUR holds them side by side, in colour order)
_COLOUR_DICE = tuple((c, DIE_COLOUR.index(c), DIE_COLOUR.index(c) + DICE_PER_COLOUR[c]) for c in COLOURS)


def colours_in(s: TanglewoodsState, zone: int) -> list[str]:
    """Colours with at least one die in ``zone``, in the fixed colour order."""
    zones = s.dice_zone
    out = []
    for colour, first, end in _COLOUR_DICE:   # a loop over slices: asked on most Strategy decisions
        if zone in zones[first:end]:
            out.append(colour)
    return out


def die_of(s: TanglewoodsState, colour: str, zone: int) -> int | None:
    for d, z in enumerate(s.dice_zone):
        if z == zone and DIE_COLOUR[d] == colour:
            return d
    return None


def move_die(s: TanglewoodsState, die: int, zone: int) -> None:
    s.dice_zone[die] = zone
    s.dice_face[die] = -1
    s.dice_applied[die] = False


def move_colour(s: TanglewoodsState, colour: str, src: int, dst: int, why: str) -> bool:
    d = die_of(s, colour, src)
    if d is None:
        return False
    move_die(s, d, dst)
    s.emit("dice_moved", colour=colour, source=ZONE_NAMES[src], to=ZONE_NAMES[dst], why=why)
    return True


def roll(s: TanglewoodsState, die: int) -> int:
    face = DIE_FACES[DIE_COLOUR[die]][s.rng.below(6)]
    s.dice_face[die] = face
    return face


def face_name(face: int) -> str:
    return FACE_NAMES[face]


__all__ = ["DIE_COLOUR", "POOL", "COMMITTED", "EXHAUSTED", "BANISHED", "dice_in", "colours_in", "die_of",
           "move_die", "move_colour", "roll", "face_name"]
