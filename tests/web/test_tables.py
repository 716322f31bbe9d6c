"""Open tables: a creator lists a table, anyone takes a free seat (the API and the pages), who
may do what, what the list shows (never a secret), the race for the last free seat, and the
migration that stores the listings."""
from __future__ import annotations

import asyncio
import json
import random
import re
import threading
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from woodlands.web.errors import Conflict, Refused
from woodlands.web.store import LISTING_NAME, GameRow, Store, migrate, token_hash

from .conftest import auth, live_game, new_game, store_at
from .test_pages import _new

KEYS = {"id", "name", "game", "game_name", "players", "free_seats", "present"}
#: what a secret looks like (secrets.token_urlsafe(24): 32 characters); a table's id has 16
TOKEN_LIKE = re.compile(r"[A-Za-z0-9_-]{24,}")


def _online(c: TestClient, players: int = 2) -> dict[str, Any]:
    """A table whose seats all wait for their invitations; the test takes seat 0 with its own."""
    g = new_game(c, options={"players": players}, hotseat=False)
    r = c.post(f"/join/{g['id']}", json={"invitation": g["seats"][0]["invitation"]})
    assert r.status_code == 200, r.text
    g["token0"] = r.json()["token"]
    return g


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_the_admin_lists_a_table_and_the_list_shows_only_what_it_should(client: Any) -> None:
    g = _online(client, players=3)
    gid, admin = g["id"], g["admin_token"]
    assert client.get("/api/tables").json() == {"tables": []}          # opt-in: nothing listed by default
    r = client.put(f"/api/games/{gid}/listing", json={"name": "  Friday   forest run "}, headers=auth(admin))
    assert r.status_code == 200 and r.json() == {"id": gid, "listed": True, "name": "Friday forest run"}
    assert client.get(f"/api/games/{gid}/listing", headers=auth(admin)).json()["listed"] is True
    listed = client.get("/api/tables").json()
    assert listed == {"tables": [{"id": gid, "name": "Friday forest run", "game": "cursed-forest",
                                  "game_name": "Bag of Dungeon 2: The Cursed Forest", "players": 3, "free_seats": [1, 2],
                                  "present": [0]}]}
    assert set(listed["tables"][0]) == KEYS
    # nothing secret: no token, no invitation, no admin token, nothing that looks like one
    text = json.dumps(listed)
    secrets = [admin, g["token0"], *(s["invitation"] for s in g["seats"])]
    assert not any(s in text for s in secrets)
    assert not [s for s in _strings(listed) if TOKEN_LIKE.fullmatch(s)]
    # renaming keeps it listed once
    client.put(f"/api/games/{gid}/listing", json={"name": "Renamed"}, headers=auth(admin))
    assert [t["name"] for t in client.get("/api/tables").json()["tables"]] == ["Renamed"]
    r = client.delete(f"/api/games/{gid}/listing", headers=auth(admin))
    assert r.status_code == 200 and r.json() == {"id": gid, "listed": False, "name": None}
    assert client.get("/api/tables").json() == {"tables": []}


def test_only_the_admin_lists_and_bad_names_are_refused_changing_nothing(client: Any) -> None:
    g = _online(client)
    gid, admin = g["id"], g["admin_token"]
    db = client.app.state.games.db
    assert client.put(f"/api/games/{gid}/listing", json={"name": "x"}).status_code == 401
    r = client.put(f"/api/games/{gid}/listing", json={"name": "x"}, headers=auth(g["token0"]))
    assert r.status_code == 403 and "admin" in r.json()["detail"]
    assert client.put(f"/api/games/{gid}/listing", json={"name": "x"}, headers=auth("nope" * 8)).status_code == 403
    too_long = "a" * (LISTING_NAME + 1)
    assert client.put(f"/api/games/{gid}/listing", json={"name": too_long}, headers=auth(admin)).status_code == 422
    assert client.put(f"/api/games/{gid}/listing", json={"name": "   "}, headers=auth(admin)).status_code == 422
    r = client.put(f"/api/games/{gid}/listing", json={"name": "bell\x07"}, headers=auth(admin))
    assert r.status_code == 422 and "plain text" in r.json()["detail"]
    assert client.put("/api/games/nosuchgame0000/listing", json={"name": "x"}, headers=auth(admin)).status_code == 404
    assert db.listing(gid) is None and client.get("/api/tables").json() == {"tables": []}
    assert client.put(f"/api/games/{gid}/listing", json={"name": "ok"}, headers=auth(admin)).status_code == 200
    r = client.delete(f"/api/games/{gid}/listing", headers=auth(g["token0"]))
    assert r.status_code == 403 and db.listing(gid) == "ok"
    # a table of one seat, or one whose every seat is taken, has nothing to offer
    solo = new_game(client, options={"players": 1})
    r = client.put(f"/api/games/{solo['id']}/listing", json={"name": "solo"}, headers=auth(solo["admin_token"]))
    assert r.status_code == 422 and db.listing(solo["id"]) is None
    full = new_game(client, options={"players": 2})                    # hot-seat: the creator holds both
    r = client.put(f"/api/games/{full['id']}/listing", json={"name": "full"}, headers=auth(full["admin_token"]))
    assert r.status_code == 409 and db.listing(full["id"]) is None


