"""Storyfold's action grammar: every option id the game can offer with a content pack, in a
fixed order (the research action space, :mod:`woodlands.kit.spaces`, numbers them)."""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...kit.spaces import verb_ids
from .model import ACTIONS, START_DICE


def action_ids(game: Game, options: dict[str, Any]) -> list[str]:
    """Every id of docs/storyfold.md "Decisions": the four actions on every target (creature
    and trauma cards for Light and Heal, every scene's locations for Help and Explore), the dice
    one may roll (0-5 d8, the d10 and d12 at most once each: S-3), the n-th rolled die (0-6),
    the companions' uses, cards by kind and the campaign's scenes.  Options do not change it."""
    c: Any = game.content
    cards = list(c.cards)
    creatures = [k.id for k in cards if k.kind == "creature"]
    traumas = [k.id for k in cards if k.kind == "trauma"]
    locations: list[str] = []
    for scene in c.scenes:
        locations += [loc.id for loc in scene.locations if loc.id not in locations]
    targets = {"light": creatures, "heal": creatures + traumas, "help": locations, "explore": locations}
    act: list[str] = []
    for name in ACTIONS:
        act += verb_ids(f"act:{name}:top", targets[name]) + [f"act:{name}:bottom"]
    n8 = START_DICE.count(8)
    rolls = [f"roll:{k8}:{k10}:{k12}" for k10 in (0, 1) for k12 in (0, 1) for k8 in range(n8 + 1) if k8 + k10 + k12]
    uses = {who: [u.id for side in comp.sides for u in side.uses] for who, comp in (("luma", c.luma), ("brom", c.brom))}
    ids = [k.id for k in cards]
    actions = [c.cards[a].id for a in c.actions]
    return [
        *act, *verb_ids("boon", ids), *verb_ids("luma", uses["luma"]), *verb_ids("brom", uses["brom"]), "end",
        *rolls, "crystal", "resolve", *verb_ids("die", range(len(START_DICE) + 2)), "done",
        "bottom", "nothing", *verb_ids("crystal", ACTIONS), *verb_ids("keep", ids),
        *verb_ids("use", ids), *verb_ids("discard", ids), *verb_ids("creature", creatures + traumas),
        *verb_ids("action", actions), "continue", "draw", *verb_ids("open", [sc.id for sc in c.scenes]),
    ]
