"""Forest Phase (TG-030..TG-050; rulings T-12, T-17, T-21).

Each Draw & Choose begins with a draw from the bottom of the Forest Deck; after every draw the
player places one drawn card or draws again, up to Strategy draws.  Place & Check discards the
rest (their sides untouched) and checks the map.  An ambush that forces its own card into the
tableau is that cycle's placement (TG-029).
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask
from .ambush import resolve_together
from .decks import draw_forest, forest_can_draw
from .effects import run_effects
from .model import DIRECTIONS, WILD, forest_side_name
from .modifiers import modifier
from .registry import steps
from .state import TanglewoodsState
from .uses import apply_use, use_options

COMPLETE, NEEDS_WILDS, MISSING = "complete", "needs_wilds", "missing"


def map_status(s: TanglewoodsState) -> tuple[str, dict[str, int]]:
    """Ruling T-12: is the map's multiset of directions covered by the tableau's direction
    icons (without wilds), only with wilds assigned, or not at all?  Also returns what is
    still missing without wilds."""
    status, missing, _ = _status(s)
    return status, missing


def missing_text(s: TanglewoodsState) -> str:
    """The directions still missing without wilds, as "N W W" (or "nothing")."""
    return _status(s)[2]


def _status(s: TanglewoodsState) -> tuple[str, dict[str, int], str]:
    # a pure function of (pack, map, tableau): memoised per game, as the Forest phase asks it
    # constantly (some 45 times a random game, 70% of them for a tableau already asked about)
    memo = s.game.memo
    key = ("map_status", s.active_map, tuple(s.tableau))
    hit = memo.get(key)
    if hit is not None:
        return hit  # type: ignore[return-value]
    if s.active_map < 0:
        result: tuple[str, dict[str, int], str] = (MISSING, {}, "a map")
    else:
        c = s.game.content
        have = [0, 0, 0, 0, 0]                  # N S E W wild
        forest = c.forest
        for code in s.tableau:
            d = forest[code >> 1].faces[code & 1].dir_index
            if d >= 0:
                have[d] += 1
        # the answer depends only on what the map needs and the icons the tableau shows, which
        # take few values: worked out once per (need, icons) rather than once per tableau
        need = c.maps[s.active_map >> 1].faces[s.active_map & 1].need
        counted = ("map_need", need, tuple(have))
        result = memo.get(counted)  # type: ignore[assignment]
        if result is None:
            result = memo[counted] = _status_of(need, have)
    if len(memo) > 200_000:
        memo.clear()
    memo[key] = result
    return result


def _status_of(need: tuple[int, int, int, int], have: list[int]) -> tuple[str, dict[str, int], str]:
    """Ruling T-12 for a map needing ``need`` (N S E W) and a tableau showing ``have`` icons
    (N S E W wild)."""
    missing = {DIRECTIONS[i]: need[i] - have[i] for i in range(4) if need[i] > have[i]}
    text = " ".join(d for d in DIRECTIONS for _ in range(missing.get(d, 0))) or "nothing"
    if not missing:
        return COMPLETE, missing, text
    return (NEEDS_WILDS if sum(missing.values()) <= have[4] else MISSING), missing, text


def assign_wilds(s: TanglewoodsState, missing: dict[str, int]) -> None:
    """Stand each wild in for a missing direction (TG-045, TG-046); spare wilds stay unassigned."""
    want = [d for d in DIRECTIONS for _ in range(missing.get(d, 0))]
    for i, code in enumerate(s.tableau):
        if s.content.forest_face(code).direction == WILD:
            s.wilds[i] = want.pop(0) if want else None


def draw_limit(s: TanglewoodsState) -> int:
    return max(1, s.strategy + modifier(s, "forest_draws"))


@steps.auto("forest_phase")
def forest_phase(s: TanglewoodsState) -> None:
    s.phase = "forest"
    s.map_complete = False
    s.visit_map = -1
    s.checked_tableau = tuple(s.tableau)
    s.push("draw_and_choose")


@steps.auto("draw_and_choose")
def draw_and_choose(s: TanglewoodsState) -> None:
    """TG-032: each Draw & Choose starts by drawing."""
    s.forced_added = False
    s.cycle_draws = 0
    s.push("forest_pick")
    forest_draw(s)


def forest_draw(s: TanglewoodsState) -> None:
    """TG-033, TG-036: one card from the bottom; its ambush resolves at once (its steps go on
    top of the pending choice), unless an ambush is being resolved already (TG-026)."""
    code = draw_forest(s)
    if code is None:
        return
    s.cycle_draws += 1
    s.drawn.append(code)
    card = s.game.content.forest[code >> 1]
    s.emit("draw", deck="forest", card=card.id, side=code & 1)
    if s.ambush_depth == 0 and card.faces[code & 1].ambush:
        resolve_together(s, "ambush", [("forest", code)])


#: the "draw" option by (cards drawn, limit): the same few, asked on every Forest decision
DRAW: dict[tuple[int, int], Option] = {}


def _place_options(s: TanglewoodsState) -> list[Option]:
    """One "place" option for each card drawn this Draw & Choose (TG-034)."""
    # a pure function of (pack, card and side), asked on every Forest decision: built once per
    # game, in one table by code (no key to build per card)
    made: dict[int, Option] | None = s.game.memo.get("place_options")  # type: ignore[assignment]
    if made is None:
        made = s.game.memo["place_options"] = {}
    opts: list[Option] = []
    for code in s.drawn:
        option = made.get(code)
        if option is None:
            card = s.game.content.forest[code >> 1]
            face = card.faces[code & 1]
            side = forest_side_name(card.kind, code)
            option = made[code] = Option.of(
                "place", card.id, label=f"Place {face.name} ({side}, {face.summary})",
                data={"side": side, "kind": card.kind})
        opts.append(option)
    return opts


@steps.ask("forest_pick", kind="draw_or_place", rule="Forest Phase, Draw & Choose, TG-034")
def ask_forest_pick(s: TanglewoodsState) -> Ask | None:
    if s.forced_added:        # an ambush put its own card in: that was this cycle's placement (TG-029)
        place_and_check(s, -1)
        return None
    if not s.map_complete:
        tableau = tuple(s.tableau)
        if tableau != s.checked_tableau:
            # Ruling T-23: something other than a placement changed the tableau (an ambush that
            # added an enemy, Baby Bear's cards); now that it has finished, check the map.
            s.checked_tableau = tableau
            status = map_status(s)[0]
            if status == COMPLETE:
                _complete(s)
            elif status == NEEDS_WILDS:    # T-12: with wilds it stays the player's choice
                s.push("forest_pick")
                s.push("complete_with_wilds", True)
                return None
    opts = _place_options(s)
    if s.map_complete:
        # T-23, TG-038: the map was completed while cards of this Draw & Choose were waiting:
        # place one of them, discard the rest, draw no more
        if not opts:
            return None
        return ("The map is complete: place one of the cards you drew (the others are discarded)", opts,
                {"drawn": s.cycle_draws, "limit": s.cycle_draws, "complete": True})
    limit = draw_limit(s)
    if s.cycle_draws < limit and forest_can_draw(s):
        draw = DRAW.get((s.cycle_draws, limit))
        if draw is None:
            draw = DRAW[(s.cycle_draws, limit)] = Option.of("draw", label=f"Draw another card ({s.cycle_draws}/{limit} drawn)")
        opts.append(draw)
    if not opts:
        return None   # T-17: nothing drawn and nothing left to draw: the Forest phase ends
    if s.inventory or s.hero >= 0:
        opts += use_options(s, "forest")
    return (f"Forest phase: the map still needs {missing_text(s)}. Place a drawn card or draw again", opts,
            {"drawn": s.cycle_draws, "limit": limit, "complete": False})


@steps.explain("forest_pick")
def explain_forest_pick(s: TanglewoodsState, choice: str) -> str | None:
    if choice == "draw":
        if s.map_complete:
            return "the map is complete: you draw no more, you place one of the cards you drew (ruling T-23, TG-040)"
        if not forest_can_draw(s):
            return "the Forest Deck and its discard are empty (ruling T-17)"
        return f"you have drawn {s.cycle_draws} cards, your limit (Strategy), and must place one (TG-035)"
    if choice.startswith("place:"):
        return "that card is not among the cards you have drawn (TG-034)"
    return None


@steps.answer("forest_pick")
def answer_forest_pick(s: TanglewoodsState, choice: str) -> None:
    if choice == "draw":
        s.push("forest_pick")
        forest_draw(s)
    elif choice.startswith("place:"):
        idx = s.content.forest_by_id[choice[6:]]     # the card id after "place:"
        for code in s.drawn:     # a loop, not next() of a generator: on most Forest decisions
            if code >> 1 == idx:
                break
        else:
            raise ValueError(f"{choice}: not among the cards drawn")   # never: only drawn cards are offered
        place_and_check(s, code)
    else:
        s.push("forest_pick")
        apply_use(s, choice, "forest")


def join_tableau(s: TanglewoodsState, code: int, forced: bool, placed: bool = False) -> None:
    """A card joins the tableau; its special effects fire now (TG-041, ruling T-21).  Unless it
    is the player's placement (checked by Place & Check), the map is checked once its special
    effects are done (ruling T-23)."""
    s.tableau.append(code)
    s.damage.append(0)
    s.defeated.append(False)
    s.wilds.append(None)
    s.emit("place", card=s.content.forest[code >> 1].id, side=code & 1, forced=forced)
    if not placed:
        s.push("recheck_map")
    run_effects(s, s.content.forest_face(code).special, ("forest", code))


@steps.auto("recheck_map")
def recheck_map(s: TanglewoodsState) -> None:
    """Ruling T-23: the tableau changed other than by a placement (an ambush added or turned a
    card): a map it completes is complete at once, and the Draw & Choose in progress ends when
    the effect in progress has finished (see ``ask_forest_pick``).  Completion that needs wilds
    is asked there, once the effect is over (T-12)."""
    if s.phase == "forest" and not s.map_complete and s.active_map >= 0 and map_status(s)[0] == COMPLETE:
        s.checked_tableau = tuple(s.tableau)
        _complete(s)


def place_and_check(s: TanglewoodsState, code: int) -> None:
    """TG-038: place the chosen card, discard the rest as drawn, then check the map."""
    if code >= 0:
        s.drawn.remove(code)
    rest = list(s.drawn)
    s.drawn.clear()
    s.forest_discard.extend(rest)
    if rest:
        s.emit("discard", cards=[s.content.forest[c >> 1].id for c in rest])
    if code >= 0 and s.content.forest_face(code).special:
        s.push("check_map")           # after the card's special effects (TG-041)
        join_tableau(s, code, forced=False, placed=True)
        return
    if code >= 0:
        join_tableau(s, code, forced=False, placed=True)
    check_map(s)


@steps.auto("check_map")
def check_map(s: TanglewoodsState) -> None:
    """TG-039, TG-040, rulings T-12, T-23."""
    if s.map_complete:            # completed while the cycle's last card was waiting (T-23)
        return
    s.checked_tableau = tuple(s.tableau)
    status, missing = map_status(s)
    if status == COMPLETE:
        _complete(s)
    elif status == NEEDS_WILDS:
        s.push("complete_with_wilds")
    else:
        s.push("draw_and_choose")


def _complete(s: TanglewoodsState) -> None:
    s.map_complete = True
    s.visit_map = s.active_map    # the side face up now is the one whose effect its visit keeps (T-24)
    s.emit("map_complete", map=s.content.maps[s.active_map >> 1].id)


@steps.ask("complete_with_wilds", kind="assign_wilds", rule="Wild Direction Icons, TG-045..TG-047, rulings T-12, T-23")
def ask_wilds(s: TanglewoodsState, mid: bool = False) -> Ask | None:
    """``mid``: an ambush, not a placement, made the wilds able to complete the map (T-23); the
    Draw & Choose in progress goes on if the player keeps building."""
    status, missing = map_status(s)
    if status != NEEDS_WILDS:
        if not mid:
            s.push("check_map")
        return None
    opts = [Option.of("complete", label="Assign the wild icons to the missing directions: the map is complete")]
    if forest_can_draw(s) or (mid and s.drawn):
        opts.append(Option.of("keep_building", label="Assign the wilds elsewhere and keep building the tableau"))
    return "Your wild icons can complete the map", opts, {"missing": dict(missing)}


@steps.answer("complete_with_wilds")
def answer_wilds(s: TanglewoodsState, choice: str, mid: bool = False) -> None:
    status, missing = map_status(s)
    if choice == "complete":
        assign_wilds(s, missing)
        _complete(s)
    else:
        for i in range(len(s.wilds)):
            s.wilds[i] = None
        s.emit("wilds_held", wilds=sum(1 for c in s.tableau if s.content.forest_face(c).direction == WILD))
        if not mid:
            s.push("draw_and_choose")