def test_anyone_takes_a_free_seat_once_and_the_full_table_leaves_the_list(client: Any) -> None:
    g = _online(client)
    gid, admin = g["id"], g["admin_token"]
    r = client.post(f"/api/tables/{gid}/seats/1")
    assert r.status_code == 403 and "not open" in r.json()["detail"]          # not listed: no seat to take
    client.put(f"/api/games/{gid}/listing", json={"name": "Come in"}, headers=auth(admin))
    r = client.post(f"/api/tables/{gid}/seats/0")
    assert r.status_code == 409 and "taken" in r.json()["detail"]
    assert client.post(f"/api/tables/{gid}/seats/5").status_code == 404
    assert client.post("/api/tables/nosuchgame0000/seats/1").status_code == 404
    took = client.post(f"/api/tables/{gid}/seats/1")
    assert took.status_code == 200, took.text
    body = took.json()
    assert body["id"] == gid and body["seat"] == 1 and took.headers["cache-control"] == "no-store"
    assert client.get(f"/api/games/{gid}", headers=auth(body["token"])).json()["seat"] == 1
    # the last free seat is gone: off the list, and the seat's invitation is spent
    assert client.get("/api/tables").json() == {"tables": []}
    assert client.app.state.games.db.listing(gid) is None
    r = client.post(f"/join/{gid}", json={"invitation": g["seats"][1]["invitation"]})
    assert r.status_code == 409
    again = client.post(f"/api/tables/{gid}/seats/1")                       # too late: it filled
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    seat_events = [e for e in client.app.state.games.db.events(gid) if e.kind == "seat"]
    assert [e.seat for e in seat_events] == [0, 1]
    # the creator takes the filled table off the list: from then on it is simply not open
    assert client.delete(f"/api/games/{gid}/listing", headers=auth(admin)).status_code == 200
    again = client.post(f"/api/tables/{gid}/seats/1")
    assert again.status_code == 403 and "not open" in again.json()["detail"]


def test_a_filled_table_is_offered_again_only_when_its_creator_lists_it(client: Any) -> None:
    g = _online(client)
    gid, admin = g["id"], g["admin_token"]
    db = client.app.state.games.db
    client.put(f"/api/games/{gid}/listing", json={"name": "Come in"}, headers=auth(admin))
    assert client.post(f"/api/tables/{gid}/seats/1").status_code == 200
    assert db.filled(gid) and db.listing(gid) is None
    r = client.delete(f"/api/games/{gid}/seats/1/invitation", headers=auth(admin))
    assert r.status_code == 200, r.text
    assert client.get("/api/tables").json() == {"tables": []}                # a seat came free: still not shown
    assert client.post(f"/api/tables/{gid}/seats/1").status_code == 409
    r = client.put(f"/api/games/{gid}/listing", json={"name": "Again"}, headers=auth(admin))
    assert r.status_code == 200, r.text
    assert not db.filled(gid) and [t["free_seats"] for t in client.get("/api/tables").json()["tables"]] == [[1]]
    assert client.post(f"/api/tables/{gid}/seats/1").status_code == 200


def test_a_finished_game_or_a_bot_seat_is_not_offered(client: Any) -> None:
    g = _online(client, players=3)
    gid, admin = g["id"], g["admin_token"]
    client.put(f"/api/games/{gid}/listing", json={"name": "t"}, headers=auth(admin))
    r = client.put(f"/api/games/{gid}/seats/2/bot", json={"bot": "greedy"}, headers=auth(admin))
    assert r.status_code == 200, r.text
    assert client.get("/api/tables").json()["tables"][0]["free_seats"] == [1]
    assert client.post(f"/api/tables/{gid}/seats/2").status_code == 409
    live = live_game(client, gid)
    real = live.state
    try:
        live.state = type("Over", (), {"is_over": True})()        # as a game that has ended says
        assert client.get("/api/tables").json() == {"tables": []}
        r = client.post(f"/api/tables/{gid}/seats/1")
        assert r.status_code == 409 and "over" in r.json()["detail"]
    finally:
        live.state = real
    assert client.get("/api/tables").json()["tables"][0]["free_seats"] == [1]


