"""Log events told in plain English, for the terminal game and ``woodlands replay``.

Events carry card ids; the narrator looks their printed names up in the game's content, which
everybody may read (the card list, not where the cards are).

Each game names its own narrator in its descriptor (:func:`narrator_for`): Tanglewoods' is here,
the others in ``narrate_<game>.py`` beside this module; an event no narrator knows is shown as its
fields.

>>> import woodlands
>>> n = narrator_for(woodlands.load_game("tanglewoods"))
>>> n.line({"type": "roll", "dice": [{"colour": "red", "face": "crit"}, {"colour": "yellow", "face": "blank"}]})
'You roll: red crit, yellow blank.'
>>> n.line({"type": "gold", "change": -2, "gold": 5, "why": "mend"})
'You pay 2 gold (mend); you have 5.'
"""
from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.presentation import Narrator as Narrator, presentation_for

Event = dict[str, Any]

SIDES = {"forest": ("day", "night"), "map": ("day", "night"), "item": ("ordinary", "upgraded")}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def narrator_for(game: Game) -> Narrator:
    """The narrator of ``game``: its presentation's (:func:`~woodlands.engine.presentation.presentation_for`)."""
    return presentation_for(game).narrator


class TanglewoodsNarrator(Narrator):
    """Tanglewoods' events: card names looked up in the pack, sides named day/night."""

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

    def _cards(self, ids: list[str]) -> str:
        return ", ".join(self.forest(i) for i in ids) or "nothing"

    # ------------------------------------------------------------------ sentences
    def lines(self, events: list[Event], seat: int | None = None) -> list[str]:
        return [self.line(e, seat) for e in events if e.get("type") != "effect" or e.get("text")]

    def _setup(self, e: Event) -> str:
        return (f"The table is laid: {e['forest']} forest cards, {e['maps']} maps and {e['items']} items "
                f"shuffled; {e['bears']} bears wait aside.")

    def _hero(self, e: Event) -> str:
        return (f"You play {e['name']} (side {e['side']}): Health {e['health']}, Strategy {e['strategy']}, "
                f"Recovery {e['recovery']}.")

    def _difficulty(self, e: Event) -> str:
        return f"Difficulty {e['level']}: the effects of level(s) {', '.join(map(str, e['applies']))} apply."

    def _round(self, e: Event) -> str:
        return f"--- Round {e['number']} begins ---"

    def _draw(self, e: Event) -> str:
        why = f" for {e['why']}" if e.get("why") else ""
        if e["deck"] == "map":
            return f"You draw the map {self.map(e['card'], e['side'])}."
        return f"You draw {self.forest(e['card'], e['side'])} from the bottom of the Forest Deck{why}."

    def _choose_map(self, e: Event) -> str:
        return f"You follow {self.map(e['card'], e['side'])}."

    def _ambush(self, e: Event) -> str:
        return f"Ambush! {self._any(e['card'])} springs its effect."

    def _any(self, card_id: str) -> str:
        for kind in ("forest", "map", "item"):
            name = self._lookup(kind, card_id, 0)
            if name != card_id:
                return name
        return card_id

    def _effect(self, e: Event) -> str:
        return f"{self._any(e['source'])}: {e['text']}."

    def _effect_skipped(self, e: Event) -> str:
        what = e.get("text") or e["do"]
        return f"{self._any(e['source'])}: {what} does not happen (its condition does not hold)."

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
        return f"You keep your {_plural(e['wilds'], 'wild icon')} free and keep building."

    def _bribe(self, e: Event) -> str:
        return f"You bribe {self.forest(e['card'])} with {e['cost']} gold; it slinks away."

    def _strategy_pass(self, e: Event) -> str:
        return f"Strategy pass {e['number']} of {e['of']}."

    def _strategy_end(self, e: Event) -> str:
        why = e.get("why", "player")
        if why == "no_enemies":
            return f"No enemy is left standing: the Strategy phase ends by itself after {_plural(e['passes'], 'pass')}."
        if why == "passes_used":
            return f"The Strategy phase ends: all {_plural(e['passes'], 'pass')} used."
        if why == "nothing_to_commit":
            return f"Nothing left to commit or roll: the Strategy phase ends after {_plural(e['passes'], 'pass')}."
        return f"You end the Strategy phase after {_plural(e['passes'], 'pass')}."

    def _roll(self, e: Event) -> str:
        dice = ", ".join(f"{d['colour']} {d['face']}" for d in e["dice"]) or "no dice"
        why = f" ({e['why']})" if e.get("why") else ""
        return f"You roll{why}: {dice}."

    def _damage(self, e: Event) -> str:
        return (f"{e['why'].capitalize()} deals {e['amount']} to {self.forest(e['card'])} "
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
        sign = "+" if e["change"] > 0 else ""
        return f"{e['stat'].capitalize()} {sign}{e['change']} ({e['why']}): now {e['value']}."

    def _gold(self, e: Event) -> str:
        change, why = e["change"], e.get("why", "")
        if change >= 0:
            return f"You gain {change} gold ({why}); you have {e['gold']}."
        return f"You pay {-change} gold ({why}); you have {e['gold']}."

    def _dice_moved(self, e: Event) -> str:
        colours = e.get("colours") or [e.get("colour")]
        what = ", ".join(str(c) for c in colours)
        return f"Dice {e['source']} -> {e['to']} ({e['why']}): {what}."

    def _set_aside(self, e: Event) -> str:
        return f"Exhausted dice step aside ({', '.join(e['dice']) or 'none'}); {e['exhaust']} ready dice must tire."

    def _cleanup(self, e: Event) -> str:
        flipped = f"; turned to night: {self._cards(e['flipped_to_night'])}" if e.get("flipped_to_night") else ""
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
        return f"You gain {self.item(e['item'], e.get('upgraded', False))} ({e.get('why', '')})."

    def _discard_item(self, e: Event) -> str:
        return f"You discard {self.item(e['item'])} ({e.get('why', '')})."

    def _upgrade_item(self, e: Event) -> str:
        return f"{self.item(e['item'])} is upgraded to {self.item(e['item'], True)}."

    def _use(self, e: Event) -> str:
        if e.get("what") == "ability":
            return f"You use {e['hero']}'s ability."
        return f"You use {self.item(e['item'])}."

    def _flip(self, e: Event) -> str:
        return f"{self._any(e['card'])} turns to its {e['side']} side."

    def _hero_flip(self, e: Event) -> str:
        if e["to"] == "brothers-grimm":
            return "Your hero steps aside: the Brothers Grimm take over."
        return f"Your hero turns over: now {e.get('name', e['to'])}."

    def _reshuffle(self, e: Event) -> str:
        return f"The {e['deck']} discard is shuffled into a new deck ({_plural(e['cards'], 'card')})."

    def _night_falls(self, e: Event) -> str:
        return f"Night falls on {_plural(e['cards'], 'forest card')} ({e['why']})."

    def _peek_place(self, e: Event) -> str:
        return f"You put {self.forest(e['card'])} on the {e['where']} of the Forest Deck."

    def _game_over(self, e: Event) -> str:
        result = e["result"]
        if result == "win":
            return f"*** You win! All three bears are beaten (round {e.get('round', '?')}). ***"
        if result == "loss":
            return f"*** You lose: {e.get('reason', 'the forest wins')} (round {e.get('round', '?')}). ***"
        return f"*** The game stops unfinished: {e.get('reason', '')}. ***"
