"""clew.search: the search of a problem of one's own, each example against a count found
another way (the published sequence, a brute force, clew's N-Queens kernels)."""

from __future__ import annotations

import itertools
import math
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens, search
from clew.errors import ClewError
from clew.search import examples

# OEIS A000166, the derangements of n elements
A000166 = [1, 0, 1, 2, 9, 44, 265, 1854, 14833, 133496]


def textbook_queens(n):
    """The form of the issue, written out as a reader would."""
    return search.Problem(
        start=(),
        choices=lambda s: range(n),
        accept=lambda s, c: all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s)),
        extend=lambda s, c: s + (c,),
        done=lambda s: len(s) == n,
    )


# ---- the form of the issue --------------------------------------------------------------------


def test_the_four_questions_of_the_issue():
    problem = textbook_queens(8)
    assert search.count(problem) == 92
    assert search.solve(problem) == (0, 4, 7, 5, 2, 6, 1, 3)
    first = search.solutions(problem, limit=3)
    assert not isinstance(first, list) and iter(first) is first  # a generator
    assert list(first) == [
        (0, 4, 7, 5, 2, 6, 1, 3),
        (0, 5, 7, 2, 6, 3, 1, 4),
        (0, 6, 3, 5, 7, 1, 4, 2),
    ]
    events = list(search.trace(textbook_queens(4)))
    assert events[-1]["type"] == "end" and events[-1]["solutions"] == 2


@pytest.mark.parametrize("n", range(1, 10))
def test_queens_equals_the_kernels(n):
    assert search.count(textbook_queens(n)) == queens.count(n)
    assert search.count(examples.queens(n)) == queens.count(n)


@pytest.mark.parametrize("n", range(1, 8))
def test_queens_by_lines_with_mrv_equals_the_kernels(n):
    stats = search.run(examples.queens_lines(n))
    assert stats.solutions == queens.count(n)
    assert {
        tuple(c for _, c in sorted(s)) for s in search.solutions(examples.queens_lines(n))
    } == set(queens.solutions(n))


def test_solutions_come_in_search_order_and_stop_at_the_limit():
    assert list(search.solutions(examples.queens(8))) == list(
        queens.solutions(8)
    )  # both lexicographic
    assert len(list(search.solutions(examples.queens(8), limit=5))) == 5
    assert search.solve(examples.queens(3)) is None
    assert search.count(examples.queens(8), limit=2) == 2  # 2 proves uniqueness (or not)


def test_limit_is_the_one_of_clew():
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ClewError):
            search.count(examples.queens(4), limit=bad)


# ---- statistics ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_statistics_are_those_of_the_textbook_trace(n):
    stats = search.run(examples.queens(n))
    end = list(queens.trace(n, "textbook", summary=True))[-1]
    assert (stats.solutions, stats.nodes, stats.backtracks) == (
        end["solutions"],
        end["nodes"],
        end["backtracks"],
    )
    assert stats.complete and stats.max_depth == (n if stats.solutions else stats.max_depth)
    # the first solution alone: the textbook trace stops there too
    stats = search.run(examples.queens(n), limit=1)
    end = list(queens.trace(n, "textbook", all_solutions=False, summary=True))[-1]
    assert (stats.solutions, stats.nodes, stats.backtracks) == (
        end["solutions"],
        end["nodes"],
        end["backtracks"],
    )


def test_statistics_by_hand():
    # three levels of a binary tree, the solutions where the path reads 1, 0, 1 or 1, 1, 1
    problem = search.Problem(
        start=(),
        choices=lambda s: (0, 1) if len(s) < 3 else (),
        accept=lambda s, c: not (len(s) == 0 and c == 0),  # the left half refused at once
        extend=lambda s, c: s + (c,),
        done=lambda s: s in ((1, 0, 1), (1, 1, 1)),
    )
    stats = search.run(problem)
    # placements: 1; 10, 11; 100, 101, 110, 111 -> 7; dead ends: 100 and 110
    # (leaves at depth 3 that are no solution), nothing else
    assert stats == search.Stats(
        solutions=2, nodes=7, backtracks=2, prunes=1, max_depth=3, complete=True, first=(1, 0, 1)
    )


def test_a_solution_at_the_start():
    problem = search.Problem(
        start=0, choices=lambda s: (1,), extend=lambda s, c: s + c, done=lambda s: True
    )
    assert search.run(problem) == search.Stats(
        solutions=1, nodes=0, backtracks=0, prunes=0, max_depth=0, first=0
    )
    assert list(search.solutions(problem)) == [0]


def test_deep_searches_need_no_recursion():
    depth = 5 * sys.getrecursionlimit()
    chain = search.Problem(
        start=0,
        choices=lambda s: (1, 2),
        accept=lambda s, c: c == 1,
        extend=lambda s, c: s + c,
        done=lambda s: s == depth,
    )
    stats = search.run(chain)
    assert (stats.solutions, stats.nodes, stats.max_depth, stats.prunes) == (1, depth, depth, depth)
    # and a dead end that deep: every placement is undone as one
    dead = search.Problem(
        start=0,
        choices=lambda s: (1,) if s < depth else (),
        extend=lambda s, c: s + c,
        done=lambda s: False,
    )
    assert search.run(dead).backtracks == depth


