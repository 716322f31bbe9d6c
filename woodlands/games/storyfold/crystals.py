"""Crystals (SW-066..SW-070).

Crystals lie on the Action cards (at most 3 each) and travel with them.  ``s.crystals`` has one
count per Action card, in the order light, help, explore, heal.  A Crystal that no Action card can
hold is lost (our reading).
"""
from __future__ import annotations


from ...engine.decision import Option
from ...engine.steps import Ask
from .model import ACTIONS
from .ongoing import active
from .registry import steps
from .state import StoryfoldState

MAX_PER_CARD = 3   # SW-069


def slot(s: StoryfoldState, card: int) -> int:
    """The index in ``s.crystals`` of an Action card."""
    return s.content.actions.index(card)


@steps.ask("place_crystals", kind="place_crystal", rule="Crystals, SW-067, SW-069", auto=True)
def ask_place(s: StoryfoldState, left: int) -> Ask | None:
    if left <= 0:
        return None
    room = [i for i in range(4) if s.crystals[i] < MAX_PER_CARD]
    if not room:
        s.emit("crystals_lost", amount=left, why="every Action card holds 3 Crystals")
        return None
    if len(room) == 1:   # only one card can take it: nothing to choose
        put(s, room[0])
        s.push("place_crystals", left - 1)
        return None
    memo = s.game.memo
    opts = []
    for i in room:
        opt = memo.get(("place_crystal", i, s.crystals[i]))
        if opt is None:
            opt = memo[("place_crystal", i, s.crystals[i])] = Option.of(
                "crystal", ACTIONS[i], label=f"On {s.content.cards[s.content.actions[i]].name} ({s.crystals[i]} there)",
                data={"action": ACTIONS[i], "on_card": s.crystals[i], "room": MAX_PER_CARD - s.crystals[i]})
        opts.append(opt)
    return f"Place a Crystal on which Action card? ({left} to place)", opts, {"left": left, "max_per_card": MAX_PER_CARD}  # type: ignore[return-value]


@steps.answer("place_crystals")
def answer_place(s: StoryfoldState, choice: str, left: int) -> None:
    put(s, ACTIONS.index(choice.split(":")[1]))
    s.push("place_crystals", left - 1)


def put(s: StoryfoldState, i: int) -> None:
    s.crystals[i] += 1
    s.emit("crystal", action=ACTIONS[i], change=1, on_card=s.crystals[i])


def take(s: StoryfoldState, i: int, why: str) -> None:
    s.crystals[i] -= 1
    s.emit("crystal", action=ACTIONS[i], change=-1, on_card=s.crystals[i], why=why)


@steps.ask("lose_crystals", kind="lose_crystal", rule="Crystals (effect)")
def ask_lose(s: StoryfoldState, left: int) -> Ask | None:
    if left <= 0:
        return None
    have = [i for i in range(4) if s.crystals[i] > 0]
    if not have:
        return None
    if len(have) == 1 or sum(s.crystals) <= left:   # nothing to choose: lose from the only card / lose all
        take(s, have[0], "lost")
        s.push("lose_crystals", left - 1)
        return None
    return f"Lose a Crystal from which Action card? ({left} to lose)", _from_options(s, have), {"left": left}


def _from_options(s: StoryfoldState, have: list[int]) -> list[Option]:
    memo = s.game.memo
    opts = []
    for i in have:                       # one option per card and count, made once per game
        o = memo.get(("crystal_from", i, s.crystals[i]))
        if o is None:
            o = memo[("crystal_from", i, s.crystals[i])] = Option.of(
                "crystal", ACTIONS[i], label=f"From {s.content.cards[s.content.actions[i]].name} ({s.crystals[i]} there)",
                data={"action": ACTIONS[i], "on_card": s.crystals[i]})
        opts.append(o)
    return opts  # type: ignore[return-value]


@steps.answer("lose_crystals")
def answer_lose(s: StoryfoldState, choice: str, left: int) -> None:
    take(s, ACTIONS.index(choice.split(":")[1]), "lost")
    s.push("lose_crystals", left - 1)


def can_spend_for_success(s: StoryfoldState, natural_successes: int) -> bool:
    """SW-068: after rolling at least 1 success, Crystals on the card being carried out may be
    spent, 1 success each (not while a ``no_crystal_spend`` effect is in play)."""
    return (natural_successes >= 1 and s.crystals[slot(s, s.action)] > 0
            and not active(s, "no_crystal_spend"))


# ------------------------------------------------------------------ paying costs (Luma & Brom)
def payable(s: StoryfoldState, cost: int, cost_from: str) -> bool:
    if cost_from == "current":
        return s.action >= 0 and s.crystals[slot(s, s.action)] >= cost
    return sum(s.crystals) >= cost


@steps.ask("pay_crystals", kind="pay_crystal", rule="Luma & Brom cards, SW-016..SW-022", auto=True)
def ask_pay(s: StoryfoldState, left: int, cost_from: str) -> Ask | None:
    if left <= 0:
        return None
    if cost_from == "current":
        take(s, slot(s, s.action), "spent")
        s.push("pay_crystals", left - 1, cost_from)
        return None
    have = [i for i in range(4) if s.crystals[i] > 0]
    if len(have) == 1 or sum(s.crystals) == left:
        take(s, have[0], "spent")
        s.push("pay_crystals", left - 1, cost_from)
        return None
    return (f"Spend a Crystal from which Action card? ({left} to spend)", _from_options(s, have),
            {"left": left, "current": ACTIONS[slot(s, s.action)] if s.action >= 0 else None})


@steps.answer("pay_crystals")
def answer_pay(s: StoryfoldState, choice: str, left: int, cost_from: str) -> None:
    take(s, ACTIONS.index(choice.split(":")[1]), "spent")
    s.push("pay_crystals", left - 1, cost_from)


@steps.explain("place_crystals")
def explain_place(s: StoryfoldState, choice: str, left: int) -> str | None:
    name = choice.split(":")[-1]
    if name in ACTIONS and s.crystals[ACTIONS.index(name)] >= MAX_PER_CARD:
        card = s.content.cards[s.content.actions[ACTIONS.index(name)]]
        return f"the {card.name} card already holds {MAX_PER_CARD} Crystals (SW-069)"
    return None
