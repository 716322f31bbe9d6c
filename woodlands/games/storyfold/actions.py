"""The four Action cards (SW-001..SW-013) and carrying out an action (SW-052..SW-055, SW-101,
SW-102).

An action is chosen as ``act:<card>:top:<target>`` or ``act:<card>:bottom``; then the dice are
rolled, Crystals, Boons and Luma's rerolls may be spent, and the effect is carried out:
the top effect needs as many successes as the target's icons or dots; short of that the bottom
effect may be carried out instead, 1 step per success; while no die shows a success nothing
happens, whatever successes were added (S-12), and nothing may add any.
"""
from __future__ import annotations

from typing import Any, cast

from ...engine.decision import Option
from ...engine.presentation import plural
from ...engine.steps import Ask
from .companions import use_card, use_options
from .conditions import holds
from .creatures import blind, leave_river
from .crystals import can_spend_for_success, slot, take
from .dice import available, count_successes, counted_successes, roll, roll_options, set_aside, threshold
from .explore import adds_successes, boon_options, use_boon
from .locations import visit, visitable, why_not_visit
from .model import ACTIONS, NUMBERED_SPACES
from .ongoing import modifier
from .registry import steps
from .river import log_river, move_to_end, space_of, usable
from .state import StoryfoldState

TOP = {"light": "blind a creature", "help": "visit a Help location", "explore": "visit an Explore location",
       "heal": "heal a creature"}
BOTTOM = {"light": "advance the Light marker", "help": "gain Crystals", "explore": "draw Explore cards",
          "heal": "gain Spirit"}


#: what each bottom effect gives per success (Option.data "gain")
GAIN = {"light": "light", "help": "crystals", "explore": "explore_cards", "heal": "spirit"}

BOTTOM_OPTIONS = {name: Option.of("act", name, "bottom", label=f"{name.title()}: {what}, 1 per success",
                                  data={"action": name, "effect": "bottom", "gain": GAIN[name]})
                  for name, what in BOTTOM.items()}


def action_name(s: StoryfoldState, card: int) -> str:
    return s.content.cards[card].id


def targets(s: StoryfoldState, name: str) -> list[tuple[str, str, int]]:
    """(id, label, successes needed) of every target the top effect of ``name`` may choose."""
    if name == "light" or name == "heal":
        return _creature_targets(s, s.creatures_in_river(), name == "heal")
    return [(loc.id, loc.name, loc.dots) for loc in visitable(s, name)]


def target_kind(s: StoryfoldState, name: str, ident: str) -> str:
    """What a top effect's target is: "creature", "trauma" or "location"."""
    if name == "help" or name == "explore":
        return "location"
    return "trauma" if s.content.cards[s.content.card_by_id[ident]].kind == "trauma" else "creature"


def _creature_targets(s: StoryfoldState, here: list[int], heal: bool) -> list[tuple[str, str, int]]:
    cards = s.content.cards
    out = []
    if here:
        extra = modifier(s, "creature_icons")
        for c in here:
            card = cards[c]
            out.append((card.id, card.name, max(1, card.icons + extra)))
    if heal and s.boons:
        # SW-031: a Trauma on a Boon space is removed by the Heal action
        out += [(cards[b].id, cards[b].name, cards[b].icons) for b in s.boons if cards[b].kind == "trauma"]
    return out


def action_options(s: StoryfoldState) -> list[Option]:
    """SW-101 a, SW-045, SW-052: an Action card on a numbered space, with at least 1 die left.

    Asked at every turn of every Luma Phase, so each card's options are looked up on what decides
    them (its targets) rather than worked out again; the lookups are in Game.cache."""
    if all(s.dice_used):
        return []
    actions, ids = s.content.actions, s.content.card_ids
    cache = s.game.cache
    opts: list[Option] = []
    creatures: tuple[int, ...] | None = None
    extra = 0
    places: tuple[object, ...] | None = None
    for card in s.river[:NUMBERED_SPACES]:          # only numbered spaces can be used
        if card not in actions:                     # a creature, or an empty space (-1)
            continue
        name = ids[card]
        if name == "light" or name == "heal":
            if creatures is None:
                creatures = tuple(s.creatures_in_river())
                extra = modifier(s, "creature_icons") if creatures else 0
            key: tuple[object, ...] = ("act", name, creatures, extra, _traumas(s) if name == "heal" else ())
        else:
            if places is None:
                scene = s.content.scenes[s.scene]
                places = (s.scene, tuple(s.visited), s.light == scene.middle)
                if scene.location_conditions:       # SW-059: whether each condition holds now
                    places += tuple([holds(s, loc.condition) for loc in scene.locations if loc.condition])
            key = ("act", name, places)
        part = cache.get(key)
        opts += _work_out(s, key, name) if part is None else cast("tuple[Option, ...]", part)
    return opts


