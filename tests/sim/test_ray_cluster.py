"""A real Ray cluster on 127.0.0.1, started by this test in its own temp folder, runs a small
study; its rows equal the processes backend's.  Ray is the ``ray`` extra, which ``make test``
installs, so this runs rather than skips there.

The traps (../shared/design/ECOSYSTEM.md "Simulation at scale"): token authentication is off
for this private cluster (RAY_AUTH_MODE=disabled), every port is chosen free, the temp folder is
ours (and short: Ray's socket paths must fit 107 bytes), ``ray stop`` would stop every Ray on
the machine so only the processes of this cluster are stopped, by PID, and a dead address is
refused quickly instead of hanging.
"""
from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'woodlands[ray]')")

from woodlands.cli.main import main  # noqa: E402
from woodlands.sim.results import read_table  # noqa: E402

RAY = Path(sys.executable).with_name("ray")


def _free_ports(n: int) -> list[int]:
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def _pids_using(folder: str) -> list[int]:
    """Processes whose command line names ``folder``: the ones this cluster started."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if folder.encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                pass
    return pids


def _has_ray_client() -> bool:
    """Is Ray's client server installed (``ray[client]``)?  Without it ``ray start`` refuses
    ``--ray-client-server-port`` and starts no client server at all."""
    from ray._private.utils import get_ray_client_dependency_error
    return get_ray_client_dependency_error() is None


@pytest.fixture
def cluster():
    temp = tempfile.mkdtemp(prefix="wlray", dir="/tmp")
    gcs, client, nm, om, agent, agent_grpc, rt_agent, metrics = _free_ports(8)
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    argv = [str(RAY) if RAY.exists() else "ray", "start", "--head", "--block", "--node-ip-address=127.0.0.1",
            f"--port={gcs}", f"--node-manager-port={nm}",
            f"--object-manager-port={om}", f"--dashboard-agent-listen-port={agent}",
            f"--dashboard-agent-grpc-port={agent_grpc}", f"--runtime-env-agent-port={rt_agent}",
            f"--metrics-export-port={metrics}", "--num-cpus=2", "--object-store-memory=100000000",
            "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}"]
    if _has_ray_client():        # the client server's default port (10001) may be another cluster's
        argv.append(f"--ray-client-server-port={client}")
    log = open(Path(temp) / "start.log", "w")
    head = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    address = f"127.0.0.1:{gcs}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if head.poll() is not None:
                pytest.fail("ray start failed:\n" + (Path(temp) / "start.log").read_text()[-3000:])
            try:
                socket.create_connection(("127.0.0.1", gcs), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("the Ray head did not listen within 120 s")
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        head.send_signal(signal.SIGTERM)          # --block: the head stops what it started
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:
            head.kill()
        for _ in range(20):                       # then whatever of ours is left, by PID
            left = _pids_using(temp)
            if not left:
                break
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL if _ > 5 else signal.SIGTERM)
                except ProcessLookupError:
                    pass
            time.sleep(0.5)
        log.close()
        shutil.rmtree(temp, ignore_errors=True)


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
