"""`woodlands bench-web` (a benchmark, not a timed test) runs and reports what issue 11 asks of
it: choices per second and the p50/p99 latency of POST .../choices. Only that it works is
checked here; its figures are quoted in docs/web.md."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_web_runs_and_reports_throughput_and_latency(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WOODLANDS_DATA_DIR": str(tmp_path)}
    env.pop("WOODLANDS_DB", None)
    r = subprocess.run([sys.executable, "-m", "woodlands", "bench-web", "--games", "2", "--seconds", "1"],
                       capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    m = re.search(r"(\d+) choices in [\d.]+ s = ([\d.]+) choices/s; POST choices p50 ([\d.]+) ms, p99 ([\d.]+) ms",
                  r.stdout)
    assert m, r.stdout
    assert int(m.group(1)) > 0 and float(m.group(2)) > 0 and 0 < float(m.group(3)) <= float(m.group(4))
    assert "(0 refused)" in r.stdout                              # the scripted players never send a bad request
    assert list(tmp_path.iterdir()) == []                        # its database is a temporary one, not the data folder's
