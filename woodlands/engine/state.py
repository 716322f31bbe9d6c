"""The game-agnostic part of a game state: decisions, apply, chance, log, record, clone."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .decision import Decision, Option
from .errors import IllegalAction, clip
from .eventlog import CHUNK, AppendLog
from .records import log_digest
from .refusal import Refusal, split_rule
from .rng import Rng
from .steps import StepSpec

if TYPE_CHECKING:
    from .game import Game

_new_tuple = tuple.__new__

#: What a seat sees of one event: given the events in order, returns each as the seat may see it.
Observer = Callable[[dict[str, Any]], dict[str, Any]]


def hide(event: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """``event`` as a seat that may not see ``fields`` sees it: a copy in which each of them is
    ``None`` and ``"hidden"`` lists their names (the one shape of a redacted event, for every game).

    >>> hide({"type": "stow", "adventurer": 1, "item": "dagger-2", "space": "hand1"}, ("item",))
    {'type': 'stow', 'adventurer': 1, 'item': None, 'space': 'hand1', 'hidden': ['item']}
    """
    seen = dict(event)
    for name in fields:
        seen[name] = None
    seen["hidden"] = list(fields)
    return seen


def _emitter(revealing: frozenset[str]) -> Callable[..., None]:
    """``GameState.emit`` for one game, with the game's REVEALING set bound in a closure cell:
    emit runs a few times per decision of every game, and a cell is read faster than a global or
    a class attribute through the instance."""
    def emit(self: "GameState", type_: str, **fields: Any) -> None:
        fields["type"] = type_
        if type_ in revealing:
            self._revealed = True
        # AppendLog.append written out: a few events per decision, in every game
        tail = self._log._tail
        tail.append(fields)
        if len(tail) >= CHUNK:
            self._log.seal()
    emit.__doc__ = "Append an event of type ``type_`` to the log (see :attr:`GameState.REVEALING`)."
    return emit


def _mix(seed: int, seat: int, moves: int) -> int:
    """One 64-bit seed from a determinization's seed, its seat and the number of choices made."""
    r = Rng(seed)
    r.state ^= Rng(r.next64() ^ (seat + 1) * 0xD1B54A32D192ED03 ^ moves * 0x9E3779B97F4A7C15).next64()
    return r.next64()


def canonical_shuffle(cards: list[int], rng: Rng) -> list[int]:
    """``cards`` in a uniformly random order drawn from ``rng`` alone: they are sorted first, so
    the result tells nothing of the order they came in (the helper of ``_resample_hidden``)."""
    out = sorted(cards)
    rng.shuffle(out)
    return out


#: ``(field, places)``: a list field of a state and the indexes in it of the cards a seat cannot know
HiddenPlaces = list[tuple[str, list[int]]]


def reshuffle_places(state: "GameState", places: HiddenPlaces, rng: Rng) -> None:
    """Draw the cards at ``places`` afresh among themselves (:func:`canonical_shuffle`), each
    other card staying where it is: a game's ``_resample_hidden`` when what is hidden is the
    order of some cards of its decks."""
    for name, at in places:
        deck = getattr(state, name)
        for k, card in zip(at, canonical_shuffle([deck[k] for k in at], rng)):
            deck[k] = card


def blank_places(data: dict[str, Any], places: HiddenPlaces) -> None:
    """Write ``None`` at ``places`` of a written position's game fields: the ``_censor`` that
    goes with :func:`reshuffle_places`, so that a seat's position holds no card it cannot know."""
    facts = data["state"]
    for name, at in places:
        for k in at:
            facts[name][k] = None


