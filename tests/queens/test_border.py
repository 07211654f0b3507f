"""The table of border constellations built by NumPy (``clew.queens.border``) is the
kernel's table (``_kernels_count.border_constellations``) row for row: a journal names its
pieces by rows of the table, so a journal written before issue 26 must read the same."""

from __future__ import annotations

import numpy as np
import pytest

from clew.queens import border
from clew.queens.compiled import _kernels_count as K


@pytest.mark.parametrize("n", [*range(1, 17), 19, 23, 32])
def test_the_table_is_the_kernels_row_for_row(n):
    table = border.border_constellations(n)
    expected = K.border_constellations(n)
    assert table.dtype == np.int64 and table.flags.c_contiguous
    assert table.shape == expected.shape
    assert np.array_equal(table, expected)


@pytest.mark.parametrize("n", range(1, 9))
def test_the_orbits_cover_every_non_attacking_border(n):
    # The orbits of the canonical constellations partition the sets of border queens that
    # do not attack each other, counted here by brute force.
    m = n - 1
    seen = set()
    for t in range(n):
        for b in range(n):
            for lft in range(n):
                for rgt in range(n):
                    cells = {(0, t), (m, b), (lft, 0), (rgt, m)}
                    if all(
                        p == q
                        or (p[0] != q[0] and p[1] != q[1] and abs(p[0] - q[0]) != abs(p[1] - q[1]))
                        for p in cells
                        for q in cells
                    ):
                        seen.add(frozenset(cells))
    table = border.border_constellations(n)
    assert int(table[:, border.TABLE_WEIGHT].sum()) == len(seen)
    assert set(table[:, border.TABLE_QUEENS].tolist()) <= {1, 2, 3, 4}


def test_a_plain_count_loads_one_kernel_module():
    # The first count after an install compiles no kernel for the table, none of the
    # first-round module and not the row tail (issue 26): the completion kernel alone.
    import subprocess
    import sys

    code = (
        "import sys; from clew.queens.counter import count_job; "
        "from clew.queens.compiled import _kernels_count_scan as scan; "
        "print(count_job(12, jobs=1)['total'], "
        "'clew.queens.compiled._kernels_count' in sys.modules, "
        "*sorted(name for name in dir(scan) if getattr(getattr(scan, name), 'overloads', None)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    total, first_round, *loaded = done.stdout.split()
    assert (total, first_round) == ("14200", "False")
    # ``complete`` shows when it was compiled in this process, not when loaded with its caller
    assert set(loaded) - {"complete"} == {"count_constellations"}
