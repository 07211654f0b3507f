"""The bitset tables of the engines "bits" and "multiplicity" (on bitsets), built once per
problem from its :class:`~clew.cover.problem.Compiled` arrays with numpy.

A set of options (or of primary items) is a row of :data:`~clew._bits.WORD`-bit words:
element o is bit ``o % WORD`` of word ``o // WORD``. The tables are built as uint64 and
handed to the kernels as int64 views (the kernels' words).

>>> from clew.cover import Problem
>>> c = Problem([["a", "b"], ["a"], ["b"]]).compiled
>>> [int(w) for w in bit_tables(c)[0][:, 0]]     # item a: options 0 and 1; item b: 0 and 2
[3, 5]
"""

from __future__ import annotations

import numpy as np

from .._bits import WORD
from .compiled._kernels_mbits import MBitStacks, MBitTables
from .problem import Compiled

__all__ = ["bit_tables", "mbit_stacks", "mbit_tables", "take_bits"]

_ONE = np.uint64(1)


def _words(n: int) -> int:
    """The words of a set of ``n`` elements."""
    return -(-n // WORD)


def _masks(elements: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The word and the uint64 mask of each element."""
    return elements // WORD, np.left_shift(_ONE, (elements % WORD).astype(np.uint64))


def _all_options(levels: int, words: int, m: int) -> np.ndarray:
    """A stack of sets of options, ``levels`` rows of ``words`` words, row 0 holding all
    ``m`` options."""
    A = np.zeros((levels, words), np.uint64)
    A[0] = ~np.uint64(0)
    if m % WORD:
        A[0, -1] = (_ONE << np.uint64(m % WORD)) - _ONE
    return A


def _by_item(c: Compiled, owner: np.ndarray) -> np.ndarray:
    """Row i: the options with item i."""
    by_item = np.zeros((c.n_items, _words(len(c.starts) - 1)), np.uint64)
    word, bit = _masks(owner)
    np.bitwise_or.at(by_item, (c.items, word), bit)
    return by_item


def bit_tables(c: Compiled) -> tuple:
    """The bitset engine's tables and stacks for a compiled problem (see
    :func:`clew.cover.compiled._kernels.bits_search`): ``(item_opts, conflict, opt_cov, full,
    A, cov, cand, cur, chosen)``."""
    m = len(c.starts) - 1
    words = _words(m)
    pwords = max(1, _words(c.n_primary))
    owner = np.repeat(np.arange(m), np.diff(c.starts))  # the option of each (option, item) entry
    word, bit = _masks(owner)
    by_item = _by_item(c, owner)
    # the options of each (item, colour)
    keys = {
        key: k
        for k, key in enumerate(
            sorted(
                set(
                    zip(
                        c.items[c.colours > 0].tolist(),
                        c.colours[c.colours > 0].tolist(),
                        strict=False,
                    )
                )
            )
        )
    }
    by_colour = np.zeros((max(1, len(keys)), words), np.uint64)
    entry_key = np.array(
        [
            keys.get((i, col), -1) if col else -1
            for i, col in zip(c.items.tolist(), c.colours.tolist(), strict=False)
        ],
        np.int64,
    )
    coloured = entry_key >= 0
    if coloured.any():
        np.bitwise_or.at(by_colour, (entry_key[coloured], word[coloured]), bit[coloured])
    # what each (option, item) entry rules out, then OR-ed per option
    rules_out = by_item[c.items]
    if coloured.any():
        rules_out[coloured] &= ~by_colour[entry_key[coloured]]
    conflict = np.zeros((m, words), np.uint64)
    np.bitwise_or.at(conflict, owner, rules_out)
    item_opts = by_item[: max(1, c.n_primary)] if c.n_primary else np.zeros((1, words), np.uint64)
    opt_cov = np.zeros((m, pwords), np.uint64)
    prim = c.items < c.n_primary
    pword, pbit = _masks(c.items[prim])
    np.bitwise_or.at(opt_cov, (owner[prim], pword), pbit)
    full = np.zeros(pwords, np.uint64)
    np.bitwise_or.at(full, *_masks(np.arange(c.n_primary)))
    depth = c.n_primary + 2
    A = _all_options(depth, words, m)
    cov = np.zeros((depth, pwords), np.uint64)
    cand = np.zeros((depth, words), np.uint64)
    cur = np.zeros(depth, np.int64)
    chosen = np.zeros(depth, np.int64)
    as_int = [x.view(np.int64) for x in (item_opts, conflict, opt_cov, full, A, cov, cand)]
    return (*as_int, cur, chosen)


def take_bits(bits: tuple, taken: tuple[int, ...]) -> bool:
    """Start the bitset search with the options ``taken`` chosen; True if they clash."""
    item_opts, conflict, opt_cov, full, A, cov, cand, cur, chosen = bits
    for o in taken:
        if not (A[0, o // WORD] >> (o % WORD)) & 1:
            return True
        A[0] &= ~conflict[o]
        cov[0] |= opt_cov[o]
    return False


def mbit_tables(c: Compiled) -> tuple:
    """The read-only tables of the bitset Algorithm M
    (:mod:`clew.cover.compiled._kernels_mbits`): ``(OPTS, SEC, PRIM, PSTART, has_sec)``,
    shared by every search of a problem."""
    m = len(c.starts) - 1
    words = _words(m)
    owner = np.repeat(np.arange(m), np.diff(c.starts))  # the option of each (option, item) entry
    word, bit = _masks(owner)
    by_item = _by_item(c, owner)
    opts = np.zeros((c.n_primary + 1, words), np.uint64)  # row j: primary item j (1-based)
    opts[1:] = by_item[: c.n_primary]
    # what each secondary entry rules out: the options with its item, less those agreeing
    # on its colour
    sec = np.zeros((m, words), np.uint64)
    second = c.items >= c.n_primary
    if second.any():
        rules_out = by_item[c.items[second]]
        agree: dict[tuple[int, int], list[int]] = {}
        for k in np.flatnonzero(second & (c.colours > 0)).tolist():
            agree.setdefault((int(c.items[k]), int(c.colours[k])), []).append(k)
        for entries in agree.values():
            same = np.zeros(words, np.uint64)
            np.bitwise_or.at(same, word[entries], bit[entries])
            rows = np.searchsorted(np.flatnonzero(second), entries)
            rules_out[rows] &= ~same
        np.bitwise_or.at(sec, owner[second], rules_out)
    prim = ~second
    pstart = np.zeros(m + 1, np.int64)
    np.add.at(pstart, owner[prim] + 1, 1)
    pstart = np.cumsum(pstart)
    prim_items = (c.items[prim] + 1).astype(np.int64)  # owner order: options in turn
    return opts.view(np.int64), sec.view(np.int64), prim_items, pstart, bool(second.any())


def mbit_stacks(
    mbits: tuple, bound: np.ndarray, slack: np.ndarray, levels: int
) -> tuple[MBitTables, MBitStacks]:
    """The arguments of :func:`clew.cover.compiled._kernels_mbits.search` before ``meta``:
    the shared tables with ``bound`` and ``slack``, and the fresh per-level sets of one
    search."""
    opts, sec, prim, pstart, has_sec = mbits
    A = _all_options(levels, opts.shape[1], len(pstart) - 1)
    n_primary = opts.shape[0] - 1
    ACT = np.zeros((levels, _words(n_primary + 1)), np.uint64)
    np.bitwise_or.at(ACT[0], *_masks(np.arange(1, n_primary + 1)))  # bit j: item j (not 0)
    tables = MBitTables(opts, sec, prim, pstart, bound, slack, has_sec)
    stacks = MBitStacks(
        A.view(np.int64),
        ACT.view(np.int64),
        np.zeros_like(A).view(np.int64),
        np.zeros(levels, np.int64),
        np.zeros(levels, np.int64),
    )
    return tables, stacks
