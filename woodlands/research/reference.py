"""The per-feature observation reference (docs/research-observations.md), generated from each
game's encoder: its segments, their ranges and descriptions, and every feature's label.

    python -m woodlands.research.reference docs/research-observations.md   # write it
    python -m woodlands.research.reference --check docs/research-observations.md

Every game of this package whose descriptor gives an encoding is listed, with its default pack and options (the
layout depends on them: The Cursed Forest's grows with its adventurers).  The flat observation
(``Encoder.flat``: the Gymnasium observation, PettingZoo's ``observation``, OpenSpiel's tensors)
is these features in this order.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..engine.registry import GameDescriptor, descriptors
from ..kit.encoding import Encoder, encoder

COMMAND = "python -m woodlands.research.reference docs/research-observations.md"


def _number(x: float) -> str:
    return f"{x:g}"


def game_reference(enc: Encoder, title: str) -> list[str]:
    """The Markdown of one encoder: a table of its segments, then each segment's features."""
    opts = json.dumps(enc.options, sort_keys=True)
    out = [f"## {title}", "", f"{enc.flat_size} features; options {opts}; pack "
           f"{enc.game.content.id} {enc.game.content.version}.", "",
           "| segment | indexes | features | range | what |", "|---|---|---:|---|---|"]
    for s in enc.segments:
        out.append(f"| [`{s.name}`](#{enc.game_id}-{s.name}) | {s.offset}–{s.offset + s.size - 1} | {s.size} | "
                   f"{_number(s.low)}..{_number(s.high)} | {s.doc} |")
    out.append("")
    for s in enc.segments:
        out += [f'<a id="{enc.game_id}-{s.name}"></a>', "", f"### {title}: `{s.name}`", "",
                f"{s.doc} (range {_number(s.low)}..{_number(s.high)})", "", "| index | feature |", "|---:|---|"]
        out += [f"| {s.offset + k} | `{s.name}.{label}` |" for k, label in enumerate(s.labels)]
        out.append("")
    return out


def built_in() -> list[GameDescriptor]:
    """The games of this package that have an encoding, by id (a game another package or a test
    registers is not part of this package's reference)."""
    return [d for d in sorted(descriptors(), key=lambda d: d.id)
            if d.researchable and d.game.__module__.startswith("woodlands.games.")]


def observation_reference() -> str:
    """The whole reference, as Markdown."""
    out = ["# Observation reference", "",
           f"Generated from the encoders' labels by `{COMMAND}`; do not edit by hand",
           "(tests/research/test_observation_reference.py checks that it matches). The guide is",
           "[research.md](research.md); each game's encoding is `woodlands/games/<game>/observation.py`.", "",
           "Each game with its default pack and options. The flat observation (`Encoder.flat`: the",
           "Gymnasium observation, PettingZoo's `observation`, OpenSpiel's tensors) is these features in",
           "this order; `Encoder.labels` gives the same names in code.", ""]
    for d in built_in():
        out += game_reference(encoder(d.id), f"{d.name} (`{d.gym_id}`)")
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="write (or --check) the per-feature observation reference")
    p.add_argument("path", help="the Markdown file (docs/research-observations.md)")
    p.add_argument("--check", action="store_true", help="exit 1 if the file differs from what would be written")
    args = p.parse_args(argv)
    text = observation_reference()
    path = Path(args.path)
    if args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print(f"{path} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
