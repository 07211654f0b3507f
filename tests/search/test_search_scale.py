"""clew.search on every core: the pieces of SearchCount, processes (forked and spawned),
threads, Dask, a journal, and problems written with lambdas travelling to all of them."""

from __future__ import annotations

import multiprocessing
import pickle
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import scale, search
from clew.search import examples

PETERSEN = (
    [(i, (i + 1) % 5) for i in range(5)]
    + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    + [(i, i + 5) for i in range(5)]
)


def lambda_queens(n):
    return search.Problem(
        start=(),
        choices=lambda s: range(n),
        accept=lambda s, c: all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s)),
        extend=lambda s, c: s + (c,),
        done=lambda s: len(s) == n,
    )


# module-level functions: what plain pickle can send
def _choices(s):
    return range(5)


def _accept(s, c):
    return c not in s


def _extend(s, c):
    return s + (c,)


def _done(s):
    return len(s) == 5


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 300), st.sampled_from(["queens", "lines", "colouring", "subsets"]))
def test_any_cut_gives_the_statistics_of_one_thread(pieces, which):
    problem, order = {
        "queens": (examples.queens(6), "first"),
        "lines": (examples.queens_lines(6), "mrv"),
        "colouring": (examples.colouring(10, PETERSEN, 3), "mrv"),
        "subsets": (examples.subset_sum([5, -3, 8, 1, 1, 4, -2, 7], 6), "first"),
    }[which]
    work = search.SearchCount(problem, pieces, order=order)
    assert scale.run(work, jobs=1) == search.run(problem, order=order)
    # the pieces, read in order, hold the solutions in search order
    work = search.SearchCount(problem, pieces, order=order, solutions=True)
    found = [s for _, (part, *_) in scale.stream(work, jobs=1, ordered=True) for s in part]
    assert found == list(search.solutions(problem, order=order))


def test_cut_until_enough_pieces():
    work = search.SearchCount(examples.queens(8), pieces=10)
    assert len(work.pieces()) == 42  # level 1 has 8 states, level 2 has 42
    assert search.SearchCount(examples.queens(8), pieces=1).pieces() == [(0, (), 0)]
    # a problem with no solution and nothing to cut: no pieces, a count of 0
    nothing = search.Problem(
        start=(),
        choices=lambda s: (1, 2),
        accept=lambda s, c: False,
        extend=lambda s, c: s,
        done=lambda s: False,
    )
    assert search.SearchCount(nothing).pieces() == []
    assert scale.run(search.SearchCount(nothing), jobs=2) == search.Stats(prunes=2)
    # solutions found while cutting stay pieces of their own
    shallow = examples.derangements(2)
    assert scale.run(search.SearchCount(shallow, pieces=50), jobs=1).solutions == 1


def test_forked_processes_take_lambdas():
    assert search.count(lambda_queens(8), jobs=2) == 92
    assert scale.run(
        search.SearchCount(lambda_queens(7)), jobs=2, executor="processes"
    ) == search.run(lambda_queens(7))
    assert list(search.solutions(lambda_queens(6), jobs=2)) == list(
        search.solutions(lambda_queens(6))
    )
    assert list(search.solutions(lambda_queens(8), limit=3, jobs=2)) == list(
        search.solutions(lambda_queens(8), limit=3)
    )


def test_threads_take_anything():
    work = search.SearchCount(lambda_queens(7))
    assert scale.run(work, jobs=2, executor="threads").solutions == 40


def test_spawned_processes_get_the_problem_pickled(monkeypatch):
    pytest.importorskip("cloudpickle")
    # what happens where fork is not available (macOS, Windows): the work is pickled
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert (
        scale.run(search.SearchCount(lambda_queens(6)), jobs=2, executor="processes").solutions == 4
    )


def test_pickling_with_and_without_cloudpickle(monkeypatch):
    pytest.importorskip("cloudpickle")
    again = pickle.loads(pickle.dumps(lambda_queens(6)))
    assert search.count(again) == 4
    again = pickle.loads(pickle.dumps(search.SearchCount(examples.colouring(10, PETERSEN, 3))))
    assert scale.run(again, jobs=1).solutions == 120
    monkeypatch.setitem(sys.modules, "cloudpickle", None)  # import cloudpickle now fails
    plain = search.Problem(start=(), choices=_choices, accept=_accept, extend=_extend, done=_done)
    assert search.count(pickle.loads(pickle.dumps(plain))) == 120
    with pytest.raises(
        search.SearchError,
        match=r"^cannot send the problem's choices \(.*<lambda>\) to another process: "
        "install cloudpickle",
    ):
        pickle.dumps(lambda_queens(6))


def test_a_problem_that_cannot_be_sent_is_named_before_the_pool_starts(monkeypatch):
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.setitem(sys.modules, "cloudpickle", None)
    with pytest.raises(search.SearchError, match=r"^cannot send the problem's choices"):
        search.count(lambda_queens(5), jobs=2)
    with pytest.raises(search.SearchError, match=r"^cannot send the problem's choices"):
        list(search.solutions(lambda_queens(5), jobs=2))
    assert search.count(lambda_queens(5)) == 10  # one job: nothing is sent


def test_a_journal_resumes_and_shows(tmp_path):
    path = tmp_path / "search.sqlite"
    work = search.SearchCount(examples.queens(8))
    answer = scale.run(work, jobs=1, journal=path)
    assert answer == search.run(examples.queens(8))
    # again: every piece is read back from the journal, nothing is searched
    again = scale.run(search.SearchCount(examples.queens(8)), jobs=1, journal=path)
    assert (again.solutions, again.nodes, again.backtracks, again.first) == (92, 2056, 1506, None)
    # what `clew journal show` does: the work from the journal alone
    with scale.Journal.read(path) as book:
        shown = scale.load_work(book.identity)
        assert shown.describe() == "search queens(8) (first)"
        assert (
            shown.summary(shown.combine(book.values(shown)))
            == "92 solutions (2,056 nodes, 1,506 backtracks, max depth 8)"
        )
        with pytest.raises(scale.WorkError, match="came from a journal"):
            shown.run_piece(shown.pieces()[0])
    # another problem is refused
    with pytest.raises(scale.JournalError):
        scale.run(search.SearchCount(examples.queens(9)), jobs=1, journal=path)
    with pytest.raises(scale.WorkError, match="not written to a journal"):
        scale.run(
            search.SearchCount(examples.queens(5), solutions=True),
            jobs=1,
            journal=tmp_path / "s.sqlite",
        )


def test_dask_takes_lambdas():
    pytest.importorskip("distributed", reason="Dask is the optional extra clew[dask]")
    answer = scale.run(search.SearchCount(lambda_queens(7)), jobs=2, dask="local")
    assert answer == search.run(lambda_queens(7))
