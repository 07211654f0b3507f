"""Sudoku of every shape and the variants (issue 15): published and brute-force counts, the
shape kernel against exact-cover models of the same puzzles, the verifier, the text forms and
their one-line errors."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clew import cover, sudoku
from clew.errors import InvalidSolutionError
from clew.sudoku import Grid
from clew.sudoku.files.batch import read_lines
from clew.sudoku.shape import ShapeError, make_shape, squarest_box
from clew.sudoku.variants import split_line

# ---------------------------------------------------------------------------------------------
# An exact-cover model of any shape, written here from the shape's plain fields (not from
# clew.sudoku.geometry), so that the kernel is checked against an independent reading
# ---------------------------------------------------------------------------------------------


def _full_sets(shape) -> list[list[int]]:
    n = shape.n
    sets = [[r * n + c for c in range(n)] for r in range(n)] + [
        [r * n + c for r in range(n)] for c in range(n)
    ]
    if shape.regions is None:
        br, bc = shape.box
        sets += [
            [(top + i) * n + left + j for i in range(br) for j in range(bc)]
            for top in range(0, n, br)
            for left in range(0, n, bc)
        ]
    else:
        sets += [[i for i in range(n * n) if shape.regions[i] == r] for r in set(shape.regions)]
    if shape.diagonals:
        sets += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if shape.windows:
        k = shape.box[0]
        tops = [1 + t * (k + 1) for t in range(k - 1)]
        sets += [
            [(a + i) * n + b + j for i in range(k) for j in range(k)] for a in tops for b in tops
        ]
    sets += [list(cells) for cells in shape.extra if len(cells) == n]
    return sets


def cover_model(grid: Grid) -> cover.Problem:
    """Options: a cell and its digit (or a whole cage's digits at once, summing right);
    primary items: each cell once, each digit once in each full set; secondary: each digit
    at most once in each smaller extra region."""
    shape, n = grid.shape, grid.n
    full = _full_sets(shape)
    partial = [cells for cells in shape.extra if len(cells) < n]
    in_cage = {cell: cage for cage in shape.cages for cell in cage[1]}

    def items(cell: int, d: int) -> list[str]:
        out = [f"p{cell}"] + [f"u{u}d{d}" for u, cells in enumerate(full) if cell in cells]
        return out + [f"e{e}d{d}" for e, cells in enumerate(partial) if cell in cells]

    options = []
    for cell in range(n * n):
        if cell in in_cage:
            continue
        for d in [grid.cells[cell]] if grid.cells[cell] else range(1, n + 1):
            options.append(items(cell, d))
    for total, cells in shape.cages:
        choices = [[grid.cells[c]] if grid.cells[c] else range(1, n + 1) for c in cells]
        for digits in itertools.product(*choices):
            if sum(digits) == total and len(set(digits)) == len(digits):
                options.append(
                    [item for c, d in zip(cells, digits, strict=False) for item in items(c, d)]
                )
    primary = [f"p{c}" for c in range(n * n)] + [
        f"u{u}d{d}" for u in range(len(full)) for d in range(1, n + 1)
    ]
    secondary = [f"e{e}d{d}" for e in range(len(partial)) for d in range(1, n + 1)]
    return cover.Problem(options, primary=primary, secondary=secondary)


# ---------------------------------------------------------------------------------------------
# Counts
# ---------------------------------------------------------------------------------------------


def test_squarest_boxes():
    assert {n: squarest_box(n) for n in (4, 6, 8, 9, 10, 12, 15, 16, 20, 25)} == {
        4: (2, 2),
        6: (2, 3),
        8: (2, 4),
        9: (3, 3),
        10: (2, 5),
        12: (3, 4),
        15: (3, 5),
        16: (4, 4),
        20: (4, 5),
        25: (5, 5),
    }


def test_6x6_grids_published_count_by_relabelling():
    # every 6x6 grid is one with the first row 123456 under one of the 720 relabellings
    assert 720 * sudoku.count("123456" + "." * 30, limit=10**6) == 28_200_960


@pytest.mark.slow
def test_6x6_grids_published_count_whole():
    assert sudoku.count("." * 36, limit=10**8) == 28_200_960


def _brute_force(n: int, sets: list[list[int]]) -> int:
    """Grids of side n whose rows are permutations and every set holds distinct digits."""
    found = 0

    def ok(cells):
        filled = len(cells)
        for s in sets:
            seen = [cells[i] for i in s if i < filled]
            if len(seen) != len(set(seen)):
                return False
        return True

    def place(cells):
        nonlocal found
        if len(cells) == n * n:
            found += 1
            return
        for row in itertools.permutations(range(1, n + 1)):
            if ok(cells + list(row)):
                place(cells + list(row))

    place([])
    return found


def test_4x4_counts_against_brute_force():
    assert sudoku.count("." * 16) == 288
    x = make_shape(4, variant="x")
    assert sudoku.count("." * 16, variant="x") == _brute_force(4, _full_sets(x)) == 48
    jig = make_shape(4, regions="AAABACBBCCDBCDDD")
    assert sudoku.count("." * 16, regions="AAABACBBCCDBCDDD") == _brute_force(4, _full_sets(jig))
    assert sum(1 for _ in sudoku.solutions("." * 16, variant="x")) == 48


def test_small_killer_counts_against_brute_force():
    line = "AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4"
    grid = Grid(line)
    expected = sum(
        1
        for g in sudoku.solutions("." * 16)
        if all(sum(g.cells[c] for c in cells) == t for t, cells in grid.shape.cages)
    )
    assert sudoku.count(line) == expected == 4


# ---------------------------------------------------------------------------------------------
# Against exact cover
# ---------------------------------------------------------------------------------------------


def _random_regions(n: int, rng: random.Random) -> str:
    """A region map grown from the boxes by swapping cells of neighbouring regions."""
    shape = make_shape(n)
    br, bc = shape.box
    regions = [(r // br) * (n // bc) + c // bc for r in range(n) for c in range(n)]
    for _ in range(3 * n):
        a, b = rng.randrange(n * n), rng.randrange(n * n)
        regions[a], regions[b] = regions[b], regions[a]
    return "".join("ABCDEFGHIJKLMNOP"[r] for r in regions)


def _random_cages(solution: Grid, rng: random.Random, cover_all: bool) -> list:
    n = solution.n
    free = set(range(n * n))
    cages = []
    while free and (cover_all or len(cages) < n):
        cell = min(free) if cover_all else rng.choice(sorted(free))
        cells = [cell]
        free.discard(cell)
        for _ in range(rng.randrange(0, 3)):
            near = [
                c
                for x in cells
                for c in (x + 1, x - 1, x + n, x - n)
                if c in free and abs(c % n - x % n) <= 1
            ]
            if not near:
                break
            pick = rng.choice(near)
            if solution.cells[pick] in [solution.cells[c] for c in cells]:
                break
            cells.append(pick)
            free.discard(pick)
        cages.append((sum(solution.cells[c] for c in cells), cells))
    return cages


@st.composite
def shaped_puzzles(draw):
    n = draw(st.sampled_from([4, 6]))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    kind = draw(st.sampled_from(["box", "x", "jigsaw", "extra", "killer"]))
    rules: dict = {}
    if kind == "x":
        rules["variant"] = "x"
    elif kind == "jigsaw":
        rules["regions"] = _random_regions(n, rng)
    elif kind == "extra":
        rules["extra"] = [rng.sample(range(n * n), rng.randrange(2, n + 1))]
    base = sudoku.solve("." * (n * n), **rules)
    if base is None:
        return "." * (n * n), rules
    # relabel the digits and keep some givens: a puzzle with a known solution
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    solution = Grid([perm[v - 1] for v in base.cells], **rules)
    if kind == "killer":
        rules["cages"] = _random_cages(solution, rng, cover_all=draw(st.booleans()))
    keep = draw(st.integers(0, n * n // 3))
    chosen = set(rng.sample(range(n * n), keep))
    cells = [v if i in chosen else 0 for i, v in enumerate(solution.cells)]
    return cells, rules


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shaped_puzzles())
def test_shape_kernel_agrees_with_exact_cover(case):
    cells, rules = case
    grid = sudoku.parse(cells, **rules)
    model = cover_model(grid)
    expected = cover.count(model, limit=500)
    found = sudoku.count(grid, limit=500)
    assert found == min(expected, 500)
    solution = sudoku.solve(grid)
    assert (solution is None) == (expected == 0)
    if solution is not None:
        assert sudoku.is_solution(solution, grid)
        assert solution.shape == grid.shape


def test_windoku_and_x_against_exact_cover():
    rng = random.Random(15)
    full = sudoku.solve("." * 81, variant="x+windoku")
    assert sudoku.is_solution(full, "." * 81, variant="x+windoku")
    for _ in range(3):
        chosen = set(rng.sample(range(81), 30))
        puzzle = sudoku.parse(
            [v if i in chosen else 0 for i, v in enumerate(full.cells)], variant="x+windoku"
        )
        assert sudoku.count(puzzle, limit=50) == min(cover.count(cover_model(puzzle), limit=50), 50)


def test_every_shape_solves_and_verifies():
    for n in (4, 6, 8, 9, 10, 12, 15, 16, 20, 25):
        grid = sudoku.solve("." * (n * n))
        assert grid is not None and grid.shape.box == squarest_box(n)
        assert sudoku.is_solution(grid) and sudoku.is_solution(grid.to_line())
    assert sudoku.is_solution(sudoku.solve("." * 144, box="4x3"), "." * 144, box="4x3")


# ---------------------------------------------------------------------------------------------
# The verifier checks every rule on its own
# ---------------------------------------------------------------------------------------------


def test_verifier_names_each_broken_rule():
    grid = sudoku.solve("." * 36)
    assert sudoku.is_solution(grid)
    # 2x3 boxes: rows 1-2 of 123456 456123 ... are not a 3x2 box's permutation
    with pytest.raises(InvalidSolutionError, match=r"are both \d in box 1"):
        sudoku.check_solution(grid.to_line(), "." * 36, box="3x2")
    with pytest.raises(InvalidSolutionError, match="r2c2 and r3c3 are both 4 in diagonal 1"):
        sudoku.check_solution("1234341221434321", "." * 16, variant="x")
    with pytest.raises(InvalidSolutionError, match="in extra region 1"):
        sudoku.check_solution("1234341221434321", "." * 16, extra=[["r1c1", "r2c3"]])
    killer = "AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4"
    with pytest.raises(InvalidSolutionError, match=r"cage E \(r3c1, 2 cells\) adds up to 3, not 4"):
        sudoku.check_solution("1234341221434321", killer)
    assert sudoku.is_solution(sudoku.solve(killer), killer)


# ---------------------------------------------------------------------------------------------
# Text forms and errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: Grid("." * 36, box="3x3"),
            "a 3x3 box does not tile a 6x6 sudoku (3 * 3 = 9, not 6)",
        ),
        (
            lambda: Grid("." * 49),
            "a 7x7 sudoku has no boxes (7 is prime): give a jigsaw region map",
        ),
        (
            lambda: Grid("." * 16, regions="AAABAABBCCDDCCDD"),
            "region A has 5 cells, a region of a 4x4 jigsaw has 4",
        ),
        (
            lambda: Grid("." * 16, regions="AABBAABBCCDDCCDE"),
            "a 4x4 jigsaw has 4 regions, the region map has 5",
        ),
        (
            lambda: Grid("AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,9"),
            "cage H (r4c3, 2 cells): sum 9 is impossible",
        ),
        (
            lambda: Grid("AABBCCDDEEFFGGHH 3,7,7,3,4,6,6"),
            "the cage map has 8 cages (ABCDEFGH), but 7 sums are given",
        ),
        (lambda: Grid("." * 36, variant="windoku"), "windoku needs square boxes"),
        (lambda: Grid("." * 16, variant="y"), "unknown variant 'y'"),
        (
            lambda: Grid("." * 16, cages=[(3, [0, 1]), (4, [1, 2])]),
            "cage B: r1c2 is already in cage A",
        ),
    ],
)
def test_shape_errors_are_one_line(call, message):
    with pytest.raises(ShapeError) as info:
        call()
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_killer_given_twice_is_refused():
    with pytest.raises(ShapeError, match="give them once"):
        Grid("AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4", cages=[(3, [0, 1])])


@settings(max_examples=40, deadline=None)
@given(shaped_puzzles())
def test_variant_line_round_trips(case):
    cells, rules = case
    grid = Grid(cells, **{k: v for k, v in rules.items() if k in ("regions", "cages")})
    line = grid.to_variant_line()
    assert Grid(line) == grid
    text, regions, cages = split_line(line)
    assert (regions is not None) == (grid.shape.regions is not None)
    assert (cages is not None) == bool(grid.shape.cages)


def test_a_file_of_mixed_shapes():
    lines = [
        b"AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4",
        b"1.3............. AABBAABBCCDDCCDD",
        b"." * 36,
        b"AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,99",
    ]
    batch = read_lines(lines)
    assert (
        batch.sizes[0] >= 6 and batch.sizes[1] >= 6 and batch.sizes[2] >= 6 and batch.sizes[3] == 0
    )
    assert batch.errors[3].startswith("cage H (r4c3, 2 cells): sum 99 is impossible")
    from clew.sudoku.files.solve import solve_file

    answers = [
        a
        for chunk in solve_file(b"\n".join(lines), mode="count", limit=10**6, jobs=1)
        for a in chunk
    ]
    assert [a.count for a in answers[:3]] == [4, 24, 10**6]
    assert (
        answers[0].exact
        and answers[1].exact
        and not answers[2].exact
        and answers[3].status == "invalid"
    )


def test_solve_array_with_a_shape():
    shape = make_shape(6, variant="x")
    counts, sols = sudoku.solve_array(np.zeros((3, 36), np.int8), shape, limit=2)
    assert counts.tolist() == [2, 2, 2]
    assert sudoku.is_solution(Grid(sols[0].tolist(), variant="x"))
