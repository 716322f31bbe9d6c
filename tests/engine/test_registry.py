"""The game registry (issue 10, "One descriptor per game"): descriptors found through entry
points with the built-ins as fallback, in-process registration, and no per-game tables left in
engine/, cli/, bots/, sim/ or the shared tests."""
from __future__ import annotations

import ast
import tomllib
import warnings
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import woodlands
from woodlands.engine import registry
from woodlands.engine.registry import GameDescriptor, Lazy, descriptor, descriptors
from woodlands.games import BUILTIN

from tests.toy_game import TOY

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = sorted(BUILTIN)


@pytest.fixture
def fresh_discovery(monkeypatch):
    """Discovery runs again (with whatever entry points the test gives) and is undone after."""
    monkeypatch.setattr(registry, "_DISCOVERED", None)
    monkeypatch.setattr(registry, "_REGISTERED", {})


def _entry_points(*pairs):
    eps = [EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in pairs]
    return lambda group: [ep for ep in eps if ep.group == group]


def test_pyproject_declares_the_built_in_games_as_entry_points():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["woodlands.games"]
    assert declared == BUILTIN


def test_pyproject_declares_what_the_package_declares_without_metadata():
    """The entry points of pyproject.toml and the lists the top-level package hands the registry
    for a checkout without package metadata are the same, group by group."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    for group in ("woodlands.games", "woodlands.bots", "woodlands.commands"):
        assert declared[group] == registry._BUILT_IN[group], group


def test_the_built_in_games_are_found_without_package_metadata(fresh_discovery, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", _entry_points())
    assert woodlands.game_ids() == BUILT_IN
    assert [d.id for d in descriptors()] == ["tanglewoods", "storyfold", "cursed-forest"]   # menu order


def test_an_installed_package_adds_a_game_by_entry_point(fresh_discovery, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", _entry_points(("toy", "tests.toy_game:DESCRIPTOR")))
    assert woodlands.game_ids() == sorted([*BUILT_IN, "toy"])
    assert woodlands.load_game("toy").name == "Count to Ten"


def test_a_broken_entry_point_is_a_warning_not_an_outage(fresh_discovery, monkeypatch):
    monkeypatch.setattr(registry, "entry_points", _entry_points(("gone", "no_such_module:DESCRIPTOR"),
                                                                ("named-wrong", "tests.toy_game:DESCRIPTOR")))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert [d.id for d in descriptors()] == ["tanglewoods", "storyfold", "cursed-forest"]
        assert woodlands.game_ids() == BUILT_IN
    assert len(caught) == 2 and "'gone'" in str(caught[0].message)
    with pytest.raises(woodlands.GameOptionError, match="'gone' .* cannot be loaded"):
        woodlands.load_game("gone")


def test_register_game_in_process(fresh_discovery):
    with pytest.raises(woodlands.GameOptionError, match="unknown game 'toy'; the games are: cursed-forest"):
        woodlands.load_game("toy")
    assert woodlands.register_game(TOY) is TOY
    woodlands.register_game(TOY)            # the same descriptor again: nothing happens
    state = woodlands.load_game("toy").new_game(seed=1)
    assert state.view(0)["game"] == "toy" and descriptor("toy").view is not None
    with pytest.raises(ValueError, match="already registered"):
        woodlands.register_game(GameDescriptor(game=type(woodlands.load_game("toy"))))
    with pytest.raises(TypeError):
        woodlands.register_game("toy")      # type: ignore[arg-type]


def test_loading_one_game_imports_no_other():
    import subprocess
    import sys
    script = ("import sys, woodlands; woodlands.load_game('storyfold')\n"
              "print(sorted(m for m in sys.modules if m.startswith('woodlands.games.') and m.count('.') == 2))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.stdout.strip() == "['woodlands.games.storyfold']", out.stdout + out.stderr


def test_a_lazy_hook_imports_on_use():
    hook = Lazy("woodlands.cli.helptext:COMMANDS")
    assert isinstance(registry.resolve(hook), str) and registry.resolve("plain") == "plain"


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_each_descriptor_is_whole(game_id):
    d = descriptor(game_id)
    game = woodlands.load_game(game_id)
    assert d.id == game.id == game_id and d.players == game.players
    state = game.new_game(seed=1, options=game.options_for_simulation())
    assert d.view is not None and d.view(state, 0) == state.view(0)
    for hook in ("narrator", "help"):
        assert d.hook(hook) is not None, hook
    # a table to draw: the game's own drawing (the table hook), or a table model the generic renderers draw
    from woodlands.engine.presentation import presentation_for
    assert d.hook("table") is not None or presentation_for(game).table_model(state.view(0), 0) is not None
    assert {"random", "greedy", "ismcts"} <= set(d.bot_names)
    for bot in d.bot_names:
        assert d.make_bot(bot, 1).choose(state) in state.decision.ids, bot
    assert d.tests.invariants is not None and d.tests.golden
    # the schema names options the game takes (a bad value is refused as a value, not as a name)
    names = [o.name for o in d.options]
    assert len(names) == len(set(names))
    for spec in d.options:
        try:
            game.checked_options({spec.name: object.__name__})
        except woodlands.GameOptionError as e:
            assert "unknown option" not in str(e), spec.name
    # the simulation limits are in the schema, marked as such
    for name in {d.limit_option, *d.simulation_options} - {None}:
        assert d.option(name) is not None and d.option(name).simulation, name


def _game_modules() -> set[str]:
    """The modules the descriptors name as a game's own (its narrator, table, help, bots)."""
    mods = set()
    for d in [*descriptors(), TOY]:
        for hook in (d.narrator, d.table, d.help, d.position_value, *d.bots.values()):
            if isinstance(hook, Lazy):
                mods.add(hook.path.partition(":")[0])
    return mods


