"""The default Cursed Forest pack: the box's counts (CF-098, ruling C-3), honest provenance,
the printed numbers exactly as printed, stand-ins inside the C-3 scale, and a forest that
connects (ruling C-1)."""
from __future__ import annotations

import random
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from woodlands.games.cursed_forest.content_loader import DEFAULT_PACK, load
from woodlands.games.cursed_forest.model import STEP

C = load(DEFAULT_PACK)
FOREST = [t for t in C.tiles if t.kind not in ("start", "exit")]
ITEM_ENTRIES = {i.entry: i for i in C.items}
CHARACTERS = {c.id: c for c in C.characters}

# What the rulebook prints, and so what must say provenance = "rulebook".
PRINTED_ITEMS = {"black-flame", "crossbow", "crow", "dragon-scent", "elven-boots", "elven-rope", "enchant",
                 "halfling-fishing-rod"}
PRINTED_CHARACTERS = {"sirja"}


def open_edges(tile) -> int:
    return sum(tile.open)


# ------------------------------------------------------------------------------------- counts

def test_the_pack_loads_through_the_game():
    """The game itself (not only the loader) accepts the default pack."""
    import woodlands
    game = woodlands.load_game("cursed-forest")
    assert game.content.id == C.id == "cursed-forest-standard"
    assert len(game.content.tiles) == len(C.tiles)


@pytest.mark.rules("CF-098", "C-3")
def test_box_counts():
    """43 forest tiles plus one Start and one Exit, 30 monsters, 40 items, 8 characters, 4 seeds."""
    kinds = Counter(t.kind for t in C.tiles)
    assert (kinds.pop("start"), kinds.pop("exit")) == (1, 1)
    assert sum(kinds.values()) == len(FOREST) == 43
    assert (len(C.monsters), len(C.items), len(C.characters), len(C.seeds)) == (30, 40, 8, 4)


@pytest.mark.rules("C-3", "CF-051", "CF-071", "CF-065", "CF-098")
def test_tile_kinds_and_counts():
    """Every C-3 kind is there.  The rulebook fixes 4 brood seed tiles (CF-051), 4 red-vine tiles
    (CF-071), 1 pit (CF-065) and 1 gateway; the rest of the mix is ours."""
    kinds = Counter(t.kind for t in FOREST)
    assert kinds == {"brood-seed": 4, "red-vine": 4, "web": 4, "pit": 1, "swamp": 3, "bone-yard": 3,
                     "gateway": 1, "monster": 14, "path": 9}
    seeds_on_tiles = sorted(t.seed for t in FOREST if t.kind == "brood-seed")
    assert seeds_on_tiles == [0, 1, 2, 3]


@pytest.mark.rules("CF-020", "CF-098")
def test_thirty_monsters_with_a_green_and_a_purple_side():
    """Each monster has a standard (green) and a guardian (purple) side, and the guardian is never
    the weaker of the two."""
    assert len({m.id for m in C.monsters}) == 30
    for m in C.monsters:
        green, purple = m.sides
        assert green.name and purple.name and green.name != purple.name
        assert purple.health > green.health, m.id
        assert (purple.dice, purple.modifier) >= (green.dice, green.modifier), m.id
        assert purple.dice * 3.5 + purple.modifier > green.dice * 3.5 + green.modifier, m.id
        assert (purple.poison, purple.undead) == (green.poison, green.undead), m.id
        assert not green.boss and not purple.boss


@pytest.mark.rules("CF-098")
def test_tokens_add_up_to_the_box():
    """42 game tokens; one monster token per monster tile, one per swamp and bone yard, and
    enough spider tokens for a full die."""
    assert sum(C.tokens.values()) == 42
    kinds = Counter(t.kind for t in FOREST)
    assert C.tokens["monster"] == kinds["monster"]
    assert C.tokens["swamp"] == kinds["swamp"] and C.tokens["bone_yard"] == kinds["bone-yard"]
    assert C.tokens["spider"] == 6 * C.spiders.count_dice


# ------------------------------------------------------------------------------------- provenance

