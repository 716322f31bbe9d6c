"""The wheel a user installs (``pip install woodlands``, not the editable checkout) carries every
file of the package: content packs, kept older packs, templates, static files, migrations, each
game's own stylesheet.  A file missing from pyproject's package data works in the checkout and
breaks only for users."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_holds_every_file_of_the_package(tmp_path: Path) -> None:
    # built from a copy: a build/ folder left in the checkout by an earlier build would be reused
    src = tmp_path / "src"
    shutil.copytree(ROOT / "woodlands", src / "woodlands", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--quiet",
                          "--disable-pip-version-check", "-w", str(tmp_path)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    (wheel,) = tmp_path.glob("woodlands-*.whl")
    packed = set(zipfile.ZipFile(wheel).namelist())
    here = {p.relative_to(ROOT).as_posix() for p in (ROOT / "woodlands").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert here, "no package files found"
    missing = sorted(here - packed)
    assert not missing, f"left out of the wheel (add them to [tool.setuptools.package-data]): {missing}"
    # each game's own look (its presentation's stylesheet), which its web page links
    looks = sorted(p for p in here if p.startswith("woodlands/games/") and p.endswith(".css"))
    assert len(looks) >= 3 and set(looks) <= packed, looks
    # and its picture on the home page (its presentation's picture)
    pictures = sorted(p for p in here if p.startswith("woodlands/games/") and p.endswith(".svg"))
    assert len(pictures) >= 3 and set(pictures) <= packed, pictures
