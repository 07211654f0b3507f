"""Unique loops: the kernel (``_kernels_uniqueness``) finds the valid loops the plain-Python
reference finds (``_find_loops`` kept by ``_valid_loop``), the same cells in the same order,
at the positions a logical solution passes through and on random candidate grids; and
``unique_loops`` takes the same step either way."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku.compiled._kernels_uniqueness import OVERFLOW, all_loops, find_loops
from clew.sudoku.logic import uniqueness
from clew.sudoku.logic.orders import _bits
from clew.sudoku.logic.solver import LogicalState


def _reference_loops(s: LogicalState, start: int, v1: int, v2: int) -> list[list[int]]:
    return [
        loop for loop in uniqueness._find_loops(s, start, v1, v2) if uniqueness._valid_loop(s, loop)
    ]


def _compare(s: LogicalState) -> int:
    """Assert kernel == reference from every bivalue cell; the number of loops compared."""
    kinds, units, _ = uniqueness._kernel_arrays(s)
    cands = np.array(s.cands, np.int64)
    loops = np.zeros((64, len(s.cands) + 1), np.int64)
    lens = np.zeros(64, np.int64)
    compared = 0
    every = []
    for start, m in enumerate(s.cands):
        if m.bit_count() != 2:
            continue
        v1, v2 = _bits(m)
        want = _reference_loops(s, start, v1, v2)
        every += want
        found = find_loops(cands, kinds, units, start, m, loops, lens)
        if found == OVERFLOW:
            assert len(want) > loops.shape[0]
            continue
        got = [[int(c) for c in loops[i, : lens[i]]] for i in range(found)]
        assert got == want, (s.pencilmarks(), start)
        compared += len(want)
    # the whole position in one call: every start's loops, in turn
    big = np.zeros((len(every) + 1, len(s.cands) + 1), np.int64)
    found = all_loops(cands, kinds, units, big, np.zeros(len(big), np.int64))
    assert found == len(every)
    assert [row[: len(loop)].tolist() for row, loop in zip(big, every, strict=False)] == every
    if every:
        assert (
            all_loops(cands, kinds, units, big[: len(every) - 1], np.zeros(len(big), np.int64))
            == OVERFLOW
        )
    return compared


def _same_step(s: LogicalState, monkeypatch) -> None:
    monkeypatch.setattr(uniqueness, "_numba_loaded", lambda: True)
    fast = uniqueness.unique_loops(s)
    monkeypatch.setattr(uniqueness, "FAST", False)
    slow = uniqueness.unique_loops(s)
    monkeypatch.setattr(uniqueness, "FAST", True)
    assert (fast is None) == (slow is None)
    if fast is not None:
        assert (fast.technique, fast.rating, fast.eliminations, fast.cells, fast.text) == (
            slow.technique,
            slow.rating,
            slow.eliminations,
            slow.cells,
            slow.text,
        )


def test_kernel_and_reference_agree_along_solutions(se_ratings, monkeypatch):
    # the puzzles SE rates 4.5 and up pass through positions with unique loops
    puzzles = [r for r in se_ratings if r.er >= 4.5][:12]
    assert len(puzzles) >= 6
    loops = positions = 0
    for rating in puzzles:
        s = LogicalState(rating.puzzle)
        for _ in range(60):
            loops += _compare(s)
            _same_step(s, monkeypatch)
            positions += 1
            step = s.next_step(uniqueness=True)
            if step is None:
                break
            s.apply(step)
    assert positions > 100 and loops > 0


def _pencil_grid(seed: int, pairs: int) -> LogicalState:
    """A 9x9 grid of candidates made at random: about ``pairs`` cells in 40 hold two of three
    digits (a third of them with an extra candidate), so loops (valid or not) abound; the
    other cells hold at most one of those digits (else the loops grow past counting)."""
    rng = random.Random(seed)
    digits = rng.sample(range(9), 3)
    rest = [d for d in range(9) if d not in digits]
    masks = []
    for _ in range(81):
        if rng.random() < pairs / 40:
            a, b = rng.sample(digits, 2)
            m = 1 << a | 1 << b
            if rng.random() < 0.3:
                m |= 1 << rng.choice(rest)
        else:
            m = 1 << rng.choice(digits) | 1 << rng.choice(rest)
        masks.append(m)
    return LogicalState.from_candidates(3, masks)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(4, 16))
def test_kernel_and_reference_agree_on_random_grids(seed, pairs):
    _compare(_pencil_grid(seed, pairs))


def test_a_rectangle_is_found_by_both():
    # r1c1, r1c2, r2c1, r2c2... a rectangle over two boxes: r1c1 r1c4 r2c4 r2c1 on 1/2
    masks = [0b111111111] * 81
    for c in (0, 3, 9, 12):
        masks[c] = 0b11
    s = LogicalState.from_candidates(3, masks)
    assert _compare(s) >= 2  # from each start, both ways round
    assert [0, 3, 12, 9] in _reference_loops(s, 0, 1, 2)


def test_overflow_falls_back_to_the_reference(monkeypatch):
    s = _pencil_grid(7, 16)
    monkeypatch.setattr(uniqueness, "_numba_loaded", lambda: True)
    fast = uniqueness.unique_loops(s)
    monkeypatch.setattr(uniqueness, "_MAX_LOOPS", 1)
    monkeypatch.setattr(uniqueness, "_ARRAYS", {})
    tiny = uniqueness.unique_loops(s)
    monkeypatch.setattr(uniqueness, "FAST", False)
    slow = uniqueness.unique_loops(s)
    assert (fast is None) == (tiny is None) == (slow is None)
    if fast is not None:
        assert fast.text == tiny.text == slow.text


def test_each_set_of_cells_once_takes_the_same_steps(se_ratings, monkeypatch):
    """unique_loops tries each set of loop cells once (uniqueness._distinct): the step is
    the one it takes trying every copy of every loop, along solutions of hard puzzles."""
    puzzles = [r for r in se_ratings if r.er >= 4.5][:12]
    positions = found = 0
    for rating in puzzles:
        s = LogicalState(rating.puzzle)
        for _ in range(60):
            once = uniqueness.unique_loops(s)
            monkeypatch.setattr(uniqueness, "_distinct", lambda loops: loops)
            every = uniqueness.unique_loops(s)
            monkeypatch.undo()
            assert (once is None) == (every is None)
            if once is not None:
                found += 1
                assert (once.technique, once.rating, once.eliminations, once.cells, once.text) == (
                    every.technique,
                    every.rating,
                    every.eliminations,
                    every.cells,
                    every.text,
                )
            positions += 1
            step = s.next_step(uniqueness=True)
            if step is None:
                break
            s.apply(step)
    assert positions > 100 and found > 0
