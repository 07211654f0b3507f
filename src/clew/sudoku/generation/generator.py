"""Sudoku generation: proper puzzles (exactly one solution) from random full grids, with
optional symmetry of the givens, minimality and a target difficulty.

How a puzzle is made
--------------------
1. **A random full grid.** The diagonal boxes (independent of each other) are filled with
   random permutations and the kernel completes the grid (a new draw when that is
   impossible, as it often is for 4x4); the grid is then shuffled by the transformations
   that keep a sudoku valid: bands and the rows within each band, stacks and the columns
   within each stack, a transposition half of the time, and a relabelling of the digits.
2. **Digging.** The givens are removed in a random order, one *symmetry group* at a time (a
   cell together with its images, see below), and a removal is kept only if the kernel
   still finds exactly one solution. A refused removal is refused for good: a puzzle with
   fewer givens has at least the solutions of one with more, so a single pass over the
   groups leaves a puzzle from which no group can go. The uniqueness checks of consecutive
   removals run as one kernel call (each row of the batch is the puzzle after one more
   removal; the first row that is not unique is where the sequential pass would refuse), so
   the result is exactly that of checking one removal at a time.
3. **Proof.** Before it is returned, every puzzle is counted again by the solver up to 2
   solutions: the count must be 1 and the solution the grid it was dug from.

``minimal=False`` stops digging as soon as the puzzle has at most :data:`TARGET_GIVENS`
givens (30 for 9x9; the pass ends earlier, minimal, when it cannot get there), which makes
puzzles of newspaper density quickly; ``minimal=True`` goes through every group, so that no
group can be removed any more (see *Symmetry* for what that means with pairs).

Symmetry
--------
The *positions* of the givens (not their digits) are symmetric:

* ``"none"``: no constraint; each cell is its own group;
* ``"rotational"``: 180-degree rotation about the centre: ``(r, c)`` and
  ``(n-1-r, n-1-c)`` are both given or both blank;
* ``"diagonal"``: reflection in the main diagonal: ``(r, c)`` and ``(c, r)``;
* ``"mirror"``: left-right reflection: ``(r, c)`` and ``(r, n-1-c)``.

A cell on the axis (the centre, the diagonal, the middle column) is a group of one. With a
symmetry, ``minimal=True`` means minimal *among symmetric puzzles*: removing any group of
givens (a cell with its image) loses uniqueness, but one cell of a pair alone may still be
removable; removing it would break the symmetry, so it stays (a symmetric puzzle that is
also minimal cell by cell is rare: about 1 in 50 for 9x9, hardly ever for 16x16). With
``"none"``, minimal means that every given is needed.

Difficulty
----------
``difficulty`` (``"easy"``, ``"medium"``, ``"hard"``, ``"expert"``, ``"extreme"``) draws
candidates until one is rated at that level by :func:`clew.sudoku.logic.solver.rate`, at most
``attempts`` of them (:class:`DifficultyNotReachedError` after that). Unless ``minimal`` is
given, candidates for easy and medium are dug to :data:`TARGET_GIVENS`, candidates for the
harder levels are minimal (random digging rarely stops at a hard puzzle otherwise). Measured
shares of the levels (Sudoku Explainer's bands, see :mod:`clew.sudoku.logic.solver`) among 150 9x9
candidates each (no symmetry; a symmetry makes puzzles a little easier), which set
:data:`DEFAULT_ATTEMPTS` with a wide margin:

=========  =====  ======  ====  ======  =======
candidate  easy   medium  hard  expert  extreme
=========  =====  ======  ====  ======  =======
dug to 30  75%    12%     0%    9%      4%
minimal    23%    29%     5%    12%     32%
=========  =====  ======  ====  ======  =======

Rating a candidate takes 8 ms on average when dug to 30 givens, 24 ms when minimal (the
extreme ones need SE's chains), so a hard 9x9 puzzle takes about half a second. ``rating=(lo,
hi)`` draws candidates until one's ER lies in the range instead (minimal candidates when
the range reaches above the hard level; 9x9, and the shapes below up to 12x12).
Difficulty is offered for 4x4 and 9x9 (:data:`RATED_SIDES`); the rating of a minimal 16x16
puzzle can take seconds, so 16x16 refuses it. Every 4x4 puzzle tried rates easy, so the
other levels run out of attempts there.

Shapes and variants
-------------------
``box="2x3"`` (any box the solver reads: 6x6 2x3, 8x8 2x4, 12x12 3x4, ...) and
``variant=`` make puzzles of other shapes; the full grid comes from
:func:`clew.sudoku.generation.shapes.full_grid` (random givens completed by the shape
kernel), the digging and the proof are the same, by the shape kernel:

* ``"x"`` and ``"windoku"`` (combinable): the diagonals, the windows;
* ``"jigsaw"``: a random layout of connected regions
  (:func:`~clew.sudoku.generation.shapes.random_regions`), any side 4 to 25 (prime ones
  too), with ``"x"`` if asked;
* ``"killer"``: a random partition of the solution into cages of 1 to 5 cells without a
  repeated digit, the sums from the solution. Up to :data:`KILLER_PARTITIONS` partitions
  are drawn, and the first whose cages alone decide the solution is the puzzle, without
  givens; when none does, the last one gets givens: the solution's digit where another
  solution differs, until none is left, and then the givens that are not needed are dug
  out again (up to 9x9, :data:`MAX_KILLER_SIDE`). ``minimal`` and ``symmetry`` do not apply.

A difficulty or rating range is offered for 4x4 and 9x9 grids and for every shape and
variant up to 12x12 (:data:`MAX_RATED_SHAPE_SIDE`; a 6x6 puzzle, like a 4x4 one, rates easy
nearly always). ``box="3x3"`` on a
9x9 grid is the classic grid, made as always. The one-line form of a puzzle
(:func:`clew.sudoku.generation.shapes.puzzle_line`) reads back with
:class:`~clew.sudoku.Grid` and ``clew sudoku solve`` given the same ``--box`` and
``--variant`` flags.

Reproducibility
---------------
``seed`` (an int >= 0) fixes everything: puzzle ``i`` of :func:`generate_many` comes from its
own random stream, ``numpy.random.SeedSequence(seed).spawn(...)[i]``, whatever ``jobs``, and
the puzzles come back in index order; :func:`generate` with a seed gives the first puzzle of
:func:`generate_many` with the same seed and options.

>>> from clew.sudoku.generation.generator import generate
>>> g = generate(4, seed=7)
>>> g.puzzle.givens <= 6, g.solution.is_full()
(True, True)
>>> from clew import sudoku
>>> sudoku.count(g.puzzle, limit=2), sudoku.solve(g.puzzle) == g.solution
(1, True)
>>> generate(9, seed=7) == generate(9, seed=7)
True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from ..._display import SVG, Picture, render
from ...errors import DEFAULT_JOBS, check_jobs, check_size
from ...scale import Work, stream
from ..grid import DIGITS, Grid
from ..kernels import run as run_kernel
from ..shape import Shape, make_shape
from . import shapes as _shapes
from .plan import (  # noqa: F401  (the run's constants and errors, re-exported)
    _MAX_COUNT,
    DEFAULT_ATTEMPTS,
    DIFFICULTIES,
    KILLER_PARTITIONS,
    MAX_KILLER_SIDE,
    MAX_RATED_SHAPE_SIDE,
    RATED_SIDES,
    SIDES,
    SYMMETRIES,
    TARGET_GIVENS,
    TARGET_SHARE,
    VARIANTS,
    DifficultyNotReachedError,
    GenerateError,
    _Plan,
    _plan,
)

# the errors' public home is this module (messages and tracebacks name them so)
GenerateError.__module__ = DifficultyNotReachedError.__module__ = __name__

__all__ = [
    "DEFAULT_ATTEMPTS",
    "DIFFICULTIES",
    "SYMMETRIES",
    "TARGET_GIVENS",
    "VARIANTS",
    "DifficultyNotReachedError",
    "GenerateError",
    "Generated",
    "generate",
    "generate_many",
]


@dataclass(frozen=True)
class Generated(Picture):
    """A generated puzzle; in a notebook it shows the puzzle.

    Attributes
    ----------
    puzzle : Grid
        The puzzle (0 = blank), proven to have exactly one solution.
    solution : Grid
        Its solution.
    rating : clew.sudoku.logic.solver.Rating or None
        Its rating when a difficulty was asked, else ``None``.

    :meth:`to_dict` gives it as JSON data, what ``clew sudoku generate --format json``
    prints: ``puzzle`` (the one-line form, with a jigsaw's regions and a killer's cages:
    :func:`~clew.sudoku.generation.shapes.puzzle_line`), ``solution`` (one line), ``shape``
    (``"9x9"``, ``"6x6 (2x3 boxes)"``, ``"9x9 killer"``), and, when rated, ``score``,
    ``level``, ``er``, ``ep``, ``ed``.
    """

    puzzle: Grid
    solution: Grid
    rating: Any = None

    #: The keys of :meth:`to_dict`: always, then with a rating.
    FIELDS = ("puzzle", "solution", "shape")
    RATED_FIELDS = ("score", "level", "er", "ep", "ed")

    def to_dict(self) -> dict:
        """The puzzle as JSON data (the fields in the class documentation).

        >>> generate(4, seed=7).to_dict()["shape"]
        '4x4'
        """
        record = {
            "puzzle": _shapes.puzzle_line(self.puzzle),
            "solution": self.solution.to_line(),
            "shape": self.puzzle.shape.name,
        }
        if self.rating is not None:
            record.update({key: getattr(self.rating, key) for key in self.RATED_FIELDS})
        return record

    def _repr_svg_(self) -> str | None:
        # a picture of its own when the renderer has one, else the puzzle's
        return render(self, SVG) or render(self.puzzle, SVG)


# ---------------------------------------------------------------------------------------------
# The random full grid
# ---------------------------------------------------------------------------------------------


def _line_order(k: int, rng: np.random.Generator) -> np.ndarray:
    """A random order of the rows (or columns) that keeps the bands (stacks) together."""
    bands = rng.permutation(k)
    return np.concatenate([b * k + rng.permutation(k) for b in bands])


def _full_grid(k: int, rng: np.random.Generator) -> np.ndarray:
    """A random full k^2 x k^2 grid as an int8 array of n * n cells."""
    n = k * k
    while True:
        puzzle = np.zeros((n, n), np.int8)
        for b in range(k):
            puzzle[b * k : (b + 1) * k, b * k : (b + 1) * k] = (rng.permutation(n) + 1).reshape(
                k, k
            )
        counts, sols = run_kernel(puzzle.reshape(1, -1), k, 1)
        if counts[0]:
            break
    grid = sols[0].reshape(n, n)
    grid = grid[_line_order(k, rng)][:, _line_order(k, rng)]
    if rng.random() < 0.5:
        grid = grid.T
    relabel = np.concatenate([[0], rng.permutation(n) + 1]).astype(np.int8)
    return np.ascontiguousarray(relabel[grid].reshape(-1))


# ---------------------------------------------------------------------------------------------
# Digging
# ---------------------------------------------------------------------------------------------


@functools.cache
def _groups(side: int, symmetry: str) -> tuple[np.ndarray, np.ndarray]:
    """``(members, sizes)``: the symmetry groups of the cells, one row of two cells each (a
    group of one repeats its cell), and the number of distinct cells in each."""
    n = side
    seen = np.zeros(n * n, bool)
    pairs: list[tuple[int, int]] = []
    for i in range(n * n):
        if seen[i]:
            continue
        r, c = divmod(i, n)
        if symmetry == "rotational":
            j = (n - 1 - r) * n + (n - 1 - c)
        elif symmetry == "diagonal":
            j = c * n + r
        elif symmetry == "mirror":
            j = r * n + (n - 1 - c)
        else:
            j = i
        seen[i] = seen[j] = True
        pairs.append((i, j))
    members = np.array(pairs, np.int64)
    sizes = np.where(members[:, 0] == members[:, 1], 1, 2)
    members.setflags(write=False)
    sizes.setflags(write=False)
    return members, sizes


def _dig(
    solution: np.ndarray, k: int | Shape, members: np.ndarray, sizes: np.ndarray, target: int
) -> np.ndarray:
    """Remove the groups of ``members`` in their order while the puzzle stays unique, until
    it has at most ``target`` givens (0: through every group). Consecutive removals are
    checked together: row j of a batch is the puzzle after the next j + 1 removals."""
    cells = solution.size
    puzzle = solution.copy()
    givens = cells
    step = np.empty(cells, np.int64)
    i, groups, batch = 0, len(members), 8
    while i < groups and givens > target:
        m = min(batch, groups - i)
        after = givens - np.cumsum(sizes[i : i + m])
        reached = np.flatnonzero(after <= target)
        if reached.size:
            m = int(reached[0]) + 1
        step.fill(m)
        step[members[i : i + m]] = np.arange(m)[:, None]
        rows = np.where(step[None, :] <= np.arange(m)[:, None], np.int8(0), puzzle[None, :])
        counts, _ = run_kernel(np.ascontiguousarray(rows, np.int8), k, 2)
        refused = np.flatnonzero(counts != 1)
        kept = int(refused[0]) if refused.size else m
        if kept:
            puzzle = rows[kept - 1].copy()
            givens = int(after[kept - 1])
        if refused.size:
            i += kept + 1
            batch = 2
        else:
            i += m
            batch = min(2 * batch, 64)
    return puzzle


def _candidate(plan: _Plan, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One proper puzzle and its solution (int8 arrays), not yet proven."""
    k = SIDES[plan.side]
    solution = _full_grid(k, rng)
    members, sizes = _groups(plan.side, plan.symmetry)
    order = rng.permutation(len(members))
    target = 0 if plan.minimal else TARGET_GIVENS[plan.side]
    return _dig(solution, k, members[order], sizes[order], target), solution


