"""``woodlands daily [GAME]``: the day's challenge of a game, played in the terminal.

The seed is :func:`woodlands.kit.daily.daily_seed` of the day (UTC) and the game under a secret
kept in the data folder (``daily/secret``, made on first use), so the date alone does not tell
it.  One attempt a day per game: it is kept in ``daily/DAY-GAME.json`` after every choice (the
set-up and the choices; not the seed), so quitting and running the command again that day
resumes it, and once it has ended the command shows its result instead of a new game.  While
the attempt goes on the seed is nowhere on the screen and no record or scene save is written;
at its end the seed is shown and the whole record written beside the attempt
(``daily/DAY-GAME.record.json``).  ``woodlands daily`` without a game lists the day's attempts.

Whoever can read the data folder can read the secret: in the terminal the challenge is kept
honest by the player, as a solo board game is.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from rich.console import Console

from ..engine.errors import UserError, WoodlandsError
from ..engine.files import write_atomic
from ..engine.presentation import plural
from ..engine.state import GameState
from ..kit import daily as kit_daily
from ..kit.datadir import data_dir
from ..kit.bots import Budget
from .autosave import Autosave
from .hinting import BUDGET_HELP, HINT_BUDGET
from .play import PlaySession, save_record
from .terminal import short

ATTEMPT_FORMAT = "woodlands-daily"
ATTEMPT_VERSION = 1


def daily_dir() -> Path:
    return data_dir() / "daily"


def secret() -> str:
    """The data folder's secret for the day's seeds, made the first time (readable by its owner only)."""
    path = daily_dir() / "secret"
    try:
        return kit_daily.check_secret(path.read_text(encoding="ascii").strip())
    except FileNotFoundError:
        pass
    except (OSError, ValueError, UnicodeError) as e:
        raise UserError(f"{path} is not a daily challenge secret ({e}); remove it to make a new one "
                        "(today's challenges then change)") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    value = kit_daily.new_secret()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:                 # made meanwhile by another run: that one it is
        return secret()
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(value + "\n")
    return value


def attempt_path(day: str, game: str) -> Path:
    return daily_dir() / f"{day}-{game}.json"


def record_path(day: str, game: str) -> Path:
    return daily_dir() / f"{day}-{game}.record.json"


def read_attempt(path: Path) -> dict[str, Any] | None:
    """The attempt kept at ``path``, or None when there is none; UserError when it is damaged."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise UserError(f"{path} cannot be read ({e}); today's attempt of this game is lost") from None
    if not (isinstance(data, dict) and data.get("format") == ATTEMPT_FORMAT
            and isinstance(data.get("choices"), list) and all(isinstance(c, str) for c in data["choices"])):
        raise UserError(f"{path} is not a daily attempt; today's attempt of this game is lost")
    return data


class DailyKeeper(Autosave):
    """The attempt's file, written after every choice in place of the autosave (which would
    name the seed in its file and keep the record); ``record`` is where the session says the
    game is kept: the attempt, then at its end the whole record."""

    def __init__(self, day: str, game: str, words: str, started: str) -> None:
        super().__init__(attempt_path(day, game), None)
        self.day, self.game, self.words, self.started = day, game, words, started

    def write(self, state: GameState) -> str | None:
        doc: dict[str, Any] = {"format": ATTEMPT_FORMAT, "version": ATTEMPT_VERSION, "day": self.day,
                               "game": self.game, "setup": self.words, "options": dict(state.options),
                               "started": self.started, "choices": list(state.choices)}
        try:
            if state.is_over:
                result, details = kit_daily.summary(state.outcome)
                doc.update(ended=datetime.now(timezone.utc).isoformat(timespec="seconds"), result=result,
                           details=details, seed=state.seed, record=record_path(self.day, self.game).name)
                save_record(state, record_path(self.day, self.game))
            write_atomic(attempt_path(self.day, self.game), json.dumps(doc, indent=1) + "\n")
        except OSError as e:
            return f"{e.strerror or e}"
        if state.is_over:
            self.record = record_path(self.day, self.game)
        return None


class DailySession(PlaySession):
    """A terminal game that is the day's challenge: no seed on screen, no record or scene
    save and no other game loaded until it ends; at its end the seed and the record."""

    @property
    def going(self) -> bool:
        return isinstance(self.autosave, DailyKeeper) and not self.state.is_over

    def default_save_path(self) -> str:
        if isinstance(self.autosave, DailyKeeper):
            return str(record_path(self.autosave.day, self.autosave.game))
        return super().default_save_path()

    def save(self, arg: str) -> None:
        if self.going:
            self.say("The day's challenge keeps itself after every choice; its record (with the day's seed) "
                     "is yours once it has ended.", "yellow")
            return
        super().save(arg)

    def load(self, arg: str) -> None:
        if self.going:
            self.say("This is the day's challenge: play it on, or q to leave it ('woodlands daily "
                     f"{self.state.game.id}' resumes it today).", "yellow")
            return
        super().load(arg)

    told_end = False

    def tell_end(self) -> None:
        """The end of the attempt: now the seed may be told, and where the record is."""
        if isinstance(self.autosave, DailyKeeper) and self.state.is_over and not self.told_end:
            self.told_end = True
            self.say(f"Today's {self.state.game.name} challenge is over. Its seed was {self.state.seed}; its "
                     f"record is in {self.autosave.record}. 'woodlands daily' lists today's attempts.", "bold")

    def show_outcome(self) -> None:
        super().show_outcome()
        self.tell_end()

    def tell_autosave(self) -> None:
        if not isinstance(self.autosave, DailyKeeper):
            super().tell_autosave()
            return
        if self.autosave_failed:
            self.say(f"The attempt could not be kept ({self.autosave.record}).", "yellow")
        elif not self.state.is_over:
            self.say(f"Today's attempt is kept ({plural(len(self.state.choices), 'choice')}): "
                     f"'woodlands daily {self.state.game.id}' resumes it today.", "green")
        else:                   # (the full screen draws its own end screen: the seed is told on leaving)
            self.tell_end()


