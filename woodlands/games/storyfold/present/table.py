"""The Storyfold table as a renderer-neutral model (:mod:`woodlands.kit.table`), built from the
player's view alone; the terminal and the web draw it with their generic code.

Top to bottom: the scene (its title, the phase, Spirit, the goal), the River's seven spaces,
the Wildwoods track with the Light and Shadow markers, the dice and the roll under way, the
Crystals, the locations, Luma & Brom with the Boon spaces, the story (campaign, chapter, the
scene's text, what makes the Shadow prevail, the score), the decks, and a legend of the signs.
Between scenes the Wildwoods track and the locations are left out (they belong to the next).
The Crystals (the River's cards show them too), the story, the decks and the legend are minor
regions: a small terminal leaves them out (they are one key away there).  A location, a Boon,
a card drawn by Explore and Luma and Brom carry their words (each use with its cost, and
whether it is spent) as the card's ``detail``: the web card's body and the wide terminal.

Ids stay with what they name from one position to the next: a card is ``card-<id>`` wherever it
lies (a River space, a Boon space, drawn by Explore), a location ``place-<id>``, a die of the pool
``die-<n>`` (its place among the dice you have), a die of the roll ``roll-<n>``, a space of the
Wildwoods track ``wild-<n>``, an empty River space ``river-<n>``.  Every key of the view is read
with ``.get``, so a view from a slightly different engine version still draws.

>>> import woodlands
>>> from woodlands.engine.presentation import presentation_for
>>> game = woodlands.load_game("storyfold")
>>> table = presentation_for(game).table_model(game.new_game(seed=1).view(0), 0)
>>> [r.id for r in table.regions]
['scene', 'river', 'wildwoods', 'dice', 'crystals', 'locations', 'companions', 'story', 'decks', 'legend']
>>> [e.badge for e in table.regions[1].elements][:5]
['3+', '4+', '5+', '6+', '1✦ −1♥']
"""
from __future__ import annotations

from typing import Any, Callable

from ....kit.table import AnyElement, Card, Die, Fact, Outcome, Region, Table, Tile, Track

View = dict[str, Any]
Lookup = Callable[[Any], "str | None"]

#: what the first four River spaces ask of a die; the last three make a card unusable
SPACE_LABELS = ("3+", "4+", "5+", "6+", "–", "–", "–")
PHASES = {"setup": "setting up", "luma": "Luma Phase", "shadow": "Shadow Phase", "end": "the scene has ended",
          "break": "between scenes"}
KINDS = {"boon": "Boon", "trauma": "Trauma", "companion": "Companion", "bane": "Bane"}
WINDOWS = {"after_roll": "after a roll", "luma_phase": "in the Luma Phase", "shadow_phase": "as the Shadow Phase starts",
           "last_shadow": "for the last Shadow card"}
DECKS = ("shadow", "explore", "creature", "chapter")


def pretty(ident: Any) -> str:
    """An id as a name when nothing better is known: ``"ash-moth"`` -> ``"Ash Moth"``.

    >>> pretty("omas-lullaby"), pretty(None)
    ('Omas Lullaby', '-')
    """
    return " ".join(w.capitalize() for w in str(ident).split("-")) if ident else "-"


class _Words:
    """The printed name and the plain-words description of an id, from the presentation (which
    reads the public content); a description that fails never breaks the table."""

    def __init__(self, names: Lookup | None, describe: Lookup | None) -> None:
        self._names, self._describe = names, describe

    def name(self, ident: Any, given: Any = None) -> str:
        if given:
            return str(given)
        try:
            known = self._names(ident) if self._names is not None and ident else None
        except Exception:
            known = None
        return str(known) if known else pretty(ident)

    def tip(self, ident: Any, fallback: Any = "") -> str:
        try:
            found = self._describe(str(ident)) if self._describe is not None and ident else None
        except Exception:
            found = None
        return str(found or fallback or "")

    def body(self, ident: Any, fallback: Any = "") -> str:
        """A card's words without the heading line of its description (its name and kind, which
        the card shows already), for the card's face."""
        if fallback:
            return str(fallback)
        lines = self.tip(ident).split("\n")
        return " ".join(line for line in (lines[1:] if len(lines) > 1 else lines) if line.strip())


