"""Storyfold's log told in plain English: one sentence per event, and the story itself (campaign,
chapter, scene, Story cards, how a scene ends) told in full.

Card, location and scene names are looked up in the content pack (the printed book and cards).

>>> import woodlands
>>> n = StoryfoldNarrator(woodlands.load_game("storyfold"))
>>> n.line({"type": "activate", "card": "ash-moth", "stunned": True})
'Ash Moth activates, but it is stunned: it takes no Spirit.'
>>> n.line({"type": "roll", "action": "light", "dice": [8, 8], "faces": [3, 7], "threshold": 4, "successes": 1})
'You roll for Light, needing 4+: d8 shows 3, d8 shows 7: 1 success.'
"""
from __future__ import annotations

from typing import Any

from ....engine.presentation import Event, Narrator, plural as _plural

BOTTOM = {"light": "advance the Light marker", "help": "gain Crystals", "explore": "draw Explore cards",
          "heal": "gain Spirit"}
TOP = {"light": "blind", "help": "visit", "explore": "visit", "heal": "heal"}
DECKS = {"shadow": "Shadow", "explore": "Explore", "creature": "Creature", "chapter": "Chapter"}
#: a content effect without its own words, said in ours
DOING = {
    "lose_spirit": "lose {amount} Spirit", "gain_spirit": "gain {amount} Spirit",
    "gain_crystals": "gain {amount} Crystals", "lose_crystals": "lose {amount} Crystals",
    "advance_light": "the Light marker advances {amount}", "light_back": "the Light marker moves back {amount}",
    "advance_shadow": "the Shadow marker advances {amount}", "shadow_back": "the Shadow marker moves back {amount}",
    "draw_shadow": "draw a Shadow card", "draw_explore": "draw an Explore card", "draw_creature": "draw a creature",
    "story": "read a Story card", "place_creature": "a creature enters the River",
    "add_to_explore": "a card joins the Explore deck", "gain_card": "a card takes a Boon space",
    "grant_die": "gain the d{size}", "discard_creature": "discard a creature", "blind": "blind a creature",
    "activate_creatures": "every creature activates", "move_action": "move an Action card one space",
    "action_to_end": "an Action card goes to the end of the River", "reroll": "reroll up to {dice} dice",
    "add_successes": "add {amount} successes", "set_flag": "the story remembers something",
    "clear_flag": "the story forgets something", "brom_to_shadow_discard": "Brom stays behind",
    "return_brom": "Brom comes back",
}


def times(n: int) -> str:
    """How often, in words.

    >>> times(1), times(2), times(3)
    ('once', 'twice', '3 times')
    """
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def singular(words: str) -> str:
    """A count of one with its noun in the singular.

    >>> singular("gain 1 Crystals"), singular("add 2 successes")
    ('gain 1 Crystal', 'add 2 successes')
    """
    return words.replace(" 1 Crystals", " 1 Crystal").replace(" 1 successes", " 1 success")


def _successes(n: int) -> str:
    """Successes counted in words.

    >>> _successes(1), _successes(0)
    ('1 success', '0 successes')
    """
    return f"{n} success" if n == 1 else f"{n} successes"


#: why an action did nothing, in player words (the event's reason without its rule id)
NO_EFFECT = {"no success": "no die succeeded", "chose not to fall back": "you chose not to use the lower effect"}


