"""A rule-of-thumb player for Tanglewoods that needs no search.

It decides only from the decision and the player's view, plus the printed cards of the content
pack (public knowledge: names, stats and effects, never their order).  Its plain ideas:

* every choice is weighed in one currency, "dice": a die that Recover Dice brings back this
  round is nearly free, one that stays tired costs more the emptier the pool; a point of Health
  is worth about 3 dice (more when few are left), a gold piece 0.7 (more while the next bait
  cannot be paid for);
* pick the sturdiest hero (Health first);
* follow maps that need few directions and whose effects help, a merchant map when a bear
  waits to be baited; the next forest card is public (the underside of the deck's bottom card
  lies face up, T-10), so a map it fits is a little cheaper;
* in the Forest phase place the cheapest drawn card that fills a missing direction, and draw on
  only when the card known to come next fills one for clearly less; with nothing that helps,
  place a card that only does good (the next Draw & Choose begins with the same draw), else
  draw; place every bear at once (left out, it comes back later with its ambush, while the
  forest darkens);
* bribe an enemy when its price in gold is less than the dice it would cost, keeping 5 gold
  for the next bait;
* commit dice while the expected worth of the fight grows by more than the dice cost: the kill
  plan beats enemies in order of worth per point of Health, each number of extra dice is
  weighed at once (one die alone rarely reaches a bear's Health), weak dice go first while
  re-rolls remain; spend each hit or crit where it finishes the most, else on the head of
  the plan, and keep crits from finishing what the hits can;
* recover and mend the strongest dice; at the merchant bless Health when it is low, bait a bear
  as soon as the gold is there (at most two loose at once), mend tired dice, buy what helps;
* effects that come due together go in the order that leaves the most: losses before gains
  where there is little to lose, tolls before "if you have 10 gold" losses, dice exhausted
  before others wake.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ....kit.bots import HandlerTable, no_judgement

if TYPE_CHECKING:
    from ....engine.decision import Decision
    from ....engine.state import GameState

View = dict[str, Any]
Card = dict[str, Any]

#: strongest first: the colour order the bot recovers and mends in
STRONG_FIRST = ("red", "purple", "blue", "green", "yellow")
#: faces of each unit die (ruling T-1): blanks, hits (1 damage), one crit (2 damage)
BLANKS = {"yellow": 4, "green": 3, "blue": 2, "purple": 1, "red": 0}
HITS = {"yellow": 1, "green": 2, "blue": 3, "purple": 4, "red": 5}
FRONT = {"day": 0, "enemy": 0, "ordinary": 0, "night": 1, "modifier": 1, "upgraded": 1}
BAIT_COST = 5
LOST = 60.0   # what losing the game is worth, in dice


@dataclass(frozen=True)
class Tuning:
    """The bot's numbers, picked by simulation at difficulties 5 and 10 (most of them barely
    matter; die_base, free_place, max_loose and bear_kill do)."""

    gold: float = 0.7              # a gold piece, in dice
    health: float = 3.0            # a point of Health, in dice
    darken: float = 0.4            # placing a day card turns it to night at Cleanup
    free_die: float = 0.25         # a die that Recover Dice brings back this round
    die_base: float = 0.4          # a die that stays tired after this round ...
    die_scarcity: float = 0.05     # ... plus this for each die the pool is short of die_full ...
    die_full: int = 12
    die_bear_loose: float = 0.25   # ... plus this while a bear is loose in the forest
    bear_kill: float = 20.0        # beating a bear (progress, and its ambush never comes again)
    wait_discount: float = 0.8     # before the last pass a die may still be committed later
    max_loose: int = 2             # bears in the forest at once before baiting another
    draw_margin: float = 0.5       # how much cheaper the next card must be to draw for it
    map_direction: float = 2.2     # each direction a map asks for (a card to place, mostly an enemy)
    map_fit: float = 0.8           # the known next forest card fits the map
    map_merchant: float = 4.0      # a merchant when we need one (bait, mending, healing) ...
    map_merchant_idle: float = 0.8  # ... and when we do not
    free_place: float = -0.75      # place a card that fills no direction when it costs less
    mend_short: int = 3            # mend dice at the merchant while more than this many are tired
    strategy_loss: float = 5.0     # a point of Strategy lost for good (passes, draws, maps)
    recovery_loss: float = 4.0     # a point of Recovery lost for good (a die every round)
    baby_growth: float = 0.1       # Baby Bear's +1 Damage for each enemy that joins, in Health


# ---------------------------------------------------------------------- the printed cards
_CONTENT_CACHE: dict[str, Any] = {}


def load_content(state: Any, view: View) -> Any:
    """The game's content pack: the printed cards are public knowledge.  A stand-in state that
    shows only the decision and the view has no ``game``; then the default pack is loaded."""
    game = getattr(state, "game", None)
    content = getattr(game, "content", None)
    if content is not None:
        return content
    key = str(view.get("game", "tanglewoods"))
    if key not in _CONTENT_CACHE:
        from ....engine.game import load_game
        _CONTENT_CACHE[key] = load_game(key).content
    return _CONTENT_CACHE[key]


def remaining_health(enemy: Card) -> int:
    return max(0, int(enemy["health_now"]) - int(enemy["damage_taken"]))


def live_enemies(view: View) -> list[Card]:
    return [e for e in view["tableau"] if "health_now" in e and not e["defeated"]]


def suffix(option_id: str) -> str:
    return option_id.split(":", 1)[1] if ":" in option_id else ""


def die_outcomes(colour: str, rolls: int, crit: int) -> tuple[float, float, float]:
    """Chances that a die rolled up to ``rolls`` times (stopping at its first hit or crit) ends
    with 0, 1 or ``crit`` damage."""
    if rolls <= 0:
        return 1.0, 0.0, 0.0
    p0 = (BLANKS[colour] / 6) ** rolls
    p_crit = (1 - p0) / (1 + HITS[colour])
    return p0, 1 - p0 - p_crit, p_crit


def add_die(dist: list[float], colour: str, rolls: int, crit: int, cap: int) -> list[float]:
    """Convolve a damage distribution (index = damage, capped at ``cap``) with one more die."""
    p0, p1, p2 = die_outcomes(colour, rolls, crit)
    out = [0.0] * (cap + 1)
    for dmg, p in enumerate(dist):
        if p == 0.0:
            continue
        out[dmg] += p * p0
        out[min(cap, dmg + 1)] += p * p1
        out[min(cap, dmg + crit)] += p * p2
    return out


def expected_die(colour: str, rolls: int, crit: int = 2) -> float:
    _, p1, p2 = die_outcomes(colour, rolls, crit)
    return p1 + crit * p2


class GreedyTanglewoodsBot(HandlerTable):
    """Heuristic Tanglewoods player (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, tuning: Tuning | None = None, strict: bool | None = None) -> None:
        self.rng = random.Random(seed)
        self.tuning = tuning or Tuning()
        #: raise on a decision without a judgement instead of taking its first option
        #: (None: as :func:`woodlands.bots.base.strict_default` says when it happens)
        self.strict = strict
        self.content: Any = None
        self._handlers: dict[str, Callable[[Decision, View], str | None]] = {
            "choose_hero": self.choose_hero,
            "choose_side": self.choose_side,
            "difficulty_choice": self.difficulty_choice,
            "peek_forest": self.peek_forest,
            "choose_map": self.choose_map,
            "draw_or_place": self.draw_or_place,
            "assign_wilds": lambda d, v: "complete",
            "bribe": self.bribe,
            "commit_dice": self.commit_dice,
            "apply_die": self.apply_die,
            "deal_damage": self.deal_damage,
            "recover_dice": self.recover_dice,
            "pick_dice": self.pick_dice,
            "visit_merchant": lambda d, v: "visit",
            "merchant_action": self.merchant_action,
            "choose_stat": self.choose_stat,
            "baby_bear_enemy": self.baby_bear_enemy,
            "pay_or": self.pay_or,
            "reroll_die": self.reroll_die,
            "discard_item": self.discard_item,
            "item_limit": self.discard_item,
            "upgrade_item": self.upgrade_item,
            "order_effects": self.order_effects,
        }

    # ------------------------------------------------------------------ entry point
    def choose(self, state: "GameState") -> str:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to choose")
        ids = decision.ids
        if len(ids) == 1:
            return ids[0]
        handler = self._handlers.get(decision.kind)
        if handler is None:
            return no_judgement("tanglewoods", decision, self.strict)
        view = state.view(decision.player)
        if self.content is None:
            self.content = load_content(state, view)
        choice = handler(decision, view)
        if choice is None or choice not in ids:
            return no_judgement("tanglewoods", decision, self.strict, choice, handled=True)
        return choice

    # ------------------------------------------------------------------ reading cards
    def face(self, card: Card) -> Any:
        """The printed face a view card shows."""
        c = self.content
        if "directions" in card:
            return c.maps[c.map_by_id[card["id"]]].faces[FRONT[card["side"]]]
        if "cost" in card:
            return c.items[c.item_by_id[card["id"]]].faces[FRONT[card["side"]]]
        return c.forest[c.forest_by_id[card["id"]]].faces[FRONT[card["side"]]]

    def next_forest(self, view: View) -> tuple[str, Any, bool] | None:
        """The card the next forest draw brings (kind, face, day side?): the deck's bottom card,
        whose underside lies face up on the table (T-10).  It is drawn showing its other side."""
        under = view["decks"]["forest"]["bottom_underside"]
        if under is None:
            return None
        card = self.content.forest[self.content.forest_by_id[under["id"]]]
        side = 1 - FRONT[under["side"]]
        return card.kind, card.faces[side], side == 0

    # ------------------------------------------------------------------ values, in dice
    def gold_value(self, view: View, spend: int = 0) -> float:
        """A gold piece is worth more while the next bait cannot be paid for."""
        short = view["bears_aside"] and view["gold"] - spend < BAIT_COST
        return self.tuning.gold * (1.6 if short else 1.0)

    def health_value(self, view: View) -> float:
        """A point of Health is worth more the fewer are left."""
        return float(self.tuning.health * (1.0 + max(0, 4 - view["health"]) * 0.35))

    def die_value(self, view: View, extra: int = 0) -> float:
        """The price of committing one more die now, after ``extra`` others.  Recover Dice
        brings back Recovery dice at the end of the round, so the first few dice spent in a
        round are nearly free; past that a die stays tired, which hurts more the lower the pool
        is and while a bear is loose (it needs six or seven dice at short notice)."""
        dice = view["dice"]
        tired = sum(dice["exhausted"].values()) + sum(dice["committed"].values()) + extra
        if tired < view["recovery"] + view["modifiers"].get("recover", 0):
            return self.tuning.free_die
        pool = sum(dice["pool"].values()) - extra
        t = self.tuning
        value = t.die_base + max(0, t.die_full - pool) * t.die_scarcity
        if self.bears_loose(view):
            value += t.die_bear_loose
        return float(value)

    def dice_price(self, view: View, count: float, after: int = 0) -> float:
        """The price of ``count`` dice (rounded up) spent after ``after`` others this round."""
        return sum(self.die_value(view, after + j) for j in range(int(-(-count // 1))))

    def tableau_need(self, view: View) -> int:
        """Health still standing in the tableau: the dice it will take come first."""
        return sum(remaining_health(e) for e in live_enemies(view))

    def effect_value(self, effects: Iterable[Any], view: View) -> float:
        """What a list of printed effects is worth to us now (positive: good)."""
        total = 0.0
        n_enemies = max(1, len(live_enemies(view)))
        exhausted = sum(view["dice"]["exhausted"].values())
        for e in effects:
            p = e.params
            do = e.do
            if e.cond == "day_map" and (view["map"] or {}).get("side") != "day":
                continue
            if e.cond == "night_map" and (view["map"] or {}).get("side") != "night":
                continue
            if e.cond == "gold_at_least_10" and view["gold"] < 10:
                continue
            if e.cond == "has_item" and not view["inventory"]:
                continue
            if do == "gain_gold":
                total += p["amount"] * self.gold_value(view)
            elif do == "lose_gold":
                total -= min(p["amount"], view["gold"]) * self.gold_value(view)
            elif do == "pay_or":
                refuse = -self.effect_value(p["otherwise"], view)
                total -= min(refuse, p["amount"] * self.gold_value(view)) if view["gold"] >= p["amount"] else refuse
            elif do in ("gain_stat", "lose_stat"):
                sign = 1 if do == "gain_stat" else -1
                stat = p["stat"]
                per = self.health_value(view) if stat in ("health", "any") else 2.0
                if sign > 0 and stat != "any" and view.get(stat, 0) >= 6:
                    per = 0.0
                total += sign * p["amount"] * per
            elif do == "recover_dice":
                total += min(p["count"], exhausted) * 0.8
            elif do == "exhaust_dice":
                total -= p["count"] * 0.8
            elif do == "banish_dice":
                total -= p["count"] * 3.0
            elif do == "enemies_modify":
                total -= p["amount"] * n_enemies * (0.8 if p["stat"] == "damage" else 1.0)
            elif do == "modify":
                total += self.modifier_value(p["stat"], p["amount"])
            elif do == "deal_damage":
                total += p["amount"] * 0.9
            elif do == "gain_item":
                total += 1.5
            elif do == "discard_item":
                total -= 1.0 if view["inventory"] else 0.0
            elif do == "upgrade_item":
                total += 1.0 if any(i["side"] == "ordinary" for i in view["inventory"]) else 0.0
            elif do == "grow_per_nonboss_enemy":
                total -= 1.5 * n_enemies
            elif do == "toughen_per_defeated_bear":
                total -= 2.0 * view["bears_defeated"]
        return total

    def modifier_value(self, name: str, amount: int) -> float:
        """An ongoing modifier held for one round, in dice."""
        per = {"strategy_passes": 1.2, "forest_draws": 0.3, "bribe_cost": -0.4, "enemy_health": -2.0,
               "enemy_damage": -2.0, "crit_damage": 0.6, "damage_suffered": -self.tuning.health,
               "reward_gold": 0.8, "buy_cost": -0.2, "map_draws": 0.2, "recover": 1.0}.get(name, 0.0)
        return per * amount

    # ------------------------------------------------------------------ what a card costs us
    def enemy_cost(self, face: Any, view: View, kind: str = "minion") -> float:
        """Dice an enemy will cost once in the tableau: fought (dice, risk, reward back) or
        bribed (gold), whichever is cheaper; plus what its other effects do."""
        mods = view["modifiers"]
        hp = max(1, (face.health or 0) + mods.get("enemy_health", 0) + view["toughness"])
        dmg = max(0, face.damage + mods.get("enemy_damage", 0))
        reward = self.effect_value(face.reward, view)
        if kind != "bear":
            reward += mods.get("reward_gold", 0) * self.gold_value(view)
        fight = self.dice_price(view, hp * 0.9, self.tableau_need(view)) + 0.25 * dmg * self.health_value(view) - reward
        if face.bribe is not None and kind != "bear":
            price = max(0, face.bribe + mods.get("bribe_cost", 0))
            if price <= view["gold"]:
                fight = min(fight, price * self.gold_value(view, price) + 0.2)
        return float(fight - self.effect_value(face.special, view) - self.effect_value(face.after, view)
                     - self.effect_value(face.ongoing, view))

    def place_cost(self, face: Any, view: View, kind: str, day: bool) -> float:
        """What placing a drawn card costs (its ambush has already happened).  A day card placed
        turns to night at Cleanup and comes back darker: a small cost of its own."""
        darken = self.tuning.darken if day and kind != "bear" else 0.0
        if face.health is not None:
            return self.enemy_cost(face, view, kind) + darken
        return -(self.effect_value(face.special, view) + self.effect_value(face.after, view)
                 + self.effect_value(face.ongoing, view)) + darken

    def drawn_cost(self, card: Card, view: View) -> float:
        return self.place_cost(self.face(card), view, card["kind"], card["side"] == "day")

    # ------------------------------------------------------------------ setup
    def choose_hero(self, d: "Decision", view: View) -> str | None:
        """The sturdiest hero: Health first (by simulation the Thorn Warden, whose crits also
        bite deeper, does best, the Copperpenny Tinker about as well at level 5)."""
        return max(d.options, key=lambda o: self._stats_score(o.data)).id

    def choose_side(self, d: "Decision", view: View) -> str | None:
        return max(d.options, key=lambda o: self._stats_score(o.data)).id

    @staticmethod
    def _stats_score(data: dict[str, Any] | None) -> float:
        """A hero side by its stats (the option's data): Health first."""
        if not data:
            return 0.0
        return float(data["health"] * 1.2 + data["strategy"] * 1.0 + data["recovery"] * 1.1
                     - (2 if data.get("universal") else 0))

    def difficulty_choice(self, d: "Decision", view: View) -> str | None:
        ids = d.ids
        if ids[0].startswith("bear:"):
            # the bear counted as beaten is the one we would least like to fight
            for bear in ("bear:papa-bear", "bear:mama-bear", "bear:baby-bear"):
                if bear in ids:
                    return bear
        if ids[0].startswith("banish:"):
            return self._weakest(ids, "banish:")
        if ids[0].startswith("stat:"):
            return self._stat(d, view, raising=(d.data or {}).get("change", 1) > 0)
        return None     # a difficulty choice this bot does not know: no judgement (strict mode raises)

    def peek_forest(self, d: "Decision", view: View) -> str | None:
        """Difficulty 5: the best of the two peeked cards goes to the bottom (drawn first), the
        worse one on top (drawn last)."""
        c = self.content
        scored = []
        for o in d.options:
            where, card_id = o.id.split(":", 1)
            card = c.forest[c.forest_by_id[card_id]]
            night = (o.data or {}).get("side") == "night"
            face = card.faces[1 if night else 0]
            cost = self.place_cost(face, view, card.kind, not night) + (0 if face.direction else 2.0)
            scored.append((cost, card_id))
        best_cost, best = min(scored)
        return f"bottom:{best}" if best_cost < 1.0 else f"top:{max(scored)[1]}"

    # ------------------------------------------------------------------ Map phase
    def choose_map(self, d: "Decision", view: View) -> str | None:
        maps = {m["id"]: m for m in view["map_choices"]}
        upcoming = self.next_forest(view)
        want_merchant = self.wants_merchant(view)
        everywhere = self.merchant_everywhere(view)
        t = self.tuning

        def score(option_id: str) -> float:
            m = maps.get(suffix(option_id))
            if m is None:
                return -99.0
            face = self.face(m)
            s = -t.map_direction * len(m["directions"])
            if upcoming and upcoming[1].direction in m["directions"] + ["wild"]:
                s += t.map_fit
            if m["merchant"] or everywhere:
                s += t.map_merchant if want_merchant else t.map_merchant_idle
            s += self.effect_value(face.special, view) + self.effect_value(face.after, view)
            s += sum(self.modifier_value(e.params["stat"], e.params["amount"])
                     for e in face.ongoing if e.do == "modify")
            return s
        return max(d.ids, key=score)

    def merchant_everywhere(self, view: View) -> bool:
        """Papa Bear's pelt or the Pedlar's Silver Bell: every map counts as a merchant map."""
        faces = [self.face(c) for c in view["bears_won"]] + [self.face(i) for i in view["inventory"]]
        return any("merchant_everywhere" in f.flags for f in faces)

    def wants_merchant(self, view: View) -> bool:
        """A merchant visit matters when a bear waits to be baited and the gold is (nearly)
        there, or when the pool needs mending."""
        pool = sum(view["dice"]["pool"].values())
        bait = bool(view["bears_aside"]) and view["gold"] >= BAIT_COST - 2 and \
            self.bears_loose(view) < self.tuning.max_loose
        return bait or (pool < 8 and view["gold"] >= 4) or (view["health"] <= 2 and view["gold"] >= 6)

    # ------------------------------------------------------------------ Forest phase
    def draw_or_place(self, d: "Decision", view: View) -> str | None:
        ids = d.ids
        used = self.use_in_forest(d, view)
        if used:
            return used
        drawn = {c["id"]: c for c in view["drawn"]}
        places = [i for i in ids if i.startswith("place:") and suffix(i) in drawn]
        if not places:
            return "draw" if "draw" in ids else None
        missing = list((view["map"] or {}).get("missing", []))
        wilds = sum(1 for c in view["tableau"] if c.get("direction") == "wild")
        cost = {i: self.drawn_cost(drawn[suffix(i)], view) for i in places}

        bear = self.bear_to_place(places, drawn, view)
        if bear:
            return bear

        def helps(direction: str | None) -> bool:
            if direction == "wild":
                return len(missing) > wilds
            return direction in missing

        def completes(direction: str | None) -> bool:
            left = list(missing)
            if direction in left:
                left.remove(direction)
            return len(left) <= wilds + (1 if direction == "wild" else 0)

        helpful = [i for i in places if helps(drawn[suffix(i)].get("direction"))]
        can_draw = "draw" in ids
        upcoming = self.next_forest(view) if can_draw else None
        next_cost = None
        if upcoming is not None and upcoming[0] != "bear" and helps(upcoming[1].direction):
            next_cost = self.place_cost(upcoming[1], view, upcoming[0], upcoming[2])
        if not helpful:
            # a card that only does good is placed: the next Draw & Choose starts with the same
            # draw we would make now, and with a fresh draw limit
            cheapest = min(places, key=lambda i: cost[i])
            if can_draw and cost[cheapest] >= self.tuning.free_place:
                return "draw"
            return cheapest
        best = min(helpful, key=lambda i: cost[i])
        if can_draw and next_cost is not None:
            ambush = 0.0
            if completes(drawn[suffix(best)].get("direction")) and upcoming is not None:
                # placing now ends the phase: drawing would bring the next card's ambush on us
                ambush = -self.effect_value(upcoming[1].ambush, view)
            if next_cost + ambush + self.tuning.draw_margin < cost[best]:
                return "draw"
        return best

    def bear_to_place(self, places: list[str], drawn: dict[str, Card], view: View) -> str | None:
        """A drawn bear has already sprung its ambush; left out, it goes to the discard and
        comes back (springing it again) only after a reshuffle, while the forest darkens.  So a
        bear is placed at once: waiting for a stronger pool, more Health or a bear-free tableau
        all did worse in simulation."""
        return next((i for i in places if drawn[suffix(i)]["kind"] == "bear"), None)

    def use_in_forest(self, d: "Decision", view: View) -> str | None:
        """Wake exhausted dice with an item or ability when enough are tired."""
        exhausted = sum(view["dice"]["exhausted"].values())
        for i in d.ids:
            if not (i.startswith("use:") or i == "ability"):
                continue
            effects = self.use_effects(i, view, "forest")
            count = sum(e.params.get("count", 0) for e in effects if e.do == "recover_dice")
            if count and (exhausted >= count or (i == "ability" and exhausted >= 1)):
                return i
        return None

    def bears_loose(self, view: View) -> int:
        """Bears baited into the forest and not beaten yet (three bears in all, TG-002)."""
        return 3 - len(view["bears_aside"]) - int(view["bears_defeated"])

    # ------------------------------------------------------------------ Bribery phase
    def reserve(self, view: View) -> int:
        """Gold kept back for the next bait."""
        return BAIT_COST if view["bears_aside"] else 0

    def bribe(self, d: "Decision", view: View) -> str | None:
        enemies = {e["id"]: e for e in live_enemies(view)}
        offers = [i for i in d.ids if i.startswith("bribe:") and suffix(i) in enemies]
        if not offers:
            return "done"
        incoming = self.incoming(view, list(enemies.values()))
        best, best_gain = None, 0.0
        for i in offers:
            e = enemies[suffix(i)]
            price = e["bribe_now"] or 0
            fight = self.fight_cost(e, view)
            gain = fight - price * self.gold_value(view, price)
            if view["gold"] - price < self.reserve(view) and incoming < view["health"]:
                gain -= 1.5   # eating into bait gold: only for a clearly good deal
            if incoming >= view["health"]:
                gain += e["damage_now"] * 2.0
            if gain > best_gain:
                best, best_gain = i, gain
        return best or "done"

    def fight_cost(self, e: Card, view: View) -> float:
        """Dice an enemy in the tableau is expected to cost if fought, less its reward."""
        face = self.face(e)
        reward = self.effect_value(face.reward, view) + view["modifiers"].get("reward_gold", 0) * self.gold_value(view)
        others = self.tableau_need(view) - remaining_health(e)
        return float(self.dice_price(view, remaining_health(e) * 0.9, others) + 0.25 * e["damage_now"] * self.health_value(view)
                     - reward - self.effect_value(face.after, view))

    def incoming(self, view: View, enemies: list[Card]) -> int:
        total = sum(e["damage_now"] for e in enemies)
        return max(0, total + view["modifiers"].get("damage_suffered", 0)) if total else 0

    # ------------------------------------------------------------------ Strategy phase
    def commit_dice(self, d: "Decision", view: View) -> str | None:
        """Commit the first die of the best batch: for every number of dice k the expected worth
        of the fight is weighed against the price of k dice (a batch, because one die alone
        often cannot reach a threshold such as a bear's Health)."""
        ids = d.ids
        enemies = live_enemies(view)
        if not enemies:
            return "end" if "end" in ids else None
        used = self.use_in_strategy(d, view, enemies)
        if used:
            return used
        rolls = max(1, view["passes_allowed"] - view["strategy_pass"] + 1)
        crit = max(0, 2 + view["modifiers"].get("crit_damage", 0))
        ladder = self.kill_ladder(view, self.kill_plan(view, enemies))
        cap = ladder[-1][0] + 2
        dist = [1.0] + [0.0] * cap
        for c in view["committed_dice"]:
            if not c["applied"]:
                dist = add_die(dist, c["colour"], rolls, crit, cap)
        start = self.ladder_value(dist, ladder)
        ceiling = max(worth for _, worth in ladder) - start    # all the dice in the world bring no more
        discount = self.tuning.wait_discount if rolls > 1 else 1.0
        order = self.commit_order(view, rolls, crit)
        best_k, best_net, price = 0, 0.0, 0.0
        for k, colour in enumerate(order, start=1):
            price += self.die_value(view, k - 1) * (1.0 + 0.05 * STRONG_FIRST[::-1].index(colour))
            if ceiling * discount - price <= best_net:
                break
            dist = add_die(dist, colour, rolls, crit, cap)
            net = (self.ladder_value(dist, ladder) - start) * discount - price
            if net > best_net:
                best_k, best_net = k, net
        if best_k and f"commit:{order[0]}" in ids:
            return f"commit:{order[0]}"
        if "roll" in ids:
            return "roll"
        return "end" if "end" in ids else None

    @staticmethod
    def commit_order(view: View, rolls: int, crit: int) -> list[str]:
        """Pool dice in the order they are worth committing with ``rolls`` rolls to go: with
        several rolls left every colour scores about as well, so the weak ones go first and the
        strong ones are kept for the last pass and for later rounds."""
        dice = [c for c, n in view["dice"]["pool"].items() for _ in range(n)]
        return sorted(dice, key=lambda c: -(expected_die(c, rolls, crit) - 0.1 * STRONG_FIRST[::-1].index(c)))

    def kill_plan(self, view: View, enemies: list[Card]) -> list[tuple[int, Card]]:
        """Enemies in the order the dice should beat them: most value per point of Health."""
        worth = {e["id"]: self.kill_value(e, view) for e in enemies}
        order = sorted(enemies, key=lambda e: -worth[e["id"]] / max(1, remaining_health(e)))
        return [(remaining_health(e), e) for e in order]

    def kill_value(self, e: Card, view: View) -> float:
        face = self.face(e)
        value = self.effect_value(face.reward, view) + self.effect_value(face.ongoing, view) * -1.0
        if e["kind"] == "bear":
            value += self.tuning.bear_kill * (3.0 if view["bears_defeated"] >= 2 else 1.0)
        else:
            value += view["modifiers"].get("reward_gold", 0) * self.gold_value(view)
        return float(value + e["damage_now"] * self.health_value(view))

    def kill_ladder(self, view: View, plan: list[tuple[int, Card]]) -> list[tuple[int, float]]:
        """For each prefix of the kill plan (none beaten, the first, the first two...): the
        damage it takes and what the round is then worth.  What is left standing hits us; a hit
        to Health 0 loses the game."""
        health = view["health"]
        suffered = view["modifiers"].get("damage_suffered", 0)
        hv = self.health_value(view)
        standing = sum(e["damage_now"] for _, e in plan)
        need, gained = 0, 0.0
        ladder = []
        for k in range(len(plan) + 1):
            if k:
                r, e = plan[k - 1]
                need += r
                standing -= e["damage_now"]
                gained += self.kill_value(e, view) - e["damage_now"] * hv
            hurt = max(0, standing + suffered) if standing else 0
            ladder.append((need, gained - hurt * hv - (LOST if hurt >= health else 0.0)))
        return ladder

    @staticmethod
    def ladder_value(dist: list[float], ladder: list[tuple[int, float]]) -> float:
        """Expected worth of a damage distribution spent along the kill plan."""
        tail = [0.0] * (len(dist) + 1)         # tail[n]: chance of at least n damage
        for n in range(len(dist) - 1, -1, -1):
            tail[n] = tail[n + 1] + dist[n]
        value = 0.0
        for k, (need, worth) in enumerate(ladder):
            chance = tail[min(need, len(dist))]
            further = tail[min(ladder[k + 1][0], len(dist))] if k + 1 < len(ladder) else 0.0
            value += (chance - further) * worth
        return value

    def use_in_strategy(self, d: "Decision", view: View, enemies: list[Card]) -> str | None:
        """Items and abilities in the Strategy phase: damage first (it saves dice), Health or a
        damage cut when the blow would otherwise kill."""
        incoming = self.incoming(view, enemies)
        last_pass = view["strategy_pass"] >= view["passes_allowed"]
        bear_here = any(e["kind"] == "bear" for e in enemies)
        for i in d.ids:
            if not (i.startswith("use:") or i == "ability"):
                continue
            for e in self.use_effects(i, view, "strategy"):
                if e.do == "deal_damage":
                    # a free ability every round; a one-shot item for a bear or to stay alive
                    if i == "ability" or bear_here or incoming >= view["health"]:
                        return i
                elif e.do == "gain_stat" and (view["health"] <= 2 or (last_pass and incoming >= view["health"])):
                    return i
                elif e.do == "enemies_modify" and e.params["stat"] == "damage" and e.params["amount"] < 0:
                    if incoming >= view["health"] or (bear_here and last_pass and incoming >= 2):
                        return i
        return None

    def use_effects(self, option_id: str, view: View, window: str) -> list[Any]:
        """The effects an item or the hero's ability would carry out in ``window``."""
        c = self.content
        if option_id == "ability":
            hero = view["hero"]
            if hero is None:
                return []
            if hero["side"] == "grimm":
                side = c.grimm
            else:
                side = c.heroes[c.hero_by_id[hero["id"]]].sides["ab".index(hero["side"])]
            return [e for e in side.ability if e.when == "use" and e.window == window]
        for item in view["inventory"]:
            if item["id"] == suffix(option_id):
                return [e for e in self.face(item).use if e.window == window]
        return []

    def apply_die(self, d: "Decision", view: View) -> str | None:
        """Crits first, each die to the enemy it finishes that is worth the most, else to the
        head of the kill plan (damage stays there for the next pass).  A crit is not spent
        finishing an enemy that the hits on the table can finish without waste."""
        enemies = live_enemies(view)
        plan = self.kill_plan(view, enemies)
        left = {e["id"]: r for r, e in plan}
        rank = {e["id"]: k for k, (_, e) in enumerate(plan)}
        worth = {e["id"]: self.kill_value(e, view) for _, e in plan}
        options = [o for o in d.options if o.meaning()[0] == "apply"]
        if not options:
            return self.reroll_in_apply(d, view) or "done"
        hits = sum(1 for c in view["committed_dice"] if not c["applied"] and c["face"] == "hit")
        # the option's own arguments: (colour, face, enemy id); its data: the damage it deals
        dice = sorted(dict.fromkeys((o.meaning()[1][0], o.meaning()[1][1]) for o in options), key=lambda cf: cf[1] != "crit")

        def score(target: str, amount: int, face: str) -> float:
            r = left[target]
            if r <= 0:
                return float("-inf")
            if amount >= r and not (face == "crit" and amount > r and hits >= r):
                return 100.0 + worth[target] - 3.0 * (amount - r)
            return 10.0 - rank[target] - (r - amount) * 0.1

        for colour, face in dice:
            targets = [o for o in options if o.meaning()[1][:2] == (colour, face)]
            best = max(targets, key=lambda o: score(str(o.meaning()[1][2]), int((o.data or {}).get("damage", 1)), face))
            return best.id
        return "done"

    def reroll_in_apply(self, d: "Decision", view: View) -> str | None:
        """A re-roll (Tinderbox, the Brothers Grimm) is spent on a blank on the last pass."""
        if view["strategy_pass"] < view["passes_allowed"]:
            return None
        if not any(c.get("face") == "blank" and not c["applied"] for c in view["committed_dice"]):
            return None
        for i in d.ids:
            if (i.startswith("use:") or i == "ability") and any(
                    e.do == "reroll_die" for e in self.use_effects(i, view, "strategy")):
                return i
        return None

    def deal_damage(self, d: "Decision", view: View) -> str | None:
        enemies = {e["id"]: e for e in live_enemies(view)}
        targets = [i for i in d.ids if suffix(i) in enemies]
        if not targets:
            return None
        amount = int((d.data or {}).get("amount", 1))

        def score(i: str) -> tuple[bool, float]:
            e = enemies[suffix(i)]
            return remaining_health(e) <= amount, self.kill_value(e, view)
        return max(targets, key=score)

    def reroll_die(self, d: "Decision", view: View) -> str | None:
        """The strongest die showing a blank (the likeliest to hit now).  With no blank a die
        must still be rolled again: a hit, then a crit, of the strongest colour (a red hit cannot
        come back blank, and a strong die's crit loses least)."""
        for face in ("blank", "hit", "crit"):
            for colour in STRONG_FIRST:
                if f"reroll:{colour}:{face}" in d.ids:
                    return f"reroll:{colour}:{face}"
        return None

    # ------------------------------------------------------------------ Resolve phase and effects
    def order_effects(self, d: "Decision", view: View) -> str | None:
        """Several cards' effects came due together (map cards drawn at once, the After effects
        of the map and the tableau) and we pick the order (TG-028, T-13).  The order matters
        where one effect changes what another can do: gold lost while there is little of it,
        or before gold is gained, costs less; a toll is paid before a "lose 1 gold if you have
        10" empties the purse below 10; dice are woken after others are exhausted, an item is
        upgraded after one is gained.  So every order is played out on a ledger of what it can
        change (:meth:`_ledger_worth`) and the first card of the best one goes first; orders
        worth the same keep the cards' order as offered."""
        when = str((d.data or {}).get("when", "ambush"))
        effects = {i: self._due_effects(suffix(i), when, view) for i in d.ids}
        best = max(itertools.permutations(d.ids),
                   key=lambda order: self._ledger_worth([e for i in order for e in effects[i]], view))
        return best[0]

    def _due_effects(self, card_id: str, when: str, view: View) -> list[Any]:
        """The ``when`` effects ("ambush" or "after") of the card in play called ``card_id``."""
        for card in [view["map"], *view["map_choices"], *view["tableau"], *view["drawn"], *view["revealed"]]:
            if card and card["id"] == card_id:
                face = self.face(card)
                return list(face.ambush if when == "ambush" else face.after)
        return []

    def _ledger_worth(self, effects: list[Any], view: View) -> float:
        """What carrying out ``effects`` in this order leaves us, in dice, counting only what
        the order can change: gold (0..20), Health (a fall below 1 loses), Strategy and
        Recovery (1..6), ready, tired and banished dice, items and their upgrades.  A toll
        (``pay_or``) is paid or refused, whichever leaves more."""
        dice = view["dice"]
        start = {"gold": view["gold"], "health": view["health"], "strategy": view["strategy"],
                 "recovery": view["recovery"], "ready": sum(dice["pool"].values()),
                 "tired": sum(dice["exhausted"].values()), "banished": 0,
                 "items": len(view["inventory"]),
                 "ordinary": sum(1 for i in view["inventory"] if i["side"] == "ordinary"), "upgrades": 0}
        map_side = (view["map"] or {}).get("side")
        gold, health = self.gold_value(view), self.health_value(view)

        def worth(led: dict[str, int]) -> float:
            if led["health"] < 1:
                return -LOST
            return (led["gold"] * gold + led["health"] * health + (led["strategy"] + led["recovery"]) * 2.0
                    + led["ready"] * 0.8 - led["banished"] * 3.0 + led["items"] * 1.5 + led["upgrades"] * 1.0)

        def run(todo: list[Any], led: dict[str, int]) -> float:
            led = dict(led)
            for k, e in enumerate(todo):
                if led["health"] < 1:
                    break
                p, do, cond = e.params, e.do, e.cond
                if (cond == "gold_at_least_10" and led["gold"] < 10) or (cond == "has_item" and not led["items"]) \
                        or (cond == "day_map" and map_side != "day") or (cond == "night_map" and map_side != "night"):
                    continue
                if do == "pay_or":
                    refuse = run(list(p["otherwise"]) + todo[k + 1:], led)
                    if led["gold"] < p["amount"]:
                        return refuse
                    paid = dict(led, gold=led["gold"] - p["amount"])
                    return max(run(todo[k + 1:], paid), refuse)
                if do == "gain_gold":
                    led["gold"] = min(20, led["gold"] + p["amount"])
                elif do == "lose_gold":
                    led["gold"] = max(0, led["gold"] - p["amount"])
                elif do in ("gain_stat", "lose_stat") and p["stat"] in ("health", "strategy", "recovery"):
                    stat, amount = p["stat"], p["amount"] if do == "gain_stat" else -p["amount"]
                    floor = -99 if stat == "health" else 1
                    led[stat] = max(floor, min(6, led[stat] + amount))
                elif do == "exhaust_dice":
                    n = min(p["count"], led["ready"])
                    led["ready"] -= n
                    led["tired"] += n
                elif do == "recover_dice":
                    n = min(p["count"], led["tired"])
                    led["tired"] -= n
                    led["ready"] += n
                elif do == "banish_dice":
                    n = min(p["count"], led["ready"])
                    led["ready"] -= n
                    led["banished"] += n
                elif do == "gain_item":
                    led["items"] += 1
                    if p.get("upgraded"):
                        led["upgrades"] += 1
                    else:
                        led["ordinary"] += 1
                elif do == "discard_item" and led["items"]:
                    led["items"] -= 1
                    led["ordinary"] = min(led["ordinary"], led["items"])
                    led["upgrades"] = min(led["upgrades"], led["items"])
                elif do == "upgrade_item" and led["ordinary"]:
                    led["ordinary"] -= 1
                    led["upgrades"] += 1
            return worth(led)

        return run(effects, start)

    def recover_dice(self, d: "Decision", view: View) -> str | None:
        return self._strongest(d.ids, "recover:") or "done"

    def pick_dice(self, d: "Decision", view: View) -> str | None:
        verb = d.ids[0].split(":", 1)[0]
        if verb == "recover":
            return self._strongest(d.ids, "recover:")
        return self._weakest(d.ids, verb + ":")

    def choose_stat(self, d: "Decision", view: View) -> str | None:
        raising = (d.data or {}).get("change", 1) > 0
        return self._stat(d, view, raising)

    def _stat(self, d: "Decision", view: View, raising: bool) -> str | None:
        ids = set(d.ids)
        h, st, rc = view["health"], view["strategy"], view["recovery"]
        if raising:
            order = (["stat:health"] if h <= 4 else []) + (["stat:strategy"] if st < 4 else []) + [
                "stat:recovery", "stat:strategy", "stat:health"]
        else:
            # Strategy and Recovery never go below 1 (ruling T-2): a loss there is free.  Then a
            # point of Health while there are several (Recovery is the dice coming back every
            # round, Strategy the passes and draws: both outweigh one Health by simulation)
            free = [f"stat:{n}" for n, v in (("recovery", rc), ("strategy", st)) if v <= 1]
            order = free + (["stat:health"] if h >= 4 else []) + ["stat:strategy", "stat:recovery", "stat:health"]
        return next((o for o in order if o in ids), None)

    def baby_bear_enemy(self, d: "Decision", view: View) -> str | None:
        """Baby Bear's four: each enemy joins the tableau (and Baby Bear grows by one Health and
        one Damage) or costs a stat; take whichever hurts least."""
        revealed = [c for c in view["revealed"] if c.get("health") is not None]
        options: dict[str, float] = {}
        if revealed:
            card = revealed[-1]
            options["add"] = (self.enemy_cost(self.face(card), view) + self.dice_price(view, 1, self.tableau_need(view) + 6)
                              + self.tuning.baby_growth * self.health_value(view))
        options["stat:health"] = self.health_value(view) if view["health"] > 1 else LOST
        for stat, loss in (("strategy", self.tuning.strategy_loss), ("recovery", self.tuning.recovery_loss)):
            options[f"stat:{stat}"] = 0.0 if view[stat] <= 1 else loss * (1.5 if view[stat] <= 2 else 1.0)
        return min((i for i in d.ids if i in options), key=lambda i: options[i], default=None)

    def pay_or(self, d: "Decision", view: View) -> str | None:
        """Pay the gold unless what refusing costs is worth less than the gold."""
        data = d.data or {}
        amount = int(data.get("amount", 1))
        otherwise = data.get("otherwise", [])
        if any(e["do"] == "lose_stat" and e.get("stat") == "health" for e in otherwise):
            refuse = self.health_value(view)
        elif any(e["do"] == "banish_dice" for e in otherwise):
            refuse = 3.0
        else:
            count = sum(int(e.get("count", 1)) for e in otherwise if e["do"] == "exhaust_dice")
            refuse = (count or 1) * self.die_value(view)
        return "pay" if amount * self.gold_value(view, amount) <= refuse else "refuse"

    def discard_item(self, d: "Decision", view: View) -> str | None:
        worth = {i["id"]: self.item_value(self.face(i), view) for i in view["inventory"]}
        return min(d.ids, key=lambda i: worth.get(suffix(i), 0.0))

    def upgrade_item(self, d: "Decision", view: View) -> str | None:
        by_id = {i["id"]: i for i in view["inventory"]}

        def gain(i: str) -> float:
            item = by_id.get(suffix(i))
            if item is None:
                return 0.0
            card = self.content.items[self.content.item_by_id[item["id"]]]
            return self.item_value(card.faces[1], view) - self.item_value(card.faces[0], view)
        return max(d.ids, key=gain)

    # ------------------------------------------------------------------ the merchant
    def merchant_action(self, d: "Decision", view: View) -> str | None:
        ids = d.ids
        gold, health = view["gold"], view["health"]
        by_verb: dict[str, list[str]] = {}
        for i in ids:
            by_verb.setdefault(i.split(":", 1)[0], []).append(i)
        if health <= 2 and "bless:health" in ids:
            return "bless:health"
        baits = by_verb.get("bait", [])
        if baits and self.bears_loose(view) < self.tuning.max_loose:
            # bait as soon as the gold is there: the forest only darkens while the bears wait
            return self._bait_choice(baits)
        reserve = self.reserve(view)
        mends = by_verb.get("mend", [])
        if mends and self.tired(view) > self.tuning.mend_short and gold - 2 >= reserve:
            return self._strongest(mends, "mend:")
        if health <= 3 and "bless:health" in ids and gold - 3 * health >= reserve:
            return "bless:health"
        buy = self.best_buy(by_verb.get("buy", []), view, reserve)
        if buy:
            return buy
        if mends and gold - 2 >= reserve:
            return self._strongest(mends, "mend:")
        for stat in ("health", "recovery", "strategy"):
            cost = 3 * view[stat]
            if f"bless:{stat}" in ids and gold - cost >= reserve + 2 and view[stat] < 5:
                return f"bless:{stat}"
        return "leave"

    @staticmethod
    def tired(view: View) -> int:
        """Dice out of the pool that can still come back (banished ones never do)."""
        dice = view["dice"]
        return int(sum(dice["exhausted"].values()) + sum(dice["committed"].values()))

    @staticmethod
    def _bait_choice(baits: list[str]) -> str:
        # Baby Bear first: it is the weakest, and it only grows with the minions around it
        for bear in ("bait:baby-bear", "bait:mama-bear", "bait:papa-bear"):
            if bear in baits:
                return bear
        return baits[0]

    def best_buy(self, buys: list[str], view: View, reserve: int) -> str | None:
        if len(view["inventory"]) >= view["strategy"]:
            return None
        shop = {i["id"]: i for i in view["shop"]}
        best, best_gain = None, 0.0
        for i in buys:
            item = shop.get(suffix(i))
            if item is None:
                continue
            price = max(0, item["cost"] + view["modifiers"].get("buy_cost", 0))
            if view["gold"] - price < reserve:
                continue
            gain = self.item_value(self.face(item), view) - price * self.gold_value(view, price)
            if gain > best_gain:
                best, best_gain = i, gain
        return best

    def item_value(self, face: Any, view: View) -> float:
        """An item's worth: ongoing modifiers count for the several rounds it is held."""
        value = 0.0
        for e in face.ongoing:
            if e.do == "modify":
                value += 3.0 * self.modifier_value(e.params["stat"], e.params["amount"])
            elif e.do == "merchant_everywhere":
                value += 3.0
        value += 3.0 * self.effect_value(face.activation_end, view)
        value += self.effect_value(face.use, view)
        return value

    # ------------------------------------------------------------------ dice colours
    @staticmethod
    def _strongest(ids: list[str], prefix: str) -> str | None:
        for colour in STRONG_FIRST:
            if prefix + colour in ids:
                return prefix + colour
        return None

    @staticmethod
    def _weakest(ids: list[str], prefix: str) -> str | None:
        for colour in reversed(STRONG_FIRST):
            if prefix + colour in ids:
                return prefix + colour
        return None
