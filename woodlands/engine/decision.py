"""Decisions: the only way a game asks anything of a player.

An :class:`Option` says what it means as data: a ``verb`` and its ``args`` (card ids, colours,
numbers, coordinates, seats), from which its ``id`` is derived (``verb:arg:arg``), so records
stay plain text while a program never parses a label:

>>> o = Option.of("lay", "north", 90, label="Lay the Fen to the north, open N-S")
>>> o.id, o.verb, o.args
('lay:north:90', 'lay', ('north', 90))

An option built the old way, from an id, has its verb and args read from the id (the numbers as
ints), so the two ways agree:

>>> Option("exit:-1:2:0", "Lay the Exit").meaning()
('exit', (-1, 2, 0))

A :class:`Decision` with many options can be shown in short steps (:meth:`Decision.groups`):
first the verb (or the verb and the first argument), then the options of that group.

>>> d = Decision(0, "move", "Where?", (Option.of("move", "north", label="N"),
...     Option.of("move", "east", label="E"), Option.of("end-turn", label="End")))
>>> [(g.key, len(g.options)) for g in d.groups()]
[(('move',), 2), (('end-turn',), 1)]
>>> "move:east" in d, "move:west" in d
(True, False)
"""
from __future__ import annotations

from typing import Any, NamedTuple

#: the separator between an id's verb and its arguments
SEP = ":"
_new_tuple = tuple.__new__

Arg = str | int


def _arg(text: str) -> Arg:
    """An id's argument as a value: an integer when it is written as one, else the text."""
    body = text[1:] if text[:1] == "-" else text
    if body.isascii() and body.isdigit() and (body == "0" or body[0] != "0"):
        return int(text)
    return text


def parse_id(option_id: str) -> tuple[str, tuple[Arg, ...]]:
    """``'shoot:bow:north:2'`` -> ``('shoot', ('bow', 'north', 2))``: the verb and its arguments."""
    verb, *rest = option_id.split(SEP)
    return verb, tuple(_arg(r) for r in rest)


def make_id(verb: str, args: tuple[Any, ...]) -> str:
    """The id of ``verb`` with ``args``: ``verb:arg:arg`` (the grammar every record uses)."""
    return SEP.join((verb, *map(str, args))) if args else verb


class Option(NamedTuple):
    """One legal choice.

    * ``id``: stable text for records, forms and tests, derived from ``verb`` and ``args``;
    * ``label``: the player's words for it;
    * ``verb``, ``args``: what it means, as data (see :meth:`of`); empty when the option was
      built from an id alone, in which case :meth:`meaning` reads them from the id;
    * ``data``: facts a client or a program needs to judge it that the id does not carry (its
      cost in gold or AP, the damage it deals), documented per game; ``None`` when there are none.
    """

    id: str
    label: str
    verb: str = ""
    args: tuple[Any, ...] = ()
    data: dict[str, Any] | None = None

    @classmethod
    def of(cls, verb: str, *args: Any, label: str, data: dict[str, Any] | None = None) -> "Option":
        """The option ``verb`` with ``args``; its id is derived from them (:func:`make_id`)."""
        # built as the tuple it is (a NamedTuple's own constructor is a Python function, twice
        # the cost), with the id joined inline: games build options at many decisions
        if args:
            option_id = verb + SEP + SEP.join([a if type(a) is str else str(a) for a in args])
        else:
            option_id = verb
        return _new_tuple(cls, (option_id, label, verb, args, data))

    def meaning(self) -> tuple[str, tuple[Any, ...]]:
        """``(verb, args)``: as given to :meth:`of`, or read from the id (:func:`parse_id`)."""
        if self.verb:
            return self.verb, self.args
        return parse_id(self.id)


class OptionGroup(NamedTuple):
    """Options that share a verb (and, deeper, their first arguments): one step of a long choice."""

    key: tuple[Any, ...]
    options: tuple[Option, ...]


class Decision(NamedTuple):
    """What the game waits for: who decides, what kind of choice, a prompt, the legal options.

    ``kind`` is a short stable string (``"choose_map"``, ``"commit_dice"`` ...) that a client can
    switch on; ``step`` names the rulebook step, for help screens.  ``player`` is the deciding
    seat.  ``data`` (``None`` when the prompt is about nothing but its options) carries the facts
    the prompt is about as plain values (the card an effect drew, the damage to assign, the
    roll to keep), so a program need not parse the prompt; each game documents its own per kind.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    step: str = ""
    data: dict[str, Any] | None = None

    def __contains__(self, option_id: object) -> bool:
        """``option_id in decision``: is it one of the options' ids (not a field, as for a tuple)."""
        for o in self.options:
            if o.id == option_id:
                return True
        return False

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def groups(self, depth: int = 1) -> list[OptionGroup]:
        """The options in groups sharing the first ``depth`` parts of their meaning (1: the verb;
        2: the verb and the first argument, e.g. the die's colour or the item), in the order
        their first members are offered.  An option with fewer parts is a group of its own key.

        A client shows the groups, then the chosen group's options: two short steps instead of
        one long list, with keys that do not shift while the player picks."""
        found: dict[tuple[Any, ...], list[Option]] = {}
        for o in self.options:
            verb, args = o.meaning()
            found.setdefault((verb, *args)[:depth], []).append(o)
        return [OptionGroup(k, tuple(v)) for k, v in found.items()]


__all__ = ["Decision", "Option", "OptionGroup", "make_id", "parse_id"]
