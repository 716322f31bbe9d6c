"""Games, loading them by id, and replaying records."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Protocol

from . import registry
from .content import fingerprint_of, reading_pack
from .errors import ContentError, GameOptionError, IllegalAction, RecordError, brief, clip
from .files import MAX_JSON_DEPTH
from .packs import game_for
from .records import check_replayed, record_rules, refuse_changed
from .state import RECORD_FORMAT, RECORD_VERSION, RECORD_VERSIONS, GameState
from .steps import StepRegistry


class Content(Protocol):
    """What the kernel needs of any game's compiled content pack."""

    @property
    def id(self) -> str: ...

    @property
    def version(self) -> str: ...

    @property
    def fingerprint(self) -> str:
        """The lowercase hex SHA-256 of the pack's canonical content
        (:func:`woodlands.engine.content.fingerprint_of`), set when it is loaded."""
        ...


class Game:
    """The static part of a game: its rules (steps) and compiled content.

    Subclasses set ``id``, ``name``, ``steps`` and implement :meth:`_start`.
    """

    id: str = ""
    name: str = ""
    players: tuple[int, int] = (1, 1)
    steps: StepRegistry
    #: the option that stops an endless game as "unfinished" (for simulations), if the game has one
    limit_option: str | None = None
    #: the value ``woodlands sim`` and ``bench`` give that option unless told otherwise
    limit_default: int = 200
    #: how many entries :attr:`cache` holds before it is emptied
    CACHE_LIMIT = 1 << 16
    #: the version of this game's rules code; records carry it.  Bump it (and say what changed
    #: in :attr:`rules_changes`) whenever a fix can change what an old record replays to.
    rules_version: int = 1
    #: rules version -> what changed in it, in player words with the rule ids (shown when an
    #: old record is refused)
    rules_changes: dict[int, tuple[str, ...]] = {}
    #: the options whose value is a list or an object (``{"characters": list}``); every other
    #: option takes one plain value (text, number, true/false), which the kernel checks first
    structured_options: dict[str, type] = {}
    #: options that exist only so that automatic play ends (caps on free actions or rounds,
    #: ruling C-15): absent from people's games; ``woodlands sim``, ``bench``, bots' tests and
    #: the random-play tests put them under the options they are given
    #: (:meth:`options_for_simulation`)
    simulation_options: dict[str, Any] = {}

    def __init__(self, content: Content, content_path: Path | None = None) -> None:
        self.content = content
        self.content_path = content_path   # None: the default pack
        # memo space for pure functions of (content, position parts); shared by all its states
        self.memo: dict[object, object] = {}
        # the same for keys with many values (a whole River, say): emptied when it holds
        # CACHE_LIMIT entries, so that a long simulation's memory stays bounded
        self.cache: dict[object, object] = {}

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None) -> GameState:
        """Start a game.  ``seed=None`` draws one from the OS (it is kept in the record)."""
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise GameOptionError(f"seed must be a whole number from 0 to 2**64 - 1, not {brief(seed)}")
        opts = self.checked_options(options)
        state = self._start(seed, opts)
        state.advance()
        return state

    def checked_options(self, options: Any) -> dict[str, Any]:
        """The options checked by the kernel (a dict of JSON values, lists and objects only for
        :attr:`structured_options`) and then by the game's :meth:`check_options`."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise GameOptionError(f"options are a dict of option names to values, not {brief(options)}")
        for key, value in options.items():
            if not isinstance(key, str):
                raise GameOptionError(f"an option name is text, not {brief(key)}")
            want = self.structured_options.get(key)
            if isinstance(value, (list, dict)) and (want is None or not isinstance(value, want)):
                takes = f"a {'list' if want is list else 'JSON object'}" if want else "one value (text, a number, true or false)"
                raise GameOptionError(f"option {brief(key)} takes {takes}, not {brief(value)}")
            problem = json_value_problem(value)
            if problem:
                raise GameOptionError(f"option {brief(key)}: {problem}")
        return self.check_options(dict(options))

    def from_position(self, data: Any, strict: bool = True) -> GameState:
        """The state a position (:meth:`GameState.position`) describes, going on exactly as the
        state it was written from.  The position must be of this game and content pack; any
        problem raises :class:`RecordError` (:class:`GameOptionError` for its options) saying
        what is wrong; ``strict=False`` skips the game's invariants (a hand-made situation).
        See :mod:`woodlands.engine.position`."""
        from .position import read_position
        return read_position(self, data, strict)

    def options_for_simulation(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """``options`` over :attr:`simulation_options`: what bots and simulations play with."""
        return {**self.simulation_options, **(options or {})}

    def options_for_seed(self, options: dict[str, Any], seed: int) -> dict[str, Any]:
        """The options a study's game of seed ``seed`` is played with: ``options`` (already
        :meth:`options_for_simulation`) with whatever a bot would otherwise always choose the
        same way at set-up spread over the games by seed (every hero in turn, seed ``i`` taking
        the ``i mod n``-th), unless ``options`` fixes it.  By default ``options`` unchanged."""
        return options

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate and complete the options; raise :class:`GameOptionError` naming the bad one.
        (:meth:`checked_options` has made sure every value is plain JSON data first.)"""
        return options

    def _start(self, seed: int, options: dict[str, Any]) -> GameState:
        raise NotImplementedError

    def measures(self, state: GameState) -> dict[str, float]:
        """The numbers a simulation tallies for one finished game (besides its result and the
        number of decisions).  By default every number in the outcome; games may pick their own.
        """
        outcome = state.outcome or {}
        return {k: v for k, v in outcome.items()
                if isinstance(v, (int, float)) and not isinstance(v, bool)}

    #: what :meth:`reward` estimates, in words for a hint ("win chance", or "score" for a game
    #: whose reward grades a finished game)
    reward_measure: str = "win chance"

    def reward(self, state: GameState, seat: int) -> float:
        """How good the finished game ``state`` is for ``seat``, from 0 to 1: the game's one
        reward, which the search bot (``woodlands.bots.ismcts``) and the hints maximise and the
        research environments give (as ``2 * reward - 1``, :mod:`woodlands.kit.returns`).  By
        default 1 for a win and 0 for anything else; a game with a score, or with seats that
        play against each other, says more."""
        outcome = state.outcome or {}
        return 1.0 if outcome.get("result") == "win" else 0.0

    @classmethod
    def load_content(cls, path: Path | None) -> Content:
        raise NotImplementedError

    @property
    def pack_files(self) -> dict[str, Any]:
        """The parsed data of every file of this game's pack, by file name (what its fingerprint
        is made of).  Shared: copy before changing."""
        return _PACK_FILES.get(self.content.fingerprint, {})

    def entries(self) -> dict[str, dict[str, Any]]:
        """Every entry of the pack (a card, hero, item, monster, tile...) by id, as written in
        its files (:func:`woodlands.engine.variants.pack_entries`)."""
        from .variants import entry_data, pack_entries
        files = self.pack_files
        return {ident: entry_data(files, where) for ident, where in pack_entries(files).items()}

    def with_edits(self, edits: dict[str, Any]) -> "Game":
        """This game with a copy of its pack whose numbers ``edits`` changes (``{"card.<id>.<field>":
        value}``), made in memory and validated like a pack read from a folder
        (:class:`ContentError` when the new value breaks it); it has its own fingerprint.  An
        unknown id or field, or a field that is not a number, is a :class:`UserError` naming the
        valid ones."""
        from .variants import edited_files
        overlay = edited_files(self.pack_files, edits)
        return type(self)(_load_pack(type(self), self.content_path, overlay), self.content_path)


