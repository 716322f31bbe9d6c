"""Caps on new games (per client address and in total) and the clean-up of abandoned games
(woodlands/web/limits.py)."""
from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import update

from .conftest import auth, make_client

from woodlands.web.limits import count_games, prune
from woodlands.web.store import events, games


def _api_new(c: Any) -> Any:
    return c.post("/api/games", json={"game": "tanglewoods", "options": {"difficulty": 0}})


def test_one_client_may_start_only_so_many_games(sqlite_url: str) -> None:
    with make_client(sqlite_url, games_per_client=2, client_window=3600) as c:
        assert _api_new(c).status_code == 201
        r = c.post("/new", data={"game": "storyfold"}, follow_redirects=False)      # the home page's form
        assert r.status_code == 303 and r.headers["location"].startswith("/games/")
        refused = _api_new(c)
        assert refused.status_code == 429
        assert "started 2 games in the last hour" in refused.json()["detail"]
        assert 1 <= int(refused.headers["retry-after"]) <= 3600
        page = c.post("/new", data={"game": "storyfold"}, follow_redirects=False)
        assert page.status_code == 429 and "started 2 games in the last hour" in page.text
        assert "<h1>That did not work</h1>" in page.text
        up = c.post("/api/games/import", json={"record": {"format": "storyfold-save"}})
        assert up.status_code == 429
        assert count_games(c.app.state.games) == 2                  # nothing more was made


def test_refused_set_ups_do_not_count(sqlite_url: str) -> None:
    with make_client(sqlite_url, games_per_client=1) as c:
        assert c.post("/api/games", json={"game": "nope"}).status_code == 422
        assert c.post("/new", data={"game": "tanglewoods", "tanglewoods.extra": "bad line"},
                      follow_redirects=False).headers["location"].startswith("/?error=")
        assert _api_new(c).status_code == 201
        assert _api_new(c).status_code == 429


def test_the_server_keeps_at_most_max_games(sqlite_url: str) -> None:
    with make_client(sqlite_url, max_games=2) as c:
        assert _api_new(c).status_code == 201 and _api_new(c).status_code == 201
        r = _api_new(c)
        assert r.status_code == 429 and "holds 2 games, the most it keeps" in r.json()["detail"]
        page = c.post("/new", data={"game": "tanglewoods"}, follow_redirects=False)
        assert page.status_code == 429 and "the most it keeps" in page.text


def test_prune_deletes_games_untouched_for_n_days_and_nothing_else(sqlite_url: str) -> None:
    with make_client(sqlite_url) as c:
        svc = c.app.state.games
        old_unplayed, old_played, recent = (_api_new(c).json() for _ in range(3))
        body = c.get(f"/api/games/{old_played['id']}", headers=auth(old_played["seats"][0]["token"])).json()
        r = c.post(f"/api/games/{old_played['id']}/choices", headers=auth(old_played["seats"][0]["token"]),
                   json={"option": body["decision"]["options"][0]["id"], "at": body["at"]})
        assert r.status_code == 200
        week = time.time() - 8 * 86400
        with svc.db.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id.in_([old_unplayed["id"], old_played["id"]])).values(created=week))
            conn.execute(update(events).where(events.c.game_id == old_played["id"]).values(created=week))
            conn.execute(update(games).where(games.c.id == recent["id"]).values(created=week))  # made long ago ...
        r = c.post(f"/api/games/{recent['id']}/choices", headers=auth(recent["seats"][0]["token"]),   # ... played today
                   json={"option": c.get(f"/api/games/{recent['id']}", headers=auth(recent["seats"][0]["token"]))
                         .json()["decision"]["options"][0]["id"], "at": 0})
        assert r.status_code == 200
        assert prune(svc, 30) == []
        gone = prune(svc, 7)
        assert sorted(gone) == sorted([old_unplayed["id"], old_played["id"]])
        assert count_games(svc) == 1
        for g in (old_unplayed, old_played):                      # gone from memory too
            assert c.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"])).status_code == 404
        assert c.get(f"/api/games/{recent['id']}", headers=auth(recent["seats"][0]["token"])).status_code == 200
        with pytest.raises(ValueError):
            prune(svc, -1)
    assert prune(sqlite_url, 0, now=time.time() + 60) == [recent["id"]]      # by URL, as a script would


def test_serve_takes_prune_days() -> None:
    from woodlands.cli.main import build_parser
    args = build_parser().parse_args(["serve", "--prune-days", "30"])
    assert args.prune_days == 30
    for bad in ("-1", "soon", "nan"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", "--prune-days", bad])


def test_a_window_counts_only_what_is_recent_and_forgets_idle_addresses():
    """The sliding window both limits (games made, hints asked) count with."""
    from woodlands.web.limits import KEEP_CLIENTS, Window
    w = Window(60.0)
    w.add("a", 0.0)
    w.add("a", 30.0)
    assert list(w.recent("a", 61.0)) == [30.0]             # the first is out of the window
    assert not w.recent("a", 91.0) and not w.recent("b", 91.0)
    for i in range(KEEP_CLIENTS):
        w.add(f"c{i}", 0.0)
    w.add("late", 100.0)                                    # over the bound: the idle ones go
    assert list(w.recent("late", 100.0)) == [100.0] and not w.recent("c0", 50.0)
    assert len(w._times) == 1


def test_a_window_sweeps_idle_addresses_at_most_once_a_window() -> None:
    """The creation and hint caps count per client address in a Window.  Past 1,000 addresses it
    forgets the idle ones, but by one sweep a window: a sweep at every request, over thousands
    of addresses all still counting, cost more than the request and dropped nothing.  Idle
    addresses are still forgotten once their window has passed."""
    from woodlands.web.limits import KEEP_CLIENTS, Window

    class Counted(dict):  # type: ignore[type-arg]
        sweeps = 0

        def items(self) -> Any:
            Counted.sweeps += 1
            return super().items()

    window = Window(60.0)
    window._times = Counted()
    for i in range(KEEP_CLIENTS * 3):                     # 3,000 addresses within one window
        window.add(f"10.0.{i // 250}.{i % 250}", 100.0 + i * 0.001)
    assert Counted.sweeps == 1, Counted.sweeps
    assert len(window._times) == KEEP_CLIENTS * 3          # every one still counting
    window.add("192.0.2.1", 200.0)                         # a window later: the idle ones go
    assert Counted.sweeps == 2 and list(window._times) == ["192.0.2.1"]
    assert len(window.recent("10.0.0.1", 200.0)) == 0
