"""Studies that never count two packs as one: fingerprints in results rows and resumes, sweeps
over a pack's numbers (variants made in memory, rebuilt in the workers), every hero in turn, and
the settings a results file keeps (woodlands.sim.runner, woodlands.sim.results, woodlands.cli.study)."""
from __future__ import annotations

import io
import json
import shutil
import sys
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import woodlands
from tests.bad_inputs.corpus import pack_copy
from woodlands.cli.main import main
from woodlands.engine.errors import UserError
from woodlands.sim.results import read_table, replay_row, studies_of
from woodlands.sim.runner import SimConfig, SimError, run_study


def cli(capsys, monkeypatch, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _edited_copy(tmp_path: Path) -> Path:
    """The default Tanglewoods pack with Papa Bear's Health raised and its version kept."""
    pack = pack_copy("tanglewoods", tmp_path)
    bears = pack / "bears.toml"
    bears.write_text(bears.read_text(encoding="utf-8").replace("health = 7", "health = 9", 1), encoding="utf-8")
    return pack


def test_rows_carry_the_fingerprint_and_an_edited_pack_of_the_same_version_is_refused_on_resume(tmp_path):
    out = tmp_path / "results.parquet"
    options = {"difficulty": 5, "round_limit": 200}
    run_study([SimConfig("tanglewoods", bot="random", options=options)], games=4, seed=3, out=str(out))
    default = woodlands.load_game("tanglewoods").content
    rows = read_table(out).to_pylist()
    assert {r["fingerprint"] for r in rows} == {default.fingerprint} and {r["variant"] for r in rows} == {None}
    kept = out.read_bytes()
    pack = _edited_copy(tmp_path)
    edited = woodlands.load_game("tanglewoods", pack).content
    assert (edited.id, edited.version) == (default.id, default.version) and edited.fingerprint != default.fingerprint
    with pytest.raises(SimError) as err:
        run_study([SimConfig("tanglewoods", bot="random", options=options, content=str(pack))], games=4, seed=3,
                  out=str(out))
    message = str(err.value)
    assert default.fingerprint[:10] in message and edited.fingerprint[:10] in message
    assert f"holds games of {default.id} {default.version}" in message and "another --out" in message
    assert out.read_bytes() == kept                       # nothing played, nothing written
    # the command line says the same, in one line, and writes nothing
    code, _, cli_err = cli_run(["sim", "tanglewoods", "--games", "4", "--seed", "3", "--difficulty", "5",
                                "--limit", "200", "--content", str(pack), "--out", str(out)])
    assert code != 0 and edited.fingerprint[:10] in cli_err and default.fingerprint[:10] in cli_err
    assert out.read_bytes() == kept
    # the same study on the unchanged pack resumes as before
    report = run_study([SimConfig("tanglewoods", bot="random", options=options)], games=6, seed=3, out=str(out))
    assert (report.skipped, report.played) == (4, 2)


def cli_run(argv: list[str]) -> tuple[int, str, str]:
    import contextlib
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_a_sweep_over_an_enemys_health_moves_the_win_rate_the_right_way(tmp_path):
    out = tmp_path / "sweep.parquet"
    configs = [SimConfig("tanglewoods", bot="greedy", options={"difficulty": 5}, edits={"card.papa-bear.health": h})
               for h in (2, 15)]
    run_study(configs, games=24, seed=0, out=str(out))
    rows = read_table(out).to_pylist()
    by_variant: dict[str, list[str]] = {}
    for r in rows:
        by_variant.setdefault(r["variant"], []).append(r["result"])
    weak, strong = by_variant['{"card.papa-bear.health":2}'], by_variant['{"card.papa-bear.health":15}']
    assert len(weak) == len(strong) == 24
    assert weak.count("win") > strong.count("win") + 3, (weak.count("win"), strong.count("win"))
    # each variant has its own fingerprint, neither the default pack's
    prints = {r["variant"]: r["fingerprint"] for r in rows}
    assert len(set(prints.values())) == 2 and woodlands.load_game("tanglewoods").content.fingerprint not in prints.values()
    # a variant's row replays: the variant is built again from the row
    row = next(r for r in rows if r["variant"] == '{"card.papa-bear.health":15}')
    assert replay_row(row).outcome["result"] == row["result"]


def test_a_variant_is_rebuilt_in_the_worker_processes(tmp_path):
    configs = [SimConfig("tanglewoods", bot="random", options={"difficulty": 6, "round_limit": 200},
                         edits={"card.papa-bear.health": 12, "card.thorn-warden.a.strategy": 2})]
    two = run_study(configs, games=8, seed=11, jobs=2, out=str(tmp_path / "two.parquet"))
    one = run_study(configs, games=8, seed=11, jobs=1, out=str(tmp_path / "one.parquet"))
    assert two.played == one.played == 8
    a, b = (read_table(tmp_path / f"{n}.parquet").to_pylist() for n in ("two", "one"))
    assert [(r["seed"], r["digest"], r["fingerprint"], r["variant"]) for r in a] == \
        [(r["seed"], r["digest"], r["fingerprint"], r["variant"]) for r in b]
    variant = woodlands.load_game("tanglewoods").with_edits(configs[0].edits)
    assert {r["fingerprint"] for r in a} == {variant.content.fingerprint}
    assert {r["variant"] for r in a} == {'{"card.papa-bear.health":12,"card.thorn-warden.a.strategy":2}'}


def test_old_results_files_without_the_new_columns_still_read_and_replay(tmp_path):
    out = tmp_path / "new.parquet"
    run_study([SimConfig("storyfold", bot="random", options={"scene_limit": 200})], games=2, seed=1, out=str(out))
    table = pq.read_table(out)
    old = table.drop_columns(["fingerprint", "variant"]).replace_schema_metadata(None)
    old_path = tmp_path / "old.parquet"
    pq.write_table(old, old_path)
    rows = read_table(old_path).to_pylist()
    assert len(rows) == 2 and all(r["fingerprint"] is None and r["variant"] is None for r in rows)
    assert read_table(old_path, ["seed", "fingerprint"]).column_names == ["seed", "fingerprint"]
    assert studies_of(old_path) == []
    for row in rows:
        assert replay_row(row).outcome["result"] == row["result"]
    # a resume into it cannot know the old games' pack: refused, saying so
    with pytest.raises(SimError, match="unknown"):
        run_study([SimConfig("storyfold", bot="random", options={"scene_limit": 200})], games=2, seed=1,
                  out=str(old_path))


def test_every_hero_plays_in_turn_unless_an_option_names_one(tmp_path):
    game = woodlands.load_game("tanglewoods")
    heroes = [h.id for h in game.content.heroes]
    out = tmp_path / "heroes.parquet"
    n = len(heroes)
    run_study([SimConfig("tanglewoods", bot="greedy", options={"difficulty": 3})], games=2 * n, seed=0, out=str(out))
    rows = read_table(out).to_pylist()
    assert Counter(r["hero"] for r in rows) == {h: 2 for h in heroes}
    for r in rows:
        assert json.loads(r["options"])["hero"] == heroes[r["seed"] % n] == r["hero"]
    fixed = tmp_path / "fixed.parquet"
    run_study([SimConfig("tanglewoods", bot="greedy", options={"difficulty": 3, "hero": heroes[-1]})], games=3,
              seed=0, out=str(fixed))
    assert {r["hero"] for r in read_table(fixed).to_pylist()} == {heroes[-1]}


def test_every_cursed_forest_character_leads_in_turn(tmp_path):
    game = woodlands.load_game("cursed-forest")
    ids = [c.id for c in game.content.characters]
    for seed in range(len(ids)):
        options = game.options_for_seed(game.options_for_simulation({"players": 2}), seed)
        assert options["characters"] == [ids[seed % len(ids)], ids[(seed + 1) % len(ids)]]
    assert game.options_for_seed({"characters": [ids[0]]}, 5) == {"characters": [ids[0]]}
    out = tmp_path / "cf.parquet"
    run_study([SimConfig("cursed-forest", bot="greedy", options={"players": 2})], games=2, seed=4, out=str(out))
    rows = read_table(out).to_pylist()
    assert [r["characters"][0] for r in rows] == [ids[4 % len(ids)], ids[5 % len(ids)]]


def test_a_results_file_keeps_every_studys_settings(tmp_path, capsys, monkeypatch):
    out = tmp_path / "s.parquet"
    code, _, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "2", "--bot", "random",
                       "--vary", "difficulty=3,4", "--out", str(out))
    assert code == 0, err
    first = studies_of(out)
    assert len(first) == 1
    assert {k: first[0][k] for k in ("game", "bots", "games", "seed", "vary")} == {
        "game": "tanglewoods", "bots": ["random"], "games": 2, "seed": 0, "vary": ["difficulty=3,4"]}
    assert pq.read_schema(out).metadata[b"woodlands.results"] == b"2"
    # resumed with more games: the settings it was made with are kept, the new ones added
    code, _, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "3", "--bot", "random",
                       "--vary", "difficulty=3,4", "--out", str(out))
    assert code == 0, err
    both = studies_of(out)
    assert both[0] == first[0] and both[1]["games"] == 3 and len(both) == 2
    # a resume that finds every game done still adds settings it has not seen, and keeps the rest
    rows = read_table(out).num_rows
    code, _, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "2", "--seed", "1", "--bot", "random",
                       "--vary", "difficulty=3,4", "--out", str(out))
    assert code == 0, err
    assert read_table(out).num_rows == rows and studies_of(out)[:2] == both and studies_of(out)[2]["seed"] == 1


