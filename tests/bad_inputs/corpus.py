"""The audit's bad inputs (issue 9, AUD-5..16), for the regression tests and the fuzz test.

Small ones are files beside this module; the huge ones (5,000-digit numbers, deep nesting, long
lists, files over 16 MB) are made at test time by the functions below, never committed.
"""
from __future__ import annotations

import importlib
import json
import random
import shutil
from pathlib import Path
from typing import Any

import woodlands
from woodlands.engine.files import MAX_FILE_BYTES
from woodlands.engine.registry import descriptor

HERE = Path(__file__).parent
GAME_IDS = ("tanglewoods", "storyfold", "cursed-forest")


def corpus_files() -> list[Path]:
    """The committed small inputs (records, saves, pack files) of the audit."""
    return sorted(p for p in HERE.iterdir() if p.suffix in (".json", ".toml"))


def default_pack(game_id: str) -> Path:
    return Path(importlib.import_module(descriptor(game_id).package + ".content_loader").DEFAULT_PACK)


def pack_copy(game_id: str, where: Path) -> Path:
    """A copy of the game's default pack in ``where`` (a folder of its own)."""
    dst = where / f"pack-{game_id}"
    shutil.copytree(default_pack(game_id), dst)
    return dst


def a_record(game_id: str = "tanglewoods", seed: int = 9, choices: int = 25) -> dict[str, Any]:
    """A genuine record: ``choices`` random legal choices into the game."""
    state = woodlands.load_game(game_id).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(choices):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision.options).id)
    return json.loads(json.dumps(state.record()))


def a_storyfold_save(seed: int = 4) -> dict[str, Any]:
    """The save document of the first scene break of a random Storyfold campaign."""
    state = woodlands.load_game("storyfold").new_game(seed=seed)
    rng = random.Random(seed)
    while state.decision is not None and state.decision.kind != "scene_break":
        state.apply(rng.choice(state.decision.options).id)
    assert state.decision is not None, "the campaign ended before a scene break"
    return json.loads(json.dumps(state.save()))   # type: ignore[attr-defined]


# ------------------------------------------------------------------ the huge ones, made on demand
def many_digits(n: int = 5000) -> str:
    return "9" * n


def deep_json(depth: int = 100_000) -> str:
    return "[" * depth + "]" * depth


def deep_value(depth: int = 5000) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def huge_text(size: int = 5 * 1024 * 1024) -> str:
    return "x" * size


def oversized_file(path: Path) -> Path:
    """A sparse file one byte over the 16 MB limit (no disk space used)."""
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    return path


def huge_json_texts() -> dict[str, str]:
    """JSON documents beyond the reader's limits, by name."""
    record = a_record()
    return {
        "5000-digit seed": json.dumps(record)[:-1] + f', "seed": {many_digits()}}}',
        "5000-digit number": many_digits(),
        "deep nesting": deep_json(),
        "nesting 500": deep_json(500),
        "deep option": json.dumps(dict(record, options={"hero": "x"}))[:-1] + ', "extra": ' + deep_json(2000) + "}",
        "NaN seed": json.dumps(record)[:-1] + ', "seed": NaN}',
    }
