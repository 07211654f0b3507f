"""Tilings counted up to the symmetries of their board."""

from __future__ import annotations

from ..solver import solutions
from ._common import Cell, _expect
from .polyominoes import _REFLECTIONS, _ROTATIONS, TilingProblem, _transform


def board_symmetries(problem: TilingProblem) -> list[dict[Cell, Cell]]:
    """The symmetries of a tiling problem: the rotations and reflections of the board onto
    itself that map every placement (option) of every piece onto a placement of the same
    piece, each as a map of the board's cells (the identity first).

    Such a symmetry maps solutions to solutions, so they fall into classes
    (:func:`count_up_to_symmetry`). A rectangle has 4 (8 if square) when pieces may be
    turned over; with ``reflections=False``, chiral pieces leave only the rotations.

    Examples
    --------
    >>> from clew.cover.models.polyominoes import pentominoes, scott_pentominoes
    >>> len(board_symmetries(pentominoes(10, 6))), len(board_symmetries(scott_pentominoes()))
    (4, 8)
    """
    problem = _expect(problem, TilingProblem, "polyomino_tiling")
    board = problem.board
    board_set = set(board)
    r0 = min(r for r, _ in board)
    c0 = min(c for _, c in board)
    placements = {(name, frozenset(cells)) for name, cells in problem.placements}
    found: list[dict[Cell, Cell]] = []
    for m in _ROTATIONS + _REFLECTIONS:
        image = _transform(m, board)
        dr = r0 - min(r for r, _ in image)
        dc = c0 - min(c for _, c in image)
        image = [(r + dr, c + dc) for r, c in image]
        if set(image) != board_set:
            continue
        mapping = dict(zip(board, image, strict=False))
        if all(
            (name, frozenset(mapping[c] for c in cells)) in placements for name, cells in placements
        ):
            found.append(mapping)
    return found


def tiling_counts(problem: TilingProblem) -> tuple[int, int]:
    """Enumerate every solution of a :func:`polyomino_tiling` problem; the number of
    solutions and the number of classes under :func:`board_symmetries`.

    Two solutions are in one class if a symmetry of the board maps one onto the other; the
    class count is the number of distinct canonical forms (the least image of a solution's
    placements under the symmetries), so it needs memory for one form per class.

    Examples
    --------
    >>> from clew.cover.models.polyominoes import pentominoes, polyomino_tiling
    >>> tiling_counts(pentominoes(20, 3))
    (8, 2)
    >>> tiling_counts(polyomino_tiling("###\\n###", {"D": "DD"}, once=False))
    (3, 2)
    """
    problem = _expect(problem, TilingProblem, "polyomino_tiling")
    symmetries = board_symmetries(problem)
    placements = problem.placements
    forms: set[tuple] = set()
    total = 0
    for solution in solutions(problem):
        total += 1
        chosen = [placements[o] for o in solution]
        forms.add(
            min(
                tuple(
                    sorted(
                        (name, tuple(sorted(mapping[c] for c in cells))) for name, cells in chosen
                    )
                )
                for mapping in symmetries
            )
        )
    return total, len(forms)


def count_up_to_symmetry(problem: TilingProblem) -> int:
    """The number of solutions of a :func:`polyomino_tiling` problem up to the symmetries
    of the board (:func:`tiling_counts`).

    Examples
    --------
    >>> from clew.cover.models.polyominoes import polyomino_tiling
    >>> pieces = {"T": "TTT\\n.T.\\n.T.", "R": "R..\\nRRR"}
    >>> count_up_to_symmetry(polyomino_tiling("###\\n###\\n###", pieces))
    0
    >>> count_up_to_symmetry(polyomino_tiling("##\\n##", {"D": "DD"}, once=False))
    1
    """
    return tiling_counts(problem)[1]
