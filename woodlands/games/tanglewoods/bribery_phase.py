"""Bribery Phase (TG-051..TG-055; ruling T-21)."""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from .decks import to_side
from .gold import pay_gold
from .model import NIGHT
from .modifiers import bribe_cost, enemy_damage, is_boss, modifier
from .registry import steps
from .state import TanglewoodsState


@steps.auto("bribery_phase")
def bribery_phase(s: TanglewoodsState) -> None:
    s.phase = "bribery"
    s.push("bribe")


BRIBE_DONE = Option.of("done", label="Bribe no more: on to the Engagement")


@steps.ask("bribe", kind="bribe", rule="Bribery Phase, TG-051, TG-052")
def ask_bribe(s: TanglewoodsState) -> Ask | None:
    c = s.content
    opts = []
    change = modifier(s, "bribe_cost")
    damage_change = modifier(s, "enemy_damage")
    made: dict[tuple[int, int, int], Option] | None = s.game.memo.get("bribe_options")  # type: ignore[assignment]
    if made is None:
        made = s.game.memo["bribe_options"] = {}
    for i, code in enumerate(s.tableau):
        cost = bribe_cost(s, i, change)
        if cost is None or s.defeated[i] or cost > s.gold:
            continue
        # the Damage this enemy would deal now, modifiers and growth included (T-5): what a bribe
        # spares the hero, so what the option says
        damage = enemy_damage(s, i, damage_change)
        # a pure function of (pack, card and side, cost, damage), asked at every Bribery
        # decision: built once per game and looked up
        option = made.get((code, cost, damage))
        if option is None:
            f = c.forest_face(code)
            card_id = c.forest[code >> 1].id
            option = made[(code, cost, damage)] = Option(
                "bribe:" + card_id, f"Bribe {f.name} for {cost} gold (Damage {damage})",
                "bribe", (card_id,), {"cost": cost, "damage": damage})
        opts.append(option)
    if not opts:
        return None
    opts.append(BRIBE_DONE)
    return f"Bribery phase: you have {s.gold} gold", opts, {"gold": s.gold}


@steps.explain("bribe")
def explain_bribe(s: TanglewoodsState, choice: str) -> str | None:
    if not choice.startswith("bribe:"):
        return None
    idx = s.content.forest_by_id.get(choice.split(":", 1)[1])
    slot = next((i for i, c in enumerate(s.tableau) if c >> 1 == idx), None)
    if slot is None:
        return "that card is not in your tableau"
    cost = bribe_cost(s, slot)
    if cost is None:
        return "that card has no Bribe stat and cannot be bribed (TG-052)"
    if cost > s.gold:
        return f"the bribe costs {cost} gold and you have {s.gold} (TG-086)"
    return None


@steps.answer("bribe")
def answer_bribe(s: TanglewoodsState, choice: str) -> None:
    if choice == "done":
        return
    idx = s.content.forest_by_id[choice.split(":", 1)[1]]
    slot = next(i for i, c in enumerate(s.tableau) if c >> 1 == idx)
    code = s.tableau[slot]
    cost = bribe_cost(s, slot)
    assert cost is not None
    pay_gold(s, cost, f"bribe {s.content.forest[idx].id}")
    remove_from_tableau(s, slot)
    # TG-052: flipped to night and discarded; a card already at night stays so (T-21)
    s.forest_discard.append(code if is_boss(s, code) else to_side(code, NIGHT))
    s.emit("bribe", card=s.content.forest[idx].id, cost=cost)
    s.push("bribe")


def remove_from_tableau(s: TanglewoodsState, slot: int) -> None:
    for lst in (s.tableau, s.damage, s.defeated, s.wilds):
        del lst[slot]
