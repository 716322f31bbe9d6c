"""Ambush effects and other effects that happen together (TG-025..TG-029; rulings T-13, T-21).

Cards whose effects come due at the same moment (several maps drawn at once, the After effects
of the map and the tableau) are resolved one card at a time in the order the player picks.
A card that left play, or turned over, before its turn resolves nothing (TG-027).  Anything an
ambush reveals, by a draw or a flip, does not ambush in turn (TG-026): ``ambush_depth`` counts
the ambushes being resolved, and draws made meanwhile do not fire.
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from ...engine.steps import push_in_order
from .effects import run_effect, run_effects, source_id
from .model import Effect, Face
from .registry import steps
from .state import TanglewoodsState

Entry = tuple[str, int]   # (zone, card code)


def face_of(s: TanglewoodsState, entry: Entry) -> Face:
    zone, code = entry
    return s.content.map_face(code) if zone == "map" else s.content.forest_face(code)


def still_there(s: TanglewoodsState, when: str, entry: Entry) -> bool:
    """TG-027: the card must still be where it was, showing the same side."""
    zone, code = entry
    if zone == "map":
        return code in s.map_drawn or s.active_map == code
    if when == "ambush":
        return code in s.drawn or code in s.tableau
    return code in s.tableau


def effects_of(s: TanglewoodsState, when: str, entry: Entry) -> tuple[Effect, ...]:
    face = face_of(s, entry)
    return face.ambush if when == "ambush" else face.after


def resolve_together(s: TanglewoodsState, when: str, entries: list[Entry]) -> None:
    """Queue the ``when`` effects of ``entries``, which came due together."""
    due = tuple(e for e in entries if effects_of(s, when, e))
    if due:
        s.push("simultaneous", when, due)


@steps.ask("simultaneous", kind="order_effects", rule="TG-028, ruling T-13", auto=True)
def ask_order(s: TanglewoodsState, when: str, due: tuple[Entry, ...]) -> Ask | None:
    live = [e for e in due if still_there(s, when, e)]
    if len(live) <= 1:
        if live:
            _resolve_one(s, when, live[0])
        return None
    opts = [Option.of("first", source_id(s, ('map' if z == 'map' else 'forest', c)),
                      label=f"Resolve {face_of(s, (z, c)).name} first: " + "; ".join(x.text or x.do for x in effects_of(s, when, (z, c))))
            for z, c in live]
    return f"Several {when} effects are due together: which resolves first?", opts, {"when": when}


@steps.answer("simultaneous")
def answer_order(s: TanglewoodsState, choice: str, when: str, due: tuple[Entry, ...]) -> None:
    card_id = choice.split(":", 1)[1]
    live = [e for e in due if still_there(s, when, e)]
    first = next(e for e in live if source_id(s, ("map" if e[0] == "map" else "forest", e[1])) == card_id)
    rest = tuple(e for e in live if e != first)
    s.push("simultaneous", when, rest)
    _resolve_one(s, when, first)


def _resolve_one(s: TanglewoodsState, when: str, entry: Entry) -> None:
    zone, code = entry
    src = ("map" if zone == "map" else "forest", code)
    effs = effects_of(s, when, entry)
    if when == "ambush":
        s.emit("ambush", card=source_id(s, src))
        push_in_order(s.stack, [("ambush_begin",)] + [("ambush_effect", e, entry) for e in effs] + [("ambush_end",)])
    else:
        run_effects(s, effs, src)


@steps.auto("ambush_effect")
def ambush_effect(s: TanglewoodsState, eff: Effect, entry: Entry) -> None:
    """One effect of an ambush.  TG-027: if an earlier effect removed the card, or turned it
    over so this effect is no longer showing, it is not carried out."""
    if not still_there(s, "ambush", entry):
        s.emit("ambush_cancelled", card=source_id(s, entry), do=eff.do)
        return
    run_effect(s, eff, entry)


@steps.auto("ambush_begin")
def ambush_begin(s: TanglewoodsState) -> None:
    s.ambush_depth += 1


@steps.auto("ambush_end")
def ambush_end(s: TanglewoodsState) -> None:
    s.ambush_depth -= 1
