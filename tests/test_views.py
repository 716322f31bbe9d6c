"""Every view is its game's typed view: each seat's view at every decision of a few seeded random
games matches the game's view TypedDict (its descriptor's ``view_type``), checked by pydantic in
strict mode with no key the type does not name, and every few decisions against the JSON Schema
made from that type (by jsonschema: the schema ``woodlands schema GAME`` prints); the envelope
says what the state says, and the logged events of the typed kinds match their types
(docs/engine.md, "Views")."""
from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import ConfigDict, TypeAdapter
from typing_extensions import TypedDict

import woodlands
from woodlands.engine.registry import GameDescriptor
from woodlands.engine.views import ENVELOPE_KEYS, Event, View, envelope, json_schema

from .every_game import CASES, TEST_GAMES, harness_games_registered

jsonschema = pytest.importorskip("jsonschema")

#: seeds per game: each plays one of the game's option sets, to the end
SEEDS = (1, 2, 3)
#: enough decisions to pass through every phase of a game; a longer game is cut there
MOST_DECISIONS = 400
#: every view is checked by pydantic (a tenth of a millisecond), every this many decisions by
#: jsonschema too (several milliseconds for a big table)
SCHEMA_EVERY = 7


@pytest.fixture(scope="module", autouse=True)
def _harness_games_registered():
    """The toy game too (registered for this module only, as in test_every_game.py)."""
    with harness_games_registered():
        yield


def validator(typed: Any, closed: bool = True) -> Any:
    schema = json_schema(typed, closed=closed)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def strict(typed: Any) -> Any:
    """``check(value)``: raises pydantic's ValidationError unless ``value`` is of type ``typed``
    exactly: strict (no "1" for 1) and closed (no key the type does not name, at any depth; a
    nested TypedDict takes the config of the one around it)."""
    wrapper = TypedDict("Wrapper", {"value": typed})        # type: ignore[misc]
    wrapper.__pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[attr-defined]
    adapter = TypeAdapter(wrapper)
    return lambda value: adapter.validate_python({"value": value})


def problems(check: Any, value: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}" for e in check.iter_errors(value)]


def seats(d: GameDescriptor, state: woodlands.GameState) -> range:
    """Every seat the game may have (a seat that plays no part gets a spectator's view)."""
    return range(d.players[1])


@pytest.mark.parametrize("d", TEST_GAMES, ids=[d.id for d in TEST_GAMES])
def test_every_view_matches_the_game_s_schema(d: GameDescriptor) -> None:
    assert d.view_type is not None, f"{d.id}: its descriptor names no view_type"
    views = validator(d.view_type)
    typed = strict(d.view_type)
    generic = validator(View, closed=False)
    game = woodlands.load_game(d.id)
    checked = 0
    # random play, and the game's greedy bot where it has one (it gets further: wins, late phases)
    for seed, bot in [*((seed, None) for seed in SEEDS), *([(1, d.make_bot("greedy", 1))] if "greedy" in d.bots else [])]:
        state = game.new_game(seed=seed, options=CASES[d.id].options(seed))
        rng = random.Random(seed)
        for _ in range(MOST_DECISIONS):
            decision = state.decision
            for seat in seats(d, state):
                view = state.view(seat)
                assert envelope(view) == {"game": d.id, "seat": seat, "over": state.is_over, "outcome": state.outcome,
                                          "deciding": None if decision is None else decision.player}
                where = f"{d.id} seed {seed}, seat {seat}, after {len(state.choices)} choices"
                typed(view)
                if len(state.choices) % SCHEMA_EVERY == 0 or state.is_over:
                    found = problems(views, view)
                    assert not found, f"{where}: {found[:5]}"
                    assert not problems(generic, view), where
                checked += 1
            if state.is_over:
                break
            state.apply(bot.choose(state) if bot else rng.choice(state.decision.options).id)
        assert not set(state.game_view(0)) & set(ENVELOPE_KEYS), "a game's own part may not use the envelope's keys"
    assert checked > 50


def finished_game(d: GameDescriptor, seed: int) -> woodlands.GameState:
    state = woodlands.load_game(d.id).new_game(seed=seed, options=CASES[d.id].options(seed))
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.decision.options).id)
    return state


@pytest.mark.parametrize("d", TEST_GAMES, ids=[d.id for d in TEST_GAMES])
def test_logged_events_match_their_types(d: GameDescriptor) -> None:
    typed: dict[str, Any] = dict(d.event_types or {})
    any_event = validator(Event, closed=False)
    checks = {kind: validator(t) for kind, t in typed.items()}
    seen: set[str] = set()
    for seed in SEEDS:
        state = finished_game(d, seed)
        final = state.view(0)
        assert final["over"] and final["outcome"] == state.outcome and final["deciding"] is None
        for event in state.log:
            kind = event["type"]
            assert not problems(any_event, event)
            assert "hidden" not in event        # the full log hides nothing
            if kind in checks:
                seen.add(kind)
                found = problems(checks[kind], event)
                assert not found, f"{d.id} seed {seed}: {event}: {found[:5]}"
    if typed:
        assert "game_over" in seen, f"{d.id}: no game_over event checked"
        assert len(seen) >= len(typed) // 2, f"{d.id}: only {sorted(seen)} of {sorted(typed)} were logged"


def test_views_of_hidden_items_match_their_schema() -> None:
    """C-9: another player's face-down item shows as "face-down" in a view and as None with
    ``hidden`` in that player's log; both are in the types."""
    d = next(d for d in TEST_GAMES if d.id == "cursed-forest")
    typed = dict(d.event_types or {})
    checks = {kind: validator(t) for kind, t in typed.items()}
    views = validator(d.view_type)
    state = woodlands.load_game(d.id).new_game(seed=5, options=CASES[d.id].options(1))
    rng = random.Random(5)
    hidden_seen = False
    while not state.is_over and len(state.choices) < 3000:
        state.apply(rng.choice(state.decision.options).id)
    for seat in seats(d, state):
        assert not problems(views, state.view(seat))
        for event in state.log_for(seat):
            if event["type"] in ("pickup", "equip"):
                plain = {k: v for k, v in event.items() if k in checks[event["type"]].schema["properties"]}
                assert not problems(checks[event["type"]], plain)
                hidden_seen |= "hidden" in event
    assert hidden_seen, "the game of this test should hide an item from some seat"
