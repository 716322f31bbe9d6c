"""Positions: one moment of a game as versioned JSON, hidden facts included (like chess's FEN).

A record (:mod:`woodlands.engine.records`) says how a game got where it is: a seed and the
choices, replayed from the start.  A position says where it *is*: every fact of the state, the
order of each deck, the generator's state, the step stack, the log so far, so that a game goes on
from it exactly as from the state it was written from, without a replay::

    >>> import woodlands
    >>> game = woodlands.load_game("tanglewoods")
    >>> state = game.new_game(seed=3, options={"hero": "thorn-warden"})
    >>> state.apply(state.decision.options[0].id)
    >>> data = state.position()
    >>> data["format"], data["version"], data["game"]
    ('woodlands-position', 1, 'tanglewoods')
    >>> again = game.from_position(data)
    >>> again.view(0) == state.view(0) and again.decision == state.decision
    True

The engine writes what every game has (the envelope, the generator, the steps, the log, the
choices, the outcome); the game's own fields are found by a walk over its state class's slots
(and ``__dict__``, for a class without slots), so a game gets positions with no code of its
own.  Values are JSON; a tuple is written ``{"tuple": [...]}`` and a dict ``{"map": [[key,
value], ...]}``, so each comes back as the type it was, and a part of the content pack that a
step carries (the effect being carried out) ``{"content": [path]}``, its place in the pack.  A
field holding the game's content pack is not written: the position names the pack, and reading
puts the loaded pack back.

``state.position(seat=k)`` is what seat ``k`` may know of it: no generator, the log as
``log_for(k)``, no choices (another seat's option ids can name its secrets), and each hidden
fact (a card inside a deck, another player's face-down item) written as ``null`` by the game's
``_censor`` hook, from the same facts its ``determinize`` draws afresh.  A censored position
cannot be played on.

Reading (:func:`read_position`) checks the envelope, the types of every field against a freshly
started game of the same options, the step names, the pending decision against what its step asks
now, and the game's invariants when it declares some; any problem raises :class:`RecordError`
naming the field, and nothing is half built.  A position with no pending decision holds steps
to run, which reading runs up to the next decision (a situation set up for a test).
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

from .decision import Decision
from .errors import ContentError, GameOptionError, RecordError, brief, clip
from .eventlog import AppendLog
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState

POSITION_FORMAT = "woodlands-position"
#: the newest position version (every one this Woodlands reads: :data:`POSITION_VERSIONS`)
POSITION_VERSION = 1
POSITION_VERSIONS = (1,)
_MAX64 = (1 << 64) - 1
#: the envelope's keys, in the order they are written
_KEYS = ("format", "version", "game", "rules", "content", "options", "seed", "seat", "rng", "stack", "pending",
         "decision", "over", "outcome", "chance_floor", "redraws", "choices", "log", "state")
_CENSORED_OUT = ("rng", "choices")


# ------------------------------------------------------------------ the generic walk
_FIELDS: dict[type, tuple[str, ...]] = {}


def state_fields(cls: type) -> tuple[str, ...]:
    """The names of a game state class's own fields (beyond :class:`GameState`'s), in the order
    its classes declare their slots (base classes first)."""
    found = _FIELDS.get(cls)
    if found is None:
        from .state import GameState
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            if klass is GameState or not issubclass(klass, GameState):
                continue
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and name not in names:
                    names.append(name)
        found = _FIELDS[cls] = tuple(names)
    return found


def _fields_of(state: "GameState") -> list[str]:
    names = list(state_fields(type(state)))
    extra = getattr(state, "__dict__", None)         # a game state class without slots
    if extra:
        names += [n for n in extra if n not in names]
    return names


def content_paths(content: Any) -> dict[int, list[str | int]]:
    """Every object of a content pack (its dataclasses, tuples, lists and dicts, walked from the
    pack), by identity, with the shortest path of field names, indices and keys that reaches it.
    Steps carry content objects (the effect being carried out); a position names them by path."""
    paths: dict[int, list[str | int]] = {id(content): []}
    todo: list[tuple[Any, list[str | int]]] = [(content, [])]
    while todo:
        nxt: list[tuple[Any, list[str | int]]] = []
        for obj, path in todo:
            if is_dataclass(obj):
                children: Any = ((f.name, getattr(obj, f.name)) for f in fields(obj))
            elif type(obj) in (tuple, list):
                children = enumerate(obj)
            elif type(obj) is dict:
                children = ((k, v) for k, v in obj.items() if type(k) in (str, int))
            else:
                continue
            for key, child in children:
                if child is None or type(child) in (bool, int, str, float) or id(child) in paths:
                    continue
                paths[id(child)] = [*path, key]
                nxt.append((child, [*path, key]))
        todo = nxt
    return paths


class Codec:
    """Writes a state's values as JSON and reads them back, for one game (see the module): tuples
    and dicts tagged so that they come back as the types they were, content objects as paths."""

    def __init__(self, game: "Game") -> None:
        self.content = game.content
        self._paths: dict[int, list[str | int]] | None = None

    def path_of(self, obj: Any) -> list[str | int] | None:
        if self._paths is None:
            self._paths = content_paths(self.content)
        return self._paths.get(id(obj))

    def encode(self, value: Any, where: str) -> Any:
        """``value`` as JSON (TypeError naming ``where`` for a value a position cannot hold)."""
        if value is None or type(value) in (bool, int, str):
            if type(value) is int and not -_MAX64 <= value <= _MAX64:
                raise TypeError(f"{where}: the number {brief(value)} is too large for a position")
            return value
        if type(value) is list:
            return [self.encode(v, where) for v in value]
        if type(value) is tuple:
            return {"tuple": [self.encode(v, where) for v in value]}
        if type(value) is dict:
            return {"map": [[self.encode(k, where), self.encode(v, where)] for k, v in value.items()]}
        path = self.path_of(value)
        if path is not None:
            return {"content": path}
        raise TypeError(f"{where}: a {type(value).__name__} cannot be written in a position (a state's fields "
                        "hold numbers, text, flags, None, lists, tuples and dicts of them, and parts of its content)")

    def decode(self, data: Any, where: str) -> Any:
        """The value :meth:`encode` wrote; RecordError naming ``where`` for anything else."""
        if data is None or type(data) in (bool, int, str):
            if type(data) is int and not -_MAX64 <= data <= _MAX64:
                raise RecordError(f"position field '{where}': the number {brief(data)} is too large")
            return data
        if type(data) is list:
            return [self.decode(v, where) for v in data]
        if type(data) is dict and len(data) == 1:
            if type(data.get("tuple")) is list:
                return tuple(self.decode(v, where) for v in data["tuple"])
            pairs = data.get("map")
            if type(pairs) is list and all(type(p) is list and len(p) == 2 for p in pairs):
                out: dict[Any, Any] = {}
                for k, v in pairs:
                    key = self.decode(k, where)
                    try:
                        out[key] = self.decode(v, where)
                    except TypeError:        # an unhashable key (a list)
                        raise RecordError(f"position field '{where}': a map's key {brief(k)} cannot be a key") from None
                return out
            path = data.get("content")
            if type(path) is list:
                return self._follow(path, where)
        raise RecordError(f"position field '{where}' holds {brief(data)}, which is not a value a position writes "
                          "(numbers, text, true/false, null, lists, {\"tuple\": [...]}, {\"map\": [[key, value], "
                          "...]} and {\"content\": [path]})")

    def _follow(self, path: list[Any], where: str) -> Any:
        obj: Any = self.content
        for key in path:
            try:
                if type(key) is str and is_dataclass(obj) and key in {f.name for f in fields(obj)}:
                    obj = getattr(obj, key)
                elif type(key) is int and type(obj) in (tuple, list) or type(key) in (str, int) and type(obj) is dict:
                    obj = obj[key]
                else:
                    raise LookupError(key)
            except (LookupError, TypeError):
                raise RecordError(f"position field '{where}': the content path {brief(path)} leads nowhere in "
                                  f"the pack") from None
        if self.path_of(obj) != path:
            raise RecordError(f"position field '{where}': the content path {brief(path)} is not one a position writes")
        return obj

    def step(self, step: tuple[Any, ...], where: str) -> list[Any]:
        return [step[0], *(self.encode(a, where) for a in step[1:])]


def codec(game: "Game") -> Codec:
    """The game's :class:`Codec`, made once (its content index is built on first need)."""
    found = game.memo.get(Codec)
    if not isinstance(found, Codec):
        found = game.memo[Codec] = Codec(game)
    return found


