"""Exact cover: Knuth's Algorithm X with dancing links, secondary items, colours and
multiplicities.

Vocabulary
----------
item
    Something to be covered. A *primary* item must be covered exactly once, a *secondary*
    item at most once.
option
    A set of items that are covered together (one row of the 0/1 matrix). A solution is a set
    of options covering every primary item exactly once and no secondary item twice.
colour
    A secondary item written ``x:red`` in an option: options that give ``x`` the same colour
    may share it (Knuth's Algorithm C, his program DLX2).
multiplicity
    Bounds ``lo:hi`` on a primary item: covered at least ``lo`` and at most ``hi`` times
    (Knuth's Algorithm M, his program DLX3; ``Problem(..., bounds={item: (lo, hi)})``).
dancing links
    The doubly linked lists of the kernel: taking an option out and putting it back are a few
    pointer updates each, so the search undoes its choices exactly and cheaply.

Items are any hashable values (strings, ints, tuples). Functions take a :class:`Problem`
or lists of items, a 0/1 matrix or a file in Knuth's format (:func:`as_problem`,
:mod:`clew.cover.knuth`): :func:`solutions` (a generator),
:func:`count` (optionally on every core), :func:`solve`, :func:`is_cover` /
:func:`check_cover` (the verifier), :func:`trace` (the events of the search). Models: :func:`pentominoes` and any
:func:`polyomino_tiling`, :func:`langford`, :func:`queens`, :func:`sudoku`,
:func:`rook_matrices`, :func:`queen_domination` and :func:`polyomino_packing` (several
copies of a piece), the last three with multiplicities, each with a function turning a
solution back into a picture.

>>> from clew import cover
>>> cover.count([["a", "b"], ["a"], ["b"]])
2
"""

from . import knuth
from .models import (
    PENTOMINOES,
    count_up_to_symmetry,
    draw_langford,
    draw_tiling,
    langford,
    langford_count,
    pentominoes,
    polyomino_tiling,
    queens,
    queens_columns,
    rook_matrices,
    rook_matrix,
    sudoku,
    sudoku_grid,
    tiling_counts,
    tilings,
)
from .packing import polyomino_packing
from .queendom import queen_domination, queen_squares
from .problem import Compiled, CoverInputError, Problem
from .counting import CoverCount, count
from .solver import Search, as_problem, check_cover, is_cover, prefixes, reduce, solutions, solve
from .trace import trace

__all__ = [
    "PENTOMINOES",
    "Compiled",
    "CoverInputError",
    "Problem",
    "Search",
    "as_problem",
    "check_cover",
    "CoverCount",
    "count",
    "count_up_to_symmetry",
    "draw_langford",
    "draw_tiling",
    "is_cover",
    "knuth",
    "langford",
    "langford_count",
    "pentominoes",
    "polyomino_packing",
    "polyomino_tiling",
    "prefixes",
    "queen_domination",
    "queen_squares",
    "queens",
    "queens_columns",
    "reduce",
    "rook_matrices",
    "rook_matrix",
    "solutions",
    "solve",
    "sudoku",
    "sudoku_grid",
    "tiling_counts",
    "tilings",
    "trace",
]
