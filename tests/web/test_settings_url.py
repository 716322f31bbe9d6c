"""Issue 11 writes the PostgreSQL URL as `--db postgresql://…`. SQLAlchemy 2.0 reads a URL with
no driver as psycopg2's, which the web extra does not install (it installs psycopg 3), so such a
URL is taken as psycopg's; a URL naming its driver is left as it is."""
from __future__ import annotations

import pytest

from woodlands.web.settings import Settings


@pytest.mark.parametrize("given, meant", [
    ("postgresql://me@127.0.0.1:5432/woodlands", "postgresql+psycopg://me@127.0.0.1:5432/woodlands"),
    ("postgres://me@/woodlands?host=/run/pg", "postgresql+psycopg://me@/woodlands?host=/run/pg"),
    ("postgresql+psycopg://me@/w", "postgresql+psycopg://me@/w"),
    ("postgresql+asyncpg://me@/w", "postgresql+asyncpg://me@/w"),
    ("sqlite:////tmp/x.sqlite3", "sqlite:////tmp/x.sqlite3"),
])
def test_a_postgresql_url_without_a_driver_uses_psycopg(given: str, meant: str, monkeypatch) -> None:
    assert Settings(db_url=given).database_url() == meant
    monkeypatch.setenv("WOODLANDS_DB", given)
    assert Settings().database_url() == meant


def test_the_store_itself_names_psycopg_for_a_bare_postgresql_url(monkeypatch) -> None:
    """``limits.prune(URL)`` and other callers hand the store a URL without going through Settings."""
    import woodlands.web.store as store_module

    class Stop(Exception):
        pass

    seen: list[str] = []

    def engine(url: str) -> None:            # the URL handling alone: no connection is opened
        seen.append(url)
        raise Stop

    monkeypatch.setattr(store_module, "_engine", engine)
    with pytest.raises(Stop):
        store_module.Store("postgresql://me@/w")
    assert seen == ["postgresql+psycopg://me@/w"]
