"""Storyfold's :class:`~woodlands.engine.presentation.Presentation`: help, glossary, plain-words
descriptions of every card, location and companion, the numbers one key away (dice odds, the
Action cards, the creatures, the locations, the tracks, Luma & Brom, Crystals), two-step choices,
fixed keys and warnings.  Everything is read from the view, the decision and the content pack.

>>> import woodlands
>>> from woodlands.engine.presentation import presentation_for
>>> p = presentation_for(woodlands.load_game("storyfold"))
>>> p.describe("light").splitlines()[0]
'Light (Action card)'
>>> odds(8, 5)
'50%'
"""
from __future__ import annotations

from typing import Any

from ....engine.decision import Decision, Option
from ....engine.presentation import Detail, Event, Moment, Presentation, Story, View, plural
from ....kit.table import Fact
from .helptext import HELP
from .table import _story as story_region
from .words import StoryfoldNarrator

#: a content effect in plain words (the narrator's table, in the infinitive)
DICE = (8, 10, 12)
THRESHOLDS = (3, 4, 5, 6)
KIND_NAMES = {"action": "Action card", "creature": "creature", "boon": "Boon", "bane": "Bane",
              "companion": "Companion", "trauma": "Trauma", "shadow": "Shadow card", "story": "Story card"}
WINDOWS = {"after_roll": "after a roll", "luma_phase": "in the Luma Phase", "shadow_phase": "at the start of the Shadow Phase",
           "last_shadow": "instead of drawing the chapter's last Shadow card"}


def p_face(size: int, threshold: int) -> float:
    """Chance that one die of ``size`` faces shows ``threshold`` or more."""
    return max(0.0, min(1.0, (size - threshold + 1) / size))


def odds(size: int, threshold: int) -> str:
    """One die's chance of a success, as a percentage."""
    return f"{round(100 * p_face(size, threshold))}%"


def at_least(sizes: list[int], threshold: int, need: int) -> float:
    """Chance that at least ``need`` of these dice show ``threshold`` or more.

    >>> round(at_least([8, 8], 5, 1), 2)
    0.75
    """
    dist = [1.0]
    for z in sizes:
        p = p_face(z, threshold)
        nxt = [0.0] * (len(dist) + 1)
        for n, q in enumerate(dist):
            nxt[n] += q * (1 - p)
            nxt[n + 1] += q * p
        dist = nxt
    return sum(dist[need:]) if need <= len(dist) - 1 else 0.0


def _effects(effects: Any, words: StoryfoldNarrator) -> str:
    out = []
    for e in effects:
        if e.text:
            out.append(str(e.text).rstrip("."))
        else:
            out.append(words.line({"type": "effect", "do": e.do, "params": dict(e.params)}).rstrip("."))
    return "; ".join(out)


