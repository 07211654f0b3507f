"""Traces of the Sudoku search: every placement, refusal and step back, in order.

Two strategies, so that a learner can compare them on the same puzzle:

``"textbook"``
    The search of the tutorials (LeetCode 37's seed code): take the first empty cell in
    reading order, try the digits 1, 2, ... in turn with an ``is_valid`` check that loops
    over the row, then the column, then the box; a refused digit is a ``prune`` event naming
    the cell that already holds it. No deduction at all.
``"pruned"``
    Search with propagation, as clew's general kernel (:mod:`clew.sudoku.compiled._kernels`) does
    it: candidates are kept per cell; naked singles (a cell with one candidate) and hidden
    singles (a digit with one place in a row, column or box) are placed as forced moves;
    a cell with no candidate or a digit with no place ends the branch (``prune`` "no
    candidate" / "no place"); otherwise the search guesses on a cell with the fewest
    candidates (ties: the most unsolved cells in its row, column and box, then reading
    order). The kernels also use locked candidates (and, for 9x9, band matching), which
    remove candidates without placing anything: they are left out here, so this trace can
    need more guesses than the kernel.

Both stop at the first solution by default, as LeetCode 37's solver does (``all_solutions=True``
searches on for every solution). The event format is described in :mod:`clew.trace`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any

from ..trace import Recorder, Trace, check_trace_args
from . import geometry
from .grid import Grid, parse
from .shape import Shape, sum_range

#: What a search yields: an event, or None when the trace only counts (``summary``).
Events = Iterator[dict | None]

__all__ = ["trace"]


def trace(
    puzzle: object,
    strategy: str = "pruned",
    *,
    max_events: int | None = None,
    symbols: str | None = None,
    all_solutions: bool = False,
    summary: bool = False,
    **shape: Any,
) -> Trace:
    """The events of the Sudoku search on ``puzzle``, as it runs.

    Parameters
    ----------
    puzzle
        Any form :class:`~clew.sudoku.Grid` reads, of any shape and variant (checked first: a
        bad puzzle raises :class:`~clew.sudoku.SudokuInputError` here, not at the first
        ``next``).
    strategy : {"pruned", "textbook"}
        Search with propagation, or the textbook one (see the module docstring).
    max_events : int, optional
        Stop after this many events (an ``end`` event with ``complete: False`` follows);
        default: the whole search (beware: the textbook search of a hard 9x9 puzzle can
        take millions of events).
    symbols : str, optional
        The alphabet of the puzzle's digits.
    all_solutions : bool
        Stop at the first solution, with it on the board (the default, as LeetCode 37's
        solver does), or search on to the end of the tree for every solution (True).
    summary : bool
        Yield the ``end`` event alone: the search runs step for step but makes no other
        event, so the final counters of a search of millions of steps come cheaply.
    **shape
        ``box``, ``regions``, ``variant``, ``extra``, ``cages``: as for
        :class:`~clew.sudoku.Grid` (``box="2x3"``, ``variant="x"``), as every function of
        :mod:`clew.sudoku` takes them; a jigsaw or killer line brings its regions and cages.
        The ``end`` event then describes the shape (:func:`shape_fields`) for the player.

    Yields
    ------
    dict
        Events as described in :mod:`clew.trace`, with the running counters ``nodes``
        (digits placed so far, guessed or forced), ``backtracks`` (placements undone because
        no solution extends them) and ``solutions``. Rows, columns and cells in the events
        count from 0, digits from 1.

    Examples
    --------
    >>> from clew import sudoku
    >>> events = list(sudoku.trace("1...............", "textbook", all_solutions=True))
    >>> events[0]  # doctest: +NORMALIZE_WHITESPACE
    {'type': 'prune', 'cell': 1, 'row': 0, 'col': 1, 'digit': 1, 'why': 'row', 'by': 0,
     'depth': 0, 'nodes': 0, 'backtracks': 0, 'solutions': 0}
    >>> events[-1]["solutions"], events[-1]["complete"]
    (72, True)
    >>> leet = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> pruned = list(sudoku.trace(leet))
    >>> pruned[-1]["nodes"], pruned[-1]["backtracks"], pruned[-2]["type"]
    (51, 0, 'solution')
    >>> [next(sudoku.trace(leet, "textbook", all_solutions=a, summary=True))["nodes"]
    ...  for a in (False, True)]
    [4208, 4631]
    """
    grid = parse(puzzle, symbols=symbols, **shape)
    record = Recorder(
        check_trace_args(strategy, max_events), all_solutions=all_solutions, summary=summary
    )
    search = _textbook if strategy == "textbook" else _pruned
    end = {
        "strategy": strategy,
        "size": grid.n,
        "puzzle": grid.to_line(),
        **shape_fields(grid.shape),
    }
    return record.run(
        search(list(grid.cells), grid.shape, record.state, record, grid), kind="sudoku", **end
    )


def shape_fields(shape: Shape) -> dict:
    """What the ``end`` event says of a grid that is not classic, so that a player can draw
    it: ``regions`` (the box or jigsaw region of each cell), ``shaded`` (the cells of the
    diagonals and windows) and ``cages`` (``[sum, [cells]]`` each); nothing for a classic grid.

    >>> from clew.sudoku.shape import make_shape
    >>> shape_fields(make_shape(4, variant="x"))["shaded"]
    [0, 3, 5, 6, 9, 10, 12, 15]
    >>> shape_fields(make_shape(6))["regions"][:8]
    [0, 0, 0, 1, 1, 1, 0, 0]
    """
    if shape.is_classic:
        return {}
    fields: dict = {"regions": [geometry.box_of(c, shape) for c in range(shape.cells)]}
    shaded = sorted(
        {
            c
            for name, cells in zip(geometry.unit_names(shape), geometry.units(shape), strict=True)
            if name.startswith(("diagonal", "window"))
            for c in cells
        }
    )
    if shaded:
        fields["shaded"] = shaded
    if shape.cages:
        fields["cages"] = [[total, list(cells)] for total, cells in shape.cages]
    return fields


def _text(cells: list[int], grid: Grid) -> str:
    return Grid._make(bytes(cells), grid.shape, grid.symbols).to_line()


def _cage_trouble(cells: list[int], shape: Shape, cages_of: Iterable[int]) -> tuple[int, ...]:
    """The cages (numbers) whose placed digits can no longer make their sum: more than the
    sum already, or too little with what the empty cells can add at most (at least)."""
    bad = []
    for i in cages_of:
        total, members = shape.cages[i]
        placed = [cells[c] for c in members if cells[c]]
        empty = len(members) - len(placed)
        low, high = sum_range(empty, shape.n) if empty else (0, 0)
        if sum(placed) + low > total or sum(placed) + high < total:
            bad.append(i)
    return tuple(bad)


@functools.lru_cache(maxsize=64)
def _cages_of(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The cages (numbers) of each cell (once per shape: the textbook search asks at every
    digit it tries)."""
    out: list[list[int]] = [[] for _ in range(shape.cells)]
    for i, (_, members) in enumerate(shape.cages):
        for c in members:
            out[c].append(i)
    return tuple(tuple(x) for x in out)


