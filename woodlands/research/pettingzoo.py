"""PettingZoo AEC environments: one per game whose descriptor gives an action grammar and an
encoding (the built-in one of several players is The Cursed Forest; docs/research.md).

``aec_env(game_id, **options)`` takes the game's options (``players``, and for The Cursed Forest
``pvp``, ``adventurers`` for the solo game, ``characters`` ...) plus ``content``,
``render_mode="ansi"``, ``reward`` (``"outcome"`` or ``"shaped"``) and ``record`` (keep each game's log and record, which a learning loop
does not need: by default the game is quiet, as in :mod:`woodlands.research.gym`).  One agent
per player, ``player_0`` .. ``player_<n-1>``; the agent to act is the player of the decision
waiting (in The Cursed Forest a tag partner's player answers a tag call, a pvp defender's
player its defence), so agents do not take turns in a fixed cycle.

* Observation: ``{"observation": float32 array, "action_mask": int8 array}``, the player's own
  encoding (:mod:`woodlands.kit.encoding`: never another player's face-down items) and, for the
  agent to act, the mask of its options (zeros for the others).
* Action: ``Discrete(n)`` over the game's action space (:mod:`woodlands.kit.spaces`).  An
  action outside the mask ends the game for everyone: -1 for the agent that took it, 0 for
  the others, ``infos[agent]["illegal"] = True``.
* Reward, when the game ends (``reward="outcome"``, the default; :mod:`woodlands.kit.returns`):
  ``2 * reward - 1`` of the game's one reward for the agent's seat
  (:meth:`~woodlands.engine.game.Game.reward`, in [0, 1]).  A cooperative game is won or lost
  together, so +1 to every agent for a win and -1 for a loss; in a game whose seats play each
  for itself (a ``pvp`` Cursed Forest) each agent gets its own (the team's win and the Forest
  Champion, CF-077); a game stopped by a limit is truncated with 0.
* ``reward="shaped"``: potential-based shaping on top (:mod:`woodlands.research.shaping`), each
  agent's own: when its turn comes it is paid ``Phi(its view now) - Phi(its view at its last
  turn)`` (``GAMMA`` = 1), and ``-Phi(at its last turn)`` when the game ends, so its shaped return
  is its true return minus its own ``Phi`` at the start.  ``infos[agent]["true_reward"]`` is the
  agent's true reward of the last step, whichever reward is chosen.
* ``reset(options={"curriculum": ...})``: as in :mod:`woodlands.research.gym`, an easier set-up
  or the greedy bot's game at a chosen round, its unseen future drawn afresh
  (:mod:`woodlands.research.curriculum`).
* The simulation limits of ruling C-15 and the game's round limit (``turn_limit``, 300 rounds
  unless given, in The Cursed Forest) are on, so every game ends.
"""
from __future__ import annotations

import operator
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from pettingzoo import AECEnv

from ..engine.errors import GameOptionError, brief
from ..engine.game import load_game
from ..engine.registry import descriptor
from ..engine.state import GameState
from ..engine.views import result_of
from ..kit.encoding import encoder
from ..kit.returns import returns_of
from ..kit.spaces import action_space, episode_mode
from .gym import episode_options
from .curriculum import Start, greedy_start, parse
from .shaping import GAMMA, check_reward, potential_of


class WoodlandsAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # pettingzoo has no type hints
    """One Woodlands game as a PettingZoo AEC environment (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "woodlands_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, content: str | None = None, render_mode: str | None = None,
                 record: bool = False, reward: str = "outcome", **options: Any) -> None:
        super().__init__()
        #: "outcome" (the game's reward at the end) or "shaped" (plus each seat's shaping term)
        self.reward = check_reward(reward)
        # (PettingZoo names an environment by its metadata: woodlands_<game>_v0)
        self.metadata = {**self.metadata, "name": f"woodlands_{game_id.replace('-', '_')}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameOptionError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._keep, self._take = episode_mode(record)   # (refuses a record that is not a bool)
        #: keep each game's log and record; else the game is quiet (as in woodlands.research.gym)
        self.record = record
        self.game = load_game(game_id, content)
        self._content = content
        self._given = dict(options)   # the options as given (reset's options are laid over them)
        self.options = self.game.checked_options(episode_options(self.game, options))
        self.actions = action_space(game_id, self.options, content)
        self.encoder = encoder(game_id, self.options, content).private()   # (its memo follows this env's game: Encoder.private)
        #: the game's returns, looked up once (called when a game ends)
        self._returns = returns_of(descriptor(game_id))
        #: each seat's potential (reward="shaped"; None: no shaping) and its value at the seat's last turn
        self._phi = potential_of(self.game) if self.reward == "shaped" else None
        self._phi_at: dict[str, float] = {}
        #: the curriculum as given (None: none) and where its starts are (None: the game's start)
        self._curriculum: Any = None
        self._start: Start = None
        players = int(self.options.get("players", self.game.players[0]))
        self.possible_agents = [f"player_{k}" for k in range(players)]
        self._seat = {a: k for k, a in enumerate(self.possible_agents)}
        mask_space = spaces.Box(0, 1, (self.actions.size,), np.int8)
        self._observation_space = spaces.Dict({"observation": self.encoder.flat_space, "action_mask": mask_space})
        self._action_space = spaces.Discrete(self.actions.size)
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.state_: GameState | None = None
        self._done = False
        self._rng = np.random.default_rng()
        self._legal: list[int] = []
        self._flat, self._mask_of = self.encoder.flat, self.actions.mask_of   # (bound once: called per step)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # ---------------------------------------------------------------- the API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: of engine seed ``seed`` (a whole number from 0 to 2**64 - 1), or, without
        one, of a seed drawn from the environment's own generator (seeded by the last seeded
        reset).  ``options``: game options for this game and the ones after it, laid over those
        the environment was made with (as Gymnasium's ``reset`` takes them); options that would
        change the agents, the action space or the observation are refused, and keys that are
        no option of the game are ignored with a warning (PettingZoo's convention).  A bad seed
        or option value raises GameOptionError and changes nothing."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64):
            raise GameOptionError(f"seed must be a whole number from 0 to 2**64 - 1 (or None), not {brief(seed)}")
        if options:
            self._reconfigure(options)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._rng.integers(0, 2**63 - 1))
        if self._start is None:
            self.state_ = self._keep(self.game.new_game(seed=game_seed, options=dict(self.options)))
        else:   # a curriculum start: the unseen facts redrawn from a seed of the game's own
            redraw = int(np.random.default_rng(game_seed).integers(0, 2**63 - 1))
            self.state_ = self._keep(greedy_start(self.game, game_seed, self.options, self._start, redraw))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {"true_reward": 0.0} for a in self.agents}
        self._done = False
        if self._phi is not None:
            state = self.state_
            self._phi_at = {a: self._phi(state, self._seat[a]) for a in self.agents}
        self._select()

    def _reconfigure(self, options: Any) -> None:
        """Take ``options`` (reset's) for this game and the next, or raise GameOptionError and
        change nothing."""
        if not isinstance(options, dict):
            raise GameOptionError(f"reset options must be a dict of game options, not {type(options).__name__}")
        options = dict(options)
        curriculum = options.pop("curriculum", self._curriculum)
        setup, start = parse(self.game, curriculum)
        # PettingZoo's api_test resets with options={"options": 1}: its convention is that an
        # environment takes the options it knows and passes over the rest, so keys that are no
        # option of the game are named in a warning and left out, not refused
        game_id = self.game.id
        known = {spec.name for spec in descriptor(game_id).options}
        ignored = sorted(map(str, set(options) - known))
        if ignored:
            warnings.warn(f"reset options {brief(ignored)} are not options of {game_id} and are ignored; "
                          f"its options: {sorted(known)}", stacklevel=3)
            options = {k: v for k, v in options.items() if k in known}
        given = {**self._given, **options}
        checked = self.game.checked_options(episode_options(self.game, {**given, **setup}))
        actions = action_space(game_id, checked, self._content)
        enc = encoder(game_id, checked, self._content)
        if (int(checked.get("players", self.game.players[0])) != len(self.possible_agents) or actions.ids != self.actions.ids
                or enc.labels != self.encoder.labels):
            raise GameOptionError(f"options {sorted(options)} change the agents, the action space or the "
                                  f"observation ({len(self.possible_agents)} agents, {self.actions.size} actions, "
                                  f"{self.encoder.flat_size} features); make a new environment with them instead")
        self._given, self.options = given, checked
        self._curriculum, self._start = curriculum, start

    def _select(self) -> None:
        s = self.state_
        assert s is not None and s.decision is not None
        d = s.decision
        self.agent_selection = self.possible_agents[d.player]
        self._legal = self.actions.legal(s)

    def observe(self, agent: str) -> dict[str, Any]:
        s = self.state_
        if s is None:
            raise ResetNeeded("call reset() before observe()")
        seat = self._seat.get(agent)
        if seat is None:
            raise KeyError(f"no agent {brief(agent)}; the agents are {self.possible_agents}")
        mask = self._mask_of(self._legal if agent == self.agent_selection and not self._done else [])
        return {"observation": self._flat(s, seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last`` (the agent to act's observation, cumulative reward,
        terminated, truncated and info), with the observation made here: one call less a step."""
        s = self.state_
        if s is None:
            raise ResetNeeded("call reset() before last()")
        agent = self.agent_selection
        if observe:
            mask = self._mask_of([] if self._done else self._legal)   # (the agent to act's options)
            observation: dict[str, Any] | None = {"observation": self._flat(s, self._seat[agent]), "action_mask": mask}
        else:
            observation = None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action: Any) -> None:
        if self.state_ is None:
            raise ResetNeeded("call reset() before step()")
        agent = self.agent_selection
        if self._done:   # (set with every agent's termination or truncation; cleared only by reset)
            self._was_dead_step(action)
            return
        s = self.state_
        assert s is not None
        self._cumulative_rewards[agent] = 0.0
        if self._phi is not None:   # (shaping pays some agent on most steps: last step's is spent)
            self.rewards = dict.fromkeys(self.agents, 0.0)
        # self.rewards are all 0 here: only the step that ends the game gives any, and every step
        # after it is a dead agent's (_was_dead_step), so they are set and added only at the end
        if type(action) is int:   # (the common case: no call to operator.index)
            index = action
        else:
            try:
                index = operator.index(action)
            except TypeError:
                index = -1
        try:
            position = self._legal.index(index)
        except ValueError:
            position = -1
        if position < 0:
            self._done = True
            self.rewards[agent] = -1.0
            self.infos = {a: {"illegal": a == agent, "true_reward": self.rewards[a]} for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self._shape_end()
            self._accumulate_rewards()
        else:
            self._take(s, position)
            if s.over:
                self._done = True
                outcome = s.outcome or {}
                if result_of(outcome) == "unfinished":
                    self.truncations = {a: True for a in self.agents}
                else:   # shared in a cooperative game, each its own in pvp (kit/returns.py)
                    values = self._returns(self.game, s, len(self.possible_agents))
                    self.rewards = {a: values[self._seat[a]] for a in self.agents}
                    self.terminations = {a: True for a in self.agents}
                self.infos = {a: {"outcome": outcome, "true_reward": self.rewards[a]} for a in self.agents}
                self._shape_end()
                self._accumulate_rewards()
            else:
                self._select()
                if self._phi is not None:
                    self._shape_turn()

    def _shape_turn(self) -> None:
        """reward="shaped": the agent whose turn it now is gets ``Phi(its view now) - Phi(its
        view at its last turn)`` (``GAMMA`` = 1), the shaping of everything since it last acted."""
        assert self._phi is not None and self.state_ is not None
        agent = self.agent_selection
        now = self._phi(self.state_, self._seat[agent])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = GAMMA * now - self._phi_at[agent]
        self._phi_at[agent] = now
        self._accumulate_rewards()

    def _shape_end(self) -> None:
        """reward="shaped", the game over: ``Phi`` of an ended game is 0, so every agent gets
        ``-Phi(its view at its last turn)`` on top of its true reward."""
        if self._phi is None:
            return
        for a in self.agents:
            self.rewards[a] = self.rewards.get(a, 0.0) - self._phi_at.get(a, 0.0)
            self._phi_at[a] = 0.0

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        s = self.state_
        seat = s.decision.player if s.decision is not None and not s.is_over else 0
        return self.encoder.describe(s, seat)

    def close(self) -> None:
        self.state_ = None

    def action_mask(self) -> npt.NDArray[np.int8]:
        """The mask of the agent to act."""
        return self.actions.mask_of(self._legal)


def aec_env(game_id: str, **options: Any) -> WoodlandsAECEnv:
    """The AEC environment of ``game_id``; keywords are the game's options plus ``content``,
    ``render_mode`` and ``record`` (keep each game's log and record; by default the game is
    quiet, as in :mod:`woodlands.research.gym`)."""
    return WoodlandsAECEnv(game_id, **options)
