"""Effect primitives: every verb a Tanglewoods card, map, item, hero or bear can use.

Each primitive is a small function ``fn(state, effect, source)``; ``source`` is
``(zone, code)`` with zone one of ``forest``, ``map``, ``item``, ``hero``, ``bear``.  A
primitive that needs the player to choose pushes an asking step; nothing is chosen for them.
"""
from __future__ import annotations

from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...engine.decision import Option
from ...engine.steps import Ask
from ...engine.steps import push_in_order
from . import dice as D
from .decks import draw_forest, draw_item, draw_random_item, flip, to_side
from .gold import gain_gold, lose_gold, pay_gold
from .model import COLOURS, NIGHT, STATS, UPGRADED, Effect, forest_side_name
from .modifiers import MODIFIERS, enemy_health, is_enemy
from .registry import effects, steps
from .state import TanglewoodsState
from .stats import enforce_item_limit, lower_stat, raise_stat, set_stat

Source = tuple[str, int]
IMMEDIATE = ("ambush", "special", "after", "reward", "use", "activation_end", "flip")


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Amount(_P):
    amount: int = Field(ge=0, le=20)


class StatAmount(_P):
    stat: Literal["health", "strategy", "recovery", "any"]
    amount: int = Field(ge=1, le=6)


class SetStat(_P):
    stat: Literal["health", "strategy", "recovery"]
    value: int = Field(ge=1, le=6)


class Count(_P):
    count: int = Field(ge=1, le=17)


class PayOr(_P):
    amount: int = Field(ge=1, le=20)
    otherwise: list[dict[str, Any]] = Field(min_length=1)


class Modify(_P):
    stat: str
    amount: int = Field(ge=-6, le=6)

    def model_post_init(self, __context: Any) -> None:
        if self.stat not in MODIFIERS:
            raise ValueError(f"unknown modifier {self.stat!r}; known: {', '.join(MODIFIERS)}")


class EnemiesModify(_P):
    stat: Literal["damage", "health"]
    amount: int = Field(ge=-3, le=3)


class GainItem(_P):
    upgraded: bool = False
    random: bool = False


class BabyDraw(_P):
    count: int = Field(default=4, ge=1, le=8)


def run_effects(s: TanglewoodsState, effs: tuple[Effect, ...], src: Source) -> None:
    """Push ``effs`` so they run in printed order."""
    push_in_order(s.stack, [("effect", e, src) for e in effs])


@steps.auto("effect")
def run_effect(s: TanglewoodsState, eff: Effect, src: Source) -> None:
    if eff.cond is not None and not CONDITIONS[eff.cond](s):
        # AUD-2: a conditional effect that does not happen is logged too
        s.emit("effect_skipped", do=eff.do, when=eff.when, source=source_id(s, src), cond=eff.cond, text=eff.text)
        return
    prim = effects.primitives[eff.do]
    s.emit("effect", do=eff.do, when=eff.when, source=source_id(s, src), text=eff.text)
    assert prim.run is not None
    prim.run(s, eff, src)


def _source(s: TanglewoodsState, src: Source) -> tuple[str, str]:
    """The id and printed name of an effect's source."""
    zone, code = src
    c = s.content
    if zone in ("forest", "bear"):
        return c.forest[code >> 1].id, c.forest_face(code).name
    if zone == "map":
        return c.maps[code >> 1].id, c.map_face(code).name
    if zone == "item":
        return c.items[code >> 1].id, c.item_face(code).name
    if zone == "hero" and s.hero >= 0:
        if s.grimm:
            return "brothers-grimm", c.grimm.name
        return c.heroes[s.hero].id, c.heroes[s.hero].sides[s.hero_side].name
    return zone, zone


def source_id(s: TanglewoodsState, src: Source) -> str:
    return _source(s, src)[0]


def source_name(s: TanglewoodsState, src: Source) -> str:
    """The printed name of a source, for prompts."""
    return _source(s, src)[1]


