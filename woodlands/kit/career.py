"""A person's own record and ladder, the same numbers in every client.

One *result row* per finished game (a plain JSON object: :func:`result_row`) says which game and
pack, the options, the seat, how it ended, when, and the game's own facts of it; the terminal
appends one per game it sees end to ``results.jsonl`` in the data folder (:func:`append_result`),
the web app makes them from the finished games a browser holds a seat in.  :func:`summarize`
turns any list of rows into the record: games played and won per game and per the game's
*variant* (its hero and difficulty, or whatever the game says tells its set-ups apart), the
current and best run of wins, the best results, the game's totals (seeds laid, monsters killed)
and furthest points (the campaign's chapter), and the ladder.

Nothing here names a game: each game describes itself with a :class:`CareerHooks` in its
descriptor (``GameDescriptor.career``): its facts of one finished game, how to count them, and
its ladder.  The ladder is a list of :class:`LadderTrack` (one per hero, say), each a list of
:class:`LadderStep` from easiest to hardest.  The first step of each track is open; a win at the
highest open step, with the game's own pack, opens the next one.  A win elsewhere (free play)
counts in the record but moves no ladder.

>>> rows = [{"game": "g", "won": w, "rounds": r, "variant": {"level": 0}, "date": f"2026-01-0{i + 1}"}
...         for i, (w, r) in enumerate([(True, 9), (False, 4), (True, 7), (True, 8)])]
>>> s = summarize(rows, names={"g": "G"})["games"][0]
>>> s["played"], s["won"], s["streak"], s["best_streak"], s["best_rounds"]
(4, 3, 2, 2, 7)
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from ..engine.registry import descriptor, resolve
from ..engine.views import result_of
from .datadir import data_dir

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState

FORMAT = "woodlands-result"
VERSION = 1
#: the results file's name in the data folder (one JSON line per finished game, never rewritten)
RESULTS_FILE = "results.jsonl"
#: options that hold a document, not a choice of set-up (a save to resume from): left out of a row
_NOT_KEPT = ("resume",)


@dataclass(frozen=True)
class LadderStep:
    """One step of a ladder: ``variant`` is what a game's variant must hold to count here (every
    key equal), ``options`` the options that start a game at this step, ``words`` the step in a
    player's words ("difficulty 3")."""

    variant: Mapping[str, Any]
    options: Mapping[str, Any]
    words: str


@dataclass(frozen=True)
class LadderTrack:
    """One ladder of a game (a hero's, say): its key, its words, its steps from easiest up."""

    key: str
    words: str
    steps: tuple[LadderStep, ...]


@dataclass(frozen=True)
class CareerHooks:
    """What a game tells the record of one finished game, and its ladder.

    ``facts(state, seat) -> dict`` reads the finished game as ``seat`` may know it and returns
    any of: ``variant`` (a small mapping that tells the game's set-ups apart, e.g. hero and
    difficulty), ``variant_words`` (the same in a player's words), ``rounds`` (how long the game
    took, in the game's unit), ``won`` (whether this seat won, when that is not simply the
    outcome's ``result``), ``facts`` (numbers of the game: the keys of ``totals`` and
    ``furthest`` among them).  ``totals``: fact -> words, summed over games; ``furthest``:
    fact -> words, the most any game reached.  ``best``: ``"rounds"`` (the best result is the
    win in the fewest rounds) or ``"score"`` (the highest score, for a game graded by its
    reward).  ``ladder(game)``: the game's tracks (None: no ladder; ``no_ladder`` says what
    stands in for it)."""

    facts: Callable[..., dict[str, Any]]
    totals: Mapping[str, str] = field(default_factory=dict)
    furthest: Mapping[str, str] = field(default_factory=dict)
    best: str = "rounds"
    rounds_words: str = "rounds"
    ladder: Callable[..., Sequence[LadderTrack]] | None = None
    no_ladder: str = ""


def hooks_for(game_id: str) -> CareerHooks | None:
    """The game's :class:`CareerHooks` (None: the game gives none, or is not known here)."""
    try:
        found = resolve(descriptor(game_id).career)
    except Exception:       # a game no longer installed: its rows still count, plainly
        return None
    return found if isinstance(found, CareerHooks) else None


