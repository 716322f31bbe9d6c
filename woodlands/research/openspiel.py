"""The games as OpenSpiel Python games (``pip install woodlands[research]``).

``import woodlands.research.openspiel`` registers every known game whose descriptor gives an
action grammar and an encoding with pyspiel, as ``python_woodlands_<id>`` (``-`` made ``_``):
``python_woodlands_tanglewoods``, ``python_woodlands_storyfold`` and
``python_woodlands_cursed_forest`` for the built-in games, so
``pyspiel.load_game("python_woodlands_cursed_forest", {"players": 2})`` finds them.
:func:`load` registers a game made known later on first use.

Choices made here (docs/research.md, "OpenSpiel", says the same for users):

* **Chance: sampled stochastic.** Every die and draw comes from the engine's one generator
  (:class:`woodlands.engine.rng.Rng`), called inside the rules' steps while a player's choice is
  carried out; no step stops at a roll to offer its outcomes with their probabilities. Explicit
  chance nodes would mean turning every roll, draw and shuffle of the three rule sets into steps
  of their own, so each game is ``SAMPLED_STOCHASTIC``: the engine state, generator included,
  lives in the OpenSpiel state, a clone copies it, and the same actions from a clone give the
  same game. ``max_chance_outcomes`` is 0 and there are no chance nodes.
* **Clones and hidden facts** (parameter ``resample_hidden``, default False). A clone carries
  the engine's generator and the true hidden orders, so by default a search that clones (pyspiel's
  ``MCTSBot``, its random-rollout evaluator, any lookahead by ``clone``) sees the dice to come
  and the deck order: it is clairvoyant. With ``resample_hidden=True``, ``state.clone()`` of a
  game's real position is :meth:`WoodlandsState.resampled` for the player to act
  (:meth:`GameState.determinize`: the orders hidden from that seat drawn afresh, the generator
  reseeded), with a seed drawn once per position from the game's own sequence: every clone of
  one position is the same sample, so a tree search's simulations agree on the actions each
  node offers (``MCTSBot`` then searches one world the seat cannot tell from the real one), and
  the next position gets a new sample. A clone of a sample, or of a terminal state, is a plain
  copy. Learning from play (policy gradients, DQN) never clones and needs neither;
  ``ISMCTSBot`` resamples through ``resample_from_infostate`` either way.
* **Seeds.** Parameter ``seed`` (default 0) starts the game object's sequence of seeds: each
  new initial state takes the next one (like OpenSpiel's own sampled-stochastic games with
  ``rng_seed``), so an RL loop over ``new_initial_state()`` meets new deals, and the same
  program gets the same deals on every run. OpenSpiel also makes states of its own (a clone
  starts as one, and its C++ side makes one to learn a tensor's size), so
  the seeds a program's games get are not consecutive; ``game.state_for_seed(n)`` starts a
  game from engine seed ``n`` exactly. A state's engine game is only set up when first used,
  so a clone (whose attributes OpenSpiel copies over a fresh state) never plays ``new_game``.
* **Limits.** Every game plays with the simulation limits of ruling C-15 and the round or scene
  limit (``round_limit``, ``scene_limit``, ``turn_limit``, ``free_actions_per_turn``: whole
  numbers of at least 1, defaults those of ``woodlands sim``), and the adapter itself ends a
  game after ``max_game_length`` decisions, the bound OpenSpiel is told. A game cut by either
  ends with return 0 for every player.
* **Returns** (:mod:`woodlands.kit.returns`, as the Gymnasium and PettingZoo rewards;
  ``IDENTICAL`` utility for solo and cooperative games): the game's one reward,
  :meth:`~woodlands.engine.game.Game.reward` for the player's seat (in [0, 1]), put on [-1, 1]
  as ``2 * reward - 1``: +1 for a win, -1 for a loss, 0 for a game cut by a limit. In a ``pvp``
  Cursed Forest (``GENERAL_SUM`` utility: the game's seats play each for itself) the reward is
  half the team's win and half the Forest Champion (CF-077). Storyfold cannot be lost (ruling
  S-6): a finished campaign returns its score, 1 for a flawless run.
* **What a player sees.** The observation and information-state tensors are the research
  encoder's ``flat(state, seat)`` (:mod:`woodlands.kit.encoding`): the seat's view, never a
  hidden fact. The observation string is the encoder's ``describe`` plus the ids of the seat's
  own options when it decides. The information-state string adds what makes it perfect recall:
  the number of decisions taken and a running SHA-256 of the log as that seat was shown it
  (``state.log_for(seat)``, kept incrementally). ``resample_from_infostate(player, sampler)``
  is :meth:`GameState.determinize` with a seed drawn from the sampler.
* **Quiet until the log is needed.** A state plays quiet (:mod:`woodlands.engine.fastpath`:
  no log, the ids taken kept beside it); the first information-state string, resample,
  serialization or ``engine_state`` replays it normal, once (``_Core.normal``).
* **Serialization**: ``state.serialize()`` and ``game.deserialize_state(text)`` work. OpenSpiel
  serializes a Python state as its history plus its pickled attributes, and the engine part
  pickles as the game's record (seed, options, choices) plus any determinizations made on the
  way, so deserializing replays the record. ``random_sim_test`` runs with ``serialize=False``:
  its ``SerializeGameAndState`` asks a sampled-stochastic game for its generator
  (``GetRNGState``), which pyspiel 2.0 lets no Python game give. Like every OpenSpiel Python
  game, the string is a pickle: deserialize only strings you made.
"""
from __future__ import annotations

