"""Generating sudoku of every shape and variant (issue 15, second round): each puzzle proper,
proven here by an exact-cover model of the same puzzle (:mod:`clew.cover`) or by the plain
reference search, its solution checked by the verifier; jigsaw regions and killer cages
checked cell by cell; killer givens only where needed; seeds reproducible; the one-line
forms read back by the library and by ``clew sudoku solve``; the classic generator's output
pinned."""

from __future__ import annotations

import hashlib
import importlib
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clew import cli, sudoku
from clew.errors import BoardSizeError
from clew.sudoku import Grid, _reference_shape
from clew.sudoku.generation.generator import GenerateError, GenerateWork, generate, generate_many
from clew.sudoku.generation.shapes import MAX_CAGE, puzzle_line, random_cages, random_regions
from clew.sudoku.shape import ShapeError
from helpers.sudoku_grids import exact_cover_count

gen = importlib.import_module("clew.sudoku.generation.generator")

# ---------------------------------------------------------------------------------------------
# Independent checks: an exact-cover model read from the shape's plain fields, connectivity
# ---------------------------------------------------------------------------------------------


def connected(cells, n: int) -> bool:
    cells = set(cells)
    todo, seen = [min(cells)], {min(cells)}
    while todo:
        r, c = divmod(todo.pop(), n)
        for y in (
            (r - 1) * n + c if r else -1,
            (r + 1) * n + c if r + 1 < n else -1,
            r * n + c - 1 if c else -1,
            r * n + c + 1 if c + 1 < n else -1,
        ):
            if y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return seen == cells


def flags(shape) -> str | None:
    names = [v for v, on in (("x", shape.diagonals), ("windoku", shape.windows)) if on]
    return "+".join(names) or None


def check_proper(g, *, independent: str = "cover") -> None:
    """The puzzle has exactly one solution, ``g.solution``: the verifier, and an independent
    count."""
    puzzle, solution = g.puzzle, g.solution
    assert solution.is_full() and solution.shape == puzzle.shape
    sudoku.check_solution(solution, puzzle)  # raises on a broken rule
    if independent == "cover":
        assert exact_cover_count(puzzle, 2) == 1
    else:
        found = list(_reference_shape.solutions(puzzle.cells, puzzle.shape, 2))
        assert found == [list(solution.cells)]


SHAPES = [
    ({"box": "2x3"}, "6x6 (2x3 boxes)"),
    ({"box": "2x4"}, "8x8 (2x4 boxes)"),
    ({"box": "4x2"}, "8x8 (4x2 boxes)"),
    ({"variant": "x"}, "9x9 x"),
    ({"variant": "windoku"}, "9x9 windoku"),
    ({"variant": "x+windoku"}, "9x9 x windoku"),
    ({"variant": "jigsaw"}, "9x9 jigsaw"),
    ({"variant": ["jigsaw", "x"]}, "9x9 jigsaw x"),
    ({"variant": "killer"}, "9x9 killer"),
    ({"variant": "killer", "box": "2x3"}, "6x6 (2x3 boxes) killer"),
    ({"variant": "x+killer"}, "9x9 x killer"),
    ({"size": 4, "variant": "x"}, "4x4 x"),
    ({"variant": "jigsaw+killer", "box": "2x3"}, "6x6 jigsaw killer"),
]


@pytest.mark.parametrize("options, name", SHAPES, ids=[name for _, name in SHAPES])
def test_generated_puzzles_are_proper(options, name):
    for g in generate_many(3, seed=15, **options):
        assert g.puzzle.shape.name == name
        check_proper(g)


@pytest.mark.parametrize(
    "options",
    [
        {"box": "2x3"},
        {"box": "2x3", "variant": "jigsaw"},
        {"box": "2x3", "variant": "killer"},
        {"size": 4, "variant": "killer"},
    ],
)
def test_small_puzzles_proper_by_the_reference_search(options):
    for g in generate_many(4, seed=3, **options):
        check_proper(g, independent="reference")


def test_12x12_and_a_prime_jigsaw():
    g = generate(box="3x4", seed=2)
    assert g.puzzle.shape.box == (3, 4) and sudoku.count(g.puzzle, limit=2) == 1
    sudoku.check_solution(g.solution, g.puzzle)
    seven = generate(7, variant="jigsaw", seed=2)
    assert seven.puzzle.shape.n == 7 and seven.puzzle.shape.regions is not None
    check_proper(seven)


