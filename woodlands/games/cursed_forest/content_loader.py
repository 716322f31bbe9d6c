"""The Cursed Forest content pack: schema (pydantic, at load time only) and its compilation into
the frozen structures of :mod:`.model`.  Every file and field is documented in
docs/cursed-forest-content.md.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from ...engine.content import PackReader, Strict, load_pack_info, validate
from ...engine.errors import ContentError, brief
from . import powers
from .model import (EDGES, SEED_POWERS, Boss, Character, CursedForestContent, Effect, Item, Monster,
                    MonsterSide, Seed, Spiders, Tile)
from .registry import effects as REGISTRY

DEFAULT_PACK = Path(__file__).parent / "content"
FILES = ("pack.toml", "tiles.toml", "monsters.toml", "items.toml", "characters.toml", "seeds.toml", "bosses.toml")
Provenance = Literal["rulebook", "stand-in"]
Edge = Literal["N", "E", "S", "W"]
Ident = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
TileKind = Literal["start", "exit", "path", "monster", "brood-seed", "red-vine", "web", "pit", "swamp",
                   "bone-yard", "gateway"]
Slot = Literal["hand", "two-handed", "boots", "armour", "backpack-only", "none"]
#: the item tags there are: the rules read the first two; a tag not listed is a typo (AUD-12)
ITEM_TAGS = {
    "crossbow": "a crossbow: Sirja's powers apply to it",
    "weapon": "a weapon Enchant may enchant",
    "bow": "a bow (a word for readers; no rule reads it)",
}


class TileIn(Strict):
    id: str = Ident
    name: str = Field(min_length=1)
    kind: TileKind
    open: list[Edge] = Field(min_length=1, max_length=4)
    count: int = Field(default=1, ge=1, le=43)
    seed: str | None = None
    text: str = ""
    provenance: Provenance

    @model_validator(mode="after")
    def _check(self) -> "TileIn":
        if len(set(self.open)) != len(self.open):
            raise ValueError("open: an edge is listed twice")
        if (self.kind == "brood-seed") != (self.seed is not None):
            raise ValueError("seed: a brood-seed tile names its seed, and only a brood-seed tile has one")
        if self.kind in ("start", "exit") and self.count != 1:
            raise ValueError("count: there is one Start and one Exit tile")
        return self


class MonsterSideIn(Strict):
    name: str = Field(min_length=1)
    health: int = Field(ge=1, le=40)
    dice: int = Field(ge=1, le=6)
    modifier: int = Field(default=0, ge=0, le=15)
    poison: bool = False
    undead: bool = False
    boss: bool = False
    abilities: list[dict[str, Any]] = []
    text: str = ""


class MonsterIn(Strict):
    id: str = Ident
    provenance: Provenance
    count: int = Field(default=1, ge=1, le=30)
    green: MonsterSideIn
    purple: MonsterSideIn


class ItemIn(Strict):
    id: str = Ident
    name: str = Field(min_length=1)
    provenance: Provenance
    count: int = Field(default=1, ge=1, le=40)
    slot: Slot
    ap: int = Field(default=0, ge=0, le=10)
    single_use: bool = False
    spell: bool = False
    potion: bool = False
    attack: Literal["fight", "ranged"] | None = None
    range: list[int] = Field(default=[], max_length=2)
    damage_dice: int = Field(default=0, ge=0, le=4)
    combat_dice: int = Field(default=0, ge=0, le=3)
    combat_modifier: int = Field(default=0, ge=-5, le=10)
    armour: int = Field(default=0, ge=0, le=6)
    tags: list[str] = []
    abilities: list[dict[str, Any]] = []
    text: str = ""

    @model_validator(mode="after")
    def _check(self) -> "ItemIn":
        if self.attack == "ranged":
            if len(self.range) != 2 or not 1 <= self.range[0] <= self.range[1] <= 10:
                raise ValueError("range: a ranged item needs range = [min, max] with 1 <= min <= max <= 10")
            if self.damage_dice < 1:
                raise ValueError("damage_dice: a ranged item rolls at least one die of damage")
        elif self.range or self.damage_dice:
            raise ValueError("range/damage_dice: only a ranged item (attack = \"ranged\") has them")
        if (self.spell or self.potion) and not self.single_use:
            raise ValueError("single_use: every spell and potion is single use (CF-049)")
        if self.slot == "none" and (self.attack or self.armour or self.combat_modifier or self.combat_dice):
            raise ValueError("slot: an item that takes no space cannot be a weapon or armour")
        unknown = [t for t in self.tags if t not in ITEM_TAGS]
        if unknown:
            raise ValueError(f"tags: unknown tag {brief(unknown[0])}; the tags are: {', '.join(ITEM_TAGS)}")
        return self


class CharacterIn(Strict):
    id: str = Ident
    name: str = Field(min_length=1)
    provenance: Provenance
    health: int = Field(ge=1, le=20)
    ap: int = Field(ge=1, le=10)
    dice: int = Field(ge=1, le=5)
    modifier: int = Field(default=0, ge=0, le=10)
    abilities: list[dict[str, Any]] = []
    text: str = ""


class SeedIn(Strict):
    id: str = Ident
    name: str = Field(min_length=1)
    power: Literal["cure-and-immunity", "free-spells", "no-spiders", "reroll-one-die"]
    provenance: Provenance
    text: str = ""


class BossIn(Strict):
    name: str = Field(min_length=1)
    health: int = Field(ge=1, le=60)
    dice: int = Field(ge=1, le=8)
    modifier: int = Field(ge=0, le=20)
    move_dice: int = Field(ge=1, le=4)
    regenerate: int = Field(ge=0, le=20)
    run_past_damage: int = Field(ge=0, le=10)
    provenance: Provenance
    text: str = ""


class SpidersIn(Strict):
    health: int = Field(ge=1, le=5)
    dice: int = Field(ge=1, le=4)
    count_dice: int = Field(default=1, ge=1, le=2)
    provenance: Provenance
    text: str = ""


class TokensIn(Strict):
    monster: int = Field(default=0, ge=0, le=60)
    poison: int = Field(default=0, ge=0, le=60)
    swamp: int = Field(default=0, ge=0, le=20)
    bone_yard: int = Field(default=0, ge=0, le=20)
    spider: int = Field(default=0, ge=0, le=20)
    other: int = Field(default=0, ge=0, le=60)
    provenance: Provenance
    text: str = ""


def compile_abilities(raws: list[dict[str, Any]], kind: str, where: str, problems: list[str]) -> tuple[Effect, ...]:
    """Check each ``{ when = ..., do = ..., params }`` against the registry and ``powers.WHERE``."""
    out = []
    for n, raw in enumerate(raws):
        loc = f"{where}: field 'abilities.{n}'"
        if not isinstance(raw, dict):
            problems.append(f"{loc}: an ability is a table like {{ when = \"fight\", do = \"halve_monster_health\" }}")
            continue
        raw = dict(raw)
        do = raw.get("do")
        if isinstance(do, str) and do in REGISTRY.primitives and "when" not in raw:
            whens = REGISTRY.primitives[do].whens
            if len(whens) == 1:
                raw["when"] = next(iter(whens))
        params, errs = REGISTRY.check(raw)
        problems.extend(f"{loc}: {e}" for e in errs)
        if params is None or errs:
            continue
        if kind not in powers.WHERE[raw["do"]]:
            problems.append(f"{loc}: field 'do': {raw['do']!r} cannot be given to a {kind}; "
                            f"it belongs on: {', '.join(sorted(powers.WHERE[raw['do']]))}")
            continue
        text = raw.get("text", "")
        out.append(Effect(raw["when"], raw["do"], params, text if isinstance(text, str) else ""))
    return tuple(out)


def _monster_side(m: MonsterSideIn, where: str, problems: list[str]) -> MonsterSide:
    abil = compile_abilities(m.abilities, "monster", where, problems)
    got = {e.do: e.get("amount", 0) for e in abil}
    return MonsterSide(m.name, m.health, m.dice, m.modifier, m.poison, m.undead, m.boss, abil, m.text,
                       armour=got.get("armour", 0), extra_damage=got.get("extra_damage", 0),
                       heal_on_hit=got.get("heal_on_hit", 0))


def load(path: Path | None) -> CursedForestContent:
    """Read, check and compile a pack; raise :class:`ContentError` listing every problem."""
    root = path or DEFAULT_PACK
    problems: list[str] = []
    info = load_pack_info(root, "cursed-forest", problems)
    reader = PackReader(root, problems, REGISTRY)
    models, seen_ids = reader.models, reader.seen_ids

    seeds: list[Seed] = []
    for _where, m in models("seeds.toml", "seed", SeedIn):
        seeds.append(Seed(m.id, len(seeds), m.name, m.power, m.text, m.provenance))
    seed_by_id = {s.id: s.index for s in seeds}
    powers_seen = [s.power for s in seeds]
    for p in SEED_POWERS:
        if powers_seen.count(p) != 1:
            problems.append(f"seeds.toml: exactly one seed must have power '{p}' (CF-053..CF-056), found {powers_seen.count(p)}")

    tiles: list[Tile] = []
    seed_tiles: dict[str, int] = {}
    for where, m in models("tiles.toml", "tile", TileIn):
        seed = -1
        if m.seed is not None:
            if m.seed not in seed_by_id:
                problems.append(f"{where}: field 'seed': unknown seed {brief(m.seed)}; seeds: {', '.join(seed_by_id)}")
                continue
            seed = seed_by_id[m.seed]
            seed_tiles[m.seed] = seed_tiles.get(m.seed, 0) + m.count
        edges = tuple(e in m.open for e in EDGES)
        for _ in range(m.count):
            tiles.append(Tile(m.id, len(tiles), m.name, m.kind, edges, seed, m.text, m.provenance))  # type: ignore[arg-type]
    kinds = [t.kind for t in tiles]
    for k in ("start", "exit"):
        if kinds.count(k) != 1:
            problems.append(f"tiles.toml: exactly one '{k}' tile is needed (CF-003), found {kinds.count(k)}")
    if kinds.count("red-vine") < 1:
        problems.append("tiles.toml: at least one 'red-vine' tile is needed (the seeds are placed there, CF-071)")
    for s in seeds:
        if seed_tiles.get(s.id, 0) != 1:
            problems.append(f"tiles.toml: seed '{s.id}' must lie in exactly one brood-seed tile (CF-051), found {seed_tiles.get(s.id, 0)}")
    if kinds.count("red-vine") < len(seeds):
        problems.append(f"tiles.toml: {len(seeds)} seeds need as many red-vine tiles, found {kinds.count('red-vine')}")
    if len(tiles) - 2 < 2:
        problems.append("tiles.toml: at least two forest tiles besides Start and Exit are needed")

    monsters: list[Monster] = []
    for where, m in models("monsters.toml", "monster", MonsterIn):
        sides = (_monster_side(m.green, where + " green", problems), _monster_side(m.purple, where + " purple", problems))
        for _ in range(m.count):
            monsters.append(Monster(m.id, len(monsters), sides, m.provenance))

    items: list[Item] = []
    for where, m in models("items.toml", "item", ItemIn):
        abil = compile_abilities(m.abilities, "item", where, problems)
        rmin, rmax = (m.range + [0, 0])[:2] if m.range else (0, 0)
        for copy in range(m.count):
            uid = m.id if copy == 0 else f"{m.id}-{copy + 1}"
            if uid in seen_ids and copy:
                problems.append(f"{where}: field 'count': copy id '{uid}' clashes with another entry's id")
            items.append(Item(uid, len(items), m.id, m.name, m.slot, m.ap, m.single_use, m.spell, m.potion,
                              m.attack or "", rmin, rmax, m.damage_dice, m.combat_dice, m.combat_modifier, m.armour,
                              frozenset(m.tags), abil, m.text, m.provenance, frozenset(e.do for e in abil)))

    characters: list[Character] = []
    for where, m in models("characters.toml", "character", CharacterIn):
        abil = compile_abilities(m.abilities, "character", where, problems)
        characters.append(Character(m.id, len(characters), m.name, m.health, m.ap, m.dice, m.modifier, abil,
                                    m.text, m.provenance, frozenset(e.do for e in abil)))
    if not characters:
        problems.append("characters.toml: at least one [[character]] is needed")

    bosses = reader.read("bosses.toml")
    morna = validate(BossIn, bosses.get("morna_gul", {}), "bosses.toml", "[morna_gul]", problems)
    spiders = validate(SpidersIn, bosses.get("spiders", {}), "bosses.toml", "[spiders]", problems)
    tokens_in = validate(TokensIn, bosses.get("tokens", {"provenance": "stand-in"}), "bosses.toml", "[tokens]", problems)

    if problems:
        raise ContentError(problems)
    assert morna is not None and spiders is not None and tokens_in is not None and info is not None
    tokens = {k: getattr(tokens_in, k) for k in ("monster", "poison", "swamp", "bone_yard", "spider", "other")}
    return CursedForestContent(
        id=info.id, version=info.version, name=info.name, tiles=tuple(tiles),
        start=kinds.index("start"), exit=kinds.index("exit"), monsters=tuple(monsters), items=tuple(items),
        characters=tuple(characters), seeds=tuple(seeds),
        morna=Boss(morna.name, morna.health, morna.dice, morna.modifier, morna.move_dice, morna.regenerate,
                   morna.run_past_damage, morna.text, morna.provenance),
        spiders=Spiders(spiders.health, spiders.dice, spiders.count_dice, spiders.text, spiders.provenance),
        tokens=tokens, character_by_id={c.id: c.index for c in characters}, seed_by_id=seed_by_id,
        seed_by_power={s.power: s.index for s in seeds})
