"""The Cursed Forest's player-facing words for every client: narration (:mod:`.words`), help per
decision kind (:mod:`.helptext`), the table model (:mod:`.table`), and here the glossary, plain
descriptions of every tile, item, character, monster and brood seed, the numbers one key away
while deciding, two-step grouping, fixed keys and the warning before wasting AP.

All pure functions of their arguments and the content (which every player may read).

>>> import woodlands
>>> from woodlands.engine.presentation import presentation_for
>>> p = presentation_for(woodlands.load_game("cursed-forest"))
>>> type(p).__name__
'CursedForestPresentation'
>>> print(p.describe("thornhide-boar").splitlines()[0])
Thornhide Boar (green side): Health 8, combat 2 dice +1. Bristles like brambles and a temper to match.
"""
from __future__ import annotations

from typing import Any

from ....engine.decision import Decision, Option
from ....engine.presentation import Detail, Event, Moment, Presentation, Story, View, plural
from .helptext import HELP
from .words import CursedForestNarrator

#: what each kind of tile does, in our words (shown before you lay it and in the glossary)
TILE_EFFECTS: dict[str, str] = {
    "start": "Where everyone sets out and comes back to after losing a life; Morna Gûl rises here.",
    "path": "Plain forest path: nothing happens here.",
    "gateway": "A plain forest path with more ways on.",
    "monster": "A monster token waits here: step on it and a monster comes out of the bag to fight you.",
    "web": "Entering a web nobody stands on, roll a die: on 1-2 spiders drop (another die says how many) "
           "and fight you together. From a web you may walk to any other web for 1 AP.",
    "pit": "Entering, roll a die to jump it: on 1-2 you fall in, your turn ends and you fight the pit's "
           "monsters one after the other, with no escape (two come out the first time anyone falls). "
           "A rope carried, or left on the tile, takes you across.",
    "red-vine": "Poisons whoever walks onto it. In the endgame a brood seed is laid on its vines (2 AP).",
    "swamp": "Search it (3 AP): 1-3 a monster comes out, 4-6 you find an item.",
    "bone-yard": "Rest (2 AP, ends the turn): cured and healed to full; or trade 3 kills for an item.",
    "brood-seed": "A brood seed is bound in its roots: try to free it with a die, 2-6 (one try a turn).",
    "exit": "The Maiden Tree: seed bearers gather here; then she wakes and Morna Gûl rises.",
}
SLOT_WORDS = {"hand": "one hand", "two-handed": "both hands", "boots": "the boots space",
              "armour": "the armour space", "backpack-only": "the backpack (works from there)",
              "none": "beside the card (takes no space)"}
#: option verbs of a long decision, as the first step of a two-step choice
GROUP_WORDS = {"move": "Move", "web-walk": "Walk the webs", "jump": "Jump", "use": "Use an item",
               "shoot": "Shoot", "equip": "Move an item to another space", "drop": "Drop an item",
               "show": "Turn an item face up", "give": "Give an item", "pickup": "Pick up an item",
               "shift-poison": "Move a poison token", "cure": "Cure poison", "tag": "Call a friend",
               "escape": "Escape", "flee": "Flee", "stow": "Keep it", "place-seed": "Lay a seed",
               "pickup-seed": "Take up a seed", "attack": "Attack an adventurer", "maiden": "Call the Maiden Tree",
               "marta": "Marta: re-roll a die", "lay": "Lay the tile", "exit": "Lay the Exit"}


#: a group of options about one item: the first step of "which item, then where"
ITEM_GROUP_WORDS = {"equip": "Move {} to another space", "give": "Give {} to someone", "pickup": "Pick up {}",
                    "shoot": "Shoot {}", "use": "Use {}", "stow": "Keep {}"}


