"""The scaling options of the command line: --journal, Ctrl-C and resume, clew journal show,
--progress / --quiet, --dask / --scheduler."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}


def clew(*args, timeout=300):
    return subprocess.run(
        [sys.executable, "-m", "clew", *map(str, args)], capture_output=True, encoding="utf-8", env=ENV, timeout=timeout
    )


def test_journal_resume_and_show(tmp_path, queens_counts):
    path = tmp_path / "q.sqlite"
    first = clew("queens", "count", 13, "--unique", "--journal", path, "--json")
    second = clew("queens", "count", 13, "--unique", "--journal", path, "--json")
    for result in (first, second):
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert (report["total"], report["unique"]) == (queens_counts.total[13], queens_counts.unique[13])
    show = clew("journal", "show", path)
    assert show.returncode == 0
    assert f"result:    total {queens_counts.total[13]}, fundamental {queens_counts.unique[13]}" in show.stdout
    assert "2 run(s)" in show.stdout
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
    assert result.returncode == 2 and "not a clew journal" in result.stderr and "Traceback" not in result.stderr
    result = clew("journal", "show", tmp_path / "missing.sqlite")
    assert result.returncode == 2 and "no such file" in result.stderr


def test_ctrl_c_keeps_the_journal_and_says_how_to_resume(tmp_path, queens_counts, finished):
    path = tmp_path / "q.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "clew", "queens", "count", "16", "--jobs", "2", "--journal", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8", env=ENV,
    )
    deadline = time.monotonic() + 120
    while finished(path) < 30:
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(os.getpgid(proc.pid), 0)  # still there
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "pieces are safe in" in err and "run the same command again" in err
    assert "Traceback" not in err and out == ""
    partial = clew("journal", "show", path)
    assert partial.returncode == 0 and "partial:" in partial.stdout and "result:" not in partial.stdout
    assert "remaining: about" in partial.stdout
    resumed = clew("queens", "count", 16, "--jobs", 2, "--journal", path)
    assert resumed.returncode == 0 and resumed.stdout.strip() == str(queens_counts.total[16])


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