@pytest.mark.rules("C-3")
def test_provenance_is_honest():
    """Printed: the glossary items, Sirja, the brood seeds, Morna Gûl and the spiders.  Everything
    else (every tile, every monster, the other items and characters, the token split) is ours."""
    for group in (C.tiles, C.monsters, C.items, C.characters, C.seeds):
        assert {e.provenance for e in group} <= {"rulebook", "stand-in"}
    assert {i.entry for i in C.items if i.provenance == "rulebook"} == PRINTED_ITEMS
    assert {c.id for c in C.characters if c.provenance == "rulebook"} == PRINTED_CHARACTERS
    assert {s.provenance for s in C.seeds} == {"rulebook"}
    assert C.morna.provenance == C.spiders.provenance == "rulebook"
    assert {t.provenance for t in C.tiles} == {"stand-in"}
    assert {m.provenance for m in C.monsters} == {"stand-in"}
    bosses = tomllib.loads((DEFAULT_PACK / "bosses.toml").read_text(encoding="utf-8"))
    assert bosses["tokens"]["provenance"] == "stand-in"


# ------------------------------------------------------------------------------------- printed numbers

GLOSSARY = [
    # entry, CF id, slot, AP, single use, spell, (power, params), ranged (range, damage dice)
    ("black-flame", "CF-100", "hand", 4, True, True, ("line_blast", {"dice": 2}), None),
    ("crossbow", "CF-101", "two-handed", 3, False, False, ("crossbow_six", {"damage": 12, "breaks": True}), ((1, 4), 1)),
    ("crow", "CF-102", "none", 0, False, False, ("reroll_monster_dice", {}), None),
    ("dragon-scent", "CF-103", "backpack-only", 2, True, False, ("halve_monster_health", {}), None),
    ("elven-boots", "CF-104", "boots", 0, False, False, ("jump_tile", {}), None),
    ("elven-rope", "CF-105", "backpack-only", 0, False, False, ("cross_pit", {}), None),
    ("enchant", "CF-106", "hand", 1, True, True, ("enchant_weapon", {"bonus": 5}), None),
    ("halfling-fishing-rod", "CF-107", "backpack-only", 3, True, False, ("fish_swamp", {"success_min": 2}), None),
]


@pytest.mark.rules("CF-100", "CF-101", "CF-102", "CF-103", "CF-104", "CF-105", "CF-106", "CF-107", "CF-009")
@pytest.mark.parametrize("entry,rule,slot,ap,single,spell,power,ranged", GLOSSARY, ids=[g[0] for g in GLOSSARY])
def test_glossary_items_carry_the_printed_numbers(entry, rule, slot, ap, single, spell, power, ranged):
    item = ITEM_ENTRIES[entry]
    assert (item.slot, item.ap, item.single_use, item.spell) == (slot, ap, single, spell), rule
    name, params = power
    assert [e.do for e in item.abilities] == [name], rule
    assert item.ability(name).params == params, rule
    if ranged:
        (lo, hi), dice = ranged
        assert (item.attack, item.range_min, item.range_max, item.damage_dice) == ("ranged", lo, hi, dice)
        assert "crossbow" in item.tags          # Sirja's crossbow powers find it (CF-047)
    else:
        assert (item.attack, item.damage_dice, item.combat_modifier, item.combat_dice) == ("", 0, 0, 0)


@pytest.mark.rules("CF-047", "CF-101")
def test_two_crossbows_for_sirjas_twin_shot():
    """Sirja's card talks of owning two crossbows, so the bag holds two."""
    assert sorted(i.id for i in C.items if i.entry == "crossbow") == ["crossbow", "crossbow-2"]


@pytest.mark.rules("CF-047")
def test_sirja_as_printed():
    sirja = CHARACTERS["sirja"]
    assert (sirja.dice, sirja.modifier) == (2, 2)
    assert sirja.ability("disarm_traps").params == {"success_min": 4}
    assert sirja.ability("twin_crossbows").params == {"ap": 5}
    assert {"crossbow_one_handed", "crossbow_never_breaks"} <= sirja.powers


