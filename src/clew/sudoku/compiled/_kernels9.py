"""numba kernel specialised to 9x9 Sudoku: per-digit band bitboards (the batch fast path).

The general kernel (:mod:`clew.sudoku.compiled._kernels`) keeps one candidate mask per cell,
so every deduction walks cells and peer lists. For the classic size, the same search runs
much faster when the state is turned around: one bitboard per *digit*, cut into the three horizontal
bands of 27 cells, so that a whole band of one digit is updated with a few word operations
(the representation of JCZSolve-style solvers; the code here is our own).

Layout
------
The state of a search node is :data:`NODE` (32) int64 words, ``st[o : o + NODE]``::

    st[o + 3*d + b]          digit d+1's candidates in band b (27 bits, cells included once solved)
    st[o + UNSOLVED + b]     the cells of band b not yet solved (words 27, 28, 29)
    st[o + BRANCH]           the search: the cell branched on here (``(b << PICK_SHIFT) + p``)
    st[o + UNTRIED]          the search: its digits not tried yet (bit d)

The bits of a band word, and the masks over it, are drawn next to their constants below.

Propagation (``_propagate``)
----------------------------
Words whose candidates changed are *dirty* (bit ``3*d + b`` of a 27-bit mask). For a dirty
word:

* **band matching** -- within one band a digit occupies one cell in each of the three rows
  and in each of the three boxes, i.e. a permutation row -> box. ``shrink`` folds the word
  into a 3x3 "mini-row" matrix (row r has a candidate in box x); ``match`` keeps the
  mini-rows that lie on some permutation inside that matrix (0 if none: contradiction).
  This one table step covers pointing and claiming (locked candidates) within the band;
* **hidden singles** in the rows and boxes of the band: a row or box with one candidate left.

When no word is dirty: **naked singles** in the bands that changed (bit-sliced once/twice
counts of each band's cells over the nine digits); when those find nothing, **stack
matching** for each digit that changed: the same permutation rule on bands x columns within
each stack (which also catches the hidden singles of columns). Cheap steps first: this order
is about 5% faster than the other. Every placement removes the digit from the cell's row,
box and column and the cell from the other eight digits, marking what changed dirty.

Search (``solve``)
------------------
Iterative depth-first search over copies of the 32-word node (one per depth; the last digit
tried at a node works in the node itself, no copy). The branching cell is one with the fewest
candidates, ties broken towards the most unsolved peers (``_choose``); the search stops at
``limit`` solutions (``limit <= 0``: no limit).
"""

from __future__ import annotations

import itertools

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64
from .. import geometry

# ---------------------------------------------------------------------------------------------
# A (digit, band) word: the cells of one band where one digit can still go, one bit per cell,
# bit p = 9 * row_in_band + column; bits 27..63 stay 0. Band 0 is rows 1-3 of the grid, band 1
# rows 4-6, band 2 rows 7-9. The bits, laid out as the cells of the band:
#
#                box 0      box 1      box 2
#             c0 c1 c2 | c3 c4 c5 | c6 c7 c8
#    row 0:    0  1  2 |  3  4  5 |  6  7  8       ROW0    = 0x0001FF   row r:    ROW0 << 9r
#    row 1:    9 10 11 | 12 13 14 | 15 16 17       BOX0    = 0x1C0E07   box x:    BOX0 << 3x
#    row 2:   18 19 20 | 21 22 23 | 24 25 26       COLUMN0 = 0x040201   column c: COLUMN0 << c
#
# and as the word, high bits on the left:
#
#    63        27 26          18 17           9 8            0
#   [  0 ... 0   | row 2: c8..c0 | row 1: c8..c0 | row 0: c8..c0 ]
#
# A set of words (the dirty words, the words changed since a step last ran) is an int with
# bit 3*d + b for the word of digit d+1 in band b:
#
#    26   25   24   23   22   21        2    1    0
#   [d8b2 d8b1 d8b0 d7b2 d7b1 d7b0 ... d0b2 d0b1 d0b0]
#
#   the three words of digit d+1: TRIPLE << 3d; the nine words of band b: BAND0_WORDS << b
# ---------------------------------------------------------------------------------------------

#: a whole band word: every one of its 27 cells
ALL27 = (1 << 27) - 1
#: cells in a band (a band word's width)
BAND_CELLS = 27
#: row 0 of a band word (bits 0..8); row r is ``ROW0 << 9 * r``
ROW0 = 0x1FF
#: box 0 of a band word (bits 0-2, 9-11, 18-20); box x is ``BOX0 << 3 * x``
BOX0 = 0x1C0E07
#: column 0 of a band word (bits 0, 9, 18); column c is ``COLUMN0 << c``. Multiplying a
#: 9-bit set of columns by it spreads those columns to the three rows of the band.
COLUMN0 = 0x40201
#: three adjacent bits: one row of a 3x3 matrix (``match9``), the columns of one stack in a
#: 9-bit set of columns, the three words of one digit in a dirty set
TRIPLE = 7
#: bits 0, 3, ..., 24 of a dirty set: the nine words of band 0 (band b: ``<< b``)
BAND0_WORDS = 0x1249249

