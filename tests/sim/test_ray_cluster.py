"""A real Ray cluster on 127.0.0.1, started by this test in its own temp folder, runs a small
study; its rows equal the processes backend's.  Ray is the ``ray`` extra, which ``make test``
installs, so this runs rather than skips there.

The cluster (woodlands.sim.local_cluster) avoids the traps of ../shared/design/ECOSYSTEM.md
"Simulation at scale": auth off for this private cluster, free ports, its own short temp
folder, its processes stopped by PID (never ``ray stop``); after the test none of them is left.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'woodlands[ray]')")

from woodlands.cli.main import main  # noqa: E402
from woodlands.sim.local_cluster import LocalCluster  # noqa: E402
from woodlands.sim.results import read_table  # noqa: E402


@pytest.fixture
def cluster():
    with LocalCluster(cpus=2) as c:
        yield c.address
        started = c.pids()
        assert len(started) >= 3          # the head, the GCS, the raylet (and the workers)
    assert not [pid for pid in started if Path(f"/proc/{pid}").exists()], "a process of the test's cluster is still running"


def test_a_study_through_a_local_ray_cluster_equals_the_processes_backend(cluster, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    study = ["sim", "tanglewoods", "--bot", "random,greedy", "--vary", "difficulty=3,10", "--games", "12", "--seed", "5"]
    assert main([*study, "--backend", "ray", "--address", cluster, "--out", str(tmp_path / "ray.parquet")]) == 0
    out, err = capsys.readouterr()
    assert "ray" in out and "Traceback" not in err
    assert main([*study, "--backend", "processes", "--jobs", "2", "--out", str(tmp_path / "proc.parquet")]) == 0
    via_ray, via_processes = read_table(tmp_path / "ray.parquet"), read_table(tmp_path / "proc.parquet")
    assert via_ray.num_rows == 48
    assert via_ray.equals(via_processes)

