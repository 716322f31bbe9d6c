"""The Luma and Brom cards (SW-014..SW-022).

Each card has two sides, each printing uses (content: companions.toml).  A use costs Crystals
(from any Action card, or only from the one being carried out), may be limited to once per
chapter, and may turn its card over.  Brom's uses need Brom on the Brom space.  Our reading of
"icons" on the Luma & Brom side: they are the Crystals lying on the Action cards.
"""
from __future__ import annotations

from typing import Any, NamedTuple, cast

from ...engine.decision import Option
from ...engine.steps import push_in_order
from .crystals import payable
from .dice import count_successes
from .model import Companion, Use
from .registry import steps
from .state import StoryfoldState


def current_uses(s: StoryfoldState) -> list[tuple[str, Companion, Use]]:
    c = s.content
    out = [("luma", c.luma, u) for u in c.luma.sides[s.luma_side].uses]
    if s.brom_present:
        out += [("brom", c.brom, u) for u in c.brom.sides[s.brom_side].uses]
    return out


class _Offer(NamedTuple):
    """One use of a side now up, with what deciding if it can be made asks of it worked out once."""
    use: Use
    option: Option
    key: str                  # how a once-per-chapter use is remembered
    needs_brom: bool          # it sends Brom away, so Brom must be here
    rerolls: bool             # a reroll after rolling needs a roll
    blinds: bool              # blinding needs a creature in the River
    adds: bool                # adding successes needs a die showing one (SW-068, S-12)


def _offer(who: str, use: Use, option: Option) -> _Offer:
    return _Offer(use, option, f"{who}:{use.id}",
                  any(e.do == "brom_to_shadow_discard" for e in use.effects),
                  use.window == "after_roll" and any(e.do == "reroll" for e in use.effects),
                  any(e.do == "blind" for e in use.effects),
                  use.window == "after_roll" and any(e.do == "add_successes" for e in use.effects))


def _usable(s: StoryfoldState, offers: tuple[_Offer, ...]) -> list[Option]:
    """The options of the ``offers`` that may be made now."""
    out = []
    for o in offers:
        use = o.use
        if not payable(s, use.cost, use.cost_from):
            continue
        if use.once_per_chapter and o.key in s.uses_this_chapter:
            continue
        if o.needs_brom and not s.brom_present:
            continue
        if o.rerolls and not s.rolled:
            continue
        if o.blinds and not s.creatures_in_river():
            continue
        if o.adds and count_successes(s) == 0:
            continue
        out.append(o.option)
    return out


def use_options(s: StoryfoldState, window: str) -> list[Option]:
    key = ("uses", window, s.luma_side, s.brom_present, s.brom_side)
    offers = s.game.memo.get(key)
    if offers is None:   # the uses of the sides now up in this window, with their options (memoised)
        offers = s.game.memo[key] = tuple(_offer(who, use, _option(s, who, comp, use))
                                          for who, comp, use in current_uses(s) if use.window == window)
    return _usable(s, cast("tuple[_Offer, ...]", offers)) if offers else []


def _option(s: StoryfoldState, who: str, comp: Companion, use: Use) -> Option:
    side = comp.sides[s.luma_side if who == "luma" else s.brom_side]
    words = use.text or side.name
    if use.cost and "Crystal" not in words:      # a card's text usually names its price already
        words = f"{words.rstrip('.')}, for {use.cost} Crystal{'s' if use.cost != 1 else ''}"
    return Option.of(who, use.id, label=f"{side.name}: {words}",
                     data={"companion": who, "use": use.id, "side": side.id, "cost": use.cost,
                           "cost_from": use.cost_from, "once_per_chapter": use.once_per_chapter})


def use_card(s: StoryfoldState, choice: str) -> None:
    """Carry out a use chosen as ``luma:<use id>`` or ``brom:<use id>``."""
    from .effects import effect_steps
    who, use_id = choice.split(":", 1)
    use = next(u for w, _, u in current_uses(s) if w == who and u.id == use_id)
    if use.once_per_chapter:
        s.uses_this_chapter.append(choice)
    s.emit("companion_use", card=who, use=use_id, cost=use.cost)
    todo: list[tuple[Any, ...]] = [("pay_crystals", use.cost, use.cost_from)]
    todo += effect_steps(use.effects)
    if use.flip:
        todo.append(("flip_companion", who))
    push_in_order(s.stack, todo)


@steps.auto("flip_companion")
def flip_companion(s: StoryfoldState, who: str) -> None:
    if who == "luma":
        s.luma_side = 1 - s.luma_side
        s.emit("flip", card="luma", side=s.content.luma.sides[s.luma_side].name)
    elif s.brom_present:
        s.brom_side = 1 - s.brom_side
        s.emit("flip", card="brom", side=s.content.brom.sides[s.brom_side].name)


@steps.auto("brom_leaves")
def brom_leaves(s: StoryfoldState) -> None:
    """SW-017: Brom goes onto the Shadow discard pile in place of the last Shadow card."""
    s.brom_present = False
    s.brom_side = 0                 # he comes back on his first side; off the table he has none (S-11)
    s.emit("brom", present=False, why="placed on the Shadow discard pile instead of the last Shadow card")


@steps.auto("brom_returns")
def brom_returns(s: StoryfoldState) -> None:
    if not s.brom_present:
        s.brom_present = True
        s.brom_side = 0
        s.luma_side = 0
        s.emit("brom", present=True)
