"""The Cursed Forest's words for every client (issue 10): narration is a pure function of the
event (right names after a load, in ``log``, for any tail of the log), told per seat, with no
internal ids in player text; the presentation hooks give details, groups, keys and warnings."""
from __future__ import annotations

import random
import re

import pytest

import woodlands
from woodlands.bots import get_bot
from woodlands.engine.presentation import presentation_for
from woodlands.games.cursed_forest.present import CursedForestPresentation
from woodlands.games.cursed_forest.present.words import CursedForestNarrator

GAME = woodlands.load_game("cursed-forest")
P = presentation_for(GAME)


def _play(seed: int, options: dict, moves: int | None = None, mix: float = 0.0) -> woodlands.GameState:
    s = GAME.new_game(seed=seed, options=GAME.options_for_simulation(dict(options, turn_limit=200)))
    bot, r = get_bot("greedy", seed=seed), random.Random(seed)
    n = 0
    while not s.is_over and (moves is None or n < moves):
        s.apply(bot.choose(s) if r.random() >= mix else r.choice(s.decision.ids))
        n += 1
    return s


def test_the_descriptor_gives_the_game_its_presentation():
    assert isinstance(P, CursedForestPresentation)
    assert isinstance(P.narrator, CursedForestNarrator)


@pytest.mark.rules("C-9")
@pytest.mark.parametrize("seed, options", [(1, {"players": 2}), (3, {"players": 4}), (4, {"players": 1, "adventurers": 3})])
def test_a_loaded_game_is_told_as_the_live_one_and_every_event_alone(seed, options):
    live = _play(seed, options, moves=400)
    again = woodlands.replay(live.record())
    for seat in range(options["players"]):
        told = P.narrate(live.log_for(seat), seat)
        fresh = CursedForestNarrator(GAME)
        assert fresh.lines(again.log_for(seat), seat) == told
        # each event alone, in reverse order, by one narrator: nothing told before counts
        events = live.log_for(seat)
        alone = [fresh.line(e, seat) for e in reversed(events)][::-1]
        assert alone == told
        assert not any(line.startswith("[") for line in told), [x for x in told if x.startswith("[")][:3]


def test_characters_are_named_and_a_past_monster_is_not_the_latest():
    s = _play(2, {"players": 2})
    chars = {ch.id: ch.name.split()[0] for ch in GAME.content.characters}
    cast = [chars[c] for c in (p["character"] for p in s.view(0)["players"])]
    lines = P.narrate(s.log_for(0), 0)
    after_setup = lines[lines.index(next(x for x in lines if x.startswith("--- Round"))):]
    assert not any("Adventurer" in x for x in after_setup)
    assert any(x.startswith(cast[1]) for x in after_setup)
    # each fight's rolls name that fight's monster, not the one fought last
    log = s.log_for(0)
    fights = [(k, e) for k, e in enumerate(log) if e["type"] == "fight" and e["kind"] == "monster"]
    assert len(fights) >= 2
    for k, e in fights:
        roll = next(x for x in log[k:] if x["type"] == "roll" and "mine" in x)
        name = P.narrator.monster(e["monster"], None, e["side"])
        assert name.lower() in P.narrator.line(roll).lower()


def test_a_purple_monster_is_named_by_its_purple_name():
    m = GAME.content.monsters[0]
    line = P.narrator.line({"type": "fight", "adventurer": 0, "kind": "monster", "tile": [0, 1], "health": 12,
                            "monster": m.id, "side": "purple", "partner": -1, "cast": ["sirja"]})
    assert m.sides[1].name in line and "Sirja" in line


@pytest.mark.rules("C-9")
def test_another_players_face_down_item_is_an_item():
    item = GAME.content.items[5]
    event = {"type": "stow", "adventurer": 1, "item": item.id, "space": "backpack", "cast": ["sirja", "wren"]}
    assert item.name in P.narrator.line(event, None)
    hidden = dict(event, item=None)
    assert P.narrator.line(hidden, 0) == "Wren keeps an item in the backpack."