#: A rating range reaching this ER ("Dynamic Forcing Chains (+)") runs every multiple chain
#: on the kernel of that level (:func:`clew.sudoku.logic.chains.prefer_plus`).
PLUS_FROM = 9.0


def _rate(puzzle: Grid) -> Any:
    """The rating of a puzzle (:func:`clew.sudoku.logic.solver.rate`, imported when first
    needed)."""
    from ..logic.solver import rate

    return rate(puzzle)


def _level(rating: Any) -> str:
    level = getattr(rating, "level", rating)
    return str(getattr(level, "value", level)).lower()


def _shaped_candidate(
    plan: _Plan, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, Shape]:
    """One proper puzzle of a shape or variant, its solution and its shape (a jigsaw's
    regions and a killer's cages are drawn here), not yet proven."""
    flags = [v for v in plan.variants if v in ("x", "windoku")]
    if "jigsaw" in plan.variants:
        shape, solution = _shapes.jigsaw_grid(plan.side, rng, diagonals="x" in flags)
    else:
        shape = make_shape(plan.side, box=plan.box, variant=flags or None)
        drawn = _shapes.full_grid(shape, rng)  # no bound on the draws: always a grid
        if drawn is None:  # pragma: no cover - full_grid keeps drawing without a bound
            raise RuntimeError(f"no full grid of {shape.name} drawn")
        solution = drawn
    if "killer" in plan.variants:
        blank = np.zeros((1, solution.size), np.int8)
        for _ in range(KILLER_PARTITIONS):
            shape = dataclasses.replace(shape, cages=_shapes.random_cages(solution, rng))
            if run_kernel(blank, shape, 2)[0][0] == 1:
                return blank[0], solution, shape  # the cages alone decide it: no givens
        # the givens the last cages leave undecided, then dug again: none stays that is not needed
        puzzle = _shapes.add_killer_givens(solution, shape, rng)
        members, sizes = _shapes.killer_members(puzzle)
        order = rng.permutation(len(members))
        return _dig(puzzle, shape, members[order], sizes[order], 0), solution, shape
    members, sizes = _groups(plan.side, plan.symmetry)
    order = rng.permutation(len(members))
    target = (
        0
        if plan.minimal
        else TARGET_GIVENS.get(plan.side, round(TARGET_SHARE * plan.side * plan.side))
    )
    return _dig(solution, shape, members[order], sizes[order], target), solution, shape


