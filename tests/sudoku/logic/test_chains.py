"""The chaining techniques (clew.sudoku.logic.chains) against Sudoku Explainer 1.2.1.

The positions below were reached by replaying SE 1.2.1's own step log of a puzzle (its
placements and eliminations, one by one); at each, SE's step is a chain, so every chaining
producer that SE tries before it must find nothing, and the producer SE took must give the
same technique, the same rating and the same candidates removed. The expectations are SE's
output, not clew's. Soundness is checked apart, with Hypothesis, against the solver.
"""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clew.sudoku import solve
from clew.sudoku.logic import chains
from clew.sudoku.logic.chains_graph import difficulty, graph, length_penalty
from clew.sudoku.logic.chains_multiple import best as multiple_reference
from clew.sudoku.logic.chains_unary import best as unary_reference
from clew.sudoku.logic.solver import LogicalState, solve_logically
from helpers.sudoku_data import DATA_DIR, SAMPLES, puzzle_lines
from helpers.sudoku_logic import SE_STEPS

#: SE's producers in its order of trial, and the techniques of each
PRODUCER = {
    "Turbot Fish": "Forcing Chains & Cycles",
    "Forcing X-Chain": "Forcing Chains & Cycles",
    "Forcing Chain": "Forcing Chains & Cycles",
    "Bidirectional X-Cycle": "Forcing Chains & Cycles",
    "Bidirectional Y-Cycle": "Forcing Chains & Cycles",
    "Bidirectional Cycle": "Forcing Chains & Cycles",
    "Nishio Forcing Chains": "Nishio Forcing Chains",
    "Cell Forcing Chains": "Multiple Forcing Chains",
    "Region Forcing Chains": "Multiple Forcing Chains",
    "Dynamic Region Forcing Chains": "Dynamic Forcing Chains",
    "Dynamic Cell Forcing Chains": "Dynamic Forcing Chains",
    "Dynamic Double Forcing Chains": "Dynamic Forcing Chains",
    "Dynamic Contradiction Forcing Chains": "Dynamic Forcing Chains",
    "Dynamic Region Forcing Chains (+)": "Dynamic Forcing Chains (+)",
    "Dynamic Double Forcing Chains (+)": "Dynamic Forcing Chains (+)",
}
ORDER = [name for name, _, _ in chains.CHAIN_FINDERS]


def se_changes(text: str) -> set[tuple[int, int]]:
    out = set()
    for word in text.split():
        if word == "-":
            continue
        r, c, digits = re.fullmatch(r"r(\d)c(\d)[-=](\d+)", word).groups()
        out |= {((int(r) - 1) * 9 + int(c) - 1, int(d)) for d in digits}
    return out


@pytest.mark.parametrize("fast", [True, False], ids=["kernel", "reference"])
@pytest.mark.parametrize(
    "technique, rating, placement, eliminations, marks", SE_STEPS, ids=[s[0] for s in SE_STEPS]
)
def test_same_step_as_se(technique, rating, placement, eliminations, marks, fast, monkeypatch):
    if not fast and "(+)" in technique:
        pytest.skip("the reference of nested chains takes seconds: see the slow test below")
    monkeypatch.setattr(chains, "FAST", fast)
    state = LogicalState.from_pencilmarks(marks)
    producer = PRODUCER[technique]
    for name, _, finder in chains.CHAIN_FINDERS:
        step = finder(state)
        if name != producer:
            assert step is None, f"{name} fired before SE's {producer}: {step}"
            if producer not in ORDER and name == ORDER[-1]:
                pytest.skip(
                    f"{producer} is not implemented; the producers before it find nothing, as in SE"
                )
            continue
        assert step is not None, f"{name} found nothing"
        assert (step.technique, step.rating) == (technique, rating), step.text
        assert set(step.placements) == se_changes(placement)
        if not step.placements:
            assert set(step.eliminations) == se_changes(eliminations)
        break


def test_length_penalty_follows_se_ceilings():
    # SE adds 0.1 each time (complexity - 2) passes 4, 6, 8, 12, 16, 24, 32, ...
    ceilings = [4, 6, 8, 12, 16, 24, 32, 48, 64]
    for complexity in range(2, 70):
        expected = sum(1 for top in ceilings if complexity - 2 > top)
        assert round(length_penalty(complexity), 6) == round(expected * 0.1, 6), complexity
    assert difficulty(6.5, 7) == difficulty(6.6, 6)  # 6.5 + 0.1 and 6.6 compare equal, as in SE


