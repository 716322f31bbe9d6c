"""What the player sees (documented in docs/tanglewoods.md).

Ruling T-10: of each deck only two faces are visible, the up side of its top card and the
underside of its bottom card; deck order never appears.
"""
from __future__ import annotations

from typing import cast

from .dice import face_name
from .forest_phase import COMPLETE, draw_limit, map_status
from .model import COLOURS, DIE_COLOUR, DIRECTIONS, Card, Effect
from .modifiers import MODIFIERS, bribe_cost, enemy_damage, enemy_health, has_flag, is_enemy, modifier
from .strategy_phase import passes_allowed
from .state import ZONE_NAMES, TanglewoodsState
from .views import (ActiveEffect, ActiveMap, CommittedDie, Discards, ForestCard, ForestDeck, Hero, ItemCard, ItemDeck,
                    MapCard, MapDeck, TableauCard, TanglewoodsTable)

SIDE_NAMES = {"forest": ("day", "night"), "bear": ("enemy", "modifier"), "map": ("day", "night"),
              "item": ("ordinary", "upgraded")}


def _forest(cards: tuple[Card, ...], code: int) -> ForestCard:
    card = cards[code >> 1]
    face = card.faces[code & 1]
    out: ForestCard = {"id": card.id, "name": face.name, "side": SIDE_NAMES["bear" if card.kind == "bear" else "forest"][code & 1],
                       "kind": card.kind, "text": face.text, "direction": face.direction}
    if face.health is not None:
        out.update({"health": face.health, "damage": face.damage, "bribe": face.bribe})
    return out


def _map(cards: tuple[Card, ...], code: int) -> MapCard:
    card = cards[code >> 1]
    face = card.faces[code & 1]
    return {"id": card.id, "name": face.name, "side": SIDE_NAMES["bear" if card.kind == "bear" else "map"][code & 1],
            "kind": card.kind, "text": face.text, "directions": list(face.directions), "merchant": face.merchant}


def _item(cards: tuple[Card, ...], code: int) -> ItemCard:
    card = cards[code >> 1]
    face = card.faces[code & 1]
    return {"id": card.id, "name": face.name, "side": SIDE_NAMES["bear" if card.kind == "bear" else "item"][code & 1],
            "kind": card.kind, "text": face.text, "cost": face.cost}


def _forest_deck(cards: tuple[Card, ...], deck: list[int]) -> ForestDeck:
    """T-10: the top card's up side and the bottom card's underside."""
    if not deck:
        return {"count": 0, "top": None, "bottom_underside": None}
    return {"count": len(deck), "top": _forest(cards, deck[0]), "bottom_underside": _forest(cards, deck[-1] ^ 1)}


def _map_deck(cards: tuple[Card, ...], deck: list[int]) -> MapDeck:
    if not deck:
        return {"count": 0, "top": None, "bottom_underside": None}
    return {"count": len(deck), "top": _map(cards, deck[0]), "bottom_underside": _map(cards, deck[-1] ^ 1)}


def _item_deck(cards: tuple[Card, ...], deck: list[int]) -> ItemDeck:
    """T-25: the Merchant Card lies on the Item Deck, so its top card is seen by nobody."""
    return {"count": len(deck), "top": None, "bottom_underside": _item(cards, deck[-1] ^ 1) if deck else None,
            "covered_by": "merchant"}


def _ongoing(zone: str, source: str, effects: tuple[Effect, ...]) -> list[ActiveEffect]:
    out = []
    for e in effects:
        if e.when != "ongoing":
            continue
        entry: ActiveEffect = {"source": source, "zone": zone, "do": e.do, "text": e.text}
        if e.do == "modify":
            entry.update({"modifier": e.params["stat"], "amount": e.params["amount"]})
        out.append(entry)
    return out


def active_effects(s: TanglewoodsState) -> list[ActiveEffect]:
    """AUD-2: every ongoing effect in play now and every effect of this round, one entry each,
    with where it comes from (the same sources :func:`.modifiers.modifier` adds up)."""
    c = s.content
    out: list[ActiveEffect] = []
    if s.hero >= 0:
        side = c.grimm if s.grimm else c.heroes[s.hero].sides[s.hero_side]
        out += _ongoing("hero", "brothers-grimm" if s.grimm else c.heroes[s.hero].id, side.ability)
    for code in s.inventory:
        out += _ongoing("item", c.items[code >> 1].id, c.item_face(code).effects)
    for idx in s.bears_won:
        out += _ongoing("bear", c.forest[idx].id, c.forest[idx].faces[1].effects)
    if s.active_map >= 0:
        out += _ongoing("map", c.maps[s.active_map >> 1].id, c.map_face(s.active_map).effects)
    elif s.visit_map >= 0:        # T-24: its merchant visit is still going on
        out += _ongoing("map", c.maps[s.visit_map >> 1].id, c.map_face(s.visit_map).effects)
    for i, code in enumerate(s.tableau):
        if not s.defeated[i]:
            out += _ongoing("tableau", c.forest[code >> 1].id, c.forest_face(code).effects)
    for kind, target, amount in s.round_mods:
        out.append({"source": "this round", "zone": "round", "do": kind, "modifier": kind, "amount": amount,
                    "target": c.forest[target].id if target >= 0 else None})
    return out


