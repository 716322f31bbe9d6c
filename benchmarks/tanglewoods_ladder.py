"""Tanglewoods' difficulty ladder from results files: win rate per level with 95% Wilson
intervals, each level tested against the one below, as Markdown tables (docs/results/balance.md,
"Retune").  Several files (e.g. before and after a retune, made with the same seeds) are shown
side by side.

    python benchmarks/tanglewoods_ladder.py before.parquet after.parquet [--bot greedy]

Needs the ``report`` extra (polars).
"""
from __future__ import annotations

import argparse
from typing import Any

import polars as pl

from woodlands.sim.report import _rate, monotone_flags


def ladder(path: str, bot: str, by_hero: bool = False, seeds: int | None = None) -> list[dict[str, Any]]:
    df = pl.read_parquet(path).filter((pl.col("game") == "tanglewoods") & (pl.col("bot") == bot))
    versions = sorted(set(df.get_column("content_version").to_list()))
    if len(versions) > 1:   # never one rate over two packs (a study resumed after a retune holds both)
        raise SystemExit(f"{path}: games of {len(versions)} pack versions ({', '.join(versions)}); "
                         "give one file per version")
    if seeds is not None:           # the first N seeds of every configuration (studies of unequal size)
        df = df.filter(pl.col("seed") < df["seed"].min() + seeds)
    keys = ["difficulty", "hero"] if by_hero else ["difficulty"]
    g = df.group_by(keys).agg(pl.len().alias("games"), (pl.col("result") == "win").sum().alias("wins")).sort(keys)
    return g.to_dicts()


def cell(r: dict[str, Any]) -> str:
    rate = _rate(int(r["wins"]), int(r["games"]))
    return f"{100 * rate['rate']:.1f}% ({100 * rate['lo']:.1f}-{100 * rate['hi']:.1f})"


def step(r: dict[str, Any], flags: dict[int, dict[str, Any]]) -> str:
    f = flags.get(int(r["difficulty"]))
    if f is None:
        return ""
    if f["significantly_harder"]:
        return "harder" + (" (cliff)" if f["cliff"] else "")
    return "not harder" if f["flag"] else "harder, within chance"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="+")
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--seeds", type=int, help="only the first N seeds of each configuration (the same seeds in every file)")
    ap.add_argument("--heroes-at", type=int, default=10, help="also a per-hero table at this level")
    a = ap.parse_args()
    tables = [ladder(p, a.bot, seeds=a.seeds) for p in a.results]
    flags = [{int(f["difficulty"]): f for f in monotone_flags(t)} for t in tables]
    head = "| level | " + " | ".join(f"{p}: win % (95%) | step" for p in a.results) + " |"
    print(head)
    print("|" + "---|" * (1 + 2 * len(tables)))
    for i, r in enumerate(tables[0]):
        cells = []
        for t, fl in zip(tables, flags):
            cells += [cell(t[i]), step(t[i], fl)]
        print(f"| {r['difficulty']} | " + " | ".join(cells) + f" |  <!-- {r['games']} games -->")
    print()
    heroes = [{h["hero"]: h for h in ladder(p, a.bot, by_hero=True, seeds=a.seeds) if h["difficulty"] == a.heroes_at} for p in a.results]
    print(f"| hero at level {a.heroes_at} | " + " | ".join(a.results) + " |")
    print("|" + "---|" * (1 + len(heroes)))
    for hero in sorted(heroes[0]):
        print(f"| {hero} | " + " | ".join(cell(h[hero]) for h in heroes) + " |")


if __name__ == "__main__":
    main()
