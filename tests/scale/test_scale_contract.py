"""Issue 25 for clew.scale: scheduler addresses checked in one line, pieces committed within
about a second, one ETA for the bar and `journal show`, `journal show` as text or JSON
with a summarised identity, its help made from the registry of works, Trace.save_html."""

from __future__ import annotations

import importlib
import inspect
import json
import os
import signal
import sys
import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clew import cli
from clew.errors import ArgumentError, ClewError
from clew.scale import (
    WORKS,
    Journal,
    SchedulerError,
    Work,
    check_scheduler,
    run,
    show_journal,
    stream,
)
from clew.scale.progress import Bar, remaining_seconds

run_module = importlib.import_module("clew.scale.run")


def clew_in_process(capsys, *args):
    status = cli.run([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------------------------------------
# --scheduler
# ---------------------------------------------------------------------------------------------

BAD_ADDRESSES = [
    ("127.0.0.1", "has no port"),
    ("tcp://localhost", "has no port"),
    ("notanaddress", "has no port"),
    ("", "is empty"),
    ("   ", "is empty"),
    ("tcp://host:notaport", "not a number"),
    ("tcp://host:99999", "not 1 to 65535"),
    ("foo://host:1", "unknown scheme foo://"),
]


@pytest.mark.parametrize("address, why", BAD_ADDRESSES)
def test_a_bad_scheduler_is_one_line_and_exit_2(capsys, address, why):
    pytest.importorskip("distributed")
    status, out, err = clew_in_process(capsys, "queens", "count", 8, "--scheduler", address)
    assert (status, out) == (2, "")
    assert err.startswith("clew: error: ") and err.count("\n") == 1, err
    assert why in err and "tcp://HOST:PORT" in err


@pytest.mark.parametrize("address, why", BAD_ADDRESSES)
def test_the_library_refuses_a_bad_scheduler_when_called(address, why):
    pytest.importorskip("distributed")
    with pytest.raises(SchedulerError, match=why):
        stream(_Slow(3, 0.0), scheduler=address)  # at the call, before next()
    with pytest.raises(SchedulerError, match=why):
        run(_Slow(3, 0.0), scheduler=address)


def test_scheduler_good_forms_and_wrong_kinds():
    pytest.importorskip("distributed")
    assert check_scheduler(" tcp://10.0.0.5:8786 ") == "tcp://10.0.0.5:8786"
    assert check_scheduler("10.0.0.5:8786") == "10.0.0.5:8786"
    assert check_scheduler("tcp://[::1]:8786") == "tcp://[::1]:8786"
    with pytest.raises(TypeError, match="got int"):
        check_scheduler(8786)
    with pytest.raises(ArgumentError, match="not both"):
        stream(_Slow(3, 0.0), dask="local", scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ArgumentError, match="dask takes 'local'"):
        stream(_Slow(3, 0.0), dask="cluster")


def test_without_dask_the_message_says_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed.comm", None)
    with pytest.raises(SchedulerError, match=r"pip install 'clew\[dask\]'"):
        check_scheduler("tcp://10.0.0.5:8786")


def test_an_unreachable_scheduler_is_one_line_within_seconds():
    pytest.importorskip("distributed")
    start = time.monotonic()
    with pytest.raises(
        SchedulerError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"
    ) as caught:
        run(_Slow(3, 0.0), scheduler="tcp://127.0.0.1:9")
    assert time.monotonic() - start < 15 and "\n" not in str(caught.value)


# ---------------------------------------------------------------------------------------------
# Journals: committed within about a second; one ETA
# ---------------------------------------------------------------------------------------------


class _Slow(Work):
    """``n`` pieces of ``seconds`` each (sleeping: the GIL is free)."""

    def __init__(self, n, seconds, gil=False):
        self.n, self.seconds = n, seconds
        self.releases_gil = gil

    def identity(self):
        return {"slow": self.n, "seconds": self.seconds}

    @classmethod
    def from_identity(cls, identity):
        return cls(identity["slow"], identity["seconds"])

    def pieces(self):
        return range(self.n)

    def run_piece(self, piece):
        time.sleep(self.seconds)
        return piece

    def combine(self, values):
        return sum(values)


@pytest.mark.parametrize("gil", [False, True], ids=["inline", "threads"])
def test_an_interrupted_job_of_slow_pieces_keeps_what_finished(tmp_path, gil, monkeypatch):
    """640 pieces of 0.05 s on one worker: pieces used to go 40 to a task (2 s), so a
    Ctrl-C after 1.2 s left nothing in the journal."""
    path = tmp_path / "j.sqlite"
    bars = []
    monkeypatch.setattr(run_module, "Bar", lambda *a, **k: bars.append(Bar(*a, **k)) or bars[-1])
    seen = []

    def watch():
        time.sleep(1.0)
        with Journal.read(path) as book:  # while the run goes on
            seen.append(len(book.done_text()))
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGINT)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with pytest.raises(KeyboardInterrupt) as caught:
            run(_Slow(640, 0.05, gil), jobs=1, journal=path)
    finally:
        watcher.join()
    assert seen and seen[0] >= 5, seen  # committed while the job runs, within about a second
    done = caught.value.done
    with Journal.read(path) as book:
        assert len(book.done_text()) == done >= 10
    # the bar's estimate and journal show's are the same computation on the same data
    with Journal.read(path) as book:  # what journal show computes (_Slow is not clew's to load)
        shown = book.progress().remaining_seconds()
    left = bars[0].remaining()
    assert shown == pytest.approx(left, rel=0.25)
    assert shown == pytest.approx(0.05 * (640 - done), rel=0.6)  # and about right


def test_fast_jobs_still_commit_a_few_times_a_second(tmp_path, monkeypatch):
    commits = []
    original = Journal.record_many
    monkeypatch.setattr(
        Journal, "record_many", lambda self, rows: commits.append(len(rows)) or original(self, rows)
    )
    assert run(_Slow(20000, 0.0), jobs=1, journal=tmp_path / "j.sqlite") == sum(range(20000))
    assert sum(commits) == 20000 and len(commits) <= 20


@given(
    pieces=st.integers(1, 10**6),
    done=st.integers(0, 10**6),
    spent=st.floats(0, 1e6),
    workers=st.integers(1, 64),
)
def test_remaining_seconds_is_the_rate_of_the_finished_pieces(pieces, done, spent, workers):
    left = remaining_seconds(pieces, done, spent, workers)
    if done >= pieces:
        assert left == 0.0
    elif done == 0 or spent == 0:
        assert left is None
    else:
        assert left == pytest.approx((pieces - done) * (spent / done) / workers)


def test_bar_and_journal_give_the_same_eta_from_the_same_data(tmp_path):
    path = tmp_path / "j.sqlite"
    work = _Slow(100, 0.0)
    from clew.scale import full_identity

    with Journal.open(path, full_identity(work), 100, jobs=2) as book:
        for i in range(25):
            book.record(i, "0", 0.0)
        book.add_run_time(10.0)
    with Journal.read(path) as book:
        progress = book.progress()
    assert progress.workers == 2 and progress.worker_seconds == pytest.approx(20.0, abs=0.5)
    assert progress.remaining_seconds() == pytest.approx(75 * 20.0 / 25 / 2, rel=0.05)
    bar = Bar(
        False,
        "x",
        100,
        25,
        workers=2,
        worker_seconds=progress.worker_seconds,
        start=time.perf_counter(),
    )
    assert bar.remaining() == pytest.approx(progress.remaining_seconds(), rel=0.01)


# ---------------------------------------------------------------------------------------------
# clew journal show
# ---------------------------------------------------------------------------------------------


def test_journal_show_summarises_a_large_identity_and_prints_no_python_repr(tmp_path, capsys):
    from clew import cover
    from clew.cover.counting import CoverCount

    problem = cover.pentominoes(20, 3)
    work = CoverCount(problem)
    path = tmp_path / "c.sqlite"
    assert run(work, journal=path)["total"] == 8
    text_size = len(work.text)
    assert text_size > 1000
    status, out, err = clew_in_process(capsys, "journal", "show", path)
    assert status == 0 and err == ""
    assert "result:    total 8" in out and f"({text_size:,} long)" in out and len(out) < 2000
    assert "{'" not in out and "': " not in out  # no Python dict
    status, out, _ = clew_in_process(capsys, "journal", "show", path, "--format", "json")
    data = json.loads(out)
    assert status == 0 and len(out) < 3000
    assert data["identity"]["cover"] == {"sha256": work.sha256, "length": text_size}
    assert (
        data["answer"] == {"total": 8, "nodes": data["answer"]["nodes"]}
        and data["complete"] is True
    )
    assert json.loads(clew_in_process(capsys, "journal", "show", path, "--json")[1]) == data
    assert json.dumps(show_journal(path).to_dict())


def test_journal_show_json_fields_are_those_its_help_lists(tmp_path, capsys):
    qpath = tmp_path / "q.sqlite"
    assert clew_in_process(capsys, "queens", "count", 8, "--journal", qpath)[0] == 0
    data = json.loads(clew_in_process(capsys, "journal", "show", qpath, "-f", "json")[1])
    status, help_text, _ = clew_in_process(capsys, "journal", "show", "--help")
    listed = " ".join(help_text.split()).split("with the fields ", 1)[1].split(".", 1)[0]
    assert sorted(data) == sorted(
        f.strip() for f in listed.replace("(large fields by their sha256)", "").split(",")
    )


def test_journal_show_help_lists_every_kind_of_the_registry(capsys):
    status, out, _ = clew_in_process(capsys, "journal", "show", "--help")
    flat = " ".join(out.split())
    assert status == 0
    for words in WORKS.values():
        assert " ".join(words.split()) in flat
    assert "rated" in flat  # rate journals were missing


def _work_classes():
    import clew.cover.counting  # noqa: F401
    import clew.queens.counting  # noqa: F401
    import clew.search.counting  # noqa: F401
    import clew.sudoku.files.solve  # noqa: F401
    import clew.sudoku.generation.generator  # noqa: F401
    import clew.sudoku.logic.rate_files  # noqa: F401
    import clew.sudoku.solver  # noqa: F401

    found, todo = set(), [Work]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("clew.") and sub.__module__ != "clew._journal_bench":
                found.add(sub)
    return found


def test_the_registry_is_every_work_class_a_journal_can_read_back():
    from clew.scale import work_path

    readable = {work_path(c) for c in _work_classes() if "from_identity" in vars(c)}
    assert readable == set(WORKS)


# ---------------------------------------------------------------------------------------------
# Trace.save_html / to_dict
# ---------------------------------------------------------------------------------------------


def test_trace_save_html_writes_the_player_of_the_cli(tmp_path, capsys):
    from clew import queens

    trace = queens.trace(5)
    path = tmp_path / "t.html"
    trace.save_html(path)
    page = path.read_text(encoding="utf-8")
    events = list(trace)  # the events are still there
    assert page.startswith("<!DOCTYPE html>") and len(events) > 10
    assert json.dumps(events[-1]["nodes"]) in page and '"type":"backtrack"' in page.replace(" ", "")
    cli_path = tmp_path / "cli.html"
    assert clew_in_process(capsys, "queens", "play", 5, "--html", cli_path)[0] == 0
    assert cli_path.read_text(encoding="utf-8") == page


def test_trace_save_html_refuses_a_bad_path_in_one_line(tmp_path):
    from clew import queens
    from clew.trace import Trace

    with pytest.raises(ClewError, match="cannot write the player") as caught:
        queens.trace(4).save_html(tmp_path / "nowhere" / "t.html")
    assert "\n" not in str(caught.value)
    with pytest.raises(ClewError, match="no player"):
        Trace([]).save_html(tmp_path / "t.html")
    with pytest.raises(TypeError, match="got int"):
        queens.trace(4).save_html(3)


def test_trace_to_dict_is_json():
    from clew import queens

    trace = queens.trace(4)
    data = trace.to_dict()
    assert json.loads(json.dumps(data)) == data and data["events"][-1]["type"] == "end"
    assert [e["type"] for e in trace] == [e["type"] for e in data["events"]]


def test_stream_checks_its_arguments_when_called():
    assert inspect.isgeneratorfunction(stream) is False
    with pytest.raises(ArgumentError):
        stream(_Slow(3, 0.0), jobs=0)
    with pytest.raises(ArgumentError):
        stream(_Slow(3, 0.0), batch=0)
