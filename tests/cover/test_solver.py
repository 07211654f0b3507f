"""The exact cover engine: Knuth's examples, the kernel against the pure-Python reference
(Hypothesis), limits and resumable enumeration, the verifier, the forms a problem comes in,
pieces for parallel counts, and ``clew cover solve`` through its real entry point."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import cover
from clew.cover import CoverInputError, Problem, Search, _reference, check_cover, is_cover
from clew.cover.solver import prefixes, reduce
from clew.errors import InvalidSolutionError

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}

#: Knuth, "Dancing Links" (2000), the example of section 2: the unique cover is rows 1, 4, 5
KNUTH = Problem(
    [["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"], ["d", "e", "g"]],
    primary=list("abcdefg"),
)
#: TAOCP 7.2.2.1 (49): items p q r | x y, with colours
COLOURED = Problem(
    [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]],
    primary=["p", "q", "r"],
    secondary=["x", "y"],
)


def all_solutions(problem, **kw):
    found = list(cover.solutions(problem, **kw))
    for s in found:
        check_cover(problem, s)  # the independent verifier on every solution
    return found


def test_knuth_dancing_links_example():
    assert all_solutions(KNUTH) == [[0, 3, 4]]
    assert KNUTH.describe([0, 3, 4]) == [["c", "e"], ["a", "d", "f"], ["b", "g"]]
    assert cover.count(KNUTH) == 1 and cover.solve(KNUTH) == [0, 3, 4]


def test_colours_change_the_count():
    assert all_solutions(COLOURED) == [[1, 3]]
    # the same options without colours: x and y may not be shared at all
    plain = Problem(
        [[t.split(":")[0] for t in o] for o in COLOURED.options],
        primary=["p", "q", "r"],
        secondary=["x", "y"],
    )
    assert cover.count(plain) == 0
    # and with x agreeing, the options 'p x:B' and 'q x:A' still clash
    assert not is_cover(COLOURED, [2, 3])


def test_secondary_items_at_most_once():
    p = Problem([["a", "s"], ["b", "s"], ["a"], ["b"]], primary=["a", "b"], secondary=["s"])
    assert sorted(all_solutions(p)) == [[0, 3], [1, 2], [2, 3]]


def test_no_solution_is_none_and_empty():
    p = Problem([["a", "b"], ["b", "c"]])
    assert cover.solve(p) is None and list(cover.solutions(p)) == [] and cover.count(p) == 0
    assert cover.count(Problem([["a"]], primary=["a", "z"])) == 0  # an item no option has


# ---------------------------------------------------------------------------------------------
# The kernel against the reference
# ---------------------------------------------------------------------------------------------


@st.composite
def problems(draw):
    n_primary = draw(st.integers(1, 6))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(0, 14))):
        names = draw(
            st.lists(st.sampled_from(primary + secondary), min_size=1, max_size=4, unique=True)
        )
        option = []
        for name in names:
            if name.startswith("s") and draw(st.booleans()):
                option.append(f"{name}:{draw(st.sampled_from('AB'))}")
            else:
                option.append(name)
        options.append(option)
    return Problem(options, primary=primary, secondary=secondary)


ENGINES = ["links", "bits"]


def engine_solutions(problem, engine, **kw):
    found = list(Search(problem, engine=engine, **kw))
    for s in found:
        check_cover(problem, s)  # the independent verifier on every solution
    return found


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=300, deadline=None)
@given(problem=problems())
def test_kernel_agrees_with_the_reference(engine, problem):
    expected = sorted(_reference.solutions(problem))
    got = engine_solutions(problem, engine, batch=3)  # a small buffer: many resumptions
    assert sorted(got) == expected
    assert Search(problem, engine=engine).run() == len(expected)
    for limit in (1, 2):
        assert Search(problem, limit=limit, engine=engine).run() == min(limit, len(expected))
        assert len(engine_solutions(problem, engine, limit=limit)) == min(limit, len(expected))
    first = engine_solutions(problem, engine, limit=1, batch=1)
    assert (not first) == (not expected) and (not first or first[0] in expected)


@settings(max_examples=100, deadline=None)
@given(problems())
def test_engines_search_the_same_tree(problem):
    # same MRV rule, same tie-break: the same nodes, the same solutions in the same order
    runs = [Search(problem, engine=e) for e in ENGINES]
    sequences = [list(r) for r in runs]
    assert sequences[0] == sequences[1]
    assert runs[0].nodes == runs[1].nodes


def test_engine_choice():
    assert Search(KNUTH).engine == "bits"
    assert Search(KNUTH, engine="links").engine == "links"
    with pytest.raises(CoverInputError, match="engine must be one of"):
        Search(KNUTH, engine="fast")


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=100, deadline=None)
@given(problem=problems(), wanted=st.integers(1, 12))
def test_pieces_add_up_to_the_count(engine, problem, wanted):
    total = cover.count(problem)
    parts = prefixes(problem, wanted)
    assert len(set(parts)) == len(parts)
    counts = [Search(problem, taken=prefix, engine=engine).run() for prefix in parts]
    assert sum(counts) == total
    for prefix, n in zip(parts, counts, strict=False):
        cut = reduce(problem, prefix)
        assert (cut is None and n == 0) or (cut is not None and cover.count(cut[0]) == n)
        # every solution of a piece extends its prefix into a full cover
        for rest in Search(problem, taken=prefix, engine=engine):
            check_cover(problem, sorted(rest + list(prefix)))


@pytest.mark.parametrize("engine", ENGINES)
def test_enumeration_streams(engine):
    # 2^20 solutions: 20 items, each covered by either of two options
    p = Problem([[f"i{k}"] for k in range(20) for _ in range(2)])
    first = list(itertools.islice(Search(p, engine=engine), 5))
    assert len(first) == 5 and all(len(s) == 20 for s in first)
    assert Search(p, engine=engine).run() == 2**20
    assert Search(p, limit=1000, engine=engine).run() == 1000


def test_parallel_count_on_a_process_pool():
    # the 8-queens problem as exact cover: ranks and files primary, diagonals secondary
    n = 8
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n}"] for r in range(n) for c in range(n)]
    secondary = sorted({t for o in options for t in o[2:]})
    p = Problem(
        options,
        primary=[f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)],
        secondary=secondary,
    )
    assert cover.count(p) == 92
    assert cover.count(p, jobs=2) == 92


# ---------------------------------------------------------------------------------------------
# Forms, errors, verifier
# ---------------------------------------------------------------------------------------------


def test_forms_of_a_problem(tmp_path):
    matrix = np.array(
        [
            [0, 0, 1, 0, 1, 0, 0],
            [1, 0, 0, 1, 0, 0, 1],
            [0, 1, 1, 0, 0, 1, 0],
            [1, 0, 0, 1, 0, 1, 0],
            [0, 1, 0, 0, 0, 0, 1],
            [0, 0, 0, 1, 1, 0, 1],
        ]
    )
    assert cover.solve(matrix) == [0, 3, 4]
    assert cover.solve(matrix.tolist()) == [0, 3, 4]
    path = tmp_path / "knuth.dlx"
    path.write_text(
        "| the example\na b c d e f g\n" + "\n".join(" ".join(o) for o in KNUTH.options) + "\n"
    )
    assert cover.as_problem(path) == KNUTH
    with open(path) as f:
        assert cover.count(f) == 1
    p = Problem.from_matrix(matrix, primary=5, names=list("abcdefg"))
    assert p.primary == tuple("abcde") and p.secondary == ("f", "g")


@pytest.mark.parametrize(
    "options, kw, message",
    [
        ([["a", "a"]], {}, "options[0] names item 'a' twice"),
        ([["a"], []], {}, "options[1] is empty"),
        ([["a", "x"]], {"primary": ["a"], "secondary": []}, "options[0]: unknown item 'x'"),
        ([["a:red"]], {}, "primary item 'a' cannot have a colour"),
        ("ab", {}, "got a string"),
        ([["a"]], {"primary": ["a"], "secondary": ["a"]}, "both primary and secondary"),
        ([["a"]], {"primary": ["a", "a"]}, "listed twice"),
    ],
)
def test_bad_problems(options, kw, message):
    with pytest.raises(CoverInputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Problem(options, **kw)


@pytest.mark.parametrize(
    "matrix, message",
    [([[0, 2]], "only 0 and 1"), ([1, 0], "two dimensions")],
)
def test_bad_matrices(matrix, message):
    with pytest.raises(CoverInputError, match=message):
        Problem.from_matrix(matrix)


@pytest.mark.parametrize(
    "solution, message",
    [
        ([1, 3], "item .a. is covered twice, by options 1 and 3"),
        ([0, 4], "primary item 'a' is not covered"),
        ([0, 3, 4, 9], "there is no option 9"),
        ([0, 0, 3, 4], "option 0 is chosen twice"),
        ("x", "list of option indices"),
    ],
)
def test_verifier_names_the_problem(solution, message):
    with pytest.raises(InvalidSolutionError, match=message):
        check_cover(KNUTH, solution)
    assert not is_cover(KNUTH, solution)


def test_verifier_colours():
    check_cover(COLOURED, [1, 3])  # x shared with colour A
    with pytest.raises(InvalidSolutionError, match="item 'x' is covered twice"):
        check_cover(COLOURED, [2, 3, 4])  # x:B and x:A


def test_bad_limits():
    for limit in (0, -1, 1.5, True):
        with pytest.raises(cover.CoverInputError.__mro__[1]):  # ClewError
            cover.count(KNUTH, limit=limit)


# ---------------------------------------------------------------------------------------------
# The CLI
# ---------------------------------------------------------------------------------------------


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


KNUTH_TEXT = (
    "| Knuth's example\na b c d e f g\n" + "\n".join(" ".join(o) for o in KNUTH.options) + "\n"
)
MANY_TEXT = "a b c\na\nb\nc\na b\nb c\n"  # covers: {a,b,c} from singles, {a b, c}, {a, b c}


def test_cli_solve_formats(tmp_path):
    path = tmp_path / "k.dlx"
    path.write_text(KNUTH_TEXT)
    result = clew("cover", "solve", path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "c e | a d f | b g\n", "")
    assert clew("cover", "solve", path, "-f", "indices").stdout == "0 3 4\n"
    record = json.loads(clew("cover", "solve", "-", "--format", "json", input=KNUTH_TEXT).stdout)
    assert record == {"solution": [0, 3, 4], "options": [["c", "e"], ["a", "d", "f"], ["b", "g"]]}


def test_cli_count_limit_and_statistics():
    result = clew("cover", "solve", "--count", "-v", input=MANY_TEXT)
    assert result.stdout == "3\n" and result.returncode == 0
    assert result.stderr.startswith("clew: 3 solutions, ") and "nodes" in result.stderr
    lines = clew(
        "cover", "solve", "--limit", "2", "-f", "indices", input=MANY_TEXT
    ).stdout.splitlines()
    assert len(lines) == 2 and all(
        is_cover(cover.knuth.read(MANY_TEXT), list(map(int, line.split()))) for line in lines
    )
    assert clew("cover", "solve", "--count", "--limit", "2", input=MANY_TEXT).stdout == "2\n"
    assert clew("cover", "solve", "--count", "--jobs", "2", input=MANY_TEXT).stdout == "3\n"


def test_cli_no_solution_and_errors(tmp_path):
    result = clew("cover", "solve", input="a b\na\n")
    assert (result.returncode, result.stdout) == (1, "")
    result = clew("cover", "solve", input="a b\na c\n")
    assert result.returncode == 2 and result.stderr == "clew: error: <stdin>:2: unknown item 'c'\n"
    bad = tmp_path / "bad.dlx"
    bad.write_text("| comment\na b | x\na b\nb b\n")
    result = clew("cover", "solve", bad)
    assert (result.returncode, result.stderr) == (
        2,
        f"clew: error: {bad}:4: option names item 'b' twice\n",
    )
    result = clew("cover", "solve", tmp_path / "missing.dlx")
    assert result.returncode == 2 and "cannot read the problem" in result.stderr
    result = clew("cover", "solve", "--jobs", "2", input=MANY_TEXT)
    assert result.returncode == 2 and "--jobs" in result.stderr


def test_count_through_scale_with_a_journal(tmp_path):
    from clew.cover import CoverCount
    from clew.scale import Journal, run

    n = 6
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n}"] for r in range(n) for c in range(n)]
    p = Problem(
        options,
        primary=[f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)],
        secondary=sorted({t for o in options for t in o[2:]}),
    )
    journal = tmp_path / "cover.sqlite"
    work = CoverCount(p, pieces=5)
    assert run(work, jobs=1, journal=journal)["total"] == 4  # 6-queens
    assert run(work, jobs=2, journal=journal)["total"] == 4  # every piece read back
    with Journal.read(journal) as j:
        done = j.done(work)
        assert len(done) == len(prefixes(p, 5)) and sum(c for c, _ in done.values()) == 4


@pytest.mark.parametrize("engine", ["links", "bits"])
@pytest.mark.parametrize("pieces", [1, 3, 64, 500])
def test_parallel_count_of_pentominoes_any_cut(engine, pieces):
    from clew.cover import CoverCount
    from clew.scale import run

    tiles = cover.pentominoes(20, 3)
    threads = run(CoverCount(tiles, pieces=pieces, engine=engine), jobs=2)
    processes = run(CoverCount(tiles, pieces=pieces, engine=engine), jobs=2, executor="processes")
    assert threads == processes and threads["total"] == 8
    assert threads["nodes"] > 0


def test_bit_prefixes_equal_the_reference_cut():
    from clew.cover.kernels import search_tables

    for tiles in (cover.pentominoes(10, 6), cover.langford(7), cover.queens(6)):
        assert prefixes(tiles, 50, search_tables(tiles, "bits")) == prefixes(tiles, 50)
