"""What a finished Storyfold campaign is worth, for the research adapters
(:mod:`woodlands.kit.returns`).

The campaign cannot be lost (ruling S-6): a finished one earns :func:`storyfold_reward` of its
score, in (0, 1], so a learner is told a straight campaign from a long one.
"""
from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ...engine.state import GameState


def storyfold_reward(outcome: dict[str, Any], scenes: int) -> float:
    """The reward of a finished Storyfold campaign: ``scenes / (scenes_played + 2 * restarts +
    shadow_cards / 10)``, at most 1, where ``scenes`` is the number of scenes in the pack's
    campaign.  Fewer scenes played, fewer chapter restarts and fewer Shadow cards drawn all
    raise it (ruling S-6's score); a campaign played straight through scores near 1.

    >>> round(storyfold_reward({"scenes_played": 13, "chapter_restarts": 0, "shadow_cards": 20}, 13), 3)
    0.867
    """
    cost = outcome["scenes_played"] + 2 * outcome["chapter_restarts"] + outcome["shadow_cards"] / 10
    return float(min(1.0, scenes / max(cost, 1e-9)))


def returns(game: Game, state: GameState, players: int) -> list[float]:
    """:func:`storyfold_reward` of a won campaign with the scenes of ``game``'s pack; -1 for a
    lost one (which the rules never give: S-6)."""
    outcome = state.outcome or {}
    if outcome.get("result") != "win":
        return [-1.0] * players
    return [storyfold_reward(outcome, len(getattr(game.content, "scenes", ())) or 1)] * players
