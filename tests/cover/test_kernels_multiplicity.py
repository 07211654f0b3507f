"""Exact cover with multiplicities (Knuth's DLX3, Algorithm M): bounds lo:hi on primary
items in the Problem, the reader and the writer; the kernel against the pure-Python
reference (Hypothesis, with colours), OEIS A001499, the verifier, counts through clew.scale,
and ``clew cover solve`` on DLX3 files."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import cover
from clew.cover import (
    CoverCount,
    CoverInputError,
    Problem,
    Search,
    _reference,
    check_cover,
    is_cover,
    knuth,
)
from clew.cover.kernels import MULTIPLICITY, search_tables
from clew.cover.models import rook_matrices, rook_matrix
from clew.cover.solver import prefixes
from clew.errors import InvalidSolutionError
from clew.scale import Journal, run
from helpers.cover import DLX3_TEXT, bounded_problems

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}


#: OEIS A001499: n x n 0/1 matrices with every row and column sum 2
A001499 = [1, 0, 1, 6, 90, 2040, 67950]


def checked(problem, **kw):
    found = list(Search(problem, **kw))
    for s in found:
        check_cover(problem, s)  # the independent verifier on every solution
    return found


def two_per_line(n: int) -> Problem:
    """Items row i and column j, each covered exactly twice; one option per cell."""
    options = [[("row", i), ("col", j)] for i in range(n) for j in range(n)]
    bounds = {("row", i): 2 for i in range(n)} | {("col", j): 2 for j in range(n)}
    return Problem(options, bounds=bounds)


# ---------------------------------------------------------------------------------------------
# Knuth's example, OEIS, small cases by hand


def test_knuths_dlx3_example():
    p = knuth.read(DLX3_TEXT)
    assert p.primary == ("A", "B", "C") and p.secondary == ("X", "Y")
    assert p.bounds == ((1, 1), (1, 1), (2, 3)) and p.bounds_of == {"C": (2, 3)}
    assert (
        p.multiplicities
        and repr(p) == "Problem(3 primary items, 2 secondary, 5 options, 1 with multiplicities)"
    )
    assert checked(p) == [[1, 3, 4]]
    assert cover.solve(p) == [1, 3, 4] and cover.count(p) == 1
    assert p.describe([1, 3, 4]) == [["A", "C", "X:1", "Y:1"], ["B", "X:1"], ["C", "Y:1"]]
    assert Search(p).engine == "multiplicity"
    assert sorted(_reference.multiplicity_solutions(p)) == [[1, 3, 4]]


@pytest.mark.parametrize("n, expected", list(enumerate(A001499)))
def test_oeis_a001499_two_ones_in_every_row_and_column(n, expected):
    p = two_per_line(n)
    assert cover.count(p) == expected
    if n <= 4:
        found = checked(p)
        assert len(found) == expected and len({tuple(s) for s in found}) == expected
        assert all(len(s) == 2 * n for s in found)


def test_lower_bounds_of_zero_count_every_subset():
    p = Problem([["a"], ["a"], ["a", "b"]], bounds={"a": (0, 2), "b": (0, 1)})
    assert sorted(checked(p)) == [[], [0], [0, 1], [0, 2], [1], [1, 2], [2]]
    # options are tried before the null move (leaving an item as it is)
    assert checked(p, limit=1) == [[0, 2]]


def test_exactly_k_and_too_few_options():
    assert cover.count(Problem([["a"], ["a"], ["a"]], bounds={"a": 2})) == 3
    assert cover.count(Problem([["a"], ["a"]], bounds={"a": 3})) == 0
    assert (
        cover.count(Problem([["a", "b"], ["a"], ["b"]], bounds={"a": (1, 2)})) == 3
    )  # {ab}, {ab, a}, {a, b}


def test_options_without_primary_items_are_never_chosen():
    p = Problem([["a", "x"], ["x"], ["a"]], primary=["a"], bounds={"a": (1, 2)})
    assert sorted(checked(p)) == [[0], [0, 2], [2]]
    with pytest.raises(
        InvalidSolutionError, match="^option 1 covers no primary item: no solution takes it$"
    ):
        check_cover(p, [1, 2])


def test_the_engine_searches_plain_problems_as_algorithm_c():
    tiles = cover.pentominoes(20, 3)
    assert Search(tiles, engine="multiplicity").run() == cover.count(tiles) == 8
    q = cover.queens(6)  # secondary items (the diagonals)
    assert sorted(Search(q, engine="multiplicity")) == sorted(Search(q, engine="links"))


# ---------------------------------------------------------------------------------------------
# the kernel against the reference


@settings(max_examples=400, deadline=None)
@given(problem=bounded_problems())
def test_kernel_agrees_with_the_reference(problem):
    expected = sorted(_reference.multiplicity_solutions(problem))
    got = checked(problem, batch=3)  # a small buffer: many resumptions
    assert sorted(got) == expected
    assert len({tuple(s) for s in got}) == len(got)  # each solution once
    assert Search(problem).run() == len(expected)
    for limit in (1, 2):
        assert Search(problem, limit=limit).run() == min(limit, len(expected))
        assert len(checked(problem, limit=limit)) == min(limit, len(expected))
    first = checked(problem, limit=1, batch=1)
    assert (not first) == (not expected) and (not first or first[0] in expected)
    # the verifier accepts exactly the solutions (among all subsets of a few options)
    if len(problem.options) <= 6:
        from itertools import combinations

        subsets = [
            list(c)
            for k in range(len(problem.options) + 1)
            for c in combinations(range(len(problem.options)), k)
        ]
        assert [s for s in subsets if is_cover(problem, s)] == sorted(
            expected, key=lambda s: (len(s), s)
        )


@settings(max_examples=150, deadline=None)
@given(problem=bounded_problems(plain=True))
def test_kernel_on_problems_without_multiplicities_is_algorithm_c(problem):
    expected = sorted(_reference.solutions(problem))
    assert sorted(_reference.multiplicity_solutions(problem)) == expected
    assert sorted(Search(problem, engine="multiplicity", batch=2)) == expected
    assert Search(problem, engine="multiplicity").run() == len(expected)


@settings(max_examples=60, deadline=None)
@given(problem=bounded_problems(), jobs=st.sampled_from([1, 2]))
def test_counts_through_scale(problem, jobs):
    expected = len(list(_reference.multiplicity_solutions(problem)))
    assert cover.count(problem, jobs=jobs) == expected
    work = CoverCount(problem, pieces=8)
    assert run(CoverCount.from_identity(work.identity()), jobs=1)["total"] == expected


def _depth_cut(problem, depth):
    """The paths of Algorithm M's search down to ``depth``, straight from the kernel."""
    import numpy as np

    search = Search(problem, engine="multiplicity")
    out = np.zeros((4096, depth), np.int64)
    sizes = np.zeros(4096, np.int64)
    written = MULTIPLICITY.run(search.state, search._meta, 0, out, sizes, cut=depth, on_links=True)
    assert search.done
    return [tuple(out[r, : sizes[r]].tolist()) for r in range(written)]


