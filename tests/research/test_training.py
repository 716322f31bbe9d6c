"""The training baselines run (examples/research/train_*.py): each script for a few hundred
steps, writing its curve (the CSV with random's and greedy's lines, then the policy's points)
and its plot.  The full runs are benchmarks (docs/research.md, "Baselines"), not tests."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMOKE = ["--steps", "256", "--eval-every", "128", "--eval-episodes", "1", "--n-steps", "128"]
RUNS = [
    ("train_maskable_ppo.py", ["--game", "storyfold"]),
    ("train_maskable_ppo.py", ["--game", "tanglewoods", "--option", "difficulty=0", "--reward", "shaped",
                               "--curriculum", '{"from_end": 0}', "--curriculum", "start"]),
    ("train_maskable_ppo.py", ["--game", "cursed-forest"]),
    ("train_shared_policy.py", ["--players", "2"]),
]


def run(script: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(ROOT / "examples" / "research" / script), *args],
                          capture_output=True, text=True, env=env, timeout=180)


@pytest.mark.train
@pytest.mark.parametrize("script,args", RUNS, ids=[f"{s}-{a[1]}" for s, a in RUNS])
def test_a_training_script_writes_its_curve(script: str, args: list[str], tmp_path: Path) -> None:
    out = run(script, [*args, *SMOKE, "--out", str(tmp_path)])
    assert out.returncode == 0, out.stderr
    with (tmp_path / "curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [r["who"] for r in rows[:2]] == ["random", "greedy"]
    steps = [int(r["steps"]) for r in rows[2:]]
    assert steps[0] == 0 and steps[-1] >= 256 and steps == sorted(steps)
    for r in rows:
        assert 0.0 <= float(r["true_reward"]) <= 1.0 and 0.0 <= float(r["win_share"]) <= 1.0
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if script == "train_maskable_ppo.py" and args[1] == "tanglewoods":   # the trained policy joins a ladder
        env = {**os.environ, "PYTHONPATH": str(ROOT), "WOODLANDS_PPO_MODEL": str(tmp_path / "model.zip")}
        ladder = subprocess.run([sys.executable, "-m", "woodlands.cli.main", "ladder", "tanglewoods", "--difficulty", "0",
                                 "--bots", "random,examples.research.ppo_agent:make", "--games", "2",
                                 "--out", str(tmp_path / "ladder.jsonl")],
                                capture_output=True, text=True, env=env, timeout=180, cwd=ROOT)
        assert ladder.returncode == 0, ladder.stderr
        assert "| examples.research.ppo_agent:make | 2 |" in ladder.stdout


@pytest.mark.train
def test_a_shared_policy_refuses_a_pvp_game(tmp_path: Path) -> None:
    out = run("train_shared_policy.py", ["--players", "2", "--option", "pvp=true", "--out", str(tmp_path)])
    assert out.returncode == 2 and "cooperative" in out.stderr.strip().splitlines()[-1]


@pytest.mark.train
@pytest.mark.parametrize("args,says", [
    (["--game", "nowhere"], "--game nowhere: no such game"),
    (["--steps", "0"], "--steps must be at least 1"),
    (["--option", "difficulty"], "give KEY=VALUE"),
    (["--game", "tanglewoods", "--curriculum", '{"nope": 1}'], "a curriculum is"),
    (["--gamma", "0"], "--gamma must be in (0, 1]"),
])
def test_a_bad_argument_says_so_in_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    out = run("train_maskable_ppo.py", [*args, "--out", str(tmp_path)])
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert says in out.stderr.strip().splitlines()[-1]


@pytest.mark.train
def test_the_curriculum_wrapper_starts_training_episodes_from_its_starts() -> None:
    """Each reset of training draws one of --curriculum's starts; evaluation is not wrapped."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("train_ppo", ROOT / "examples" / "research" / "train_maskable_ppo.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    env = script.make_env(script.descriptor("tanglewoods").gym_id, "outcome", {"difficulty": 0})
    late = script.Curriculum(env, [{"from_end": 0}])
    late.reset(seed=3)
    assert env.state is not None and env.state.round > 1 and late.action_masks().any()
    both = script.Curriculum(env, [script.parse_curriculum("start"), {"from_end": 0}])
    rounds = set()
    both.reset(seed=5)
    for _ in range(12):
        both.reset()
        rounds.add(env.state.round)
    assert 0 in rounds and len(rounds) > 1                                    # both starts were drawn
