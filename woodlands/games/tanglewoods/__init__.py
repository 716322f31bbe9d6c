"""20 Strong: Tanglewoods Gold.

The rules live one module per rulebook section: :mod:`.setup`, :mod:`.difficulty`,
:mod:`.map_phase`, :mod:`.ambush`, :mod:`.forest_phase`, :mod:`.bribery_phase`,
:mod:`.strategy_phase`, :mod:`.resolve_phase`, :mod:`.merchant`, :mod:`.bears`, plus
:mod:`.gold`, :mod:`.stats` and the card-effect primitives in :mod:`.effects`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine.errors import GameOptionError, brief
from ...engine.game import Game
from ...engine.state import GameState
from ...engine.steps import push_in_order
# importing the rule modules registers their steps
from . import (ambush, bears, bribery_phase, difficulty, effects, forest_phase, map_phase,  # noqa: F401
               merchant, resolve_phase, round_flow, setup, strategy_phase)
from .content_loader import load
from .model import TanglewoodsContent
from .registry import steps as STEPS
from .state import TanglewoodsState

STEPS.check_complete()
OPTION_KEYS = {"hero", "side", "difficulty", "difficulty_mode", "round_limit"}


class TanglewoodsGame(Game):
    """Options: ``hero`` (id; asked if absent), ``side`` ("a"/"b"; asked if the hero allows
    either), ``difficulty`` (0-10, default 5), ``difficulty_mode`` ("toward-5" or "single",
    ruling T-9), ``round_limit`` (end an endless game as "unfinished"; for simulations)."""

    id = "tanglewoods"
    name = "20 Strong: Tanglewoods Gold"
    players = (1, 1)
    steps = STEPS
    limit_option = "round_limit"
    content: TanglewoodsContent
    rules_version = 2
    rules_changes = {2: (
        "T-23, TG-040: a map completed by an ambush (Baby Bear's cards, a card that forces itself in) "
        "stops the drawing at once; one waiting card is placed, the rest discarded",
        "T-4: the Strategy phase ends by itself when an item or ability defeats the last enemy during Commit",
        "T-24: a completed map's ongoing effect (the Pedlar's Crossroads' lower prices) lasts through "
        "the merchant visit it grants",
        "T-22: an enemy whose Health falls when a bonus leaves play (an item discarded or upgraded, "
        "a hero flip) is defeated at once, with its reward",
    )}

    @classmethod
    def load_content(cls, path: Path | None) -> TanglewoodsContent:
        return load(path)

    def options_for_seed(self, options: dict[str, Any], seed: int) -> dict[str, Any]:
        """Every hero in turn (seed ``i`` plays hero ``i mod n`` in pack order) unless the
        options name a hero or a side: a bot asked to choose would always take the same one
        (the first offered, the Thorn Warden), and a study would say nothing of the others."""
        if "hero" in options or "side" in options:
            return options
        heroes = self.content.heroes
        return {**options, "hero": heroes[seed % len(heroes)].id}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise GameOptionError(f"unknown option(s) {brief(sorted(map(str, unknown)))}; tanglewoods takes {sorted(OPTION_KEYS)}")
        d = options.setdefault("difficulty", 5)
        if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 10:
            raise GameOptionError(f"difficulty must be a whole number from 0 to 10 (TG-109), not {brief(d)}")
        mode = options.setdefault("difficulty_mode", "toward-5")
        if not isinstance(mode, str) or mode not in ("toward-5", "single"):
            raise GameOptionError(f"difficulty_mode must be 'toward-5' or 'single' (ruling T-9), not {brief(mode)}")
        hero = options.get("hero")
        if hero is not None and (not isinstance(hero, str) or hero not in self.content.hero_by_id):
            raise GameOptionError(f"unknown hero {brief(hero)}; heroes: {', '.join(self.content.hero_by_id)}")
        side = options.get("side")
        if side is not None:
            if not isinstance(side, str) or side not in ("a", "b"):
                raise GameOptionError(f"side must be 'a' or 'b', not {brief(side)}")
            if hero is None:
                raise GameOptionError("side needs a hero")
            fixed = self.content.heroes[self.content.hero_by_id[hero]].start_side
            if fixed is not None and "ab"[fixed] != side:
                raise GameOptionError(f"{hero} must start on side {'ab'[fixed]} (TG-005)")
        limit = options.get("round_limit")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
            raise GameOptionError(f"round_limit must be a positive whole number, not {brief(limit)}")
        return options

    def measures(self, state: GameState) -> dict[str, float]:
        """Rounds played and bears beaten, whatever the result."""
        assert isinstance(state, TanglewoodsState)
        return {"rounds": state.round, "bears_defeated": len(state.bears_won)}

    def _start(self, seed: int, options: dict[str, Any]) -> TanglewoodsState:
        s = TanglewoodsState(self, seed, options)
        if options.get("hero") is not None:
            s.hero = self.content.hero_by_id[options["hero"]]
        push_in_order(s.stack, [("choose_hero",), ("choose_side",), ("stats_and_gold",), ("prepare_play_area",),
                                ("difficulty",), ("round_start",)])
        return s


GAME_CLASS = TanglewoodsGame