@pytest.mark.rules("CF-039", "CF-049")
def test_tamiel_cures_and_thalenor_keeps_his_spells():
    assert "cure_poison" in CHARACTERS["tamiel"].powers
    assert "reusable_spells" in CHARACTERS["thalenor"].powers
    assert sum("reusable_spells" in c.powers for c in C.characters) == 1


@pytest.mark.rules("CF-052", "CF-053", "CF-054", "CF-055", "CF-056")
def test_the_four_brood_seeds():
    assert {s.name: s.power for s in C.seeds} == {
        "Athuil": "cure-and-immunity", "Lauriel": "free-spells", "Liantë": "no-spiders", "Marta": "reroll-one-die"}


@pytest.mark.rules("CF-073", "CF-074")
def test_morna_gul_as_printed():
    m = C.morna
    assert (m.health, m.dice, m.modifier, m.move_dice, m.regenerate, m.run_past_damage) == (20, 4, 10, 2, 5, 2)


@pytest.mark.rules("CF-062")
def test_spiders_as_printed():
    assert (C.spiders.health, C.spiders.dice, C.spiders.count_dice) == (1, 2, 1)


# ------------------------------------------------------------------------------------- stand-in scale

@pytest.mark.rules("C-3")
def test_characters_lie_in_the_c3_scale():
    """Heroes: 9-12 Health, 4-6 AP, 2 dice +0..+3 (Sirja's Health and AP are ours too)."""
    for c in C.characters:
        assert 9 <= c.health <= 12 and 4 <= c.ap <= 6, c.id
        assert c.dice == 2 and 0 <= c.modifier <= 3, c.id
    assert len({c.name for c in C.characters}) == 8


@pytest.mark.rules("C-3")
def test_monsters_lie_in_the_c3_scale():
    """Monsters: 5-15 Health, combat from 1d6+1 to 2d6+7, on both sides."""
    for m in C.monsters:
        for side in m.sides:
            assert 5 <= side.health <= 15, (m.id, side.name)
            assert side.dice in (1, 2) and 1 <= side.modifier <= 7, (m.id, side.name)


@pytest.mark.rules("CF-031", "C-3")
def test_green_monsters_spread_over_the_loot_bands():
    """Some greens give nothing (Health 5), most one item (6-9), a few two (10+), and killing
    every green monster could not empty the Items bag by itself."""
    health = [m.sides[0].health for m in C.monsters]
    bands = Counter(0 if h < 6 else 1 if h < 10 else 2 for h in health)
    assert all(bands[b] > 0 for b in (0, 1, 2)) and bands[1] > bands[0] + bands[2]
    assert sum(k * n for k, n in bands.items()) <= len(C.items)


def test_stand_in_items_are_modest():
    """Our items stay below the glossary's big hitters: at most 4 AP, +3 to combat or one extra
    die, armour 2, two damage dice, range 5, and Health back at most 6 (or a full heal)."""
    for i in C.items:
        if i.provenance != "stand-in":
            continue
        assert i.ap <= 4 and i.combat_modifier <= 3 and i.combat_dice <= 1 and i.armour <= 2, i.id
        assert i.damage_dice <= 2 and i.range_max <= 5, i.id
        heal = i.ability("heal")
        if heal is not None:
            assert heal.get("amount") <= 6, i.id
        bonus = i.ability("combat_bonus")
        if bonus is not None:
            assert bonus.get("amount") <= 3, i.id


@pytest.mark.rules("CF-039")
def test_every_healing_item_also_cures_poison():
    healers = [i for i in C.items if "heal" in i.powers]
    assert healers and all(i.ability("heal").get("cure") for i in healers)
    assert any("cure_poison" in i.powers for i in C.items)


@pytest.mark.rules("CF-106", "CF-042", "CF-043", "CF-044", "CF-045")
def test_weapons_can_be_enchanted_and_every_slot_is_used():
    """Enchant works on weapons: every melee weapon is tagged so.  The bag has items for hands,
    both hands, boots, armour, the backpack and no space at all."""
    assert all("weapon" in i.tags for i in C.items if i.attack == "fight")
    assert {i.slot for i in C.items} == {"hand", "two-handed", "boots", "armour", "backpack-only", "none"}


