"""Health, Strategy and Recovery (ruling T-2), the item limit (TG-089, ruling T-8) and hero
flips (ruling T-16, TG-108)."""
from __future__ import annotations

from .model import STATS
from .state import TanglewoodsState

STAT_MAX = 6


def stat(s: TanglewoodsState, name: str) -> int:
    return getattr(s, name)  # type: ignore[no-any-return]


def raise_stat(s: TanglewoodsState, name: str, amount: int, why: str) -> None:
    """Raise a stat; anything past 6 is lost (T-2: "if able")."""
    before = stat(s, name)
    setattr(s, name, min(STAT_MAX, before + amount))
    if stat(s, name) != before:
        s.emit("stat", stat=name, change=stat(s, name) - before, value=stat(s, name), why=why)


def lower_stat(s: TanglewoodsState, name: str, amount: int, why: str) -> None:
    """Lower a stat.  Strategy and Recovery stop at 1; Health below 1 loses at once (TG-003)."""
    before = stat(s, name)
    floor = -99 if name == "health" else 1
    setattr(s, name, max(floor, before - amount))
    after = stat(s, name)
    if after != before:
        s.emit("stat", stat=name, change=after - before, value=after, why=why)
    if name == "health":
        if after < 1:
            s.health = after
            s.end_game("loss", reason="health below 1", round=s.round, bears_defeated=len(s.bears_won))
            return
        check_flip(s, "health_at_most")
    if name == "strategy":
        enforce_item_limit(s)


def set_stat(s: TanglewoodsState, name: str, value: int, why: str) -> None:
    value = max(1, min(STAT_MAX, value))
    before = stat(s, name)
    setattr(s, name, value)
    if value != before:
        s.emit("stat", stat=name, change=value - before, value=value, why=why)
    if name == "strategy":
        enforce_item_limit(s)


def enforce_item_limit(s: TanglewoodsState) -> None:
    """T-8: more items than Strategy: the player discards down at once (a decision)."""
    if len(s.inventory) > s.strategy:
        s.push("item_limit")


def check_flip(s: TanglewoodsState, event: str) -> None:
    """Flip the hero if the current side's trigger is ``event`` and its condition holds."""
    if s.hero < 0 or s.grimm or s.over:
        return
    side = s.content.heroes[s.hero].sides[s.hero_side]
    if side.flip_when != event:
        return
    if event == "health_at_most" and s.health > side.flip_value:
        return
    if event == "enemies_defeated" and s.defeats_this_round < side.flip_value:
        return
    s.push("flip_hero")


__all__ = ["STATS", "raise_stat", "lower_stat", "set_stat", "enforce_item_limit", "check_flip"]
