"""Saves are written atomically: a write that fails half-way leaves the old file whole."""
from __future__ import annotations

import os

import pytest

from woodlands.engine import files
from woodlands.engine.files import FileProblem, write_text


def test_a_failed_save_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "saves" / "game.json"
    write_text(target, "old record\n")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken_replace)
    with pytest.raises(FileProblem, match="cannot be written: No space left on device"):
        write_text(target, "new record that never lands\n")
    assert target.read_text(encoding="utf-8") == "old record\n"
    assert os.listdir(target.parent) == ["game.json"]


def test_a_save_replaces_the_file_whole(tmp_path):
    target = tmp_path / "game.json"
    write_text(target, "first\n")
    write_text(target, "second\n")
    assert target.read_text(encoding="utf-8") == "second\n"
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
