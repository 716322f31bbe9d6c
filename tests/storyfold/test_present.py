"""Issue 10: Storyfold's words live in the game (woodlands/games/storyfold/present/) and read right:
narration is a pure function of the events and the content (a replayed or resumed game is told
the same), no internal id or rule id reaches player text, plurals and capped gains read right,
and the presentation hooks give the numbers a player needs one key away."""
from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console

import woodlands
from woodlands.cli.table import table_for
from woodlands.engine.decision import Decision, Option
from woodlands.engine.presentation import presentation_for
from woodlands.games.storyfold.present import StoryfoldPresentation
from woodlands.games.storyfold.present.words import StoryfoldNarrator

GAME = woodlands.load_game("storyfold")
C = GAME.content
RULE_ID = re.compile(r"\b(SW|S)-\d+")


def content_ids() -> set[str]:
    """The content's ids that look like ids (with a dash): what player text must never show."""
    out = {c.id for c in C.cards if "-" in c.id}
    for scene in C.scenes:
        out.add(scene.id)
        out.update(loc.id for loc in scene.locations)
    out.update(side.id for comp in (C.luma, C.brom) for side in comp.sides)
    return {i for i in out if "-" in i}


def play(seed: int, steps: int = 900) -> woodlands.GameState:
    state = GAME.new_game(seed=seed, options={"scene_limit": 5})
    r = random.Random(seed)
    for _ in range(steps):
        if state.decision is None:
            break
        state.apply(r.choice(state.decision.ids))
    return state


def test_the_game_has_its_own_presentation():
    assert isinstance(presentation_for(GAME), StoryfoldPresentation)
    import woodlands.cli as cli
    from pathlib import Path
    assert not list(Path(cli.__file__).parent.glob("*storyfold*"))


@pytest.mark.parametrize("seed", [1, 4])
def test_a_replayed_game_is_told_as_the_live_one(seed):
    live = play(seed, 400)
    again = woodlands.replay(json.loads(json.dumps(live.record())), None)
    fresh = presentation_for(woodlands.load_game("storyfold"))     # another game object, as after a load
    assert fresh.narrate(again.log_for(0), 0) == presentation_for(GAME).narrate(live.log_for(0), 0)
    assert fresh.narrate(again.log) == presentation_for(GAME).narrate(live.log)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_internal_or_rule_id_and_no_hedged_plurals_in_player_text(seed):
    ids = content_ids()
    p = presentation_for(GAME)
    state = GAME.new_game(seed=seed, options={"scene_limit": 4})
    r = random.Random(seed)
    texts: list[str] = []
    while state.decision is not None:
        d = state.decision
        texts.append(d.prompt)
        texts += [o.label for o in d.options]
        state.apply(r.choice(d.ids))
    texts += p.narrate(state.log_for(0), 0)
    for text in texts:
        tokens = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text))
        assert not tokens & ids, (text, tokens & ids)
        assert not RULE_ID.search(text), text
        assert "(s)" not in text and "(es)" not in text, text


def test_capped_gains_and_plurals_read_right():
    n = StoryfoldNarrator(GAME)
    assert n.line({"type": "spirit", "change": 1, "wanted": 3, "spirit": 11}) == \
        "You gain 1 Spirit (the track is full: 2 more is lost); you have 11 left."
    assert n.line({"type": "spirit", "change": 0, "wanted": 2, "spirit": 11}) == "+0 Spirit (already full at 11)."
    assert "advances 1 of 3 and stops at the middle" in n.line(
        {"type": "light", "moved": 1, "wanted": 3, "light": 5, "middle": 5})
    assert n.line({"type": "bottom_effect", "action": "heal", "successes": 1}).endswith("gain Spirit, once.")
    assert n.line({"type": "no_effect", "action": "light", "why": "no success (SW-055)"}) == \
        "The Light card does nothing this time (no die succeeded)."
    assert "1 Crystal." in n.line({"type": "effect", "do": "gain_crystals", "params": {"amount": 1}})


def test_every_card_location_and_companion_is_described_in_plain_words():
    p = presentation_for(GAME)
    ids = content_ids()
    every = [c.id for c in C.cards] + [loc.id for s in C.scenes for loc in s.locations] + ["luma", "brom"]
    for ident in every:
        text = p.describe(ident)
        assert text, ident
        assert not set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text)) & ids, (ident, text)
    heal = p.describe("heal")
    assert heal is not None and "Top:" in heal and "Bottom:" in heal
    creature = next(c for c in C.cards if c.kind == "creature")
    assert f"takes {creature.spirit} Spirit" in (p.describe(creature.id) or "")
    assert p.glossary() and all(term and meaning for term, meaning in p.glossary())