# ------------------------------------------------------------------ writing
def write_position(state: "GameState", seat: int | None = None) -> dict[str, Any]:
    """The position of ``state`` (see the module); ``seat``: as that seat may know it."""
    game = state.game
    content = game.content
    c = codec(game)
    facts: dict[str, Any] = {}
    for name in _fields_of(state):
        value = getattr(state, name)
        if value is content:
            continue
        facts[name] = c.encode(value, f"state.{name}")
    decision = state.decision
    data: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "game": game.id,
        "rules": game.rules_version,
        "content": {"id": content.id, "version": content.version, "fingerprint": content.fingerprint},
        "options": encode_options(state.options),
        "seed": state.seed,
        "seat": seat,
        "rng": state.rng.state,
        "stack": [c.step(s, "stack") for s in state.stack],
        "pending": None if state.pending is None else c.step(state.pending, "pending"),
        "decision": None if decision is None else {
            "player": decision.player, "kind": decision.kind, "options": [o.id for o in decision.options]},
        "over": state.over,
        "outcome": state.outcome,
        "chance_floor": state.chance_floor,
        "redraws": [[at, s] for at, s in state.redraws],
        "choices": state.choices,
        "log": state.log,
        "state": facts,
    }
    if seat is None:
        del data["seat"]
        return data
    for key in _CENSORED_OUT:
        del data[key]
    data["log"] = state.log_for(seat)
    if decision is not None and decision.player != seat:
        data["decision"]["options"] = None      # another seat's options can name its secrets
    state._censor(seat, data)
    return data


