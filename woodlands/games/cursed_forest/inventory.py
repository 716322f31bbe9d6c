"""12. Inventory Management (CF-040..CF-048): five spaces (two hands, boots, armour, backpack),
which items are active where, switching, dropping, picking up and trading, all for 0 AP."""
from __future__ import annotations

from typing import Any

from ...engine.decision import Option
from .actions import handles, offers
from .model import Item
from .registry import steps
from .state import ARMOUR, BACKPACK, BOOTS, EMPTY, HAND1, HAND2, NO_MONSTER, POISON, SPACES, CursedForestState
from .turns import free_actions_left, spend_free_action


def item(s: CursedForestState, i: int) -> Item:
    return s.content.items[i]


def one_handed(s: CursedForestState, a: int, it: Item) -> bool:
    """A two-handed crossbow fits one hand for a character who may (Sirja, CF-047)."""
    return "crossbow" in it.tags and "crossbow_one_handed" in s.content.characters[s.char[a]].powers


def needs_both_hands(s: CursedForestState, a: int, it: Item) -> bool:
    return it.slot == "two-handed" and not one_handed(s, a, it)


def carried(s: CursedForestState, a: int) -> list[int]:
    """Every item adventurer ``a`` holds, each once (a two-handed item fills two spaces)."""
    out: list[int] = []
    for x in s.inv[a]:
        if x >= 0 and x not in out:
            out.append(x)
    return out + s.extras[a]


def space_of(s: CursedForestState, a: int, i: int) -> int:
    return s.inv[a].index(i)


def is_active(s: CursedForestState, a: int, i: int) -> bool:
    """CF-040: an item with a symbol works only in its matching space; one with none works anywhere."""
    it = item(s, i)
    inv = s.inv[a]
    if it.slot in ("none", "backpack-only"):
        return True
    if it.slot == "boots":
        return inv[BOOTS] == i
    if it.slot == "armour":
        return inv[ARMOUR] == i
    if it.slot == "two-handed" and not one_handed(s, a, it):
        return inv[HAND1] == i and inv[HAND2] == i
    return inv[HAND1] == i or inv[HAND2] == i


def active_items(s: CursedForestState, a: int) -> list[int]:
    return [i for i in carried(s, a) if is_active(s, a, i)]


def armour_of(s: CursedForestState, a: int) -> int:
    return sum(item(s, i).armour for i in active_items(s, a))


def free_spaces(s: CursedForestState, a: int, it: Item) -> list[str]:
    """Where ``it`` could go now: names of empty spaces ("hands" for both hands at once)."""
    inv = s.inv[a]
    out = []
    if needs_both_hands(s, a, it):
        if inv[HAND1] == EMPTY and inv[HAND2] == EMPTY:
            out.append("hands")
    else:
        out += [SPACES[k] for k in (HAND1, HAND2) if inv[k] == EMPTY]
    if it.slot == "boots" and inv[BOOTS] == EMPTY:
        out.append("boots")
    if it.slot == "armour" and inv[ARMOUR] == EMPTY:
        out.append("armour")
    if inv[BACKPACK] == EMPTY:
        out.append("backpack")
    return out


def put(s: CursedForestState, a: int, i: int, space: str) -> None:
    it = item(s, i)
    if it.slot == "none":
        s.extras[a].append(i)
        return
    if space == "hands":
        s.inv[a][HAND1] = s.inv[a][HAND2] = i
    else:
        s.inv[a][SPACES.index(space)] = i


def take_out(s: CursedForestState, a: int, i: int) -> None:
    if i in s.extras[a]:
        s.extras[a].remove(i)
        return
    inv = s.inv[a]
    for k in range(5):
        if inv[k] == i:
            inv[k] = EMPTY


def discard(s: CursedForestState, a: int, i: int, why: str) -> None:
    """An item used up, broken or destroyed leaves the game."""
    if i in s.item_gone:
        return
    take_out(s, a, i)
    s.item_gone.append(i)
    if i not in s.shown:
        s.shown.append(i)
    s.emit("item_gone", adventurer=a, item=item(s, i).id, why=why)


