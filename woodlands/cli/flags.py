"""The command line's flags made from the games' option schemas (``--difficulty``, ``--hero``...):
one flag per option a game marks ``flag``, shared by every game that has the option; the game
itself checks the values."""
from __future__ import annotations

import argparse
from typing import Any, Callable

from ..engine.registry import OptionSpec, descriptors
from ..kit import cmdline
from .terminal import short


def _flag_type(spec: OptionSpec) -> Callable[[str], Any]:
    """How the command line reads a flag's text (the game still checks the value)."""
    if spec.type is int:
        return cmdline.positive if spec.range is not None and spec.range[0] >= 1 else cmdline.whole
    if spec.type is bool:
        return _boolean
    return str


def _boolean(text: str) -> bool:
    word = text.strip().lower()
    if word in ("true", "yes", "on", "1"):
        return True
    if word in ("false", "no", "off", "0"):
        return False
    raise argparse.ArgumentTypeError(f"not true or false: {short(text, 40)!r}")


def _flag_specs() -> dict[str, list[tuple[str, OptionSpec]]]:
    """Option name -> (game id, spec) of every game option that asks for a flag of its own."""
    specs: dict[str, list[tuple[str, OptionSpec]]] = {}
    for d in descriptors():
        for spec in d.options:
            if spec.flag:
                specs.setdefault(spec.name, []).append((d.id, spec))
    return specs


def option_flags() -> dict[str, str]:
    """The flags made from the games' option schemas: argparse attribute -> option name."""
    return {name.replace("-", "_"): name for name in _flag_specs()}


def game_option_flags(p: argparse.ArgumentParser) -> None:
    """The flags that set game options, one per option a game's schema marks ``flag`` (the same
    flag serves every game that has the option); the game itself checks them."""
    for name, users in _flag_specs().items():
        help_text = "; ".join(f"{game}: {spec.describe()}" for game, spec in users)
        p.add_argument("--" + name.replace("_", "-"), dest=name.replace("-", "_"), type=_flag_type(users[0][1]),
                       help=help_text)
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="any other game option (repeatable), e.g. --option pvp=true; "
                        "see docs/<game>.md for each game's options")