def table_model(view: View, names: Lookup | None = None, describe: Lookup | None = None) -> Table:
    """The whole Storyfold table for one view.  ``names`` gives the printed name of an id (a
    card, location or scene) and ``describe`` its description (a card's text, shown as its tip);
    without them ids are shown capitalised and tips are the view's own texts."""
    w = _Words(names, describe)
    between = between_scenes(view)
    regions = [_scene(view, w), _river(view, w)]
    if not between:
        # between scenes the track and the locations belong to a scene that is over
        regions.append(_wildwoods(view))
    regions += [_dice(view, w), _crystals(view, w)]
    if not between:
        regions.append(_locations(view, w))
    # the scene's text is told in the log as the scene opens: here it comes after the play
    regions += [_companions(view, w), _story(view), _decks(view, w), _legend(view, between)]
    return Table("storyfold", tuple(regions), title=str(view.get("scene_title") or "Storyfold: Wildwoods"))


# ------------------------------------------------------------------ the scene and the story
def _scene(v: View, w: _Words) -> Region:
    phase = v.get("phase")
    goals = v.get("goals") or {}
    goal = str(goals.get("luma_prevails") or v.get("goal") or "?")
    elements: list[AnyElement] = [
        Fact("phase", "Phase", text=PHASES.get(str(phase), str(phase or "?"))), _spirit(v),
        Fact("goal", "Goal", text=goal + (" (reached)" if v.get("goal_holds") else ""),
             state=("won",) if v.get("goal_holds") else ())]
    if between_scenes(v):
        # the track and the locations belong to the scene that is over: say where they went
        elements.append(Fact("pause", "Between scenes",
                             text="the Wildwoods track and the locations are laid out when the next scene opens"))
        if v.get("next_scene"):
            elements.append(Fact("next-scene", "Next scene", text=w.name(v["next_scene"]), tip=w.tip(v["next_scene"])))
    title = str(v.get("scene_title") or w.name(v.get("scene")))
    return Region("scene", title, tuple(elements), layout="line")


def _spirit(v: View) -> Track:
    spaces = int(v.get("spirit_spaces") or 12)
    at = int(v.get("spirit_space") or 1)
    spirit = v.get("spirit")
    left = spirit if isinstance(spirit, int) else spaces - at
    return Track("spirit", "Spirit", value=left, high=spaces - 1, state=("lost",) if left <= 3 else (),
                 tip=f"Spirit marker on space {at} of {spaces}: {left} Spirit left")


def between_scenes(v: View) -> bool:
    """Whether the scene is over (its track and locations no longer on the table)."""
    return v.get("phase") in ("end", "break")


def _story(v: View) -> Region:
    goals = v.get("goals") or {}
    score = v.get("score") or {}
    elements: list[AnyElement] = [
        Fact("campaign", "Campaign", text=str(v.get("campaign") or "Storyfold: Wildwoods")),
        Fact("chapter", "Chapter", text=str(v.get("chapter_title") or pretty(v.get("chapter"))))]
    if v.get("scene_text"):
        elements.append(Fact("story-text", "Story", text=str(v["scene_text"])))
    elements.append(Fact("shadow-goal", "Shadow prevails",
                         text=str(goals.get("shadow_prevails") or "the Shadow marker reaches the middle")))
    if score:
        elements.append(Fact("score", "Score", text=f"scenes {score.get('scenes_played', '?')} · restarts "
                             f"{score.get('chapter_restarts', '?')} · Shadow cards {score.get('shadow_cards', '?')}"))
    return Region("story", "The story", tuple(elements), layout="list", minor=True)


# ------------------------------------------------------------------ the River
def _river_card(space: int, e: dict[str, Any] | None, w: _Words) -> Card:
    if not e:
        return Card(f"river-{space + 1}", "empty", badge=SPACE_LABELS[space] if space < 4 else "", family="empty",
                    state=("dim",))
    ident = e.get("card")
    name = w.name(ident, e.get("name"))
    if e.get("kind") == "action":
        usable = space < 4
        threshold = e.get("threshold")
        badge = f"{threshold}+" if usable and threshold is not None else "–"
        crystals = int(e.get("crystals") or 0)
        tip = w.tip(ident, e.get("text"))
        if not usable:
            tip = "On a space with no number: it cannot be used there.\n" + tip
        return Card(f"card-{ident}", name, text="◆" * crystals or "no ◆", badge=badge, family="action",
                    state=() if usable else ("dim", "unusable"), tip=tip.strip())
    icons = e.get("icons_needed", e.get("icons")) or 0
    loss = e.get("spirit_loss", e.get("spirit")) or 0
    text = f"heals +{e.get('heal_crystals', 0)}◆" + (", stunned" if e.get("stunned") else "")
    return Card(f"card-{ident}", name, text=text, badge=f"{icons}✦ −{loss}♥", family="creature",
                state=("stunned",) if e.get("stunned") else (), tip=w.tip(ident, e.get("text")))