def draw_item(s: CursedForestState) -> int:
    """Ruling C-12: an empty Items bag gives nothing."""
    if not s.item_bag:
        s.emit("bag_empty", bag="items")
        return -1
    i = s.item_bag.pop()
    s.emit("draw", what="item")
    return i


def monsters_on(s: CursedForestState, p: int) -> bool:
    return s.tile_monster[p] != NO_MONSTER or s.morna_at == p


# ------------------------------------------------------------------ stowing a new item (CF-031)
@steps.ask("stow_item", kind="stow_item", rule="9. Winning and Losing Fights, CF-031, CF-034", auto=True)
def ask_stow(s: CursedForestState, a: int, i: int, partner: int) -> tuple[str, list[Option], dict[str, Any]] | None:
    it = item(s, i)
    if it.slot == "none" and partner < 0:
        s.extras[a].append(i)
        s.emit("stow", adventurer=a, item=it.id, space="beside the card")
        return None
    from .names import space_words, who
    opts = [Option.of("stow", it.id, sp, label=f"Put {it.name} in {space_words(sp)}")
            for sp in ([] if it.slot == "none" else free_spaces(s, a, it))]
    if it.slot == "none":
        opts.append(Option.of("stow", it.id, "beside", label=f"Keep {it.name} beside the card"))
    if partner >= 0 and s.pos[partner] is not None and (it.slot == "none" or free_spaces(s, partner, it)):
        opts.append(Option.of("give", it.id, partner, label=f"Reward your tag partner ({who(s, partner)}) with {it.name}"))
    opts.append(Option.of("leave", it.id, label=f"Leave {it.name} on this tile"))
    return (f"You found {it.name} ({it.text or it.slot}). Where does it go?", opts,
            {"adventurer": a, "item": it.id, "partner": partner if partner >= 0 else None})


@steps.answer("stow_item")
def answer_stow(s: CursedForestState, choice: str, a: int, i: int, partner: int) -> None:
    verb, *rest = choice.split(":")
    arg = rest[-1]
    it = item(s, i)
    if verb == "stow":
        put(s, a, i, arg)
        s.emit("stow", adventurer=a, item=it.id, space=arg)
    elif verb == "give":
        b = int(arg)
        space = "beside" if it.slot == "none" else free_spaces(s, b, it)[0]
        put(s, b, i, space)
        s.emit("stow", adventurer=b, item=it.id, space=space, given_by=a)
    else:
        p = s.grid[s.pos[a]]  # type: ignore[index]
        s.tile_items[p].append(i)
        if i not in s.shown:
            s.shown.append(i)
        s.emit("drop", adventurer=a, item=it.id)


# ------------------------------------------------------------------ switching, dropping, trading (0 AP)
def _option(s: CursedForestState, verb: str, i: int, arg: str | int, it: Item) -> Option:
    """Options are immutable: each is made once per game (content) and shared."""
    key = ("inventory", verb, i, arg, s.char[arg] if isinstance(arg, int) else -1)   # a gift names its receiver
    memo = s.game.memo
    o = memo.get(key)
    if o is None:
        from .names import space_words, who
        where = space_words(arg) if isinstance(arg, str) else ""
        label = {"equip": f"Move {it.name} to {where}", "drop": f"Drop {it.name} here",
                 "give": f"Give {it.name} to {who(s, arg)}" if isinstance(arg, int) else "",
                 "pickup": f"Pick up {it.name} into {where}", "show": f"Turn {it.name} face up for all to see"}[verb]
        o = Option.of(verb, it.id, arg, label=label) if arg != "" else Option.of(verb, it.id, label=label)
        memo[key] = o
    return o  # type: ignore[return-value]


