"""A rule-of-thumb player for Storyfold: Wildwoods that needs no search.

It decides only from the decision, the view, and the printed book and cards of the content
pack (``state.game.content``: scene goals, locations, card effects; never deck order).  Its
plain ideas, all weighed in one currency ("points", roughly one point of Spirit when Spirit is
middling):

* read the scene's goal from the book: which locations must be visited (and the ones joined
  before them by a line), whether the Light must reach the middle, whether every creature must
  be healed away;
* for every action, try every number of dice it could roll: the chance of reaching the top
  effect's successes (Crystals on the card, a Firefly Jar and rerolls added in), what the bottom
  effect would give otherwise, minus a small price per die (a die spent here is gone for the
  rest of the Luma Phase); take the best, end the phase when nothing is worth a die;
* look one action ahead: each choice is also worth the best goal step (or costly creature to
  heal) still open after it, with the dice left and the used card moved to the end of the
  River; so the cheap cards in front of the one the goal needs are used first, with one die
  each, and the goal's card reaches the "3+" space with dice to spare;
* a goal step that is unlikely now but likely next round from the "3+" space with fresh dice
  is put off while the scene has rounds to spare;
* Explore cards are welcome early in a scene and avoided in its last two rounds (a Bane may
  push the Shadow marker to the middle);
* Crystals go on Heal first (the big creatures need many successes at once), then the card the
  goal needs; they are spent after a roll only when they complete a top effect;
* keep Spirit up before the creatures bite: Boons, Brom's Tend, Heal's bottom effect, blinding
  the creature that hurts most; Boons that move the Shadow back wait for the last round.
"""
from __future__ import annotations

import copy
import functools
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ....engine.decision import Decision, Option, make_id
from ....kit.bots import HandlerTable, no_judgement

if TYPE_CHECKING:
    from ....engine.state import GameState

View = dict[str, Any]
#: an action as the bot weighs it: (action card, "top" or "bottom", target id or "")
Step = tuple[str, str, str]

THRESHOLDS = (3, 4, 5, 6)          # the numbered River spaces
ACTIONS = ("light", "help", "explore", "heal")
MAX_CRYSTALS = 3                   # per Action card
MAX_SPIRIT = 11

DIE_PRICE = 0.45                   # a die spent now cannot be used again this Luma Phase
GOAL_FINAL = 24.0                  # the step that wins the scene
GOAL_STEP = 9.0                    # a step the goal needs (a location in its line, a creature away)
LIGHT_STEP = 3.0                   # one space of Light the goal needs
CRYSTAL = 1.0
EXPLORE_DRAW = 0.7
LATE_DRAW = -0.6                   # ... in the last two rounds, when a Bane can end the scene
FOLLOW = 0.95                      # a goal step after this action: not certain to be taken
FOLLOW_HEAL = 10.0                 # a heal outside the goal worth this much is looked ahead to as well
PROTECT = 2.5                      # using the card the sunlit goal location needs, while the Light is short
PUT_OFF = 0.55                     # below this chance a goal step waits while the scene has time


def p_success(size: int, threshold: int) -> float:
    """Chance that one die of ``size`` sides shows at least ``threshold``.

    >>> p_success(8, 3), p_success(12, 6), p_success(8, 9)
    (0.75, 0.5833333333333334, 0.0)
    """
    return max(0.0, min(1.0, (size - threshold + 1) / size))


def successes_distribution(sizes: Iterable[int], threshold: int, rerolls: int = 0) -> tuple[float, ...]:
    """P(exactly n natural successes) for these dice, ``rerolls`` failed dice rolled again.

    >>> [round(x, 4) for x in successes_distribution([8, 8], 5)]
    [0.25, 0.5, 0.25]
    """
    return _distribution(tuple(sorted(sizes)), threshold, rerolls)


@functools.lru_cache(maxsize=4096)
def _distribution(sizes: tuple[int, ...], threshold: int, rerolls: int) -> tuple[float, ...]:
    ps = [p_success(z, threshold) for z in sizes]
    dist = [1.0]
    for p in ps:
        nxt = [0.0] * (len(dist) + 1)
        for n, q in enumerate(dist):
            nxt[n] += q * (1 - p)
            nxt[n + 1] += q * p
        dist = nxt
    if ps and rerolls:
        avg = sum(ps) / len(ps)
        k = len(ps)
        for _ in range(rerolls):
            nxt = [0.0] * len(dist)
            for n, q in enumerate(dist):
                if n < k:
                    nxt[n] += q * (1 - avg)
                    nxt[n + 1] += q * avg
                else:
                    nxt[n] += q
            dist = nxt
    return tuple(dist)


