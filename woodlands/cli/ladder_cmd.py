"""``woodlands ladder GAME``: run (or resume) a strength ladder and print its summary."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ..engine.files import check_not_inputs, write_text


def run(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from ..bots.ladder import read_rows, run_ladder, summarize
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    # an outside agent's module (mypkg.agent:make) is found in the current folder too, as
    # `python -m` would find it; a console script's path does not hold it
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    path = Path(args.out or f"ladder-{args.game}.jsonl")
    if args.summary:   # not over the rows it is made from (hours of games)
        check_not_inputs(args.summary, [path], "--summary")

    def say(line: str) -> None:
        print(line, flush=True)

    run_ladder(path, args.game, options, bots, args.games, args.budget, leaf=args.leaf, seed=args.seed,
               say=say, stop_after=args.stop_after)
    text = summarize(read_rows(path))
    if args.summary:
        write_text(args.summary, text + "\n")
        print(f"wrote {args.summary}")
    else:
        sys.stdout.write(text + "\n")
    return 0
