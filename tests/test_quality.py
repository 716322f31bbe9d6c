"""The package type-checks under mypy --strict, and the linter passes over it and over the tests,
benchmarks, examples and scripts (config in pyproject.toml)."""
from __future__ import annotations

import os
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


def test_the_layers_hold():
    """The import-linter contracts of pyproject.toml ([tool.importlinter]: the layers, no cycles)
    are kept; a broken one fails with the linter's own report, naming the import chain."""
    pytest.importorskip("importlinter")
    lint = Path(sys.executable).with_name("lint-imports")
    command = [str(lint)] if lint.exists() else [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([*command, "--no-cache", "pyproject.toml"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, env=env)
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
