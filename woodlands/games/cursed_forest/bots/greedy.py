"""A rule-of-thumb player for The Cursed Forest that needs no search.

It decides only from the decision, the deciding player's view and the printed content of the
pack (characters, monsters, items, tiles: public, like the box on the table), never from the
stack order, the bags or the dice to come.  Its plain ideas:

* **Fights are priced exactly.** The chance of winning a fight is worked out from both sides'
  dice, modifiers, armour and health (criticals included) by a small dynamic programme; an
  unrevealed monster token is priced as the average monster of the pack.
* **Explore safely.** Draw tiles wherever the bot stands beside empty ground; otherwise walk,
  by the cheapest path, to the nearest tile that has an open edge facing empty ground.  Steps
  are priced by what waits on the tile: a monster by its chance to beat us, red vines
  (poison), webs (spiders) and the pit (a fall and two monsters).
* **Shape the forest.** While brood-seed or red-vine tiles are still in the stack, lay tiles so
  that open paths stay many (a forest with no open edge ends early and the missing tiles never
  come); once all of them are down, lay tiles that close paths, so the forest ends sooner.
* **Seeds after the Maiden Tree.** With friends, nobody frees a seed before the forest is
  complete: with no seed bearer the Maiden Tree acts at once, clears every monster, poison,
  spider and the pit, and the race for the seeds is run against Morna Gûl alone.  Then each
  adventurer frees or picks up the nearest seed and carries it to the nearest bare red vine.
  Alone, the seeds are freed on the way and the Exit is entered with a full turn of AP.
* **Keep out of Morna Gûl's reach.** He walks two dice of steps towards the nearest seed
  bearer (or, with none, the nearest adventurer).  A hunted adventurer ends its turn where the
  chance of his reaching it, times the chance his first round kills, is small; one with no
  seed stands in his way to shield a bearer (he attacks the first one he meets); he is run
  past only when that is the way out, and attacked first when the odds are good.
* **Gear and people.** Keep the best items active (weapons in hand, armour and boots worn,
  two-handed weapons when they beat two one-handed ones), drink potions when badly hurt, rest
  at bone yards, escape fights that are likely lost (and start none without AP to escape),
  call a friend when one more die turns a fight; pick characters with AP and a bonus against
  Morna Gûl.

>>> import woodlands
>>> state = woodlands.load_game("cursed-forest").new_game(seed=1, options={"players": 2})
>>> GreedyCursedForestBot(1).choose(state) in state.decision.ids
True
"""
from __future__ import annotations

import functools
import heapq
import itertools
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable

from ....kit.bots import HandlerTable, no_judgement

if TYPE_CHECKING:
    from ....engine.decision import Decision
    from ....engine.state import GameState

View = dict[str, Any]
XY = tuple[int, int]

EDGES = ("N", "E", "S", "W")
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
SPACES = ("hand1", "hand2", "boots", "armour", "backpack")

FIGHT_OK = 0.62        # fight on (or walk into a monster) when at least this likely to win
LAST_LIFE_FIGHT_OK = 0.75   # ... with one life left
LAST_LIFE_DREAD = 80.0
TAG_OK = 0.72          # call a friend when one more die gets the fight to this
HEAL_AT = 0.5          # drink a healing potion at or below this share of full health
REST_AT = 0.6          # walk to a bone yard at or below this share of full health
MORNA_OK = 0.5        # attack Morna Gûl on our own turn when at least this likely to kill him
HUNTED_RISK = 40.0     # the price of ending a turn surely within Morna Gûl's reach when he hunts us


def verb_of(o: Any) -> str:
    """An option's verb (read from its data, never from its label)."""
    return str(o.meaning()[0])


def arg(o: Any, k: int) -> Any:
    """An option's ``k``-th argument (None when it has fewer)."""
    args = o.meaning()[1]
    return args[k] if k < len(args) else None


# ------------------------------------------------------------------ fight odds
_SCORES: dict[int, list[tuple[int, float]]] = {}
_SUMS: dict[int, list[tuple[int, float]]] = {}


def adventurer_scores(n: int) -> list[tuple[int, float]]:
    """Distribution of an adventurer's dice score with ``n`` dice: all dice alike (two or more)
    is a critical and doubles the dice (C-5).

    >>> dict(adventurer_scores(1))[6]
    0.16666666666666666
    >>> round(dict(adventurer_scores(2))[24], 4)   # double six, doubled
    0.0278
    """
    if n not in _SCORES:
        c: Counter[int] = Counter()
        for roll in itertools.product(range(1, 7), repeat=n):
            crit = n >= 2 and all(d == roll[0] for d in roll)
            c[sum(roll) * (2 if crit else 1)] += 1
        total = 6 ** n
        _SCORES[n] = sorted((k, v / total) for k, v in c.items())
    return _SCORES[n]


def monster_sums(n: int) -> list[tuple[int, float]]:
    """Distribution of a monster's dice total (monsters score no criticals)."""
    if n not in _SUMS:
        c: Counter[int] = Counter()
        for roll in itertools.product(range(1, 7), repeat=n):
            c[sum(roll)] += 1
        total = 6 ** n
        _SUMS[n] = sorted((k, v / total) for k, v in c.items())
    return _SUMS[n]


