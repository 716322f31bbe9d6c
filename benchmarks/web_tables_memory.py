"""Two checkouts' ``woodlands bench-web`` at several numbers of tables, alternately, with the
server's peak memory: ``python benchmarks/web_tables_memory.py OLD_ROOT NEW_ROOT [RUNS]
[SECONDS] [TABLES...]``, e.g. ``python benchmarks/web_tables_memory.py OLD . 5 10 1 10 50
200``.  Each run is the checkout's own ``bench_web`` (its server, its players: one Cursed Forest
game per table, as fast as the answers come, SQLite), then the server's VmHWM read from /proc just
before it is stopped.  Prints each run, then the medians (docs/results/web.md)."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

#: one run, inside the checkout: bench_web with the server's peak memory added to its JSON
ONE_RUN = """
import json, sys
from pathlib import Path
from woodlands.web import bench
peak = {}
kill = bench.ServerProcess.kill
def measured(self, *a, **k):
    if self.proc is not None and self.proc.poll() is None:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM"):
                peak["mb"] = int(line.split()[1]) / 1024
    return kill(self, *a, **k)
bench.ServerProcess.kill = measured
bench.bench_web(games=int(sys.argv[1]), seconds=float(sys.argv[2]), game="cursed-forest", json_path=sys.argv[3])
data = json.loads(Path(sys.argv[3]).read_text())
data["server_peak_mb"] = round(peak.get("mb", float("nan")), 1)
Path(sys.argv[3]).write_text(json.dumps(data))
"""


def run(root: str, tables: int, seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.json"
        subprocess.run([sys.executable, "-c", ONE_RUN, str(tables), str(seconds), str(out)], cwd=root, check=True,
                       env=dict(os.environ, PYTHONPATH=root), stdout=subprocess.DEVNULL)
        result: dict[str, float] = json.loads(out.read_text())
        return result


def main(argv: list[str]) -> None:
    roots = {"before": str(Path(argv[0]).resolve()), "after": str(Path(argv[1]).resolve())}
    runs = int(argv[2]) if len(argv) > 2 else 5
    seconds = float(argv[3]) if len(argv) > 3 else 10.0
    table_counts = [int(a) for a in argv[4:]] or [1, 10, 50, 200]
    results: dict[tuple[str, int], list[dict[str, float]]] = {}
    for tables in table_counts:
        for i in range(runs):
            for label, root in roots.items():          # alternately, so both meet the same machine
                r = run(root, tables, seconds)
                results.setdefault((label, tables), []).append(r)
                print(f"{tables:4} tables, run {i + 1}, {label:6}: {r['choices_per_s']:7.1f} choices/s, p99 "
                      f"{r['p99_ms']:7.2f} ms, server CPU {r['server_cpu_ms_per_choice']} ms/choice, "
                      f"peak {r['server_peak_mb']} MB, load {os.getloadavg()[0]:.1f}", flush=True)
    print("\n| tables | choices/s before | after | change | p99 before | after | server peak before | after |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for tables in table_counts:
        b, a = results[("before", tables)], results[("after", tables)]

        def med(rs: list[dict[str, float]], key: str) -> float:
            return float(statistics.median(r[key] for r in rs))
        print(f"| {tables} | {med(b, 'choices_per_s'):.0f} | {med(a, 'choices_per_s'):.0f} | "
              f"{100 * (med(a, 'choices_per_s') / med(b, 'choices_per_s') - 1):+.1f}% | {med(b, 'p99_ms'):.1f} ms | "
              f"{med(a, 'p99_ms'):.1f} ms | {med(b, 'server_peak_mb'):.0f} MB | {med(a, 'server_peak_mb'):.0f} MB |")


if __name__ == "__main__":
    main(sys.argv[1:])