def _traumas(s: StoryfoldState) -> tuple[int, ...]:
    if not s.boons:
        return ()
    cards = s.content.cards
    return tuple([b for b in s.boons if cards[b].kind == "trauma"])


def _work_out(s: StoryfoldState, key: tuple[object, ...], name: str) -> tuple[Option, ...]:
    """The options of Action card ``name`` (its top effect on each target, then its bottom
    effect), kept in Game.cache under ``key``."""
    cache = s.game.cache
    if len(cache) >= s.game.CACHE_LIMIT:
        cache.clear()
    # built as the tuple it is, with the id Option.of would derive (verb "act", args (name,
    # "top", target)): this runs on every cache miss of every Luma turn
    part = cache[key] = tuple(
        Option(f"act:{name}:top:{ident}", f"{name.title()}: {TOP[name]}: {label} (needs {need})",
               "act", (name, "top", ident),
               {"action": name, "effect": "top", "target": ident, "target_name": label,
                "target_kind": target_kind(s, name, ident), "need": need})
        for ident, label, need in targets(s, name)) + (BOTTOM_OPTIONS[name],)
    return part


def why_not_act(s: StoryfoldState, choice: str) -> str | None:
    parts = choice.split(":")
    if len(parts) < 3 or parts[1] not in ACTIONS:
        return None
    card = s.content.card_by_id[parts[1]]
    if not usable(s.river, card):
        return f"the {s.content.cards[card].name} card lies on an unnumbered River space and cannot be used (SW-045)"
    if not available(s):
        return "all your dice are used until the next Luma Phase (SW-052, SW-101 e)"
    if parts[2] == "top" and len(parts) == 4 and parts[1] in ("help", "explore"):
        for loc in s.content.scenes[s.scene].locations:
            if loc.id == parts[3]:
                if loc.kind != parts[1]:
                    return f"{loc.name} is a {loc.kind} location; it needs the matching Action card (SW-056)"
                return why_not_visit(s, loc)
    return None


def start_action(s: StoryfoldState, choice: str) -> None:
    parts = choice.split(":")
    s.action = s.content.card_by_id[parts[1]]
    s.action_space = space_of(s.river, s.action)
    s.effect = parts[2]
    s.target = parts[3] if len(parts) == 4 else ""
    s.bonus_successes = 0
    s.emit("action", action=parts[1], effect=s.effect, target=s.target or None)
    s.push("finish_action")
    # The threshold and what the top effect needs are worked out once here and carried by the
    # steps of this action (choose_dice -> after_roll -> resolve_action) while nothing can change
    # them: the roll itself changes neither; a Crystal, Boon or card used after the roll may, so
    # after one the next step is pushed without them and works them out again.
    s.push("choose_dice", *roll_facts(s))


def roll_facts(s: StoryfoldState) -> tuple[int, int | None]:
    """The threshold of the action being carried out and the successes its top effect needs
    (None for a bottom effect, or a top effect whose target is gone)."""
    return threshold(s), need_for(s) if s.effect == "top" else None


ROLL_PROMPT = {name: f"Roll how many dice for {name}?" for name in ACTIONS}
TO_THE_END = {name: f"{name} to the end of the River" for name in ACTIONS}


