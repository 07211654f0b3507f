"""The shape kernel and the plain reference search (:mod:`clew.sudoku._reference_shape`) run
the same tests, parametrised over the two implementations: published counts, counts by
brute force, the ``limit`` meaning, generated puzzles with their one solution, puzzles
without one, whole enumerations, and Hypothesis against an exact-cover model."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clew import sudoku
from clew.sudoku import Grid, _reference_shape
from clew.sudoku.generation.generator import generate, generate_many
from clew.sudoku.shape import make_shape
from helpers.sudoku_grids import exact_cover_count  # the exact-cover model of the same puzzle


class Kernel:
    """The library: the shape kernel behind count / solve / solutions."""

    @staticmethod
    def count(grid: Grid, limit):
        return (
            sudoku.count(grid, limit=limit)
            if limit is not None
            else sudoku.count(grid, limit=10**8)
        )

    @staticmethod
    def solve(grid: Grid):
        found = sudoku.solve(grid)
        return None if found is None else list(found.cells)

    @staticmethod
    def solutions(grid: Grid, limit=None):
        return [list(g.cells) for g in sudoku.solutions(grid, limit=limit)]


class Reference:
    """The plain backtracking search, over the grid's cells and shape."""

    @staticmethod
    def count(grid: Grid, limit):
        return _reference_shape.count(grid.cells, grid.shape, limit)

    @staticmethod
    def solve(grid: Grid):
        return _reference_shape.solve(grid.cells, grid.shape)

    @staticmethod
    def solutions(grid: Grid, limit=None):
        return list(_reference_shape.solutions(grid.cells, grid.shape, limit))


@pytest.fixture(params=[Kernel, Reference], ids=["kernel", "reference"])
def impl(request):
    return request.param


@functools.cache
def brute_force_4x4(shape) -> int:
    """Every 4x4 grid of permutation rows that obeys the shape, checked set by set from the
    shape's fields (its boxes or regions, diagonals, cages), counted."""
    n = 4
    sets = [[r * n + c for r in range(n)] for c in range(n)]
    if shape.regions is not None:
        sets += [[i for i in range(16) if shape.regions[i] == r] for r in range(n)]
    else:
        sets += [
            [(t + i) * n + lft + j for i in range(2) for j in range(2)]
            for t in (0, 2)
            for lft in (0, 2)
        ]
    if shape.diagonals:
        sets += [[0, 5, 10, 15], [3, 6, 9, 12]]
    total = 0
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        cells = [v for row in rows for v in row]
        if all(len({cells[i] for i in s}) == len(s) for s in sets) and all(
            len({cells[i] for i in cage}) == len(cage) and sum(cells[i] for i in cage) == want
            for want, cage in shape.cages
        ):
            total += 1
    return total


# ---------------------------------------------------------------------------------------------
# Counts
# ---------------------------------------------------------------------------------------------


def test_published_4x4_count(impl):
    # 288 4x4 sudoku grids (OEIS A107739(2))
    assert impl.count(Grid("." * 16), None) == 288


@pytest.mark.slow
def test_published_6x6_count_first_row_fixed(impl):
    # 28,200,960 6x6 grids with 2x3 boxes = 6! x 39,168 with the first row 1..6 (OEIS A107739)
    assert impl.count(Grid("123456" + "." * 30), None) == 39168


@pytest.mark.parametrize(
    "shape",
    [
        make_shape(4, variant="x"),
        make_shape(4, regions="AABBAABBCCDDCCDD"),
        make_shape(4, regions="AAABACBBCCDBCDDD"),
        make_shape(4, cages=[(3, [0, 1]), (7, [2, 3]), (10, [4, 5, 6, 7])]),
        make_shape(4, variant="x", cages=[(5, [0, 4]), (5, [15, 11])]),
    ],
    ids=["x", "jigsaw boxes", "jigsaw", "killer", "x killer"],
)
def test_4x4_counts_against_brute_force(impl, shape):
    assert impl.count(Grid._make(bytes(16), shape), None) == brute_force_4x4(shape)


def test_limit_meaning(impl):
    empty = Grid("." * 16, variant="x")
    assert impl.count(empty, 1) == 1  # 1 solves
    assert impl.count(empty, 2) == 2  # 2 proves uniqueness (here: there is more than one)
    assert impl.count(empty, None) == 48  # None counts all
    assert impl.count(empty, 1000) == 48


# ---------------------------------------------------------------------------------------------
# Puzzles
# ---------------------------------------------------------------------------------------------

PUZZLES = [
    {"box": "2x3"},
    {"box": "2x3", "variant": "killer"},
    {"box": "2x3", "variant": "jigsaw"},
    {"box": "2x3", "variant": "jigsaw+killer"},
    {"size": 4, "variant": "killer"},
    {"variant": "x"},
    {"variant": "windoku"},
    {"variant": "jigsaw"},
    {"box": "2x4"},
]


@pytest.mark.parametrize("options", PUZZLES, ids=["+".join(map(str, o.values())) for o in PUZZLES])
def test_generated_puzzles_have_one_solution(impl, options):
    for g in generate_many(2, seed=31, **options):
        assert impl.count(g.puzzle, 2) == 1
        assert impl.solve(g.puzzle) == list(g.solution.cells)