import hashlib
import json
import operator
from pathlib import Path
from typing import Any, Callable, Iterable

import numpy as np
import pyspiel

import woodlands
from woodlands.engine.errors import IllegalAction, WoodlandsError, brief
from woodlands.engine.eventlog import AppendLog
from woodlands.engine.fastpath import play as play_quiet
from woodlands.engine.fastpath import quiet
from woodlands.engine.game import Game
from woodlands.engine.registry import OptionSpec, descriptor, descriptors
from woodlands.engine.rng import Rng
from woodlands.engine.state import GameState
from woodlands.kit.returns import each_plays_for_itself, returns_of
from woodlands.kit.spaces import take
from woodlands.research.shaping import GAMMA, check_reward, potential_of


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a Woodlands game: ``python_woodlands_<id>``, ``-`` made ``_``."""
    return "python_woodlands_" + game_id.replace("-", "_")


#: Woodlands game id -> OpenSpiel short name, of every game registered with pyspiel here
SHORT_NAMES: dict[str, str] = {}
#: The adapter's own cap on decisions per game (the ``max_game_length`` OpenSpiel is told).
DEFAULT_MAX_GAME_LENGTH = 100_000
#: Game options an OpenSpiel parameter cannot carry (a Storyfold save to resume from).
_SKIPPED = frozenset({"resume"})
#: The value of an int option left unset (its default is None: "the game decides").
UNSET = -1


class OpenSpielOptionError(ValueError):
    """A bad OpenSpiel parameter for a Woodlands game: the message names it."""


# ---------------------------------------------------------------------------- parameters
def parameter_specification(game_id: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults, made from its option schema.

    An option whose default is "the game decides" is ``""`` (text), ``-1`` (a number) or
    ``False`` (a flag) here; a list of ids (Cursed Forest ``characters``) is comma-separated
    text; the simulation limits default to what ``woodlands sim`` plays with.

    >>> parameter_specification("tanglewoods")["round_limit"]
    200
    """
    d = descriptor(game_id)
    game_cls = d.game
    limits = dict(game_cls.simulation_options)
    if game_cls.limit_option:
        limits[game_cls.limit_option] = game_cls.limit_default
    spec: dict[str, Any] = {"seed": 0, "content": "", "max_game_length": DEFAULT_MAX_GAME_LENGTH, "reward": "outcome",
                            "resample_hidden": False}
    for opt in d.options:
        if opt.name in _SKIPPED:
            continue
        if opt.name in limits:
            spec[opt.name] = int(limits[opt.name])
        elif opt.type is bool:
            spec[opt.name] = bool(opt.default)
        elif opt.type is int:
            spec[opt.name] = UNSET if opt.default is None else int(opt.default)
        elif opt.type in (str, list):
            spec[opt.name] = "" if opt.default is None else str(opt.default)
        else:   # an option of a shape OpenSpiel cannot hold: left to its default
            continue
    return spec


