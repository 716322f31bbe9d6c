"""Bots: programs that play a game through the same API as people do.

A bot sees only what its player may see: ``state.decision`` and
``state.view(state.decision.player)``.  It never reads deck order or any other hidden part of
the state, so the same interface serves later bots that search by sampling hidden information.

>>> import woodlands
>>> from woodlands.bots import get_bot
>>> state = woodlands.load_game("tanglewoods").new_game(seed=3, options={"round_limit": 30})
>>> bot = get_bot("greedy", seed=3)
>>> while not state.is_over:
...     state.apply(bot.choose(state))
>>> state.outcome["result"] in {"win", "loss", "unfinished"}
True
"""
from __future__ import annotations

from .base import Bot, BOT_NAMES, GreedyBot, bot_names, get_bot
from .random_bot import RandomBot

__all__ = ["Bot", "BOT_NAMES", "GreedyBot", "RandomBot", "bot_names", "get_bot"]
