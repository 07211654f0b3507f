"""The scaling options of the command line: --journal, Ctrl-C and resume, clew journal show,
--progress / --quiet, --dask / --scheduler."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}


def clew(*args, timeout=300):
    return subprocess.run(
        [sys.executable, "-m", "clew", *map(str, args)],
        capture_output=True,
        encoding="utf-8",
        env=ENV,
        timeout=timeout,
    )


def test_journal_resume_and_show(tmp_path, queens_counts):
    path = tmp_path / "q.sqlite"
    first = clew("queens", "count", 13, "--unique", "--journal", path, "--json")
    second = clew("queens", "count", 13, "--unique", "--journal", path, "--json")
    for result in (first, second):
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert (report["total"], report["unique"]) == (
            queens_counts.total[13],
            queens_counts.unique[13],
        )
    show = clew("journal", "show", path)
    assert show.returncode == 0
    assert (
        f"result:    total {queens_counts.total[13]}, fundamental {queens_counts.unique[13]}"
        in show.stdout
    )
    assert "over 2 runs" in show.stdout
    data = json.loads(clew("journal", "show", path, "--json").stdout)
    assert data["done"] == data["pieces"] and data["answer"]["total"] == queens_counts.total[13]


def test_journal_of_another_count_is_refused(tmp_path):
    path = tmp_path / "q.sqlite"
    assert clew("queens", "count", 9, "--journal", path).returncode == 0
    result = clew("queens", "count", 10, "--journal", path)
    assert result.returncode == 2
    assert result.stderr.startswith("clew: error: journal") and "another job" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_show_refuses_what_is_not_a_journal(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    result = clew("journal", "show", path)
    assert (
        result.returncode == 2
        and "not a clew journal" in result.stderr
        and "Traceback" not in result.stderr
    )
    result = clew("journal", "show", tmp_path / "missing.sqlite")
    assert result.returncode == 2 and "no such file" in result.stderr


def test_ctrl_c_keeps_the_journal_and_says_how_to_resume(tmp_path, queens_counts, finished):
    path = tmp_path / "q.sqlite"
    # n = 17: seconds of work left when the signal comes (n = 16 can finish first now)
    proc = _popen("queens", "count", "17", "--jobs", "2", "--journal", path)
    _kill_when(proc, path, 30, signal.SIGINT, finished)
    sent = time.monotonic()
    out, err = _finish(proc)
    assert time.monotonic() - sent < 1.5, "Ctrl-C took too long"
    err = err.decode()
    assert proc.returncode == 130, err
    assert err.startswith("clew: interrupted: ") and len(err.splitlines()) == 1
    assert "pieces are safe in" in err and "run the same command again" in err
    assert "Traceback" not in err and out == b""
    partial = clew("journal", "show", path)
    assert (
        partial.returncode == 0 and "partial:" in partial.stdout and "result:" not in partial.stdout
    )
    assert "remaining: about" in partial.stdout
    resumed = clew("queens", "count", 17, "--jobs", 2, "--journal", path)
    assert resumed.returncode == 0 and resumed.stdout.strip() == str(queens_counts.total[17])


def test_progress_bar_on_request_and_quiet(queens_counts):
    shown = clew("queens", "count", 12, "--jobs", 1, "--progress")
    assert shown.stdout.strip() == str(queens_counts.total[12])
    assert "pieces" in shown.stderr and "12-queens" in shown.stderr
    quiet = clew("queens", "count", 12, "--jobs", 1, "--quiet")
    assert quiet.stdout.strip() == str(queens_counts.total[12]) and quiet.stderr == ""
    default = clew("queens", "count", 12, "--jobs", 1)  # stderr is a pipe here: no bar
    assert default.stderr == ""


def test_dask_and_scheduler_together_is_a_usage_error():
    result = clew("queens", "count", 10, "--dask", "local", "--scheduler", "tcp://127.0.0.1:1")
    assert result.returncode == 2 and "not both" in result.stderr


def test_dask_local_from_the_command_line(queens_counts):
    pytest.importorskip("distributed")
    result = clew("queens", "count", 12, "--jobs", 2, "--dask", "local", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["total"] == queens_counts.total[12]


# ---------------------------------------------------------------------------------------------
# Every long job, not only the queens count: Sudoku files, exact cover counts, generation
# ---------------------------------------------------------------------------------------------

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sudoku_17_clue_sample.txt"


def _slow_sudoku_file(path: Path) -> Path:
    """Puzzles worth counting for a while (near-empty grids, counted to --limit), mixed with
    proper ones and bad lines: a job that can be killed in the middle."""
    full = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    rng = random.Random(1)
    lines = []
    proper = [
        line.strip()
        for line in SAMPLE.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for i in range(48):
        keep = set(rng.sample(range(81), 10 + i % 7))
        lines.append("".join(c if j in keep else "." for j, c in enumerate(full)))
        lines.append(proper[i])
        if i % 9 == 0:
            lines.append("11" + "." * 79)
    path.write_text("\n".join(lines) + "\n")
    return path


def _popen(*args):
    return subprocess.Popen(
        [sys.executable, "-m", "clew", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        start_new_session=True,
    )


def _kill_when(proc, path, pieces: int, sig, finished) -> None:
    """Send ``sig`` to the process group of ``proc`` once ``pieces`` pieces are in the journal."""
    deadline = time.monotonic() + 120
    try:
        while finished(path) < pieces:
            assert proc.poll() is None, "the job ended before it could be stopped"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        os.killpg(proc.pid, sig)
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        raise


def _finish(proc, timeout=60):
    try:
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_sudoku_file_killed_and_resumed_prints_the_same_bytes(tmp_path, sig, finished):
    puzzles = _slow_sudoku_file(tmp_path / "p.txt")
    args = ("sudoku", "solve", puzzles, "--count", "--limit", "30000", "--jobs", "1")
    whole = clew(*args)
    assert whole.returncode == 2 and whole.stdout.count("\n") == 102  # 6 invalid lines
    path = tmp_path / "j.sqlite"
    proc = _popen(*args, "--journal", path)
    _kill_when(proc, path, 10, sig, finished)
    out, err = _finish(proc)
    if sig == signal.SIGINT:
        assert proc.returncode == 130 and b"pieces are safe in" in err and b"Traceback" not in err
    else:
        assert proc.returncode == -signal.SIGKILL
    assert whole.stdout.encode().startswith(out)  # what it printed is the start of the answer
    resumed = clew(*args, "--journal", path)
    assert (
        resumed.stdout == whole.stdout
        and resumed.stderr == whole.stderr
        and resumed.returncode == 2
    )
    show = clew("journal", "show", path)
    assert show.returncode == 0 and "sudoku file" in show.stdout and "result:" in show.stdout


def test_cover_count_ctrl_c_then_resume(tmp_path, finished):
    from clew import cover
    from clew.cover import knuth

    problem = tmp_path / "p.dlx"
    problem.write_text(knuth.write(cover.pentominoes(10, 6)))
    path = tmp_path / "c.sqlite"
    args = (
        "cover",
        "solve",
        problem,
        "--count",
        "--engine",
        "links",
        "--pieces",
        "300",
        "--jobs",
        "2",
        "--journal",
        path,
    )
    proc = _popen(*args)
    _kill_when(proc, path, 20, signal.SIGINT, finished)
    sent = time.monotonic()
    out, err = _finish(proc)
    assert time.monotonic() - sent < 2.0
    assert proc.returncode == 130 and b"pieces are safe in" in err and out == b""
    partial = clew("journal", "show", path, "--json")
    report = json.loads(partial.stdout)
    assert 20 <= report["done"] < report["pieces"] and report["answer"] is None
    resumed = clew(*args)
    assert resumed.returncode == 0 and resumed.stdout == "9356\n"
    done = json.loads(clew("journal", "show", path, "--json").stdout)
    assert done["answer"]["total"] == 9356 and done["done"] == done["pieces"]


def test_a_journal_has_one_writer_at_a_time(tmp_path, queens_counts, finished):
    path = tmp_path / "q.sqlite"
    # n = 17: long enough (seconds on one core) that the second run starts while the first
    # still writes; n = 16 now finishes within the second's start-up on a quiet machine
    first = _popen("queens", "count", 17, "--jobs", 1, "--journal", path)
    try:
        _kill_when(first, path, 5, 0, finished)  # signal 0: only wait until it is writing
        second = clew("queens", "count", 17, "--jobs", 1, "--journal", path)
        assert second.returncode == 2 and second.stdout == ""
        assert (
            second.stderr.startswith("clew: error: journal")
            and "in use by another run" in second.stderr
        )
        assert len(second.stderr.strip().splitlines()) == 1
        out, err = _finish(first, timeout=300)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
    assert first.returncode == 0 and out.decode().strip() == str(queens_counts.total[17])


def test_journal_in_a_folder_that_does_not_exist(tmp_path):
    result = clew("queens", "count", 8, "--journal", tmp_path / "nowhere" / "q.sqlite")
    assert (
        result.returncode == 2
        and "does not exist" in result.stderr
        and "damaged" not in result.stderr
    )


def test_dask_local_runs_sudoku_files_and_cover_counts(tmp_path):
    pytest.importorskip("distributed")
    plain = clew("sudoku", "solve", SAMPLE, "--unique", "--jobs", 1)
    dask = clew("sudoku", "solve", SAMPLE, "--unique", "--jobs", 2, "--dask", "local")
    assert dask.returncode == 0 and dask.stdout == plain.stdout
    assert (
        dask.stderr.count("Dask dashboard: http://127.0.0.1:") == 1
        and len(dask.stderr.splitlines()) == 1
    )
    from clew import cover
    from clew.cover import knuth

    problem = tmp_path / "p.dlx"
    problem.write_text(knuth.write(cover.pentominoes(20, 3)))
    result = clew("cover", "solve", problem, "--count", "--jobs", 2, "--dask", "local")
    assert result.returncode == 0 and result.stdout == "8\n"


def test_ctrl_c_on_dask_local_is_quick_and_quiet(tmp_path, finished):
    pytest.importorskip("distributed")
    path = tmp_path / "q.sqlite"
    proc = _popen("queens", "count", 17, "--jobs", 2, "--dask", "local", "--journal", path)
    _kill_when(proc, path, 10, signal.SIGINT, finished)
    sent = time.monotonic()
    out, err = _finish(proc)
    assert time.monotonic() - sent < 4.0
    lines = err.decode().splitlines()
    assert proc.returncode == 130 and out == b""
    assert len(lines) == 2 and "Dask dashboard" in lines[0] and "pieces are safe in" in lines[1], (
        lines
    )
    show = clew("journal", "show", path)
    assert show.returncode == 0 and "partial:" in show.stdout


def test_generation_with_a_journal_resumes_and_shows(tmp_path):
    path = tmp_path / "g.sqlite"
    args = ("sudoku", "generate", "--count", 40, "--seed", 9, "--jobs", 2)
    plain = clew(*args)
    first = clew(*args, "--journal", path)
    again = clew(*args, "--journal", path)  # every piece read back from the journal
    assert plain.returncode == first.returncode == again.returncode == 0
    assert first.stdout == again.stdout == plain.stdout and len(plain.stdout.split()) == 40
    show = json.loads(clew("journal", "show", path, "--json").stdout)
    assert show["done"] == show["pieces"] and show["answer"] == "40 puzzles generated"
    assert "sudoku" in show["job"] and show["identity"]["entropy"] == 9
    refused = clew("sudoku", "generate", "--count", 3, "--journal", tmp_path / "x.sqlite")
    assert refused.returncode == 2 and "needs --seed" in refused.stderr


@pytest.mark.parametrize("kind", ["queens", "cover", "sudoku"])
def test_journal_show_on_every_kind_of_journal(tmp_path, kind):
    path = tmp_path / f"{kind}.sqlite"
    if kind == "queens":
        ran = clew("queens", "count", 9, "--unique", "--journal", path)
        expected = "result:    total 352, fundamental 46"
    elif kind == "cover":
        from clew import cover
        from clew.cover import knuth

        problem = tmp_path / "p.dlx"
        problem.write_text(knuth.write(cover.pentominoes(20, 3)))
        ran = clew("cover", "solve", problem, "--count", "--jobs", 2, "--journal", path)
        expected = "result:    total 8"
    else:
        ran = clew("sudoku", "solve", SAMPLE, "--unique", "--journal", path)
        expected = "result:    200 puzzles, 200 with a solution, 200 unique"
    assert ran.returncode == 0, ran.stderr
    show = clew("journal", "show", path)
    assert show.returncode == 0 and expected in show.stdout and show.stdout.startswith("job:")


def test_rating_a_file_ctrl_c_then_resume_prints_the_same_bytes(tmp_path, finished):
    """A file of SE-rated puzzles (the harder half of the reference file) rated on two
    workers: stopped by Ctrl-C after a few pieces, then resumed from the journal."""
    data = Path(__file__).resolve().parents[1] / "data" / "sudoku_se_ratings.txt"
    lines = [
        line.split()[0]
        for line in data.read_text().splitlines()
        if line and not line.startswith("#")
    ]
    puzzles = tmp_path / "hard.txt"
    puzzles.write_text("\n".join(lines[len(lines) // 2 :]) + "\n")
    args = ("sudoku", "rate", puzzles, "--jobs", 2)
    whole = clew(*args)
    assert whole.returncode == 0 and whole.stdout.count("\n") == len(lines) - len(lines) // 2
    path = tmp_path / "r.sqlite"
    proc = _popen(*args, "--journal", path)
    _kill_when(proc, path, 2, signal.SIGINT, finished)
    sent = time.monotonic()
    out, err = _finish(proc)
    assert time.monotonic() - sent < 2.0, "Ctrl-C took too long"
    assert proc.returncode == 130 and b"pieces are safe in" in err and b"Traceback" not in err
    assert whole.stdout.encode().startswith(out)  # what it printed is the start of the answer
    resumed = clew(*args, "--journal", path)
    assert resumed.returncode == 0 and resumed.stdout == whole.stdout
    show = clew("journal", "show", path)
    assert show.returncode == 0 and "sudoku ratings" in show.stdout and "result:" in show.stdout
