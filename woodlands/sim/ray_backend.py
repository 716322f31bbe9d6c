"""The Ray backend: a study's chunks of seeds played as Ray tasks, on one machine or a cluster.

``woodlands sim GAME --backend ray`` starts a private Ray instance on this machine with ``--jobs``
CPUs; ``--address HOST:PORT`` joins a running cluster instead (the head's GCS port, 6379 by
default, or a ``ray://HOST:10001`` client address).  This Woodlands package is shipped to the
workers with the job (Ray's ``py_modules``), so every node plays exactly the same rules as the
machine that started the study; a game depends only on its seed, options and bot, so the rows
are the same as with the processes backend.  Ray is the optional extra ``woodlands[ray]`` and is
imported only here.  See docs/simulation.md for a cluster how-to.
"""
from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any, Iterator

from ..engine.errors import WoodlandsError
from .play import GameRow, Task, play_chunk

#: how long a study waits for a cluster to answer before it gives up
CONNECT_SECONDS = 60.0
#: tasks in flight per CPU of the cluster (enough to keep every CPU busy, not a flood of refs)
IN_FLIGHT_PER_CPU = 4


class RayBackendError(WoodlandsError):
    """Ray is missing or the cluster cannot be reached."""


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayBackendError("the ray backend needs Ray: pip install 'woodlands[ray]' "
                              "(or use --backend processes)") from None
    return ray


def host_port(address: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``ray://HOST:PORT`` as (host, port); a clear error otherwise.

    >>> host_port("127.0.0.1:6379"), host_port("ray://head.lan:10001")
    (('127.0.0.1', 6379), ('head.lan', 10001))
    """
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayBackendError(f"--address must be HOST:PORT (or ray://HOST:PORT), not {address[:80]!r}")
    return host.strip("[]"), int(port)


def check_reachable(address: str, seconds: float = 5.0) -> None:
    """Fail at once, with the address in the message, when nothing listens there (``ray.init``
    to a dead address would wait for a long time)."""
    host, port = host_port(address)
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except OSError as e:
        raise RayBackendError(f"no Ray cluster answers at {address} ({e.strerror or e}); start one with "
                              "'ray start --head' or check the address") from None


def connect(address: str | None, jobs: int, ship_code: bool = True) -> Any:
    """Connect to the cluster at ``address`` (or start a private local instance with ``jobs``
    CPUs) unless this process already is; returns the ``ray`` module."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray
    import woodlands
    runtime_env = {"py_modules": [str(Path(woodlands.__file__).parent)]} if ship_code else None
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    if address:
        check_reachable(address)
        os.environ.setdefault("RAY_gcs_rpc_server_connect_timeout_s", str(int(CONNECT_SECONDS)))
        try:
            ray.init(address=address, runtime_env=runtime_env, **quiet)
        except Exception as e:   # ConnectionError, TimeoutError, RuntimeError from a wrong version...
            raise RayBackendError(f"could not join the Ray cluster at {address}: {str(e).splitlines()[0][:200]}") from None
    else:
        # a private instance for this run only: on this machine, no dashboard, no token to manage
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        ray.init(num_cpus=jobs, include_dashboard=False, runtime_env=runtime_env,
                 object_store_memory=100_000_000, **quiet)
    return ray


class RayBackend:
    """Chunks of seeds as Ray tasks (one CPU each); rows come back as tasks finish."""

    name = "ray"

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        _import_ray()                      # a missing extra is reported before any game is played
        if address:
            host_port(address)
        self.jobs = max(1, jobs)
        self.address = address

    def run(self, tasks: list[Task], detail: bool = False) -> Iterator[list[GameRow]]:
        if not tasks:
            return
        ray = connect(self.address, self.jobs)
        remote = ray.remote(num_cpus=1, max_retries=2)(play_chunk)
        cpus = max(1, int(ray.cluster_resources().get("CPU", self.jobs)))
        limit = cpus * IN_FLIGHT_PER_CPU
        todo = list(reversed(tasks))
        pending: list[Any] = []
        try:
            while todo or pending:
                while todo and len(pending) < limit:
                    config, seeds = todo.pop()
                    pending.append(remote.remote(config, seeds, detail))
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:           # an interrupted study leaves no work behind on the cluster
                ray.cancel(ref, force=True)
