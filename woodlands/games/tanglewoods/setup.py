"""Setup (TG-005..TG-011; rulings T-3, T-16)."""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from .gold import set_gold
from .registry import steps
from .state import TanglewoodsState


@steps.ask("choose_hero", kind="choose_hero", rule="Setup 1, TG-005")
def ask_hero(s: TanglewoodsState) -> Ask | None:
    if s.hero >= 0:
        return None
    opts = []
    for h in s.content.heroes:
        a, b = h.sides
        opts.append(Option.of("hero", h.id, label=f"{a.name} / {b.name}: Health {a.health}, Strategy {a.strategy}, "
                                                  f"Recovery {a.recovery}" + (" (universal)" if h.universal else ""),
                              data={"name": a.name, "health": a.health, "strategy": a.strategy,
                                    "recovery": a.recovery, "universal": h.universal,
                                    "start_side": None if h.start_side is None else "ab"[h.start_side]}))
    return "Choose your hero", opts, {"heroes": [h.id for h in s.content.heroes]}


@steps.answer("choose_hero")
def answer_hero(s: TanglewoodsState, choice: str) -> None:
    s.hero = s.content.hero_by_id[choice.split(":", 1)[1]]


@steps.ask("choose_side", kind="choose_side", rule="Setup 1, TG-005")
def ask_side(s: TanglewoodsState) -> Ask | None:
    """Some heroes fix their starting side; for the others the player picks (TG-005)."""
    hero = s.content.heroes[s.hero]
    wanted = s.options.get("side")
    if hero.start_side is not None:
        s.hero_side = hero.start_side
        return None
    if wanted is not None:
        s.hero_side = "ab".index(wanted)
        return None
    return ("Which side of your hero card starts face up?",
            [Option.of("side", k, label=f"{side.name}: Health {side.health}, Strategy {side.strategy}, Recovery {side.recovery}. {side.text}",
                       data={"name": side.name, "health": side.health, "strategy": side.strategy, "recovery": side.recovery})
             for k, side in zip("ab", hero.sides)],
            {"hero": hero.id})


@steps.answer("choose_side")
def answer_side(s: TanglewoodsState, choice: str) -> None:
    s.hero_side = "ab".index(choice.split(":", 1)[1])


@steps.auto("stats_and_gold")
def stats_and_gold(s: TanglewoodsState) -> None:
    """Setup 2 (TG-006, ruling T-3): stats from the hero card; gold = 20 - their sum, within 0..20."""
    hero = s.content.heroes[s.hero]
    side = hero.sides[s.hero_side]
    s.health, s.strategy, s.recovery = side.health, side.strategy, side.recovery
    s.emit("hero", hero=hero.id, side="ab"[s.hero_side], name=side.name,
           health=s.health, strategy=s.strategy, recovery=s.recovery)
    set_gold(s, 20 - (s.health + s.strategy + s.recovery), "starting gold")


@steps.auto("prepare_play_area")
def prepare_play_area(s: TanglewoodsState) -> None:
    """Setup 3 (TG-007..TG-011): item, forest and map decks shuffled with every card on its first
    side; the bears set aside enemy side up."""
    c = s.content
    s.item_deck = [i.index * 2 for i in c.items]
    s.rng.shuffle(s.item_deck)
    s.forest_deck = [f.index * 2 for f in c.forest if f.kind != "bear"]
    s.rng.shuffle(s.forest_deck)
    s.map_deck = [m.index * 2 for m in c.maps]
    s.rng.shuffle(s.map_deck)
    s.bears_aside = list(c.bears)
    s.emit("setup", forest=len(s.forest_deck), maps=len(s.map_deck), items=len(s.item_deck), bears=len(s.bears_aside))