class StoryfoldNarrator(Narrator):
    """Sentences for Storyfold's events (docs/storyfold.md, Log events)."""

    # ------------------------------------------------------------------ names
    def card(self, ident: Any) -> str:
        """The printed name of a card id (Action, creature, Explore, Shadow or Story card)."""
        if ident in ("luma", "brom"):
            return str(ident).title()
        index = getattr(self.content, "card_by_id", {}).get(ident)
        if index is None:
            return str(ident)
        return str(self.content.cards[index].name)

    def scene(self, ident: Any) -> str:
        if ident in ("end", "restart"):
            return {"end": "the end of the story", "restart": "the start of the chapter"}[ident]
        index = getattr(self.content, "scene_by_id", {}).get(ident)
        return str(self.content.scenes[index].title) if index is not None else str(ident)

    def location(self, ident: Any) -> str:
        for s in getattr(self.content, "scenes", ()):
            for loc in s.locations:
                if loc.id == ident:
                    return str(loc.name)
        return str(ident)

    def named(self, text: Any) -> str:
        """A short engine reason with its card ids turned into names ("ash-moth placed")."""
        words = str(text).split(" ")
        return " ".join(self.card(w.rstrip(":")) + (":" if w.endswith(":") else "")
                        if w.rstrip(":") in getattr(self.content, "card_by_id", {}) else w for w in words)

    def _cards(self, ids: list[Any]) -> str:
        return ", ".join(self.card(i) if i else "·" for i in ids) or "nothing"

    # ------------------------------------------------------------------ the story
    def lines(self, events: list[Event], seat: int | None = None) -> list[str]:
        # an effect without words of its own is told by the events it causes; a story flag set
        # or cleared by an effect with words is told by those words, not by the flag's id
        # ("found-omas-letter")
        out = []
        for k, e in enumerate(events):
            kind = e.get("type")
            if kind == "effect" and not e.get("text"):
                continue
            if kind == "flag" and k and events[k - 1].get("type") == "effect" and events[k - 1].get("text") \
                    and events[k - 1].get("do") in ("set_flag", "clear_flag"):
                continue
            out.append(self.line(e, seat))
        return out

    def _campaign(self, e: Event) -> str:
        return f"=== {e['title']} ===\n{e.get('text', '')}".rstrip()

    def _chapter(self, e: Event) -> str:
        again = f" (starting over, time {e.get('restarts', 1)})" if e.get("restart") else ""
        return f"=== {e['title']}{again} ===\n{e.get('text', '')}".rstrip()

    def _scene(self, e: Event) -> str:
        return (f"--- {e['title']} ---\n{e.get('text', '')}\nGoal: {e.get('goal', '?')} "
                f"(Light on {e.get('light', '?')}, Shadow on {e.get('shadow', '?')}, "
                f"a track of {e.get('track_length', '?')} spaces).")

    def _scene_end(self, e: Event) -> str:
        who = "Luma prevails!" if e["prevails"] == "luma" else "The Shadow prevails."
        return f"{who} {e.get('text', '')}".rstrip()

    def _scene_changed(self, e: Event) -> str:
        return f"The scene is cleared away; the story goes on to {self.scene(e['next'])}."

    def _story(self, e: Event) -> str:
        if not e.get("found"):
            return f"The Story card {self.card(e['card'])} is not in the Chapter deck, so nothing happens."
        return f"You read the Story card {e.get('name') or self.card(e['card'])}: {e.get('text', '')}".rstrip()

    def _story_returned(self, e: Event) -> str:
        where = "goes back to the Chapter deck" if e.get("to") == "chapter_deck" else "goes back to the box"
        return f"The Story card {self.card(e['card'])} {where}."

    def _resumed(self, e: Event) -> str:
        return f"The saved game is laid out again; next comes {self.scene(e['next'])}."

    def _flag(self, e: Event) -> str:
        verb = "remembers" if e.get("set") else "forgets"
        return f"The story {verb}: {str(e['flag']).replace('-', ' ')}."

    def _game_over(self, e: Event) -> str:
        details = (f" ({e.get('scenes_played', '?')} scenes, {e.get('chapter_restarts', '?')} restarts, "
                   f"{e.get('shadow_cards', '?')} Shadow cards)")
        if e["result"] == "win":
            return f"*** The story is over: Luma has lit the Heartlight!{details} ***"
        return f"*** The game stops here: {e['result']}{details}. ***"

    # ------------------------------------------------------------------ the round
    def _phase(self, e: Event) -> str:
        if e["phase"] == "luma":
            return "The Luma Phase begins: you take back all your dice."
        if e["phase"] == "shadow":
            return "The Shadow Phase begins: the creatures stir, then the Shadow creeps closer."
        return f"The {e['phase']} phase begins."

    def _phase_end(self, e: Event) -> str:
        return f"You end the {str(e['phase']).title()} Phase."

    # ------------------------------------------------------------------ actions and dice
    def _action(self, e: Event) -> str:
        name = self.card(e["action"])
        if e.get("effect") == "top":
            target = e.get("target")
            what = self.location(target) if e["action"] in ("help", "explore") else self.card(target)
            return f"You take the {name} card to {TOP.get(e['action'], 'use it on')} {what}."
        return f"You take the {name} card for its lower effect: {BOTTOM.get(e['action'], 'its bottom effect')}."

    def _roll(self, e: Event) -> str:
        faces = ", ".join(f"d{z} shows {f}" for z, f in zip(e["dice"], e["faces"])) or "no dice"
        got = _successes(e["successes"])
        if e.get("bonus") and e["successes"]:   # successes added by cards earlier in this action (AUD-4)
            got += f", plus {e['bonus']} from cards ({e['successes'] + e['bonus']} in all)"
        elif e.get("bonus"):     # S-12: with no die succeeding, the added ones count for nothing
            got += f"; {_successes(e['bonus'])} added earlier, which count only beside a die's success"
        if e.get("reroll"):
            return f"You roll the d{e['die']} showing {e['was']} again; now {faces}: {got}."
        return f"You roll for {self.card(e['action'])}, needing {e['threshold']}+: {faces}: {got}."

    def _successes_added(self, e: Event) -> str:
        if not e["amount"]:
            return "No die shows a success, so the card adds none."
        return f"{_successes(e['amount'])} more from a card (now {e['total']}: {e.get('natural', '?')} from the dice)."

    def _top_effect(self, e: Event) -> str:
        name = self.card(e["action"])
        target = e.get("target")
        what = self.location(target) if e["action"] in ("help", "explore") else self.card(target)
        return f"Enough successes: the {name} card's top effect works on {what}."

    def _bottom_effect(self, e: Event) -> str:
        return (f"The {self.card(e['action'])} card's lower effect: "
                f"{BOTTOM.get(e['action'], 'its bottom effect')}, {times(int(e['successes']))}.")

    def _no_effect(self, e: Event) -> str:
        why = NO_EFFECT.get(str(e.get("why", "")).split(" (")[0], "no success")
        if e.get("bonus_successes"):
            why += f"; {_successes(e['bonus_successes'])} added, which count only beside a die's success"
        return f"The {self.card(e['action'])} card does nothing this time ({why})."

    def _die_granted(self, e: Event) -> str:
        if e.get("already"):
            return f"You already have the d{e['size']}."
        return f"You gain the d{e['size']} until the end of the chapter."

    def _dice_returned(self, e: Event) -> str:
        sizes = ", ".join(f"d{z}" for z in e.get("sizes", [])) or "the extra dice"
        return f"The chapter is over for {sizes}: they go back to the box."

    # ------------------------------------------------------------------ the River and creatures
    def _river(self, e: Event) -> str:
        cards = " | ".join(self.card(c) if c else "·" for c in e["cards"])
        return f"The River ({self.named(e.get('why', 'moved'))}): {cards}."

    def _blind(self, e: Event) -> str:
        return f"{self.card(e['card'])} is blinded: it goes to the end of the River with a Stun token."

    def _stun_removed(self, e: Event) -> str:
        return f"The Stun token on {self.card(e['card'])} goes back to the supply."

    def _activate(self, e: Event) -> str:
        if e.get("stunned"):
            return f"{self.card(e['card'])} activates, but it is stunned: it takes no Spirit."
        return f"{self.card(e['card'])} activates."

    def _healed(self, e: Event) -> str:
        return (f"{self.card(e['card'])} is healed and leaves the River, leaving "
                f"{_plural(e.get('crystals', 0), 'Crystal')} in thanks.")

    def _trauma_healed(self, e: Event) -> str:
        return f"The Trauma {self.card(e['card'])} is healed and leaves its Boon space."

    def _creature_discarded(self, e: Event) -> str:
        return f"{self.card(e['card'])} is discarded from the River (no Crystals for it)."

    def _creature_overflow(self, e: Event) -> str:
        return (f"The River is full: {self.card(e['card'])} is discarded at once and takes "
                f"{e.get('spirit', 0)} Spirit.")

    # ------------------------------------------------------------------ locations and tracks
    def _visit(self, e: Event) -> str:
        text = f" {e['text']}" if e.get("text") else ""
        return f"You visit {e.get('name') or self.location(e['location'])}.{text}"

    def _light(self, e: Event) -> str:
        moved = e.get("moved", 0)
        where = f"it stands on space {e['light']} (the middle is {e.get('middle', '?')})"
        wanted = int(e.get("wanted") or moved)
        if moved > 0 and wanted > moved:
            return f"The Light marker advances {moved} of {wanted} and stops at the middle: {where}."
        if moved > 0:
            return f"The Light marker advances {moved}: {where}."
        if moved < 0:
            return f"The Light marker moves back {-moved}: {where}."
        if wanted > 0:
            return f"The Light marker is already on the middle space ({e['light']}): it cannot advance."
        return f"The Light marker cannot move back: {where}."

    def _shadow(self, e: Event) -> str:
        moved = e.get("moved", 0)
        where = f"it stands on space {e['shadow']} (the middle is {e.get('middle', '?')})"
        if moved < 0:
            return f"The Shadow marker creeps {-moved} closer: {where}."
        if moved > 0:
            return f"The Shadow marker is pushed back {moved}: {where}."
        return f"The Shadow marker does not move: {where}."

    def _shadow_effect(self, e: Event) -> str:
        return f"The mark '{e['icon']}' above space {e.get('space', '?')} takes effect: {e.get('text', '')}".rstrip()

    def _spirit(self, e: Event) -> str:
        change = e.get("change", 0)
        left = f"you have {e['spirit']} left"
        wanted = int(e.get("wanted") or change)
        if change > 0:
            capped = f" (the track is full: {wanted - change} more is lost)" if wanted > change else ""
            return f"You gain {change} Spirit{capped}; {left}."
        if change < 0:
            why = f" ({self.named(e['why'])})" if e.get("why") and e["why"] != "effect" else ""
            runs = int(e.get("ran_out") or 0)
            out = (" The track ran out: a Shadow card is drawn." if runs == 1 else
                   f" The track ran out {runs} times: a Shadow card for each." if runs else "")
            return f"You lose {-change} Spirit{why}; {left}.{out}"
        return f"+0 Spirit (already full at {e['spirit']})."

    def _crystal(self, e: Event) -> str:
        card = self.card(e["action"])
        if e.get("change", 0) > 0:
            return f"A Crystal goes on the {card} card ({e.get('on_card', '?')} there)."
        why = f" ({e['why']})" if e.get("why") else ""
        return f"A Crystal leaves the {card} card{why}; {e.get('on_card', '?')} left there."

    def _crystals_lost(self, e: Event) -> str:
        return f"{_plural(e['amount'], 'Crystal')} cannot be placed and are lost ({e.get('why', 'no room')})."

    # ------------------------------------------------------------------ decks and cards
    def _draw(self, e: Event) -> str:
        deck = DECKS.get(e.get("deck", ""), str(e.get("deck")))
        if not e.get("card"):
            return f"No {deck} card can be drawn: {e.get('why', 'the deck is empty')}."
        kind = f" ({e['kind']})" if e.get("kind") else ""
        text = f": {e['text']}" if e.get("text") else ""
        return f"You draw the {deck} card {e.get('name') or self.card(e['card'])}{kind}{text}"

    def _reshuffle(self, e: Event) -> str:
        deck = DECKS.get(e.get("deck", ""), str(e.get("deck")))
        return f"The {deck} discard pile is shuffled into a new {deck} deck ({e.get('size', '?')} cards)."

    def _shuffle(self, e: Event) -> str:
        deck = DECKS.get(e.get("deck", ""), str(e.get("deck")))
        if e.get("added"):
            return f"{self.card(e['added'])} is shuffled into the {deck} deck."
        return f"The {deck} deck is shuffled ({e.get('size', '?')} cards)."

    def _explore_kept(self, e: Event) -> str:
        return f"You keep {self.card(e['card'])}."

    def _explore_discarded(self, e: Event) -> str:
        why = f" ({e['why']})" if e.get("why") else ""
        return f"{self.card(e['card'])} goes to the Explore discard pile{why}."

    def _explore_added(self, e: Event) -> str:
        if e.get("already"):
            return f"{self.card(e['card'])} is already in play, so it is not added again."
        return f"{self.card(e['card'])} is put on top of the Explore deck."

    def _boon_space(self, e: Event) -> str:
        return f"{self.card(e['card'])} takes a Boon space (now: {self._cards(e.get('boons', []))})."

    def _boon_used(self, e: Event) -> str:
        return f"You use {e.get('name') or self.card(e['card'])}."

    def _boon_discarded(self, e: Event) -> str:
        return f"You discard {self.card(e['card'])} from its Boon space to make room."

    # ------------------------------------------------------------------ Luma & Brom
    def _companion_use(self, e: Event) -> str:
        cost = f", paying {_plural(e['cost'], 'Crystal')}" if e.get("cost") else ""
        return f"{self.card(e['card'])} acts: {self.use_text(e['card'], e['use'])}{cost}."

    def use_text(self, who: Any, use_id: Any) -> str:
        """The printed words of a Luma or Brom use (whichever side prints it)."""
        comp = getattr(self.content, str(who), None)
        for side in getattr(comp, "sides", ()):
            for u in side.uses:
                if u.id == use_id:
                    return str(u.text or side.name).rstrip(".")
        return str(use_id).replace("-", " ")

    def _flip(self, e: Event) -> str:
        return f"The {self.card(e['card'])} card turns over to {e.get('side', 'its other side')}."

    def _brom(self, e: Event) -> str:
        if e.get("present"):
            return "Brom is back at Luma's side."
        return "Brom stays behind in the dark: his card goes on the Shadow discard pile in place of the last Shadow card."

    # ------------------------------------------------------------------ content effects
    def _effect(self, e: Event) -> str:
        source = f"{self.card(e['source'])}: " if e.get("source") else ""
        if e.get("text"):
            text = str(e["text"]).rstrip(".")
            return f"{source}{text}." if source else f"{text[:1].upper()}{text[1:]}."
        words = DOING.get(e["do"], str(e["do"]).replace("_", " "))
        try:
            words = singular(words.format(**(e.get("params") or {})))
        except (KeyError, IndexError):
            words = str(e["do"]).replace("_", " ")
        return f"{source}{words[:1].upper()}{words[1:]}."

    def _effect_skipped(self, e: Event) -> str:
        words = DOING.get(e["do"], str(e["do"]).replace("_", " ")).split("{")[0].strip()
        return f"Skipped ({e.get('why', 'its condition does not hold')}): {words}."
