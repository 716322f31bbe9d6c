"""A finished game's analysis in the web app (woodlands/web/analyses.py, analysis_pages.py): the
API's statuses (409 while the game runs, 202 with the progress, then 200), each seat its own
analysis and no other's, stored once and kept over a restart, hints served before the
analysis's chunks (searchpool.Turns), migration 0006, the pages, and a replay board that shows
a seat only what it saw."""
from __future__ import annotations

import asyncio
import random
import re
import time
from typing import Any

import pytest
import sqlalchemy as sa

import woodlands
from woodlands.bots.analysis import analyse
from woodlands.web.analyses import prefix
from woodlands.web.analysis_pages import graph, replay_context
from woodlands.web.pages import templates
from woodlands.web.searchpool import BACKGROUND, URGENT, Turns
from woodlands.web.store import Store, migrate

from .conftest import auth, live_game, make_client, new_game, store_at

#: a short Tanglewoods game (two rounds) and a two-seat Cursed Forest, analysed with 2 samples
SHORT = ("tanglewoods", {"hero": "thorn-warden", "side": "a", "round_limit": 2}, None)
SAMPLES = 2
CF_SHORT = {"players": 2, "turn_limit": 6}


def _client(url: str, **settings: Any) -> Any:
    return make_client(url, search_processes=0, analysis_samples=SAMPLES, events_per_seat=100_000,
                       events_per_game=100_000, **settings)


def _finish(c: Any, g: dict[str, Any], seed: int = 1, stop_before_end: bool = False) -> None:
    """Seeded random choices by whichever seat decides, to the end (or to just before it)."""
    service = c.app.state.games
    rng = random.Random(seed)
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    while True:
        live = live_game(c, g["id"])
        decision = live.state.decision
        if decision is None:
            return
        after = live.state.clone()
        option = rng.choice(decision.options).id
        after.apply(option)
        if stop_before_end and after.is_over:
            return
        c.portal.call(service.choose, g["id"], tokens[decision.player], option, live.number, 0, False)


