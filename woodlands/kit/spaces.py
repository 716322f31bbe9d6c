"""A fixed action space per game: every option id it can ever offer, numbered.

An :class:`ActionSpace` is built from the game's content pack and the option grammar each game
documents (``verb:arg:arg``, see docs/engine.md "Options and decisions as data"), never by
playing: the same content and options give the same ids in the same order on every run and
machine (``space.digest`` is a SHA-256 of them, to check).  A game gives its grammar as the
``action_ids`` hook of its descriptor (``(game, options) -> ids``, the game's ``grammar``
module for the built-in games); its enumeration is documented in the game's own doc.

>>> space = action_space("tanglewoods")
>>> space.id_at(space.index("roll"))
'roll'
>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=1)
>>> [space.id_at(i) for i in space.legal(state)] == [o.id for o in state.decision.options]
True

Nothing here is on the per-decision path but :meth:`ActionSpace.mask` and
:meth:`ActionSpace.legal`, which do one dict look-up per offered option.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from ..engine.errors import GameOptionError, brief
from ..engine.fastpath import play, quiet
from ..engine.registry import descriptor, resolve

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..engine.game import Game
    from ..engine.state import GameState

#: ``builder(game, options) -> ids``: the option grammar of one game (options already checked)
Builder = Callable[["Game", dict[str, Any]], Iterable[str]]
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class ActionSpace:
    """Every option id of one game (with its content and options), each with a fixed index."""

    game_id: str
    content_id: str
    content_version: str
    ids: tuple[str, ...]
    #: verb -> the indexes of its ids, in order
    verbs: dict[str, tuple[int, ...]] = field(repr=False)
    _index: dict[str, int] = field(repr=False)

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def digest(self) -> str:
        """SHA-256 of the ids in order: equal digests, equal spaces."""
        return hashlib.sha256("\n".join(self.ids).encode()).hexdigest()

    def index(self, option_id: str) -> int:
        """The index of ``option_id``; KeyError naming the game if it is not in the space."""
        try:
            return self._index[option_id]
        except (KeyError, TypeError):
            raise KeyError(f"{brief(option_id)} is not an option id of {self.game_id} "
                           f"(content {self.content_id} {self.content_version}); its action space has "
                           f"{self.size} ids, from {self.ids[0]!r} to {self.ids[-1]!r}") from None

    def id_at(self, i: int) -> str:
        """The option id at index ``i``; IndexError if ``i`` is not in ``0 .. size - 1``."""
        if isinstance(i, bool) or not 0 <= i < self.size:
            raise IndexError(f"{brief(i)} is not an action index of {self.game_id}: 0 .. {self.size - 1}")
        return self.ids[i]

    def __contains__(self, option_id: object) -> bool:
        return option_id in self._index

    def __len__(self) -> int:
        return len(self.ids)

    def legal(self, state: "GameState") -> list[int]:
        """The indexes of the current decision's options, in the order offered (empty when over)."""
        d = state.decision
        if d is None or state.over:
            return []
        # A plain loop: decisions offer a few options (3-7 on average), and for so few, counted
        # by callgrind, it costs half of ``list(map(index.__getitem__, map(itemgetter(0), ...)))``
        # (whose two map objects and bound method cost more than the look-ups themselves).  An
        # option is a tuple whose first field is its id.
        index = self._index
        out: list[int] = []
        try:
            for option in d.options:
                out.append(index[option[0]])
            return out
        except KeyError:
            missing = next(o.id for o in d.options if o.id not in index)
            raise KeyError(f"the game offered {missing!r}, which the action space of {self.game_id} "
                           "does not hold: the enumeration misses part of the grammar") from None

    def mask(self, state: "GameState") -> "npt.NDArray[np.int8]":
        """``size`` int8s: 1 at the index of each option of the current decision, else 0 (all
        zeros once the game is over)."""
        return self.mask_of(self.legal(state))

    def mask_of(self, legal: list[int]) -> "npt.NDArray[np.int8]":
        """The mask of indexes already worked out with :meth:`legal` (a new, writable array)."""
        frombuffer, int8 = _NUMPY or _numpy()
        m = bytearray(len(self.ids))   # zeros in one C call; the ones set on the bytes, then one
        for i in legal:                # numpy view of them (writable: it owns a bytearray)
            m[i] = 1
        return frombuffer(m, int8)  # type: ignore[no-any-return]


_CACHE: dict[tuple[str, str, str], ActionSpace] = {}
_NUMPY: list[Any] = []


def _numpy() -> list[Any]:
    """[numpy.frombuffer, the int8 dtype], imported on first use (numpy belongs to the research
    extra; a dtype object spares numpy parsing a name per call)."""
    if not _NUMPY:
        import numpy
        _NUMPY.extend((numpy.frombuffer, numpy.dtype(numpy.int8)))
    return _NUMPY


