"""The strength ladder: bots play the same seeded games, and each step up must be significant.

``woodlands ladder GAME --bots random,greedy,ismcts --games 100 --budget 200`` plays game
``i`` with seed ``SEED+i`` for every bot, one seed after another (so a run cut short stays
balanced), and appends one JSON line per game to the results file.  Run it again and it plays
only what the file does not hold yet: it can go on across sessions.  The summary compares each
bot with the one below it on the seeds both played (a sign test on the rewards of each pair of
games: for win/loss games McNemar's exact test), one-sided at 95%.

A bot may be an outside agent, named by an importable factory ``module:callable`` of a bot or
of a policy over the research observation and mask (:mod:`woodlands.bots.outside`): it plays the
same seeds and is compared the same way, after the built-in bots.

>>> rows = [{"config": "c", "bot": "a", "seed": s, "reward": 0.0, "result": "loss"} for s in range(8)]
>>> rows += [{"config": "c", "bot": "b", "seed": s, "reward": 1.0, "result": "win"} for s in range(8)]
>>> step = compare(rows, "c", "a", "b")
>>> step["better"], step["worse"], round(step["p"], 4), step["significant"]
(8, 0, 0.0039, True)
"""
from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from ..engine.errors import GameOptionError
from ..engine.game import load_game
from ..engine.packs import game_for
from ..engine.registry import descriptor
from ..engine.views import result_of
from ..kit.stats import wilson_interval
from .base import get_bot
from .outside import is_factory_spec, outside_player

FORMAT = "woodlands-ladder"


