"""The Wildwoods track (SW-061..SW-065; ruling S-4).

Spaces count from 1 at the left end.  The Light marker advances to the right, the Shadow marker
to the left; both stop at the middle space and at the track's ends.
"""
from __future__ import annotations

from .effects import carry_out
from .registry import steps
from .state import StoryfoldState


def middle(s: StoryfoldState) -> int:
    return s.content.scenes[s.scene].middle


@steps.auto("move_light")
def move_light(s: StoryfoldState, amount: int) -> None:
    """SW-062, SW-065: advance (amount > 0) toward the middle or move back toward the left end."""
    before = s.light
    s.light = min(middle(s), s.light + amount) if amount > 0 else max(1, s.light + amount)
    s.emit("light", moved=s.light - before, wanted=amount, light=s.light, middle=middle(s))


@steps.auto("advance_shadow")
def advance_shadow(s: StoryfoldState, amount: int) -> None:
    """SW-063, SW-108, SW-109: one space at a time; on entering a space with icons its Shadow
    effects are carried out, left to right, before the marker moves on."""
    if amount <= 0 or s.shadow <= middle(s):
        if amount > 0:
            s.emit("shadow", moved=0, wanted=amount, shadow=s.shadow, middle=middle(s))
        return
    s.shadow -= 1
    s.emit("shadow", moved=-1, shadow=s.shadow, middle=middle(s))
    scene = s.content.scenes[s.scene]
    s.push("advance_shadow", amount - 1)
    s.push("check_end")
    for icon in reversed(scene.icons[s.shadow - 1]):
        se = scene.shadow_effects[icon]
        carry_out(s, se.effects)
        s.push("shadow_icon", icon, se.text)


@steps.auto("shadow_icon")
def shadow_icon(s: StoryfoldState, icon: str, text: str) -> None:
    s.emit("shadow_effect", icon=icon, text=text, space=s.shadow)


@steps.auto("shadow_back")
def shadow_back(s: StoryfoldState, amount: int) -> None:
    """SW-064: moving the Shadow marker back carries out no Shadow effects."""
    length = s.content.scenes[s.scene].track_length
    before = s.shadow
    s.shadow = min(length, s.shadow + amount)
    s.emit("shadow", moved=s.shadow - before, wanted=-amount, shadow=s.shadow, middle=middle(s))
