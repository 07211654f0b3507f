"""The second-round counting kernel (``_kernels_count_scan``): against its pure-Python
reference node for node, against solutions listed by the textbook reference, against the
published counts, and against the first-round kernel piece for piece (so that a journal
written by either is read the same)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens
from clew.queens import _reference
from clew.queens.board import MAX_COUNT_N
from clew.queens.compiled import _kernels_count as first
from clew.queens.compiled import _kernels_count_scan as scan
from clew.queens.counting import COMPLETION_TAIL, QueensCount, count_piece

# 3 or less: dual MRV to the last three queens; n: row by row throughout; between: both
TAILS = (0, 3, 4, 5, 6, 99)


@functools.cache
def _solutions(n: int) -> tuple:
    return tuple(_reference.solutions(n))


def _kernel(n: int, squares: list[int], tail: int) -> tuple[int, int]:
    tally = np.zeros(scan.TALLY_SIZE, np.int64)
    queens_ = np.asarray(squares, np.int64)
    if tail <= scan.MRV_TAIL:
        found = scan.count_placements(n, queens_, len(squares), tally)
    else:
        found = scan.count_placements_tail(n, queens_, len(squares), tail, tally)
    return int(found), int(tally[scan.TALLY_NODES])


def _per_constellation(
    n: int, table: np.ndarray, tail: int, tally: np.ndarray | None = None
) -> np.ndarray:
    """Each constellation's completions by the kernel the counting API calls for ``tail``."""
    tally = np.zeros(scan.TALLY_SIZE, np.int64) if tally is None else tally
    if tail <= scan.MRV_TAIL:
        return scan.count_constellations(n, table, 0, len(table), tally)
    return scan.count_constellations_tail(n, table, 0, len(table), tail, tally)


