"""Tanglewoods' shaping potential and curricula for the research environments
(:mod:`woodlands.research.shaping`, docs/research.md "Shaped rewards").

The reward itself is the game's default :meth:`~woodlands.engine.game.Game.reward`: 1 for a
win, 0 otherwise.  The potential reads one seat's view only (never a hidden fact); each term
is in [0, 1] and :data:`SHAPING_TERMS` weighs it.
"""
from __future__ import annotations

from typing import Any

#: term -> (weight, what it counts); the potential is the weighted sum of the terms
SHAPING_TERMS: dict[str, tuple[float, str]] = {
    "bears_beaten": (0.4, "bears beaten, of 3"),
    "enemies_beaten": (0.1, "enemies of this round's tableau defeated, of its enemies (back to 0 at the clean-up)"),
    "health_kept": (0.2, "Health left, of the hero side's printed Health"),
    "gold": (0.1, "gold, of 20 (more counts as 20)"),
}

#: easier set-ups a learner may start from (``reset(options={"curriculum": name})``)
CURRICULA: dict[str, dict[str, Any]] = {
    "difficulty-0": {"difficulty": 0, "difficulty_mode": "single"},
    "difficulty-2": {"difficulty": 2, "difficulty_mode": "single"},
}


def shaping_terms(game: Any, view: dict[str, Any]) -> dict[str, float]:
    """Each term of :data:`SHAPING_TERMS` for one seat's ``view``, in [0, 1]."""
    enemies = [c for c in view.get("tableau") or () if "defeated" in c]
    hero = view.get("hero")
    top = 0
    if hero:
        h = game.content.heroes[game.content.hero_by_id[hero["id"]]]
        top = h.sides[0 if hero.get("side") == "a" else 1].health
    return {
        "bears_beaten": min(1.0, view.get("bears_defeated", 0) / 3),
        "enemies_beaten": sum(1 for c in enemies if c["defeated"]) / len(enemies) if enemies else 0.0,
        "health_kept": max(0.0, min(1.0, view.get("health", 0) / top)) if top else 0.0,
        "gold": min(1.0, view.get("gold", 0) / 20),
    }


def potential(game: Any, view: dict[str, Any]) -> float:
    """The weighted sum of :func:`shaping_terms`."""
    terms = shaping_terms(game, view)
    return sum(w * terms[k] for k, (w, _) in SHAPING_TERMS.items())


def progress(state: Any) -> int:
    """The round a game is in (curriculum starts are taken at a round)."""
    return int(state.round)
