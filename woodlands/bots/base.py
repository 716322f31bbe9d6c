"""The registry that builds bots by name; each game's own bots are named in its descriptor
(:class:`woodlands.engine.registry.GameDescriptor`).  The bot protocol, the handler table and
the search budget a game's bots build on are in :mod:`woodlands.kit.bots` (below the games),
re-exported here where they used to live."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.errors import GameOptionError
# re-exported: their old home (a game's bots import them from woodlands.kit.bots)
from ..kit.bots import (STRICT_ENV as STRICT_ENV, Bot as Bot, HandlerTable as HandlerTable, SearchingBot as SearchingBot,
                        UnhandledDecision as UnhandledDecision, bot_for, no_judgement as no_judgement, searches as searches,
                        strict_default as strict_default, with_budget)

if TYPE_CHECKING:
    from ..engine.state import GameState


class GreedyBot:
    """``greedy``: each game's own heuristic player, picked by the game being played.

    One seeded bot per game id is made on first use, so a single ``GreedyBot`` can play any
    game (the simulator makes one per game anyway).
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._by_game: dict[str, Bot] = {}

    def choose(self, state: "GameState") -> str:
        game_id = state.game.id
        bot = self._by_game.get(game_id)
        if bot is None:
            bot = self._by_game[game_id] = greedy_for(game_id, self.seed)
        return bot.choose(state)


def greedy_for(game_id: str, seed: int) -> Bot:
    """The greedy bot of ``game_id`` (from its descriptor); GameOptionError if that game has none."""
    return bot_for(game_id, "greedy", seed)


#: the bots every client may ask for by name without naming a game (``greedy`` picks each game's own)
BOT_NAMES: tuple[str, ...] = ("random", "greedy")


def bot_names() -> list[str]:
    """Every bot name some known game has (its descriptor's ``bot_names``), sorted."""
    from ..engine.registry import descriptors
    return sorted({name for d in descriptors() for name in d.bot_names})


def get_bot(name: str, seed: int = 0, game: str | None = None, budget: "str | int | None" = None) -> Bot:
    """A fresh bot called ``name``, seeded with ``seed``.  With ``game``, the bot that game's
    descriptor names (its ``bots``), so a game may bring bots of its own; without, ``random``,
    ``ismcts`` or the ``greedy`` that picks each game's own greedy bot when it plays.

    A searching bot takes a ``budget`` (iterations, ``"400"``, or seconds, ``"1s"``: see
    :class:`woodlands.bots.ismcts.Budget`), given as the argument or after the name
    (``"ismcts:1s"``, as ``woodlands sim --bot ismcts --budget 1s`` passes it on).

    >>> get_bot("random", 1).name
    'random'
    >>> get_bot("greedy", 1, game="tanglewoods").name
    'greedy'
    >>> str(get_bot("ismcts:1s", 1, game="tanglewoods").budget)
    '1s'
    """
    if game is not None:
        return bot_for(game, name, seed, budget)
    name, _, suffix = name.partition(":")
    if suffix:
        budget = suffix
    bot: Bot
    if name == "greedy":
        bot = GreedyBot(seed)
    elif name == "random":
        from .random_bot import RandomBot
        bot = RandomBot(seed)
    elif name == "ismcts":
        from .ismcts import ISMCTSBot
        bot = ISMCTSBot(seed)
    else:
        raise GameOptionError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}")
    if budget is not None:
        with_budget(bot, name, budget)
    return bot
