"""The kernel's own parts: the event log, the generator, the step registry."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import woodlands

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


def test_rng_below_is_next64_modulo_n():
    """below() computes SplitMix64 inline for speed: it must stay the same draw as next64() % n."""
    a, b = Rng(2024), Rng(2024)
    for n in [1, 2, 6, 8, 10, 12, 52, 1000, 2**40] * 50:
        assert a.below(n) == b.next64() % n
    assert a.state == b.state


class _Toy:
    """The smallest game the kernel can drive: steps with 0 to 4 arguments, asks with 0 to 2."""

    id = "toy"

    def __init__(self) -> None:
        from woodlands.engine.decision import Option
        self.steps = reg = StepRegistry()
        seen: list[tuple] = []
        self.seen = seen

        for k in range(5):
            reg.auto(f"run{k}")(lambda s, *args, k=k: seen.append((f"run{k}", args)))
        for k in range(3):
            def ask(s, *args, k=k):
                return f"ask{k}", [Option(f"o{k}:{len(args)}", "x"), Option("p", "y")]

            def answer(s, choice, *args, k=k):
                seen.append((f"ans{k}", (choice, *args)))
                s.emit("answered", k=k)
            reg.ask(f"ask{k}", kind="k", rule="r")(ask)
            reg.answer(f"ask{k}")(answer)
        reg.auto("end")(lambda s: s.end_game("win"))


def test_advance_and_apply_pass_every_step_its_arguments():
    """advance() and apply() spell out 0-2 arguments and unpack longer ones: all reach the step."""
    from woodlands.engine.state import GameState
    toy = _Toy()
    s = GameState(toy, 1, {})  # type: ignore[arg-type]
    push_in_order(s.stack, [("run0",), ("run1", "a"), ("run2", "a", "b"), ("run3", 1, 2, 3),
                            ("run4", 1, 2, 3, 4), ("ask0",), ("ask1", 7), ("ask2", 7, 8), ("end",)])
    s.advance()
    for k, args in enumerate([(), (7,), (7, 8)]):
        assert s.decision is not None and s.decision.prompt == f"ask{k}" and s.decision.player == 0
        s.apply(f"o{k}:{len(args)}")
    assert s.is_over and s.outcome == {"result": "win"}
    assert toy.seen == [("run0", ()), ("run1", ("a",)), ("run2", ("a", "b")), ("run3", (1, 2, 3)),
                        ("run4", (1, 2, 3, 4)), ("ans0", ("o0:0",)), ("ans1", ("o1:1", 7)),
                        ("ans2", ("o2:2", 7, 8))]
    assert [e["k"] for e in s.log if e["type"] == "answered"] == [0, 1, 2]


def test_long_logs_and_choice_lists_seal_into_chunks_and_clone_apart():
    """emit() and apply() append to the open tail directly and seal it every CHUNK items."""
    from woodlands.engine.eventlog import CHUNK
    from woodlands.engine.state import GameState
    toy = _Toy()
    s = GameState(toy, 1, {})  # type: ignore[arg-type]
    n = 3 * CHUNK + 5
    s.stack.extend([("end",)] + [("ask0",)] * n)
    s.advance()
    for i in range(n):
        if i == CHUNK + 3:
            twin = s.clone()
        s.apply("p")
    assert s.is_over and s.choices == ["p"] * n and s.log_length == n + 1     # + game_over
    assert [e.get("k") for e in s.log] == [0] * n + [None]
    assert twin.choices == ["p"] * (CHUNK + 3) and len(twin.log) == CHUNK + 3


# ------------------------------------------------------------------ per-seat information (issue 10)
def test_each_game_declares_its_own_revealing_events_and_the_kernel_none():
    """The kernel's set named Tanglewoods' "shop"; now each game's state class declares its own,
    bound once into that class's emit (which undo's chance floor relies on)."""
    from woodlands.engine.state import GameState
    assert GameState.REVEALING == frozenset()
    for name in ("tanglewoods", "storyfold", "cursed-forest"):
        cls = type(woodlands.load_game(name).new_game(seed=1))
        assert cls.REVEALING and {"draw", "roll"} <= cls.REVEALING
        assert cls.emit is not GameState.emit
        assert cls.emit.__closure__ is not None and cls.REVEALING in [c.cell_contents for c in cls.emit.__closure__]
    assert "shop" not in type(woodlands.load_game("cursed-forest").new_game(seed=1)).REVEALING


def test_emit_marks_only_the_games_own_revealing_events():
    tw = woodlands.load_game("tanglewoods").new_game(seed=3, options={"hero": "thorn-warden"})
    sf = woodlands.load_game("storyfold").new_game(seed=3)
    tw._revealed = sf._revealed = False
    sf.emit("shop", items=[])          # a Tanglewoods event means nothing to Storyfold
    assert not sf._revealed
    tw.emit("gain_item", item="x", upgraded=False, why="test")
    assert tw._revealed and tw.log[-1]["type"] == "gain_item"


def test_log_for_is_the_log_when_a_game_hides_nothing_and_hide_has_one_shape():
    from woodlands.engine.state import hide
    s = woodlands.load_game("storyfold").new_game(seed=2)
    for _ in range(20):
        s.apply(s.decision.options[-1].id)
    assert s.log_for(0) == s.log and s.log_for(0, 5) == s.log[5:]
    e = {"type": "stow", "adventurer": 1, "item": "dagger", "space": "hand1"}
    assert hide(e, ("item",)) == {**e, "item": None, "hidden": ["item"]} and e["item"] == "dagger"


@pytest.mark.parametrize("game_id", ["tanglewoods", "storyfold", "cursed-forest"])
def test_a_finished_game_cannot_be_undone(game_id):
    """The result stands once announced: ``can_undo`` is false and ``undo`` refuses, changing
    nothing, in finished random games of every game (before, most finished Tanglewoods games
    could take their last choice back)."""
    import random
    game = woodlands.load_game(game_id)
    undoable_before_the_end = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_game(seed=seed, options=game.options_for_simulation({}))
        while not state.is_over:
            undoable_before_the_end += state.can_undo()
            state.apply(rng.choice(state.decision.options).id)
        assert not state.can_undo()
        choices, log = list(state.choices), list(state.log)
        with pytest.raises(woodlands.IllegalAction, match="game is over"):
            state.undo()
        assert state.is_over and list(state.choices) == choices and list(state.log) == log
    assert undoable_before_the_end, "the games never offered an undo at all: the test proves nothing"