def why_name(s: TanglewoodsState, why: str) -> str:
    """A prompt's cause in player words: a source id (``spinners-shrine``) as its printed name on
    the side it shows now (its first side when it is not in play), other causes as they are."""
    c = s.content
    if why in c.forest_by_id:
        idx = c.forest_by_id[why]
        code = next((x for x in (*s.tableau, *s.revealed, *s.drawn) if x >> 1 == idx), idx * 2)
        return c.forest_face(code).name
    if why in c.map_by_id:
        idx = c.map_by_id[why]
        code = s.active_map if s.active_map >= 0 and s.active_map >> 1 == idx else idx * 2
        return c.map_face(code).name
    if why in c.item_by_id:
        return c.items[c.item_by_id[why]].faces[0].name
    if why in c.hero_by_id and s.hero >= 0:
        return c.heroes[s.hero].sides[s.hero_side].name
    if why == "brothers-grimm":
        return c.grimm.name
    return why


# ------------------------------------------------------------------ conditions ("if" in TOML)
CONDITIONS: dict[str, Callable[[TanglewoodsState], bool]] = {
    "no_day_drawn": lambda s: not s.day_drawn,
    "night_map": lambda s: s.active_map >= 0 and s.active_map & 1 == NIGHT,
    "day_map": lambda s: s.active_map >= 0 and s.active_map & 1 == 0,
    "has_item": lambda s: bool(s.inventory),
    "gold_at_least_10": lambda s: s.gold >= 10,
}
CONDITION_DOCS = {
    "no_day_drawn": "no daytime card was drawn this Activation (Papa Bear's modifier side)",
    "night_map": "the active map shows its night side",
    "day_map": "the active map shows its day side",
    "has_item": "you hold at least one item",
    "gold_at_least_10": "you have 10 gold or more",
}


