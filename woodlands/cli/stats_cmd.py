"""``woodlands stats``: your record and ladder, from the results file of the data folder (one
row per game that ended in ``woodlands play``; :mod:`woodlands.kit.career` counts them, as the
web app's ``/stats`` page counts a browser's games)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Mapping, Sequence

from ..engine.files import write_text
from ..kit.career import best_words, percent, read_results, results_path, summarize


def columns(rows: Sequence[tuple[str, ...]]) -> list[str]:
    """Rows of cells as aligned lines (the first row the headings).

    >>> columns([("A", "Played"), ("long name", "3")])
    ['A          Played', 'long name  3']
    """
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def stats_lines(stats: Mapping[str, Any]) -> list[str]:
    """The record and the ladder as the terminal prints them."""
    lines = [f"Your record: {stats['played']} game{'s' if stats['played'] != 1 else ''} played, {stats['won']} won."]
    if not stats["played"]:
        lines.append("No game has ended here yet: every game that ends in 'woodlands play' counts.")
    for g in stats["games"]:
        by, unit = g["best_by"], g["rounds_words"]
        lines += ["", f"{g['name']} ({g['game']}): {g['played']} played, {g['won']} won ({percent(g['won'], g['played'])}); "
                      f"wins in a row: {g['streak']} now, {g['best_streak']} at best; best: {best_words(g, by, unit)}"]
        table: list[tuple[str, ...]] = [("Set-up", "Played", "Won", "Rate", "Best")]
        table += [(v["words"], str(v["played"]), str(v["won"]), percent(v["won"], v["played"]), best_words(v, by, unit))
                  for v in g["variants"]]
        lines += ["  " + line for line in columns(table)]
        facts = [f"{f['words']}: {f['value']}" for f in (*g["totals"], *g["furthest"])]
        if facts:
            lines.append("  " + "; ".join(facts))
    ladders = stats.get("ladders") or []
    if ladders:
        lines += ["", "Your ladder (a win at the open step opens the next; woodlands play GAME --ladder [TRACK] plays it):"]
    for lad in ladders:
        if not lad["tracks"]:
            lines.append(f"  {lad['name']} ({lad['game']}): no ladder" + (f"; {lad['no_ladder']}" if lad["no_ladder"] else ""))
            continue
        lines.append(f"  {lad['name']} ({lad['game']}):")
        steps: list[tuple[str, ...]] = [("Track", "Open step", "Steps won", "Key")]
        steps += [(t["words"], t["step"] + (" (all won)" if t["done"] else ""),
                   f"{t['steps'] if t['done'] else t['open']} of {t['steps']}", t["key"]) for t in lad["tracks"]]
        lines += ["    " + line for line in columns(steps)]
    return lines


def run(args: argparse.Namespace) -> int:
    rows = read_results()
    stats = summarize(rows, ladders=True)
    stats["results_file"] = str(results_path())
    if args.json:
        write_text(args.json, json.dumps(stats, indent=2, ensure_ascii=False) + "\n")
    for line in stats_lines(stats):
        sys.stdout.write(line + "\n")
    if args.json:
        sys.stdout.write(f"wrote {args.json}\n")
    return 0
