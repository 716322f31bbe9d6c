"""Items and hero abilities the player may use in a window (the "use" timing)."""
from __future__ import annotations

from ...engine.decision import Option
from .effects import run_effects
from .state import TanglewoodsState


def use_options(s: TanglewoodsState, window: str) -> list[Option]:
    c = s.game.content
    opts = []
    for code in s.inventory:
        face = c.items[code >> 1].faces[code & 1]
        if face.use and any(e.window == window for e in face.use):
            item_id = c.items[code >> 1].id
            opts.append(Option("use:" + item_id, f"Use {face.name}: {face.text}", "use", (item_id,), {"name": face.name}))
    if s.hero >= 0:
        side = c.grimm if s.grimm else c.heroes[s.hero].sides[s.hero_side]
        if window in side.use_windows and "ability" not in s.used:
            opts.append(Option("ability", f"Use {side.name}'s ability (once a round): {side.text}", "ability", (), {"name": side.name}))
    return opts


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
