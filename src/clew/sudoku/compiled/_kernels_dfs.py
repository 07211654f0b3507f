"""The resumable depth-first search that the general and the shape kernels share.

A kernel brings its two steps as numba functions and its tables as one named tuple; the
driver here owns the search state and the loop::

    propagate(cand, tables, queue, head, tail) -> bool   False on a contradiction; the
                                                        cells queue[head:tail] are solved
                                                        but not yet removed from their peers
    choose(cand, tables, root) -> cell                  the branching cell, NO_CELL when
                                                        every cell is solved (root: the
                                                        first choice, after the givens)

The state of one search is a :class:`Search` of arrays (:func:`new_search` sizes it for a
grid of ``cells`` cells): ``S[d]`` the candidate masks at depth ``d`` (one int64 per cell,
bit ``d - 1`` for digit ``d``), ``branch[d]`` the cell branched on and ``untried[d]`` its
digits not tried yet, ``queue`` the newly solved cells, and ``meta``::

    meta[META_DEPTH]    the current depth
    meta[META_FOUND]    solutions found so far
    meta[META_DONE]     DONE once the search is over (exhausted, at its limit, or the givens
                        contradict each other), RUNNING before
    meta[META_NODES]    digits tried since start, counted under a budget of nodes

The functions taking the steps are inlined into each caller (``_kernels.search``,
``_kernels_shape.search``, ...; ``inline="always"``), whose cache entries hold them. Called
apart, they would receive the steps as pointers to Python objects, which numba refuses to
cache ("dynamic globals"); inlined, each call of a step is a direct call, as if written in
the caller, and the search costs what it cost when each kernel had its own copy.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from ..._bits import ctz64

# the search's state between calls: meta[META_DEPTH], meta[META_FOUND], ...
META_DEPTH = 0
META_FOUND = 1
META_DONE = 2
META_NODES = 3
META_WORDS = 4
# values of meta[META_DONE]
RUNNING = 0
DONE = 1
#: ``untried[0]`` after :func:`start`: the root is not expanded yet (it may be the solution)
ROOT_PENDING = -1
#: what ``choose`` returns when every cell is solved
NO_CELL = -1
#: what a step returns for the candidates removed when it finds a contradiction
CONTRADICTION = -1
#: above any number of candidates (at most 25): "no unsolved cell seen yet" in ``choose``
NO_COUNT = 99
#: ``budget`` of :func:`search` that sets no bound on the digits tried
NO_BUDGET = -1
#: the fewest candidates an unsolved cell can have: ``choose`` stops looking at the first
FEWEST = 2

#: The arrays of one search (see the module docstring).
Search = namedtuple("Search", ["S", "branch", "untried", "meta", "queue"])


@njit(cache=True)
def new_search(cells):
    """The arrays of a search over ``cells`` cells: a depth per cell at most, and the root."""
    return Search(
        np.empty((cells + 2, cells), np.int64),
        np.empty(cells + 2, np.int64),
        np.empty(cells + 2, np.int64),
        np.zeros(META_WORDS, np.int64),
        np.empty(cells * 2 + 2, np.int64),
    )


@njit(cache=True)
def write(cand, out):
    """The digits of a solved grid's masks into ``out`` (int8, one cell each)."""
    for cell in range(cand.shape[0]):
        out[cell] = ctz64(cand[cell]) + 1


@njit(inline="always")
def start(puzzle, full, tables, propagate, choose, state):
    """Load ``puzzle`` (int8 cells, 0 = blank; a blank may be any digit of ``full``) into
    depth 0 and propagate. Returns False when the givens already contradict each other."""
    S, branch, untried, meta, queue = state
    tail = 0
    for cell in range(puzzle.shape[0]):
        v = puzzle[cell]
        if v == 0:
            S[0, cell] = full
        else:
            S[0, cell] = 1 << (v - 1)
            queue[tail] = cell
            tail += 1
    meta[META_DEPTH] = 0
    meta[META_FOUND] = 0
    meta[META_DONE] = RUNNING
    meta[META_NODES] = 0
    if not propagate(S[0], tables, queue, 0, tail):
        meta[META_DONE] = DONE
        return False
    branch[0] = choose(S[0], tables, True)
    untried[0] = ROOT_PENDING  # the root itself may be the solution: checked by search
    return True


@njit(inline="always")
def search(tables, propagate, choose, state, limit, out, written, budget):
    """Run or resume the search prepared by :func:`start`.

    Counts solutions into ``meta[META_FOUND]`` and writes each into ``out[written]``,
    ``out[written + 1]``, ...; stops at ``limit`` solutions (``limit <= 0``: no limit),
    after ``budget`` digits tried (:data:`NO_BUDGET`: no bound) or, resumable, when ``out`` is
    full. An ``out`` of zero rows means "count only". Returns the new ``written``;
    ``meta[META_DONE] == DONE`` once the search is over (exhausted or at its limit).
    """
    S, branch, untried, meta, queue = state
    cap = out.shape[0]
    d = meta[META_DEPTH]
    if meta[META_DONE]:
        return written
    if untried[0] == ROOT_PENDING and d == 0:
        # the root: solved by propagation alone, or the first branching cell
        if branch[0] < 0:  # NO_CELL: the root is solved
            meta[META_FOUND] += 1
            if cap > 0:
                write(S[0], out[written])
                written += 1
            meta[META_DONE] = DONE
            return written
        untried[0] = S[0, branch[0]]
    while d >= 0:
        if limit > 0 and meta[META_FOUND] >= limit:
            meta[META_DONE] = DONE
            break
        if cap > 0 and written >= cap:
            break
        rem = untried[d]
        if rem == 0:
            d -= 1
            continue
        if budget >= 0:
            if meta[META_NODES] >= budget:
                break  # resumable: the state is as it was before this digit
            meta[META_NODES] += 1
        bit = rem & -rem
        untried[d] = rem ^ bit
        child = S[d + 1]
        child[:] = S[d]
        cell = branch[d]
        child[cell] = bit
        queue[0] = cell
        if not propagate(child, tables, queue, 0, 1):
            continue
        nxt = choose(child, tables, False)
        if nxt < 0:  # NO_CELL: a solution
            meta[META_FOUND] += 1
            if cap > 0:
                write(child, out[written])
                written += 1
            continue
        d += 1
        branch[d] = nxt
        untried[d] = child[nxt]
    if d < 0:
        meta[META_DONE] = DONE
    meta[META_DEPTH] = max(d, 0)
    return written


@njit(inline="always")
def count(puzzle, tables, start, search, state, limit, one, solution):
    """The solutions of ``puzzle`` up to ``limit``, by a kernel's own ``start(puzzle,
    tables, state)`` and ``search(tables, state, limit, out, written)`` (compiled once in
    its module, called here, not inlined again); the first one is written into
    ``solution`` (left as it was when there is none). ``one`` is a scratch (1, cells)
    array."""
    if not start(puzzle, tables, state):
        return 0
    # the first solution into ``one``, then count on without writing
    if search(tables, state, limit, one, 0):
        solution[:] = one[0]
    search(tables, state, limit, one[:0], 0)
    return state.meta[META_FOUND]
