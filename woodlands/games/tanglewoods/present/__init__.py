"""Tanglewoods' words for every client: narration (:mod:`.words`), help per decision
(:mod:`.help`), the table model (:mod:`.table`), and here the glossary, descriptions of every card,
the numbers one key away, two-step choices, warnings and fixed keys.

Everything is a pure function of its arguments and the card list (which everybody may read).

>>> import woodlands
>>> from woodlands.engine.presentation import presentation_for
>>> p = presentation_for(woodlands.load_game("tanglewoods"))
>>> p.describe("red")
'A red die: 0 blank, 5 hit, 1 crit; 100% chance of at least 1 damage.'
>>> p.describe("papa-bear").startswith("Papa Bear (bear). Enemy side: Health ")
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine.decision import Decision, Option
from ....engine.presentation import Detail, Event, Moment, Presentation, Story, View, plural
from ..model import BLANK, COLOURS, CRIT, DIE_FACES, HIT, Card, Face, HeroSide
from .help import HELP
from .words import TanglewoodsNarrator

if TYPE_CHECKING:
    from ....engine.game import Game

SIDE_WORDS = {"forest": ("day", "night"), "map": ("day", "night"), "item": ("ordinary", "upgraded"),
              "bear": ("enemy", "beaten")}

#: a view's ``phase`` as a person names that part of the round
PHASE_WORDS = {"map": "Map phase", "forest": "Forest phase", "strategy": "Strategy phase",
               "bribery": "Bribery phase", "resolve": "Resolve phase", "merchant": "Merchant's visit"}

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("Health", "How much harm you can take; below 1 you lose. No stat goes above 6."),
    ("Strategy", "Strategy passes each Engagement, maps drawn, Forest draws, and how many items you may hold."),
    ("Recovery", "How many exhausted dice come back to your pool each Resolve phase."),
    ("Gold", "Pays bribes and the merchant; 20 less your three starting stats at the start."),
    ("pool / committed / exhausted / banished", "Where a die is: ready, in the pass now, tired until "
     "recovered, gone for the game."),
    ("blank / hit / crit", "A die's faces: nothing, 1 damage, 2 damage (or more with modifiers)."),
    ("yellow ... red", "The five die colours, weakest to strongest: yellow has 4 blanks, red none (key d)."),
    ("tableau", "The forest cards laid this round; its direction icons must cover the map's needs."),
    ("enemy (H D B)", "A card you fight: Health (damage to defeat it), Damage (hurts you if it stands "
     "at the end), Bribe (gold to send it away)."),
    ("fable", "A forest card with no Health: it cannot be fought, only its effects happen."),
    ("wild", "A direction icon that counts as any direction you need."),
    ("day / night", "The two sides of forest cards and maps; night sides are harsher. A card is named by "
     "the side it shows."),
    ("ambush", "An effect that happens as soon as the card is drawn."),
    ("bear", "Papa, Mama and Baby Bear: beat all three to win; a beaten bear's other side stays with you (key b)."),
    ("merchant", "On a map with the merchant icon you may mend dice, forge (upgrade) items, bait a bear, "
     "buy items and buy +1 to a stat."),
    ("modifier", "A lasting change from a hero, item, bear, map or card in play (key m)."),
)


def die_odds(colour: str) -> tuple[int, int, int, float]:
    """(blanks, hits, crits, chance of at least 1 damage) of one die of ``colour``.

    >>> die_odds("yellow")
    (4, 1, 1, 0.3333333333333333)
    """
    faces = DIE_FACES[colour]
    blanks, hits, crits = faces.count(BLANK), faces.count(HIT), faces.count(CRIT)
    return blanks, hits, crits, (hits + crits) / len(faces)


#: the decks in the order the table lists them, with the end their cards are drawn from (T-10)
DECK_WORDS = {"forest": ("Forest Deck", "bottom"), "map": ("Map Deck", "top"), "item": ("Item Deck", "bottom")}


def _seen(card: dict[str, Any] | None) -> str:
    """A visible card face of a deck, in a line: name, side, numbers and effect."""
    if not card:
        return "-"
    bits = [f"{card['name']} ({card['side']})"]
    if "directions" in card:
        bits.append("needs " + (" ".join(card["directions"]) or "nothing") + ("; merchant" if card.get("merchant") else ""))
    elif "cost" in card:
        bits.append(f"cost {card['cost']}")
    elif card.get("health") is not None:
        bits.append(f"Health {card['health']}, Damage {card['damage']}, "
                    + ("no bribe" if card.get("bribe") is None else f"bribe {card['bribe']}"))
    return ", ".join(bits) + f": {card.get('text') or 'no effect'}"


def _effects_text(face: Face) -> str:
    return face.text or "no effect"


def _enemy_line(face: Face) -> str:
    if face.health is None:
        return "fable (cannot be fought)"
    bribe = "no bribe" if face.bribe is None else f"bribe {face.bribe}"
    return f"Health {face.health}, Damage {face.damage}, {bribe}"


def _hero_line(side: HeroSide) -> str:
    return f"{side.name}: Health {side.health}, Strategy {side.strategy}, Recovery {side.recovery}. {side.text}"


class TanglewoodsPresentation(Presentation):
    """The presentation of Tanglewoods (see the module)."""

    narrator_class = TanglewoodsNarrator
    help_texts = HELP
    #: present/look.css: the game's own look on its web page, after the generic stylesheet
    stylesheet = "look.css"
    #: present/picture.svg: the game's picture on the home page
    picture = "picture.svg"
    tagline = "Alone with one hero and a handful of dice: cross the woods, outwit the bears, bring the gold home."

    def story(self, view: View, log: list[Event], seat: int) -> Story:
        """The end told with the bears beaten, when, and by day or night (:mod:`.story`)."""
        from .story import story
        return story(super().story(view, log, seat), self.narrator, view, log, seat)

    def __init__(self, game: "Game") -> None:
        super().__init__(game)
        c = self.content
        self._cards: dict[str, tuple[str, Card]] = {}
        for card in c.forest:
            self._cards[card.id] = ("bear" if card.kind == "bear" else "forest", card)
        for card in c.maps:
            self._cards[card.id] = ("map", card)
        for card in c.items:
            self._cards[card.id] = ("item", card)

    # ------------------------------------------------------------------ words
    def glossary(self) -> list[tuple[str, str]]:
        return list(GLOSSARY)

    def describe(self, ident: str) -> str | None:
        c = self.content
        if ident in self._cards:
            zone, card = self._cards[ident]
            a, b = card.faces
            sides = SIDE_WORDS[zone]
            if zone == "bear":
                return (f"{a.name} (bear). Enemy side: {_enemy_line(a)}. {a.text}\n"
                        f"Once beaten it stays with you as {b.name}: {_effects_text(b)}")
            if zone == "map":
                lines = [f"{f.name} ({sides[i]} map): needs {' '.join(f.directions) or 'nothing'}"
                         f"{'; the merchant is here' if f.merchant else ''}. {_effects_text(f)}"
                         for i, f in enumerate(card.faces)]
                return "\n".join(lines)
            if zone == "item":
                return "\n".join(f"{f.name} ({sides[i]}, cost {f.cost}): {_effects_text(f)}" for i, f in enumerate(card.faces))
            lines = []
            for i, f in enumerate(card.faces):
                icon = f"direction {f.direction}" if f.direction else "no direction"
                lines.append(f"{f.name} ({sides[i]}, {card.kind}, {icon}): {_enemy_line(f)}. {_effects_text(f)}")
            return "\n".join(lines)
        if ident in c.hero_by_id:
            h = c.heroes[c.hero_by_id[ident]]
            start = "you pick the starting side" if h.start_side is None else f"starts on side {'ab'[h.start_side]}"
            return "\n".join([f"Side a - {_hero_line(h.sides[0])}", f"Side b - {_hero_line(h.sides[1])}",
                              f"({start}{'; a universal hero' if h.universal else ''})"])
        if ident == "brothers-grimm":
            return _hero_line(c.grimm)
        if ident in COLOURS:
            blanks, hits, crits, odds = die_odds(ident)
            return f"A {ident} die: {blanks} blank, {hits} hit, {crits} crit; {odds:.0%} chance of at least 1 damage."
        return None

    def details(self, view: View, decision: Decision | None) -> list[Detail]:
        out = [self._dice_detail(view), self._bears_detail(view), self._modifiers_detail(view),
               self._items_detail(view, decision)]
        hero = self._hero_detail(view, decision)
        if hero is not None:
            out.append(hero)
        out.append(self._maps_detail(view, decision))
        return out

    def _dice_detail(self, view: View) -> Detail:
        pool = (view.get("dice") or {}).get("pool", {})
        crit = 2 + int((view.get("modifiers") or {}).get("crit_damage", 0))
        lines = [f"{'colour':8} blank hit crit  >=1 damage  in pool"]
        for colour in COLOURS:
            blanks, hits, crits, odds = die_odds(colour)
            lines.append(f"{colour:8} {blanks:5} {hits:3} {crits:4}  {odds:10.0%}  {pool.get(colour, 0):7}")
        lines.append(f"A hit deals 1 damage, a crit {crit}; a die goes wholly to one enemy.")
        return Detail("d", "Dice and their odds", "\n".join(lines))

    def _bears_detail(self, view: View) -> Detail:
        c = self.content
        lines = []
        aside = view.get("bears_aside") or []
        if aside:
            lines.append("Set aside (bait one at the merchant to meet it sooner):")
            for bear_id in aside:
                a, b = c.forest[c.forest_by_id[bear_id]].faces
                lines.append(f"  {a.name}: {_enemy_line(a)}. {a.text}")
                lines.append(f"    once beaten: {_effects_text(b)}")
        won = view.get("bears_won") or []
        lines.append("Beaten (their lasting effects):" if won else "No bear beaten yet.")
        for bear in won:
            lines.append(f"  {bear['name']}: {bear.get('text') or 'no effect'}")
        return Detail("b", "Bears", "\n".join(lines))

    def _modifiers_detail(self, view: View) -> Detail:
        lines = []
        mods = view.get("modifiers") or {}
        for name, value in sorted(mods.items()):
            lines.append(f"  {name.replace('_', ' ')}: {value:+d}")
        lines = (["Active modifiers:"] + lines) if lines else ["No modifier is active."]
        effects = view.get("active_effects") or []
        if effects:
            lines.append("Where they come from:")
            for e in effects:
                source = e.get("source")
                name = self._name_of(str(source)) if source else "?"
                amount = e.get("amount")
                what = str(e.get("text") or e.get("modifier") or e.get("do") or "").replace("_", " ")
                lines.append(f"  {name}: {what}{'' if amount is None or e.get('text') else f' {amount:+d}'}")
        level = view.get("difficulty")
        lines.append(f"Difficulty {level}" + (": 5 is the standard game." if level is not None else ""))
        return Detail("m", "Modifiers and lasting effects", "\n".join(lines))

    def _items_detail(self, view: View, decision: Decision | None) -> Detail:
        c = self.content
        lines = []
        for title, key in (("Yours", "inventory"), ("In the shop", "shop")):
            items = view.get(key) or []
            if not items:
                continue
            lines.append(f"{title}:")
            for item in items:
                card = c.items[c.item_by_id[item["id"]]]
                a, b = card.faces
                lines.append(f"  {item['name']} ({item['side']}): {item.get('text') or 'no effect'}")
                if item["side"] == "ordinary":
                    lines.append(f"    forged: {b.name}: {_effects_text(b)}")
        return Detail("i", "Items (and their upgraded sides)", "\n".join(lines) or "You hold no item.")

    def _hero_detail(self, view: View, decision: Decision | None) -> Detail | None:
        c = self.content
        if decision is not None and decision.kind in ("choose_hero", "choose_side"):
            ids = [str(o.meaning()[1][0]) for o in decision.options] if decision.kind == "choose_hero" else \
                [str((decision.data or {}).get("hero"))]
            text = "\n\n".join(f"{c.heroes[c.hero_by_id[h]].sides[0].name}:\n{self.describe(h)}"
                               for h in ids if h in c.hero_by_id)
            return Detail("c", "Heroes, both sides", text)
        hero = view.get("hero")
        if not hero:
            return None
        return Detail("c", "Your hero", self.describe(hero["id"]) or hero.get("text", ""))

    def _maps_detail(self, view: View, decision: Decision | None) -> Detail:
        lines = []
        m = view.get("map")
        if m:
            lines.append(f"Following {m['name']} ({m['side']}): needs {' '.join(m.get('directions') or []) or 'nothing'}"
                         f"{'; merchant' if m.get('merchant') else ''}. {m.get('text') or 'No effect.'}")
        for choice in view.get("map_choices") or []:
            lines.append(f"On offer: {choice['name']} ({choice['side']}): needs "
                         f"{' '.join(choice.get('directions') or []) or 'nothing'}"
                         f"{'; merchant' if choice.get('merchant') else ''}. {choice.get('text') or 'No effect.'}")
            other = self._other_side(choice)
            if other:
                lines.append(f"  its other side: {other}")
        # the cards drawn and waiting, with their effects: the table under 100 columns leaves
        # the effects out, so they are here at every width
        for title, key in (("Drawn", "drawn"), ("Held up (Baby Bear)", "revealed")):
            for card in view.get(key) or []:
                lines.append(f"{title}: {card['name']} ({card['side']}): {card.get('text') or 'no effect'}")
        for card in view.get("tableau") or []:
            lines.append(f"In the tableau: {card['name']} ({card['side']}): {card.get('text') or 'no effect'}")
        lines += self._decks_lines(view)
        return Detail("p", "Maps, cards and decks", "\n".join(lines) or "No map yet.")

    def _decks_lines(self, view: View) -> list[str]:
        """The deck faces anyone at the table sees (ruling T-10): each deck's top card and its
        bottom card's underside; the Item Deck's top lies under the Merchant Card (T-25)."""
        decks, discards = view.get("decks") or {}, view.get("discards") or {}
        if not any((decks.get(k) or {}).get("count") for k in DECK_WORDS):
            return []
        lines = ["Decks (what anyone at the table sees):"]
        for key, (name, end) in DECK_WORDS.items():
            deck, discard = decks.get(key) or {}, discards.get(key) or {}
            count = int(deck.get("count") or 0)
            lines.append(f"  {name}, {plural(count, 'card')} (drawn from the {end}):")
            if count:
                top = "covered by the Merchant Card" if deck.get("covered_by") == "merchant" else _seen(deck.get("top"))
                lines.append(f"    top: {top}")
                lines.append(f"    bottom card's underside: {_seen(deck.get('bottom_underside'))}")
            if discard.get("count"):
                lines.append(f"    discard pile ({discard['count']}), on top: {_seen(discard.get('top'))}")
        return lines

    def _other_side(self, card: dict[str, Any]) -> str:
        found = self._cards.get(str(card.get("id")))
        if not found:
            return ""
        _zone, c = found
        f = c.faces[0 if card.get("side") == "night" else 1]
        return f"{f.name}: {_effects_text(f)}"

    def _name_of(self, ident: str) -> str:
        found = self._cards.get(ident)
        if found:
            return str(found[1].faces[0].name)
        c = self.content
        if ident in c.hero_by_id:
            return str(c.heroes[c.hero_by_id[ident]].sides[0].name)
        if ident == "brothers-grimm":
            return str(c.grimm.name)
        return ident

    # ------------------------------------------------------------------ choosing
    def grouping(self, decision: Decision) -> int:
        """The die, then the target; at the merchant the action, then what; others flat unless long."""
        if decision.kind == "apply_die":
            return 2 if len(decision.options) > 6 else 0
        if decision.kind == "merchant_action":
            return 1 if len(decision.options) > 6 else 0
        return super().grouping(decision)

    def group_label(self, decision: Decision, key: tuple[Any, ...], options: tuple[Option, ...]) -> str:
        verb = key[0] if key else ""
        if len(options) == 1 and (len(key) < 2 or verb != "apply"):
            return options[0].label
        if verb == "apply" and len(key) >= 2:
            faces = sorted({str(o.meaning()[1][1]) for o in options})
            return f"A {key[1]} die ({' or '.join(faces)}): choose its target"
        words = {"mend": "Mend a die", "forge": "Forge (upgrade) an item", "bait": "Bait a bear",
                 "buy": "Buy an item", "bless": "Forest Blessing: +1 to a stat", "commit": "Commit a die",
                 "place": "Place a drawn card", "use": "Use an item", "bribe": "Bribe an enemy"}
        cost = ""
        costs = {(o.data or {}).get("cost") for o in options}
        if len(costs) == 1 and None not in costs:
            cost = f", {costs.pop()} gold"
        return f"{words.get(str(verb), str(verb).replace('_', ' ').capitalize())} ({plural(len(options), 'choice')}{cost})"

    def warning(self, view: View, decision: Decision, option: Option) -> str | None:
        if decision.kind == "commit_dice" and option.id == "end":
            waiting = len((decision.data or {}).get("committed") or [])
            if waiting:
                return (f"You have {plural(waiting, 'committed die', 'committed dice')} not rolled yet; "
                        "ending the Strategy phase now leaves them unused. End it anyway?")
        return None

    def repeatable(self, view: View, decision: Decision, option: Option) -> int:
        if decision.kind == "commit_dice" and option.verb == "commit" and option.args:
            return int(((view.get("dice") or {}).get("pool") or {}).get(str(option.args[0]), 0))
        if decision.kind == "recover_dice" and option.verb == "recover" and option.args:
            tired = int(((view.get("dice") or {}).get("exhausted") or {}).get(str(option.args[0]), 0))
            return min(tired, int((decision.data or {}).get("left", 0)))
        return 0

    def fixed_keys(self, decision: Decision) -> dict[str, str]:
        keys = {}
        for o in decision.options:
            if o.id == "roll":
                keys["r"] = o.id
            elif o.id in ("end", "done", "leave") and decision.kind in ("commit_dice", "apply_die", "merchant_action",
                                                                        "bribe", "recover_dice"):
                keys["e"] = o.id
        return keys

    def moment(self, view: View) -> Moment | None:
        """The phase and the round of ``view`` (set-up before round 1).

        >>> import woodlands
        >>> from woodlands.engine.presentation import presentation_for
        >>> p = presentation_for(woodlands.load_game("tanglewoods"))
        >>> p.moment({"round": 3, "phase": "strategy"}).where, p.moment({"round": 0, "phase": "setup"}).where
        ('Strategy phase, round 3', 'set-up')
        """
        number, phase = view.get("round"), view.get("phase")
        if not isinstance(number, int) or isinstance(number, bool):
            return None
        if phase == "setup" or number < 1:
            return Moment("", 0, phase="set-up")
        return Moment("round", number, phase=PHASE_WORDS.get(str(phase), ""))

    def seat_name(self, view: View, seat: int) -> str:
        hero = view.get("hero")
        return f"You ({hero['name']})" if hero else "You"

    # ------------------------------------------------------------------ the table
    def table_model(self, view: View, seat: int) -> Any:
        """The table as the seat sees it (:mod:`.table`), from ``view`` alone; the web and the
        terminal draw it."""
        from .table import table_model
        return table_model(view, self.describe, self._name_of)

    def outcomes(self, view: View, events: list[Event], seat: int) -> list[Any]:
        """This round's latest roll, on the enemies it hurt (:func:`.table.outcomes`)."""
        from .table import outcomes
        return outcomes(view, events, self._name_of)


__all__ = ["TanglewoodsPresentation", "die_odds"]
