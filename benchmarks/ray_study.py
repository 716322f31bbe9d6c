"""A random Tanglewoods study through Ray on this machine: games per second and per CPU-second.

    PYTHONPATH=. python benchmarks/ray_study.py 100000 --cpus 2 [--out /tmp/ray.parquet]

Starts a throwaway Ray head on 127.0.0.1 (woodlands.sim.local_cluster) with ``--cpus`` CPUs,
runs ``woodlands sim tanglewoods --bot random --games N --backend ray --address ...`` (with
``--out``: rows streamed to Parquet), and prints the wall time, games per second, the CPU time of
the cluster and of the driver, games per CPU-second, and what a 10^6-game study would take on
``--cpus`` cores with nothing else running (CPU time scales with games; wall time on a shared
machine does not, so both are given).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("games", type=int)
    p.add_argument("--cpus", type=int, default=2)
    p.add_argument("--out", help="the Parquet file (default: a temporary one)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    from woodlands.cli.main import main as woodlands
    from woodlands.sim.local_cluster import LocalCluster
    out = args.out or str(Path(tempfile.mkdtemp()) / "ray.parquet")
    with LocalCluster(cpus=args.cpus) as cluster:
        cpu0, self0, t0 = cluster.cpu_seconds(), time.process_time(), time.perf_counter()
        code = woodlands(["sim", "tanglewoods", "--bot", "random", "--games", str(args.games), "--seed", str(args.seed),
                          "--backend", "ray", "--address", cluster.address, "--jobs", str(args.cpus), "--out", out])
        wall = time.perf_counter() - t0
        cluster_cpu, driver_cpu = cluster.cpu_seconds() - cpu0, time.process_time() - self0
    cpu = cluster_cpu + driver_cpu
    result = {"games": args.games, "cpus": args.cpus, "wall_s": wall, "games_per_s": args.games / wall,
              "cluster_cpu_s": cluster_cpu, "driver_cpu_s": driver_cpu, "games_per_cpu_s": args.games / cpu,
              "million_games_wall_min_at_this_load": 1e6 / (args.games / wall) / 60,
              "million_games_min_on_idle_cores": 1e6 / (args.games / cpu) / args.cpus / 60,
              "load_average": os.getloadavg()}
    print(json.dumps(result, indent=1))
    return code


if __name__ == "__main__":
    sys.exit(main())
