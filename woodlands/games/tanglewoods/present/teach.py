"""Teach mode's lessons for this game, read from ``teach.toml`` beside this module
(:mod:`woodlands.kit.teach`): the descriptor's ``teach`` hook."""
from __future__ import annotations

from pathlib import Path

from ....kit.teach import Teaching, load_teaching

TEACHING: Teaching = load_teaching(Path(__file__).with_name("teach.toml"), "tanglewoods")
