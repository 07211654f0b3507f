"""Exceptions raised by clew.

Every error a user can cause derives from :class:`ClewError` (itself a ``ValueError``), so a
caller can catch one type; the message is one line that names the offending value.
"""

from __future__ import annotations


def one_line(text) -> str:
    """A message (or an exception) on one line, its runs of white space made single
    spaces, as clew reports an error: ``clew: error: ...`` or a record's ``error``.

    >>> one_line(ValueError("no place   for 4"))
    'no place for 4'
    """
    return " ".join(str(text).split())


class ClewError(ValueError):
    """Base class of every input error raised by clew."""


class BoardSizeError(ClewError):
    """A board size outside what the called function supports."""


class InvalidSolutionError(ClewError):
    """A candidate solution that breaks a rule; the message names the rule and the squares."""


def check_size(n, *, name: str = "n", low: int = 1, high: int) -> int:
    """Return ``n`` as an int if ``low <= n <= high``, else raise :class:`BoardSizeError`.

    Booleans and non-integral values are refused: ``count(True)`` is a bug, not 1-queens.
    """
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise BoardSizeError(f"{name} must be an integer, got {n!r}")
    n = n.__index__()
    if n < low or n > high:
        raise BoardSizeError(f"{name} must be between {low} and {high}, got {n}")
    return n
