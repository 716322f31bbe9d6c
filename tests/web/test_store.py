"""The store against SQLite (always) and a real PostgreSQL (started by scripts/ci-services.sh):
migrations, the append that decides races, and the API over each database."""
from __future__ import annotations

import random
import threading

import pytest
import sqlalchemy as sa

from woodlands.web.store import HEAD, EventRow, GameRow, Store, at_head, migrate, token_hash

from .conftest import auth, deciding_token, make_client, new_game


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/store.sqlite3"
    return str(request.getfixturevalue("fresh_pg_url"))


def row(game_id: str) -> GameRow:
    return GameRow(game_id, "tanglewoods", {"difficulty": 0}, (1 << 64) - 1, {"id": "x", "version": "1"}, 2,
                   token_hash("admin"), "new", 0.0, (token_hash("s0" + game_id), token_hash("s1" + game_id)))


def test_migrations_make_the_schema_once(url):
    assert not at_head(url)
    migrate(url)
    assert at_head(url)
    migrate(url)                     # at head already: nothing to do
    engine = sa.create_engine(url)
    names = set(sa.inspect(engine).get_table_names())
    assert {"games", "seats", "events", "alembic_version"} <= names
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == HEAD
    engine.dispose()


def test_head_is_the_newest_migration():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from woodlands.web import store
    from pathlib import Path
    here = Path(store.__file__).parent
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here / "migrations"))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD


def test_games_and_events_round_trip_and_tokens_are_hashed(url):
    migrate(url)
    store = Store(url)
    game_id = "rt" + random.Random().randbytes(6).hex()
    store.create_game(row(game_id), [EventRow(0, "choice", "a:1", 0, False), EventRow(1, "undo", None, 0, False)])
    got = store.game(game_id)
    assert got is not None and got.seed == (1 << 64) - 1 and got.options == {"difficulty": 0}
    assert got.seat_hashes == row(game_id).seat_hashes and "s0" not in str(got)
    assert store.append(game_id, EventRow(2, "choice", "b", 1, True))
    assert [e.kind for e in store.events(game_id)] == ["choice", "undo", "choice"]
    assert store.events(game_id, 2) == [EventRow(2, "choice", "b", 1, True)]
    assert store.game("missing") is None
    store.close()


def test_the_unique_game_number_decides_a_race(url):
    migrate(url)
    store = Store(url)
    game_id = "race" + random.Random().randbytes(6).hex()
    store.create_game(row(game_id))
    for number in range(5):
        results: list[bool] = []
        barrier = threading.Barrier(4)

        def go(k: int, barrier=barrier, results=results, number=number) -> None:
            barrier.wait()
            results.append(store.append(game_id, EventRow(number, "choice", f"opt{k}", 0, False)))
        threads = [threading.Thread(target=go, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [False, False, False, True]
    assert [e.number for e in store.events(game_id)] == [0, 1, 2, 3, 4]
    store.close()


def test_a_game_over_each_database_survives_a_restart(url):
    rng = random.Random(7)
    with make_client(url) as c:
        g = new_game(c, options={"players": 2}, seats=2, seed=8)
        for _ in range(30):
            token, body = deciding_token(c, g)
            option = rng.choice(body["decision"]["options"])["id"]
            assert c.post(f"/api/games/{g['id']}/choices", headers=auth(token),
                          json={"option": option, "at": body["at"]}).status_code == 200
        before = [c.get(f"/api/games/{g['id']}", headers=auth(s["token"])).json() for s in g["seats"]]
    with make_client(url) as c:        # a new process: rebuilt from the store
        after = [c.get(f"/api/games/{g['id']}", headers=auth(s["token"])).json() for s in g["seats"]]
    assert after == before


def test_two_services_over_postgresql_share_tables_and_one_of_two_choices_wins(pg_url):
    """Two apps (as two server processes would) over one PostgreSQL: each sees the other's
    choices, and of two simultaneous choices for one decision exactly one wins."""
    rng = random.Random(3)
    with make_client(pg_url) as a, make_client(pg_url) as b:
        g = new_game(a, options={"players": 2}, seats=2, seed=4)
        for step in range(20):
            here = (a, b)[step % 2]
            token, body = deciding_token(here, g)
            options = [o["id"] for o in body["decision"]["options"]]
            statuses: list[int] = []
            barrier = threading.Barrier(2)

            def go(c, option, token=token, at=body["at"], barrier=barrier, statuses=statuses):
                barrier.wait()
                statuses.append(c.post(f"/api/games/{g['id']}/choices", headers=auth(token),
                                       json={"option": option, "at": at}).status_code)
            threads = [threading.Thread(target=go, args=(c, rng.choice(options))) for c in (a, b)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(statuses) == [200, 409]
            seen = [c.get(f"/api/games/{g['id']}", headers=auth(token)).json() for c in (a, b)]
            assert seen[0] == seen[1] and seen[0]["at"] == body["at"] + 1


def test_alembic_by_hand_reads_the_url_from_the_settings_offline_and_online(tmp_path, monkeypatch):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    url = f"sqlite:///{tmp_path}/by-hand.sqlite3"
    env = {**__import__("os").environ, "WOODLANDS_DB": url, "PYTHONPATH": str(root)}
    ini = str(root / "woodlands" / "web" / "alembic.ini")
    offline = subprocess.run([sys.executable, "-m", "alembic", "-c", ini, "upgrade", "head", "--sql"], env=env,
                             capture_output=True, text=True, timeout=120)
    assert offline.returncode == 0 and "CREATE TABLE events" in offline.stdout
    assert not at_head(url)
    online = subprocess.run([sys.executable, "-m", "alembic", "-c", ini, "upgrade", "head"], env=env,
                            capture_output=True, text=True, timeout=120)
    assert online.returncode == 0, online.stderr
    assert at_head(url)
