"""Records across rules fixes: a record names its rules version and proves what it replayed to
(issue 9, "Records across rules fixes")."""
from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings, strategies as st

import woodlands
from woodlands.bots import get_bot
from woodlands.engine.errors import RecordError
from woodlands.engine.records import canonical_json, json_canonical_json, log_digest


def _played(game_id: str = "tanglewoods", n: int = 30, seed: int = 3) -> woodlands.GameState:
    options = {"hero": "thorn-warden"} if game_id == "tanglewoods" else {}
    state = woodlands.load_game(game_id).new_game(seed=seed, options=options)
    for _ in range(n):
        if state.is_over:
            break
        state.apply(state.decision.options[-1].id)
    return state


@pytest.fixture
def correct(monkeypatch):
    """Call it to make Tanglewoods as if a rules fix had just raised its rules version by one."""
    def fix() -> int:
        cls = type(woodlands.load_game("tanglewoods"))
        now = cls.rules_version
        monkeypatch.setattr(cls, "rules_version", now + 1)
        monkeypatch.setattr(cls, "rules_changes", {**cls.rules_changes, now + 1: ("T-99: a made-up correction",)})
        return now
    return fix


@pytest.mark.parametrize("game_id", ["tanglewoods", "storyfold", "cursed-forest"])
def test_a_record_names_its_rules_and_proves_its_game(game_id):
    state = _played(game_id)
    record = json.loads(json.dumps(state.record()))
    assert record["rules"] == state.game.rules_version
    assert record["digest"] == log_digest(state.log)
    again = woodlands.replay(record)
    assert again.log == state.log and again.record() == state.record()


def test_an_edited_record_that_still_replays_is_refused():
    state = _played()
    record = state.record()
    # a different but legal last choice: replays, but not to the recorded game
    before = woodlands.replay({**record, "choices": record["choices"][:-1], "digest": None})
    other = [o.id for o in before.decision.options if o.id != record["choices"][-1]]
    if not other:
        pytest.skip("the last decision had one option")
    forged = {**record, "choices": record["choices"][:-1] + [other[0]]}
    with pytest.raises(RecordError, match="digest does not match"):
        woodlands.replay(forged)


def test_a_record_from_newer_rules_is_refused():
    record = _played().record()
    record["rules"] += 1
    with pytest.raises(RecordError, match="newer than this Woodlands knows"):
        woodlands.replay(record)


@pytest.mark.parametrize("bad", [True, "2", 0, -1, 1.0, [1]])
def test_a_rules_version_must_be_a_whole_number(bad):
    record = _played().record()
    record["rules"] = bad
    with pytest.raises(RecordError, match="'rules'"):
        woodlands.replay(record)


@pytest.mark.parametrize("bad", ["sha256:zz", 7, "md5:" + "0" * 64])
def test_a_digest_must_look_like_one(bad):
    record = _played().record()
    record["digest"] = bad
    with pytest.raises(RecordError, match="'digest'"):
        woodlands.replay(record)


def test_an_old_record_that_reaches_the_same_game_is_kept(correct):
    record = _played().record()
    corrected = correct()
    assert record["rules"] == corrected            # made before the correction
    state = woodlands.replay(record)                 # proven the same by its digest
    assert state.record()["rules"] == corrected + 1


def test_an_old_record_that_reaches_another_game_is_refused_naming_the_change(correct):
    record = _played().record()
    correct()
    record["digest"] = "sha256:" + "0" * 64           # as if the fix changed what happens
    with pytest.raises(RecordError) as err:
        woodlands.replay(record)
    assert "T-99: a made-up correction" in str(err.value)
    assert "rules version" in str(err.value)
    # asked for explicitly, it becomes a new game from the same choices
    state = woodlands.replay(record, accept_rules_change=True)
    assert state.choices == record["choices"]


def test_an_old_record_without_a_digest_is_refused(correct):
    record = _played().record(digest=False)
    correct()
    with pytest.raises(RecordError, match="no digest"):
        woodlands.replay(record)
    assert woodlands.replay(record, accept_rules_change=True).choices == record["choices"]


def test_an_old_record_whose_choice_is_now_illegal_is_refused_naming_the_change(correct):
    record = _played().record()
    correct()
    record["choices"] = record["choices"] + ["no-such-choice"]
    with pytest.raises(RecordError, match="T-99") as err:
        woodlands.replay(record)
    assert "no longer legal" in str(err.value)


def test_a_record_without_a_digest_of_the_current_rules_replays():
    """Hand-written records (tests, repros) carry no digest; under the current rules they replay."""
    record = _played().record(digest=False)
    assert "digest" not in record
    assert woodlands.replay(record).choices == record["choices"]


def test_undo_still_goes_back_one_choice():
    state = woodlands.replay(_played(n=5).record(), keep_undo=True)
    while not state.can_undo() and not state.is_over:
        state.apply(state.decision.options[0].id)
    if state.can_undo():
        back = state.undo()
        assert back.choices == state.choices[:-1]


# --- the digest's bytes: orjson writes them, json defines them ---------------------------------

_PLAIN = (str, int, bool, type(None))


def _only_plain(value, where="log"):
    """Every value is text, a whole number, a flag or None, in lists and text-keyed dicts."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert type(k) is str, f"{where}: key {k!r}"
            _only_plain(v, f"{where}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _only_plain(v, f"{where}[{i}]")
    else:
        assert type(value) in _PLAIN, f"{where}: {type(value).__name__} {value!r}"


@pytest.mark.parametrize("game_id,options,games", [
    ("tanglewoods", {"difficulty": 7}, 12), ("storyfold", {}, 3),
    ("cursed-forest", {"players": 1}, 3), ("cursed-forest", {"players": 3, "pvp": True}, 3)])
def test_every_event_is_plain_json_and_both_writers_agree(game_id, options, games):
    """The digest's writer (orjson) spells floats and enums its own way, so events never carry
    them; on everything else its bytes are json's, which define the digest."""
    game = woodlands.load_game(game_id)
    for seed in range(games):
        state = game.new_game(seed=seed, options=game.options_for_simulation(options))
        bot = get_bot("random", seed, game=game_id)
        while not state.is_over:
            state.apply(bot.choose(state))
        log = state.log
        _only_plain(log)
        assert canonical_json(log) == json_canonical_json(log)
        assert log_digest(log) == "sha256:" + hashlib.sha256(json_canonical_json(log)).hexdigest()


_json = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(1 << 63), max_value=(1 << 64) - 1)
    | st.integers() | st.text(st.characters(exclude_categories=("Cs",))),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    | st.dictionaries(st.integers(-3, 3), inner, max_size=2),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(st.lists(_json, max_size=4))
def test_canonical_json_is_json_s_bytes_for_any_plain_log(log):
    """Text with any character, integers of any size (past 64 bits orjson refuses, json writes),
    keys that are numbers (json writes them as text): the same bytes either way."""
    assert canonical_json(log) == json_canonical_json(log)


def test_objects_json_would_write_as_text_are_written_by_json():
    import dataclasses
    import datetime
    import enum

    @dataclasses.dataclass
    class Spot:
        x: int

    class Kind(str, enum.Enum):
        BEAR = "bear"

    log = [{"at": Spot(1), "when": datetime.date(2026, 12, 1), "kind": Kind.BEAR, "n": 1 << 70, "set": {3}}]
    assert canonical_json(log) == json_canonical_json(log)