def _options_from(game_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """Game options from OpenSpiel parameters (see :func:`parameter_specification`)."""
    d = descriptor(game_id)
    limits = set(d.game.simulation_options) | ({d.game.limit_option} if d.game.limit_option else set())
    specs: dict[str, OptionSpec] = {o.name: o for o in d.options}
    options: dict[str, Any] = {}
    for name, value in params.items():
        if name in ("seed", "content", "max_game_length", "reward", "resample_hidden"):
            continue
        opt = specs.get(name)
        if opt is None:
            continue
        if name in limits:
            if not isinstance(value, int) or value < 1:
                raise OpenSpielOptionError(
                    f"{short_name(game_id)}: {name} must be a whole number of at least 1 (the limits "
                    f"of ruling C-15 stay on so that every game ends), not {value!r}")
            options[name] = value
        elif opt.type is bool:
            if value or opt.default is not None:
                options[name] = bool(value)
        elif opt.type is int:
            if not (value == UNSET and opt.default is None):
                options[name] = value
        elif opt.type is list:
            if value:
                options[name] = [part.strip() for part in str(value).split(",") if part.strip()]
        elif value != "" or opt.default is not None:
            options[name] = value
    return options


# ---------------------------------------------------------------------------- per-game context
class _Context:
    """What every state of one parameterised game shares: the engine game, options, action
    space and encoder. Copying or pickling a state never copies it (``__deepcopy__`` gives it
    back, pickling names it by game and parameters)."""

    def __init__(self, short_name: str, params: dict[str, Any]) -> None:
        from woodlands.kit.encoding import encoder
        from woodlands.kit.spaces import action_space

        self.short_name = short_name
        self.game_id = next(g for g, s in SHORT_NAMES.items() if s == short_name)
        self.returns = returns_of(descriptor(self.game_id))
        self.params = dict(params)
        content = str(params.get("content") or "") or None
        try:
            self.game: Game = woodlands.load_game(self.game_id, Path(content) if content else None)
            options = _options_from(self.game_id, params)
            self.options = self.game.checked_options(self.game.options_for_simulation(options))
        except WoodlandsError as err:
            raise OpenSpielOptionError(f"{short_name}: {err}") from None
        max_len = params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH)
        if not isinstance(max_len, int) or max_len < 1:
            raise OpenSpielOptionError(f"{short_name}: max_game_length must be a whole number of at least 1, "
                                       f"not {max_len!r}")
        seed = params.get("seed", 0)
        if not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
            raise OpenSpielOptionError(f"{short_name}: seed must be a whole number from 0, not {seed!r}")
        try:
            reward = check_reward(params.get("reward", "outcome"))
        except WoodlandsError as err:
            raise OpenSpielOptionError(f"{short_name}: {err}") from None
        #: each seat's shaping potential (reward="shaped"), or None
        self.phi = potential_of(self.game) if reward == "shaped" else None
        resample = params.get("resample_hidden", False)
        if not isinstance(resample, bool):
            raise OpenSpielOptionError(f"{short_name}: resample_hidden must be true or false, not {resample!r}")
        self.max_game_length = max_len
        self.seed = seed
        #: clones draw the future and the hidden orders afresh (see the module's docstring), with
        #: seeds from this generator: one sequence per parameterised game, so a run repeats
        self.resample_hidden = resample
        self.clone_seeds = Rng(seed ^ 0x5EED_C10E)
        self.content = content
        self.players = int(self.options.get("players", descriptor(self.game_id).players[0]))
        self.space = action_space(self.game_id, self.options, content)
        self.encoder = encoder(self.game_id, self.options, content)

    def key(self) -> tuple[str, str]:
        return self.short_name, json.dumps(self.params, sort_keys=True)

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Context":
        return self

    def __reduce__(self) -> tuple[Callable[..., "_Context"], tuple[str, str]]:
        return _context, self.key()


_CONTEXTS: dict[tuple[str, str], _Context] = {}


def _context(short_name: str, params_json: str) -> _Context:
    key = (short_name, params_json)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = _Context(short_name, json.loads(params_json))
    return ctx


class _SeedSource:
    """The game object's sequence of seeds for new initial states."""

    def __init__(self, start: int) -> None:
        self.next_seed = start

    def take(self) -> int:
        seed = self.next_seed
        self.next_seed = (seed + 1) % (2 ** 64)
        return seed