@steps.ask("choose_dice", kind="roll", rule="Luma Phase 2b, SW-052")
def ask_dice(s: StoryfoldState, t: int, need: int | None) -> Ask | None:
    name = action_name(s, s.action)
    return ROLL_PROMPT[name], roll_options(s), {
        "action": name, "effect": s.effect, "target": s.target or None, "threshold": t,
        "need": need, "crystals_on_card": s.crystals[slot(s, s.action)]}


@steps.answer("choose_dice")
def answer_dice(s: StoryfoldState, choice: str, t: int, need: int | None) -> None:
    _, k8, k10, k12 = choice.split(":")
    roll(s, int(k8), int(k10), int(k12), t)
    s.push("after_roll", t, need)


@steps.ask("after_roll", kind="after_roll", rule="Luma Phase 2c, SW-068, SW-016..SW-018")
def ask_after_roll(s: StoryfoldState, t: int | None = None, need: int | None = None) -> Ask | None:
    if t is None:
        t, need = roll_facts(s)
    opts = []
    natural = count_successes(s, t)
    memo = s.game.memo
    if can_spend_for_success(s, natural):
        key = ("spend_crystal", s.action, s.crystals[slot(s, s.action)])
        opt = memo.get(key)
        if opt is None:
            opt = memo[key] = Option.of(
                "crystal", label=f"Spend a Crystal from {s.content.cards[s.action].name}: +1 success",
                data={"action": action_name(s, s.action), "successes": 1, "crystals_left": s.crystals[slot(s, s.action)] - 1})
        opts.append(cast(Option, opt))
    opts += boon_options(s, "after_roll", natural)
    opts += use_options(s, "after_roll")
    if not opts:
        s.push("resolve_action", t, need)
        return None
    n = natural + s.bonus_successes if natural else 0     # S-12: added ones need a die's success
    opt = memo.get(("resolve", n))
    if opt is None:
        opt = memo[("resolve", n)] = Option.of(
            "resolve", label=f"Carry out the effect with {plural(n, 'success', 'successes')}", data={"successes": n})
    opts.append(cast(Option, opt))
    faces = ", ".join(f"d{s.dice[d]}:{s.faces[d]}" for d in s.rolled)
    return f"You rolled {faces}: {n} {'success' if n == 1 else 'successes'}", opts, roll_data(s, natural, t, need)


def roll_data(s: StoryfoldState, natural: int, t: int, need: int | None) -> dict[str, Any]:
    """Decision.data of the steps about the roll in hand (documented in docs/storyfold.md)."""
    return {"action": action_name(s, s.action), "effect": s.effect, "target": s.target or None,
            "threshold": t, "dice": [s.dice[d] for d in s.rolled],
            "faces": [s.faces[d] for d in s.rolled], "natural_successes": natural,
            "bonus_successes": s.bonus_successes, "successes": natural + s.bonus_successes if natural else 0,
            "need": need}


@steps.answer("after_roll")
def answer_after_roll(s: StoryfoldState, choice: str, t: int | None = None, need: int | None = None) -> None:
    if choice == "resolve":
        s.push("resolve_action", t, need)
        return
    s.push("after_roll")                 # what was spent or used may change the threshold or the need
    if choice == "crystal":
        take(s, slot(s, s.action), "spent for a success")
        s.bonus_successes += 1
    elif choice.startswith("boon:"):
        use_boon(s, s.content.card_by_id[choice.split(":")[1]])
    else:
        use_card(s, choice)


def need_for(s: StoryfoldState, name: str | None = None) -> int | None:
    """Successes the chosen top effect needs now; None if its target is gone or unvisitable
    (what :func:`targets` says of it, worked out for the one target).  ``name``: the action's
    name when the caller has it already."""
    if name is None:
        name = action_name(s, s.action)
    if name == "help" or name == "explore":
        scene = s.content.scenes[s.scene]
        i = scene.location_ids.get(s.target)
        loc = scene.locations[i] if i is not None else None
        if loc is None or loc.kind != name or why_not_visit(s, loc) is not None:
            return None
        return int(loc.dots)
    card = s.content.card_by_id.get(s.target)
    if card is None:
        return None
    c = s.content.cards[card]
    if card in s.river and card in s.content.creature_cards:
        return max(1, c.icons + modifier(s, "creature_icons"))
    if name == "heal" and card in s.boons and c.kind == "trauma":
        return int(c.icons)
    return None


