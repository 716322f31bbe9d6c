"""Gold (rulebook section "Gold", TG-083..TG-088)."""
from __future__ import annotations

from .state import TanglewoodsState

GOLD_CAP = 20


def gain_gold(s: TanglewoodsState, amount: int, why: str) -> None:
    """Gaining adds, but the stockpile never exceeds 20 (TG-084) nor drops below 0 (TG-085)."""
    before = s.gold
    s.gold = max(0, min(GOLD_CAP, s.gold + amount))
    s.emit("gold", change=s.gold - before, gold=s.gold, why=why)


def can_pay(s: TanglewoodsState, amount: int) -> bool:
    return s.gold >= amount


def pay_gold(s: TanglewoodsState, amount: int, why: str) -> bool:
    """Paying needs the whole amount; without it nothing is spent and nothing gained (TG-086)."""
    if s.gold < amount:
        return False
    s.gold -= amount
    s.emit("gold", change=-amount, gold=s.gold, why=why)
    return True


def lose_gold(s: TanglewoodsState, amount: int, why: str) -> None:
    """Losing is not optional; with too little, gold drops to 0 (TG-085, TG-087)."""
    before = s.gold
    s.gold = max(0, s.gold - amount)
    s.emit("gold", change=s.gold - before, gold=s.gold, why=why)


def set_gold(s: TanglewoodsState, amount: int, why: str) -> None:
    before = s.gold
    s.gold = max(0, min(GOLD_CAP, amount))
    s.emit("gold", change=s.gold - before, gold=s.gold, why=why)