# ---------------------------------------------------------------------------- the engine part
class _Core:
    """The engine state inside an OpenSpiel state, with what a copy must carry along: the
    determinizations made on the way (so a serialized sample rebuilds exactly) and each seat's
    running digest of its log. Started on first use, so that OpenSpiel's ``Clone`` (which builds
    a fresh initial state and then copies the attributes over) never plays a ``new_game``.

    A game starts *quiet* (the fast path of :mod:`woodlands.engine.fastpath`: no log kept, the
    ids taken kept here in ``taken``), which is all that tensors, legal actions and returns read.
    The first call that needs the log or the record (an information-state string, a
    resample, serialization, :attr:`WoodlandsState.engine_state`) makes it normal by
    :meth:`normal`: the same game replayed from its seed with the ids taken, once; it stays
    normal from then on, and so do its copies."""

    __slots__ = ("ctx", "seed", "state", "moves", "done", "dets", "seen", "handoff", "legal", "legal_of", "taken",
                 "shaping", "world")

    def __init__(self, ctx: _Context, seed: int) -> None:
        self.ctx = ctx
        self.seed = seed
        self.state: GameState | None = None
        #: decisions taken (OpenSpiel's move number), and whether the game is over or cut by the
        #: adapter's cap: kept here so the calls OpenSpiel makes at every step read two attributes
        self.moves = 0
        self.done = False
        #: (choices made before it, seat, seed) of each determinization, in order
        self.dets: list[tuple[int, int, int]] = []
        #: per seat: [sha256 so far, events digested, that seat's observer or None]
        self.seen: list[list[Any]] = []
        #: a core made ready for the next deep copy to return instead of copying (see resampled)
        self.handoff: _Core | None = None
        #: the action indexes of the options of decision ``legal_of``, in the order offered: made
        #: once per decision (OpenSpiel asks for them, then an action is taken by its position)
        self.legal: list[int] = []
        self.legal_of: Any = None
        #: the option ids taken while the state is quiet (None once it is normal); an AppendLog
        #: as the engine's own choices are, so that a copy shares its full chunks (O(1), not O(n))
        self.taken: AppendLog[str] | None = AppendLog()
        #: reward="shaped": [each seat's Phi at its last turn, each seat's shaping of the last
        #: action, each seat's shaping so far] (:meth:`shape`); None otherwise or not yet started
        self.shaping: list[list[float]] | None = None
        #: (moves, seed): the sample every clone of this position is, with resample_hidden
        self.world: tuple[int, int] | None = None

    def get(self) -> GameState:
        """The engine state, quiet or normal: for what the rules' fields tell (decision, view,
        encoding, outcome), never the log or the record (:meth:`normal`)."""
        state = self.state
        if state is None:
            state = self.state = self.ctx.game.new_game(seed=self.seed, options=self.ctx.options)
            if self.taken is not None:
                quiet(state)
            phi = self.ctx.phi
            if phi is not None and self.shaping is None:
                seats = range(self.ctx.players)
                self.shaping = [[phi(state, s) for s in seats], [0.0] * len(seats), [0.0] * len(seats)]
        return state

    def shape(self) -> None:
        """reward="shaped", after an action: the seat whose turn it now is gets ``Phi(its view
        now) - Phi(its view at its last turn)``, and every seat ``-Phi(at its last turn)`` once
        the game has ended (Phi of an ended game is 0): as the PettingZoo agents are paid."""
        phi, shaping = self.ctx.phi, self.shaping
        if phi is None or shaping is None:
            return
        at, last, total = shaping
        state = self.state or self.get()
        for s in range(len(last)):
            last[s] = 0.0
        if self.done:
            for s in range(len(last)):
                last[s], at[s] = -at[s], 0.0
        else:
            decision = state.decision
            assert decision is not None
            p = decision.player
            now = phi(state, p)
            last[p], at[p] = GAMMA * now - at[p], now
        for s in range(len(last)):
            total[s] += last[s]

    def normal(self) -> GameState:
        """The engine state with its log and record: a quiet one is replaced, once, by the same
        game replayed from its seed through the ids taken (the rules are deterministic, so it
        is the same position, generator included)."""
        state = self.get()
        taken = self.taken
        if taken is not None:
            # a quiet core has no determinizations: resampling makes the core normal first
            state = self.state = _replayed(self.ctx.game, self.seed, self.ctx.options, list(taken), self.dets)
            self.taken = None
        return state

    def copy(self, state: GameState | None = None) -> "_Core":
        source = self.get()
        twin = _Core(self.ctx, source.seed)
        twin.state = state if state is not None else source.clone()   # a quiet state's clone is quiet
        twin.taken = None if state is not None or self.taken is None else self.taken.copy()
        twin.moves = self.moves
        twin.done = self.done
        twin.dets = self.dets[:]
        twin.shaping = None if self.shaping is None else [row[:] for row in self.shaping]
        # the digests carry over; the observers, which remember what they saw, are rebuilt on demand
        twin.seen = [[h.copy(), n, None] for h, n, _ in self.seen]
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Core":
        ready = self.handoff
        if ready is not None:
            self.handoff = None
            return ready
        return self.copy()

    # -- pickling: the record
    def __reduce__(self) -> tuple[Callable[..., "_Core"], tuple[_Context, str]]:
        state = self.normal()
        payload = {"record": state.record(digest=not self.dets), "dets": self.dets, "shaping": self.shaping}
        return _core_from, (self.ctx, json.dumps(payload))

    def apply(self, option_id: str) -> None:
        """Take ``option_id`` through the engine's ``apply``: reached only by an action that is
        not legal now, or once the game is over or cut, so it is refused and changes nothing."""
        if self.done and not self.get().over:   # cut by the adapter: the rules' game goes on
            raise IllegalAction(f"{option_id}: the game was cut at max_game_length "
                                f"({self.ctx.max_game_length} decisions); no more actions can be taken")
        state = self.normal()
        state.apply(option_id)
        self.moves += 1
        self.done = state.over or self.moves >= self.ctx.max_game_length
        self.shape()

    def legal_now(self, state: GameState) -> list[int]:
        """The action indexes of ``state``'s decision (this core's state), in the order offered:
        :meth:`ActionSpace.legal`, kept until the decision changes (do not change the list)."""
        decision = state.decision
        if decision is not self.legal_of:
            self.legal = self.ctx.space.legal(state)
            self.legal_of = decision   # held, so no later decision can be this same object
        return self.legal

    def play(self, action: int) -> None:
        """Take action index ``action``: by its position among the decision's options when it is
        one of them (``spaces.take``, no id look-up), else through ``apply``, which refuses it
        with the engine's message and changes nothing."""
        state = self.state or self.get()
        if not self.done:
            try:
                position = self.legal_now(state).index(action)
            except ValueError:
                pass
            else:
                taken = self.taken
                if taken is None:
                    take(state, position)
                else:
                    taken.append(state.decision.options[position][0])   # type: ignore[union-attr]
                    play_quiet(state, position)
                self.moves += 1
                self.done = state.over or self.moves >= self.ctx.max_game_length
                if self.shaping is not None:
                    self.shape()
                return
        self.apply(self.ctx.space.id_at(action))

    def cut(self) -> bool:
        """Ended by the adapter's cap on decisions, the rules' game still going."""
        return self.done and not self.get().over

    def digest(self, seat: int) -> str:
        """A running SHA-256 of ``state.log_for(seat)``, fed only the events new since the last
        call (an observer that remembers is rebuilt from the log once after a copy)."""
        state = self.normal()
        while len(self.seen) <= seat:
            self.seen.append([hashlib.sha256(), 0, None])
        entry = self.seen[seat]
        h, done, see = entry
        total = state.log_length
        if total > done:
            see = entry[2]
            if see is None:
                see = state.observer(seat)
                if see is not None:
                    for event in state.log_since(0)[:done]:   # its memory of what came before
                        see(event)
                    entry[2] = see
            for event in state.log_since(done):
                seen = event if see is None else see(event)
                h.update(json.dumps(seen, sort_keys=True, separators=(",", ":"), default=str).encode())
            entry[1] = total
        return str(h.hexdigest()[:16])