def to_kind(kind: str, seed: int = 1) -> woodlands.GameState:
    state = GAME.new_game(seed=seed)
    r = random.Random(seed)
    while state.decision is not None and state.decision.kind != kind:
        d = state.decision
        act = [o.id for o in d.options if o.verb == "act"] if kind == "roll" else []
        state.apply(act[0] if act else r.choice([i for i in d.ids if i != "end"] or d.ids))
    return state


def test_details_give_dice_odds_actions_creatures_locations_tracks_and_companions():
    p = presentation_for(GAME)
    state = to_kind("roll")
    d = state.decision
    details = {x.key: x for x in p.details(state.view(0), d)}
    assert set(details) == {"d", "a", "c", "p", "t", "b", "T"}
    assert "d8: 3+ 75%  4+ 62%  5+ 50%  6+ 38%" in details["d"].text
    assert d is not None and all(o.label in details["d"].text for o in d.options)      # odds per roll choice
    assert "Top:" in details["a"].text and "Bottom:" in details["a"].text
    assert "Shadow marker" in details["t"].text and "Spirit" in details["t"].text
    assert "Crystals" in details["b"].text
    view = state.view(0)
    assert view["scene_text"] in details["T"].text and "Chapter:" in details["T"].text   # the story, one key away
    assert not set("hsluq") & set(details)


def test_fixed_keys_two_steps_and_the_warning_before_ending_with_dice_unused():
    p = presentation_for(GAME)
    state = to_kind("luma_phase")
    d = state.decision
    assert d is not None
    keys = p.fixed_keys(d)
    assert keys["e"] == "end" and not set("hsluq") & set(keys)
    end = d.option("end")
    assert end is not None
    warning = p.warning(state.view(0), d, end)
    assert warning is not None and "5 dice unused" in warning
    many = Decision(0, "luma_phase", "?", tuple(
        Option.of("act", a, "top", f"t{i}", label=f"{a} {i}") for a in ("light", "heal") for i in range(5))
        + (Option.of("end", label="End"),))
    assert p.grouping(many) == 2
    groups = many.groups(p.grouping(many))
    assert [p.group_label(many, g.key, g.options) for g in groups] == \
        ["Light (5 choices)", "Heal (5 choices)", "End"]


@pytest.mark.parametrize("width", [80, 160])
def test_the_table_fits_its_width(width):
    p = presentation_for(GAME)
    state = to_kind("after_roll")
    console = Console(file=io.StringIO(), width=width, height=50)
    console.print(table_for(p, state.view(0), 0, width, 24 if width == 80 else 50))
    lines = console.file.getvalue().splitlines()
    assert all(len(line) <= width for line in lines)
    if width == 80:
        assert len(lines) <= 14, lines
    assert any("3+" in line for line in lines)


def test_refusals_name_cards_by_their_names_and_keep_rule_ids_apart():
    state = GAME.new_game(seed=3)
    r = random.Random(3)
    far = None
    while state.decision is not None and far is None:
        d = state.decision
        if d.kind == "luma_phase":
            far = next((e["card"] for e in state.view(0)["river"][4:] if e and e.get("kind") == "action"), None)
            if far is not None:
                break
        state.apply(r.choice(d.ids))
    assert far is not None
    refusal = state.why_not(f"act:{far}:bottom")
    assert refusal is not None and refusal.rule == "SW-045"
    assert refusal.reason.startswith("the ") and "card lies on an unnumbered" in refusal.reason
    assert not RULE_ID.search(refusal.reason)


def test_the_table_names_the_rolls_target_by_its_printed_name():
    p = presentation_for(GAME)
    state = GAME.new_game(seed=1)
    r = random.Random(1)
    while state.decision is not None:
        d = state.decision
        if d.kind == "roll" and d.data and d.data["target"]:
            break
        tops = [o.id for o in d.options if o.verb == "act" and o.args[1] == "top"]
        state.apply(tops[0] if tops else r.choice(d.ids))
    assert state.decision is not None and state.decision.data is not None
    target = state.decision.data["target"]
    name = p.name(target)
    assert name is not None
    console = Console(file=io.StringIO(), width=160)
    console.print(table_for(p, state.view(0), 0, 160, 50))
    assert name in console.file.getvalue()


def test_a_warning_before_discarding_a_boon_that_could_be_used():
    p = presentation_for(GAME)
    boon = next(c for c in C.cards if c.kind == "boon" and c.use)
    d = Decision(0, "make_room", "?", (Option.of("use", boon.id, label="Use"), Option.of("discard", boon.id, label="Discard")))
    warning = p.warning({}, d, d.options[1])
    assert warning is not None and boon.name in warning and "unused" in warning
    assert p.warning({}, d, d.options[0]) is None