# the words of a search node
#: words of one search node
NODE = 32
#: ``st[o + UNSOLVED + b]``: the unsolved cells of band b
UNSOLVED = 27
#: words 0 .. POSITION - 1 hold the position (candidates, unsolved cells): what a child copies
POSITION = 30
#: ``st[o + BRANCH]``: the cell this node branches on, as ``(b << PICK_SHIFT) + p``
BRANCH = 30
#: ``st[o + UNTRIED]``: the digits not tried yet at this node (bit d for digit d + 1)
UNTRIED = 31
#: nodes on the stack: one per depth of at most 81 guesses, and spares for the copies
DEPTHS = 83

# a picked cell: band b and bit p in one int, ``(b << PICK_SHIFT) + p``
PICK_SHIFT = 5
PICK_BIT = (1 << PICK_SHIFT) - 1
#: what ``_choose`` returns when every cell is solved
NO_CELL = -1

# the passes of ``_choose``: cells with exactly two candidates, then three, then any unsolved
# cell (all have four or more by then)
WANT_TWO = 2
WANT_THREE = 3
WANT_ANY = 4


def tables() -> tuple[np.ndarray, ...]:
    """``(shrink, match, peer, column, match9)``: the band kernel's lookup tables (int64).

    * ``shrink[row9]``: which of the 3 boxes a 9-bit row segment has candidates in;
    * ``match9[m]``: for a 3x3 0/1 matrix ``m`` (bit ``3*i + j``), the union of the
      permutation matrices inside it (0 when there is none). Used on rows x boxes of a band
      and on bands x columns of a stack;
    * ``match[m]``: ``match9[m]`` spread to the 27 cells of a band (a kept mini-row keeps
      its three cells);
    * ``peer[p]``: the cells sharing a row or box with band bit ``p``, ``p`` excluded;
    * ``column[p]``: the three bits of ``p``'s column in a band word.
    """
    shrink = np.zeros(ROW0 + 1, np.int64)
    for row in range(ROW0 + 1):
        shrink[row] = sum(1 << x for x in range(3) if row & (TRIPLE << (3 * x)))
    perms = [
        sum(1 << (3 * i + j) for i, j in enumerate(perm))
        for perm in itertools.permutations(range(3))
    ]
    match9 = np.zeros(1 << 9, np.int64)  # every 3x3 0/1 matrix
    match = np.zeros(1 << 9, np.int64)
    for m in range(1 << 9):
        keep = 0
        for bits in perms:
            if m & bits == bits:
                keep |= bits
        match9[m] = keep
        match[m] = sum(
            TRIPLE << (9 * r + 3 * x) for r in range(3) for x in range(3) if keep >> (3 * r + x) & 1
        )
    # band bit p is cell p of band 0, so the band's geometry is the grid's, cut to 27 cells:
    # within a band, the peers of a cell are those of its row and box (its column's cells in
    # the band are in its box)
    peers, columns = geometry.peers(3), geometry.columns(3)
    peer = np.zeros(BAND_CELLS, np.int64)
    column = np.zeros(BAND_CELLS, np.int64)
    for p in range(BAND_CELLS):
        peer[p] = sum(1 << q for q in peers[p] if q < BAND_CELLS)
        column[p] = sum(1 << q for q in columns[p % 9] if q < BAND_CELLS)
    return shrink, match, peer, column, match9


@njit(cache=True, inline="always")
def _place(st, o, d, b, p, peer, column):
    """Digit ``d`` (0-based) goes to bit ``p`` of band ``b``. Returns the dirty words.

    Branch-free: which words lose a bit depends on the puzzle, so branches on it would be
    mispredicted about half the time."""
    m = 1 << p
    st[o + UNSOLVED + b] &= ~m
    w = 3 * d + b
    v = st[o + w]
    dirty = 0
    for e in range(9):  # the cell leaves every digit's word ...
        x = 3 * e + b
        y = st[o + x]
        st[o + x] = y & ~m
        dirty |= ((y >> p) & 1) << x
    nv = v & ~peer[p]  # ... but its own digit's, which loses the row and box instead
    st[o + w] = nv
    dirty = (dirty & ~(1 << w)) | (np.int64(nv != v) << w)
    col = column[p]
    for b2 in range(3):  # and the digit leaves the column in the other bands
        if b2 != b:
            w = 3 * d + b2
            v = st[o + w]
            st[o + w] = v & ~col
            dirty |= np.int64((v & col) != 0) << w
    return dirty


