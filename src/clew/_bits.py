"""Bit helpers shared by the numba kernels: the intrinsics and the bitset words.

numba has no portable ``count trailing zeros`` or ``popcount`` for integers, and the
loop-based versions cost O(width) per call, which the enumeration kernels would pay once per
placed queen or digit. :func:`ctz64` and :func:`popcount64` emit LLVM's ``cttz`` / ``ctpop``,
which compile to single instructions (``tzcnt`` / ``popcnt``) on current x86-64 and ARM cores.

A bitset longer than one word is an array of :data:`WORD`-bit words: element ``i`` is bit
``i % 64`` of word ``i // 64``. The kernels name these steps instead of writing ``>> 6``,
``& 63`` and ``* 64`` by hand:

* :func:`word` and :func:`bit`: the word of element ``i`` and its int64 mask in that word
  (``bit(c)`` is also the mask of column ``c`` of a one-word board, ``bit(n) - 1`` its n
  columns);
* :func:`has`, :func:`add`, :func:`remove`: test, set and clear element ``i`` of an array of
  words (int64 or uint64: the mask takes the array's own type, so no value leaves it);
* :func:`nwords`: the words a set of ``n`` elements needs; ``w * WORD + ctz64(x)`` is the
  element of the lowest bit ``x`` of word ``w``.

How they compile, measured on the queens kernels (warm CPU time of the n = 15 count, a
fresh ``NUMBA_CACHE_DIR`` for the cold compile): a helper that numba compiles as a function
of its own (plain ``@njit``) is inlined by LLVM only after the caller has been optimised
without it, and cost 6-9% of the warm speed (``1 << cttz(x)`` no longer folds to ``x``); an
``inline="always"`` one costs nothing warm but is compiled again into every caller. So
:func:`word` and :func:`bit` are intrinsics, like :func:`ctz64`: a few LLVM instructions at
the call site, with no numba function to compile. :func:`has`, :func:`add` and
:func:`remove`, which index an array, are ``inline="always"``.

Intrinsics run only inside compiled code; the examples call them through ``njit``:

>>> import numpy as np
>>> from numba import njit
>>> words = np.zeros(nwords(130), np.uint64)
>>> add(words, 3); add(words, 129)
>>> [int(w) for w in words]
[8, 0, 2]
>>> bool(has(words, 129)), bool(has(words, 128))
(True, False)
>>> remove(words, 129); int(words[2])
0
>>> njit(lambda i: (word(i), bit(i)))(129), WORD
((2, 2), 64)
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]  # llvmlite ships no type hints
from numba import njit, types
from numba.extending import intrinsic

__all__ = ["WORD", "add", "bit", "ctz64", "has", "nwords", "popcount64", "remove", "word"]

#: Bits in one word of a bitset array (an int64 or uint64).
WORD = 64
#: ``i >> _WORD_SHIFT`` is ``i // WORD`` and ``i & _BIT_MASK`` is ``i % WORD`` for i >= 0.
_WORD_SHIFT = 6
_BIT_MASK = WORD - 1
_I64 = ir.IntType(64)


def _int64(context, builder, signature, value):
    """``value`` (any integer type) as an LLVM int64."""
    return context.cast(builder, value, signature.args[0], types.int64)


@intrinsic
def word(typingctx, i):
    """The index of the word that holds element ``i`` (``i >> 6``, an int64)."""
    if not isinstance(i, types.Integer):
        return None
    sig = types.int64(i)

    def codegen(context, builder, signature, args):
        return builder.ashr(
            _int64(context, builder, signature, args[0]), ir.Constant(_I64, _WORD_SHIFT)
        )

    return sig, codegen


@intrinsic
def bit(typingctx, i):
    """The int64 mask of element ``i`` in its word: ``1 << (i & 63)``.

    int64, the type of the kernels' one-word masks, so that ``bit(n) - 1`` stays an integer
    (numba turns uint64 mixed with int64 in arithmetic into a float); bit 63 is the sign bit,
    which the bitwise operators treat as any other."""
    if not isinstance(i, types.Integer):
        return None
    sig = types.int64(i)

    def codegen(context, builder, signature, args):
        shift = builder.and_(
            _int64(context, builder, signature, args[0]), ir.Constant(_I64, _BIT_MASK)
        )
        return builder.shl(ir.Constant(_I64, 1), shift)

    return sig, codegen


@njit(cache=True, inline="always")
def has(words, i):
    """Whether element ``i`` is in the bitset ``words``.

    >>> import numpy as np
    >>> bool(has(np.array([0, 4], np.int64), 66))
    True
    """
    return ((words[np.uint64(i) >> _WORD_SHIFT] >> (i & _BIT_MASK)) & 1) != 0


@njit(cache=True, inline="always")
def add(words, i):
    """Put element ``i`` in the bitset ``words`` (in place).

    The mask is built in the array's own type, so a uint64 word stays uint64.

    >>> import numpy as np
    >>> w = np.zeros(2, np.int64); add(w, 64); int(w[1])
    1
    """
    one = words.dtype.type(1)
    words[np.uint64(i) >> _WORD_SHIFT] |= one << (i & _BIT_MASK)


@njit(cache=True, inline="always")
def remove(words, i):
    """Take element ``i`` out of the bitset ``words`` (in place).

    >>> import numpy as np
    >>> w = np.full(1, 7, np.uint64); remove(w, 1); int(w[0])
    5
    """
    one = words.dtype.type(1)
    words[np.uint64(i) >> _WORD_SHIFT] &= ~(one << (i & _BIT_MASK))


@njit(cache=True)
def nwords(n):
    """The number of words a bitset of ``n`` elements needs (``ceil(n / 64)``).

    >>> nwords(0), nwords(64), nwords(65)
    (0, 1, 2)
    """
    return (n + _BIT_MASK) >> _WORD_SHIFT


@intrinsic
def ctz64(typingctx, x):
    """Index of the lowest set bit of a non-zero int64 (undefined for 0)."""
    if not isinstance(x, types.Integer):
        return None
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        return builder.cttz(val, ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@intrinsic
def popcount64(typingctx, x):
    """Number of set bits of an int64."""
    if not isinstance(x, types.Integer):
        return None
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        return builder.ctpop(val)

    return sig, codegen
