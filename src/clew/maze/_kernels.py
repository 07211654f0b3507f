"""The maze kernels: generation (recursive backtracker, Wilson's), depth-first and
breadth-first solving, counting simple paths. Numba, iterative, explicit stacks.

Every kernel takes the text grid as a flat ``uint8`` array of characters (``grid[row * cols
+ col]``, see :mod:`clew.maze.geometry`) and its number of columns; cells are numbered
``row * cols + col`` and kept in int32 arrays (at most :data:`~clew.maze.geometry.MAX_ROOMS`
rooms keeps them far below 2**31). No recursion anywhere, so the size of a maze is bounded by
memory alone, never by a stack.

Per-cell state of the searches, one byte per cell of the text grid::

    mark[cell] = 0            never reached
    mark[cell] = 1 + d        on the walk (or reached), next direction to try is d (0..3)
    mark[cell] = 1 + 4        every direction tried: a dead end once it is left

    came[cell] = 1 + d        BFS: reached by a step in direction d (so the parent is one
                              step back against d); ARRIVED_FIRST for the start

    mark/came = BLOCKED       a wall, or the frame of one cell around the grid that spares
                              every step a bounds check

The directions are those of :data:`clew.maze.geometry.DIRECTIONS` (up, right, down, left).

The random numbers come from splitmix64, written here over uint64 so that a seed gives the
same maze on every machine and with every numpy (numpy's generators may change their
streams between versions; this one cannot). Every uint64 operation keeps both operands
uint64: numba would turn uint64 mixed with int64 into a float.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .geometry import DIRECTIONS, OPEN, WALL

# Row and column offsets of the four directions, as constant arrays for the kernels.
_DR = np.array([d[0] for d in DIRECTIONS], dtype=np.int64)
_DC = np.array([d[1] for d in DIRECTIONS], dtype=np.int64)
_NDIR = 4
#: mark value of a cell whose four directions have all been tried.
_EXHAUSTED = 1 + _NDIR
#: came value of the start cell of a breadth-first search.
_ARRIVED_FIRST = 1 + _NDIR
#: a wall, or the frame of blocked cells around the grid (see _padded).
_BLOCKED = 255

# splitmix64 constants (Steele, Lea and Flood, "Fast splittable pseudorandom number
# generators", 2014), as uint64 so that no operation leaves uint64.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)  # a draw keeps the top 32 bits


@njit(cache=True)
def _next(rng):
    """The next 64-bit output of splitmix64; ``rng`` is a uint64 array of one element."""
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def _below(rng, k):
    """A number in 0 .. k - 1, for small k: the top 32 bits times k, divided by 2**32 (a
    multiplication instead of a division; the bias, below k / 2**32, is far beneath what
    any test of a maze can see)."""
    return np.int64(((_next(rng) >> _S32) * np.uint64(k)) >> _S32)


@njit(cache=True)
def _room_neighbours(room, width, height, out):
    """The directions from ``room`` that stay inside the rooms, into ``out``; their count."""
    r = room // width
    c = room - r * width
    k = 0
    for d in range(_NDIR):
        nr = r + _DR[d]
        nc = c + _DC[d]
        if 0 <= nr < height and 0 <= nc < width:
            out[k] = d
            k += 1
    return k


@njit(cache=True)
def _open_room(grid, cols, room, width):
    r = room // width
    c = room - r * width
    grid[(2 * r + 1) * cols + 2 * c + 1] = OPEN


@njit(cache=True)
def _open_wall(grid, cols, room, d, width):
    """Open the wall cell between ``room`` and its neighbour in direction ``d``."""
    r = room // width
    c = room - r * width
    grid[(2 * r + 1 + _DR[d]) * cols + 2 * c + 1 + _DC[d]] = OPEN


@njit(cache=True, nogil=True)
def generate_backtracker(width, height, seed, grid):
    """Carve a perfect maze into ``grid`` (flat, all WALL, ``(2h+1) x (2w+1)``) with the
    recursive backtracker: from a random room, walk to a random unvisited neighbour, carving
    the wall between, and step back along the stack when every neighbour is visited."""
    cols = 2 * width + 1
    n = width * height
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = seed
    visited = np.zeros(n, dtype=np.uint8)
    stack = np.empty(n, dtype=np.int32)
    options = np.empty(_NDIR, dtype=np.int64)
    start = _below(rng, n)
    visited[start] = 1
    _open_room(grid, cols, start, width)
    stack[0] = start
    top = 1
    while top > 0:
        room = stack[top - 1]
        r = room // width
        c = room - r * width
        k = 0
        for d in range(_NDIR):
            nr = r + _DR[d]
            nc = c + _DC[d]
            if 0 <= nr < height and 0 <= nc < width and visited[nr * width + nc] == 0:
                options[k] = d
                k += 1
        if k == 0:
            top -= 1
            continue
        d = options[_below(rng, k)]
        nxt = (r + _DR[d]) * width + c + _DC[d]
        _open_wall(grid, cols, room, d, width)
        _open_room(grid, cols, nxt, width)
        visited[nxt] = 1
        stack[top] = nxt
        top += 1


@njit(cache=True, nogil=True)
def generate_wilson(width, height, seed, grid):
    """Carve a uniform spanning tree of the rooms into ``grid`` with Wilson's algorithm: a
    random room is the tree; from each room outside it, in room order, a random walk runs
    until it meets the tree, and its loop-erased path joins the tree. Keeping only the last
    exit of each room of the walk is the loop erasure: following the exits from the start of
    the walk gives its path without loops."""
    cols = 2 * width + 1
    n = width * height
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = seed
    in_tree = np.zeros(n, dtype=np.uint8)
    exit_dir = np.zeros(n, dtype=np.uint8)
    options = np.empty(_NDIR, dtype=np.int64)
    root = _below(rng, n)
    in_tree[root] = 1
    _open_room(grid, cols, root, width)
    for first in range(n):
        if in_tree[first]:
            continue
        room = first
        r = room // width
        c = room - r * width
        while in_tree[room] == 0:
            if 0 < r < height - 1 and 0 < c < width - 1:
                d = _below(rng, _NDIR)  # inside: all four ways lead to a room
            else:
                d = options[_below(rng, _room_neighbours(room, width, height, options))]
            exit_dir[room] = d
            r += _DR[d]
            c += _DC[d]
            room = r * width + c
        room = first
        while in_tree[room] == 0:
            in_tree[room] = 1
            d = exit_dir[room]
            _open_room(grid, cols, room, width)
            _open_wall(grid, cols, room, d, width)
            room += _DR[d] * width + _DC[d]


@njit(cache=True)
def _padded(grid, rows, cols):
    """The grid inside a frame of blocked cells, one byte per cell: BLOCKED for a wall or the
    frame, 0 for an open cell. With the frame, a step is ``cell + offset`` with no bounds
    check and no division (padded cells: ``(row + 1) * (cols + 2) + col + 1``)."""
    pc = cols + 2
    state = np.full((rows + 2) * pc, _BLOCKED, dtype=np.uint8)
    for r in range(rows):
        base = (r + 1) * pc + 1
        for c in range(cols):
            if grid[r * cols + c] != WALL:
                state[base + c] = 0
    return state


@njit(cache=True)
def _offsets(cols):
    pc = cols + 2
    out = np.empty(_NDIR, dtype=np.int64)
    for d in range(_NDIR):
        out[d] = _DR[d] * pc + _DC[d]
    return out


@njit(cache=True)
def _unpad(cells, top, cols):
    """Cells of the padded grid back to cells of the grid."""
    pc = cols + 2
    out = np.empty(top, dtype=np.int32)
    for i in range(top):
        r = cells[i] // pc - 1
        out[i] = r * cols + cells[i] - (r + 1) * pc - 1
    return out


@njit(cache=True)
def _count_open(grid):
    k = 0
    for i in range(grid.size):
        if grid[i] != WALL:
            k += 1
    return k


@njit(cache=True, nogil=True)
def solve_dfs(grid, rows, cols, start, end):
    """Depth-first search from ``start`` to ``end``, directions in the fixed order.

    Returns ``(path, nodes, backtracks)``: the cells of the walk's path from start to end
    (empty when there is none), the steps forward (cells entered) and the steps back (cells
    left as dead ends). When the end is found, ``len(path) - 1 == nodes - backtracks``.
    """
    pc = cols + 2
    mark = _padded(grid, rows, cols)  # 0 open and unseen, 1 + d, BLOCKED
    off = _offsets(cols)
    stack = np.empty(_count_open(grid), dtype=np.int32)
    s = (start // cols + 1) * pc + start % cols + 1
    e = (end // cols + 1) * pc + end % cols + 1
    stack[0] = s
    mark[s] = 1
    top = 1
    nodes = 0
    backtracks = 0
    while top > 0:
        cell = stack[top - 1]
        if cell == e:
            return _unpad(stack, top, cols), nodes, backtracks
        d = mark[cell] - 1
        moved = False
        while d < _NDIR:
            nxt = cell + off[d]
            d += 1
            if mark[nxt] == 0:
                mark[cell] = 1 + d
                mark[nxt] = 1
                stack[top] = nxt
                top += 1
                nodes += 1
                moved = True
                break
        if not moved:
            mark[cell] = _EXHAUSTED
            top -= 1
            if top > 0:  # leaving the start is giving up, not a step back
                backtracks += 1
    return _unpad(stack, 0, cols), nodes, backtracks


@njit(cache=True, nogil=True)
def solve_bfs(grid, rows, cols, start, end):
    """Breadth-first search: a shortest path from ``start`` to ``end``.

    Returns ``(path, nodes, 0)``: the cells of the path (empty when there is none) and the
    cells taken from the queue (the end included). Neighbours are queued in the fixed order
    of the directions, so among shortest paths the one found is always the same.
    """
    pc = cols + 2
    came = _padded(grid, rows, cols)  # 0 open and unreached, 1 + d, ARRIVED_FIRST, BLOCKED
    off = _offsets(cols)
    queue = np.empty(_count_open(grid), dtype=np.int32)
    s = (start // cols + 1) * pc + start % cols + 1
    e = (end // cols + 1) * pc + end % cols + 1
    queue[0] = s
    came[s] = _ARRIVED_FIRST
    head = 0
    tail = 1
    nodes = 0
    while head < tail:
        cell = queue[head]
        head += 1
        nodes += 1
        if cell == e:
            break
        for d in range(_NDIR):
            nxt = cell + off[d]
            if came[nxt] == 0:
                came[nxt] = 1 + d
                queue[tail] = nxt
                tail += 1
    if came[e] == 0:
        return _unpad(queue, 0, cols), nodes, 0
    length = 1
    cell = e
    while cell != s:  # walk back against the arrival directions
        cell -= off[came[cell] - 1]
        length += 1
    path = np.empty(length, dtype=np.int32)
    cell = e
    for i in range(length - 1, -1, -1):
        path[i] = cell
        if i > 0:
            cell -= off[came[cell] - 1]
    return _unpad(path, length, cols), nodes, 0


@njit(cache=True, nogil=True)
def count_paths(grid, rows, cols, start, end, limit):
    """The number of simple paths (no cell twice) from ``start`` to ``end``, up to
    ``limit`` (0: all), and the steps forward taken: ``(count, nodes)``.

    A depth-first search that marks only the cells of the current path, so a cell is
    entered again from another path: exponential on open grids, linear on a perfect maze.
    """
    pc = cols + 2
    mark = _padded(grid, rows, cols)
    off = _offsets(cols)
    stack = np.empty(_count_open(grid), dtype=np.int32)
    s = (start // cols + 1) * pc + start % cols + 1
    e = (end // cols + 1) * pc + end % cols + 1
    stack[0] = s
    mark[s] = 1
    top = 1
    count = 0
    nodes = 0
    while top > 0:
        cell = stack[top - 1]
        if cell == e:
            count += 1
            mark[cell] = 0
            top -= 1
            if limit > 0 and count >= limit:
                break
            continue
        d = mark[cell] - 1
        if d == _NDIR:
            mark[cell] = 0  # off the path: another path may cross it
            top -= 1
            continue
        mark[cell] += 1
        nxt = cell + off[d]
        if mark[nxt] == 0:
            mark[nxt] = 1
            stack[top] = nxt
            top += 1
            nodes += 1
    return count, nodes


@njit(cache=True, nogil=True)
def survey(data, a, b):
    """One pass over ``data`` (uint8): how many times each byte value occurs, and the first
    two positions of the bytes ``a`` and ``b`` (-1 where there is none): ``(counts, where)``
    with ``where = [a first, a second, b first, b second]``. What reading a maze needs to
    check it and find S and E, without a temporary array of the grid's size."""
    counts = np.zeros(256, dtype=np.int64)
    where = np.full(4, -1, dtype=np.int64)
    for i in range(data.size):
        x = data[i]
        counts[x] += 1
        if x == a:
            if where[0] < 0:
                where[0] = i
            elif where[1] < 0:
                where[1] = i
        elif x == b:
            if where[2] < 0:
                where[2] = i
            elif where[3] < 0:
                where[3] = i
    return counts, where
