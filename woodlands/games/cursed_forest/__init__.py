"""Bag of Dungeon 2: The Cursed Forest.

The rules live one module per rulebook section: :mod:`.setup` (2), :mod:`.turns` (3),
:mod:`.forest` (4), :mod:`.monsters` (5), :mod:`.combat` (6-7), :mod:`.ranged` (8),
:mod:`.fight_end` (9), :mod:`.tagging` (10, 20), :mod:`.poison` (11), :mod:`.inventory` (12),
:mod:`.items` (13 and the glossary), :mod:`.special_tiles` and :mod:`.movement` (14),
:mod:`.endgame` (15), :mod:`.winning` (16), :mod:`.pvp` (21).  Sections 17 and 19 need the
first Bag of Dungeon and are not implemented (ruling C-7); section 18 is the ``ring_bearer``
option.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine.errors import GameOptionError, brief
from ...engine.game import Game
from ...engine.state import GameState
from ...engine.steps import push_in_order
# importing the rule modules registers their steps and actions
from . import (combat, endgame, fight_end, forest, inventory, items, movement, poison, pvp, ranged,  # noqa: F401
               setup, special_tiles, tagging, turns, winning)
from .content_loader import load
from .model import CursedForestContent
from .registry import steps as STEPS
from .state import CursedForestState

STEPS.check_complete()
OPTION_KEYS = {"players", "adventurers", "characters", "pvp", "ring_bearer", "turn_limit", "escape_ends_turn",
               "free_actions_at_zero_ap", "free_actions_per_turn"}
FLAGS = {"pvp": "section 21", "escape_ends_turn": "C-13", "free_actions_at_zero_ap": "C-14"}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class CursedForestGame(Game):
    """Options: ``players`` (1-4, default 1), ``adventurers`` (solo game only: 1-4, CF-091),
    ``characters`` (a list of character ids, one per adventurer; else each is chosen),
    ``pvp`` (section 21; 2 or more adventurers), ``ring_bearer`` (adventurer number carrying the Ring, section 18),
    ``escape_ends_turn`` (C-13: play 7.4, the turn ends after an escape), ``free_actions_at_zero_ap``
    (C-14: the turn stays open at 0 AP until the player ends it); and the two limits that only
    make random play end (C-15), off unless given: ``free_actions_per_turn`` (a cap on zero-AP
    inventory actions in one turn) and ``turn_limit`` (rounds before a game ends unfinished)."""

    id = "cursed-forest"
    name = "Bag of Dungeon 2: The Cursed Forest"
    players = (1, 4)
    steps = STEPS
    limit_option = "turn_limit"
    limit_default = 300     # rounds; random 4-player games take a few hundred at most
    # C-15: bots, simulations, bench and the random-play tests turn these on; people's games don't
    simulation_options = {"free_actions_per_turn": 6, "turn_limit": 600}
    rules_version = 3
    rules_changes = {3: (
        "C-21 (CF-018, CF-036, CF-094): fleeing a fight between adventurers pays the price, then walks tile "
        "by tile as ordinary moves: a monster token is drawn and fought, red vines poison, webs and the pit "
        "act, and what stops a move stops the flight; with escape_ends_turn the turn ends after it.",
        "C-19 (CF-074, CF-025, CF-075): Morna Gûl's run-past strike is ordinary damage that armour reduces; "
        "a strike that armour takes whole hurts nobody and calls no Maiden Tree.",
        "C-20 (CF-100): the Black Flame rolls its two dice once (a logged roll) and deals that to all on its "
        "tiles, Morna Gûl included.",
        "CF-036, CF-030: a monster with the poison symbol that runs at the shooter poisons each adventurer it hurts.",
        "C-22: a face-down item that is used (the Crow, twin crossbows, the Elven Boots' jump) turns face up "
        "for the table.",
    ), 2: (
        "C-17 (CF-084): a monster keeps the side it was drawn on; the ring bearer's purple guardians "
        "left in the pit stay purple for whoever falls in next.",
        "C-18 (CF-068): the Exit goes beside the last tile laid; if none of its open edges has room, "
        "the Maiden Tree's roots open one of its edges; only a last tile with no empty neighbour sends it elsewhere.",
        "C-16: a tag partner meets the webs, the pit and the red vines on its way; spiders or a fall "
        "stop it from joining, and it fights them once the fight it was called to is over.",
        "C-15: free inventory actions and rounds are no longer capped (6 a turn, 600 rounds) unless the "
        "options free_actions_per_turn and turn_limit say so.",
    )}
    content: CursedForestContent
    structured_options: dict[str, type] = {"characters": list}

    def measures(self, state: GameState) -> dict[str, float]:
        """Rounds played, tiles laid, seeds laid, Morna Gûl beaten, lives lost, kills."""
        assert isinstance(state, CursedForestState)
        outcome = state.outcome or {}
        return {"rounds": state.round_no, "tiles_laid": len(state.view(0)["tiles"]) - 1,
                "seeds_laid": state.seeds_laid, "morna_killed": int(outcome.get("how") == "morna"),
                "kills": sum(len(k) for k in state.kills)}

    def reward(self, state: GameState, seat: int) -> float:
        """For search bots: cooperative seats share the team's result (1 for a win); with
        ``pvp`` each seat plays for itself, half for the team's win and half for being the
        Forest Champion (CF-077; shared among tied champions)."""
        outcome = state.outcome or {}
        won = 1.0 if outcome.get("result") == "win" else 0.0
        if not state.options.get("pvp"):
            return won
        champions = outcome.get("champions") or []
        return 0.5 * won + (0.5 / len(champions) if seat in champions else 0.0)

    @classmethod
    def load_content(cls, path: Path | None) -> CursedForestContent:
        return load(path)

    def options_for_seed(self, options: dict[str, Any], seed: int) -> dict[str, Any]:
        """Every character leads in turn (seed ``i``: the ``i mod n``-th character is the first
        adventurer's, the next ones in pack order the others'), unless the options name the
        characters: a bot asked to choose would take the same ones every game.  With several
        adventurers this rotates the lead and keeps each game's party one of neighbours, so
        over ``n`` seeds every character plays every seat once."""
        if "characters" in options:
            return options
        players, adventurers = options.get("players", 1), options.get("adventurers")
        if not _whole(players) or (adventurers is not None and not _whole(adventurers)):
            return options         # check_options will say what is wrong
        n = players if players > 1 else (adventurers or 1)
        ids = [c.id for c in self.content.characters]
        if not ids or not 1 <= n <= 4:
            return options
        return {**options, "characters": [ids[(seed + k) % len(ids)] for k in range(n)]}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise GameOptionError(f"unknown option(s) {brief(sorted(map(str, unknown)))}; cursed-forest takes {sorted(OPTION_KEYS)}")
        players = options.setdefault("players", 1)
        if not _whole(players) or not 1 <= players <= 4:
            raise GameOptionError(f"players must be a whole number from 1 to 4 (ruling C-8), not {brief(players)}")
        adventurers = options.get("adventurers")
        if adventurers is not None:
            if not _whole(adventurers) or not 1 <= adventurers <= 4:
                raise GameOptionError(f"adventurers must be a whole number from 1 to 4 (CF-091), not {brief(adventurers)}")
            if players != 1:
                raise GameOptionError("adventurers is for the solo game (players = 1, CF-091); with more players each has one")
        n = players if players > 1 else (adventurers or 1)
        chars = options.get("characters")
        if chars is not None:
            if not isinstance(chars, list) or len(chars) != n or not all(isinstance(c, str) for c in chars):
                raise GameOptionError(f"characters must be a list of {n} character ids, not {brief(chars)}")
            bad = [c for c in chars if c not in self.content.character_by_id]
            if bad:
                raise GameOptionError(f"unknown character(s) {brief(bad)}; characters: {', '.join(self.content.character_by_id)}")
            if len(set(chars)) != len(chars) and len(chars) <= len(self.content.characters):
                raise GameOptionError(f"each adventurer needs its own character (CF-005), not {brief(chars)}")
        options.setdefault("pvp", False)
        for flag, rule in FLAGS.items():
            if flag in options and not isinstance(options[flag], bool):
                raise GameOptionError(f"{flag} must be true or false ({rule}), not {brief(options[flag])}")
        if options["pvp"] and n < 2:
            # a lone adventurer has nobody to fight: without this the game started solo, pvp unused
            raise GameOptionError("pvp (section 21) needs 2 or more adventurers to fight each other: set players "
                                  "to 2-4 (--players 2), or adventurers to 2-4 in a solo game (--adventurers 2)")
        ring = options.get("ring_bearer")
        if ring is not None and (not _whole(ring) or not 0 <= ring < n):
            raise GameOptionError(f"ring_bearer must be an adventurer number from 0 to {n - 1} (section 18), not {brief(ring)}")
        limit = options.get("turn_limit")
        if limit is not None and (not _whole(limit) or limit < 1):
            raise GameOptionError(f"turn_limit must be a positive whole number of rounds (C-15), not {brief(limit)}")
        cap = options.get("free_actions_per_turn")
        if cap is not None and (not _whole(cap) or cap < 1):
            raise GameOptionError(f"free_actions_per_turn must be a positive whole number (C-15), not {brief(cap)}")
        return options

    def _start(self, seed: int, options: dict[str, Any]) -> CursedForestState:
        s = CursedForestState(self, seed, options)
        push_in_order(s.stack, [("set_up",), ("begin",), ("round_start",)])
        return s


@STEPS.auto("begin")
def begin(s: CursedForestState) -> None:
    s.phase = "forest"


GAME_CLASS = CursedForestGame
