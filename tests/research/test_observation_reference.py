"""docs/research-observations.md is generated from the encoders (woodlands.research.reference)
and matches them: every feature of every game, under its label, at its index."""
from __future__ import annotations

import re
from pathlib import Path

from woodlands.kit.encoding import encoder
from woodlands.research.reference import COMMAND, built_in, main, observation_reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "research-observations.md"


def test_the_observation_reference_matches_the_encoders():
    assert DOC.read_text(encoding="utf-8") == observation_reference(), f"regenerate it: {COMMAND}"


def test_every_feature_is_listed_at_its_index():
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| `([^`]+)` \|$", text, flags=re.M)
    games = [encoder(d.id) for d in built_in()]
    assert len(games) == 3
    expected = [(str(i), label) for enc in games for i, label in enumerate(enc.labels)]
    assert rows == expected


def test_check_says_when_the_file_is_stale(tmp_path, capsys):
    stale = tmp_path / "obs.md"
    stale.write_text("# old\n", encoding="utf-8")
    assert main(["--check", str(stale)]) == 1 and "out of date" in capsys.readouterr().err
    assert main([str(stale)]) == 0 and main(["--check", str(stale)]) == 0
