"""Searches in worker processes (woodlands/web/searchpool.py): the answer is exactly the one the
search gives in this process, a worker rebuilds positions exactly (from scratch and from the
last one it rebuilt), a worker that dies gives 503 and a new pool, search-bot seats play the
same moves either way, and the setting.  Tiny iteration budgets."""
from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
import time

import pytest

import woodlands
from woodlands.bots.base import get_bot
from woodlands.bots.hints import hint
from woodlands.bots.ismcts import Budget
from woodlands.engine.game import replay
from woodlands.web.searchpool import Position, SearchCrashed, SearchPool, rebuild
from woodlands.web.hints import hint_seed
from woodlands.web.settings import SEARCH_PROCESSES_ENV, Settings

from .conftest import auth, deciding_token, live_game, make_client, new_game
from .test_api import play, stored_events


def _played(game: str, options: dict, seed: int, moves: int) -> woodlands.GameState:
    """A position at least ``moves`` choices into a game played by greedy bots, at a decision
    of three options or more (so that a search has something to weigh), before its end."""
    state = woodlands.load_game(game).new_game(seed=seed, options=options)
    bots: dict[int, object] = {}
    for made in range(moves + 200):
        decision = state.decision
        if decision is None or (made >= moves and len(decision.options) >= 3):
            break
        bot = bots.setdefault(decision.player, get_bot("greedy", decision.player, game=game))
        after = state.clone()
        after.apply(bot.choose(state))      # type: ignore[attr-defined]
        if after.decision is None:
            break
        state = after
    return state


POSITIONS = [("cursed-forest", {"players": 2}, 3, 60), ("storyfold", {"scene_limit": 6}, 4, 40),
             ("tanglewoods", {"difficulty": 5, "hero": "thorn-warden"}, 2, 30)]


@pytest.fixture(scope="module")
def pool():
    p = SearchPool(1)
    yield p
    p.close()


@pytest.mark.parametrize("game,options,seed,moves", POSITIONS)
def test_a_workers_hint_is_exactly_the_one_searched_here(pool, game, options, seed, moves):
    state = _played(game, options, seed, moves)
    seat = state.decision.player
    for search_seed in (1, 2):
        here = hint(state, seat, seed=search_seed, budget=25)
        there = asyncio.run(pool.hint(state, seat, search_seed, Budget.parse(25)))
        assert there == here and here and here[0].samples == 25
    # and the figures say something: values of played games and their gaps (else equality is cheap)
    assert [(h.value, h.gap, h.gap_error, h.text(k)) for k, h in enumerate(there, 1)] == \
        [(h.value, h.gap, h.gap_error, h.text(k)) for k, h in enumerate(here, 1)]
    assert any(h.value > 0 for h in here) or all(h.gap == 0 for h in here)


def test_a_worker_rebuilds_the_exact_state_from_scratch_and_from_the_last_one():
    """rebuild() gives what replay gives: the same view for every seat, log, choices, generator,
    whether it starts from the game's start or from a state it rebuilt for fewer choices; and
    after an undo (fewer choices than the kept state) it starts again."""
    state = _played("cursed-forest", {"players": 2}, 7, 80)
    record = state.record(digest=False)

    def same(a, b):
        assert a.choices == b.choices and a.rng.state == b.rng.state and a.log == b.log
        assert a.chance_floor == b.chance_floor and a.is_over == b.is_over
        assert all(a.view(s) == b.view(s) for s in range(2)) and a.decision == b.decision

    short = dict(record, choices=record["choices"][:50])
    same(rebuild(Position(short, None)), replay(short))                 # from scratch
    same(rebuild(Position(record, None)), replay(record))               # from the 50-choice state
    same(rebuild(Position(short, None)), replay(short))                 # shorter again: from scratch
    kept = rebuild(Position(record, None))
    kept.apply(kept.decision.options[0].id)                             # a search may change what it gets
    same(rebuild(Position(record, None)), replay(record))               # not what the worker keeps