def test_the_sweep_command_line(tmp_path, capsys, monkeypatch):
    out = tmp_path / "sweep.parquet"
    code, text, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "2", "--bot", "random",
                          "--vary", "card.papa-bear.health=5..9:2", "--vary", "card.merchant.mend=2,3",
                          "--out", str(out), "--json", str(tmp_path / "s.json"))
    assert code == 0, err
    rows = read_table(out).to_pylist()
    variants = {r["variant"] for r in rows}
    assert variants == {json.dumps({"card.merchant.mend": m, "card.papa-bear.health": h}, separators=(",", ":"))
                        for h in (5, 7, 9) for m in (2, 3)}
    assert len(rows) == 12 and len({r["fingerprint"] for r in rows}) == 6
    summary = json.loads((tmp_path / "s.json").read_text())
    assert len(summary["configs"]) == 6 and all(s["games"] == 2 for s in summary["configs"])
    assert "variant" in text


@pytest.mark.parametrize(("vary", "words"), [
    ("card.no-such-card.health=1..3", ["no entry 'no-such-card'", "papa-bear"]),
    ("card.papa-bear.speed=1..3", ["no field 'speed'", "enemy.health"]),
    ("card.papa-bear.enemy.name=1..3", ["not a number"]),
    ("card.papa-bear.health=a..b", ["not a number or a range"]),
    ("card.papa-bear.health=3..9:0", ["step"]),
])
def test_a_sweep_that_cannot_be_is_refused_naming_the_valid_ones(vary, words, tmp_path):
    code, _, err = cli_run(["sim", "tanglewoods", "--games", "1", "--vary", vary, "--out", str(tmp_path / "x.parquet")])
    assert code == 2, err
    for w in words:
        assert w in err
    assert not (tmp_path / "x.parquet").exists()