def _make(plan: _Plan, index: int) -> Generated:
    """Puzzle ``index`` of a run: candidates from the streams ``(index, attempt)`` until one
    is at the level asked for; proven unique before it is returned (a shape's puzzle by the
    shape kernel)."""
    _compile_beside(plan)  # once a process: the first puzzle of a first run
    for attempt in range(plan.attempts):
        rng = np.random.default_rng(
            np.random.SeedSequence(plan.entropy, spawn_key=(index, attempt))
        )
        shape: Shape | int
        if plan.shaped:
            puzzle, solution, shape = _shaped_candidate(plan, rng)
        else:
            (puzzle, solution), shape = _candidate(plan, rng), SIDES[plan.side]
        grid = Grid._make(puzzle.tobytes(), shape)
        rating = None
        if plan.difficulty is not None or plan.rating is not None:
            if plan.rating is not None and plan.rating[1] >= PLUS_FROM:
                from ..logic.chains import prefer_plus

                prefer_plus()  # ratings that reach level 1 of the chains: one chain kernel
            rating = _rate(grid)
            if plan.difficulty is not None and _level(rating) != plan.difficulty:
                continue
            if plan.rating is not None and not (
                rating.er is not None and plan.rating[0] <= rating.er <= plan.rating[1]
            ):
                continue
        counts, sols = run_kernel(puzzle.reshape(1, -1).copy(), shape, 2)
        if counts[0] != 1 or not np.array_equal(sols[0], solution):  # pragma: no cover - a bug
            raise RuntimeError(
                f"generated puzzle {grid.to_variant_line()} is not proper: {int(counts[0])} "
                "solutions found"
            )
        return Generated(grid, Grid._make(solution.tobytes(), grid.shape), rating)
    low, high = plan.rating or (0.0, 0.0)  # one of difficulty and rating is given
    wanted = plan.difficulty or f"ER {low:g}-{high:g}"
    raise DifficultyNotReachedError(
        f"no {wanted} {' '.join((f'{plan.side}x{plan.side}',) + plan.variants)} puzzle in "
        f"{plan.attempts} attempt{'s' * (plan.attempts != 1)}: "
        f"ask for another {'difficulty' if plan.difficulty else 'range'}, or allow more "
        "candidates with a larger attempts=",
        wanted,
        plan.attempts,
    )