@njit(cache=True)
def _propagate(st, o, dirty, shrink, match, peer, column, match9):
    """Deduce until nothing changes; False on a contradiction.

    ``dirty`` words get the band step; ``naked`` and ``cols`` collect every word changed
    since the naked-single step and the digit step last ran, so that those steps visit only
    the bands and digits where something happened."""
    cols = dirty
    naked = dirty
    while True:
        while dirty:
            w = ctz64(dirty)
            dirty &= dirty - 1
            d = w // 3
            b = w - 3 * d
            s = st[o + w]
            # band matching: rows x boxes must hold a permutation
            s &= match[shrink[s & ROW0] | (shrink[(s >> 9) & ROW0] << 3) | (shrink[s >> 18] << 6)]
            if s == 0:
                return False
            st[o + w] = s
            # hidden singles in the band's rows and boxes
            one = 0
            for x in range(3):
                r = s & (ROW0 << (9 * x))
                if r & (r - 1) == 0:
                    one |= r
                bx = s & (BOX0 << (3 * x))
                if bx & (bx - 1) == 0:
                    one |= bx
            one &= st[o + UNSOLVED + b]
            while one:
                p = ctz64(one)
                one &= one - 1
                if not (st[o + w] >> p) & 1:
                    return False  # an earlier single of this word took the place
                new = _place(st, o, d, b, p, peer, column)
                dirty |= new
                cols |= new
                naked |= new
        # naked singles, in the bands where something changed
        for b in range(3):
            if not naked & (BAND0_WORDS << b):
                continue
            once = 0
            twice = 0
            for d in range(9):
                m = st[o + 3 * d + b]
                twice |= once & m
                once |= m
            u = st[o + UNSOLVED + b]
            if u & ~once:
                return False  # a cell with no candidate
            ns = u & ~twice
            while ns:
                p = ctz64(ns)
                ns &= ns - 1
                found = -1
                for d in range(9):
                    if (st[o + 3 * d + b] >> p) & 1:
                        found = d
                        break
                if found < 0:
                    return False
                new = _place(st, o, found, b, p, peer, column)
                dirty |= new
                cols |= new
        naked = dirty
        if dirty:
            continue
        # digit step: stack matching (this also finds every hidden single of a column: a
        # column with one place left keeps only its band in the stack, which leaves one
        # place in that box for the band step)
        for d in range(9):
            if not (cols >> (3 * d)) & TRIPLE:
                continue
            a0 = st[o + 3 * d]
            a1 = st[o + 3 * d + 1]
            a2 = st[o + 3 * d + 2]
            # f_b: the columns where the digit can still go in band b
            f0 = (a0 | (a0 >> 9) | (a0 >> 18)) & ROW0
            f1 = (a1 | (a1 >> 9) | (a1 >> 18)) & ROW0
            f2 = (a2 | (a2 >> 9) | (a2 >> 18)) & ROW0
            # stack matching: in each stack, columns x bands must hold a permutation
            k0 = 0
            k1 = 0
            k2 = 0
            for s3 in range(0, 9, 3):
                kept = match9[
                    ((f0 >> s3) & TRIPLE)
                    | (((f1 >> s3) & TRIPLE) << 3)
                    | (((f2 >> s3) & TRIPLE) << 6)
                ]
                if kept == 0:
                    return False
                k0 |= (kept & TRIPLE) << s3
                k1 |= ((kept >> 3) & TRIPLE) << s3
                k2 |= ((kept >> 6) & TRIPLE) << s3
            if k0 != f0:
                a0 &= k0 * COLUMN0  # the kept columns, in all three rows of the band
                st[o + 3 * d] = a0
                dirty |= 1 << (3 * d)
            if k1 != f1:
                a1 &= k1 * COLUMN0
                st[o + 3 * d + 1] = a1
                dirty |= 1 << (3 * d + 1)
            if k2 != f2:
                a2 &= k2 * COLUMN0
                st[o + 3 * d + 2] = a2
                dirty |= 1 << (3 * d + 2)
        naked |= dirty
        cols = dirty
        if dirty == 0:
            return True


