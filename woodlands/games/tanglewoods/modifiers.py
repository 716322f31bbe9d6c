"""Ongoing modifiers and the effective numbers of enemies (rulings T-14, T-18, T-21)."""
from __future__ import annotations

from .model import Face, HeroSide
from .state import TanglewoodsState

# Names accepted by the "modify" primitive: what each changes.  Documented in docs/content-packs.md.
MODIFIERS = {
    "enemy_damage": "Damage of every undefeated enemy",
    "enemy_health": "Health of every enemy",
    "bribe_cost": "every Bribe (never below 0)",
    "damage_suffered": "the total you lose in Suffer Damage (never below 0)",
    "recover": "how many dice Recover Dice returns",
    "strategy_passes": "how many Strategy phase passes you may take",
    "forest_draws": "how many forest cards you may draw before you must place one",
    "map_draws": "how many map cards the Map phase draws",
    "buy_cost": "the price of shop items (never below 0)",
    "reward_gold": "gold gained each time you defeat an enemy",
    "crit_damage": "damage dealt by each crit you apply",
}


def _faces_in_play(s: TanglewoodsState) -> list[Face | HeroSide]:
    """Every face whose ongoing effects hold now: hero, inventory, defeated bears, active map,
    undefeated tableau cards."""
    c = s.game.content
    faces: list[Face | HeroSide] = []
    if s.hero >= 0:
        side = c.grimm if s.grimm else c.heroes[s.hero].sides[s.hero_side]
        faces.append(side)
    items = c.items
    for code in s.inventory:
        faces.append(items[code >> 1].faces[code & 1])
    forest = c.forest
    for idx in s.bears_won:
        faces.append(forest[idx].faces[1])
    if s.active_map >= 0:
        faces.append(c.maps[s.active_map >> 1].faces[s.active_map & 1])
    elif s.visit_map >= 0:        # T-24: discarded, but its merchant visit is still going on
        faces.append(c.maps[s.visit_map >> 1].faces[s.visit_map & 1])
    defeated = s.defeated
    for i, code in enumerate(s.tableau):
        if not defeated[i]:
            faces.append(forest[code >> 1].faces[code & 1])
    return faces


def _where(s: TanglewoodsState, name: str) -> tuple[bool, bool, bool, bool, bool]:
    """Which kinds of card in this pack carry modifier ``name`` at all (hero, item, bear, map,
    forest card): the others need not be walked.  Memoised per game."""
    key = ("modifier_sources", name)
    hit = s.game.memo.get(key)
    if hit is None:
        c = s.game.content
        heroes = [side for h in c.heroes for side in h.sides] + [c.grimm]
        hit = (any(name in side.mods for side in heroes),
               any(name in f.mods for card in c.items for f in card.faces),
               any(name in c.forest[b].faces[1].mods for b in c.bears),
               any(name in f.mods for card in c.maps for f in card.faces),
               any(name in f.mods for card in c.forest for f in card.faces))
        s.game.memo[key] = hit
    return hit  # type: ignore[return-value]


def modifier(s: TanglewoodsState, name: str) -> int:
    """The sum of modifier ``name`` over everything in play and this round's effects.

    Hot: called for every draw limit, pass count and enemy number, so it walks only the kinds
    of card that can carry it, directly (same sources as :func:`_faces_in_play`)."""
    c = s.game.content
    hero, items, bears, maps, forest_cards = _where(s, name)
    total = 0
    if hero and s.hero >= 0:
        side = c.grimm if s.grimm else c.heroes[s.hero].sides[s.hero_side]
        total += side.mods.get(name, 0)
    if items:
        for code in s.inventory:
            total += c.items[code >> 1].faces[code & 1].mods.get(name, 0)
    forest = c.forest
    if bears:
        for idx in s.bears_won:
            total += forest[idx].faces[1].mods.get(name, 0)
    if maps:
        if s.active_map >= 0:
            total += c.maps[s.active_map >> 1].faces[s.active_map & 1].mods.get(name, 0)
        elif s.visit_map >= 0:    # T-24: the completed map's effect lasts through its visit
            total += c.maps[s.visit_map >> 1].faces[s.visit_map & 1].mods.get(name, 0)
    if forest_cards:
        defeated = s.defeated
        for i, code in enumerate(s.tableau):
            mods = forest[code >> 1].faces[code & 1].mods
            if mods and not defeated[i]:
                total += mods.get(name, 0)
    for kind, _target, amount in s.round_mods:
        if kind == name:
            total += amount
    return total


def has_flag(s: TanglewoodsState, do: str) -> bool:
    for face in _faces_in_play(s):
        if do in face.flags:
            return True
    return False


def is_boss(s: TanglewoodsState, code: int) -> bool:
    return s.content.forest[code >> 1].kind == "bear"


def is_enemy(s: TanglewoodsState, code: int) -> bool:
    """Minions and bears are enemies; fables are not (they have no Health: ruling T-4)."""
    return s.content.forest_face(code).health is not None


def _growth(s: TanglewoodsState, code: int) -> int:
    """Baby Bear's second ambush: +1 per non-boss enemy in the tableau, defeated ones included."""
    idx = code >> 1
    grows = sum(a for kind, target, a in s.round_mods if kind == "grow" and target == idx)
    if not grows:
        return 0
    n = sum(1 for t in s.tableau if is_enemy(s, t) and not is_boss(s, t))
    return grows * n


def enemy_health(s: TanglewoodsState, slot: int, bonus: int | None = None) -> int:
    """Damage needed to defeat the enemy in tableau ``slot`` (ruling T-18: Papa Bear's ambush
    makes each enemy need more damage; it does not weaken the dice)."""
    code = s.tableau[slot]
    base = s.content.forest_face(code).health or 0
    if bonus is None:
        bonus = health_bonus(s)
    return max(1, base + bonus + _growth(s, code))


def health_bonus(s: TanglewoodsState) -> int:
    """What every enemy's Health gains now (modifiers and Papa Bear's toughness); callers that
    look at many enemies compute it once."""
    return modifier(s, "enemy_health") + sum(a for kind, _t, a in s.round_mods if kind == "toughness")


def enemy_damage(s: TanglewoodsState, slot: int) -> int:
    code = s.tableau[slot]
    base = s.content.forest_face(code).damage
    return max(0, base + modifier(s, "enemy_damage") + _growth(s, code))


def bribe_cost(s: TanglewoodsState, slot: int, change: int | None = None) -> int | None:
    bribe = s.content.forest_face(s.tableau[slot]).bribe
    if bribe is None:
        return None
    return max(0, bribe + (modifier(s, "bribe_cost") if change is None else change))