@functools.lru_cache(maxsize=65536)
def win_chance(health: int, dice: int, mod: int, armour: int, foe_health: int, foe_dice: int, foe_mod: int,
               foe_armour: int = 0, extra: int = 0, spiders: bool = False) -> float:
    """The chance an adventurer wins a fight to the end, never escaping.  ``spiders``: the foe's
    modifier is its remaining health (their number).

    >>> win_chance(10, 2, 2, 0, 1, 1, 0) > 0.99
    True
    >>> win_chance(10, 2, 1, 0, 20, 4, 10) < 0.01
    True
    """
    if foe_health <= 0:
        return 1.0
    if health <= 0:
        return 0.0
    mine = adventurer_scores(max(0, dice)) if dice > 0 else [(0, 1.0)]
    theirs = monster_sums(max(0, foe_dice)) if foe_dice > 0 else [(0, 1.0)]
    diffs: dict[int, float] = {}
    for a, pa in mine:
        for b, pb in theirs:
            diffs[a - b] = diffs.get(a - b, 0.0) + pa * pb
    memo: dict[tuple[int, int], float] = {}

    def p(h: int, f: int) -> float:
        if f <= 0:
            return 1.0
        if h <= 0:
            return 0.0
        key = (h, f)
        if key in memo:
            return memo[key]
        memo[key] = 0.0   # guards against loops through zero-damage rounds
        fm = f if spiders else foe_mod
        stay = 0.0
        total = 0.0
        for d, pd in diffs.items():
            x = d + mod - fm
            if x > 0:
                dmg = max(0, x - foe_armour)
                if dmg == 0:
                    stay += pd
                else:
                    total += pd * p(h, f - dmg)
            elif x < 0:
                dmg = max(0, -x + extra - armour)
                if dmg == 0:
                    stay += pd
                else:
                    total += pd * p(h - dmg, f)
            else:
                stay += pd
        value = total / (1.0 - stay) if stay < 0.999 else 0.5
        memo[key] = value
        return value

    return p(health, foe_health)


