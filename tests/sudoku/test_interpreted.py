"""The interpreted solver of small jobs (:mod:`clew.sudoku._interpreted`): counts against the
published and reference counts, solutions through the independent verifier, its budget."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku import _interpreted, _reference, geometry, verify

DIGITS = "123456789ABCDEFGHIJKLMNOP"


def cells(line: str) -> list[int]:
    return [0 if ch in ".0" else DIGITS.index(ch) + 1 for ch in line]


def run(line: str, limit, max_nodes=10**6):
    grid = cells(line)
    k = math.isqrt(math.isqrt(len(grid)))
    return _interpreted.count(
        grid, k * k, geometry.peers(k), geometry.units(k), limit=limit, max_nodes=max_nodes
    )


def test_published_and_stored_counts(sudoku_counts):
    for case in sudoku_counts:
        if len(case.puzzle) > 81 or case.count > 5000:
            continue  # 16x16 and larger counts: the kernels' tests
        found, first = run(case.puzzle, None)
        assert found == case.count, case.line
        if found:
            verify.check_solution(first, cells(case.puzzle))


def test_sample_puzzles_solved_and_unique(sample_solutions):
    for puzzle, case in list(sample_solutions.items())[:60]:
        found, first = run(puzzle, 2)
        assert found == 1
        assert "".join(str(d) for d in first) == case.solution


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16), st.sampled_from([1, 2, None]))
def test_agrees_with_the_reference_on_4x4(grid, limit):
    if not _reference.givens_ok(grid, 2):
        return  # conflicting givens are refused before any solver runs
    expected = _reference.count(grid, 2, limit)
    found, first = _interpreted.count(
        grid, 4, geometry.peers(2), geometry.units(2), limit=limit, max_nodes=10**6
    )
    assert found == expected
    if found:
        verify.check_solution(first, grid)
    else:
        assert first is None


def test_budget_runs_out():
    with pytest.raises(_interpreted.OutOfNodes):
        run("." * 81, None, max_nodes=50)


# ---- small files answered in the interpreter (clew.sudoku.files.solve) ---------------------


def kernel_values(work):
    return [work.run_piece(piece) for piece in work.plan]


@pytest.mark.parametrize("mode", ["solve", "unique", "count"])
def test_small_files_get_the_kernels_answers(mode, sample_solutions, monkeypatch):
    from clew.sudoku.files import solve as files

    monkeypatch.setattr(_interpreted, "compiled_loaded", lambda: False)
    puzzles = list(sample_solutions)[: files.SMALL_FILE - 2]
    data = (
        "\n".join(puzzles + ["11" + "." * 79, "." * 16]) + "\n"
    ).encode()  # an invalid line, a 4x4 grid
    work = files.SolveFile(data, mode, 2 if mode == "count" else None)
    quick = files._interpreted(work)
    if mode == "solve":
        assert (
            quick is None
        )  # the empty 4x4 grid has 288 solutions: "the first" is the kernels' to say
        data = ("\n".join(puzzles) + "\n").encode()
        work = files.SolveFile(data, mode)
        quick = files._interpreted(work)
    assert quick is not None
    for (qc, qs), (kc, ks) in zip(quick, kernel_values(work), strict=False):
        assert qc.tolist() == kc.tolist()
        for row, found in enumerate(kc.tolist()):
            if found == 1:
                assert qs[row].tolist() == ks[row].tolist()


def test_large_files_and_hard_puzzles_go_to_the_kernels(sample_solutions, monkeypatch):
    from clew.sudoku.files import solve as files

    monkeypatch.setattr(_interpreted, "compiled_loaded", lambda: False)
    many = ("\n".join(list(sample_solutions)[: files.SMALL_FILE + 1]) + "\n").encode()
    assert files._interpreted(files.SolveFile(many, "unique")) is None
    monkeypatch.setattr(files, "SMALL_NODES", 0)
    one = (next(iter(sample_solutions)) + "\n").encode()
    assert files._interpreted(files.SolveFile(one, "unique")) is None


def test_one_puzzle_file_without_the_compiler(sample_solutions):
    import subprocess
    import sys

    puzzle = next(iter(sample_solutions))
    code = (
        "import sys; from clew.sudoku.files.solve import solve_file; "
        f"[print(a.status, a.solution) for chunk in solve_file({(puzzle + chr(10)).encode()!r}) "
        "for a in chunk]; "
        "print('numba' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.split() == ["solved", sample_solutions[puzzle].solution, "False"]


def test_a_rating_proves_a_puzzle_proper_in_the_interpreter(monkeypatch, sample_solutions):
    """check_proper (rate, hint, explain) counts in the interpreter while the kernels are not
    loaded, with the kernels' answers; an easy rating then never loads numba."""
    from clew.sudoku.grid import Grid
    from clew.sudoku.solver import count

    monkeypatch.setattr(_interpreted, "compiled_loaded", lambda: False)
    for puzzle in list(sample_solutions)[:5] + ["1" + "." * 80, "2...3.2......4.."]:
        grid = Grid(puzzle)
        quick = _interpreted.count_quickly(grid, 2)
        assert quick is None or quick == count(grid, limit=2)
    monkeypatch.setattr(_interpreted, "QUICK_NODES", 0)
    assert _interpreted.count_quickly(Grid("." * 81), 2) is None  # out of budget: the kernels
    code = (
        "import sys; from clew.sudoku.logic.solver import rate; "
        "r = "
        "rate('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')"
        "; "
        "print(r.er, 'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["1.2", "False"], done.stderr
