"""A fixed action space per game: every option id it can ever offer, numbered.

An :class:`ActionSpace` is built from the game's content pack and the option grammar each game
documents (``verb:arg:arg``, see docs/engine.md "Options and decisions as data"), never by
playing: the same content and options give the same ids in the same order on every run and
machine (``space.digest`` is a SHA-256 of them, to check).  The enumeration of each game is
documented in docs/research.md and in the game's own doc.

>>> space = action_space("tanglewoods")
>>> space.id_at(space.index("roll"))
'roll'
>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=1)
>>> [space.id_at(i) for i in space.legal(state)] == [o.id for o in state.decision.options]
True

The Cursed Forest's ids that hold tile coordinates (``web-walk:X:Y``, ``jump:X:Y``,
``exit:X:Y:ROT``, ``flee:X:Y``) are bounded: the Start tile lies at (0, 0) and every other tile
is laid beside one already down, so with ``T`` tiles in the pack (Start and Exit included; 45 in
the default pack) no tile can lie more than ``T - 1`` steps from the Start tile.  The space holds
every square with ``|x| + |y| <= T - 1`` (3,961 squares for 45 tiles).

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

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..engine.game import Game
    from ..engine.state import GameState

#: ``builder(game, options) -> ids``: the option grammar of one game (options already checked)
Builder = Callable[["Game", dict[str, Any]], Iterable[str]]
_BUILDERS: dict[str, Builder] = {}
T = TypeVar("T")


def register_space(game_id: str, builder: Builder) -> None:
    """Give ``game_id`` (a game of another package, say) its enumeration of option ids."""
    _BUILDERS[game_id] = builder


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
    spaces here, the encoders of :mod:`woodlands.research.observe`."""
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


def action_space(game_id: str, options: dict[str, Any] | None = None, content: str | None = None) -> ActionSpace:
    """The action space of ``game_id`` with the content pack folder ``content`` (None: the
    default pack) and ``options`` (as ``new_game`` takes them; checked by the game).  Built once
    per process for each (game, pack, options)."""
    return per_game(_CACHE, game_id, options, content, _make_space)


def _make_space(game: "Game", options: dict[str, Any]) -> ActionSpace:
    game_id = game.id
    build = _BUILDERS.get(game_id)
    if build is None:
        raise GameOptionError(f"there is no action space for {game_id!r}; known: {', '.join(sorted(_BUILDERS))} "
                              "(woodlands.research.spaces.register_space adds one)")
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


def _ids(verb: str, *domains: Iterable[Any]) -> list[str]:
    """Every ``verb:a:b...`` with one argument from each domain, in order (the first fastest last)."""
    out = [verb]
    for domain in domains:
        values = [str(v) for v in domain]
        out = [f"{head}:{v}" for head in out for v in values]
    return out


# ------------------------------------------------------------------ Tanglewoods
def tanglewoods_ids(game: "Game", options: dict[str, Any]) -> list[str]:
    """Every id of docs/tanglewoods.md "The decisions", arguments from the content pack: heroes,
    forest cards (bears among them), maps, items, the five die colours, the three stats, the
    three faces of a die.  Options do not change it."""
    from ..games.tanglewoods.model import COLOURS, FACE_NAMES, STATS
    c: Any = game.content
    forest = [card.id for card in c.forest]
    bears = [c.forest[b].id for b in c.bears]
    maps = [card.id for card in c.maps]
    items = [card.id for card in c.items]
    heroes = [h.id for h in c.heroes]
    # an effect's source: a forest card, a map, an item, a hero or the Brothers Grimm
    sources = forest + maps + items + heroes + ["brothers-grimm", "hero"]
    return [
        *_ids("hero", heroes), *_ids("side", ("a", "b")),
        *_ids("bear", bears), *_ids("stat", STATS), *_ids("banish", COLOURS),
        *_ids("top", forest), *_ids("bottom", forest),
        *_ids("first", sources),
        *_ids("map", maps),
        *_ids("place", forest), "draw", *_ids("use", items), "ability",
        "complete", "keep_building", "add",
        *_ids("bribe", forest), "done",
        *_ids("commit", COLOURS), "roll", "end",
        *_ids("apply", COLOURS, FACE_NAMES[1:], forest),
        *_ids("recover", COLOURS), *_ids("exhaust", COLOURS),
        "visit", "skip",
        *_ids("mend", COLOURS), *_ids("forge", items), *_ids("bait", bears), *_ids("buy", items),
        *_ids("bless", STATS), "leave",
        *_ids("discard", items), "pay", "refuse", *_ids("enemy", forest),
        *_ids("reroll", COLOURS, FACE_NAMES), *_ids("upgrade", items),
    ]


