"""Items and hero abilities the player may use in a window (the "use" timing)."""
from __future__ import annotations

from ...engine.decision import Option
from .effects import run_effects
from .state import TanglewoodsState


#: the "use" options of item sides by code and the ability options of hero sides by key
_UseOptions = tuple[dict[int, Option], dict[int, Option]]


def use_options(s: TanglewoodsState, window: str) -> list[Option]:
    """The items in hand and the hero's ability that may be used now, in ``window``."""
    # asked on every Forest and Strategy decision, so each card's option is built once per game
    # and window (it depends on nothing else) and looked up here
    made: _UseOptions | None = s.game.memo.get(("use_options", window))  # type: ignore[assignment]
    if made is None:
        made = s.game.memo[("use_options", window)] = _use_options_of(s, window)
    items, heroes = made
    opts = []
    for code in s.inventory:
        option = items.get(code)
        if option is not None:
            opts.append(option)
    if s.hero >= 0 and "ability" not in s.used:
        option = heroes.get(-1 if s.grimm else s.hero * 2 + s.hero_side)
        if option is not None:
            opts.append(option)
    return opts


def _use_options_of(s: TanglewoodsState, window: str) -> _UseOptions:
    """The "use" option of each item side (by code) and the ability option of each hero side
    (by ``hero * 2 + side``, -1 for the Brothers Grimm) usable in ``window``."""
    c = s.game.content
    items: dict[int, Option] = {}
    for idx, card in enumerate(c.items):
        for side, face in enumerate(card.faces):
            if face.use and any(e.window == window for e in face.use):
                items[idx * 2 + side] = Option("use:" + card.id, f"Use {face.name}: {face.text}", "use", (card.id,),
                                               {"name": face.name})
    heroes: dict[int, Option] = {}
    sides = [(h * 2 + i, hs) for h, hero in enumerate(c.heroes) for i, hs in enumerate(hero.sides)] + [(-1, c.grimm)]
    for key, hs in sides:
        if window in hs.use_windows:
            heroes[key] = Option("ability", f"Use {hs.name}'s ability (once a round): {hs.text}", "ability", (),
                                 {"name": hs.name})
    return items, heroes


def apply_use(s: TanglewoodsState, choice: str, window: str) -> None:
    """Single-use items are discarded (keeping their side); the hero's ability is once a round."""
    c = s.content
    if choice == "ability":
        side = c.grimm if s.grimm else c.heroes[s.hero].sides[s.hero_side]
        s.used.append("ability")
        s.emit("use", what="ability", hero=side.name)
        run_effects(s, tuple(e for e in side.ability if e.when == "use" and e.window == window), ("hero", s.hero))
        return
    item_id = choice.split(":", 1)[1]
    idx = c.item_by_id[item_id]
    code = next(x for x in s.inventory if x >> 1 == idx)
    s.inventory.remove(code)
    s.item_discard.append(code)
    s.emit("use", what="item", item=item_id)
    s.push("settle_defeats")   # its ongoing bonus, if any, is gone
    run_effects(s, tuple(e for e in c.item_face(code).use if e.window == window), ("item", code))
