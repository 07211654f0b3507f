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
from conftest import DATA_DIR, SAMPLES, puzzle_lines

# (SE technique, SE rating, SE placement, SE eliminations "r2c2-3 ...", position as pencilmarks)
SE_STEPS = [
    (
        "Turbot Fish",
        6.6,
        "-",
        "r2c2-3",
        "7 9 124 1468 3 5 126 2468 128 6 13 1234 148 28 9 7 5 1238 8 5 1234 7 26 12 1236 246 9 9 138 5 168 268 7 1236 26 4 2 7 6 5 4 13 8 9 13 4 138 13 168 9 123 1236 7 5 5 2 9 3 7 8 4 1 6 3 6 7 9 1 4 5 28 28 1 4 8 2 5 6 9 3 7",
    ),
    (
        "Bidirectional X-Cycle",
        6.5,
        "-",
        "r2c6-5",
        "8 25 3 4 256 9 267 57 1 69 47 1 2578 3 578 89 489 256 69 47 25 2578 2568 1 3 489 256 57 3 47 58 1 2 48 6 9 2 9 45 6 7 58 1 38 34 1 6 8 9 4 3 5 2 7 3 1 9 278 28 4 267 57 256 4 25 6 3 9 57 27 1 8 57 8 27 1 25 6 49 39 34",
    ),
    (
        "Forcing X-Chain",
        6.7,
        "-",
        "r7c1-5",
        "145 3 7 45 8 9 146 2 16 146 169 8 3 2 14 1479 479 5 1245 12459 125 6 7 145 1349 8 39 1345 145 135 2 6 7 149 49 8 8 7 16 9 45 45 2 3 16 9 24 26 1 3 8 46 5 7 35 8 9 457 45 6 37 1 2 2356 256 4 57 1 23 8 79 39 7 12 123 8 9 23 5 6 4",
    ),
    (
        "Region Forcing Chains",
        8.3,
        "-",
        "r1c6-9",
        "4 569 1268 5789 3 15789 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 268 45789 278 45789 2345 23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 3479 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 68 68",
    ),
    (
        "Forcing Chain",
        7.2,
        "-",
        "r1c6-5",
        "4 569 1268 5789 3 1578 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 268 45789 278 45789 2345 23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 479 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 68 68",
    ),
    (
        "Dynamic Region Forcing Chains",
        8.9,
        "-",
        "r3c7-2",
        "4 569 1268 5789 3 178 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 268 45789 278 45789 2345 23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 49 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 68 68",
    ),
    (
        "Dynamic Contradiction Forcing Chains",
        9.0,
        "-",
        "r2c9-7",
        "4 569 1268 5789 3 178 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 268 45789 278 45789 345 23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 49 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 68 68",
    ),
    (
        "Dynamic Cell Forcing Chains",
        9.0,
        "-",
        "r3c6-5",
        "4 569 1268 5789 3 178 25 2567 5679 1237 359 12 6 127 4579 8 2357 3459 23678 3569 268 45789 278 45789 345 2367 1 1236 346 1246 378 5 13678 23 9 78 123 8 59 49 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 68 68",
    ),
    (
        "Nishio Forcing Chains",
        7.9,
        "-",
        "r9c2-2",
        "7 126 8 459 4569 4569 3 1456 1259 469 36 3469 2 34569 1 4679 45678 5789 5 1236 123469 78 3469 78 12469 146 129 189 4 1579 3579 59 3579 178 2 6 3 1267 12679 479 8 24679 147 1457 157 268 25678 2567 1 2456 24567 478 9 3 128 9 12357 6 125 2358 127 1378 4 12468 12368 12346 3489 7 23489 5 1368 1289 12468 1235678 1234567 34589 12459 234589 12679 13678 12789",
    ),
    (
        "Dynamic Region Forcing Chains (+)",
        9.3,
        "-",
        "r5c6-7",
        "7 126 8 459 4569 4569 3 1456 125 49 36 3469 2 3456 1 467 4578 578 5 1236 12346 78 346 78 269 146 129 189 4 1579 3579 59 3579 178 2 6 3 1267 1269 479 8 24679 147 1457 157 268 578 2567 1 2456 2467 478 9 3 128 9 1357 6 125 2358 127 1378 4 12468 12368 12346 3489 7 23489 5 1368 1289 12468 3578 1234567 34589 1249 234589 2679 13678 12789",
    ),
    (
        "Dynamic Double Forcing Chains (+)",
        9.4,
        "-",
        "r5c2-7",
        "7 126 8 459 4569 4569 3 1456 125 49 36 3469 2 3456 1 467 4578 578 5 1236 12346 78 346 78 269 146 129 189 4 1579 3579 59 3579 178 2 6 3 1267 1269 479 8 2469 147 1457 157 268 578 2567 1 2456 2467 478 9 3 128 9 1357 6 125 2358 127 1378 4 12468 12368 12346 3489 7 23489 5 1368 1289 12468 3578 1234567 34589 1249 234589 2679 13678 12789",
    ),
    (
        "Dynamic Double Forcing Chains",
        8.9,
        "-",
        "r2c9-7",
        "7 126 8 459 4569 4569 3 1456 125 49 36 469 2 3456 1 67 4578 578 5 1236 1246 78 346 78 269 146 129 189 4 179 3579 59 3579 18 2 6 3 126 1269 49 8 2469 147 157 57 268 57 2567 1 246 2467 48 9 3 12 9 1357 6 125 358 127 1378 4 1246 8 12346 349 7 2349 5 136 129 1246 57 1234567 34589 1249 234589 269 13678 12789",
    ),
    (
        "Cell Forcing Chains",
        8.3,
        "-",
        "r7c3-1",
        "7 126 8 459 4569 4569 3 1456 125 49 36 469 2 3456 1 67 457 8 5 1236 1246 78 346 78 269 146 129 189 4 179 3579 59 3579 18 2 6 3 126 1269 49 8 2469 147 157 57 268 57 2567 1 246 2467 48 9 3 12 9 1357 6 125 358 127 38 4 1246 8 12346 349 7 2349 5 136 129 1246 57 1234567 34589 124 234589 269 13678 1279",
    ),
]

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


@functools.lru_cache(maxsize=None)
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