def _conflict(
    cells: list[int], shape: Shape, cell: int, digit: int
) -> tuple[str, int | None] | None:
    """The textbook ``is_valid`` loops: (why, cell) of a cell already holding ``digit``.

    The row is scanned left to right, then the column top to bottom, then the box in
    reading order, then the variants' sets, as the tutorials' loops do: the first holder
    found is the one named. On a killer grid, a digit that a cage's sum cannot take is
    refused last (why ``"cage sum"``, by ``None``)."""
    all_sets, names = geometry.sets(shape), geometry.set_names(shape)
    for u in geometry.cell_sets(shape)[cell]:
        for other in all_sets[u]:
            if cells[other] == digit:
                return names[u].rsplit(" ", 1)[0], other
    if shape.cages:
        cells[cell] = digit
        trouble = _cage_trouble(cells, shape, _cages_of(shape)[cell])
        cells[cell] = 0
        if trouble:
            return "cage sum", None
    return None


def _textbook(cells: list[int], shape: Shape, state: dict, event: Recorder, grid: Grid) -> Events:
    n = shape.n

    def go(start: int) -> Events:
        cell = start
        while cell < n * n and cells[cell]:
            cell += 1
        if cell == n * n:
            state["solutions"] += 1
            yield event("solution", grid=_text(cells, grid))
            event.found()
            return
        r, c = divmod(cell, n)
        for digit in range(1, n + 1):
            clash = _conflict(cells, shape, cell, digit)
            if clash is not None:
                yield event(
                    "prune", cell=cell, row=r, col=c, digit=digit, why=clash[0], by=clash[1]
                )
                continue
            cells[cell] = digit
            state["nodes"] += 1
            state["depth"] += 1
            yield event("place", cell=cell, row=r, col=c, digit=digit, how="guess")
            before = state["solutions"]
            yield from go(cell + 1)
            cells[cell] = 0
            dead = state["solutions"] == before  # no solution below: a dead end
            state["backtracks"] += dead
            state["depth"] -= 1
            yield event("backtrack", cells=[cell], dead_end=dead)

    yield from go(0)


