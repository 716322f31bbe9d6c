"""The daily challenge in the web app: the day's seed comes from the server's secret, stays out
of every answer while an attempt is going (pages, JSON, the record, play again, the scene save),
one attempt counts per browser and day, and the results of the day are listed."""
from __future__ import annotations

import random
import re
import threading
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

import woodlands
from woodlands.kit.daily import daily_seed, daily_setup, new_secret
from woodlands.web.daily import PERSON_COOKIE
from woodlands.web.store import Store, migrate, token_hash

from .conftest import auth, store_at

DAY = "2026-12-06"


def _service(c: TestClient) -> Any:
    return c.app.state.games


def _on_day(c: TestClient, day: str = DAY) -> None:
    _service(c).daily.today = lambda: day


def _seed(c: TestClient, game: str, day: str = DAY) -> int:
    return daily_seed(_service(c).daily.secret(), day, game)


def _texts(response: Any) -> str:
    """Everything an answer carries: its body, its headers (cookies, a redirect's location)."""
    return response.text + " " + " ".join(f"{k}: {v}" for k, v in response.headers.items())


def _play_out(c: TestClient, g: dict[str, Any], rng: random.Random, stop_before_end: bool = False) -> dict[str, Any]:
    """Take random options for the seat until the game is over (or, ``stop_before_end``, until
    the next choice could end it is not known: a fixed number of choices)."""
    body = c.get(f"/api/games/{g['id']}", headers=auth(g["token"])).json()
    moves = 0
    while not body["over"]:
        if stop_before_end and moves >= 5:
            break
        options = body["decision"]["options"]
        r = c.post(f"/api/games/{g['id']}/choices", headers=auth(g["token"]),
                   json={"option": options[rng.randrange(len(options))]["id"], "at": body["at"]})
        assert r.status_code == 200, r.text
        body = r.json()
        moves += 1
    return dict(body)


def test_the_days_seed_comes_from_the_secret_not_from_the_date() -> None:
    one, two = new_secret(), new_secret()
    assert daily_seed(one, DAY, "tanglewoods") == daily_seed(one, DAY, "tanglewoods")
    assert daily_seed(one, DAY, "tanglewoods") != daily_seed(two, DAY, "tanglewoods")
    assert daily_seed(one, DAY, "tanglewoods") != daily_seed(one, "2026-12-07", "tanglewoods")
    assert daily_seed(one, DAY, "tanglewoods") != daily_seed(one, DAY, "storyfold")
    # the set-up is drawn from the game's own list, the same for everyone on the day
    options, words = daily_setup(one, DAY, "tanglewoods")
    assert daily_setup(one, DAY, "tanglewoods") == (options, words)
    assert set(options) == {"hero", "difficulty"} and str(options["difficulty"]) in words
    assert daily_setup(one, DAY, "cursed-forest")[0]["players"] == 1
    with pytest.raises(ValueError):
        daily_seed("not a secret", DAY, "tanglewoods")
    with pytest.raises(ValueError):
        daily_seed(one, "6 Dec 2026", "tanglewoods")


def test_the_server_makes_its_secret_once_and_keeps_it(sqlite_url: str) -> None:
    from .conftest import make_client
    with make_client(sqlite_url) as c:
        first = _service(c).daily.secret()
        seed = _seed(c, "tanglewoods")
    with make_client(sqlite_url) as c:               # a restart: the same secret, the same day's game
        assert _service(c).daily.secret() == first and _seed(c, "tanglewoods") == seed
    other = sqlite_url.replace("web.sqlite3", "other.sqlite3")
    with make_client(other) as c:                    # another server: another secret
        assert _service(c).daily.secret() != first and _seed(c, "tanglewoods") != seed