class Table:
    """What the bot reads off one view and the book, computed once per decision."""

    def __init__(self, view: View, content: Any) -> None:
        self.v = view
        self.c = content
        scene_index = content.scene_by_id.get(view.get("scene"))
        self.scene: Any = content.scenes[scene_index] if scene_index is not None else None
        track = view.get("track") or {}
        self.middle: int = int(track.get("middle", 0))
        self.light: int = int(view.get("light", 0))
        self.shadow: int = int(view.get("shadow", 0))
        self.spirit: int = int(view.get("spirit", MAX_SPIRIT))
        self.river: list[dict[str, Any] | None] = list(view.get("river") or [])
        self.crystals: dict[str, int] = dict(view.get("crystals") or {})
        self.boons: list[dict[str, Any]] = list(view.get("boons") or [])
        self.free_dice: list[int] = sorted((int(d["size"]) for d in view.get("dice") or [] if not d.get("used")),
                                           reverse=True)
        self.locations: list[dict[str, Any]] = list(view.get("locations") or [])
        # worths that do not change with the River's order, shared by the look-ahead's copies
        self.memo: dict[tuple[Any, ...], Any] = {}
        self._ongoing()
        self._goal()

    def after(self, action: str, k8: int, k10: int, k12: int) -> "Table":
        """The table once ``action`` has rolled these dice: the dice used, its card at the end of
        the River (what else the action does is not guessed)."""
        twin = copy.copy(self)
        cards = [e for e in self.river if e and e.get("card") != action]
        moved = [e for e in self.river if e and e.get("card") == action]
        twin.river = (cards + moved + [None] * 7)[:7]
        free = list(self.free_dice)
        for size, k in ((8, k8), (10, k10), (12, k12)):
            for _ in range(k):
                if size in free:
                    free.remove(size)
        twin.free_dice = free
        return twin

    # ------------------------------------------------------------------ cards in play
    def card(self, ident: str | None) -> Any:
        index = self.c.card_by_id.get(ident) if ident else None
        return self.c.cards[index] if index is not None else None

    def _ongoing(self) -> None:
        """Italic effects of the creatures in the River and the cards on the Boon spaces."""
        self.threshold_mod = 0
        self.icons_mod = 0
        self.loss_mod = 0
        self.max_dice = 99
        self.no_spend = False
        in_play = [e["card"] for e in self.river if e] + [b["card"] for b in self.boons]
        for ident in in_play:
            card = self.card(ident)
            for e in getattr(card, "ongoing", ()) or ():
                amount = int(e.params.get("amount", 0))
                if e.do == "threshold":
                    self.threshold_mod += amount
                elif e.do == "creature_icons":
                    self.icons_mod += amount
                elif e.do == "spirit_loss":
                    self.loss_mod += amount
                elif e.do == "max_dice":
                    self.max_dice = min(self.max_dice, max(1, amount))
                elif e.do == "no_crystal_spend":
                    self.no_spend = True

    def creatures(self) -> list[tuple[int, dict[str, Any]]]:
        return [(i, e) for i, e in enumerate(self.river) if e and e.get("kind") == "creature"]

    def icons(self, entry: dict[str, Any]) -> int:
        return max(1, int(entry.get("icons", 1)) + self.icons_mod)

    def loss(self, entry: dict[str, Any]) -> int:
        """Spirit this creature takes when it next activates."""
        if entry.get("stunned"):
            return 0
        return max(0, int(entry.get("spirit", 0)) + self.loss_mod)

    def coming_loss(self) -> int:
        found = self.memo.get(("coming_loss",))
        if found is None:
            found = self.memo[("coming_loss",)] = sum(self.loss(e) for _, e in self.creatures())
        return int(found)

    def space_of(self, action: str) -> int:
        """0-based River space of an Action card (7 if not found)."""
        for i, e in enumerate(self.river):
            if e and e.get("card") == action:
                return i
        return 7

    def threshold(self, action: str) -> int:
        space = self.space_of(action)
        return (THRESHOLDS[space] if space < len(THRESHOLDS) else 9) + self.threshold_mod

    def has_boon(self, ident: str) -> bool:
        return any(b["card"] == ident for b in self.boons)

    def boon_count(self, do: str) -> int:
        """How many cards on the Boon spaces carry a use that does ``do`` (after a roll)."""
        n = 0
        for b in self.boons:
            card = self.card(b["card"])
            if card is not None and getattr(card, "window", "") == "after_roll":
                n += sum(int(e.params.get("dice", e.params.get("amount", 1))) for e in card.use if e.do == do)
        return n

    # ------------------------------------------------------------------ the scene's goal
    def _goal(self) -> None:
        self.goal_locations: list[str] = []      # must be visited, in order
        self.light_goal = False
        self.light_explicit = False              # the goal itself names the Light
        self.clear_goal = False                  # heal creatures until none is left
        if self.scene is None:
            return
        locs = {loc.id: loc for loc in self.scene.locations}
        wanted: list[Any] = []

        def need(loc_id: str) -> None:
            loc = locs.get(loc_id)
            if loc is None or loc in wanted:
                return
            for other in self.scene.locations[:loc.index]:
                if loc.chain and other.chain == loc.chain:
                    need(other.id)
            for name, arg in loc.condition:
                if name == "visited":
                    need(arg)
            wanted.append(loc)

        for name, arg in self.scene.goal:
            if name == "visited":
                need(arg)
            elif name == "all_visited" and arg:
                for loc in self.scene.locations:
                    need(loc.id)
            elif name in ("light_at_middle", "light_at_least"):
                self.light_goal = self.light_explicit = True
            elif name in ("no_creatures", "healed_at_least"):
                self.clear_goal = True
        visited = {loc["id"] for loc in self.locations if loc.get("visited")}
        self.goal_locations = [loc.id for loc in wanted if loc.id not in visited]
        if any(loc.progress for loc in wanted if loc.id not in visited):
            self.light_goal = True

    def rest_done(self, location: bool) -> bool:
        """Whether the goal's other parts already hold: for a location step (``location``) the
        creatures are gone; for the last heal the locations are visited; the Light where asked."""
        if self.light_explicit and self.light < self.middle:
            return False
        if location:
            return not (self.clear_goal and self.creatures())
        return not self.goal_locations

    def light_done(self) -> float:
        """What reaching the middle is worth besides its steps: the scene itself when the Light
        is all the goal still asks, else the goal's next location opening up."""
        if self.light_explicit:
            rest = not self.goal_locations and not (self.clear_goal and self.creatures())
            return GOAL_FINAL if rest else GOAL_STEP
        return GOAL_STEP * 0.7

    def light_needed(self) -> int:
        return max(0, self.middle - self.light) if self.light_goal else 0

    def rounds_left(self) -> int:
        """Luma Phases left in the scene, this one included."""
        return max(1, self.shadow - self.middle)

    # ------------------------------------------------------------------ what things are worth
    def spirit_value(self, n: int, start: int | None = None) -> float:
        """Gaining ``n`` Spirit now: a point is worth most when the creatures would otherwise run
        the track out (a Shadow card), little near the top."""
        sp = self.spirit if start is None else start
        danger = self.coming_loss()
        total = 0.0
        for i in range(n):
            x = sp + i
            if x >= MAX_SPIRIT:
                break
            if x < danger:
                total += 2.2
            elif x < 4:
                total += 1.1
            elif x < 7:
                total += 0.6
            elif x < 10:
                total += 0.25
            else:
                total += 0.08
        return total

    def draw_value(self) -> float:
        """An Explore card drawn: mostly Boons, but a Bane may push the Shadow on, which near the
        scene's end can lose it."""
        return EXPLORE_DRAW if self.rounds_left() > 2 else LATE_DRAW

    def crystal_room(self) -> int:
        return sum(MAX_CRYSTALS - min(MAX_CRYSTALS, int(self.crystals.get(a, 0))) for a in ACTIONS)

    def crystal_value(self, n: int) -> float:
        return min(n, self.crystal_room()) * CRYSTAL

    def light_value(self, n: int) -> float:
        need = self.light_needed()
        if need:
            return min(n, need) * LIGHT_STEP + (self.light_done() if n >= need else 0.0)
        if self.light < self.middle and any(loc.get("progress") and not loc.get("visited") for loc in self.locations):
            return min(n, self.middle - self.light) * 0.35
        return 0.0

    def effects_value(self, effects: Iterable[Any]) -> float:
        """A rough worth of printed effects (locations' and Boons' uses)."""
        total = 0.0
        for e in effects:
            amount = int(e.params.get("amount", e.params.get("count", 1)) or 1)
            if e.do == "gain_spirit":
                total += self.spirit_value(amount)
            elif e.do == "gain_crystals":
                total += self.crystal_value(amount)
            elif e.do == "draw_explore":
                total += self.draw_value() * amount
            elif e.do == "grant_die":
                total += 3.0
            elif e.do == "shadow_back":
                total += 3.0 * amount
            elif e.do == "advance_light":
                total += self.light_value(amount)
            elif e.do == "blind":
                total += max((self.loss(e2) for _, e2 in self.creatures()), default=0) * 0.8
            elif e.do == "story":
                card = self.card(e.params.get("card"))
                total += self.effects_value(getattr(card, "immediately", ())) if card is not None else 1.0
            elif e.do in ("add_to_explore", "gain_card"):
                card = self.card(e.params.get("card"))
                total += 2.0 if card is not None and card.kind in ("companion", "boon") else -2.0
            elif e.do in ("lose_spirit",):
                total -= 0.8 * amount
            elif e.do in ("lose_crystals",):
                total -= CRYSTAL * amount
            elif e.do in ("advance_shadow", "draw_shadow"):
                total -= 3.0 * amount
            elif e.do == "draw_creature":
                total -= 2.0 * amount
        return total

    def keep_value(self, ident: str) -> float:
        """How good an Explore card is to have on a Boon space."""
        card = self.card(ident)
        if card is None:
            return 0.0
        if card.kind == "trauma":
            return -5.0
        value = 0.0
        for e in card.ongoing:
            amount = int(e.params.get("amount", 0))
            if e.do in ("creature_icons", "spirit_loss", "threshold"):
                value += -5.0 * amount
        for e in card.use:
            amount = int(e.params.get("amount", e.params.get("dice", 1)) or 1)
            value += {"gain_spirit": 0.8 * amount, "add_successes": 2.5 * amount, "reroll": 1.0 * amount,
                      "gain_crystals": 0.7 * amount, "blind": 2.0, "shadow_back": 2.5 * amount,
                      "advance_light": 1.5 * amount, "move_action": 0.8}.get(e.do, 0.5)
        return value

    def creature_harm(self, entry: dict[str, Any]) -> float:
        """What one creature costs each round it stays (its bite, its After Activating, its italics)."""
        card = self.card(entry.get("card"))
        harm = (max(0, int(entry.get("spirit", 0)) + self.loss_mod)) * 0.7
        if card is None:
            return harm
        for e in card.after_activating:
            amount = int(e.params.get("amount", 1) or 1)
            if e.do == "light_back":
                harm += LIGHT_STEP * amount if self.light_needed() or self.light_goal else 0.3
            elif e.do == "lose_crystals":
                harm += CRYSTAL * amount
            elif e.do == "lose_spirit":
                harm += 0.7 * amount
            elif e.do == "action_to_end":
                harm += 0.6
        for e in card.ongoing:
            amount = int(e.params.get("amount", 0))
            if e.do == "max_dice":
                harm += 0.8
            elif e.do == "creature_icons":
                harm += 1.5 * amount
            elif e.do == "spirit_loss":
                harm += 0.7 * amount * len(self.creatures())
            elif e.do == "threshold":
                harm += 2.0 * amount
        return harm