RECORD_FORMAT = "woodlands-record"
#: the newest record version.  2 added ``redraws`` (see :meth:`GameState.redraw_unseen`); 3 adds
#: the pack's ``fingerprint`` to ``content``, and every record is now written as 3: an older
#: Woodlands, which knows packs by id and version alone and could replay the record on an
#: edited pack of the same version, refuses it instead.  Versions 1 and 2 (no fingerprint: the
#: pack is unknown beyond its id and version) still replay.
RECORD_VERSION = 3
#: every version :func:`~woodlands.engine.game.replay` reads
RECORD_VERSIONS = (1, 2, 3)
#: the largest seed a redraw takes (the generator keeps 64 bits)
_SEED_LIMIT = (1 << 64) - 1
#: how many earlier states a state that keeps them (:meth:`GameState.keep_undo`) holds at most
UNDO_LIMIT = 100


class GameState:
    """One position of one game.  Drive it with :attr:`decision` and :meth:`apply`.

    >>> import woodlands
    >>> state = woodlands.load_game("tanglewoods").new_game(seed=1, options={"hero": "thorn-warden"})
    >>> state.decision.kind in {"difficulty_choice", "choose_map", "order_effects", "peek_forest", "choose_side"}
    True
    >>> state.apply(state.decision.options[0].id)
    >>> woodlands.replay(state.record()).view(0) == state.view(0)
    True
    """

    __slots__ = ("game", "seed", "options", "rng", "stack", "pending", "decision", "_log",
                 "_choices", "over", "_outcome", "chance_floor", "_revealed", "redraws", "_undo")

    #: Log event types that reveal hidden information or use chance; undo stops at them.  Each
    #: game declares its own on its state class; it is read once, when the class is made.
    REVEALING: frozenset[str] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "REVEALING" in cls.__dict__ and "emit" not in cls.__dict__:
            cls.emit = _emitter(frozenset(cls.REVEALING))

    def __init__(self, game: "Game", seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.stack: list[tuple[Any, ...]] = []
        self.pending: tuple[Any, ...] | None = None
        #: the choice the game waits for, or ``None`` once the game is over (a plain slot: bots
        #: and environments read it per move; only the engine sets it)
        self.decision: Decision | None = None
        self._log: AppendLog[dict[str, Any]] = AppendLog()
        self._choices: AppendLog[str] = AppendLog()
        self.over = False
        self._outcome: dict[str, Any] | None = None
        self.chance_floor = 0   # choices before this index led to chance: undo may not go below it
        self._revealed = False
        #: each :meth:`redraw_unseen` so far, as (choices made before it, its seed), in order
        self.redraws: tuple[tuple[int, int], ...] = ()
        #: the states before each choice since the last chance event, for :meth:`undo`; None:
        #: this state keeps none (see :meth:`keep_undo`)
        self._undo: list[GameState] | None = None

    # ------------------------------------------------------------------ the public API
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def outcome(self) -> dict[str, Any] | None:
        """``None`` while the game goes on, then e.g. ``{"result": "win", ...}``."""
        return self._outcome

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every event so far, as JSON-able dicts with a ``type``: the full log, hidden facts
        included (for servers, records and analysis).  What one player may be shown is
        :meth:`log_for`."""
        return self._log.to_list()

    def log_for(self, seat: int, start: int = 0) -> list[dict[str, Any]]:
        """The events from index ``start`` on as ``seat`` may see them: an event that names a
        fact hidden from that seat (another player's face-down item) comes as a copy with that
        field ``None`` and ``"hidden": [field, ...]`` (see :func:`hide`); the others are the log's
        own events.  Index ``k`` here is event ``k`` of :attr:`log`.  A seat that plays no part
        (a spectator) sees what every player sees.  Computed on demand from the game's
        :meth:`observer`, so :meth:`emit` and :meth:`clone` pay nothing for it."""
        see = self.observer(seat)
        if see is None:
            return self._log.since(start)
        out: list[dict[str, Any]] = []
        for k, event in enumerate(self._log):
            seen = see(event)        # every event, in order: an observer may remember what it saw
            if k >= start:
                out.append(seen)
        return out

    def observer(self, seat: int) -> Observer | None:
        """Who may see which fact of each event, declared by each game: ``None`` when every event
        is wholly visible to ``seat`` (the default: a game with nothing hidden in its log), or a
        function given every event in order that returns it as ``seat`` may see it (the same
        dict when nothing of it is hidden, else :func:`hide`'s copy).  It may remember earlier
        events (an item once turned face up stays known) but never looks at the position."""
        return None

    def log_since(self, start: int) -> list[dict[str, Any]]:
        return self._log.since(start)

    @property
    def log_length(self) -> int:
        return len(self._log)

    @property
    def choices(self) -> list[str]:
        """The option ids chosen so far, in order (a copy: :attr:`choice_count` for their number)."""
        return self._choices.to_list()

    @property
    def choice_count(self) -> int:
        """How many choices have been made (what :attr:`choices` would hold, without the copy)."""
        return len(self._choices)

    def events(self) -> Iterator[dict[str, Any]]:
        """The full log's events in order, without copying it (the rules' own readings of what
        has happened, such as which cards a seat saw placed; clients read :meth:`log_for`)."""
        return iter(self._log)

    def apply(self, option_id: str) -> None:
        """Take one of the current decision's options; anything else raises :class:`IllegalAction`
        and changes nothing."""
        decision = self.decision
        if decision is None:
            raise self._illegal(option_id)
        for opt in decision.options:
            if opt.id == option_id:
                break
        else:
            raise self._illegal(option_id)
        self._answer(option_id)

    def take(self, index: int) -> None:
        """Take the current decision's option at ``index`` (its position in ``decision.options``):
        the normal path (record, log, undo's floor) for clients that number the options, such as
        the research environments' action spaces.  An index out of range raises
        :class:`IllegalAction` and changes nothing."""
        decision = self.decision
        if decision is None or not 0 <= index < len(decision.options):
            raise self._illegal(f"#{index}")
        self._answer(decision.options[index][0])

    def _answer(self, option_id: str) -> None:
        """Carry out ``option_id``, which the caller knows to be one of the decision's options
        (``apply`` after its look-up; the research adapters, which take an option by its position
        in the decision): the record, the rules' answer, the steps up to the next decision, and
        undo's chance floor.  The one body of a choice on the normal path (a quiet state's
        :func:`woodlands.engine.fastpath.play` keeps no record and no floor)."""
        step = self.pending
        assert step is not None
        undo = self._undo
        if undo is not None:
            undo.append(self.clone())
        self.pending = None
        self.decision = None
        self._choices.append(option_id)
        spec = self.game.steps.specs[step[0]]
        assert spec.answer is not None
        before = self.rng.state
        self._revealed = False
        if len(step) == 1:          # most asks carry no arguments (see advance)
            spec.answer(self, option_id)
        else:
            spec.answer(self, option_id, *step[1:])
        self.advance()
        if self._revealed or self.rng.state != before:
            self.chance_floor = len(self._choices)
            if undo is not None:
                undo.clear()        # undo never goes back past chance: nothing before it is needed
        elif undo is not None and len(undo) > UNDO_LIMIT:
            del undo[0]

    def can_undo(self) -> bool:
        """Undo never goes back past a shuffle, draw or roll (the choice that led to chance
        stays), nor out of a finished game: the result has been announced, and taking the last
        choice back would let a player try the ending again.  A state that keeps its earlier
        states (:meth:`keep_undo`) also needs one kept: it holds at most :data:`UNDO_LIMIT`."""
        undo = self._undo
        return not self.over and len(self._choices) > self.chance_floor and (undo is None or bool(undo))

    def keep_undo(self) -> "GameState":
        """From now on, keep the state before each choice, so that :meth:`undo` can go back
        without a replay; returns this state.  Only the states since the last chance event are
        kept (undo never goes back past one), and at most :data:`UNDO_LIMIT` of them: clones,
        which share the log's sealed chunks and the content, so each costs its own lists only.
        What a client that lets people undo calls once; bots and simulations, which never undo,
        keep none and pay nothing."""
        if self._undo is None:
            self._undo = []
        return self

    def undo(self) -> "GameState":
        """The state one choice back, as it was (a clone of the one :meth:`keep_undo` kept: no
        replay), itself keeping the states before it; raises IllegalAction past a chance event,
        or when this state keeps no earlier states."""
        if self.over:
            raise IllegalAction("undo: the game is over; its last choice cannot be taken back")
        if len(self._choices) <= self.chance_floor:
            raise IllegalAction("undo: the last choice revealed a card or rolled dice; it cannot be taken back")
        if self._undo is None:
            raise IllegalAction("undo: this state keeps no earlier states (call keep_undo() when play starts, or "
                                "replay its record with keep_undo=True)")
        if not self._undo:
            raise IllegalAction(f"undo: no earlier state is kept (a state keeps the last {UNDO_LIMIT})")
        back = self._undo[-1].clone()
        back._undo = self._undo[:-1]
        return back

    def record(self, digest: bool = True) -> dict[str, Any]:
        """The event-sourced record: enough to rebuild this exact state with :func:`replay`.

        It names the rules version it was made with and, unless ``digest=False``, carries a
        digest of the log, so that a replay under corrected rules can prove it reaches the same
        game (see :mod:`woodlands.engine.records`)."""
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.id,
            "rules": self.game.rules_version,
            "content": {"id": self.game.content.id, "version": self.game.content.version,
                        "fingerprint": self.game.content.fingerprint},
            "options": json.loads(json.dumps(self.options)),
            "seed": self.seed,
            "choices": self._choices.to_list(),
        }
        if self.redraws:
            record["redraws"] = [{"at": at, "seed": seed} for at, seed in self.redraws]
        if digest:
            record["digest"] = log_digest(self._log.to_list())
        return record

    def clone(self) -> "GameState":
        """An independent copy (microseconds: plain data, shared immutable content)."""
        twin = object.__new__(type(self))
        twin.game = self.game
        twin.seed = self.seed
        twin.options = self.options  # never mutated after new_game
        twin.rng = self.rng.copy()
        twin.stack = self.stack[:]
        twin.pending = self.pending
        twin.decision = self.decision
        twin._log = self._log.copy()
        twin._choices = self._choices.copy()
        twin.over = self.over
        twin.chance_floor = self.chance_floor
        twin._revealed = False
        twin._undo = None               # a copy keeps no earlier states of its own
        twin._outcome = self._outcome
        twin.redraws = self.redraws     # a tuple: shared, replaced (never changed) by a redraw
        self._clone_into(twin)
        return twin

    def view(self, player: int = 0) -> dict[str, Any]:
        """What seat ``player`` may see, as one flat JSON-able object: the envelope every game
        shares (:mod:`woodlands.engine.views`: ``game``, ``seat``, ``over``, ``outcome``,
        ``deciding``), written here the same way for every game, beside the game's own keys
        (:meth:`game_view`).  Flat rather than nested, so a client reads ``view["round"]`` and
        ``view["over"]`` alike."""
        decision = self.decision
        return {"game": self.game.id, "seat": player, "over": self.over, "outcome": self._outcome,
                "deciding": None if decision is None else decision.player, **self.game_view(player)}

    def game_view(self, seat: int) -> Mapping[str, object]:
        """The game's own part of ``view(seat)``: what that seat may see of the table, as a
        JSON-able mapping typed by the game (a TypedDict), without the envelope's keys.  Every
        game overrides this."""
        raise NotImplementedError(f"{self.game.id}: the game's state class needs a game_view(seat) method")

    def position(self, seat: int | None = None) -> dict[str, Any]:
        """This position as versioned JSON, every hidden fact included, from which
        :meth:`Game.from_position <woodlands.engine.game.Game.from_position>` makes a state that
        goes on exactly as this one; with ``seat``, only what that seat may know (not playable).
        See :mod:`woodlands.engine.position`."""
        from .position import write_position
        return write_position(self, seat)

    def _censor(self, seat: int, data: dict[str, Any]) -> None:
        """Blank, in the written position ``data`` (``data["state"]`` holds the game's fields as
        written, ``data["stack"]`` and ``data["pending"]`` its steps), each fact hidden from
        ``seat``: the same facts :meth:`_resample_hidden` draws afresh, each written ``None``.
        A game whose only hidden fact is its generator (which a seat's position never holds)
        needs nothing here; one with hidden facts of its own overrides this."""
        if type(self)._resample_hidden is not GameState._resample_hidden:
            raise NotImplementedError(
                f"{self.game.id}: this game hides facts from a seat (it has _resample_hidden) but does not say "
                "how a seat's position leaves them out (its state class needs a _censor(seat, data) method)")

    def determinize(self, seat: int, seed: int) -> "GameState":
        """A full position consistent with everything ``seat`` has seen, for search and sampling.

        A clone in which the orders hidden from ``seat`` (decks, stacks, bags, other players'
        face-down items) are drawn afresh, uniformly among the arrangements that agree with what
        it saw, and whose generator (the future dice and draws, hidden too) is reseeded.
        ``view(seat)``, ``log_for(seat)`` and the decision are those of this state.  The same
        ``(state, seat, seed)`` gives the same position; different seeds, different ones.

        The sampling starts from the hidden cards in a canonical (sorted) order and draws only on
        ``seed``, ``seat`` and the number of choices made, never on the true order or on this
        state's generator, so no answer tells anything hidden.  The clone keeps this state's
        :attr:`log` (the full log, hidden facts included: read ``log_for(seat)``) and its
        record, which replays to the real game, not to the sampled one."""
        twin = self.clone()
        rng = Rng(_mix(seed, seat, len(self._choices)))
        twin._resample_hidden(seat, rng)
        twin.rng = Rng(rng.next64())
        return twin

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Re-draw, in place and with ``rng`` only, every order hidden from ``seat`` (see
        :meth:`determinize`).  Each game with hidden facts overrides this."""
        raise NotImplementedError(
            f"{self.game.id}: this game does not say what is hidden from a seat, so it cannot be "
            "determinized (its state class needs a _resample_hidden(seat, rng) method)")

    def redraw_unseen(self, seed: int) -> None:
        """Draw afresh, in place and from ``seed`` alone, every hidden fact that no seat has
        seen, and nothing else: the orders of the decks, stacks and bags (but for the cards a
        seat saw put in their place or may see, such as a deck's face-up top), and the
        generator, so the dice to come too.  What some seat has seen stays as it is, its own
        face-down items included: ``view(seat)``, ``log_for(seat)`` and the decision are
        unchanged for every seat, and the log is not written to.

        This is not :meth:`determinize`, which makes a sample for one seat's search and redraws
        what that seat has not seen, other seats' items too.  This changes the real game, for a
        table whose future somebody may know (one made from a record whose seed its maker
        chose), and so it is part of the game's history: the record lists each redraw with the
        number of choices made before it and its seed (``"redraws"``, record version 2), and
        :func:`~woodlands.engine.game.replay` makes it again at its place.  Undo never goes back
        past it.  The unseen cards are put in a canonical (sorted) order before they are
        shuffled, so the new order owes nothing to the old one: whoever knew the old future
        learns nothing of the new one without ``seed``.  What no seat has seen is each game's to
        say (its state class's ``_redraw_unseen(rng)``)."""
        if type(seed) is not int or not 0 <= seed <= _SEED_LIMIT:
            raise ValueError(f"a redraw's seed is a whole number from 0 to 2**64 - 1, not {clip(repr(seed), 40)}")
        at = len(self._choices)
        rng = Rng(_mix(seed, -1, at))        # seat -1: no seat's (a determinization mixes its seat in)
        self._redraw_unseen(rng)
        self.rng = Rng(rng.next64())
        self.redraws = (*self.redraws, (at, seed))
        self.chance_floor = at
        if self._undo:
            self._undo.clear()

    def _redraw_unseen(self, rng: Rng) -> None:
        """Re-draw, in place and with ``rng`` only, every order no seat has seen (see
        :meth:`redraw_unseen`; the generator is the engine's to reseed).  Each game overrides
        this; one whose only hidden fact is its generator says so with an empty method."""
        raise NotImplementedError(
            f"{self.game.id}: this game does not say which of its hidden facts no seat has seen, so "
            "they cannot be redrawn (its state class needs a _redraw_unseen(rng) method)")

    # ------------------------------------------------------------------ for the rules code
    #: A game's own fields, by how :meth:`clone` copies them: lists of lists (copied two deep),
    #: lists of plain values (copied), and the rest (ints, strings, frozen content: shared).
    NESTED_FIELDS: tuple[str, ...] = ()
    LIST_FIELDS: tuple[str, ...] = ()
    SCALAR_FIELDS: tuple[str, ...] = ()

    def _clone_into(self, twin: "GameState") -> None:
        """Copy the game-specific fields into ``twin``; a game with a field of another shape
        extends this."""
        for name in self.NESTED_FIELDS:
            setattr(twin, name, [x[:] for x in getattr(self, name)])
        for name in self.LIST_FIELDS:
            setattr(twin, name, getattr(self, name)[:])
        for name in self.SCALAR_FIELDS:
            setattr(twin, name, getattr(self, name))

    def push(self, *step: Any) -> None:
        self.stack.append(step)

    #: Append an event to the log.  Built by ``_emitter`` with the class's :attr:`REVEALING`
    #: bound in; a game's state class that declares its own gets its own copy
    #: (``__init_subclass__``), so there is one body for every game.
    emit = _emitter(frozenset())

    def end_game(self, result: str, **details: Any) -> None:
        """End the game at once, wherever the rules are (a loss or a win is immediate)."""
        if self.over:
            return
        self.over = True
        self._outcome = {"result": result, **details}
        self.stack.clear()
        self.pending = None
        self.decision = None
        self.emit("game_over", result=result, **details)

    def advance(self) -> None:
        """Run steps until a player must choose or the game ends."""
        if self.over or self.pending is not None:
            return
        specs = self.game.steps.specs
        stack = self.stack
        # Only a step can end the game (end_game) and only this loop sets a decision, so the two
        # are checked where they can change, not at every turn of the loop.
        while True:
            try:
                step = stack.pop()
            except IndexError:
                raise RuntimeError(f"{self.game.id}: the step stack ran dry before the game ended") from None
            spec = specs[step[0]]
            run = spec.run
            # Steps carry 0, 1 or 2 arguments: calling with them spelt out is several times
            # cheaper than unpacking a slice (``run(self, *step[1:])``), and this is the hot loop.
            n = len(step)
            if run is not None:
                if n == 1:
                    run(self)
                elif n == 2:
                    run(self, step[1])
                elif n == 3:
                    run(self, step[1], step[2])
                else:
                    run(self, *step[1:])
                if self.over:
                    return
                continue
            ask = spec.ask
            assert ask is not None
            if n == 1:
                asked = ask(self)
            elif n == 2:
                asked = ask(self, step[1])
            else:
                asked = ask(self, *step[1:])
            if self.over:            # an ask with nothing to choose may do the step's work
                return
            if asked is None or not asked[1]:
                continue
            self.pending = step
            # Decision(...) spelt as the tuple it is: a NamedTuple's own constructor is a Python
            # function, twice the cost, and every decision of every game is made here
            self.decision = _new_tuple(Decision, (self.decider(step), spec.kind, asked[0], tuple(asked[1]), spec.rule,
                                                   asked[2] if len(asked) > 2 else None))
            return

    def decider(self, step: tuple[Any, ...]) -> int:
        """Who decides at ``step``; one-player games always answer 0."""
        return 0

    # ------------------------------------------------------------------ judging an id
    def can_apply(self, option_id: str) -> bool:
        """Would :meth:`apply` take ``option_id`` now?  Changes nothing."""
        decision = self.decision
        return decision is not None and option_id in decision

    def why_not(self, option_id: str) -> Refusal | None:
        """``None`` when :meth:`apply` would take ``option_id`` now, else a :class:`Refusal`: the
        reason in player words and the rule id(s) as separate data.  Changes nothing; the message
        of the :class:`IllegalAction` that :meth:`apply` raises is built from it."""
        decision = self.decision
        if decision is None:
            return Refusal("the game is over; no more choices can be made", None)
        if option_id in decision:
            return None
        step = self.pending
        assert step is not None
        spec: StepSpec = self.game.steps.specs[step[0]]
        text = str(option_id)
        rule = decision.step or None
        if not text.strip():
            return Refusal(f"no choice was given; {_ask(decision.prompt)}", rule)
        if spec.explain is not None:
            said = spec.explain(self, text, *step[1:])
            if said:
                reason, own = split_rule(said)
                return Refusal(reason, own or rule)
        verb, sep, _ = text.partition(":")
        if sep:
            alike = [o.label for o in decision.options if o.id.partition(":")[0] == verb]
            if alike:
                shown = "; ".join(_short(label) for label in alike[:3])
                more = f"; or one of {len(alike) - 3} more" if len(alike) > 3 else ""
                return Refusal(f"not that one; of that kind you may now choose: {shown}{more}", rule)
        return Refusal(f"that is not one of the choices now; {_ask(decision.prompt)}", rule)

    # ------------------------------------------------------------------ forced moves
    def forced(self) -> str | None:
        """The id a client may take without asking: the lone option of a decision whose kind
        declares it (``auto`` at the step's registration: taking it rolls no dice and reveals
        nothing), else ``None``."""
        decision = self.decision
        if decision is None or len(decision.options) != 1:
            return None
        step = self.pending
        assert step is not None
        return decision.options[0].id if self.game.steps.specs[step[0]].auto else None

    def take_forced(self) -> int:
        """Apply :meth:`forced` options until there is none; returns how many were taken.  Each
        is an ordinary :meth:`apply`, so the record holds every one of them."""
        taken = 0
        while (option_id := self.forced()) is not None:
            self.apply(option_id)
            taken += 1
        return taken

    def _illegal(self, option_id: str) -> IllegalAction:
        """The error :meth:`apply` raises, worded from :meth:`why_not` so the two never disagree."""
        refusal = self.why_not(option_id)
        assert refusal is not None
        shown = clip(str(option_id), 100)        # it may come from a record or a user
        decision = self.decision
        if decision is None:
            err = IllegalAction(f"{shown}: {refusal}")
        else:
            offered = ", ".join(o.id for o in decision.options[:12])
            more = "" if len(decision.options) <= 12 else f" (+{len(decision.options) - 12} more)"
            err = IllegalAction(f"{shown}: {refusal}; legal now: {offered}{more}")
        err.refusal = refusal
        return err


def _short(label: str, limit: int = 50) -> str:
    """An option's label cut to ``limit`` characters at a word, for a list in a refusal."""
    if len(label) <= limit:
        return label
    return label[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def _ask(prompt: str) -> str:
    """The decision's prompt as the tail of a refusal, without rule ids in brackets."""
    return "the game asks: " + split_rule(clip(prompt, 200))[0]


__all__ = ["GameState", "Observer", "Option", "RECORD_FORMAT", "RECORD_VERSION", "RECORD_VERSIONS", "Refusal", "canonical_shuffle",
           "hide"]
