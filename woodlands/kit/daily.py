"""The daily challenge, as both clients play it: one game a day per game, the same for everyone
who plays on one server (or one data folder, in the terminal).

The day's seed is a keyed hash (HMAC-SHA256) of the date (UTC) and the game's id under a secret
that the server (or the terminal's data folder) makes once and keeps to itself.  Without that
secret, knowing the date tells nothing of the seed, so nobody can work out the day's shuffles
and dice beforehand; with the same secret, the same day gives everyone the same game.  The
day's set-up (a hero and a difficulty, how many adventurers...) is drawn the same way from the
set-ups the game offers (its descriptor's ``daily_setups``); unlike the seed it may be shown.

>>> daily_seed("a" * 64, "2026-12-06", "some-game") == daily_seed("a" * 64, "2026-12-06", "some-game")
True
>>> daily_seed("a" * 64, "2026-12-06", "some-game") != daily_seed("b" * 64, "2026-12-06", "some-game")
True
>>> check_day("2026-12-06"), summary({"result": "win", "round": 7, "bears_defeated": 3})
('2026-12-06', ('win', 'round 7, bears defeated 3'))
>>> summary({"result": "loss", "round": 2, "reason": "health below 1"})
('loss', 'health below 1, round 2')
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import date, datetime, timezone
from typing import Any, Mapping

#: the bytes of a secret, written as hex
SECRET_BYTES = 32
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_HEX = re.compile(r"^[0-9a-f]{32,256}$")


def new_secret() -> str:
    """A fresh secret for the daily seeds (hex)."""
    return secrets.token_hex(SECRET_BYTES)


def check_secret(secret: str) -> str:
    """``secret`` when it looks like one :func:`new_secret` makes; ValueError otherwise."""
    if not isinstance(secret, str) or not _HEX.match(secret):
        raise ValueError("the daily challenge's secret is hex, at least 32 digits")
    return secret


def today(now: datetime | None = None) -> str:
    """The day (UTC) as ``YYYY-MM-DD``: the daily challenge changes at midnight UTC everywhere."""
    return (now or datetime.now(timezone.utc)).astimezone(timezone.utc).date().isoformat()


def check_day(day: str) -> str:
    """``day`` when it is a real date written ``YYYY-MM-DD``; ValueError otherwise."""
    if not isinstance(day, str) or not _DAY.match(day):
        raise ValueError(f"a day is written YYYY-MM-DD, not {day!r}"[:80])
    date.fromisoformat(day)
    return day


def _mac(secret: str, purpose: str, day: str, game: str) -> bytes:
    message = f"woodlands-daily:{purpose}:{check_day(day)}:{game}".encode()
    return hmac.new(check_secret(secret).encode(), message, hashlib.sha256).digest()


def daily_seed(secret: str, day: str, game: str) -> int:
    """The seed of ``game``'s challenge on ``day`` (64 bits), from the secret: never from the date alone."""
    return int.from_bytes(_mac(secret, "seed", day, game)[:8], "big")


def setups(game: str) -> list[tuple[dict[str, Any], str]]:
    """The set-ups ``game``'s daily challenge is drawn from, each with its words (the game's
    ``daily_setups``; without one, the game as it comes)."""
    from ..engine.game import load_game
    from ..engine.registry import descriptor, resolve
    hook = resolve(descriptor(game).daily_setups)
    found: list[tuple[dict[str, Any], str]] = []
    if hook is not None:
        found = [(dict(options), str(words)) for options, words in hook(load_game(game))]
    return found or [({}, "the game as it comes")]


def daily_setup(secret: str, day: str, game: str) -> tuple[dict[str, Any], str]:
    """The set-up of ``game``'s challenge on ``day``: its options and their words."""
    found = setups(game)
    pick = int.from_bytes(_mac(secret, "setup", day, game)[:8], "big") % len(found)
    return found[pick]


def summary(outcome: Mapping[str, Any] | None) -> tuple[str, str]:
    """A finished game's result and its plain facts in words (the numbers and short texts of
    its outcome; lists and tables are left to the game's own end screen)."""
    if not outcome:
        return "?", ""
    facts: list[str] = []
    for key, value in outcome.items():
        if key == "result" or isinstance(value, bool) or value is None:
            continue
        if key == "reason" and isinstance(value, str) and value:
            facts.insert(0, value[:80])             # a reason is words already: first, unlabelled
        elif isinstance(value, (int, float)) or (isinstance(value, str) and 0 < len(value) <= 80):
            facts.append(f"{str(key).replace('_', ' ')} {value}")
    return str(outcome.get("result", "?")), ", ".join(facts)


__all__ = ["SECRET_BYTES", "check_day", "check_secret", "daily_seed", "daily_setup", "new_secret", "setups",
           "summary", "today"]