def test_shared_code_keeps_no_per_game_tables():
    """No text equal to a game id in the code of engine/, cli/, bots/, sim/ and the shared tests
    (docstrings aside), except in the modules a descriptor names as that game's own."""
    own = _game_modules() - {"woodlands.bots.random_bot"}
    ids = {*BUILT_IN, "cursed_forest"}
    files = [p for folder in ("engine", "cli", "bots", "sim") for p in sorted((ROOT / "woodlands" / folder).glob("*.py"))]
    files += [ROOT / "tests" / name for name in ("every_game.py", "test_every_game.py", "test_golden.py")]
    found = []
    for path in files:
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module in own:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if node.value in ids or any(f"woodlands.games.{g}" in node.value for g in ids):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, found


def test_a_real_distribution_on_the_path_adds_its_game(fresh_discovery, monkeypatch, tmp_path):
    """Package metadata as pip writes it (a dist-info folder with entry_points.txt) is read
    through importlib.metadata, not only a stand-in for it."""
    info = tmp_path / "count_to_ten-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: count-to-ten\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[woodlands.games]\ntoy = tests.toy_game:DESCRIPTOR\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "toy" in woodlands.game_ids()
    assert descriptor("toy").game.name == "Count to Ten"


def test_bots_come_from_the_game_s_descriptor(fresh_discovery):
    """One bot registry: asked for a game's bot, sim and get_bot build what its descriptor names
    (the toy's own greedy bot), and a name the game lacks is a clear error."""
    from woodlands.bots import bot_names, get_bot
    from woodlands.sim.runner import SimConfig, play_one
    from tests.toy_game import GreedyToyBot
    woodlands.register_game(TOY)
    assert isinstance(get_bot("greedy", 3, game="toy"), GreedyToyBot)
    assert "greedy" in bot_names() and "random" in bot_names()
    row = play_one(SimConfig(game="toy", bot="greedy"), 5)
    assert row["decisions"] >= 1 and row["result"] in ("win", "loss")
    with pytest.raises(woodlands.GameOptionError, match="no clever bot for 'toy'"):
        get_bot("clever", 0, game="toy")


def test_a_game_takes_only_the_generic_bots_it_names():
    """The generic bots are plug-ins above the games: a game names the ones it takes
    (``generic_bots``) and gets no other, whatever is installed."""
    from dataclasses import replace

    d = replace(descriptor("tanglewoods"), generic_bots=("random",))
    assert d.bot_names == ("random", "greedy")
    assert type(d.make_bot("random", 1)).__name__ == "RandomBot"
    with pytest.raises(woodlands.GameOptionError, match="no ismcts bot"):
        d.make_bot("ismcts", 1)
    assert registry.plugins(registry.BOT_GROUP).keys() >= {"random", "ismcts"}
