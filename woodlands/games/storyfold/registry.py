"""The two registries of Storyfold: its steps (rules) and its effect primitives (card text)."""
from __future__ import annotations

from ...engine.effects import EffectRegistry
from ...engine.steps import StepRegistry

# Where an effect list may stand.  The content loader sets ``when`` from the slot, so content
# never writes it; docs/storyfold-content.md lists the primitives allowed in each.
TIMINGS = {
    "immediately": "the \"Immediately\" text of a drawn Creature, Explore, Shadow or Story card",
    "after_activating": "a creature's \"After Activating\" text, after it activates in the Shadow Phase",
    "ongoing": "an italic text that holds while the card is in play (River or Boon space)",
    "use": "what a Boon, Companion, Luma or Brom use does when you use it",
    "setup": "a scene's setup, when the scene opens",
    "location": "a location's effect, after you visit it",
    "shadow_icon": "a Shadow effect, when the Shadow marker is advanced onto a space with its icon",
    "section": "the \"Luma prevails\" or \"The Shadow prevails\" section of a scene",
}

steps = StepRegistry()
effects = EffectRegistry(TIMINGS)
