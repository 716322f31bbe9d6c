"""How a hint's search slows the other requests of a server: ``GET /api/games/{id}`` latency idle
and while one hint searches, with the search in a thread of the server (``search_processes`` 0)
and in a worker process (1), the two servers run alternately in the same minutes:

    PYTHONPATH=$PWD nice -n 5 python benchmarks/hint_latency.py [ROUNDS] [HINT_SECONDS]

(default 3 rounds of a 3 s hint).  Each round starts a server of each kind (``python -m
woodlands.web.serve``, SQLite in a temporary folder), makes a 2-seat Cursed Forest game with a
few choices in it, asks one hint first (so a process pool is started and warm, as on a server
that has given hints before), then times GETs of the game one after another, 10 ms apart:
for HINT_SECONDS with nothing else going on ("idle"), then while a hint of HINT_SECONDS searches
("hint").  Prints p50, p99 and max in milliseconds, and how many GETs were timed."""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time

import httpx

from woodlands.web.bench import ServerProcess


def timed_gets(client: httpx.Client, url: str, headers: dict[str, str], seconds: float) -> list[float]:
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t = time.perf_counter()
        r = client.get(url, headers=headers)
        out.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 200, r.text
        time.sleep(0.01)
    return out


def figures(ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return f"p50 {statistics.median(ms):6.2f}  p99 {p99:6.2f}  max {ms[-1]:6.1f} ms  (n={len(ms)})"


def one(processes: int, seconds: float) -> tuple[list[float], list[float], dict[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, WOODLANDS_SEARCH_PROCESSES=str(processes))
        with ServerProcess(f"sqlite:///{tmp}/hints.sqlite3", env=env) as server, httpx.Client(timeout=60) as c:
            g = c.post(server.url + "/api/games", json={"game": "cursed-forest", "options": {"players": 2},
                                                        "seats": 2, "seed": 3}).json()
            url = f"{server.url}/api/games/{g['id']}"
            seats = [{"Authorization": f"Bearer {s['token']}"} for s in g["seats"]]
            for _ in range(8):                      # a few choices in, by whoever decides
                body = c.get(url, headers=seats[0]).json()
                me = seats[body["deciding_seat"]]
                body = c.get(url, headers=me).json()
                c.post(url + "/choices", headers=me, json={"option": body["decision"]["options"][0]["id"],
                                                            "at": body["at"]})
            body = c.get(url, headers=seats[0]).json()
            decider, watcher = seats[body["deciding_seat"]], seats[1 - body["deciding_seat"]]
            assert c.get(url + "/hint", headers=decider, params={"iterations": 5}).status_code == 200   # warm
            idle = timed_gets(c, url, watcher, seconds)
            answer: dict[str, object] = {}

            def ask() -> None:
                with httpx.Client(timeout=60) as other:
                    answer.update(other.get(url + "/hint", headers=decider, params={"seconds": seconds}).json())
            t = threading.Thread(target=ask)
            t.start()
            time.sleep(0.05)
            busy = timed_gets(c, url, watcher, seconds - 0.1)
            t.join()
            return idle, busy, answer


def main(rounds: int, seconds: float) -> None:
    kinds = {0: "thread ", 1: "process"}
    runs: dict[int, tuple[list[float], list[float]]] = {0: ([], []), 1: ([], [])}
    for r in range(rounds):
        for processes in (0, 1) if r % 2 == 0 else (1, 0):
            load = os.getloadavg()[0]
            idle, busy, answer = one(processes, seconds)
            runs[processes][0].extend(idle)
            runs[processes][1].extend(busy)
            print(f"{time.strftime('%H:%M:%S')} round {r + 1} {kinds[processes]} load {load:4.1f}\n"
                  f"   idle: {figures(idle)}\n   hint: {figures(busy)}  (the hint: {answer.get('iterations')} "
                  f"iterations in {answer.get('seconds')} s)", flush=True)
    print("all rounds:")
    for processes in (0, 1):
        print(f"  {kinds[processes]} idle: {figures(runs[processes][0])}\n  {kinds[processes]} hint: "
              f"{figures(runs[processes][1])}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, float(sys.argv[2]) if len(sys.argv) > 2 else 3.0)
