"""The analysis of a finished game: how good each of a seat's decisions was, by the estimate
behind the hints (:mod:`woodlands.bots.estimate`), and where the game was lost.

The record is replayed from the start.  At each decision of an analysed seat that had more than
one option, every option is valued by greedy playouts from paired determinizations of that
position *for that seat*: the analysis of a seat reads only what the seat could see then (its
view, and positions it could not tell from the real one), never the rest of the record.  Each
decision gets the win chance (Storyfold: the expected score) before it, after the choice made and
after the estimate's best option, and the ``loss`` between those two.  A choice that cannot be
told from the best within the samples' noise is ``about_equal``; only the others count as
mistakes, in the biggest losses and in the total.

The values mean one thing (:data:`~woodlands.bots.estimate.ASSUMES`): how often the game is
won (the score reached) *if you play on as the greedy bot would*.  So a "loss" of 20 points says
that, with the rest played by the greedy bot, the choice made wins about 20 games in 100 fewer
than the best one found.

>>> import woodlands
>>> from woodlands.bots import get_bot
>>> state = woodlands.load_game("tanglewoods").new_game(seed=2, options={"hero": "thorn-warden", "side": "a",
...                                                                      "round_limit": 2})
>>> bot = get_bot("greedy", 2, game="tanglewoods")
>>> while not state.is_over:
...     state.apply(bot.choose(state))
>>> found = analyse(state, samples=2)
>>> found["measure"], found["samples"], found["summary"]["decisions"] == len(found["decisions"])
('win chance', 2, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..engine.game import replay
from ..engine.presentation import Moment, presentation_for
from ..engine.state import GameState
from .estimate import ASSUMES, option_values

if TYPE_CHECKING:
    from ..engine.presentation import Presentation

#: samples per decision by default: a Tanglewoods game of about 190 decisions takes about a
#: minute on one core (docs/bots.md, "Analysing a game")
DEFAULT_SAMPLES = 6

#: how many of the biggest losses the summary names
BIGGEST = 3

#: values are given to this many decimals (a hundredth of a point: finer than any estimate here)
DIGITS = 4


@dataclass(frozen=True)
class Point:
    """One decision to analyse: the state before it (a clone), whose it was, what was chosen."""

    at: int
    seat: int
    state: GameState
    chosen: str


def points_of(record: dict[str, Any], seats: Iterable[int] | None = None,
              content: str | None = None) -> tuple[GameState, list[Point], set[int]]:
    """Replay ``record`` (:func:`woodlands.engine.game.replay`, which refuses a malformed or
    tampered one with :class:`~woodlands.engine.errors.RecordError`) and keep the decisions of
    ``seats`` (None: every seat) that had more than one option.  Returns the final state, those
    decisions and every seat that decided anything."""
    wanted = None if seats is None else set(seats)
    found: list[Point] = []
    deciders: set[int] = set()

    def keep(state: GameState, choice: str) -> None:
        d = state.decision
        if d is None:
            return
        deciders.add(d.player)
        if len(d.options) > 1 and (wanted is None or d.player in wanted):
            found.append(Point(state.choice_count, d.player, state.clone(), choice))

    final = replay(record, content, before_choice=keep)
    return final, found, deciders


def analyse(record_or_state: dict[str, Any] | GameState, seats: Sequence[int] | None = None, *,
            samples: int = DEFAULT_SAMPLES, seed: int = 0,
            progress: Callable[[int, int], None] | None = None, content: str | None = None) -> dict[str, Any]:
    """The analysis of a finished game as JSON-able data (see the module and docs/bots.md).

    ``record_or_state``: a record (as the terminal saves it, or the web app's record of a game)
    or a finished :class:`GameState`.  ``seats``: whose decisions (None: every seat's).
    ``samples``: determinizations per decision (more: less noise, slower).  ``progress(done,
    total)`` is called after each decision analysed (an exception it raises stops the analysis:
    a server's way to cancel one).  ``content``: the pack folder the record
    was played with, when it is not a pack Woodlands knows.

    ValueError for a game that is not over, for a seat the game does not have, or for fewer
    than 2 samples (one cannot tell options apart); RecordError for a record that does not
    replay."""
    if samples < 2:
        raise ValueError("an analysis needs at least 2 samples per decision")
    record = record_or_state.record() if isinstance(record_or_state, GameState) else record_or_state
    final, todo, deciders = points_of(record, seats, content)
    if not final.is_over:
        raise ValueError(f"this {final.game.name} game is not over ({final.choice_count} choices made): "
                         "a game is analysed once it has ended")
    for seat in seats or ():
        if seat not in deciders:
            raise ValueError(f"seat {seat} made no choice in this game (seats {sorted(deciders)} did)")
    present = presentation_for(final.game)
    measure = final.game.reward_measure
    decisions: list[dict[str, Any]] = []
    total = len(todo)
    for done, point in enumerate(todo, 1):
        decisions.append(judge(point, present, samples, seed))
        if progress is not None:
            progress(done, total)
    analysed = sorted(set(seats)) if seats is not None else sorted({d["seat"] for d in decisions}) or [0]
    names = {seat: present.seat_name(final.view(seat), seat) for seat in analysed}
    return {
        "game": final.game.id,
        "pack": {"id": final.game.content.id, "version": final.game.content.version},
        "measure": measure,
        "assumes": ASSUMES,
        "samples": samples,
        "seats": analysed,
        "decisions": decisions,
        "summary": summarise(decisions, analysed, measure, names),
    }


def judge(point: Point, present: "Presentation", samples: int, seed: int) -> dict[str, Any]:
    """One decision's entry: the estimate of every option for its seat (from the seat's own
    determinizations), the choice made against the best found."""
    state, seat = point.state, point.seat
    decision = state.decision
    assert decision is not None
    # a seed per decision, so that one decision's analysis does not depend on the others'
    found = option_values(state, seat, samples=samples, seed=seed * 1_000_003 + point.at)
    chosen_value, best_value = found.value_of(point.chosen), found.best.value
    # a choice level with the best is named the best: the samples cannot put another above it
    best = point.chosen if chosen_value >= best_value else found.best.option_id
    options = {o.id: o for o in decision.options}
    moment = present.moment(state.view(seat))
    return {
        "at": point.at,
        "seat": seat,
        "kind": decision.kind,
        "chosen": point.chosen,
        "best": best,
        "chosen_words": present.option_words(decision, options[point.chosen]),
        "best_words": present.option_words(decision, options[best]),
        "options": len(decision.options),
        "win_before": round(found.position, DIGITS),
        "win_after_chosen": round(chosen_value, DIGITS),
        "win_after_best": round(best_value, DIGITS),
        "loss": round(max(0.0, best_value - chosen_value), DIGITS),
        "about_equal": not found.apart(point.chosen),
        "where": moment.where if moment is not None else "",
        "moment": _moment_data(moment),
    }


def _moment_data(moment: Moment | None) -> dict[str, Any] | None:
    if moment is None:
        return None
    return {"unit": moment.unit, "number": moment.number, "phase": moment.phase, "within": moment.within}


def mistakes_of(decisions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The clearly worse choices (not ``about_equal``, with a loss), biggest loss first (then
    the earliest)."""
    worse = [d for d in decisions if not d["about_equal"] and d["loss"] > 0]
    return sorted(worse, key=lambda d: (-d["loss"], d["at"]))


def summarise(decisions: Sequence[dict[str, Any]], seats: Sequence[int], measure: str,
              names: dict[int, str]) -> dict[str, Any]:
    """The summary: the biggest losses (their ``at``), the total of the clear losses, counts,
    one entry per seat, and the text."""
    per_seat = []
    texts = []
    for seat in seats:
        mine = [d for d in decisions if d["seat"] == seat]
        worse = mistakes_of(mine)
        entry = {"seat": seat, "decisions": len(mine), "mistakes": len(worse),
                 "about_equal": sum(1 for d in mine if d["about_equal"]),
                 "total_loss": round(sum(d["loss"] for d in worse), DIGITS),
                 "biggest": [d["at"] for d in worse[:BIGGEST]]}
        per_seat.append(entry)
        texts.append(seat_text(mine, worse, measure, None if len(seats) == 1 else names.get(seat, f"Seat {seat + 1}")))
    worse_all = mistakes_of(decisions)
    return {
        "text": "\n".join(texts),
        "biggest": [d["at"] for d in worse_all[:BIGGEST]],
        "total_loss": round(sum(d["loss"] for d in worse_all), DIGITS),
        "decisions": len(decisions),
        "mistakes": len(worse_all),
        "per_seat": per_seat,
    }


def points(value: float) -> int:
    """A value from 0 to 1 as whole points out of 100."""
    return round(value * 100)


def amount(measure: str, value: float) -> str:
    """A value as a person reads it: ``'62%'`` of win chance, ``'85 of 100'`` of a score."""
    return f"{points(value)}%" if measure == "win chance" else f"{points(value)} of 100"


def measure_points(measure: str, amounts: Sequence[int]) -> str:
    """``'35 points of win chance'``, ``'30, 12 and 5 score points'``.

    >>> measure_points("win chance", [35]), measure_points("score", [30, 12, 5]), measure_points("score", [1])
    ('35 points of win chance', '30, 12 and 5 score points', '1 score point')
    """
    noun = "point" if list(amounts) == [1] else "points"
    said = and_list([str(n) for n in amounts])
    return f"{said} {noun} of win chance" if measure == "win chance" else f"{said} {measure} {noun}"


def seat_text(mine: Sequence[dict[str, Any]], worse: Sequence[dict[str, Any]], measure: str,
              name: str | None) -> str:
    """The summary in words for one seat (``name`` None: told as "you")."""
    # the seat named once, then "their" (or "you" throughout)
    who, whose, theirs = ("You", "your", "your") if name is None else (name, f"{name}'s", "their")
    if not mine:
        return f"{who} had no decision with more than one option."
    same = sum(1 for d in mine if d["about_equal"])
    lines = []
    if worse:
        top = list(worse[:BIGGEST])
        place = places([d.get("moment") for d in top])
        where = f", in {place}" if place else ""
        mistakes = "biggest mistake" if len(top) == 1 else f"{len(top)} biggest mistakes"
        # the biggest losses one by one: a sum of losses is no chance (it may pass 100)
        cost = measure_points(measure, [points(d["loss"]) for d in top])
        lines.append(f"{whose[:1].upper()}{whose[1:]} {mistakes} cost about {cost}{where}.")
    else:
        lines.append(f"None of {whose} choices was clearly worse than the best option found.")
    clearly = f"; {len(worse)} {'was' if len(worse) == 1 else 'were'} clearly worse" if worse else ""
    lines.append(f"{same} of {theirs} {len(mine)} decisions were about as good as the best option found{clearly}.")
    first, last = mine[0]["win_before"], mine[-1]["win_before"]
    lines.append(f"The {measure} {ASSUMES} was about {amount(measure, first)} at {theirs} first decision and "
                 f"{amount(measure, last)} at {theirs} last.")
    return " ".join(lines)


def places(moments: Sequence[dict[str, Any] | None]) -> str:
    """Where some decisions came, grouped by phase: ``'the Strategy phases of rounds 3 and 5'``,
    ``'chapter 1, scenes 2 and 3'``; empty when the game names no moments.

    >>> places([{"unit": "round", "number": 5, "phase": "Strategy phase", "within": ""},
    ...         {"unit": "round", "number": 3, "phase": "Strategy phase", "within": ""},
    ...         {"unit": "round", "number": 4, "phase": "Map phase", "within": ""}])
    'the Strategy phases of rounds 3 and 5 and the Map phase of round 4'
    """
    groups: dict[tuple[str, str, str], list[int]] = {}
    for m in moments:
        if m is None:
            continue
        groups.setdefault((m["phase"], m["within"], m["unit"]), []).append(m["number"])
    said = []
    for (phase, within, unit), numbers in groups.items():
        nums = sorted(set(numbers))
        many = unit != "" and len(nums) > 1
        where = f"{unit}{'s' if many else ''} {and_list([str(n) for n in nums])}" if unit else ""
        where = ", ".join(p for p in (within, where) if p)
        if phase:
            phase = phase if phase.lower().startswith("the ") else f"the {phase}"
            phase = phase + ("s" if many else "")
            said.append(f"{phase} of {where}" if where else phase)
        elif where:
            said.append(where)
    return and_list(said)


def and_list(items: Sequence[str]) -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["BIGGEST", "DEFAULT_SAMPLES", "Point", "analyse", "judge", "mistakes_of", "places", "points_of",
           "summarise"]