class StoryfoldPresentation(Presentation):
    narrator_class = StoryfoldNarrator
    help_texts = HELP
    #: present/look.css: the game's own look on its web page, after the generic stylesheet
    stylesheet = "look.css"
    #: present/picture.svg: the game's picture on the home page
    picture = "picture.svg"
    tagline = "A campaign told scene by scene: with Luma and Brom, roll the river dice, gather Crystals, hold off the Shadow."

    def moment(self, view: View) -> Moment | None:
        """The chapter (or the prologue) and the scene of it that ``view`` is in, counted from 1.

        >>> import woodlands
        >>> from woodlands.engine.presentation import presentation_for
        >>> p = presentation_for(woodlands.load_game("storyfold"))
        >>> p.moment({"chapter": "the-whispering-fen", "scene": "the-herons-causeway"}).where
        'chapter 1, scene 2'
        >>> p.moment({"chapter": "the-edge-of-the-wood", "scene": "the-lantern-at-the-stile"}).where
        'the prologue, scene 1'
        """
        chapter = next((c for c in self.content.chapters if c.id == view.get("chapter")), None)
        scene = self.content.scene_by_id.get(view.get("scene"))
        if chapter is None:
            return None
        # the titles read "Prologue: ..." and "Chapter 1: ..."; the part before the colon names it
        within = str(chapter.title).split(":")[0].strip().lower() or f"chapter {chapter.index}"
        if not within[-1:].isdigit():         # "the prologue", as "chapter 1"
            within = f"the {within}"
        number = chapter.scenes.index(scene) + 1 if scene in chapter.scenes else 0
        return Moment("scene" if number else "", number, within=within)

    def story(self, view: View, log: list[Event], seat: int) -> Story:
        """The end told with each chapter and each scene won or lost (:mod:`.story`)."""
        from .story import story
        return story(super().story(view, log, seat), view, log)

    # ------------------------------------------------------------------ words
    def glossary(self) -> list[tuple[str, str]]:
        return [
            ("River", "seven spaces in a row; the first four are numbered 3+, 4+, 5+ and 6+. An Action "
                      "card there can be used; a die is a success when it shows that number or more."),
            ("Action cards", "Light, Help, Explore and Heal. Each has a top effect (needs as many successes as "
                             "its target's icons or dots) and a bottom effect (one step per success)."),
            ("Dice", "five d8; an effect may lend you the d10 and the d12 until the chapter ends. A die used "
                     "in an action stays used until the next Luma Phase."),
            ("Crystals", "lie on the Action cards, at most 3 each. After a roll with at least one success, each "
                         "Crystal on the card in use may become one more success. Luma & Brom's uses cost them."),
            ("Spirit", "your strength, 11 at full. Creatures take it when they activate; when it runs out a "
                       "Shadow card is drawn and the track starts again."),
            ("Light marker", "moves toward the middle of the Wildwoods track; some locations (the sun mark) "
                             "can only be visited with the Light on the middle space."),
            ("Shadow marker", "moves one space toward the middle every Shadow Phase; marks above a space take "
                              "effect when it enters it; reaching the middle ends the scene with the Shadow prevailing."),
            ("Creatures", "lie in the River and take Spirit when they activate in the Shadow Phase. Blind one "
                          "(Light) to send it to the end with a Stun token; heal one (Heal) to send it away for its Crystals."),
            ("Stun token", "a stunned creature takes no Spirit the next time it activates."),
            ("Locations", "visited with Help or Explore (the matching kind); the dots are the successes needed. "
                          "A line joining two locations means the left one first."),
            ("Boon spaces", "three places for kept Explore cards: Boons, Companions and Traumas."),
            ("Luma & Brom", "your companions' card: each side prints uses (rerolls, Protect, Tend) with their costs."),
        ]

    def describe(self, ident: str) -> str | None:
        c = self.content
        index = c.card_by_id.get(ident)
        words = self.narrator
        assert isinstance(words, StoryfoldNarrator)
        if index is not None:
            return self._card(c.cards[index], words)
        for scene in c.scenes:
            for loc in scene.locations:
                if loc.id == ident:
                    return self._location(loc, words)
            if scene.id == ident:
                return f"{scene.title} (scene)\nGoal: {scene.goal_text}"
        for comp in (c.luma, c.brom):
            if comp.id == ident:
                return self._companion(comp)
        return None

    def _card(self, card: Any, words: StoryfoldNarrator) -> str:
        lines = [f"{card.name} ({KIND_NAMES.get(card.kind, card.kind)})"]
        if card.kind == "action":
            name = card.id
            top = {"light": "blind a creature (needs its icons in successes)",
                   "help": "visit a Help location (needs its dots)",
                   "explore": "visit an Explore location (needs its dots)",
                   "heal": "heal a creature or a Trauma (needs its icons)"}.get(name, card.top_text)
            bottom = {"light": "the Light marker advances 1 per success", "help": "gain 1 Crystal per success",
                      "explore": "draw 1 Explore card per success (keep one)",
                      "heal": "gain 1 Spirit per success"}.get(name, card.bottom_text)
            lines += [f"Top: {top}.", f"Bottom: {bottom}.", "No cost but the dice you roll."]
        elif card.kind == "creature":
            lines.append(f"Blind or heal it with {plural(card.icons, 'success', 'successes')}; "
                         f"it takes {card.spirit} Spirit when it activates; healed, it leaves "
                         f"{plural(card.crystals, 'Crystal')}.")
            if card.ongoing:
                lines.append("While in the River: " + _effects(card.ongoing, words) + ".")
            if card.after_activating:
                lines.append("After activating: " + _effects(card.after_activating, words) + ".")
            if card.immediately:
                lines.append("When it arrives: " + _effects(card.immediately, words) + ".")
        else:
            if card.immediately:
                lines.append("At once: " + _effects(card.immediately, words) + ".")
            if card.use:
                lines.append(f"Use {WINDOWS.get(card.window, 'in the Luma Phase')}: " + _effects(card.use, words) + ".")
            if card.ongoing:
                lines.append("While it lies there: " + _effects(card.ongoing, words) + ".")
            if card.kind == "trauma":
                lines.append(f"Only the Heal action removes it ({plural(card.icons, 'success', 'successes')}).")
        if card.text and card.kind != "action":
            lines.append(str(card.text))
        return "\n".join(lines)

    def _location(self, loc: Any, words: StoryfoldNarrator) -> str:
        lines = [f"{loc.name} ({loc.kind.title()} location, {plural(loc.dots, 'dot')}: "
                 f"{plural(loc.dots, 'success', 'successes')} with the {loc.kind.title()} card)"]
        if loc.progress:
            lines.append("Sun mark: the Light marker must stand on the middle space.")
        if loc.condition_text:
            lines.append(f"Only if: {loc.condition_text}")
        effect = _effects(loc.effects, words) if loc.effects else ""
        lines.append(f"Effect: {effect or loc.text or 'none'}.")
        return "\n".join(lines)

    def _companion(self, comp: Any) -> str:
        lines = [comp.name]
        for side in comp.sides:
            lines.append(f"{side.name}:")
            for u in side.uses:
                cost = f", {plural(u.cost, 'Crystal')}" + (" from the card in use" if u.cost_from == "current" else "")
                once = ", once per chapter" if u.once_per_chapter else ""
                lines.append(f"  {u.text or side.name} ({WINDOWS.get(u.window, u.window)}{cost if u.cost else ''}{once})")
        return "\n".join(lines)

    # ------------------------------------------------------------------ one key away
    def details(self, view: View, decision: Decision | None) -> list[Detail]:
        return [Detail("d", "Dice and odds", self._dice(view, decision)),
                Detail("a", "Action cards", self._actions(view)),
                Detail("c", "Creatures", self._creatures(view)),
                Detail("p", "Locations", self._places(view)),
                Detail("t", "Spirit, Light and Shadow", self._tracks(view)),
                Detail("b", "Luma & Brom, Boons, Crystals", self._companions(view)),
                # a small screen leaves the story's region out: its words stay one key away
                Detail("T", "The story", self._story(view))]

    def _story(self, view: View) -> str:
        return "\n\n".join(f"{e.name}: {e.text}" for e in story_region(view).elements if isinstance(e, Fact))

    def _dice(self, view: View, decision: Decision | None) -> str:
        dice = view.get("dice") or []
        free = [int(d["size"]) for d in dice if not d.get("used")]
        sizes = sorted({int(d["size"]) for d in dice})
        lines = [f"Your dice: {', '.join('d' + str(d['size']) + (' (used)' if d.get('used') else '') for d in dice)}.",
                 "Chance of one die meeting each space:"]
        for z in sizes:
            lines.append(f"  d{z}: " + "  ".join(f"{t}+ {odds(z, t)}" for t in THRESHOLDS)
                         + f"  (faces 1-{z})")
        data = decision.data if decision is not None and decision.data else {}
        need, threshold = data.get("need"), data.get("threshold")
        if decision is not None and decision.kind == "roll" and need and threshold:
            lines.append(f"This action needs {plural(int(need), 'success', 'successes')} on {threshold}+ "
                         f"({data.get('crystals_on_card', 0)} Crystals on the card can add some after a success):")
            for o in decision.options:
                if o.data:
                    roll = [8] * o.data["d8"] + [10] * o.data["d10"] + [12] * o.data["d12"]
                    lines.append(f"  {o.label}: {round(100 * at_least(roll, int(threshold), int(need)))}% "
                                 f"for {need} from the dice alone")
        elif free:
            lines.append(f"Unused now: {', '.join('d' + str(z) for z in free)}.")
        mod = (view.get("ongoing") or {}).get("threshold")
        if mod:
            lines.append(f"An effect in play changes every threshold by {mod:+d}.")
        return "\n".join(lines)

    def _actions(self, view: View) -> str:
        lines = []
        for space, e in enumerate(view.get("river") or []):
            if not e or e.get("kind") != "action":
                continue
            where = f"space {space + 1} ({e['threshold']}+)" if e.get("threshold") else f"space {space + 1} (not usable)"
            lines.append(f"{e['name']} on {where}, {plural(int(e.get('crystals', 0)), 'Crystal')}:")
            lines += ["  " + x for x in (self.describe(str(e["card"])) or "").splitlines()[1:3]]
        return "\n".join(lines) or "No Action card in the River."

    def _creatures(self, view: View) -> str:
        lines = []
        for space, e in enumerate(view.get("river") or []):
            if not e or e.get("kind") != "creature":
                continue
            stun = ", stunned" if e.get("stunned") else ""
            lines.append(f"{e['name']} on space {space + 1}{stun}: takes {e.get('spirit_loss', e.get('spirit'))} "
                         f"Spirit when it activates; blind or heal it with {e.get('icons_needed', e.get('icons'))} "
                         f"successes; healed it leaves {plural(int(e.get('heal_crystals', 0)), 'Crystal')}.")
            more = (self.describe(str(e["card"])) or "").splitlines()[2:]
            lines += ["  " + x for x in more]
        return "\n".join(lines) or "No creature in the River."

    def _places(self, view: View) -> str:
        lines = []
        for loc in view.get("locations") or []:
            state = "visited" if loc.get("visited") else ("can be visited now" if loc.get("can_visit") else "not yet")
            lines.append(f"{loc['name']} ({loc['kind'].title()}, {plural(int(loc['dots']), 'dot')}): {state}.")
            described = self.describe(str(loc["id"]))
            lines += ["  " + x for x in (described or "").splitlines()[1:]]
        return "\n".join(lines) or "No location in this scene."

    def _tracks(self, view: View) -> str:
        track = view.get("track") or {}
        middle = track.get("middle", "?")
        lines = [f"Spirit: {view.get('spirit', '?')} of 11. Creatures take it when they activate; when it runs "
                 "out a Shadow card is drawn and the track starts again.",
                 f"Light marker on space {view.get('light', '?')}, the middle is {middle}: the sun-marked "
                 "locations need it there.",
                 f"Shadow marker on space {view.get('shadow', '?')}: it moves 1 toward the middle each Shadow "
                 f"Phase; on the middle the Shadow prevails and the scene is lost."]
        for mark in track.get("icons") or []:
            lines.append(f"  Space {mark['space']}: " + "; ".join(mark.get("effects") or []))
        return "\n".join(lines)

    def _companions(self, view: View) -> str:
        lines = ["Crystals: " + ", ".join(f"{k.title()} {v}" for k, v in (view.get("crystals") or {}).items())
                 + " (at most 3 each; one per success after a success, on the card in use)."]
        for who in ("luma", "brom"):
            side = view.get(who) or {}
            if who == "brom" and not side.get("present"):
                lines.append("Brom is away.")
                continue
            lines.append(f"{side.get('name', who.title())}:")
            for u in side.get("uses") or []:
                cost = f", {plural(int(u['cost']), 'Crystal')}" if u.get("cost") else ""
                spent = " (used this chapter)" if u.get("spent") else ""
                lines.append(f"  {u.get('text') or u['id']}{cost}{spent}")
        for b in view.get("boons") or []:
            lines.append(f"Boon space: {self.describe(str(b['card'])) or b['name']}".replace("\n", " "))
        return "\n".join(lines)

    # ------------------------------------------------------------------ choosing
    def grouping(self, decision: Decision) -> int:
        if decision.kind == "luma_phase" and len(decision.options) > 7:
            return 2                         # the Action card, then its target
        return 0

    def group_label(self, decision: Decision, key: tuple[Any, ...], options: tuple[Option, ...]) -> str:
        if len(options) == 1:
            return options[0].label
        if key and key[0] == "act" and len(key) > 1:
            return f"{str(key[1]).title()} ({len(options)} choices)"
        return super().group_label(decision, key, options)

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        ids = decision.ids
        keys: dict[str, str] = {}
        for letter, option_id in (("e", "end"), ("r", "resolve"), ("c", "continue"), ("d", "draw"),
                                  ("n", "done")):
            if option_id in ids:
                keys[letter] = option_id
        if decision.kind == "scene_break" and ids:
            keys["o"] = ids[0]
        return keys

    def warning(self, view: View, decision: Decision, option: Option) -> str | None:
        if decision.kind == "luma_phase" and option.id == "end":
            free = int((decision.data or {}).get("dice_available", 0))
            usable = any(o.verb == "act" for o in decision.options)
            if free and usable:
                return f"You still have {plural(free, 'die', 'dice')} unused this phase. End the Luma Phase anyway?"
        if decision.kind == "make_room" and option.verb == "discard" and option.args:
            use = "use:" + str(option.args[0])
            if use in decision:
                name = self.name(option.args[0]) or "this card"
                return f"{name} could be used now instead of thrown away. Discard it unused?"
        if decision.kind == "after_roll" and option.id == "resolve" and option.data:
            data = decision.data or {}
            need = data.get("need")
            if need and data.get("successes", 0) < need and any(o.id == "crystal" for o in decision.options):
                return (f"{data.get('successes')} of the {need} successes needed, and Crystals on this card "
                        "could still add some. Carry out the effect now?")
        return None

    def repeatable(self, view: View, decision: Decision, option: Option) -> int:
        return 0

    def table_model(self, view: View, seat: int) -> Any:
        """The table as the player sees it (:mod:`.table`), from ``view`` and the content's names
        and descriptions alone; the terminal and the web draw it."""
        from .table import table_model
        return table_model(view, self.name, self.describe)

    def outcomes(self, view: View, events: list[Event], seat: int) -> list[Any]:
        """This Luma Phase's latest roll, on its Action card (:func:`.table.outcomes`)."""
        from .table import outcomes
        return outcomes(view, events, self.name)

    def name(self, ident: Any) -> str | None:
        """The printed name of a card, location, scene or deck id (None: not in the content)."""
        words = self.narrator
        assert isinstance(words, StoryfoldNarrator)
        if ident in ("shadow", "explore", "creature", "chapter", "light", "help", "heal"):
            return str(ident).title()
        for lookup in (words.card, words.location, words.scene):
            found = lookup(ident)
            if found != str(ident):
                return found
        return None