def encode_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as the record writes them: plain JSON (checked options are JSON values)."""
    import json
    out: dict[str, Any] = json.loads(json.dumps(options))
    return out


# ------------------------------------------------------------------ reading
def read_position(game: "Game", data: Any, strict: bool = True) -> "GameState":
    """The state ``data`` describes, of ``game`` (which must be the game and pack it names).
    Any problem raises :class:`RecordError` (or :class:`GameOptionError` for its options)
    saying what is wrong; nothing is half built.

    A position with no pending decision in a game going on holds steps to run: reading runs
    them up to the next decision (how a test or a curriculum sets a situation up: "the rest of
    the round from the Forest phase on").  ``strict=False`` skips the game's invariants, for a
    hand-made situation that leaves out what it does not need (an empty deck), and also reads
    a position with neither a decision nor steps to run (for a test that runs the rules itself)."""
    check_envelope(data)
    if data["game"] != game.id:
        raise RecordError(f"this position is of the game {brief(data['game'])}, not {game.id!r}")
    want = data["content"]
    if (want["id"], want["version"]) != (game.content.id, game.content.version):
        raise RecordError(f"this position was written with content {brief(want['id'])} {brief(want['version'])}, "
                          f"but the loaded pack is {brief(game.content.id)} {brief(game.content.version)}")
    fingerprint = want.get("fingerprint")
    if fingerprint is not None and fingerprint != game.content.fingerprint:
        raise RecordError(f"this position was written with content {brief(want['id'])} {brief(want['version'])} of "
                          f"fingerprint {fingerprint[:10]}, but the loaded pack of that id and version has fingerprint "
                          f"{game.content.fingerprint[:10]}: its content was changed without a new version; give the "
                          "pack the position was written with")
    if data["rules"] != game.rules_version:
        raise RecordError(f"this position was written by {game.id} rules version {brief(data['rules'])}; these are "
                          f"version {game.rules_version}, whose state may differ: replay its record instead")
    # a fresh game of the same options: it checks them, and shows the type of every field
    try:
        state = game.new_game(seed=data["seed"], options=data["options"])
    except GameOptionError as e:
        raise GameOptionError(f"position options rejected: {e}") from None
    _read_engine(state, data, strict)
    _read_facts(state, data["state"])
    if state.pending is None and not state.over:
        if state.stack or strict:
            _run_steps(state)
        else:
            state.decision = None
    else:
        _read_decision(state, data)
    if strict:
        _check_invariants(state)
    return state


def check_envelope(data: Any) -> None:
    """The keys and types every position has, or RecordError saying which is wrong."""
    if not isinstance(data, dict):
        raise RecordError("a position is a JSON object")
    if data.get("format") != POSITION_FORMAT:
        raise RecordError(f"not a Woodlands position (format is {brief(data.get('format'))}, "
                          f"expected {POSITION_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version not in POSITION_VERSIONS:
        raise RecordError(f"position version {brief(version)} is not supported (this Woodlands reads "
                          f"version {POSITION_VERSION})")
    if data.get("seat") is not None:
        raise RecordError(f"this is seat {brief(data.get('seat'))}'s position, with the facts hidden from that seat "
                          "left out: a game cannot go on from it")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise RecordError(f"position field {brief(unknown[0])} is not one a position has")
    for key, typ in (("game", str), ("rules", int), ("content", dict), ("options", dict), ("seed", int), ("rng", int),
                     ("stack", list), ("over", bool), ("chance_floor", int), ("redraws", list), ("choices", list),
                     ("log", list), ("state", dict)):
        if type(data.get(key)) is not typ:
            raise RecordError(f"position field '{key}' is missing or not a {_json_name(typ)}")
    if not all(type(data["content"].get(k)) is str for k in ("id", "version")):
        raise RecordError("position field 'content' must give the pack's 'id' and 'version' as text")
    fingerprint = data["content"].get("fingerprint", "0" * 64)    # positions written before name none
    if type(fingerprint) is not str or len(fingerprint) != 64 or fingerprint.strip("0123456789abcdef"):
        raise RecordError("position field 'content.fingerprint' must be the pack's fingerprint, 64 lowercase hex digits")
    for key in ("seed", "rng"):
        if not 0 <= data[key] <= _MAX64:
            raise RecordError(f"position field '{key}' must be a whole number from 0 to 2**64 - 1")
    if not all(type(c) is str for c in data["choices"]):
        raise RecordError("position field 'choices' must be a list of option ids (text)")
    if not 0 <= data["chance_floor"] <= len(data["choices"]):
        raise RecordError(f"position field 'chance_floor' must be a number of choices made, from 0 to "
                          f"{len(data['choices'])}")
    if not all(type(e) is dict and type(e.get("type")) is str for e in data["log"]):
        raise RecordError("position field 'log' must be a list of events (objects with a 'type')")
    outcome = data.get("outcome")
    if outcome is not None and type(outcome) is not dict:
        raise RecordError("position field 'outcome' must be null or an object")
    if (outcome is not None) != data["over"]:
        raise RecordError("position fields 'over' and 'outcome' disagree: a finished game has an outcome, "
                          "one going on has none")


def _json_name(typ: type) -> str:
    return {str: "text", int: "whole number", bool: "true/false", dict: "JSON object", list: "list"}[typ]


def _read_engine(state: "GameState", data: dict[str, Any], strict: bool) -> None:
    from .game import json_value_problem
    specs = state.game.steps.specs
    for k, problem in enumerate(json_value_problem(e) for e in data["log"]):
        if problem:
            raise RecordError(f"position field 'log' event #{k + 1}: {problem}")
    c = codec(state.game)
    stack: list[tuple[Any, ...]] = []
    for k, raw in enumerate(data["stack"]):
        stack.append(_read_step(c, raw, specs, f"stack[{k}]"))
    pending = data.get("pending")
    state.pending = None if pending is None else _read_step(c, pending, specs, "pending")
    if state.pending is not None and specs[state.pending[0]].ask is None:
        raise RecordError(f"position field 'pending': the step {brief(state.pending[0])} asks nothing")
    if data["over"] and (state.pending is not None or stack):
        raise RecordError("position field 'over': a finished game has no steps left")
    if strict and not data["over"] and state.pending is None and not stack:
        raise RecordError("position field 'pending': a game going on waits for a decision, or has steps to run")
    redraws: list[tuple[int, int]] = []
    for k, pair in enumerate(data["redraws"]):
        if (type(pair) is not list or len(pair) != 2 or not all(type(x) is int for x in pair)
                or not 0 <= pair[0] <= len(data["choices"]) or not 0 <= pair[1] <= _MAX64):
            raise RecordError(f"position field 'redraws' item #{k + 1} must be [choices made before it, its seed]")
        redraws.append((pair[0], pair[1]))
    state.stack = stack
    state.rng = Rng(data["rng"])
    state.over = data["over"]
    state._outcome = data["outcome"]
    state.chance_floor = data["chance_floor"]
    state.redraws = tuple(redraws)
    log: AppendLog[dict[str, Any]] = AppendLog()
    for event in data["log"]:
        log.append(event)
    state._log = log
    choices: AppendLog[str] = AppendLog()
    for choice in data["choices"]:
        choices.append(choice)
    state._choices = choices


def _read_step(c: Codec, raw: Any, specs: dict[str, Any], where: str) -> tuple[Any, ...]:
    if type(raw) is not list or not raw or type(raw[0]) is not str:
        raise RecordError(f"position field '{where}' must be a step: [its name, its arguments...]")
    if raw[0] not in specs:
        raise RecordError(f"position field '{where}' names the step {brief(raw[0])}, which this game does not have")
    return (raw[0], *(c.decode(a, where) for a in raw[1:]))


def _read_facts(state: "GameState", facts: dict[str, Any]) -> None:
    """The game's own fields, each of the type the fresh game's field has (and, for a list or
    tuple whose fresh elements share one type, its elements of that type too)."""
    content = state.game.content
    names = [n for n in _fields_of(state) if getattr(state, n) is not content]
    missing = [n for n in names if n not in facts]
    if missing:
        raise RecordError(f"position field 'state.{missing[0]}' is missing")
    unknown = sorted(set(facts) - set(names))
    if unknown:
        raise RecordError(f"position field 'state.{clip(unknown[0], 60)}' is not a field of a {state.game.id} state")
    c = codec(state.game)
    values: dict[str, Any] = {}
    for name in names:
        where = f"state.{name}"
        value = c.decode(facts[name], where)
        _same_shape(value, getattr(state, name), where)
        values[name] = value
    for name, value in values.items():
        setattr(state, name, value)


def _same_shape(value: Any, fresh: Any, where: str) -> None:
    if fresh is None or value is None:
        return          # a field that may be empty (None) takes any value, and may go back to None
    if type(value) is not type(fresh):
        raise RecordError(f"position field '{where}' must hold a {_kind(fresh)}, not {brief(value)}")
    if type(fresh) in (list, tuple) and fresh:
        kinds = {type(x) for x in fresh}
        if len(kinds) == 1 and None not in fresh:
            kind = kinds.pop()
            for k, x in enumerate(value):
                if x is not None and type(x) is not kind:
                    raise RecordError(f"position field '{where}' item #{k + 1} must be a {_kind(fresh[0])}, "
                                      f"not {brief(x)}")


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "whole number", str: "text", list: "list", tuple: "tuple",
            dict: "map"}.get(type(value), type(value).__name__)


def _read_decision(state: "GameState", data: dict[str, Any]) -> None:
    """The decision, asked again of the pending step (asking changes nothing), and checked
    against what the position says it was."""
    state.decision = None
    step = state.pending
    if step is None:
        return
    spec = state.game.steps.specs[step[0]]
    ask = spec.ask
    assert ask is not None          # (_read_engine refused a pending step that asks nothing)
    try:
        asked = ask(state, *step[1:])
    except Exception as e:          # a step given arguments the rules cannot read
        raise RecordError(f"position field 'pending': the step {brief(list(step))} cannot be asked in this "
                          f"position ({type(e).__name__}: {clip(str(e), 200)})") from None
    if asked is None or not asked[1] or state.over:
        raise RecordError(f"position field 'pending': the step {brief(list(step))} offers nothing in this position")
    data_of: dict[str, Any] | None = asked[2] if len(asked) > 2 else None
    decision = Decision(state.decider(step), spec.kind, asked[0], tuple(asked[1]), spec.rule, data_of)
    said = data.get("decision")
    if said is not None:
        if type(said) is not dict:
            raise RecordError("position field 'decision' must be null or an object")
        found = {"player": decision.player, "kind": decision.kind, "options": [o.id for o in decision.options]}
        for key, value in found.items():
            if key in said and said[key] != value:
                raise RecordError(f"position field 'decision.{key}' says {brief(said[key])}, but in this "
                                  f"position the game asks {brief(value)}: the position was edited or damaged")
    state.decision = decision


def _run_steps(state: "GameState") -> None:
    """The steps of a position that waits for no decision, run up to the next one."""
    state.decision = None
    try:
        state.advance()
    except Exception as e:          # steps given arguments, or a position, the rules cannot read
        raise RecordError(f"position field 'stack': its steps cannot run in this position "
                          f"({type(e).__name__}: {clip(str(e), 200)})") from None


def _check_invariants(state: "GameState") -> None:
    """The game's own invariants (its descriptor's ``tests.invariants``), when it has some."""
    from . import registry
    try:
        d = registry.descriptor(state.game.id)
    except (GameOptionError, ContentError):
        return
    check = registry.resolve(d.tests.invariants)
    if check is None or d.game is not type(state.game):
        return
    try:
        problems = check(state)
    except AssertionError as e:
        problems = [str(e) or "an invariant does not hold"]
    except Exception as e:          # facts the invariants cannot even read
        problems = [f"{type(e).__name__}: {e}"]
    if problems:
        raise RecordError(f"this position breaks the rules of {state.game.id}: {clip('; '.join(map(str, problems)), 300)}")


__all__ = ["Codec", "POSITION_FORMAT", "POSITION_VERSION", "POSITION_VERSIONS", "check_envelope", "codec",
           "content_paths", "read_position", "state_fields", "write_position"]
