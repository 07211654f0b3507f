"""The text fast path of ``clew queens solve``: ``write_columns`` / ``columns_text`` in
lexicographic order (mirror halving by groups) and in symmetry order (``_kernels_text_sym``),
checked against the plain reference enumeration, the independent verifier and the
published counts (OEIS A000170); and the whole process: ``| head``, Ctrl-C."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens
from clew.errors import ClewError
from clew.queens import _reference, solver
from clew.queens.compiled._kernels_count import border_constellations
from clew.queens.compiled._kernels_enum import GROUP_DONE, group_next, group_start
from clew.queens.compiled._kernels_text import format_mirrored
from clew.queens.compiled._kernels_text_sym import (
    META_CONSTELLATION,
    META_DEPTH,
    META_SIZE,
    META_TURNS,
    NOT_STARTED,
    SLOTS,
    sym_text_next,
)


def reference_text(n: int) -> str:
    """Every solution of the plain reference search, one line each, written here by hand."""
    return "".join(" ".join(str(c) for c in s) + "\n" for s in _reference.solutions(n))


def text(n: int, **kwargs) -> str:
    out = io.BytesIO()
    solver.write_columns(n, out, **kwargs)
    return out.getvalue().decode("ascii")


# ---------------------------------------------------------------------------------------------
# Lexicographic order: byte for byte the reference's text
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 11))
def test_lexicographic_text_is_the_reference(n, queens_counts):
    got = text(n)
    assert got == reference_text(n)
    assert got.count("\n") == queens_counts.total[n]


@pytest.mark.parametrize("n", [9, 10, 11])
def test_mirror_halving_changes_nothing(n, monkeypatch):
    # with no memory for the mirror groups every group is searched: the same bytes
    halved = text(n)
    monkeypatch.setattr(solver, "MIRROR_BYTES", 0)
    assert text(n) == halved
    # a budget that runs out in the middle of the groups: some kept, the rest searched
    monkeypatch.setattr(solver, "MIRROR_BYTES", 40 * n)
    assert text(n) == halved
    assert halved == "".join(queens.to_columns(s) + "\n" for s in queens.solutions(n))


@pytest.mark.parametrize("n", [12, 13])
def test_lexicographic_text_counts_and_verifier(n, queens_counts):
    lines = text(n).splitlines()
    assert len(lines) == queens_counts.total[n]
    assert lines == sorted(lines, key=lambda line: [int(c) for c in line.split()])
    for line in lines[:: max(1, len(lines) // 2000)] + lines[-50:]:
        queens.check_solution([int(c) for c in line.split()])


def test_groups_cover_every_first_queen_once():
    for n in range(4, 14):
        groups = solver._lex_groups(n)
        assert groups == sorted(groups)
        firsts = [g[0] for g in groups]
        assert sorted(set(firsts)) == list(range(n))
        # every group left of the middle has its mirror among the groups, after it
        for g in groups:
            mirror = tuple(n - 1 - c for c in g)
            assert mirror in groups


@pytest.mark.parametrize(
    "n, prefix", [(6, (1,)), (8, (0,)), (8, (3,)), (9, (4, 0)), (9, (4, 7)), (10, (9,))]
)
def test_group_kernel_is_the_reference_filtered(n, prefix):
    C, L, R, F, P = (np.zeros(n + 1, np.int64) for _ in range(5))
    out = np.empty((7, n), np.int8)  # small: many resumes
    pre = np.array(prefix, np.int64)
    depth = group_start(n, pre, len(prefix), C, L, R, F, P)
    found = []
    while depth != GROUP_DONE:
        written, depth = group_next(
            n, C, L, R, F, P, depth, len(prefix), out, 3
        )  # 3 steps back a call
        found += [tuple(r) for r in out[:written].tolist()]
    assert found == [s for s in _reference.solutions(n) if s[: len(prefix)] == prefix]


@pytest.mark.parametrize("prefix", [(4, 4), (4, 3), (4, 5)])
def test_group_of_attacking_prefix_is_empty(prefix):
    C, L, R, F, P = (np.zeros(10, np.int64) for _ in range(5))
    assert group_start(9, np.array(prefix, np.int64), 2, C, L, R, F, P) == GROUP_DONE


def test_format_mirrored_writes_the_mirrors_in_order():
    sols = np.array(list(_reference.solutions(8))[:20], np.int8)
    buf = np.empty(14 * 3 * 8 + 1, np.uint8)  # 3 bytes a column at most, and one more
    size = format_mirrored(sols, 3, 17, buf)
    expected = "".join(" ".join(str(7 - c) for c in s) + "\n" for s in sols[3:17][::-1].tolist())
    assert buf[:size].tobytes().decode() == expected


# ---------------------------------------------------------------------------------------------
# Symmetry order: the same set of lines
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 13))
def test_any_order_is_the_same_set(n, queens_counts):
    lines = text(n, ordered=False).splitlines()
    assert len(lines) == len(set(lines)) == queens_counts.total[n]
    assert sorted(lines, key=lambda line: [int(c) for c in line.split()]) == text(n).splitlines()
    if n <= 10:
        assert sorted(lines) == sorted(reference_text(n).splitlines())


def test_any_order_lines_pass_the_verifier():
    for line in text(13, ordered=False).splitlines()[::7]:
        queens.check_solution([int(c) for c in line.split()])


def test_any_order_kernel_resumes_anywhere():
    # the smallest buffer the kernel accepts and one step back per call: every state of the
    # search is a place to stop and resume
    n = 10
    table = border_constellations(n)
    buf = np.empty(2 * 8 * 3 * n + 1, np.uint8)
    meta = np.zeros(META_SIZE, np.int64)
    meta[META_DEPTH] = NOT_STARTED
    meta[META_TURNS] = 1
    S = np.zeros((n + 1, SLOTS), np.int64)
    perm = np.zeros((2, n), np.int64)
    syms = np.zeros(8, np.int64)
    chunks = []
    calls = 0
    while meta[META_CONSTELLATION] < len(table):
        size, lines = sym_text_next(n, table, meta, S, perm, syms, buf)
        chunk = buf[:size].tobytes().decode()
        assert chunk.count("\n") == lines
        chunks.append(chunk)
        calls += 1
    lines = "".join(chunks).splitlines()
    assert calls > 100
    assert sorted(lines) == sorted(reference_text(n).splitlines())


# ---------------------------------------------------------------------------------------------
# Limits, chunks, bad input
# ---------------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 11), limit=st.integers(1, 3000), ordered=st.booleans())
def test_limit_cuts_at_a_line(n, limit, ordered):
    full = text(n, ordered=ordered)
    got = text(n, limit=limit, ordered=ordered)
    assert got == "".join(full.splitlines(True)[:limit])


def test_limit_across_mirror_groups():
    # n = 12: the first half ends after 7,100 lines, then the mirrors, chunk by chunk
    full = text(12).splitlines(True)
    for limit in (7099, 7100, 7101, 14199, 14200, 99999):
        assert text(12, limit=limit) == "".join(full[:limit])


def test_columns_text_and_write_columns_agree():
    assert b"".join(solver.columns_text(14)).decode() == text(14)
    chunks = list(solver.columns_text(14, ordered=False))
    assert len(chunks) > 1 and all(isinstance(c, bytes) for c in chunks)
    assert sum(c.count(b"\n") for c in chunks) == 365596


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"n": 0}, "n"),
        ({"n": 63}, "n"),
        ({"n": 33, "ordered": False}, "n"),
        ({"n": 8, "limit": -1}, "limit"),
        ({"n": 8, "limit": 0}, "limit"),
        ({"n": "8"}, "n"),
    ],
)
def test_bad_arguments_are_refused(kwargs, words):
    with pytest.raises(ClewError, match=words):
        solver.write_columns(out=io.BytesIO(), **kwargs)
    with pytest.raises(ClewError, match=words):
        solver.columns_text(**kwargs)  # refused when called, not at the first next()


@given(n=st.integers(1, 10), limit=st.one_of(st.none(), st.integers(1, 800)), ordered=st.booleans())
@settings(max_examples=30, deadline=None)
def test_write_columns_says_how_many_it_wrote(n, limit, ordered):
    out = io.BytesIO()
    assert solver.write_columns(n, out, limit=limit, ordered=ordered) == len(
        out.getvalue().splitlines()
    )


# ---------------------------------------------------------------------------------------------
# The whole process
# ---------------------------------------------------------------------------------------------

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}


def run_clew(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "clew", *args], capture_output=True, env=ENV, timeout=timeout
    )


def test_cli_any_order_sorted_is_the_lexicographic_output():
    lex = run_clew("queens", "solve", "11")
    any_order = run_clew("queens", "solve", "11", "--any-order")
    assert lex.returncode == any_order.returncode == 0
    assert lex.stdout == "".join(queens.to_columns(s) + "\n" for s in queens.solutions(11)).encode()
    assert sorted(any_order.stdout.splitlines(True)) == sorted(lex.stdout.splitlines(True))
    assert lex.stdout.count(b"\n") == 2680


@pytest.mark.parametrize("extra", [[], ["--any-order"]])
def test_cli_head_closes_the_pipe(extra):
    line = (
        f"set -o pipefail; '{sys.executable}' -m clew queens solve 16 {' '.join(extra)} | head -n 3"
    )
    result = subprocess.run(["bash", "-c", line], capture_output=True, env=ENV, timeout=60)
    assert result.stderr == b""
    assert result.returncode == 141
    rows = [[int(c) for c in r.split()] for r in result.stdout.decode().splitlines()]
    assert len(rows) == 3
    for row in rows:
        queens.check_solution(row)


@pytest.mark.parametrize("extra", [[], ["--any-order"]])
def test_cli_ctrl_c_ends_within_a_second(extra):
    proc = subprocess.Popen(
        [sys.executable, "-m", "clew", "queens", "solve", "18", *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    try:
        time.sleep(4)  # past the start-up (slow on a busy machine), inside the search
        assert proc.poll() is None
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        returncode = proc.wait(timeout=20)
        waited = time.perf_counter() - sent
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert returncode in (-signal.SIGINT, 130), (returncode, err)
    assert b"Traceback" not in err
    assert waited < 2.0, waited  # a second, and room for a busy machine