def _queens(n: int, squares: list[int]) -> list[tuple[int, int]]:
    return [(q // n, q % n) for q in squares]


def _containing(n: int, squares: list[int]) -> int:
    """Solutions of the textbook reference holding every queen of ``squares``."""
    cells = _queens(n, squares)
    return sum(all(sol[r] == c for r, c in cells) for sol in _solutions(n))


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("tail", TAILS)
def test_kernel_and_reference_agree_node_for_node(n, tail):
    table = queens.constellations(n)
    for row in table:
        squares = [int(q) for q in row[1 : 1 + row[0]]]
        assert _kernel(n, squares, tail) == _reference.count_completions(
            n, _queens(n, squares), tail
        ), squares


@pytest.mark.parametrize("n", range(4, 10))
def test_each_constellation_counts_its_own_solutions(n):
    # The solutions whose border queens are exactly a canonical constellation, from the
    # textbook reference, number its completions: whatever the tail.
    border: dict = {}
    for sol in _solutions(n):
        cells = {(0, sol[0]), (n - 1, sol[n - 1])} | {
            (r, c) for r, c in enumerate(sol) if c in (0, n - 1)
        }
        key = tuple(sorted(r * n + c for r, c in cells))
        border[key] = border.get(key, 0) + 1
    table = queens.constellations(n)
    for tail in (3, 5, n):
        per = _per_constellation(n, table, tail)
        for row, got in zip(table, per, strict=True):
            assert got == border.get(tuple(int(v) for v in row[1 : 1 + row[0]]), 0), (tail, row)


@st.composite
def placements(draw):
    """A board size and queens on it that do not attack each other (maybe none can be
    completed), drawn square by square."""
    n = draw(st.integers(4, 9))
    picks = draw(st.lists(st.integers(0, n * n - 1), max_size=n))
    chosen: list[int] = []
    for q in picks:
        r, c = divmod(q, n)
        if all(r != r2 and c != c2 and abs(r - r2) != abs(c - c2) for r2, c2 in _queens(n, chosen)):
            chosen.append(q)
    return n, chosen


@settings(max_examples=150, deadline=None)
@given(placements(), st.sampled_from(TAILS))
def test_any_placement_completes_as_the_reference_says(case, tail):
    n, squares = case
    found, nodes = _kernel(n, squares, tail)
    assert found == _containing(n, squares)
    assert (found, nodes) == _reference.count_completions(n, _queens(n, squares), tail)


@pytest.mark.parametrize("n", range(1, 13))
@pytest.mark.parametrize("tail", TAILS)
def test_totals_are_the_published_counts_for_every_tail(n, tail, queens_counts):
    table = queens.constellations(n)
    per = _per_constellation(n, table, tail)
    assert (
        sum(int(w) * int(c) for w, c in zip(table[:, 5].tolist(), per.tolist(), strict=True))
        == queens_counts.total[n]
    )


@pytest.mark.parametrize("n", [13, 14])
def test_row_by_row_and_mrv_visit_different_trees_to_the_same_count(n, queens_counts):
    # the registry's choice is a matter of speed, never of the answer
    table = queens.constellations(n)
    tallies = {}
    for tail in (3, n):
        tally = np.zeros(scan.TALLY_SIZE, np.int64)
        per = _per_constellation(n, table, tail, tally)
        assert (
            sum(int(w) * int(c) for w, c in zip(table[:, 5].tolist(), per.tolist(), strict=True))
            == queens_counts.total[n]
        )
        tallies[tail] = int(tally[0])
    assert tallies[3] < tallies[n]  # MRV cuts the tree


@pytest.mark.parametrize("n", [1, 5, 8, 11])
def test_the_plain_kernels_are_the_tail_kernels_at_tail_three(n):
    # count_constellations and count_placements are compiled without the row tail (their
    # ``work`` is None, and numba prunes the branch): the same search, node for node.
    table = queens.constellations(n)
    plain, tailed = np.zeros(scan.TALLY_SIZE, np.int64), np.zeros(scan.TALLY_SIZE, np.int64)
    a = scan.count_constellations(n, table, 0, len(table), plain)
    b = scan.count_constellations_tail(n, table, 0, len(table), scan.MRV_TAIL, tailed)
    assert a.tolist() == b.tolist() and plain.tolist() == tailed.tolist()
    for row in table:
        squares = np.asarray(row[1 : 1 + row[0]], np.int64)
        plain[:] = tailed[:] = 0
        a = scan.count_placements(n, squares, len(squares), plain)
        b = scan.count_placements_tail(n, squares, len(squares), scan.MRV_TAIL, tailed)
        assert (a, plain.tolist()) == (b, tailed.tolist())


def test_the_registry_covers_every_size():
    assert sorted(COMPLETION_TAIL) == list(range(1, MAX_COUNT_N + 1))
    assert all(isinstance(t, int) and t >= 0 for t in COMPLETION_TAIL.values())


# ---------------------------------------------------------------------------------------------
# Journals: a piece is worth what it was worth to the first-round kernel
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [6, 9, 11])
def test_table_pieces_have_the_first_round_values(n):
    table = queens.constellations(n)
    old = first.count_constellations(n, table, 0, len(table))
    for kind, lo, hi in QueensCount(n).pieces():
        assert kind == "constellations"
        expected = sum(
            int(w) * int(c)
            for w, c in zip(table[lo:hi, 5].tolist(), old[lo:hi].tolist(), strict=True)
        )
        assert count_piece(n, table, lo, hi) == expected


@pytest.mark.parametrize("n", [8, 10])
def test_split_pieces_have_the_first_round_values(n):
    work = QueensCount(n, pieces=4 * len(queens.constellations(n)))
    table = queens.constellations(n)
    for piece in work.pieces():
        assert piece[0] == "queens"
        _, k, extra = piece
        squares = np.concatenate(
            [table[k, 1 : 1 + table[k, 0]], np.asarray(extra, np.int64)]
        ).astype(np.int64)
        expected = int(table[k, 5]) * int(first.count_placements(n, squares, len(squares)))
        assert work.run_piece(piece) == expected


def test_a_journal_of_the_first_round_is_read_the_same(tmp_path, queens_counts):
    # The work is identified as before (the journal refuses other work by this identity),
    # so a journal begun by the first-round kernel resumes here with the same values.
    from clew.scale import run
    from clew.scale.journal import Journal
    from clew.scale.work import full_identity

    work = QueensCount(11, pieces=9)
    assert work.identity() == {"count": "queens", "n": 11, "unique": False, "pieces": 9}
    path = tmp_path / "q11.sqlite"
    table = queens.constellations(11)
    old = first.count_constellations(11, table, 0, len(table))
    pieces = work.pieces()
    rows = []
    for i in range(4):  # what the first round wrote for the first 4 pieces
        _, lo, hi = pieces[i]
        value = sum(
            int(w) * int(c)
            for w, c in zip(table[lo:hi, 5].tolist(), old[lo:hi].tolist(), strict=True)
        )
        rows.append((i, work.encode(value), 0.0))
    with Journal.open(path, full_identity(work), len(pieces)) as journal:
        journal.record_many(rows)
    assert run(work, jobs=1, journal=path)["total"] == queens_counts.total[11]
