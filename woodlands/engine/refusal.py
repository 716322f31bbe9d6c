"""Why an option id is refused: the reason in player words, the rule ids as separate data."""
from __future__ import annotations

import re
from dataclasses import dataclass

#: A rule or ruling id as the rulebooks and RULINGS.md spell them: TG-035, T-4, SW-101, CF-012, AUD-5.
RULE_ID = re.compile(r"\b[A-Z]{1,4}-\d+\b")
_GROUP = re.compile(r"\s*\(([^()]*)\)")
_RULING = re.compile(r"^\s*rulings?\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why ``state.apply(option_id)`` would refuse an id: ``reason`` in player words (no rule
    ids in it), ``rule`` the rule or ruling id(s) behind it (``"TG-035"``, ``"T-23, TG-040"``),
    or ``None`` when no rule applies (the game is over)."""

    reason: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


def split_rule(text: str) -> tuple[str, str | None]:
    """Split a reason written with its rule ids in brackets into (reason, rule ids).

    >>> split_rule("you have drawn 3 cards, your limit (Strategy), and must place one (TG-035)")
    ('you have drawn 3 cards, your limit (Strategy), and must place one', 'TG-035')
    >>> split_rule("the map is complete (ruling T-23, TG-040)")
    ('the map is complete', 'T-23, TG-040')
    >>> split_rule("that card is not in your tableau")
    ('that card is not in your tableau', None)
    """
    rules: list[str] = []

    def take(m: re.Match[str]) -> str:
        inner = m.group(1)
        if not RULE_ID.search(inner):
            return m.group(0)
        for part in inner.split(","):
            part = _RULING.sub("", part.strip())
            if RULE_ID.search(part):
                rules.append(part)
        return ""

    reason = _GROUP.sub(take, text).strip()
    return reason, (", ".join(rules) if rules else None)


__all__ = ["RULE_ID", "Refusal", "split_rule"]