def _river(v: View, w: _Words) -> Region:
    river = list(v.get("river") or [])
    river += [None] * (7 - len(river))
    return Region("river", "The River", tuple(_river_card(i, e, w) for i, e in enumerate(river[:7])), layout="line")


# ------------------------------------------------------------------ the tracks
def _wildwoods(v: View) -> Region:
    track = v.get("track") or {}
    length = int(track.get("length") or 0)
    middle = int(track.get("middle") or 0)
    light, shadow = v.get("light"), v.get("shadow")
    icons = {int(x.get("space", 0)): x for x in track.get("icons") or []}
    elements: list[AnyElement] = [_space(space, light, shadow, middle, icons.get(space) or {})
                                  for space in range(1, length + 1)]
    elements.append(Fact("wildwoods", "Markers", text=f"Light on {light}, Shadow on {shadow}, middle {middle}"))
    return Region("wildwoods", "The Wildwoods", tuple(elements), layout="line")


def _space(space: int, light: Any, shadow: Any, middle: int, icons: dict[str, Any]) -> Tile:
    marks, features, state = [], [], []
    if space == light:
        marks.append("L")
        features.append("the Light marker")
        state.append("light")
    if space == shadow:
        marks.append("S")
        features.append("the Shadow marker")
        state.append("shadow")
    if space == middle:
        marks.append("◎")
        features.append("the middle space")
        state.append("middle")
    names = [str(i) for i in icons.get("icons") or []]
    for icon, effect in zip(names, icons.get("effects") or []):
        features.append(f"{icon}: {effect}")
    sign = "+".join(marks) if marks else "+".join(names)
    return Tile(f"wild-{space}", f"{space} {sign}".strip(), x=space - 1, y=0, features=tuple(features),
                state=tuple(state), tip="; ".join([f"space {space}", *features]))


# ------------------------------------------------------------------ dice, the roll, Crystals
def _dice(v: View, w: _Words) -> Region:
    dice = v.get("dice") or []
    elements: list[AnyElement] = []
    for i, d in enumerate(dice):
        size = d.get("size")
        used = bool(d.get("used"))
        state = (("exhausted",) if used else ()) + (("rolled",) if d.get("rolled") else ())
        elements.append(Die(f"die-{i}", f"d{size}", face="sf", state=state, sides=int(size) if isinstance(size, int) else None,
                            tip=f"d{size}: " + ("used, set aside until the next Luma Phase" if used else "free to roll")))
    free = v.get("dice_available", sum(1 for d in dice if not d.get("used")))
    elements.append(Fact("dice-free", "Available", text=f"{free} of {len(dice)}"))
    roll = v.get("roll")
    if roll:
        threshold = roll.get("threshold")
        what = f"{w.name(roll.get('action'))} ({roll.get('effect')})"
        if roll.get("target"):
            what += f" on {w.name(roll['target'])}"
        rolled = roll.get("dice") or []
        what += f", a success on {threshold if threshold is not None else '–'}+" + ("" if rolled else ": not rolled yet")
        elements.append(Fact("roll", "Roll", text=what, tip=w.tip(roll.get("action"))))
        for i, d in enumerate(rolled):
            ok = isinstance(threshold, int) and int(d.get("face") or 0) >= threshold
            elements.append(Die(f"roll-{i}", f"d{d.get('size')} {'✓' if ok else '✗'}", face="sf", value=d.get("face"),
                                state=("success",) if ok else ("miss",),
                                tip=f"d{d.get('size')} shows {d.get('face')}: " + ("a success" if ok else "no success")))
        if rolled:
            n = int(roll.get("successes", 0))
            elements.append(Fact("roll-successes", "Successes",
                                 text=f"{n} ({roll.get('natural_successes', 0)} from the dice, "
                                      f"{roll.get('bonus_successes', 0)} added)",
                                 tip=f"{roll.get('natural_successes', 0)} from the dice, "
                                     f"{roll.get('bonus_successes', 0)} added by Crystals and cards"))
    return Region("dice", "Dice", tuple(elements), layout="line")


