"""Tanglewoods' log events told in plain words: a pure function of the event (and the seat it is
told to) and the card list, which everybody may read.

Events carry card ids (and, for a card that has two sides, the side it showed); the narrator
looks their printed names up in the content, so a loaded game and a live one read the same and a
card on its night side is called by its night name.

>>> import woodlands
>>> from woodlands.engine.presentation import presentation_for
>>> n = presentation_for(woodlands.load_game("tanglewoods")).narrator
>>> n.line({"type": "roll", "dice": [{"colour": "red", "face": "crit"}, {"colour": "yellow", "face": "blank"}]})
'You roll: red crit, yellow blank.'
>>> n.line({"type": "gold", "change": -2, "gold": 5, "why": "mend"})
'You pay 2 gold (mend); you have 5.'
>>> n.line({"type": "strategy_end", "passes": 3, "why": "player"})
'You end the Strategy phase after 3 passes.'
"""
from __future__ import annotations

from typing import Any

from ....engine.presentation import Narrator, gain, plural

Event = dict[str, Any]

SIDES = {"forest": ("day", "night"), "map": ("day", "night"), "item": ("ordinary", "upgraded")}
STAT_MAX = 6


def _face_effects(face: Any) -> tuple[Any, ...]:
    """Every effect printed on one face, whatever its timing."""
    return tuple(face.effects) + tuple(face.reward) + tuple(face.ambush) + tuple(face.special) + \
        tuple(face.after) + tuple(face.use) + tuple(face.activation_end)