class GreedyStoryfoldBot(HandlerTable):
    """Heuristic Storyfold player.  It uses no randomness: ties go to the option listed first (the
    engine's fixed order), so a game replays the same whatever the seed or PYTHONHASHSEED.

    >>> import woodlands
    >>> state = woodlands.load_game("storyfold").new_game(seed=1)
    >>> GreedyStoryfoldBot(1).choose(state) in state.decision.ids
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0, strict: bool | None = None) -> None:
        self.seed = seed      # kept for the bot interface: every choice is already deterministic
        #: raise on a decision without a judgement instead of taking its first option
        #: (None: as :func:`woodlands.bots.base.strict_default` says when it happens)
        self.strict = strict
        # one handler per decision kind the rules declare (an explicit table, so that a helper
        # method whose name happens to match a new kind is never taken for its handler)
        self._handlers: dict[str, Callable[[Table, list[str], Any], str | None]] = {
            "luma_phase": self._luma_phase,
            "roll": self._roll,
            "after_roll": self._after_roll,
            "reroll": self._reroll,
            # a failed roll's own decision (SW-054): the bottom effect or nothing
            "fallback": self._fallback,
            "place_crystal": self._place_crystal,
            "lose_crystal": self._lose_crystal,
            "pay_crystal": self._pay_crystal,
            "keep_explore": self._keep_explore,
            "make_room": self._make_room,
            "choose_creature": self._choose_creature,
            "choose_action_card": self._choose_action_card,
            "shadow_boon": self._shadow_boon,
            "last_shadow": self._last_shadow,
            "scene_break": self._scene_break,
        }

    # ------------------------------------------------------------------ dispatch
    def choose(self, state: "GameState") -> str:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over; there is nothing to choose")
        ids = [o.id for o in decision.options]
        if len(ids) == 1:
            return ids[0]
        handler = self._handlers.get(decision.kind)
        if handler is None:
            return no_judgement("storyfold", decision, self.strict)
        self.options: dict[str, Option] = {o.id: o for o in decision.options}
        t = Table(state.view(decision.player), state.game.content)
        choice = handler(t, ids, decision)
        if choice is None or choice not in ids:
            return no_judgement("storyfold", decision, self.strict, choice, handled=True)
        return choice

    # ------------------------------------------------------------------ reading options as data
    def _verb(self, option_id: str) -> str:
        return self.options[option_id].meaning()[0]

    def _arg(self, option_id: str) -> str:
        """The first argument of an option (the card, creature or action it is about)."""
        args = self.options[option_id].meaning()[1]
        return str(args[0]) if args else ""

    def _step(self, option_id: str) -> Step:
        """An ``act`` option as (action, effect, target)."""
        args = self.options[option_id].meaning()[1]
        return str(args[0]), str(args[1]), str(args[2]) if len(args) > 2 else ""

    # ------------------------------------------------------------------ the Luma Phase
    def _luma_phase(self, t: Table, ids: list[str], decision: Any) -> str:
        boon = self._luma_boon(t, ids)
        if boon:
            return boon
        best, best_value = "end", 0.05
        for option in ids:
            if self._verb(option) == "act":
                value, _ = self.evaluate(t, self._step(option))
                if value > best_value:
                    best, best_value = option, value
        if best == "end":
            # before the creatures bite: blind the worst one if it is cheap to do so
            late = self._before_shadow(t, ids)
            if late:
                return late
        return best

    def _luma_boon(self, t: Table, ids: list[str]) -> str | None:
        """Boons and Brom's uses worth taking at once (they cost no dice)."""
        for option in ids:
            if self._verb(option) != "boon":
                continue
            card = t.card(self._arg(option))
            if card is None:
                continue
            dos = {e.do: int(e.params.get("amount", 1) or 1) for e in card.use}
            if "blind" in dos:
                continue                       # kept for just before the Shadow Phase
            if "gain_spirit" in dos and (MAX_SPIRIT - t.spirit >= dos["gain_spirit"] or t.spirit < t.coming_loss() + 1):
                return option
            if "gain_crystals" in dos and t.crystal_room() >= dos["gain_crystals"]:
                return option
            if "advance_light" in dos and t.light_needed():
                return option
            if "move_action" in dos:
                key = self.key_action(t)
                if key and 0 < t.space_of(key) < len(THRESHOLDS) + 2:
                    return option
        total = sum(t.crystals.values())
        if "brom:tend" in ids and (t.spirit <= 3 or (t.spirit <= 6 and total >= 6)) and not self._saving_crystals(t):
            return "brom:tend"
        return None

    def _before_shadow(self, t: Table, ids: list[str]) -> str | None:
        """Just before ending the Luma Phase: blind the creature that would hurt most."""
        worst = max((t.loss(e) for _, e in t.creatures()), default=0)
        if worst <= 0:
            return None
        danger = t.spirit < t.coming_loss() or worst >= 2 or t.spirit <= 4
        if not danger:
            return None
        for option in ids:
            if self._verb(option) == "boon":
                card = t.card(self._arg(option))
                if card is not None and any(e.do == "blind" for e in card.use):
                    return option
        if "brom:protect" in ids and not self._saving_crystals(t):
            return "brom:protect"
        return None

    def _saving_crystals(self, t: Table) -> bool:
        """Crystals are kept for a big heal the scene needs."""
        if not t.clear_goal:
            return False
        big = max((t.icons(e) for _, e in t.creatures()), default=0)
        return big >= 4 and sum(t.crystals.values()) <= 4

    def key_action(self, t: Table) -> str | None:
        """The Action card the goal's hardest next step needs (to bring to the front)."""
        if t.clear_goal and t.creatures():
            return "heal"
        if t.goal_locations:
            loc = next((x for x in t.locations if x["id"] == t.goal_locations[0]), None)
            if loc is not None:
                if loc.get("progress") and t.light < t.middle:
                    return "light"
                return str(loc.get("kind"))
        if t.light_needed():
            return "light"
        return None

    # ------------------------------------------------------------------ valuing one action
    def evaluate(self, t: Table, step: Step, follow: bool = True) -> tuple[float, str]:
        """(worth, best roll id) of an ``act:`` option: what the roll is expected to bring, minus
        a small price per die, plus (``follow``) the best goal step still open afterwards with the
        dice left and the River as it will be (the used card at its end)."""
        action, effect, target = step
        best_value, best_roll = -1e9, "roll:1:0:0"
        for (k8, k10, k12), value in self.roll_values(t, action, effect, target):
            value -= DIE_PRICE * (k8 + k10 + k12)
            if follow:
                value += FOLLOW * self.best_goal_step(t.after(action, k8, k10, k12), step)
            if value > best_value + 1e-9:
                best_value, best_roll = value, make_id("roll", (k8, k10, k12))
        best_value += self.river_effect(t, action, effect, target)
        return best_value, best_roll

    def roll_values(self, t: Table, action: str, effect: str, target: str) -> list[tuple[tuple[int, int, int], float]]:
        """Every roll this action could make, with the worth it is expected to bring."""
        threshold = t.threshold(action)
        key = ("roll_values", action, effect, target, threshold, tuple(t.free_dice))
        found = t.memo.get(key)
        if found is None:
            found = t.memo[key] = self._roll_values(t, action, effect, target, threshold)
        return list(found)

    def _roll_values(self, t: Table, action: str, effect: str, target: str,
                     threshold: int) -> list[tuple[tuple[int, int, int], float]]:
        top_value, need = self.top_value(t, action, target) if effect == "top" else (0.0, 0)
        bonus = 0 if t.no_spend else min(MAX_CRYSTALS, int(t.crystals.get(action, 0)))
        firefly = t.boon_count("add_successes")
        rerolls = t.boon_count("reroll")
        if t.v.get("luma", {}).get("side") == "luma-and-brom":
            others = sum(t.crystals.values()) - int(t.crystals.get(action, 0))
            rerolls += min(1, others)
        out = []
        for k8, k10, k12 in self.roll_choices(t):
            sizes = [8] * k8 + [10] * k10 + [12] * k12
            dist = successes_distribution(sizes, threshold, rerolls if effect == "top" else 0)
            value = 0.0
            for n, q in enumerate(dist):
                if q == 0.0:
                    continue
                if effect == "top":
                    got = n + firefly + (bonus if n >= 1 else 0)
                    if got >= need:
                        value += q * top_value
                    elif n:
                        value += q * max(0.0, self.bottom_value(t, action, n))
                else:
                    value += q * self.bottom_value(t, action, n)
            if effect == "top" and top_value >= GOAL_STEP:
                value = self.patience(t, action, value, top_value, need, bonus + firefly, rerolls)
            out.append(((k8, k10, k12), value))
        return out

    def goal_steps(self, t: Table) -> list[Step]:
        """The options that move the goal on and could be taken now (from the view's River)."""
        out = []
        for e in t.river[:len(THRESHOLDS)]:
            if not e or e.get("kind") != "action":
                continue
            name = str(e.get("card"))
            if name in ("help", "explore"):
                for loc in t.locations:
                    if loc.get("kind") == name and loc.get("can_visit") and loc["id"] in t.goal_locations:
                        out.append((name, "top", str(loc["id"])))
            elif name == "heal":
                # the goal's creatures, and any other whose stay would cost a lot
                out += [("heal", "top", str(c.get("card"))) for _, c in t.creatures()
                        if t.clear_goal or self.top_value(t, "heal", str(c.get("card")))[0] >= FOLLOW_HEAL]
            elif name == "light" and t.light_needed():
                out.append(("light", "bottom", ""))
        return out

    def best_goal_step(self, t: Table, done: Step) -> float:
        """The worth of the best goal step left (0 when there is none, or no die to roll)."""
        if not t.free_dice:
            return 0.0
        best = 0.0
        for step in self.goal_steps(t):
            if step == done:
                continue
            for (k8, k10, k12), value in self.roll_values(t, *step):
                best = max(best, value - DIE_PRICE * (k8 + k10 + k12))
        return best

    def roll_choices(self, t: Table) -> list[tuple[int, int, int]]:
        n8 = t.free_dice.count(8)
        out = []
        for k10 in (0, 1) if 10 in t.free_dice else (0,):
            for k12 in (0, 1) if 12 in t.free_dice else (0,):
                for k8 in range(n8 + 1):
                    if 1 <= k8 + k10 + k12 <= t.max_dice:
                        out.append((k8, k10, k12))
        return out

    def patience(self, t: Table, action: str, value: float, top_value: float, need: int, bonus: int,
                 rerolls: int) -> float:
        """A goal step unlikely now but likely from the "3+" space with a fresh set of dice waits
        while the scene has rounds to spare."""
        chance = value / top_value if top_value else 0.0
        if chance >= PUT_OFF or t.rounds_left() <= 1:
            return value
        all_dice = [8] * 5 + [z for z in (10, 12) if z in [int(d["size"]) for d in t.v.get("dice") or []]]
        all_dice = sorted(all_dice, reverse=True)[:t.max_dice]
        dist = successes_distribution(all_dice, 3 + t.threshold_mod, rerolls)
        later = sum(q for n, q in enumerate(dist) if n + (bonus if n else 0) >= need)
        if later > chance + 0.15:
            return value * chance / PUT_OFF
        return value

    def top_value(self, t: Table, action: str, target: str) -> tuple[float, int]:
        """(worth, successes needed) of a top effect on ``target``."""
        if action in ("help", "explore"):
            loc = next((x for x in t.locations if x["id"] == target), None)
            if loc is None:
                return 0.0, 99
            need = int(loc.get("dots", 1))
            if t.goal_locations == [target] and t.rest_done(location=True):
                return GOAL_FINAL, need
            if target in t.goal_locations:
                return GOAL_STEP, need
            scene_loc = next((x for x in t.scene.locations if x.id == target), None) if t.scene else None
            value = 0.6 + (t.effects_value(scene_loc.effects) if scene_loc is not None else 1.0)
            return value, need
        card = t.card(target)
        if card is not None and card.kind == "trauma":
            return 2.0 + t.keep_value(target) * -1.0, int(card.icons)
        entry = next((e for _, e in t.creatures() if e.get("card") == target), None)
        if entry is None:
            return 0.0, 99
        need = t.icons(entry)
        if action == "light":
            if entry.get("stunned"):
                return 0.0, need
            return t.loss(entry) * 0.9 + t.spirit_value(t.loss(entry)) * 0.5, need
        # heal: the creature is gone for the rest of the scene, and leaves its Crystals
        value = t.creature_harm(entry) * t.rounds_left() + t.crystal_value(int(entry.get("heal_crystals", 0)))
        if t.clear_goal:
            value += GOAL_FINAL if len(t.creatures()) == 1 and t.rest_done(location=False) else GOAL_STEP
        return value, need

    def bottom_value(self, t: Table, action: str, n: int) -> float:
        if n <= 0:
            return 0.0
        key = ("bottom", action, n)
        found = t.memo.get(key)
        if found is None:
            found = t.memo[key] = self._bottom_value(t, action, n)
        return float(found)

    def _bottom_value(self, t: Table, action: str, n: int) -> float:
        if action == "light":
            return t.light_value(n)
        if action == "help":
            return t.crystal_value(n) * (0.8 if t.light_needed() and t.rounds_left() <= 2 else 1.0)
        if action == "explore":
            full = sum(1 for b in t.boons) >= 3
            return (t.draw_value() * (0.4 if full else 1.0)) + 0.1 * (n - 1) - 0.35 * (n - 1)
        return t.spirit_value(n)

    def river_effect(self, t: Table, action: str, effect: str, target: str) -> float:
        """Using a card sends it to the end of the River: good for the card the goal waits for
        when it is another one in front of it, bad when it is the awaited card itself."""
        key = self.key_action(t)
        value = 0.0
        if key and key != action and t.space_of(action) < t.space_of(key):
            value += 0.35
        if key == action and effect == "bottom" and action == "heal" and t.clear_goal and t.rounds_left() > 1:
            value -= 1.0
        if effect == "bottom" and t.goal_locations and t.light_needed() and PROTECT:
            # the card that will visit the goal's next (sunlit) location once the Light is there
            loc = next((x for x in t.locations if x["id"] == t.goal_locations[0]), None)
            if loc is not None and loc.get("progress") and loc.get("kind") == action:
                value -= PROTECT
        if effect == "top" and action == "light" and target:
            # blinding a creature in front of Action cards lets them slide toward "3+"
            pos = next((i for i, e in t.creatures() if e.get("card") == target), 7)
            behind = sum(1 for i, e in enumerate(t.river) if e and e.get("kind") == "action" and i > pos)
            value += 0.3 * behind
        return value

    # ------------------------------------------------------------------ dice
    def _roll(self, t: Table, ids: list[str], decision: Decision) -> str:
        data = decision.data or {}
        action = data.get("action")
        if not action:
            return ids[-1]
        effect = str(data.get("effect"))
        target = str(data.get("target") or "") if effect == "top" else ""
        _, best = self.evaluate(t, (str(action), effect, target))
        return best

    def _need(self, t: Table) -> int:
        roll = t.v.get("roll") or {}
        if roll.get("effect") != "top":
            return 0
        action, target = roll.get("action", ""), roll.get("target") or ""
        return self.top_value(t, action, target)[1]

    def _after_roll(self, t: Table, ids: list[str], decision: Any) -> str:
        roll = t.v.get("roll") or {}
        have = int(roll.get("successes", 0))
        action = str(roll.get("action", ""))
        if roll.get("effect") != "top":
            # a bottom effect: spend only to carry the Light the goal still needs in a late round
            if ("crystal" in ids and action == "light" and t.light_needed() > have and t.rounds_left() <= 2):
                return "crystal"
            return "resolve"
        need = self._need(t)
        if have >= need:
            return "resolve"
        short = need - have
        worth = self.top_value(t, action, str(roll.get("target") or ""))[0]
        threshold = int(roll.get("threshold", 99))
        failed = sum(1 for d in roll.get("dice") or [] if int(d.get("face", 0)) < threshold)
        here = 0 if t.no_spend else int(t.crystals.get(action, 0))
        adders = [o for o in ids if self._verb(o) == "boon" and not self._is_reroll(t, o)]
        sure = here + t.boon_count("add_successes")
        if short <= sure and "crystal" in ids and short <= (here if "crystal" in ids else 0) + len(adders):
            if worth >= short * CRYSTAL * 1.5:
                return "crystal"
        if short <= len(adders) and worth >= 2.0:
            return adders[0]
        # luck: dice thrown again, when they can close the gap that Crystals and Boons leave
        twigs = [o for o in ids if self._verb(o) == "boon" and self._is_reroll(t, o)]
        others = sum(t.crystals.values()) - int(t.crystals.get(action, 0))
        luma = "luma:reroll" in ids and t.v.get("luma", {}).get("side") == "luma-and-brom" and others > 0
        budget = 2 * len(twigs) + (min(others, 3 if worth >= GOAL_STEP else 1) if luma else 0)
        natural = sum(1 for d in roll.get("dice") or [] if int(d.get("face", 0)) >= threshold)
        # Crystals only count once a die has succeeded: with none, luck must bring the first one
        gap = max(short - sure, 1 if natural == 0 and here else 0)
        if 0 < gap <= min(failed, budget) and worth >= 2.0:
            if twigs and (gap >= 2 or not luma):
                return twigs[0]
            if luma:
                return "luma:reroll"
        if "crystal" in ids and short <= here + len(adders) and worth >= short * CRYSTAL * 1.5:
            return "crystal"
        return "resolve"                      # out of reach: keep the Crystals

    def _is_reroll(self, t: Table, option: str) -> bool:
        card = t.card(self._arg(option))
        return card is not None and any(e.do == "reroll" for e in card.use)

    def _reroll(self, t: Table, ids: list[str], decision: Any) -> str:
        roll = t.v.get("roll") or {}
        threshold = int(roll.get("threshold", 99))
        dice = roll.get("dice") or []
        failing = [(d["face"] - d["size"], i) for i, d in enumerate(dice) if d["face"] < threshold]
        if not failing:
            return "done"
        # the die with the best chance on a new roll: the biggest among the failures
        _, i = min(failing, key=lambda x: (-(dice[x[1]]["size"]), x[1]))
        return make_id("die", (i,)) if make_id("die", (i,)) in ids else "done"

    def _fallback(self, t: Table, ids: list[str], decision: Any) -> str:
        roll = t.v.get("roll") or {}
        n = int(roll.get("successes", 0))
        return "bottom" if self.bottom_value(t, str(roll.get("action", "")), n) >= 0 else "nothing"

    # ------------------------------------------------------------------ Crystals
    def crystal_order(self, t: Table) -> list[str]:
        """Action cards by how much a Crystal on them is worth now, best first."""
        order = ["heal"]
        key = self.key_action(t)
        if key and key not in order:
            order.append(key)
        for name in ("help", "explore", "light", "heal"):
            if name not in order:
                order.append(name)
        return order

    def _place_crystal(self, t: Table, ids: list[str], decision: Any) -> str | None:
        for name in self.crystal_order(t):
            if make_id("crystal", (name,)) in ids:
                return make_id("crystal", (name,))
        return None      # no Action card offered: not a choice this bot knows

    def _lose_crystal(self, t: Table, ids: list[str], decision: Any) -> str | None:
        for name in reversed(self.crystal_order(t)):
            if make_id("crystal", (name,)) in ids:
                return make_id("crystal", (name,))
        return None

    def _pay_crystal(self, t: Table, ids: list[str], decision: Any) -> str | None:
        # a reroll is paid from another card than the one whose Crystals may still be spent
        current = (t.v.get("roll") or {}).get("action")
        rest = [o for o in ids if self._arg(o) != current] or ids
        return self._lose_crystal(t, rest, decision)

    # ------------------------------------------------------------------ cards
    def _keep_explore(self, t: Table, ids: list[str], decision: Any) -> str:
        return max(ids, key=lambda o: (t.keep_value(self._arg(o)), -ids.index(o)))

    def _make_room(self, t: Table, ids: list[str], decision: Any) -> str:
        cards = []
        for o in ids:
            ident = self._arg(o)
            if ident not in cards:
                cards.append(ident)
        worst = min(cards, key=lambda c: (t.keep_value(c), cards.index(c)))
        use = make_id("use", (worst,))
        return use if use in ids else make_id("discard", (worst,))

    def _choose_creature(self, t: Table, ids: list[str], decision: Any) -> str:
        entries = {e.get("card"): (i, e) for i, e in t.creatures()}
        discarding = (decision.data or {}).get("purpose") == "discard"

        def worth(option: str) -> tuple[float, int]:
            i, e = entries.get(self._arg(option), (7, {}))
            if discarding:      # rid the River of the one hardest to heal, or the one that hurts most
                return (t.icons(e) * 2.0 + t.creature_harm(e), -i) if e else (0.0, -i)
            return (float(t.loss(e)) if e else 0.0, -i)

        return max(ids, key=worth)

    def _choose_action_card(self, t: Table, ids: list[str], decision: Any) -> str:
        spaces = {o: t.space_of(self._arg(o)) for o in ids}
        if (decision.data or {}).get("step") == -1:          # one space to the left
            key = self.key_action(t)
            if key and make_id("action", (key,)) in ids:
                return make_id("action", (key,))
            return min(ids, key=lambda o: (-spaces[o], ids.index(o)))
        # to the end of the River: the card furthest back loses least
        return max(ids, key=lambda o: (spaces[o], -ids.index(o)))

    def _shadow_boon(self, t: Table, ids: list[str], decision: Any) -> str:
        last_round = t.shadow - 1 <= t.middle
        for option in ids:
            if self._verb(option) == "boon":
                card = t.card(self._arg(option))
                if card is None:
                    continue
                if any(e.do == "shadow_back" for e in card.use) and last_round:
                    return option
                if any(e.do == "blind" for e in card.use) and t.coming_loss() >= 2:
                    return option
                if any(e.do == "gain_spirit" for e in card.use) and t.spirit < t.coming_loss():
                    return option
        return "continue" if "continue" in ids else ids[-1]

    def _last_shadow(self, t: Table, ids: list[str], decision: Any) -> str:
        # Brom stands in for the chapter's last doubt: no Shadow card, and he comes back later
        return next((o for o in ids if self._verb(o) == "luma"), "draw")

    def _scene_break(self, t: Table, ids: list[str], decision: Any) -> str:
        return ids[0]      # the one option the break offers: open the next scene
