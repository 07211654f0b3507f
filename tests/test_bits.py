"""Tests of clew._bits: the bitset word helpers, called from compiled code as the kernels
call them, on both word types, across the word boundaries and at the sign bit."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from clew._bits import WORD, add, bit, has, nwords, remove, word


@njit(cache=False)
def _fill(words, elements):
    """Add then test every element in compiled code; return the members found."""
    for e in elements:
        add(words, e)
    out = []
    for i in range(words.size * WORD):
        if has(words, i):
            out.append(i)
    return out


@njit(cache=False)
def _drop(words, elements):
    for e in elements:
        remove(words, e)


@njit(cache=False)
def _masks(i):
    return word(i), bit(i), nwords(i)


ELEMENTS = np.array([0, 1, 62, 63, 64, 127, 128, 191], np.int64)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_add_has_remove_keep_the_word_type(dtype):
    words = np.zeros(nwords(192), dtype)
    assert _fill(words, ELEMENTS) == list(ELEMENTS)
    assert words.dtype == dtype  # the masks are built in the array's own type
    assert int(np.uint64(words[0])) == (1 << 0) | (1 << 1) | (1 << 62) | (1 << 63)
    assert [int(np.uint64(w)) for w in words[1:]] == [1 | 1 << 63, 1 | 1 << 63]
    _drop(words, np.array([63, 128], np.int64))
    assert _fill(words, ELEMENTS[:0]) == [0, 1, 62, 64, 127, 191]
    _drop(words, np.array([63], np.int64))  # removing an absent element changes nothing
    assert _fill(words, ELEMENTS[:0]) == [0, 1, 62, 64, 127, 191]


@pytest.mark.parametrize("i", [0, 5, 63, 64, 65, 127, 128, 1000])
def test_word_and_bit_name_the_shifts(i):
    w, b, n = _masks(i)
    assert (w, n) == (i // 64, -(-i // 64))
    assert int(b) % 2**64 == 1 << (i % 64)
    lowest = (int(b) % 2**64).bit_length() - 1
    assert w * WORD + lowest == i  # the element back from its word and mask


def test_bit_is_int64_so_arithmetic_stays_integer():
    @njit(cache=False)
    def full(n):
        return bit(n) - 1  # the mask of n columns, as the queens kernels write it

    assert full(5) == 31
    assert str(full.nopython_signatures[0].return_type) == "int64"


def test_word_constant_is_defined_once():
    from clew import _bits

    assert _bits.WORD == 64 == 1 << _bits._WORD_SHIFT