def test_plurals_and_capped_heals_read_right():
    n = P.narrator
    assert "1 poison token." in n.line({"type": "poisoned", "adventurer": 0, "tokens": 1, "source": "red vines", "cast": ["sirja"]})
    assert "2 poison tokens" in n.line({"type": "poisoned", "adventurer": 0, "tokens": 2, "source": "red vines", "cast": ["sirja"]})
    ring = {"type": "heal", "adventurer": 0, "amount": 1, "source": "ring", "cast": ["sirja"]}
    assert n.line(ring) == "Sirja regains 1 Health of 2: back to full (10) (the Ring)."
    assert n.line(dict(ring, amount=2)) == "Sirja regains 2 Health (the Ring)."
    assert n.line(dict(ring, amount=0)) == "Sirja is already at full Health (10) (the Ring)."


def _ids() -> set[str]:
    c = GAME.content
    ids = {t.id for t in c.tiles} | {i.id for i in c.items} | {m.id for m in c.monsters} | {k.id for k in c.seeds}
    ids |= {ch.id for ch in c.characters}
    return {i for i in ids if "-" in i}


@pytest.mark.parametrize("seed, options", [(1, {"players": 1}), (2, {"players": 2}), (5, {"players": 3, "pvp": True}),
                                           (6, {"players": 1, "adventurers": 4})])
def test_no_internal_id_or_rule_id_in_player_text(seed, options):
    ids = _ids()
    token = re.compile(r"[a-z]+-[a-z0-9-]+")
    rule = re.compile(r"\b(?:CF|C|AUD)-\d+\b|section \d+")
    s = GAME.new_game(seed=seed, options=GAME.options_for_simulation(dict(options, turn_limit=200)))
    bot, r = get_bot("greedy", seed=seed), random.Random(seed)
    texts: list[str] = []
    while not s.is_over:
        d = s.decision
        texts.append(d.prompt)
        texts += [o.label for o in d.options]
        s.apply(bot.choose(s) if r.random() < 0.7 else r.choice(d.ids))
    for seat in range(options["players"]):
        texts += P.narrate(s.log_for(seat), seat)
    one_many = re.compile(r"(?<![\d.])1 (?:dice|tiles|lives|spiders|monsters|tokens|steps|kills|items|seeds)\b")
    bad = [t for t in texts if set(token.findall(t)) & ids or rule.search(t) or "[" in t or one_many.search(t)]
    assert not bad, bad[:5]


def test_details_fixed_keys_grouping_and_the_end_turn_warning():
    s = GAME.new_game(seed=1, options={"players": 1})
    while s.decision.kind != "turn_action":
        s.apply(s.decision.options[0].id)
    d = s.decision
    view = s.view(d.player)
    keys = P.fixed_keys(d)
    assert keys["e"] == "end-turn" and keys["d"] == "draw-tile"
    assert not set(keys) & set("hsluq")
    end = d.option("end-turn")
    assert "unused" in (P.warning(view, d, end) or "")
    details = {x.key: x for x in P.details(view, d)}
    assert {"c", "i", "a", "b", "x"} <= set(details)
    assert GAME.content.morna.name in details["b"].text
    s.apply("draw-tile")
    lay = s.decision
    shown = {x.key: x for x in P.details(s.view(lay.player), lay)}
    tile = next(t for t in GAME.content.tiles if t.id == lay.data["tile"])
    assert tile.name in shown["d"].text


def test_a_long_turn_is_chosen_in_two_steps():
    s = _play(1, {"players": 2}, moves=120)
    while s.decision.kind != "turn_action" or len(s.decision.options) <= 9:
        if s.is_over:
            pytest.skip("no long decision in this game")
        s.apply(get_bot("greedy", 1).choose(s))
    d = s.decision
    depth = P.grouping(d)
    assert depth in (1, 2)
    groups = d.groups(depth)
    assert len(groups) < len(d.options)
    ids = _ids()
    for g in groups:
        label = P.group_label(d, g.key, g.options)
        assert not set(re.findall(r"[a-z]+-[a-z0-9-]+", label)) & ids, label
        assert all(o.meaning()[0] == g.key[0] for o in g.options)


