"""The geometry of a maze, written once: the cells of the text grid, the rooms, the walls.

A maze is a grid of characters (:mod:`clew.maze.text`)::

    #########        row 0: wall                     '#' WALL   a wall
    #S....#.#        rooms at odd (row, column):     '.' OPEN   an open cell
    #####.#.#        (1, 1), (1, 3), ... ; between   'S' START  where the walk starts
    #.....#.#        two rooms, the cell that joins  'E' END    where it must arrive
    #.#####.#        them is open (a passage) or a
    #......E#        wall; the cells at even (row,
    #########        column) are always walls

Every solver works on the *cells of the text grid*: any cell that is not a wall can be
stepped on, and a step goes to one of the four neighbours (up, right, down, left), so a
hand-drawn maze need not follow the room layout. The generators build the room layout:
``width x height`` rooms make a grid of ``2 * height + 1`` rows and ``2 * width + 1``
columns, ``S`` in the top-left room and ``E`` in the bottom-right one.

The grid is kept as a numpy ``uint8`` array of the characters themselves (``ord('#')``...):
the text is its bytes, row by row, and reading or writing millions of cells is one numpy
operation, never a Python loop.

>>> text_shape(3, 2)
(5, 7)
>>> room_cell(0, 2)
(1, 5)
"""

from __future__ import annotations

__all__ = [
    "GENERATORS",
    "SOLVERS",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "END",
    "MAX_ROOMS",
    "OPEN",
    "START",
    "SYMBOLS",
    "WALL",
    "cell_name",
    "room_cell",
    "text_shape",
]

#: The generation methods: the recursive backtracker (long winding corridors, few dead
#: ends) and Wilson's algorithm (every spanning tree of the rooms equally likely). Here,
#: where nothing is imported, so that the help of ``clew maze`` reads them without numpy.
GENERATORS = ("backtracker", "wilson")
#: The solving methods: depth-first (the tutorials' walk with its steps back) and
#: breadth-first (a shortest path).
SOLVERS = ("dfs", "bfs")

#: The byte of each kind of cell (the character itself).
WALL = ord("#")
OPEN = ord(".")
START = ord("S")
END = ord("E")
#: The characters a maze file may hold, in the order the messages list them.
SYMBOLS = "#.SE"

#: The four steps, in the order every search tries them (clockwise from up): (row, column)
#: offsets. The kernels, the reference and the trace all follow this order, so that their
#: depth-first walks are the same walk.
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIRECTION_NAMES = ("up", "right", "down", "left")

#: The most rooms a generated maze may have: 8000 x 8000 rooms is a text grid of 256 million
#: cells (256 MB, and as much again for the generator's stack); cell numbers stay well below
#: 2**31, so the kernels keep them in int32 arrays.
MAX_ROOMS = 64_000_000


def text_shape(width: int, height: int) -> tuple[int, int]:
    """(rows, columns) of the text grid of ``width x height`` rooms."""
    return 2 * height + 1, 2 * width + 1


def room_cell(room_row: int, room_col: int) -> tuple[int, int]:
    """The (row, column) of the text grid where room (room_row, room_col) lies."""
    return 2 * room_row + 1, 2 * room_col + 1


def cell_name(row: int, col: int) -> str:
    """A cell as a person reads it, counting from 1: line and column of the text.

    >>> cell_name(0, 2)
    'line 1, column 3'
    """
    return f"line {row + 1}, column {col + 1}"
