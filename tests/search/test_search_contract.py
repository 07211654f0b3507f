"""clew.search under the contract of every family (issue 25): keyword-only limits checked by
clew.errors, one default of jobs, an extend that changes the state in place refused with a
message that says how to fix it, statistics as JSON, and depths labelled neutrally in the
picture of the search tree."""

from __future__ import annotations

import inspect
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import search
from clew.errors import DEFAULT_JOBS, ArgumentError
from clew.search import SearchError, examples


@pytest.mark.parametrize("function", [search.count, search.run, search.solutions])
def test_limit_and_jobs_are_keyword_only_with_the_one_default(function):
    parameters = inspect.signature(function).parameters
    assert parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["jobs"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["jobs"].default == DEFAULT_JOBS == 1


def test_a_positional_limit_is_refused():
    # search.count(problem, 2) took 2 as the limit before
    with pytest.raises(TypeError):
        search.count(examples.queens(4), 2)
    with pytest.raises(TypeError):
        examples.queens(4).count(2)
    assert examples.queens(8).count(limit=3) == 3


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3"])
@pytest.mark.parametrize("function", [search.count, search.run, search.solutions])
def test_a_bad_limit_is_an_argument_error_when_called(function, bad):
    with pytest.raises(ArgumentError, match=r"^limit must be") as caught:
        function(examples.queens(4), limit=bad)  # solutions: no next() needed
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("bad", [0, -3, 1.5])
@pytest.mark.parametrize("function", [search.count, search.run, search.solutions])
def test_bad_jobs_are_an_argument_error(function, bad):
    with pytest.raises(ArgumentError, match=r"^jobs must be"):
        function(examples.queens(4), jobs=bad)


def test_jobs_none_means_every_core_and_gives_the_same_answer():
    assert search.count(examples.queens(6), jobs=None) == 4


# ---------------------------------------------------------------------------------------------
# An extend that changes the state in place
# ---------------------------------------------------------------------------------------------


def _permutations(extend):
    return search.Problem(
        start=[],
        choices=lambda s: range(3),
        accept=lambda s, c: c not in s,
        extend=extend,
        done=lambda s: len(s) == 3,
    )


def _append_and_return(s, c):
    s.append(c)
    return s


def _append_and_copy(s, c):
    s.append(c)
    return list(s)


def test_the_permutations_example_counts_six():
    assert search.count(examples.permutations(3)) == 6
    assert search.count(_permutations(lambda s, c: s + [c])) == 6


@pytest.mark.parametrize(
    "run",
    [
        lambda p: search.count(p),
        lambda p: search.solve(p),
        lambda p: list(search.solutions(p)),
        lambda p: list(search.trace(p)),
        lambda p: search.count(p, jobs=2),
    ],
    ids=["count", "solve", "solutions", "trace", "count-jobs-2"],
)
def test_an_extend_that_returns_the_state_changed_in_place_is_refused(run):
    # it counted 1 instead of 6 before
    with pytest.raises(SearchError) as caught:
        run(_permutations(_append_and_return))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(
        "extend (_append_and_return) returned the state it was given, changed in place ([] became "
        "[0])"
    )
    assert "return a new state instead, e.g. s + [c]" in message


def test_an_extend_that_changes_the_state_and_returns_a_copy_is_refused():
    with pytest.raises(
        SearchError,
        match=r"^extend \(_append_and_copy\) changed the state it was given "
        r"\(\[\] became \[0\]\): return a new state",
    ):
        search.count(_permutations(_append_and_copy))


def test_a_lambda_that_appends_is_named_extend():
    with pytest.raises(SearchError, match=r"^extend returned the state it was given"):
        search.count(_permutations(lambda s, c: (s.append(c), s)[1]))


def test_states_without_an_equality_of_their_own_are_not_refused():
    class State:  # compares by identity: a copy is never equal, so only identity is checked
        def __init__(self, placed=()):
            self.placed = tuple(placed)

    problem = search.Problem(
        start=State(),
        choices=lambda s: range(3),
        accept=lambda s, c: c not in s.placed,
        extend=lambda s, c: State(s.placed + (c,)),
        done=lambda s: len(s.placed) == 3,
    )
    assert search.count(problem) == 6


def test_an_immutable_state_returned_as_it_is_is_not_refused():
    # an int or a tuple cannot have changed in place: returning it as it is is no error
    from clew.search.problem import checked_extend, parts

    got = parts(examples.queens(4))
    assert checked_extend(got, lambda s, c: s, 5, 0) == 5
    assert checked_extend(got, lambda s, c: s, (1, 2), 0) == (1, 2)
    with pytest.raises(SearchError, match="returned the state it was given: return a new state"):
        checked_extend(
            got, lambda s, c: s, {1: 2}.keys(), 0
        )  # no equality of a copy: identity only


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 5), style=st.sampled_from(["return", "copy"]))
def test_in_place_extends_are_always_refused_and_new_states_always_count_n_factorial(n, style):
    def good(s, c):
        return s + [c]

    def bad(s, c):
        s.append(c)
        return s if style == "return" else list(s)

    def problem(extend):
        return search.Problem(
            start=[],
            choices=lambda s: range(n),
            accept=lambda s, c: c not in s,
            extend=extend,
            done=lambda s: len(s) == n,
        )

    assert search.count(problem(good)) == math.factorial(n)
    with pytest.raises(SearchError, match="return a new state instead"):
        search.count(problem(bad))


# ---------------------------------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------------------------------


def test_stats_to_dict_is_json_with_documented_fields():
    stats = search.run(examples.permutations(3))
    data = stats.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "solutions": 6,
        "nodes": 15,
        "backtracks": 0,
        "prunes": 15,
        "max_depth": 3,
        "complete": True,
        "first": [0, 1, 2],
    }
    doc = inspect.getdoc(search.Stats)
    assert all(key in doc for key in data)
    # a state that is not JSON becomes JSON data
    sets = search.Problem(
        start=frozenset(),
        choices=lambda s: (1, 2),
        accept=lambda s, c: c not in s,
        extend=lambda s, c: s | {c},
        done=lambda s: len(s) == 2,
    )
    assert search.run(sets, limit=1).to_dict()["first"] == [1, 2]


def test_the_search_tree_labels_depths_not_rows():
    from clew.viz.svg import tree_svg

    svg = tree_svg(search.trace(examples.permutations(3)))
    labels = [part.split(">")[1].split("<")[0] for part in svg.split('class="depth"')[1:]]
    assert labels == ["depth 1", "depth 2", "depth 3"]
    assert ">row " not in svg
