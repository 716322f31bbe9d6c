"""Who is at a table now: a seat is here while one of its live streams is open, or when it made
a request within the last ``Settings.here_seconds``.  Kept in this process's memory only (a
restart forgets it: every seat then counts as away since the start).

The bot rules read it (:meth:`woodlands.web.seats.Seating.hand_over`, the turn timer) and
the game page shows it.  ``clock`` is a function of no arguments giving seconds (monotonic),
so that tests can move time on."""
from __future__ import annotations

import threading
from typing import Callable


class Presence:
    def __init__(self, clock: Callable[[], float], here_seconds: float) -> None:
        self.clock = clock
        self.here_seconds = here_seconds
        self._lock = threading.Lock()
        #: (game, seat) -> when the seat was last seen (a request, or a stream that closed)
        self._last: dict[tuple[str, int], float] = {}
        #: (game, seat) -> its open live streams
        self._streams: dict[tuple[str, int], int] = {}
        self._started = clock()

    def seen(self, game_id: str, seat: int) -> None:
        # one assignment, no lock: the hot path of every request passes here
        self._last[(game_id, seat)] = self.clock()

    def opened(self, game_id: str, seat: int) -> None:
        with self._lock:
            key = (game_id, seat)
            self._streams[key] = self._streams.get(key, 0) + 1
            self._last[key] = self.clock()

    def closed(self, game_id: str, seat: int) -> None:
        with self._lock:
            key = (game_id, seat)
            left = self._streams.get(key, 0) - 1
            if left > 0:
                self._streams[key] = left
            else:
                self._streams.pop(key, None)
            self._last[key] = self.clock()

    def here(self, game_id: str, seat: int) -> bool:
        return self.away_for(game_id, seat) == 0.0

    def away_for(self, game_id: str, seat: int) -> float:
        """0 while the seat is here; else the seconds since it was last seen (since this
        process started, when it has not been seen)."""
        key = (game_id, seat)
        if self._streams.get(key):
            return 0.0
        since = self.clock() - self._last.get(key, self._started)
        return 0.0 if since <= self.here_seconds else since

    def prune(self, older_than: float) -> None:
        """Forget the seats not seen for ``older_than`` seconds (they count as away since the
        start, which is longer still for every rule that reads it)."""
        cut = self.clock() - older_than
        with self._lock:
            for key in [k for k, t in list(self._last.items()) if t < cut and not self._streams.get(k)]:
                self._last.pop(key, None)
