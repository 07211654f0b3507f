"""Every input a newcomer from xcover or Knuth's programs brings: item names of any hashable
type (ints, tuples, strings with spaces), options as lists of names or a 0/1 matrix (and the
ambiguous case refused), primary items only with the rest secondary, answers in the caller's
names, all-zero matrix rows skipped; and every mistake as one line of CoverInputError, never a
numpy error."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import cover
from clew.cover import CoverInputError, Problem, Search, _reference, as_problem, check_cover, knuth
from clew.cover.counting import CoverCount, _problem, _text
from clew.errors import InvalidSolutionError
from clew.scale import run

#: xcover's README: options as lists of ints, one solution (options 1, 3 and 5)
XCOVER = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]


def checked(problem, **kw):
    found = sorted(cover.solutions(problem, **kw))
    for s in found:
        check_cover(problem, s)
    return found


# ---------------------------------------------------------------------------------------------
# names of any hashable type, answers in them


def test_xcover_readme_example_lists_of_ints():
    assert cover.solve(XCOVER) == [1, 3, 5]
    assert checked(XCOVER) == [[1, 3, 5]]
    assert cover.count(XCOVER) == 1 and cover.count(XCOVER, jobs=2) == 1
    p = as_problem(XCOVER)
    assert p.primary == (1, 4, 7, 5, 3, 6, 2) and p.secondary == ()
    assert p.describe([1, 3, 5]) == [[1, 4], [3, 5, 6], [2, 7]]
    for engine in ("links", "bits"):
        assert list(Search(XCOVER, engine=engine)) == [[1, 3, 5]]


def test_xcover_primary_only_makes_the_rest_secondary():
    # xcover: covers(options, primary=[...]) -- the other items may be covered at most once
    p = Problem(XCOVER, primary=[1, 2, 3, 4, 5, 6])
    assert p.secondary == (7,)
    expected = sorted(_reference.solutions(p))
    assert checked(p) == expected and [1, 3, 5] in expected
    assert [0, 3] not in expected  # 2 is primary: it must be covered
    # only secondary listed: the rest primary, as before
    assert Problem(XCOVER, secondary=[7]).primary == (1, 4, 5, 3, 6, 2)
    # both given: an item in neither list is unknown
    with pytest.raises(CoverInputError, match=r"^options\[0\]: unknown item 7$"):
        Problem(XCOVER, primary=[1, 2, 3, 4, 5, 6], secondary=[])


def test_cells_as_tuples_tile_a_board_with_dominoes():
    cells = [(r, c) for r in range(2) for c in range(3)]
    dominoes = [
        [a, b]
        for a, b in itertools.combinations(cells, 2)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    ]
    p = Problem(dominoes)
    assert p.primary[0] == (0, 0)
    assert cover.count(p) == 3 and cover.count(p, jobs=2) == 3
    first = cover.solve(p)
    assert sorted(c for option in p.describe(first) for c in option) == cells


def test_mixed_names_strings_with_spaces_and_colours():
    options = [
        [0, "top left", ("x", 1), "s:red"],
        [1, "top left"],
        [0, ("x", 1)],
        [1, "s:red"],
        [1, "s:blue"],
    ]
    p = Problem(options, secondary=["s"])
    assert p.primary == (0, "top left", ("x", 1), 1)
    assert checked(p) == sorted(_reference.solutions(p)) == [[0, 3], [1, 2]]
    assert p.describe([0, 3]) == [[0, "top left", ("x", 1), "s:red"], [1, "s:red"]]
    assert p.entries[0] == ((0, None), ("top left", None), (("x", 1), None), ("s", "red"))
    # a problem's labels win over its items
    labelled = Problem(options, secondary=["s"], labels=list("abcde"))
    assert labelled.describe([0, 3]) == ["a", "d"]


def test_names_equal_as_python_values_are_one_item():
    # 1 and 1.0 are the same dictionary key: the same item, as everywhere in Python
    with pytest.raises(CoverInputError, match=r"^options\[0\] names item 1.0 twice$"):
        Problem([[1, 1.0]])


# ---------------------------------------------------------------------------------------------
# matrices: explicit, guessed when it is certain, refused when it is not


def test_matrix_rows_are_options_and_zero_rows_are_skipped():
    m = [[0, 0, 0], [1, 0, 1], [0, 0, 0], [0, 1, 0], [1, 1, 1]]
    p = Problem.from_matrix(m)
    assert p.options == ((), (0, 2), (), (1,), (0, 1, 2))
    assert checked(p) == [[1, 3], [4]]  # indices of the caller's rows
    assert cover.count(m) == 2 and cover.count(np.array(m)) == 2 and cover.count(m, jobs=2) == 2
    for engine in ("links", "bits"):
        assert sorted(Search(p, engine=engine)) == [[1, 3], [4]]
    # a zero row is in no solution: the verifier says so
    with pytest.raises(InvalidSolutionError, match="^option 0 is empty: no solution takes it$"):
        check_cover(p, [0, 4])
    assert p.describe([1, 3]) == [[0, 2], [1]]
    # names and secondary columns, by count or by name
    q = Problem.from_matrix(m, names=["a", "b", "c"], primary=["a", "b"])
    assert q.primary == ("a", "b") and q.secondary == ("c",)
    assert Problem.from_matrix(m, primary=1).secondary == (1, 2)


def test_only_zero_rows_and_empty_matrices():
    assert cover.count(Problem.from_matrix([[0, 0], [0, 0]])) == 0
    assert cover.count(Problem.from_matrix(np.zeros((0, 0), np.int8))) == 1  # nothing to cover
    assert cover.count(Problem.from_matrix([[0, 0]], primary=0)) == 1


@pytest.mark.parametrize(
    "rows, expected",
    [
        ([[1, 0, 1], [0, 1, 0]], True),  # a repeated value: a matrix
        ([[True, False, False], [False, True, True]], True),
        ([[1, 4], [1, 0]], False),  # a value other than 0 and 1: names
        ([[0, 1], [1]], False),  # rows of two lengths: names
        ([(0, 1), {0, 1}], False),  # a set is never a matrix row
    ],
)
def test_lists_of_ints_are_read_as_what_they_can_only_be(rows, expected):
    p = as_problem(rows)
    assert p == (Problem.from_matrix(rows) if expected else Problem(rows))


@pytest.mark.parametrize("rows", [[[0, 1], [1, 0]], [[1], [0]], [[1]], [[0, 1]], [[True], [True]]])
def test_ambiguous_lists_are_refused_and_can_be_told(rows):
    with pytest.raises(CoverInputError) as info:
        as_problem(rows)
    message = str(info.value)
    assert "read both as a 0/1 matrix and as options naming items 0 and 1" in message
    assert "matrix=True" in message and "from_matrix" in message and "\n" not in message
    with pytest.raises(CoverInputError):
        cover.count(rows)
    assert as_problem(rows, matrix=True) == Problem.from_matrix(rows)
    if all(rows):
        assert as_problem(rows, matrix=False) == Problem(rows)


def test_matrix_keyword_turns_the_guess_off():
    with pytest.raises(CoverInputError, match=r"^options\[0\] names item 1 twice$"):
        as_problem([[1, 0, 1]], matrix=False)
    with pytest.raises(CoverInputError, match=r"matrix\[0, 1\] is 4"):
        as_problem(XCOVER[:1], matrix=True)


# ---------------------------------------------------------------------------------------------
# every mistake: one line, CoverInputError, the option and the item named


BAD_PROBLEMS = [
    (
        lambda: Problem([[1, [2, 3]]]),
        r"options[0]: item list [2, 3] is not hashable (use a tuple instead of a list)",
    ),
    (lambda: Problem([[1, {2: 3}]]), r"options[0]: item dict {2: 3} is not hashable"),
    (lambda: Problem([["a", ""]]), r"options[0]: item name '' is empty"),
    (lambda: Problem([["a"], [":red"]]), r"options[1]: item name ':red' is empty"),
    (lambda: Problem([["a", "x:"]]), r"options[0]: the colour of 'x' is empty ('x:')"),
    (lambda: Problem([["a", "x:r:g"]]), r"options[0]: the colour of 'x' contains ':' ('x:r:g')"),
    (lambda: Problem([["a"], [2, 2]]), r"options[1] names item 2 twice"),
    (lambda: Problem([["a"], []]), r"options[1] is empty"),
    (lambda: Problem([[1], 5]), r"options[1] must be a list of items, got 5"),
    (lambda: Problem([[1], "ab"]), r"options[1] must be a list of items, got the string 'ab'"),
    (lambda: Problem(5), r"options must be a list of item lists, got 5"),
    (lambda: Problem("ab"), r"options must be a list of item lists, got a string"),
    (
        lambda: Problem(np.eye(2)),
        r"Problem takes options as lists of item names; for a 0/1 matrix use Problem.from_matrix",
    ),
    (lambda: Problem([[1, "s:red"]]), r"options[0]: primary item 's' cannot have a colour (s:red)"),
    (lambda: Problem([[1]], primary="a"), r"primary must be a list of items, got the string 'a'"),
    (lambda: Problem([[1]], primary=5), r"primary must be a list of items, got 5"),
    (
        lambda: Problem([[1]], primary=[[1]]),
        r"primary item list [1] is not hashable (use a tuple instead of a list)",
    ),
    (
        lambda: Problem([[1]], primary=["a:b"]),
        r"primary item 'a:b' contains ':' (':' writes a colour, item:colour)",
    ),
    (lambda: Problem([[1, 2]], primary=[1], secondary=[2, 2]), r"secondary item 2 is listed twice"),
    (
        lambda: Problem([[1, 2]], primary=[1, 2], secondary=[2]),
        r"item 2 is both primary and secondary",
    ),
    (
        lambda: Problem([[1]], labels="a"),
        r"labels must be a list with one label per option, got a string",
    ),
    (lambda: Problem([[1]], labels=["a", "b"]), r"2 labels for 1 options"),
    (
        lambda: Problem.from_matrix([[1, 0], [1]]),
        r"the rows of a cover matrix have one length: matrix[0] has 2 entries, matrix[1] has 1",
    ),
    (
        lambda: Problem.from_matrix([[1, 2]]),
        r"a cover matrix holds only 0 and 1: matrix[0, 1] is 2",
    ),
    (
        lambda: Problem.from_matrix([[1, 0], [0, "a"]]),
        r"a cover matrix holds only 0 and 1: matrix[1, 1] is 'a'",
    ),
    (
        lambda: Problem.from_matrix(np.array([[0, 1], [7, 0]])),
        r"a cover matrix holds only 0 and 1: matrix[1, 0] is 7",
    ),
    (
        lambda: Problem.from_matrix(np.array([["a"]])),
        r"a cover matrix holds only 0 and 1, got an array of <U1",
    ),
    (
        lambda: Problem.from_matrix([1, 0]),
        r"a cover matrix has two dimensions: matrix[0] is 1, not a row",
    ),
    (
        lambda: Problem.from_matrix(np.zeros(3)),
        r"a cover matrix has two dimensions, got shape (3,)",
    ),
    (lambda: Problem.from_matrix(5), r"a cover matrix is a list of rows of 0 and 1, got 5"),
    (lambda: Problem.from_matrix([[1, 0]], names=["a"]), r"1 names for 2 columns"),
    (lambda: Problem.from_matrix([[1, 0]], names=["a", "a"]), r"column item 'a' is listed twice"),
    (
        lambda: Problem.from_matrix([[1, 0]], primary=3),
        r"primary must be a number of columns between 0 and 2, got 3",
    ),
    (
        lambda: Problem.from_matrix([[1, 0]], primary=["z"]),
        r"primary item 'z' is not a column name",
    ),
    (
        lambda: Problem.from_matrix([[1, 0]], primary=True),
        r"primary must be a number of columns or a list of column names, got True",
    ),
    (lambda: as_problem(5), r"a problem is a list of options, a 0/1 matrix or a file, got 5"),
    (lambda: as_problem([[1]], matrix="yes"), r"matrix must be True, False or None, got 'yes'"),
    (
        lambda: cover.count([[1, 4, 7], [1, [4]]]),
        r"options[1]: item list [4] is not hashable (use a tuple instead of a list)",
    ),
    (lambda: cover.solve([[0, 1, 1], [1, 0]]), r"options[0] names item 1 twice"),
]


@pytest.mark.parametrize("call, message", BAD_PROBLEMS)
def test_every_mistake_is_one_line_naming_it(call, message):
    with pytest.raises(CoverInputError) as info:
        call()
    assert str(info.value) == message
    assert "\n" not in str(info.value) and "sequence" not in str(info.value)


# ---------------------------------------------------------------------------------------------
# Hypothesis: renaming items changes nothing; matrices against brute force; the count's text

hashables = st.one_of(
    st.integers(-5, 50),
    st.text("ab c|#é", min_size=1, max_size=4),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.frozensets(st.integers(0, 3), max_size=2),
)


@st.composite
def named_problems(draw):
    names = draw(st.lists(hashables, min_size=1, max_size=7, unique=True))
    n_primary = draw(st.integers(1, len(names)))
    options = []
    for _ in range(draw(st.integers(0, 10))):
        chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=4, unique=True))
        options.append(chosen)
    return Problem(options, primary=names[:n_primary], secondary=names[n_primary:])


def renamed(p: Problem) -> Problem:
    """The same problem with items named "i0", "i1", ... (the form every engine always read)."""
    code = {name: f"i{k}" for k, name in enumerate(p.primary + p.secondary)}
    return Problem(
        [[code[n] for n, _ in o] for o in p.entries],
        primary=[code[n] for n in p.primary],
        secondary=[code[n] for n in p.secondary],
    )


@settings(max_examples=150, deadline=None)
@given(named_problems())
def test_any_names_give_the_solutions_of_string_names(p):
    plain = renamed(p)
    expected = sorted(_reference.solutions(plain))
    assert sorted(_reference.solutions(p)) == expected
    for engine in ("links", "bits"):
        assert sorted(Search(p, engine=engine)) == expected
    for s in expected:
        check_cover(p, s)
        assert p.describe(s) == [list(p.options[o]) for o in s]
    # the count's text rebuilds a problem with the same arrays (numbers for names)
    again = _problem(_text(p))
    a, b = p.compiled, again.compiled
    assert (a.n_primary, a.n_items) == (b.n_primary, b.n_items)
    assert all(
        np.array_equal(x, y)
        for x, y in ((a.starts, b.starts), (a.items, b.items), (a.colours, b.colours))
    )


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 7).flatmap(
        lambda w: st.lists(st.lists(st.integers(0, 1), min_size=w, max_size=w), max_size=9)
    )
)
def test_matrices_against_brute_force(rows):
    width = len(rows[0]) if rows else 0
    expected = []
    for k in range(len(rows) + 1):
        for subset in itertools.combinations(range(len(rows)), k):
            if all(any(rows[r]) for r in subset) and all(
                sum(rows[r][c] for r in subset) == 1 for c in range(width)
            ):
                expected.append(list(subset))
    p = Problem.from_matrix(rows)
    assert checked(p) == sorted(expected)
    assert cover.count(np.array(rows, np.int8).reshape(len(rows), width)) == len(expected)


@pytest.mark.parametrize("pieces", [1, 3])
def test_counts_of_non_string_problems_through_scale(pieces):
    cells = [(r, c) for r in range(2) for c in range(4)]
    dominoes = [
        [a, b]
        for a, b in itertools.combinations(cells, 2)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    ]
    p = Problem(dominoes + [[]], allow_empty=True)
    work = CoverCount(p, pieces=pieces)
    assert run(work, jobs=2)["total"] == 5
    assert run(CoverCount.from_identity(work.identity()), jobs=1)["total"] == 5
    assert run(work, jobs=2, executor="processes")["total"] == 5


def test_knuth_files_take_int_names_as_decimal_text():
    text = knuth.write(as_problem(XCOVER))
    assert text.splitlines()[0] == "1 4 7 5 3 6 2"
    assert cover.solve(knuth.read(text)) == [1, 3, 5]
    for bad, message in (
        (Problem([[(0, 1)]]), r"item (0, 1) is not a string: Knuth's format names items with text"),
        (
            Problem([["top left"]]),
            r"item 'top left' contains white space (Knuth's format cannot write it)",
        ),
        (Problem([["a|b"]]), r"item 'a|b' contains '|' (Knuth's format cannot write it)"),
        (
            Problem.from_matrix([[1], [0]]),
            r"options[1] is empty: Knuth's format has no empty option (a blank line is skipped)",
        ),
        (Problem([[1, "1"]]), r"items 1 and '1' would both be written '1'"),
    ):
        with pytest.raises(CoverInputError) as info:
            knuth.write(bad)
        assert str(info.value) == message