# ------------------------------------------------------------------ rows
def result_row(state: "GameState", seat: int, when: datetime | None = None) -> dict[str, Any]:
    """The result row of the finished game ``state`` for ``seat``: no seed and nothing the seat
    could not see, only how it ended and the game's facts of it."""
    game = state.game
    outcome = state.outcome or {}
    hooks = hooks_for(game.id)
    told = hooks.facts(state, seat) if hooks is not None else {}
    result = result_of(outcome) or "unfinished"
    rounds = told.get("rounds", outcome.get("round"))
    options = {k: v for k, v in sorted(state.options.items()) if k not in _NOT_KEPT}
    return {
        "format": FORMAT, "version": VERSION,
        "game": game.id,
        "pack": str(getattr(game.content, "id", "")),
        "options": options,
        "seat": int(seat),
        "seats": _seats(state),
        "result": result,
        "won": bool(told.get("won", result == "win")),
        "score": round(float(game.reward(state, seat)), 4),
        "rounds": int(rounds) if isinstance(rounds, int) and not isinstance(rounds, bool) else None,
        "date": (when or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds"),
        "variant": dict(told.get("variant", {})),
        "variant_words": str(told.get("variant_words", "")),
        "facts": dict(told.get("facts", {})),
    }


def _seats(state: "GameState") -> int:
    players = state.options.get("players")
    return players if isinstance(players, int) and not isinstance(players, bool) and players > 0 else 1


def results_path() -> Path:
    """The results file of the data folder (``$WOODLANDS_DATA_DIR/results.jsonl``)."""
    return data_dir() / RESULTS_FILE


def append_result(row: Mapping[str, Any], path: Path | None = None) -> Path:
    """Add one row to the results file (made with its folder if missing).  One ``write`` of one
    line in append mode: rows are only ever added, and a line is never half another's."""
    path = path or results_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, line.encode("utf-8"))
    finally:
        os.close(fd)
    return path


def read_results(path: Path | None = None) -> list[dict[str, Any]]:
    """Every row of the results file, oldest first ([] if there is none).  A line that is not a
    row (cut short by a crash, edited by hand) is passed over: the others still count."""
    path = path or results_path()
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    rows = []
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and isinstance(row.get("game"), str):
            rows.append(row)
    return rows