def test_a_worker_never_mistakes_a_redrawn_game_for_its_record():
    """Two tables made from one record, one of them redrawn (a table of several seats made
    from an upload), have the same seed, options and first choices: the worker rebuilds each as
    it is, never one from the state it kept of the other."""
    state = _played("cursed-forest", {"players": 2}, 7, 40)
    plain = state.record(digest=False)
    redrawn = state.clone()
    redrawn.redraw_unseen(99)
    for _ in range(10):
        state.apply(state.decision.options[0].id)
        redrawn.apply(redrawn.decision.options[0].id)
    for first, then in ((plain, redrawn.record(digest=False)), (redrawn.record(digest=False), state.record(digest=False))):
        rebuild(Position(first, None))
        again = rebuild(Position(then, None))
        assert again.record(digest=False) == then and again.log == replay(then).log


def test_the_api_gives_from_a_worker_the_hint_searched_here(sqlite_url):
    """GET /hint through a worker: exactly hint() in this process on the live position, with the
    seed the service derives (hint_seed: the game's id and the decision's number)."""
    with make_client(sqlite_url, search_processes=1) as c:
        g = new_game(c, options={"players": 2}, seats=2, seed=9)
        play(c, g, 12, random.Random(9))
        token, body = deciding_token(c, g)
        r = c.get(f"/api/games/{g['id']}/hint", headers=auth(token), params={"iterations": 30})
        assert r.status_code == 200, r.text
        assert c.app.state.games.searches.pids()                  # it did run in a worker
        live = live_game(c, g["id"])
        here = hint(live.state, body["seat"], seed=hint_seed(g["id"], body["at"]), budget=30)
        assert [(h["option"], h["gap"], h["value"], h["words"]) for h in r.json()["hints"]] == \
               [(h.option_id, h.gap, h.value, h.words) for h in here]


def test_a_worker_killed_mid_search_gives_503_and_the_next_hint_a_new_pool(sqlite_url):
    with make_client(sqlite_url, search_processes=1) as c:
        g = new_game(c, "cursed-forest", {"players": 1}, seed=2)
        token, body = deciding_token(c, g)
        searches = c.app.state.games.searches
        answers = []
        t = threading.Thread(target=lambda: answers.append(
            c.get(f"/api/games/{g['id']}/hint", headers=auth(token), params={"seconds": 3})))
        started = time.monotonic()
        t.start()
        while not searches.pids() and time.monotonic() - started < 30:
            time.sleep(0.01)
        time.sleep(0.5)                     # the worker has its imports and is searching
        os.kill(searches.pids()[0], signal.SIGKILL)
        t.join()
        assert time.monotonic() - started < 3       # told at once, not after the search's 3 s
        r = answers[0]
        assert r.status_code == 503 and r.headers["content-type"].startswith("application/json")
        assert r.json() == {"detail": "the search process stopped before it answered; nothing was changed, "
                                      "ask again", "at": body["at"]}
        assert len(stored_events(c, g["id"])) == 0
        again = c.get(f"/api/games/{g['id']}/hint", headers=auth(token), params={"iterations": 10})
        assert again.status_code == 200 and searches.started == 2


def test_search_bot_seats_play_the_same_moves_in_a_worker_as_in_a_thread(tmp_path):
    """A table whose seat 1 is the ismcts bot: the same person's choices give the same bot
    moves on both paths (the bot, with what it remembers, goes to the worker and back)."""
    moves = []
    for processes in (0, 1):
        with make_client(f"sqlite:///{tmp_path}/{processes}.sqlite3", search_processes=processes,
                         hint_slots=1) as c:
            g = new_game(c, options={"players": 2}, seats=2, seed=4)
            assert c.put(f"/api/games/{g['id']}/seats/1/bot", headers=auth(g["admin_token"]),
                         json={"bot": "ismcts"}).status_code == 200
            svc = c.app.state.games
            me = auth(g["seats"][0]["token"])
            rng = random.Random(4)
            for _ in range(40):
                c.portal.call(svc.bots.wait)
                body = c.get(f"/api/games/{g['id']}", headers=me).json()
                c.portal.call(svc.bots.wait)
                body = c.get(f"/api/games/{g['id']}", headers=me).json()
                if body["over"] or body["decision"] is None:
                    break
                option = rng.choice(body["decision"]["options"])["id"]
                assert c.post(f"/api/games/{g['id']}/choices", headers=me,
                              json={"option": option, "at": body["at"]}).status_code == 200
                if sum(e.by_bot for e in stored_events(c, g["id"])) >= 4:
                    break
            c.portal.call(svc.bots.wait)
            assert bool(svc.searches.pids()) == bool(processes)     # the bot searched in a worker
            moves.append([(e.number, e.option) for e in stored_events(c, g["id"]) if e.by_bot])
    assert len(moves[0]) >= 4 and moves[0] == moves[1]


