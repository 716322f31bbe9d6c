"""The event hub: who listens to which game's live stream in this process.

A stream route subscribes a queue for its game; whatever appends an event to a game (a route on
the event loop, a page in a worker thread, the bots' task, the listener of other processes'
events on PostgreSQL) publishes the game's new event number, and each listener's loop is told
thread-safely.
"""
from __future__ import annotations

import asyncio
import threading


class Hub:
    """Who listens to which game in this process: each listener an asyncio queue told the new
    event number when its game changes (from any thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]]]] = {}

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        with self._lock:
            self._listeners.setdefault(game_id, []).append((asyncio.get_running_loop(), queue))
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[int]) -> None:
        with self._lock:
            rest = [x for x in self._listeners.get(game_id, []) if x[1] is not queue]
            if rest:
                self._listeners[game_id] = rest
            else:
                self._listeners.pop(game_id, None)

    def publish(self, game_id: str, number: int) -> None:
        with self._lock:
            listeners = list(self._listeners.get(game_id, ()))
        for loop, queue in listeners:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, number)
            except RuntimeError:        # that loop has closed
                pass

    def listeners(self, game_id: str) -> int:
        with self._lock:
            return len(self._listeners.get(game_id, ()))


__all__ = ["Hub"]
