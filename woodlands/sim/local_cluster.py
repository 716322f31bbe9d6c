"""A throwaway Ray cluster on 127.0.0.1, for tests and benchmarks (not for production clusters).

The traps it avoids (../shared/design/ECOSYSTEM.md, "Simulation at scale"): token authentication
is off for this private cluster (``RAY_AUTH_MODE=disabled``), every port is chosen free (another
session's cluster may hold the defaults), the temp folder is its own and short (Ray's socket
paths must fit 107 bytes), ``ray stop`` would stop every Ray on the machine so only this
cluster's processes are stopped, by process id, and start-up is bounded by a timeout.

    with LocalCluster(cpus=2) as cluster:
        ...  # woodlands sim GAME --backend ray --address {cluster.address}
        print(cluster.cpu_seconds())
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

from ..engine.errors import WoodlandsError


class ClusterError(WoodlandsError):
    """The local cluster did not start."""


def free_ports(n: int) -> list[int]:
    socks = [socket.socket() for _ in range(n)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def pids_using(folder: str) -> list[int]:
    """Processes whose command line names ``folder``: the ones a cluster in it started."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if folder.encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                pass
    return pids


def start_time(pid: int) -> int | None:
    """When ``pid`` started (clock ticks after boot), or None if it is gone: with the pid, it
    names one process even after its number is reused."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
    except (OSError, IndexError, ValueError):
        return None


def descendants(root: int) -> list[int]:
    """Every process below ``root`` in the process tree (Ray's workers rename themselves, so
    their command lines do not name the cluster's folder; their parents do)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out: list[int] = []
    todo = [root]
    while todo:
        for kid in children.get(todo.pop(), []):
            out.append(kid)
            todo.append(kid)
    return out


def _has_ray_client() -> bool:
    """Is Ray's client server installed (``ray[client]``)?  Without it ``ray start`` refuses
    ``--ray-client-server-port`` and starts no client server at all."""
    try:
        from ray._private.utils import get_ray_client_dependency_error
    except ImportError:
        return False
    return get_ray_client_dependency_error() is None


class LocalCluster:
    """``ray start --head --block`` on 127.0.0.1 with ``cpus`` CPUs, until the ``with`` ends."""

    def __init__(self, cpus: int = 2, start_seconds: float = 120.0) -> None:
        self.cpus = cpus
        self.start_seconds = start_seconds
        self.temp = ""
        self.address = ""
        self.head: subprocess.Popen[bytes] | None = None
        self.known: set[tuple[int, int]] = set()     # (pid, start time) of every process seen

    def pids(self) -> list[int]:
        """The processes of this cluster now: the head's descendants and whatever names its
        folder (remembered, so that a process whose parent died is still found)."""
        now = set(pids_using(self.temp)) if self.temp else set()
        if self.head is not None:
            now |= set(descendants(self.head.pid))
            if self.head.poll() is None:
                now.add(self.head.pid)
        for pid, started in list(self.known):
            if start_time(pid) != started:        # gone (or its number belongs to another process now)
                self.known.discard((pid, started))
            else:
                now.add(pid)
        self.known |= {(pid, t) for pid in now if (t := start_time(pid)) is not None}
        return sorted(now)

    def __enter__(self) -> "LocalCluster":
        self.temp = tempfile.mkdtemp(prefix="wlray", dir="/tmp")
        gcs, client, nm, om, agent, agent_grpc, rt_agent, metrics = free_ports(8)
        ray = Path(sys.executable).with_name("ray")
        argv = [str(ray) if ray.exists() else "ray", "start", "--head", "--block", "--node-ip-address=127.0.0.1",
                f"--port={gcs}", f"--node-manager-port={nm}", f"--object-manager-port={om}",
                f"--dashboard-agent-listen-port={agent}", f"--dashboard-agent-grpc-port={agent_grpc}",
                f"--runtime-env-agent-port={rt_agent}", f"--metrics-export-port={metrics}",
                f"--num-cpus={self.cpus}", "--object-store-memory=100000000", "--include-dashboard=false",
                "--disable-usage-stats", f"--temp-dir={self.temp}"]
        if _has_ray_client():        # the client server's default port (10001) may be another cluster's
            argv.append(f"--ray-client-server-port={client}")
        env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
        log = open(Path(self.temp) / "start.log", "wb")
        self.head = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        self.address = f"127.0.0.1:{gcs}"
        deadline = time.monotonic() + self.start_seconds
        while True:
            if self.head.poll() is not None:
                text = (Path(self.temp) / "start.log").read_text(errors="replace")[-3000:]
                self.stop()
                raise ClusterError("ray start failed:\n" + text)
            try:
                socket.create_connection(("127.0.0.1", gcs), timeout=1).close()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise ClusterError(f"the Ray head did not listen within {self.start_seconds:.0f} s") from None
                time.sleep(0.5)

    def cpu_seconds(self) -> float:
        """CPU time used so far by this cluster's processes (and the children they reaped)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += sum(int(x) for x in fields[11:15])     # utime stime cutime cstime
            except (OSError, IndexError, ValueError):
                pass
        return total / ticks

    def stop(self) -> None:
        """Stop the head (``--block``: it stops what it started), then whatever of this cluster
        is left, by process id; remove the temp folder."""
        self.pids()                      # remember the whole tree before the head goes
        if self.head is not None and self.head.poll() is None:
            self.head.send_signal(signal.SIGTERM)
            try:
                self.head.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.head.kill()
                self.head.wait(timeout=10)
        for attempt in range(20):
            left = self.pids()
            if not left:
                break
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL if attempt > 5 else signal.SIGTERM)
                except ProcessLookupError:
                    pass
            time.sleep(0.5)
        if self.temp:
            shutil.rmtree(self.temp, ignore_errors=True)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            import ray
            if ray.is_initialized():
                ray.shutdown()
        except ImportError:
            pass
        self.stop()
