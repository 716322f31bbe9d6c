"""The Cursed Forest's action grammar: every option id the game can offer with a content pack and
options, in a fixed order (the research action space, :mod:`woodlands.kit.spaces`, numbers them).

The ids that hold tile coordinates (``web-walk:X:Y``, ``jump:X:Y``, ``exit:X:Y:ROT``,
``flee:X:Y``) are bounded: the Start tile lies at (0, 0) and every other tile is laid beside one
already down, so with ``T`` tiles in the pack (Start and Exit included; 45 in the default pack)
no tile can lie more than ``T - 1`` steps from the Start tile.  The space holds every square
with ``|x| + |y| <= T - 1`` (3,961 squares for 45 tiles).
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...kit.spaces import verb_ids
from .model import EDGES
from .state import SPACES


def reach(game: Game) -> int:
    """How far from the Start tile, in steps, any tile of the pack can lie: its tile count less 1."""
    return len(game.content.tiles) - 1  # type: ignore[attr-defined]


def squares(radius: int) -> list[tuple[int, int]]:
    """Every square with ``|x| + |y| <= radius``, by row from the south (y), then x."""
    return [(x, y) for y in range(-radius, radius + 1) for x in range(-radius, radius + 1)
            if abs(x) + abs(y) <= radius]


def action_ids(game: Game, options: dict[str, Any]) -> list[str]:
    """Every id of docs/cursed-forest.md "Decisions".  ``A`` ranges over the game's adventurers
    (``players``, or ``adventurers`` in the solo game: the options change the space), items are
    the pack's item copies, coordinates the squares within :func:`reach` of the Start tile, a
    die's position ``K`` in a roll up to the most dice the pack lets anyone roll."""
    c: Any = game.content
    n = options["players"] if options["players"] > 1 else (options.get("adventurers") or 1)
    adv = range(n)
    items = [i.id for i in c.items]
    where = [f"{x}:{y}" for x, y in squares(reach(game))]
    spaces = [*SPACES, "hands", "beside"]
    ranged = [i for i in c.items if i.attack == "ranged"]
    shots = [f"shoot:{i.id}:{d}:{r}" for i in ranged for d in EDGES for r in range(i.range_min, i.range_max + 1)]
    crossbows = [i for i in ranged if "crossbow" in i.tags]
    if crossbows and any(ch.ability("twin_crossbows") is not None for ch in c.characters):
        lo, hi = min(i.range_min for i in crossbows), max(i.range_max for i in crossbows)
        shots += [f"shoot:twin:{d}:{r}" for d in EDGES for r in range(lo, hi + 1)]
    weapons = [i.id for i in c.items if "weapon" in i.tags and i.attack == "fight"]
    uses = []
    for i in c.items:
        uses.append(f"use:{i.id}")
        if i.ability("line_blast") is not None:
            uses += verb_ids(f"use:{i.id}", EDGES)
        if i.ability("enchant_weapon") is not None:
            uses += verb_ids(f"use:{i.id}", weapons)
    dice = sorted((i.combat_dice for i in c.items), reverse=True)[:len(SPACES)]
    most = max([max(ch.dice for ch in c.characters) + sum(dice) + 1, c.spiders.dice, c.morna.dice]
               + [m.sides[k].dice for m in c.monsters for k in (0, 1)])
    seeds = [s.id for s in c.seeds]
    return [
        *verb_ids("character", [ch.id for ch in c.characters]),
        "draw-tile", *verb_ids("move", EDGES), *verb_ids("web-walk", where), *verb_ids("jump", where),
        *uses, *shots, *verb_ids("cure", adv),
        *verb_ids("equip", items, spaces), *verb_ids("drop", items), *verb_ids("pickup", items, spaces),
        *verb_ids("give", items, adv), *verb_ids("show", items), *verb_ids("shift-poison", SPACES, SPACES),
        "recover-seed", *verb_ids("pickup-seed", seeds), "search-swamp", "bone-yard:heal", "bone-yard:item",
        "fight-morna", *verb_ids("place-seed", seeds), *verb_ids("attack", adv), "end-turn",
        *verb_ids("lay", EDGES, range(4)), *verb_ids("exit", where, range(4)),
        "fight", *verb_ids("escape", EDGES), "escape-new", *verb_ids("tag", adv), *verb_ids("flee", where),
        "keep-roll", "crow", *verb_ids("marta:mine", range(most)), *verb_ids("marta:theirs", range(most)), "marta:roll",
        "tag:accept", "tag:refuse", *verb_ids("partner", adv),
        *verb_ids("stow", items, spaces), *verb_ids("leave", items), *verb_ids("poison-drop", items),
        "maiden:stay", *verb_ids("maiden", EDGES), "pay:kill", "pay:damage", "defend",
    ]
