"""Storyfold in a person's record (:mod:`woodlands.kit.career`): the campaign cannot be lost
(ruling S-6), so its record is how far the campaign went and how well it was won (the game's
score, the reward of :mod:`.reward`); it has no ladder of difficulties: the campaign's progress
stands in for one."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...kit.career import CareerHooks


def facts(state: GameState, seat: int) -> dict[str, Any]:
    """The campaign, the furthest chapter it reached and the scenes it took, as ``seat`` sees it."""
    view = state.view(seat)
    content: Any = getattr(state, "content")
    chapters = [ch.id for ch in content.chapters]
    chapter = str(view.get("chapter") or "")
    reached = chapters.index(chapter) + 1 if chapter in chapters else 0
    outcome = state.outcome or {}
    scenes = int(outcome.get("scenes_played", 0) or 0)
    campaign = str(view.get("campaign") or "the campaign")
    return {"variant": {"campaign": campaign}, "variant_words": campaign, "rounds": scenes,
            "facts": {"chapter": reached, "chapters": len(chapters), "scenes": scenes,
                      "finished": 1 if outcome.get("result") == "win" else 0,
                      "restarts": int(outcome.get("chapter_restarts", 0) or 0)}}


CAREER = CareerHooks(
    facts=facts, totals={"finished": "campaigns finished", "scenes": "scenes played", "restarts": "chapters restarted"},
    furthest={"chapter": "furthest chapter reached"}, best="score", rounds_words="scenes",
    no_ladder="the campaign's progress (its furthest chapter and best score) stands in for one")
