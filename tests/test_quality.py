"""The package type-checks under mypy --strict, and the linter passes over it and over the tests,
benchmarks, examples and scripts (config in pyproject.toml)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("tool, args", [
    ("mypy", ["-m", "mypy", "--no-error-summary"]),
    ("ruff", ["-m", "ruff", "check", "woodlands", "tests", "benchmarks", "examples", "scripts"]),
])
def test_static_checks(tool, args):
    pytest.importorskip(tool)
    out = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
