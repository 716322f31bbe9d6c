"""Starting a campaign (or resuming a saved one) and the game's options."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.errors import GameOptionError, brief
from .state import StoryfoldState

if TYPE_CHECKING:
    from . import StoryfoldGame

OPTION_KEYS = ("resume", "scene_limit")
SCENE_LIMIT_MAX = 1_000_000


def check_options(game: "StoryfoldGame", options: dict[str, Any]) -> dict[str, Any]:
    unknown = set(options) - set(OPTION_KEYS)
    if unknown:
        raise GameOptionError(f"unknown option(s) {brief(sorted(map(str, unknown)))}; storyfold takes {list(OPTION_KEYS)}")
    limit = options.get("scene_limit")
    if limit is not None and (type(limit) is not int or not 1 <= limit <= SCENE_LIMIT_MAX):
        raise GameOptionError(f"scene_limit must be a whole number from 1 to {SCENE_LIMIT_MAX}, not {brief(limit)}")
    if options.get("resume") is not None:
        from .save import check_save
        check_save(game.content, options["resume"])
    return options


def start(game: "StoryfoldGame", seed: int, options: dict[str, Any]) -> StoryfoldState:
    s = StoryfoldState(game, seed, options)
    if options.get("resume") is not None:
        from .save import restore
        restore(s, options["resume"])
        return s
    c = game.content
    # the Action cards on their spaces (the River starts with the 4 of them, in order)
    for card in c.actions:
        s.river[c.cards[card].start_space - 1] = card
    s.explore_deck = list(c.explore_deck)
    s.rng.shuffle(s.explore_deck)
    s.creature_deck = list(c.creature_deck)
    s.rng.shuffle(s.creature_deck)
    s.emit("campaign", title=c.title, text=c.text)
    s.push("open_scene", c.chapters[0].scenes[0], "new_chapter")
    return s
