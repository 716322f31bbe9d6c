"""The kernel's own parts: the event log, the generator, the step registry."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from woodlands.engine.eventlog import AppendLog
from woodlands.engine.rng import Rng
from woodlands.engine.steps import StepRegistry, push_in_order


@given(st.lists(st.integers(), max_size=300), st.integers(0, 300))
def test_append_log_behaves_like_a_list_and_clones_apart(items, cut):
    log: AppendLog[int] = AppendLog()
    for x in items[:cut]:
        log.append(x)
    twin = log.copy()
    for x in items[cut:]:
        log.append(x)
    twin.append(-1)
    assert log.to_list() == items
    assert twin.to_list() == items[:cut] + [-1]
    assert len(log) == len(items) and log.since(cut) == items[cut:]


def test_rng_below_is_in_range_and_roughly_uniform():
    r = Rng(123)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < n < 11_000 for n in counts.values())
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_shuffle_is_a_permutation_and_seeded():
    a, b = list(range(50)), list(range(50))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == list(range(50)) and a != list(range(50))
    assert Rng(9).sample(list(range(10)), 3) == Rng(9).sample(list(range(10)), 3)


def test_a_step_registered_twice_and_an_ask_without_answer_are_refused():
    reg = StepRegistry()
    reg.auto("x")(lambda s: None)
    with pytest.raises(ValueError):
        reg.auto("x")(lambda s: None)
    reg.ask("q", kind="k", rule="r")(lambda s: None)
    with pytest.raises(RuntimeError, match="without an answer"):
        reg.check_complete()


def test_push_in_order_runs_first_things_first():
    stack: list[tuple[str]] = []
    push_in_order(stack, [("a",), ("b",), ("c",)])
    assert [stack.pop()[0] for _ in range(3)] == ["a", "b", "c"]