def _pruned(cells: list[int], shape: Shape, state: dict, event: Recorder, grid: Grid) -> Events:
    n = shape.n
    full = (1 << n) - 1
    units, unit_names, peers = (
        geometry.units(shape),
        geometry.unit_names(shape),
        geometry.peers(shape),
    )
    cage_names = [name for name in geometry.set_names(shape) if name.startswith("cage ")]

    def candidates(cells: list[int]) -> list[int]:
        cand = []
        for a in range(n * n):
            if cells[a]:
                cand.append(1 << (cells[a] - 1))
            else:
                used = 0
                for p in peers[a]:
                    if cells[p]:
                        used |= 1 << (cells[p] - 1)
                cand.append(full & ~used)
        return cand

    def place(
        cells: list[int], cand: list[int], cell: int, digit: int, how: str, placed: list[int]
    ) -> dict | None:
        cells[cell] = digit
        cand[cell] = 1 << (digit - 1)
        for p in peers[cell]:
            if not cells[p]:
                cand[p] &= ~(1 << (digit - 1))
        placed.append(cell)
        state["nodes"] += 1
        r, c = divmod(cell, n)
        return event("place", cell=cell, row=r, col=c, digit=digit, how=how)

    def propagate(cells: list[int], cand: list[int], placed: list[int]) -> Events:
        """Forced moves until none is left; ends with a prune event on a contradiction.
        Sets ``ok[0]``."""
        while True:
            moved = False
            if shape.cages:  # a cage whose sum is out of reach ends the branch
                trouble = _cage_trouble(cells, shape, range(len(shape.cages)))
                if trouble:
                    yield event(
                        "prune",
                        cell=None,
                        row=None,
                        col=None,
                        digit=None,
                        why="cage sum",
                        by=None,
                        unit=cage_names[trouble[0]],
                    )
                    ok[0] = False
                    return
            for a in range(n * n):
                if cells[a]:
                    continue
                m = cand[a]
                if m == 0:
                    r, c = divmod(a, n)
                    yield event(
                        "prune", cell=a, row=r, col=c, digit=None, why="no candidate", by=None
                    )
                    ok[0] = False
                    return
                if m & (m - 1) == 0:
                    yield place(cells, cand, a, m.bit_length(), "naked single", placed)
                    moved = True
            if moved:
                continue
            for u, unit in enumerate(units):
                for digit in range(1, n + 1):
                    bit = 1 << (digit - 1)
                    spots = [a for a in unit if cand[a] & bit]
                    if any(cells[a] == digit for a in spots):
                        continue
                    if not spots:
                        yield event(
                            "prune",
                            cell=None,
                            row=None,
                            col=None,
                            digit=digit,
                            why="no place",
                            by=None,
                            unit=unit_names[u],
                        )
                        ok[0] = False
                        return
                    if len(spots) == 1:
                        yield place(cells, cand, spots[0], digit, "hidden single", placed)
                        moved = True
                        break
                if moved:
                    break
            if not moved:
                ok[0] = True
                return

    def choose(cells: list[int], cand: list[int]) -> int:
        best, best_key = -1, None
        for a in range(n * n):
            if cells[a]:
                continue
            count = bin(cand[a]).count("1")
            open_peers = sum(1 for p in peers[a] if not cells[p])
            key = (count, -open_peers)
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best

    ok = [True]

    def go(cells: list[int], cand: list[int]) -> Events:
        cell = choose(cells, cand)
        if cell < 0:
            state["solutions"] += 1
            yield event("solution", grid=_text(cells, grid))
            event.found()
            return
        r, c = divmod(cell, n)
        for digit in range(1, n + 1):
            if not cand[cell] & (1 << (digit - 1)):
                continue
            child, child_cand, placed = list(cells), list(cand), list[int]()
            state["depth"] += 1
            before = state["solutions"]
            yield place(child, child_cand, cell, digit, "guess", placed)
            yield from propagate(child, child_cand, placed)
            if ok[0]:
                yield from go(child, child_cand)
            # the guess and the moves it forced go together: one backtrack if it led nowhere
            dead = state["solutions"] == before
            state["backtracks"] += dead
            state["depth"] -= 1
            yield event("backtrack", cells=placed[::-1], dead_end=dead)

    cand = candidates(cells)
    yield from propagate(cells, cand, [])  # forced moves of the root: never taken back
    if ok[0]:
        yield from go(cells, cand)
