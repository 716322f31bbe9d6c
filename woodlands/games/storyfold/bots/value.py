"""Storyfold's position value for the search bot's ``heuristic`` leaf (:mod:`woodlands.bots.leaf`
says what a position value is and how the search uses it; the descriptor names this function as
``position_value``).

The campaign cannot be lost (ruling S-6); its score is the scenes played (then Shadow cards), and
what a scene's outcome costs depends on the scene: most scenes lead on to the same next scene
whoever prevails, but losing The Owl-Mother's Oak or Oma under the Frost the first time starts
the chapter over (three more scenes), and losing The Old Lanterntree plays it (or The Last
Ember) again.  So the value is minus the **expected number of scenes the campaign will take**:

    scenes played + p * still_to_play(if Luma prevails) + (1 - p) * still_to_play(if the Shadow does)

where ``still_to_play`` counts each later scene with the rate at which the greedy bot loses it
(so the value is the same just before and just after a scene ends: finishing a scene that
opens a hard one is not put off), plus a small price for losing any scene (its Shadow section
takes Spirit or adds a bad Explore card, its Luma section gives story cards) and the Shadow
cards drawn at the score's own rate (a hundredth of a scene).  ``p``, the chance that Luma prevails in the scene in play, is a
logistic model per scene of public features of the position (:func:`features`: the Shadow
marker's distance from the middle, the Light's, locations visited, creatures, Spirit, dice,
Crystals, Boons, where each Action card lies in the River), fitted to how the greedy bot's
games went from such positions (``benchmarks/fit_storyfold_value.py`` writes
``value.toml`` beside this module, with those loss rates; docs/results/bots.md "Which leaf
wins more").

It reads only what the seat sees of the sample (the markers, the River, the dice, the counts:
no deck order), and the printed book (the scenes' goals and where each outcome leads).

>>> import woodlands
>>> state = woodlands.load_game("storyfold").new_game(seed=1)
>>> -12.0 < position_value(state, 0) < -10.0     # a fresh campaign: about eleven scenes to go
True
"""
from __future__ import annotations

import functools
import math
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..reward import shadow_total

if TYPE_CHECKING:
    from ....engine.state import GameState

#: the fitted weights (per scene id: one weight per feature), written by the fitting script
WEIGHTS_FILE = Path(__file__).with_name("value.toml")
#: the features, in the order of the weights (see :func:`features`)
#: (not what one decision changes for a moment and the greedy bot's games tie to winning: a
#: creature stunned, the dice still free this phase, the phase itself; with them the search
#: chased a stun or an unspent die, docs/results/bots.md "Which leaf wins more")
FEATURES = ("bias", "shadow_distance", "light_gap", "visited", "healed", "creatures", "spirit", "dice_sides",
            "crystals", "boons", "river_light", "river_help", "river_explore", "river_heal", "shadow_distance_sq")
#: what losing a scene costs on top of the scenes it adds (its Shadow section's Spirit or bad card,
#: the Luma section's story card missed), in scenes
LOSS_PRICE = 0.25
#: a Shadow card drawn, in scenes, as a share of the campaign's Shadow cards: the reward's own
#: rate (:mod:`woodlands.games.storyfold.reward`: all of them cost one scene)
SHADOW_CARDS_PER_SCENE = 1.0


def features(state: "GameState") -> list[float]:
    """The public features of a Storyfold position, in :data:`FEATURES` order."""
    s: Any = state
    c = s.content
    middle = c.scenes[s.scene].middle
    distance = float(s.shadow - middle)
    river = s.river
    places = [float(river.index(a)) if a in river else 7.0 for a in c.actions]
    creatures = c.creature_cards
    return [1.0, distance, float(middle - s.light), float(sum(s.visited)), 1.0 if s.healed else 0.0,
            float(sum(1 for x in river if x in creatures)), float(s.spirit_left()), sum(s.dice) / 8.0,
            float(sum(s.crystals)), float(len(s.boons)), *places, distance * distance / 10.0]


@functools.cache
def _data() -> dict[str, Any]:
    with WEIGHTS_FILE.open("rb") as f:
        data = tomllib.load(f)
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE.name} was fitted for other features; run benchmarks/fit_storyfold_value.py")
    return data


