"""The Cursed Forest in a person's record (:mod:`woodlands.kit.career`): each game counts under
its table (players, adventurers, the harder options), with the seeds laid and the monsters
killed by the seat's own adventurers.

Its ladder is the solo game: four adventurers share the work and the lives, so it starts
there and goes down to one, then one with the harder house rule that an escape ends the turn
(C-13).  Games with several players count in the record but are no step of it."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...kit.career import CareerHooks, LadderStep, LadderTrack
from . import CursedForestGame
from .balance import event_counts


def variant_of(options: dict[str, Any]) -> dict[str, Any]:
    """What tells a set-up apart: the table and the options that make it harder or easier."""
    players = int(options.get("players", 1) or 1)
    return {"players": players, "adventurers": int(options.get("adventurers") or 1) if players == 1 else players,
            "escape_ends_turn": bool(options.get("escape_ends_turn")),
            "free_actions_at_zero_ap": bool(options.get("free_actions_at_zero_ap")), "pvp": bool(options.get("pvp"))}


def words_of(variant: dict[str, Any]) -> str:
    """'alone, 2 adventurers, an escape ends the turn' from a variant."""
    n = variant["adventurers"]
    parts = [f"alone, {n} adventurer{'s' if n != 1 else ''}" if variant["players"] == 1 else f"{variant['players']} players"]
    if variant["escape_ends_turn"]:
        parts.append("an escape ends the turn")
    if variant["free_actions_at_zero_ap"]:
        parts.append("free actions at 0 AP")
    if variant["pvp"]:
        parts.append("fights between players")
    return ", ".join(parts)


class _SeatsLog:
    """What :func:`.balance.event_counts` reads of a state (its events, its printed content),
    with the log as one seat was told it: the counts of a person's record come from what that
    seat could see."""

    def __init__(self, state: GameState, seat: int) -> None:
        self.content = getattr(state, "content")
        self.told = state.log_for(seat)

    def events(self) -> list[dict[str, Any]]:
        return self.told


def facts(state: GameState, seat: int) -> dict[str, Any]:
    """The seat's own adventurers' seeds laid and kills, from its view and its log."""
    view = state.view(seat)
    mine = [a for a in view.get("players", []) if a.get("player") == seat]
    characters = {str(a.get("character")) for a in mine if a.get("character")}
    told: Any = _SeatsLog(state, seat)
    counts = event_counts(told)
    seeds = sum(n for (kind, ident, event), n in counts.items()
                if kind == "character" and event == "seeds_laid" and ident in characters)
    variant = variant_of(dict(state.options))
    return {"variant": variant, "variant_words": words_of(variant), "rounds": view.get("round"),
            "facts": {"seeds_laid": seeds, "kills": sum(int(a.get("kills", 0)) for a in mine),
                      "tally": sum(int(a.get("tally", 0)) for a in mine)}}


#: the ladder's steps, easiest first: (adventurers, an escape ends the turn)
STEPS = ((4, False), (3, False), (2, False), (1, False), (1, True))


def ladder(game: CursedForestGame) -> list[LadderTrack]:
    steps = []
    for n, escape in STEPS:
        options: dict[str, Any] = {"players": 1, "adventurers": n}
        if escape:
            options["escape_ends_turn"] = True
        variant = variant_of(options)
        steps.append(LadderStep(variant, options, words_of(variant)))
    return [LadderTrack("solo", "Solo", tuple(steps))]


CAREER = CareerHooks(facts=facts, totals={"seeds_laid": "seeds laid", "kills": "monsters killed"},
                     furthest={"tally": "most monster health slain in one game"}, best="rounds",
                     rounds_words="rounds", ladder=ladder)