def _make_range(plan: _Plan, lo: int, hi: int) -> list[Generated]:
    return [_make(plan, i) for i in range(lo, hi)]


# ---------------------------------------------------------------------------------------------
# Public
# ---------------------------------------------------------------------------------------------


def generate(
    size: int | None = None,
    *,
    difficulty: str | None = None,
    symmetry: str = "none",
    minimal: bool | None = None,
    seed: int | None = None,
    attempts: int | None = None,
    box: Any = None,
    variant: Any = None,
    rating: Any = None,
) -> Generated:
    """Generate one proper sudoku puzzle (exactly one solution) with its solution.

    Parameters
    ----------
    size : int, optional
        The side of the grid: 4, 9 or 16 (default 9, or the side of ``box``); 4 to 25 with
        a ``box`` or a ``variant``.
    difficulty : str, optional
        ``"easy"``, ``"medium"``, ``"hard"``, ``"expert"`` or ``"extreme"``: draw candidates
        until :func:`clew.sudoku.logic.solver.rate` puts one at that level (4x4, 9x9, and shapes
        and variants up to 12x12).
    symmetry : str
        ``"none"``, ``"rotational"`` (180 degrees), ``"diagonal"`` (main diagonal) or
        ``"mirror"`` (left-right): the positions of the givens keep that symmetry.
    minimal : bool or None
        True: dig until no given (no symmetry group of givens) can be removed. False: stop
        at :data:`TARGET_GIVENS` givens. None (default): False, except for the hard, expert
        and extreme levels.
    seed : int, optional
        The same seed and arguments give the same puzzle; None draws fresh entropy.
    attempts : int, optional
        Candidates rated before giving up on ``difficulty`` (default
        :data:`DEFAULT_ATTEMPTS` of the level).
    box : str or (int, int), optional
        ``"2x3"``: boxes of 2 rows and 3 columns (a 6x6 grid unless ``size`` says more).
    variant : str or sequence of str, optional
        ``"x"``, ``"windoku"``, ``"jigsaw"`` (random regions), ``"killer"`` (random cages,
        givens only where the cages leave the solution open), combined as ``"x+killer"``
        or a list (see *Shapes and variants* in the module documentation).
    rating : (float, float) or str, optional
        ``(6.6, 7.5)`` or ``"6.6-7.5"``: draw candidates (9x9, or a shape or variant up to
        12x12) until one's ER (its Sudoku
        Explainer rating, :func:`clew.sudoku.logic.solver.rate`) lies in the range; minimal puzzles
        when the range reaches above the hard level. Not with ``difficulty``.

    Returns
    -------
    Generated
        ``puzzle``, ``solution``, and ``rating`` (``None`` unless a difficulty or rating
        range was asked).

    Raises
    ------
    clew.errors.BoardSizeError
        ``size`` is not 4, 9 or 16, or ``attempts`` is below 1.
    GenerateError
        An unknown symmetry, difficulty or variant, a difficulty for 16x16 or for a shape
        above 12x12,
        windoku with a jigsaw, a killer above 9x9 or with a symmetry.
    clew.sudoku.shape.ShapeError
        A box that does not tile the grid, windoku without square boxes.
    DifficultyNotReachedError
        No candidate at the level asked for within ``attempts``.

    Examples
    --------
    >>> from clew import sudoku
    >>> g = generate(box="2x3", seed=4)
    >>> g.puzzle.shape.name, sudoku.count(g.puzzle, limit=2)
    ('6x6 (2x3 boxes)', 1)
    >>> k = generate(variant="killer", seed=1)
    >>> k.puzzle.givens, sudoku.solve(k.puzzle) == k.solution
    (0, True)
    >>> g = generate(seed=1, symmetry="rotational")
    >>> cells = g.puzzle.cells
    >>> all((cells[i] == 0) == (cells[80 - i] == 0) for i in range(81))
    True
    >>> sudoku.is_unique(g.puzzle) and sudoku.is_solution(g.solution, g.puzzle)
    True
    >>> generate(25)
    Traceback (most recent call last):
    ...
    clew.errors.BoardSizeError: size must be 4, 9 or 16 (the side of the grid), got 25
    >>> generate(symmetry="spiral")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    clew.sudoku.generation.generator.GenerateError: unknown symmetry 'spiral':
    use one of none, rotational, diagonal, mirror
    """
    plan = _plan(size, difficulty, symmetry, minimal, seed, attempts, box, variant, rating)
    return _make(plan, 0)


