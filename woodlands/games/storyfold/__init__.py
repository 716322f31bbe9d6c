"""Storyfold: Wildwoods.

The rules live one module per rulebook concept, in the rulebook's order: :mod:`.actions`,
:mod:`.companions` (Luma & Brom), :mod:`.explore`, :mod:`.shadow_cards`, :mod:`.story`,
:mod:`.creatures`, :mod:`.river`, :mod:`.dice`, :mod:`.locations`, :mod:`.track`,
:mod:`.crystals`, :mod:`.spirit`, :mod:`.ongoing`, :mod:`.scene_end`, :mod:`.save` and the
round in :mod:`.phases`; the card-effect primitives are in :mod:`.effects`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine.game import Game
from ...engine.state import GameState
# importing the rule modules registers their steps
from . import (actions, companions, creatures, crystals, dice, effects, explore, phases, scene_end,  # noqa: F401
               shadow_cards, spirit, story, track)
from .content_loader import load
from .model import StoryfoldContent
from .registry import steps as STEPS
from .reward import reward as campaign_reward
from .setup import check_options, start
from .state import StoryfoldState

STEPS.check_complete()


class StoryfoldGame(Game):
    """Storyfold: Wildwoods, one player.  Options: see docs/storyfold.md."""

    id = "storyfold"
    name = "Storyfold: Wildwoods"
    players = (1, 1)
    steps = STEPS
    limit_option = "scene_limit"
    limit_default = 200     # scenes; a random player needs a few dozen to finish the campaign
    rules_version = 3
    rules_changes = {
        3: ("S-12 (SW-055, SW-068): with no die showing a success after the last reroll, no effect is carried "
            "out whatever Crystals or cards added; success-adding Crystals and Boons are offered only while a "
            "die shows a success, and what was spent stays spent",
            "the campaign's three story flags are set by effects with words of their own, which the log now "
            "carries (the narrator tells 'Luma keeps Oma's letter', not the flag's id)",),
        2: ("S-9: the Explore action draws its cards one at a time; a Bane is carried out and a Trauma "
            "goes to a Boon space before the next card is drawn (so a reshuffle can take a Bane just drawn)",
            "S-11: a scene save keeps the order in which the d10 and d12 were gained, the dice still set aside "
            "and where the markers stopped (save format 2); a game resumed from an older save is refused",),
    }
    content: StoryfoldContent
    structured_options: dict[str, type] = {"resume": dict}

    reward_measure = "score"

    def reward(self, state: GameState, seat: int) -> float:
        """S-6: the campaign is always won in the end, so how well it was won counts: 1 for a
        flawless run of the pack's campaign (its fewest scenes, no restart, no Shadow card, full
        Spirit), less for every scene, restart, Shadow card and Spirit point beyond that; 0 for
        a game stopped by the scene limit (:mod:`.reward`)."""
        return campaign_reward(state, seat)

    @classmethod
    def load_content(cls, path: Path | None) -> StoryfoldContent:
        return load(path)

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return check_options(self, options)

    def _start(self, seed: int, options: dict[str, Any]) -> StoryfoldState:
        return start(self, seed, options)


GAME_CLASS = StoryfoldGame