def _replayed(game: Game, seed: int, options: dict[str, Any], choices: list[str],
              dets: Iterable[tuple[Any, Any, Any]]) -> GameState:
    """The normal state of ``game`` from ``seed`` and ``options`` after ``choices``, each
    determinization ``(choices made before it, seat, seed)`` made where it was made."""
    state = game.new_game(seed=seed, options=options)
    pending = list(dets)
    for k in range(len(choices) + 1):
        while pending and pending[0][0] == k:
            _, seat, det_seed = pending.pop(0)
            state = state.determinize(int(seat), int(det_seed))
        if k < len(choices):
            state.apply(choices[k])
    return state


def _core_from(ctx: _Context, payload_json: str) -> _Core:
    payload = json.loads(payload_json)
    record = payload["record"]
    dets = [tuple(d) for d in payload["dets"]]
    core = _Core(ctx, int(record["seed"]))
    if not dets:
        core.state = woodlands.replay(record, ctx.content)   # (checked against its digest)
    else:
        core.state = _replayed(ctx.game, record["seed"], record["options"], record["choices"], dets)
    core.taken = None   # replayed with its log: normal
    core.dets = [(int(a), int(b), int(c)) for a, b, c in dets]
    core.moves = len(record["choices"])
    core.done = core.state.over or core.moves >= ctx.max_game_length
    core.shaping = payload.get("shaping")
    return core


# ---------------------------------------------------------------------------- OpenSpiel classes
def _game_type(game_id: str, utility: Any = pyspiel.GameType.Utility.IDENTICAL,
               reward_model: Any = pyspiel.GameType.RewardModel.TERMINAL) -> pyspiel.GameType:
    lo, hi = descriptor(game_id).players
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Woodlands: {descriptor(game_id).name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=reward_model,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_id),
    )


class WoodlandsGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """One Woodlands game with its options, as an OpenSpiel game (see the module's docstring)."""

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        short = short_name(self.GAME_ID)
        full = {**parameter_specification(self.GAME_ID), **(params or {})}
        unknown = sorted(set(full) - set(parameter_specification(self.GAME_ID)))
        if unknown:
            raise OpenSpielOptionError(f"{short}: unknown parameter(s) {unknown}")
        ctx = _context(short, json.dumps(full, sort_keys=True))
        info = pyspiel.GameInfo(
            num_distinct_actions=int(ctx.space.size),
            max_chance_outcomes=0,
            num_players=ctx.players,
            min_utility=-1.0 if ctx.phi is None else -2.0,   # (shaped: the return less Phi(s_0), Phi < 1)
            max_utility=1.0,
            utility_sum=None,
            max_game_length=ctx.max_game_length,
        )
        # pvp: each player for itself, so the utility is general-sum (registered: identical);
        # shaped: rewards on every step, general-sum too (each player's shaping is its own)
        pvp = each_plays_for_itself(ctx.game, ctx.options)
        shaped = ctx.phi is not None
        if pvp or shaped:
            game_type = _game_type(self.GAME_ID, pyspiel.GameType.Utility.GENERAL_SUM,
                                   pyspiel.GameType.RewardModel.REWARDS if shaped else pyspiel.GameType.RewardModel.TERMINAL)
        else:
            game_type = _GAME_TYPES[self.GAME_ID]
        super().__init__(game_type, info, params or {})
        self.ctx = ctx
        self._seeds = _SeedSource(ctx.seed)

    def new_initial_state(self) -> "WoodlandsState":
        return WoodlandsState(self)

    def state_for_seed(self, seed: int) -> "WoodlandsState":
        """A new initial state playing engine seed ``seed`` (outside the game's own sequence)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise OpenSpielOptionError(f"{self.ctx.short_name}: a seed is a whole number from 0 to 2**64 - 1, "
                                       f"not {seed!r}")
        return WoodlandsState(self, seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "WoodlandsObserver":
        if params:
            raise OpenSpielOptionError(f"{self.ctx.short_name}: the observer takes no parameters, not {params!r}")
        if iig_obs_type is not None and (not iig_obs_type.public_info
                                         or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise OpenSpielOptionError(
                f"{self.ctx.short_name}: only a seat's own view is offered (public facts and that seat's "
                "private ones), not another observation type")
        recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return WoodlandsObserver(self.ctx, recall)


class WoodlandsState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding one engine state (see the module's docstring)."""

    def __init__(self, game: WoodlandsGame, seed: int | None = None) -> None:
        super().__init__(game)
        self._ctx = game.ctx
        self._core = _Core(game.ctx, game._seeds.take() if seed is None else seed)

    # -- the engine state
    @property
    def engine_state(self) -> GameState:
        """The Woodlands state inside (full information: for analysis, never for a seat), with
        its log and record (a state playing quiet is made normal first)."""
        return self._core.normal()

    # -- pyspiel.State (called several times per step: kept to a few attribute reads)
    def current_player(self) -> int:
        core = self._core
        if core.done:
            return _TERMINAL
        decision = (core.state or core.get()).decision
        assert decision is not None
        return decision.player

    def is_terminal(self) -> bool:
        core = self._core
        if core.state is None:
            core.get()
        return bool(core.done)

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        state = core.state or core.get()
        decision = state.decision
        if core.done or decision is None or decision.player != player:
            return []
        return sorted(core.legal_now(state))

    def _apply_action(self, action: int) -> None:
        self._core.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._ctx.space.id_at(action))

    def returns(self) -> list[float]:
        """The game's returns (``2 * reward - 1``, 0 until it is over); with reward="shaped"
        plus each player's shaping so far (the sum of its :meth:`rewards`)."""
        core = self._core
        state = core.get()
        ctx = self._ctx
        true = ctx.returns(ctx.game, state, ctx.players) if state.over else [0.0] * ctx.players
        if core.shaping is None:
            return true
        return [r + s for r, s in zip(true, core.shaping[2])]

    def rewards(self) -> list[float]:
        """Each player's reward for the last action (reward="shaped", OpenSpiel's ``REWARDS``
        model): its shaping term, plus the game's return on the action that ended it."""
        core = self._core
        state = core.get()
        ctx = self._ctx
        if core.shaping is None:
            return list(super().rewards())
        true = ctx.returns(ctx.game, state, ctx.players) if state.over else [0.0] * ctx.players
        return [r + s for r, s in zip(true, core.shaping[1])]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "WoodlandsState":
        """A state ``player_id`` cannot tell from this one (:meth:`GameState.determinize`), its
        seed drawn from ``probability_sampler`` (a callable giving floats in [0, 1))."""
        return self.resampled(player_id, int(float(probability_sampler()) * 2 ** 53))

    def clone(self) -> "WoodlandsState":
        """A copy of this state; with the game's ``resample_hidden``, a real position's copy has
        its hidden orders and future drawn afresh for the player to act (:meth:`resampled`, one
        sample per position: see the module's docstring), so a search that clones cannot read
        the dice to come."""
        ctx = self._ctx
        core = self._core
        if ctx.resample_hidden and not core.dets and not self.is_terminal():   # (a sample has dets)
            if core.world is None or core.world[0] != core.moves:
                core.world = (core.moves, ctx.clone_seeds.next64() >> 11)
            return self.resampled(self.current_player(), core.world[1])
        twin: WoodlandsState = pyspiel.State.clone(self)
        return twin

    def resampled(self, player_id: int, seed: int) -> "WoodlandsState":
        """:meth:`resample_from_infostate` with the determinization's seed given."""
        if not 0 <= player_id < self._ctx.players:
            raise OpenSpielOptionError(f"{self._ctx.short_name}: no player {player_id}")
        own = self._core
        core = own.copy(own.normal().determinize(player_id, seed))   # the one engine clone
        core.dets.append((self.move_number(), player_id, seed))
        own.handoff = core   # OpenSpiel's clone deep-copies the core: it takes this one, no second clone
        try:
            twin: WoodlandsState = pyspiel.State.clone(self)   # copies history and move number
        finally:
            own.handoff = None
        return twin

    def __str__(self) -> str:
        """The full position in brief, hidden facts included (for debugging and for OpenSpiel's
        clone and serialization checks): seed, decisions taken, generator, determinizations, the
        decision or the outcome. Nothing here reads the log, so asking does not make a quiet
        state normal."""
        state = self._core.get()
        head = (f"{self._ctx.game_id} seed={state.seed} moves={self.move_number()} rng={state.rng.state:016x} "
                f"samples={self._core.dets}")
        if state.over:
            return f"{head} outcome={json.dumps(state.outcome, sort_keys=True, default=str)}"
        if self._core.cut():
            return f"{head} cut at max_game_length"
        decision = state.decision
        assert decision is not None
        return f"{head} player={decision.player} {decision.kind}: {' '.join(o.id for o in decision.options)}"

    # -- what a seat sees
    def observation_text(self, seat: int) -> str:
        """The observation string: the encoder's description of the seat's view, and the ids of
        its options when it decides."""
        state = self._core.get()
        text = f"p{seat}\n{self._ctx.encoder.describe(state, seat)}"
        decision = state.decision
        if decision is not None and decision.player == seat and not self._core.done:
            text += "\noptions: " + " ".join(o.id for o in decision.options)
        return text

    def information_text(self, seat: int) -> str:
        """The information-state string: the observation string, the number of decisions taken
        and the digest of the log as ``seat`` was shown it (perfect recall)."""
        return f"m{self._core.moves} h{self._core.digest(seat)}\n{self.observation_text(seat)}"

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions`` answered in Python for Python callers (the same list as
        its C++ path, without three round trips through it): sorted action indexes of the
        decision's options for the deciding player, ``[]`` for anyone else or once it is over."""
        core = self._core
        state = core.state or core.get()
        decision = state.decision
        if core.done or decision is None:
            return []
        if player is not None and player != decision.player:
            if isinstance(player, bool) or not isinstance(player, int) or player < 0:
                raise pyspiel.SpielError(f"{self._ctx.short_name}: legal actions of no player {player!r}")
            return []
        return sorted(core.legal_now(state))

    # The four accessors again, for callers in Python: the same values as OpenSpiel's C++ path
    # (which reaches the observer above), without the round trip, and without the whole new
    # state pyspiel builds at each ``observation_tensor()`` call to learn the tensor's size.
    def _seat(self, player: Any) -> int:
        seat = self.current_player() if player is None else player
        try:   # any integer (numpy's too), never a bool or a float
            seat = -1 if isinstance(seat, bool) else operator.index(seat)
        except TypeError:
            seat = -1
        if not 0 <= seat < self._ctx.players:
            raise pyspiel.SpielError(f"{self._ctx.short_name}: no player {brief(player)} (players 0..{self._ctx.players - 1})")
        return seat

    def observation_tensor(self, player: int | None = None) -> list[float]:
        tensor: list[float] = self._ctx.encoder.flat(self._core.get(), self._seat(player)).tolist()   # a new list already
        return tensor

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self.observation_tensor(player)

    def observation_string(self, player: int | None = None) -> str:
        return self.observation_text(self._seat(player))

    def information_state_string(self, player: int | None = None) -> str:
        return self.information_text(self._seat(player))


