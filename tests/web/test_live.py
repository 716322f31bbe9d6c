"""Live updates through the event stream, on a real server: within one process (SQLite) and
across two processes over PostgreSQL (LISTEN/NOTIFY); `woodlands serve` itself."""
from __future__ import annotations

import json
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from woodlands.web.bench import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]


def stream_states(url: str, headers: dict[str, str], out: "queue.Queue[dict]", stop: threading.Event) -> None:
    try:
        with httpx.Client(timeout=httpx.Timeout(10.0, read=30.0)) as client:
            with client.stream("GET", url, headers=headers) as r:
                assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
                event = None
                for line in r.iter_lines():
                    if stop.is_set():
                        return
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "state":
                        out.put(json.loads(line[6:]))
    except httpx.HTTPError:
        if not stop.is_set():       # the server going away at the end of the test is no fault
            raise


def check_live_updates(writer: ServerProcess, reader: ServerProcess, cookie_join: bool) -> None:
    g = httpx.post(writer.url + "/api/games", json={"game": "cursed-forest", "options": {"players": 2}, "seats": 2,
                                                    "seed": 6}).json()
    # each seat is claimed with its invitation: seat 0 by a program on the writer; seat 1 on the
    # reader (over PostgreSQL another process: the claim reaches the writer through the store)
    t0 = httpx.post(f"{writer.url}/join/{g['id']}", json={"invitation": g["seats"][0]["invitation"]}).json()["token"]
    if cookie_join:                  # a browser: the claim's cookie, no header
        r = httpx.post(f"{reader.url}/join/{g['id']}", data={"invitation": g["seats"][1]["invitation"]},
                       headers={"Origin": reader.url}, follow_redirects=False)
        assert r.status_code == 303
        cookie = r.headers["set-cookie"].split(";", 1)[0]
        headers = {"Cookie": cookie}
        t1 = cookie.split("=", 1)[1]
    else:
        t1 = httpx.post(f"{reader.url}/join/{g['id']}", json={"invitation": g["seats"][1]["invitation"]}).json()["token"]
        headers = {"Authorization": f"Bearer {t1}"}
    got: queue.Queue[dict] = queue.Queue()
    stop = threading.Event()
    t = threading.Thread(target=stream_states, args=(f"{reader.url}/api/games/{g['id']}/events", headers, got, stop),
                         daemon=True)
    t.start()
    first = got.get(timeout=20)
    # the two claims are events of the game: its decisions are numbered after them
    assert first["seat"] == 1 and first["at"] == 2 and first["log_from"] == 0
    sent = len(first["log"])
    for at in range(2, 5):
        body = httpx.get(f"{writer.url}/api/games/{g['id']}", headers={"Authorization": f"Bearer {t0}"}).json()
        token = t0 if body["deciding_seat"] == 0 else t1
        body = httpx.get(f"{writer.url}/api/games/{g['id']}", headers={"Authorization": f"Bearer {token}"}).json()
        start = time.monotonic()
        r = httpx.post(f"{writer.url}/api/games/{g['id']}/choices", headers={"Authorization": f"Bearer {token}"},
                       json={"option": body["decision"]["options"][0]["id"], "at": at})
        assert r.status_code == 200
        update = got.get(timeout=10)
        assert update["at"] == at + 1 and update["seat"] == 1
        # only the log's new events: together they are the seat's whole log
        assert update["log_from"] == sent
        sent += len(update["log"])
        whole = httpx.get(f"{reader.url}/api/games/{g['id']}", headers={"Authorization": f"Bearer {t1}"}).json()
        assert len(whole["log"]) == sent
        assert time.monotonic() - start < 5
    stop.set()
    t.join(0.1)


def test_the_event_stream_tells_a_seat_of_each_change(tmp_path):
    with ServerProcess(f"sqlite:///{tmp_path}/live.sqlite3") as server:
        check_live_updates(server, server, cookie_join=True)
        r = httpx.get(server.url + "/api/games/nosuchgame1/events")
        assert r.status_code == 404


def test_live_updates_cross_processes_over_postgresql(pg_url):
    with ServerProcess(pg_url) as a, ServerProcess(pg_url) as b:
        check_live_updates(a, b, cookie_join=False)


def test_serve_names_port_when_it_is_busy(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "woodlands", "serve", "--port", str(port), "--db",
                            f"sqlite:///{tmp_path}/x.sqlite3"], capture_output=True, text=True, timeout=60,
                           cwd=ROOT, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2
    assert f"port {port}" in r.stderr and "--port" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("db, words", [("nonsense://", "--db"), ("postgresql+psycopg://nobody@127.0.0.1:1/x", "--db")])
def test_serve_explains_a_bad_database(tmp_path, db, words):
    r = subprocess.run([sys.executable, "-m", "woodlands", "serve", "--port", str(free_port()), "--db", db],
                       capture_output=True, text=True, timeout=60, cwd=ROOT,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr


def test_the_terminal_path_does_not_import_the_web_libraries():
    code = ("import sys, woodlands.cli.main, woodlands.cli.commands; "
            "print(sorted(m for m in ('fastapi', 'sqlalchemy', 'uvicorn', 'alembic', 'woodlands.web') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)}).stdout.strip()
    assert out == "[]"
