"""The verifier of a path through a maze, written apart from every solver.

It reads the maze only through its text (a list of strings) and trusts nothing of the
search: the path must start on ``S``, end on ``E``, move one cell up, down, left or right at
each step, never stand on a wall or outside the grid, and (as the path of a walk, not a
wander) visit no cell twice.
"""

from __future__ import annotations

from ..errors import InvalidSolutionError

__all__ = ["check_path", "is_path"]


def _rows(maze: object) -> list[str]:
    text = maze if isinstance(maze, str) else str(maze)
    return [line.rstrip("\r") for line in text.split("\n") if line.rstrip("\r")]


def _at(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


def _cells(path: object) -> list[tuple[int, int]]:
    """The cells of ``path`` as pairs of ints; anything else is refused in one line."""
    if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
        raise InvalidSolutionError(f"a path is a sequence of (row, column) cells, got {path!r:.60}")
    cells = []
    for i, cell in enumerate(path):
        try:
            r, c = cell
            if any(isinstance(x, bool) or not hasattr(x, "__index__") for x in (r, c)):
                raise TypeError
            cells.append((r.__index__(), c.__index__()))
        except (TypeError, ValueError):
            raise InvalidSolutionError(
                f"cell {i + 1} of the path is not a (row, column) pair of integers: {cell!r:.40}"
            ) from None
    return cells


def check_path(maze: object, path: object) -> None:
    """Raise :class:`~clew.errors.InvalidSolutionError` unless ``path`` walks from S to E.

    Parameters
    ----------
    maze : Maze or str
        The maze, or its text.
    path : sequence of (row, column)
        The cells of the path, counting from 0, from S to E.

    The messages count the cells of the path from 1 (S is cell 1) and name a cell of the grid
    by its row and column from 1 (``r1c3``).

    Examples
    --------
    >>> check_path("S.#\\n#.E\\n", [(0, 0), (0, 1), (1, 1), (1, 2)])
    >>> check_path("S.#\\n#.E\\n", [(0, 0), (0, 1), (0, 2), (1, 2)])
    Traceback (most recent call last):
    ...
    clew.errors.InvalidSolutionError: cell 3 of the path stands on a wall at r1c3
    """
    rows = _rows(maze)
    cells = _cells(path)
    if not cells:
        raise InvalidSolutionError("the path is empty")
    seen = set()
    for i, (r, c) in enumerate(cells):
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            raise InvalidSolutionError(f"cell {i + 1} of the path leaves the grid at {_at(r, c)}")
        if rows[r][c] == "#":
            raise InvalidSolutionError(f"cell {i + 1} of the path stands on a wall at {_at(r, c)}")
        if (r, c) in seen:
            raise InvalidSolutionError(f"cell {i + 1} of the path comes back to {_at(r, c)}")
        seen.add((r, c))
        if i > 0:
            pr, pc = cells[i - 1]
            if abs(r - pr) + abs(c - pc) != 1:
                raise InvalidSolutionError(
                    f"cell {i + 1} of the path jumps from {_at(pr, pc)} to {_at(r, c)}, not a "
                    "neighbour"
                )
    first, last = cells[0], cells[-1]
    if rows[first[0]][first[1]] != "S":
        raise InvalidSolutionError(f"the path starts at {_at(*first)}, not on S")
    if rows[last[0]][last[1]] != "E":
        raise InvalidSolutionError(f"the path ends at {_at(*last)}, not on E")


def is_path(maze: object, path: object) -> bool:
    """Whether :func:`check_path` accepts ``path``."""
    try:
        check_path(maze, path)
    except InvalidSolutionError:
        return False
    return True
