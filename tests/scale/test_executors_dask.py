"""A real Dask cluster on 127.0.0.1: the same pieces, an exact total, a worker killed mid-run."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

distributed = pytest.importorskip("distributed", reason="Dask is the optional extra clew[dask]")

from clew.queens.counting import QueensCount  # noqa: E402
from clew.scale import Journal, run  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    yield cluster
    cluster.close()


def test_dask_matches_the_published_counts(cluster, queens_counts):
    answer = run(QueensCount(12, unique=True), scheduler=cluster.scheduler_address)
    assert answer == {"n": 12, "total": queens_counts.total[12], "unique": queens_counts.unique[12]}


def test_local_cluster_option(queens_counts):
    assert run(QueensCount(11), jobs=2, dask="local")["total"] == queens_counts.total[11]


def test_killed_worker_does_not_change_the_total(cluster, tmp_path, queens_counts, finished):
    n = 16
    path = tmp_path / "j.sqlite"
    problem = QueensCount(n)
    total_pieces = len(problem.pieces())
    with distributed.Client(cluster.scheduler_address) as client:
        pids = client.run(os.getpid)  # {worker address: pid}
    result = {}

    def count():
        result["answer"] = run(problem, scheduler=cluster.scheduler_address, journal=path)

    thread = threading.Thread(target=count)
    thread.start()
    deadline = time.monotonic() + 120
    done = 0
    while done < 30:
        assert thread.is_alive(), "the count ended before a worker could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.02)
        done = finished(path)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)  # pieces on it are lost; the scheduler reruns them
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert done < total_pieces
    assert result["answer"]["total"] == queens_counts.total[n]
    with Journal.read(path) as book:
        assert len(book.done(problem)) == total_pieces
    with pytest.raises(ProcessLookupError):
        os.kill(victim, 0)


def test_unreachable_scheduler_is_a_clear_error():
    from clew.errors import ClewError

    with pytest.raises(ClewError, match="cannot reach the Dask scheduler"):
        run(QueensCount(8), scheduler="tcp://127.0.0.1:9")
