"""A game's lock, taken by threads (the pages) and by coroutines (the JSON API) alike."""
from __future__ import annotations

import asyncio
import threading
import time

from woodlands.web.live import GameLock, holding


def test_a_coroutine_waits_for_a_thread_and_is_woken_when_it_lets_go() -> None:
    lock = GameLock()
    held, go = threading.Event(), threading.Event()

    def holder() -> None:
        with lock:
            held.set()
            go.wait(5)

    async def main() -> float:
        thread = threading.Thread(target=holder)
        thread.start()
        held.wait(5)
        waiter = asyncio.ensure_future(_take(lock))
        await asyncio.sleep(0.05)
        assert not waiter.done()                # blocked while the thread holds it...
        assert lock._waiters                    # ...registered to be woken, not polling
        released = time.perf_counter()
        go.set()
        took = await asyncio.wait_for(waiter, 5) - released
        thread.join()
        return took

    assert asyncio.run(main()) < 0.5
    assert not lock.locked()


async def _take(lock: GameLock) -> float:
    async with holding(lock):
        return time.perf_counter()


def test_a_cancelled_waiter_does_not_swallow_the_wake_up_of_another() -> None:
    lock = GameLock()

    async def main() -> None:
        lock.acquire()
        first = asyncio.ensure_future(_take(lock))
        second = asyncio.ensure_future(_take(lock))
        await asyncio.sleep(0.01)
        first.cancel()
        await asyncio.sleep(0)
        lock.release()
        await asyncio.wait_for(second, 5)
        assert first.cancelled() and not lock.locked()

    asyncio.run(main())


def test_many_threads_and_coroutines_take_turns() -> None:
    lock = GameLock()
    inside = [0]
    most = [0]

    def enter() -> None:
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        time.sleep(0.0005)
        inside[0] -= 1

    def worker() -> None:
        for _ in range(50):
            with lock:
                enter()

    async def coroutine() -> None:
        for _ in range(50):
            async with holding(lock):
                enter()
                await asyncio.sleep(0)

    async def main() -> None:
        threads = [threading.Thread(target=worker) for _ in range(3)]
        for t in threads:
            t.start()
        await asyncio.gather(*(coroutine() for _ in range(3)))
        for t in threads:
            await asyncio.to_thread(t.join)

    asyncio.run(main())
    assert most[0] == 1 and not lock.locked()
