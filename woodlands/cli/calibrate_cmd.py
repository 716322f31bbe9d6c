"""``woodlands calibrate GAME``: the hints' stated win chances against play (docs/bots.md)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..engine.files import write_text
from ..engine.game import load_game


def run(args: argparse.Namespace) -> int:
    from ..bots.calibrate import calibrate, markdown
    game = load_game(args.game)      # an unknown game: one line naming the known ones

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    keep = Path(args.keep) if args.keep else None
    doc = calibrate(game.id, args.positions, samples=args.samples, seed=args.seed, workers=args.workers, say=say,
                    keep=keep)
    text = markdown(doc)
    sys.stdout.write(text + "\n")
    if args.json:
        write_text(args.json, json.dumps(doc, indent=1) + "\n")
        print(f"wrote {args.json}")
    if args.markdown:
        write_text(args.markdown, text + "\n")
        print(f"wrote {args.markdown}")
    return 0
