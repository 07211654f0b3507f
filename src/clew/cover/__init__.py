"""Exact cover: Knuth's Algorithm X with dancing links, secondary items and colours.

(Filled in as the package grows.)
"""

from .problem import Compiled, CoverInputError, Problem

__all__ = ["Compiled", "CoverInputError", "Problem"]