# ------------------------------------------------------------------ Storyfold
def storyfold_ids(game: "Game", options: dict[str, Any]) -> list[str]:
    """Every id of docs/storyfold.md "Decisions": the four actions on every target (creature
    and trauma cards for Light and Heal, every scene's locations for Help and Explore), the dice
    one may roll (0-5 d8, the d10 and d12 at most once each: S-3), the n-th rolled die (0-6),
    the companions' uses, cards by kind and the campaign's scenes.  Options do not change it."""
    from ..games.storyfold.model import ACTIONS, START_DICE
    c: Any = game.content
    cards = list(c.cards)
    creatures = [k.id for k in cards if k.kind == "creature"]
    traumas = [k.id for k in cards if k.kind == "trauma"]
    locations: list[str] = []
    for scene in c.scenes:
        locations += [loc.id for loc in scene.locations if loc.id not in locations]
    targets = {"light": creatures, "heal": creatures + traumas, "help": locations, "explore": locations}
    act: list[str] = []
    for name in ACTIONS:
        act += _ids(f"act:{name}:top", targets[name]) + [f"act:{name}:bottom"]
    n8 = START_DICE.count(8)
    rolls = [f"roll:{k8}:{k10}:{k12}" for k10 in (0, 1) for k12 in (0, 1) for k8 in range(n8 + 1) if k8 + k10 + k12]
    uses = {who: [u.id for side in comp.sides for u in side.uses] for who, comp in (("luma", c.luma), ("brom", c.brom))}
    ids = [k.id for k in cards]
    actions = [c.cards[a].id for a in c.actions]
    return [
        *act, *_ids("boon", ids), *_ids("luma", uses["luma"]), *_ids("brom", uses["brom"]), "end",
        *rolls, "crystal", "resolve", *_ids("die", range(len(START_DICE) + 2)), "done",
        "bottom", "nothing", *_ids("crystal", ACTIONS), *_ids("keep", ids),
        *_ids("use", ids), *_ids("discard", ids), *_ids("creature", creatures + traumas),
        *_ids("action", actions), "continue", "draw", *_ids("open", [sc.id for sc in c.scenes]),
    ]


# ------------------------------------------------------------------ The Cursed Forest
def reach(game: "Game") -> int:
    """How far from the Start tile, in steps, any tile of the pack can lie: its tile count less 1."""
    return len(game.content.tiles) - 1  # type: ignore[attr-defined]


def squares(radius: int) -> list[tuple[int, int]]:
    """Every square with ``|x| + |y| <= radius``, by row from the south (y), then x."""
    return [(x, y) for y in range(-radius, radius + 1) for x in range(-radius, radius + 1)
            if abs(x) + abs(y) <= radius]


def cursed_forest_ids(game: "Game", options: dict[str, Any]) -> list[str]:
    """Every id of docs/cursed-forest.md "Decisions".  ``A`` ranges over the game's adventurers
    (``players``, or ``adventurers`` in the solo game: the options change the space), items are
    the pack's item copies, coordinates the squares within :func:`reach` of the Start tile, a
    die's position ``K`` in a roll up to the most dice the pack lets anyone roll."""
    from ..games.cursed_forest.model import EDGES
    from ..games.cursed_forest.state import SPACES
    c: Any = game.content
    n = options["players"] if options["players"] > 1 else (options.get("adventurers") or 1)
    adv = range(n)
    items = [i.id for i in c.items]
    where = [f"{x}:{y}" for x, y in squares(reach(game))]
    spaces = [*SPACES, "hands", "beside"]
    ranged = [i for i in c.items if i.attack == "ranged"]
    shots = [f"shoot:{i.id}:{d}:{r}" for i in ranged for d in EDGES for r in range(i.range_min, i.range_max + 1)]
    crossbows = [i for i in ranged if "crossbow" in i.tags]
    if crossbows and any(ch.ability("twin_crossbows") is not None for ch in c.characters):
        lo, hi = min(i.range_min for i in crossbows), max(i.range_max for i in crossbows)
        shots += [f"shoot:twin:{d}:{r}" for d in EDGES for r in range(lo, hi + 1)]
    weapons = [i.id for i in c.items if "weapon" in i.tags and i.attack == "fight"]
    uses = []
    for i in c.items:
        uses.append(f"use:{i.id}")
        if i.ability("line_blast") is not None:
            uses += _ids(f"use:{i.id}", EDGES)
        if i.ability("enchant_weapon") is not None:
            uses += _ids(f"use:{i.id}", weapons)
    dice = sorted((i.combat_dice for i in c.items), reverse=True)[:len(SPACES)]
    most = max([max(ch.dice for ch in c.characters) + sum(dice) + 1, c.spiders.dice, c.morna.dice]
               + [m.sides[k].dice for m in c.monsters for k in (0, 1)])
    seeds = [s.id for s in c.seeds]
    return [
        *_ids("character", [ch.id for ch in c.characters]),
        "draw-tile", *_ids("move", EDGES), *_ids("web-walk", where), *_ids("jump", where),
        *uses, *shots, *_ids("cure", adv),
        *_ids("equip", items, spaces), *_ids("drop", items), *_ids("pickup", items, spaces),
        *_ids("give", items, adv), *_ids("show", items), *_ids("shift-poison", SPACES, SPACES),
        "recover-seed", *_ids("pickup-seed", seeds), "search-swamp", "bone-yard:heal", "bone-yard:item",
        "fight-morna", *_ids("place-seed", seeds), *_ids("attack", adv), "end-turn",
        *_ids("lay", EDGES, range(4)), *_ids("exit", where, range(4)),
        "fight", *_ids("escape", EDGES), "escape-new", *_ids("tag", adv), *_ids("flee", where),
        "keep-roll", "crow", *_ids("marta:mine", range(most)), *_ids("marta:theirs", range(most)), "marta:roll",
        "tag:accept", "tag:refuse", *_ids("partner", adv),
        *_ids("stow", items, spaces), *_ids("leave", items), *_ids("poison-drop", items),
        "maiden:stay", *_ids("maiden", EDGES), "pay:kill", "pay:damage", "defend",
    ]


register_space("tanglewoods", tanglewoods_ids)
register_space("storyfold", storyfold_ids)
register_space("cursed-forest", cursed_forest_ids)


def take(state: "GameState", position: int) -> None:
    """``state.apply`` of option number ``position`` of the decision waiting (an index into
    ``state.decision.options`` that the caller got from it, as :meth:`ActionSpace.legal`'s list
    gives): the engine's own ``_answer``, without looking the id up among the options' ids.  The
    adapters' hot loop; ``tests/research/test_spaces.py`` holds it to ``apply`` (same records,
    logs and undo floors over many games)."""
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