def test_puzzles_without_a_solution(impl):
    # cages that cannot both be met: r1c1 + r1c2 = 3 forces {1, 2}, and r2c1 + r2c2 = 3 too,
    # but r1c1..r2c2 is a box of four different digits
    grid = Grid("." * 16, cages=[(3, [0, 1]), (3, [4, 5])])
    assert impl.count(grid, None) == 0 and impl.solve(grid) is None
    # two 1s that no rule sets against each other, yet no X grid keeps both
    x = Grid(".1.........1....", variant="x")
    assert x.conflict() is None and x_grids_keeping(x) == 0
    assert impl.count(x, None) == 0 and impl.solve(x) is None


@functools.cache
def x_grids_keeping(grid: Grid) -> int:
    """The 4x4 X grids that keep the givens of ``grid``, written out (no solver)."""
    sets = [[r * 4 + c for r in range(4)] for c in range(4)] + [[0, 5, 10, 15], [3, 6, 9, 12]]
    sets += [
        [(t + i) * 4 + lft + j for i in range(2) for j in range(2)]
        for t in (0, 2)
        for lft in (0, 2)
    ]
    found = 0
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        cells = [v for row in rows for v in row]
        if all(g in (0, v) for g, v in zip(grid.cells, cells, strict=False)) and all(
            len({cells[i] for i in s}) == 4 for s in sets
        ):
            found += 1
    return found


def test_enumerations_agree(impl):
    g = generate(box="2x3", variant="killer", seed=5)
    # a looser puzzle: the same cages with the givens gone, and one of the cages dropped
    cages = g.puzzle.shape.cages[1:]
    loose = Grid._make(bytes(36), make_shape(6, cages=cages))
    found = impl.solutions(loose, limit=None)
    expected = _reference_shape.rule_sets(loose.shape)  # the rules, to check each solution by hand
    assert found and len({tuple(s) for s in found}) == len(found)
    for s in found:
        assert all(len({s[i] for i in group}) == len(group) for group in expected)
        assert all(sum(s[i] for i in cage) == total for total, cage in cages)
    assert len(found) == exact_cover_count(loose, limit=10**6)
    assert impl.solutions(loose, limit=3) == found[:3]  # a limit stops the same enumeration


# ---------------------------------------------------------------------------------------------
# Hypothesis: random small shapes, both implementations against exact cover
# ---------------------------------------------------------------------------------------------


@st.composite
def small_puzzles(draw):
    seed = draw(st.integers(0, 2**32 - 1))
    options = draw(
        st.sampled_from(
            [
                {"box": "2x3"},
                {"size": 4, "variant": "x"},
                {"box": "2x3", "variant": "jigsaw"},
                {"box": "2x3", "variant": "killer"},
                {"size": 4, "variant": "jigsaw+killer"},
            ]
        )
    )
    g = generate(seed=seed, **options)
    rng = random.Random(seed)
    keep = draw(st.floats(0.0, 1.0))
    cells = bytes(
        v if rng.random() < keep else 0 for v in g.puzzle.cells
    )  # fewer givens: more solutions
    shape = g.puzzle.shape
    if shape.cages and draw(st.booleans()):
        drop = rng.randrange(len(shape.cages))
        shape = make_shape(
            shape.n,
            box=shape.box,
            regions=shape.regions,
            cages=shape.cages[:drop] + shape.cages[drop + 1 :],
        )
    return Grid._make(cells, shape)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(small_puzzles())
def test_counts_agree_with_exact_cover(impl, grid):
    assert impl.count(grid, 20) == min(exact_cover_count(grid, 20), 20)


# ---------------------------------------------------------------------------------------------
# The rule of 45 the batch kernel adds to a killer's groups, against its plain reference
# ---------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from(
        [
            dict(variant="killer"),
            dict(box="2x3", variant="killer"),
            dict(variant="killer+x"),
            dict(variant="jigsaw+killer"),
        ]
    ),
)
def test_kernel_innies_are_the_reference_innies(seed, rules):
    from clew.sudoku import kernels
    from clew.sudoku.compiled import _kernels_cages
    from clew.sudoku.generation.generator import generate

    shape = generate(seed=seed % 9, **rules).puzzle.shape
    units, gptr, gcells, gsum = kernels.shape_tables(shape)
    # stacked with a shape of more groups, a shape's groups end in empty ones without a sum
    gptr = np.append(gptr, [gptr[-1]] * 2)
    gsum = np.append(gsum, [_kernels_cages.NO_SUM] * 2)
    ptr, cells, sums = _kernels_cages.with_innies(units, gptr, gcells, gsum, shape.cells)
    padded = len(gsum)
    added = [
        (int(sums[g]), tuple(int(c) for c in cells[ptr[g] : ptr[g + 1]]))
        for g in range(padded, len(sums))
    ]
    assert added == kernels.innies(shape) and added
    # every innie holds in the solution: its cells add up to its sum
    solution = generate(seed=seed % 9, **rules).solution.cells
    assert all(sum(solution[c] for c in group) == total for total, group in added)
