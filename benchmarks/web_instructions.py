"""The web server's instructions per choice, old against new: the figure that does not drift.

Wall-clock figures of ``woodlands bench-web`` move by ±20 % with the machine's load; the
instructions the server process executes for the same requests do not.  For each checkout this
starts ``python -m woodlands.web.serve`` under valgrind's callgrind with counting off, waits for
it to answer, turns counting on, plays CHOICES choices of solo Cursed Forest games (seeded, the
options picked by a seeded generator, one keep-alive connection, a game made whenever one ends),
turns counting off and stops the server.  The count covers everything the server did for those
requests (the connection guard, middleware, routing, the game, the store's writer thread), but
not the kernel's share, so compare syscalls separately (``strace -c -f -p PID``) if in doubt.

    PYTHONHASHSEED=0 python benchmarks/web_instructions.py OLD_ROOT NEW_ROOT [CHOICES] [RUNS]

needs valgrind (``apt-get install valgrind``) and the web extra; prints each run and the
instructions per request of each side.  Each run takes a minute or two.
"""
from __future__ import annotations

import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_run(root: str, choices: int) -> tuple[int, int]:
    """(instructions, requests) of one server of ``root`` answering ``choices`` choices."""
    import httpx
    port, tmp = free_port(), tempfile.mkdtemp()
    out = Path(tmp) / "callgrind.out"
    env = dict(os.environ, PYTHONPATH=root, PYTHONHASHSEED="0")
    server = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                               sys.executable, "-m", "woodlands.web.serve", str(port), f"sqlite:///{tmp}/games.db"],
                              cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 600
    while True:
        try:
            if httpx.get(url + "/api/health", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit(f"the server of {root} did not start under valgrind")
        time.sleep(0.5)
    pick, made, requests = random.Random(7), 0, 0
    with httpx.Client(base_url=url, timeout=120) as client:
        subprocess.run(["callgrind_control", "-i", "on", str(server.pid)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        while made < choices:
            created = client.post("/api/games", json={"game": "cursed-forest", "seed": 11 + made, "options": {}}).json()
            path, head = f"/api/games/{created['id']}", {"Authorization": f"Bearer {created['seats'][0]['token']}"}
            body = client.get(path, headers=head).json()
            requests += 2
            while made < choices and not body["over"]:
                options = body["decision"]["options"]
                body = client.post(path + "/choices", headers=head,
                                   json={"option": options[pick.randrange(len(options))]["id"], "at": body["at"]}).json()
                made += 1
                requests += 1
        subprocess.run(["callgrind_control", "-i", "off", str(server.pid)], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    server.send_signal(signal.SIGINT)
    server.wait(timeout=600)
    found = re.search(r"^totals: (\d+)", out.read_text(), re.M)
    if not found:
        raise SystemExit(f"no count in {out}")
    return int(found.group(1)), requests


def main(argv: list[str]) -> None:
    roots = {"before": str(Path(argv[0]).resolve()), "after": str(Path(argv[1]).resolve())}
    choices = int(argv[2]) if len(argv) > 2 else 200
    runs = int(argv[3]) if len(argv) > 3 else 2
    per: dict[str, list[float]] = {label: [] for label in roots}
    for i in range(runs):
        for label, root in roots.items():           # alternately (the count does not drift, but the same way as the benches)
            instructions, requests = one_run(root, choices)
            per[label].append(instructions / requests)
            print(f"run {i + 1}, {label:6}: {instructions:,} instructions for {choices} choices, "
                  f"{requests} requests = {instructions / requests:,.0f} per request", flush=True)
    before, after = statistics.median(per["before"]), statistics.median(per["after"])
    print(f"median per request: before {before:,.0f}, after {after:,.0f} ({(after / before - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    main(sys.argv[1:])