def build_view(s: TanglewoodsState) -> TanglewoodsTable:
    """The game's own part of the view (the engine adds the envelope)."""
    c = s.content
    dice: dict[str, dict[str, int]] = {z: {col: 0 for col in COLOURS} for z in ZONE_NAMES}
    rolled: list[CommittedDie] = []
    for d, z in enumerate(s.dice_zone):
        dice[ZONE_NAMES[z]][DIE_COLOUR[d]] += 1
        if z == 1:
            rolled.append({"colour": DIE_COLOUR[d], "face": face_name(s.dice_face[d]) if s.dice_face[d] >= 0 else None,
                           "applied": s.dice_applied[d]})
    hero: Hero | None = None
    if s.hero >= 0:
        h = c.heroes[s.hero]
        side = c.grimm if s.grimm else h.sides[s.hero_side]
        hero = {"id": h.id, "side": "grimm" if s.grimm else "ab"[s.hero_side], "name": side.name, "text": side.text,
                "universal": h.universal}
    tableau: list[TableauCard] = []
    for i, code in enumerate(s.tableau):
        entry = cast(TableauCard, {**_forest(c.forest, code), "wild_as": s.wilds[i]})
        if is_enemy(s, code):
            entry.update({"damage_taken": s.damage[i], "defeated": s.defeated[i], "health_now": enemy_health(s, i),
                          "damage_now": enemy_damage(s, i), "bribe_now": bribe_cost(s, i)})
        tableau.append(entry)
    active_map: ActiveMap | None = None
    if s.active_map >= 0:
        status, missing = map_status(s)
        if s.map_complete:       # AUD-2: the status agrees with `complete`, whatever left the tableau since
            status, missing = COMPLETE, {}
        elif status == COMPLETE:  # covered, but the check comes when the effect in progress is over (T-23)
            status = "covered"
        active_map = {**_map(c.maps, s.active_map), "complete": s.map_complete, "status": status,
                      "missing": [d for d in DIRECTIONS for _ in range(missing.get(d, 0))]}
    discards: Discards = {
        "forest": {"count": len(s.forest_discard), "top": _forest(c.forest, s.forest_discard[-1]) if s.forest_discard else None},
        "map": {"count": len(s.map_discard), "top": _map(c.maps, s.map_discard[-1]) if s.map_discard else None},
        "item": {"count": len(s.item_discard), "top": _item(c.items, s.item_discard[-1]) if s.item_discard else None},
    }
    return {
        "round": s.round,
        "phase": s.phase,
        "difficulty": s.difficulty,
        "hero": hero,
        "health": s.health,
        "strategy": s.strategy,
        "recovery": s.recovery,
        "gold": s.gold,
        "bears_defeated": len(s.bears_won),
        "dice": dice,
        "committed_dice": rolled,
        "map": active_map,
        "map_choices": [_map(c.maps, x) for x in s.map_drawn],
        "drawn": [_forest(c.forest, x) for x in s.drawn],
        "revealed": [_forest(c.forest, x) for x in s.revealed],
        "tableau": tableau,
        "inventory": [_item(c.items, x) for x in s.inventory],
        "shop": [_item(c.items, x) for x in s.shop],
        "bears_aside": [c.forest[b].id for b in s.bears_aside],
        "bears_won": [_forest(c.forest, b * 2 + 1) for b in s.bears_won],
        "decks": {
            "forest": _forest_deck(c.forest, s.forest_deck),
            "map": _map_deck(c.maps, s.map_deck),
            "item": _item_deck(c.items, s.item_deck),
        },
        "discards": discards,
        "strategy_pass": s.passes if s.phase == "strategy" else 0,
        "passes_allowed": passes_allowed(s),
        "forest_draws": s.cycle_draws if s.phase == "forest" else 0,
        "draw_limit": draw_limit(s),
        "modifiers": {name: v for name in MODIFIERS if (v := modifier(s, name))},
        "active_effects": active_effects(s),
        "merchant_everywhere": has_flag(s, "merchant_everywhere"),
        "toughness": sum(a for kind, _t, a in s.round_mods if kind == "toughness"),
    }