#: the kernels a rating reaches, by the lowest rating that needs them, in the order a partner
#: compiles them (clew._partner): those the generator reaches last and the largest first;
#: the proofs of uniqueness (``_kernels9``) are the generator's own from its first puzzle
_ASIDE = (
    (PLUS_FROM, "sudoku/compiled/_kernels_chains.py:plus"),
    (8.0, "sudoku/compiled/_kernels_chains.py"),
    (6.5, "sudoku/compiled/_kernels_chains_unary.py"),
    (4.5, "sudoku/compiled/_kernels_uniqueness.py"),
    (0.0, "sudoku/compiled/_kernels_screen.py"),
)


def _compile_beside(plan: Any) -> None:
    """On a first run of the ``clew`` program, a partner process compiles the rating's
    kernels while this one compiles the solver's (:mod:`clew._partner`)."""
    if plan.difficulty is None and plan.rating is None:
        return
    from ..._partner import plan as partner
    from ..logic.rating import LEVELS

    top = plan.rating[1] if plan.rating is not None else dict(LEVELS)[plan.difficulty]
    plus = plan.rating is not None and top >= PLUS_FROM  # level 1 only (prefer_plus)
    partner(
        "sudoku",
        *(entry for low, entry in _ASIDE if low <= top and not (plus and low == 8.0)),
    )


