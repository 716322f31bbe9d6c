"""How long a hint takes with its default budget, per game: ``hint()`` in this process (wall and
CPU seconds, and the samples it got) and ``GET /api/games/{id}/hint`` through the web app's worker
process (the whole answer, the first hint of a fresh server included):

    PYTHONPATH=$PWD python benchmarks/hint_time.py [HINTS]

(default 5 hints a game, at positions a few random moves apart; seeds fixed).  The web part uses
an in-process app (FastAPI's TestClient, SQLite in a temporary folder) with the default settings,
so hints run in a worker process as on a server."""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from typing import Any

import woodlands
from woodlands.bots.hints import hint

CASES: list[tuple[str, dict[str, Any]]] = [("tanglewoods", {"difficulty": 5, "hero": "thorn-warden"}),
                                           ("cursed-forest", {"players": 1}), ("storyfold", {})]


def in_process(count: int) -> None:
    for game_id, options in CASES:
        state = woodlands.load_game(game_id).new_game(seed=3, options=options)
        rng = random.Random(3)
        cpu, wall, samples = [], [], []
        for k in range(count):
            for _ in range(rng.randint(3, 12)):
                if state.is_over:
                    break
                state.apply(rng.choice(state.decision.options).id)
            if state.is_over:
                break
            t, c = time.perf_counter(), time.process_time()
            found = hint(state, state.decision.player, seed=k)
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            samples.append(found[0].samples)
        print(f"hint() {game_id}: wall {min(wall):.2f}-{max(wall):.2f} s, cpu {min(cpu):.2f}-{max(cpu):.2f} s, "
              f"samples {samples}", flush=True)


def through_the_web(count: int) -> None:
    from fastapi.testclient import TestClient

    from woodlands.web.app import create_app
    from woodlands.web.settings import Settings
    with tempfile.TemporaryDirectory() as folder, \
            TestClient(create_app(Settings(db_url=f"sqlite:///{folder}/w.sqlite3", allow_seed=True))) as c:
        for game_id, options in CASES:
            g = c.post("/api/games", json={"game": game_id, "options": options, "seed": 3, "hotseat": True}).json()
            rng = random.Random(3)
            times, samples = [], []

            def deciding(g: dict[str, Any] = g) -> tuple[dict[str, str], dict[str, Any]]:
                first = c.get(f"/api/games/{g['id']}", headers={"Authorization": f"Bearer {g['seats'][0]['token']}"}).json()
                token = g["seats"][first["deciding_seat"] or 0]["token"]
                me = {"Authorization": f"Bearer {token}"}
                return me, c.get(f"/api/games/{g['id']}", headers=me).json()
            for _ in range(count):
                for _ in range(rng.randint(1, 4)):
                    me, body = deciding()
                    if body.get("decision") is None:
                        break
                    option = rng.choice(body["decision"]["options"])["id"]
                    c.post(f"/api/games/{g['id']}/choices", headers=me, json={"option": option, "at": body["at"]})
                me, body = deciding()
                if body.get("decision") is None:
                    break
                t = time.perf_counter()
                r = c.get(f"/api/games/{g['id']}/hint", headers=me)
                times.append(time.perf_counter() - t)
                assert r.status_code == 200, r.text
                samples.append(r.json()["samples"])
            print(f"GET hint {game_id}: {[round(x, 2) for x in times]} s (median {statistics.median(times):.2f}), "
                  f"samples {samples}", flush=True)


if __name__ == "__main__":      # (the worker processes import this file again: nothing runs then)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    in_process(n)
    through_the_web(n)
