"""numba kernels reading a file of one puzzle per line: split it into lines, decode the lines
of one length into digits and flag those whose givens repeat a digit in a unit.

Ints and numpy arrays only; :func:`clew.sudoku.files.batch.read_data` calls them on large files and
keeps the Python path (:func:`~clew.sudoku.files.batch.read_lines`) for the odd line and for small
files, where loading a kernel costs more than the reading.

Layout
------
``data`` is the file as ``uint8``. ``scan_lines`` writes, for every line that is neither
blank nor a comment (``#`` after optional white space), its first byte, one past its last
byte (white space stripped at both ends, as ``bytes.strip`` does) and its 1-based number::

    data:    b"1.3.\\r\\n# note\\n\\n  .2..  \\n"
    lines:   line 1 -> [0, 4)      line 4 -> [16, 20)
    (line 2 is a comment, line 3 is blank)

``decode_lines`` reads the lines picked (all of one length ``C = n * n``) through ``table``
(byte -> digit, 0 for a blank, ``UNREADABLE`` for any other byte) into rows of an int8
array, and sets ``ok[j]`` when every byte was read and no unit holds a digit twice. The units
of each cell come as a compressed list (``unit_start``, ``unit_list``: the units of cell
``c`` are ``unit_list[unit_start[c]:unit_start[c + 1]]``); the digits seen in a unit are
collected as bits of an int64 (bit ``d`` for digit ``d``), which is why ``n <= MAX_SIDE``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: ``table`` value of a byte that is neither a digit nor a blank of the puzzle's alphabet.
UNREADABLE = -1
#: The largest side these kernels read (the digits of a unit are bits of an int64).
MAX_SIDE = 62

_NEWLINE = 10
_HASH = 35
_SPACE = 32
_TAB, _CR = 9, 13  # tab, line feed, vertical tab, form feed and carriage return: 9..13


@njit(cache=True, inline="always")
def _white(b):
    return b == _SPACE or (_TAB <= b <= _CR)


@njit(cache=True)
def scan_lines(data, starts, ends, numbers):
    """Write the stripped extent and number of every puzzle line of ``data`` (blank lines
    and comments skipped) into ``starts``, ``ends``, ``numbers`` (each with room for one
    more line than ``data`` has newlines); returns how many were written."""
    size = data.shape[0]
    count = 0
    number = 0
    pos = 0
    while pos <= size:  # the piece after the last newline is a line too (often empty)
        number += 1
        end = pos
        while end < size and data[end] != _NEWLINE:
            end += 1
        lo = pos
        hi = end
        while lo < hi and _white(data[lo]):
            lo += 1
        while hi > lo and _white(data[hi - 1]):
            hi -= 1
        if hi > lo and data[lo] != _HASH:
            starts[count] = lo
            ends[count] = hi
            numbers[count] = number
            count += 1
        pos = end + 1
    return count


@njit(cache=True)
def decode_lines(data, starts, picks, cells, table, unit_start, unit_list, units, out, ok):
    """Decode the lines ``picks`` (indices into ``starts``, each ``cells`` bytes long) into
    the rows of ``out`` through ``table``; ``ok[j]`` is 1 when line ``picks[j]`` is fully
    readable and no unit repeats a digit, else 0.

    The units of cell ``c`` are ``unit_list[unit_start[c]:unit_start[c + 1]]`` (numbers of
    ``units`` units in all): one pass over the cells checks every unit at once, each
    keeping the digits seen so far as bits of ``seen[u]``."""
    seen = np.zeros(units, np.int64)
    for j in range(picks.shape[0]):
        base = starts[picks[j]]
        good = 1
        seen[:] = 0
        for c in range(cells):
            v = table[data[base + c]]
            if v == UNREADABLE:
                good = 0
                v = 0
            out[j, c] = v
            if v:
                bit = np.int64(1) << v
                for i in range(unit_start[c], unit_start[c + 1]):
                    u = unit_list[i]
                    if seen[u] & bit:
                        good = 0
                    seen[u] |= bit
        ok[j] = good
