"""The content schema: every problem is reported with its file, entry and field, all at once."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

import woodlands
from woodlands.games.storyfold.content_loader import DEFAULT_PACK, load

from .helpers import C, PACK


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(PACK, root)
    text = (root / file).read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    (root / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize("file, old, new, message", [
    ("creatures.toml", "icons = 1\nspirit = 1\ncrystals = 1", "icons = 0\nspirit = 1\ncrystals = 1",
     "creatures.toml: entry 'creature-plain': field 'icons'"),
    ("creatures.toml", 'do = "advance_shadow"', 'do = "summon_dragon"',
     "creatures.toml: entry 'creature-after-shadow' after_activating: effect #1: field 'do': unknown primitive"),
    ("explore.toml", 'use = [{ do = "add_successes", amount = 1 }]', 'use = [{ do = "add_successes", amount = 1 }]\nwhen = "x"',
     "explore.toml: entry 'boon-add-success': field 'when'"),
    ("explore.toml", 'use = [{ do = "gain_spirit", amount = 2 }]', 'use = [{ do = "reroll", dice = 1 }]',
     "'reroll' only works in a use with window = \"after_roll\""),
    ("chapters/chapter-one.toml", "next = \"scene-locations\"\n\n[scene.shadow_prevails]", "next = \"nowhere\"\n\n[scene.shadow_prevails]",
     "field 'next': no scene 'nowhere'"),
    ("chapters/chapter-two.toml", "[scene.shadow_prevails]\nnext = \"restart\"", "[scene.shadow_prevails]\nnext = \"end\"",
     "never ends the campaign (ruling S-6)"),
    ("chapters/chapter-one.toml", "condition = { visited = \"help-one-dot\" }", "condition = { visited = \"elsewhere\" }",
     "condition 'visited': no location 'elsewhere' in this scene"),
    ("chapters/chapter-one.toml", "condition = { visited = \"help-one-dot\" }", "condition = { moon_is_full = true }",
     "unknown condition 'moon_is_full'"),
    ("chapters/chapter-one.toml", "track_length = 7", "track_length = 8", "track_length must be odd"),
    ("chapters/chapter-one.toml", "icons = [\"creature\", \"sting\"]", "icons = [\"creature\", \"owl\"]",
     "icon 'owl' on space 6 has no shadow_effect"),
    ("campaign.toml", '"creature-plain", "creature-space-2"', '"creature-plain", "creature-plain"', "listed twice"),
    ("campaign.toml", 'explore_deck = ["boon-add-success"', 'explore_deck = ["creature-plain"', "is not a card of kind"),
    ("actions.toml", "start_space = 4", "start_space = 3", "start_space values must be 1, 2, 3 and 4"),
    ("story.toml", 'card = "trauma-max-dice"', 'card = "creature-plain"', "field 'card': 'creature-plain' is not a card of kind"),
    ("shadow.toml", 'provenance = "stand-in"', 'provenance = "dream"', "shadow.toml: entry 'shadow-lose-spirit': field 'provenance'"),
])
def test_a_broken_pack_names_file_entry_and_field(tmp_path, file, old, new, message):
    with pytest.raises(woodlands.ContentError) as e:
        load(broken(tmp_path, file, old, new))
    assert message in str(e.value)


def test_every_problem_is_reported_at_once(tmp_path):
    root = broken(tmp_path, "creatures.toml", "icons = 1\nspirit = 1\ncrystals = 1", "icons = 9\nspirit = 1\ncrystals = 1")
    text = (root / "shadow.toml").read_text(encoding="utf-8").replace('provenance = "stand-in"', 'provenance = "?"', 1)
    (root / "shadow.toml").write_text(text, encoding="utf-8")
    with pytest.raises(woodlands.ContentError) as e:
        load(root)
    text = str(e.value)
    assert "creatures.toml: entry 'creature-plain': field 'icons'" in text
    assert "shadow.toml: entry 'shadow-lose-spirit': field 'provenance'" in text


def test_a_missing_chapter_file_is_named(tmp_path):
    root = tmp_path / "pack"
    shutil.copytree(PACK, root)
    (root / "chapters" / "chapter-two.toml").unlink()
    with pytest.raises(woodlands.ContentError, match="no file chapters/chapter-two.toml"):
        load(root)


def test_the_test_pack_compiles_to_plain_frozen_data():
    assert [C.cards[a].id for a in C.actions] == ["light", "help", "explore", "heal"]
    assert C.scenes[C.scene_by_id["scene-locations"]].middle == 5
    assert C.luma.sides[0].uses[1].once_per_chapter
    assert all(c.provenance in ("rulebook", "stand-in") for c in C.cards)


def test_the_default_pack_is_the_campaign_writers_folder():
    assert DEFAULT_PACK.parts[-3:] == ("games", "storyfold", "content") or DEFAULT_PACK.name == "content"
    assert DEFAULT_PACK.parent.name == "storyfold"


def test_the_schema_doc_names_every_primitive_condition_and_file():
    from woodlands.games.storyfold.conditions import CONDITIONS
    from woodlands.games.storyfold.registry import effects

    doc = (Path(__file__).resolve().parents[2] / "docs" / "storyfold-content.md").read_text(encoding="utf-8")
    for name in list(effects.primitives) + list(CONDITIONS):
        assert f"`{name}`" in doc, name
    for file in ("pack.toml", "actions.toml", "companions.toml", "explore.toml", "shadow.toml", "creatures.toml",
                 "story.toml", "campaign.toml", "chapters/"):
        assert file in doc, file


def test_the_schema_docs_example_is_a_complete_pack_that_plays(tmp_path):
    import re

    import woodlands

    doc = (Path(__file__).resolve().parents[2] / "docs" / "storyfold-content.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n# (\S+)\n(.*?)```", doc, flags=re.S)
    assert {name for name, _ in blocks} >= {"pack.toml", "actions.toml", "companions.toml", "campaign.toml",
                                            "explore.toml", "creatures.toml", "shadow.toml", "story.toml",
                                            "chapters/dusk.toml"}
    for name, body in blocks:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    game = woodlands.load_game("storyfold", tmp_path)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(20_000):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.ids))
    assert state.outcome is not None and state.outcome["result"] == "win"
