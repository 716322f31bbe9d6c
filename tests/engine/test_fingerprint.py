"""Packs known by their content: a fingerprint of the parsed data (engine/content.py), carried by
records, and edited copies made in memory (engine/variants.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import woodlands
from woodlands.engine import game as game_module
from woodlands.engine.errors import ContentError, RecordError, UserError
from tests.bad_inputs.corpus import pack_copy

GAMES = ["tanglewoods", "cursed-forest", "storyfold"]


def _copy(game_id: str, where: Path) -> Path:
    return pack_copy(game_id, where)


def _retag(pack: Path, pack_id: str | None = None, version: str | None = None) -> None:
    text = (pack / "pack.toml").read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        if pack_id and line.startswith("id ="):
            line = f'id = "{pack_id}"'
        if version and line.startswith("version ="):
            line = f'version = "{version}"'
        lines.append(line)
    (pack / "pack.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_pack_has_a_fingerprint_of_64_hex(game_id: str) -> None:
    fp = woodlands.load_game(game_id).content.fingerprint
    assert len(fp) == 64 and not fp.strip("0123456789abcdef")


def test_comments_and_formatting_do_not_change_the_fingerprint(tmp_path: Path) -> None:
    base = woodlands.load_game("tanglewoods").content.fingerprint
    pack = _copy("tanglewoods", tmp_path)
    bears = pack / "bears.toml"
    text = bears.read_text(encoding="utf-8")
    # a comment, blank lines, other spacing, and an inline value written as its own line
    text = "# tuned by hand\n\n" + text.replace("health = 7", "health   =   7   # as printed")
    bears.write_text(text + "\n\n# the end\n", encoding="utf-8")
    assert woodlands.load_game("tanglewoods", pack).content.fingerprint == base
    # a copy given its own id and version (as docs/content-packs.md advises) plays the same game
    _retag(pack, "my-woods", "9.9")
    copy = woodlands.load_game("tanglewoods", pack).content
    assert (copy.id, copy.version, copy.fingerprint) == ("my-woods", "9.9", base)


def test_a_changed_number_changes_the_fingerprint(tmp_path: Path) -> None:
    base = woodlands.load_game("tanglewoods").content.fingerprint
    pack = _copy("tanglewoods", tmp_path)
    bears = pack / "bears.toml"
    bears.write_text(bears.read_text(encoding="utf-8").replace("health = 7", "health = 9", 1), encoding="utf-8")
    edited = woodlands.load_game("tanglewoods", pack).content
    assert edited.version == woodlands.load_game("tanglewoods").content.version
    assert edited.fingerprint != base


def test_records_carry_the_fingerprint_and_an_edited_pack_of_the_same_version_is_refused(tmp_path: Path) -> None:
    game = woodlands.load_game("tanglewoods")
    state = game.new_game(seed=5, options={"hero": "thorn-warden"})
    for _ in range(6):
        state.apply(state.decision.options[0].id)
    record = state.record()
    assert record["version"] == 3 and record["content"]["fingerprint"] == game.content.fingerprint
    pack = _copy("tanglewoods", tmp_path)
    bears = pack / "bears.toml"
    bears.write_text(bears.read_text(encoding="utf-8").replace("health = 7", "health = 9", 1), encoding="utf-8")
    edited = woodlands.load_game("tanglewoods", pack)
    with pytest.raises(RecordError) as err:
        woodlands.replay(record, pack)
    assert game.content.fingerprint[:10] in str(err.value) and edited.content.fingerprint[:10] in str(err.value)
    # without a pack named, the record finds its own (the default one) even after the edited
    # pack of the same id and version was loaded
    assert woodlands.replay(record).log == state.log
    # a record made on the edited pack finds that pack by its fingerprint
    other = edited.new_game(seed=5, options={"hero": "thorn-warden"})
    other_record = other.record()
    assert other_record["content"]["fingerprint"] == edited.content.fingerprint
    assert woodlands.replay(other_record).game.content.fingerprint == edited.content.fingerprint
    # an older record (version 2, no fingerprint) still replays: its pack is known by id and version
    old = {**record, "version": 2, "content": {"id": record["content"]["id"], "version": record["content"]["version"]}}
    assert woodlands.replay(old).log == state.log


def test_a_record_with_a_bad_fingerprint_is_refused_in_words() -> None:
    record = woodlands.load_game("tanglewoods").new_game(seed=1, options={"hero": "thorn-warden"}).record()
    bad = json.loads(json.dumps(record))
    bad["content"]["fingerprint"] = "xyz"
    with pytest.raises(RecordError, match="64 lowercase hex"):
        woodlands.replay(bad)
    del bad["content"]["fingerprint"]
    with pytest.raises(RecordError, match="fingerprint"):
        woodlands.replay(bad)


def test_kept_packs_have_their_own_fingerprints() -> None:
    from woodlands.engine.packs import game_for, kept_packs
    prints = {woodlands.load_game("tanglewoods").content.fingerprint}
    for pack_id, version in kept_packs("tanglewoods"):
        prints.add(game_for("tanglewoods", pack_id, version).content.fingerprint)
    assert len(prints) == len(kept_packs("tanglewoods")) + 1


@pytest.mark.parametrize(("game_id", "key", "kind"), [
    ("tanglewoods", "card.papa-bear.health", "bear"),
    ("tanglewoods", "card.thorn-warden.a.health", "hero"),
    ("cursed-forest", "card.dire-badger.green.health", "monster"),
])
def test_an_edit_makes_a_validated_pack_of_its_own(game_id: str, key: str, kind: str) -> None:
    game = woodlands.load_game(game_id)
    entries = game.entries()
    ident = key.split(".")[1]
    assert ident in entries
    from woodlands.engine.variants import pack_entries, resolve_edit
    name, table, index, path = resolve_edit(pack_entries(game.pack_files), key, game.pack_files)
    old = entries[ident]
    for part in path:
        old = old[part]
    edited = game.with_edits({key: old + 1})
    assert edited.content.fingerprint != game.content.fingerprint
    assert (edited.content.id, edited.content.version) == (game.content.id, game.content.version)
    value = edited.entries()[ident]
    for part in path:
        value = value[part]
    assert value == old + 1
    # the same edit twice is the same pack
    assert game.with_edits({key: old + 1}).content.fingerprint == edited.content.fingerprint
    # and the pack it came from is unchanged
    assert woodlands.load_game(game_id).content.fingerprint == game.content.fingerprint


def test_edits_that_cannot_be_are_refused_naming_the_valid_ones() -> None:
    game = woodlands.load_game("tanglewoods")
    with pytest.raises(UserError, match="no entry 'no-such-bear'.*papa-bear"):
        game.with_edits({"card.no-such-bear.health": 3})
    with pytest.raises(UserError, match="no field 'speed'.*enemy.health"):
        game.with_edits({"card.papa-bear.speed": 3})
    with pytest.raises(UserError, match="not a number"):
        game.with_edits({"card.papa-bear.enemy.name": 3})
    with pytest.raises(UserError, match="several numbers.*day.health"):
        game.with_edits({"card.greyback-wolf.health": 3})
    # a value the pack's own rules refuse is refused as a loaded pack's would be
    with pytest.raises(ContentError, match="bears.toml"):
        game.with_edits({"card.papa-bear.health": 99})


def test_the_pack_files_are_not_shared_with_a_variant() -> None:
    game = woodlands.load_game("tanglewoods")
    before = json.dumps(game.pack_files, sort_keys=True, default=str)
    game.with_edits({"card.papa-bear.health": 3})
    assert json.dumps(game.pack_files, sort_keys=True, default=str) == before
    assert game_module._PACK_FILES[game.content.fingerprint] is game.pack_files


def test_an_old_record_replayed_on_a_kept_pack_is_recorded_with_that_packs_fingerprint() -> None:
    from woodlands.engine.packs import game_for
    old = json.loads((Path(__file__).parent / "records" / "tanglewoods-standard-0.1.0-greedy-3.json")
                     .read_text(encoding="utf-8"))["record"]
    assert "fingerprint" not in old["content"]
    state = woodlands.replay(old)
    kept = game_for("tanglewoods", "tanglewoods-standard", "0.1.0").content
    again = state.record()
    assert again["version"] == 3 and again["content"] == {"id": kept.id, "version": kept.version,
                                                          "fingerprint": kept.fingerprint}
    assert kept.fingerprint != woodlands.load_game("tanglewoods").content.fingerprint
    assert woodlands.replay(again).log == state.log
