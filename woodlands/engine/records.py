"""Records across rules fixes: which rules a record was made with, and proof of what it replayed to.

A record names the rules version of its game (``"rules"``) and carries a digest of the log its
choices produced (``"digest"``).  When a fix changes the rules, :attr:`Game.rules_version` goes up
and :attr:`Game.rules_changes` says what changed.  An old record is then replayed under the new
rules and kept only if it still reaches exactly the same game, checked against its digest; one
that does not (or that carries no digest to prove it) is refused with a message naming the
changes, never silently replayed into a different game.

>>> import woodlands
>>> state = woodlands.load_game("tanglewoods").new_game(seed=1, options={"hero": "thorn-warden"})
>>> record = state.record()
>>> record["rules"] == state.game.rules_version and record["digest"] == log_digest(state.log)
True
"""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

import orjson

from .errors import RecordError

if TYPE_CHECKING:
    from .game import Game

DIGEST_PREFIX = "sha256:"

#: subclasses of str and int, dataclasses and dates go to ``default`` (and so to json)
_ORJSON_OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS
                   | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME)


def canonical_json(log: list[dict[str, Any]]) -> bytes:
    """The log as canonical JSON, UTF-8: keys sorted, no spaces, text not escaped to ASCII,
    anything that is not JSON written as its ``str``.  What :func:`log_digest` hashes.

    The standard library's ``json.dumps`` defines the bytes.  orjson writes the same bytes for
    JSON's own types (text, whole numbers, true/false/null, lists and dicts keyed by text) five
    to six times faster, and the digest is most of what recording a finished game costs (a
    random Tanglewoods game's digest took 15% of its time in a study, a Storyfold campaign's
    28%), so orjson writes it.  What orjson refuses (a key that is not text, an integer beyond
    64 bits, a dataclass, a date, a subclass of str or int, any other object) goes to json.
    Two things orjson would spell its own way are kept out of logs instead: floats (``0.00001``
    for ``1e-05``, ``null`` for NaN) and enums (their value, not their ``str``).  Events carry
    text, whole numbers, flags and lists and dicts of them; ``tests/engine/test_records.py`` checks
    that every event of many seeded games of each game is of those types and that both ways
    give the same bytes.

    >>> canonical_json([{"b": 1, "a": ["Gûl", None, True]}]).decode()
    '[{"a":["Gûl",null,true],"b":1}]'
    """
    try:
        return orjson.dumps(log, default=_refuse, option=_ORJSON_OPTIONS)
    except TypeError:     # orjson.JSONEncodeError: something only json writes as it should
        return json_canonical_json(log)


def json_canonical_json(log: list[dict[str, Any]]) -> bytes:
    """:func:`canonical_json` by the standard library alone: the definition of the bytes."""
    return json.dumps(log, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str).encode("utf-8")


def _refuse(value: Any) -> Any:
    """orjson's ``default``: hand anything that is not plain JSON back to json."""
    raise TypeError(type(value).__name__)


def log_digest(log: list[dict[str, Any]]) -> str:
    """A short fingerprint of everything that happened: the canonical JSON of the log, hashed."""
    return DIGEST_PREFIX + hashlib.sha256(canonical_json(log)).hexdigest()


def record_rules(record: dict[str, Any], game: "Game") -> int:
    """The rules version a record was made with (records older than versioning say none: 1);
    a record from newer rules than this Woodlands knows is refused."""
    rules = record.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
        raise RecordError(f"record field 'rules' must be a whole number from 1, not {str(rules)[:40]!r}")
    if rules > game.rules_version:
        raise RecordError(f"this record was made with {game.id} rules version {rules}, newer than this "
                          f"Woodlands knows ({game.rules_version}); update Woodlands to replay it")
    digest = record.get("digest")
    if digest is not None and (not isinstance(digest, str) or not digest.startswith(DIGEST_PREFIX)
                               or len(digest) != len(DIGEST_PREFIX) + 64):
        raise RecordError("record field 'digest' must be 'sha256:' and 64 hex digits")
    return rules


def changes_since(game: "Game", rules: int) -> str:
    """What changed in ``game``'s rules after version ``rules``, one line per change."""
    lines = [f"  - {line}" for version in range(rules + 1, game.rules_version + 1)
             for line in game.rules_changes.get(version, ())]
    return "\n".join(lines) if lines else "  - (no description recorded)"


def refuse_changed(game: "Game", rules: int, what: str, can_accept: bool = True) -> RecordError:
    """The error for an old record that the current rules would replay differently."""
    hint = ("\nTo start a new game from its choices anyway, replay it with accept_rules_change=True "
            "(woodlands replay --accept-rules-change).") if can_accept else ""
    return RecordError(
        f"this record was made with {game.id} rules version {rules}; the rules have been corrected since "
        f"(now version {game.rules_version}) and {what}, so it is refused rather than replayed into "
        f"a different game. What changed:\n{changes_since(game, rules)}{hint}")


def check_replayed(record: dict[str, Any], game: "Game", rules: int, log: list[dict[str, Any]],
                   accept_rules_change: bool) -> None:
    """After every choice replayed: the same game as recorded, or a clear refusal."""
    digest = record.get("digest")
    old = rules < game.rules_version
    if digest is None:
        if old and not accept_rules_change:
            raise refuse_changed(game, rules, "it carries no digest to prove its choices still lead to the same game")
        return
    if log_digest(log) == digest:
        return
    if old:
        if not accept_rules_change:
            raise refuse_changed(game, rules, "its choices now lead to a different game")
        return
    raise RecordError("the record's digest does not match what its choices replay to: "
                      "the record was edited or damaged")