class WoodlandsObserver:
    """OpenSpiel's Python observer for a Woodlands game: one flat tensor from the research
    encoder (``observation``), and the strings of :class:`WoodlandsState`."""

    def __init__(self, ctx: _Context, perfect_recall: bool) -> None:
        self.ctx = ctx
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(ctx.encoder.flat_size), np.float32)
        self.dict = {"observation": self.tensor}
        self._into = ctx.encoder.private().flat_into   # (its memo follows what this observer is given: Encoder.private)
        self._view = memoryview(self.tensor)  # type: ignore[arg-type]  # one copy, no numpy call

    def set_from(self, state: WoodlandsState, player: int) -> None:
        # (a player outside 0..n-1 is refused as the state's own accessors refuse it: the
        #  encoding of a seat that does not exist would be a tensor of nobody's view)
        if player.__class__ is not int or not 0 <= player < self.ctx.players:
            player = state._seat(player)   # a numpy integer taken; else SpielError naming the players
        core = state._core
        self._into(core.state or core.get(), player, self._view)

    def string_from(self, state: WoodlandsState, player: int) -> str:
        seat = state._seat(player)
        return state.information_text(seat) if self.perfect_recall else state.observation_text(seat)


def resampler(seed: int = 0) -> Callable[[WoodlandsState, int], WoodlandsState]:
    """A function for ``ISMCTSBot.set_resampler``: each call determinizes with the next seed of
    its own generator, so a search is reproducible from ``seed``."""
    rng = Rng(seed)

    def resample(state: WoodlandsState, player: int) -> WoodlandsState:
        return state.resampled(player, rng.next64() >> 11)
    return resample