def generate_many(
    count: int,
    size: int | None = None,
    *,
    difficulty: str | None = None,
    symmetry: str = "none",
    minimal: bool | None = None,
    seed: int | None = None,
    attempts: int | None = None,
    box: Any = None,
    variant: Any = None,
    rating: Any = None,
    jobs: int | None = DEFAULT_JOBS,
    journal: Any = None,
    dask: str | None = None,
    scheduler: str | None = None,
    progress: bool | None = False,
    announce: Any = None,
) -> Iterator[Generated]:
    """Generate ``count`` proper puzzles, lazily, in a reproducible order.

    Puzzle ``i`` depends only on ``seed``, ``i`` and the options, never on ``jobs``:
    ``generate_many(c, seed=s)`` starts with ``generate(seed=s)``, and a longer run with the
    same seed starts with the puzzles of a shorter one.

    Parameters
    ----------
    count : int
        Number of puzzles (>= 1).
    size, difficulty, symmetry, minimal, seed, attempts, box, variant, rating
        As in :func:`generate`.
    jobs : int or None
        Worker processes (default :data:`clew.errors.DEFAULT_JOBS`, 1; ``None``: one per
        core). The puzzles still come in index order.
    journal, dask, scheduler, progress, announce
        As in :func:`clew.scale.stream`: the puzzles are made in pieces of a
        :class:`GenerateWork` (a journal resumes only a run with the same seed).

    Yields
    ------
    Generated

    Raises
    ------
    clew.errors.BoardSizeError
        ``count`` below 1, or a bad ``size`` (raised by the call itself).
    clew.errors.ArgumentError
        ``jobs`` below 1 or not an integer (raised by the call itself).
    GenerateError
        As in :func:`generate`; :class:`DifficultyNotReachedError` while iterating.

    Examples
    --------
    >>> [g.puzzle.givens <= 30 for g in generate_many(3, seed=5)]
    [True, True, True]
    >>> list(generate_many(2, 4, seed=3)) == list(generate_many(2, 4, seed=3, jobs=2))
    True
    >>> generate_many(0)
    Traceback (most recent call last):
    ...
    clew.errors.BoardSizeError: count must be between 1 and 1000000000000, got 0
    """
    count = check_size(count, name="count", low=1, high=_MAX_COUNT)
    jobs = check_jobs(jobs)
    plan = _plan(size, difficulty, symmetry, minimal, seed, attempts, box, variant, rating)
    return _many(
        plan,
        count,
        jobs,
        journal=journal,
        dask=dask,
        scheduler=scheduler,
        progress=progress,
        announce=announce,
    )