def free_inventory_options(s: CursedForestState, a: int) -> list[Option]:
    if not free_actions_left(s) or s.pos[a] is None:
        return []
    inv = s.inv[a]
    p = s.grid[s.pos[a]]  # type: ignore[index]
    held = carried(s, a)
    if not held and not s.tile_items[p] and POISON not in inv:
        return []
    opts = []
    others = [b for b in range(s.n) if b != a and s.pos[b] == s.pos[a]]
    for i in held:
        it = item(s, i)
        if it.slot != "none":
            current = "hands" if inv[HAND1] == i and inv[HAND2] == i else SPACES[space_of(s, a, i)]
            for sp in free_spaces(s, a, it):
                if sp != current:
                    opts.append(_option(s, "equip", i, sp, it))
        opts.append(_option(s, "drop", i, "", it))
        if i not in s.shown:   # C-9: kept face down unless the owner shows it
            opts.append(_option(s, "show", i, "", it))
        for b in others:
            if it.slot == "none" or free_spaces(s, b, it):
                opts.append(_option(s, "give", i, b, it))
    if s.tile_items[p] and not monsters_on(s, p):
        for i in s.tile_items[p]:
            it = item(s, i)
            for sp in ["beside"] if it.slot == "none" else free_spaces(s, a, it):
                opts.append(_option(s, "pickup", i, sp, it))
    if POISON in inv:
        memo = s.game.memo
        for k in range(5):
            if inv[k] == POISON:
                for t in range(5):
                    if inv[t] == EMPTY:
                        o = memo.get(("shift-poison", k, t))
                        if o is None:
                            from .names import space_words
                            o = memo[("shift-poison", k, t)] = Option.of(
                                "shift-poison", SPACES[k], SPACES[t],
                                label=f"Move a poison token from {space_words(SPACES[k])} to {space_words(SPACES[t])}")
                        opts.append(o)  # type: ignore[arg-type]
    return opts


@offers("turn")
def offer_inventory(s: CursedForestState, a: int) -> list[Option]:
    return free_inventory_options(s, a)


@offers("fight")
def offer_inventory_in_fight(s: CursedForestState, a: int) -> list[Option]:
    """CF-040: switching spaces, and CF-048: trading with someone on the tile, go on in a fight."""
    return [o for o in free_inventory_options(s, a) if not o.id.startswith(("pickup:", "drop:"))]


def item_by_uid(s: CursedForestState, uid: str) -> int:
    for it in s.content.items:
        if it.id == uid:
            return it.index
    raise KeyError(uid)


@handles("equip")
def equip(s: CursedForestState, a: int, args: list[str]) -> None:
    i = item_by_uid(s, args[0])
    take_out(s, a, i)
    put(s, a, i, args[1])
    spend_free_action(s)
    s.emit("equip", adventurer=a, item=args[0], space=args[1])


@handles("drop")
def drop(s: CursedForestState, a: int, args: list[str]) -> None:
    i = item_by_uid(s, args[0])
    take_out(s, a, i)
    s.tile_items[s.grid[s.pos[a]]].append(i)  # type: ignore[index]
    if i not in s.shown:
        s.shown.append(i)
    spend_free_action(s)
    s.emit("drop", adventurer=a, item=args[0])


@handles("give")
def give(s: CursedForestState, a: int, args: list[str]) -> None:
    i, b = item_by_uid(s, args[0]), int(args[1])
    take_out(s, a, i)
    it = item(s, i)
    put(s, b, i, "beside" if it.slot == "none" else free_spaces(s, b, it)[0])
    spend_free_action(s)
    s.emit("give", adventurer=a, to=b, item=args[0])


@handles("pickup")
def pickup(s: CursedForestState, a: int, args: list[str]) -> None:
    i = item_by_uid(s, args[0])
    s.tile_items[s.grid[s.pos[a]]].remove(i)  # type: ignore[index]
    put(s, a, i, args[1])
    spend_free_action(s)
    s.emit("pickup", adventurer=a, item=args[0], space=args[1])


@handles("show")
def show(s: CursedForestState, a: int, args: list[str]) -> None:
    i = item_by_uid(s, args[0])
    s.shown.append(i)
    spend_free_action(s)
    s.emit("show", adventurer=a, item=args[0])


@handles("shift-poison")
def shift_poison(s: CursedForestState, a: int, args: list[str]) -> None:
    """CF-037: poison tokens may be moved between spaces at any time."""
    s.inv[a][SPACES.index(args[0])] = EMPTY
    s.inv[a][SPACES.index(args[1])] = POISON
    spend_free_action(s)
    s.emit("shift_poison", adventurer=a, source=args[0], target=args[1])
