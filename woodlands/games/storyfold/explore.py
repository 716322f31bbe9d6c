"""Explore cards (SW-023..SW-032): Boons, Banes, Companions and Traumas; the 3 Boon spaces (S-5).

Our readings (docs/storyfold.md): a Companion behaves as a Boon (it goes to a Boon space).  A
Trauma goes to a Boon space too and stays until the Heal action removes it; it can never be
discarded to make room (S-10).  The Explore action draws its cards one at a time (S-9): a Bane is
carried out and discarded and a Trauma goes to a Boon space as it is drawn; of the Boons and
Companions drawn you keep 1 and discard the others unused.
"""
from __future__ import annotations

from typing import cast

from ...engine.decision import Option
from ...engine.steps import Ask
from .creatures import take_top
from .effects import carry_out
from .model import BOON_SPACES, Effect
from .registry import steps
from .state import StoryfoldState


def draw_one(s: StoryfoldState) -> int:
    """SW-029: an empty Explore deck is replaced by its shuffled discard pile.  -1: nothing left."""
    card = take_top(s, s.explore_deck, s.explore_discard, "explore")
    if card < 0:
        return -1
    c = s.content.cards[card]
    s.emit("draw", deck="explore", card=c.id, kind=c.kind, name=c.name, text=c.text)
    return card


@steps.auto("draw_explore")
def draw_explore(s: StoryfoldState, mode: str) -> None:
    card = draw_one(s)
    if card >= 0:
        resolve_drawn(s, card)


def resolve_drawn(s: StoryfoldState, card: int) -> None:
    """SW-026, SW-027: a Boon goes to a Boon space; a Bane's Immediately effect is carried out."""
    c = s.content.cards[card]
    if c.kind == "bane":
        s.explore_discard.append(card)
        carry_out(s, c.immediately, card)
        return
    # Boon, Companion, Trauma: to a Boon space, then any Immediately effect it has
    carry_out(s, c.immediately, card)
    s.push("to_boon_space", card)


@steps.auto("explore_action_draw")
def explore_action_draw(s: StoryfoldState, count: int) -> None:
    """SW-010, S-9: one Explore card for each success, one at a time.  A Bane is carried out and a
    Trauma goes to a Boon space as it is drawn, before the next card; the Boons and Companions are
    held until the last card, then one of them is kept and the others are discarded."""
    card = draw_one(s) if count > 0 else -1
    if card < 0:
        s.push("keep_explore")
        return
    s.push("explore_action_draw", count - 1)
    if s.content.cards[card].kind in ("bane", "trauma"):
        resolve_drawn(s, card)          # its steps lie above the next draw
    else:
        s.drawn.append(card)


@steps.ask("keep_explore", kind="keep_explore", rule="Explore, SW-010", auto=True)
def ask_keep(s: StoryfoldState) -> Ask | None:
    if not s.drawn:
        return None
    if len(s.drawn) == 1:
        keep(s, s.drawn[0])
        return None
    cards = s.content.cards
    opts = [Option.of("keep", cards[c].id, label=f"Keep {cards[c].name} ({cards[c].kind})",
                      data={"card": cards[c].id, "kind": cards[c].kind}) for c in s.drawn]
    return "Keep which Explore card? The others are discarded.", opts, {"cards": [cards[c].id for c in s.drawn]}


@steps.answer("keep_explore")
def answer_keep(s: StoryfoldState, choice: str) -> None:
    keep(s, s.content.card_by_id[choice.split(":")[1]])


def keep(s: StoryfoldState, card: int) -> None:
    for other in s.drawn:
        if other != card:
            s.explore_discard.append(other)
            s.emit("explore_discarded", card=s.content.cards[other].id)
    s.drawn.clear()
    s.emit("explore_kept", card=s.content.cards[card].id)
    resolve_drawn(s, card)


@steps.auto("to_boon_space")
def to_boon_space(s: StoryfoldState, card: int) -> None:
    """SW-026, SW-028: onto an empty Boon space; with all 3 full, first make room."""
    take_from_anywhere(s, card)
    if len(s.boons) < BOON_SPACES:
        s.boons.append(card)
        s.emit("boon_space", card=s.content.cards[card].id, boons=[s.content.cards[b].id for b in s.boons])
        return
    s.push("make_room", card)


