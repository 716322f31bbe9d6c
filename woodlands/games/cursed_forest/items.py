"""13. Using Items and Spells (CF-049) and the Glossary of Special Items (CF-100..CF-107).

An item is used on its owner's turn for the AP shown on it; spells and potions are single use
(our content schema insists), except a character with ``reusable_spells`` keeps spells (CF-049);
the Lauriel seed casts spells for nothing (CF-054).  Tag partners use nothing (CF-034).
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.presentation import plural
from .actions import handles, offers
from .forest import here
from .inventory import active_items, discard, item, item_by_uid
from .model import EDGES, Item
from .poison import cure, is_poisoned
from .registry import steps
from .turns import available_ap, spend_ap
from .state import CursedForestState


def ap_cost(s: CursedForestState, a: int, it: Item) -> int:
    if it.spell and s.content.seed_by_power.get("free-spells", -1) in s.seeds[a]:
        return 0
    return it.ap


def spend(s: CursedForestState, a: int, i: int) -> None:
    """Pay the AP; a single-use item is gone afterwards, unless a reusable spell (CF-049)."""
    it = item(s, i)
    spend_ap(s, a, ap_cost(s, a, it))   # off its turn, from the next one (CF-035, CF-095)
    if i not in s.shown:
        s.shown.append(i)
    if it.single_use and not (it.spell and "reusable_spells" in s.content.characters[s.char[a]].powers):
        discard(s, a, i, "used")


def turn_face_up(s: CursedForestState, a: int, i: int) -> None:
    """C-22: an item that is used shows itself to the whole table, as if its owner turned it
    (the same ``show`` event, so every seat's view and log agree on it)."""
    if i not in s.shown:
        s.shown.append(i)
        s.emit("show", adventurer=a, item=item(s, i).id)


def usable(s: CursedForestState, a: int) -> list[tuple[int, Item]]:
    ap = available_ap(s, a)
    return [(i, item(s, i)) for i in active_items(s, a) if ap_cost(s, a, item(s, i)) <= ap]


def heal_options(s: CursedForestState, a: int, ready: list[tuple[int, Item]] | None = None) -> list[Option]:
    opts = []
    for _i, it in usable(s, a) if ready is None else ready:
        e = it.ability("heal")
        if e is not None and (s.health[a] < s.max_health[a] or e.get("cure") and is_poisoned(s, a)):
            opts.append(Option.of("use", it.id, label=f"Use {it.name} ({ap_cost(s, a, it)} AP)",
                                  data={"ap": ap_cost(s, a, it), "effect": "heal", "amount": e.get("amount")}))
        elif it.ability("cure_poison") is not None and is_poisoned(s, a):
            opts.append(Option.of("use", it.id, label=f"Use {it.name} to cure your poison ({ap_cost(s, a, it)} AP)",
                                  data={"ap": ap_cost(s, a, it), "effect": "cure_poison"}))
    ch = s.content.characters[s.char[a]]
    e = ch.ability("cure_poison")
    if e is not None and available_ap(s, a) >= e.get("ap"):
        for b in range(s.n):
            if s.pos[b] == s.pos[a] and is_poisoned(s, b):
                from .names import who
                whose = "your" if b == a else f"{who(s, b)}'s"
                opts.append(Option.of("cure", b, label=f"{ch.name} cures {whose} poison ({e.get('ap')} AP)",
                                      data={"ap": e.get("ap"), "effect": "cure_poison"}))
    return opts


@offers("turn")
def offer_items(s: CursedForestState, a: int) -> list[Option]:
    if s.pos[a] is None:
        return []
    ready = usable(s, a)
    if not ready and s.content.characters[s.char[a]].ability("cure_poison") is None:
        return []
    opts = heal_options(s, a, ready)
    from .ranged import targets
    p = here(s, a)
    crossbows = []
    for i, it in ready:
        if it.attack == "ranged":
            if "crossbow" in it.tags:
                crossbows.append(i)
            for d, dist, _q in targets(s, a, it.range_min, it.range_max):
                opts.append(Option.of("shoot", it.id, EDGES[d], dist,
                                      label=f"Shoot {it.name} {EDGES[d]} at range {dist} ({ap_cost(s, a, it)} AP, {plural(it.damage_dice, 'die', 'dice')})",
                                      data={"ap": ap_cost(s, a, it), "dice": it.damage_dice}))
        if it.ability("line_blast") is not None:
            from .ranged import line
            for d in range(4):
                if line(s, p, d):
                    opts.append(Option.of("use", it.id, EDGES[d], label=f"Cast {it.name} {EDGES[d]} ({ap_cost(s, a, it)} AP)",
                                          data={"ap": ap_cost(s, a, it), "effect": "line_blast"}))
        if it.ability("fish_swamp") is not None and s.tile_token[p] and s.content.tiles[s.placed[p]].kind == "swamp":
            opts.append(Option.of("use", it.id, label=f"Fish the swamp with {it.name} ({ap_cost(s, a, it)} AP)",
                                  data={"ap": ap_cost(s, a, it), "effect": "fish_swamp"}))
    twin = s.content.characters[s.char[a]].ability("twin_crossbows")
    if twin is not None and len(crossbows) >= 2 and s.ap[a] >= twin.get("ap"):
        it = item(s, crossbows[0])
        for d, dist, _q in targets(s, a, it.range_min, it.range_max):
            opts.append(Option.of("shoot", "twin", EDGES[d], dist,
                                  label=f"Fire both crossbows {EDGES[d]} at range {dist} ({twin.get('ap')} AP)",
                                  data={"ap": twin.get("ap"), "dice": 2 * it.damage_dice}))
    return opts


@offers("fight")
def offer_fight_items(s: CursedForestState, a: int) -> list[Option]:
    opts = heal_options(s, a)   # the fighter, even off its turn (CF-035: a partner who took over)
    for _i, it in usable(s, a):
        if it.ability("halve_monster_health") is not None and s.f_kind == "monster" and not \
                s.content.monsters[s.f_monster].sides[s.f_side].boss and s.f_health > 1:
            opts.append(Option.of("use", it.id, label=f"Use {it.name}: the foe keeps half its health ({ap_cost(s, a, it)} AP)",
                                  data={"ap": ap_cost(s, a, it), "effect": "halve_monster_health"}))
        if it.ability("enchant_weapon") is not None and s.f_enchant < 0:
            for w in active_items(s, a):
                if "weapon" in item(s, w).tags and item(s, w).attack == "fight":
                    bonus = it.ability("enchant_weapon").get("bonus")  # type: ignore[union-attr]
                    opts.append(Option.of("use", it.id, item(s, w).id, label=f"Enchant {item(s, w).name} (+{bonus}, "
                                          f"{ap_cost(s, a, it)} AP; the weapon is lost after the fight)",
                                          data={"ap": ap_cost(s, a, it), "effect": "enchant_weapon", "bonus": bonus}))
    return opts


@handles("use")
def use(s: CursedForestState, a: int, args: list[str]) -> None:
    i = item_by_uid(s, args[0])
    it = item(s, i)
    spend(s, a, i)
    s.emit("use", adventurer=a, item=it.id, name=it.name)
    e = it.ability("heal")
    if e is not None:
        before = s.health[a]
        amount = e.get("amount") or s.max_health[a]
        s.health[a] = min(s.max_health[a], s.health[a] + amount)
        s.emit("heal", adventurer=a, amount=s.health[a] - before, source=it.id)
        if e.get("cure"):
            cure(s, a, it.id)   # CF-039: a healing item cures poison
    if it.ability("cure_poison") is not None:
        cure(s, a, it.id)
    if it.ability("halve_monster_health") is not None:
        before = s.f_health
        s.f_health = (s.f_health + 1) // 2   # CF-103: half, rounded up
        s.emit("dragon_scent", health_before=before, health=s.f_health)
    e = it.ability("enchant_weapon")
    if e is not None:
        s.f_enchant = item_by_uid(s, args[1])
        s.f_enchant_bonus = e.get("bonus")
        s.emit("enchant", adventurer=a, weapon=args[1], bonus=e.get("bonus"))
    e = it.ability("line_blast")
    if e is not None:
        from .ranged import flame
        flame(s, a, EDGES.index(args[1]), e.get("dice"))
    e = it.ability("fish_swamp")
    if e is not None:
        from .special_tiles import chance
        chance(s, a, "fish the swamp", "fish_result", e.get("success_min"), it.id)


@steps.auto("fish_result")
def fish_result(s: CursedForestState, a: int, success_min: int, uid: str) -> None:
    """CF-107: a catch is an item and the swamp is searched; a miss breaks the rod."""
    if s.last_roll >= success_min:
        from .special_tiles import gain_item
        s.tile_token[here(s, a)] = False
        gain_item(s, a)
    else:
        s.emit("item_breaks", adventurer=a, item=uid)


@handles("cure")
def cure_other(s: CursedForestState, a: int, args: list[str]) -> None:
    e = s.content.characters[s.char[a]].ability("cure_poison")
    assert e is not None
    spend_ap(s, a, e.get("ap"))
    cure(s, int(args[0]), s.content.characters[s.char[a]].id)


@handles("shoot")
def shoot_item(s: CursedForestState, a: int, args: list[str]) -> None:
    from .ranged import line, shoot
    d, dist = EDGES.index(args[1]), int(args[2])
    q = line(s, here(s, a), d)[dist - 1]
    if args[0] == "twin":
        twin = s.content.characters[s.char[a]].ability("twin_crossbows")
        assert twin is not None
        bows = [i for i in active_items(s, a) if "crossbow" in item(s, i).tags and item(s, i).attack == "ranged"][:2]
        s.ap[a] -= twin.get("ap")
        for bow in bows:
            turn_face_up(s, a, bow)
        s.emit("use", adventurer=a, item="twin crossbows", name="two crossbows")
        shoot(s, a, q, item(s, bows[0]).damage_dice, bows)
        return
    i = item_by_uid(s, args[0])
    spend(s, a, i)
    s.emit("use", adventurer=a, item=item(s, i).id, name=item(s, i).name)
    shoot(s, a, q, item(s, i).damage_dice, [i])
