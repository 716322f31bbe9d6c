"""Story cards (SW-035..SW-037): searched for in the Chapter deck, read, carried out, and returned
to the box unless the card says it goes back to the Chapter deck."""
from __future__ import annotations

from .effects import carry_out
from .registry import steps
from .state import StoryfoldState


@steps.auto("story_card")
def story_card(s: StoryfoldState, card: int) -> None:
    c = s.content.cards[card]
    if card not in s.chapter_deck:
        s.emit("story", card=c.id, found=False)
        return
    s.chapter_deck.remove(card)
    s.emit("story", card=c.id, found=True, name=c.name, text=c.text)
    s.push("story_done", card)
    carry_out(s, c.immediately, card)


@steps.auto("story_done")
def story_done(s: StoryfoldState, card: int) -> None:
    c = s.content.cards[card]
    if c.after == "chapter_deck":
        s.chapter_deck.append(card)
    s.emit("story_returned", card=c.id, to=c.after)