# ------------------------------------------------------------------ the bot
class GreedyCursedForestBot(HandlerTable):
    """Heuristic player: see the module docstring.  Deterministic for a seed (the seed only
    breaks exact ties between equally good options, through a fixed option order)."""

    name = "greedy"

    def __init__(self, seed: int = 0, strict: bool | None = None) -> None:
        self.seed = seed
        #: raise on a decision without a judgement instead of taking its first option
        #: (None: as :func:`woodlands.bots.base.strict_default` says when it happens)
        self.strict = strict
        self._content: Any = None
        self._items: dict[str, Any] = {}
        self._monsters: dict[str, Any] = {}
        self._key_kinds: dict[str, int] = {}
        self._token_cache: dict[tuple[Any, ...], float] = {}
        # one handler per decision kind the rules declare (an explicit table, so that a helper
        # method whose name happens to match a new kind is never taken for its handler)
        self._handlers: dict[str, Callable[["Decision", View], str | None]] = {
            "choose_character": self._choose_character,
            "lay_tile": self._lay_tile,
            "lay_exit": self._lay_exit,
            "stow_item": self._stow_item,
            "poison_replace": self._poison_replace,
            "tag_reply": self._tag_reply,
            "choose_partner": self._choose_partner,
            "maiden_call": self._maiden_call,
            "flee_price": self._flee_price,
            "defend_round": self._defend_round,
            "reroll": self._reroll,
            "fight_round": self._fight_round,
            "turn_action": self._turn_action,
        }

    # ------------------------------------------------------------------ entry
    def choose(self, state: "GameState") -> str:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to choose")
        if len(decision.options) == 1:
            return decision.options[0].id      # nothing to judge
        handler = self._handlers.get(decision.kind)
        if handler is None:
            return no_judgement("cursed-forest", decision, self.strict)
        self._learn(state.game.content)
        view = state.view(decision.player)
        choice = handler(decision, view)
        if choice is None or choice not in decision.ids:
            return no_judgement("cursed-forest", decision, self.strict, choice, handled=True)
        return choice

    def _learn(self, content: Any) -> None:
        if self._content is content:
            return
        self._content = content
        self._items = {i.id: i for i in content.items}
        self._monsters = {m.id: m for m in content.monsters}
        kinds: Counter[str] = Counter(t.kind for t in content.tiles)
        self._key_kinds = {"brood-seed": kinds["brood-seed"], "red-vine": kinds["red-vine"]}

    # ------------------------------------------------------------------ who am I
    @staticmethod
    def _me(decision: "Decision", view: View) -> dict[str, Any]:
        players: list[dict[str, Any]] = view["players"]
        mine = [p for p in players if p["player"] == decision.player]
        if len(mine) == 1:
            return mine[0]
        fight = view.get("fight")
        if fight and decision.kind in ("fight_round", "reroll", "maiden_call", "stow_item"):
            who: dict[str, Any] = players[fight["adventurer"]]
            return who
        a = (decision.data or {}).get("adventurer")
        if isinstance(a, int) and decision.kind in ("turn_action", "fight_round", "choose_character"):
            who = players[a]
            return who
        turn = view.get("turn", -1)
        who = players[turn] if isinstance(turn, int) and 0 <= turn < len(players) else mine[0] if mine else players[0]
        return who

    # ------------------------------------------------------------------ items
    def item_worth(self, item_id: str, character: Any) -> float:
        """What an item adds while active, in points of combat score (armour counts more: it
        works on every lost round)."""
        it = self._items.get(item_id)
        if it is None:
            return 0.0
        worth = float(it.combat_modifier + 3.5 * it.combat_dice + 1.6 * it.armour)
        for e in it.abilities:
            if e.do == "combat_bonus":
                against = e.params.get("against")
                worth += e.params.get("amount", 0) * (1.0 if against == "any" else 0.25)
        return worth

    def carry_worth(self, item_id: str) -> float:
        """Worth of simply having an item (potions, cures, rope, fight tricks) anywhere."""
        it = self._items.get(item_id)
        if it is None:
            return 0.0
        worth = 0.0
        powers = [e.do for e in it.abilities]
        if "heal" in powers:
            worth += 2.5
        if "cure_poison" in powers:
            worth += 0.8
        if "halve_monster_health" in powers or "enchant_weapon" in powers:
            worth += 1.5
        if "cross_pit" in powers:
            worth += 1.0
        if "reroll_monster_dice" in powers:
            worth += 1.5
        return worth

    def active(self, item_id: str, space: str, inv: dict[str, Any], character: Any) -> bool:
        it = self._items.get(item_id)
        if it is None:
            return False
        if it.slot in ("none", "backpack-only"):
            return True
        if it.slot == "boots":
            return space == "boots"
        if it.slot == "armour":
            return space == "armour"
        one_hand = "crossbow" in it.tags and character is not None and "crossbow_one_handed" in character.powers
        if it.slot == "two-handed" and not one_hand:
            return inv.get("hand1") == item_id and inv.get("hand2") == item_id
        return space in ("hand1", "hand2")

    def inventory_worth(self, inv: dict[str, Any], character: Any) -> float:
        total = 0.0
        seen: list[str] = []
        for space in SPACES:
            x = inv.get(space)
            if not isinstance(x, str) or x in ("poison", "face-down") or x in seen:
                continue
            seen.append(x)
            if self.active(x, space, inv, character):
                total += self.item_worth(x, character)
            total += self.carry_worth(x) + 0.05
        return total

    def _character(self, me: dict[str, Any]) -> Any:
        cid = me.get("character")
        idx = self._content.character_by_id.get(cid) if cid else None
        return None if idx is None else self._content.characters[idx]

    def combat_stats(self, me: dict[str, Any], traits: tuple[bool, bool, bool, bool] = (False, False, False, False)
                     ) -> tuple[int, int, int]:
        """(dice, modifier, armour) of ``me`` against a foe that is (undead, poisonous, boss, spiders)."""
        ch = self._character(me)
        if ch is None:
            return 2, 0, 0
        dice, mod, armour = ch.dice, ch.modifier, 0
        bonuses = [e for e in ch.abilities if e.do == "combat_bonus"]
        inv = me.get("inventory") or {}
        seen: list[str] = []
        for space in SPACES:
            x = inv.get(space)
            if not isinstance(x, str) or x in seen or x not in self._items:
                continue
            seen.append(x)
            if not self.active(x, space, inv, ch):
                continue
            it = self._items[x]
            dice += it.combat_dice
            mod += it.combat_modifier
            armour += it.armour
            bonuses += [e for e in it.abilities if e.do == "combat_bonus"]
        for x in me.get("extras") or []:
            if x in self._items:
                bonuses += [e for e in self._items[x].abilities if e.do == "combat_bonus"]
        undead, poison, boss, spiders = traits
        for e in bonuses:
            against = e.params.get("against")
            if (against == "any" or against == "undead" and undead or against == "poison" and poison
                    or against == "boss" and boss or against == "spiders" and spiders):
                mod += e.params.get("amount", 0)
        return dice, mod, armour

    def monster_odds(self, me: dict[str, Any], monster_id: str, health: int | None = None, side: int = 0,
                     extra_dice: int = 0, my_health: int | None = None) -> float:
        m = self._monsters.get(monster_id)
        if m is None:
            return 0.5
        ms = m.sides[side]
        dice, mod, armour = self.combat_stats(me, (ms.undead, ms.poison, ms.boss, False))
        return win_chance(me["health"] if my_health is None else my_health, dice + extra_dice, mod, armour,
                          ms.health if health is None else health, ms.dice, ms.modifier, ms.armour, ms.extra_damage)

    def token_odds(self, me: dict[str, Any]) -> float:
        """An unrevealed monster: the average over the pack's monsters (green side)."""
        key = (me["health"],) + tuple(self.combat_stats(me, (u, p, False, False)) for u in (False, True) for p in (False, True))
        if key not in self._token_cache:
            odds = [self.monster_odds(me, m.id) for m in self._content.monsters]
            self._token_cache[key] = sum(odds) / len(odds) if odds else 0.5
        return self._token_cache[key]

    # ------------------------------------------------------------------ the map
    @staticmethod
    def grid(view: View) -> dict[XY, dict[str, Any]]:
        return {(t["position"][0], t["position"][1]): t for t in view["tiles"]}

    @staticmethod
    def neighbours(grid: dict[XY, dict[str, Any]], xy: XY) -> list[tuple[str, XY]]:
        """Joined tiles: an edge open on both sides, or the one the Maiden Tree's roots opened
        between the Exit and the tile it was laid beside (C-18, the view's ``roots``)."""
        t = grid[xy]
        out = []
        for d in EDGES:
            dx, dy = STEP[d]
            n = (xy[0] + dx, xy[1] + dy)
            u = grid.get(n)
            if u is None:
                continue
            if (d in t["open"] and OPPOSITE[d] in u["open"]) or d in t.get("roots", ()):
                out.append((d, n))
        return out

    @staticmethod
    def frontier(grid: dict[XY, dict[str, Any]], xy: XY) -> int:
        """Open edges of the tile at ``xy`` that face empty ground."""
        t = grid[xy]
        return sum(1 for d in t["open"] if (xy[0] + STEP[d][0], xy[1] + STEP[d][1]) not in grid)

    def hazard(self, view: View, me: dict[str, Any], t: dict[str, Any], xy: XY) -> float:
        """The price (in AP-like units) of landing on tile ``t``."""
        hunt = view["phase"] == "hunt"
        morna = view.get("morna")
        cost = 0.0
        if morna and tuple(morna["position"]) == xy:
            cost += 12.0   # leaving his tile costs his strike (2 direct damage), staying there his fight
        monster = t.get("monster")
        if monster == "token":
            p = self.token_odds(me)
            cost += 2.0 if p >= 0.8 else 6.0 + self._dread(me) * (1.0 - p)
        elif isinstance(monster, dict):
            side = 1 if monster.get("side") == "purple" else 0
            p = self.monster_odds(me, monster["id"], monster.get("health"), side)
            cost += 1.0 if p >= FIGHT_OK + 0.15 else 6.0 + self._dread(me) * (1.0 - p)
        if hunt:
            return cost
        kind = t["kind"]
        others = any(p["position"] is not None and tuple(p["position"]) == xy and p["adventurer"] != me["adventurer"]
                     for p in view["players"])
        if kind == "red-vine" and "athuil" not in me.get("seeds", []):
            cost += 1.5 if me.get("poison", 0) < 2 else 3.0
        elif kind == "web" and not others:
            cost += 4.0
        elif kind == "pit":
            rope = any(self._has_power(x, "cross_pit") for x in self._carried(me)) or any(
                self._has_power(x, "cross_pit") for x in t.get("items") or [])
            if not rope:
                cost += 25.0 if view.get("pit_monsters", 0) or not self._pit_known_empty(view) else 6.0
        return cost

    @staticmethod
    def _dread(me: dict[str, Any]) -> float:
        """How much a likely lost fight weighs: far more on the last life."""
        return 40.0 if me.get("lives", 3) > 1 else LAST_LIFE_DREAD

    @staticmethod
    def _pit_known_empty(view: View) -> bool:
        return False   # we cannot tell whether someone already fell in: assume the worst

    def _has_power(self, item_id: str, power: str) -> bool:
        it = self._items.get(item_id)
        return it is not None and power in it.powers

    @staticmethod
    def _carried(me: dict[str, Any]) -> list[str]:
        out: list[str] = []
        for space in SPACES:
            x = (me.get("inventory") or {}).get(space)
            if isinstance(x, str) and x not in ("poison", "face-down") and x not in out:
                out.append(x)
        return out + [x for x in me.get("extras") or [] if x != "face-down"]

    def paths(self, view: View, me: dict[str, Any]) -> tuple[dict[XY, float], dict[XY, str], dict[XY, int]]:
        """Dijkstra from my tile: cost, first step (a direction), and steps, for every tile."""
        grid = self.grid(view)
        start: XY = (me["position"][0], me["position"][1])
        cost: dict[XY, float] = {start: 0.0}
        first: dict[XY, str] = {}
        steps: dict[XY, int] = {start: 0}
        counter = 0
        morna = view.get("morna")
        morna_xy = (morna["position"][0], morna["position"][1]) if morna and morna.get("position") else None
        todo: list[tuple[float, int, XY]] = [(0.0, 0, start)]
        while todo:
            c, _, xy = heapq.heappop(todo)
            if c > cost.get(xy, float("inf")):
                continue
            for d, n in self.neighbours(grid, xy):
                if n == morna_xy and me["health"] <= 3:
                    continue   # his strike as we leave his tile would kill
                nc = c + 1.0 + self.hazard(view, me, grid[n], n)
                if nc < cost.get(n, float("inf")) - 1e-9:
                    cost[n] = nc
                    first[n] = d if xy == start else first[xy]
                    steps[n] = steps[xy] + 1
                    counter += 1
                    heapq.heappush(todo, (nc, counter, n))
        return cost, first, steps

    # ------------------------------------------------------------------ decisions
    def _choose_character(self, d: "Decision", view: View) -> str | None:
        """The race to the red vines is won on AP and against Morna Gûl (measured: a 4-AP
        brawler wins half as often as a 5-AP warden sworn against him)."""
        best, best_id = -1e9, None
        for o in d.options:
            ch = self._content.characters[self._content.character_by_id[str(arg(o, 0))]]
            score = ch.health * 1.0 + ch.ap * 4.0 + ch.modifier * 2.5 + ch.dice * 4.0
            for e in ch.abilities:
                if e.do == "combat_bonus":
                    score += e.params.get("amount", 0) * (3.0 if e.params.get("against") in ("boss", "any") else 0.3)
                elif e.do == "cure_poison":
                    score += 0.5
            if score > best:
                best, best_id = score, o.id
        return best_id

    def _lay_tile(self, d: "Decision", view: View) -> str | None:
        grid = self.grid(view)
        me = self._me(d, view)
        here: XY = (me["position"][0], me["position"][1])
        drawn = view.get("drawn_tile")
        if isinstance(drawn, dict) and drawn.get("kind"):
            kind = str(drawn["kind"])
        else:   # the decision's own facts
            kind = str((d.data or {}).get("kind") or "path")
        laid: Counter[str] = Counter(t["kind"] for t in view["tiles"])
        need_open = any(laid[k] < n for k, n in self._key_kinds.items())
        open_now = sum(self.frontier(grid, xy) for xy in grid)
        hazardous = kind in ("monster", "web", "pit", "red-vine")
        best, best_id = -1e9, None
        for o in d.options:
            verb, args = o.meaning()
            if verb != "lay" or len(args) != 2:
                continue
            direction = str(args[0])
            edges = [e for e in str((o.data or {}).get("open", "")) if e in STEP]
            xy = (here[0] + STEP[direction][0], here[1] + STEP[direction][1])
            delta = 0
            for e in EDGES:
                n = (xy[0] + STEP[e][0], xy[1] + STEP[e][1])
                u = grid.get(n)
                if u is None:
                    delta += e in edges
                elif OPPOSITE[e] in u["open"]:
                    delta -= 1
            after = open_now + delta
            behind = sum(1 for e in edges if (xy[0] + STEP[e][0], xy[1] + STEP[e][1]) not in grid)
            if need_open:
                score = float(delta) - (100.0 if after <= 0 else 0.0)
            else:
                score = -float(delta)
            if hazardous:
                score -= 0.6 * behind   # paths beyond a hazard are paths we must cross it to use
            if score > best:
                best, best_id = score, o.id
        return best_id

    def _lay_exit(self, d: "Decision", view: View) -> str | None:
        """The Exit where the race to the red vines will be short: near the vines, joined to as
        many tiles as possible (its four paths can link parts of the forest)."""
        grid = self.grid(view)
        vines = [xy for xy, t in grid.items() if t["kind"] == "red-vine" and not t.get("vine_seed")]
        best, best_id = -1e9, None
        for o in d.options:
            verb, args = o.meaning()
            if verb != "exit" or len(args) != 3:
                continue
            xy = (int(args[0]), int(args[1]))
            links = sum(1 for e in EDGES if OPPOSITE[e] in (grid.get((xy[0] + STEP[e][0], xy[1] + STEP[e][1])) or {}).get("open", []))
            near = sorted(abs(xy[0] - v[0]) + abs(xy[1] - v[1]) for v in vines)
            score = 1.0 * links - sum(near) / max(1, len(near))
            if score > best:
                best, best_id = score, o.id
        return best_id

    def _stow_item(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        ch = self._character(me)
        inv = dict(me.get("inventory") or {})
        best, best_id = -1e9, None
        for o in d.options:
            verb, rest = o.meaning()
            if verb != "stow":
                continue
            item_id, space = str(rest[0]), str(rest[-1])
            trial = dict(inv)
            if space == "hands":
                trial["hand1"] = trial["hand2"] = item_id
            elif space in trial:
                trial[space] = item_id
            score = self.inventory_worth(trial, ch) if space != "beside" else 10.0
            if score > best:
                best, best_id = score, o.id
        if best_id is not None:
            return best_id
        return next((o.id for o in d.options if verb_of(o) == "leave"), None)

    def _poison_replace(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        ch = self._character(me)
        inv = me.get("inventory") or {}
        worst, worst_id = 1e9, None
        for o in d.options:
            item_id = str(arg(o, 0))
            trial = {k: (None if v == item_id else v) for k, v in inv.items()}
            loss = self.inventory_worth(inv, ch) - self.inventory_worth(trial, ch)
            if loss < worst:
                worst, worst_id = loss, o.id
        return worst_id

    def _tag_reply(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        ok = me["health"] >= max(5, me["max_health"] // 2) and view["phase"] != "hunt"
        return "tag:accept" if ok else "tag:refuse"

    def _choose_partner(self, d: "Decision", view: View) -> str | None:
        best, best_id = -1, None
        for o in d.options:
            b = int(arg(o, 0))
            if view["players"][b]["health"] > best:
                best, best_id = view["players"][b]["health"], o.id
        return best_id

    def _maiden_call(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        if (d.data or {}).get("ran_past"):
            return "maiden:stay"   # the strike is taken already: run on rather than lose the turn
        morna = view.get("morna") or {}
        dice, mod, armour = self.combat_stats(me, (False, False, True, False))
        p = win_chance(me["health"], dice, mod, armour, morna.get("health", 20), morna.get("dice", 4), morna.get("modifier", 10))
        if p >= 0.55:
            return "maiden:stay"
        lifts = [o.id for o in d.options if arg(o, 0) != "stay"]
        if not lifts:
            return "maiden:stay"
        # land on the side of the next goal: a bare vine for a bearer, else a seed
        grid = self.grid(view)
        if me.get("seeds"):
            goals = [xy for xy, t in grid.items() if t["kind"] == "red-vine" and not t.get("vine_seed")]
        else:
            goals = [xy for xy, t in grid.items() if t.get("root_seed") or t.get("seeds")]
        to_goal = self.distances(grid, goals)
        here: XY = (me["position"][0], me["position"][1])

        def left(option: str) -> int:
            step = STEP[str(arg(d.option(option), 0))]
            return to_goal.get((here[0] + step[0], here[1] + step[1]), 99)
        return min(lifts, key=lambda o: (left(o), lifts.index(o)))

    def _flee_price(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        return "pay:kill" if me["health"] <= 6 else "pay:damage"

    def _defend_round(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        heal = [o.id for o in d.options if verb_of(o) == "use"]
        if heal and me["health"] <= me["max_health"] * HEAL_AT:
            return heal[0]
        return "defend"

    def _reroll(self, d: "Decision", view: View) -> str | None:
        if "marta:roll" in d.ids:
            return self._marta_roll(d)
        if "keep-roll" not in d:
            return None
        mine: list[int] = list((d.data or {}).get("mine") or [])
        theirs: list[int] = list((d.data or {}).get("theirs") or [])
        crit = len(mine) >= 2 and all(x == mine[0] for x in mine)
        best_gain, best_id = 0.6, "keep-roll"
        for o in d.options:
            gain = 0.0
            if o.id == "crow":
                gain = sum(theirs) - 3.5 * len(theirs)
            elif verb_of(o) == "marta" and arg(o, 0) == "mine" and not crit:
                k = int(arg(o, 1))
                gain = 3.5 - mine[k] if k < len(mine) else 0.0
            elif verb_of(o) == "marta" and arg(o, 0) == "theirs":
                k = int(arg(o, 1))
                gain = theirs[k] - 3.5 if k < len(theirs) else 0.0
            if gain > best_gain:
                best_gain, best_id = gain, o.id
        return best_id

    @staticmethod
    def _marta_roll(d: "Decision") -> str:
        """Marta's second chance on a special tile's die: roll again when the die failed."""
        data = d.data or {}
        if not isinstance(data.get("roll"), int):
            return "keep-roll"
        value, why = int(data["roll"]), str(data.get("why", ""))
        if why == "how many spiders":
            return "marta:roll" if value >= 4 else "keep-roll"
        need = {"web": 3, "jump the pit": 3, "free a brood seed": 2, "search the swamp": 4, "fish the swamp": 2}
        low = need.get(why, 5 if why.startswith("disarm") else 4)
        return "marta:roll" if value < low else "keep-roll"

    # ------------------------------------------------------------------ the fight
    def fight_odds(self, view: View, me: dict[str, Any], extra_dice: int = 0, health: int | None = None,
                   facts: dict[str, Any] | None = None) -> float:
        """``facts``: the fight decision's data (the monster's id and side)."""
        fight = view.get("fight") or {}
        kind = fight.get("kind")
        h = me["health"] if health is None else health
        if kind == "monster":
            # the monster on our tile (with its side), else the one the decision names
            here = self.grid(view).get((me["position"][0], me["position"][1])) or {}
            monster = here.get("monster")
            if isinstance(monster, dict):
                side = 1 if monster.get("side") == "purple" else 0
                return self.monster_odds(me, monster["id"], fight.get("foe_health"), side, extra_dice, h)
            mid = (facts or {}).get("monster")
            if isinstance(mid, str) and mid in self._monsters:
                side = 1 if (facts or {}).get("side") == "purple" else 0
                return self.monster_odds(me, mid, fight.get("foe_health"), side, extra_dice, h)
            return 0.5
        if kind == "spiders":
            sp = self._content.spiders
            dice, mod, armour = self.combat_stats(me, (False, True, False, True))
            return win_chance(h, dice + extra_dice, mod, armour, fight.get("foe_health", 1), sp.dice, 0, spiders=True)
        if kind == "morna":
            morna = view.get("morna") or {}
            dice, mod, armour = self.combat_stats(me, (False, False, True, False))
            return win_chance(h, dice + extra_dice, mod, armour, fight.get("foe_health", 20), morna.get("dice", 4),
                              morna.get("modifier", 10))
        return 0.5

    def _fight_round(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        ids = d.ids
        better = self._best_equip(d, me)
        if better is not None:
            return better
        p = self.fight_odds(view, me, facts=d.data)
        if p >= (FIGHT_OK if me.get("lives", 3) > 1 else LAST_LIFE_FIGHT_OK):
            return "fight"
        # fight items first: Dragon Scent halves the foe, Enchant adds to a weapon
        for o in d.options:
            if verb_of(o) == "use":
                it = self._items.get(str(arg(o, 0)))
                if it is not None and ("halve_monster_health" in it.powers or "enchant_weapon" in it.powers):
                    return o.id
        heals = [o.id for o in d.options if verb_of(o) == "use" and self._heals(str(arg(o, 0)))]
        if heals and me["health"] <= me["max_health"] * HEAL_AT:
            return heals[0]
        tags = [o for o in d.options if verb_of(o) == "tag" and isinstance(arg(o, 0), int)]
        if tags and self.fight_odds(view, me, extra_dice=1, facts=d.data) >= TAG_OK:
            best = max(tags, key=lambda t: (view["players"][int(arg(t, 0))]["health"], -int(arg(t, 0))))
            return best.id
        escapes = [o.id for o in d.options if verb_of(o) == "escape"]
        if escapes and me["health"] > 1:
            return self._best_escape(view, me, escapes)
        here_xy: XY = (me["position"][0], me["position"][1])
        if "escape-new" in ids and me["health"] > 2 and p < 0.4 and self.frontier(self.grid(view), here_xy) > 0:
            return "escape-new"   # only where the new tile can be laid (AUD-1)
        return "fight"

    def _heals(self, item_id: str) -> bool:
        it = self._items.get(item_id)
        return it is not None and "heal" in it.powers

    def _best_escape(self, view: View, me: dict[str, Any], escapes: list[str]) -> str:
        grid = self.grid(view)
        here: XY = (me["position"][0], me["position"][1])
        best, best_id = 1e9, escapes[0]
        for e in escapes:
            d = e[len("escape:"):]
            xy = (here[0] + STEP[d][0], here[1] + STEP[d][1])
            t = grid.get(xy)
            cost = self.hazard(view, me, t, xy) if t is not None else 99.0
            if cost < best:
                best, best_id = cost, e
        return best_id

    # ------------------------------------------------------------------ the turn
    def _best_equip(self, d: "Decision", me: dict[str, Any]) -> str | None:
        """The switch of spaces (or pick-up) that raises the worth of what is active the most."""
        ch = self._character(me)
        inv = dict(me.get("inventory") or {})
        now = self.inventory_worth(inv, ch)
        best, best_id = now + 0.01, None
        for o in d.options:
            verb, rest = o.meaning()
            if verb not in ("equip", "pickup") or len(rest) < 2:
                continue
            item_id, space = str(rest[0]), str(rest[1])
            trial = dict(inv)
            if verb == "equip":
                for k in SPACES:
                    if trial.get(k) == item_id:
                        trial[k] = None
            if space == "hands":
                trial["hand1"] = trial["hand2"] = item_id
            elif space == "beside":
                score = now + self.carry_worth(item_id) + 0.5
                if score > best:
                    best, best_id = score, o.id
                continue
            else:
                trial[space] = item_id
            score = self.inventory_worth(trial, ch)
            if score > best:
                best, best_id = score, o.id
        return best_id

    def _turn_action(self, d: "Decision", view: View) -> str | None:
        me = self._me(d, view)
        ids = d.ids
        if me.get("position") is None:
            return "end-turn"
        equip = self._best_equip(d, me)
        if equip is not None:
            return equip
        # healing
        low = me["health"] <= me["max_health"] * HEAL_AT
        if low:
            for o in d.options:
                if verb_of(o) == "use" and self._heals(str(arg(o, 0))):
                    return o.id
        if "bone-yard:heal" in ids and (me["health"] <= me["max_health"] - 3 or me.get("poison", 0) >= 2):
            return "bone-yard:heal"
        if "bone-yard:item" in ids and me["health"] > me["max_health"] - 3 and view["phase"] == "forest":
            return "bone-yard:item"
        if me.get("poison", 0) >= 2:
            cures = [o.id for o in d.options if verb_of(o) == "cure" and arg(o, 0) == me["adventurer"] or
                     verb_of(o) == "use" and self._has_power(str(arg(o, 0)), "cure_poison")]
            if cures:
                return cures[0]
        if view["phase"] == "hunt":
            return self._hunt_action(d, view, me)
        if view["phase"] == "maiden":
            return self._maiden_action(d, view, me)
        return self._explore(d, view, me)

    def _go(self, d: "Decision", view: View, me: dict[str, Any], goals: list[XY]) -> str | None:
        """The first step towards the cheapest of ``goals`` (None if none can be reached)."""
        cost, first, _ = self.paths(view, me)
        here: XY = (me["position"][0], me["position"][1])
        best, best_xy = 1e18, None
        for g in goals:
            if g == here or g not in cost:
                continue
            if cost[g] < best:
                best, best_xy = cost[g], g
        if best_xy is None:
            return None
        step = f"move:{first[best_xy]}"
        d_xy = STEP[first[best_xy]]
        nxt = self.grid(view).get((here[0] + d_xy[0], here[1] + d_xy[1])) or {}
        if nxt.get("monster") and me["ap"] <= 1:
            # a fight begun with no AP left cannot be escaped: wait for a fresh turn
            m = nxt["monster"]
            p = self.token_odds(me) if m == "token" else self.monster_odds(
                me, m["id"], m.get("health"), 1 if m.get("side") == "purple" else 0)
            if m == "token" and me.get("lives", 3) <= 1 or p < (0.9 if me.get("lives", 3) <= 1 else 0.8):
                return None
        return step if step in d.ids else None

    def _explore(self, d: "Decision", view: View, me: dict[str, Any]) -> str | None:
        ids = d.ids
        grid = self.grid(view)
        here: XY = (me["position"][0], me["position"][1])
        if "search-swamp" in ids and me["health"] >= me["max_health"] * 0.7 and self.token_odds(me) >= 0.6:
            return "search-swamp"
        for o in d.options:   # fishing a swamp is a safe item
            if verb_of(o) == "use" and self._has_power(str(arg(o, 0)), "fish_swamp"):
                return o.id
        if me["health"] <= me["max_health"] * REST_AT:
            yards = [xy for xy, t in grid.items() if t["kind"] == "bone-yard" and "bone-yard" in t["tokens"]]
            step = self._go(d, view, me, yards)
            if step is not None:
                return step
        early = self._early_seeds(view)
        if early:
            if "recover-seed" in ids:
                return "recover-seed"
            for o in d.options:
                if verb_of(o) == "pickup-seed":
                    return o.id
        if "draw-tile" in ids and self.frontier(grid, here) > 0:
            return "draw-tile"
        targets = [xy for xy in grid if self.frontier(grid, xy) > 0]
        if early:
            targets += [xy for xy, t in grid.items() if t.get("root_seed") or t.get("seeds")]
        # weak monsters nearby are worth a detour for their items
        for xy, t in grid.items():
            m = t.get("monster")
            if isinstance(m, dict):
                side = 1 if m.get("side") == "purple" else 0
                if self.monster_odds(me, m["id"], m.get("health"), side) >= 0.85:
                    targets.append(xy)
        step = self._go(d, view, me, targets)
        if step is not None:
            return step
        return "end-turn"

    def _early_seeds(self, view: View) -> bool:
        """Free the seeds before the forest is complete?  Alone, yes: the lone adventurer then
        meets the Maiden Tree with every seed in hand and starts the race far from Morna Gûl.
        With friends, no (measured: 2-player wins fall from about half to a quarter), because
        the bearers must all gather at the Exit while the forest's monsters are still about."""
        return len([p for p in view["players"] if p.get("position") is not None]) == 1

    def _maiden_action(self, d: "Decision", view: View, me: dict[str, Any]) -> str | None:
        """A seed bearer walks to the Exit, but steps onto it only with a full turn of AP in
        hand: the Maiden Tree acts the moment the last bearer arrives, and the AP left over are
        the head start on Morna Gûl."""
        if not me.get("seeds"):
            return "end-turn"
        grid = self.grid(view)
        exits = [xy for xy, t in grid.items() if t["kind"] == "exit"]
        here: XY = (me["position"][0], me["position"][1])
        if here in exits:
            return "end-turn"
        waiting = [p for p in view["players"] if p.get("seeds") and p.get("position") is not None
                   and p["adventurer"] != me["adventurer"] and (p["position"][0], p["position"][1]) not in exits]
        _, _, steps = self.paths(view, me)
        near = min((steps[xy] for xy in exits if xy in steps), default=99)
        if near == 1 and not waiting and me["ap"] < me["max_ap"]:
            return "end-turn"
        step = self._go(d, view, me, exits)
        return step or "end-turn"

    def _hunt_action(self, d: "Decision", view: View, me: dict[str, Any]) -> str | None:
        """After the Maiden Tree: free or pick up seeds, carry them to bare red vines, and end each
        turn where Morna Gûl is unlikely to reach a seed bearer (he walks 2 dice of steps)."""
        ids = d.ids
        for o in d.options:
            if verb_of(o) == "place-seed":
                return o.id
        for o in d.options:
            if verb_of(o) == "pickup-seed":
                return o.id
        if "recover-seed" in ids:
            return "recover-seed"
        morna = view.get("morna") or {}
        grid = self.grid(view)
        here: XY = (me["position"][0], me["position"][1])
        if morna.get("position"):
            # strike first when the odds are good: he comes for us at the round's end anyway
            dice, mod, armour = self.combat_stats(me, (False, False, True, False))
            odds = win_chance(me["health"], dice, mod, armour, morna.get("health", 20), morna.get("dice", 4),
                              morna.get("modifier", 10))
            if odds >= MORNA_OK:
                if "fight-morna" in ids:
                    return "fight-morna"
                step = self._go(d, view, me, [(morna["position"][0], morna["position"][1])])
                if step is not None:
                    return step
        bearer = bool(me.get("seeds"))
        if not bearer:
            block = self._shield(d, view, me, grid)
            if block is not None:
                return block
        if bearer:
            goals = [xy for xy, t in grid.items() if t["kind"] == "red-vine" and not t.get("vine_seed")]
        else:
            goals = [xy for xy, t in grid.items() if t.get("root_seed") or t.get("seeds")]
        if not goals:
            return "end-turn"
        cost, first, steps = self.paths(view, me)
        to_goal = self.distances(grid, goals)
        m_xy: XY | None = (morna["position"][0], morna["position"][1]) if morna.get("position") else None
        from_morna = self.distances(grid, [m_xy]) if m_xy is not None else {}
        ap = me["ap"]
        # a goal within reach this turn (with the 2 AP a seed needs on the vine): go for it
        reach = [g for g in goals if g in steps and steps[g] + (2 if bearer else 0) <= ap]
        if reach:
            target = min(reach, key=lambda g: (cost[g], g))
            if target != here and target in first:
                return f"move:{first[target]}"
        # Morna Gûl hunts the nearest seed bearer, or with none the nearest adventurer
        others = [p for p in view["players"] if p.get("position") is not None and p["adventurer"] != me["adventurer"]]
        hunted = bearer or not any(p["seeds"] for p in others)
        weight = self.caught_price(view, me) if hunted else 0.0
        best, best_xy = 1e18, here
        for xy, n in steps.items():
            if n > ap:
                continue
            left = to_goal.get(xy, 99)
            risk = reach_chance(from_morna.get(xy, 99)) if m_xy is not None else 0.0
            score = left + weight * risk + 0.1 * cost[xy]
            if score < best - 1e-9:
                best, best_xy = score, xy
        if best_xy == here or best_xy not in first:
            return self._brace(d, me, hunted and m_xy is not None and reach_chance(from_morna.get(here, 99)) > 0)
        return f"move:{first[best_xy]}"

    def caught_price(self, view: View, me: dict[str, Any]) -> float:
        """What being caught by Morna Gûl costs: a lost life (and dropped seeds) if his first
        round is likely to kill, else a wound and a lost turn (the Maiden Tree lifts us away)."""
        morna = view.get("morna") or {}
        dice, mod, armour = self.combat_stats(me, (False, False, True, False))
        p_die = one_round_death(me["health"], dice, mod, armour, morna.get("dice", 4), morna.get("modifier", 10))
        return HUNTED_RISK * p_die + 6.0 * (1.0 - p_die)

    def _brace(self, d: "Decision", me: dict[str, Any], in_reach: bool) -> str:
        """The turn's moves are done: if Morna Gûl may come, drink to full health first."""
        if in_reach and me["health"] < me["max_health"]:
            for o in d.options:
                if verb_of(o) == "use" and self._heals(str(arg(o, 0))):
                    return o.id
        return "end-turn"

    def morna_route(self, grid: dict[XY, dict[str, Any]], source: XY, target: XY) -> list[XY]:
        """Morna Gûl's way to ``target``: a shortest path found by a search that tries N, E, S, W
        in turn (as the engine does, C-11), without his own tile."""
        prev: dict[XY, XY | None] = {source: None}
        todo = [source]
        k = 0
        while k < len(todo):
            xy = todo[k]
            k += 1
            if xy == target:
                break
            for _, n in self.neighbours(grid, xy):
                if n not in prev:
                    prev[n] = xy
                    todo.append(n)
        if target not in prev:
            return []
        path = []
        at: XY | None = target
        while at is not None and at != source:
            path.append(at)
            at = prev[at]
        return path[::-1]

    def _shield(self, d: "Decision", view: View, me: dict[str, Any], grid: dict[XY, dict[str, Any]]) -> str | None:
        """Stand in Morna Gûl's way: he attacks the first adventurer without a seed he meets on
        his way to the nearest seed bearer, and he always walks at least two steps.  A friend
        with lives to spare on one of those two tiles keeps the seeds safe for a round."""
        morna = view.get("morna") or {}
        if not morna.get("position") or me.get("lives", 0) < 2:
            return None
        m_xy: XY = (morna["position"][0], morna["position"][1])
        best: tuple[int, int, list[XY]] | None = None
        for p in view["players"]:
            if not p.get("seeds") or p.get("position") is None:
                continue
            xy: XY = (p["position"][0], p["position"][1])
            if xy == m_xy:
                return None   # he fights that bearer where they stand: nothing to stand in front of
            path = self.morna_route(grid, m_xy, xy)
            if path and (best is None or len(path) < best[0]):
                best = (len(path), p["adventurer"], path)
        if best is None or best[0] > 12:
            return None
        path = best[2]
        spots = [xy for xy in path[:2] if xy != path[-1]]
        here: XY = (me["position"][0], me["position"][1])
        if here in spots:
            return "end-turn"
        _, first, steps = self.paths(view, me)
        reachable = [xy for xy in spots if xy in steps and steps[xy] <= me["ap"] and xy in first]
        if not reachable:
            return None
        target = min(reachable, key=lambda xy: (steps[xy], xy))
        return f"move:{first[target]}"

    def distances(self, grid: dict[XY, dict[str, Any]], sources: list[XY]) -> dict[XY, int]:
        """Steps along joined tiles from the nearest of ``sources``."""
        dist: dict[XY, int] = {}
        todo: list[XY] = []
        for xy in sources:
            if xy in grid and xy not in dist:
                dist[xy] = 0
                todo.append(xy)
        k = 0
        while k < len(todo):
            xy = todo[k]
            k += 1
            for _, n in self.neighbours(grid, xy):
                if n not in dist:
                    dist[n] = dist[xy] + 1
                    todo.append(n)
        return dist


def one_round_death(health: int, dice: int, mod: int, armour: int, foe_dice: int, foe_mod: int) -> float:
    """The chance that one lost round against a foe takes all of ``health`` (damage is the
    difference of the scores, less armour).

    >>> one_round_death(30, 2, 0, 0, 1, 0)
    0.0
    >>> one_round_death(1, 2, 0, 0, 4, 10) > 0.95
    True
    """
    total = 0.0
    for a, pa in adventurer_scores(max(1, dice)):
        for b, pb in monster_sums(max(0, foe_dice)) if foe_dice > 0 else [(0, 1.0)]:
            if b + foe_mod - (a + mod) - armour >= health:
                total += pa * pb
    return total


def reach_chance(distance: int) -> float:
    """The chance that two dice reach ``distance`` steps (Morna Gûl's hunt).

    >>> reach_chance(7)
    0.5833333333333334
    >>> reach_chance(13)
    0.0
    """
    if distance <= 2:
        return 1.0
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= distance) / 36.0
