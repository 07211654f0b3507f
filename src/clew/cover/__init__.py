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
:func:`check_cover` (the verifier), :func:`trace` (the events of the search). Models
(:mod:`clew.cover.models`): :func:`pentominoes` and any
:func:`polyomino_tiling`, :func:`langford`, :func:`queens`, :func:`sudoku`,
:func:`rook_matrices`, :func:`queen_domination` and :func:`polyomino_packing` (several
copies of a piece), the last three with multiplicities, each with a function turning a
solution back into a picture.

>>> from clew import cover
>>> cover.count([["a", "b"], ["a"], ["b"]])
2
"""

import importlib
from typing import Any

from .._lazy import lazy_names
from .engines import ENGINES
from .trace import (
    trace,
)  # light (numpy comes with a trace); imported here so that `trace` stays the function

# Every other public name is loaded on first use (PEP 562): the help of `clew cover` reads
# ENGINES without loading numpy or numba.
#: Public name -> the submodule that defines it, imported on first access.
_LAZY = {
    **dict.fromkeys(
        (
            "PENTOMINOES",
            "count_up_to_symmetry",
            "draw_langford",
            "draw_tiling",
            "langford",
            "langford_count",
            "pentominoes",
            "polyomino_tiling",
            "queens",
            "queens_columns",
            "rook_matrices",
            "rook_matrix",
            "sudoku",
            "sudoku_grid",
            "tiling_counts",
            "tilings",
        ),
        "models",
    ),
    **dict.fromkeys(("polyomino_packing", "queen_domination", "queen_squares"), "models"),
    **dict.fromkeys(("Compiled", "CoverInputError", "Problem"), "problem"),
    **dict.fromkeys(("CoverCount", "count"), "counting"),
    **dict.fromkeys(("Search", "prefixes", "reduce", "solutions", "solve"), "solver"),
    "as_problem": "forms",
    **dict.fromkeys(("check_cover", "is_cover"), "verify"),
}

_lazy_getattr, __dir__ = lazy_names(__name__, _LAZY)


def __getattr__(name: str) -> Any:  # a lazily loaded name: any of the module's
    if name == "knuth":  # a public submodule: Knuth's format
        return importlib.import_module(".knuth", __name__)
    return _lazy_getattr(name)


__all__ = [
    "ENGINES",
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
