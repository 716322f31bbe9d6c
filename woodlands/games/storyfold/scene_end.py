"""End of Scene (SW-077..SW-080), Changing Scenes (SW-110..SW-115) and the campaign's chapters
and end (rulings S-6, S-8).

A scene's steps sit above a ``scene_floor`` step on the stack.  When a scene ends, whatever was
still pending in it is dropped down to that floor (an interrupted action's card still moves to
the end of the River: our reading) and the prevail section runs.  After changing scenes the game
stops at a ``scene_break`` decision: the moment the rulebook lets you save (SW-081, S-7).
"""
from __future__ import annotations

from ...engine.decision import Option
from ...engine.steps import Ask, push_in_order
from .actions import end_action
from .conditions import holds
from .dice import reset_for_chapter
from .effects import effect_steps
from .registry import steps
from .river import clean_up, log_river
from .state import StoryfoldState
from .views import Score


def score(s: StoryfoldState) -> Score:
    """Ruling S-6: the outcome's score."""
    return {"scenes_played": s.scenes_played, "chapter_restarts": s.restarts_total, "shadow_cards": s.shadow_drawn}


@steps.auto("check_end")
def check_end(s: StoryfoldState) -> None:
    """SW-079 first (the Shadow marker on the middle wins even if the Light is there too), then
    SW-078 ("as soon as" the goal is met)."""
    if s.phase not in ("luma", "shadow") or s.scene_done:
        return
    scene = s.content.scenes[s.scene]
    if s.shadow <= scene.middle:
        end_scene(s, "shadow")
    elif holds(s, scene.goal):
        end_scene(s, "luma")


def end_scene(s: StoryfoldState, how: str) -> None:
    s.scene_done = True
    s.phase = "end"
    while s.stack:
        if s.stack.pop()[0] == "scene_floor":
            break
    end_action(s)                       # an action cut short still ends with its card moved
    for card in s.drawn:                # Explore cards drawn but not yet kept
        s.explore_discard.append(card)
    s.drawn.clear()
    s.push("prevail", how)


@steps.auto("scene_floor")
def scene_floor(s: StoryfoldState) -> None:
    """Only a marker: the bottom of the current scene's steps."""


@steps.auto("prevail")
def prevail(s: StoryfoldState, how: str) -> None:
    scene = s.content.scenes[s.scene]
    sec = scene.luma_prevails if how == "luma" else scene.shadow_prevails
    s.emit("scene_end", scene=scene.id, prevails=how, text=sec.text)
    push_in_order(s.stack, effect_steps(sec.effects) + [("change_scenes", how)])


@steps.auto("change_scenes")
def change_scenes(s: StoryfoldState, how: str) -> None:
    scene = s.content.scenes[s.scene]
    sec = scene.luma_prevails if how == "luma" else scene.shadow_prevails
    target = next((t for cond, t in sec.next_if if holds(s, cond)), sec.next)
    # SW-110: discard all creatures; SW-111: clean up; SW-112: remove the markers
    for card in s.creatures_in_river():
        s.river[s.river.index(card)] = -1
        s.creature_discard.append(card)
    s.stunned.clear()
    clean_up(s.river)
    log_river(s, "changing scenes")
    # the scene's table is cleared: nothing of it reaches the next scene (a save holds none of it, S-11)
    s.visited = [False] * len(s.visited)
    s.healed = 0
    s.action_space = 0
    s.faces = [0] * len(s.dice)
    s.emit("scene_changed", scene=scene.id, next=target)
    if target == "end":
        s.campaign_won = True
        s.end_game("win", **score(s))
        return
    if target == "restart":
        chapter = s.content.chapters[s.chapter]
        nxt, mode = chapter.scenes[0], "restart"
    else:
        nxt = s.content.scene_by_id[target]
        mode = "new_chapter" if s.content.scenes[nxt].chapter != s.chapter else ""
    limit = s.options.get("scene_limit")
    if limit is not None and s.scenes_played >= limit:
        s.end_game("unfinished", **score(s))
        return
    s.next_scene = nxt
    s.push("scene_break", mode)


@steps.ask("scene_break", kind="scene_break", rule="Changing Scenes 4, SW-113, SW-114; Saving, SW-081")
def ask_scene_break(s: StoryfoldState, mode: str) -> Ask | None:
    scene = s.content.scenes[s.next_scene]
    where = {"restart": " (the chapter starts over)", "new_chapter": " (a new chapter)"}.get(mode, "")
    return (f"Between scenes: you may save now. Next: {scene.title}{where}",
            [Option.of("open", scene.id, label=f"Open the next scene: {scene.title}{where}",
                       data={"scene": scene.id, "mode": mode or None})],
            {"scene": scene.id, "title": scene.title, "mode": mode or None, "chapter_restarts": s.chapter_restarts})


@steps.answer("scene_break")
def answer_scene_break(s: StoryfoldState, choice: str, mode: str) -> None:
    s.push("open_scene", s.next_scene, mode)


@steps.auto("open_scene")
def open_scene(s: StoryfoldState, index: int, mode: str) -> None:
    """SW-113..SW-115: the scene's setup, then a new Luma Phase."""
    scene = s.content.scenes[index]
    if mode:
        start_chapter(s, scene.chapter, mode == "restart")
    s.scene = index
    s.next_scene = -1
    s.scene_plays[index] += 1
    s.scenes_played += 1
    s.light = scene.light_start
    s.shadow = scene.shadow_start
    s.visited = [False] * len(scene.locations)
    s.healed = 0
    s.scene_done = False
    s.phase = "setup"
    s.emit("scene", scene=scene.id, title=scene.title, text=scene.text, goal=scene.goal_text,
           track_length=scene.track_length, light=s.light, shadow=s.shadow)
    s.push("scene_floor")          # the floor lies below the round ...
    s.push("luma_phase")           # ... the round begins once the setup is done
    push_in_order(s.stack, effect_steps(scene.setup))


def start_chapter(s: StoryfoldState, index: int, restart: bool) -> None:
    """A chapter begins (or begins again, S-6): its Shadow deck and Chapter deck, its Creature deck
    if it has one, its Explore cards; the d10/d12 go back; Luma and Brom on their first sides."""
    chapter = s.content.chapters[index]
    s.chapter = index
    if restart:
        s.chapter_restarts += 1
        s.restarts_total += 1
    else:
        s.chapter_restarts = 0
    s.shadow_discard.clear()
    s.shadow_deck[:] = chapter.shadow_deck
    s.rng.shuffle(s.shadow_deck)
    s.chapter_deck[:] = chapter.story_cards
    if chapter.creature_deck is not None:
        s.creature_discard.clear()
        s.creature_deck[:] = chapter.creature_deck
        s.rng.shuffle(s.creature_deck)
    placed = set(s.explore_deck) | set(s.explore_discard) | set(s.boons)
    added = [c for c in chapter.explore_add if c not in placed]
    if added:
        s.explore_deck.extend(added)
        s.rng.shuffle(s.explore_deck)
    reset_for_chapter(s)
    s.luma_side = 0
    s.brom_side = 0
    s.brom_present = True
    s.uses_this_chapter.clear()
    s.emit("chapter", chapter=chapter.id, title=chapter.title, text=chapter.text, restart=restart,
           restarts=s.chapter_restarts)
    s.emit("shuffle", deck="shadow", size=len(s.shadow_deck))
