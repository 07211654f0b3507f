"""Thread safety (docs/threads.md): the public calls of every family answer the same from 4-8
threads at once as from one, and clew.scale.run works when called from a thread other than
the main one (it installs its Ctrl-C handler only in the main thread)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from clew import cover, maze, queens, search, sudoku
from clew.scale import Work, run
from clew.search import examples

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

#: (name, a call): each returns a plain value to compare.
CALLS = [
    ("queens.count", lambda i: queens.count(8 + i % 3)),
    ("queens.count unique", lambda i: queens.count(9, unique=True)),
    ("queens.solutions", lambda i: [tuple(s) for s in queens.solutions(6 + i % 2)]),
    ("sudoku.solve", lambda i: str(sudoku.solve(LEETCODE if i % 2 else SEVENTEEN))),
    ("sudoku.count", lambda i: sudoku.count(LEETCODE if i % 2 else SEVENTEEN, limit=2)),
    (
        "cover.count",
        lambda i: cover.count(cover.pentominoes(20, 3) if i % 2 else cover.pentominoes(15, 4)),
    ),
    ("search.count", lambda i: search.count(examples.queens(6 + i % 3))),
    (
        "maze.solve",
        lambda i: (lambda s: None if s is None else len(s.path))(
            maze.solve(maze.generate(15 + i % 4, 11, seed=i))
        ),
    ),
]


@pytest.mark.parametrize("name, call", CALLS, ids=[name for name, _ in CALLS])
def test_a_call_answers_the_same_on_eight_threads(name, call):
    expected = [call(i) for i in range(8)]  # one thread (this one): also compiles the kernels
    barrier = threading.Barrier(8)

    def at_once(i):
        barrier.wait()  # every thread enters the call together
        return call(i)

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(at_once, range(8)))
    assert got == expected


def test_different_families_at_once():
    """Every family at the same time, twice over (16 calls on 8 threads)."""
    expected = [call(i) for i, (_, call) in enumerate(CALLS)]
    with ThreadPoolExecutor(8) as pool:
        futures = [pool.submit(call, i) for _ in range(2) for i, (_, call) in enumerate(CALLS)]
        got = [f.result() for f in futures]
    assert got == expected + expected


class _Squares(Work):
    releases_gil = False

    def __init__(self, n):
        self.n = n

    def identity(self):
        return {"squares": self.n}

    @classmethod
    def from_identity(cls, identity):
        return cls(identity["squares"])

    def pieces(self):
        return range(self.n)

    def run_piece(self, piece):
        return piece * piece

    def combine(self, values):
        return sum(values)


@pytest.mark.parametrize("executor", ["processes", "threads"])
def test_scale_run_from_a_thread_that_is_not_the_main_one(executor, tmp_path):
    """No 'signal only works in main thread' error: the run leaves SIGINT alone there."""
    results, errors = [], []

    def job(k):
        try:
            results.append(
                run(_Squares(50 + k), jobs=2, executor=executor, journal=tmp_path / f"{k}.sqlite")
            )
        except BaseException as exc:  # handed to the test thread
            errors.append(exc)

    threads = [threading.Thread(target=job, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    assert sorted(results) == sorted(sum(i * i for i in range(50 + k)) for k in range(3))


def test_queens_count_with_jobs_from_threads():
    """A count that uses worker threads itself, called from several threads at once."""
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda n: queens.count(n, jobs=2), [10, 11, 10, 11]))
    assert got == [724, 2680, 724, 2680]
