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


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="file modes are POSIX")
def test_a_written_file_has_the_permissions_a_plain_write_gives(tmp_path):
    """A report or record is for sharing: a new file gets what ``open`` would give it (0o666
    less the umask), not the 0o600 of the temporary file it is written through, and a file the
    user opened up, or closed, keeps its permissions when it is written again."""
    fresh = tmp_path / "report.html"
    write_text(fresh, "<html></html>\n")
    plain = tmp_path / "plain.html"
    plain.write_text("x", encoding="utf-8")
    assert oct(fresh.stat().st_mode & 0o777) == oct(plain.stat().st_mode & 0o777) == oct(0o666 & ~files._UMASK)
    if files._UMASK & 0o044 == 0:       # the usual umasks (022, 002): others may read it
        assert fresh.stat().st_mode & 0o044 == 0o044
    fresh.chmod(0o664)
    write_text(fresh, "<html>again</html>\n")
    assert oct(fresh.stat().st_mode & 0o777) == oct(0o664)
    secret = tmp_path / "mine.json"
    secret.write_text("{}", encoding="utf-8")
    secret.chmod(0o600)
    write_text(secret, "{}\n")
    assert oct(secret.stat().st_mode & 0o777) == oct(0o600)


def test_the_umask_is_read_as_the_process_has_it():
    """Read from /proc on Linux (no moment with another umask), else set and put back."""
    mask = os.umask(0o022)
    os.umask(mask)
    assert files._read_umask() == mask and os.umask(mask) == mask
