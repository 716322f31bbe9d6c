"""Issue 10: Tanglewoods' words live with the game (woodlands/games/tanglewoods/present) and read
right: a loaded game tells the same story as the live one, a card on its night side is named by
its night name, no internal or rule id reaches player text, plurals and capped gains read right;
and the numbers needed to decide are one key away, long choices come in two steps, ending the
Strategy phase with dice unrolled asks first, roll and end sit on fixed keys."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import woodlands
from woodlands.bots import get_bot
from woodlands.cli.table import table_for
from woodlands.engine.decision import Decision, Option
from woodlands.engine.presentation import Presentation, presentation_for
from woodlands.games.tanglewoods.present import TanglewoodsPresentation
from tests.tanglewoods.helpers import bear, ic, kind, play, situation

GAME = woodlands.load_game("tanglewoods")
P = presentation_for(GAME)
RULE_ID = re.compile(r"\b(?:TG|T|AUD)-\d+\b")


def content_ids() -> set[str]:
    c = GAME.content
    ids = {x.id for x in (*c.forest, *c.maps, *c.items, *c.heroes)} | {"brothers-grimm"}
    return {i for i in ids if "-" in i}


def played(seed: int, difficulty: int, bot: str = "greedy") -> woodlands.GameState:
    s = GAME.new_game(seed=seed, options={"difficulty": difficulty, "round_limit": 40})
    b = get_bot(bot, seed=seed)
    while not s.is_over:
        s.apply(b.choose(s))
    return s


def test_the_game_brings_its_presentation() -> None:
    assert isinstance(P, TanglewoodsPresentation) and isinstance(P, Presentation)
    assert P.help_texts and "commit_dice" in P.help_texts


@pytest.mark.rules("AUD-2")
@pytest.mark.parametrize("seed, difficulty", [(1, 5), (2, 10), (3, 0)])
def test_a_loaded_game_tells_the_same_story_as_the_live_one(seed: int, difficulty: int) -> None:
    live = played(seed, difficulty)
    loaded = woodlands.replay(live.record())
    told = P.narrate(live.log_for(0), 0)
    assert told == P.narrate(loaded.log_for(0), 0)
    assert not [line for line in told if line.startswith("[")], "an event without a sentence"


@pytest.mark.rules("AUD-2")
def test_no_internal_or_rule_id_in_labels_prompts_or_narration() -> None:
    ids = content_ids()
    pattern = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w-])")
    for seed, difficulty, bot in ((1, 5, "greedy"), (2, 10, "greedy"), (3, 0, "greedy"), (4, 7, "random"), (5, 2, "random")):
        s = GAME.new_game(seed=seed, options={"difficulty": difficulty, "round_limit": 40})
        b = get_bot(bot, seed=seed)
        while not s.is_over:
            d = s.decision
            for text in (d.prompt, *(o.label for o in d.options)):
                assert not pattern.search(text), (d.kind, text)
                assert not RULE_ID.search(text), (d.kind, text)
            s.apply(b.choose(s))
        for line in P.narrate(s.log_for(0), 0):
            assert not pattern.search(line), line
            assert not RULE_ID.search(line), line


def test_help_puts_the_rule_on_its_own_last_line() -> None:
    s = GAME.new_game(seed=1)
    text = P.help(s.decision)
    assert text.splitlines()[-1].startswith("Rule: ") and not RULE_ID.search("\n".join(text.splitlines()[:-1]))
    for kind_, words in P.help_texts.items():
        assert not RULE_ID.search(words), kind_


def test_a_card_on_its_night_side_is_named_by_its_night_name() -> None:
    card = GAME.content.forest[GAME.content.forest_by_id["cellar-rats"]]
    day, night = card.faces
    assert day.name != night.name
    effect = next(x for x in (*night.ambush, *night.after, *night.special, *night.reward) if x.do == "exhaust_dice")
    events = [{"type": "draw", "deck": "forest", "card": "cellar-rats", "side": 1},
              {"type": "effect", "do": effect.do, "when": effect.when, "source": "cellar-rats", "text": effect.text}]
    lines = P.narrate(events, 0)
    assert lines[0].startswith(f"You draw {night.name} (night)")
    assert lines[1].startswith(f"{night.name}: ")
    # the effect alone names its side too: only the night side has it
    assert P.narrate(events[1:], 0)[0].startswith(f"{night.name}: ")
    # a cause in a later sentence is named by the side the events showed
    later = events + [{"type": "gold", "change": 1, "gold": 3, "why": "cellar-rats"}]
    assert f"({night.name})" in P.narrate(later, 0)[2]


def test_plurals_read_right() -> None:
    n = P.narrator
    assert n.line({"type": "strategy_end", "passes": 3, "why": "player"}) == "You end the Strategy phase after 3 passes."
    assert n.line({"type": "strategy_end", "passes": 1, "why": "player"}) == "You end the Strategy phase after 1 pass."
    assert "levels 6, 7" in n.line({"type": "difficulty", "level": 7, "applies": [6, 7]})
    assert "the effects of level 3 apply" in n.line({"type": "difficulty", "level": 3, "applies": [3]})
    assert n.line({"type": "dice_moved", "colours": ["red", "red", "blue"], "source": "pool", "to": "committed",
                   "why": "commit"}) == "You commit 3 dice: red, red, blue."


def test_a_capped_gain_says_so() -> None:
    well = GAME.content.forest[GAME.content.forest_by_id["wishing-well"]].faces[0].special[0]
    hero = {"type": "hero", "hero": "x", "side": "a", "name": "X", "health": 6, "strategy": 3, "recovery": 3}
    effect = {"type": "effect", "do": "gain_stat", "when": "special", "source": "wishing-well", "text": well.text}
    assert P.narrate([hero, effect], 0)[1] == f"The Wishing Well: {well.text} (already at 6)."
    assert P.narrate([dict(hero, health=4), effect], 0)[1] == f"The Wishing Well: {well.text}."
    # the stat the events showed last counts: a loss before the gain leaves room for it
    hob = {"type": "effect", "do": "gain_stat", "when": "reward", "source": "hearth-hob", "text": "+1 Health"}
    lost = {"type": "stat", "stat": "health", "change": -1, "value": 5, "why": "difficulty 7"}
    assert P.narrate([hero, hob], 0)[1] == "Hearth Hob: +1 Health (already at 6)."
    assert P.narrate([hero, lost, hob], 0)[2] == "Hearth Hob: +1 Health."
    stat = {"type": "stat", "stat": "health", "change": 1, "value": 6, "why": "hearth-hob"}
    placed = {"type": "place", "card": "hearth-hob", "side": 0}
    assert P.narrate([placed, stat], 0)[1] == "+1 Health (Hearth Hob): now 6 (the most)."
    # alone, the card's side is unknown and its two sides have two names: the cause is left out, not guessed
    assert P.narrator.line(stat) == "+1 Health: now 6 (the most)."


# ------------------------------------------------------------------ numbers one key away
def test_dice_odds_per_colour_are_one_key_away() -> None:
    s = GAME.new_game(seed=1, options={"hero": "thorn-warden", "side": "a"})
    details = {d.key: d for d in P.details(s.view(0), s.decision)}
    assert {"d", "b", "m", "i", "p"} <= set(details)
    assert not set(details) & set("hsluqre"), "a detail key would shadow a command or a fixed key"
    dice = details["d"].text.splitlines()
    yellow = next(line for line in dice if line.startswith("yellow"))
    red = next(line for line in dice if line.startswith("red"))
    assert yellow.split()[1:5] == ["4", "1", "1", "33%"] and red.split()[1:5] == ["0", "5", "1", "100%"]


def test_a_bears_stats_before_baiting_and_beaten_bears_effects() -> None:
    s = situation(["merchant", ], gold=10)
    assert kind(s) == "merchant_action"
    bait = [o for o in s.decision.options if o.verb == "bait"]
    assert bait and all({"cost", "health", "damage"} <= set(o.data or {}) for o in bait)
    text = {d.key: d for d in P.details(s.view(0), s.decision)}["b"].text
    for o in bait:
        face = GAME.content.forest[GAME.content.forest_by_id[o.args[0]]].faces[0]
        assert f"{face.name}: Health {face.health}, Damage {face.damage}" in text
    won = situation(["merchant"], gold=10, bears_won=[bear("papa-bear")], bears_aside=[bear("mama-bear"), bear("baby-bear")])
    beaten = {d.key: d for d in P.details(won.view(0), won.decision)}["b"].text
    assert "Beaten (their lasting effects):" in beaten


def test_an_items_upgraded_side_before_forging() -> None:
    s = situation(["merchant"], gold=10, inventory=[ic("plain-item")]) if "plain-item" in GAME.content.item_by_id else None
    if s is None:
        from tests.tanglewoods.helpers import C
        item = C.items[0]
        s = situation(["merchant"], gold=10, inventory=[ic(item.id)])
        game = s.game
    else:
        game = GAME
    p = presentation_for(game)
    forge = [o for o in s.decision.options if o.verb == "forge"]
    assert forge and forge[0].data is not None
    card = game.content.items[game.content.item_by_id[forge[0].args[0]]]
    assert forge[0].data["upgraded"] == card.faces[1].name
    items = {d.key: d for d in p.details(s.view(0), s.decision)}["i"].text
    assert f"forged: {card.faces[1].name}" in items


def test_heroes_both_sides_when_picking() -> None:
    s = GAME.new_game(seed=1)
    assert s.decision.kind == "choose_hero"
    heroes = {d.key: d for d in P.details(s.view(0), s.decision)}["c"].text
    for h in GAME.content.heroes:
        a, b = h.sides
        assert f"{a.name}: Health {a.health}, Strategy {a.strategy}, Recovery {a.recovery}" in heroes
        assert f"{b.name}: Health {b.health}" in heroes


def test_every_card_hero_and_colour_is_described() -> None:
    c = GAME.content
    for ident in [x.id for x in (*c.forest, *c.maps, *c.items, *c.heroes)] + ["yellow", "red", "brothers-grimm"]:
        text = P.describe(ident)
        assert text and (ident in ("yellow", "red") or ident not in text), ident
    assert P.describe("no-such-thing") is None
    assert len(P.glossary()) >= 10


# ------------------------------------------------------------------ choosing
def _commit_state() -> woodlands.GameState:
    s = GAME.new_game(seed=1, options={"hero": "thorn-warden", "side": "a", "difficulty": 5})
    b = get_bot("greedy", seed=1)
    while s.decision.kind != "commit_dice":
        s.apply(b.choose(s))
    return s


def test_commit_is_repeatable_roll_and_end_are_fixed_keys_and_ending_with_dice_unrolled_warns() -> None:
    s = _commit_state()
    view = s.view(0)
    commit = next(o for o in s.decision.options if o.verb == "commit")
    assert P.repeatable(view, s.decision, commit) == view["dice"]["pool"][commit.args[0]]
    end = s.decision.option("end")
    assert end is not None and P.warning(view, s.decision, end) is None   # nothing committed yet
    s.apply(commit.id)
    keys = P.fixed_keys(s.decision)
    assert keys == {"r": "roll", "e": "end"}
    warning = P.warning(s.view(0), s.decision, s.decision.option("end"))
    assert warning and "1 committed die not rolled" in warning


def test_apply_die_comes_in_two_steps_die_then_target() -> None:
    opts = tuple(Option.of("apply", colour, face, target, label=f"{colour} {face} -> {target}",
                           data={"damage": 1, "taken": 0, "health": 3})
                 for colour, face in (("red", "hit"), ("red", "crit"), ("blue", "hit"))
                 for target in ("bramble-imp", "mossback-troll", "toadstool-knave"))
    d = Decision(0, "apply_die", "Apply dice", opts + (Option.of("done", label="Leave them"),), data={})
    depth = P.grouping(d)
    assert depth == 2
    groups = d.groups(depth)
    assert [g.key for g in groups] == [("apply", "red"), ("apply", "blue"), ("done",)]
    assert P.group_label(d, groups[0].key, groups[0].options) == "A red die (crit or hit): choose its target"
    assert P.group_label(d, groups[2].key, groups[2].options) == "Leave them"


def test_merchant_actions_come_in_two_steps() -> None:
    opts = tuple(Option.of("buy", f"item-{i}", label=f"Buy {i}", data={"cost": 3}) for i in range(3)) + \
        tuple(Option.of("bless", n, label=f"+1 {n}", data={"cost": 4, "now": 2}) for n in ("health", "strategy", "recovery")) + \
        (Option.of("leave", label="Leave the merchant"),)
    d = Decision(0, "merchant_action", "Merchant", opts, data={})
    assert P.grouping(d) == 1
    labels = [P.group_label(d, g.key, g.options) for g in d.groups(1)]
    assert labels == ["Buy an item (3 choices, 3 gold)", "Forest Blessing: +1 to a stat (3 choices, 4 gold)", "Leave the merchant"]


# ------------------------------------------------------------------ the table
@pytest.mark.parametrize("width", [80, 160])
def test_the_table_fits_its_width_over_a_game(width: int) -> None:
    s = GAME.new_game(seed=4, options={"difficulty": 5, "round_limit": 20})
    b = get_bot("greedy", seed=4)
    console = Console(file=io.StringIO(), width=width, color_system=None)
    for _ in range(120):
        if s.is_over:
            break
        console.print(table_for(P, s.view(0), 0, width, 50 if width > 100 else 24))
        s.apply(b.choose(s))
    text = console.file.getvalue()
    assert max(len(line) for line in text.splitlines()) <= width
    assert not [i for i in content_ids() if i in text], "an internal id on the table"


def test_the_table_shows_no_placeholder_stats_before_the_side_is_chosen() -> None:
    s = GAME.new_game(seed=1)
    hero = next(h for h in GAME.content.heroes if h.start_side is None)
    s.apply(f"hero:{hero.id}")
    assert s.decision.kind == "choose_side"
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(table_for(P, s.view(0), 0, 100))
    text = console.file.getvalue()
    assert "Health 1" not in text and "Gold 0" not in text and "starting side" in text
    play(s, "side:a")


def test_recover_is_repeatable_up_to_what_may_come_back() -> None:
    opt = Option.of("recover", "red", label="Recover a red die")
    d = Decision(0, "recover_dice", "Recover", (opt, Option.of("done", label="Recover no more")), data={"left": 2})
    assert P.repeatable({"dice": {"exhausted": {"red": 3}}}, d, opt) == 2
    assert P.repeatable({"dice": {"exhausted": {"red": 1}}}, d, opt) == 1