def test_two_claims_of_the_last_free_seat_one_wins(client: Any) -> None:
    g = _online(client)
    gid = g["id"]
    client.put(f"/api/games/{gid}/listing", json={"name": "race"}, headers=auth(g["admin_token"]))
    tables = client.app.state.games.tables

    async def both() -> list[Any]:
        return await asyncio.gather(tables.take(gid, 1), tables.take(gid, 1), return_exceptions=True)
    results = client.portal.call(both)
    won = [r for r in results if isinstance(r, dict)]
    lost = [r for r in results if isinstance(r, Refused)]
    assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], Conflict)
    row = client.app.state.games.db.game(gid)
    assert row is not None and row.seat_hashes[1] == token_hash(won[0]["token"])
    assert [e.seat for e in client.app.state.games.db.events(gid) if e.kind == "seat"] == [0, 1]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: Any, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/store.sqlite3"
    return str(request.getfixturevalue("fresh_pg_url"))


def test_the_store_lets_one_of_two_processes_take_a_free_seat(url: str) -> None:
    """Two writers (as two server processes would) take the same free seat, each with its own
    event number: the seat's condition, not the event number, decides; one wins."""
    migrate(url)
    store = Store(url)
    try:
        gid = "free" + random.Random().randbytes(6).hex()
        store.create_game(GameRow(gid, "tanglewoods", {}, 1, {}, 2, token_hash("admin"), "new", 0.0,
                                  (token_hash("s0" + gid), "")))
        assert store.change_seat(gid, 1, 0, token_hash("x"), None, None, True) is None     # not listed
        store.list_table(gid, "open")
        results: list[bool | None] = []
        barrier = threading.Barrier(2)

        def go(k: int) -> None:
            barrier.wait()
            results.append(store.change_seat(gid, 1, k, token_hash(f"claim{k}"), None, None, True))
        threads = [threading.Thread(target=go, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results, key=str) == [None, True]
        assert len([e for e in store.events(gid) if e.kind == "seat"]) == 1
        assert store.listings(10) == [(gid, "open")]
        assert store.unlist_table(gid) and not store.unlist_table(gid) and store.listings(10) == []
    finally:
        store.close()


def test_the_listings_migration_goes_up_and_down(url: str) -> None:
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    from woodlands.web import store as store_module
    from woodlands.web.settings import with_driver
    here = Path(store_module.__file__).parent
    cfg = Config(str(here / "alembic.ini"))
    cfg.set_main_option("script_location", str(here / "migrations"))
    cfg.attributes["url"] = with_driver(url)
    command.upgrade(cfg, "0002")
    engine = store_module._engine(with_driver(url))       # as the server connects (SQLite: foreign keys on)
    try:
        assert "listings" not in sa.inspect(engine).get_table_names()
        with engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO games VALUES ('kept000001', 'tanglewoods', '{}', '1', '{}', 2, 'h', "
                                 "'new', 0, NULL)"))
        command.upgrade(cfg, "0003")
        assert "listings" in sa.inspect(engine).get_table_names()
        with engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO listings VALUES ('kept000001', 'Open', 1.0)"))
            with pytest.raises(sa.exc.IntegrityError):           # a listing is of a game that exists
                with conn.begin_nested():
                    conn.execute(sa.text("INSERT INTO listings VALUES ('nosuchgame', 'x', 1.0)"))
        command.downgrade(cfg, "0002")
        assert "listings" not in sa.inspect(engine).get_table_names()
        with engine.connect() as conn:                          # the games stay
            assert conn.execute(sa.text("SELECT id FROM games")).scalars().all() == ["kept000001"]
        command.upgrade(cfg, "head")
        assert "listings" in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()