def test_vary_content_plays_each_pack_folder_as_a_variant(tmp_path, capsys, monkeypatch):
    base = pack_copy("tanglewoods", tmp_path / "a")
    other = tmp_path / "b"
    shutil.copytree(_edited_copy(tmp_path / "c"), other)
    text = (other / "pack.toml").read_text(encoding="utf-8")
    (other / "pack.toml").write_text(text.replace('version = "', 'version = "9.', 1), encoding="utf-8")
    out = tmp_path / "packs.parquet"
    code, _, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "2", "--vary",
                       f"content={base},{other}", "--out", str(out))
    assert code == 0, err
    rows = read_table(out).to_pylist()
    a, b = (woodlands.load_game("tanglewoods", p).content for p in (base, other))
    assert {(r["variant"], r["fingerprint"]) for r in rows} == {
        (json.dumps({"content": f"{a.id} {a.version}"}, separators=(",", ":")), a.fingerprint),
        (json.dumps({"content": f"{b.id} {b.version}"}, separators=(",", ":")), b.fingerprint)}
    with pytest.raises(UserError, match="leave out --content"):
        from woodlands.cli.study import pack_variants
        pack_variants(woodlands.load_game("tanglewoods"), str(base), [f"content={base}"])


def test_a_second_study_with_other_settings_is_told_both_are_kept(tmp_path, capsys, monkeypatch):
    out = tmp_path / "s.parquet"

    def study(games: str, bot: str, difficulty: str) -> str:
        code, said, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", games, "--bot", bot,
                              "--difficulty", difficulty, "--out", str(out))
        assert code == 0, err
        return said

    assert "other settings" not in study("2", "random", "3")
    assert "other settings" not in study("2", "random", "3")      # the same study again: nothing to say
    assert "other settings" not in study("3", "random", "3")      # resumed to more games: an ordinary resume
    # another bot and another level into the same file: said, with what differs
    second = study("2", "greedy", "4")
    said = " ".join(second.split())
    assert "written before by 2 studies with other settings" in said
    assert 'bots ["random"] then ["greedy"]' in said and '"difficulty": 3' in said and '"difficulty": 4' in said
    assert "keeps the settings of each study and the games of each" in said
    rows = read_table(out).to_pylist()
    assert sorted((r["bot"], json.loads(r["options"])["difficulty"]) for r in rows) == [
        ("greedy", 4), ("greedy", 4), ("random", 3), ("random", 3), ("random", 3)]
    assert len(studies_of(out)) == 3


def test_the_studys_table_shows_each_variant_whole_and_numbers_in_order(tmp_path, capsys, monkeypatch):
    code, out, err = cli(capsys, monkeypatch, "sim", "tanglewoods", "--games", "1", "--bot", "random",
                         "--vary", "difficulty=9,10", "--vary", "card.papa-bear.health=5,11")
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.lstrip().startswith("random") or line.startswith("   ")]
    # a value folded onto the next line is still there: join each row's cells line by line
    cells = " ".join("".join(part.strip() for part in line.split("│")[2:3]) for line in rows)
    assert cells.replace(" ", "").count("card.papa-bear.health=5") == 2
    assert cells.replace(" ", "").count("card.papa-bear.health=11") == 2
    levels = [line.split("│")[1].strip() for line in rows if line.lstrip().startswith("random")]
    assert levels == ["difficulty=9", "difficulty=10", "difficulty=9", "difficulty=10"]