# ---- the examples, each against an independent count ------------------------------------------


@pytest.mark.parametrize("n", range(len(A000166)))
def test_derangements(n):
    assert search.count(examples.derangements(n)) == A000166[n]
    if n <= 7:
        brute = sum(all(p[i] != i for i in range(n)) for p in itertools.permutations(range(n)))
        assert brute == A000166[n]
        assert set(search.solutions(examples.derangements(n))) == {
            p for p in itertools.permutations(range(n)) if all(p[i] != i for i in range(n))
        }


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-6, 12), max_size=9), st.integers(-10, 25))
def test_subset_sum_against_brute_force(numbers, target):
    brute = sorted(
        combo
        for size in range(len(numbers) + 1)
        for combo in itertools.combinations(range(len(numbers)), size)
        if sum(numbers[i] for i in combo) == target
    )
    found = sorted(s[2] for s in search.solutions(examples.subset_sum(numbers, target)))
    assert found == brute
    assert search.count(examples.subset_sum(numbers, target)) == len(brute)


@st.composite
def graphs(draw):
    vertices = draw(st.integers(0, 6))
    pairs = [(u, v) for u in range(vertices) for v in range(u + 1, vertices)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return vertices, edges, draw(st.integers(0, 4))


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_colouring_against_brute_force(graph):
    vertices, edges, colours = graph
    brute = sum(
        all(colour[u] != colour[v] for u, v in edges)
        for colour in itertools.product(range(colours), repeat=vertices)
    )
    problem = examples.colouring(vertices, edges, colours)
    assert search.count(problem, order="first") == brute
    assert search.count(problem, order="mrv") == brute
    first = search.solve(problem, order="mrv")
    assert (first is None) == (brute == 0)
    if first is not None:
        assert all(first[u] != first[v] for u, v in edges)


def test_colouring_known_values():
    # the chromatic polynomial of a cycle C_n: (k-1)^n + (-1)^n (k-1)
    for n in range(3, 8):
        cycle = [(i, (i + 1) % n) for i in range(n)]
        for k in range(1, 4):
            assert search.count(examples.colouring(n, cycle, k)) == (k - 1) ** n + (-1) ** n * (
                k - 1
            )
    # the Petersen graph: chromatic number 3, and 120 proper 3-colourings
    outer = [(i, (i + 1) % 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    petersen = examples.colouring(10, outer + inner + spokes, 3)
    assert search.count(petersen) == 120
    assert search.solve(examples.colouring(10, outer + inner + spokes, 2)) is None


def test_knights_tour_5x5_from_a_corner():
    # 304 open tours start from a corner of the 5x5 board (the published count; 1728 open
    # tours in all, directed, none closed); counted on two worker processes
    tour = examples.knights_tour(5)
    assert search.count(tour, jobs=2) == 304
    first = search.solve(tour)
    squares = first[0]
    assert sorted(squares) == list(range(25)) and squares[0] == 0
    for a, b in zip(squares, squares[1:], strict=False):
        assert sorted((abs(a // 5 - b // 5), abs(a % 5 - b % 5))) == [1, 2]


def test_knights_tour_small_boards():
    assert search.count(examples.knights_tour(1)) == 1
    assert all(search.count(examples.knights_tour(n)) == 0 for n in (2, 3, 4))
    with pytest.raises(ClewError, match="off the"):
        examples.knights_tour(5, (5, 0))


def _brute_paths(grid, word):
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[r]))]
    count = 0
    for path in itertools.product(cells, repeat=len(word)):
        if len(set(path)) != len(path):
            continue
        if any(grid[r][c] != ch for (r, c), ch in zip(path, word, strict=False)):
            continue
        if all(
            abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:], strict=False)
        ):
            count += 1
    return count


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text("AB", min_size=3, max_size=3), min_size=2, max_size=3),
    st.text("AB", min_size=1, max_size=4),
)
def test_word_search_against_brute_force(grid, word):
    assert search.count(examples.word_search(grid, word)) == _brute_paths(grid, word)


def test_word_search_leetcode_79():
    grid = ["ABCE", "SFCS", "ADEE"]
    assert [
        search.solve(examples.word_search(grid, w)) is not None for w in ("ABCCED", "SEE", "ABCB")
    ] == [True, True, False]
    print_ = examples.word_search(grid, "SEE").draw(search.solve(examples.word_search(grid, "SEE")))
    assert print_ == "....\n...S\n..EE"


# ---- a class as sugar ---------------------------------------------------------------------------


class Permutations(search.Problem):
    start = ()

    def __init__(self, n):
        self.n = n

    def choices(self, s):
        return range(self.n)

    def accept(self, s, c):
        return c not in s

    def extend(self, s, c):
        return s + (c,)

    def done(self, s):
        return len(s) == self.n


