"""A rule-of-thumb player for Tanglewoods that needs no search.

It reads only the decision and the player's view, and follows a few plain ideas:

* follow short maps, and a merchant map when it has gold to spend;
* place a drawn card only when it fills a missing direction; otherwise draw, and when forced,
  place the least dangerous card;
* fight a baited bear only when the dice pool looks strong enough;
* bribe enemies that would hurt too much or that the dice cannot beat, keeping gold for bait;
* commit the strongest dice (red, purple, blue, green, yellow) until the expected damage
  covers what the enemies can still take, and spend each hit or crit where it finishes the most
  dangerous enemy;
* recover and mend the strongest dice; at the merchant, bait a bear when healthy and rich
  enough, bless Health when it is low, buy what it can afford after that.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..engine.decision import Decision
    from ..engine.state import GameState

View = dict[str, Any]

#: strongest first: the colour order the bot commits, recovers and mends in
STRONG_FIRST = ("red", "purple", "blue", "green", "yellow")
#: chance that one roll of a die shows a hit or a crit (ruling T-1)
P_SCORE = {"yellow": 2 / 6, "green": 3 / 6, "blue": 4 / 6, "purple": 5 / 6, "red": 1.0}
#: average damage of a roll that scores (a hit is 1, a crit 2)
SCORE_DAMAGE = {"yellow": 3 / 2, "green": 4 / 3, "blue": 5 / 4, "purple": 6 / 5, "red": 7 / 6}
BAIT_COST = 5          # what the bot keeps in hand while a bear waits to be baited
PASS_RE = re.compile(r"pass (\d+) of (\d+)")
STATS_RE = re.compile(r"Health (\d+), Strategy (\d+), Recovery (\d+)")


def expected_damage(colour: str, rolls: int) -> float:
    """Expected damage of one die that may roll up to ``rolls`` times until it scores."""
    if rolls <= 0:
        return 0.0
    return (1.0 - (1.0 - P_SCORE[colour]) ** rolls) * SCORE_DAMAGE[colour]


def pool_damage(view: View, rolls: int) -> float:
    """What the whole dice pool could be expected to deal."""
    return float(sum(n * expected_damage(c, rolls) for c, n in view["dice"]["pool"].items()))


def remaining_health(enemy: dict[str, Any]) -> int:
    return max(0, int(enemy["health_now"]) - int(enemy["damage_taken"]))


def live_enemies(view: View) -> list[dict[str, Any]]:
    return [e for e in view["tableau"] if "health_now" in e and not e["defeated"]]


def suffix(option_id: str) -> str:
    return option_id.split(":", 1)[1] if ":" in option_id else ""


@dataclass(frozen=True)
class Tuning:
    """The bot's few numbers, picked by simulation at difficulty 5.  Committing dice sparingly
    matters most: every committed die is exhausted, so over-committing starves later rounds."""

    commit_margin: float = 0.8         # expected damage wanted over what enemies can still take ...
    commit_margin_last: float = 1.0    # ... and on the last pass, when a miss cannot be re-rolled
    bear_ready: float = 1.3            # dice pool damage wanted over a bear's Health to take it on
    bait_pool: int = 7                 # dice in the pool before baiting a bear
    bait_health: int = 3               # Health before baiting a bear
    bless_recovery: bool = False       # spend spare gold on Recovery at the merchant
    skip_harmless: bool = True         # commit no dice for enemies that deal no damage


class GreedyTanglewoodsBot:
    """Heuristic Tanglewoods player (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, tuning: Tuning | None = None) -> None:
        self.rng = random.Random(seed)
        self.tuning = tuning or Tuning()
        self._handlers: dict[str, Callable[[Decision, View], str | None]] = {
            "choose_hero": self.choose_hero,
            "choose_side": self.choose_side,
            "difficulty_choice": self.difficulty_choice,
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
            "pay_or": lambda d, v: "pay",
            "reroll_die": self.reroll_die,
            "discard_item": self.discard_item,
            "item_limit": self.discard_item,
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
        choice = handler(decision, state.view(decision.player)) if handler else None
        return choice if choice in ids else ids[0]

    # ------------------------------------------------------------------ setup
    def choose_hero(self, d: "Decision", view: View) -> str | None:
        def score(label: str) -> float:
            m = STATS_RE.search(label)
            if not m:
                return 0.0
            health, strategy, recovery = map(int, m.groups())
            return health * 1.2 + strategy * 1.0 + recovery * 1.1 - (2 if "universal" in label else 0)
        return max(d.options, key=lambda o: score(o.label)).id

    def choose_side(self, d: "Decision", view: View) -> str | None:
        return self.choose_hero(d, view)

    def difficulty_choice(self, d: "Decision", view: View) -> str | None:
        ids = d.ids
        if ids[0].startswith("banish:"):
            return self._weakest(ids, "banish:")
        if ids[0].startswith("stat:"):
            return self._stat(d, view, raising=d.options[0].label.startswith("+"))
        return ids[0]

    # ------------------------------------------------------------------ Map phase
    def choose_map(self, d: "Decision", view: View) -> str | None:
        maps = {m["id"]: m for m in view["map_choices"]}
        bear_waits = bool(view["bears_aside"]) and self._bears_loose(view) == 0

        def score(option_id: str) -> float:
            m = maps.get(suffix(option_id))
            if m is None:
                return -99.0
            s = -3.0 * len(m["directions"])
            if m["merchant"]:
                s += 2.5 if (view["gold"] >= 2 or bear_waits) else 1.0
            if m["side"] == "night":
                s -= 0.5
            return s
        return max(d.ids, key=score)

    # ------------------------------------------------------------------ Forest phase
    def draw_or_place(self, d: "Decision", view: View) -> str | None:
        ids = d.ids
        can_draw = "draw" in ids
        drawn = {c["id"]: c for c in view["drawn"]}
        places = [i for i in ids if i.startswith("place:") and suffix(i) in drawn]
        missing = list((view["map"] or {}).get("missing", []))

        bears = [i for i in places if drawn[suffix(i)]["kind"] == "bear" and self._ready_for_bear(view, drawn[suffix(i)])]
        if bears:
            return bears[0]
        helpful = [i for i in places if drawn[suffix(i)].get("direction") in missing
                   or (drawn[suffix(i)].get("direction") == "wild" and missing)]
        if helpful:
            best = min(helpful, key=lambda i: self._threat(drawn[suffix(i)], view))
            if not can_draw or self._threat(drawn[suffix(best)], view) < 6:
                return best
        if can_draw:
            return "draw"
        if helpful:
            return min(helpful, key=lambda i: self._threat(drawn[suffix(i)], view))
        if places:
            return min(places, key=lambda i: self._threat(drawn[suffix(i)], view) + (50 if drawn[suffix(i)]["kind"] == "bear" else 0))
        return None

    def _threat(self, card: dict[str, Any], view: View) -> float:
        """How much trouble a card brings into the tableau (fables: little, bears: a lot)."""
        if card.get("health") is None:
            return 0.5
        threat = card["damage"] * 2.0 + card["health"] * 0.7
        bribe = card.get("bribe")
        if bribe is not None and bribe <= view["gold"] - self._reserve(view):
            threat = min(threat, 1.0 + bribe * 0.5)
        return float(threat)

    def _bears_loose(self, view: View) -> int:
        """Bears baited into the forest and not beaten yet (three bears in all, TG-002)."""
        return 3 - len(view["bears_aside"]) - int(view["bears_defeated"])

    def _ready_for_bear(self, view: View, bear: dict[str, Any]) -> bool:
        passes = view["strategy"]
        return (pool_damage(view, passes) >= (bear.get("health") or 0) * self.tuning.bear_ready + 1
                and view["health"] > (bear.get("damage") or 0) + 1)

    # ------------------------------------------------------------------ Bribery phase
    def _reserve(self, view: View) -> int:
        return BAIT_COST if view["bears_aside"] and self._bears_loose(view) == 0 else 0

    def bribe(self, d: "Decision", view: View) -> str | None:
        enemies = {e["id"]: e for e in live_enemies(view)}
        offers = [i for i in d.ids if i.startswith("bribe:") and suffix(i) in enemies]
        if not offers:
            return "done"
        incoming = sum(e["damage_now"] for e in enemies.values())
        need = sum(remaining_health(e) for e in enemies.values())
        can_deal = pool_damage(view, view["strategy"])
        worst = max(offers, key=lambda i: (enemies[suffix(i)]["damage_now"], remaining_health(enemies[suffix(i)])))
        cost = enemies[suffix(worst)]["bribe_now"] or 0
        if incoming >= view["health"]:
            return worst
        spare = view["gold"] - cost - self._reserve(view)
        if spare >= 0 and (need > can_deal * 0.9 or enemies[suffix(worst)]["damage_now"] >= 3):
            return worst
        return "done"

    # ------------------------------------------------------------------ Strategy phase
    def commit_dice(self, d: "Decision", view: View) -> str | None:
        ids = d.ids
        enemies = live_enemies(view)
        if not enemies:
            return "end" if "end" in ids else None
        for i in ids:
            if i.startswith("use:") and "damage" in ((o.label.lower()) if (o := d.option(i)) else ""):
                return i
        m = PASS_RE.search(d.prompt)
        passes_left = (int(m.group(2)) - int(m.group(1)) + 1) if m else 1
        if self.tuning.skip_harmless:
            enemies = [e for e in enemies if e["damage_now"] > 0 or e["kind"] == "bear"] or enemies
        need = sum(remaining_health(e) for e in enemies)
        waiting = [c["colour"] for c in view["committed_dice"] if not c["applied"]]
        have = sum(expected_damage(c, passes_left) for c in waiting)
        margin = self.tuning.commit_margin if passes_left > 1 else self.tuning.commit_margin_last
        commits = [i for i in ids if i.startswith("commit:")]
        if have < need * margin and commits:
            return self._strongest(commits, "commit:")
        if "roll" in ids:
            return "roll"
        return "end" if "end" in ids else None

    def apply_die(self, d: "Decision", view: View) -> str | None:
        enemies = {e["id"]: e for e in live_enemies(view)}
        best, best_score = None, float("-inf")
        for o in d.options:
            if not o.id.startswith("apply:"):
                continue
            _, colour, face, card = o.id.split(":", 3)
            e = enemies.get(card)
            if e is None:
                continue
            amount = 2 if face == "crit" else 1
            left = remaining_health(e)
            waste = max(0, amount - left)
            if amount >= left:
                score = 100 + 10 * e["damage_now"] - 5 * waste
            else:
                score = 10 * e["damage_now"] - left + amount
            if score > best_score:
                best, best_score = o.id, score
        if best is not None:
            return best
        for i in d.ids:
            if i.startswith("use:") or i == "ability":
                found = d.option(i)
                label = (found.label if found else "").lower()
                if "roll" in label and any(c.get("face") == "blank" and not c["applied"] for c in view["committed_dice"]):
                    return i
        return "done"

    def deal_damage(self, d: "Decision", view: View) -> str | None:
        enemies = {e["id"]: e for e in live_enemies(view)}
        targets = [i for i in d.ids if suffix(i) in enemies]
        if not targets:
            return None
        return max(targets, key=lambda i: (enemies[suffix(i)]["damage_now"], -remaining_health(enemies[suffix(i)])))

    def reroll_die(self, d: "Decision", view: View) -> str | None:
        blanks = [i for i in d.ids if i.endswith(":blank")]
        return blanks[0] if blanks else None

    # ------------------------------------------------------------------ Resolve phase and effects
    def recover_dice(self, d: "Decision", view: View) -> str | None:
        return self._strongest(d.ids, "recover:") or "done"

    def pick_dice(self, d: "Decision", view: View) -> str | None:
        verb = d.ids[0].split(":", 1)[0]
        if verb == "recover":
            return self._strongest(d.ids, "recover:")
        return self._weakest(d.ids, verb + ":")

    def choose_stat(self, d: "Decision", view: View) -> str | None:
        raising = any(o.label.startswith("+") for o in d.options)
        return self._stat(d, view, raising)

    def _stat(self, d: "Decision", view: View, raising: bool) -> str | None:
        ids = set(d.ids)
        h, st, rc = view["health"], view["strategy"], view["recovery"]
        if raising:
            order = (["stat:health"] if h <= 4 else []) + (["stat:strategy"] if st < 4 else []) + [
                "stat:recovery", "stat:strategy", "stat:health"]
        else:
            # Strategy and Recovery never go below 1 (ruling T-2): a loss there is free
            free = [f"stat:{n}" for n, v in (("recovery", rc), ("strategy", st)) if v <= 1]
            order = free + (["stat:recovery"] if rc >= st else ["stat:strategy"]) + [
                "stat:strategy", "stat:recovery", "stat:health"]
        return next((o for o in order if o in ids), None)

    def baby_bear_enemy(self, d: "Decision", view: View) -> str | None:
        st, rc = view["strategy"], view["recovery"]
        if rc <= 1:
            return "stat:recovery"
        if st <= 1:
            return "stat:strategy"
        if rc >= 3:
            return "stat:recovery"
        if view["health"] >= 5 and st >= 3:
            return "stat:strategy"
        return "add"

    def discard_item(self, d: "Decision", view: View) -> str | None:
        costs = {i["id"]: i.get("cost", 0) for i in view["inventory"]}
        return min(d.ids, key=lambda i: costs.get(suffix(i), 0))

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
        pool = sum(view["dice"]["pool"].values())
        if (baits and self._bears_loose(view) == 0 and health >= self.tuning.bait_health
                and pool >= self.tuning.bait_pool):
            return baits[0]
        reserve = self._reserve(view) if health >= 3 else 0
        mends = by_verb.get("mend", [])
        if mends and gold - 2 >= reserve:
            return self._strongest(mends, "mend:")
        if health <= 3 and "bless:health" in ids and gold - 3 * health >= reserve:
            return "bless:health"
        shop = {i["id"]: i for i in view["shop"]}
        buys = [i for i in by_verb.get("buy", []) if suffix(i) in shop
                and gold - shop[suffix(i)]["cost"] >= reserve]
        if buys and len(view["inventory"]) < view["strategy"]:
            return max(buys, key=lambda i: shop[suffix(i)]["cost"])
        if self.tuning.bless_recovery and "bless:recovery" in ids and gold - 3 * view["recovery"] >= reserve:
            return "bless:recovery"
        for stat in ("health", "strategy", "recovery"):
            cost = 3 * view[stat]
            if f"bless:{stat}" in ids and gold - cost >= reserve + 2 and view[stat] < 4:
                return f"bless:{stat}"
        return "leave"

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
