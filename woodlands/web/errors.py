"""The refusals of the games service, and the one table that says how the routes answer them.

The service (seats, hints, bots, the live-game cache, the limits) raises these domain errors
and names no HTTP status: a refusal says what went wrong (no such game, not your seat, the game
moved on...) and carries the reason in plain words (``detail``), an optional ``kind`` that a
caller tells apart from others of its class without matching words (:data:`NO_SEAT`), and extra
fields for the answer's body (``at``, ``rule``, ``retry_after``...).  Each refusal is raised
before anything is written.

The routes map them to statuses through :data:`STATUS` alone: the JSON API answers
``{"detail": ..., **extra}`` with that status (and ``Retry-After`` from ``retry_after``), a page
shows the reason in words with the same status.
"""
from __future__ import annotations

from typing import Any

#: :attr:`Refused.kind` of a refusal because the token (or browser) holds no seat in the game
NO_SEAT = "no-seat"


class Refused(Exception):
    """A refused request: the reason in plain words, a ``kind`` (not sent) and extra body fields."""

    def __init__(self, detail: str, kind: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.kind = kind
        self.extra = extra

    @property
    def status(self) -> int:
        """The HTTP status the routes answer this refusal with (from :data:`STATUS`)."""
        return status_of(self)


class Unauthorized(Refused):
    """No credentials were sent (no token, no cookie) where a seat's or the admin's are needed."""


class Forbidden(Refused):
    """The credentials sent do not allow this (not your seat, not the admin, not an invitation)."""


class NotFound(Refused):
    """No such game, or no such seat at it."""


class Conflict(Refused):
    """The game is not where the request expects it: it moved on (``at``), is over, a seat is
    played by a bot or held by another, or the table was busy. Nothing was changed."""


class Invalid(Refused):
    """The request itself cannot be taken: an illegal choice (``rule``), bad options, a bad record."""


class TooMany(Refused):
    """Over a limit: ``retry_after`` seconds until it may be asked again."""

    def __init__(self, detail: str, retry_after: int, **extra: Any) -> None:
        super().__init__(detail, retry_after=retry_after, **extra)


class Unavailable(Refused):
    """A helper the request needs failed (the hint searcher); nothing changed, ask again."""


#: The one table from a refusal to the status the routes answer it with.
STATUS: dict[type[Refused], int] = {
    Unauthorized: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    Invalid: 422,
    TooMany: 429,
    Unavailable: 503,
}


def status_of(err: Refused) -> int:
    """The status of ``err`` in :data:`STATUS` (a subclass answers as its nearest listed class)."""
    for kind in type(err).__mro__:
        status = STATUS.get(kind)
        if status is not None:
            return status
    return 500


__all__ = ["NO_SEAT", "Refused", "Unauthorized", "Forbidden", "NotFound", "Conflict", "Invalid", "TooMany",
           "Unavailable", "STATUS", "status_of"]