@settings(max_examples=200, deadline=None)
@given(problem=bounded_problems(), depth=st.integers(1, 6))
def test_any_cut_of_algorithm_m_adds_up(problem, depth):
    """The replays of the paths at any depth find every solution exactly once, and whole."""
    expected = sorted(_reference.multiplicity_solutions(problem))
    paths = _depth_cut(problem, depth)
    assert len(set(paths)) == len(paths) and all(len(p) <= depth for p in paths)
    found = []
    for path in paths:
        assert all(o == -1 or 0 <= o < len(problem.options) for o in path)
        replay = checked(problem, taken=path, engine="multiplicity", batch=2)
        assert Search(problem, taken=path, engine="multiplicity").run() == len(replay)
        chosen = [o for o in path if o >= 0]
        assert all(
            set(chosen) <= set(s) for s in replay
        )  # every solution of a piece extends its path
        found += replay
    assert sorted(found) == expected
    # the cut CoverCount makes, with as many pieces as asked where the tree has them
    for pieces in (2, 7):
        cut = prefixes(problem, pieces)
        assert sum(Search(problem, taken=p).run() for p in cut) == len(expected)
        assert run(CoverCount(problem, pieces=pieces), jobs=2)["total"] == len(expected)


def test_multiplicity_counts_are_cut_into_pieces():
    p = two_per_line(6)
    tables = search_tables(p, "multiplicity")
    for pieces in (2, 16, 64, 500):
        cut = prefixes(p, pieces, tables)
        assert len(cut) >= pieces and len(set(cut)) == len(cut)
        assert sum(Search(p, taken=q, tables=tables).run() for q in cut) == A001499[6]
    answer = run(CoverCount(p, pieces=64), jobs=2)
    assert answer["total"] == A001499[6] and answer["nodes"] > 0
    assert len(CoverCount(p, pieces=64).pieces()) >= 64


# ---------------------------------------------------------------------------------------------
# the API: bounds, engines, verifier