def need_by_targets(s: StoryfoldState) -> int | None:
    """:func:`need_for` the long way, through every target (kept for the test that they agree)."""
    name = action_name(s, s.action)
    for ident, _, need in targets(s, name):
        if ident == s.target:
            return need
    return None


@steps.auto("resolve_action")
def resolve_action(s: StoryfoldState, t: int | None = None, need: int | None = None) -> None:
    if t is None:
        t, need = roll_facts(s)
    # S-12, SW-055: the dice decide, as they lie after every reroll; successes added while a die
    # showed one (a Crystal, a Boon) do not carry an effect once no die shows one any more, and
    # what was spent on them stays spent
    n = counted_successes(s, t)
    if n == 0:
        s.emit("no_effect", action=action_name(s, s.action), why="no success (SW-055)",
               bonus_successes=s.bonus_successes)
        return
    if s.effect == "top":
        if need is not None and n >= need:
            top_effect(s)
            return
        s.push("fallback", n, need if need is not None else -1)
        return
    bottom_effect(s, n)


@steps.ask("fallback", kind="fallback", rule="Dice, SW-054")
def ask_fallback(s: StoryfoldState, n: int, need: int) -> Ask | None:
    name = action_name(s, s.action)
    short = f"needs {need}" if need >= 0 else "its target is gone"
    memo = s.game.memo
    opts = memo.get(("fallback", name, n))
    if opts is None:
        opts = memo[("fallback", name, n)] = (
            Option.of("bottom", label=f"Carry out the bottom effect instead: {BOTTOM[name]} x{n}",
                      data={"action": name, "gain": GAIN[name], "amount": n}), NOTHING)
    return (f"Not enough for the top effect ({plural(n, 'success', 'successes')}, {short})", cast("tuple[Option, ...]", opts),
            {"action": name, "successes": n, "need": need if need >= 0 else None, "gain": GAIN[name]})


NOTHING = Option.of("nothing", label="Carry out nothing")


@steps.answer("fallback")
def answer_fallback(s: StoryfoldState, choice: str, n: int, need: int) -> None:
    if choice == "bottom":
        bottom_effect(s, n)
    else:
        s.emit("no_effect", action=action_name(s, s.action), why="chose not to fall back")


def top_effect(s: StoryfoldState) -> None:
    name = action_name(s, s.action)
    s.emit("top_effect", action=name, target=s.target)
    if name == "light":                                    # SW-003
        blind(s, s.content.card_by_id[s.target])
    elif name in ("help", "explore"):                      # SW-006, SW-009
        scene = s.content.scenes[s.scene]
        visit(s, scene.locations[scene.location_index(s.target)])
    else:                                                  # SW-012, SW-031
        card = s.content.card_by_id[s.target]
        c = s.content.cards[card]
        if c.kind == "trauma":
            s.boons.remove(card)
            s.explore_discard.append(card)
            s.emit("trauma_healed", card=c.id)
            return
        leave_river(s, card)
        s.creature_discard.append(card)
        s.healed += 1
        s.emit("healed", card=c.id, crystals=c.crystals)
        log_river(s, "creature healed")
        s.push("place_crystals", c.crystals)


def bottom_effect(s: StoryfoldState, n: int) -> None:
    name = action_name(s, s.action)
    s.emit("bottom_effect", action=name, successes=n)
    if name == "light":                                    # SW-004
        s.push("move_light", n)
    elif name == "help":                                   # SW-007
        s.push("place_crystals", n)
    elif name == "explore":                                # SW-010
        s.push("explore_action_draw", n)
    else:                                                  # SW-013
        s.push("gain_spirit", n)


@steps.auto("finish_action")
def finish_action(s: StoryfoldState) -> None:
    """SW-101 e-g: the rolled dice are set aside, the card goes last in the River, gaps close."""
    end_action(s)
    s.push("check_end")


