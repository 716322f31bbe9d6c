"""What a finished Storyfold campaign is worth: :meth:`StoryfoldGame.reward
<woodlands.games.storyfold.StoryfoldGame.reward>`, the one reward that search, hints and the
research environments all read.

The campaign cannot be lost (ruling S-6), so its reward grades how well it was won, against the
campaign of the pack it was played with:

``reward = S / (scenes_played + 2 * restarts + shadow_cards / D + spirit_lost / M)``, at most 1,

where ``S`` is the fewest scenes that take the pack's campaign from its first scene to its end
(:func:`campaign_scenes`), ``D`` the Shadow cards of all its chapters' decks, ``M`` the most
Spirit one can have (11) and ``spirit_lost`` what is missing of it at the end.  A flawless run
(the shortest way through, no chapter restarted, no Shadow card drawn, full Spirit) scores
exactly 1; drawing every Shadow card of the campaign or ending with no Spirit each cost as much
as one scene more, a restart as two.  A game stopped by its scene limit is worth 0.
"""
from __future__ import annotations

from collections import deque
from typing import Any

from ...engine.state import GameState
from .model import SPIRIT_SPACES, StoryfoldContent

#: the most Spirit one can have (the marker on the track's leftmost space, ruling S-4)
SPIRIT_MAX = SPIRIT_SPACES - 1


def campaign_scenes(content: StoryfoldContent) -> int:
    """The fewest scenes that take ``content``'s campaign from its first scene to its end (either
    side prevailing; a chapter restart is never shorter)."""
    if not content.scenes:
        return 1
    first = content.scenes[0].id
    depth = {first: 1}
    todo = deque([first])
    while todo:
        at = todo.popleft()
        scene = content.scenes[content.scene_by_id[at]]
        for section in (scene.luma_prevails, scene.shadow_prevails):
            for target in (section.next, *(t for _, t in section.next_if)):
                if target == "end":
                    return depth[at]
                if target in content.scene_by_id and target not in depth:
                    depth[target] = depth[at] + 1
                    todo.append(target)
    return len(content.scenes)


def shadow_total(content: StoryfoldContent) -> int:
    """The Shadow cards in the decks of all the campaign's chapters."""
    return max(1, sum(len(ch.shadow_deck) for ch in content.chapters))


def score_reward(outcome: dict[str, Any], spirit_left: int, scenes: int, shadows: int) -> float:
    """The reward of a won campaign (see the module doc) from its outcome, the Spirit left at its
    end, the campaign's fewest scenes and its Shadow cards.

    >>> score_reward({"scenes_played": 11, "chapter_restarts": 0, "shadow_cards": 0}, 11, 11, 16)
    1.0
    >>> round(score_reward({"scenes_played": 11, "chapter_restarts": 0, "shadow_cards": 2}, 10, 11, 16), 4)
    0.9807
    >>> round(score_reward({"scenes_played": 14, "chapter_restarts": 1, "shadow_cards": 4}, 10, 11, 16), 4)
    0.6732
    """
    cost = (outcome["scenes_played"] + 2 * outcome["chapter_restarts"] + outcome["shadow_cards"] / shadows
            + max(0, SPIRIT_MAX - spirit_left) / SPIRIT_MAX)
    return float(min(1.0, scenes / max(cost, 1e-9)))


def reward(state: GameState, seat: int) -> float:
    """The reward of ``state`` (any seat: the game has one): see the module doc."""
    outcome = state.outcome or {}
    if outcome.get("result") != "win":
        return 0.0
    s: Any = state
    content: StoryfoldContent = s.content
    memo = s.game.memo
    key = ("reward-scale",)
    scale = memo.get(key)
    if scale is None:
        scale = memo[key] = (campaign_scenes(content), shadow_total(content))
    scenes, shadows = scale
    return score_reward(outcome, s.spirit_left(), scenes, shadows)


#: term -> (weight, what it counts); the potential is the weighted sum of the terms, each in [0, 1]
SHAPING_TERMS: dict[str, tuple[float, str]] = {
    "scenes_won": (0.6, "the way through the campaign: 1 - the fewest scenes left to its end, of its fewest in all"),
    "light_gained": (0.1, "the Light marker's way toward the track's middle in the scene in play"),
    "spirit": (0.1, "Spirit left, of 11"),
}

#: no easier set-up: the campaign has one (its curriculum starts are the greedy bot's positions)
CURRICULA: dict[str, dict[str, Any]] = {}


def _left_from(content: StoryfoldContent) -> dict[str, int]:
    """Scene id -> the fewest scenes from opening it to the campaign's end (itself included)."""
    left: dict[str, int] = {}
    changed = True
    while changed:                      # (a dozen scenes: a few passes of relaxation)
        changed = False
        for scene in reversed(content.scenes):
            best = left.get(scene.id)
            for section in (scene.luma_prevails, scene.shadow_prevails):
                for target in (section.next, *(t for _, t in section.next_if)):
                    n = 1 if target == "end" else (left[target] + 1 if target in left else None)
                    if n is not None and (best is None or n < best):
                        best = n
            if best is not None and best != left.get(scene.id):
                left[scene.id], changed = best, True
    return left


def shaping_terms(game: Any, view: dict[str, Any]) -> dict[str, float]:
    """Each term of :data:`SHAPING_TERMS` for the seat's ``view``."""
    content: StoryfoldContent = game.content
    key = ("shaping-left",)
    left = game.memo.get(key)
    if left is None:
        left = game.memo[key] = _left_from(content)
    total = campaign_scenes(content)
    scene = view.get("scene")
    to_go = left.get(scene, total)
    if view.get("next_scene") == "end" or (view.get("phase") == "end" and to_go == 1):
        to_go = 0
    track = view.get("track") or {}
    middle = int(track.get("middle") or 0)
    start = 1
    light = int(view.get("light") or start)
    return {
        "scenes_won": max(0.0, min(1.0, 1.0 - to_go / total)),
        "light_gained": max(0.0, min(1.0, (light - start) / (middle - start))) if middle > start else 0.0,
        "spirit": max(0.0, min(1.0, int(view.get("spirit") or 0) / SPIRIT_MAX)),
    }


def potential(game: Any, view: dict[str, Any]) -> float:
    """The weighted sum of :func:`shaping_terms`."""
    terms = shaping_terms(game, view)
    return sum(w * terms[k] for k, (w, _) in SHAPING_TERMS.items())


def progress(state: Any) -> int:
    """How far a campaign is: the scenes played so far (curriculum starts are taken there)."""
    return int(state.scenes_played)