def test_no_answer_tells_the_seed_while_the_attempt_goes_on(client: TestClient) -> None:
    _on_day(client)
    r = client.post("/api/daily/tanglewoods", json={"name": "Rowan"})
    assert r.status_code == 201, r.text
    g = r.json()
    seed = str(_seed(client, "tanglewoods"))
    assert g["resumed"] is False and g["setup"] and "seed" not in g
    gid = g["id"]
    _play_out(client, g, random.Random(3), stop_before_end=True)
    client.cookies.set(f"woodlands_seat_{gid}", g["token"])     # as the page's start sets it
    answers = {
        "start": r,
        "daily json": client.get("/api/daily"),
        "daily page": client.get("/daily"),
        "game json": client.get(f"/api/games/{gid}", headers=auth(g["token"])),
        "game page": client.get(f"/games/{gid}"),
        "my games": client.get("/api/my-games"),
        "again": client.get(f"/api/games/{gid}/again", headers=auth(g["token"])),
        "again now": client.post(f"/api/games/{gid}/again", headers=auth(g["token"]), json={"play_again": True}),
        "record": client.get(f"/api/games/{gid}/record", headers=auth(g["token"])),
        "scene save": client.get(f"/games/{gid}/scene-save"),
        "home": client.get("/"),
    }
    for what, answer in answers.items():
        assert seed not in _texts(answer), what
    record = answers["record"]
    assert record.status_code == 403 and "daily challenge" in record.json()["detail"]
    assert answers["again now"].status_code == 409                 # no new table before its end
    assert answers["scene save"].status_code == 403
    assert answers["daily json"].json()["games"][0]["seed"] is None
    assert 'href="/daily"' in answers["home"].text and 'id="daily-link"' in answers["game page"].text