@pytest.mark.parametrize(
    "bounds, message",
    [
        ({"a": 0}, "the upper bound of item 'a' must be at least 1 (0:0)"),
        ({"a": (3, 2)}, "the lower bound of item 'a' exceeds its upper bound (3:2)"),
        ({"a": (-1, 2)}, "the lower bound of item 'a' is negative (-1:2)"),
        ({"a": (1, 2**31)}, "the upper bound of item 'a' is above 2147483647 (1:2147483648)"),
        ({"a": "2"}, "the bounds of item 'a' must be an int or a pair (lo, hi), got '2'"),
        (
            {"a": (1, 2, 3)},
            "the bounds of item 'a' must be an int or a pair (lo, hi), got (1, 2, 3)",
        ),
        ({"a": (1.0, 2)}, "the bounds of item 'a' must be integers, got (1.0, 2)"),
        ({"a": True}, "the bounds of item 'a' must be an int or a pair (lo, hi), got True"),
        ({"x": 2}, "bounds for secondary item 'x': only primary items have multiplicities"),
        ({"z": 2}, "bounds for unknown item 'z': only primary items have multiplicities"),
        ([("a", 2)], "bounds must map items to k or (lo, hi), got [('a', 2)]"),
    ],
)
def test_bad_bounds(bounds, message):
    with pytest.raises(CoverInputError) as info:
        Problem([["a", "x"]], primary=["a"], secondary=["x"], bounds=bounds)
    assert str(info.value) == message


def test_engines_that_cover_once_refuse_multiplicities():
    p = knuth.read(DLX3_TEXT)
    for engine in ("links", "bits"):
        with pytest.raises(
            CoverInputError,
            match=f"engine '{engine}' covers each primary item exactly once, "
            "and item 'C' has bounds 2:3",
        ):
            Search(p, engine=engine)
    with pytest.raises(
        CoverInputError,
        match=r"a path of the multiplicity engine holds option indices or -1, got \(5,\)",
    ):
        Search(p, taken=[5])
    with pytest.raises(CoverInputError, match=r"^taken must be option indices, got \['x'\]$"):
        Search(p, taken=["x"])
    with pytest.raises(CoverInputError, match="reduce"):
        cover.reduce(p, [1])


@pytest.mark.parametrize(
    "solution, message",
    [
        ([1, 3], "primary item 'C' is covered once (option 1), at least 2 needed"),
        ([0], "primary item 'C' is not covered, at least 2 needed"),
        ([0, 1], "item 'A' is covered twice, by options 0 and 1"),
        ([1, 2, 3, 4], "item 'X' is covered twice, by options 1 and 2"),
    ],
)
def test_verifier_names_the_bound(solution, message):
    p = knuth.read(DLX3_TEXT)
    with pytest.raises(InvalidSolutionError) as info:
        check_cover(p, solution)
    assert str(info.value) == message


def test_verifier_upper_bounds():
    p = Problem([["a"], ["a"], ["a"], ["b"]], bounds={"a": (0, 2)})
    check_cover(p, [0, 1, 3])
    with pytest.raises(
        InvalidSolutionError,
        match=r"^primary item 'a' is covered 3 times \(options 0, 1 and 2\), at most 2 allowed$",
    ):
        check_cover(p, [0, 1, 2, 3])


def test_journal_keeps_the_bounds(tmp_path):
    p = two_per_line(4)
    work = CoverCount(p, pieces=4)
    assert "bounds" in work.identity()["cover"]
    journal = tmp_path / "m.sqlite"
    assert run(work, jobs=1, journal=journal)["total"] == 90
    assert run(CoverCount(p, pieces=4), jobs=2, journal=journal)["total"] == 90  # read back
    with Journal.read(journal) as j:
        assert sum(c for c, _ in j.done(work).values()) == 90
    # the same options exactly once each are another count, another identity
    assert CoverCount(Problem(p.options)).identity() != work.identity()


# ---------------------------------------------------------------------------------------------
# the reader and the writer


@pytest.mark.parametrize(
    "head, bounds",
    [
        ("a 2:3|b c", ((1, 1), (2, 3), (1, 1))),
        ("3|a 0:1|b 1:1|c", ((3, 3), (0, 1), (1, 1))),
        ("0:12|a b | x", ((0, 12), (1, 1))),
    ],
)
def test_read_bounds(head, bounds):
    p = knuth.read(head + "\na b\n")
    assert p.bounds == bounds
    assert knuth.read(knuth.write(p)) == p


BAD_DLX3 = [
    ("a 0|b\n", "the upper bound of item 'b' is zero (0|b)"),
    ("a 0:0|b\n", "the upper bound of item 'b' is zero (0:0|b)"),
    ("a 3:2|b\n", "the lower bound of item 'b' exceeds its upper bound (3:2|b)"),
    (
        "a x:2|b\n",
        "'x:2|b': the bounds before '|' must be numbers, u:v|name or v|name "
        "(a '|' that starts the secondary items needs a space before it)",
    ),
    (
        "a -1:2|b\n",
        "'-1:2|b': the bounds before '|' must be numbers, u:v|name or v|name "
        "(a '|' that starts the secondary items needs a space before it)",
    ),
    ("a 2|\n", "the item name after the bounds '2|' is empty"),
    ("a 2|b|c\n", "item name 'b|c' contains '|'"),
    ("a 2|abcdefghi\n", "item name 'abcdefghi' is longer than 8 characters"),
    ("a 2|a\n", "item 'a' is listed twice"),
    ("a | 2|x\n", "secondary item 'x' cannot have bounds (2|x): only primary items do"),
    ("a 1:9999999999|b\n", "the upper bound of item 'b' is above 2147483647 (1:9999999999|b)"),
]


