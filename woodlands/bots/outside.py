"""Outside agents on the ladder: a policy of your own, named by an importable factory.

``woodlands ladder GAME --bots random,greedy,mypkg.agent:make`` imports ``mypkg.agent`` and
calls ``make`` once per game, with the keywords it accepts of ``game`` (the game's id), ``seed``
(the game's seed) and ``options`` (the game's options as the ladder plays them).  It returns
either of:

* a **bot** over the engine's decision: an object with ``choose(state) -> str``, the id of one
  option of ``state.decision`` (as :class:`woodlands.kit.bots.Bot`; read only
  ``state.view(state.decision.player)``, never another seat's hidden facts);
* a **policy** over the research observation: a callable ``policy(observation, mask) -> int``,
  where ``observation`` is the acting seat's flat float32 encoding and ``mask`` the int8 mask
  of legal actions, exactly as the Gymnasium and PettingZoo environments give them, and the
  answer an action index with ``mask[index] == 1``.  A trained agent plugs in as it is.

One factory's games play every seat, as the built-in bots do.  A spec that cannot be imported or
called, or a factory that returns neither, is refused with GameOptionError before any game; an
illegal action stops the ladder with GameOptionError naming the spec and the action.

>>> is_factory_spec("mypkg.agent:make", known=("random", "greedy", "ismcts")), is_factory_spec("ismcts:1s", known=("ismcts",))
(True, False)
"""
from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any, Callable

from ..engine.errors import GameOptionError, brief

if TYPE_CHECKING:
    from ..engine.state import GameState


def is_factory_spec(name: str, known: tuple[str, ...] | list[str]) -> bool:
    """Whether ``name`` names a factory (``module:callable``) rather than a bot of the game
    (``greedy``, or ``ismcts:1s`` with a budget): it has a colon and what comes before it is no
    bot's name."""
    head, colon, tail = name.partition(":")
    return bool(colon) and head not in known and bool(head) and bool(tail)


def load_factory(spec: str) -> Callable[..., Any]:
    """The callable ``spec`` (``module:callable``, the callable may be dotted) names;
    GameOptionError saying what is wrong otherwise."""
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise GameOptionError(f"bot {spec!r}: an outside agent is named module:callable, e.g. mypkg.agent:make")
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as e:
        raise GameOptionError(f"bot {spec!r}: cannot import module {module_name!r} ({e}); is it on PYTHONPATH?") from None
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise GameOptionError(f"bot {spec!r}: module {module_name!r} has no {attr!r}") from None
    if not callable(target):
        raise GameOptionError(f"bot {spec!r}: {attr!r} is not callable (a factory: make(game=..., seed=...))")
    return target  # type: ignore[no-any-return]


def call_factory(factory: Callable[..., Any], game_id: str, seed: int, options: dict[str, Any]) -> Any:
    """``factory`` called with the keywords it takes of game, seed and options."""
    given = {"game": game_id, "seed": seed, "options": dict(options)}
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):   # a builtin without a signature: call it bare
        return factory()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return factory(**given)
    return factory(**{k: v for k, v in given.items() if k in params})


class ObservationPlayer:
    """A policy over the research observation and mask, playing the engine's decisions: each
    decision's seat is encoded as the environments encode it, and the index answered is turned
    back into the option's id."""

    def __init__(self, spec: str, policy: Callable[[Any, Any], Any], game_id: str, options: dict[str, Any]) -> None:
        from ..kit.encoding import encoder
        from ..kit.spaces import action_space
        self.name = spec
        self.policy = policy
        self.actions = action_space(game_id, options)
        self.encoder = encoder(game_id, options).private()

    def choose(self, state: "GameState") -> str:
        d = state.decision
        assert d is not None
        legal = self.actions.legal(state)
        answer = self.policy(self.encoder.flat(state, d.player), self.actions.mask_of(legal))
        try:
            index = int(answer)
        except (TypeError, ValueError):
            index = -1
        if index not in legal:
            raise GameOptionError(f"bot {self.name!r} answered action {brief(answer)}, which is not legal here "
                                  f"(the mask's legal indexes: {brief(legal)})")
        return self.actions.id_at(index)


def outside_player(spec: str, game_id: str, seed: int, options: dict[str, Any]) -> Any:
    """The player the factory ``spec`` makes for one game: its bot as it is, or its observation
    policy wrapped in an :class:`ObservationPlayer`.  GameOptionError if it makes neither."""
    made = call_factory(load_factory(spec), game_id, seed, options)
    if callable(getattr(made, "choose", None)):
        if not isinstance(getattr(made, "name", None), str):
            try:
                made.name = spec
            except AttributeError:
                pass
        return made
    if callable(made):
        return ObservationPlayer(spec, made, game_id, options)
    raise GameOptionError(f"bot {spec!r}: the factory returned {brief(made)}, which is neither a bot (an object "
                          "with choose(state) -> option id) nor a policy (a callable observation, mask -> action index)")


__all__ = ["ObservationPlayer", "call_factory", "is_factory_spec", "load_factory", "outside_player"]
