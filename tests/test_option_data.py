"""An option's ``data`` is what clients and bots read instead of its label (docs/<game>.md, "option
data"), so it must tell the truth: for every option of every decision in seeded games of each game,
the numbers and names it carries (a cost, a damage, gold, a side, a target, AP) equal what the
table shows before it is taken and what taking it does, checked on a clone that takes it.

Each check below reads the seat's view (what a client reads), never the option-building code it
checks, so a mistake in one cannot hide in the other.  The repros of the Tanglewoods data found
wrong in seeded play are replayed at the end."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

import pytest

import woodlands
from woodlands.engine import packs
from tests.support import repro


Check = Callable[[dict[str, Any], Any, dict[str, Any], dict[str, Any], dict[str, Any]], list[str]]


def _by_id(cards: list[dict[str, Any]], card_id: str) -> dict[str, Any] | None:
    return next((c for c in cards if c.get("id") == card_id), None)


# ------------------------------------------------------------------ Tanglewoods
def _tw_gold(before: dict[str, Any], option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """A bribe or a merchant's offer costs exactly the gold it says: the first gold the log tells
    of after it is taken (the game plays on to the next decision, which may pay out more)."""
    paid = next((-e["change"] for e in after["_events"] if e["type"] == "gold"), 0)
    return [] if paid == data["cost"] else [f"costs {data['cost']} gold, took {paid}"]


def _tw_bribe(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    problems = _tw_gold(before, option, data, after)
    card = _by_id(before["tableau"], option.id.split(":", 1)[1])
    assert card is not None, option.id
    # T-5: what the enemy would deal now, the table's own number, modifiers and growth included
    if data["damage"] != card["damage_now"]:
        problems.append(f"says Damage {data['damage']}, the table shows {card['damage_now']}")
    if f"(Damage {card['damage_now']})" not in option.label:
        problems.append(f"label {option.label!r} does not show Damage {card['damage_now']}")
    return problems


def _tw_merchant(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    problems = _tw_gold(before, option, data, after)
    if option.id.startswith("bless:"):
        stat = option.id.split(":", 1)[1]
        if data["now"] != before[stat]:
            problems.append(f"says {stat} is {data['now']}, the table shows {before[stat]}")
    return problems


def _tw_place(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    card = _by_id(before["drawn"], option.id.split(":", 1)[1])
    assert card is not None, option.id
    return [f"{k} {data[k]!r}, the table shows {card[k]!r}" for k in ("side", "kind") if data[k] != card[k]]


def _tw_map(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    shown = after["map"]
    problems = [] if shown["side"] == data["side"] else [f"side {data['side']!r}, the chosen map shows {shown['side']!r}"]
    if sorted(data["needs"]) != sorted(shown["directions"]):
        problems.append(f"needs {data['needs']}, the map shows {shown['directions']}")
    if after["map"]["complete"] is not False and not after["tableau"]:
        problems.append("a new map with an empty tableau is shown complete")
    return problems


def _tw_peek(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    # the lifted card goes on top or to the bottom: the deck's faces a player may see (T-10) show it
    where, card_id = option.id.split(":", 1)
    shown = after["decks"]["forest"]["top" if where == "top" else "bottom_underside"]
    if where == "top" and shown and shown["id"] == card_id and shown["side"] != data["side"]:
        return [f"side {data['side']!r}, the deck's top shows {shown['side']!r}"]
    return []


def _tw_enemy(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    card = _by_id(before["tableau"], option.id.rsplit(":", 1)[1])
    assert card is not None, option.id
    shown = {"taken": card["damage_taken"], "health": card["health_now"]}
    return [f"{k} {data[k]}, the table shows {shown[k]}" for k in shown if data[k] != shown[k]]


def _tw_roll(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    committed = sum(1 for d in before["committed_dice"] if not d["applied"])   # rolled again until applied
    return [] if data["dice"] == committed else [f"rolls {data['dice']} dice, {committed} are committed"]


TANGLEWOODS: dict[str, Check] = {
    "bribe:": _tw_bribe, "buy:": _tw_merchant, "bait:": _tw_merchant, "bless:": _tw_merchant,
    "forge:": _tw_merchant, "mend:": _tw_merchant, "place:": _tw_place, "map:": _tw_map,
    "top:": _tw_peek, "bottom:": _tw_peek, "apply:": _tw_enemy, "enemy:": _tw_enemy, "roll": _tw_roll,
}


def _tw_decision(view: dict[str, Any], decision: Any) -> list[str]:
    """Baby Bear's ambush names the card it drew, with the side the table shows."""
    if decision.kind != "baby_bear_enemy":
        return []
    card = _by_id(view["revealed"], decision.data["card"])
    assert card is not None
    return [] if card["side"] == decision.data["side"] else [
        f"Baby Bear's decision says side {decision.data['side']!r}, the table shows {card['side']!r}"]