def test_a_second_start_in_the_same_browser_is_the_same_attempt(client: TestClient) -> None:
    _on_day(client)
    first = client.post("/api/daily/cursed-forest").json()
    again = client.post("/api/daily/cursed-forest", json={"name": "Ash"})
    assert again.status_code == 200 and again.json()["resumed"] is True
    assert again.json()["id"] == first["id"] and again.json()["token"] == first["token"]
    # the page's button too: the same table, its seat cookie set again
    r = client.post("/daily/cursed-forest", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{first['id']}"
    # another browser is another person: its own attempt, at the same game
    other = TestClient(client.app)
    theirs = other.post("/api/daily/cursed-forest").json()
    assert theirs["id"] != first["id"]
    svc = _service(client)
    a, b = svc.db.game(first["id"]), svc.db.game(theirs["id"])
    assert a.origin == b.origin == "daily" and a.seed == b.seed == _seed(client, "cursed-forest")
    assert a.options == b.options == daily_setup(svc.daily.secret(), DAY, "cursed-forest")[0]
    board = client.get("/api/daily").json()
    forest = next(x for x in board["games"] if x["game"] == "cursed-forest")
    assert forest["playing"] == 2 and forest["finished"] == [] and forest["mine"]["name"] == "Ash"
    # a form from another site starts nothing
    r = other.post("/api/daily/tanglewoods", headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403


def test_after_the_end_the_result_is_listed_and_the_seed_shown(client: TestClient) -> None:
    _on_day(client)
    g = client.post("/api/daily/tanglewoods", json={"name": "Rowan"}).json()
    end = _play_out(client, g, random.Random(5))
    seed = _seed(client, "tanglewoods")
    board = client.get("/api/daily").json()
    tangle = next(x for x in board["games"] if x["game"] == "tanglewoods")
    assert tangle["mine"]["over"] and tangle["mine"]["result"] == end["outcome"]["result"]
    assert tangle["seed"] == seed and tangle["playing"] == 0
    [done] = tangle["finished"]
    assert done["name"] == "Rowan" and done["result"] == end["outcome"]["result"] and done["mine"]
    assert f"round {end['outcome']['round']}" in done["details"]
    record = client.get(f"/api/games/{g['id']}/record", headers=auth(g["token"]))
    assert record.status_code == 200 and record.json()["seed"] == seed
    page = client.get("/daily").text
    assert str(seed) in page and "Rowan (you)" in page
    # the end stays the end: no undo back into a game whose seed is now known
    r = client.post(f"/api/games/{g['id']}/undo", headers=auth(g["token"]), json={"at": end["at"]})
    assert r.status_code == 409
    # a second start that day shows the finished attempt, not a new game
    again = client.post("/api/daily/tanglewoods")
    assert again.status_code == 200 and again.json()["id"] == g["id"]
    # another browser sees the result, anonymous ones too, but not the seed before its own end
    other = TestClient(client.app)
    theirs = other.post("/api/daily/tanglewoods").json()
    _play_out(other, theirs, random.Random(6))
    seen = next(x for x in TestClient(client.app).get("/api/daily").json()["games"] if x["game"] == "tanglewoods")
    assert [a["name"] for a in seen["finished"]] == ["Rowan", "anonymous"] and seen["seed"] is None
    assert str(seed) not in TestClient(client.app).get("/daily").text
    # the next day: a new game for the same browser, with another seed
    _on_day(client, "2026-12-07")
    tomorrow = client.post("/api/daily/tanglewoods")
    assert tomorrow.status_code == 201 and tomorrow.json()["id"] != g["id"]
    assert _service(client).db.game(tomorrow.json()["id"]).seed == _seed(client, "tanglewoods", "2026-12-07") != seed
    assert next(x for x in client.get("/api/daily").json()["games"] if x["game"] == "tanglewoods")["finished"] == []


def test_a_bot_that_ends_the_game_ends_the_attempt(sqlite_url: str) -> None:
    """The seat handed to a bot: the bot's last move ends the attempt as a choice of the seat would."""
    from .conftest import make_client
    with make_client(sqlite_url, bot_pause=0.0) as c:
        _bot_ends(c)


def _bot_ends(client: TestClient) -> None:
    _on_day(client)
    g = client.post("/api/daily/storyfold").json()
    r = client.put(f"/api/games/{g['id']}/seats/0/bot", headers=auth(g["token"]), json={"bot": "greedy"})
    assert r.status_code == 200, r.text
    for _ in range(600):
        body = client.get(f"/api/games/{g['id']}", headers=auth(g["token"])).json()
        if body["over"]:
            break
        import time
        time.sleep(0.05)
    assert body["over"]
    store = _service(client).db
    from woodlands.web.store import daily_attempts
    with store.engine.connect() as conn:
        ended = conn.execute(sa.select(daily_attempts.c.ended).where(daily_attempts.c.game_id == g["id"])).scalar()
    assert ended is not None


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_two_starts_at_once_make_one_attempt(db: str, sqlite_url: str, request: Any) -> None:
    """Two requests of one browser start the day's game at once (as two server processes over
    one PostgreSQL could): the attempts' key lets one make the game; both get that one."""
    from .conftest import make_client
    url = sqlite_url if db == "sqlite" else str(request.getfixturevalue("fresh_pg_url"))
    with make_client(url) as c:
        _two_starts(c)


def _two_starts(client: TestClient) -> None:
    _on_day(client)
    daily = _service(client).daily
    person = "p" * 32
    made: list[str] = []
    barrier = threading.Barrier(2)

    def go() -> None:
        barrier.wait()
        made.append(daily._start("cursed-forest", person, None)["id"])
    threads = [threading.Thread(target=go) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 2 and made[0] == made[1]
    from woodlands.web.store import daily_attempts, games
    with _service(client).db.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(daily_attempts)).scalar() == 1
        assert conn.execute(sa.select(sa.func.count()).select_from(games)).scalar() == 1     # no stray table


def test_the_person_cookie_is_set_once_and_only_its_hash_is_kept(client: TestClient) -> None:
    _on_day(client)
    r = client.post("/api/daily/tanglewoods")
    cookie = client.cookies.get(PERSON_COOKIE)
    assert cookie and "httponly" in r.headers["set-cookie"].lower()
    assert PERSON_COOKIE not in client.post("/api/daily/storyfold").headers.get("set-cookie", "")
    from woodlands.web.store import daily_attempts
    with _service(client).db.engine.connect() as conn:
        people = set(conn.execute(sa.select(daily_attempts.c.person)).scalars())
    assert people == {token_hash(cookie)}


def test_bad_names_and_games_are_refused(client: TestClient) -> None:
    _on_day(client)
    assert client.post("/api/daily/nosuchgame").status_code == 404
    assert client.post("/api/daily/tanglewoods", json={"name": "x" * 41}).status_code == 422
    r = client.post("/daily/nosuchgame", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/daily?error=")
    assert "no game" in client.get(r.headers["location"]).text
    g = client.post("/api/daily/tanglewoods", json={"name": "  Rowan\u0007 of   the\nWood "}).json()
    board = client.get("/api/daily").json()
    assert next(x for x in board["games"] if x["game"] == "tanglewoods")["mine"]["name"] == "Rowan of the Wood"
    assert g["id"]


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_the_daily_migration_keeps_the_games_and_goes_down_and_up(db: str, tmp_path: Any, request: Any) -> None:
    url = f"sqlite:///{tmp_path}/old.sqlite3" if db == "sqlite" else str(request.getfixturevalue("fresh_pg_url"))
    engine = store_at(url, "0004")
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO games VALUES ('oldgame001', 'tanglewoods', '{}', '1', '{}', 1, 'a', "
                             "'new', 0, NULL)"))
    assert "daily_attempts" not in sa.inspect(engine).get_table_names()
    engine.dispose()
    migrate(url)
    s = Store(url)
    try:
        assert s.game("oldgame001") is not None
        names = set(sa.inspect(s.engine).get_table_names())
        assert {"daily_attempts", "server_keys"} <= names
        with s.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO daily_attempts (day, game, person, game_id, started) "
                                 "VALUES ('2026-12-06', 'tanglewoods', 'p', 'oldgame001', 1)"))
            with pytest.raises(sa.exc.IntegrityError):          # one attempt per person, game and day
                with conn.begin_nested():
                    conn.execute(sa.text("INSERT INTO daily_attempts (day, game, person, game_id, started) "
                                         "VALUES ('2026-12-06', 'tanglewoods', 'p', 'oldgame001', 2)"))
    finally:
        s.close()
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    from woodlands.web import store as store_module
    from woodlands.web.settings import with_driver
    cfg = Config(str(Path(store_module.__file__).parent / "alembic.ini"))
    cfg.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    cfg.attributes["url"] = with_driver(url)
    command.downgrade(cfg, "0004")
    engine = sa.create_engine(with_driver(url))
    try:
        assert "daily_attempts" not in sa.inspect(engine).get_table_names()
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT id FROM games")).scalars().all() == ["oldgame001"]
    finally:
        engine.dispose()
    command.upgrade(cfg, "head")


