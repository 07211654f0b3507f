"""clew.cover under the contract of every family (issue 25): keyword-only limits checked by
clew.errors (one maximum), one default of jobs, arguments checked when a generator is made,
JSON forms, and the search tree of an exact cover labelled by depth."""

from __future__ import annotations

import inspect
import json

import pytest

from clew import cover
from clew.cover.counting import count_job
from clew.errors import DEFAULT_JOBS, MAX_LIMIT, ArgumentError, ClewError

PROBLEM = [["a", "b"], ["a"], ["b"]]  # two covers: {a b}, {a, b}


@pytest.mark.parametrize(
    "function", [cover.count, cover.solutions, cover.trace, cover.tilings, count_job, cover.Search]
)
def test_limit_is_keyword_only(function):
    assert inspect.signature(function).parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY


def test_a_positional_limit_is_refused():
    # cover.count(problem, 1) and cover.Search(problem, 1) took 1 as the limit before
    with pytest.raises(TypeError):
        cover.count(PROBLEM, 1)
    with pytest.raises(TypeError):
        cover.solutions(PROBLEM, 1)
    with pytest.raises(TypeError):
        cover.Search(PROBLEM, 1)
    assert cover.count(PROBLEM, limit=1) == 1


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3", MAX_LIMIT + 1])
@pytest.mark.parametrize(
    "call",
    [
        lambda bad: cover.count(PROBLEM, limit=bad),
        lambda bad: cover.solutions(PROBLEM, limit=bad),  # no next(): checked when called
        lambda bad: cover.trace(PROBLEM, limit=bad),
        lambda bad: cover.Search(PROBLEM, limit=bad),
        lambda bad: cover.tilings(cover.pentominoes(3, 20), limit=bad),
    ],
    ids=["count", "solutions", "trace", "Search", "tilings"],
)
def test_a_bad_limit_is_the_one_argument_error(call, bad):
    with pytest.raises(
        ArgumentError,
        match=r"^limit must be (at least 1 \(None finds every solution\)|at most 2\*\*62"
        r"|an integer), got",
    ):
        call(bad)


def test_the_largest_limit_is_the_one_maximum():
    assert cover.count(PROBLEM, limit=MAX_LIMIT) == 2


def test_jobs_default_to_one_and_bad_jobs_are_refused():
    assert inspect.signature(cover.count).parameters["jobs"].default == DEFAULT_JOBS == 1
    assert inspect.signature(count_job).parameters["jobs"].default == DEFAULT_JOBS
    for bad in (0, -2, 1.5):
        with pytest.raises(ArgumentError, match=r"^jobs must be"):
            cover.count(PROBLEM, jobs=bad)
    assert cover.count(cover.langford(7), jobs=None) == cover.count(cover.langford(7)) == 52


def test_a_bad_batch_or_engine_is_a_clew_error():
    with pytest.raises(ArgumentError, match=r"^batch must be an integer from 1 to 1048576, got 0$"):
        cover.Search(PROBLEM, batch=0)
    with pytest.raises(
        ClewError, match="engine must be one of auto, links, bits, multiplicity, got 'x'"
    ):
        cover.count(PROBLEM, engine="x")


def test_count_job_says_what_the_count_cost():
    answer = count_job(PROBLEM)
    assert json.loads(json.dumps(answer)) == answer
    assert (answer["count"], answer["limit"], answer["nodes"], answer["engine"]) == (
        2,
        None,
        4,
        "auto",
    )
    pieces = count_job(cover.langford(7), jobs=2, pieces=8)
    assert pieces["count"] == 52
    with pytest.raises(
        ArgumentError,
        match="^pieces cuts a count of every solution into pieces: it takes no limit$",
    ):
        count_job(PROBLEM, limit=1, pieces=4)


def test_a_count_of_no_cover_is_zero():
    assert cover.count([["a", "b"], ["b", "c"]]) == 0
    assert cover.solve([["a", "b"], ["b", "c"]]) is None


def test_search_to_dict_is_json_with_documented_fields():
    search = cover.Search(PROBLEM, limit=1)
    assert list(search) == [[0]]
    data = search.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert {k: v for k, v in data.items() if k != "seconds"} == {
        "engine": "bits",
        "limit": 1,
        "count": 1,
        "nodes": 2,
        "done": True,
    }
    doc = inspect.getdoc(cover.Search)
    assert all(key in doc for key in data)


def test_the_search_tree_of_a_cover_labels_depths_not_rows():
    from clew.viz.svg import tree_svg

    svg = tree_svg(cover.trace(cover.langford(3)))
    labels = [part.split(">")[1].split("<")[0] for part in svg.split('class="depth"')[1:]]
    assert labels and all(label.startswith("depth ") for label in labels)
    assert labels == [f"depth {d}" for d in range(1, len(labels) + 1)]


def test_registries_are_public():
    assert cover.ENGINES == ("auto", "links", "bits", "multiplicity")