# ------------------------------------------------------------------ Storyfold
def _river(view: dict[str, Any], card: str) -> dict[str, Any] | None:
    return next((c for c in view["river"] if c["card"] == card), None)


def _sf_crystal(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    card = _river(before, data["action"])
    assert card is not None, option.id
    return [] if card["crystals"] == data["on_card"] else [f"says {data['on_card']} there, the table shows {card['crystals']}"]


def _sf_creature(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    card = _river(before, data["card"])
    assert card is not None, option.id
    return [f"{k} {data[k]!r}, the table shows {card.get(k)!r}" for k in ("stunned",) if data[k] != card.get(k)]


def _sf_roll(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    rolled = after["roll"]
    if rolled is None or "dice" not in rolled:
        return []
    sizes = Counter(d["size"] for d in rolled["dice"])
    want = {8: data["d8"], 10: data["d10"], 12: data["d12"]}
    problems = [f"{n} d{k} said, {sizes.get(k, 0)} rolled" for k, n in want.items() if sizes.get(k, 0) != n]
    return problems + ([] if data["dice"] == sum(want.values()) else [f"dice {data['dice']} is not the sum {want}"])


def _sf_reroll(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    roll = before["roll"]
    die = roll["dice"][int(option.id.split(":", 1)[1])]
    shown = {"size": die["size"], "face": die["face"], "success": die["face"] >= roll["threshold"]}
    return [f"{k} {data[k]!r}, the table shows {shown[k]!r}" for k in shown if data[k] != shown[k]]


STORYFOLD: dict[str, Check] = {
    "crystal:": _sf_crystal, "creature:": _sf_creature, "roll:": _sf_roll, "die:": _sf_reroll,
}


# ------------------------------------------------------------------ The Cursed Forest
def _cf_actor(view: dict[str, Any], decision: Any) -> dict[str, Any] | None:
    """The adventurer the decision is for: the one whose turn it is (a fight's hero when fighting)."""
    index = (decision.data or {}).get("adventurer")
    if index is None:
        fight = view.get("fight")
        index = fight.get("adventurer") if fight else None
    if index is None:
        turn = view.get("turn")
        index = turn if isinstance(turn, int) else None
    players = view["players"]
    return players[index] if index is not None and 0 <= index < len(players) else None


def _cf_end_turn(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    actor = _cf_actor(before, decision)
    assert actor is not None
    return [] if actor["ap"] == data["ap_lost"] else [f"says {data['ap_lost']} AP lost, the table shows {actor['ap']}"]


def _cf_move(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    actor = _cf_actor(before, decision)
    assert actor is not None
    moved = after["players"][actor["adventurer"]]
    problems = []
    same_turn = (after["turn"], after["round"]) == (before["turn"], before["round"])
    if same_turn and moved["position"] != actor["position"] and moved["ap"] != actor["ap"] - data["ap"]:
        problems.append(f"costs {data['ap']} AP, took {actor['ap'] - moved['ap']}")
    tile = next((t for t in after["tiles"] if t["position"] == moved["position"]), None)
    if tile is not None and data.get("tile") is not None and tile["id"] != data["tile"]:
        problems.append(f"goes to {data['tile']!r}, arrived at {tile['id']!r}")
    return problems


def _cf_draw_tile(before: dict[str, Any], decision: Any, option: Any, data: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return [] if before["stack_size"] == data["left"] else [f"says {data['left']} tiles left, the table shows {before['stack_size']}"]


CURSED_FOREST: dict[str, Check] = {"end-turn": _cf_end_turn, "move:": _cf_move, "draw-tile": _cf_draw_tile}

CHECKS: dict[str, dict[str, Check]] = {"tanglewoods": TANGLEWOODS, "storyfold": STORYFOLD, "cursed-forest": CURSED_FOREST}
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "tanglewoods": [{"difficulty": 3}, {"difficulty": 5}],
    "storyfold": [{}],
    "cursed-forest": [{"players": 1, "adventurers": 2}, {"players": 3}],
}


def _check_for(checks: dict[str, Check], option_id: str) -> Check | None:
    return next((c for prefix, c in checks.items() if option_id == prefix or option_id.startswith(prefix)), None)


def audit(game_id: str, seed: int, options: dict[str, Any], limit: int = 400) -> tuple[list[str], Counter[str]]:
    """Play one seeded random game; at each decision, take every option with data on a clone and
    check what it says.  Returns the problems and how many options each check looked at."""
    checks, checked, problems = CHECKS[game_id], Counter[str](), []
    s = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_over:
            break
        d = s.decision
        seat = d.player if d.player is not None else 0
        before = s.view(seat)
        if game_id == "tanglewoods":
            problems += [f"{game_id} seed {seed} {d.kind}: {p}" for p in _tw_decision(before, d)]
        for option in d.options:
            check = _check_for(checks, option.id)
            if check is None or not option.data:
                continue
            fork = s.clone()
            since = fork.log_length
            fork.apply(option.id)
            after = dict(fork.view(seat), _events=fork.log_for(seat, since))
            checked[check.__name__] += 1
            problems += [f"{game_id} seed {seed} {d.kind} {option.id}: {p}"
                         for p in check(before, d, option, dict(option.data), after)]
        s.apply(rng.choice(d.options).id)
    return problems, checked


@pytest.mark.rules("T-5", "TG-052", "TG-094", "T-22", "TG-039", "SW-055", "CF-018")
@pytest.mark.parametrize("game_id", sorted(CHECKS))
def test_every_options_data_tells_the_truth(game_id: str) -> None:
    problems: list[str] = []
    checked: Counter[str] = Counter()
    for seed in range(8):
        found, seen = audit(game_id, seed, OPTIONS[game_id][seed % len(OPTIONS[game_id])])
        problems += found
        checked += seen
    assert not problems, f"{len(problems)} options misstate the game, e.g.:\n" + "\n".join(problems[:15])
    # every check ran: a check that never meets its option proves nothing
    assert set(checked) == {c.__name__ for c in CHECKS[game_id].values()}, checked


# ------------------------------------------------------------------ the repros
def _replay(name: str) -> tuple[Any, dict[str, Any]]:
    """The repro's game after all its choices, as a position (tests/support.py: ``repro``)."""
    s, _, r = repro(name, packs.game_for("tanglewoods", "tanglewoods-standard", "0.2.0"), before_last=False)
    return s, r


@pytest.mark.rules("TG-094", "T-22", "TG-101")
def test_a_drawn_bear_is_offered_with_its_enemy_side_not_day() -> None:
    """The repro's Papa Bear, drawn in round 2: the option says what the table says, 'enemy'."""
    s, _ = _replay("tanglewoods-bear-side-reported-as-day.json")
    shown = _by_id(s.view(0)["drawn"], "papa-bear")
    option = next(o for o in s.decision.options if o.id == "place:papa-bear")
    assert shown is not None and shown["side"] == "enemy"
    assert option.data == {"side": "enemy", "kind": "bear"}
    assert "(enemy," in option.label and "day" not in option.label


@pytest.mark.rules("TG-052", "T-5")
def test_a_bribe_says_the_damage_the_enemy_would_deal_under_the_sunken_road() -> None:
    """The Sunken Road takes 1 from every enemy's Damage this round: a bribe spares the hero that
    lowered Damage, and its option says so (0, 1, 0; printed 1, 2, 1)."""
    s, _ = _replay("tanglewoods-bribe-data-damage-is-printed.json")
    assert s.decision.kind == "bribe"
    said = {o.id: o.data["damage"] for o in s.decision.options if o.id.startswith("bribe:")}
    assert said == {"bribe:bonebell-gnome": 0, "bribe:thornback-boar": 1, "bribe:nettle-goblin": 0}
    assert any(o.label.endswith("(Damage 1)") and "thornback" in o.id for o in s.decision.options)


@pytest.mark.rules("TG-039", "TG-030", "T-12")
def test_a_map_chosen_in_the_map_phase_is_not_shown_complete_while_its_special_asks() -> None:
    """The Starlit Clearing, chosen after a round that completed the Hollow Way: while its Special
    asks which die to wake, the new map with its empty tableau is missing all three directions."""
    s, _ = _replay("tanglewoods-map-complete-before-forest-phase.json")
    assert s.decision.kind == "pick_dice"
    shown = s.view(0)["map"]
    assert shown["id"] == "starlit-clearing" and s.view(0)["tableau"] == []
    assert (shown["complete"], shown["status"], sorted(shown["missing"])) == (False, "missing", ["E", "N", "S"])
