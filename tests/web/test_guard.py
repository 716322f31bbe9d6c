"""One client cannot knock the server over (docs/web.md, "Security": "Limits"): a real
``woodlands serve`` on a free 127.0.0.1 port, its limits small and set from the environment,
its open files limited to 128, and bounded local load against it (every loop bounded in count
and time).  Other client addresses are other loopback addresses (127.0.0.2, 127.0.0.3)."""
from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIMITS = {"WOODLANDS_IDLE_TIMEOUT": "1", "WOODLANDS_HEADER_TIMEOUT": "1.5", "WOODLANDS_BODY_TIMEOUT": "1.5",
          "WOODLANDS_MAX_HEADER_BYTES": "8192", "WOODLANDS_CONNECTIONS_PER_CLIENT": "20",
          "WOODLANDS_STREAMS_PER_SEAT": "2", "WOODLANDS_STREAMS_PER_CLIENT": "3", "WOODLANDS_MAX_STREAMS": "4"}
#: the server's soft limit on open files: 128, so a client holding 150 connections would take them all
FILES = 128


class Server:
    def __init__(self, data: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = dict(os.environ, WOODLANDS_DATA_DIR=str(data), PYTHONPATH=str(ROOT), **LIMITS)
        env.pop("WOODLANDS_DB", None)
        self.log = open(data / "server.log", "wb")

        def few_files() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
        self.proc = subprocess.Popen([sys.executable, "-m", "woodlands", "serve", "--port", str(self.port),
                                      "--db", f"sqlite:///{data / 'web.sqlite3'}", "--secure-cookies"],
                                     env=env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT,
                                     preexec_fn=few_files)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (data / "server.log").read_text()[-2000:]
            try:
                if request(self.port, "GET", "/api/health", timeout=1)[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("woodlands serve did not answer within 30 s")

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self.log.close()


def connect(port: int, source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))


def read_answer(sock: socket.socket, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body (as far as Content-Length says) of one answer."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None,
            source: str = "127.0.0.1", timeout: float = 5.0) -> tuple[int, dict[str, str], Any]:
    with connect(port, source, timeout) as sock:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\nConnection: close\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        sock.sendall(head.encode() + b"\r\n" + data)
        status, headers, raw = read_answer(sock, timeout)
        return status, headers, json.loads(raw) if raw.startswith((b"{", b"[")) else raw


def closed_within(sock: socket.socket, seconds: float) -> tuple[bool, bytes]:
    """Whether the server closed ``sock`` within ``seconds`` (and what it wrote before)."""
    deadline = time.monotonic() + seconds
    got = b""
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            return False, got
        except ConnectionResetError:
            return True, got
        if not chunk:
            return True, got
        got += chunk
    return False, got


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("guard"))
    try:
        yield srv
    finally:
        srv.stop()


# ---------------------------------------------------------------------- slow and silent clients
def test_headers_that_never_end_are_dropped(server: Server) -> None:
    with connect(server.port) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started = time.monotonic()
        closed = False
        got = b""
        for i in range(20):                         # a header line every 0.25 s, never the blank line
            try:
                sock.sendall(f"X-Slow-{i}: a\r\n".encode())
            except OSError:
                closed = True
                break
            done, more = closed_within(sock, 0.25)
            got += more
            if done:
                closed = True
                break
        took = time.monotonic() - started
    assert closed and took < 3.0, f"still open after {took:.1f} s"
    assert got.startswith(b"HTTP/1.1 408"), got[:100]


def test_a_body_that_never_arrives_is_dropped(server: Server) -> None:
    with connect(server.port) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"game\"")
        closed, got = closed_within(sock, 3.5)
    assert closed, "a connection whose body never came is still open after 3.5 s"
    assert b" 201 " not in got


def test_idle_connections_are_dropped(server: Server) -> None:
    silent = connect(server.port)                    # never sends a byte
    kept = connect(server.port)                      # asks once, then keeps the connection idle
    try:
        kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert read_answer(kept)[0] == 200
        assert closed_within(silent, 2.5)[0], "a connection that never sent a byte is still open after 2.5 s"
        assert closed_within(kept, 2.5)[0], "an idle keep-alive connection is still open after 2.5 s"
    finally:
        silent.close()
        kept.close()


