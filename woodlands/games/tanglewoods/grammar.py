"""Tanglewoods' action grammar: every option id the game can offer with a content pack, in a
fixed order (the research action space, :mod:`woodlands.kit.spaces`, numbers them).

>>> from woodlands import load_game
>>> ids = action_ids(load_game("tanglewoods"), {})
>>> len(ids) == len(set(ids)) and "roll" in ids
True
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...kit.spaces import verb_ids
from .model import COLOURS, FACE_NAMES, STATS


def action_ids(game: Game, options: dict[str, Any]) -> list[str]:
    """Every id of docs/tanglewoods.md "The decisions", arguments from the content pack: heroes,
    forest cards (bears among them), maps, items, the five die colours, the three stats, the
    three faces of a die.  Options do not change it."""
    c: Any = game.content
    forest = [card.id for card in c.forest]
    bears = [c.forest[b].id for b in c.bears]
    maps = [card.id for card in c.maps]
    items = [card.id for card in c.items]
    heroes = [h.id for h in c.heroes]
    # an effect's source: a forest card, a map, an item, a hero or the Brothers Grimm
    sources = forest + maps + items + heroes + ["brothers-grimm", "hero"]
    return [
        *verb_ids("hero", heroes), *verb_ids("side", ("a", "b")),
        *verb_ids("bear", bears), *verb_ids("stat", STATS), *verb_ids("banish", COLOURS),
        *verb_ids("top", forest), *verb_ids("bottom", forest),
        *verb_ids("first", sources),
        *verb_ids("map", maps),
        *verb_ids("place", forest), "draw", *verb_ids("use", items), "ability",
        "complete", "keep_building", "add",
        *verb_ids("bribe", forest), "done",
        *verb_ids("commit", COLOURS), "roll", "end",
        *verb_ids("apply", COLOURS, FACE_NAMES[1:], forest),
        *verb_ids("recover", COLOURS), *verb_ids("exhaust", COLOURS),
        "visit", "skip",
        *verb_ids("mend", COLOURS), *verb_ids("forge", items), *verb_ids("bait", bears), *verb_ids("buy", items),
        *verb_ids("bless", STATS), "leave",
        *verb_ids("discard", items), "pay", "refuse", *verb_ids("enemy", forest),
        *verb_ids("reroll", COLOURS, FACE_NAMES), *verb_ids("upgrade", items),
    ]
