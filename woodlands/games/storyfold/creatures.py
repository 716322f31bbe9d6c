"""Creature cards and Stun tokens (SW-038..SW-043, SW-049, SW-074..SW-076, SW-104..SW-106)."""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from .effects import carry_out
from .ongoing import creature_spirit
from .registry import steps
from .river import log_river, move_to_end, place, remove
from .state import StoryfoldState


def reshuffle(s: StoryfoldState, deck: list[int], discard: list[int], name: str) -> None:
    """SW-029, SW-041: the discard pile, shuffled, becomes the new deck."""
    deck[:] = discard
    discard.clear()
    s.rng.shuffle(deck)
    s.emit("reshuffle", deck=name, size=len(deck))


def take_top(s: StoryfoldState, deck: list[int], discard: list[int], name: str) -> int:
    """The top card of ``deck``, reshuffling its discard pile first when the deck is empty
    (SW-029, SW-041); -1, told in the log, when both are empty."""
    if not deck:
        if not discard:
            s.emit("draw", deck=name, card=None, why=f"the {name.title()} deck and its discard pile are empty")
            return -1
        reshuffle(s, deck, discard, name)
    return deck.pop()


def leave_river(s: StoryfoldState, card: int) -> None:
    """A creature leaves the River: its Stun token goes back to the supply."""
    remove(s.river, card)
    if card in s.stunned:
        s.stunned.remove(card)


@steps.auto("draw_creature")
def draw_creature(s: StoryfoldState) -> None:
    card = take_top(s, s.creature_deck, s.creature_discard, "creature")
    if card < 0:
        return
    c = s.content.cards[card]
    s.emit("draw", deck="creature", card=c.id, name=c.name, text=c.text)
    if not place(s.river, card, (c.place or 8) - 1):
        overflow(s, card)
        return
    log_river(s, f"{c.id} placed")
    carry_out(s, c.immediately, card)      # SW-039


def overflow(s: StoryfoldState, card: int) -> None:
    """SW-049: with 7 cards in the River the creature is discarded and its Spirit lost."""
    c = s.content.cards[card]
    s.creature_discard.append(card)
    s.emit("creature_overflow", card=c.id, spirit=c.spirit)
    s.push("lose_spirit", c.spirit, f"{c.id}: the River is full")


@steps.auto("place_creature")
def place_creature(s: StoryfoldState, card: int, space: int) -> None:
    """Setup and story effects: a named creature from wherever it is (deck, discard pile, box)."""
    if card in s.river:
        return
    for pile in (s.creature_deck, s.creature_discard):
        if card in pile:
            pile.remove(card)
    if not place(s.river, card, (space or 8) - 1):
        overflow(s, card)
        return
    log_river(s, f"{s.content.cards[card].id} placed")


def stun(s: StoryfoldState, card: int) -> None:
    """SW-076: at most 1 Stun token per creature."""
    if card not in s.stunned:
        s.stunned.append(card)


def blind(s: StoryfoldState, card: int) -> None:
    """SW-003, SW-021: the creature moves to the end of the River and gets a Stun token."""
    move_to_end(s.river, card)
    stun(s, card)
    s.emit("blind", card=s.content.cards[card].id)
    log_river(s, "blinded")


@steps.ask("blind_choice", kind="choose_creature", rule="Light / Protect, SW-003, SW-021", auto=True)
def ask_blind(s: StoryfoldState) -> Ask | None:
    opts = [_creature_option(s, c, "Blind") for c in s.creatures_in_river()]
    return ("Blind which creature?", opts, {"purpose": "blind"}) if opts else None


def _creature_option(s: StoryfoldState, c: int, verb: str) -> Option:
    card = s.content.cards[c]
    return Option.of("creature", card.id, label=f"{verb} {card.name}",
                     data={"card": card.id, "space": s.river.index(c) + 1, "icons": card.icons,
                           "spirit": card.spirit, "stunned": c in s.stunned})


@steps.answer("blind_choice")
def answer_blind(s: StoryfoldState, choice: str) -> None:
    blind(s, s.content.card_by_id[choice.split(":")[1]])


@steps.ask("discard_creature", kind="choose_creature", rule="Creature cards, SW-042", auto=True)
def ask_discard(s: StoryfoldState, which: str) -> Ask | None:
    here = s.creatures_in_river()
    if not here:
        return None
    if which != "choose" or len(here) == 1:
        discard(s, here[0] if which in ("first", "choose") else here[-1])
        return None
    return "Discard which creature?", [_creature_option(s, c, "Discard") for c in here], {"purpose": "discard"}


@steps.answer("discard_creature")
def answer_discard(s: StoryfoldState, choice: str, which: str) -> None:
    discard(s, s.content.card_by_id[choice.split(":")[1]])


def discard(s: StoryfoldState, card: int) -> None:
    """SW-042: discarded by an effect, a creature gives no Crystals."""
    leave_river(s, card)
    s.creature_discard.append(card)
    s.emit("creature_discarded", card=s.content.cards[card].id)
    log_river(s, "creature discarded")


@steps.auto("activate_all")
def activate_all(s: StoryfoldState, _: int) -> None:
    """SW-104: every creature, left to right; the order is fixed when activation begins and a
    creature that has left the River meanwhile does not activate."""
    order = tuple(s.creatures_in_river())
    s.push("activate_next", order)


@steps.auto("activate_next")
def activate_next(s: StoryfoldState, order: tuple[int, ...]) -> None:
    if not order:
        return
    s.push("activate_next", order[1:])
    if order[0] in s.river:
        s.push("check_end")
        activate(s, order[0])


def activate(s: StoryfoldState, card: int) -> None:
    """SW-040, SW-075, SW-105, SW-106: lose its Spirit unless it is stunned (then the Stun token
    goes back instead); its After Activating effect happens either way."""
    c = s.content.cards[card]
    stunned = card in s.stunned
    s.emit("activate", card=c.id, stunned=stunned)
    if stunned:   # the token goes back after the After Activating effect (SW-075; our reading of SW-105)
        s.push("remove_stun", card)
    carry_out(s, c.after_activating, card)
    if not stunned:
        s.push("lose_spirit", creature_spirit(s, card), c.id)


@steps.auto("remove_stun")
def remove_stun(s: StoryfoldState, card: int) -> None:
    if card in s.stunned:
        s.stunned.remove(card)
        s.emit("stun_removed", card=s.content.cards[card].id)
