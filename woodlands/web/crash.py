"""The crash drill: scripted players on 127.0.0.1 while the server is killed with SIGKILL at
random moments and restarted; afterwards every decision a player saw accepted must be in the
store and every game must resume.  tests/web/test_crash.py runs a short one (seeded);
``python -m woodlands.web.crash SECONDS`` a longer one (benchmarks/README says how)."""
from __future__ import annotations

import json
import random
import signal
import sys
import tempfile
import threading
import time
from typing import Any

from .bench import ServerProcess


def _player(base: str, game: dict[str, Any], seed: int, stop: threading.Event,
            accepted: list[tuple[str, int, str]], counts: dict[str, int], lock: threading.Lock) -> None:
    import httpx
    rng = random.Random(seed)
    tokens = [s["token"] for s in game["seats"]]
    url = f"/api/games/{game['id']}"
    with httpx.Client(timeout=5.0) as client:
        while not stop.is_set():
            try:
                body = client.get(base + url, headers={"Authorization": f"Bearer {tokens[0]}"}).json()
                if body["over"]:
                    return
                token = tokens[body["deciding_seat"] or 0]
                if body["deciding_seat"]:
                    body = client.get(base + url, headers={"Authorization": f"Bearer {token}"}).json()
                option = rng.choice(body["decision"]["options"])["id"]
                r = client.post(base + url + "/choices", headers={"Authorization": f"Bearer {token}"},
                                json={"option": option, "at": body["at"]})
            except (httpx.HTTPError, ValueError, KeyError, TypeError):
                with lock:
                    counts["interrupted"] += 1     # the server went down: the answer is unknown
                stop.wait(0.05)
                continue
            with lock:
                if r.status_code == 200:
                    accepted.append((game["id"], body["at"], option))
                else:
                    counts[f"refused_{r.status_code}"] = counts.get(f"refused_{r.status_code}", 0) + 1


def run_crash(db: str | None = None, seconds: float = 15.0, games: int = 4, seed: int = 1,
              kill_every: tuple[float, float] = (0.3, 1.2), min_kills: int = 2, game: str | None = None
              ) -> dict[str, Any]:
    """Play ``games`` games of ``game`` (default: the one for the most players, at tables of
    one and of two seats) for ``seconds`` while killing the server now and then; returns the
    figures, with ``lost`` (accepted decisions missing from the store) and ``not_resumed``."""
    import httpx

    from .settings import most_players_game
    from .store import Store
    game = game or most_players_game()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="woodlands-crash-") as tmp:
        url = db or f"sqlite:///{tmp}/crash.sqlite3"
        server = ServerProcess(url).start()
        created = []
        for i in range(games):
            options = {"players": 2} if i % 2 else {"players": 1}
            # hot-seat: one scripted player holds every seat (no invitation to claim)
            r = httpx.post(server.url + "/api/games", json={"game": game, "options": options,
                                                            "seed": seed * 1000 + i, "hotseat": True}, timeout=10)
            r.raise_for_status()
            created.append(r.json())
        accepted: list[tuple[str, int, str]] = []
        counts: dict[str, int] = {"interrupted": 0}
        lock = threading.Lock()
        stop = threading.Event()
        players = [threading.Thread(target=_player, args=(server.url, g, seed * 7 + k, stop, accepted, counts, lock))
                   for k, g in enumerate(created)]
        for p in players:
            p.start()
        kills = 0
        restart_s: list[float] = []
        until = time.monotonic() + seconds
        try:
            while time.monotonic() < until or kills < min_kills:
                time.sleep(rng.uniform(*kill_every))
                server.kill(signal.SIGKILL)
                kills += 1
                t0 = time.monotonic()
                server = ServerProcess(url, port=server.port).start(timeout=60)   # the same address
                restart_s.append(time.monotonic() - t0)
        finally:
            stop.set()
            for p in players:
                p.join(10)
        server.kill(signal.SIGKILL)     # once more, after the players stopped
        # afterwards: a fresh server; every accepted decision is stored, every game resumes
        server = ServerProcess(url, port=server.port).start(timeout=60)
        try:
            store = Store(url)
            lost = []
            stored = 0
            for game_id, at, option in accepted:
                events = {e.number: e for e in store.events(game_id, at)}
                ev = events.get(at)
                if ev is None or ev.kind != "choice" or ev.option != option:
                    lost.append((game_id, at, option))
            for g in created:
                stored += len(store.events(g["id"]))
            store.close()
            not_resumed = []
            with httpx.Client(timeout=10.0) as client:
                for g in created:
                    tokens = [s["token"] for s in g["seats"]]
                    body = client.get(f"{server.url}/api/games/{g['id']}",
                                      headers={"Authorization": f"Bearer {tokens[0]}"}).json()
                    if body["over"]:
                        continue
                    token = tokens[body["deciding_seat"] or 0]
                    body = client.get(f"{server.url}/api/games/{g['id']}", headers={"Authorization": f"Bearer {token}"}).json()
                    r = client.post(f"{server.url}/api/games/{g['id']}/choices", headers={"Authorization": f"Bearer {token}"},
                                    json={"option": body["decision"]["options"][0]["id"], "at": body["at"]})
                    if r.status_code != 200:
                        not_resumed.append(g["id"])
        finally:
            server.kill(signal.SIGTERM)
    return {"seconds": seconds, "games": games, "kills_during_play": kills, "accepted": len(accepted), "stored_events": stored,
            "interrupted_requests": counts["interrupted"],
            "refused": {k: v for k, v in counts.items() if k.startswith("refused")},
            "restart_s_max": round(max(restart_s, default=0.0), 2), "lost": len(lost), "lost_list": lost[:10],
            "not_resumed": not_resumed}


if __name__ == "__main__":
    print(json.dumps(run_crash(seconds=float(sys.argv[1]) if len(sys.argv) > 1 else 60.0,
                               games=int(sys.argv[2]) if len(sys.argv) > 2 else 8), indent=2))
