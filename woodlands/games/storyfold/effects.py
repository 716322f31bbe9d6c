"""Effect primitives: every verb a Storyfold card, location, scene or section can use.

Each primitive is declared with its parameters (a pydantic model, checked when a pack loads) and
the timings it may appear at.  Carrying one out pushes the rules step that does the work, so a
primitive that needs the player to choose (where to put Crystals, which creature to blind) asks
through an ordinary Decision.  ``source`` is the card that carries the effect, or -1.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...engine.steps import push_in_order
from .conditions import holds
from .dice import count_successes
from .model import Effect
from .registry import effects, steps
from .state import StoryfoldState

ANYWHERE = ("immediately", "after_activating", "use", "setup", "location", "shadow_icon", "section")
IdStr = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Amount(_P):
    amount: int = Field(ge=1, le=12)


class Count(_P):
    count: int = Field(default=1, ge=1, le=6)


class CardRef(_P):
    card: str = IdStr


class PlaceCreature(_P):
    card: str = IdStr
    space: int | Literal["end"] = "end"

    def model_post_init(self, __context: Any) -> None:
        if isinstance(self.space, int) and not 1 <= self.space <= 7:
            raise ValueError("space must be a River space 1..7 or \"end\"")


class AddToExplore(_P):
    card: str = IdStr
    shuffle: bool = True


class Die(_P):
    size: Literal[10, 12]


class Which(_P):
    which: Literal["choose", "first", "last"] = "choose"


class ActionRef(_P):
    action: Literal["choose", "first", "light", "help", "explore", "heal"] = "choose"


class Direction(_P):
    direction: Literal["left", "right"]


class Flag(_P):
    flag: str = IdStr


class Dice(_P):
    dice: int = Field(default=1, ge=1, le=7)


class Signed(_P):
    amount: int = Field(ge=-3, le=3)


class Limit(_P):
    amount: int = Field(ge=1, le=7)


# ------------------------------------------------------------------ Spirit, Crystals, tracks
@effects.primitive("lose_spirit", params=Amount, whens=ANYWHERE)
def lose_spirit(s: StoryfoldState, e: Effect, source: int) -> None:
    """Lose `amount` Spirit (the Spirit marker moves right; running past the end draws a Shadow card)."""
    s.push("lose_spirit", e.params["amount"], "effect")


@effects.primitive("gain_spirit", params=Amount, whens=ANYWHERE)
def gain_spirit(s: StoryfoldState, e: Effect, source: int) -> None:
    """Gain `amount` Spirit (the Spirit marker moves left; excess is lost)."""
    s.push("gain_spirit", e.params["amount"])


@effects.primitive("gain_crystals", params=Amount, whens=ANYWHERE)
def gain_crystals(s: StoryfoldState, e: Effect, source: int) -> None:
    """Gain `amount` Crystals; you place each on an Action card of your choice (at most 3 per card)."""
    s.push("place_crystals", e.params["amount"])


@effects.primitive("lose_crystals", params=Amount, whens=ANYWHERE)
def lose_crystals(s: StoryfoldState, e: Effect, source: int) -> None:
    """Lose `amount` Crystals; you choose from which Action cards (all of them if you have fewer)."""
    s.push("lose_crystals", e.params["amount"])


@effects.primitive("advance_light", params=Amount, whens=ANYWHERE)
def advance_light(s: StoryfoldState, e: Effect, source: int) -> None:
    """Advance the Light marker `amount` spaces toward the middle (never past it)."""
    s.push("move_light", e.params["amount"])


@effects.primitive("light_back", params=Amount, whens=ANYWHERE)
def light_back(s: StoryfoldState, e: Effect, source: int) -> None:
    """Move the Light marker back `amount` spaces, away from the middle (never past the end)."""
    s.push("move_light", -e.params["amount"])


@effects.primitive("advance_shadow", params=Amount, whens=ANYWHERE)
def advance_shadow(s: StoryfoldState, e: Effect, source: int) -> None:
    """Advance the Shadow marker `amount` spaces toward the middle, one at a time, carrying out
    the Shadow effects of each space it enters."""
    s.push("advance_shadow", e.params["amount"])


@effects.primitive("shadow_back", params=Amount, whens=ANYWHERE)
def shadow_back(s: StoryfoldState, e: Effect, source: int) -> None:
    """Move the Shadow marker back `amount` spaces (no Shadow effects)."""
    s.push("shadow_back", e.params["amount"])


# ------------------------------------------------------------------ decks
@effects.primitive("draw_shadow", params=Count, whens=ANYWHERE)
def draw_shadow(s: StoryfoldState, e: Effect, source: int) -> None:
    """Draw `count` Shadow cards (default 1), one after the other."""
    for _ in range(e.params["count"]):
        s.push("draw_shadow")


@effects.primitive("draw_explore", params=Count, whens=ANYWHERE)
def draw_explore(s: StoryfoldState, e: Effect, source: int) -> None:
    """Draw `count` Explore cards (default 1), each resolved as drawn (Boon to a Boon space, Bane's
    Immediately effect ...)."""
    for _ in range(e.params["count"]):
        s.push("draw_explore", "resolve")


@effects.primitive("draw_creature", params=Count, whens=ANYWHERE)
def draw_creature(s: StoryfoldState, e: Effect, source: int) -> None:
    """Draw `count` Creature cards (default 1); each goes where it says (or is discarded, with its
    Spirit lost, if the River is full)."""
    for _ in range(e.params["count"]):
        s.push("draw_creature")


@effects.primitive("story", params=CardRef, whens=ANYWHERE)
def story(s: StoryfoldState, e: Effect, source: int) -> None:
    """Search the Chapter deck for the Story card `card`, read it and carry out its Immediately
    effect (nothing happens if it is not in the Chapter deck)."""
    s.push("story_card", s.content.card_by_id[e.params["card"]])


@effects.primitive("place_creature", params=PlaceCreature, whens=ANYWHERE)
def place_creature(s: StoryfoldState, e: Effect, source: int) -> None:
    """Take the Creature card `card` from wherever it is (deck, discard pile or box) and place it on
    River space `space` (1..7, or "end"), shifting cards right; its Immediately effect is not
    carried out.  Nothing happens if it is already in the River."""
    space = e.params["space"]
    s.push("place_creature", s.content.card_by_id[e.params["card"]], 0 if space == "end" else space)


@effects.primitive("add_to_explore", params=AddToExplore, whens=ANYWHERE)
def add_to_explore(s: StoryfoldState, e: Effect, source: int) -> None:
    """Add the Explore card `card` (a Companion, Trauma, Boon or Bane) from the box to the Explore
    deck, shuffled in (`shuffle = false`: on top).  Nothing happens if it is not in the box."""
    s.push("add_to_explore", s.content.card_by_id[e.params["card"]], e.params["shuffle"])


@effects.primitive("gain_card", params=CardRef, whens=ANYWHERE)
def gain_card(s: StoryfoldState, e: Effect, source: int) -> None:
    """Put the Explore card `card` (Boon, Companion or Trauma) from wherever it is onto a Boon space,
    as if you had drawn it (full Boon spaces: make room)."""
    s.push("to_boon_space", s.content.card_by_id[e.params["card"]])


@effects.primitive("grant_die", params=Die, whens=ANYWHERE)
def grant_die(s: StoryfoldState, e: Effect, source: int) -> None:
    """You get the `size`-sided die (10 or 12) until the end of the chapter."""
    s.push("grant_die", e.params["size"])


# ------------------------------------------------------------------ the River
@effects.primitive("discard_creature", params=Which, whens=ANYWHERE)
def discard_creature(s: StoryfoldState, e: Effect, source: int) -> None:
    """Discard a creature from the River (`which`: "choose", "first" or "last"); no Crystals for it."""
    s.push("discard_creature", e.params["which"])


@effects.primitive("blind", whens=ANYWHERE)
def blind(s: StoryfoldState, e: Effect, source: int) -> None:
    """Blind a creature of your choice: it moves to the end of the River with a Stun token."""
    s.push("blind_choice")


@effects.primitive("activate_creatures", whens=ANYWHERE)
def activate_creatures(s: StoryfoldState, e: Effect, source: int) -> None:
    """Activate every creature in the River, from left to right, as in the Shadow Phase."""
    s.push("activate_all", 0)


@effects.primitive("move_action", params=Direction, whens=ANYWHERE)
def move_action(s: StoryfoldState, e: Effect, source: int) -> None:
    """Move an Action card of your choice one space `direction` ("left" or "right"), swapping it
    with the card there."""
    s.push("move_action_choice", -1 if e.params["direction"] == "left" else 1)


@effects.primitive("action_to_end", params=ActionRef, whens=ANYWHERE)
def action_to_end(s: StoryfoldState, e: Effect, source: int) -> None:
    """Move an Action card to the end of the River (`action`: "choose", "first" for the leftmost,
    or an Action card id), then clean up the River."""
    s.push("action_to_end", e.params["action"])


# ------------------------------------------------------------------ dice (uses after a roll)
@effects.primitive("reroll", params=Dice, whens=("use",))
def reroll(s: StoryfoldState, e: Effect, source: int) -> None:
    """Reroll up to `dice` rolled dice of your choice, one at a time (only in a use whose window is
    "after_roll")."""
    s.push("reroll_die", e.params["dice"])


@effects.primitive("add_successes", params=Amount, whens=("use",))
def add_successes(s: StoryfoldState, e: Effect, source: int) -> None:
    """Add `amount` successes to the current roll (only in a use whose window is "after_roll"),
    provided at least one die shows a success."""
    natural = count_successes(s)
    if natural == 0:     # SW-068, S-12: such a use is not offered then; a reroll in the same use may get here
        s.emit("successes_added", amount=0, natural=0, total=0, why="no die shows a success (SW-068)")
        return
    s.bonus_successes += e.params["amount"]
    s.emit("successes_added", amount=e.params["amount"], natural=natural, total=natural + s.bonus_successes)


# ------------------------------------------------------------------ story memory and Brom
@effects.primitive("set_flag", params=Flag, whens=ANYWHERE)
def set_flag(s: StoryfoldState, e: Effect, source: int) -> None:
    """Remember the story flag `flag` for the rest of the campaign (conditions `flag`/`not_flag`)."""
    if e.params["flag"] not in s.flags:
        s.flags.append(e.params["flag"])
    s.emit("flag", flag=e.params["flag"], set=True)


@effects.primitive("clear_flag", params=Flag, whens=ANYWHERE)
def clear_flag(s: StoryfoldState, e: Effect, source: int) -> None:
    """Forget the story flag `flag`."""
    if e.params["flag"] in s.flags:
        s.flags.remove(e.params["flag"])
    s.emit("flag", flag=e.params["flag"], set=False)


@effects.primitive("brom_to_shadow_discard", whens=("use",))
def brom_to_shadow_discard(s: StoryfoldState, e: Effect, source: int) -> None:
    """Place the Brom card on the Shadow discard pile instead of drawing the chapter's last Shadow
    card (only in a Luma use whose window is "last_shadow")."""
    s.push("brom_leaves")


@effects.primitive("return_brom", whens=ANYWHERE)
def return_brom(s: StoryfoldState, e: Effect, source: int) -> None:
    """Brom comes back: the Brom card returns to the Brom space on its first side and the Luma
    card turns to its first side (nothing happens if Brom is on his space)."""
    s.push("brom_returns")


# ------------------------------------------------------------------ ongoing (italic) effects
@effects.primitive("threshold", params=Signed, whens=("ongoing",))
def threshold(s: StoryfoldState, e: Effect, source: int) -> None:
    """While in play: every die needs `amount` more (negative: fewer) to be a success (S-1)."""


@effects.primitive("max_dice", params=Limit, whens=("ongoing",))
def max_dice(s: StoryfoldState, e: Effect, source: int) -> None:
    """While in play: you may roll at most `amount` dice for one action (at least 1 always)."""


@effects.primitive("no_crystal_spend", whens=("ongoing",))
def no_crystal_spend(s: StoryfoldState, e: Effect, source: int) -> None:
    """While in play: Crystals cannot be spent for successes."""


@effects.primitive("creature_icons", params=Signed, whens=("ongoing",))
def creature_icons(s: StoryfoldState, e: Effect, source: int) -> None:
    """While in play: every creature needs `amount` more (negative: fewer, never below 1)
    successes to be blinded or healed."""


@effects.primitive("spirit_loss", params=Signed, whens=("ongoing",))
def spirit_loss(s: StoryfoldState, e: Effect, source: int) -> None:
    """While in play: every creature that activates makes you lose `amount` more (negative: less,
    never below 0) Spirit."""


ONGOING = ("threshold", "max_dice", "no_crystal_spend", "creature_icons", "spirit_loss")
AFTER_ROLL_ONLY = ("reroll", "add_successes")


# ------------------------------------------------------------------ carrying effects out
def effect_steps(effs: tuple[Effect, ...], source: int = -1) -> list[tuple[Any, ...]]:
    """The steps that carry out ``effs`` in order; after each one the end of the scene is checked
    (SW-078: "as soon as" the goal is met; SW-079)."""
    todo: list[tuple[Any, ...]] = []
    for e in effs:
        todo.append(("effect", e, source))
        todo.append(("check_end",))
    return todo


def carry_out(s: StoryfoldState, effs: tuple[Effect, ...], source: int = -1) -> None:
    """Push ``effs`` to run next, in order."""
    if effs:
        push_in_order(s.stack, effect_steps(effs, source))


@steps.auto("effect")
def run_effect(s: StoryfoldState, e: Effect, source: int) -> None:
    if e.cond and not holds(s, e.cond):
        s.emit("effect_skipped", do=e.do, why="its condition does not hold")
        return
    s.emit("effect", do=e.do, params=dict(e.params), text=e.text,
           source=s.content.cards[source].id if source >= 0 else None)
    run = effects.primitives[e.do].run
    assert run is not None
    run(s, e, source)