# ------------------------------------------------------------------------------------- tiles connect

@pytest.mark.rules("C-1", "CF-014", "CF-015")
def test_tiles_have_one_to_four_open_edges_and_few_dead_ends():
    for t in C.tiles:
        assert 1 <= open_edges(t) <= 4, t.id
    ends = Counter(open_edges(t) for t in FOREST)
    assert 1 <= ends[1] <= 5 and ends[2] + ends[3] + ends[4] >= 38


@pytest.mark.rules("C-1", "CF-003", "CF-068")
def test_start_and_exit_connect_on_every_side():
    """The Start is open all round, so the first tile can go anywhere; the Exit is too, so it can
    join the last tile whichever way that tile leaves room."""
    assert open_edges(C.tiles[C.start]) == 4 and open_edges(C.tiles[C.exit]) == 4


def lay_whole_stack(rng: random.Random) -> int:
    """Lay the shuffled stack as ruling C-1 allows, each tile across a random open edge that
    faces an empty square; return how many tiles were left when no such edge remained."""
    grid: dict[tuple[int, int], tuple[bool, ...]] = {(0, 0): C.tiles[C.start].open}
    stack = FOREST[:]
    rng.shuffle(stack)
    while stack:
        frontier = [(x + STEP[e][0], y + STEP[e][1], e) for (x, y), op in grid.items() for e in range(4)
                    if op[e] and (x + STEP[e][0], y + STEP[e][1]) not in grid]
        if not frontier:
            return len(stack)
        x, y, e = rng.choice(frontier)
        tile = stack.pop()
        facing = (e + 2) % 4
        turns = [r for r in range(4) if tile.open_at(facing, r)]
        assert turns, tile.id
        r = rng.choice(turns)
        grid[(x, y)] = tuple(tile.open_at(d, r) for d in range(4))
    return 0


@pytest.mark.rules("C-1", "CF-067")
def test_the_forest_rarely_closes_itself_off():
    """Over 400 seeded random layings the forest almost always takes the whole stack, so the
    endgame (which waits for the last tile) is reached."""
    closed = sum(lay_whole_stack(random.Random(seed)) > 0 for seed in range(400))
    assert closed <= 4


# ------------------------------------------------------------------------------------- texts match numbers

def test_character_texts_say_their_numbers():
    """What a player reads matches what the engine uses: the combat line, and every AP figure is
    the character's AP or the AP of one of its powers (so retuning cannot leave a stale text)."""
    for c in C.characters:
        assert f"Combat {c.dice} dice +{c.modifier}" in c.text, c.id
        allowed = {c.ap} | {e.get("ap") for e in c.abilities if e.get("ap") is not None}
        said = {int(n) for n in re.findall(r"(\d+) AP|AP (\d+)", c.text) for n in n if n}
        assert said <= allowed, (c.id, said, allowed)


def test_item_texts_say_their_ap_cost():
    for i in C.items:
        if i.ap:
            assert f"{i.ap} AP" in i.text, i.id
        else:
            assert not re.search(r"\d AP", i.text), i.id


# ------------------------------------------------------------------------------------- our own words

def test_pack_texts_do_not_copy_the_rulebook():
    """No ten-word run of the rulebook appears in any text of the pack."""
    book = Path(__file__).resolve().parents[3] / "shared" / "rulebooks" / "cursed-forest.txt"
    if not book.is_file():
        pytest.skip(f"the rulebook is not beside the checkout ({book})")

    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", s.lower())

    bw = words(book.read_text(encoding="utf-8"))
    runs = {tuple(bw[i:i + 10]) for i in range(len(bw) - 9)}
    for f in sorted(DEFAULT_PACK.glob("*.toml")):
        ws = words(f.read_text(encoding="utf-8"))
        copied = [" ".join(ws[i:i + 10]) for i in range(len(ws) - 9) if tuple(ws[i:i + 10]) in runs]
        assert not copied, f"{f.name}: {copied[0]}"