def _crystals(v: View, w: _Words) -> Region:
    """The Crystals on each Action card (the River's cards show them too, so a small screen
    leaves this out)."""
    return Region("crystals", "Crystals", tuple(
        Track(f"crystals-{action}", w.name(action), value=int(n or 0), high=3, tip=f"Crystals on the {w.name(action)} card")
        for action, n in (v.get("crystals") or {}).items()), minor=True)


# ------------------------------------------------------------------ locations
def _locations(v: View, w: _Words) -> Region:
    cards: list[AnyElement] = []
    for loc in v.get("locations") or []:
        ident = loc.get("id")
        state: tuple[str, ...]
        if loc.get("visited"):
            words, state = "visited ✓", ("visited",)
        elif loc.get("can_visit"):
            words, state = "can visit", ("can-visit", "active")
        else:
            words, state = "not yet", ("not-yet", "dim")
        parts = [f"line: {loc['chain']}" if loc.get("chain") else "", str(loc.get("condition") or ""), words]
        name = w.name(ident, loc.get("name")) + (" ☀" if loc.get("progress") else "")
        # a dot for each success it needs, filled once it is visited
        dots = ("●" if loc.get("visited") else "○") * int(loc.get("dots") or 0)
        cards.append(Card(f"place-{ident}", name, text="; ".join(p for p in parts if p),
                          badge=f"{str(loc.get('kind') or '?').title()} {dots}", family="location", state=state,
                          detail=w.body(ident, loc.get("text")), tip=w.tip(ident, loc.get("text"))))
    if not cards:
        cards.append(Fact("no-locations", "none in this scene"))
    return Region("locations", "Locations", tuple(cards), layout="line")


# ------------------------------------------------------------------ Luma & Brom, Boons
def _uses(uses: list[dict[str, Any]]) -> tuple[str, str]:
    """A companion side's uses: short words for the card's line and their full texts, with
    their cost and whether they are spent, for its body (and its tip)."""
    short, full = [], []
    for u in uses:
        cost = f"{u['cost']}◆" if u.get("cost") else ""
        once = "once" if u.get("once_per_chapter") else ""
        spent = "used" if u.get("spent") else ""
        extra = ", ".join(p for p in (cost, once, spent) if p)
        short.append(pretty(u.get("id")) + (f" ({extra})" if extra else ""))
        said = ", ".join(p for p in (cost, "used this chapter" if u.get("spent") else "") if p)
        full.append(str(u.get("text") or pretty(u.get("id"))) + (f" ({said})" if said else ""))
    return " · ".join(short), "\n".join(full)


def _companions(v: View, w: _Words) -> Region:
    out: list[AnyElement] = []
    luma = v.get("luma") or {}
    text, tip = _uses(luma.get("uses") or [])
    out.append(Card("luma", str(luma.get("name") or pretty(luma.get("side"))), text=text, face=str(luma.get("side") or ""),
                    family="companion", detail=tip, tip=tip or w.tip("luma")))
    brom = v.get("brom") or {}
    if brom.get("present", True):
        text, tip = _uses(brom.get("uses") or [])
        out.append(Card("brom", str(brom.get("name") or pretty(brom.get("side"))), text=text,
                        face=str(brom.get("side") or ""), family="companion", detail=tip, tip=tip or w.tip("brom")))
    else:
        out.append(Card("brom", "Brom", text="gone (on the Shadow discard pile)", family="companion",
                        state=("exhausted",)))
    boons = v.get("boons") or []
    out.append(Fact("boon-spaces", "Boon spaces", text=f"{len(boons)} of 3"))
    for b in boons:
        ident = b.get("card")
        kind = str(b.get("kind") or "")
        window = WINDOWS.get(str(b.get("window") or ""), str(b.get("window") or "").replace("_", " "))
        if kind == "trauma" and b.get("icons"):
            window = ", ".join(p for p in (window, f"heal: {b['icons']}✦") if p)
        out.append(Card(f"card-{ident}", w.name(ident, b.get("name")), text=window, badge=KINDS.get(kind, kind.title()),
                        family=kind or "boon", state=("trauma",) if kind == "trauma" else (),
                        detail=w.body(ident, b.get("text")), tip=w.tip(ident, b.get("text"))))
    for e in v.get("explore_drawn") or []:
        ident = e if isinstance(e, str) else e.get("card")
        out.append(Card(f"card-{ident}", w.name(ident, None if isinstance(e, str) else e.get("name")),
                        text="drawn by Explore", family="explore", state=("highlight",), detail=w.body(ident),
                        tip=w.tip(ident)))
    return Region("companions", "Luma, Brom and the Boons", tuple(out), layout="line")