def take_from_anywhere(s: StoryfoldState, card: int) -> None:
    for pile in (s.explore_deck, s.explore_discard, s.drawn, s.boons):
        if card in pile:
            pile.remove(card)


def room_options(s: StoryfoldState, new: int) -> list[Option]:
    cards = s.content.cards
    opts = []
    for b in s.boons + [new]:
        c = cards[b]
        if c.kind == "trauma":     # SW-031: only the Heal action removes a Trauma
            continue
        # a Boon is used in its own window only (SW-026): in the Luma Phase a "luma_phase" Boon, in the
        # Shadow Phase a "shadow_phase" one; a use that needs a roll has nothing to act on here
        if c.use and c.window == {"luma": "luma_phase", "shadow": "shadow_phase"}.get(s.phase):
            opts.append(Option.of("use", c.id, label=f"Use {c.name}", data={"card": c.id, "kind": c.kind, "new": b == new}))
        opts.append(Option.of("discard", c.id, label=f"Discard {c.name}", data={"card": c.id, "kind": c.kind, "new": b == new}))
    return opts


@steps.ask("make_room", kind="make_room", rule="Explore cards, SW-028")
def ask_room(s: StoryfoldState, new: int) -> Ask | None:
    opts = room_options(s, new)
    if not opts:   # three Traumas and a new one: it has no space and goes to the discard pile
        s.explore_discard.append(new)
        s.emit("explore_discarded", card=s.content.cards[new].id, why="every Boon space holds a Trauma")
        return None
    return (f"The Boon spaces are full: use or discard a card to make room for {s.content.cards[new].name}", opts,
            {"card": s.content.cards[new].id, "boons": [s.content.cards[b].id for b in s.boons]})


@steps.answer("make_room")
def answer_room(s: StoryfoldState, choice: str, new: int) -> None:
    verb, ident = choice.split(":")
    card = s.content.card_by_id[ident]
    if card != new:
        s.boons.remove(card)
        s.boons.append(new)
        s.emit("boon_space", card=s.content.cards[new].id, boons=[s.content.cards[b].id for b in s.boons])
    if verb == "use":
        use_boon(s, card, on_space=False)
    else:
        s.explore_discard.append(card)
        s.emit("boon_discarded", card=ident)


def use_boon(s: StoryfoldState, card: int, on_space: bool = True) -> None:
    """Using a Boon (or Companion): its effects, then it goes to the Explore discard pile."""
    if on_space:
        s.boons.remove(card)
    s.explore_discard.append(card)
    c = s.content.cards[card]
    s.emit("boon_used", card=c.id, name=c.name)
    carry_out(s, c.use, card)


def adds_successes(effs: tuple[Effect, ...]) -> bool:
    return any(e.do == "add_successes" for e in effs)


def boon_options(s: StoryfoldState, window: str, natural: int | None = None) -> list[Option]:
    """SW-026: Boons are used in the Luma Phase unless their window says otherwise.  ``natural``:
    the successes the dice show, after a roll; with none, a Boon that adds successes is not
    offered (SW-068, S-12: added successes need a die showing one)."""
    if not s.boons:
        return []
    memo = s.game.memo
    opts = []
    for b in s.boons:
        opt = memo.get(("boon", b, window))
        if opt is None:
            card = s.content.cards[b]
            usable = bool(card.use) and card.window == window
            opt = memo[("boon", b, window)] = Option.of(
                "boon", card.id, label=f"Use {card.name}",
                data={"card": card.id, "kind": card.kind, "does": [e.do for e in card.use]}) if usable else False
        if not opt:
            continue
        option = cast(Option, opt)
        if natural == 0 and "add_successes" in (option.data or {})["does"]:
            continue                  # S-12: nothing to add to while no die shows a success
        opts.append(option)
    return opts


@steps.auto("add_to_explore")
def add_to_explore(s: StoryfoldState, card: int, shuffle: bool) -> None:
    """SW-025: Companions and Traumas (and other cards) join the Explore deck from the box."""
    if any(card in z for z in (s.explore_deck, s.explore_discard, s.boons, s.drawn)):
        s.emit("explore_added", card=s.content.cards[card].id, already=True)
        return
    s.explore_deck.append(card)
    if shuffle:
        s.rng.shuffle(s.explore_deck)
        s.emit("shuffle", deck="explore", added=s.content.cards[card].id)
    else:
        s.emit("explore_added", card=s.content.cards[card].id, on_top=True)
