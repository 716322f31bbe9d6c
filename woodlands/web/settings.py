"""What a Woodlands server is started with."""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..bots.analysis import DEFAULT_SAMPLES as ANALYSIS_SAMPLES

#: the environment variable a server reads its database URL from when none is given
DB_ENV = "WOODLANDS_DB"
#: the environment variable a server reads its number of search processes from when none is given
SEARCH_PROCESSES_ENV = "WOODLANDS_SEARCH_PROCESSES"
#: search processes when neither the setting nor the environment names a number

#: settings never read from the environment by Settings.from_env (they have their own variable,
#: or are for tests and benchmarks only)
ENV_SKIP = frozenset({"db_url", "search_processes", "migrate", "allow_seed", "prune_days"})


def default_db_url() -> str:
    """SQLite in the user's data folder (``$WOODLANDS_DATA_DIR`` if set), the folder made if missing."""
    from ..kit.datadir import data_dir
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(folder) / 'web.sqlite3'}"


@dataclass(frozen=True)
class Settings:
    """``db_url``: a SQLAlchemy URL (``sqlite:///PATH``, ``postgresql+psycopg://USER@HOST:PORT/DB``);
    ``None``: ``$WOODLANDS_DB``, else SQLite in the user's data folder.

    ``max_body``: the largest request body accepted, in bytes (uploads of records included).
    ``cache_games``: how many live games are kept in memory (the others are rebuilt from the
    store when asked for).  ``secure_cookies``: mark the seat cookies Secure (behind HTTPS;
    ``woodlands serve --secure-cookies``).
    ``migrate``: run the Alembic migrations when the app starts.  ``allow_seed``, ``bot_pause``: see below.
    """

    db_url: str | None = None
    max_body: int = 256 * 1024
    cache_games: int = 256
    secure_cookies: bool = False
    migrate: bool = True
    #: seconds a bot waits between two of its moves (0: at once; the live streams announce each)
    bot_pause: float = 0.0
    #: let POST /api/games choose the seed (tests and benchmarks; a player who knows the seed knows the future)
    allow_seed: bool = False
    #: new games one client address may start within ``client_window`` seconds (woodlands.web.limits)
    games_per_client: int = 60
    client_window: float = 3600.0
    #: free seats of open tables one client address may take within ``client_window`` seconds
    #: (woodlands.web.tables: one script must not empty every open table)
    seats_per_client: int = 30
    #: games the server stores at most; past it no new game is started (429) until old ones are pruned
    max_games: int = 50_000
    #: ``woodlands serve --prune-days N``: delete games untouched for N days, at start and daily (None: never)
    prune_days: float | None = None
    #: hints (GET /api/games/{id}/hint, the page's Hint button): searches run at once on the
    #: whole server, and hints one client address may ask within ``hint_window`` seconds
    #: (woodlands.web.limits.HintLimit; a hint is seconds of CPU, so both stay modest)
    hint_slots: int = 2
    hints_per_client: int = 30
    hint_window: float = 60.0
    #: how long the game page's Hint button samples, in seconds (woodlands.bots.hints.SECONDS: the
    #: whole answer within 2 s), and its Think longer button (four times the samples: half the error)
    page_hint_seconds: float = 1.6
    page_hint_longer: float = 6.4
    #: how many determinizations a game's analysis weighs each decision on (woodlands.web.analyses;
    #: fewer: sooner and noisier); the terminal's default (woodlands.bots.analysis.DEFAULT_SAMPLES),
    #: so that the page and ``woodlands analyse --seat`` give the same numbers
    analysis_samples: int = ANALYSIS_SAMPLES
    #: worker processes that run hints and search-bot moves (woodlands.web.searchpool), so a
    #: search does not slow the other requests; 0: in a thread of the server (tiny machines).
    #: None: ``$WOODLANDS_SEARCH_PROCESSES``, else :meth:`default_search_processes`.
    #: ``hint_slots`` still limits the hints.
    search_processes: int | None = None
    #: a seat is here while its live stream is open or it made a request within this many
    #: seconds (woodlands.web.presence); the game page shows who is here
    here_seconds: float = 30.0
    #: the table's admin may hand a seat that a person claimed to a bot only once that seat
    #: has been away this many seconds (or when the seat asks for it itself)
    away_before_bot: float = 120.0
    #: how often, in seconds, the turn timers of the tables that have one are looked at
    timer_every: float = 1.0
    # ---- what one client may hold (woodlands.web.guard, woodlands.web.limits; docs/web.md "Limits").
    # Each may be set from the environment: WOODLANDS_ and the name in capitals (from_env).
    #: seconds a connection may stay silent with no request under way (new, or between requests)
    idle_timeout: float = 5.0
    #: seconds a request's line and headers may take to arrive, from its first byte (else 408)
    header_timeout: float = 10.0
    #: seconds a request's body may take to arrive, from the end of its headers (else closed)
    body_timeout: float = 30.0
    #: the largest request line and headers accepted, in bytes (else 431)
    max_header_bytes: int = 64 * 1024
    #: connections open at once from one client address (an IPv6 /64), and in all (never more
    #: than the process's limit on open files leaves room for)
    connections_per_client: int = 64
    max_connections: int = 1000
    #: live event streams open at once for one seat of a game, from one client address, in all
    streams_per_seat: int = 4
    streams_per_client: int = 32
    max_streams: int = 500
    #: events (choices, undos, hand-overs) the requests of one seat, and of one game, may store
    #: within ``event_window`` seconds (429 with Retry-After past either; bots' moves are not counted)
    events_per_seat: int = 600
    events_per_game: int = 1200
    event_window: float = 60.0

    @classmethod
    def from_env(cls, **given: Any) -> "Settings":
        """Settings from ``given``, each field not given read from ``$WOODLANDS_<FIELD>`` when set
        (``WOODLANDS_HEADER_TIMEOUT=20``; ``1``/``true``/``yes`` for a true flag); ValueError
        naming the variable when its value is not of the field's type."""
        values = dict(given)
        for f in fields(cls):
            if f.name in values or f.name in ENV_SKIP:
                continue
            name = "WOODLANDS_" + f.name.upper()
            raw = os.environ.get(name, "").strip()
            if not raw:
                continue
            kind: type = type(f.default)       # (every field here has a default)
            try:
                if kind is bool:
                    if raw.lower() not in ("1", "true", "yes", "0", "false", "no"):
                        raise ValueError(raw)
                    values[f.name] = raw.lower() in ("1", "true", "yes")
                elif kind is int:
                    values[f.name] = int(raw)
                elif kind is float:
                    values[f.name] = float(raw)
                    if not math.isfinite(values[f.name]):
                        raise ValueError(raw)
                else:
                    continue
            except ValueError:
                words = "true or false" if kind is bool else "a whole number" if kind is int else "a number"
                raise ValueError(f"${name} is {words}, not {raw!r}") from None
            # a limit of 0 would refuse everything (a pause of 0 is fine: at once)
            if kind is not bool and (values[f.name] < 0 or (values[f.name] == 0 and f.default)):
                raise ValueError(f"${name} is more than 0, not {raw!r}")
        return cls(**values)

    def database_url(self) -> str:
        return with_driver(self.db_url or os.environ.get(DB_ENV) or default_db_url())

    def default_search_processes(self) -> int:
        """One search process per hint slot, leaving a core to the server: ``hint_slots``
        processes at most, one fewer than the machine's cores, at least one.  On two cores that
        is one (a second hint waits for it); on four or more, as many as the slots, so hints
        asked together are searched together instead of one after the other.

        >>> import os
        >>> Settings(hint_slots=2).default_search_processes() == max(1, min(2, (os.cpu_count() or 1) - 1))
        True
        """
        return max(1, min(self.hint_slots, (os.cpu_count() or 1) - 1))

    def search_process_count(self) -> int:
        """:attr:`search_processes`, else ``$WOODLANDS_SEARCH_PROCESSES``, else
        :meth:`default_search_processes`; ValueError naming the variable for anything but a
        whole number from 0."""
        if self.search_processes is not None:
            value: object = self.search_processes
        else:
            value = os.environ.get(SEARCH_PROCESSES_ENV, "").strip() or self.default_search_processes()
        try:
            count = int(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else -1
        except ValueError:
            count = -1
        if count < 0:
            where = "search_processes" if self.search_processes is not None else f"${SEARCH_PROCESSES_ENV}"
            raise ValueError(f"{where} is a number of processes from 0 (0: search in a thread), not {value!r}")
        return count


def with_driver(url: str) -> str:
    """A PostgreSQL URL that names no driver (``postgresql://...``, ``postgres://...``) as psycopg 3's,
    the driver the web extra installs (SQLAlchemy 2.0 would look for psycopg2); others unchanged."""
    for bare in ("postgresql://", "postgres://"):
        if url.startswith(bare):
            return "postgresql+psycopg://" + url[len(bare):]
    return url


def most_players_game() -> str:
    """The game for the most players (then the last by id): what ``woodlands bench-web``, the
    crash drill and the API's examples play when told no game, since a table of several seats
    goes through the most of the server (seats, turns, other seats' views)."""
    from ..engine.registry import descriptors
    return max(descriptors(), key=lambda d: (d.players[1], d.id)).id
