"""What the models share: the cell type and the checks of their arguments."""

from __future__ import annotations

from ..problem import CoverInputError

__all__ = ["Cell"]

#: A square of a board: (row, column).
Cell = tuple[int, int]


def _size(n, name: str, low: int = 1) -> int:
    """``n`` as an int >= ``low``, else :class:`CoverInputError`."""
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise CoverInputError(f"{name} must be an integer, got {n!r}")
    n = n.__index__()
    if n < low:
        raise CoverInputError(f"{name} must be at least {low}, got {n}")
    return n


def _check_piece_name(name) -> None:
    """A piece name must be a valid item name (the rules of :class:`Problem`)."""
    if not isinstance(name, str):
        raise CoverInputError(f"piece name must be a string, got {name!r}")
    if not name:
        raise CoverInputError("piece name is empty")
    for bad in (":", "|"):
        if bad in name:
            raise CoverInputError(f"piece name {name!r} contains {bad!r}")
    if any(ch.isspace() for ch in name):
        raise CoverInputError(f"piece name {name!r} contains white space")


def _expect(problem, kind: type, maker: str):
    if not isinstance(problem, kind):
        raise TypeError(f"expected a problem built by {maker}(), got {problem!r}")
    return problem