#: the largest seed (the generator keeps 64 bits)
MAX_SEED = (1 << 64) - 1


def json_value_problem(value: Any) -> str | None:
    """What keeps ``value`` from being plain JSON data that a record can hold (a foreign type, a
    NaN, a whole number over 64 bits, a dict key that is not text, nesting deeper than the JSON
    reader allows), or None.  Walked without recursion."""
    todo: list[tuple[Any, int, str]] = [(value, 1, "")]
    while todo:
        item, depth, at = todo.pop()
        where = f"field '{at}': " if at else ""
        if item is None or isinstance(item, (bool, str)):
            continue
        if isinstance(item, int):
            if item.bit_length() > 64:
                return f"{where}the number {brief(item)} is too large"
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return f"{where}{item} is not a number JSON allows"
        elif isinstance(item, (list, dict)):
            if depth > MAX_JSON_DEPTH:
                return f"{where}lists or objects nested deeper than {MAX_JSON_DEPTH}"
            if isinstance(item, dict):
                bad = next((k for k in item if not isinstance(k, str)), None)
                if bad is not None:
                    return f"{where}an object key must be text, not {brief(bad)}"
                # the path names where the problem is, so a long save can be mended by hand
                todo.extend((v, depth + 1, f"{at}.{k}" if at else k) for k, v in item.items())
            else:
                todo.extend((v, depth + 1, f"{at}[{i}]") for i, v in enumerate(item))
        else:
            return f"a {type(item).__name__} is not a JSON value"
    return None


