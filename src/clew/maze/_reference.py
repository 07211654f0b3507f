"""Plain Python mazes: the textbook versions of every kernel, the oracle of the tests.

Written apart from :mod:`clew.maze._kernels` (no shared code, its own random numbers and its
own grid as a list of strings), but making the same choices in the same order, so that the
tests can ask for *equal* answers: the same maze from the same seed, the same depth-first
walk, the same shortest path, the same count.
"""

from __future__ import annotations

from collections import deque

_MASK = (1 << 64) - 1
# up, right, down, left: the order every search of clew tries
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class SplitMix64:
    """splitmix64 over Python integers."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        return ((self.next() >> 32) * k) >> 32


def _blank(width: int, height: int) -> list[list[str]]:
    return [["#"] * (2 * width + 1) for _ in range(2 * height + 1)]


def _finish(rows: list[list[str]]) -> list[str]:
    rows[1][1] = "S"
    rows[-2][-2] = "E"
    return ["".join(row) for row in rows]


def _inside(width: int, height: int, r: int, c: int) -> list[int]:
    return [d for d, (dr, dc) in enumerate(_STEPS) if 0 <= r + dr < height and 0 <= c + dc < width]


def backtracker(width: int, height: int, seed: int) -> list[str]:
    """The recursive backtracker (with a list as its stack), as rows of text."""
    rng = SplitMix64(seed)
    rows = _blank(width, height)
    start = rng.below(width * height)
    seen = {divmod(start, width)}
    stack = [divmod(start, width)]
    rows[2 * stack[0][0] + 1][2 * stack[0][1] + 1] = "."
    while stack:
        r, c = stack[-1]
        fresh = [
            d
            for d in _inside(width, height, r, c)
            if (r + _STEPS[d][0], c + _STEPS[d][1]) not in seen
        ]
        if not fresh:
            stack.pop()
            continue
        dr, dc = _STEPS[fresh[rng.below(len(fresh))]]
        rows[2 * r + 1 + dr][2 * c + 1 + dc] = "."
        rows[2 * (r + dr) + 1][2 * (c + dc) + 1] = "."
        seen.add((r + dr, c + dc))
        stack.append((r + dr, c + dc))
    return _finish(rows)


def wilson(width: int, height: int, seed: int) -> list[str]:
    """Wilson's algorithm: loop-erased random walks, each until it meets the tree."""
    rng = SplitMix64(seed)
    rows = _blank(width, height)
    root = divmod(rng.below(width * height), width)
    tree = {root}
    rows[2 * root[0] + 1][2 * root[1] + 1] = "."
    for first in range(width * height):
        room = divmod(first, width)
        if room in tree:
            continue
        # the walk, with its loops erased as they close
        walk = [room]
        while walk[-1] not in tree:
            r, c = walk[-1]
            options = _inside(width, height, r, c)
            dr, dc = _STEPS[options[rng.below(len(options))]]
            nxt = (r + dr, c + dc)
            if nxt in walk:
                del walk[walk.index(nxt) + 1 :]
            else:
                walk.append(nxt)
        for (r, c), (r2, c2) in zip(walk, walk[1:], strict=False):
            rows[2 * r + 1][2 * c + 1] = "."
            rows[r + r2 + 1][c + c2 + 1] = "."
            tree.add((r, c))
    return _finish(rows)


def _find(rows: list[str], letter: str) -> tuple[int, int]:
    for r, row in enumerate(rows):
        if letter in row:
            return r, row.index(letter)
    raise ValueError(f"no {letter}")


def _open(rows: list[str], r: int, c: int) -> bool:
    return 0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] != "#"


def dfs(rows: list[str]) -> tuple[list[tuple[int, int]] | None, int, int]:
    """The tutorials' depth-first search, recursive: (path or None, nodes, backtracks)."""
    start, end = _find(rows, "S"), _find(rows, "E")
    seen = {start}
    path = [start]
    counters = {"nodes": 0, "backtracks": 0}

    def walk(cell) -> bool:
        if cell == end:
            return True
        for dr, dc in _STEPS:
            nxt = (cell[0] + dr, cell[1] + dc)
            if _open(rows, *nxt) and nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                counters["nodes"] += 1
                if walk(nxt):
                    return True
                path.pop()
                counters["backtracks"] += 1
        return False

    found = walk(start)
    return (path if found else None), counters["nodes"], counters["backtracks"]


def bfs(rows: list[str]) -> list[tuple[int, int]] | None:
    """A shortest path by breadth-first search, or None."""
    start, end = _find(rows, "S"), _find(rows, "E")
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == end:
            path = []
            step: tuple[int, int] | None = cell
            while step is not None:
                path.append(step)
                step = parent[step]
            return path[::-1]
        for dr, dc in _STEPS:
            nxt = (cell[0] + dr, cell[1] + dc)
            if _open(rows, *nxt) and nxt not in parent:
                parent[nxt] = cell
                queue.append(nxt)
    return None


def distances(rows: list[str]) -> dict[tuple[int, int], int]:
    """Steps from S to every cell reachable from it."""
    start = _find(rows, "S")
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for dr, dc in _STEPS:
            nxt = (cell[0] + dr, cell[1] + dc)
            if _open(rows, *nxt) and nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def count_paths(rows: list[str], limit: int | None = None) -> int:
    """Simple paths from S to E, recursively, stopping at ``limit``."""
    start, end = _find(rows, "S"), _find(rows, "E")
    on_path = {start}
    count = 0

    def walk(cell) -> bool:  # True: the limit is reached, stop
        nonlocal count
        if cell == end:
            count += 1
            return limit is not None and count >= limit
        for dr, dc in _STEPS:
            nxt = (cell[0] + dr, cell[1] + dc)
            if _open(rows, *nxt) and nxt not in on_path:
                on_path.add(nxt)
                stop = walk(nxt)
                on_path.discard(nxt)
                if stop:
                    return True
        return False

    walk(start)
    return count