# ---------------------------------------------------------------------- the pages
def test_the_creator_lists_the_table_on_its_page_and_a_stranger_takes_a_seat(client: Any) -> None:
    home = client.get("/").text
    assert 'href="/tables"' in home
    url = _new(client, "cursed-forest", players="2", mode="online")
    gid = url.rsplit("/", 1)[1]
    page = client.get(url).text
    assert 'action="/games/%s/listing"' % gid in page and "List the table" in page
    stranger = TestClient(client.app)                     # another browser (no lifespan of its own)
    r = stranger.post(f"/games/{gid}/listing", data={"name": "mine now"}, headers={"HX-Request": "true"})
    assert r.status_code == 403 and client.app.state.games.db.listing(gid) is None
    r = client.post(f"/games/{gid}/listing", data={"name": "x" * (LISTING_NAME + 1)}, headers={"HX-Request": "true"})
    assert "at most" in r.text and client.app.state.games.db.listing(gid) is None
    r = client.post(f"/games/{gid}/listing", data={"name": "Evening walk"}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and 'id="listed"' in r.text and "Evening walk" in r.text
    # the list page: the creator's browser sits there; a stranger sees the free seat's button
    assert "You sit at this table" in client.get("/tables").text
    listed = stranger.get("/tables")
    assert listed.status_code == 200 and "Evening walk" in listed.text and "The Cursed Forest" in listed.text
    assert f'action="/tables/{gid}/seats/1"' in listed.text and "Take Player 2's seat" in listed.text
    assert not [s for s in re.findall(r"[A-Za-z0-9_-]{24,}", listed.text)]      # no secret in the page
    # a form from another site takes nothing
    r = stranger.post(f"/tables/{gid}/seats/1", headers={"Origin": "https://elsewhere.example"},
                      follow_redirects=False)
    assert r.status_code == 403 and client.app.state.games.db.game(gid).seat_hashes[1] == ""
    r = stranger.post(f"/tables/{gid}/seats/1", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
    token = stranger.cookies.get(f"woodlands_seat_{gid}")
    assert token and f"/tables/{gid}/seats/1" == r.request.url.path and token not in r.headers["location"]
    game = stranger.get(f"/games/{gid}")
    assert game.status_code == 200 and "(this browser)" in game.text
    assert "Evening walk" not in stranger.get("/tables").text          # full: off the list
    # a third browser is told the seat is gone, and nothing changes
    third = TestClient(client.app)
    r = third.post(f"/tables/{gid}/seats/1", follow_redirects=False)
    assert r.status_code in (403, 409) and not third.cookies.get(f"woodlands_seat_{gid}")
    assert client.app.state.games.db.game(gid).seat_hashes[1] == token_hash(token)


def test_the_creator_takes_the_table_off_the_list_on_its_page(client: Any) -> None:
    url = _new(client, "cursed-forest", players="3", mode="online")
    gid = url.rsplit("/", 1)[1]
    client.post(f"/games/{gid}/listing", data={"name": "Later"}, headers={"HX-Request": "true"})
    r = client.post(f"/games/{gid}/listing", data={"unlist": "1"}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and 'id="listed"' not in r.text and "List the table" in r.text
    assert client.app.state.games.db.listing(gid) is None
    assert "No table is open right now" in TestClient(client.app).get("/tables").text


def test_one_address_takes_only_so_many_free_seats(sqlite_url: str) -> None:
    from .conftest import make_client
    with make_client(sqlite_url, seats_per_client=1) as c:
        first, second = _online(c), _online(c)
        for g in (first, second):
            c.put(f"/api/games/{g['id']}/listing", json={"name": "t"}, headers=auth(g["admin_token"]))
        assert c.post(f"/api/tables/{first['id']}/seats/1").status_code == 200
        refused = c.post(f"/api/tables/{second['id']}/seats/1")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        assert "free seats" in refused.json()["detail"]
        assert c.app.state.games.db.game(second["id"]).seat_hashes[1] == ""      # nothing taken
        assert [t["id"] for t in c.get("/api/tables").json()["tables"]] == [second["id"]]


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_table_listed_before_filled_tables_were_kept_stays_listed(db, tmp_path, request):
    """Migration 0004 adds the mark of a filled table; a table listed before it is still listed."""
    url = f"sqlite:///{tmp_path}/old.sqlite3" if db == "sqlite" else str(request.getfixturevalue("fresh_pg_url"))
    engine = store_at(url, "0003")
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO games VALUES ('oldtable01', 'cursed-forest', '{}', '1', '{}', 2, 'a', 'new', 0, NULL)"))
        conn.execute(sa.text("INSERT INTO listings VALUES ('oldtable01', 'Old friends', 5)"))
    engine.dispose()
    migrate(url)
    s = Store(url)
    try:
        assert s.listing("oldtable01") == "Old friends" and not s.filled("oldtable01")
        assert s.listings(10) == [("oldtable01", "Old friends")]
        s.fill_table("oldtable01")
        assert s.listing("oldtable01") is None and s.filled("oldtable01") and s.listings(10) == []
    finally:
        s.close()
