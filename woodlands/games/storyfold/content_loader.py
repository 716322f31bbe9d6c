"""The Storyfold content pack: schema (pydantic, at load time only) and compilation into the
frozen structures of :mod:`.model`.  Documented in docs/storyfold-content.md.

Files: ``pack.toml``, ``actions.toml``, ``companions.toml``, ``explore.toml``, ``shadow.toml``,
``creatures.toml``, ``story.toml``, ``campaign.toml`` and one ``chapters/<chapter id>.toml`` per
chapter named in ``campaign.toml``.  Every problem is reported as ``file: entry 'id': field:
message``, all at once.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from ...engine.content import PackReader, Strict, load_pack_info, validate
from ...engine.errors import ContentError, brief
from ...engine.files import inside
from . import effects as _effects  # noqa: F401  (registers the primitives)
from .conditions import CONDITIONS
from .model import (ACTIONS, BOON_SPACE_KINDS, EXPLORE_KINDS, Card, Chapter, Companion, Cond, Effect, Location,
                    Scene, Section, ShadowEffect, Side, StoryfoldContent, Use)
from .registry import effects as REGISTRY

DEFAULT_PACK = Path(__file__).parent / "content"
Provenance = Literal["rulebook", "stand-in"]
ID = r"^[a-z0-9][a-z0-9-]*$"


# ------------------------------------------------------------------ schema
class ActionIn(Strict):
    id: Literal["light", "help", "explore", "heal"]
    provenance: Provenance
    name: str = Field(min_length=1)
    text: str = ""
    start_space: int = Field(ge=1, le=4)
    top_text: str = ""
    bottom_text: str = ""


class UseIn(Strict):
    id: str = Field(pattern=ID)
    text: str = ""
    window: Literal["after_roll", "luma_phase", "last_shadow"]
    cost: int = Field(default=0, ge=0, le=12)
    cost_from: Literal["any", "current"] = "any"
    once_per_chapter: bool = False
    flip: bool = False
    effects: list[dict[str, Any]] = []


class SideIn(Strict):
    id: str = Field(pattern=ID)
    name: str = Field(min_length=1)
    text: str = ""
    use: list[UseIn] = []


class CompanionIn(Strict):
    id: Literal["luma", "brom"]
    provenance: Provenance
    name: str = Field(min_length=1)
    side: list[SideIn] = Field(min_length=2, max_length=2)


class ExploreIn(Strict):
    id: str = Field(pattern=ID)
    kind: Literal["boon", "bane", "companion", "trauma"]
    provenance: Provenance
    name: str = Field(min_length=1)
    text: str = ""
    icons: int = Field(default=0, ge=0, le=6)
    window: Literal["luma_phase", "after_roll", "shadow_phase"] | None = None
    immediately: list[dict[str, Any]] = []
    ongoing: list[dict[str, Any]] = []
    use: list[dict[str, Any]] = []

    @model_validator(mode="after")
    def _kind_fits(self) -> "ExploreIn":
        if self.kind == "bane" and (self.use or self.ongoing):
            raise ValueError("a bane is discarded after its Immediately effect: no use or ongoing effects")
        if self.kind == "trauma":
            if self.icons < 1:
                raise ValueError("a trauma needs icons >= 1 (the successes the Heal action needs to remove it)")
            if self.use:
                raise ValueError("a trauma cannot be used, only healed")
        if self.use and self.window is None:
            raise ValueError("a card with use effects needs a window (luma_phase, after_roll or shadow_phase)")
        if self.kind in ("boon", "companion") and not (self.use or self.ongoing):
            raise ValueError("a boon or companion needs use or ongoing effects")
        return self


class CardIn(Strict):
    """What every Shadow, Creature and Story card has."""
    id: str = Field(pattern=ID)
    provenance: Provenance
    name: str = Field(min_length=1)
    text: str = ""


class ShadowIn(CardIn):
    immediately: list[dict[str, Any]] = []


class CreatureIn(CardIn):
    icons: int = Field(ge=1, le=6)
    spirit: int = Field(ge=0, le=6)
    crystals: int = Field(default=0, ge=0, le=6)
    place: int | Literal["start", "end"] = "end"
    immediately: list[dict[str, Any]] = []
    after_activating: list[dict[str, Any]] = []
    ongoing: list[dict[str, Any]] = []

    @model_validator(mode="after")
    def _place(self) -> "CreatureIn":
        if isinstance(self.place, int) and not 1 <= self.place <= 7:
            raise ValueError("place must be a River space 1..7, \"start\" or \"end\"")
        return self


class StoryIn(CardIn):
    immediately: list[dict[str, Any]] = []
    after: Literal["box", "chapter_deck"] = "box"


class CampaignIn(Strict):
    provenance: Provenance
    title: str = Field(min_length=1)
    text: str = ""
    chapters: list[str] = Field(min_length=1)
    explore_deck: list[str] = []
    creature_deck: list[str] = Field(min_length=1)


class ChapterIn(Strict):
    id: str = Field(pattern=ID)
    provenance: Provenance
    title: str = Field(min_length=1)
    text: str = ""
    shadow_deck: list[str] = Field(min_length=1)
    creature_deck: list[str] | None = None
    explore_add: list[str] = []
    story_cards: list[str] = []


class TrackIconIn(Strict):
    space: int = Field(ge=1, le=21)
    icons: list[str] = Field(min_length=1)


class ShadowEffectIn(Strict):
    icon: str = Field(pattern=ID)
    text: str = ""
    effects: list[dict[str, Any]] = Field(min_length=1)


class LocationIn(Strict):
    id: str = Field(pattern=ID)
    provenance: Provenance
    name: str = Field(min_length=1)
    kind: Literal["help", "explore"]
    dots: int = Field(ge=1, le=6)
    progress: bool = False
    chain: str = ""
    condition: dict[str, Any] = {}
    condition_text: str = ""
    text: str = ""
    effects: list[dict[str, Any]] = []


class BranchIn(Strict):
    when: dict[str, Any] = Field(alias="if", min_length=1)
    next: str


class SectionIn(Strict):
    text: str = ""
    effects: list[dict[str, Any]] = []
    next_if: list[BranchIn] = []
    next: str


class LumaPrevailsIn(SectionIn):
    goal: dict[str, Any] = Field(min_length=1)
    goal_text: str = ""


class SceneIn(Strict):
    id: str = Field(pattern=ID)
    provenance: Provenance
    title: str = Field(min_length=1)
    text: str = ""
    track_length: int = Field(ge=3, le=21)
    light_start: int = Field(default=1, ge=1, le=21)
    shadow_start: int | None = Field(default=None, ge=1, le=21)
    track_icon: list[TrackIconIn] = []
    shadow_effect: list[ShadowEffectIn] = []
    setup: list[dict[str, Any]] = []
    location: list[LocationIn] = []
    luma_prevails: LumaPrevailsIn
    shadow_prevails: SectionIn

    @model_validator(mode="after")
    def _track(self) -> "SceneIn":
        n = self.track_length
        if n % 2 == 0:
            raise ValueError(f"track_length must be odd so the track has a middle space, not {n}")
        middle = (n + 1) // 2
        if not 1 <= self.light_start <= middle:
            raise ValueError(f"light_start must be between 1 and the middle space {middle}")
        shadow = self.shadow_start if self.shadow_start is not None else n
        if not middle < shadow <= n:
            raise ValueError(f"shadow_start must be right of the middle space {middle} and at most {n}")
        for t in self.track_icon:
            if t.space > n:
                raise ValueError(f"track_icon space {t.space} is beyond the track (length {n})")
        return self


# ------------------------------------------------------------------ compiling effects and conditions
# Which timing each slot uses (the loader sets ``when``; content never writes it).
SLOT_TIMING = {
    "immediately": "immediately", "after_activating": "after_activating", "ongoing": "ongoing",
    "use": "use", "setup": "setup", "location": "location", "shadow_icon": "shadow_icon", "section": "section",
}
CARD_PARAM_KINDS = {
    "story": ("story",), "place_creature": ("creature",), "add_to_explore": EXPLORE_KINDS,
    "gain_card": BOON_SPACE_KINDS,
}


class _Compiler:
    """Compiles effects and conditions once every card id is known."""

    def __init__(self, kinds: dict[str, str], problems: list[str]) -> None:
        self.kinds = kinds              # card id -> kind
        self.problems = problems

    def conditions(self, raw: dict[str, Any], where: str, locations: set[str] | None) -> tuple[Cond, ...]:
        out: list[Cond] = []
        for name, arg in raw.items():
            if name not in CONDITIONS:
                self.problems.append(f"{where}: unknown condition {brief(name)}; known: {', '.join(CONDITIONS)}")
                continue
            typ = CONDITIONS[name][0]
            if not isinstance(arg, typ) or (typ is int and isinstance(arg, bool)):
                self.problems.append(f"{where}: condition {name!r} takes a {typ.__name__}, not {brief(arg)}")
                continue
            if name in ("visited", "not_visited"):
                if locations is None:
                    self.problems.append(f"{where}: condition {name!r} can only be used inside a scene")
                    continue
                if arg not in locations:
                    self.problems.append(f"{where}: condition {name!r}: no location {brief(arg)} in this scene")
                    continue
            if name == "has_card" and self.kinds.get(arg) not in BOON_SPACE_KINDS:
                self.problems.append(f"{where}: condition 'has_card': {brief(arg)} is not a Boon, Companion or Trauma card")
                continue
            out.append((name, arg))
        return tuple(out)

    def effects(self, raws: list[dict[str, Any]], slot: str, where: str,
                locations: set[str] | None = None, window: str | None = None) -> tuple[Effect, ...]:
        out = []
        for n, raw in enumerate(raws):
            loc = f"{where}: effect #{n + 1}"
            if not isinstance(raw, dict):
                self.problems.append(f"{loc}: an effect is a table like {{ do = \"lose_spirit\", amount = 2 }}")
                continue
            raw = dict(raw)
            if "when" in raw:
                self.problems.append(f"{loc}: field 'when': not written in Storyfold content; the place of the list says when")
                continue
            raw["when"] = SLOT_TIMING[slot]
            params, errs = REGISTRY.check(raw)
            self.problems.extend(f"{loc}: {e}" for e in errs)
            if params is None or errs:
                continue
            do = raw["do"]
            if do in ("reroll", "add_successes") and window != "after_roll":
                self.problems.append(f"{loc}: field 'do': {do!r} only works in a use with window = \"after_roll\"")
                continue
            if do == "brom_to_shadow_discard" and window != "last_shadow":
                self.problems.append(f"{loc}: field 'do': {do!r} only works in a Luma use with window = \"last_shadow\"")
                continue
            if do in CARD_PARAM_KINDS and self.kinds.get(params["card"]) not in CARD_PARAM_KINDS[do]:
                self.problems.append(f"{loc}: field 'card': {brief(params['card'])} is not a card of kind "
                                     f"{' or '.join(CARD_PARAM_KINDS[do])}")
                continue
            cond_raw = raw.get("if", {})
            if not isinstance(cond_raw, dict):
                self.problems.append(f"{loc}: field 'if': a condition is a table like {{ flag = \"met-the-owl\" }}")
                continue
            cond = self.conditions(cond_raw, f"{loc}: field 'if'", locations)
            text = raw.get("text", "")
            if not isinstance(text, str):
                self.problems.append(f"{loc}: field 'text': must be a string")
                text = ""
            out.append(Effect(do=do, params=params, cond=cond, text=text))
        return tuple(out)


# ------------------------------------------------------------------ loading
def load(path: Path | None) -> StoryfoldContent:
    root = path or DEFAULT_PACK
    problems: list[str] = []
    info = load_pack_info(root, "storyfold", problems)
    reader = PackReader(root, problems, REGISTRY)
    models, seen_ids = reader.models, reader.seen_ids

    actions_in = models("actions.toml", "action", ActionIn)
    companions_in = models("companions.toml", "companion", CompanionIn)
    explore_in = models("explore.toml", "card", ExploreIn)
    shadow_in = models("shadow.toml", "card", ShadowIn)
    creatures_in = models("creatures.toml", "creature", CreatureIn)
    story_in = models("story.toml", "card", StoryIn)
    campaign_in = validate(CampaignIn, reader.read("campaign.toml").get("campaign", {}),
                           "campaign.toml", "[campaign]", problems)
    chapter_files: list[tuple[str, ChapterIn, list[tuple[str, SceneIn]]]] = []
    for chapter_id in (campaign_in.chapters if campaign_in else []):
        where_id = "campaign.toml: entry [campaign]: field 'chapters'"
        if not re.fullmatch(ID, chapter_id):
            # a chapter id names its file: no folders, no "..", nothing outside the pack (AUD-11)
            problems.append(f"{where_id}: {brief(chapter_id)} is not a chapter id (lowercase letters, digits and dashes)")
            continue
        file = f"chapters/{chapter_id}.toml"
        try:
            path = inside(root, file, ContentError)
        except ContentError as outside:
            problems.extend(outside.problems)
            continue
        if not path.is_file():
            problems.append(f"{where_id}: no file {file} for chapter {brief(chapter_id)}")
            continue
        data = reader.read_or_none(file)
        if data is None:
            continue
        chap = validate(ChapterIn, data.get("chapter", {}), file, "[chapter]", problems)
        if chap is None:
            continue
        if chap.id != chapter_id:
            problems.append(f"{file}: entry [chapter]: field 'id': {brief(chap.id)} should be {brief(chapter_id)} (the file's name)")
        if chap.id in seen_ids:
            problems.append(f"{file}: entry [chapter]: field 'id': '{chap.id}' is already used in {seen_ids[chap.id]}")
        seen_ids[chap.id] = file
        chapter_files.append((file, chap, models(file, "scene", SceneIn, data)))

    # --- the cards, with every id known before effects are compiled
    kinds: dict[str, str] = {}
    for _, m in actions_in:
        kinds[m.id] = "action"
    for _, m in explore_in:
        kinds[m.id] = m.kind
    for _, m in shadow_in:
        kinds[m.id] = "shadow"
    for _, m in creatures_in:
        kinds[m.id] = "creature"
    for _, m in story_in:
        kinds[m.id] = "story"
    comp = _Compiler(kinds, problems)
    cards: list[Card] = []

    def add(card: Card) -> None:
        cards.append(card)

    for _where, m in actions_in:
        add(Card(m.id, len(cards), "action", m.name, m.text, m.provenance, start_space=m.start_space,
                 top_text=m.top_text, bottom_text=m.bottom_text))
    for where, m in creatures_in:
        place = 1 if m.place == "start" else 0 if m.place == "end" else m.place
        add(Card(m.id, len(cards), "creature", m.name, m.text, m.provenance, icons=m.icons, spirit=m.spirit,
                 crystals=m.crystals, place=place,
                 immediately=comp.effects(m.immediately, "immediately", where + " immediately"),
                 after_activating=comp.effects(m.after_activating, "after_activating", where + " after_activating"),
                 ongoing=comp.effects(m.ongoing, "ongoing", where + " ongoing")))
    for where, m in explore_in:
        add(Card(m.id, len(cards), m.kind, m.name, m.text, m.provenance, icons=m.icons,
                 immediately=comp.effects(m.immediately, "immediately", where + " immediately"),
                 ongoing=comp.effects(m.ongoing, "ongoing", where + " ongoing"),
                 use=comp.effects(m.use, "use", where + " use", window=m.window), window=m.window or ""))
    for where, m in shadow_in:
        add(Card(m.id, len(cards), "shadow", m.name, m.text, m.provenance,
                 immediately=comp.effects(m.immediately, "immediately", where + " immediately")))
    for where, m in story_in:
        add(Card(m.id, len(cards), "story", m.name, m.text, m.provenance, after=m.after,
                 immediately=comp.effects(m.immediately, "immediately", where + " immediately")))
    card_by_id = {c.id: c.index for c in cards}

    actions = {c.id: c for c in cards if c.kind == "action"}
    if set(actions) != set(ACTIONS):
        problems.append(f"actions.toml: the four Action cards {', '.join(ACTIONS)} are needed, found {sorted(actions)}")
    elif sorted(c.start_space for c in actions.values()) != [1, 2, 3, 4]:
        problems.append("actions.toml: the Action cards' start_space values must be 1, 2, 3 and 4, each once")

    # --- Luma and Brom
    companions: dict[str, Companion] = {}
    for where, m in companions_in:
        sides = []
        for k, side in enumerate(m.side):
            uses = tuple(Use(u.id, u.text, u.window, u.cost, u.cost_from, u.once_per_chapter, u.flip,
                             comp.effects(u.effects, "use", f"{where} side #{k + 1} use '{u.id}'", window=u.window))
                         for u in side.use)
            if m.id == "brom" and any(u.window != "luma_phase" for u in side.use):
                problems.append(f"{where} side #{k + 1}: Brom's uses are made in the Luma Phase (window = \"luma_phase\")")
            if m.id == "brom" and any(u.cost_from != "any" for u in side.use):
                problems.append(f"{where} side #{k + 1}: Brom's uses spend Crystals from any Action card (cost_from = \"any\")")
            sides.append(Side(side.id, side.name, side.text, uses))
        companions[m.id] = Companion(m.id, m.name, m.provenance, (sides[0], sides[1]))
    for need in ("luma", "brom"):
        if need not in companions:
            problems.append(f"companions.toml: the [[companion]] {need!r} is missing")

    # --- deck lists
    def ids(lst: list[str], want: tuple[str, ...], where: str) -> tuple[int, ...]:
        out = []
        for x in lst:
            if kinds.get(x) not in want:
                problems.append(f"{where}: {brief(x)} is not a card of kind {' or '.join(want)}")
            elif card_by_id[x] in out:
                problems.append(f"{where}: {brief(x)} is listed twice (each card is one physical card)")
            else:
                out.append(card_by_id[x])
        return tuple(out)

    explore_deck: tuple[int, ...] = ()
    creature_deck: tuple[int, ...] = ()
    if campaign_in is not None:
        explore_deck = ids(campaign_in.explore_deck, EXPLORE_KINDS, "campaign.toml: entry [campaign]: field 'explore_deck'")
        creature_deck = ids(campaign_in.creature_deck, ("creature",), "campaign.toml: entry [campaign]: field 'creature_deck'")

    # --- chapters and scenes (scene ids known first so "next" can point forward)
    scene_ids = [m.id for _, _, scs in chapter_files for _, m in scs]
    scene_by_id = {sid: i for i, sid in enumerate(scene_ids)}
    chapters: list[Chapter] = []
    scenes: list[Scene] = []
    for file, chap, scs in chapter_files:
        where_c = f"{file}: entry [chapter]"
        if not scs:
            problems.append(f"{file}: a chapter needs at least one [[scene]]")
        first = len(scenes)
        for where, m in scs:
            scenes.append(_scene(m, where, len(scenes), len(chapters), comp, scene_by_id, problems))
        chapters.append(Chapter(
            chap.id, len(chapters), chap.title, chap.text, chap.provenance, tuple(range(first, len(scenes))),
            ids(chap.shadow_deck, ("shadow",), f"{where_c}: field 'shadow_deck'"),
            None if chap.creature_deck is None else ids(chap.creature_deck, ("creature",), f"{where_c}: field 'creature_deck'"),
            ids(chap.explore_add, EXPLORE_KINDS, f"{where_c}: field 'explore_add'"),
            ids(chap.story_cards, ("story",), f"{where_c}: field 'story_cards'")))
    if campaign_in is not None and scenes and not any(s.luma_prevails.next == "end" or any(t == "end" for _, t in s.luma_prevails.next_if)
                                                      for s in scenes):
        problems.append("chapters: no scene's luma_prevails leads to \"end\": the campaign could never be won")
    if problems:
        raise ContentError(problems)
    assert campaign_in is not None and info is not None
    # per italic effect name, each card carrying it -> its amounts added up, and the smallest
    ongoing_amount: dict[str, dict[int, int]] = {}
    ongoing_least: dict[str, dict[int, int]] = {}
    for c in cards:
        for e in c.ongoing:
            amount = e.params.get("amount", 0)
            total, least = ongoing_amount.setdefault(e.do, {}), ongoing_least.setdefault(e.do, {})
            total[c.index] = total.get(c.index, 0) + amount
            least[c.index] = min(least.get(c.index, amount), amount)
    return StoryfoldContent(
        id=info.id, version=info.version, name=info.name, title=campaign_in.title, text=campaign_in.text,
        cards=tuple(cards), card_by_id=card_by_id, actions=tuple(actions[a].index for a in ACTIONS),
        luma=companions["luma"], brom=companions["brom"], explore_deck=explore_deck, creature_deck=creature_deck,
        chapters=tuple(chapters), scenes=tuple(scenes), scene_by_id=scene_by_id,
        ongoing_amount=ongoing_amount, ongoing_least=ongoing_least,
        card_ids=tuple(c.id for c in cards), creature_cards=frozenset(c.index for c in cards if c.kind == "creature"))


def _scene(m: SceneIn, where: str, index: int, chapter: int, comp: _Compiler, scene_by_id: dict[str, int],
           problems: list[str]) -> Scene:
    loc_ids = [loc.id for loc in m.location]
    locs_set = set(loc_ids)
    if len(locs_set) != len(loc_ids):
        problems.append(f"{where}: field 'location': two locations share an id")
    locations = tuple(
        Location(loc.id, k, loc.name, loc.kind, loc.dots, loc.progress, loc.chain,
                 comp.conditions(loc.condition, f"{where} location '{loc.id}': field 'condition'", locs_set),
                 loc.condition_text, loc.text,
                 comp.effects(loc.effects, "location", f"{where} location '{loc.id}'", locs_set), loc.provenance)
        for k, loc in enumerate(m.location))
    shadow_effects = {}
    for se in m.shadow_effect:
        if se.icon in shadow_effects:
            problems.append(f"{where}: field 'shadow_effect': icon {brief(se.icon)} is explained twice")
        shadow_effects[se.icon] = ShadowEffect(se.icon, se.text, comp.effects(se.effects, "shadow_icon",
                                                                              f"{where} shadow_effect '{se.icon}'", locs_set))
    icons: list[tuple[str, ...]] = [()] * m.track_length
    for t in m.track_icon:
        for icon in t.icons:
            if icon not in shadow_effects:
                problems.append(f"{where}: field 'track_icon': icon {brief(icon)} on space {t.space} has no shadow_effect")
        if icons[t.space - 1]:
            problems.append(f"{where}: field 'track_icon': space {t.space} is listed twice")
        icons[t.space - 1] = tuple(t.icons)

    def section(sec: SectionIn, name: str, may_end: bool) -> Section:
        targets = [sec.next] + [b.next for b in sec.next_if]
        for t in targets:
            if t == "end" and not may_end:
                problems.append(f"{where} {name}: field 'next': \"The Shadow prevails\" never ends the campaign (ruling S-6)")
            elif t not in scene_by_id and t not in ("restart", "end"):
                problems.append(f"{where} {name}: field 'next': no scene {brief(t)} (a scene id, \"restart\" or \"end\")")
        branches = tuple((comp.conditions(b.when, f"{where} {name}: field 'next_if.if'", locs_set), b.next) for b in sec.next_if)
        return Section(sec.text, comp.effects(sec.effects, "section", f"{where} {name}", locs_set), branches, sec.next)

    win = section(m.luma_prevails, "luma_prevails", True)
    lose = section(m.shadow_prevails, "shadow_prevails", False)
    goal = comp.conditions(m.luma_prevails.goal, f"{where} luma_prevails: field 'goal'", locs_set)
    return Scene(m.id, index, chapter, m.title, m.text, m.provenance, m.track_length, m.light_start,
                 m.shadow_start if m.shadow_start is not None else m.track_length, tuple(icons), shadow_effects,
                 comp.effects(m.setup, "setup", f"{where} setup", locs_set), locations, goal,
                 m.luma_prevails.goal_text, win, lose)
