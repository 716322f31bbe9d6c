"""The designer's columns of a finished game (woodlands.sim.details) say what the seat's view says.

Tanglewoods reads them straight from the state (its view builds every card's words, 7% of a
random game's time in a study); this checks them against the view, over seeded games that end in
every way (won, lost, cut by the round limit) and at positions along the way.
"""
from __future__ import annotations

from typing import Any

import pytest

import woodlands
from woodlands.bots import get_bot
from woodlands.sim.details import details


def _ids(entries: Any) -> list[str]:
    out = []
    for e in entries or []:
        if isinstance(e, dict) and isinstance(e.get("id"), str):
            out.append(e["id"])
        elif isinstance(e, str):
            out.append(e)
    return out


def details_from_view(state: Any) -> dict[str, Any]:
    """The columns as the view gives them (how they were read until 2026-12-01)."""
    view = state.view(0)
    dice = view.get("dice") or {}
    hero = view.get("hero") or {}
    cards = _ids(view.get("tableau")) + _ids([view.get("map")]) + _ids(view.get("revealed")) + _ids(view.get("drawn"))
    return {
        "difficulty": int(state.options.get("difficulty", 5)),
        "difficulty_mode": str(state.options.get("difficulty_mode", "toward-5")),
        "hero": str(hero.get("id", "")),
        "side": str(hero.get("side", "")),
        "health": int(view.get("health", 0)),
        "gold": int(view.get("gold", 0)),
        "dice_ready": sum((dice.get("pool") or {}).values()) + sum((dice.get("committed") or {}).values()),
        "dice_exhausted": sum((dice.get("exhausted") or {}).values()),
        "cards": sorted(set(cards)),
        "items": sorted(set(_ids(view.get("inventory")))),
        "bears": sorted(set(_ids(view.get("bears_won")) + _ids(view.get("bears_aside")))),
    }


def _read_from_view(d: dict[str, Any]) -> dict[str, Any]:
    """The columns the view gives; the others (what happened: events, loss facts) come from the
    log and are checked against it in tests/sim/test_events.py."""
    view_columns = ("difficulty", "difficulty_mode", "hero", "side", "health", "gold", "dice_ready", "dice_exhausted",
                    "cards", "items", "bears")
    assert set(view_columns) <= set(d)
    return {k: d[k] for k in view_columns}


@pytest.mark.parametrize("bot_name,difficulty", [("random", 5), ("greedy", 3), ("greedy", 10)])
def test_tanglewoods_details_match_the_view(bot_name: str, difficulty: int) -> None:
    game = woodlands.load_game("tanglewoods")
    results = set()
    checked = 0
    for seed in range(40):
        options = game.options_for_simulation({"difficulty": difficulty, "round_limit": 25})
        state = game.new_game(seed=seed, options=options)
        bot = get_bot(bot_name, seed, game="tanglewoods")
        n = 0
        while not state.is_over:
            if n % 23 == 0:
                assert _read_from_view(details(state)) == details_from_view(state), (seed, n)
                checked += 1
            state.apply(bot.choose(state))
            n += 1
        assert _read_from_view(details(state)) == details_from_view(state), seed
        results.add(state.outcome["result"])
    assert checked > 100
    if bot_name == "greedy" and difficulty == 3:
        assert "win" in results      # the finished positions include won games, with bears and items
