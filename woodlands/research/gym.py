"""Gymnasium environments: one per game whose descriptor gives an action grammar and an
encoding (``woodlands/Tanglewoods-v0``, ``woodlands/Storyfold-v0``,
``woodlands/CursedForestSolo-v0`` for the built-in games; docs/research.md).

Importing this module registers the id of every such game known then (the descriptor's
``gym_id``; :func:`register` again registers games made known later);
``gymnasium.make("woodlands.research.gym:woodlands/Tanglewoods-v0")`` imports it by itself.
Keyword arguments of ``make`` are the game's options (``difficulty=7, hero="thorn-warden"``;
``adventurers=3`` for the solo Cursed Forest), plus ``content`` (a pack folder),
``render_mode="ansi"``, ``record`` and ``reward`` (``"outcome"`` or ``"shaped"``).

* ``record=False`` (the default): an episode's game is a quiet state
  (:mod:`woodlands.engine.fastpath`): the rules run as always, but no log is written and no
  choice is kept, which a learning loop needs neither of (a step takes some 2-6% less time:
  docs/research.md, "Speed").  Its ``state.record()`` raises NotRecorded.  With ``record=True`` the
  game keeps its log and record, as a game played in Woodlands does: ``env.unwrapped.state.record()``
  can be saved and replayed (``woodlands replay``).  Observations, masks and rewards are the
  same either way (``tests/research/test_record_option.py``).

* Observation: the seat's encoding (:mod:`woodlands.kit.encoding`), flat (a float32 ``Box``).
* Action: ``Discrete(n)`` over the game's fixed action space (:mod:`woodlands.kit.spaces`);
  ``info["action_mask"]`` (int8) marks the options of the decision waiting.  An action outside
  the mask ends the episode with reward -1 and ``info["illegal"] = True``; nothing is raised.
* Reward, once the game is over (``reward="outcome"``, the default): the game's one reward,
  :meth:`~woodlands.engine.game.Game.reward` (in [0, 1]), put on [-1, 1] as ``2 * reward - 1``
  (:mod:`woodlands.kit.returns`): +1 for a win, -1 for a loss; a finished Storyfold campaign,
  which cannot be lost, earns its graded score (+1 only for a flawless run).
* ``reward="shaped"`` adds to each step's reward the potential-based shaping term
  ``GAMMA * Phi(s') - Phi(s)`` (``GAMMA = 1``; ``Phi`` of the seat's own view, the game's named
  terms; 0 once the episode ends): :mod:`woodlands.research.shaping`.  Every step's
  ``info["true_reward"]`` is the true reward of that step, whichever reward is chosen.
* Every episode ends: the simulation limits of ruling C-15 and the game's round or scene limit
  are on (``game.options_for_simulation`` and the ``limit_option`` at its ``limit_default``,
  each overridable by a keyword).  A game stopped by a limit ends ``truncated``, not
  ``terminated``, with reward 0.
* A game of several players is played here with one (``players=1``, its default); its
  multi-agent form is :mod:`woodlands.research.pettingzoo`'s.
* ``reset(options={...})`` takes the same game options as ``make`` (``difficulty``, ``hero`` ...):
  they apply from that episode on (Gymnasium's convention).  A bad option, or one that would
  change the action or observation space (``adventurers``: make a new environment), raises
  GameOptionError (a ValueError) and changes nothing.
* ``reset(options={"curriculum": ...})`` starts the episodes (this one and the next, until
  ``{"curriculum": None}``) from an easier set-up of the game or from the greedy bot's game of
  the episode's seed at a chosen round, its unseen future drawn afresh
  (:mod:`woodlands.research.curriculum`).
* Chance (dice, draws) is resolved by the engine inside ``step``; in the solo Cursed Forest every
  adventurer is the agent's, so every decision is the agent's.
"""
from __future__ import annotations

import operator
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding

from ..engine.errors import GameOptionError
from ..engine.game import Game, load_game
from ..engine.registry import GameDescriptor, descriptor, descriptors
from ..engine.state import GameState
from ..engine.views import result_of
from ..kit.encoding import Encoder, encoder
from ..kit.returns import returns_of
from ..kit.spaces import ActionSpace, action_space, episode_mode
from .curriculum import Start, greedy_start, parse
from .shaping import GAMMA, check_reward, potential_of


