"""Observations (issue 13, "Observations for learning"): a fixed-size encoding of what one seat
may see.  Twins that differ only in facts hidden from the seat (hand-made, and made by
``state.determinize``) encode identically, there and along the quiet play that follows
(tests/test_hidden_facts.py's harness); the encoding follows the visible facts (it agrees with
``view(seat)`` on the numbers both hold, and it changes when they change)."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import woodlands
from tests.test_hidden_facts import CASES, determinized_twin, twins_seen
from woodlands.kit.encoding import encoder

GAMES = [("tanglewoods", {}), ("storyfold", {}), ("cursed-forest", {"players": 3, "pvp": True}),
         ("cursed-forest", {"players": 1, "adventurers": 2})]


def encoded(s: Any, seat: int, branch: int) -> bytes:
    return encoder(s.game.id, s.options).flat(s, seat).tobytes()


@pytest.mark.parametrize("case", CASES)
def test_twins_that_differ_only_in_hidden_facts_encode_the_same(case: Any) -> None:
    compared, differed = twins_seen(case, 300, encoded, every=3, games=max(2, case.games // 4))
    assert compared > 60 and differed == 0


@pytest.mark.parametrize("case", CASES)
def test_determinized_twins_encode_the_same(case: Any) -> None:
    compared, differed = twins_seen(replace(case, twin=determinized_twin), 400, encoded, every=5,
                                    games=2 if case.game == "cursed-forest" else 3)
    assert compared > 40 and differed == 0


@pytest.mark.parametrize("case", CASES)
def test_an_encoding_with_a_hidden_fact_tells_the_twins_apart(case: Any) -> None:
    """The converse: the harness compares positions that really differ."""
    compared, differed = twins_seen(case, 300, lambda s, seat, b: (encoded(s, seat, b), case.secret(s)), games=1)
    assert differed > compared // 2


def positions(game_id: str, options: dict[str, Any], games: int = 2, every: int = 3) -> Any:
    game = woodlands.load_game(game_id)
    opts = game.options_for_simulation(options)
    if game.limit_option:
        opts.setdefault(game.limit_option, 30)
    for seed in range(games):
        state = game.new_game(seed=seed, options=opts)
        rng = random.Random(seed)
        k = 0
        while not state.is_over:
            if k % every == 0:
                yield state
            state.apply(rng.choice(state.decision.options).id)
            k += 1
        yield state


def test_the_encoding_agrees_with_the_view() -> None:
    enc = encoder("tanglewoods")
    for s in positions("tanglewoods", {}, games=4):
        x, v = enc.encode(s, 0), s.view(0)
        sc = dict(zip([label for label in enc.segments[2].labels], x["scalars"]))
        assert (sc["health"], sc["gold"], sc["round"], sc["bears_defeated"]) == (v["health"], v["gold"], v["round"], v["bears_defeated"])
        assert (sc["forest_deck"], sc["item_discard"]) == (v["decks"]["forest"]["count"], v["discards"]["item"]["count"])
        tableau = {lab.split(".")[0] for lab, val in zip(enc.segments[5].labels, x["forest"]) if lab.endswith(".tableau") and val}
        assert tableau == {c["id"] for c in v["tableau"]}
    enc = encoder("storyfold")
    for s in positions("storyfold", {}, games=1, every=17):
        x, v = enc.encode(s, 0), s.view(0)
        sc = dict(zip(enc.segments[3].labels, x["scalars"]))
        assert (sc["spirit"], sc["light"], sc["shadow"]) == (v["spirit"], v["light"], v["shadow"])
        river = {lab.split(".")[0] for lab, val in zip(enc.segments[7].labels, x["cards"]) if lab.endswith(".river") and val}
        assert river == {e["card"] for e in v["river"] if e}
    options = {"players": 3, "pvp": True}
    for s in positions("cursed-forest", options, games=2, every=5):
        for seat in range(4):
            enc = encoder("cursed-forest", s.options)
            x, v = dict(zip(enc.labels, enc.flat(s, seat))), s.view(seat)
            for p in v["players"]:
                a = p["adventurer"]
                assert x[f"adventurers.a{a}.health"] == p["health"] and x[f"adventurers.a{a}.ap"] == p["ap"]
                assert x[f"adventurers.a{a}.face_down"] == p["face_down"]
                if p["position"]:
                    assert [x[f"adventurers.a{a}.x"], x[f"adventurers.a{a}.y"]] == p["position"]
                seen = {sp for sp, it in p["inventory"].items() if it not in (None, "poison", "face-down")}
                assert seen == {sp for sp in p["inventory"] if x[f"adventurers.a{a}.{sp}=[item]"]}
            assert x["scalars.stack"] == v["stack_size"] and x["scalars.items_in_bag"] == v["items_in_bag"]
            for k, t in enumerate(v["tiles"]):
                assert [x[f"tiles.tile{k}.x"], x[f"tiles.tile{k}.y"]] == t["position"]


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_the_encoding_changes_when_what_the_seat_sees_changes(game_id: str, options: dict[str, Any]) -> None:
    """Between two decisions whose views differ in numbers, the encodings differ too (nearly
    always: a few view changes are words only); and they always lie in the space."""
    changed = same = 0
    last: Any = None
    for s in positions(game_id, options, games=2, every=1):
        seat = s.decision.player if s.decision else 0
        enc = encoder(game_id, s.options)
        x = enc.flat(s, seat)
        assert x.dtype == np.float32 and x.shape == (enc.flat_size,) and enc.flat_space.contains(x)
        view = s.view(seat)
        numbers = sorted((k, val) for k, val in view.items() if isinstance(val, (int, float)))
        if last is not None and last[0] != numbers and last[2] == seat:
            if (last[1] == x).all():
                same += 1
            else:
                changed += 1
        last = (numbers, x, seat)
    assert changed > 20 and same <= changed // 20


def test_encode_split_describe_and_spaces_agree() -> None:
    for game_id, options in GAMES:
        game = woodlands.load_game(game_id)
        state = game.new_game(seed=5, options=game.options_for_simulation(options))
        enc = encoder(game_id, state.options)
        x = enc.flat(state, 0)
        parts = enc.encode(state, 0)
        assert enc.space.contains(parts) and list(parts) == [s.name for s in enc.segments]
        assert np.array_equal(np.concatenate(list(parts.values())), x)
        assert all(np.array_equal(a, b) for a, b in zip(enc.split(x).values(), parts.values()))
        assert len(enc.labels) == enc.flat_size == enc.flat_space.shape[0]
        text = enc.describe(state, 0)
        assert text.startswith(f"{game_id} seat 0: ") and "decision=" in text and len(text) < 4000
        assert enc.document().count("\n") == len(enc.segments) + 1


def test_bad_encoder_requests_are_clear_errors() -> None:
    with pytest.raises(woodlands.GameOptionError, match="unknown game"):
        encoder("no-such-game")
    with pytest.raises(woodlands.GameOptionError):
        encoder("cursed-forest", {"players": 0})


@pytest.mark.parametrize("game_id, options", GAMES)
def test_the_incremental_encoding_is_the_one_written_from_nothing(game_id: str, options: dict[str, Any]) -> None:
    """Each encoder rewrites only the groups of features whose fields changed since its last
    call for that seat; along random games (seats mixed, determinized twins and fresh games in
    between, so the memo meets other positions) it must give what a fresh memo writes."""
    game = woodlands.load_game(game_id)
    enc = encoder(game_id, game.options_for_simulation(options))
    players = options.get("players", 1)
    rng = random.Random(4)
    compared = 0
    for s in positions(game_id, options, games=2 if game_id != "storyfold" else 1, every=1):
        for seat in rng.sample(range(players), min(players, 2)):
            st = s if rng.random() < 0.7 else s.determinize(seat, rng.randrange(1000))
            assert enc.flat(st, seat).tobytes() == enc.reference(st, seat).tobytes()
            compared += 1
    assert compared > 40


#: lists read side by side, item by item (a twin keeps them of one length, as a game does)
SIDE_BY_SIDE = {"dice", "dice_used", "faces", "tableau", "damage", "defeated"}


@pytest.mark.parametrize("game_id", ["storyfold", "tanglewoods"])
def test_a_field_changed_alone_is_seen_by_the_incremental_encoding(game_id: str) -> None:
    """Each group of the incremental encoders is rewritten only when a key of the fields it reads
    changed; a field missing from its key would go unseen when it changes alone.  So: the memo
    holds one position's encoding, then a twin of it differing in one field (that field's value
    taken from another position of the game) is encoded: it must be what a fresh memo writes.  Every
    field of the state is tried, so a key that leaves out any field the encoding reads fails
    here (checked by hand: dropping a field from a key makes this fail)."""
    game = woodlands.load_game(game_id)
    enc = encoder(game_id, game.options_for_simulation({}))
    rng = random.Random(2)
    met = [s.clone() for s in positions(game_id, {}, games=3 if game_id == "storyfold" else 12, every=2)]
    found = rng.sample(met, 120) + [s for s in met if s.over]
    kind = type(found[0])
    fields = ("decision", "over", *kind.LIST_FIELDS, *kind.SCALAR_FIELDS)
    # each field's values met along the games (a twin takes one that differs from its original's)
    values: dict[str, list[Any]] = {name: [] for name in fields}
    for s in found:
        for name in fields:
            if getattr(s, name) not in values[name]:
                values[name].append(getattr(s, name))
    shown: dict[str, int] = {}
    for a in rng.sample(found, 40):
        for name in fields:
            mine = getattr(a, name)
            others = [v for v in values[name] if v != mine and (name not in SIDE_BY_SIDE or len(v) == len(mine))]
            if not others:
                continue
            value = rng.choice(others)
            twin = a.clone()
            setattr(twin, name, value[:] if isinstance(value, list) else value)
            want = enc.reference(twin, 0).tobytes()
            enc.flat(a, 0)     # the memo now holds a's encoding
            assert enc.flat(twin, 0).tobytes() == want, name
            if want != enc.reference(a, 0).tobytes():
                shown[name] = shown.get(name, 0) + 1
    # the twins do differ where it matters: most fields the encoding reads changed it many times
    assert len(shown) >= 25 and sum(n >= 5 for n in shown.values()) >= 20, shown