class CursedForestPresentation(Presentation):
    narrator_class = CursedForestNarrator
    help_texts = HELP
    #: present/look.css: the game's own look on its web page, after the generic stylesheet
    stylesheet = "look.css"
    #: present/picture.svg: the game's picture on the home page
    picture = "picture.svg"
    tagline = "One to four adventurers lay the forest tile by tile, fight what lurks there and carry the Ring out."

    def story(self, view: View, log: list[Event], seat: int) -> Story:
        """The end told with the seeds, the fallen, the deciding fight and each adventurer's
        figures (:mod:`.story`)."""
        from .story import story
        return story(super().story(view, log, seat), self.narrator, view, log, seat)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        c = self.content
        self._tiles = {t.id: t for t in c.tiles}
        self._items = {i.id: i for i in c.items}
        self._monsters = {m.id: m for m in c.monsters}
        self._chars = {ch.id: ch for ch in c.characters}
        self._seeds = {k.id: k for k in c.seeds}

    # ------------------------------------------------------------------ words
    def characters(self) -> list[tuple[str, str]]:
        return [(ch.id, ch.name) for ch in self.content.characters]

    def glossary(self) -> list[tuple[str, str]]:
        words = [
            ("AP", "Action points: each turn's budget (a step, a tile drawn and laid, an item's use). Unused AP are lost."),
            ("Health", "Wounds come off it; at 0 you lose a life and start again at the Start, healed."),
            ("Combat N dice +M", "Roll N dice and add M. The lower score takes the difference as damage."),
            ("Critical", "All your dice alike (two or more): your dice count double."),
            ("Armour", "Takes that much off every wound from a lost round (not direct damage)."),
            ("Direct damage", "Damage armour does not stop (escaping, Morna Gûl's strike)."),
            ("Green / purple side", "A monster is drawn on one side; purple is the tougher guardian side."),
            ("Poison", "A token fills an inventory space; red vines and poisonous bites give them."),
            ("Kills", "The starting Health of monsters you killed: your champion tally; 3 buy an item at a bone yard."),
            ("Tag", "Call a friend into your fight (1 AP): one more die, and they share your wounds."),
            ("Face down", "Items you hold are hidden from others until used, dropped or shown."),
            ("Brood seeds", "Four seeds bound in the forest; laid on red vines they win the game."),
            (str(self.content.morna.name), self._morna_text()),
        ]
        words += [(kind.replace("-", " ").capitalize() + " tile", text) for kind, text in TILE_EFFECTS.items()]
        return words

    def _morna_text(self) -> str:
        m = self.content.morna
        return (f"The curse's body: Health {m.health}, combat {m.dice} dice +{m.modifier}; one die fewer for each "
                f"seed on the red vines; each step {m.move_dice} dice; +{m.regenerate} Health for each adventurer "
                f"he slays; running past him costs {m.run_past_damage} direct damage. No escape or help in his fight.")

    def describe(self, ident: str) -> str | None:
        if ident in self._monsters:
            lines = []
            for side, ms in zip(("green", "purple"), self._monsters[ident].sides):
                traits = [w for w, on in (("undead", ms.undead), ("poisonous", ms.poison), ("boss", ms.boss)) if on]
                if ms.armour:
                    traits.append(f"armour {ms.armour}")
                if ms.extra_damage:
                    traits.append(f"+{ms.extra_damage} damage when it wins a round")
                if ms.heal_on_hit:
                    traits.append(f"heals {ms.heal_on_hit} when it wins a round")
                extra = f" {', '.join(traits).capitalize()}." if traits else ""
                lines.append(f"{ms.name} ({side} side): Health {ms.health}, combat {plural(ms.dice, 'die', 'dice')} +{ms.modifier}.{extra}"
                             + (f" {ms.text}" if ms.text else ""))
            return "\n".join(lines)
        if ident in self._items:
            it = self._items[ident]
            combat = []
            if it.combat_dice:
                combat.append(f"+{plural(it.combat_dice, 'die', 'dice')} in a fight")
            if it.combat_modifier:
                combat.append(f"{it.combat_modifier:+d} to the fight score")
            if it.armour:
                combat.append(f"armour {it.armour}")
            if it.attack == "ranged":
                combat.append(f"shoots {it.range_min}-{it.range_max} tiles for {plural(it.damage_dice, 'die', 'dice')} of damage")
            use = f"; {it.ap} AP to use" if it.ap else ""
            once = ", once" if it.single_use else ""
            head = f"{it.name}: goes in {SLOT_WORDS.get(it.slot, it.slot)}{use}{once}"
            return head + (f"; {', '.join(combat)}" if combat else "") + (f".\n{it.text}" if it.text else ".")
        if ident in self._chars:
            ch = self._chars[ident]
            return f"{ch.name}: Health {ch.health}, {ch.ap} AP, combat {plural(ch.dice, 'die', 'dice')} +{ch.modifier}.\n{ch.text}"
        if ident in self._tiles:
            t = self._tiles[ident]
            effect = TILE_EFFECTS.get(t.kind, "")
            return f"{t.name} ({t.kind.replace('-', ' ')} tile). {effect}" + (f"\n{t.text}" if t.text else "")
        if ident in self._seeds:
            k = self._seeds[ident]
            return f"The brood seed {k.name}: {k.text}"
        if ident in ("morna-gul", "morna"):
            return f"{self.content.morna.name}: {self._morna_text()}"
        if ident == "spiders":
            sp = self.content.spiders
            return f"Spiders: {sp.text}"
        return None

    def details(self, view: View, decision: Decision | None) -> list[Detail]:
        out: list[Detail] = []
        data = (decision.data if decision is not None else None) or {}
        kind = decision.kind if decision is not None else ""
        subject = None
        if kind == "lay_tile":
            subject = ("The tile you lay", self.describe(str(data.get("tile"))))
        elif kind == "stow_item":
            subject = ("The item you found", self.describe(str(data.get("item"))))
        elif kind == "fight_round" and data.get("foe") == "monster":
            subject = ("The foe", self.describe(str(data.get("monster"))))
        elif kind == "fight_round" and data.get("foe") == "morna":
            subject = ("The foe", self.describe("morna-gul"))
        elif kind == "choose_character" and decision is not None:
            text = "\n\n".join(self.describe(str(o.meaning()[1][0])) or "" for o in decision.options)
            subject = ("The characters", text)
        if subject is not None and subject[1]:
            out.append(Detail("d", subject[0], subject[1]))
        seen = [t.get("monster") for t in view.get("tiles") or []]
        creatures = sorted({m["id"] for m in seen if isinstance(m, dict) and m.get("id") in self._monsters})
        text = "\n".join(self.describe(m) or "" for m in creatures) or "No monster is face up in the forest."
        out.append(Detail("c", "Creatures on the map", text + "\n" + (self.describe("spiders") or "")))
        items: list[str] = []
        for p in view.get("players") or []:
            if p.get("player") != view.get("seat"):
                continue
            for x in list((p.get("inventory") or {}).values()) + list(p.get("extras") or []):
                if isinstance(x, str) and x in self._items and x not in items:
                    items.append(x)
        out.append(Detail("i", "Your items", "\n".join(self.describe(x) or "" for x in items) or "You carry no item."))
        chars = [p.get("character") for p in view.get("players") or []]
        out.append(Detail("a", "The adventurers", "\n".join(self.describe(c) or "" for c in chars if c in self._chars)
                          or "No character chosen yet."))
        seeds = "\n".join(self.describe(k) or "" for k in self._seeds)
        out.append(Detail("b", "Brood seeds and Morna Gûl", seeds + "\n" + (self.describe("morna-gul") or "")))
        out.append(Detail("x", "Special tiles", "\n".join(f"{k.replace('-', ' ').capitalize()}: {v}"
                                                          for k, v in TILE_EFFECTS.items())))
        return out

    # ------------------------------------------------------------------ choosing
    def grouping(self, decision: Decision) -> int:
        """A long turn or fight: first the verb and its first argument (which item, which way),
        then the rest (where it goes, at what range), moves and single actions staying one step;
        when that still leaves more than 9 choices, first the verb (move, use, give...)."""
        if decision.kind in ("turn_action", "fight_round", "defend_round") and len(decision.options) > 9:
            return 2 if len(decision.groups(2)) <= 9 else 1   # by item when that is short, else by verb
        if decision.kind == "stow_item" and len(decision.options) > 9:
            return 1
        return 0

    def group_label(self, decision: Decision, key: tuple[Any, ...], options: tuple[Option, ...]) -> str:
        if len(options) == 1:
            return options[0].label
        verb = str(key[0])
        thing = key[1] if len(key) > 1 else None
        name = None
        if isinstance(thing, str) and thing in self._items:
            name = self._items[thing].name
        elif thing == "twin":
            name = "both crossbows"
        if name is not None and verb in ITEM_GROUP_WORDS:
            return ITEM_GROUP_WORDS[verb].format(name) + f" ({len(options)})"
        if verb == "marta" and thing in ("mine", "theirs"):
            whose = "your dice" if thing == "mine" else "the foe's dice"
            return f"Marta: re-roll one of {whose} ({len(options)})"
        if verb == "shift-poison" and isinstance(thing, str):
            from ..names import space_words
            return f"Move the poison token from {space_words(thing)} ({len(options)})"
        words = GROUP_WORDS.get(verb, verb.replace("-", " ").capitalize())
        return f"{words} ({len(options)})"

    def warning(self, view: View, decision: Decision, option: Option) -> str | None:
        data = option.data or {}
        lost = data.get("ap_lost")
        if option.verb == "end-turn" and isinstance(lost, int) and lost > 0 and decision.kind == "turn_action":
            return f"End the turn with {plural(lost, 'AP', 'AP')} unused? They are lost."
        if option.verb in ("draw-tile", "escape-new") and data.get("room") is False:
            return "No tile can be laid beside you: the AP would be spent for nothing. Go on?"
        return None

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        keys = {"turn_action": {"e": "end-turn", "d": "draw-tile"},
                "fight_round": {"f": "fight"},
                "reroll": {"f": "keep-roll", "r": "marta:roll"},
                "maiden_call": {"f": "maiden:stay"},
                "tag_reply": {"y": "tag:accept", "n": "tag:refuse"},
                "defend_round": {"f": "defend"}}.get(decision.kind, {})
        return {k: v for k, v in keys.items() if v in decision}

    def moment(self, view: View) -> Moment | None:
        """The round of ``view`` (set-up before the first), and whether Morna hunts.

        >>> import woodlands
        >>> from woodlands.engine.presentation import presentation_for
        >>> p = presentation_for(woodlands.load_game("cursed-forest"))
        >>> p.moment({"round": 5, "phase": "forest"}).where, p.moment({"round": 14, "phase": "hunt"}).where
        ('round 5', 'the hunt, round 14')
        """
        number, phase = view.get("round"), view.get("phase")
        if not isinstance(number, int) or isinstance(number, bool):
            return None
        if phase == "setup" or number < 1:
            return Moment("", 0, phase="set-up")
        return Moment("round", number, phase="the hunt" if phase == "hunt" else "")

    def seat_name(self, view: View, seat: int) -> str:
        names = [self._chars[p["character"]].name.split()[0] for p in view.get("players") or []
                 if p.get("player") == seat and p.get("character") in self._chars]
        return f"Player {seat + 1} ({', '.join(names)})" if names else f"Player {seat + 1}"

    # ------------------------------------------------------------------ the table
    def name_of(self, ident: str) -> str:
        """An item's, seed's, character's or tile's printed name (else the id tidied up)."""
        for pool in (self._items, self._seeds, self._chars, self._tiles):
            if ident in pool:
                return str(pool[ident].name)
        return ident.replace("-", " ").title()

    def table_model(self, view: View, seat: int) -> Any:
        """The map, the adventurers and their items, the foes: see :mod:`.table`."""
        from .table import table_model
        return table_model(view, seat, self.name_of, self.describe, lambda s: self.seat_name(view, s))

    def outcomes(self, view: View, events: list[Event], seat: int) -> list[Any]:
        """The latest fight's last round, on the tile where it was fought: see :func:`.table.outcomes`."""
        from .table import outcomes
        return outcomes(view, events, lambda monster, side: self.narrator.monster(monster, None, side))  # type: ignore[attr-defined]

__all__ = ["CursedForestPresentation", "TILE_EFFECTS"]