_DEFAULT_CACHE: dict[str, Game] = {}
# the files each loaded pack was made of, by fingerprint (Game.pack_files)
_PACK_FILES: dict[str, dict[str, Any]] = {}
# packs loaded from a folder in this process by game and fingerprint, so that a record that
# names its pack's fingerprint finds that very pack
_KNOWN_FINGERPRINTS: dict[tuple[str, str], Path] = {}


def _load_pack(cls: type[Game], path: Path | None, overlay: dict[str, Any] | None = None) -> Content:
    """The game's loader, run so that the files it reads are kept; the pack gets its fingerprint."""
    with reading_pack(overlay) as read:
        pack = cls.load_content(path)
    fingerprint = fingerprint_of(read.files)
    # the content classes are frozen: the fingerprint is set once, here, as the pack is made
    object.__setattr__(pack, "fingerprint", fingerprint)
    _PACK_FILES.setdefault(fingerprint, read.files)
    return pack
# packs loaded from a folder in this process, so replay() finds them by id and version
_KNOWN_PACKS: dict[tuple[str, str, str], Path] = {}


def game_ids() -> list[str]:
    """The ids of every known game (:mod:`woodlands.engine.registry`)."""
    return registry.game_ids()


def game_class(game_id: str) -> type[Game]:
    return registry.descriptor(game_id).game


def load_game(game_id: str, content: str | Path | None = None) -> Game:
    """The game ``game_id`` with its default content pack, or the pack folder ``content``.

    >>> load_game("tanglewoods").name
    '20 Strong: Tanglewoods Gold'
    """
    cls = game_class(game_id)
    if content is None:
        if game_id not in _DEFAULT_CACHE or type(_DEFAULT_CACHE[game_id]) is not cls:
            _DEFAULT_CACHE[game_id] = cls(_load_pack(cls, None))
        return _DEFAULT_CACHE[game_id]
    pack = _load_pack(cls, Path(content))
    _KNOWN_PACKS[(game_id, pack.id, pack.version)] = Path(content)
    _KNOWN_FINGERPRINTS[(game_id, pack.fingerprint)] = Path(content)
    return cls(pack, Path(content))