def end_action(s: StoryfoldState) -> None:
    if s.action < 0:
        return
    set_aside(s)
    move_to_end(s.river, s.action)
    log_river(s, TO_THE_END[s.content.card_ids[s.action]])
    s.action = -1
    s.effect = s.target = ""
    s.bonus_successes = 0


# ------------------------------------------------------------------ effects that move Action cards
def _action_card_option(s: StoryfoldState, card: int, space: int) -> Option:
    """'Which Action card?': one option per card and River space, built once per game."""
    key = ("action_card", card, space)
    o = s.game.memo.get(key)
    if o is None:
        c = s.content.cards[card]
        o = s.game.memo[key] = Option.of("action", c.id, label=c.name, data={"card": c.id, "space": space})
    return cast(Option, o)


@steps.ask("action_to_end", kind="choose_action_card", rule="River, SW-045, SW-046")
def ask_action_to_end(s: StoryfoldState, which: str) -> Ask | None:
    actions = s.content.actions
    acts = [c for c in s.river if c in actions]
    if which == "first":
        card = acts[0]
    elif which != "choose":
        card = s.content.card_by_id[which]
    else:
        return "Move which Action card to the end of the River?", [
            _action_card_option(s, c, s.river.index(c) + 1) for c in acts], {"move": "to_end", "step": None}
    move_to_end(s.river, card)
    log_river(s, f"{s.content.cards[card].id} to the end of the River")
    return None


@steps.answer("action_to_end")
def answer_action_to_end(s: StoryfoldState, choice: str, which: str) -> None:
    card = s.content.card_by_id[choice.split(":")[1]]
    move_to_end(s.river, card)
    log_river(s, f"{s.content.cards[card].id} to the end of the River")


@steps.ask("move_action_choice", kind="choose_action_card", rule="River, SW-048")
def ask_move_action(s: StoryfoldState, step: int) -> Ask | None:
    from .river import EMPTY
    opts = []
    for i, c in enumerate(s.river):
        if c >= 0 and s.content.cards[c].kind == "action" and 0 <= i + step < len(s.river) and s.river[i + step] != EMPTY:
            opts.append(Option.of("action", s.content.cards[c].id, label=f"{s.content.cards[c].name} one space "
                                  f"{'left' if step < 0 else 'right'}", data={"card": s.content.cards[c].id, "space": i + 1}))
    return ("Move which Action card?", opts, {"move": "one_space", "step": step}) if opts else None


@steps.answer("move_action_choice")
def answer_move_action(s: StoryfoldState, choice: str, step: int) -> None:
    from .river import move_adjacent
    card = s.content.card_by_id[choice.split(":")[1]]
    move_adjacent(s.river, card, step)
    log_river(s, f"{s.content.cards[card].id} moved one space")


@steps.explain("choose_dice")
def explain_dice(s: StoryfoldState, choice: str, *_: object) -> str | None:
    parts = choice.split(":")
    if len(parts) != 4 or parts[0] != "roll" or not all(p.isdigit() for p in parts[1:]):
        return None
    k8, k10, k12 = (int(p) for p in parts[1:])
    if k8 + k10 + k12 == 0:
        return "at least 1 die must be rolled (SW-052)"
    free = [s.dice[d] for d in available(s)]
    if k8 > free.count(8) or (k10 and 10 not in free) or (k12 and 12 not in free):
        return f"those dice are not available: you have {len(free)} unused (SW-051, SW-101 e)"
    return None


@steps.explain("after_roll")
def explain_after_roll(s: StoryfoldState, choice: str, *_: object) -> str | None:
    if choice.startswith("boon:") and count_successes(s) == 0:
        card = s.content.card_by_id.get(choice.split(":")[1])
        if card is not None and card in s.boons and adds_successes(s.content.cards[card].use):
            return "no die shows a success, and successes may only be added to a roll that has one (SW-068, S-12)"
        return None
    if choice != "crystal":
        return None
    if count_successes(s) == 0:
        return "Crystals may only be spent while at least 1 die shows a success (SW-068, S-12)"
    if s.crystals[slot(s, s.action)] == 0:
        return "only Crystals on the Action card being carried out may be spent, and it has none (SW-068)"
    return "an ongoing effect forbids spending Crystals"
