"""Reading a whole file with the line kernels (``read_data``) gives the batch the line-by-line
reader gives (``split_lines`` + ``read_lines``): same arrays, line numbers, texts and reasons,
on generated files mixing sizes, comments, blank lines, CRLF, white space and bad lines; and
the bulk answer text equals the answers one by one."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku.files import batch as batch_module
from clew.sudoku.files.batch import read_data, read_lines, split_lines
from clew.sudoku.files.solve import solve_file

GOOD = [
    "1...............",  # 4x4
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "12....................................",  # 38 cells: no such side
    "1.....2.....3.....4.....5.....6.....",  # 6x6
]
BAD = [
    "11..............",  # repeated in a row
    "1...1...........",  # repeated in a column
    "1....1..........",  # repeated in a box
    "x" * 16,
    "1" + "." * 79,
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..75",
    "\xe9" * 16,
]
PIECES = (
    GOOD
    + BAD
    + ["# a comment", "", "   ", "  # indented comment", "1 . . . . . . . . . . . . . . ."]
)


def _compare(data: bytes, **options) -> None:
    fast = read_data(data, **options)
    lines, numbers = split_lines(data)
    slow = read_lines(lines, numbers, **options)
    assert len(fast) == len(slow)
    assert list(fast.line_numbers) == list(slow.line_numbers)
    assert list(fast.texts) == list(slow.texts)
    assert fast.errors == slow.errors
    assert fast.sizes.tolist() == slow.sizes.tolist() and fast.rows.tolist() == slow.rows.tolist()
    assert fast.arrays.keys() == slow.arrays.keys()
    for kind in fast.arrays:
        assert fast.arrays[kind].dtype == np.int8 and fast.arrays[kind].flags.c_contiguous
        assert (fast.arrays[kind] == slow.arrays[kind]).all()


@pytest.fixture
def kernel_always(monkeypatch):
    monkeypatch.setattr(batch_module, "KERNEL_LINES", 0)


@settings(max_examples=60, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(PIECES), max_size=40),
    endings=st.lists(st.sampled_from(["\n", "\r\n", " \t\n"]), min_size=1, max_size=3),
    bom=st.booleans(),
    final=st.booleans(),
)
def test_the_line_kernels_read_as_the_python_reader(pieces, endings, bom, final):
    text = "".join(p + endings[i % len(endings)] for i, p in enumerate(pieces))
    if not final and text.endswith("\n"):
        text = text[:-1]
    data = ("\ufeff" if bom else "").encode() + text.encode("utf-8")
    old = batch_module.KERNEL_LINES
    batch_module.KERNEL_LINES = 0
    try:
        _compare(data)
        _compare(data, box="3x2")
        _compare(data, variant="x")
    finally:
        batch_module.KERNEL_LINES = old


def test_a_large_file_takes_the_kernel_path(monkeypatch):
    called = []
    from clew.sudoku.compiled import _kernels_lines

    original = _kernels_lines.scan_lines
    monkeypatch.setattr(_kernels_lines, "scan_lines", lambda *a: called.append(1) or original(*a))
    data = "\r\n".join((GOOD + BAD) * (batch_module.KERNEL_LINES // 8)).encode()
    _compare(data)
    assert called


def test_empty_and_comment_only_files(kernel_always):
    for data in (b"", b"\n", b"# only\r\n\r\n", b"\xef\xbb\xbf"):
        _compare(data)
        assert len(read_data(data)) == 0


@pytest.mark.parametrize("mode", ["solve", "unique", "count"])
def test_bulk_answer_text_equals_the_answers_one_by_one(kernel_always, mode):
    lines = GOOD + BAD + ["1...............", "................", "1234............"]
    data = "\n".join(lines).encode()
    for chunk in solve_file(data, mode=mode, limit=3 if mode == "count" else None, jobs=1):
        expected = []
        for a in chunk:
            if a.status == "invalid":
                word = f"invalid: {a.error}"
            elif mode == "count":
                word = f"{a.count} solution{'' if a.count == 1 else 's'}"
                word = word if a.exact else f"at least {word}"
            else:
                word = a.solution or a.status
            expected.append(f"{a.line}: {word}")
        assert chunk.line_text(line_numbers=True) == "".join(e + "\n" for e in expected)