def load(game_id: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a Woodlands game id, parameters as keywords:
    ``load("cursed-forest", players=2, turn_limit=20)``."""
    if game_id not in SHORT_NAMES:
        try:
            found = descriptor(game_id)
        except WoodlandsError:
            found = None
        if found is None or not found.researchable:
            raise OpenSpielOptionError(f"no OpenSpiel game for {game_id!r}; there are {sorted(SHORT_NAMES)} "
                                       "(a game needs an action grammar and an encoding)")
        register([game_id])
    return pyspiel.load_game(SHORT_NAMES[game_id], params)


def openspiel_steps_per_second(game_id: str, seconds: float = 1.0, seed: int = 0, **params: Any) -> tuple[float, float]:
    """Random play through the adapter for about ``seconds``: (OpenSpiel steps per second,
    the raw engine's decisions per second in the same run). A step asks whether the game is
    over and who decides, writes that player's observation with the game's Python observer
    (``game.make_py_observer()``: a numpy array, no copy), reads the legal actions and applies
    one chosen uniformly."""
    import time

    game = load(game_id, seed=seed, **params)
    observer = game.make_py_observer()
    rng = Rng(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            observer.set_from(state, player)
            actions = state.legal_actions()
            state.apply_action(actions[rng.below(len(actions))])
            steps += 1
    os_rate = steps / (time.perf_counter() - start)
    ctx: _Context = game.ctx
    decisions = 0
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        engine = ctx.game.new_game(seed=seed + n, options=ctx.options)
        n += 1
        while not engine.over and decisions < 10 ** 9:
            options = engine.decision.options  # type: ignore[union-attr]
            engine.apply(options[rng.below(len(options))].id)
            decisions += 1
    return os_rate, decisions / (time.perf_counter() - start)


def bench_replay(case: Any, episodes: list[tuple[int, list[str]]]) -> float | None:
    """``woodlands bench --env``'s measure of this adapter (:mod:`woodlands.research.bench`):
    the recorded random games (``(seed, [option id, ...])``, played with the bench's episode
    options) replayed through OpenSpiel's API, each state made for its exact seed; a step asks
    who decides, writes that player's observation (the game's Python observer) and reads the
    legal actions (OpenSpiel's form of the mask), then applies the recorded action.  Returns the
    CPU seconds the replay took."""
    import time

    from .bench import episode_options, prepared
    from woodlands.kit.spaces import action_space

    def make() -> tuple[Any, Any, Any]:   # made once per case (the bench replays many blocks)
        options = episode_options(case)
        params = {k: (",".join(v) if isinstance(v, list) else v) for k, v in options.items()}
        game = load(case.game, **params)
        return game, game.make_py_observer(), action_space(case.game, options).index
    game, observer, index = prepared("openspiel", case, make)
    plays = [(seed, [index(c) for c in choices]) for seed, choices in episodes]
    start = time.process_time()
    for seed, actions in plays:
        state = game.state_for_seed(seed)
        for action in actions:
            observer.set_from(state, state.current_player())
            state.legal_actions()
            state.apply_action(action)
    return time.process_time() - start


def register(game_ids: Iterable[str] | None = None) -> None:
    """Register with pyspiel each game of ``game_ids`` (None: every known game that has an action
    grammar and an encoding), once: done for the known games when this module is imported."""
    if game_ids is None:
        game_ids = [d.id for d in descriptors() if d.researchable]
    registered = set(pyspiel.registered_names())
    for game_id in game_ids:
        if game_id in SHORT_NAMES:
            continue
        cls = type(f"{''.join(p.title() for p in game_id.split('-'))}OpenSpielGame", (WoodlandsGame,),
                   {"GAME_ID": game_id, "__module__": __name__})
        globals()[cls.__name__] = cls
        _GAME_TYPES[game_id] = _game_type(game_id)
        SHORT_NAMES[game_id] = short_name(game_id)
        if SHORT_NAMES[game_id] not in registered:
            pyspiel.register_game(_GAME_TYPES[game_id], cls)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: game id -> its registered pyspiel.GameType (the utility of its cooperative form)
_GAME_TYPES: dict[str, pyspiel.GameType] = {}
register()

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "OpenSpielOptionError", "SHORT_NAMES", "WoodlandsGame", "WoodlandsObserver",
           "bench_replay", "register", "short_name",
           "WoodlandsState", "load", "parameter_specification", "openspiel_steps_per_second", "resampler"]
