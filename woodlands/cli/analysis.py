"""``woodlands analyse RECORD``: the analysis of a finished game (:mod:`woodlands.bots.analysis`)
in the terminal: the decisions that lost most, the win chance over the game as a text graph, and
the summary in words; ``--json FILE`` writes the whole analysis."""
from __future__ import annotations

import argparse
import json
from contextlib import ExitStack
from typing import Any, Callable, Sequence

from rich.markup import escape
from rich.table import Table

from ..bots.analysis import amount, mistakes_of
from ..engine.errors import RecordError, UserError
from ..engine.files import check_not_inputs, check_target, write_text
from ..engine.game import replay
from ..kit.saves import load_record
from .narrate import outcome_words
from .terminal import SafeConsole

#: how many of the decisions that lost most the table shows
SHOWN = 10

#: decisions per line of the graph
PER_LINE = 10

#: the graph's widest bar, in characters (100%)
BAR = 30

#: eighths of a character cell, for the bars' ends and the sparkline
BLOCKS = " ▏▎▍▌▋▊▉█"
SPARKS = "▁▂▃▄▅▆▇█"


def cmd_analyse(args: argparse.Namespace) -> int:
    """Analyse the record ``args.file`` and print the result (and write ``--json``)."""
    from ..bots.analysis import analyse
    if args.json:
        check_target(args.json)
        check_not_inputs(args.json, [args.file], "--json")
    record = load_record(args.file)
    seats = None if not args.seat else sorted({s - 1 for s in args.seat})
    with ExitStack() as stack:
        report = _progress(stack, f"analysing {args.file}")
        try:
            found = analyse(record, seats, samples=args.samples, seed=args.seed, progress=report,
                            content=args.content)
        except RecordError as e:
            raise RecordError(f"{args.file}: {e}") from None
        except ValueError as e:
            raise UserError(f"{args.file}: {e}") from None
    if args.json:
        write_text(args.json, json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    # how it ended, from a replay of its own (milliseconds): the analysis's document is the web
    # app's too, and keeps its fields
    final = replay(record, args.content)
    show(found, SafeConsole(), final.view(found["seats"][0]).get("outcome"))
    return 0


def _progress(stack: ExitStack, label: str) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` for the analysis, drawing the terminal's progress bar (made
    at the first call, when the number of decisions is known) on standard error."""
    from .progress import progress_reporter
    advance: list[Callable[[int], None]] = []
    seen = [0]

    def report(done: int, total: int) -> None:
        if not advance:
            advance.append(stack.enter_context(progress_reporter(total, label, "decisions")))
        advance[0](done - seen[0])
        seen[0] = done
    return report


def show(found: dict[str, Any], out: SafeConsole, outcome: dict[str, Any] | None = None) -> None:
    """Print an analysis: what it measures (and how the game ended, ``outcome``, when given),
    the biggest losses, the graph, the summary."""
    decisions: list[dict[str, Any]] = found["decisions"]
    measure = found["measure"]
    from ..engine.registry import descriptor
    out.print(escape(f"{descriptor(found['game']).name} ({found['pack']['id']} {found['pack']['version']}): "
                     f"{len(decisions)} decisions with a choice analysed, {found['samples']} samples each."))
    if outcome is not None:
        result, details = outcome_words(outcome)
        out.print(escape(f"Outcome: {result}" + (f" ({details})" if details else "")))
    out.print(escape(f"Every number is the {measure} {found['assumes']}, in points out of 100."))
    several = len(found.get("seats") or ()) > 1
    worse = mistakes_of(decisions)[:SHOWN]
    if worse:
        out.print(loss_table(worse, measure, several))
    else:
        out.print("No decision was clearly worse than the best option found.")
    for seat in found.get("seats") or [0]:
        mine = [d for d in decisions if d["seat"] == seat]
        if not mine:
            continue
        title = f"The {measure} before each decision"
        if several:
            title += f", player {seat + 1}"
        out.print()
        out.print(escape(title + f" (a line per {PER_LINE} decisions: their mean):"))
        for line in graph(mine, measure=measure):
            out.print(escape(line), soft_wrap=True)    # a graph's lines are not wrapped
    out.print()
    out.print(escape(found["summary"]["text"]))


def loss_table(worse: Sequence[dict[str, Any]], measure: str, several: bool) -> Table:
    """The decisions that lost most, biggest first."""
    table = Table(title=f"The clearly worse choices that lost most {measure}", title_justify="left")
    table.add_column("choice", justify="right")
    if several:
        table.add_column("seat", justify="right")
    for name in ("where", "chosen", "best found"):
        table.add_column(name)
    for name in ("before", "after chosen", "after best", "loss"):
        table.add_column(name, justify="right")
    for d in worse:
        cells = [str(d["at"] + 1)] + ([str(d["seat"] + 1)] if several else [])
        cells += [d["where"], d["chosen_words"], d["best_words"]]
        cells += [amount(measure, d[k]) for k in ("win_before", "win_after_chosen", "win_after_best")]
        cells.append(f"-{round(d['loss'] * 100)}")
        table.add_row(*(escape(c) for c in cells))
    return table


def graph(decisions: Sequence[dict[str, Any]], per_line: int = PER_LINE, width: int = BAR,
          measure: str = "win chance") -> list[str]:
    """The value before each decision as a text graph: a sparkline of the whole game, then a
    line per ``per_line`` decisions (the first one's place, a bar, the mean).

    >>> ds = [{"at": i, "win_before": v, "where": f"round {i // 2 + 1}"} for i, v in enumerate([0.2, 0.4, 1.0, 0.9])]
    >>> for line in graph(ds, per_line=2, width=8):
    ...     print(line)
    ▃█
    choices 1-2  round 1  ██▍        30%
    choices 3-4  round 2  ███████▋   95%
    """
    means = []
    lines = []
    chunks = [decisions[i:i + per_line] for i in range(0, len(decisions), per_line)]
    where_width = max((len(c[0]["where"]) for c in chunks), default=0)
    span_width = len(f"{decisions[-1]['at'] + 1}") if decisions else 1
    for chunk in chunks:
        mean = sum(d["win_before"] for d in chunk) / len(chunk)
        means.append(mean)
        first, last = chunk[0]["at"] + 1, chunk[-1]["at"] + 1
        eighths = round(mean * width * 8)
        bar = "█" * (eighths // 8) + (BLOCKS[eighths % 8] if eighths % 8 else "")
        lines.append(f"choices {first:>{span_width}}-{last:<{span_width}}  {chunk[0]['where']:<{where_width}}  "
                     f"{bar:<{width}}  {amount(measure, mean):>4}")
    spark = "".join(SPARKS[min(len(SPARKS) - 1, int(m * len(SPARKS)))] for m in means)
    return [spark, *lines]
