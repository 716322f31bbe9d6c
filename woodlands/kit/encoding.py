"""Fixed-size numeric observations: what one seat may see, as numbers.

``encoder(game_id, options, content)`` gives an :class:`Encoder` whose layout depends only on
the game, its content pack and its options.  A game gives its encoding as the ``encoding`` hook
of its descriptor (``(game, options) -> (layout, writer)``, the game's ``observation`` module
for the built-in games), built from the helpers here (:class:`Layout`, :class:`Incremental`,
:func:`begin`, :func:`onehot`, :func:`packer`).  Each game's encoding is a list of named segments
of named features (docs/research.md lists them; ``Encoder.labels`` names every entry), written
straight from the state's fields, never through ``view()`` (which costs several decisions), and
holding only facts that ``view(seat)`` and ``log_for(seat)`` give that seat: the hidden part of
a deck, the tile stack's order, the bags and other players' face-down items are never read.

* ``encode(state, seat)``: ``{segment: float32 array}`` (a point of ``space``, a gymnasium
  ``spaces.Dict`` of ``Box`` es);
* ``flat(state, seat)``: the segments one after the other (``flat_size`` float32s, a point of
  ``flat_space``);
* ``describe(state, seat)``: the same facts as a short line of text (each non-zero feature's
  label and value), for OpenSpiel's strings and for people.

>>> import woodlands
>>> enc = encoder("tanglewoods")
>>> state = woodlands.load_game("tanglewoods").new_game(seed=1)
>>> x = enc.flat(state, 0)
>>> x.shape == (enc.flat_size,) and str(x.dtype) == "float32"
True
>>> "decision=choose_hero" in enc.describe(state, 0)
True
"""
from __future__ import annotations

import copy
import struct
import types
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..engine.errors import GameOptionError
from ..engine.registry import descriptor, resolve

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..engine.game import Game
    from ..engine.state import GameState

#: ``write(state, seat, out)``: set the features of ``out`` (an ``array.array("f")`` of zeros)
Writer = Callable[[Any, int, "array[float]"], None]


class Memo:
    """What an incremental writer keeps for one seat between calls: ``out``, the encoding it
    wrote last (its own buffer, never handed out), and, per group of features, a copy of the
    state's fields that group was written from (each game's writer adds its attributes, none
    yet in a new memo: :attr:`Incremental.start`).  ``view`` is a numpy view of ``out``: while
    it lives, ``out`` cannot change size, so a writer never assigns a slice of another length
    (nor an empty one, which the array refuses too while viewed)."""

    view: "npt.NDArray[np.float32]"

    def __init__(self, size: int) -> None:
        self.out = array("f", bytes(4 * size))


@dataclass(frozen=True)
class Incremental:
    """A writer that updates the last encoding instead of starting from zeros.

    ``make(state, seat, memo)`` brings ``memo.out`` to the encoding of ``state`` for ``seat``
    and returns it: each group of features is rewritten only when the fields it reads differ
    from the copies kept in the memo (compared by value, so any state, a clone or another
    game, gets its exact encoding; a fresh memo has no copies and writes everything).  The
    comparisons read only what the encoding itself reads, and the output is a function of the
    visible facts alone, so twins that differ in hidden facts still encode the same.

    ``start(memo)`` gives a new memo its copies, none yet (so that ``make`` writes every group
    into it); the encoder calls it once per memo, so ``make`` never asks whether it is new.

    ``shared``: one memo serves every seat (``make`` keeps the seat it last wrote for and
    rewrites what depends on the seat when it changes), so a game whose seats take turns does
    not rewrite the public groups each time another seat's stale memo comes round."""

    make: Callable[[Any, int, Memo], "array[float]"]
    start: Callable[[Memo], None]
    shared: bool = False


def _memos() -> Any:
    import threading
    return threading.local()


@dataclass(frozen=True)
class Segment:
    """A named run of features: ``labels`` name them, all lie in ``low .. high``."""

    name: str
    offset: int
    labels: tuple[str, ...]
    low: float
    high: float
    doc: str

    @property
    def size(self) -> int:
        return len(self.labels)


