"""Two checkouts' web servers, alternately, under the same light scripted players (bench-web's):
``python benchmarks/web_before_after.py OLD_ROOT NEW_ROOT [ROUNDS] [SECONDS] [THINK]``, e.g.
``PYTHONPATH=$PWD python benchmarks/web_before_after.py OLD . 3 10``.  On a shared
machine wall-clock figures swing; alternating within minutes, and the servers' CPU time per
choice, make the comparison fair (docs/results/web.md)."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from woodlands.web.bench import ServerProcess, _run


def main(argv: list[str]) -> None:
    roots = [str(Path(argv[0]).resolve()), str(Path(argv[1]).resolve())]
    rounds = int(argv[2]) if len(argv) > 2 else 3
    seconds = float(argv[3]) if len(argv) > 3 else 10.0
    think = float(argv[4]) if len(argv) > 4 else 0.0
    for _ in range(rounds):
        for label, root in zip(("before", "after"), roots):
            with tempfile.TemporaryDirectory() as tmp:
                server = ServerProcess(f"sqlite:///{tmp}/bench.sqlite3")
                server.proc = subprocess.Popen([sys.executable, "-m", "woodlands.web.serve", str(server.port), server.db],
                                               env=dict(os.environ, PYTHONPATH=root), cwd=root,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                server.wait_ready(60)
                load = os.getloadavg()[0]
                cpu0 = server.cpu_seconds()
                res = asyncio.run(_run([server.url], 20, seconds, "cursed-forest", think))
                cpu = (server.cpu_seconds() - cpu0) * 1000 / max(1, res["choices"])
                server.kill()
            print(f"{time.strftime('%H:%M:%S')} {label:6} load {load:4.1f}: {res['choices_per_s']:7.1f} choices/s, "
                  f"p50 {res['p50_ms']:6.2f} ms, p99 {res['p99_ms']:6.2f} ms, max {res['max_ms']:6.1f} ms; "
                  f"server CPU {cpu:.2f} ms per choice; players {res['client_cpu_ms_per_choice']} ms", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