def config_key(game: str, options: dict[str, Any], budget: str, leaf: str) -> str:
    """One ladder's name: the game, its options, and the search's budget and leaf."""
    opts = ",".join(f"{k}={json.dumps(v)}" for k, v in sorted(options.items()))
    return f"{game}[{opts}] budget={budget} leaf={leaf}"


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a results file (none if it does not exist); a line cut short by an
    interrupted run is skipped, so the game it stood for is simply played again.

    A file that is not text, or that holds something but not one ladder row (another program's
    file given to ``--out`` by mistake: a study's Parquet, a record), is refused with
    GameOptionError, so that the ladder never appends its rows to it."""
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise GameOptionError(f"{path}: not a ladder results file (not text: one JSON row per line)") from None
    rows = []
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict) and row.get("format") == FORMAT:
            rows.append(row)
    if not rows and text.strip():
        raise GameOptionError(f"{path}: not a ladder results file (no line is a {FORMAT} row); give a new "
                              "file or one a ladder wrote")
    return rows


def play_game(game_id: str, options: dict[str, Any], bot_name: str, seed: int, budget: str, leaf: str,
              pack: dict[str, str] | None = None) -> dict[str, Any]:
    """One game of ``bot_name`` playing every seat; its row (without the file's bookkeeping).
    ``pack`` (a row's ``content``): play on that pack, e.g. a kept older version, to play a row again;
    a row that names its pack's fingerprint is refused on a pack of the same id and version whose
    content differs."""
    fingerprint = None if pack is None else pack.get("fingerprint")
    game = load_game(game_id) if pack is None else game_for(game_id, pack["id"], pack["version"], fingerprint)
    state = game.new_game(seed=seed, options=game.options_for_simulation(options))
    if bot_name == "ismcts":
        from .ismcts import ISMCTSBot
        bot: Any = ISMCTSBot(seed, budget=budget, leaf=leaf)
    elif is_factory_spec(bot_name, descriptor(game_id).bot_names):
        bot = outside_player(bot_name, game_id, seed, state.options)
    else:
        bot = get_bot(bot_name, seed, game=game_id)
    started = time.perf_counter()
    decisions = searched = 0
    while not state.is_over:
        decision = state.decision
        assert decision is not None
        if len(decision.options) > 1:
            searched += 1
        state.apply(bot.choose(state))
        decisions += 1
    seats = sorted({0} | set(range(int(options.get("players", 1)))))
    rewards = [game.reward(state, s) for s in seats]
    row = {"result": result_of(state.outcome), "reward": sum(rewards) / len(rewards), "rewards": rewards,
           "measures": game.measures(state), "decisions": decisions, "choices": searched,
           "seconds": round(time.perf_counter() - started, 3)}
    if bot_name == "ismcts":
        # how much search the game got: under a seconds budget this is what the machine gave,
        # so rows of different machines or days can be told apart (and compared) by it
        row["search"] = {"searches": bot.searches, "iterations": bot.search_iterations}
    return row


def iterations_per_search(games: list[dict[str, Any]]) -> float | None:
    """The mean iterations of a search over ``games`` (rows), None when no row says (rows of
    bots that do not search, or from before rows kept it).

    >>> iterations_per_search([{"search": {"searches": 3, "iterations": 600}}, {"search": {"searches": 1, "iterations": 100}}])
    175.0
    >>> iterations_per_search([{"bot": "greedy"}]) is None
    True
    """
    told = [r["search"] for r in games if isinstance(r.get("search"), dict)]
    searches = int(sum(t.get("searches", 0) for t in told))
    if not searches:
        return None
    return float(sum(t.get("iterations", 0) for t in told)) / searches


def run_ladder(path: Path, game_id: str, options: dict[str, Any], bots: list[str], games: int, budget: str,
               leaf: str | None = None, seed: int = 0, say: Callable[[str], None] = print,
               stop_after: float | None = None) -> list[dict[str, Any]]:
    """Play what ``path`` does not hold yet of the ladder ``bots`` × ``games`` seeds, appending a
    row per game as it ends; ``stop_after`` seconds end the run early (it resumes next time)."""
    bots = list(dict.fromkeys(bots))    # a bot named twice would play (and count) each seed twice
    if not bots:
        raise GameOptionError("a ladder needs at least one bot")
    outside = [name for name in bots if is_factory_spec(name, descriptor(game_id).bot_names)]
    for name in bots:
        if name != "ismcts" and name not in outside:
            get_bot(name, 0, game=game_id)          # an unknown bot is refused before anything runs
    from .ismcts import DEFAULT_LEAF, LEAVES, Budget
    budget = str(Budget.parse(budget))
    leaf = DEFAULT_LEAF if leaf is None else leaf
    if leaf not in LEAVES:
        raise GameOptionError(f"unknown leaf evaluation {leaf!r}; choose one of {', '.join(LEAVES)}")
    game = load_game(game_id)
    if game.limit_option is not None and game.limit_option not in options:   # as woodlands sim does
        options = {**options, game.limit_option: game.limit_default}
    checked = game.checked_options(game.options_for_simulation(options))   # bad options: refused before any game
    for name in outside:   # an outside agent whose factory fails is refused before any game too
        outside_player(name, game_id, seed, checked)
    key = config_key(game_id, options, budget, leaf)
    # rows are kept apart by the pack they were played on (a retuned pack is another ladder),
    # its content included: an edit that kept the version is another pack, and rows from before
    # rows kept the fingerprint are not counted as played on this one
    pack = {"id": game.content.id, "version": game.content.version, "fingerprint": game.content.fingerprint}
    done = {(r["bot"], r["seed"]) for r in read_rows(path) if r.get("config") == key and r.get("content") == pack}
    path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    new: list[dict[str, Any]] = []
    for i in range(games):
        for name in bots:
            s = seed + i
            if (name, s) in done:
                continue
            if stop_after is not None and time.perf_counter() - started >= stop_after:
                say(f"stopped after {stop_after:g} s; run the same command again to go on")
                return new
            row = {"format": FORMAT, "config": key, "game": game_id, "options": options, "budget": budget,
                   "leaf": leaf, "bot": name, "seed": s, "content": pack,
                   **play_game(game_id, options, name, s, budget, leaf)}
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row, sort_keys=True) + "\n")
            new.append(row)
            say(f"{key}  {name:7} seed {s}: {row['result']} (reward {row['reward']:.2f}, {row['seconds']:.1f} s)")
    return new


def pack_label(row: dict[str, Any]) -> str:
    """The pack a row was played on, as "id version" and the first 10 hex digits of its
    fingerprint ("id version" alone for rows from before rows kept it, "" for rows from before
    rows named the pack), so two contents of one version are never summed as one ladder.

    >>> pack_label({"content": {"id": "tw", "version": "0.3.0", "fingerprint": "0123456789abcdef"}})
    'tw 0.3.0 (fingerprint 0123456789)'
    """
    c = row.get("content")
    if isinstance(c, dict) and isinstance(c.get("id"), str) and isinstance(c.get("version"), str):
        fingerprint = c.get("fingerprint")
        return f"{c['id']} {c['version']}" + (f" (fingerprint {fingerprint[:10]})" if isinstance(fingerprint, str) else "")
    return ""


# ------------------------------------------------------------------ the statistics
def sign_test(better: int, worse: int) -> float:
    """One-sided p-value that ``better`` out of ``better + worse`` untied pairs is no more than
    chance (exact binomial, p = 1/2)."""
    n = better + worse
    if n == 0:
        return 1.0
    return float(sum(math.comb(n, k) for k in range(better, n + 1)) / 2 ** n)


def compare(rows: list[dict[str, Any]], config: str, low: str, high: str) -> dict[str, Any]:
    """Is ``high`` better than ``low`` on the seeds both played?  Pairs by seed."""
    a = {r["seed"]: r["reward"] for r in rows if r["config"] == config and r["bot"] == low}
    b = {r["seed"]: r["reward"] for r in rows if r["config"] == config and r["bot"] == high}
    seeds = sorted(set(a) & set(b))
    better = sum(1 for s in seeds if b[s] > a[s])
    worse = sum(1 for s in seeds if b[s] < a[s])
    p = sign_test(better, worse)
    return {"low": low, "high": high, "pairs": len(seeds), "better": better, "worse": worse, "p": p,
            "significant": p < 0.05}


def summarize(rows: Iterable[dict[str, Any]], order: tuple[str, ...] = ("random", "greedy", "ismcts")) -> str:
    """The ladder as Markdown, generated from the rows: per ladder, each bot's games, wins (95%
    Wilson interval), mean reward, time a game and the iterations of its searches (over the
    rows that kept them), then each step up with its sign test."""
    rows = list(rows)
    out = ["# Strength ladder", "",
           "Generated by `woodlands ladder` from the rows of the results file; do not edit by hand.",
           "Each step compares a bot with the one below it on the seeds both played (sign test on the",
           "rewards of each pair of games, one-sided; significant when p < 0.05).", ""]
    configs = sorted({(r["config"], pack_label(r)) for r in rows})
    for config, pack in configs:
        mine = [r for r in rows if r["config"] == config and pack_label(r) == pack]
        bots = sorted({r["bot"] for r in mine}, key=lambda b: (order.index(b) if b in order else len(order), b))
        out += [f"## {config}" + (f", pack {pack}" if pack else ""), "",
                "| bot | games | wins | win rate (95%) | mean reward | s / game | iterations / search |",
                "|---|---:|---:|---|---:|---:|---:|"]
        for bot in bots:
            games = [r for r in mine if r["bot"] == bot]
            n = len(games)
            wins = sum(1 for r in games if r["result"] == "win")
            lo, hi = wilson_interval(wins, n)
            reward = sum(r["reward"] for r in games) / n
            secs = sum(r["seconds"] for r in games) / n
            per = iterations_per_search(games)
            told = sum(1 for r in games if isinstance(r.get("search"), dict))
            its = "" if per is None else f"{per:,.0f}" + ("" if told == n else f" ({told} games)")
            out.append(f"| {bot} | {n} | {wins} | {wins / n:.0%} ({lo:.0%}-{hi:.0%}) | {reward:.3f} | {secs:.1f} | {its} |")
        out.append("")
        for low, high in zip(bots, bots[1:]):
            step = compare(mine, config, low, high)
            verdict = "significant" if step["significant"] else "not significant"
            out.append(f"- {high} over {low}: better on {step['better']} of {step['pairs']} seeds, worse on "
                       f"{step['worse']}; p = {step['p']:.3g} ({verdict})")
        out.append("")
    return "\n".join(out)


__all__ = ["compare", "config_key", "iterations_per_search", "pack_label", "play_game", "read_rows", "run_ladder",
           "sign_test", "summarize"]
