"""Fuzz (issue 9): mutated records, Storyfold saves and content packs may only ever raise a
``WoodlandsError`` (a clear message), never another exception.

Deterministic (``derandomize=True``) and a few seconds each.  The starting points are genuine
records, saves and the default packs, plus the audit's corpus (tests/bad_inputs/)."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import woodlands
from tests.bad_inputs.corpus import a_record, a_storyfold_save, corpus_files, default_pack
from woodlands.engine.errors import RecordError, WoodlandsError
from woodlands.engine.files import parse_json

FUZZ = settings(derandomize=True, deadline=None, database=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# JSON values a mutation puts somewhere: every type, the odd ones of the audit included
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                    st.sampled_from(["", "x", "end", "restart", "luma", "draw", "10", "1.0", "true"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                      max_leaves=6)


def paths_of(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (dict keys and list indexes), the root excluded."""
    out = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for k, v in items:
        out.append(prefix + (k,))
        out.extend(paths_of(v, prefix + (k,)))
    return out


@st.composite
def mutated(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` with one to three places replaced, deleted, or given an extra key."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 3))):
        places = paths_of(doc)
        if not places:
            break
        where = draw(st.sampled_from(places))
        parent = doc
        for k in where[:-1]:
            parent = parent[k]
        action = draw(st.sampled_from(["replace", "replace", "delete", "extra"]))
        if action == "replace":
            parent[where[-1]] = draw(values)
        elif action == "delete":
            del parent[where[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(values)
        else:
            parent.append(draw(values))
    return doc


@st.composite
def mangled_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few characters cut, repeated or replaced."""
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(0, len(text) - 1)))
        j = draw(st.integers(i, min(len(text), i + 20)))
        text = text[:i] + draw(st.sampled_from(["", text[i:j] * 2, draw(st.text(max_size=4)), "9" * 40, "[[[", "\ufeff"])) + text[j:]
    return text


def only_woodlands_errors(fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except WoodlandsError:
        pass


# ------------------------------------------------------------------ records
RECORD = a_record("tanglewoods", seed=9, choices=25)
RECORDS = {g: a_record(g, seed=3, choices=20) for g in ("storyfold", "cursed-forest")} | {"tanglewoods": RECORD}


def replay_text(text: str) -> None:
    record = parse_json(text, "record", RecordError)
    if not isinstance(record, dict):
        raise RecordError("not an object")
    woodlands.replay(record)


@pytest.mark.rules("AUD-5", "AUD-6", "AUD-7", "AUD-13")
@pytest.mark.parametrize("game_id", sorted(RECORDS))
def test_mutated_records_raise_only_woodlands_errors(game_id):
    @FUZZ
    @given(mutated(RECORDS[game_id]))
    def run(record: Any) -> None:
        only_woodlands_errors(woodlands.replay, record)
    run()


@pytest.mark.rules("AUD-5", "AUD-7")
@settings(FUZZ, max_examples=100)
@given(mangled_text(json.dumps(RECORD)))
def test_mangled_record_text_raises_only_woodlands_errors(text):
    only_woodlands_errors(replay_text, text)


@pytest.mark.rules("AUD-5", "AUD-6", "AUD-7", "AUD-13")
@pytest.mark.parametrize("path", [p for p in corpus_files() if p.name.startswith("record")], ids=lambda p: p.name)
def test_the_record_corpus_raises_only_woodlands_errors(path):
    from woodlands.cli.play import load_record
    only_woodlands_errors(lambda: woodlands.replay(load_record(path)))


# ------------------------------------------------------------------ Storyfold saves
SAVE = a_storyfold_save()


def resume(save: Any) -> None:
    woodlands.load_game("storyfold").new_game(seed=1, options={"resume": save})


@pytest.mark.rules("AUD-6", "AUD-7", "AUD-13")
@FUZZ
@given(mutated(SAVE))
def test_mutated_saves_raise_only_woodlands_errors(save):
    only_woodlands_errors(resume, save)


@pytest.mark.rules("AUD-5", "AUD-6", "AUD-13")
@pytest.mark.parametrize("path", [p for p in corpus_files() if p.name.startswith("save")], ids=lambda p: p.name)
def test_the_save_corpus_raises_only_woodlands_errors(path):
    from woodlands.cli.play import load_record
    only_woodlands_errors(lambda: resume(load_record(path)))


# ------------------------------------------------------------------ packs
def toml_value(value: Any) -> str:
    """A JSON value written as a TOML inline value (None as an empty inline table)."""
    if value is None:
        return "{}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"


PACK_FILES = {g: sorted(p.relative_to(default_pack(g)).as_posix() for p in default_pack(g).rglob("*.toml"))
              for g in ("tanglewoods", "storyfold", "cursed-forest")}


@st.composite
def pack_mutation(draw: st.DrawFn, game_id: str) -> tuple[str, str]:
    """(file, new text): one pack file with a few of its values replaced, lines dropped or
    characters mangled."""
    file = draw(st.sampled_from(PACK_FILES[game_id]))
    lines = (default_pack(game_id) / file).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 3))):
        n = draw(st.integers(0, len(lines) - 1))
        key, eq, _ = lines[n].partition(" = ")
        how = draw(st.sampled_from(["value", "value", "value", "drop", "mangle", "duplicate"]))
        if how == "value" and eq:
            lines[n] = f"{key} = {toml_value(draw(values))}"
        elif how == "drop":
            del lines[n]
        elif how == "duplicate":
            lines.insert(n, lines[n])
        else:
            lines[n] = draw(mangled_text(lines[n] or " "))
    return file, "\n".join(lines) + "\n"


@pytest.mark.rules("AUD-5", "AUD-7", "AUD-10", "AUD-11", "AUD-12", "AUD-13", "AUD-16")
@pytest.mark.parametrize("game_id", ["tanglewoods", "storyfold", "cursed-forest"])
def test_mutated_packs_raise_only_woodlands_errors(game_id):
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "pack"
        shutil.copytree(default_pack(game_id), pack)

        @settings(FUZZ, max_examples=40)
        @given(pack_mutation(game_id))
        def run(change: tuple[str, str]) -> None:
            file, text = change
            original = (pack / file).read_bytes()
            (pack / file).write_text(text, encoding="utf-8")
            try:
                game = woodlands.load_game(game_id, pack)
                state = game.new_game(seed=1)          # a pack that loads must also start a game
                for _ in range(30):
                    if state.is_over:
                        break
                    state.apply(state.decision.options[0].id)
            except WoodlandsError:
                pass
            finally:
                (pack / file).write_bytes(original)
        run()

