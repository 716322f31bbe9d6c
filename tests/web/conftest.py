"""Fixtures of the web app's tests: an app over a fresh SQLite file, and the PostgreSQL server
that scripts/ci-services.sh starts (its URL in $WOODLANDS_TEST_PG).  Without that server the
PostgreSQL tests FAIL (they are not skipped): run them through the script, as `make test` does."""
from __future__ import annotations

import os
import uuid
import warnings
from typing import Any, Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from woodlands.web.app import create_app
from woodlands.web.settings import Settings

PG_ENV = "WOODLANDS_TEST_PG"


def make_client(url: str, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(db_url=url, **{"allow_seed": True, **settings})))


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path}/web.sqlite3"


@pytest.fixture
def client(sqlite_url) -> Iterator[TestClient]:
    with make_client(sqlite_url) as c:
        yield c


def pg_server_url() -> str:
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.fail(f"${PG_ENV} is not set: run the tests through scripts/ci-services.sh (make test does), "
                    "which starts a local PostgreSQL")
    return url


@pytest.fixture(scope="session")
def pg_url() -> str:
    """A fresh database on the test PostgreSQL server, for this test session (worker)."""
    return fresh_pg_database()


@pytest.fixture
def fresh_pg_url() -> str:
    """A fresh database on the test PostgreSQL server, for this test alone."""
    return fresh_pg_database()


def fresh_pg_database() -> str:
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url
    base = make_url(pg_server_url())
    name = "w" + uuid.uuid4().hex[:12]
    engine = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def store_at(url: str, revision: str) -> Any:
    """A store at ``url`` migrated up to ``revision`` only (to test a later migration on data made
    before it): a SQLAlchemy engine on it, to be disposed of by the caller."""
    from pathlib import Path

    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from woodlands.web import store
    from woodlands.web.settings import with_driver
    here = Path(store.__file__).parent
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here / "migrations"))
    cfg.attributes["url"] = with_driver(url)
    command.upgrade(cfg, revision)
    return sa.create_engine(cfg.attributes["url"])


def live_game(c: TestClient, game_id: str) -> Any:
    """The service's live game ``game_id`` (rebuilt from the store if it is not in memory), as a
    route gets it: the service's coroutines run on the client's event loop (its portal), since
    what reads a game is awaited there."""
    return c.portal.call(c.app.state.games.live, game_id)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(c: TestClient, game: str = "cursed-forest", options: dict[str, Any] | None = None,
             seats: int | None = None, seed: int = 1, hotseat: bool | None = True) -> dict[str, Any]:
    """A new table; ``hotseat`` (as here by default): the test holds every seat's token."""
    body: dict[str, Any] = {"game": game, "options": options if options is not None else {}, "seed": seed,
                            "hotseat": hotseat}
    if seats is not None:
        body["seats"] = seats
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def deciding_token(c: TestClient, g: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The token of the seat that decides now, and that seat's view of the game."""
    first = c.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"])).json()
    seat = first["deciding_seat"] or 0
    token = g["seats"][seat]["token"]
    return token, c.get(f"/api/games/{g['id']}", headers=auth(token)).json()
