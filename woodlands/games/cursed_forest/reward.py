"""The Cursed Forest's reward hooks for the research adapters (:mod:`woodlands.kit.returns`).

The reward is the game's own :meth:`~woodlands.games.cursed_forest.CursedForestGame.reward`:
the cooperative game is won or lost together (CF-076), and in a ``pvp`` game each seat plays
for itself (half for the team's win, half for being the Forest Champion, CF-077).  The
environments give ``2 * reward - 1``: a lone champion of a won game gets +1, a non-champion of a
lost game -1.
"""
from __future__ import annotations

from typing import Any


def each_for_itself(options: dict[str, Any]) -> bool:
    """Whether the seats play against each other: the ``pvp`` game."""
    return bool(options.get("pvp"))


#: term -> (weight, what it counts); the potential is the weighted sum of the terms, each in [0, 1]
SHAPING_TERMS: dict[str, tuple[float, str]] = {
    "seeds_laid": (0.4, "seeds laid on the red vines, of those the win needs"),
    "tiles_explored": (0.2, "tiles laid, of all the Forest's tiles"),
    "monsters_beaten": (0.2, "monsters the seat's adventurers beat, of 10 (more counts as 10)"),
    "health": (0.1, "the seat's adventurers' Health, of their most"),
}

#: easier set-ups a learner may start from (``reset(options={"curriculum": name})``): none that
#: keeps an environment's spaces (more adventurers change the action and the observation: make
#: an environment with ``adventurers=2`` instead); its curriculum starts are the greedy bot's
CURRICULA: dict[str, dict[str, Any]] = {}


def shaping_terms(game: Any, view: dict[str, Any]) -> dict[str, float]:
    """Each term of :data:`SHAPING_TERMS` for one seat's ``view``: the team's seeds and tiles,
    and the seat's own adventurers' kills and Health (in a ``pvp`` game, its own interest)."""
    seat = view.get("seat", 0)
    own = [p for p in view.get("players") or () if p.get("player") == seat]
    laid = len(view.get("tiles") or ()) - 1
    tiles = laid + int(view.get("stack_size") or 0) + (1 if view.get("drawn_tile") else 0)
    most = sum(p.get("max_health", 0) for p in own)
    return {
        "seeds_laid": min(1.0, view.get("seeds_laid", 0) / max(1, len(game.content.seeds))),
        "tiles_explored": max(0.0, laid / tiles) if tiles else 0.0,
        "monsters_beaten": min(1.0, sum(p.get("kills", 0) for p in own) / 10),
        "health": max(0.0, sum(max(0, p.get("health", 0)) for p in own) / most) if most else 0.0,
    }


def potential(game: Any, view: dict[str, Any]) -> float:
    """The weighted sum of :func:`shaping_terms`."""
    terms = shaping_terms(game, view)
    return sum(w * terms[k] for k, (w, _) in SHAPING_TERMS.items())


def progress(state: Any) -> int:
    """The round a game is in (curriculum starts are taken at a round)."""
    return int(state.round_no)
