"""Tanglewoods in a person's record (:mod:`woodlands.kit.career`): each game counts under its
hero and difficulty, and each hero has a ladder of the eleven difficulties, 0 to 10."""
from __future__ import annotations

from typing import Any

from ...engine.state import GameState
from ...kit.career import CareerHooks, LadderStep, LadderTrack
from . import TanglewoodsGame
from .descriptor import hero_choices

#: the difficulty mode the ladder is climbed in (the usual one; "single" is another set-up)
LADDER_MODE = "toward-5"
DIFFICULTIES = range(0, 11)


def facts(state: GameState, seat: int) -> dict[str, Any]:
    """The hero, the difficulty and how the game went, as ``seat`` sees the finished game."""
    view = state.view(seat)
    shown = view.get("hero")
    hero: dict[str, Any] = shown if isinstance(shown, dict) else {}
    hero_id = str(hero.get("id") or state.options.get("hero") or "")
    difficulty = int(state.options.get("difficulty", 5))
    mode = str(state.options.get("difficulty_mode", LADDER_MODE))
    name = dict(hero_choices(state.game)).get(hero_id, hero_id or "no hero")   # type: ignore[arg-type]
    words = f"{name}, difficulty {difficulty}" + ("" if mode == LADDER_MODE else f" ({mode} mode)")
    outcome = state.outcome or {}
    return {"variant": {"hero": hero_id, "difficulty": difficulty, "difficulty_mode": mode},
            "variant_words": words,
            "rounds": outcome.get("round", view.get("round")),
            "facts": {"bears_defeated": int(outcome.get("bears_defeated", view.get("bears_defeated", 0)) or 0)}}


def ladder(game: TanglewoodsGame) -> list[LadderTrack]:
    """One track per hero: difficulty 0 first, 10 last."""
    return [LadderTrack(hero_id, name, tuple(
        LadderStep({"hero": hero_id, "difficulty": k, "difficulty_mode": LADDER_MODE},
                   {"hero": hero_id, "difficulty": k}, f"difficulty {k}") for k in DIFFICULTIES))
            for hero_id, name in hero_choices(game)]


CAREER = CareerHooks(facts=facts, totals={"bears_defeated": "bears beaten"}, best="rounds",
                     rounds_words="rounds", ladder=ladder)