def _analysed(c: Any, game_id: str, token: str, timeout: float = 120.0) -> tuple[list[dict[str, Any]], Any]:
    """GET the analysis until it is done: the 202 answers seen, and the last answer."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        r = c.get(f"/api/games/{game_id}/analysis", headers=auth(token))
        if r.status_code != 202 or time.monotonic() > deadline:
            return seen, r
        seen.append(r.json())
        time.sleep(0.05)


def test_the_analysis_answers_202_with_its_progress_then_200_and_is_the_terminals(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        token = g["seats"][0]["token"]
        _finish(c, g, stop_before_end=True)
        refused = c.get(f"/api/games/{g['id']}/analysis", headers=auth(token))
        assert refused.status_code == 409 and "not over" in refused.json()["detail"]
        _finish(c, g)
        seen, done = _analysed(c, g["id"], token)
        assert seen and seen[0]["status"] in ("queued", "running") and {"done", "total"} <= seen[0].keys()
        assert all(0 <= s["done"] <= s["total"] or s["total"] == 0 for s in seen)
        assert done.status_code == 200, done.text
        body = done.json()
        record = c.get(f"/api/games/{g['id']}/record", headers=auth(token)).json()
        # the web's analysis of a seat is the terminal's analysis of the record with that seat
        assert body == analyse(record, [0], samples=SAMPLES)
        assert body["decisions"] and all(d["seat"] == 0 for d in body["decisions"])
        assert seen[-1]["total"] == len(body["decisions"])


def test_refusals_as_the_other_routes(client: Any) -> None:
    g = new_game(client, SHORT[0], SHORT[1], seed=3)
    assert client.get(f"/api/games/{g['id']}/analysis").status_code == 401
    assert client.get(f"/api/games/{g['id']}/analysis", headers=auth("x" * 32)).status_code == 403
    assert client.get("/api/games/nosuchgame1/analysis", headers=auth("x" * 32)).status_code == 404


def test_each_seat_gets_its_own_analysis_of_its_own_decisions(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, "cursed-forest", CF_SHORT, seed=2)
        _finish(c, g, seed=2)
        record = c.get(f"/api/games/{g['id']}/record", headers=auth(g["seats"][0]["token"])).json()
        for seat in (0, 1):
            _, done = _analysed(c, g["id"], g["seats"][seat]["token"])
            assert done.status_code == 200, done.text
            body = done.json()
            assert body["seats"] == [seat] and all(d["seat"] == seat for d in body["decisions"])
            assert body == analyse(record, [seat], samples=SAMPLES)
        # two analyses, each stored under its own seat
        db = c.app.state.games.db
        assert db.analysis(g["id"], 0)["seats"] == [0] and db.analysis(g["id"], 1)["seats"] == [1]


def test_an_analysis_is_computed_once_and_kept_over_a_restart(sqlite_url: str, monkeypatch: Any) -> None:
    import woodlands.bots.analysis as core
    calls = []
    judge = core.judge

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return judge(*args, **kwargs)
    monkeypatch.setattr(core, "judge", counted)
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        token = g["seats"][0]["token"]
        _finish(c, g)
        _, first = _analysed(c, g["id"], token)
        made = len(calls)
        assert first.status_code == 200 and made == len(first.json()["decisions"]) > 0
        again = c.get(f"/api/games/{g['id']}/analysis", headers=auth(token))
        assert again.status_code == 200 and again.json() == first.json() and len(calls) == made
        assert c.app.state.games.analyses.computed == 1
    with _client(sqlite_url) as c:            # a restarted server: the stored analysis, at once
        r = c.get(f"/api/games/{g['id']}/analysis", headers=auth(token))
        assert r.status_code == 200 and r.json() == first.json() and len(calls) == made
        assert c.app.state.games.analyses.computed == 0


def test_an_interrupted_analysis_starts_again(sqlite_url: str, monkeypatch: Any) -> None:
    import woodlands.web.analyses as analyses
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        token = g["seats"][0]["token"]
        _finish(c, g)
        slow = analyses._decision_job

        def stuck(*args: Any) -> Any:
            time.sleep(0.3)
            return slow(*args)
        monkeypatch.setattr(analyses, "_decision_job", stuck)
        assert c.get(f"/api/games/{g['id']}/analysis", headers=auth(token)).status_code == 202
        time.sleep(0.5)
    # the server stopped before the analysis was done: nothing stored, and the next asks again
    monkeypatch.setattr(analyses, "_decision_job", slow)
    with _client(sqlite_url) as c:
        assert c.app.state.games.db.analysis(g["id"], 0) is None
        seen, done = _analysed(c, g["id"], token)
        assert seen and seen[0]["done"] == 0 and done.status_code == 200


def test_a_waiting_hint_takes_the_next_free_worker_before_the_analysis() -> None:
    """Turns: one worker busy with an analysis chunk, three more chunks waiting; a hint asked
    after them goes first when the worker is free, then the chunks in the order they asked."""
    served: list[str] = []

    async def run() -> None:
        turns = Turns(1)
        free = asyncio.Event()

        async def job(name: str, priority: int, hold: asyncio.Event | None = None) -> None:
            async with turns.turn(priority):
                served.append(name)
                if hold is not None:
                    await hold.wait()
        first = asyncio.create_task(job("chunk 1", BACKGROUND, free))
        await asyncio.sleep(0.01)
        rest = [asyncio.create_task(job(f"chunk {i}", BACKGROUND)) for i in (2, 3, 4)]
        await asyncio.sleep(0.01)
        hint = asyncio.create_task(job("hint", URGENT))
        await asyncio.sleep(0.01)
        assert served == ["chunk 1"] and turns.waiting() == [URGENT, BACKGROUND, BACKGROUND, BACKGROUND]
        free.set()
        await asyncio.gather(first, hint, *rest)
        assert turns.busy == 0 and turns.waiting() == []
    asyncio.run(run())
    assert served == ["chunk 1", "hint", "chunk 2", "chunk 3", "chunk 4"]


def test_a_turn_given_up_while_waiting_is_passed_on() -> None:
    async def run() -> list[str]:
        turns = Turns(1)
        served: list[str] = []
        free = asyncio.Event()

        async def job(name: str, priority: int, hold: asyncio.Event | None = None) -> None:
            async with turns.turn(priority):
                served.append(name)
                if hold is not None:
                    await hold.wait()
        first = asyncio.create_task(job("a", BACKGROUND, free))
        await asyncio.sleep(0.01)
        gone = asyncio.create_task(job("cancelled", URGENT))
        after = asyncio.create_task(job("b", BACKGROUND))
        await asyncio.sleep(0.01)
        gone.cancel()
        await asyncio.sleep(0.01)
        free.set()
        await asyncio.gather(first, after)
        assert turns.busy == 0
        return served
    assert asyncio.run(run()) == ["a", "b"]


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_migration_0006_adds_the_analyses_and_keeps_the_games(db: str, tmp_path: Any, request: Any) -> None:
    url = f"sqlite:///{tmp_path}/old.sqlite3" if db == "sqlite" else str(request.getfixturevalue("fresh_pg_url"))
    engine = store_at(url, "0005")
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO games VALUES ('oldgame001', 'cursed-forest', '{}', '1', '{}', 2, 'a', "
                             "'new', 0, NULL)"))
    engine.dispose()
    migrate(url)
    s = Store(url)
    try:
        assert s.game("oldgame001") is not None and s.analysis("oldgame001", 0) is None
        assert s.save_analysis("oldgame001", 0, {"summary": {"text": "kept"}})
        assert not s.save_analysis("oldgame001", 0, {"summary": {"text": "second"}})     # the first one stays
        assert s.analysis("oldgame001", 0) == {"summary": {"text": "kept"}} and s.analysis("oldgame001", 1) is None
    finally:
        s.close()


# ---------------------------------------------------------------------- the pages
def _seat_cookie(c: Any, g: dict[str, Any]) -> None:
    c.cookies.set(f"woodlands_seat_{g['id']}", g["seats"][0]["token"])


def test_the_end_screen_and_the_home_page_lead_to_the_analysis(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        _seat_cookie(c, g)
        link = f'href="/games/{g["id"]}/analysis'
        assert link not in c.get(f"/games/{g['id']}").text and link not in c.get("/").text
        page = c.get(f"/games/{g['id']}/analysis")
        assert page.status_code == 409 and "not over" in page.text
        _finish(c, g)
        end = c.get(f"/games/{g['id']}").text
        assert 'id="analyse-link"' in end and link in end and "Analyse the game" in end
        home = c.get("/").text
        assert f'id="analyse-{g["id"]}"' in home and link in home


def test_the_analysis_page_shows_progress_then_the_graph_summary_and_biggest_losses(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        _seat_cookie(c, g)
        _finish(c, g)
        first = c.get(f"/games/{g['id']}/analysis")
        assert first.status_code == 200 and 'id="analysis-progress"' in first.text
        assert f'hx-get="/games/{g["id"]}/analysis?part=progress' in first.text
        deadline = time.monotonic() + 120
        while True:
            part = c.get(f"/games/{g['id']}/analysis?part=progress")
            if part.status_code == 204 or time.monotonic() > deadline:
                break
            assert 'id="analysis-bar"' in part.text
            time.sleep(0.05)
        assert part.status_code == 204 and part.headers["HX-Refresh"] == "true"
        html = c.get(f"/games/{g['id']}/analysis").text
        analysis = c.app.state.games.db.analysis(g["id"], 0)
        assert 'id="analysis-graph"' in html and "<title id=\"graph-title\">The win chance over the game</title>" in html
        assert 'id="graph-desc"' in html and 'class="mine analysis-table"' in html
        summary = re.search(r'<p id="analysis-summary">(.*?)</p>', html, re.S)
        assert summary is not None and summary.group(1).replace("&#39;", "'") == analysis["summary"]["text"]
        rows = re.findall(r'<tr><td><a href="/games/[^/]+/replay\?at=(\d+)', html)
        assert [int(a) for a in rows] == [d["at"] for d in analysis["decisions"]]


def _fake_analysis(decisions: list[dict[str, Any]], biggest: list[int]) -> dict[str, Any]:
    return {"game": "tanglewoods", "pack": {"id": "p", "version": "1"}, "measure": "win chance",
            "assumes": "if you play on as the greedy bot would", "samples": 2, "seats": [0], "decisions": decisions,
            "summary": {"text": "You lost about 30 points.", "biggest": biggest, "total_loss": 0.3, "decisions": 3,
                        "mistakes": 2}}


def _decision(at: int, before: float, chosen: float, best: float, equal: bool = False) -> dict[str, Any]:
    return {"at": at, "seat": 0, "kind": "k", "chosen": f"c{at}", "best": f"b{at}", "chosen_words": f"chose {at}",
            "best_words": f"best {at}", "win_before": before, "win_after_chosen": chosen, "win_after_best": best,
            "loss": round(best - chosen, 4), "about_equal": equal, "where": f"round {at}"}


def test_the_graph_says_what_it_draws_and_links_the_biggest_losses() -> None:
    analysis = _fake_analysis([_decision(3, 0.6, 0.4, 0.6), _decision(7, 0.4, 0.4, 0.41, True),
                               _decision(9, 0.4, 0.3, 0.4)], [3, 9])
    svg = str(graph(analysis, "g1234567", 0))
    assert 'role="group"' in svg and "<title" in svg and "<desc" in svg and "3 decisions" in svg
    assert "60% before the first and 30% after the last" in svg
    assert re.findall(r'href="/games/g1234567/replay\?at=(\d+)', svg) == ["3", "9"]
    assert svg.count("<circle") == 2 and "lost 20 points" in svg and "lost 10 points" in svg


def test_the_biggest_losses_say_chosen_against_best_and_link_their_position(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        _seat_cookie(c, g)
        _finish(c, g)
        fake = _fake_analysis([_decision(3, 0.6, 0.4, 0.6), _decision(7, 0.4, 0.4, 0.41, True),
                               _decision(9, 0.4, 0.3, 0.4)], [3, 9])
        c.app.state.games.db.save_analysis(g["id"], 0, fake)
        html = c.get(f"/games/{g['id']}/analysis").text
        first = html[html.index('id="loss-1"'):html.index("</li>", html.index('id="loss-1"'))]
        assert "round 3" in first and "chose 3" in first and "40%" in first and "best 3" in first and "60%" in first
        assert "20 points lost" in first and f'href="/games/{g["id"]}/replay?at=3&amp;seat=0"' in first
        assert 'id="loss-2"' in html and 'id="loss-3"' not in html


def test_the_replay_board_steps_and_shows_the_decision_read_only(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        _seat_cookie(c, g)
        refused = c.get(f"/games/{g['id']}/replay?at=0")
        assert refused.status_code == 409
        _finish(c, g)
        record = c.get(f"/api/games/{g['id']}/record", headers=auth(g["seats"][0]["token"])).json()
        state = woodlands.load_game(SHORT[0]).new_game(seed=3, options=record["options"])
        places = []
        for i, choice in enumerate(record["choices"]):
            if state.decision is not None and state.decision.player == 0 and len(state.decision.options) > 1:
                places.append(i)
            state.apply(choice)
        at = places[2]
        c.app.state.games.db.save_analysis(g["id"], 0, _fake_analysis([
            {**_decision(at, 0.6, 0.4, 0.6), "chosen": record["choices"][at]}], [at]))
        html = c.get(f"/games/{g['id']}/replay?at={at}").text
        assert f"After {at} of {len(record['choices'])} choices" in html
        assert "<form" not in html[html.index("<main"):] and "<button" not in html[html.index("<main"):]
        assert "(you chose this)" in html and 'id="replay-analysis"' in html and "You lost 20 points" in html
        assert f'id="replay-back" class="button" rel="prev" href="?at={at - 1}' in html
        assert f'id="replay-forward" class="button" rel="next" href="?at={at + 1}' in html
        assert f'id="replay-prev" class="button" href="?at={places[1]}' in html
        assert f'id="replay-next" class="button" href="?at={places[3]}' in html
        assert 'aria-keyshortcuts="ArrowLeft"' in html and '/static/replay.js' in html
        start = c.get(f"/games/{g['id']}/replay?at=0").text
        assert 'id="replay-back"' not in start and 'id="replay-forward"' in start
        end = c.get(f"/games/{g['id']}/replay?at=99999").text
        assert f"After {len(record['choices'])} of" in end and 'id="replay-forward"' not in end


def test_the_replay_board_is_the_seats_own_and_no_other(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, "cursed-forest", CF_SHORT, seed=2, hotseat=True)
        _finish(c, g, seed=2)
        gid = g["id"]
        c.cookies.set(f"woodlands_seat_{gid}", g["seats"][1]["token"])
        html = c.get(f"/games/{gid}/replay?at=20").text
        assert "you are Player 2" in html
        assert c.get(f"/games/{gid}/replay?at=20&seat=0").text == html      # seat 0's secret is not held here
        c.cookies.clear()
        assert c.get(f"/games/{gid}/replay?at=20").status_code == 403


def _replay_html(state: Any, seat: int, at: int) -> str:
    board = {"state": state, "seat": seat, "seats": 2, "at": at, "end": at + 10, "places": [at - 3, at, at + 4],
             "analysis": None, "chosen": None}
    return templates.get_template("replay.html").render(replay_context("g1234567", board))


@pytest.mark.parametrize("game_id,options,seats", [("cursed-forest", {"players": 2}, 2), ("storyfold", {}, 1),
                                                   ("tanglewoods", {"difficulty": 0}, 1)])
def test_the_replay_board_never_shows_a_hidden_fact(game_id: str, options: dict[str, Any], seats: int) -> None:
    """A position and its twin that differs only in what the seat could not know then
    (state.determinize) draw the same replay board for that seat."""
    checked = 0
    state = woodlands.load_game(game_id).new_game(seed=3, options=options)
    rng = random.Random(3)
    for step in range(150):
        if state.is_over:
            break
        if step % 25 == 10:
            for seat in range(seats):
                twin = state.determinize(seat, 1000 + step)
                assert _replay_html(twin, seat, step) == _replay_html(state, seat, step)
                checked += 1
        state.apply(rng.choice(state.decision.options).id)
    assert checked >= 3


def test_a_prefix_of_a_record_replays_to_the_position_after_that_many_choices() -> None:
    from woodlands.engine.game import replay
    state = woodlands.load_game("cursed-forest").new_game(seed=5, options={"players": 2})
    rng = random.Random(5)
    for _ in range(30):
        state.apply(rng.choice(state.decision.options).id)
    record = {**state.record(digest=False), "redraws": [{"at": 10, "seed": 7}, {"at": 25, "seed": 8}]}
    cut = prefix(record, 12)
    assert cut["choices"] == record["choices"][:12] and cut["redraws"] == [{"at": 10, "seed": 7}]
    assert "redraws" not in prefix(state.record(digest=False), 12)
    assert replay(prefix(state.record(digest=False), 12)).choices == state.choices[:12]


def test_an_analysis_that_fails_says_so_once_then_starts_again(sqlite_url: str, monkeypatch: Any) -> None:
    import woodlands.web.analyses as analyses
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        token = g["seats"][0]["token"]
        _finish(c, g)
        works = analyses._decision_job

        def broken(*args: Any) -> Any:
            raise RuntimeError("the worker's disk is full")
        monkeypatch.setattr(analyses, "_decision_job", broken)
        seen, failed = _analysed(c, g["id"], token)
        assert failed.status_code == 503 and "the worker's disk is full" in failed.json()["detail"]
        monkeypatch.setattr(analyses, "_decision_job", works)
        seen, done = _analysed(c, g["id"], token)
        assert seen and done.status_code == 200


def test_a_pruned_game_goes_with_its_analyses(sqlite_url: str) -> None:
    from woodlands.web.limits import prune
    with _client(sqlite_url) as c:
        g = new_game(c, SHORT[0], SHORT[1], seed=3)
        db = c.app.state.games.db
        assert db.save_analysis(g["id"], 0, {"summary": {"text": "kept"}})
        assert prune(c.app.state.games, 0, now=time.time() + 60) == [g["id"]]
        assert db.analysis(g["id"], 0) is None and db.game(g["id"]) is None


def test_in_the_pool_a_hint_goes_before_the_analysis_chunks_already_waiting() -> None:
    """SearchPool(1): three background jobs asked, then an urgent one; the urgent one runs
    second, right after the job that held the worker."""
    from woodlands.web.searchpool import SearchPool
    pool = SearchPool(1)
    ended: list[str] = []

    async def run() -> None:
        async def job(name: str, urgent: bool) -> None:
            if urgent:
                await pool._run(time.sleep, 0.05)
            else:
                await pool.background(time.sleep, 0.3)
            ended.append(name)
        chunks = []
        for i in range(3):
            chunks.append(asyncio.create_task(job(f"chunk {i + 1}", False)))
            await asyncio.sleep(0.05)
        hint = asyncio.create_task(job("hint", True))
        await asyncio.gather(hint, *chunks)
    try:
        asyncio.run(run())
    finally:
        pool.close()
    assert ended == ["chunk 1", "hint", "chunk 2", "chunk 3"]


def test_a_hot_seat_browser_opens_each_of_its_seats_analyses(sqlite_url: str) -> None:
    with _client(sqlite_url) as c:
        g = new_game(c, "cursed-forest", CF_SHORT, seed=2, hotseat=True)
        _finish(c, g, seed=2)
        gid = g["id"]
        c.cookies.set(f"woodlands_seat_{gid}", g["seats"][0]["token"])
        c.cookies.set(f"woodlands_hotseat_{gid}", g["seats"][1]["token"])
        first = c.get(f"/games/{gid}/analysis").text
        assert "The decisions of Player 1" in first and f'id="analysis-seat-1" href="/games/{gid}/analysis?seat=1"' in first
        second = c.get(f"/games/{gid}/analysis?seat=1").text
        assert "The decisions of Player 2" in second and 'id="analysis-seat-0"' in second
        _analysed(c, gid, g["seats"][0]["token"])
        _analysed(c, gid, g["seats"][1]["token"])
        assert c.app.state.games.db.analysis(gid, 1)["seats"] == [1]
