"""The ``events`` column (what happened to each card, hero, item, monster, tile and character)
and the loss facts, checked against the game itself for seeded games of every game.

The counts are made again here, independently, from the log lines (one plain loop per event
name), and the tableau a Tanglewoods game followed through its log is checked against the
state's own tableau at every Suffer Damage step.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

import pytest

import woodlands
from woodlands.engine.state import GameState
from woodlands.kit.bots import bot_for
from woodlands.sim.details import detail_fields, details

SEEDS = (1, 2, 5, 8)


def _played(game_id: str, seeds: tuple[int, ...] = SEEDS, options: dict[str, Any] | None = None) -> Iterator[GameState]:
    game = woodlands.load_game(game_id)
    for seed in seeds:
        for bot_name in ("random", "greedy"):
            state = game.new_game(seed=seed, options=game.options_for_simulation(options or {}))
            bot = bot_for(game_id, bot_name, seed)
            while not state.is_over:
                state.apply(bot.choose(state))
            yield state


def _counted(state: GameState) -> Counter[tuple[str, str, str]]:
    rows = details(state)["events"]
    out: Counter[tuple[str, str, str]] = Counter()
    for r in rows:
        assert set(r) == {"kind", "id", "event", "n"} and r["n"] > 0
        assert (r["kind"], r["id"], r["event"]) not in out        # one row per entity and event
        out[(r["kind"], r["id"], r["event"])] = r["n"]
    return out


def _of(counts: Counter[tuple[str, str, str]], kind: str, event: str) -> Counter[str]:
    return Counter({i: n for (k, i, e), n in counts.items() if k == kind and e == event})


def test_tanglewoods_counts_equal_the_log() -> None:
    for state in _played("tanglewoods", options={"difficulty": 4}):
        got = _counted(state)
        log = state.log
        drawn: Counter[str] = Counter(e["card"] for e in log if e["type"] == "draw")
        placed: Counter[str] = Counter(e["card"] for e in log if e["type"] == "place")
        defeated: Counter[str] = Counter(e["card"] for e in log if e["type"] == "defeat")
        bribed: Counter[str] = Counter(e["card"] for e in log if e["type"] == "bribe")
        taken: Counter[str] = Counter()
        for e in log:
            if e["type"] == "damage":
                taken[e["card"]] += e["amount"]
        paid: Counter[str] = Counter()
        for e in log:
            if e["type"] == "gold" and str(e["why"]).startswith("bribe ") and e["change"] < 0:
                paid[e["why"][len("bribe "):]] += -e["change"]
        used: Counter[str] = Counter(e["item"] for e in log if e["type"] == "use" and e["what"] == "item")
        assert _of(got, "card", "drawn") == drawn
        assert _of(got, "card", "placed") == placed
        assert _of(got, "card", "defeated") == defeated
        assert _of(got, "card", "bribed") == bribed
        assert _of(got, "card", "damage_taken") == +taken
        # a bribe is paid in gold; other gold a card takes is its own effect, named in the log too
        card_paid = _of(got, "card", "gold_paid")
        assert all(card_paid[c] >= n for c, n in paid.items())
        assert _of(got, "item", "used") == used
        hero = next(e["hero"] for e in log if e["type"] == "hero")
        lost = sum(-e["change"] for e in log if e["type"] == "stat" and e["stat"] == "health" and e["change"] < 0)
        assert got[("hero", hero, "damage_taken")] == lost
        spent = sum(-e["change"] for e in log if e["type"] == "gold" and e["change"] < 0)
        assert got[("hero", hero, "gold_paid")] == spent


def test_tanglewoods_the_enemies_faced_are_the_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """The enemies the log says the hero faced at Suffer Damage are those the state held then
    (the log gives only the total, so the tableau is followed through it)."""
    from woodlands.games.tanglewoods.modifiers import enemy_codes
    from woodlands.games.tanglewoods.state import TanglewoodsState
    emit = TanglewoodsState.emit
    facing: list[tuple[list[str], list[str]]] = []

    def watching(self: Any, type_: str, **fields: Any) -> None:
        if type_ == "suffer_damage":
            en = enemy_codes(self)
            ids = [(self.content.forest[c >> 1].id, c in en, self.defeated[i]) for i, c in enumerate(self.tableau)]
            facing.append(([x for x, enemy, _ in ids if enemy], [x for x, enemy, beaten in ids if enemy and not beaten]))
        emit(self, type_, **fields)
    monkeypatch.setattr(TanglewoodsState, "emit", watching)
    seen = 0
    for state in _played("tanglewoods", seeds=(1, 2, 3, 5, 8, 13), options={"difficulty": 6}):
        got = _counted(state)
        fought = Counter(x for f, _ in facing for x in f)
        undefeated = Counter(x for _, u in facing for x in u)
        assert _of(got, "card", "fought") == fought
        assert _of(got, "card", "undefeated") == undefeated
        alone = Counter()
        suffered = [e["amount"] for e in state.log if e["type"] == "suffer_damage"]
        assert len(suffered) == len(facing)
        for (_, u), amount in zip(facing, suffered):
            if len(u) == 1 and amount:
                alone[u[0]] += amount
        effect = Counter()
        ids = {c.id for c in state.content.forest}
        bears = {f.name: c.id for c in state.content.forest if c.kind == "bear" for f in c.faces}
        for e in state.log:
            if e["type"] == "stat" and e["stat"] == "health" and e["change"] < 0:
                if e["why"] in ids:
                    effect[e["why"]] += -e["change"]
                elif e["why"] in bears:
                    effect[bears[e["why"]]] += -e["change"]
        assert _of(got, "card", "damage_dealt") == alone + effect
        seen += len(facing)
        facing.clear()
    assert seen > 20


def test_cursed_forest_counts_equal_the_log() -> None:
    for state in _played("cursed-forest"):
        got = _counted(state)
        log = state.log
        assert _of(got, "monster", "revealed") == Counter(e["monster"] for e in log if e["type"] == "draw" and e["what"] == "monster")
        assert _of(got, "monster", "defeated") == Counter(e["monster"] for e in log if e["type"] == "kill")
        fights = Counter(e["monster"] for e in log if e["type"] == "fight" and e.get("monster"))
        fights["morna-gul"] += sum(1 for e in log if e["type"] == "fight" and e["kind"] == "morna")
        assert _of(got, "monster", "fought") == +fights
        assert _of(got, "tile", "laid") == Counter(e["tile"] for e in log if e["type"] == "lay")
        assert _of(got, "tile", "entered") == Counter(e["tile"] for e in log if e["type"] == "move")
        assert _of(got, "item", "used") == Counter(e["item"] for e in log if e["type"] == "use"
                                                    and e["item"] in {it.id for it in state.content.items})
        # damage to the adventurers from a fight's foe: every point goes to the monster fought
        foe, dealt = None, Counter()
        for e in log:
            if e["type"] == "fight":
                foe = e.get("monster") or ("morna-gul" if e["kind"] == "morna" else None)
            elif e["type"] == "fight_over":
                foe = None
            elif e["type"] == "damage" and e["source"] == "monster" and foe and e["amount"]:
                dealt[foe] += e["amount"]
            elif e["type"] == "damage" and e["source"] == "morna" and e["amount"]:
                dealt["morna-gul"] += e["amount"]
        assert _of(got, "monster", "damage_dealt") == dealt
        assert _of(got, "tile", "drawn") == Counter(e["tile"] for e in log if e["type"] == "draw" and e["what"] == "tile")
        found = Counter(e["item"] for e in log if e["type"] == "pickup")
        found.update(e["item"] for e in log if e["type"] == "stow" and "given_by" not in e)
        assert _of(got, "item", "found") == found
        hurt = Counter()
        for e in log:
            if e["type"] == "combat_round" and e.get("damage_to_foe"):
                hurt["fight"] += e["damage_to_foe"]
            elif e["type"] == "ranged_hit":
                hurt["fight"] += e["damage"]
        fights_of_monsters = sum(_of(got, "monster", "damage_taken").values())
        assert fights_of_monsters <= hurt["fight"]       # less only by the fights with no monster (spiders)
        chars = [e["character"] for e in log if e["type"] == "character"]
        assert sum(_of(got, "character", "chosen").values()) == len(chars) >= 1


def test_storyfold_counts_equal_the_log() -> None:
    for state in _played("storyfold", seeds=(1, 2)):
        got = _counted(state)
        log = state.log
        assert _of(got, "card", "drawn") == Counter(e["card"] for e in log if e["type"] == "draw" and e["card"])
        assert _of(got, "card", "activated") == Counter(e["card"] for e in log if e["type"] == "activate")
        played = Counter(e["action"] for e in log if e["type"] == "action")
        played.update(e["card"] for e in log if e["type"] == "boon_used")
        assert _of(got, "card", "played") == played
        ids = set(state.content.card_ids)     # type: ignore[attr-defined]
        taken: Counter[str] = Counter()
        for e in log:
            if e["type"] == "spirit" and e.get("why") in ids and e["change"] < 0:
                taken[e["why"]] += -e["change"]
        assert _of(got, "card", "spirit_taken") == taken
        discarded = Counter(e["card"] for e in log if e["type"] in ("creature_discarded", "boon_discarded", "explore_discarded"))
        assert _of(got, "card", "discarded") == discarded
        assert _of(got, "card", "healed") == Counter(e["card"] for e in log if e["type"] == "healed")
        assert sum(_of(got, "card", "drawn").values()) > 0


@pytest.mark.parametrize("game_id", ["tanglewoods", "cursed-forest", "storyfold"])
def test_loss_facts(game_id: str) -> None:
    fields = detail_fields()
    for state in _played(game_id, seeds=(1, 2)):
        d = details(state)
        outcome = state.outcome or {}
        if outcome["result"] == "win":
            assert d["loss_reason"] is None and d["loss_round"] is None
        else:
            assert d["loss_reason"] == outcome.get("reason", outcome["result"])
            assert isinstance(d["loss_round"], int) and d["loss_round"] >= 0
        at_end = [k for k in d if k.startswith("at_end_")]
        assert len(at_end) >= 3 and all(k in fields for k in at_end)
        if game_id == "tanglewoods":
            assert d["at_end_bears_beaten"] == outcome.get("bears_defeated", d["at_end_bears_beaten"])
            assert d["at_end_health"] == state.health     # type: ignore[attr-defined]
            if outcome["result"] != "win":
                assert d["loss_round"] == outcome.get("round")
        if game_id == "cursed-forest":
            assert d["at_end_seeds_laid"] == state.seeds_laid    # type: ignore[attr-defined]
        if game_id == "storyfold":
            assert d["at_end_scene"] in {s.id for s in state.content.scenes}   # type: ignore[attr-defined]


def test_the_events_column_has_one_type_for_every_game() -> None:
    import pyarrow as pa
    from woodlands.sim.results import table_of
    rows = []
    for game_id in ("tanglewoods", "cursed-forest", "storyfold"):
        for state in _played(game_id, seeds=(3,)):
            rows.append({"game": game_id, "seed": 3, "result": str((state.outcome or {}).get("result")), **details(state)})
    t = table_of(rows)
    assert t.schema.field("events").type == pa.list_(pa.struct([("kind", pa.string()), ("id", pa.string()),
                                                                ("event", pa.string()), ("n", pa.int64())]))
    assert all(len(x) > 0 for x in t.column("events").to_pylist())