def test_the_page_lists_the_day_and_starts_an_attempt(client: TestClient) -> None:
    _on_day(client)
    page = client.get("/daily")
    assert page.status_code == 200 and DAY in page.text
    for game in ("tanglewoods", "storyfold", "cursed-forest"):
        assert f'action="/daily/{game}"' in page.text
    r = client.post("/daily/storyfold", data={"name": "Wren"}, follow_redirects=False)
    gid = r.headers["location"].rsplit("/", 1)[1]
    assert r.status_code == 303 and client.cookies.get(f"woodlands_seat_{gid}")
    page = client.get("/daily").text
    assert f'href="/games/{gid}"' in page and "Continue your attempt" in page
    assert 'action="/daily/storyfold"' not in page
    assert not re.search(r"Today's seed", page)


def test_a_daily_campaign_offers_no_scene_save_between_scenes(client: TestClient) -> None:
    """Storyfold between two scenes: an ordinary table offers the scene save (it holds the decks'
    order and the dice to come); the day's campaign does not, on the page or by its address."""
    _on_day(client)
    g = client.post("/api/daily/storyfold").json()
    key = auth(g["token"])
    body = client.get(f"/api/games/{g['id']}", headers=key).json()
    rng = random.Random(2)
    taken = []
    for _ in range(3000):
        if body["over"] or body["decision"]["kind"] == "scene_break":
            break
        options = body["decision"]["options"]
        taken.append(options[rng.randrange(len(options))]["id"])
        body = client.post(f"/api/games/{g['id']}/choices", headers=key, json={"option": taken[-1], "at": body["at"]}).json()
    assert not body["over"] and body["decision"]["kind"] == "scene_break"
    # the same game at an ordinary table (this test server takes a seed): its page offers the save
    plain = client.post("/api/games", json={"game": "storyfold", "seed": _seed(client, "storyfold")}).json()
    for option in taken:
        at = client.get(f"/api/games/{plain['id']}", headers=auth(plain["seats"][0]["token"])).json()["at"]
        client.post(f"/api/games/{plain['id']}/choices", headers=auth(plain["seats"][0]["token"]),
                    json={"option": option, "at": at})
    client.cookies.set(f"woodlands_seat_{plain['id']}", plain["seats"][0]["token"])
    assert 'id="scene-save"' in client.get(f"/games/{plain['id']}").text
    client.cookies.set(f"woodlands_seat_{g['id']}", g["token"])
    page = client.get(f"/games/{g['id']}")
    assert page.status_code == 200 and 'id="scene-save"' not in page.text
    refused = client.get(f"/games/{g['id']}/scene-save")
    assert refused.status_code == 403 and "daily challenge" in refused.text
    assert str(_seed(client, "storyfold")) not in page.text + refused.text


@pytest.mark.parametrize("game", ["tanglewoods", "storyfold", "cursed-forest"])
def test_every_daily_setup_of_a_game_starts_a_game_of_one_seat(game: str) -> None:
    from woodlands.engine.registry import descriptor
    from woodlands.kit.daily import setups
    from woodlands.web.service import _seat_count, check_options
    found = setups(game)
    assert found and len({words for _, words in found}) == len(found)      # each says which it is
    for options, _ in found:
        checked = check_options(descriptor(game), dict(options))
        assert _seat_count(descriptor(game), checked, None) == 1
        assert not woodlands.load_game(game).new_game(seed=1, options=checked).is_over
