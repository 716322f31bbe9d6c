"""The report's "Which cards matter" section (woodlands.sim.cards) on a small study: its numbers
are the rows' own, its sentences are made from them, and files made before the ``events``
column still give a report."""
from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("polars", reason="the report extra is not installed")
pytest.importorskip("vl_convert", reason="the report extra is not installed")

import pyarrow.parquet as pq  # noqa: E402

from woodlands.kit.stats import significantly_different, wilson_interval  # noqa: E402
from woodlands.sim.report import build_report  # noqa: E402
from woodlands.sim.results import read_table  # noqa: E402
from woodlands.sim.runner import SimConfig, run_study  # noqa: E402


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """32 Tanglewoods games of the greedy bot at difficulty 10: some won, some lost."""
    folder = tmp_path_factory.mktemp("cards")
    out = folder / "tw.parquet"
    run_study([SimConfig("tanglewoods", bot="greedy", options={"difficulty": 10})], games=32, seed=1, out=str(out), jobs=2)
    return out, read_table(out).to_pylist()


def test_the_numbers_are_the_rows(small):
    out, rows = small
    wins = sum(r["result"] == "win" for r in rows)
    assert 0 < wins < len(rows) == 32
    report = build_report([out], min_support=5)
    matter = report.tables["cards_matter"]
    assert matter
    # every entity-event with 5 games each way is in the table, and only those
    happened: dict[tuple[str, str, str], set[int]] = {}
    times: Counter[tuple[str, str, str]] = Counter()
    for i, r in enumerate(rows):
        for e in r["events"]:
            key = (e["kind"], e["id"], e["event"])
            happened.setdefault(key, set()).add(i)
            times[key] += e["n"]
    expected = {k for k, games in happened.items() if len(games) >= 5 and len(rows) - len(games) >= 5}
    assert {(r["kind"], r["id"], r["event"]) for r in matter} == expected
    for r in matter:
        key = (r["kind"], r["id"], r["event"])
        having = happened[key]
        w = sum(rows[i]["result"] == "win" for i in having)
        assert (r["times"], r["games"], r["wins"]) == (times[key], len(having), w)
        assert (r["games_without"], r["wins_without"]) == (len(rows) - len(having), wins - w)
        assert (r["with_lo"], r["with_hi"]) == pytest.approx(wilson_interval(w, len(having)))
        assert (r["without_lo"], r["without_hi"]) == pytest.approx(wilson_interval(wins - w, len(rows) - len(having)))
        assert r["significant"] == significantly_different(w, len(having), wins - w, len(rows) - len(having))
    # sorted by kind, then effect from highest to lowest
    kinds = [r["kind"] for r in matter]
    assert kinds == sorted(kinds, key=lambda k: ["card", "hero", "item", "monster", "tile", "character"].index(k))
    for kind in set(kinds):
        effects = [r["effect"] for r in matter if r["kind"] == kind]
        assert effects == sorted(effects, reverse=True)
    # the summary sentence counts the rows, and names the strongest significant one each way
    sentence = next(s for s in report.summary if s.startswith("Which cards matter, tanglewoods, greedy bot"))
    sig = [r for r in matter if r["significant"]]
    assert f"of {len(matter)} entity-events" in sentence and f", {len(sig)} go with" in sentence
    up = [r for r in sig if r["effect"] > 0]
    if up:
        best = max(up, key=lambda r: (r["effect"], r["games"]))
        assert f"most with winning {best['id']} {best['event'].replace('_', ' ')}" in sentence
    assert "<h2>Which cards matter</h2>" in report.html
    section = report.html[report.html.index("<h2>Which cards matter</h2>"):]
    assert ("<svg" in section) == bool(sig)       # the plot of the significant rows, when there are any
    # the page shows the rows with the heading of each kind present
    assert "<h4>Cards</h4>" in report.html and "<h4>Heroes</h4>" in report.html


def test_files_made_before_the_events_column_still_report(small, tmp_path):
    out, rows = small
    table = pq.read_table(out)
    old = tmp_path / "old.parquet"
    pq.write_table(table.drop([c for c in table.column_names if c == "events" or c.startswith(("loss_", "at_end_"))]), old)
    report = build_report([old], min_support=5)
    assert report.rows == len(rows) and report.tables["cards_matter"] == []
    assert "count no events per card" in report.html
    # beside a new file: the old games are left out of this section, and the page says how many
    half = tmp_path / "half.parquet"
    pq.write_table(table.slice(0, 16), half)
    older = tmp_path / "older.parquet"
    pq.write_table(table.slice(16).drop(["events"]), older)
    mixed = build_report([half, older], min_support=3)
    assert mixed.rows == len(rows)
    assert "16 games from files made before the <code>events</code> column" in mixed.html and "are left out" in mixed.html
    assert all(r["games"] + r["games_without"] == 16 for r in mixed.tables["cards_matter"])