def test_the_setting_and_its_environment_variable(monkeypatch):
    monkeypatch.delenv(SEARCH_PROCESSES_ENV, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert Settings().search_process_count() == 1           # two cores: one for the server
    monkeypatch.setenv(SEARCH_PROCESSES_ENV, "3")
    assert Settings().search_process_count() == 3
    assert Settings(search_processes=0).search_process_count() == 0           # the setting wins
    monkeypatch.setenv(SEARCH_PROCESSES_ENV, "many")
    with pytest.raises(ValueError, match=SEARCH_PROCESSES_ENV):
        Settings().search_process_count()
    with pytest.raises(ValueError, match="search_processes"):
        Settings(search_processes=-1).search_process_count()


@pytest.mark.parametrize("cores, slots, processes", [(None, 2, 1), (1, 2, 1), (2, 2, 1), (3, 2, 2), (8, 2, 2),
                                                     (8, 4, 4), (8, 16, 7), (4, 0, 1)])
def test_by_default_a_process_per_hint_slot_leaving_a_core_to_the_server(monkeypatch, cores, slots, processes):
    """A second hint asked at once is searched beside the first when the machine has a core to
    spare for it (it used to wait for the one process whatever the machine)."""
    monkeypatch.delenv(SEARCH_PROCESSES_ENV, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert Settings(hint_slots=slots).search_process_count() == processes


def test_no_process_starts_before_the_first_search_nor_on_the_thread_path(sqlite_url):
    for processes in (0, 1):
        with make_client(sqlite_url, search_processes=processes) as c:
            g = new_game(c, "cursed-forest", {"players": 1}, seed=3)
            assert c.app.state.games.searches.pids() == []
            token, _ = deciding_token(c, g)
            assert c.get(f"/api/games/{g['id']}/hint", headers=auth(token),
                         params={"iterations": 5}).status_code == 200
            workers = c.app.state.games.searches.pids()
            assert bool(workers) == bool(processes)
        assert c.app.state.games.searches.pids() == []          # stopped with the service
        deadline = time.monotonic() + 10
        while workers and time.monotonic() < deadline:
            workers = [pid for pid in workers if _alive(pid)]
            time.sleep(0.05)
        assert workers == []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_serve_refuses_a_search_processes_variable_that_is_not_a_number(monkeypatch, tmp_path):
    from woodlands.web.serve import ServeError, serve
    monkeypatch.setenv(SEARCH_PROCESSES_ENV, "two")
    with pytest.raises(ServeError, match=f"\\${SEARCH_PROCESSES_ENV} is a number of processes from 0"):
        serve("127.0.0.1", 0, f"sqlite:///{tmp_path}/w.sqlite3", quiet=True)


class _DiesOnce(SearchPool):
    """A pool whose first bot search ends as if its worker had died."""

    def __init__(self) -> None:
        super().__init__(0)
        self.failed = 0

    async def choose(self, bot, state):
        if not self.failed:
            self.failed += 1
            raise SearchCrashed("the search process stopped before it answered")
        return await super().choose(bot, state)


def test_a_bot_whose_search_process_dies_moves_at_the_next_request(sqlite_url):
    with make_client(sqlite_url) as c:
        svc = c.app.state.games
        svc.searches = _DiesOnce()
        g = new_game(c, options={"players": 2}, seats=2, seed=4)
        me = auth(g["seats"][0]["token"])
        body = c.get(f"/api/games/{g['id']}", headers=me).json()
        # hand the seat that decides to the search bot: its first search dies
        bot_seat = body["deciding_seat"]
        assert c.put(f"/api/games/{g['id']}/seats/{bot_seat}/bot", headers=auth(g["admin_token"]),
                     json={"bot": "ismcts"}).status_code == 200
        c.portal.call(svc.bots.wait)
        assert svc.searches.failed == 1 and not any(e.by_bot for e in stored_events(c, g["id"]))
        c.get(f"/api/games/{g['id']}", headers=me)          # any request about the game sets it going
        c.portal.call(svc.bots.wait)
        assert any(e.by_bot for e in stored_events(c, g["id"]))


def test_workers_are_never_forked_from_the_threaded_server():
    from woodlands.web.searchpool import _context
    assert _context().get_start_method() in ("forkserver", "spawn")


@pytest.mark.parametrize("game,options,seed,moves", POSITIONS)
def test_a_search_bot_goes_to_a_worker_and_back_in_every_game(pool, game, options, seed, moves):
    """The bot object crosses to the worker and back (pickled) after it has played, and chooses
    there what it chooses here; what it brings back is what it would hold here."""
    state = _played(game, options, seed, moves)
    here = get_bot("ismcts", 5, game=game, budget="15")
    there = get_bot("ismcts", 5, game=game, budget="15")
    for _ in range(3):
        if state.decision is None:
            break
        option = here.choose(state)
        theirs, there = asyncio.run(pool.choose(there, state))
        assert theirs == option
        assert (there.searches, there.search_iterations, there._seen) == (here.searches, here.search_iterations, here._seen)
        state = state.clone()
        state.apply(option)


SERVER_KILLED = """
import asyncio, os, signal, sys
import woodlands
from woodlands.bots.ismcts import Budget
from woodlands.web.searchpool import SearchPool
if __name__ == "__main__":
    pool = SearchPool(1)
    state = woodlands.load_game("tanglewoods").new_game(seed=1)
    asyncio.run(pool.hint(state, 0, 1, Budget.parse(3)))
    print(" ".join(map(str, pool.pids())), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)      # as kill -9 or the out-of-memory killer end a server
"""


def test_the_workers_of_a_server_killed_outright_end_too(tmp_path):
    # a worker is the forkserver's child and holds both ends of its own job pipe: a server killed
    # with SIGKILL left its workers (and through them the forkserver and the resource tracker)
    # waiting for ever; each now watches its server and ends soon after it
    import subprocess
    import sys
    from pathlib import Path
    script = tmp_path / "server.py"
    script.write_text(SERVER_KILLED, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(root)})
    assert run.returncode == -signal.SIGKILL, run.stderr
    workers = [int(p) for p in run.stdout.split()]
    assert workers

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().split(") ")[1][0] != "Z"     # (a zombie has ended)
        except FileNotFoundError:
            return False
    deadline = time.monotonic() + 20
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(p) for p in workers), "a search worker outlived its server"


def test_the_game_page_starts_the_workers_before_the_first_hint(tmp_path):
    """A fresh server starts its search workers when a game page is first drawn, so the first
    hint does not wait for them; the thread path (0 processes) has none to start."""
    assert not SearchPool(0).cold
    with make_client(f"sqlite:///{tmp_path}/w.sqlite3", search_processes=1) as c:
        searches = c.app.state.games.searches
        g = new_game(c, "tanglewoods", {"hero": "thorn-warden", "round_limit": 40})
        assert searches.cold and not searches.pids()
        c.cookies.set(f"woodlands_seat_{g['id']}", g["seats"][0]["token"])
        assert c.get(f"/games/{g['id']}").status_code == 200
        started = time.monotonic()
        while not searches.pids() and time.monotonic() - started < 30:
            time.sleep(0.05)
        assert searches.pids() and not searches.cold and searches.started == 1
        c.get(f"/games/{g['id']}")
        assert searches.started == 1                # once
