"""Map Phase (TG-019..TG-023; rulings T-13, T-21; difficulty 9, TG-122)."""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from .ambush import resolve_together
from .decks import draw_map, to_side
from .effects import run_effects
from .model import NIGHT
from .modifiers import modifier
from .registry import steps
from .state import TanglewoodsState


@steps.auto("map_phase")
def map_phase(s: TanglewoodsState) -> None:
    """Draw as many maps as your Strategy from the top; all their ambushes resolve before the
    choice (TG-028, ruling T-21)."""
    s.phase = "map"
    s.day_drawn = False
    n = max(1, s.strategy + modifier(s, "map_draws"))
    night_first_round = s.round == 1 and 9 in s.levels
    for _ in range(n):
        code = draw_map(s)
        if code is None:
            break
        if night_first_round:
            code = to_side(code, NIGHT)
        if code & 1 == 0:
            s.day_drawn = True
        s.map_drawn.append(code)
        s.emit("draw", deck="map", card=s.content.maps[code >> 1].id, side=code & 1)
    s.push("choose_map")
    resolve_together(s, "ambush", [("map", c) for c in s.map_drawn])


@steps.ask("choose_map", kind="choose_map", rule="Map Phase, TG-019")
def ask_map(s: TanglewoodsState) -> Ask | None:
    c = s.content
    # a pure function of (pack, map and side): built once per game and looked up
    made: dict[int, Option] | None = s.game.memo.get("map_options")  # type: ignore[assignment]
    if made is None:
        made = s.game.memo["map_options"] = {}
    opts = []
    for code in s.map_drawn:
        option = made.get(code)
        if option is None:
            f = c.map_face(code)
            need = " ".join(f.directions) or "nothing"
            extra = (" [merchant]" if f.merchant else "") + (f" {f.text}" if f.text else "")
            option = made[code] = Option.of(
                "map", c.maps[code >> 1].id, label=f"{f.name} ({'night' if code & 1 else 'day'}): needs {need}{extra}",
                data={"side": "night" if code & 1 else "day", "needs": list(f.directions), "merchant": bool(f.merchant)})
        opts.append(option)
    return "Map phase: choose the map to follow this round", opts, {"maps": [c.maps[x >> 1].id for x in s.map_drawn]}


@steps.answer("choose_map")
def answer_map(s: TanglewoodsState, choice: str) -> None:
    idx = s.content.map_by_id[choice.split(":", 1)[1]]
    code = next(c for c in s.map_drawn if c >> 1 == idx)
    s.map_drawn.remove(code)
    s.active_map = code
    s.map_complete = False              # a new map starts uncompleted, its Special included (TG-039)
    s.map_discard.extend(s.map_drawn)   # discarded with the side they show (ruling T-11)
    s.map_drawn.clear()
    s.emit("choose_map", card=s.content.maps[idx].id, side=code & 1)
    run_effects(s, s.content.map_face(code).special, ("map", code))
