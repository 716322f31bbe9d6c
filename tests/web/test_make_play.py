"""`make play`, the README's first command: it starts `woodlands serve` on SQLite in the data
folder, prints the address, and opens nothing else (no browser, no second server).

The real target builds .venv with pip; here a stand-in .venv (this interpreter, and a
`woodlands` script running this checkout) is already "installed", so the Makefile's own play
rule runs as written, with its own prerequisites judged up to date."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
OPENERS = ("xdg-open", "sensible-browser", "x-www-browser", "www-browser", "gnome-open", "open",
           "chromium", "firefox", "google-chrome")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stand_in_checkout(tmp: Path) -> Path:
    """A copy of the Makefile and pyproject.toml beside a .venv that make takes as installed."""
    work = tmp / "checkout"
    (work / ".venv" / "bin").mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, work / name)
    (work / ".venv" / "bin" / "python").symlink_to(sys.executable)
    script = work / ".venv" / "bin" / "woodlands"
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m woodlands "$@"\n')
    script.chmod(0o755)
    later = time.time() + 5
    for name in (".installed", ".dev-installed"):
        (work / ".venv" / name).touch()
        os.utime(work / ".venv" / name, (later, later))
    return work


def spies(tmp: Path) -> tuple[Path, Path]:
    """A folder of fake browser openers, each leaving a mark if it is ever run."""
    bin_dir, marks = tmp / "spy-bin", tmp / "marks"
    bin_dir.mkdir()
    marks.mkdir()
    for name in OPENERS:
        spy = bin_dir / name
        spy.write_text(f'#!/bin/sh\necho "$0 $*" > "{marks}/{name}"\n')
        spy.chmod(0o755)
    return bin_dir, marks


def test_make_play_serves_on_sqlite_in_the_data_folder_prints_the_address_and_opens_nothing(tmp_path):
    work = stand_in_checkout(tmp_path)
    bin_dir, marks = spies(tmp_path)
    data, port = tmp_path / "data", free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("WOODLANDS_DB", "MAKEFLAGS", "MFLAGS")}
    env.update(WOODLANDS_DATA_DIR=str(data), BROWSER=str(bin_dir / "xdg-open"), DISPLAY=":99",
               PATH=f"{bin_dir}:{env.get('PATH', '/usr/bin:/bin')}")
    proc = subprocess.Popen(["make", "-s", "play", f"PORT={port}"], cwd=work, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        lines = []
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "served at" in line:
                break
        said = "".join(lines)
        assert f"http://127.0.0.1:{port}" in said, said
        assert "Setting up" not in said and "pip" not in said      # the stand-in .venv counts as built
        assert httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json() == {"ok": True}
        assert "Woodlands" in httpx.get(f"http://127.0.0.1:{port}/", timeout=10).text
        assert (data / "web.sqlite3").is_file()                    # SQLite in the user's data folder
        time.sleep(1.0)
        assert sorted(p.name for p in marks.iterdir()) == []       # no browser (or anything else) opened
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def test_make_play_without_port_serves_the_default_address():
    """Without PORT the rule runs `woodlands serve` bare: port 8000 on 127.0.0.1, the address the
    README and the server print."""
    # run from `make test` this make is a sub-make (MAKELEVEL), which prints "Entering directory"
    # lines around its commands: they are turned off and the command line is looked for
    dry = subprocess.run(["make", "-n", "--no-print-directory", "play"], cwd=ROOT, capture_output=True, text=True,
                         timeout=30, env={k: v for k, v in os.environ.items()
                                          if k not in ("PORT", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")})
    commands = [line.split() for line in dry.stdout.splitlines() if "woodlands" in line]
    assert commands and commands[-1][-2:] == [".venv/bin/woodlands", "serve"], dry.stdout
    from woodlands.cli.main import build_parser
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    assert "http://127.0.0.1:8000" in (ROOT / "README.md").read_text(encoding="utf-8")