@functools.cache
def _weights() -> dict[str, tuple[float, ...]]:
    """Per scene id, the fitted weights (a scene the file lacks gets the ``default`` row)."""
    return {scene: tuple(float(w) for w in row) for scene, row in _data()["weights"].items()}


@functools.cache
def _loss_rates() -> dict[str, float]:
    """Per scene id, how often the Shadow prevailed in it in the greedy bot's games."""
    return {scene: float(q) for scene, q in _data().get("loss_rate", {}).items()}


#: per content pack (its id and version): :func:`_still_to_play`
_STILL: dict[tuple[str, str], tuple[float, ...]] = {}


_SHADOWS: dict[tuple[str, str], int] = {}


def _shadows(content: Any) -> int:
    """The campaign's Shadow cards (:func:`woodlands.games.storyfold.reward.shadow_total`), per pack."""
    key = (content.id, content.version)
    known = _SHADOWS.get(key)
    if known is None:
        known = _SHADOWS[key] = shadow_total(content)
    return known


def _still_to_play(content: Any) -> tuple[float, ...]:
    """Per scene: the scenes the campaign is expected to take from opening it (itself included),
    each scene lost as often as the greedy bot loses it (the weights file's ``loss_rate``) and
    leading where the book says (a chapter started over, a scene played again), with the price
    of a lost scene.  The same expectation before and after a scene ends, so that finishing a
    scene that opens a hard one costs nothing in itself."""
    key = (content.id, content.version)
    known = _STILL.get(key)
    if known is not None:
        return known
    scenes = content.scenes
    rates = _loss_rates()

    def target(k: int, name: str) -> int | None:
        if name == "end":
            return None
        return content.chapters[scenes[k].chapter].scenes[0] if name == "restart" else int(content.scene_by_id[name])

    expected = [0.0] * len(scenes)
    for _ in range(200):                  # a fixed point: restarts and replays loop back
        for k, scene in enumerate(scenes):
            q = rates.get(scene.id, 0.0)
            win, lose = target(k, scene.luma_prevails.next), target(k, scene.shadow_prevails.next)
            expected[k] = (1.0 + (1 - q) * (0.0 if win is None else expected[win])
                           + q * ((0.0 if lose is None else expected[lose]) + LOSS_PRICE))
    _STILL[key] = tuple(expected)
    return _STILL[key]


def _after(s: Any, how: str) -> float:
    """The scenes still to play once the current scene ends with ``how`` prevailing."""
    from ..conditions import holds
    c = s.content
    scene = c.scenes[s.scene]
    sec = scene.luma_prevails if how == "luma" else scene.shadow_prevails
    target = next((t for cond, t in sec.next_if if holds(s, cond)), sec.next)
    if target == "end":
        return 0.0
    index = c.chapters[s.chapter].scenes[0] if target == "restart" else c.scene_by_id[target]
    return float(_still_to_play(c)[index])


def luma_chance(state: "GameState") -> float:
    """The fitted chance that Luma prevails in the scene in play (from :func:`features`)."""
    s: Any = state
    weights = _weights()
    row = weights.get(s.content.scenes[s.scene].id) or weights["default"]
    x = sum(w * f for w, f in zip(row, features(state)))
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def expected_scenes(state: "GameState") -> float:
    """The scenes the campaign is expected to take from here (played ones included), plus the
    small prices of a lost scene and of the Shadow cards drawn."""
    s: Any = state
    done = float(s.scenes_played + SHADOW_CARDS_PER_SCENE * s.shadow_drawn / _shadows(s.content))
    if s.over:
        return done
    if s.scene_done:                      # between scenes: where the campaign goes is known
        return done + (_still_to_play(s.content)[s.next_scene] if s.next_scene >= 0 else 0)
    p = luma_chance(state)
    return done + p * _after(s, "luma") + (1.0 - p) * (_after(s, "shadow") + LOSS_PRICE)


def position_value(state: "GameState", seat: int) -> float:
    """Higher is better: minus :func:`expected_scenes`."""
    return -expected_scenes(state)
