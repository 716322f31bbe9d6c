"""Curricula for the research environments: starts where learning can begin
(``reset(options={"curriculum": ...})``; docs/research.md "Curricula").

A curriculum is ``{"setup": name, "round": r}`` or ``{"setup": name, "from_end": k}`` (any key
may be left out) or a set-up's name alone:

* ``"setup"``: one of the game's easier set-ups (its descriptor's ``curricula``: options laid
  over the environment's, e.g. Tanglewoods ``"difficulty-0"``).
* ``"round"``: the episode starts where the game's greedy bot, playing the episode's game from
  its seed, first reaches round ``r`` (the game's ``progress`` hook: Tanglewoods and The Cursed
  Forest count rounds, Storyfold scenes played); a game the bot ends sooner starts at the last
  round it reached.
* ``"from_end"``: the start of the round ``k`` rounds before the one the greedy bot's game ends
  in (``0``: its last round), whether it won or lost: a start as near the end as one wishes,
  whatever the length of the game (a reverse curriculum).  The start goes through the position format
  (:meth:`~woodlands.engine.state.GameState.position`, :meth:`~woodlands.engine.game.Game.from_position`).

The greedy game's future must not leak into the episode: before the position is taken, every
hidden fact no seat has seen (the orders of the decks, stacks and bags, and the generator, so the
dice to come) is drawn afresh from a new seed (:meth:`~woodlands.engine.state.GameState.redraw_unseen`),
which the record keeps as a redraw.  So the start's record replays to the start exactly, and
what comes after it owes nothing to the greedy game's draws.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.errors import GameOptionError, brief
from ..engine.registry import descriptor, resolve

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import GameState

#: the bot whose games give the curriculum's starts
START_BOT = "greedy"


def setups(game: "Game") -> dict[str, dict[str, Any]]:
    """The game's easier set-ups, ``{name: options}`` (empty: none)."""
    hook = descriptor(game.id).curricula
    return dict(resolve(hook)) if hook is not None else {}


#: where a curriculum's start is: ``("round", r)`` or ``("from_end", k)``; None: the game's start
Start = tuple[str, int] | None


def parse(game: "Game", curriculum: Any) -> tuple[dict[str, Any], Start]:
    """``(options of the set-up, where the start is)`` of ``curriculum`` (see the module doc);
    None is no curriculum.  Anything else raises GameOptionError naming what is wrong."""
    if curriculum is None:
        return {}, None
    if isinstance(curriculum, str):
        curriculum = {"setup": curriculum}
    if not isinstance(curriculum, dict) or set(curriculum) - {"setup", "round", "from_end"} \
            or {"round", "from_end"} <= set(curriculum):
        raise GameOptionError("a curriculum is a set-up's name or {'setup': name, 'round': r} or {'setup': name, "
                              f"'from_end': k}}, not {brief(curriculum)}")
    options: dict[str, Any] = {}
    name = curriculum.get("setup")
    if name is not None:
        known = setups(game)
        if name not in known:
            raise GameOptionError(f"no curriculum set-up {brief(name)} for {game.id}; its set-ups: {sorted(known)}")
        options = dict(known[name])
    where = "round" if "round" in curriculum else "from_end" if "from_end" in curriculum else None
    if where is None:
        return options, None
    r = curriculum[where]
    if type(r) is not int or r < 0:           # noqa: E721  (true is not 1)
        raise GameOptionError(f"a curriculum's {where} is a whole number of at least 0, not {brief(r)}")
    if descriptor(game.id).progress is None:
        raise GameOptionError(f"{game.id} says no round a curriculum start can be taken at")
    return options, (where, r)


def greedy_start(game: "Game", seed: int, options: dict[str, Any], start: tuple[str, int],
                 redraw_seed: int) -> "GameState":
    """The start ``start`` (``("round", r)`` or ``("from_end", k)``) of the greedy bot's game of
    ``seed`` and ``options``, its unseen facts drawn afresh from ``redraw_seed``, read back from
    its position: a full state (log and record kept) whose record replays to it."""
    d = descriptor(game.id)
    progress = resolve(d.progress)
    where, n = start
    state = game.new_game(seed=seed, options=dict(options))
    bot = d.make_bot(START_BOT, seed)
    rounds = [state.clone()]        # the first decision of each round reached
    while not state.is_over and (where == "from_end" or progress(state) < n):
        before = progress(state)
        state.apply(bot.choose(state))
        if not state.is_over and progress(state) != before:
            rounds.append(state.clone())
    if where == "from_end":
        state = rounds[max(0, len(rounds) - 1 - n)]
    elif state.is_over:             # the bot ended the game first: the last round it reached
        state = rounds[-1]
    state.redraw_unseen(redraw_seed)
    return game.from_position(state.position())
