"""Shadow cards (SW-033, SW-034) and the chapter's last Shadow card (SW-017).

Our readings: the drawn card is laid on the Shadow discard pile first and its Immediately effect
carried out from there; an empty Shadow deck is replaced by its shuffled discard pile, as the
Explore and Creature decks are (the rulebook says nothing of it for Shadow cards).
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from .companions import use_options, use_card
from .creatures import take_top
from .effects import carry_out
from .registry import steps
from .state import StoryfoldState


@steps.ask("draw_shadow", kind="last_shadow", rule="Luma & Brom cards, SW-017")
def ask_draw_shadow(s: StoryfoldState) -> Ask | None:
    if len(s.shadow_deck) == 1:
        opts = use_options(s, "last_shadow")
        if opts:
            return ("The chapter's last Shadow card: draw it, or let Brom go in its place?",
                    opts + [Option.of("draw", label="Draw the last Shadow card")], {"shadow_deck": 1})
    draw(s)
    return None


@steps.answer("draw_shadow")
def answer_draw_shadow(s: StoryfoldState, choice: str) -> None:
    if choice == "draw":
        draw(s)
    else:
        use_card(s, choice)


def draw(s: StoryfoldState) -> None:
    card = take_top(s, s.shadow_deck, s.shadow_discard, "shadow")
    if card < 0:
        return
    c = s.content.cards[card]
    s.shadow_drawn += 1
    s.shadow_discard.append(card)
    s.emit("draw", deck="shadow", card=c.id, name=c.name, text=c.text)
    carry_out(s, c.immediately, card)
