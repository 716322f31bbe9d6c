"""Every rule of the rule index (kind `rule`) and every ruling is cited by a test's
``@pytest.mark.rules(...)`` marker, so anyone can see where each rule is proven."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "design"
GAMES = {
    "tanglewoods": ("tanglewoods-gold.md", "TG", "T"),
    "storyfold": ("storyfold-wildwoods.md", "SW", "S"),
    "cursed-forest": ("cursed-forest.md", "CF", "C"),
}


def cited_ids() -> set[str]:
    ids: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for args in re.findall(r"mark\.rules\(([^)]*)\)", path.read_text(encoding="utf-8")):
            ids.update(re.findall(r"[A-Z]{1,3}-\d+", args))
    return ids


def rule_units(index_file: str) -> set[str]:
    text = (SHARED / "rule-index" / index_file).read_text(encoding="utf-8")
    return set(re.findall(r"^\| ([A-Z]{2}-\d{3}) \| rule \|", text, flags=re.M))


def rulings(prefix: str) -> set[str]:
    text = (SHARED / "RULINGS.md").read_text(encoding="utf-8")
    return set(re.findall(rf"\*\*({prefix}-\d+) ", text))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_and_ruling_is_cited(game):
    if not SHARED.is_dir():
        pytest.skip(f"the shared design folder is not beside the checkout ({SHARED})")
    index_file, unit_prefix, ruling_prefix = GAMES[game]
    units = rule_units(index_file)
    rules = rulings(ruling_prefix)
    assert len(units) > 50 and len(rules) >= 8, "the rule index or rulings could not be parsed"
    cited = cited_ids()
    missing = sorted(units - cited, key=lambda x: int(x.split("-")[1])) + sorted(rules - cited, key=lambda x: int(x.split("-")[1]))
    assert not missing, f"{game}: no test cites {', '.join(missing)}"


def test_every_audit_finding_is_cited():
    """AUD-1..AUD-16 (docs/audit.md): the audit's findings that have no rule id of their own."""
    text = (ROOT / "docs" / "audit.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| (AUD-\d+) \|", text, flags=re.M))
    assert ids == {f"AUD-{n}" for n in range(1, 17)}, "docs/audit.md must list AUD-1..AUD-16"
    missing = sorted(ids - cited_ids(), key=lambda x: int(x.split("-")[1]))
    assert not missing, f"no test cites {', '.join(missing)}"