# ------------------------------------------------------------------ the record
def _key(variant: Mapping[str, Any]) -> str:
    return json.dumps(variant, sort_keys=True, default=str)


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _streaks(won: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of wins, the current one ending with the last game.

    >>> _streaks([True, True, False, True]), _streaks([]), _streaks([False])
    ((1, 2), (0, 0), (0, 0))
    """
    current = best = 0
    for w in won:
        current = current + 1 if w else 0
        best = max(best, current)
    return current, best


def summarize(rows: Iterable[Mapping[str, Any]], names: Mapping[str, str] | None = None,
              ladders: bool = False) -> dict[str, Any]:
    """The record of ``rows`` (any order: they are sorted by date, the file's order kept among
    equal dates).  ``names``: game id -> name (default: each game's own, where it is known);
    ``ladders``: also each game's ladder (it loads the game to list its tracks).

    Per game: ``played``, ``won``, ``streak`` (wins in a row up to the last game),
    ``best_streak``, ``best_rounds`` (the fewest rounds of a win), ``best_score``, the
    ``variants`` (each with the same counts), ``totals`` and ``furthest`` (the game's facts, each
    ``{"key", "words", "value"}``).  With ``ladders``, ``ladders`` lists every known game's
    ladder (:func:`all_ladders`)."""
    ordered = [r for _, r in sorted(enumerate(rows), key=lambda p: (str(p[1].get("date", "")), p[0]))]
    by_game: dict[str, list[Mapping[str, Any]]] = {}
    for r in ordered:
        by_game.setdefault(str(r.get("game")), []).append(r)
    games = []
    for gid in _game_order(by_game):
        game_rows = by_game.get(gid, [])
        hooks = hooks_for(gid)
        entry = _counts(game_rows, hooks)
        variants: dict[str, list[Mapping[str, Any]]] = {}
        for r in game_rows:
            variants.setdefault(_key(r.get("variant") or {}), []).append(r)
        entry["variants"] = [
            {"variant": dict(vr[-1].get("variant") or {}), "words": str(vr[-1].get("variant_words") or "") or "as it comes",
             **_counts(vr, hooks)}
            for _, vr in sorted(variants.items())]
        entry["totals"] = [{"key": k, "words": w, "value": sum(_number((r.get("facts") or {}).get(k)) or 0 for r in game_rows)}
                           for k, w in (hooks.totals.items() if hooks else ())]
        entry["furthest"] = [{"key": k, "words": w,
                              "value": max((_number((r.get("facts") or {}).get(k)) or 0 for r in game_rows), default=0)}
                             for k, w in (hooks.furthest.items() if hooks else ())]
        for fact in (*entry["totals"], *entry["furthest"]):
            if float(fact["value"]).is_integer():
                fact["value"] = int(fact["value"])
        entry["rounds_words"] = hooks.rounds_words if hooks else "rounds"
        entry["best_by"] = hooks.best if hooks else "rounds"
        entry["game"] = gid
        entry["name"] = (names or {}).get(gid) or _name(gid)
        games.append(entry)
    played = sum(g["played"] for g in games)
    out: dict[str, Any] = {"format": "woodlands-stats", "version": VERSION, "played": played,
                           "won": sum(g["won"] for g in games), "games": games}
    if ladders:
        out["ladders"] = all_ladders(ordered, names)
    return out


def all_ladders(rows: Iterable[Mapping[str, Any]], names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Every known game's ladder after ``rows`` (oldest first), played or not: ``game``,
    ``name``, ``tracks`` (:func:`ladder_of`) and ``no_ladder`` (what stands in, for a game
    without one)."""
    from ..engine.registry import descriptors
    rows = list(rows)
    out = []
    for d in descriptors():
        hooks = hooks_for(d.id)
        if hooks is None:
            continue
        out.append({"game": d.id, "name": (names or {}).get(d.id) or d.name,
                    "tracks": ladder_of(d.id, rows) if hooks.ladder is not None else [],
                    "no_ladder": hooks.no_ladder if hooks.ladder is None else ""})
    return out


def _game_order(by_game: Mapping[str, Any]) -> list[str]:
    """The games with rows in the menu's order, then any other by id."""
    try:
        from ..engine.registry import descriptors
        known = [d.id for d in descriptors()]
    except Exception:
        known = []
    return [g for g in known if g in by_game] + sorted(g for g in by_game if g not in known)


def _name(game_id: str) -> str:
    try:
        return str(descriptor(game_id).name)
    except Exception:
        return game_id


def _counts(rows: Sequence[Mapping[str, Any]], hooks: CareerHooks | None) -> dict[str, Any]:
    won = [bool(r.get("won")) for r in rows]
    current, best = _streaks(won)
    win_rounds = [int(r["rounds"]) for r in rows if r.get("won") and _number(r.get("rounds")) is not None]
    scores = [float(r["score"]) for r in rows if _number(r.get("score")) is not None]
    return {"played": len(rows), "won": sum(won), "streak": current, "best_streak": best,
            "best_rounds": min(win_rounds) if win_rounds else None,
            "best_score": max(scores) if scores else None}


# ------------------------------------------------------------------ in words (every client)
def percent(won: int, played: int) -> str:
    """'40%' (or '-' with no game).

    >>> percent(2, 5), percent(0, 0)
    ('40%', '-')
    """
    return f"{round(100 * won / played)}%" if played else "-"


def best_words(entry: Mapping[str, Any], by: str, unit: str) -> str:
    """The best result in words: 'won in 7 rounds', 'score 83 of 100', or '-'."""
    if by == "score":
        score = entry.get("best_score")
        return "-" if score is None or not entry.get("won") else f"score {round(100 * score)} of 100"
    best = entry.get("best_rounds")
    return "-" if best is None else f"won in {best} {unit}"


# ------------------------------------------------------------------ the ladder
def tracks_of(game_id: str, game: "Game | None" = None) -> tuple[list[LadderTrack], str]:
    """The game's ladder tracks and the pack id its steps count with ([] if it has no ladder)."""
    hooks = hooks_for(game_id)
    if hooks is None or hooks.ladder is None:
        return [], ""
    if game is None:
        from ..engine.game import load_game
        game = load_game(game_id)
    return list(hooks.ladder(game)), str(getattr(game.content, "id", ""))


def climb(steps: Sequence[LadderStep], rows: Iterable[Mapping[str, Any]], pack: str) -> int:
    """How many steps of a track ``rows`` (oldest first) have opened past the first: each win at
    the highest open step, with the game's own pack, opens the next.

    >>> steps = [LadderStep({"level": k}, {"level": k}, f"level {k}") for k in range(3)]
    >>> win = lambda k: {"won": True, "variant": {"level": k}, "pack": "p"}
    >>> climb(steps, [win(1), win(0), win(0), {"won": False, "variant": {"level": 1}, "pack": "p"}], "p")
    1
    >>> climb(steps, [win(0), win(1), win(2), win(2)], "p"), climb(steps, [win(0)], "other pack")
    (3, 0)
    """
    at = 0
    for r in rows:
        if at >= len(steps):
            break
        variant = r.get("variant") or {}
        if r.get("won") and r.get("pack") == pack and all(variant.get(k) == v for k, v in steps[at].variant.items()):
            at += 1
    return at


def ladder_of(game_id: str, rows: Iterable[Mapping[str, Any]], game: "Game | None" = None) -> list[dict[str, Any]]:
    """Each track of the game's ladder after ``rows`` (oldest first): ``key``, ``words``,
    ``open`` (the index of the highest open step), ``steps``, ``done`` (every step won),
    ``step`` (the words of the step to play next: the highest open one, the last once all are
    won) and ``options`` (the options that start it)."""
    tracks, pack = tracks_of(game_id, game)
    rows = [r for r in rows if r.get("game") == game_id]
    out = []
    for t in tracks:
        if not t.steps:
            continue
        climbed = climb(t.steps, rows, pack)
        step = t.steps[min(climbed, len(t.steps) - 1)]
        out.append({"key": t.key, "words": t.words, "open": min(climbed, len(t.steps) - 1), "steps": len(t.steps),
                    "done": climbed >= len(t.steps), "step": step.words, "options": dict(step.options)})
    return out


def next_step(game_id: str, rows: Iterable[Mapping[str, Any]], track: str | None = None,
              game: "Game | None" = None, given: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The ladder entry to play next: the track ``track`` (its key); else the first track that
    fits the options ``given`` (a hero named on the command line: an option every step of the
    track sets alike); else the track of the last game played on any; else the first track.
    None if the game has no ladder (or no such track)."""
    rows = [r for r in rows if r.get("game") == game_id]
    found = ladder_of(game_id, rows, game)
    if not found:
        return None
    if track is not None:
        return next((t for t in found if t["key"] == track), None)
    tracks, _ = tracks_of(game_id, game)
    for t in tracks:
        fixed = {k: v for k, v in t.steps[0].options.items() if all(s.options.get(k) == v for s in t.steps)}
        said = {k: v for k, v in (given or {}).items() if k in fixed}
        if said and all(fixed[k] == v for k, v in said.items()):
            return next(e for e in found if e["key"] == t.key)
    for r in reversed(rows):
        variant = r.get("variant") or {}
        for t in tracks:
            if any(all(variant.get(k) == v for k, v in s.variant.items()) for s in t.steps):
                return next(e for e in found if e["key"] == t.key)
    return found[0]


__all__ = ["CareerHooks", "FORMAT", "LadderStep", "LadderTrack", "RESULTS_FILE", "all_ladders", "append_result", "best_words", "climb",
           "hooks_for", "ladder_of", "next_step", "percent", "read_results", "result_row", "results_path", "summarize",
           "tracks_of"]
