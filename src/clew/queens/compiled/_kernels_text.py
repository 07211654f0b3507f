"""numba kernels writing N-Queens solutions as text: a batch of small boards in the columns
format, one line each, and one huge board's columns as one line.

Ints and numpy arrays only (see ``_kernels_common``): the text is written as ASCII bytes into
a caller's ``uint8`` buffer, which Python turns into ``bytes`` once per batch. Formatting
with ``str`` per value costs far more than the search that found the solutions. A column's
text goes out in one unaligned 4-byte store (``store_text``, an LLVM store that numba has no
word for) rather than three byte stores: 22 ns a line of 16 columns instead of 29.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]  # llvmlite ships no type hints
from numba import njit, types, uint64
from numba.extending import intrinsic

_u = uint64  # an index known to be >= 0: spares numba's negative-index wraparound

_ZERO = ord("0")
_SPACE = ord(" ")
_NEWLINE = ord("\n")

#: ``format_columns``: values 0.._SMALL - 1 (two digits at most), each written as one
#: word (``word_table``) of which ``_CELL`` bytes at most, 2 or 3, count.
_SMALL = 100
_CELL = 3
#: ``format_ints``: decimal digits of the largest int64 (19), plus the separator.
_INT64_TEXT = 20


#: ``store_text``: the bytes one store writes (a column's text is at most three of them).
_WORD = 4
_WORD_BITS = 8 * _WORD


@intrinsic
def store_text(typingctx, buf, index, word):
    """Store the low ``_WORD`` bytes of ``word`` at ``buf[index]`` (a uint8 array), in one
    unaligned store: a column's text (``word_table``) in one instruction instead of three
    byte stores. The byte after the text is overwritten too, so ``buf`` needs one byte
    beyond the text; the next column's text or the newline covers it."""
    if not (isinstance(buf, types.Array) and buf.dtype == types.uint8):
        return None
    if not (isinstance(index, types.Integer) and isinstance(word, types.Integer)):
        return None
    sig = types.void(buf, index, word)

    def codegen(context, builder, signature, args):
        array, i, value = args
        data = context.make_array(signature.args[0])(context, builder, array).data
        target = builder.bitcast(builder.gep(data, [i]), ir.IntType(_WORD_BITS).as_pointer())
        value = context.cast(builder, value, signature.args[2], types.uint64)
        builder.store(builder.trunc(value, ir.IntType(_WORD_BITS)), target, align=1)
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True, inline="always")
def word_table(word, size):
    """Fill the table of column texts as words for ``store_text``: the bytes of ``word[v]``,
    lowest first, are the digits of ``v`` and a space, ``size[v]`` how many of them count
    (2 or 3)::

        v = 7:   '7' ' ' 0 0        size 2
        v = 12:  '1' '2' ' ' 0      size 3
    """
    for v in range(_SMALL):
        if v < 10:
            word[v] = (_ZERO + v) | (_SPACE << 8)
            size[v] = 2
        else:
            word[v] = (_ZERO + v // 10) | ((_ZERO + v % 10) << 8) | (_SPACE << 16)
            size[v] = 3


@njit(cache=True)
def format_columns(sols, k, buf):
    """Write the first ``k`` solutions of ``sols`` as text lines of space-separated column
    indices into the byte buffer ``buf``; returns the number of bytes written.

    Table-driven and branch-free: every value stores one word from a small table (``"d "``
    or ``"dd "``, ``store_text``) and the write position advances by its true length, so
    the unpredictable one-or-two-digit test never reaches the branch predictor. ``buf``
    needs ``3 * n * k + 1`` bytes; values must lie in 0..99.
    """
    n = sols.shape[1]
    word = np.empty(_SMALL, np.int64)
    size = np.empty(_SMALL, np.int64)
    word_table(word, size)
    p = 0
    for s in range(k):
        for i in range(n):
            v = _u(sols[_u(s), _u(i)])
            store_text(buf, p, word[v])
            p += size[v]
        buf[_u(p - 1)] = _NEWLINE  # the last separator of a line is its newline
    return p


@njit(cache=True, nogil=True)
def format_mirrored(sols, lo, hi, buf):
    """Write the mirror images (column c -> n - 1 - c) of ``sols[lo:hi]`` as text lines into
    ``buf``, last row first: mirroring reverses the lexicographic order, so these are the
    mirrors in increasing order. Returns the number of bytes; ``buf`` needs ``3 * n`` bytes
    per row and one more; values must lie in 0..n - 1 <= 99."""
    word = np.empty(_SMALL, np.int64)
    size = np.empty(_SMALL, np.int64)
    word_table(word, size)
    n = sols.shape[1]
    m = n - 1
    p = 0
    for s in range(hi - 1, lo - 1, -1):
        for i in range(n):
            v = _u(m - sols[_u(s), _u(i)])
            store_text(buf, p, word[v])
            p += size[v]
        buf[_u(p - 1)] = _NEWLINE
    return p


@njit(cache=True)
def format_ints(values, lo, hi, buf):
    """Write ``values[lo:hi]`` (non-negative ints) as space-separated decimal text into
    ``buf``; returns the number of bytes. ``buf`` needs 20 bytes per value."""
    p = 0
    digits = np.empty(_INT64_TEXT, np.uint8)
    for i in range(lo, hi):
        v = values[i]
        k = 0
        while True:
            digits[k] = _ZERO + v % 10
            v //= 10
            k += 1
            if v == 0:
                break
        for j in range(k - 1, -1, -1):
            buf[p] = digits[j]
            p += 1
        buf[p] = _SPACE
        p += 1
    return p