# ------------------------------------------------------------------ decks and the legend
def _decks(v: View, w: _Words) -> Region:
    decks = v.get("decks") or {}
    discards = v.get("discards") or {}
    out: list[AnyElement] = []
    for k in DECKS:
        if k not in decks and k not in discards:
            continue
        pile = discards.get(k) or []
        words = f"{decks.get(k, 0)} face down"
        if k in discards:
            words += f"; discards {len(pile)}" + (f", top {w.name(pile[-1])}" if pile else "")
        out.append(Fact(f"deck-{k}", pretty(k), text=words, tip=w.tip(pile[-1]) if pile else ""))
    if v.get("chapter_restarts"):
        n = int(v["chapter_restarts"])
        out.append(Fact("restarts", "Restarts", text=f"this chapter has started over {'once' if n == 1 else f'{n} times'}"))
    return Region("decks", "Decks", tuple(out), minor=True)


def _legend(v: View, between: bool) -> Region:
    out: list[AnyElement] = [
        Fact("signs-river", "The River", text="a die succeeds at the number of its card's space; ✦ successes to "
                                              "blind or heal a creature, ♥ Spirit it takes, ◆ Crystals"),
        Fact("signs-track", "Wildwoods", text="L the Light marker, S the Shadow marker, ◎ the middle space")]
    if not between:
        seen: set[str] = set()
        for x in sorted((v.get("track") or {}).get("icons") or [], key=lambda x: int(x.get("space", 0))):
            for icon, effect in zip(x.get("icons") or [], x.get("effects") or []):
                if icon not in seen:
                    seen.add(icon)
                    out.append(Fact(f"sign-{icon}", str(icon), text=str(effect)))
    return Region("legend", "Signs", tuple(out), layout="list", minor=True)


# ------------------------------------------------------------------ the latest roll
def outcomes(view: View, events: list[dict[str, Any]], names: Lookup | None = None) -> list[Outcome]:
    """This Luma Phase's latest roll, on the Action card it was rolled for: the faces, the
    number a die needed, the successes (with those added) and what the action did.  ``events``
    is the player's log; ``names`` gives a card's or location's printed name."""
    w = _Words(names, None)
    phases = [k for k, e in enumerate(events) if e.get("type") == "phase" and e.get("phase") == "luma"]
    recent = events[phases[-1] if phases else 0:]
    rolls = [k for k, e in enumerate(recent) if e.get("type") == "roll"]
    if not rolls:
        return []
    roll = recent[rolls[-1]]
    action = roll.get("action")
    found, bonus = int(roll.get("successes") or 0), int(roll.get("bonus") or 0)
    result = ""
    for e in recent[rolls[-1] + 1:]:
        kind = e.get("type")
        if kind in ("roll", "action", "phase", "phase_end"):
            break
        if kind == "successes_added":
            bonus += int(e.get("amount") or 0)
        elif kind == "top_effect":
            result = f"the top effect works on {w.name(e.get('target'))}"
        elif kind == "bottom_effect":
            n = int(e.get("successes") or 0)
            result = "the lower effect, " + {1: "once", 2: "twice"}.get(n, f"{n} times")
        elif kind == "no_effect":
            result = "no success: nothing happens"
    # S-12: added successes count only beside a die's own
    count = found + bonus if found else 0
    said = f"{count} {'success' if count == 1 else 'successes'}" + (f" ({bonus} added)" if bonus and found else "")
    threshold = roll.get("threshold")
    again = f"the d{roll.get('die')} showing {roll.get('was')} rolled again; " if roll.get("reroll") else ""
    return [Outcome(f"outcome-{action}", f"Roll for {w.name(action)}", on=f"card-{action}",
                    dice=tuple(roll.get("faces") or ()), against=f"{threshold}+ a die" if threshold is not None else "",
                    text=again + said + (f": {result}" if result else ""), state=("won",) if count else ("lost",))]


__all__ = ["between_scenes", "outcomes", "pretty", "table_model"]
