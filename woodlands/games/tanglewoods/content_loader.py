"""The Tanglewoods content pack: schema (pydantic, at load time only) and compilation into
the frozen structures of :mod:`.model`.  Documented in docs/content-packs.md."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from ...engine.content import PackReader, Strict, load_pack_info, validate
from ...engine.errors import ContentError, brief
from .effects import CONDITIONS
from .model import (DIRECTIONS, Card, Effect, Face, Hero, HeroSide, Merchant, TanglewoodsContent, by_timing)
from .registry import effects as REGISTRY

DEFAULT_PACK = Path(__file__).parent / "content"
Provenance = Literal["rulebook", "stand-in"]
Direction = Literal["N", "S", "E", "W", "wild"]
FLIP_TRIGGERS = {
    "health_at_most": "your Health drops to `value` or less",
    "bear_defeated": "you defeat a bear",
    "enemies_defeated": "you have defeated `value` enemies this round",
}
WINDOWS = {"forest": "while you draw and place in the Forest phase",
           "strategy": "while you commit or apply dice in the Strategy phase"}


class ForestSide(Strict):
    name: str = Field(min_length=1)
    text: str = ""
    direction: Direction | None = None
    health: int | None = Field(default=None, ge=1, le=15)
    damage: int = Field(default=0, ge=0, le=6)
    bribe: int | None = Field(default=None, ge=0, le=20)
    effects: list[dict[str, Any]] = []
    reward: list[dict[str, Any]] = []


class ForestCardIn(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    kind: Literal["minion", "fable"]
    provenance: Provenance
    day: ForestSide
    night: ForestSide

    @model_validator(mode="after")
    def _kind_fits(self) -> "ForestCardIn":
        for side_name, side in (("day", self.day), ("night", self.night)):
            if self.kind == "minion" and side.health is None:
                raise ValueError(f"{side_name}: a minion needs a health")
            if self.kind == "fable" and (side.health is not None or side.damage or side.bribe is not None or side.reward):
                raise ValueError(f"{side_name}: a fable has no health, damage, bribe or reward")
        return self


class ModifierSide(Strict):
    name: str = Field(min_length=1)
    text: str = ""
    effects: list[dict[str, Any]] = []


class BearIn(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    provenance: Provenance
    note: str = ""
    enemy: ForestSide
    modifier: ModifierSide

    @model_validator(mode="after")
    def _enemy(self) -> "BearIn":
        if self.enemy.health is None:
            raise ValueError("enemy: a bear needs a health")
        return self


class MapSide(Strict):
    name: str = Field(min_length=1)
    text: str = ""
    directions: list[Literal["N", "S", "E", "W"]] = Field(min_length=1, max_length=8)
    merchant: bool = False
    effects: list[dict[str, Any]] = []


class MapIn(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    provenance: Provenance
    day: MapSide
    night: MapSide


class ItemSide(Strict):
    name: str = Field(min_length=1)
    text: str = ""
    cost: int = Field(ge=0, le=20)
    effects: list[dict[str, Any]] = Field(min_length=1)


class ItemIn(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    provenance: Provenance
    ordinary: ItemSide
    upgraded: ItemSide


class FlipIn(Strict):
    when: str
    value: int = Field(default=0, ge=0, le=20)

    @model_validator(mode="after")
    def _known(self) -> "FlipIn":
        if self.when not in FLIP_TRIGGERS:
            raise ValueError(f"unknown flip trigger {brief(self.when)}; known: {', '.join(FLIP_TRIGGERS)}")
        return self


class HeroSideIn(Strict):
    name: str = Field(min_length=1)
    text: str = ""
    health: int = Field(ge=1, le=6)
    strategy: int = Field(ge=1, le=6)
    recovery: int = Field(ge=1, le=6)
    ability: list[dict[str, Any]] = []
    flip: FlipIn | None = None
    on_flip: list[dict[str, Any]] = []


class HeroIn(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    provenance: Provenance
    start_side: Literal["a", "b"] | None = None
    universal: bool = False
    a: HeroSideIn
    b: HeroSideIn


class GrimmIn(Strict):
    provenance: Provenance
    name: str
    text: str = ""
    ability: list[dict[str, Any]] = []
    on_flip: list[dict[str, Any]] = []


class MerchantIn(Strict):
    provenance: Provenance
    mend: int = Field(ge=0, le=20)
    forge: int = Field(ge=0, le=20)
    bait: int = Field(ge=0, le=20)
    blessing_factor: int = Field(ge=0, le=20)
    shop_size: int = Field(ge=1, le=6)
    max_buys: int = Field(ge=0, le=6)


# which timings each slot of each component may use
SLOTS = {
    "forest": ("ambush", "special", "after", "ongoing"),
    "reward": ("reward",),
    "map": ("ambush", "special", "after", "ongoing"),
    "item": ("ongoing", "use", "activation_end"),
    "ability": ("ongoing", "use"),
    "on_flip": ("flip",),
    "bear": ("ongoing", "activation_end"),
}
DEFAULT_WHEN = {"reward": "reward", "on_flip": "flip"}
# primitives that act on the forest card that carries them
FOREST_ONLY = {"add_to_tableau", "flip_self", "grow_per_nonboss_enemy"}


def compile_effects(raws: list[dict[str, Any]], slot: str, where: str, problems: list[str]) -> tuple[Effect, ...]:
    out = []
    for n, raw in enumerate(raws):
        loc = f"{where}: effect #{n + 1}"
        if not isinstance(raw, dict):
            problems.append(f"{loc}: an effect is a table like {{ when = \"ambush\", do = \"lose_gold\", amount = 2 }}")
            continue
        raw = dict(raw)
        raw.setdefault("when", DEFAULT_WHEN.get(slot))
        when = raw["when"]
        if not isinstance(when, str) or when not in SLOTS[slot]:
            problems.append(f"{loc}: field 'when': {brief(when)} is not allowed here; allowed: {', '.join(SLOTS[slot])}")
            continue
        if isinstance(raw.get("do"), str) and raw["do"] in FOREST_ONLY and slot != "forest":
            problems.append(f"{loc}: field 'do': {raw['do']!r} acts on the forest card that carries it; it cannot be used here")
            continue
        params, errs = REGISTRY.check(raw)
        problems.extend(f"{loc}: {e}" for e in errs)
        if params is None or errs:
            continue
        cond = raw.get("if")
        if cond is not None and (not isinstance(cond, str) or cond not in CONDITIONS):
            problems.append(f"{loc}: field 'if': unknown condition {brief(cond)}; known: {', '.join(CONDITIONS)}")
            continue
        window = raw.get("window")
        if window is not None and not isinstance(window, str):
            problems.append(f"{loc}: field 'window': must be one of {', '.join(WINDOWS)}, not {brief(window)}")
            continue
        if when == "use" and window not in WINDOWS:
            problems.append(f"{loc}: field 'window': a 'use' effect needs window = one of {', '.join(WINDOWS)}")
            continue
        if "otherwise" in params:
            params["otherwise"] = compile_effects(params["otherwise"], slot if slot != "reward" else "forest",
                                                  f"{loc} otherwise", problems)
            params["otherwise"] = tuple(Effect(when, e.do, e.params, e.cond, e.window, e.text) for e in params["otherwise"])
        text = raw.get("text", "")
        if not isinstance(text, str):
            problems.append(f"{loc}: field 'text': must be a string")
            text = ""
        out.append(Effect(when=when, do=raw["do"], params=params, cond=cond, window=window, text=text))
    return tuple(out)


def _face(name: str, text: str, effs: tuple[Effect, ...], **kw: Any) -> Face:
    ongoing = by_timing(effs, "ongoing")
    mods: dict[str, int] = {}
    for e in ongoing:
        if e.do == "modify":
            mods[e.params["stat"]] = mods.get(e.params["stat"], 0) + e.params["amount"]
    flags = frozenset(e.do for e in ongoing if e.do != "modify")
    directions = kw.get("directions", ())
    need = tuple(directions.count(d) for d in DIRECTIONS)
    direction = kw.get("direction")
    dir_index = -1 if direction is None else 4 if direction == "wild" else DIRECTIONS.index(direction)
    return Face(name=name, text=text, effects=effs, ambush=by_timing(effs, "ambush"),
                special=by_timing(effs, "special"), after=by_timing(effs, "after"),
                ongoing=ongoing, use=by_timing(effs, "use"),
                activation_end=by_timing(effs, "activation_end"), mods=mods, flags=flags,
                need=need, dir_index=dir_index, **kw)


def _forest_face(side: ForestSide, where: str, problems: list[str]) -> Face:
    effs = compile_effects(side.effects, "forest", where, problems)
    reward = compile_effects(side.reward, "reward", where + " reward", problems)
    return _face(side.name, side.text, effs, direction=side.direction, health=side.health,
                 damage=side.damage, bribe=side.bribe, reward=reward)


def load(path: Path | None) -> TanglewoodsContent:
    root = path or DEFAULT_PACK
    problems: list[str] = []
    info = load_pack_info(root, "tanglewoods", problems)
    reader = PackReader(root, problems, REGISTRY)
    models = reader.models

    forest: list[Card] = []
    for where, m in models("forest.toml", "card", ForestCardIn):
        faces = (_forest_face(m.day, where + " day", problems), _forest_face(m.night, where + " night", problems))
        forest.append(Card(m.id, len(forest), m.kind, faces, m.provenance))
    bears = []
    for where, m in models("bears.toml", "bear", BearIn):
        enemy = _forest_face(m.enemy, where + " enemy", problems)
        mod_effs = compile_effects(m.modifier.effects, "bear", where + " modifier", problems)
        bears.append(len(forest))
        forest.append(Card(m.id, len(forest), "bear", (enemy, _face(m.modifier.name, m.modifier.text, mod_effs)), m.provenance))
    if len(bears) != 3:
        problems.append(f"bears.toml: there must be exactly 3 bears (TG-002), found {len(bears)}")

    maps: list[Card] = []
    for where, m in models("maps.toml", "map", MapIn):
        day, night = (_face(side.name, side.text, compile_effects(side.effects, "map", f"{where} {k}", problems),
                            directions=tuple(side.directions), merchant=side.merchant)
                      for k, side in (("day", m.day), ("night", m.night)))
        maps.append(Card(m.id, len(maps), "map", (day, night), m.provenance))
    items: list[Card] = []
    for where, m in models("items.toml", "item", ItemIn):
        ordinary, upgraded = (_face(side.name, side.text, compile_effects(side.effects, "item", f"{where} {k}", problems), cost=side.cost)
                              for k, side in (("ordinary", m.ordinary), ("upgraded", m.upgraded)))
        items.append(Card(m.id, len(items), "item", (ordinary, upgraded), m.provenance))

    heroes: list[Hero] = []
    for where, m in models("heroes.toml", "hero", HeroIn):
        sides = tuple(HeroSide(side.name, side.text, side.health, side.strategy, side.recovery,
                               compile_effects(side.ability, "ability", f"{where} {k}", problems),
                               side.flip.when if side.flip else None, side.flip.value if side.flip else 0,
                               compile_effects(side.on_flip, "on_flip", f"{where} {k} on_flip", problems))
                      for k, side in (("a", m.a), ("b", m.b)))
        heroes.append(Hero(m.id, len(heroes), sides, None if m.start_side is None else "ab".index(m.start_side),  # type: ignore[arg-type]
                           m.universal, m.provenance))
    hero_data = reader.read("heroes.toml")
    grimm_in = validate(GrimmIn, hero_data.get("grimm", {}), "heroes.toml", "[grimm]", problems)
    grimm = HeroSide("Brothers Grimm", "", 1, 1, 1, (), None, 0, ())
    if grimm_in is not None:
        grimm = HeroSide(grimm_in.name, grimm_in.text, 1, 1, 1,
                         compile_effects(grimm_in.ability, "ability", "heroes.toml: [grimm]", problems), None, 0,
                         compile_effects(grimm_in.on_flip, "on_flip", "heroes.toml: [grimm] on_flip", problems))
    merchant_in = validate(MerchantIn, reader.read("merchant.toml").get("merchant", {}), "merchant.toml", "[merchant]", problems)

    if not heroes:
        problems.append("heroes.toml: at least one [[hero]] is needed")
    if len(maps) < 6:
        problems.append(f"maps.toml: at least 6 maps are needed (Strategy can draw 6), found {len(maps)}")
    if len(items) < 3:
        problems.append(f"items.toml: at least 3 items are needed to stock the shop, found {len(items)}")
    if len([f for f in forest if f.kind != "bear"]) < 8:
        problems.append("forest.toml: at least 8 forest cards are needed")
    if problems:
        raise ContentError(problems)
    assert merchant_in is not None and info is not None
    merchant = Merchant(merchant_in.mend, merchant_in.forge, merchant_in.bait, merchant_in.blessing_factor,
                        merchant_in.shop_size, merchant_in.max_buys)
    return TanglewoodsContent(
        id=info.id, version=info.version, name=info.name, forest=tuple(forest), bears=tuple(bears),
        maps=tuple(maps), items=tuple(items), heroes=tuple(heroes), grimm=grimm, merchant=merchant,
        forest_by_id={c.id: c.index for c in forest}, map_by_id={c.id: c.index for c in maps},
        item_by_id={c.id: c.index for c in items}, hero_by_id={h.id: h.index for h in heroes})