def test_other_sizes_keep_every_solution_and_16x16_is_left_out():
    # the chains run on every shape up to 12x12: on puzzles with several solutions (4x4,
    # 6x6 with 2x3 and 3x2 boxes) whatever a chain finder removes or places holds in all
    from clew import sudoku
    from clew.sudoku import Grid

    fired = 0
    for puzzle in (
        Grid("1.3...1..1....4."),
        Grid("1.......3............2......5.6.....", box="2x3"),
        Grid("1.......3............2......5.6.....", box="3x2"),
    ):
        truths = [g.cells for g in sudoku.solutions(puzzle, limit=500)]
        assert truths and all(
            sudoku.is_solution(g, puzzle) for g in sudoku.solutions(puzzle, limit=5)
        )
        state = LogicalState(puzzle)
        for _, _, finder in chains.CHAIN_FINDERS:
            step = finder(state)
            if step is None:
                continue
            fired += 1
            for truth in truths:
                assert all(truth[c] == d for c, d in step.placements), step.text
                assert all(truth[c] != d for c, d in step.eliminations), step.text
    assert fired
    sixteen = LogicalState("." * 256)
    assert all(finder(sixteen) is None for _, _, finder in chains.CHAIN_FINDERS)


def _hard_puzzles(count: int) -> list[str]:
    return puzzle_lines(DATA_DIR / SAMPLES["top1465.txt"])[:count]


@functools.cache
def _stuck(index: int) -> tuple[LogicalState, tuple[int, ...]]:
    """A hard puzzle after every technique rated below the chains (6.5), and its solution."""
    puzzle = _hard_puzzles(40)[index]
    result = solve_logically(puzzle, max_rating=6.4)
    state = LogicalState.from_candidates(3, result.candidates, list(result.grid.cells))
    return state, solve(puzzle).cells


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 39), which=st.sampled_from(ORDER))
def test_chain_steps_are_sound(index, which):
    """Each finder, on a position where the techniques below the chains are stuck, never
    removes a digit of the solution nor places a wrong one."""
    state, solution = _stuck(index)
    finder = dict((name, f) for name, _, f in chains.CHAIN_FINDERS)[which]
    step = finder(state.copy())
    if step is None:
        return
    for cell, digit in step.placements:
        assert solution[cell] == digit, step.text
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, step.text
    assert step.placements or step.eliminations
    assert step.text.startswith(step.technique + ":")


def test_chains_finish_hard_puzzles_soundly():
    """The chains after clew's techniques solve hard puzzles, every step keeping the solution."""
    for puzzle in _hard_puzzles(2):
        solution = solve(puzzle).cells
        state = LogicalState(puzzle)
        for _ in range(200):
            if state.is_solved():
                break
            step = state.next_step(max_rating=6.4)
            if step is None:
                for _, _, finder in chains.CHAIN_FINDERS:
                    step = finder(state)
                    if step is not None:
                        break
            if step is None:
                break
            for cell, digit in step.placements:
                assert solution[cell] == digit, step.text
            for cell, digit in step.eliminations:
                assert solution[cell] != digit, step.text
            state.apply(step)


@pytest.mark.parametrize(
    "marks", [case[-1] for case in SE_STEPS], ids=[case[0] for case in SE_STEPS]
)
def test_kernel_and_reference_choose_the_same_hint(marks):
    """The numba kernel and the plain Python reference give the same hint on every producer."""
    g = graph(LogicalState.from_pencilmarks(marks))
    for base, multiple, dynamic, nishio in (
        (7.5, False, True, True),
        (8.0, True, False, False),
        (8.5, True, True, False),
    ):
        a = multiple_reference(g, base, multiple, dynamic, nishio)
        b = chains.best_multiple_fast(g, base, multiple, dynamic, nishio)
        if a is None or b is None:
            assert a is b
            continue
        assert (a.rating, a.complexity, a.seq, a.kind, a.target, a.removable) == (
            b.rating,
            b.complexity,
            b.seq,
            b.kind,
            b.target,
            b.removable,
        )


@pytest.mark.slow
@pytest.mark.parametrize(
    "marks", [case[-1] for case in SE_STEPS if "(+)" in case[0]], ids=["region", "double"]
)
def test_kernel_and_reference_agree_on_nested_chains(marks):
    """Level 1 ("Dynamic Forcing Chains (+)"): the kernel and the reference (slow: seconds)."""
    g = graph(LogicalState.from_pencilmarks(marks))
    a = multiple_reference(g, 9.0, True, True, False, 1)
    b = chains.best_multiple_fast(g, 9.0, True, True, False, 1)
    assert (a.rating, a.complexity, a.seq, a.kind, a.target, a.removable) == (
        b.rating,
        b.complexity,
        b.seq,
        b.kind,
        b.target,
        b.removable,
    )


def _unary_positions():
    return [LogicalState.from_pencilmarks(case[-1]) for case in SE_STEPS] + [
        _stuck(i)[0] for i in range(12)
    ]


def test_unary_kernel_and_reference_choose_the_same_chain():
    """Forcing chains and cycles: the kernel and the reference give the same chain (path,
    rating, complexity, order found, removals) on every position tried."""
    for state in _unary_positions():
        g = graph(state)
        a, b = unary_reference(g), chains.best_unary_fast(g)
        if a is None or b is None:
            assert a is b
            continue
        assert (a.rating, a.complexity, a.key, a.seq, a.kind, a.links, a.path, a.removable) == (
            b.rating,
            b.complexity,
            b.key,
            b.seq,
            b.kind,
            b.links,
            b.path,
            b.removable,
        )