def test_which_item_then_where():
    from woodlands.engine.decision import Decision, Option
    sword = next(i for i in GAME.content.items if i.slot == "hand")
    d = Decision(0, "turn_action", "?", tuple(Option.of("equip", sword.id, sp, label=f"to {sp}")
                                              for sp in ("hand2", "backpack")) +
                 tuple(Option.of("move", e, label=e) for e in "NESW") +
                 tuple(Option.of("give", sword.id, b, label=str(b)) for b in (1, 2, 3)) + (Option.of("end-turn", label="End"),))
    groups = d.groups(P.grouping(d))
    labels = [P.group_label(d, g.key, g.options) for g in groups]
    assert f"Move {sword.name} to another space (2)" in labels and f"Give {sword.name} to someone (3)" in labels
    assert "N" in labels and "End" in labels


def test_describe_knows_every_content_id():
    c = GAME.content
    for ident in [t.id for t in c.tiles] + [i.id for i in c.items] + [m.id for m in c.monsters] + \
            [k.id for k in c.seeds] + [ch.id for ch in c.characters] + ["morna-gul", "spiders"]:
        text = P.describe(ident)
        assert text and ident not in text.replace(ident.replace("-", " "), ""), ident
    assert P.describe("nothing-such") is None
    assert len(P.glossary()) >= 10


@pytest.mark.parametrize("width, height, most_lines", [(80, 24, 18), (160, 50, 50)])
def test_the_table_fits_the_terminal(width, height, most_lines):
    import io

    from rich.console import Console

    from woodlands.cli.table import table_for
    s = _play(2, {"players": 2}, moves=150)
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(table_for(P, s.view(s.decision.player), s.decision.player, width, height))
    lines = console.export_text().splitlines()
    assert len(lines) <= most_lines and max(map(len, lines)) <= width
    text = "\n".join(lines)
    assert "Hildra" in text and "_" not in text   # no decision kind ids like fight_round


def test_an_item_gone_names_no_rule():
    line = P.narrator.line({"type": "item_gone", "adventurer": 0, "item": "crossbow", "cast": ["sirja"],
                            "why": "the crossbow broke on its killer shot (CF-101)"})
    assert line == "Sirja's Crossbow is gone (it broke on its killer shot)."


def test_shared_options_name_this_games_characters():
    """Options and prompts are made once per loaded game and shared by its games: those that
    name a character must not carry another game's (two games, other characters, same seat)."""
    chars = [c.id for c in GAME.content.characters]
    first = GAME.new_game(seed=1, options={"players": 2, "characters": chars[:2]})
    second = GAME.new_game(seed=1, options={"players": 2, "characters": chars[2:4]})
    for s, picked in ((first, chars[:2]), (second, chars[2:4])):
        while s.decision.kind != "turn_action":
            s.apply(s.decision.options[0].id)
        name = next(c.name.split()[0] for c in GAME.content.characters if c.id == picked[s.decision.data["adventurer"]])
        assert s.decision.prompt.startswith(name)


def test_the_full_log_can_be_told_with_names_too():
    from woodlands.games.cursed_forest.view import annotated_log, plain
    s = _play(3, {"players": 4}, moves=300)
    full = annotated_log(s)
    assert [plain(e) for e in full] == s.log           # nothing hidden, nothing changed
    told = P.narrate(full)
    assert not any(x.startswith("[") for x in told)   # every event has its sentence
    after = told[next(k for k, x in enumerate(told) if x.startswith("--- Round")):]
    assert not any("Adventurer" in x for x in after)
