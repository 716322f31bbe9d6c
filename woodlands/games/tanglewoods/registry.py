"""The two registries of Tanglewoods: its steps (rules) and its effect primitives (card text)."""
from __future__ import annotations

from ...engine.effects import EffectRegistry
from ...engine.steps import StepRegistry

# The effect timings the rulebook names (Map Phase, Ambush Effects, Forest Phase, Resolve
# Phase) plus the ones our stand-in cards need.  Documented in docs/content-packs.md.
TIMINGS = {
    "ambush": "the moment the card is drawn (TG-025; ruling T-21); not when it joins the tableau",
    "special": "the moment the card joins the tableau (TG-041), or a map is chosen (TG-022)",
    "after": "in the After Effects step of the Resolve phase (ruling T-5)",
    "reward": "the moment the enemy is defeated (ruling T-6); never when bribed (TG-053)",
    "ongoing": "a modifier that holds while the card is in play (tableau, active map, inventory, hero, defeated bear)",
    "use": "an item or hero ability the player may use in its window (forest or strategy)",
    "activation_end": "at the end of each Activation, after the Bribery phase (Papa Bear's modifier side)",
    "flip": "when a hero turns to this side (ruling T-16)",
}

steps = StepRegistry()
effects = EffectRegistry(TIMINGS)
