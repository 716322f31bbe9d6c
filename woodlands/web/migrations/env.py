"""Alembic's environment for the web app: the URL comes from the app's settings (the caller's
``config.attributes["url"]``, else :class:`woodlands.web.settings.Settings`), offline and online.
On PostgreSQL an advisory lock keeps two server processes starting together from migrating at
the same time."""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool, text

from woodlands.web.settings import Settings
from woodlands.web.store import metadata

#: any number that is ours: the advisory lock taken while migrating
LOCK = 0x776F6F64


def database_url() -> str:
    return str(context.config.attributes.get("url") or Settings().database_url())


def run_offline() -> None:
    url = database_url()
    context.configure(url=url, target_metadata=metadata, literal_binds=True,
                      dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    engine = create_engine(database_url(), poolclass=pool.NullPool)
    with engine.connect() as conn:
        postgres = conn.dialect.name == "postgresql"
        if postgres:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": LOCK})
            conn.commit()
        try:
            context.configure(connection=conn, target_metadata=metadata)
            with context.begin_transaction():
                context.run_migrations()
        finally:
            if postgres:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": LOCK})
                conn.commit()
    engine.dispose()


# imported outside Alembic (pytest collecting modules), there is no config and nothing to run
if getattr(context, "config", None) is not None:
    if context.is_offline_mode():
        run_offline()
    else:
        run_online()
