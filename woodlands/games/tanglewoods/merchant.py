"""Visiting the Merchant (TG-062, TG-073..TG-081; ruling T-15) and the Bait action (TG-091)."""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from . import dice as D
from .decks import draw_item, to_side
from .effects import upgrade_item_by_id
from .gold import pay_gold
from .model import ORDINARY, STATS
from .modifiers import modifier
from .registry import steps
from .state import TanglewoodsState
from .stats import enforce_item_limit, raise_stat


@steps.ask("merchant_offer", kind="visit_merchant", rule="Resolve Phase: Visit the Merchant, TG-062")
def ask_offer(s: TanglewoodsState) -> Ask | None:
    if not s.merchant_ok:
        return None
    return (f"The merchant is here (you have {s.gold} gold). Visit?",
            [Option.of("visit", label="Visit the merchant"), Option.of("skip", label="Walk on")], {"gold": s.gold})


@steps.answer("merchant_offer")
def answer_offer(s: TanglewoodsState, choice: str) -> None:
    s.merchant_ok = False
    if choice == "skip":
        s.visit_map = -1
        return
    s.phase = "merchant"
    # Stock the Shop (TG-073): the bottom three item cards, ordinary side up
    for _ in range(s.content.merchant.shop_size):
        code = draw_item(s)
        if code is None:
            break
        s.shop.append(to_side(code, ORDINARY))
    s.buys = 0
    s.emit("shop", items=[s.content.items[c >> 1].id for c in s.shop])
    s.push("merchant")


def price(s: TanglewoodsState, code: int, change: int | None = None) -> int:
    """What shop item ``code`` costs now; ``change``: the buy_cost modifier, when the caller
    prices several items at once and has worked it out."""
    return max(0, s.content.item_face(code).cost + (modifier(s, "buy_cost") if change is None else change))


@steps.ask("merchant", kind="merchant_action", rule="Merchant Card Actions, TG-074..TG-081, ruling T-15")
def ask_merchant(s: TanglewoodsState) -> Ask:
    c = s.content
    m = c.merchant
    g = s.gold
    opts = []
    if g >= m.mend:
        opts += [Option.of("mend", col, label=f"Mend ({m.mend} gold): recover a {col} die", data={"cost": m.mend})
                 for col in D.colours_in(s, D.EXHAUSTED)]
    if g >= m.forge:
        opts += [Option.of("forge", c.items[x >> 1].id, label=f"Forge ({m.forge} gold): upgrade {c.item_face(x).name}",
                           data={"cost": m.forge, "upgraded": c.items[x >> 1].faces[1].name})
                 for x in s.inventory if x & 1 == ORDINARY]
    if g >= m.bait:
        opts += [Option.of("bait", c.forest[b].id, label=f"Bait ({m.bait} gold): shuffle {c.forest[b].faces[0].name} into the Forest Deck",
                           data={"cost": m.bait, "health": c.forest[b].faces[0].health, "damage": c.forest[b].faces[0].damage})
                 for b in s.bears_aside]
    if s.buys < m.max_buys:
        change = modifier(s, "buy_cost")   # the same for every item: worked out once, not three times an item
        for x in s.shop:
            cost = price(s, x, change)
            if cost <= g:
                opts.append(Option.of("buy", c.items[x >> 1].id, label=f"Buy {c.item_face(x).name} ({cost} gold): {c.item_face(x).text}",
                                      data={"cost": cost}))
    for n in STATS:
        v = getattr(s, n)
        if v < 6 and g >= v * m.blessing_factor:
            opts.append(Option.of("bless", n, label=f"Forest Blessing ({v * m.blessing_factor} gold): +1 {n} (now {v})",
                                  data={"cost": v * m.blessing_factor, "now": v}))
    opts.append(Option.of("leave", label="Leave the merchant"))
    return f"Merchant: you have {g} gold", opts, {"gold": g, "buys": s.buys, "max_buys": m.max_buys,
                                                   "shop": [c.items[x >> 1].id for x in s.shop]}


@steps.explain("merchant")
def explain_merchant(s: TanglewoodsState, choice: str) -> str | None:
    verb, _, arg = choice.partition(":")
    m = s.content.merchant
    cost = {"mend": m.mend, "forge": m.forge, "bait": m.bait}.get(verb)
    if cost is not None and s.gold < cost:
        return f"{verb} costs {cost} gold and you have {s.gold} (TG-074, TG-086)"
    if verb == "buy":
        if s.buys >= m.max_buys:
            return f"you have bought {m.max_buys} times this visit, the most allowed (TG-074)"
        for x in s.shop:
            if s.content.items[x >> 1].id == arg:
                return f"it costs {price(s, x)} gold and you have {s.gold} (TG-074, TG-086)"
        return "that item is not in the shop"
    if verb == "bless" and arg in STATS:
        v = getattr(s, arg)
        if v >= 6:
            return f"{arg} is already 6 (ruling T-15)"
        return f"Forest Blessing on {arg} costs {v * m.blessing_factor} gold and you have {s.gold} (TG-081)"
    if verb == "mend":
        return "you have no exhausted die of that colour (TG-077)"
    if verb == "forge":
        return "you hold no ordinary item of that name (TG-078)"
    if verb == "bait":
        return "that bear is not set aside (TG-079)"
    return None


@steps.answer("merchant")
def answer_merchant(s: TanglewoodsState, choice: str) -> None:
    verb, _, arg = choice.partition(":")
    m = s.content.merchant
    c = s.content
    if verb == "leave":
        # Tidy Up (TG-075): unbought shop items go to the Item Deck discard
        if s.shop:
            s.emit("tidy_up", items=[c.items[x >> 1].id for x in s.shop])
        s.item_discard.extend(s.shop)
        s.shop.clear()
        s.visit_map = -1              # the map's effect ends with its visit (T-24)
        return
    s.push("merchant")
    if verb == "mend":
        pay_gold(s, m.mend, "mend")
        D.move_colour(s, arg, D.EXHAUSTED, D.POOL, "mend")
    elif verb == "forge":
        pay_gold(s, m.forge, "forge")
        upgrade_item_by_id(s, arg, "forge")
    elif verb == "bait":
        pay_gold(s, m.bait, "bait")
        s.push("bait", c.forest_by_id[arg])
    elif verb == "buy":
        idx = c.item_by_id[arg]
        code = next(x for x in s.shop if x >> 1 == idx)
        pay_gold(s, price(s, code), f"buy {arg}")
        s.shop.remove(code)
        s.inventory.append(code)
        s.buys += 1
        s.emit("buy", item=arg)
        enforce_item_limit(s)
    elif verb == "bless":
        pay_gold(s, getattr(s, arg) * m.blessing_factor, f"blessing {arg}")
        raise_stat(s, arg, 1, "Forest Blessing")