def replay(record: dict[str, Any], content: str | Path | None = None,
           accept_rules_change: bool = False,
           before_choice: Callable[[GameState, str], None] | None = None, keep_undo: bool = False) -> GameState:
    """Rebuild the exact state a record describes.  A malformed or forged record raises
    :class:`RecordError` saying where it breaks.

    A record made under older rules (its ``"rules"`` version) is replayed only if it reaches
    exactly the game it recorded (its ``"digest"``); otherwise it is refused with the list of
    rules changes since, unless ``accept_rules_change`` asks for a new game from its choices.
    ``before_choice(state, choice)``, if given, is called before each choice is applied (the
    web server learns who made each one in the same pass).  ``keep_undo``: the state keeps the
    states before its last choices as it replays them (:meth:`GameState.keep_undo`)."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a Woodlands record (format is {brief(record.get('format'))}, expected {RECORD_FORMAT!r})")
    version = record.get("version")
    if type(version) is not int or version not in RECORD_VERSIONS:      # noqa: E721  (true is not 1)
        raise RecordError(f"record version {brief(version)} is not supported (this Woodlands reads versions 1 "
                          f"to {RECORD_VERSION})")
    for key, typ in (("game", str), ("content", dict), ("options", dict), ("seed", int), ("choices", list)):
        if not isinstance(record.get(key), typ) or (typ is int and isinstance(record.get(key), bool)):
            raise RecordError(f"record field '{key}' is missing or not a {typ.__name__}")
    if not all(isinstance(c, str) for c in record["choices"]):
        raise RecordError("record field 'choices' must be a list of option ids (strings)")
    if not all(isinstance(record["content"].get(k), str) for k in ("id", "version")):
        raise RecordError("record field 'content' must give the pack's 'id' and 'version' as text")
    want = record["content"]
    redraws = record_redraws(record, version)
    fingerprint = record_fingerprint(want, version)
    game = _game_played(record["game"], want, content, "record")
    if want.get("id") != game.content.id or want.get("version") != game.content.version:
        raise RecordError(
            f"record was played with content {brief(want.get('id'))} {brief(want.get('version'))}, "
            f"but the loaded pack is {brief(game.content.id)} {brief(game.content.version)}; pass content=PATH")
    if fingerprint is not None and fingerprint != game.content.fingerprint:
        raise RecordError(
            f"record was played with content {brief(want['id'])} {brief(want['version'])} of fingerprint "
            f"{fingerprint[:10]}, but the loaded pack of that id and version has fingerprint "
            f"{game.content.fingerprint[:10]}: its numbers or cards were changed without a new version; pass "
            "the pack the record was played with (content=PATH)")
    if not 0 <= record["seed"] <= MAX_SEED:
        raise RecordError("record field 'seed' must be a whole number from 0 to 2**64 - 1")
    rules = record_rules(record, game)
    try:
        state = game.new_game(seed=record["seed"], options=record["options"])
    except GameOptionError as e:
        raise RecordError(f"record options rejected: {e}") from None
    if keep_undo:
        state.keep_undo()
    for i, choice in enumerate(record["choices"]):
        while redraws and redraws[0][0] == i:
            _redraw(state, redraws.pop(0)[1])
        try:
            if before_choice is not None:
                before_choice(state, choice)
            state.apply(choice)
        except IllegalAction as e:
            if rules < game.rules_version:
                raise refuse_changed(game, rules, f"its choice #{i + 1} ({brief(choice)}) is no longer legal where "
                                     "it stands", can_accept=False) from None
            raise RecordError(f"choice #{i + 1} ({brief(choice)}) is not legal at that point: {clip(str(e))}") from None
    for _, seed in redraws:          # those after the last choice
        _redraw(state, seed)
    check_replayed(record, game, rules, state.log, accept_rules_change)
    return state


def record_fingerprint(content: dict[str, Any], version: int) -> str | None:
    """The fingerprint a record's ``content`` names (version 3 always does), or None for an older
    record without one, whose pack is known only by id and version; a malformed one raises
    :class:`RecordError`."""
    fingerprint = content.get("fingerprint")
    if version < 3 and fingerprint is None:
        return None
    if not isinstance(fingerprint, str) or len(fingerprint) != 64 or fingerprint.strip("0123456789abcdef"):
        raise RecordError("record field 'content.fingerprint' must be the pack's fingerprint, 64 lowercase hex digits")
    return fingerprint


def record_redraws(record: dict[str, Any], version: int) -> list[tuple[int, int]]:
    """The record's ``redraws`` (version 2; absent: none) as ``(at, seed)`` pairs in order, each
    ``at`` the number of choices made before it; a malformed list raises :class:`RecordError`."""
    raw = record.get("redraws")
    if raw is None:
        return []
    if version < 2:
        raise RecordError("record field 'redraws' needs record version 2; a version 1 record has none")
    if not isinstance(raw, list):
        raise RecordError("record field 'redraws' must be a list of {\"at\": N, \"seed\": S} objects")
    out: list[tuple[int, int]] = []
    for k, item in enumerate(raw):
        where = f"record field 'redraws' item #{k + 1}"
        if not isinstance(item, dict) or set(item) != {"at", "seed"}:
            raise RecordError(f"{where} must be an object with exactly 'at' and 'seed'")
        at, seed = item["at"], item["seed"]
        if type(at) is not int or not 0 <= at <= len(record["choices"]):      # noqa: E721  (true is not 1)
            raise RecordError(f"{where}: 'at' must be a number of choices made, from 0 to {len(record['choices'])}, "
                              f"not {brief(at)}")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:                # noqa: E721
            raise RecordError(f"{where}: 'seed' must be a whole number from 0 to 2**64 - 1, not {brief(seed)}")
        if out and at < out[-1][0]:
            raise RecordError(f"{where}: the redraws must be in the order they were made ('at' never goes down)")
        out.append((at, seed))
    return out


def _redraw(state: GameState, seed: int) -> None:
    """One redraw of a record, or the error that says the record's game cannot make it."""
    try:
        state.redraw_unseen(seed)
    except NotImplementedError as e:
        raise RecordError(f"the record redraws hidden facts, but {e}") from None


def load_position(data: Any, content: str | Path | None = None) -> GameState:
    """The state a position describes, its game and content pack found as :func:`replay` finds a
    record's (the default pack, one loaded earlier, a kept older version, or the folder
    ``content``).  A malformed position raises :class:`RecordError` saying where it breaks."""
    from .position import check_envelope, read_position
    check_envelope(data)
    return read_position(_game_played(data["game"], data["content"], content, "position"), data)


def _game_played(game_id: str, want: dict[str, Any], content: str | Path | None, what: str) -> Game:
    """The game a record or position (``what``) was played with: without ``content``, the
    default pack, one loaded earlier, or a kept older version (engine/packs.py); else the
    folder ``content``.  A game or pack that cannot be had is a :class:`RecordError`."""
    try:
        if content is None and game_id in registry.game_ids():
            fingerprint = want.get("fingerprint")
            return game_for(game_id, want["id"], want["version"],
                            fingerprint if isinstance(fingerprint, str) else None)
        return load_game(game_id, content)
    except GameOptionError as e:
        raise RecordError(f"{what} names {e}") from None
    except ContentError as e:
        raise RecordError(f"the {what}'s content pack cannot be loaded: {e}") from None
