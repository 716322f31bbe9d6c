"""What it costs to send a position to a search process, two ways, for long games:
``PYTHONPATH=$PWD python benchmarks/search_transfer.py [CHOICES]`` (default 1000).

* record: ``Position.of(state)`` pickled (what woodlands.web.searchpool sends), then in the
  worker ``rebuild`` from the game's start, or from the state it rebuilt one choice before;
* state: the state itself pickled with its Game replaced by a key (pickle's persistent_id),
  unpickled in the worker.

The server's share (making and pickling what is sent) is what a search process is for: it runs
in the server under the GIL.  Figures: the median of 9 runs, in milliseconds."""
from __future__ import annotations

import io
import pickle
import random
import statistics
import sys
import time
from typing import Any, Callable

import woodlands
from woodlands.bots.base import get_bot
from woodlands.engine.game import Game
from woodlands.web import searchpool
from woodlands.web.searchpool import Position, rebuild


def long_game(game: str, options: dict[str, Any], bot: str, choices: int) -> woodlands.GameState:
    """The first of seeds 1 to 9 whose game lasts ``choices`` choices, stopped there; else the
    longest of them at its last decision (a whole Storyfold campaign is shorter)."""
    longest: woodlands.GameState | None = None
    for seed in range(1, 10):
        state = woodlands.load_game(game).new_game(seed=seed, options=options)
        bots: dict[int, Any] = {}
        last = state
        while state.decision is not None and len(state.choices) < choices:
            p = state.decision.player
            last = state.clone()
            state.apply(bots.setdefault(p, get_bot(bot, p + seed, game=game)).choose(state))
        if state.decision is not None:
            return state
        if longest is None or len(last.choices) > len(longest.choices):
            longest = last
    assert longest is not None
    return longest


class _KeyPickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> Any:
        return ("game", obj.id, obj.content_path) if isinstance(obj, Game) else None


class _KeyUnpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        return woodlands.load_game(pid[1], pid[2])


def ms(fn: Callable[[], Any], runs: int = 9) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main(choices: int) -> None:
    random.seed(1)
    cases = [("cursed-forest", {"players": 4}, "random"), ("storyfold", {}, "greedy")]
    for game, options, bot in cases:
        measure(game, options, bot, choices)


def measure(game: str, options: dict[str, Any], bot: str, choices: int) -> None:
    """One case's sizes and times (a function of its own, so that the closures below read this
    case's values, not a loop's)."""
    state = long_game(game, options, bot, choices)
    sent = pickle.dumps(Position.of(state), protocol=pickle.HIGHEST_PROTOCOL)
    before = state.record(digest=False)
    before["choices"] = before["choices"][:-1]
    earlier = Position(before, None)

    def incremental() -> None:
        searchpool._STATES.clear()
        rebuild(earlier)
        t = time.perf_counter()
        rebuild(pickle.loads(sent))
        incremental.took.append(time.perf_counter() - t)    # type: ignore[attr-defined]
    incremental.took = []                                   # type: ignore[attr-defined]
    for _ in range(9):
        incremental()

    def scratch() -> None:
        searchpool._STATES.clear()
        rebuild(pickle.loads(sent))

    def state_out() -> bytes:
        buf = io.BytesIO()
        _KeyPickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
        return buf.getvalue()
    blob = state_out()
    print(f"{game} ({options}, {bot} bots), {len(state.choices)} choices:")
    print(f"  record: {len(sent):7d} bytes; server {ms(lambda: pickle.dumps(Position.of(state))):6.2f} ms; "
          f"worker from the start {ms(scratch):6.1f} ms, from one choice before "
          f"{statistics.median(incremental.took) * 1000:6.2f} ms")   # type: ignore[attr-defined]
    print(f"  state:  {len(blob):7d} bytes; server {ms(state_out):6.2f} ms; "
          f"worker {ms(lambda: _KeyUnpickler(io.BytesIO(blob)).load()):6.2f} ms", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
