"""Progress of a long run on standard error: a rich bar on a terminal, plain lines otherwise."""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator

from .terminal import SafeConsole, clean

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn


@contextmanager
def progress_reporter(total: int, label: str, unit: str = "games") -> Iterator[Callable[[int], None]]:
    """Yields ``advance(n)``, to be called as games (or other units of work, ``unit``) finish."""
    err = SafeConsole(stderr=True)
    if err.is_terminal:
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
        with Progress(*columns, console=err, transient=False) as bar:
            task = bar.add_task(label, total=total)
            yield lambda n: bar.advance(task, n)
        return
    done = 0
    next_report = 0.0
    start = time.perf_counter()

    def advance(n: int) -> None:
        nonlocal done, next_report
        done += n
        now = time.perf_counter()
        if done >= total or now >= next_report:
            print(clean(f"{label}: {done}/{total} {unit} ({now - start:.1f} s)"), file=sys.stderr, flush=True)
            next_report = now + 2.0
    yield advance
