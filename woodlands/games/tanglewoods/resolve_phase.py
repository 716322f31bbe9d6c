"""Engagement: Resolve Phase (TG-059..TG-064, TG-094; rulings T-5, T-11).

Suffer Damage, After Effects, Exhaust Dice, Recover Dice, Cleanup, then (with a merchant icon)
the optional visit.  There is no Gain Item Rewards step in this game (TG-061).
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from ...engine.steps import push_in_order
from . import dice as D
from .ambush import resolve_together
from .decks import to_side
from .model import COLOURS, DAY, NIGHT
from .modifiers import enemy_damage, has_flag, is_boss, modifier
from .registry import steps
from .state import TanglewoodsState
from .stats import lower_stat
from .strategy_phase import undefeated_enemies


@steps.auto("resolve_phase")
def resolve_phase(s: TanglewoodsState) -> None:
    s.phase = "resolve"
    push_in_order(s.stack, [("settle_defeats",), ("suffer_damage",), ("after_effects",), ("exhaust_dice",),
                            ("recover_dice", -1), ("cleanup",), ("merchant_offer",)])


@steps.auto("suffer_damage")
def suffer_damage(s: TanglewoodsState) -> None:
    """T-5: lose Health equal to the Damage of the undefeated enemies (after modifiers)."""
    change = modifier(s, "enemy_damage")     # the same for every enemy: worked out once
    total = sum(enemy_damage(s, i, change) for i in undefeated_enemies(s))
    total = max(0, total + modifier(s, "damage_suffered")) if total else 0
    s.emit("suffer_damage", amount=total)
    if total:
        lower_stat(s, "health", total, "suffer damage")


@steps.auto("after_effects")
def after_effects(s: TanglewoodsState) -> None:
    """T-5: the map's After effect and every tableau card's, in the order the player picks."""
    entries = ([("map", s.active_map)] if s.active_map >= 0 else []) + [("forest", c) for c in s.tableau]
    resolve_together(s, "after", entries)


@steps.auto("exhaust_dice")
def exhaust_dice(s: TanglewoodsState) -> None:
    """T-5: every committed die, applied or not, is exhausted."""
    moved = []
    for d in D.dice_in(s, D.COMMITTED):
        D.move_die(s, d, D.EXHAUSTED)
        moved.append(D.DIE_COLOUR[d])
    if moved:
        s.emit("dice_moved", colours=moved, source="committed", to="exhausted", why="exhaust dice")


RECOVER_DONE = Option.of("done", label="Recover no more")
RECOVER = {c: Option.of("recover", c, label=f"Recover a {c} die") for c in COLOURS}


@steps.ask("recover_dice", kind="recover_dice", rule="Resolve Phase: Recover Dice, ruling T-5")
def ask_recover(s: TanglewoodsState, left: int) -> Ask | None:
    if left < 0:
        left = max(0, s.recovery + modifier(s, "recover"))
        s.push("recover_dice", left)
        return None
    colours = D.colours_in(s, D.EXHAUSTED)
    if left == 0 or not colours:
        return None
    opts = [RECOVER[c] for c in colours]
    opts.append(RECOVER_DONE)
    return f"Recover dice: up to {left} more exhausted dice back to the pool", opts, {"left": left}


@steps.answer("recover_dice")
def answer_recover(s: TanglewoodsState, choice: str, left: int) -> None:
    if choice == "done":
        return
    D.move_colour(s, choice.split(":", 1)[1], D.EXHAUSTED, D.POOL, "recover")
    s.push("recover_dice", left - 1)


@steps.auto("cleanup")
def cleanup(s: TanglewoodsState) -> None:
    """TG-063, TG-064, TG-094: tableau cards go to the discard turned to night (bears keep their
    enemy side); the map turns to night as it is discarded."""
    c = s.content
    s.merchant_ok = s.map_complete and s.active_map >= 0 and (
        c.map_face(s.active_map).merchant or has_flag(s, "merchant_everywhere"))
    # T-24: the completed map's ongoing effect lasts through the visit it grants
    s.visit_map = (s.visit_map if s.visit_map >= 0 else s.active_map) if s.merchant_ok else -1
    flipped = []
    for code in s.tableau:
        if not is_boss(s, code) and code & 1 == DAY:
            flipped.append(c.forest[code >> 1].id)
            code = to_side(code, NIGHT)
        s.forest_discard.append(code)
    s.emit("cleanup", discarded=[c.forest[x >> 1].id for x in s.tableau], flipped_to_night=flipped)
    s.tableau.clear()
    s.damage.clear()
    s.defeated.clear()
    s.wilds.clear()
    if s.active_map >= 0:
        s.map_discard.append(to_side(s.active_map, NIGHT))
        s.active_map = -1
    s.round_mods.clear()