@pytest.mark.parametrize("text, message", BAD_DLX3)
def test_malformed_bounds_name_the_line(text, message):
    with pytest.raises(CoverInputError) as info:
        knuth.read("| DLX3\n" + text, name="m.dlx")
    assert str(info.value) == f"m.dlx:2: {message}"


@settings(max_examples=100, deadline=None)
@given(problem=bounded_problems())
def test_round_trip_of_bounded_problems(problem):
    text = knuth.write(problem)
    assert knuth.read(text) == problem
    assert knuth.write(knuth.read(text)) == text


# ---------------------------------------------------------------------------------------------
# the model


@pytest.mark.parametrize("n, expected", list(enumerate(A001499)))
def test_rook_matrices_count_a001499(n, expected):
    assert cover.count(rook_matrices(n, 2, 2)) == expected


def test_rook_matrices_with_ranges_and_pictures():
    p = rook_matrices(3, 1, 1)  # permutation matrices
    assert cover.count(p) == 6 and p.n == 3
    matrices = sorted(rook_matrix(p, s) for s in cover.solutions(p))
    assert matrices[0] == ((0, 0, 1), (0, 1, 0), (1, 0, 0)) and len(set(matrices)) == 6
    assert cover.count(rook_matrices(2, (0, 2), (0, 2))) == 16  # every 2x2 0/1 matrix
    assert cover.count(rook_matrices(3, (0, 1), (0, 1))) == 34  # partial permutations (A002720)
    assert cover.count(rook_matrices(3, 2, 1)) == 0  # 6 ones by rows, 3 by columns
    assert cover.count(rook_matrices(2, 3, 3)) == 0  # more ones than columns
    for bad, message in (
        ((-1, 1, 1), "n must be at least 0"),
        ((2, (2, 1), 1), r"row_sum must be k >= 1 or \(lo, hi\)"),
        ((2, 1, "2"), r"col_sum must be an int or a pair"),
    ):
        with pytest.raises(CoverInputError, match=message):
            rook_matrices(*bad)
    with pytest.raises(InvalidSolutionError):
        rook_matrix(p, [0])


# ---------------------------------------------------------------------------------------------
# the CLI


def clew(*args, input=None):
    result = subprocess.run(
        [sys.executable, "-m", "clew", *map(str, args)],
        capture_output=True,
        encoding="utf-8",
        env=ENV,
        input=input,
        timeout=120,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_cli_solves_dlx3_files(tmp_path):
    path = tmp_path / "dlx3.dlx"
    path.write_text(DLX3_TEXT)
    result = clew("cover", "solve", path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        "A C X:1 Y:1 | B X:1 | C Y:1\n",
        "",
    )
    assert (
        clew("cover", "solve", path, "--engine", "multiplicity", "-f", "indices").stdout
        == "1 3 4\n"
    )
    record = json.loads(clew("cover", "solve", path, "-f", "json").stdout)
    assert record["solution"] == [1, 3, 4]
    head = " ".join([f"2|r{i}" for i in range(4)] + [f"2|c{j}" for j in range(4)])
    text = head + "\n" + "".join(f"r{i} c{j}\n" for i in range(4) for j in range(4))
    assert clew("cover", "solve", "--count", input=text).stdout == "90\n"
    assert clew("cover", "solve", "--count", "--jobs", "2", input=text).stdout == "90\n"
    assert clew("cover", "solve", "--count", "--limit", "7", input=text).stdout == "7\n"
    result = clew("cover", "solve", "--count", "-v", input=text)
    assert result.stderr.startswith("clew: 90 solutions, ") and "nodes" in result.stderr
    result = clew("cover", "solve", path, "--engine", "links")
    assert (
        result.returncode == 2
        and "engine 'links' covers each primary item exactly once" in result.stderr
    )
    result = clew("cover", "solve", input="a 3:2|b\na b\n")
    assert (
        result.returncode == 2
        and result.stderr
        == "clew: error: <stdin>:1: the lower bound of item 'b' exceeds its upper bound (3:2|b)\n"
    )
    result = clew("cover", "solve", input="// made by a tool\na b\na b\n")
    assert result.returncode == 2 and "'//' does not start a comment" in result.stderr
    assert (
        clew("cover", "solve", "-f", "indices", input="  | indented\na b\n\t| tab\na b\n").stdout
        == "0\n"
    )