# ---------------------------------------------------------------------- too much
def test_headers_over_the_cap_are_refused(server: Server) -> None:
    big = "".join(f"X-Big-{i}: {'a' * 200}\r\n" for i in range(60))        # 12 KB over 8 KB
    with connect(server.port) as sock:
        sock.sendall(f"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n{big}\r\n".encode())
        status, headers, _ = read_answer(sock)
    assert status == 431 and headers.get("x-content-type-options") == "nosniff"
    # one header that never ends: refused as it passes the cap, not kept in memory
    with connect(server.port) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
        for _ in range(10):
            try:
                sock.sendall(b"a" * 4096)
            except OSError:
                break
        status, _, _ = read_answer(sock)
    assert status == 431
    assert request(server.port, "GET", "/api/health", timeout=2)[0] == 200         # headers under the cap


def test_one_address_cannot_take_every_connection(server: Server) -> None:
    """150 unfinished requests from one address (more than the server's 128 open files): past
    20 the address is refused at once, and another address is still answered."""
    held: list[socket.socket] = []
    try:
        for _ in range(150):
            try:
                sock = connect(server.port, timeout=2)
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")       # never ends
                held.append(sock)
            except OSError:
                pass
        status, _, body = request(server.port, "GET", "/api/health", source="127.0.0.2", timeout=3)
        assert status == 200 and body == {"ok": True}
        time.sleep(0.3)
        open_ = 0
        refused = 0
        for sock in held:
            closed, got = closed_within(sock, 0.01)
            open_ += not closed
            refused += got.startswith(b"HTTP/1.1 429")
        assert open_ <= 20, f"{open_} connections from one address are open"
        assert refused > 0
    finally:
        for sock in held:
            sock.close()


# ---------------------------------------------------------------------- live streams
def open_stream(port: int, game_id: str, token: str, source: str = "127.0.0.1") -> tuple[int, socket.socket]:
    sock = connect(port, source)
    sock.sendall(f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 f"Authorization: Bearer {token}\r\n\r\n".encode())
    sock.settimeout(5)
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return int(data.split()[1]), sock


def test_live_streams_are_capped_per_seat_per_address_and_in_all(server: Server) -> None:
    status, _, g = request(server.port, "POST", "/api/games", {"game": "cursed-forest", "options": {"players": 2},
                                                                 "seats": 2, "hotseat": True}, source="127.0.0.3")
    assert status == 201, g
    gid, seat0, seat1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    streams: list[socket.socket] = []
    try:
        def opened(token: str, source: str = "127.0.0.1") -> int:
            code, sock = open_stream(server.port, gid, token, source)
            streams.append(sock)
            return code
        assert [opened(seat0), opened(seat0)] == [200, 200]
        assert opened(seat0) == 429                             # a third stream of seat 0 (2 per seat)
        assert opened(seat1) == 200                             # the address's third stream
        assert opened(seat1) == 429                             # a fourth from the address (3 per address)
        assert opened(seat1, "127.0.0.2") == 200                # the fourth in all
        assert opened(seat1, "127.0.0.3") == 429                # a fifth in all (4 in all)
        for sock in streams[:2]:                                # seat 0's streams close: seat 0 may open again
            sock.close()
        time.sleep(0.5)
        assert opened(seat0) == 200
    finally:
        for sock in streams:
            sock.close()


# ---------------------------------------------------------------------- the command line
def test_secure_cookies_from_the_command_line(server: Server) -> None:
    status, _, g = request(server.port, "POST", "/api/games", {"game": "cursed-forest", "options": {"players": 2},
                                                                 "seats": 2}, source="127.0.0.2")
    assert status == 201
    body = f"invitation={g['seats'][1]['invitation']}".encode()
    with connect(server.port) as sock:       # a browser takes seat 1 with our own page's form
        sock.sendall(f"POST /join/{g['id']} HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\n"
                     f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                     + body)
        status, headers, _ = read_answer(sock)
    assert status == 303
    assert "secure" in [p.strip().lower() for p in headers["set-cookie"].split(";")], headers["set-cookie"]