def _attempt_lines(day: str, game: str, words: str) -> list[str]:
    """Where the day's attempt of ``game`` stands, in words."""
    from ..engine.game import load_game
    name = load_game(game).name
    head = f"{name} ({game}): {words}"
    attempt = read_attempt(attempt_path(day, game))
    if attempt is None:
        return [head, f"  not played yet: woodlands daily {game}"]
    if "ended" in attempt:
        details = f" ({attempt.get('details')})" if attempt.get("details") else ""
        return [head, f"  {str(attempt.get('result', '?')).upper()}{details}, seed {attempt.get('seed')}, "
                      f"record {daily_dir() / str(attempt.get('record', ''))}"]
    return [head, f"  begun, {plural(len(attempt['choices']), 'choice')} made: woodlands daily {game} resumes it"]


def list_day(console: Console, day: str) -> int:
    from ..engine.registry import descriptor, descriptors
    key = secret()
    console.print(f"Today's challenges ({day}, UTC), one attempt each:", highlight=False, soft_wrap=True)
    for d in sorted(descriptors(), key=lambda d: (d.menu_order, d.id)):
        _, words = kit_daily.daily_setup(key, day, d.id)
        for line in _attempt_lines(day, descriptor(d.id).id, words):
            console.print(line, highlight=False, markup=False, soft_wrap=True)
    return 0


def run(args: argparse.Namespace, console: Console, play: Callable[[PlaySession, argparse.Namespace], int]) -> int:
    """``woodlands daily [GAME]``, printing to ``console``; ``play`` runs a session as
    ``woodlands play`` does (full screen or line by line)."""
    from ..engine.game import game_ids, load_game
    from ..engine.registry import descriptor
    from .play import RECAP
    day = kit_daily.today()
    if args.game is None:
        return list_day(console, day)
    if args.game not in game_ids():
        raise UserError(f"there is no game {short(args.game, 40)!r}; the games are: {', '.join(game_ids())}")
    descriptor(args.game)
    key = secret()
    options, words = kit_daily.daily_setup(key, day, args.game)
    game = load_game(args.game)
    attempt = read_attempt(attempt_path(day, args.game))
    if attempt is not None and "ended" in attempt:
        console.print(f"Today's {game.name} challenge ({day}) is done: one attempt a day.", highlight=False, soft_wrap=True)
        for line in _attempt_lines(day, args.game, words)[1:]:
            console.print(line.strip(), highlight=False, markup=False, soft_wrap=True)
        return 0
    state = game.new_game(seed=kit_daily.daily_seed(key, day, args.game), options=options)
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    if attempt is not None:
        started = str(attempt.get("started") or started)
        try:
            for choice in attempt["choices"]:
                state.apply(choice)
        except WoodlandsError as e:
            raise UserError(f"today's attempt ({attempt_path(day, args.game)}) no longer replays: {e}") from None
    keeper = DailyKeeper(day, args.game, words, started)
    console.print(f"Today's {game.name} challenge ({day}, UTC): {words}. "
                  + ("Resumed where you left it." if attempt is not None else "One attempt: it counts from now."),
                  highlight=False, markup=False, soft_wrap=True)
    seen = max(0, state.log_length - RECAP) if attempt is not None else 0
    session = DailySession(console, state, None, sys.stdin, seen, keeper)
    session.hint_budget = str(Budget.parse(getattr(args, "budget", None) or HINT_BUDGET))
    if attempt is None:
        session.save_automatically()         # counted from its start, before a first choice
    with contextlib.suppress(BrokenPipeError):
        return play(session, args)
    return 0


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """The ``daily`` command's parser (the command line's sub-parsers ``sub``)."""
    from ..engine.game import game_ids
    p: argparse.ArgumentParser = sub.add_parser(
        "daily", help="play the day's challenge of a game (one attempt a day), or list today's attempts",
        description="The day's challenge: one game a day per game, from a seed made of the date (UTC) and a "
                    "secret kept in the data folder ($WOODLANDS_DATA_DIR, else the platform's), so the date "
                    "alone does not tell it. One attempt a day: running it again that day resumes the attempt, "
                    "or shows how it ended. The seed and the record are shown once the attempt has ended. "
                    "Without GAME: today's set-ups and attempts.")
    p.add_argument("game", nargs="?", help=f"the game id ({', '.join(game_ids())}); without it, today's list")
    p.add_argument("--line", action="store_true", help="plain line mode even at a terminal")
    p.add_argument("--auto-forced", action=argparse.BooleanOptionalAction, default=None,
                   help="take a decision's only option for you when that reveals nothing "
                        "(default: on full-screen, off in line mode)")
    p.add_argument("--bell", action=argparse.BooleanOptionalAction, default=False,
                   help="ring the terminal bell when the turn passes")
    p.add_argument("--budget", metavar="N|Ts", default=HINT_BUDGET, help=BUDGET_HELP)
    p.add_argument("--teach", action=argparse.BooleanOptionalAction, default=None,
                   help="explain each new kind of decision the first time it comes up (default: on for your "
                        "first game of each game in the data folder)")
    return p


__all__ = ["DailyKeeper", "DailySession", "add_parser", "attempt_path", "daily_dir", "read_attempt", "record_path",
           "run", "secret"]