def _chunk(plan: _Plan, count: int) -> int:
    """Puzzles per piece: about 64 pieces in all (load balancing, fine-grained resumption),
    fewer puzzles per piece when each needs a rated search or a 16x16 dig. A function of
    the run alone, never of the number of workers, so that a journal resumes with any."""
    cap = (
        4 if plan.difficulty or plan.rating or plan.side >= 12 or "killer" in plan.variants else 256
    )
    return max(1, min(cap, math.ceil(count / 64)))


class GenerateWork(Work):
    """Generating ``count`` puzzles of a plan: pieces are ranges ``(lo, hi)`` of puzzle
    numbers, a value the list of :class:`Generated` puzzles of that range (puzzle ``i``
    depends only on the seed, ``i`` and the options)."""

    # the digging and the rating are Python around short kernel calls: worker processes
    releases_gil = False

    def __init__(self, plan: _Plan, count: int) -> None:
        self.plan, self.count = plan, count
        self.size = _chunk(plan, count)

    def identity(self) -> dict:
        plan = dataclasses.asdict(self.plan)
        if plan["rating"] is None:
            del plan["rating"]
        else:
            plan["rating"] = list(plan["rating"])
        if not self.plan.shaped:  # a classic run: the identity it always had
            del plan["box"], plan["variants"]
        else:  # as JSON gives them back, so that a journal recognises its run
            plan["box"] = None if self.plan.box is None else list(self.plan.box)
            plan["variants"] = list(self.plan.variants)
        return {"generate": "sudoku", "count": self.count, "chunk": self.size, **plan}

    @classmethod
    def from_identity(cls, identity: dict) -> GenerateWork:
        fields = {f.name: identity.get(f.name, f.default) for f in dataclasses.fields(_Plan)}
        fields["box"] = None if fields["box"] is None else tuple(fields["box"])
        fields["variants"] = tuple(fields["variants"])
        fields["rating"] = None if fields["rating"] is None else tuple(fields["rating"])
        return cls(_Plan(**fields), identity["count"])

    def pieces(self) -> list:
        return [(lo, min(self.count, lo + self.size)) for lo in range(0, self.count, self.size)]

    def run_piece(self, piece: tuple[int, int]) -> list:
        return _make_range(self.plan, *piece)

    def combine(self, values: list) -> list:
        return [g for chunk in values for g in chunk]

    def encode(self, value: list) -> str:
        # a shaped puzzle's line carries its regions and cages (its box and flags are the plan's)
        first = (
            (lambda g: g.puzzle.to_variant_line())
            if self.plan.shaped
            else (lambda g: g.puzzle.to_line())
        )
        return json.dumps(
            [
                [first(g), g.solution.to_line(), None if g.rating is None else g.rating.to_dict()]
                for g in value
            ],
            separators=(",", ":"),
        )

    def decode(self, text: str) -> list:
        from ..logic.solver import Rating

        out = []
        for puzzle, solution, rating in json.loads(text):
            if self.plan.shaped:
                flags = [v for v in self.plan.variants if v in ("x", "windoku")]
                grid = Grid(puzzle, box=self.plan.box, variant=flags or None)
                made = Grid._make(bytes(DIGITS.index(ch) + 1 for ch in solution), grid.shape)
            else:
                grid, made = Grid(puzzle), Grid(solution)
            if rating is not None:
                rating["techniques"] = tuple(tuple(t) for t in rating["techniques"])
                rating = Rating(**rating, puzzle=grid)
            out.append(Generated(grid, made, rating))
        return out

    def describe(self) -> str:
        level = (
            f" {self.plan.difficulty}"
            if self.plan.difficulty
            else f" ER {self.plan.rating[0]:g}-{self.plan.rating[1]:g}"
            if self.plan.rating
            else ""
        )
        kind = " ".join(self.plan.variants) + " " if self.plan.variants else ""
        box = (
            f" ({self.plan.box[0]}x{self.plan.box[1]} boxes)"
            if self.plan.box and self.plan.box[0] != self.plan.box[1]
            else ""
        )
        side = f"{self.plan.side}x{self.plan.side}"
        return f"{self.count}{level} {side}{box} {kind}sudoku puzzles (seed {self.plan.entropy})"

    def report(self, done: dict, pieces: int) -> dict:
        return {"generated": sum(len(v) for v in done.values())}

    def summary(self, answer: list) -> str:
        return f"{len(answer)} puzzles generated"


def _many(plan: _Plan, count: int, jobs: int, **scale: Any) -> Iterator[Generated]:
    if jobs == 1 and not any(scale.values()):
        for i in range(count):
            yield _make(plan, i)
        return
    work = GenerateWork(plan, count)
    for _, chunk in stream(work, jobs=jobs, ordered=True, **scale):
        yield from cast("list[Generated]", chunk)  # a piece's value: its puzzles
