"""``woodlands bench-web``: N scripted games at once against local server processes; the
choices per second and the p50/p99 latency of ``POST /api/games/{id}/choices``.

:class:`ServerProcess` (one ``uvicorn`` server in a subprocess on 127.0.0.1) is shared with
the crash test (tests/web/test_crash.py).  A player takes a random option of its decision,
starts a new game when one ends, and sends its requests to the processes in turn, so with two
processes every game crosses between them (each process catches up from the database).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .serve import ServeError


def _dumps(body: Any) -> bytes:
    import orjson                       # the players' CPU shares the machine with the server's: keep it light
    return orjson.dumps(body)


def _loads(data: bytes) -> Any:
    import orjson
    return orjson.loads(data)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m woodlands.web.serve PORT DB`` in a subprocess (seeds allowed, quiet)."""

    def __init__(self, db: str, port: int | None = None, env: dict[str, str] | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> "ServerProcess":
        env = dict(os.environ if self.env is None else self.env)
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen([sys.executable, "-m", "woodlands.web.serve", str(self.port), self.db],
                                     env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float) -> None:
        import httpx
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise ServeError(f"the server on port {self.port} exited ({self.proc.returncode}): {err[-2000:]}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.kill()
        raise ServeError(f"the server on port {self.port} did not answer within {timeout:.0f} s")

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (Linux /proc), or NaN."""
        try:
            assert self.proc is not None
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError, AssertionError):
            return float("nan")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()

    def __enter__(self) -> "ServerProcess":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.kill(signal.SIGTERM)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _Conn:
    """A minimal HTTP/1.1 keep-alive client over asyncio streams: the scripted players' client,
    light enough that the figures are the server's rather than the client's (httpx costs
    several milliseconds of CPU per request on this machine)."""

    def __init__(self, url: str) -> None:
        host, _, port = url.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else _dumps(body)
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, _loads(payload) if payload else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def _player(urls: list[str], game: str, options: dict[str, Any], seed: int, until: float,
                  latencies: list[float], counts: dict[str, int], think: float) -> None:
    rng = random.Random(seed)
    conns = [_Conn(u) for u in urls]
    turn = seed
    try:
        while time.monotonic() < until:
            status, created = await conns[turn % len(conns)].request(
                "POST", "/api/games", {"game": game, "options": options, "seed": seed})
            if status != 201:
                raise ServeError(f"bench-web: creating a game answered {status}: {created}")
            token = created["seats"][0]["token"]
            path = f"/api/games/{created['id']}"
            _, body = await conns[turn % len(conns)].request("GET", path, token=token)
            counts["games"] += 1
            log = len(body["log"])
            while not body["over"] and time.monotonic() < until:
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                turn += 1
                option = rng.choice(body["decision"]["options"])["id"]
                conn = conns[turn % len(conns)]
                t0 = time.perf_counter()
                status, answer = await conn.request("POST", f"{path}/choices?log_from={log}",
                                                    {"option": option, "at": body["at"]}, token)
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    counts["refused"] += 1
                    _, body = await conn.request("GET", path, token=token)
                    log = len(body["log"])
                    continue
                body = answer
                log += len(body["log"])
            seed += 1000
    finally:
        for c in conns:
            c.close()


async def _run(urls: list[str], games: int, seconds: float, game: str, think: float) -> dict[str, Any]:
    latencies: list[float] = []
    counts = {"games": 0, "refused": 0}
    options: dict[str, Any] = {}      # each game's defaults: one seat
    until = time.monotonic() + seconds
    start = time.perf_counter()
    cpu0 = time.process_time()
    await asyncio.gather(*(_player(urls, game, options, i + 1, until, latencies, counts, think) for i in range(games)))
    elapsed = time.perf_counter() - start
    client_cpu = time.process_time() - cpu0
    return {"client_cpu_ms_per_choice": round(client_cpu * 1000 / max(1, len(latencies)), 2),
            "choices": len(latencies), "seconds": round(elapsed, 2), "choices_per_s": round(len(latencies) / elapsed, 1),
            "p50_ms": round(percentile(latencies, 0.50) * 1000, 2), "p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
            "max_ms": round(max(latencies, default=0.0) * 1000, 2), "games_started": counts["games"],
            "refused": counts["refused"]}


def bench_web(games: int = 20, seconds: float = 10.0, processes: int = 1, db: str | None = None,
              game: str | None = None, json_path: str | None = None, think: float = 0.0) -> int:
    from .serve import need_web_extra
    from .settings import most_players_game
    need_web_extra()
    game = game or most_players_game()
    with tempfile.TemporaryDirectory(prefix="woodlands-bench-web-") as tmp:
        url = db or f"sqlite:///{tmp}/bench.sqlite3"
        if processes > 1 and url.startswith("sqlite"):
            raise ServeError("several server processes share one database: give --db postgresql+psycopg://...")
        servers = [ServerProcess(url) for _ in range(processes)]
        try:
            for s in servers:
                s.start()
            cpu0 = sum(s.cpu_seconds() for s in servers)
            result = asyncio.run(_run([s.url for s in servers], games, seconds, game, think))
            cpu = sum(s.cpu_seconds() for s in servers) - cpu0
            result["server_cpu_ms_per_choice"] = round(cpu * 1000 / max(1, result["choices"]), 2)
        finally:
            for s in servers:
                s.kill(signal.SIGTERM)
    result.update({"think_s": think, "games": games, "processes": processes, "database": url.split(":", 1)[0].split("+")[0], "game": game})
    print(f"bench-web: {games} games, {processes} process{'es' if processes > 1 else ''}, {result['database']}: "
          f"{result['choices']} choices in {result['seconds']} s = {result['choices_per_s']} choices/s; "
          f"POST choices p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms "
          f"({result['refused']} refused); server CPU {result['server_cpu_ms_per_choice']} ms per choice "
          f"(the players' own: {result['client_cpu_ms_per_choice']} ms)"
          + (f"; players think {think} s on average" if think else ""))
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=2) + "\n")
    return 0
