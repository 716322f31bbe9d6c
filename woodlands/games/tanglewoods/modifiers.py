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


def modifier_in_play(s: TanglewoodsState, name: str) -> int:
    """The sum of modifier ``name`` over everything in play (:func:`_faces_in_play`) and this
    round's effects: the rule as written.  :func:`modifier` computes the same, faster; a test
    holds the two equal at every decision of many random games."""
    total = sum(face.mods.get(name, 0) for face in _faces_in_play(s))
    return total + sum(amount for kind, _target, amount in s.round_mods if kind == name)


#: ``Game.memo`` key of the per-pack tables of :func:`_carriers`, by modifier name
_CARRIERS = "modifier_carriers"

_Carriers = tuple[dict[int, int], int, dict[int, int], dict[int, int], dict[int, int], dict[int, int], frozenset[int]]


def _carriers(s: TanglewoodsState, name: str) -> _Carriers:
    """What each card of this pack adds to modifier ``name``, only for the cards and sides that
    carry it: hero sides (by ``hero * 2 + side``), the Brothers Grimm, items (by code), won bears
    (by index), maps (by code) and forest cards (by code, and the set of those codes).  A pure
    function of the pack, so built once per game and modifier name and kept in ``Game.memo``."""
    tables: dict[str, _Carriers] = s.game.memo.setdefault(_CARRIERS, {})  # type: ignore[assignment]
    c = s.game.content
    forest = {i * 2 + side: f.mods[name] for i, card in enumerate(c.forest)
              for side, f in enumerate(card.faces) if name in f.mods}
    made = tables[name] = (
        {h * 2 + i: side.mods[name] for h, hero in enumerate(c.heroes)
         for i, side in enumerate(hero.sides) if name in side.mods},
        c.grimm.mods.get(name, 0),
        {i * 2 + side: f.mods[name] for i, card in enumerate(c.items)
         for side, f in enumerate(card.faces) if name in f.mods},
        {b: c.forest[b].faces[1].mods[name] for b in c.bears if name in c.forest[b].faces[1].mods},
        {i * 2 + side: f.mods[name] for i, card in enumerate(c.maps)
         for side, f in enumerate(card.faces) if name in f.mods},
        forest, frozenset(forest))
    return made


def modifier(s: TanglewoodsState, name: str) -> int:
    """The sum of modifier ``name`` over everything in play and this round's effects
    (:func:`modifier_in_play`, the same sources).

    Hot: asked for every draw limit, pass count and enemy number, about a hundred times a
    random game, so rather than walk every face in play it looks up only the few cards of the
    pack that carry ``name`` (:func:`_carriers`); most tableaus hold none of them, which one
    set operation tells."""
    tables = s.game.memo.get(_CARRIERS)
    carriers = tables.get(name) if tables is not None else None   # type: ignore[attr-defined]
    heroes, grimm, items, bears, maps, forest, forest_codes = carriers or _carriers(s, name)
    total = 0
    if s.hero >= 0:
        total += grimm if s.grimm else heroes.get(s.hero * 2 + s.hero_side, 0)
    if items:
        for code in s.inventory:
            total += items.get(code, 0)
    if bears:
        for idx in s.bears_won:
            total += bears.get(idx, 0)
    if maps:
        if s.active_map >= 0:
            total += maps.get(s.active_map, 0)
        elif s.visit_map >= 0:    # T-24: the completed map's effect lasts through its visit
            total += maps.get(s.visit_map, 0)
    if not forest_codes.isdisjoint(s.tableau):
        defeated = s.defeated
        for i, code in enumerate(s.tableau):
            if code in forest and not defeated[i]:
                total += forest[code]
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


def enemy_codes(s: TanglewoodsState) -> frozenset[int]:
    """The forest card codes (card and side) that are enemies (:func:`is_enemy`): a pure
    function of the pack, built once per game, for the loops that look at every tableau card
    several times a decision."""
    hit = s.game.memo.get("enemy_codes")
    if hit is None:
        forest = s.game.content.forest
        hit = s.game.memo["enemy_codes"] = frozenset(
            code for code in range(2 * len(forest)) if is_enemy(s, code))
    return hit  # type: ignore[return-value]


def _growth(s: TanglewoodsState, code: int) -> int:
    """Baby Bear's second ambush: +1 per non-boss enemy in the tableau, defeated ones included."""
    idx = code >> 1
    grows = 0
    for kind, target, a in s.round_mods:    # a loop, not sum() of a generator: asked per enemy, mostly of no mods
        if kind == "grow" and target == idx:
            grows += a
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
    bonus = modifier(s, "enemy_health")
    for kind, _t, a in s.round_mods:    # Papa Bear's toughness
        if kind == "toughness":
            bonus += a
    return bonus


def enemy_damage(s: TanglewoodsState, slot: int, change: int | None = None) -> int:
    """The Damage of the enemy in tableau ``slot`` now; ``change``: the enemy_damage modifier,
    when the caller looks at many enemies and has worked it out."""
    code = s.tableau[slot]
    base = s.content.forest_face(code).damage
    return max(0, base + (modifier(s, "enemy_damage") if change is None else change) + _growth(s, code))


def bribe_cost(s: TanglewoodsState, slot: int, change: int | None = None) -> int | None:
    bribe = s.content.forest_face(s.tableau[slot]).bribe
    if bribe is None:
        return None
    return max(0, bribe + (modifier(s, "bribe_cost") if change is None else change))
