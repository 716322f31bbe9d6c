"""The round: the Luma Phase and the Shadow Phase (SW-100..SW-109), in the overview's order."""
from __future__ import annotations


from ...engine.decision import Option
from ...engine.steps import Ask, push_in_order
from .actions import action_options, start_action, why_not_act
from .companions import use_card, use_options
from .dice import take_back
from .explore import boon_options, use_boon
from .registry import steps
from .state import StoryfoldState


END_LUMA = Option.of("end", label="End the Luma Phase")


@steps.auto("luma_phase")
def luma_phase(s: StoryfoldState) -> None:
    """SW-100: take back all used dice; then carry out actions until you end the phase."""
    s.phase = "luma"
    take_back(s)
    s.emit("phase", phase="luma")
    s.push("luma_turn")
    s.push("check_end")


@steps.ask("luma_turn", kind="luma_phase", rule="Luma Phase, SW-101, SW-103")
def ask_luma_turn(s: StoryfoldState) -> Ask | None:
    opts = action_options(s)
    opts += boon_options(s, "luma_phase")
    opts += use_options(s, "luma_phase")
    opts.append(END_LUMA)                                      # SW-103: at any time
    free = s.dice_used.count(False)
    spirit = s.spirit_left()
    # Made afresh each turn rather than memoised: (dice, Spirit, Light, Shadow) take thousands of
    # values over a few games, so a memo only grows, and its entries make the garbage collector
    # walk more; a dict of ints is not even tracked by it.
    return (f"Luma Phase: {free} {'die' if free == 1 else 'dice'} available, Spirit {spirit}", opts,
            {"dice_available": free, "spirit": spirit, "light": s.light, "shadow": s.shadow})


@steps.explain("luma_turn")
def explain_luma_turn(s: StoryfoldState, choice: str) -> str | None:
    if choice.startswith("act:"):
        return why_not_act(s, choice)
    return None


@steps.answer("luma_turn")
def answer_luma_turn(s: StoryfoldState, choice: str) -> None:
    if choice == "end":
        s.emit("phase_end", phase="luma")
        s.push("shadow_phase")
        return
    s.push("luma_turn")
    if choice.startswith("act:"):
        start_action(s, choice)
    elif choice.startswith("boon:"):
        s.push("check_end")
        use_boon(s, s.content.card_by_id[choice.split(":")[1]])
    else:
        s.push("check_end")
        use_card(s, choice)


# SW-104..SW-109 in order: Boons usable now, every creature activates, the Shadow marker advances
SHADOW_PHASE_STEPS = (("shadow_boons",), ("activate_all", 0), ("advance_shadow", 1), ("check_end",), ("luma_phase",))


@steps.auto("shadow_phase")
def shadow_phase(s: StoryfoldState) -> None:
    """SW-104..SW-109: activate all creatures left to right, then advance the Shadow marker."""
    s.phase = "shadow"
    s.emit("phase", phase="shadow")
    push_in_order(s.stack, SHADOW_PHASE_STEPS)


@steps.ask("shadow_boons", kind="shadow_boon", rule="Explore cards, SW-026 (unless stated otherwise)")
def ask_shadow_boons(s: StoryfoldState) -> Ask | None:
    opts = boon_options(s, "shadow_phase")
    if not opts:
        return None
    return ("Before the creatures activate: use a Boon?", opts + [CONTINUE],
            {"spirit": s.spirit_left(), "light": s.light, "shadow": s.shadow})


CONTINUE = Option.of("continue", label="Go on with the Shadow Phase")


@steps.answer("shadow_boons")
def answer_shadow_boons(s: StoryfoldState, choice: str) -> None:
    if choice == "continue":
        return
    s.push("shadow_boons")
    use_boon(s, s.content.card_by_id[choice.split(":")[1]])
