"""The Sudoku geometry (:mod:`clew.sudoku.geometry`) against definitions written here from
rows and columns alone, for every size; and the kernel registry (:mod:`clew.sudoku.kernels`):
the band kernel for 9x9, the general kernel for every other size, one signature for both."""

from __future__ import annotations

import numpy as np
import pytest

from clew.sudoku import geometry, kernels, solver
from clew.sudoku.compiled import _kernels, _kernels9

SIZES = (2, 3, 4, 5)


def sees(a: int, b: int, k: int) -> bool:
    """An independent peer test: same row, same column, or same box, from row and column."""
    n = k * k
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return a != b and (ra == rb or ca == cb or (ra // k == rb // k and ca // k == cb // k))


# ---------------------------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------------------------


def test_every_cell_of_a_9x9_grid_has_20_peers_and_3_units():
    peers, units, of_cell = geometry.peers(3), geometry.units(3), geometry.cell_units(3)
    assert len(peers) == 81 and all(len(p) == 20 for p in peers)
    assert len(units) == 27 and all(len(u) == 9 for u in units)
    for cell in range(81):
        holding = [u for u, unit in enumerate(units) if cell in unit]
        assert holding == list(of_cell[cell]) and len(holding) == 3


@pytest.mark.parametrize("k", SIZES)
def test_counts_of_every_size(k):
    n = k * k
    assert len(geometry.cell_names(k)) == n * n
    assert len(geometry.rows(k)) == len(geometry.columns(k)) == len(geometry.boxes(k)) == n
    assert len(geometry.units(k)) == len(geometry.unit_names(k)) == 3 * n
    assert len(geometry.segments(k)) == 2 * n * k
    # every unit holds every cell index once between rows, once between columns, once between boxes
    for family in (geometry.rows(k), geometry.columns(k), geometry.boxes(k)):
        assert sorted(c for unit in family for c in unit) == list(range(n * n))


@pytest.mark.parametrize("k, expected", [(2, 7), (3, 20), (4, 39), (5, 64)])
def test_peer_counts(k, expected):
    assert all(len(p) == expected for p in geometry.peers(k))


@pytest.mark.parametrize("k", SIZES)
def test_peers_against_the_rules(k):
    n = k * k
    for cell in range(n * n):
        expected = tuple(b for b in range(n * n) if sees(cell, b, k))
        assert geometry.peers(k)[cell] == expected
        assert geometry.peer_sets(k)[cell] == frozenset(expected)


@pytest.mark.parametrize("k", SIZES)
def test_units_are_rows_columns_and_boxes(k):
    n = k * k
    units, names = geometry.units(k), geometry.unit_names(k)
    for u, unit in enumerate(units):
        kind, number = names[u].split()
        assert kind == ("row", "column", "box")[u // n] and int(number) == u % n + 1
        rows = {c // n for c in unit}
        cols = {c % n for c in unit}
        if kind == "row":
            assert rows == {u % n} and len(cols) == n
        elif kind == "column":
            assert cols == {u % n} and len(rows) == n
        else:
            assert all(sees(a, b, k) for a in unit for b in unit if a != b)
            assert {geometry.box_of(c, k) for c in unit} == {u % n}
        assert list(unit) == sorted(unit)  # reading order within every unit


@pytest.mark.parametrize("k", SIZES)
def test_cell_names_round_trip(k):
    n = k * k
    for cell, name in enumerate(geometry.cell_names(k)):
        r, c = divmod(cell, n)
        assert name == f"r{r + 1}c{c + 1}" == geometry.cell_name(cell, n)
        assert geometry.cell_index(name, n) == cell
        assert geometry.cell_index(name.upper(), n) == cell


@pytest.mark.parametrize("name", ["r0c1", "r1c10", "x1c1", "r1", "", "r1c1 r1c2", 11])
def test_bad_cell_names(name):
    with pytest.raises(ValueError):
        geometry.cell_index(name, 9)


@pytest.mark.parametrize("k", SIZES)
def test_segments_are_where_a_box_crosses_a_line(k):
    n = k * k
    units = geometry.units(k)
    for box, line, cells in geometry.segments(k):
        assert 2 * n <= box < 3 * n and 0 <= line < 2 * n
        assert cells == tuple(c for c in units[box] if c in units[line]) and len(cells) == k


def test_tables_are_built_once_and_cannot_change():
    assert geometry.peers(3) is geometry.peers(3)
    assert geometry.units(4) is geometry.units(4)
    assert isinstance(geometry.units(3), tuple) and isinstance(geometry.units(3)[0], tuple)


@pytest.mark.parametrize("k", SIZES)
def test_the_kernel_tables_are_the_geometry(k):
    peers, units = _kernels.tables(k)
    assert peers.dtype == units.dtype == np.int64
    assert peers.tolist() == [list(p) for p in geometry.peers(k)]
    assert units.tolist() == [list(u) for u in geometry.units(k)]


# ---------------------------------------------------------------------------------------------
# Kernel registry
# ---------------------------------------------------------------------------------------------


def test_the_registry_picks_the_band_kernel_for_9x9_and_the_general_one_otherwise():
    assert kernels.kernel(3).name == "band9"
    for k in (2, 4, 5):
        assert kernels.kernel(k).name == "general"
    assert kernels.kernel(3) is kernels.kernel(3)  # tables bound once
    assert kernels.kernel(3).k == 3


@pytest.mark.parametrize("k", SIZES)
def test_every_kernel_has_the_same_signature(k):
    n = k * k
    puzzles = np.zeros((2, n * n), np.int8)
    counts = np.zeros(2, np.int64)
    sols = np.zeros_like(puzzles)
    kernels.kernel(k).solve_batch(puzzles, 2, counts, sols)
    assert counts.tolist() == [2, 2]
    for row in sols:
        grid = row.reshape(n, n)
        assert all(sorted(grid[r]) == list(range(1, n + 1)) for r in range(n))


def test_the_band_kernel_serves_9x9_only():
    with pytest.raises(ValueError, match="9x9"):
        kernels._band9(2)


def test_the_solver_goes_through_the_registry(monkeypatch):
    monkeypatch.setattr(kernels, "_REGISTRY", dict(kernels._REGISTRY))
    monkeypatch.setattr(kernels, "_BUILDERS", dict(kernels._BUILDERS))
    monkeypatch.setattr(kernels, "_BOUND", {})
    calls = []

    def build(k):
        def solve_batch(puzzles, limit, counts, solutions):
            calls.append((k, limit, len(puzzles)))
            counts[:] = 7

        return solve_batch

    kernels.register("fake", build, k=2)
    counts, _ = kernels.run(np.zeros((3, 16), np.int8), 2, 5)
    assert counts.tolist() == [7, 7, 7] and calls == [(2, 5, 3)]
    assert solver.count("1" + "." * 15, limit=5) == 7 and calls[-1] == (2, 5, 1)
    # the resumable search is not the fake's (it has none): the fallback's
    assert sum(1 for _ in solver.solutions("." * 16)) == 288
    assert kernels.kernel(3).name == "band9" and kernels.kernel(4).name == "general"
    # a new fallback serves every size without a kernel of its own
    kernels.register("fake", build)
    assert kernels.kernel(4).name == "fake" and kernels.kernel(3).name == "band9"


def test_the_9x9_kernel_and_the_general_one_agree_through_the_registry():
    leet = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    puzzle = np.array([[0 if ch == "." else int(ch) for ch in leet]], np.int8)
    band = np.zeros(1, np.int64), np.zeros_like(puzzle)
    general = np.zeros(1, np.int64), np.zeros_like(puzzle)
    kernels.kernel(3).solve_batch(puzzle, 2, *band)
    kernels.kernel(3, "general").solve_batch(puzzle, 2, *general)
    assert band[0].tolist() == general[0].tolist() == [1]
    assert np.array_equal(band[1], general[1])


def test_the_band_tables_are_the_geometry_of_a_band():
    _, _, peer, column, _ = _kernels9.tables()
    for p in range(27):
        # within a band, a peer is a cell of the same row or box (its column's cells are in its box)
        assert int(peer[p]) == sum(1 << q for q in range(27) if sees(p, q, 3))
        assert int(column[p]) == sum(1 << q for q in range(27) if q % 9 == p % 9)