@njit(cache=True, inline="always")
def _choose(st, o, peer):
    """The branching cell as ``(b << PICK_SHIFT) + p``, :data:`NO_CELL` when every cell is solved.

    Among the cells with the fewest candidates (two, else three, ...), the one with the
    most unsolved cells in its row, box and column: its digit removes the most candidates,
    so propagation goes furthest. On top1465 this needs about half the guesses of taking
    the first such cell."""
    best = NO_CELL
    score = -1
    for want in range(WANT_TWO, WANT_ANY + 1):
        for b in range(3):
            u = st[o + UNSOLVED + b]
            if u == 0:
                continue
            # bit-sliced counts of candidates per cell: at least 1, 2, 3, 4
            c1 = 0
            c2 = 0
            c3 = 0
            c4 = 0
            for d in range(9):
                m = st[o + 3 * d + b]
                c4 |= c3 & m
                c3 |= c2 & m
                c2 |= c1 & m
                c1 |= m
            if want == WANT_TWO:
                pool = u & c2 & ~c3
            elif want == WANT_THREE:
                pool = u & c3 & ~c4
            else:
                pool = u
            while pool:
                p = ctz64(pool)
                pool &= pool - 1
                col = COLUMN0 << (p % 9)
                # the column's unsolved cells of the three bands, shifted apart, in one word
                down = (
                    (st[o + UNSOLVED] & col)
                    | ((st[o + UNSOLVED + 1] & col) << 1)
                    | ((st[o + UNSOLVED + 2] & col) << 2)
                )
                sc = popcount64(u & peer[p]) + popcount64(down)
                if sc > score:
                    score = sc
                    best = (b << PICK_SHIFT) + p
        if best >= 0:
            return best
    return best


@njit(cache=True, inline="always")
def _digits(st, o, pick):
    """The candidate digits (bit ``d``) of cell ``pick`` = ``(b << PICK_SHIFT) + p``."""
    b = pick >> PICK_SHIFT
    p = pick & PICK_BIT
    mask = 0
    for d in range(9):
        mask |= ((st[o + 3 * d + b] >> p) & 1) << d
    return mask


@njit(cache=True)
def _write(st, o, out):
    for d in range(9):
        for b in range(3):
            s = st[o + 3 * d + b]
            while s:
                p = ctz64(s)
                s &= s - 1
                out[BAND_CELLS * b + p] = d + 1


@njit(cache=True)
def solve(puzzle, limit, out, stack, shrink, match, peer, column, match9):
    """Count the solutions of one 9x9 ``puzzle`` (81 int8, 0 = blank) up to ``limit``
    (``<= 0``: all) and write the first into ``out``. ``stack`` holds ``DEPTHS * NODE`` int64."""
    for w in range(POSITION):
        stack[w] = ALL27
    # the root node at offset 0, a literal: numba compiles _propagate for it apart (most
    # 17-clue puzzles need no guess: this copy, with its offsets folded, is 10% faster on
    # them). ``dirty`` an int64 from the start: as a literal 0, numba would type the call
    # with it first and compile a third copy
    root = 0
    dirty = np.int64(0)
    for cell in range(81):
        v = puzzle[cell]
        if v:
            b = cell // BAND_CELLS
            p = cell - BAND_CELLS * b
            d = v - 1
            if not (stack[3 * d + b] >> p) & 1 or not (stack[UNSOLVED + b] >> p) & 1:
                return 0  # the givens contradict each other
            dirty |= _place(stack, root, d, b, p, peer, column)
    if not _propagate(stack, root, dirty, shrink, match, peer, column, match9):
        return 0
    pick = _choose(stack, root, peer)
    if pick < 0:
        _write(stack, root, out)
        return 1
    stack[BRANCH] = pick
    stack[UNTRIED] = _digits(stack, root, pick)
    found = 0
    depth = 0
    while depth >= 0:
        top = depth * NODE
        rem = stack[top + UNTRIED]
        if rem == 0:
            depth -= 1
            continue
        d = ctz64(rem)
        rem &= rem - 1
        stack[top + UNTRIED] = rem
        pick = stack[top + BRANCH]
        if rem:
            here = depth + 1  # more digits to try here later: work on a copy
            o = here * NODE
            for w in range(POSITION):
                stack[o + w] = stack[top + w]
        else:
            here = depth  # the last digit: this node's state is not needed again
            o = top
        placed = _place(stack, o, d, pick >> PICK_SHIFT, pick & PICK_BIT, peer, column)
        if not _propagate(stack, o, placed, shrink, match, peer, column, match9):
            continue
        pick = _choose(stack, o, peer)
        if pick < 0:
            found += 1
            if found == 1:
                _write(stack, o, out)
            if limit > 0 and found >= limit:
                return found
            continue
        depth = here
        stack[o + BRANCH] = pick
        stack[o + UNTRIED] = _digits(stack, o, pick)
    return found


@njit(cache=True, nogil=True)
def solve_batch(puzzles, limit, counts, solutions, shrink, match, peer, column, match9):
    """:func:`solve` for every row of ``puzzles`` (int8, shape (P, 81)): counts up to
    ``limit`` into ``counts``, first solutions into ``solutions``. One call per file chunk."""
    stack = np.empty(DEPTHS * NODE, np.int64)
    for i in range(puzzles.shape[0]):
        counts[i] = solve(
            puzzles[i], limit, solutions[i], stack, shrink, match, peer, column, match9
        )
    return 0