def episode_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The options an episode plays with: the simulation limits (C-15) and the game's round or
    scene limit at its default, under the options given."""
    opts = game.options_for_simulation({})
    if game.limit_option:
        opts[game.limit_option] = game.limit_default
    opts.update(options)
    return opts


class WoodlandsEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One Woodlands game as a single-agent Gymnasium environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    game_id = ""

    def __init__(self, game_id: str | None = None, content: str | None = None, render_mode: str | None = None,
                 record: bool = False, reward: str = "outcome", **options: Any) -> None:
        game_id = game_id or self.game_id
        #: "outcome" (the game's reward at the end) or "shaped" (plus each step's shaping term)
        self.reward = check_reward(reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameOptionError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._keep, self._take = episode_mode(record)   # (refuses a record that is not a bool)
        #: keep each episode's log and record (see the module doc); else its game is quiet
        self.record = record
        self.game: Game = load_game(game_id, content)
        self._content = content
        #: the options as given (the constructor's, then each reset's on top): what reset() merges into
        self._given: dict[str, Any] = dict(options)
        self.options, self.actions, self.encoder = self._configure(self._given)
        self.action_space = spaces.Discrete(self.actions.size)
        self.observation_space = self.encoder.flat_space
        self.state: GameState | None = None
        self._ended = False
        self._legal: list[int] = []
        #: the seat the observation is for (every game here has the agent at seat 0)
        self.seat = 0
        #: the game's returns, looked up once (called at the end of each episode)
        self._returns = returns_of(descriptor(self.game.id))
        #: the seat's potential (reward="shaped"; None: no shaping) and its value now
        self._phi = potential_of(self.game) if self.reward == "shaped" else None
        self._phi_now = 0.0
        #: the curriculum as given (None: none) and where its starts are (None: the game's start)
        self._curriculum: Any = None
        self._start: Start = None

    def _configure(self, given: dict[str, Any]) -> tuple[dict[str, Any], ActionSpace, Encoder]:
        """The checked options, action space and encoder for the options ``given``; raises
        GameOptionError (a ValueError) on a bad option and sets nothing."""
        game_id = self.game.id
        options = self.game.checked_options(episode_options(self.game, dict(given)))
        if self.game.players[1] > 1 and options.get("players", 1) != 1:
            raise GameOptionError(f"{game_id} with several players is a multi-agent game: its Gymnasium "
                                  "environment is the solo game (players = 1); for several players use "
                                  "woodlands.research.pettingzoo")
        # (a private encoder: its memo follows this environment's game alone, so environments
        #  stepped in turn in one thread, as in a SyncVectorEnv, do not undo each other's)
        return options, action_space(game_id, options, self._content), encoder(game_id, options, self._content).private()

    # Gymnasium's reset(seed=...) makes its numpy generator at once, which costs as much as a
    # few steps; an episode here draws from it only when reset without a seed, so reset(seed=...)
    # keeps the seed and the generator is made from it when first read (the same generator).
    @property
    def _np_random(self) -> np.random.Generator | None:
        rng: np.random.Generator | None = self.__dict__.get("_rng")
        if rng is None and self.__dict__.get("_rng_seed") is not None:
            rng = self.__dict__["_rng"] = seeding.np_random(self.__dict__["_rng_seed"])[0]
        return rng

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self.__dict__["_rng"], self.__dict__["_rng_seed"] = value, None

    # ---------------------------------------------------------------- the API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        if options:   # Gymnasium's convention: options for this episode and the ones after it
            if not isinstance(options, dict):
                raise GameOptionError(f"reset options must be a dict of game options, not {type(options).__name__}")
            options = dict(options)
            curriculum = options.pop("curriculum", self._curriculum)
            setup, start_round = parse(self.game, curriculum)
            given = {**self._given, **options}
            checked, actions, enc = self._configure({**given, **setup})
            if actions.ids != self.actions.ids or enc.labels != self.encoder.labels:
                raise GameOptionError(f"options {sorted(options)} change the action or observation space "
                                      f"({self.actions.size} actions, {self.encoder.flat_size} features); "
                                      "make a new environment with them instead")
            self._given, self.options, self.actions, self.encoder = given, checked, actions, enc
            self._curriculum, self._start = curriculum, start_round
        if isinstance(seed, int) and seed >= 0:   # Gymnasium's seeding, its generator made when first read
            self.__dict__["_rng"], self.__dict__["_rng_seed"] = None, seed
            self._np_random_seed = seed
            game_seed = seed
        else:   # no seed (or a bad one, which Gymnasium refuses)
            super().reset(seed=seed)
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
        if self._start is None:
            self.state = self._keep(self.game.new_game(seed=game_seed, options=dict(self.options)))
        else:   # a curriculum start: the unseen facts redrawn from a seed of the episode's own
            redraw = int(seeding.np_random(game_seed)[0].integers(0, 2**63 - 1))
            self.state = self._keep(greedy_start(self.game, game_seed, self.options, self._start, redraw))
        self._ended = False
        if self._phi is not None:
            self._phi_now = self._phi(self.state, self.seat)
        return self._observe(), self._info(False, 0.0)

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        s = self.state
        if s is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if self._ended or s.is_over:   # stepping on after the end: nothing happens
            cut = s.is_over and result_of(s.outcome) == "unfinished"
            return self._observe(), 0.0, not cut, cut, self._info(False, 0.0)
        try:
            index = operator.index(action)
        except TypeError:
            index = -1
        try:
            position = self._legal.index(index)   # the options of the decision waiting, by index
        except ValueError:
            self._ended = True
            return self._observe(), self._shaped(-1.0), True, False, self._info(True, -1.0)
        self._take(s, position)
        if not s.over:   # the common case, spelt out (it is the hot loop)
            legal = self._legal = self.actions.legal(s)
            return (self.encoder.flat(s, self.seat), 0.0 if self._phi is None else self._shaped(0.0), False, False,
                    {"action_mask": self.actions.mask_of(legal), "illegal": False, "true_reward": 0.0})
        if result_of(s.outcome) == "unfinished":
            return self._observe(), self._shaped(0.0), False, True, self._info(False, 0.0)
        true = self._returns(self.game, s, 1)[self.seat]
        return self._observe(), self._shaped(true), True, False, self._info(False, true)

    def _shaped(self, true: float) -> float:
        """The reward of a step whose true reward is ``true``: itself, or with reward="shaped"
        plus ``GAMMA * Phi(s') - Phi(s)``, ``Phi`` of the seat's view, 0 once the episode ended."""
        if self._phi is None:
            return true
        s = self.state
        assert s is not None
        now = 0.0 if (self._ended or s.is_over) else self._phi(s, self.seat)
        shaped = true + GAMMA * now - self._phi_now
        self._phi_now = now
        return shaped

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        s = self.state
        lines = [self.encoder.describe(s, self.seat)]
        d = s.decision
        if s.is_over or d is None:
            lines.append(f"over: {s.outcome}")
        else:
            lines.append(f"{d.kind}: " + ", ".join(o.id for o in d.options[:20]) + (" ..." if len(d.options) > 20 else ""))
        return "\n".join(lines)

    # ---------------------------------------------------------------- helpers
    def _observe(self) -> npt.NDArray[np.float32]:
        assert self.state is not None
        return self.encoder.flat(self.state, self.seat)

    def _info(self, illegal: bool, true: float = 0.0) -> dict[str, Any]:
        s = self.state
        assert s is not None
        self._legal = [] if self._ended else self.actions.legal(s)
        info: dict[str, Any] = {"action_mask": self.actions.mask_of(self._legal), "illegal": illegal,
                                "true_reward": true}
        if s.is_over:
            info["outcome"] = s.outcome
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The mask as booleans (the method name sb3-contrib's MaskablePPO looks for)."""
        return self.actions.mask_of(self._legal).astype(bool)


def env_class(d: GameDescriptor) -> type[WoodlandsEnv]:
    """The environment class of the game ``d``, ``<Name>Env`` for its id ``woodlands/<Name>-v0``
    (``TanglewoodsEnv``), made once and kept in this module (so that Gymnasium's entry point
    ``woodlands.research.gym:<Name>Env`` finds it)."""
    name = d.gym_id.split("/", 1)[1].rsplit("-", 1)[0] + "Env"
    cls = globals().get(name)
    if not (isinstance(cls, type) and issubclass(cls, WoodlandsEnv) and cls.game_id == d.id):
        cls = type(name, (WoodlandsEnv,), {"game_id": d.id, "__module__": __name__,
                                           "__doc__": f"``{d.gym_id}``: {d.name} (see the module doc)."})
        globals()[name] = cls
    return cls


def register() -> list[str]:
    """Register with Gymnasium the id of every known game that has an action space and an
    encoder (done when this module is imported; call it again for games made known later).
    Returns the ids."""
    ids = []
    for d in descriptors():
        if not d.researchable:
            continue
        cls = env_class(d)
        if d.gym_id not in gymnasium.registry:
            gymnasium.register(id=d.gym_id, entry_point=f"{__name__}:{cls.__name__}")
        ids.append(d.gym_id)
    return ids


register()
