"""The two registries of The Cursed Forest: its steps (rules) and its effect primitives.

Primitives are *named powers*: content names them (``{ when = "fight", do = "halve_monster_health" }``)
and the rules modules carry them out where the rulebook says they act.  Each one is declared in
:mod:`.powers` with its parameters and the places it may appear.
"""
from __future__ import annotations

from ...engine.effects import EffectRegistry
from ...engine.steps import StepRegistry

# When a power acts.  Documented in docs/cursed-forest-content.md.
TIMINGS = {
    "use": "on your own turn, by spending the item's AP (CF-049); outside a fight unless it also says fight",
    "fight": "at the start of a combat round, as a choice in the fight (CF-021, CF-023)",
    "passive": "always, while the item sits in a space where it is active (CF-040) or the character plays",
    "ranged": "when this ranged item is fired (CF-028, CF-029)",
    "move": "as a way of moving on your turn (Elven Boots)",
}

steps = StepRegistry()
effects = EffectRegistry(TIMINGS)
