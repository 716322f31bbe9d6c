"""What the player sees on the table (``state.view(0)``): documented in docs/storyfold.md.

Deck orders are hidden (sizes only); discard piles are face up, so they are shown.
"""
from __future__ import annotations

from typing import Any

from .conditions import holds
from .crystals import slot
from .dice import count_successes, threshold
from .locations import why_not_visit
from .model import THRESHOLDS, Companion, Cond
from .ongoing import active, creature_spirit, max_dice, modifier
from .scene_end import score
from .state import StoryfoldState
from .views import Ongoing, OngoingEffect, RiverCard, Roll, StoryfoldTable, Use


def cond_data(conds: tuple[Cond, ...]) -> dict[str, Any]:
    """A condition as data, in the pack's own form: ``{test name: argument}`` (all must hold)."""
    return {name: arg for name, arg in conds}


def ongoing_view(s: StoryfoldState) -> Ongoing:
    """AUD-4: every italic effect in play, card by card, and what they add up to."""
    cards = s.content.cards
    effects: list[OngoingEffect] = [{"card": cards[card].id, "where": where, "do": e.do, "amount": e.params.get("amount")}
               for where, pile in (("river", s.river), ("boons", s.boons)) for card in pile if card >= 0
               for e in cards[card].ongoing]
    limit = max_dice(s)
    return {"effects": effects, "threshold": modifier(s, "threshold"), "max_dice": None if limit >= 99 else limit,
            "creature_icons": modifier(s, "creature_icons"), "spirit_loss": modifier(s, "spirit_loss"),
            "no_crystal_spend": active(s, "no_crystal_spend")}


def uses_view(s: StoryfoldState, who: str, comp: Companion, side: int) -> list[Use]:
    """AUD-4: the uses of the side up, each with its cost and whether its once-per-chapter use is spent."""
    return [{"id": u.id, "text": u.text, "window": u.window, "cost": u.cost, "cost_from": u.cost_from,
             "once_per_chapter": u.once_per_chapter, "spent": f"{who}:{u.id}" in s.uses_this_chapter}
            for u in comp.sides[side].uses]


def build_view(s: StoryfoldState) -> StoryfoldTable:
    """The game's own part of the view (the engine adds the envelope)."""
    c = s.content
    cards = c.cards
    scene = c.scenes[s.scene]
    chapter = c.chapters[s.chapter]
    river: list[RiverCard | None] = []
    t_mod, icons_mod = modifier(s, "threshold"), modifier(s, "creature_icons")
    for space, card in enumerate(s.river):
        if card < 0:
            river.append(None)
            continue
        k = cards[card]
        entry: RiverCard = {"card": k.id, "kind": "action" if k.kind == "action" else "creature", "name": k.name,
                            "crystals": s.crystals[slot(s, card)] if k.kind == "action" else 0,
                            "stunned": card in s.stunned}
        if k.kind == "action":      # what a die must show if this action were chosen now (S-1)
            entry["threshold"] = THRESHOLDS[space] + t_mod if space < len(THRESHOLDS) else None
        else:
            entry.update({"icons": k.icons, "spirit": k.spirit, "heal_crystals": k.crystals, "text": k.text,
                          "icons_needed": max(1, k.icons + icons_mod), "spirit_loss": creature_spirit(s, card)})
        river.append(entry)
    roll: Roll | None = None
    if s.action >= 0:
        natural = count_successes(s)
        roll = {"action": cards[s.action].id, "effect": s.effect, "target": s.target or None,
                "dice": [{"size": s.dice[d], "face": s.faces[d]} for d in s.rolled],
                "threshold": threshold(s), "successes": natural + s.bonus_successes if natural else 0,
                "natural_successes": natural, "bonus_successes": s.bonus_successes}
    in_scene = s.phase in ("setup", "luma", "shadow")
    return {
        "campaign": c.title,
        "chapter": chapter.id,
        "chapter_title": chapter.title,
        "scene": scene.id,
        "scene_title": scene.title,
        "scene_text": scene.text,
        "phase": s.phase,
        "goal": scene.goal_text,
        "goal_condition": cond_data(scene.goal),
        "goal_holds": holds(s, scene.goal) if in_scene else None,
        "ongoing": ongoing_view(s),
        "spirit": s.spirit_left(),
        "spirit_space": s.spirit_pos,
        "spirit_spaces": 12,
        "light": s.light,
        "shadow": s.shadow,
        "track": {"length": scene.track_length, "middle": scene.middle,
                  "icons": [{"space": i + 1, "icons": list(icons),
                             "effects": [scene.shadow_effects[x].text for x in icons]}
                            for i, icons in enumerate(scene.icons) if icons]},
        "river": river,
        "crystals": {cards[a].id: s.crystals[i] for i, a in enumerate(c.actions)},
        "dice": [{"size": z, "used": u, "rolled": d in s.rolled} for d, (z, u) in enumerate(zip(s.dice, s.dice_used))],
        "dice_available": sum(1 for u in s.dice_used if not u),
        "roll": roll,
        "locations": [{"id": loc.id, "name": loc.name, "kind": loc.kind, "dots": loc.dots, "chain": loc.chain or None,
                       "condition": loc.condition_text or None, "progress": loc.progress,
                       "condition_data": cond_data(loc.condition) or None,
                       "condition_holds": holds(s, loc.condition) if in_scene else None,
                       "visited": bool(s.visited[loc.index]) if in_scene and loc.index < len(s.visited) else False,
                       "can_visit": in_scene and loc.index < len(s.visited) and why_not_visit(s, loc) is None,
                       "text": loc.text}
                      for loc in scene.locations],
        "boons": [{"card": cards[b].id, "kind": cards[b].kind, "name": cards[b].name, "text": cards[b].text,
                   "window": cards[b].window or None, "icons": cards[b].icons} for b in s.boons],
        "explore_drawn": [cards[x].id for x in s.drawn],
        "luma": {"side": c.luma.sides[s.luma_side].id, "name": c.luma.sides[s.luma_side].name,
                 "uses": uses_view(s, "luma", c.luma, s.luma_side)},
        "brom": {"present": s.brom_present, "side": c.brom.sides[s.brom_side].id if s.brom_present else None,
                 "name": c.brom.sides[s.brom_side].name if s.brom_present else None,
                 "uses": uses_view(s, "brom", c.brom, s.brom_side) if s.brom_present else []},
        "uses_this_chapter": list(s.uses_this_chapter),
        "decks": {"shadow": len(s.shadow_deck), "explore": len(s.explore_deck), "creature": len(s.creature_deck),
                  "chapter": len(s.chapter_deck)},
        "discards": {"shadow": [cards[x].id for x in s.shadow_discard] + ([] if s.brom_present else ["brom"]),
                     "explore": [cards[x].id for x in s.explore_discard],
                     "creature": [cards[x].id for x in s.creature_discard]},
        "goals": {"luma_prevails": scene.goal_text, "shadow_prevails": "the Shadow marker reaches the middle space"},
        "flags": list(s.flags),
        "score": score(s),
        "chapter_restarts": s.chapter_restarts,
        "next_scene": c.scenes[s.next_scene].id if s.next_scene >= 0 else None,
    }
