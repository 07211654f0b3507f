"""Counting small boards in the interpreter: the whole process is faster without the compiler.

The compiled counter pays a fixed price before it visits its first node: importing numba
(about 0.35 s on a 2-core AMD EPYC) and, on the first kernel call of a process, loading
numba's lowering registries and the cached machine code (0.3 to 0.6 s more). A small board
is counted by plain Python bit tricks in a few milliseconds, so ``clew queens count 8``
would spend nearly all its time waiting for a compiler it does not need. Up to
:data:`SMALL_N` the count runs here; above, the interpreter's 50-fold slower nodes cost
more than the compiler's start (measured: ``python benchmarks/startup_bench.py``).

The search is the classic bitboard backtracker: ``cols``, ``left`` and ``right`` are the
columns and the two diagonals attacked on the current row, ``free & -free`` the lowest free
square. The total uses mirror halving (a solution and its mirror image differ in the first
row unless n = 1); the fundamental count follows from Burnside's lemma as in
:func:`clew.queens.counting.count`, with the solutions fixed by a half and a quarter turn
found by enumerating them.

>>> counts(8)
(92, 12)
>>> count(10)
724
"""

from __future__ import annotations

__all__ = ["SMALL_N", "count", "counts"]

#: Largest board counted in the interpreter. At n = 11 the interpreter needs about 0.1 s
#: (mirror halving) and the compiled path's fixed start is still larger; at n = 13 the
#: interpreter takes seconds.
SMALL_N = 11


def _count_rows(n: int, cols: int, left: int, right: int, row: int) -> int:
    """Completions of the board from ``row`` on, the attacked squares given as masks."""
    full = (1 << n) - 1
    if row == n:
        return 1
    total = 0
    free = full & ~(cols | left | right)
    while free:
        bit = free & -free
        free ^= bit
        total += _count_rows(n, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1, row + 1)
    return total


def count(n: int) -> int:
    """Number of solutions of the n x n board (OEIS A000170), counted in the interpreter.

    Mirror halving: every solution with its first queen in the left half has a mirror image
    with it in the right half; an odd board adds the solutions with that queen in the middle.
    """
    if n == 1:
        return 1
    full = (1 << n) - 1
    total = 0
    for col in range(n // 2):
        bit = 1 << col
        total += _count_rows(n, bit, (bit << 1) & full, bit >> 1, 1)
    total *= 2
    if n % 2:
        bit = 1 << (n // 2)
        total += _count_rows(n, bit, (bit << 1) & full, bit >> 1, 1)
    return total


def _solutions(n: int):
    """Every solution, as the column of each row (bit order), depth first."""
    full = (1 << n) - 1
    placed = [0] * n

    def place(row: int, cols: int, left: int, right: int):
        if row == n:
            yield tuple(placed)
            return
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            placed[row] = bit.bit_length() - 1
            yield from place(row + 1, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)

    yield from place(0, 0, 0, 0)


def counts(n: int) -> tuple[int, int]:
    """Total and fundamental number of solutions, ``(A000170(n), A002562(n))``.

    By Burnside's lemma the fundamental count is ``(total + F180 + 2 * F90) / 8``, where F180
    and F90 count the solutions a half turn and a quarter turn map onto themselves (no
    reflection fixes a solution of a board larger than 1).
    """
    if n == 1:
        return 1, 1
    total = half = quarter = 0
    last = n - 1
    for sol in _solutions(n):
        total += 1
        # a half turn maps the queen (r, c) to (n-1-r, n-1-c)
        if all(sol[last - r] == last - c for r, c in enumerate(sol)):
            half += 1
            # a quarter turn maps (r, c) to (c, n-1-r)
            if all(sol[c] == last - r for r, c in enumerate(sol)):
                quarter += 1
    burnside = total + half + 2 * quarter
    if burnside % 8:
        raise RuntimeError(f"Burnside's lemma violated for n={n}: the interpreted counter is wrong")
    return total, burnside // 8