class Layout:
    """Segments added one after the other; ``add`` returns the segment's offset."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, labels: list[str], low: float, high: float, doc: str) -> int:
        offset = self.size
        self.segments.append(Segment(name, offset, tuple(labels), float(low), float(high), doc))
        self.size += len(labels)
        return offset


class Encoder:
    """The observation encoding of one game (with its pack and options); see the module doc."""

    def __init__(self, game: "Game", options: dict[str, Any], layout: Layout, write: "Writer | Incremental") -> None:
        self.game = game
        self.game_id = game.id
        self.options = options
        self.segments = tuple(layout.segments)
        self.flat_size = layout.size
        self.labels: tuple[str, ...] = tuple(f"{s.name}.{label}" for s in self.segments for label in s.labels)
        self._start: Callable[[Memo], None] | None = None
        self._shared = False
        if isinstance(write, Incremental):
            self._make = write.make
            self._start = write.start
            self._shared = write.shared
        else:   # a plain writer (another package's game): zeros, then write
            def make(state: Any, seat: int, memo: Memo, write: Writer = write) -> "array[float]":
                out = memo.out          # zeros, then write (in place: the memo's view stays on it)
                out[:] = self._zeros
                write(state, seat, out)
                return out
            self._make = make
        #: per thread, seat -> Memo (a thread-local store, so that threads sharing an encoder
        #: never write into one buffer)
        self._local = _memos()
        import numpy as np   # imported here, once: numpy is the research extra's, not the game's
        self._frombuffer = np.frombuffer
        self._float32 = np.dtype(np.float32)   # a dtype object: frombuffer parses nothing per call
        self._zeros = array("f", bytes(4 * self.flat_size))
        self._short = tuple(label for s in self.segments for label in s.labels)
        self._space: Any = None
        self._flat_space: Any = None

    # ---------------------------------------------------------------- the hot path
    def flat(self, state: "GameState", seat: int) -> "npt.NDArray[np.float32]":
        try:
            memo = self._local.memos[seat]
        except (AttributeError, KeyError):
            memo = self._memo(seat)
        self._make(state, seat, memo)
        copy: npt.NDArray[np.float32] = memo.view.copy()   # a copy: ours stays ours
        return copy

    def flat_into(self, state: "GameState", seat: int, target: "npt.NDArray[np.float32] | memoryview") -> None:
        """``target[:] = flat(state, seat)`` without the copy ``flat`` makes for its caller
        (``target``: ``flat_size`` float32s of the caller's, OpenSpiel's observer tensor; a
        ``memoryview`` of them, kept by the caller, takes the numbers fastest)."""
        try:
            memo = self._local.memos[seat]
        except (AttributeError, KeyError):
            memo = self._memo(seat)
        target[:] = self._make(state, seat, memo)

    def private(self) -> "Encoder":
        """This encoder with memos of its own instead of one per thread: for one environment,
        stepped from one thread at a time (as Gymnasium's and PettingZoo's environments are).

        An incremental writer rewrites only what changed since the memo's last encoding.  The
        shared encoder keeps one memo per thread and seat, so environments stepped in turn in
        one thread (Gymnasium's ``SyncVectorEnv``) would each find the memo holding another
        game and rewrite nearly everything: counted by callgrind
        (``benchmarks/vector_env_instructions.py``), four Tanglewoods environments stepped in
        turn cost 208k instructions a step with the thread's memo, 151k with their own, as one
        environment does.  Each adapter gives its environment (or OpenSpiel observer) a private
        encoder, so its memo follows its own game.

        >>> import woodlands
        >>> shared = encoder("tanglewoods")
        >>> mine, yours = shared.private(), shared.private()
        >>> game = woodlands.load_game("tanglewoods")
        >>> a, b = game.new_game(seed=1), game.new_game(seed=2)
        >>> bool((mine.flat(a, 0) == shared.reference(a, 0)).all() and (yours.flat(b, 0) == shared.reference(b, 0)).all())
        True
        >>> mine.labels is shared.labels
        True
        """
        twin = copy.copy(self)
        twin._local = types.SimpleNamespace()   # (flat and _memo read its "memos" like a thread's)
        return twin

    def _memo(self, seat: int) -> Memo:
        memos = self._local.__dict__.setdefault("memos", {})
        if len(memos) >= 16:   # seats are few; a caller going through many keeps this bounded
            memos.clear()
        memo = memos[seat] = next(iter(memos.values())) if self._shared and memos else self._new_memo()
        return memo

    def _new_memo(self) -> Memo:
        memo = Memo(self.flat_size)
        #: a numpy view of the memo's buffer (which is never replaced), for ``flat``'s one-call copy
        memo.view = self._frombuffer(memo.out, self._float32)
        if self._start is not None:
            self._start(memo)
        return memo

    def reference(self, state: "GameState", seat: int) -> "npt.NDArray[np.float32]":
        """:meth:`flat` written from nothing (a fresh memo): what the incremental path must give."""
        memo = self._new_memo()
        self._make(state, seat, memo)
        return memo.view

    def encode(self, state: "GameState", seat: int) -> dict[str, "npt.NDArray[np.float32]"]:
        return self.split(self.flat(state, seat))

    def split(self, x: "npt.NDArray[np.float32]") -> dict[str, "npt.NDArray[np.float32]"]:
        """A flat observation as ``encode`` gives it."""
        return {s.name: x[s.offset:s.offset + s.size] for s in self.segments}

    def describe(self, state: "GameState", seat: int) -> str:
        """Each non-zero feature as ``label=value`` (one-hot features as ``label``), in order."""
        try:
            memo = self._local.memos[seat]
        except (AttributeError, KeyError):
            memo = self._memo(seat)
        out = array("f", self._make(state, seat, memo))
        parts = []
        local = self._short
        for i, v in enumerate(out):
            if not v:
                continue
            label = self.labels[i]
            if local[i].endswith("]") and "=[" in local[i] and v == 1:   # one-hot: "phase=[forest]"
                parts.append(local[i].replace("[", "").replace("]", ""))
            else:
                parts.append(f"{label}={int(v) if float(v).is_integer() else round(v, 3)}")
        return f"{self.game_id} seat {seat}: " + " ".join(parts)

    # ---------------------------------------------------------------- spaces (gymnasium)
    @property
    def space(self) -> Any:
        """``gymnasium.spaces.Dict`` of one ``Box`` per segment (gymnasium imported here)."""
        if self._space is None:
            from gymnasium import spaces
            import numpy as np
            self._space = spaces.Dict({s.name: spaces.Box(s.low, s.high, (s.size,), np.float32) for s in self.segments})
        return self._space

    @property
    def flat_space(self) -> Any:
        """``gymnasium.spaces.Box`` of ``flat`` observations."""
        if self._flat_space is None:
            from gymnasium import spaces
            import numpy as np
            low = np.concatenate([np.full(s.size, s.low, np.float32) for s in self.segments])
            high = np.concatenate([np.full(s.size, s.high, np.float32) for s in self.segments])
            self._flat_space = spaces.Box(low, high, dtype=np.float32)
        return self._flat_space

    def document(self) -> str:
        """The layout as a Markdown table (docs/research.md quotes it)."""
        rows = ["| segment | size | range | what |", "|---|---|---|---|"]
        for s in self.segments:
            rows.append(f"| `{s.name}` | {s.size} | {s.low:g}..{s.high:g} | {s.doc} |")
        return "\n".join(rows)


def onehot(name: str, values: list[str] | tuple[str, ...]) -> list[str]:
    return [f"{name}=[{v}]" for v in values]


def begin(game: "Game", phases: tuple[str, ...]) -> tuple[Layout, list[str], dict[str, int], dict[str, int]]:
    """What every game's encoding starts from: an empty layout, the game's decision kinds
    (sorted) and the position of each kind and of each of its ``phases`` in their one-hots."""
    kinds = sorted(decision_kinds(game))
    return Layout(), kinds, {k: i for i, k in enumerate(kinds)}, {p: i for i, p in enumerate(phases)}


def packer(size: int) -> Callable[..., None]:
    """``pack(out, 4 * offset, x0, x1, ...)``: ``size`` numbers written into ``out`` (an
    ``array("f")``) from feature ``offset`` on, as float32, in one C call: no array is made for
    them, which is most of what writing a run of features costs."""
    return struct.Struct(f"={size}f").pack_into


# ------------------------------------------------------------------ building and caching
#: ``builder(game, options) -> (layout, write)``: a game's encoding, ``write`` a :data:`Writer`
#: (called on zeros at each step) or an :class:`Incremental` (options already checked)
Builder = Callable[["Game", dict[str, Any]], "tuple[Layout, Writer | Incremental]"]
_CACHE: dict[tuple[str, str, str], Encoder] = {}


def encoder(game_id: str, options: dict[str, Any] | None = None, content: str | None = None) -> Encoder:
    """The :class:`Encoder` of ``game_id`` with the pack folder ``content`` (None: the default)
    and ``options`` (as ``new_game`` takes them).  Built once per process for each."""
    from .spaces import per_game
    return per_game(_CACHE, game_id, options, content, _make_encoder)


def _make_encoder(game: "Game", options: dict[str, Any]) -> Encoder:
    game_id = game.id
    build = descriptor(game_id).encoding
    if build is None:
        raise GameOptionError(f"there is no observation encoding for {game_id!r}: its descriptor gives no encoding")
    checked = game.checked_options(options)
    layout, write = resolve(build)(game, checked)
    return Encoder(game, checked, layout, write)


def decision_kinds(game: "Game") -> list[str]:
    """Every decision kind of the game, in the order its steps were registered."""
    kinds: list[str] = []
    for spec in game.steps.specs.values():
        kind = getattr(spec, "kind", None)
        if kind and kind not in kinds:
            kinds.append(kind)
    return kinds