def test_a_subclass_is_a_problem():
    assert Permutations(5).count() == 120
    assert Permutations(3).solve() == (0, 1, 2)
    assert list(Permutations(3).solutions(limit=2)) == [(0, 1, 2), (0, 2, 1)]
    assert Permutations(4).run().nodes == 4 + 12 + 24 + 24
    assert list(Permutations(2).trace())[-1]["problem"] == "Permutations"
    assert search.count(Permutations(6), jobs=2) == math.factorial(6)


# ---- bad problems: one line, naming the function ---------------------------------------------


def _problem(**changes):
    fields = dict(
        start=(),
        choices=lambda s: range(3),
        accept=lambda s, c: True,
        extend=lambda s, c: s + (c,),
        done=lambda s: len(s) == 3,
    )
    fields.update(changes)
    return search.Problem(**fields)


@pytest.mark.parametrize("key", ["choices", "accept", "extend", "done", "decisions", "draw"])
def test_a_function_that_is_not_callable(key):
    with pytest.raises(
        search.SearchError, match=f"^{key} must be a function of the state, got int 3$"
    ):
        _problem(**{key: 3})


def test_missing_parts():
    with pytest.raises(search.SearchError, match="no start state"):
        search.Problem(choices=lambda s: (), extend=lambda s, c: s, done=lambda s: True)
    with pytest.raises(search.SearchError, match=r"needs choices\(s\)"):
        search.Problem(start=(), extend=lambda s, c: s, done=lambda s: True)
    with pytest.raises(search.SearchError, match=r"needs extend\(s, c\)"):
        search.Problem(start=(), choices=lambda s: (), done=lambda s: True)
    with pytest.raises(search.SearchError, match="order must be"):
        search.count(_problem(), order="best")
    with pytest.raises(search.SearchError, match="order='mrv' needs the problem's decisions"):
        search.count(_problem(), order="mrv")
    with pytest.raises(search.SearchError, match="not the class"):
        search.count(Permutations)


def _one_line_error(problem, match, **kw):
    with pytest.raises(search.SearchError, match=match) as info:
        search.count(problem, **kw)
    assert "\n" not in str(info.value)
    if "jobs" not in kw:  # (an error sent back by a worker process comes without it)
        assert info.value.__cause__ is not None  # the original, for its traceback
    return info.value


def test_functions_that_raise_are_named():
    _one_line_error(
        _problem(choices=lambda s: 1 / 0), r"^choices raised ZeroDivisionError: division by zero$"
    )
    _one_line_error(
        _problem(accept=lambda s, c: s[7]), r"^accept raised IndexError: tuple index out of range$"
    )
    _one_line_error(_problem(extend=lambda s, c: s + [c]), r"^extend raised TypeError")
    _one_line_error(_problem(done=lambda s: s.size), r"^done raised AttributeError")
    _one_line_error(
        _problem(choices=lambda s: 3),
        r"^choices must return an iterable of alternatives: 'int' object",
    )

    def alternatives(s):
        yield 0
        raise KeyError("gone")

    _one_line_error(
        _problem(choices=alternatives),
        r"^going through what choices \(.*alternatives\) returned raised KeyError",
    )

    class Broken(Permutations):
        def accept(self, s, c):
            raise RuntimeError("two\nlines")

    _one_line_error(Broken(3), r"^accept \(.*Broken.accept\) raised RuntimeError: two lines$")


def test_functions_that_raise_with_mrv_and_in_traces_and_pieces():
    lines = examples.queens_lines(4)
    bad = search.Problem(
        start=lines.start,
        decisions=lambda s: [[(0, 0)]],
        accept=lambda s, q: q.x,
        extend=lines.extend,
        done=lines.done,
    )
    _one_line_error(bad, "^accept raised AttributeError")
    bad = search.Problem(
        start=lines.start, decisions=lambda s: 7, extend=lines.extend, done=lines.done
    )
    _one_line_error(bad, "^decisions must return an iterable")
    with pytest.raises(search.SearchError, match="^draw raised ZeroDivisionError"):
        list(search.trace(_problem(draw=lambda s: 1 / 0)))
    with pytest.raises(search.SearchError, match="^extend raised NameError"):
        list(search.trace(_problem(extend=lambda s, c: nothing)))  # noqa: F821
    with pytest.raises(search.SearchError, match="^accept raised ZeroDivisionError"):
        search.SearchCount(_problem(accept=lambda s, c: 1 / 0)).pieces()
    # in a worker process too, the message names the function
    _one_line_error(
        _problem(done=lambda s: len(s) == 2 and 1 / 0), "^done raised ZeroDivisionError", jobs=2
    )


def test_an_error_of_clew_itself_is_not_blamed_on_the_problem():
    # KeyboardInterrupt is no Exception: never turned into a SearchError
    def stop(s):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        search.count(_problem(choices=stop))