# ------------------------------------------------------------------ gold
@effects.primitive("gain_gold", params=Amount, whens=IMMEDIATE)
def _gain_gold(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Gain `amount` gold (never above 20)."""
    gain_gold(s, e.params["amount"], source_id(s, src))


@effects.primitive("lose_gold", params=Amount, whens=IMMEDIATE)
def _lose_gold(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Lose `amount` gold; with too little, drop to 0 (TG-087)."""
    lose_gold(s, e.params["amount"], source_id(s, src))


@effects.primitive("pay_or", params=PayOr, whens=IMMEDIATE)
def _pay_or(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Pay `amount` gold, or suffer the `otherwise` effects.  The player chooses; without the
    gold, the `otherwise` effects happen (TG-086)."""
    if s.gold < e.params["amount"]:
        run_effects(s, e.params["otherwise"], src)
    else:
        s.push("pay_or", e, src)


@steps.ask("pay_or", kind="pay_or", rule="Gold, TG-086", auto=True)
def ask_pay_or(s: TanglewoodsState, e: Effect, src: Source) -> Ask:
    other = "; ".join(x.text or x.do for x in e.params["otherwise"])
    return (f"{source_name(s, src)}: pay {e.params['amount']} gold, or {other}?",
            [Option.of("pay", label=f"Pay {e.params['amount']} gold"), Option.of("refuse", label=f"Refuse: {other}")],
            {"amount": e.params["amount"], "source": source_id(s, src),
             "otherwise": [{"do": x.do, **x.params} for x in e.params["otherwise"]]})


@steps.answer("pay_or")
def answer_pay_or(s: TanglewoodsState, choice: str, e: Effect, src: Source) -> None:
    if choice == "pay":
        pay_gold(s, e.params["amount"], source_id(s, src))
    else:
        run_effects(s, e.params["otherwise"], src)


# ------------------------------------------------------------------ stats
def _stat_options(s: TanglewoodsState, verb: str, only_below_max: bool) -> list[Option]:
    return [Option.of("stat", n, label=f"{verb} {n} (now {getattr(s, n)})", data={"now": getattr(s, n)}) for n in STATS
            if not only_below_max or getattr(s, n) < 6]


@effects.primitive("gain_stat", params=StatAmount, whens=IMMEDIATE)
def _gain_stat(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """+`amount` to `stat` (health, strategy, recovery, or any: the player picks); past 6 is lost."""
    if e.params["stat"] == "any":
        s.push("choose_stat", "raise", e.params["amount"], source_id(s, src))
    else:
        raise_stat(s, e.params["stat"], e.params["amount"], source_id(s, src))


@effects.primitive("lose_stat", params=StatAmount, whens=IMMEDIATE)
def _lose_stat(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """-`amount` to `stat` (or any: the player picks).  Health below 1 loses the game."""
    if e.params["stat"] == "any":
        s.push("choose_stat", "lower", e.params["amount"], source_id(s, src))
    else:
        lower_stat(s, e.params["stat"], e.params["amount"], source_id(s, src))


@effects.primitive("set_stat", params=SetStat, whens=("flip",))
def _set_stat(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Set `stat` to `value` (a hero side's new stat when it flips: ruling T-16)."""
    set_stat(s, e.params["stat"], e.params["value"], source_id(s, src))


@steps.ask("choose_stat", kind="choose_stat", rule="ruling T-2")
def ask_choose_stat(s: TanglewoodsState, verb: str, amount: int, why: str) -> Ask:
    word = f"+{amount}" if verb == "raise" else f"-{amount}"
    return (f"{why_name(s, why)}: {word} to which stat?", _stat_options(s, word, False),
            {"change": amount if verb == "raise" else -amount, "source": why})


@steps.answer("choose_stat")
def answer_choose_stat(s: TanglewoodsState, choice: str, verb: str, amount: int, why: str) -> None:
    name = choice.split(":", 1)[1]
    if verb == "raise":
        raise_stat(s, name, amount, why)
    else:
        lower_stat(s, name, amount, why)


# ------------------------------------------------------------------ dice
@effects.primitive("exhaust_dice", params=Count, whens=IMMEDIATE)
def _exhaust(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Move `count` dice of the player's choice from the pool to Exhausted (as many as there are)."""
    s.push("pick_dice", "exhaust", e.params["count"], source_id(s, src))


@effects.primitive("recover_dice", params=Count, whens=IMMEDIATE)
def _recover(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Return up to `count` exhausted dice of the player's choice to the pool."""
    s.push("pick_dice", "recover", e.params["count"], source_id(s, src))


@effects.primitive("banish_dice", params=Count, whens=IMMEDIATE)
def _banish(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Banish `count` dice of the player's choice from the pool (they leave the game: T-7)."""
    s.push("pick_dice", "banish", e.params["count"], source_id(s, src))


_PICK = {"exhaust": (D.POOL, D.EXHAUSTED, True), "recover": (D.EXHAUSTED, D.POOL, False),
         "banish": (D.POOL, D.BANISHED, True)}


#: the options of a pick (the same few at every pick: built once, as COMMIT and RECOVER are)
PICK_OPTIONS = {(verb, c): Option.of(verb, c, label=f"{verb.capitalize()} a {c} die") for verb in _PICK for c in COLOURS}
PICK_DONE = Option.of("done", label="Done")


@steps.ask("pick_dice", kind="pick_dice", rule="ruling T-7")
def ask_pick_dice(s: TanglewoodsState, verb: str, count: int, why: str) -> Ask | None:
    src, _dst, forced = _PICK[verb]
    colours = D.colours_in(s, src)
    if count <= 0 or not colours:
        return None
    opts = [PICK_OPTIONS[verb, c] for c in colours]
    if not forced:
        opts.append(PICK_DONE)
    return (f"{why_name(s, why)}: {verb} {count} more {'die' if count == 1 else 'dice'}", opts,
            {"verb": verb, "count": count, "source": why})


@steps.answer("pick_dice")
def answer_pick_dice(s: TanglewoodsState, choice: str, verb: str, count: int, why: str) -> None:
    if choice == "done":
        return
    src, dst, _ = _PICK[verb]
    D.move_colour(s, choice.split(":", 1)[1], src, dst, why)
    if count > 1:
        s.push("pick_dice", verb, count - 1, why)


@effects.primitive("papa_bear_dice", whens=("ambush",))
def _papa_dice(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Papa Bear's first ambush (TG-097): the exhausted dice step aside, as many ready dice as
    there were (or all there are) become exhausted, then the set-aside dice join the pool."""
    aside = tuple(D.dice_in(s, D.EXHAUSTED))
    n = min(len(aside), len(D.dice_in(s, D.POOL)))
    s.emit("set_aside", dice=[D.DIE_COLOUR[d] for d in aside], exhaust=n)
    push_in_order(s.stack, [("pick_dice", "exhaust", n, source_id(s, src)), ("return_aside", aside)])


@steps.auto("return_aside")
def return_aside(s: TanglewoodsState, aside: tuple[int, ...]) -> None:
    for d in aside:
        D.move_die(s, d, D.POOL)
    s.emit("dice_moved", colours=[D.DIE_COLOUR[d] for d in aside], source="set aside", to="pool", why="Papa Bear")


# ------------------------------------------------------------------ enemies and the tableau
@effects.primitive("toughen_per_defeated_bear", whens=("ambush", "special"))
def _toughen(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Papa Bear's second ambush (TG-098, ruling T-18): this round every enemy needs 1 more damage
    per bear defeated so far."""
    # a state of the round, not a stacking bonus: a second draw of the same card (after a
    # reshuffle) does not apply it twice
    card = src[1] >> 1
    if s.bears_won and not any(k == "toughness" and t == card for k, t, _a in s.round_mods):
        s.round_mods.append(("toughness", card, len(s.bears_won)))


@effects.primitive("grow_per_nonboss_enemy", whens=("ambush", "special"))
def _grow(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Baby Bear's second ambush (TG-105, ruling T-14): this round the card grows by 1 Health
    and 1 Damage per minion (a non-boss enemy) lying in the tableau, counting defeated ones."""
    card = src[1] >> 1
    if ("grow", card, 1) not in s.round_mods:      # a state of the round: drawn again, it does not stack
        s.round_mods.append(("grow", card, 1))


@effects.primitive("enemies_modify", params=EnemiesModify, whens=IMMEDIATE)
def _enemies_modify(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Every enemy gets `amount` to its `stat` (damage or health) until the end of the round."""
    s.round_mods.append((f"enemy_{e.params['stat']}", -1, e.params["amount"]))


@effects.primitive("add_to_tableau", whens=("ambush",))
def _add_self(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Forces this card into the tableau; that counts as this draw's placement (TG-029)."""
    code = src[1]
    if code not in s.drawn:   # removed or flipped before it resolved (TG-027)
        return
    s.drawn.remove(code)
    s.forced_added = True
    from .forest_phase import join_tableau
    join_tableau(s, code, forced=True)


@effects.primitive("flip_self", whens=("ambush", "special", "after"))
def _flip_self(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Turn this card to its other side where it lies (a concealed ambush no longer fires)."""
    code = src[1]
    for pile in (s.drawn, s.tableau):
        if code in pile:
            pile[pile.index(code)] = flip(code)
            s.emit("flip", card=source_id(s, src), side="night" if flip(code) & 1 else "day")
            if pile is s.tableau:
                s.push("recheck_map")      # its icon may have changed: ruling T-23
            return


@effects.primitive("baby_bear_draw", params=BabyDraw, whens=("ambush",))
def _baby_draw(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Baby Bear's first ambush (TG-104, ruling T-19): draw cards from the bottom of the Forest
    Deck; each enemy among them joins the tableau or costs -1 to a stat (the player chooses);
    fables are discarded.  Their own ambushes do not fire (TG-026)."""
    for _ in range(e.params["count"]):
        code = draw_forest(s)
        if code is None:
            break
        s.emit("draw", deck="forest", card=s.content.forest[code >> 1].id, side=code & 1, why="Baby Bear")
        s.revealed.append(code)
    s.push("baby_bear_choices")


@steps.auto("baby_bear_choices")
def baby_bear_choices(s: TanglewoodsState) -> None:
    while s.revealed:
        code = s.revealed[-1]
        if is_enemy(s, code):
            s.push("baby_bear_enemy", code)
            return
        s.revealed.pop()
        s.forest_discard.append(code)


@steps.ask("baby_bear_enemy", kind="baby_bear_enemy", rule="TG-104, ruling T-19")
def ask_baby_enemy(s: TanglewoodsState, code: int) -> Ask:
    name = s.content.forest_face(code).name
    # AUD-2: the drawn card as data, not only in the prompt
    card = s.content.forest[code >> 1]
    data = {"card": card.id, "side": forest_side_name(card.kind, code),
            "revealed": [s.content.forest[c >> 1].id for c in s.revealed]}
    return (f"Baby Bear drew {name}: add it to the tableau, or -1 to a stat?",
            [Option.of("add", label=f"Add {name} to the tableau")]
            + [Option.of("stat", n, label=f"-1 {n} (now {getattr(s, n)})", data={"now": getattr(s, n)}) for n in STATS],
            data)


@steps.answer("baby_bear_enemy")
def answer_baby_enemy(s: TanglewoodsState, choice: str, code: int) -> None:
    s.revealed.remove(code)
    s.push("baby_bear_choices")
    if choice == "add":
        from .forest_phase import join_tableau
        join_tableau(s, code, forced=False)
    else:
        s.forest_discard.append(code)
        lower_stat(s, choice.split(":", 1)[1], 1, "Baby Bear")


@effects.primitive("deal_damage", params=Amount, whens=("special", "use", "after"))
def _deal_damage(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Deal `amount` damage to an undefeated enemy of the player's choice."""
    s.push("deal_damage", e.params["amount"], source_id(s, src))


@steps.ask("deal_damage", kind="deal_damage", rule="ruling T-4")
def ask_deal_damage(s: TanglewoodsState, amount: int, why: str) -> Ask | None:
    opts = [Option.of("enemy", s.content.forest[code >> 1].id,
                      label=f"{s.content.forest_face(code).name} ({s.damage[i]}/{enemy_health(s, i)})",
                      data={"taken": s.damage[i], "health": enemy_health(s, i)})
            for i, code in enumerate(s.tableau) if is_enemy(s, code) and not s.defeated[i]]
    return (f"{why_name(s, why)}: deal {amount} damage to which enemy?", opts,
            {"amount": amount, "source": why}) if opts else None


@steps.answer("deal_damage")
def answer_deal_damage(s: TanglewoodsState, choice: str, amount: int, why: str) -> None:
    from .strategy_phase import damage_enemy
    card_id = choice.split(":", 1)[1]
    slot = next(i for i, c in enumerate(s.tableau) if s.content.forest[c >> 1].id == card_id)
    damage_enemy(s, slot, amount, why)


@effects.primitive("reroll_die", whens=("use",))
def _reroll(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Roll again one committed die that has been rolled but not applied (player's choice)."""
    s.push("reroll_die", source_id(s, src))


@steps.ask("reroll_die", kind="reroll_die", rule="ruling T-4")
def ask_reroll(s: TanglewoodsState, why: str) -> Ask | None:
    seen = []
    for d, z in enumerate(s.dice_zone):
        if z == D.COMMITTED and s.dice_face[d] >= 0 and not s.dice_applied[d]:
            key = (D.DIE_COLOUR[d], D.face_name(s.dice_face[d]))
            if key not in seen:
                seen.append(key)
    if not seen:
        return None
    return (f"{why_name(s, why)}: re-roll which die?",
            [Option.of("reroll", colour, face, label=f"Re-roll a {colour} die showing {face}") for colour, face in seen],
            {"source": why})


@steps.answer("reroll_die")
def answer_reroll(s: TanglewoodsState, choice: str, why: str) -> None:
    _, colour, face = choice.split(":")
    for d, z in enumerate(s.dice_zone):
        if (z == D.COMMITTED and D.DIE_COLOUR[d] == colour and not s.dice_applied[d]
                and s.dice_face[d] >= 0 and D.face_name(s.dice_face[d]) == face):
            new = D.roll(s, d)
            s.emit("roll", dice=[{"colour": colour, "face": D.face_name(new)}], why=why)
            return


# ------------------------------------------------------------------ items and the hero
@effects.primitive("gain_item", params=GainItem, whens=IMMEDIATE)
def _gain_item(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Gain an item from the Item Deck (its bottom card, or a random one with `random = true`),
    turned to its upgraded side if `upgraded = true`, else as it lay (T-11).  The item limit
    applies (T-8)."""
    code = draw_random_item(s) if e.params["random"] else draw_item(s)
    if code is None:
        return
    if e.params["upgraded"]:
        code = to_side(code, UPGRADED)   # otherwise it keeps the side it had in the deck (T-11)
    s.inventory.append(code)
    s.emit("gain_item", item=s.content.items[code >> 1].id, upgraded=bool(code & 1), why=source_id(s, src))
    enforce_item_limit(s)


@effects.primitive("discard_item", whens=IMMEDIATE)
def _discard_item(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Discard one item of the player's choice (if any)."""
    if s.inventory:
        s.push("discard_item", source_id(s, src))


def _discard_options(s: TanglewoodsState) -> list[Option]:
    return [Option.of("discard", s.content.items[c >> 1].id, label=f"Discard {s.content.item_face(c).name}") for c in s.inventory]


@steps.ask("discard_item", kind="discard_item", rule="ruling T-8", auto=True)
def ask_discard_item(s: TanglewoodsState, why: str) -> Ask | None:
    opts = _discard_options(s)
    return (f"{why_name(s, why)}: discard which item?", opts, {"source": why}) if opts else None


@steps.answer("discard_item")
def answer_discard_item(s: TanglewoodsState, choice: str, why: str) -> None:
    discard_item_by_id(s, choice.split(":", 1)[1], why)


def discard_item_by_id(s: TanglewoodsState, item_id: str, why: str) -> None:
    idx = s.content.item_by_id[item_id]
    code = next(c for c in s.inventory if c >> 1 == idx)
    s.inventory.remove(code)
    s.item_discard.append(code)
    s.emit("discard_item", item=item_id, why=why)
    s.push("settle_defeats")      # a Health bonus it gave is gone (ruling T-22)


@steps.ask("item_limit", kind="item_limit", rule="TG-089, ruling T-8", auto=True)
def ask_item_limit(s: TanglewoodsState) -> Ask | None:
    if len(s.inventory) <= s.strategy:
        return None
    opts = _discard_options(s)
    return (f"You may hold {s.strategy} items (your Strategy) but have {len(s.inventory)}: discard one", opts,
            {"limit": s.strategy, "held": len(s.inventory)})


@steps.answer("item_limit")
def answer_item_limit(s: TanglewoodsState, choice: str) -> None:
    discard_item_by_id(s, choice.split(":", 1)[1], "item limit")
    s.push("item_limit")


@effects.primitive("upgrade_item", whens=IMMEDIATE)
def _upgrade(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Flip one ordinary item of the player's choice to its upgraded side, free."""
    s.push("upgrade_item", source_id(s, src))


@steps.ask("upgrade_item", kind="upgrade_item", rule="TG-078")
def ask_upgrade(s: TanglewoodsState, why: str) -> Ask | None:
    opts = [Option.of("upgrade", s.content.items[c >> 1].id, label=f"Upgrade {s.content.item_face(c).name}",
                      data={"upgraded": s.content.items[c >> 1].faces[1].name})
            for c in s.inventory if c & 1 == 0]
    return (f"{why_name(s, why)}: upgrade which item?", opts, {"source": why}) if opts else None


@steps.answer("upgrade_item")
def answer_upgrade(s: TanglewoodsState, choice: str, why: str) -> None:
    upgrade_item_by_id(s, choice.split(":", 1)[1], why)


def upgrade_item_by_id(s: TanglewoodsState, item_id: str, why: str) -> None:
    idx = s.content.item_by_id[item_id]
    i = next(i for i, c in enumerate(s.inventory) if c >> 1 == idx)
    s.inventory[i] = to_side(s.inventory[i], UPGRADED)
    s.emit("upgrade_item", item=item_id, why=why)
    s.push("settle_defeats")      # its new side may give less Health (ruling T-22)


@effects.primitive("flip_hero", whens=IMMEDIATE)
def _flip_hero(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Flip the hero card (a universal hero is replaced by the Brothers Grimm instead: TG-108)."""
    s.push("flip_hero")


@steps.auto("flip_hero")
def flip_hero(s: TanglewoodsState) -> None:
    """Ruling T-16 and TG-108."""
    c = s.content
    if s.grimm:
        return
    hero = c.heroes[s.hero]
    if hero.universal:
        s.grimm = True
        s.emit("hero_flip", hero=hero.id, to="brothers-grimm")
        run_effects(s, c.grimm.on_flip, ("hero", -1))
        return
    s.hero_side ^= 1
    s.emit("hero_flip", hero=hero.id, to="ab"[s.hero_side], name=hero.sides[s.hero_side].name)
    s.push("settle_defeats")      # the old side's Health bonus, if any, is gone (ruling T-22)
    run_effects(s, hero.sides[s.hero_side].on_flip, ("hero", s.hero))


# ------------------------------------------------------------------ ongoing flags and modifiers
@effects.primitive("modify", params=Modify, whens=("ongoing",))
def _modify(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """While in play, add `amount` to the modifier `stat` (see the list of modifiers)."""


@effects.primitive("merchant_everywhere", whens=("ongoing",))
def _merchant_everywhere(s: TanglewoodsState, e: Effect, src: Source) -> None:
    """Every completed map counts as showing the merchant icon (Papa Bear's modifier side, TG-100)."""


__all__ = ["run_effects", "source_id", "source_name", "CONDITIONS", "discard_item_by_id", "upgrade_item_by_id"]