def test_jigsaw_regions_are_connected_and_of_n_cells():
    for seed in range(4):
        for n in (5, 6, 9):
            regions = random_regions(n, np.random.default_rng(seed))
            assert len(regions) == n * n and sorted(set(regions)) == list(range(n))
            for r in range(n):
                cells = [i for i, v in enumerate(regions) if v == r]
                assert len(cells) == n and connected(cells, n)
    # and the layouts vary: not the boxes they started from
    layouts = {random_regions(9, np.random.default_rng(seed)) for seed in range(10)}
    boxes = tuple((r // 3) * 3 + c // 3 for r in range(9) for c in range(9))
    assert len(layouts) == 10 and boxes not in layouts


def test_bounded_completion_kernel():
    from clew.sudoku.compiled import _kernels_shape as KS
    from clew.sudoku.kernels import shape_search_tables

    g = generate(variant="windoku", seed=6)
    tables = shape_search_tables(g.puzzle.shape)
    out = np.zeros(81, np.int8)
    puzzle = np.frombuffer(bytes(g.puzzle.cells), np.int8).copy()
    assert KS.complete(puzzle, tables, 10**6, out) == KS.FOUND and bytes(out) == bytes(
        g.solution.cells
    )
    # the puzzle is proper: another digit in a blank cell, one no given forbids, leaves
    # no solution at all
    broken = puzzle.copy()
    cell = int(np.flatnonzero(broken == 0)[0])
    for d in range(1, 10):
        broken[cell] = d
        if (
            d != g.solution.cells[cell]
            and Grid._make(broken.tobytes(), g.puzzle.shape).conflict() is None
        ):
            break
    assert KS.complete(broken, tables, 10**6, out) == KS.NONE_FOUND
    assert KS.complete(np.zeros(81, np.int8), tables, 0, out) == KS.OUT_OF_NODES  # no node allowed
    # a budget counts digits tried: the empty grid needs some, never more than it is given
    budgets = [
        b for b in range(1, 200) if KS.complete(np.zeros(81, np.int8), tables, b, out) == KS.FOUND
    ]
    assert budgets and budgets == list(range(budgets[0], 200))


def test_killer_cages_partition_the_grid():
    for g in generate_many(6, variant="killer", seed=9):
        shape, solution = g.puzzle.shape, g.solution.cells
        seen = sorted(c for _, cells in shape.cages for c in cells)
        assert seen == list(range(81))  # every cell in exactly one cage
        for total, cells in shape.cages:
            digits = [solution[c] for c in cells]
            assert 1 <= len(cells) <= MAX_CAGE and len(set(digits)) == len(digits)
            assert sum(digits) == total and connected(cells, 9)


def test_random_cages_fit_the_letters_even_on_12x12():
    solution = generate(box="3x4", seed=1).solution
    for seed in range(3):
        cages = random_cages(
            np.frombuffer(bytes(solution.cells), np.int8), np.random.default_rng(seed)
        )
        assert len(cages) <= 52 and sorted(c for _, cells in cages for c in cells) == list(
            range(144)
        )


def test_killer_givens_are_each_needed():
    made = list(generate_many(12, variant="killer", seed=4)) + list(
        generate_many(12, variant="killer", box="2x3", seed=4)
    )
    assert sum(g.puzzle.givens == 0 for g in made) >= 12  # cages alone decide most of them
    assert any(g.puzzle.givens for g in made)  # and some need a given or two (6x6 mostly)
    for g in made:
        cells = list(g.puzzle.cells)
        for i, v in enumerate(cells):
            if v:
                fewer = Grid._make(bytes(cells[:i] + [0] + cells[i + 1 :]), g.puzzle.shape)
                assert sudoku.count(fewer, limit=2) == 2, f"given {i} is not needed"


def test_minimal_shaped_puzzles_need_every_given():
    for options in ({"box": "2x3"}, {"variant": "jigsaw"}, {"variant": "x"}):
        g = generate(seed=8, minimal=True, **options)
        cells = list(g.puzzle.cells)
        for i in (i for i, v in enumerate(cells) if v):
            fewer = Grid._make(bytes(cells[:i] + [0] + cells[i + 1 :]), g.puzzle.shape)
            assert sudoku.count(fewer, limit=2) == 2


def test_symmetry_with_shapes():
    g = generate(box="2x4", symmetry="rotational", seed=5, minimal=True)
    cells = g.puzzle.cells
    assert all((cells[i] == 0) == (cells[63 - i] == 0) for i in range(64))
    g = generate(variant="jigsaw", symmetry="mirror", seed=5)
    assert all(
        (g.puzzle[r, c] == 0) == (g.puzzle[r, 8 - c] == 0) for r in range(9) for c in range(9)
    )


# ---------------------------------------------------------------------------------------------
# Seeds, pieces, text forms
# ---------------------------------------------------------------------------------------------


def test_seeded_and_reproducible_whatever_the_jobs():
    for options in ({"variant": "killer"}, {"variant": "jigsaw"}, {"box": "2x3", "variant": "x"}):
        one = list(generate_many(4, seed=21, **options))
        assert one == list(generate_many(4, seed=21, jobs=2, **options))
        assert generate(seed=21, **options) == one[0]
        assert one != list(generate_many(4, seed=22, **options))
        assert len({g.puzzle for g in one}) == 4


def test_work_identity_and_journal_values_round_trip():
    plan = gen._plan(None, None, "none", None, 3, None, None, "jigsaw+killer")
    work = GenerateWork(plan, 3)
    again = GenerateWork.from_identity(json.loads(json.dumps(work.identity())))
    assert again.plan == plan
    assert json.loads(json.dumps(work.identity())) == work.identity()  # what a journal compares
    value = work.run_piece(work.pieces()[0])
    assert work.decode(work.encode(value)) == value
    classic = GenerateWork(gen._plan(9, None, "none", None, 3, None), 3)
    assert "box" not in classic.identity() and "variants" not in classic.identity()


@given(
    st.sampled_from(
        [
            {"box": "2x3"},
            {"variant": "killer", "box": "2x2"},
            {"variant": "jigsaw", "box": "2x3"},
            {"variant": "x", "size": 4},
            {"variant": "jigsaw+killer", "box": "2x3"},
        ]
    ),
    st.integers(0, 2**32),
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_line_reads_back(options, seed):
    g = generate(seed=seed, **options)
    line = puzzle_line(g.puzzle)
    back = Grid(
        line,
        box=g.puzzle.shape.box_name if g.puzzle.shape.box else None,
        variant=flags(g.puzzle.shape),
    )
    assert back == g.puzzle
    assert (
        sudoku.solve(
            line,
            variant=flags(g.puzzle.shape),
            box=g.puzzle.shape.box_name if g.puzzle.shape.box else None,
        )
        == g.solution
    )


def test_classic_output_is_unchanged():
    # sha256 of the first five puzzle lines, from the generator before shapes were added
    pinned = {
        (9, ()): "020c92727f3287f9",
        (4, ()): "33b651d9fcdeb8a0",
        (16, ()): "f9e1b5ba3c26faff",
        (9, (("symmetry", "rotational"), ("minimal", True))): "71241bc344e452da",
    }
    for (size, options), digest in pinned.items():
        for box in (
            None,
            f"{int(size**0.5)}x{int(size**0.5)}",
        ):  # the classic box is the classic grid
            lines = [
                g.puzzle.to_line()
                for g in generate_many(5, size, seed=11, box=box, **dict(options))
            ]
            assert hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16] == digest


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: generate(variant="spiral"),
            GenerateError,
            "unknown variant 'spiral': use one or more of x, windoku, jigsaw, killer",
        ),
        (
            lambda: generate(variant=3),
            GenerateError,
            "variant is a name or a list of names of x, windoku, jigsaw, killer, got 3",
        ),
        (
            lambda: generate(variant="jigsaw+windoku"),
            GenerateError,
            "windoku needs square boxes, a jigsaw has regions: ask for one of them",
        ),
        (
            lambda: generate(12, variant="killer"),
            GenerateError,
            "killer puzzles are generated up to 9x9, not 12x12: proving a larger cage layout "
            "unique takes the solver seconds to minutes",
        ),
        (
            lambda: generate(variant="killer", symmetry="rotational"),
            GenerateError,
            "a killer keeps only the givens its cages need: symmetry applies to the other variants",
        ),
        (
            lambda: generate(box="4x5", difficulty="easy"),
            GenerateError,
            "a difficulty or rating range can be asked for shapes up to 12x12, not 20x20: rating "
            "each candidate would take seconds",
        ),
        (
            lambda: generate(9, box="2x3"),
            ShapeError,
            "a 2x3 box does not tile a 9x9 sudoku (2 * 3 = 6, not 9)",
        ),
        (
            lambda: generate(box="2x5", variant="windoku"),
            ShapeError,
            "windoku needs square boxes (its windows are the boxes shifted by one cell), not 2x5 "
            "boxes",
        ),
        (
            lambda: generate(7, variant="x"),
            ShapeError,
            "a 7x7 sudoku has no boxes (7 is prime): give a jigsaw region map",
        ),
        (
            lambda: generate(30, variant="x"),
            BoardSizeError,
            "size must be 4 to 25 (the side of the grid) for a shape or variant, got 30",
        ),
        (
            lambda: generate(box="1x6"),
            ShapeError,
            "a box has at least 2 rows and 2 columns, got 1x6",
        ),
    ],
)
def test_bad_arguments_one_line(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def _clew(capsys, *args):
    status = cli.run([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_generate_shapes_read_back_by_solve(capsys, tmp_path):
    status, out, err = _clew(
        capsys, "sudoku", "generate", "--box", "2x3", "--count", "3", "--seed", "1", "--jobs", "1"
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 3 and all(len(line) == 36 for line in lines)
    assert lines == [puzzle_line(g.puzzle) for g in generate_many(3, box="2x3", seed=1)]
    path = tmp_path / "six.txt"
    path.write_text(out)
    status, solved, err = _clew(capsys, "sudoku", "solve", path, "--unique")
    assert status == 0 and len(solved.splitlines()) == 3
    for puzzle, solution in zip(lines, solved.splitlines(), strict=False):
        assert sudoku.is_solution(solution, puzzle)


def test_cli_generate_killer_and_jigsaw_lines(capsys, tmp_path):
    status, out, _ = _clew(
        capsys,
        "sudoku",
        "generate",
        "--variant",
        "killer",
        "--count",
        "4",
        "--seed",
        "2",
        "--jobs",
        "1",
    )
    assert status == 0
    for line in out.splitlines():
        fields = line.split()
        assert len(fields) in (2, 3) and "," in fields[-1]  # [<cells>] <cage letters> <sums>
        assert sudoku.count(line, limit=2) == 1
    status, out, _ = _clew(
        capsys,
        "sudoku",
        "generate",
        "--variant",
        "jigsaw",
        "--variant",
        "x",
        "--seed",
        "2",
        "--format",
        "json",
    )
    record = json.loads(out)
    assert sudoku.is_solution(record["solution"], record["puzzle"], variant="x")
    path = tmp_path / "x.txt"
    path.write_text(record["puzzle"] + "\n")
    status, solved, _ = _clew(capsys, "sudoku", "solve", path, "--unique", "--variant", "x")
    assert status == 0 and solved.strip() == record["solution"]


def test_cli_generate_killer_resumes_from_a_journal(capsys, tmp_path):
    journal = tmp_path / "killer.db"
    args = [
        "sudoku",
        "generate",
        "--variant",
        "killer",
        "--variant",
        "x",
        "--count",
        "4",
        "--seed",
        "3",
        "--journal",
        journal,
        "--jobs",
        "1",
    ]
    first = _clew(capsys, *args)
    again = _clew(capsys, *args)
    assert first[0] == again[0] == 0 and first[1] == again[1]
    assert first[1].splitlines() == [
        puzzle_line(g.puzzle) for g in generate_many(4, variant="x+killer", seed=3)
    ]


def test_cli_generate_grid_format_shows_the_cages(capsys):
    status, out, _ = _clew(
        capsys,
        "sudoku",
        "generate",
        "--variant",
        "killer",
        "--box",
        "2x3",
        "--seed",
        "2",
        "--format",
        "grid",
    )
    lines = out.splitlines()
    assert status == 0 and lines[2] == "------+------" and len(lines) == 9
    assert (
        Grid(lines[-1]).shape.cages
        == generate(variant="killer", box="2x3", seed=2).puzzle.shape.cages
    )


@pytest.mark.parametrize(
    "args, fragment",
    [
        (
            ["--variant", "killer", "--size", "16"],
            "killer puzzles are generated up to 9x9, not 16x16",
        ),
        (["--box", "2x5", "--variant", "windoku"], "windoku needs square boxes"),
        (["--box", "axb"], "a box is <rows>x<columns>, such as 3x4; got 'axb'"),
        (
            ["--variant", "jigsaw", "--variant", "windoku"],
            "windoku needs square boxes, a jigsaw has regions",
        ),
        (
            ["--box", "4x5", "--difficulty", "easy"],
            "a difficulty or rating range can be asked for shapes up to 12x12",
        ),
    ],
)
def test_cli_generate_errors(capsys, args, fragment):
    status, out, err = _clew(capsys, "sudoku", "generate", *args)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("clew: error: ") and fragment in err