class TanglewoodsNarrator(Narrator):
    """Tanglewoods' events: card names looked up in the pack, sides named day/night."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._sides: dict[str, int] = {}
        self._stats: dict[str, int] = {}

    def _gain_words(self, e: Event) -> str:
        """``+1 Health``: a stat gain without printed words, from its numbers on the card."""
        found = self._cards_by_id().get(str(e.get("source")))
        side = self._effect_side(e)
        if found is not None and side is not None:
            for x in _face_effects(found.faces[side]):
                if x.do == "gain_stat" and x.text == e.get("text"):
                    return gain(int(x.params.get("amount", 0)), str(x.params.get("stat")).capitalize())
        return "a stat gain"

    def _cap(self, e: Event) -> str:
        """`` (already at 6)`` after a stat gain that the cap swallows, from the stats the earlier
        events showed and the effect's own numbers on its card."""
        found = self._cards_by_id().get(str(e.get("source")))
        side = self._effect_side(e)
        if found is None or side is None:
            return ""
        for x in _face_effects(found.faces[side]):
            if x.do == "gain_stat" and x.text == e.get("text"):
                now = self._stats.get(str(x.params.get("stat")))
                if now is None:
                    return ""
                if now >= STAT_MAX:
                    return f" (already at {STAT_MAX})"
                if now + int(x.params.get("amount", 0)) > STAT_MAX:
                    return f" (only up to {STAT_MAX})"
        return ""

    # ------------------------------------------------------------------ names
    def _lookup(self, kind: str, card_id: str, side: int | None) -> str:
        c = self.content
        table = {"forest": ("forest_by_id", "forest"), "map": ("map_by_id", "maps"),
                 "item": ("item_by_id", "items")}.get(kind)
        if table is None or not hasattr(c, table[0]):
            return card_id
        index = getattr(c, table[0]).get(card_id)
        if index is None:
            return card_id
        card = getattr(c, table[1])[index]
        return str(card.faces[side or 0].name)

    def forest(self, card_id: str, side: int | None = None) -> str:
        name = self._lookup("forest", card_id, side)
        if side is None:
            return name
        card = self.content.forest[self.content.forest_by_id[card_id]] if card_id in getattr(self.content, "forest_by_id", {}) else None
        if card is not None and card.kind == "bear":
            return name
        return f"{name} ({SIDES['forest'][side]})"

    def map(self, card_id: str, side: int | None = None) -> str:
        name = self._lookup("map", card_id, side)
        return name if side is None else f"{name} ({SIDES['map'][side]})"

    def item(self, item_id: str, upgraded: bool = False) -> str:
        return self._lookup("item", item_id, 1 if upgraded else 0)

    def _cards(self, ids: list[str], side: int | None = None) -> str:
        """Forest cards by the side they show (as the events so far told), or by ``side``."""
        return ", ".join(self._any(i, self._sides.get(i) if side is None else side) for i in ids) or "nothing"

    def _why(self, why: Any) -> str:
        """A cause as the player knows it: a card, item or hero id as its printed name (``buy
        oakheart-shield`` -> ``buy Oakheart Shield``), a plain cause (``mend``) as it is.  A card
        whose two sides have different names and whose side these events did not show is not
        named at all (""): the effect's own line, just before, names it rightly."""
        text = str(why or "")
        verb, _, rest = text.partition(" ")
        if rest and self._any(rest) != rest:
            return f"{verb} {self._named(rest)}".strip()
        return self._named(text)

    def _named(self, ident: str) -> str:
        side = self._sides.get(ident)
        if side is not None or self._any(ident, 0) == self._any(ident, 1):
            return self._any(ident, side)
        return ""

    def _paren(self, why: Any) -> str:
        """`` (cause)`` for a sentence, or nothing when the cause cannot be named rightly."""
        named = self._why(why)
        return f" ({named})" if named else ""

    def _effect_side(self, e: Event) -> int | None:
        """Which side of its source an effect event came from, told by the effect itself (the
        sides of a card have different effects); None when both could have it."""
        found = self._cards_by_id().get(str(e.get("source")))
        if found is None:
            return self._sides.get(str(e.get("source")))
        hits = [i for i, face in enumerate(found.faces)
                if any(x.do == e.get("do") and x.text == e.get("text") for x in _face_effects(face))]
        return hits[0] if len(hits) == 1 else self._sides.get(str(e.get("source")))

    def _cards_by_id(self) -> dict[str, Any]:
        cached: dict[str, Any] | None = getattr(self, "_by_id", None)
        if cached is None:
            c = self.content
            cached = {card.id: card for group in ("forest", "maps", "items") for card in getattr(c, group, ())}
            self._by_id = cached
        return cached

    def _note(self, e: Event) -> None:
        """Remember what an event shows of the cards' sides and the stats, for the next ones."""
        kind = e.get("type")
        if kind in ("draw", "place", "choose_map", "defeat") and isinstance(e.get("side"), int):
            self._sides[str(e.get("card"))] = e["side"]
        elif kind == "flip":
            self._sides[str(e.get("card"))] = 1 if e.get("side") in ("night", "upgraded") else 0
        elif kind == "cleanup":
            for card_id in e.get("flipped_to_night") or []:
                self._sides[str(card_id)] = 1
        elif kind in ("gain_item", "buy"):
            self._sides[str(e.get("item"))] = 1 if e.get("upgraded") else 0
        elif kind == "upgrade_item":
            self._sides[str(e.get("item"))] = 1
        elif kind == "hero":
            for stat in ("health", "strategy", "recovery"):
                self._stats[stat] = e[stat]
        elif kind == "stat":
            self._stats[str(e["stat"])] = e["value"]

    # ------------------------------------------------------------------ sentences
    def lines(self, events: list[Event], seat: int | None = None) -> list[str]:
        """The events in order; what earlier ones showed (a card's side, a stat's value) names the
        later ones, so the same list always reads the same, live or loaded."""
        self._sides, self._stats = {}, {}
        out = []
        try:
            for e in events:
                if e.get("type") != "effect" or e.get("text") or (e.get("do") == "gain_stat" and self._cap(e)):
                    out.append(self.line(e, seat))
                self._note(e)
        finally:
            self._sides, self._stats = {}, {}
        return out

    def _setup(self, e: Event) -> str:
        return (f"The table is laid: {e['forest']} forest cards, {e['maps']} maps and {e['items']} items "
                f"shuffled; {e['bears']} bears wait aside.")

    def _hero(self, e: Event) -> str:
        return (f"You play {e['name']} (side {e['side']}): Health {e['health']}, Strategy {e['strategy']}, "
                f"Recovery {e['recovery']}.")

    def _difficulty(self, e: Event) -> str:
        levels = list(e["applies"])
        if not levels:
            return f"Difficulty {e['level']}: no level's effect applies."
        word = "level" if len(levels) == 1 else "levels"
        return f"Difficulty {e['level']}: the effects of {word} {', '.join(map(str, levels))} apply."

    def _round(self, e: Event) -> str:
        return f"--- Round {e['number']} begins ---"

    def _draw(self, e: Event) -> str:
        why = f" for {self._why(e['why'])}" if self._why(e.get("why")) else ""
        if e["deck"] == "map":
            return f"You draw the map {self.map(e['card'], e['side'])}."
        return f"You draw {self.forest(e['card'], e['side'])} from the bottom of the Forest Deck{why}."

    def _choose_map(self, e: Event) -> str:
        return f"You follow {self.map(e['card'], e['side'])}."

    def _ambush(self, e: Event) -> str:
        card = self._cards_by_id().get(str(e["card"]))
        side = self._sides.get(str(e["card"]))
        if side is None and card is not None:
            with_ambush = [i for i, f in enumerate(card.faces) if f.ambush]
            side = with_ambush[0] if len(with_ambush) == 1 else None
        return f"Ambush! {self._any(e['card'], side)} springs its effect."

    def _any(self, card_id: str, side: int | None = None) -> str:
        """Any card, item or hero by id, named by the side it showed (its first when not told)."""
        for kind in ("forest", "map", "item"):
            name = self._lookup(kind, card_id, side)
            if name != card_id:
                return name
        c = self.content
        if card_id in getattr(c, "hero_by_id", {}):
            return str(c.heroes[c.hero_by_id[card_id]].sides[0].name)
        if card_id == "brothers-grimm" and getattr(c, "grimm", None) is not None:
            return str(c.grimm.name)
        return card_id

    def _effect(self, e: Event) -> str:
        text = e["text"]
        if e.get("do") == "gain_stat":
            cap = self._cap(e)
            if cap and not text:
                text = self._gain_words(e)
            text += cap
        return f"{self._any(e['source'], self._effect_side(e))}: {text}."

    def _effect_skipped(self, e: Event) -> str:
        what = e.get("text") or e["do"]
        return f"{self._any(e['source'], self._effect_side(e))}: {what} does not happen (its condition does not hold)."

    def _activation_end(self, e: Event) -> str:
        return "The Activation ends; the Engagement begins."

    def _place(self, e: Event) -> str:
        forced = " (it forces its way in)" if e.get("forced") else ""
        return f"{self.forest(e['card'], e['side'])} joins the tableau{forced}."

    def _discard(self, e: Event) -> str:
        return f"Discarded as drawn: {self._cards(e['cards'])}."

    def _map_complete(self, e: Event) -> str:
        return f"The map {self.map(e['map'])} is complete."

    def _wilds_held(self, e: Event) -> str:
        return f"You keep your {plural(e['wilds'], 'wild icon')} free and keep building."

    def _bribe(self, e: Event) -> str:
        return f"You bribe {self.forest(e['card'])} with {e['cost']} gold; it slinks away."

    def _strategy_pass(self, e: Event) -> str:
        return f"Strategy pass {e['number']} of {e['of']}."

    def _strategy_end(self, e: Event) -> str:
        why = e.get("why", "player")
        if why == "no_enemies":
            return f"No enemy is left standing: the Strategy phase ends by itself after {plural(e['passes'], 'pass')}."
        if why == "passes_used":
            return f"The Strategy phase ends: all {plural(e['passes'], 'pass')} used."
        if why == "nothing_to_commit":
            return f"Nothing left to commit or roll: the Strategy phase ends after {plural(e['passes'], 'pass')}."
        return f"You end the Strategy phase after {plural(e['passes'], 'pass')}."

    def _roll(self, e: Event) -> str:
        dice = ", ".join(f"{d['colour']} {d['face']}" for d in e["dice"]) or "no dice"
        why = self._paren(e.get("why"))
        return f"You roll{why}: {dice}."

    def _damage(self, e: Event) -> str:
        why = self._why(e["why"]) or "An effect"
        return (f"{why[:1].upper() + why[1:]} deals {e['amount']} to {self.forest(e['card'])} "
                f"({e['total']}/{e['health']}).")

    def _defeat(self, e: Event) -> str:
        return f"{self.forest(e['card'], e.get('side'))} is defeated!"

    def _bear_defeated(self, e: Event) -> str:
        return f"The bear {self._lookup('forest', e['bear'], 0)} is beaten ({e['defeated']} of 3)."

    def _suffer_damage(self, e: Event) -> str:
        if not e["amount"]:
            return "No enemy is left standing to hurt you."
        return f"The enemies still standing hurt you for {e['amount']}."

    def _stat(self, e: Event) -> str:
        what = e["stat"].capitalize()
        most = " (the most)" if e["change"] > 0 and e["value"] >= STAT_MAX else ""
        return f"{gain(e['change'], what)}{self._paren(e['why'])}: now {e['value']}{most}."

    def _gold(self, e: Event) -> str:
        change, why = e["change"], self._why(e.get("why", "")) or "an effect"
        if change >= 0:
            return f"You gain {change} gold ({why}); you have {e['gold']}."
        return f"You pay {-change} gold ({why}); you have {e['gold']}."

    def _dice_moved(self, e: Event) -> str:
        colours = e.get("colours") or [e.get("colour")]
        what = ", ".join(str(c) for c in colours)
        n = len(colours)
        if e.get("why") == "commit" and e["to"] == "committed":
            return f"You commit {plural(n, 'die', 'dice')}: {what}."
        dice = plural(n, "die", "dice")
        return f"{dice[:1].upper() + dice[1:]} from {e['source']} to {e['to']}{self._paren(e['why'])}: {what}."

    def _set_aside(self, e: Event) -> str:
        return f"Exhausted dice step aside ({', '.join(e['dice']) or 'none'}); {e['exhaust']} ready dice must tire."

    def _cleanup(self, e: Event) -> str:
        flipped = f"; turned to night: {self._cards(e['flipped_to_night'], 1)}" if e.get("flipped_to_night") else ""
        return f"Cleanup: the tableau is discarded ({self._cards(e['discarded'])}){flipped}."

    def _shop(self, e: Event) -> str:
        return f"The merchant lays out: {', '.join(self.item(i) for i in e['items']) or 'nothing'}."

    def _buy(self, e: Event) -> str:
        return f"You buy {self.item(e['item'])}."

    def _tidy_up(self, e: Event) -> str:
        return f"Unsold goods go back: {', '.join(self.item(i) for i in e['items'])}."

    def _bait(self, e: Event) -> str:
        return f"You bait {self._lookup('forest', e['bear'], 0)}: it is shuffled into the Forest Deck."

    def _gain_item(self, e: Event) -> str:
        return f"You gain {self.item(e['item'], e.get('upgraded', False))}{self._paren(e.get('why'))}."

    def _discard_item(self, e: Event) -> str:
        return f"You discard {self._any(e['item'], self._sides.get(str(e['item'])))}{self._paren(e.get('why'))}."

    def _upgrade_item(self, e: Event) -> str:
        return f"{self.item(e['item'])} is upgraded to {self.item(e['item'], True)}{self._paren(e.get('why'))}."

    def _use(self, e: Event) -> str:
        if e.get("what") == "ability":
            return f"You use {e['hero']}'s ability."
        return f"You use {self._any(e['item'], self._sides.get(str(e['item'])))}."

    def _flip(self, e: Event) -> str:
        side = 1 if e["side"] in ("night", "upgraded") else 0
        return f"{self._any(e['card'], 1 - side)} turns to its {e['side']} side: now {self._any(e['card'], side)}."

    def _hero_flip(self, e: Event) -> str:
        if e["to"] == "brothers-grimm":
            return "Your hero steps aside: the Brothers Grimm take over."
        return f"Your hero turns over: now {e.get('name', e['to'])}."

    def _reshuffle(self, e: Event) -> str:
        return f"The {e['deck']} discard is shuffled into a new deck ({plural(e['cards'], 'card')})."

    def _night_falls(self, e: Event) -> str:
        return f"Night falls on {plural(e['cards'], 'forest card')}{self._paren(e['why'])}."

    def _peek_place(self, e: Event) -> str:
        return f"You put {self.forest(e['card'])} on the {e['where']} of the Forest Deck."

    def _game_over(self, e: Event) -> str:
        result = e["result"]
        if result == "win":
            return f"*** You win! All three bears are beaten (round {e.get('round', '?')}). ***"
        if result == "loss":
            return f"*** You lose: {e.get('reason', 'the forest wins')} (round {e.get('round', '?')}). ***"
        return f"*** The game stops unfinished: {e.get('reason', '')}. ***"
