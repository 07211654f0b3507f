"""Ratings on Sudoku Explainer's scale: the :class:`Rating` of a puzzle, its level, and
the three figures of SE's command-line rater serate (ER, EP, ED).

:func:`clew.sudoku.logic.solver.rate` makes the rating (this module knows no technique: it reads
the steps the engine played); the levels and their SE bands are documented there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..._display import SVG, Picture, render

if TYPE_CHECKING:
    from .step import Step

__all__ = ["LEVELS", "Rating", "level_of", "serate_figures"]

#: ``(level, highest ER)`` in order: a rating belongs to the first level it does not exceed
#: (SE's bands: Easy and Medium up to 1.5, Hard up to 2.5, Fiendish up to 6.0 split at 3.8,
#: Diabolical above 6.0; a puzzle beyond every technique is extreme too).
LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 3.8), ("expert", 6.0), ("extreme", math.inf))


@dataclass(frozen=True)
class Rating(Picture):
    """The difficulty of a proper puzzle on Sudoku Explainer's scale (see the module
    documentation). In a notebook it shows the puzzle rated; :meth:`to_dict` gives its
    fields as JSON data (``score``, ``level``, ``hardest``, ``steps``, ``stuck``, ``er``,
    ``ep``, ``ed``, and ``techniques`` as a list of ``[technique, steps]``).

    Attributes
    ----------
    score : float or None
        The same as ``er`` (kept for programs written before ``er``).
    level : str
        easy, medium, hard, expert or extreme (from ``er``; extreme when stuck).
    hardest : str or None
        The technique of the hardest step used (``None`` if no step was needed or possible).
    steps : int
        The number of steps taken.
    stuck : bool
        No technique applies before the end: the puzzle is beyond every technique here, and
        ``er`` is ``None`` rather than a made-up number.
    techniques : tuple of (str, int)
        ``(technique, number of steps)``, easiest first.
    er : float or None
        SE's ER: the rating of the hardest step of the whole solution (0.0 for a full grid).
    ep : float or None
        SE's EP: the hardest step up to and including the first that places a digit
        (``None`` if stuck before any placement).
    ed : float or None
        SE's ED: the rating of the first step (``None`` if no step applies).
    puzzle : Grid or None
        The puzzle rated (not compared, not in :meth:`to_dict`): what the picture shows.
    """

    score: float | None
    level: str
    hardest: str | None
    steps: int
    stuck: bool
    techniques: tuple[tuple[str, int], ...] = ()
    er: float | None = None
    ep: float | None = None
    ed: float | None = None
    puzzle: object = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        """The rating as JSON data, the fields of the class (but ``puzzle``).

        >>> singles = (("Hidden single", 12),)
        >>> r = Rating(1.2, "easy", "Hidden single", 12, False, singles, 1.2, 1.2, 1.2)
        >>> r.to_dict()["techniques"]
        [['Hidden single', 12]]
        """
        return {
            "score": self.score,
            "level": self.level,
            "hardest": self.hardest,
            "steps": self.steps,
            "stuck": self.stuck,
            "techniques": [[name, count] for name, count in self.techniques],
            "er": self.er,
            "ep": self.ep,
            "ed": self.ed,
        }

    def _repr_svg_(self) -> str | None:
        # a picture of its own when the renderer has one, else the puzzle's
        return render(self, SVG) or (None if self.puzzle is None else render(self.puzzle, SVG))


def level_of(er: float | None) -> str:
    """The level of an ER (``None``: beyond every technique, extreme).

    >>> level_of(1.2), level_of(2.3), level_of(3.8), level_of(4.2), level_of(7.1), level_of(None)
    ('easy', 'medium', 'hard', 'expert', 'extreme', 'extreme')
    """
    if er is None:
        return LEVELS[-1][0]
    for level, top in LEVELS:
        if er <= top:
            return level
    return LEVELS[-1][0]


def serate_figures(
    steps: Sequence[Step], stuck: bool
) -> tuple[float | None, float | None, float | None]:
    """SE's serate figures ``(ER, EP, ED)`` of a logical solution (its steps, and whether it
    got stuck): the hardest step of all (``None`` when stuck), the hardest up to and
    including the first placement (``None`` if none came), the first step's rating
    (``None`` if there is no step); 0.0 each for a full grid.

    >>> from clew.sudoku.logic.techniques import Step
    >>> single = Step("Hidden single", 1.2, placements=((0, 1),))
    >>> steps = [Step("Pointing", 2.6), single, Step("X-Wing", 3.2)]
    >>> serate_figures(steps, False), serate_figures(steps[:2], True), serate_figures([], False)
    ((3.2, 2.6, 2.6), (None, 2.6, 2.6), (0.0, 0.0, 0.0))
    """
    if not steps:
        return (None, None, None) if stuck else (0.0, 0.0, 0.0)
    ed = steps[0].rating
    ep = None
    top = 0.0
    for step in steps:
        top = max(top, step.rating)
        if step.placements:
            ep = top
            break
    er = None if stuck else max(step.rating for step in steps)
    return er, ep, ed