def cache_key(game_id: str, options: dict[str, Any] | None, content: str | None) -> tuple[str, str, str]:
    """The key of a per-process cache of things built for (game, pack, options): the action
    spaces here, the encoders of :mod:`woodlands.kit.encoding`."""
    try:
        return game_id, str(content or ""), json.dumps(options or {}, sort_keys=True, default=str)
    except (TypeError, ValueError):
        raise GameOptionError(f"options are a dict of JSON values, not {brief(options)}") from None


def per_game(cache: dict[tuple[str, str, str], T], game_id: str, options: dict[str, Any] | None,
             content: str | None, make: Callable[["Game", dict[str, Any]], T]) -> T:
    """What ``make(game, options)`` builds for ``game_id`` with the pack folder ``content``
    (None: the default pack) and ``options`` (as ``new_game`` takes them; ``make`` has them
    checked), built once per process for each (game, pack, options) and kept in ``cache``."""
    from ..engine.game import load_game
    key = cache_key(game_id, options, content)
    found = cache.get(key)
    if found is None:
        found = cache[key] = make(load_game(game_id, content), dict(options or {}))
    return found


def action_space(game: "str | Game", options: dict[str, Any] | None = None, content: str | None = None) -> ActionSpace:
    """The action space of ``game`` with the content pack folder ``content`` (None: the
    default pack) and ``options`` (as ``new_game`` takes them; checked by the game).  Built once
    per process for each (game, pack, options).

    ``game`` is a game id or a loaded game; a loaded game brings its own pack, so ``content``
    is then left out:

    >>> import woodlands
    >>> action_space(woodlands.load_game("tanglewoods")) is action_space("tanglewoods")
    True
    """
    from ..engine.game import Game
    if not isinstance(game, Game):
        return per_game(_CACHE, game, options, content, _make_space)   # an id; a bad one is refused there
    if content is not None:
        raise GameOptionError("a loaded game brings its own content pack: give content only with a game id")
    folder = None if game.content_path is None else str(game.content_path)
    return per_game(_CACHE, game.id, options, folder, _make_space)


def _make_space(game: "Game", options: dict[str, Any]) -> ActionSpace:
    game_id = game.id
    build = descriptor(game_id).action_ids
    if build is None:
        raise GameOptionError(f"there is no action space for {game_id!r}: its descriptor gives no action_ids")
    build = resolve(build)
    checked = game.checked_options(options)
    ids: list[str] = []
    seen: set[str] = set()
    verbs: dict[str, list[int]] = {}
    for option_id in build(game, checked):
        if option_id in seen:
            continue
        seen.add(option_id)
        verb = option_id.split(":", 1)[0]
        verbs.setdefault(verb, []).append(len(ids))
        ids.append(option_id)
    return ActionSpace(game_id, game.content.id, game.content.version, tuple(ids), {v: tuple(k) for v, k in verbs.items()},
                       {option_id: i for i, option_id in enumerate(ids)})


def verb_ids(verb: str, *domains: Iterable[Any]) -> list[str]:
    """Every ``verb:a:b...`` with one argument from each domain, in order (the first fastest last):
    what a game's grammar is written with.

    >>> verb_ids("apply", ("red", "blue"), (1, 2))
    ['apply:red:1', 'apply:red:2', 'apply:blue:1', 'apply:blue:2']
    """
    out = [verb]
    for domain in domains:
        values = [str(v) for v in domain]
        out = [f"{head}:{v}" for head in out for v in values]
    return out


def take(state: "GameState", position: int) -> None:
    """``state.apply`` of option number ``position`` of the decision waiting (an index into
    ``state.decision.options`` that the caller got from it, as :meth:`ActionSpace.legal`'s list
    gives): the engine's :meth:`~woodlands.engine.state.GameState.take`, without looking the id
    up among the options' ids.  The adapters' hot loop; ``tests/research/test_spaces.py`` holds it
    to ``apply`` (same records, logs and undo floors over many games)."""
    state.take(position)


def _as_is(state: "GameState") -> "GameState":
    return state


def episode_mode(record: Any) -> tuple[Callable[["GameState"], "GameState"], Callable[["GameState", int], None]]:
    """What an environment's ``record`` keyword (Gymnasium's and PettingZoo's) makes of each
    game: ``(keep, step)``, where ``keep(state)`` is the new game as the episode plays it and
    ``step(state, position)`` takes option number ``position`` of its decision.  ``record=True``:
    the game as it is and :func:`take` (log and record kept); ``False``: the game made quiet and
    the fast path's ``play`` (neither kept).  Anything but a bool raises GameOptionError."""
    if not isinstance(record, bool):
        raise GameOptionError(f"record must be True or False, not {brief(record)}")
    return (_as_is, take) if record else (quiet, play)
