"""The exact cover problem value: items, options, colours, multiplicities, and the arrays the
kernels read.

An exact cover problem has *primary items* (each must be covered exactly once), *secondary
items* (covered at most once) and *options* (sets of items). A solution is a set of options
that covers every primary item exactly once and no secondary item twice. A secondary item
in an option may carry a *colour* (``x:a`` in Knuth's notation): options that give the same
item the same colour may share it. A primary item may carry *multiplicities* (Knuth's
DLX3, Algorithm M): bounds ``lo:hi``, covered at least ``lo`` and at most ``hi`` times.

Items are any hashable values: strings, ints, tuples such as ``(row, col)``. A string
``"x:red"`` in an option is item ``"x"`` with colour ``"red"`` (as in xcover and Knuth's
files), so a string item name cannot contain ``:``; colours are written on string items only.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import ClewError

__all__ = ["CoverInputError", "Problem", "Compiled", "MAX_BOUND"]

#: The largest multiplicity an item may have (the kernels keep bounds in int32).
MAX_BOUND = 2**31 - 1
#: The most options a problem may have. A problem is held as Python tuples (about 300 bytes
#: an option of a few items), so a million options is some 300 MB: a problem of 10**8
#: options is refused in one line instead of filling the memory.
MAX_OPTIONS = 1_000_000
#: The most items all the options name together (the kernels' arrays hold one int32 each,
#: the Python tuples about 60 bytes each).
MAX_ENTRIES = 5_000_000


class CoverInputError(ClewError):
    """A problem that cannot be built: an unhashable or empty item name, an unknown item, an
    item twice in one option, a colour on a primary item, an empty option, bad bounds, a
    matrix that holds something other than 0 and 1. The one-line message names the option
    (``options[i]``, indexed as the solutions are) and the item, or the line of a file."""


def _what(name: object) -> str:
    return (
        f"{type(name).__name__} {name!r}"
        if isinstance(name, (list, dict, set, bytearray))
        else repr(name)
    )


def _check_name(name: Any, what: str) -> Hashable:
    """``name`` if it can name an item: hashable; a string must be non-empty and free of
    ``:`` (which writes a colour)."""
    try:
        hash(name)
    except TypeError:
        hint = " (use a tuple instead of a list)" if isinstance(name, list) else ""
        raise CoverInputError(f"{what} {_what(name)} is not hashable{hint}") from None
    if isinstance(name, str):
        if not name:
            raise CoverInputError(f"{what} '' is empty")
        if ":" in name:
            raise CoverInputError(
                f"{what} {name!r} contains ':' (':' writes a colour, item:colour)"
            )
    return name


def _parse_token(token: Any, where: str) -> tuple:
    """An option's token as ``(item, colour or None)``."""
    if isinstance(token, str):
        name, sep, colour = token.partition(":")
        if not name:
            raise CoverInputError(f"{where}: item name {token!r} is empty")
        if not sep:
            return name, None
        if not colour:
            raise CoverInputError(f"{where}: the colour of {name!r} is empty ({token!r})")
        if ":" in colour:
            raise CoverInputError(f"{where}: the colour of {name!r} contains ':' ({token!r})")
        return name, colour
    _check_name(token, f"{where}: item")
    return token, None


def _bound(item: Hashable, value: Any) -> tuple[int, int]:
    """``(lo, hi)`` from ``k`` (exactly k) or a pair ``(lo, hi)``."""
    pair = (
        (value, value)
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool)
        else value
    )
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise CoverInputError(
            f"the bounds of item {item!r} must be an int or a pair (lo, hi), got {value!r}"
        ) from None
    for v in (lo, hi):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise CoverInputError(f"the bounds of item {item!r} must be integers, got {value!r}")
    lo, hi = int(lo), int(hi)
    if lo < 0:
        raise CoverInputError(f"the lower bound of item {item!r} is negative ({lo}:{hi})")
    if hi < 1:
        raise CoverInputError(f"the upper bound of item {item!r} must be at least 1 ({lo}:{hi})")
    if lo > hi:
        raise CoverInputError(
            f"the lower bound of item {item!r} exceeds its upper bound ({lo}:{hi})"
        )
    if hi > MAX_BOUND:
        raise CoverInputError(f"the upper bound of item {item!r} is above {MAX_BOUND} ({lo}:{hi})")
    return lo, hi


@dataclass(frozen=True)
class Compiled:
    """A problem as the kernels read it: items numbered 0.. (primary first), each option a
    run of ``items[starts[o]:starts[o + 1]]`` with the matching ``colours`` (0: none; equal
    numbers: equal colours); ``lo`` and ``hi`` the bounds of each primary item (1 and 1 for
    an exact cover)."""

    n_primary: int
    n_items: int
    starts: np.ndarray
    items: np.ndarray
    colours: np.ndarray
    lo: np.ndarray
    hi: np.ndarray


class Problem:
    """An exact cover problem: primary items, secondary items and options.

    Parameters
    ----------
    options : iterable of iterables of items
        Each option lists its items: any hashable values (strings, ints, tuples...). A
        string ``"x:colour"`` is the secondary item ``"x"`` with a colour.
    primary : sequence of items, optional
        The primary items, in order. Default: every item the options name that is not
        secondary, in order of first appearance.
    secondary : sequence of items, optional
        The secondary items (at most once; may carry colours). Default: with ``primary``
        given, every other item the options name (as xcover does), else none.
    labels : sequence of str, optional
        A name for each option (e.g. ``"F at r1c1"``), shown by :meth:`describe`.
    bounds : mapping of item to int or (int, int), optional
        Multiplicities of primary items (Knuth's DLX3): ``{item: (lo, hi)}`` asks that the
        item be covered at least ``lo`` and at most ``hi`` times (``0 <= lo <= hi``,
        ``hi >= 1``); ``{item: k}`` means exactly ``k``. Every other primary item: exactly
        once. Searched by Algorithm M.
    allow_empty : bool
        Keep empty options (never part of a solution) instead of refusing them;
        :meth:`from_matrix` keeps all-zero rows this way, so that option indices stay row
        indices.

    Raises
    ------
    CoverInputError
        An item that is not hashable, an empty string or a string with ``:`` other than a
        colour; an item named twice in the item lists; an option that is empty, names an
        unknown item (when both item lists are given) or the same item twice, or gives a
        primary item a colour; bounds that are not ``0 <= lo <= hi``, ``hi >= 1``, or are
        given to a secondary or unknown item. The message names the option as
        ``options[i]`` (indexed as solutions are) and the item.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> p.primary, len(p.options)
    (('a', 'b', 'c'), 4)
    >>> Problem([["a", "x:red"], ["b", "x:red"]], secondary=["x"]).options
    (('a', 'x:red'), ('b', 'x:red'))
    >>> Problem([[1, 4, 7], [1, 4], [4, 5, 7]], primary=[1, 4]).secondary   # xcover's way
    (7, 5)
    >>> Problem([[(0, 0), (0, 1)], [(0, 1)]]).primary                      # cells as items
    ((0, 0), (0, 1))
    >>> Problem([["a", "a"]])
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: options[0] names item 'a' twice
    """

    def __init__(
        self,
        options: Iterable[Iterable],
        primary: Sequence | None = None,
        secondary: Sequence | None = None,
        labels: Sequence[str] | None = None,
        *,
        bounds: Mapping | None = None,
        allow_empty: bool = False,
        _entries: list | None = None,
    ) -> None:
        if _entries is not None:
            # parts that clew.cover.knuth.read has checked already, line by line (names,
            # colours, unknown and repeated items): checking them again here would cost as
            # much again as the reading, on a file of a million options
            # knuth.read passes the options as a list and both item lists
            assert isinstance(options, list) and primary is not None and secondary is not None
            self._trusted(options, _entries, tuple(primary), tuple(secondary), bounds or {})
            return
        if isinstance(options, (str, bytes)):
            raise CoverInputError("options must be a list of item lists, got a string")
        if isinstance(options, np.ndarray):
            raise CoverInputError(
                "Problem takes options as lists of item names; "
                "for a 0/1 matrix use Problem.from_matrix"
            )
        try:
            # never more than the bound in memory: a generator of 10**8 options is refused
            # once it has given one more option than MAX_OPTIONS, not after filling the memory
            options = list(itertools.islice(options, MAX_OPTIONS + 1))
        except TypeError:
            raise CoverInputError(
                f"options must be a list of item lists, got {options!r}"
            ) from None
        if len(options) > MAX_OPTIONS:
            raise CoverInputError(f"more than {MAX_OPTIONS:,} options: the most a problem may have")
        total = 0
        secondary_given = secondary is not None
        secondary = self._item_list(() if secondary is None else secondary, "secondary")
        opts: list[tuple] = []
        entries: list[tuple[tuple, ...]] = []
        for index, option in enumerate(options):
            where = f"options[{index}]"
            if isinstance(option, (str, bytes)):
                raise CoverInputError(f"{where} must be a list of items, got the string {option!r}")
            try:
                tokens = list(itertools.islice(option, MAX_ENTRIES - total + 1))
            except TypeError:
                raise CoverInputError(f"{where} must be a list of items, got {option!r}") from None
            total += len(tokens)
            if total > MAX_ENTRIES:
                raise CoverInputError(
                    f"{where}: more than {MAX_ENTRIES:,} items in the options together: "
                    "the most a problem may have"
                )
            parsed: list[tuple] = []
            names: set = set()
            for token in tokens:
                name, colour = _parse_token(token, where)
                if name in names:
                    raise CoverInputError(f"{where} names item {name!r} twice")
                names.add(name)
                parsed.append((name, colour))
            if not parsed and not allow_empty:
                raise CoverInputError(f"{where} is empty")
            opts.append(tuple(tokens))
            entries.append(tuple(parsed))
        sec = set(secondary)
        if primary is None:
            seen: dict = {}
            for option_entries in entries:
                for name, _ in option_entries:
                    if name not in sec:
                        seen.setdefault(name)
            primary = tuple(seen)
        else:
            primary = self._item_list(primary, "primary")
            if not secondary_given:  # xcover's rule: the items not listed as primary are secondary
                prim = set(primary)
                rest: dict = {}
                for option_entries in entries:
                    for name, _ in option_entries:
                        if name not in prim:
                            rest.setdefault(name)
                secondary = tuple(rest)
                sec = set(secondary)
        both = sec.intersection(primary)
        if both:
            raise CoverInputError(
                f"item {next(i for i in primary if i in both)!r} is both primary and secondary"
            )
        prim = set(primary)
        for index, option_entries in enumerate(entries):
            for name, colour in option_entries:
                if name in prim:
                    if colour is not None:
                        raise CoverInputError(
                            f"options[{index}]: primary item {name!r} cannot have a colour "
                            f"({name}:{colour})"
                        )
                elif name not in sec:
                    raise CoverInputError(f"options[{index}]: unknown item {name!r}")
        limits = [(1, 1)] * len(primary)
        if bounds is not None:
            if not isinstance(bounds, Mapping):
                raise CoverInputError(f"bounds must map items to k or (lo, hi), got {bounds!r}")
            position = {name: k for k, name in enumerate(primary)}
            for item, value in bounds.items():
                if item not in position:
                    kind = "secondary item" if item in sec else "unknown item"
                    raise CoverInputError(
                        f"bounds for {kind} {item!r}: only primary items have multiplicities"
                    )
                limits[position[item]] = _bound(item, value)
        if labels is not None:
            if isinstance(labels, (str, bytes)):
                raise CoverInputError(
                    "labels must be a list with one label per option, got a string"
                )
            labels = tuple(str(label) for label in labels)
            if len(labels) != len(opts):
                raise CoverInputError(f"{len(labels)} labels for {len(opts)} options")
        self.primary: tuple = primary
        self.secondary: tuple = secondary
        self.options: tuple[tuple, ...] = tuple(opts)
        self.labels: tuple[str, ...] | None = labels
        #: The bounds ``(lo, hi)`` of each primary item, in the order of :attr:`primary`.
        self.bounds: tuple[tuple[int, int], ...] = tuple(limits)
        #: Each option as ``(item, colour or None)`` pairs.
        self.entries: tuple[tuple[tuple, ...], ...] = tuple(entries)

    def _trusted(
        self, options: list, entries: list, primary: tuple, secondary: tuple, bounds: Mapping
    ) -> None:
        position = {name: k for k, name in enumerate(primary)}
        limits = [(1, 1)] * len(primary)
        for item, value in bounds.items():
            limits[position[item]] = _bound(item, value)
        self.primary, self.secondary, self.options, self.labels = (
            primary,
            secondary,
            tuple(options),
            None,
        )
        self.bounds, self.entries = tuple(limits), tuple(entries)

    @staticmethod
    def _item_list(items: Any, kind: str) -> tuple:
        if isinstance(items, (str, bytes)):
            raise CoverInputError(f"{kind} must be a list of items, got the string {items!r}")
        try:
            items = tuple(items)
        except TypeError:
            raise CoverInputError(f"{kind} must be a list of items, got {items!r}") from None
        seen: set = set()
        for item in items:
            _check_name(item, f"{kind} item")
            if item in seen:
                raise CoverInputError(f"{kind} item {item!r} is listed twice")
            seen.add(item)
        return items

    # -----------------------------------------------------------------------------------------

    @property
    def multiplicities(self) -> bool:
        """True if some primary item has bounds other than exactly once (Algorithm M)."""
        return any(b != (1, 1) for b in self.bounds)

    @property
    def bounds_of(self) -> dict:
        """The primary items whose bounds are not exactly once, with their ``(lo, hi)``."""
        return {item: b for item, b in zip(self.primary, self.bounds, strict=False) if b != (1, 1)}

    @classmethod
    def from_matrix(
        cls, matrix: Any, *, primary: Sequence | None = None, names: Sequence | None = None
    ) -> Problem:
        """A problem from a 0/1 matrix: one row per option, one column per item.

        Parameters
        ----------
        matrix : array_like of 0/1, shape (options, items)
            A numpy array or a list of equally long rows of 0 and 1 (or booleans).
            All-zero rows are kept as empty options, which no solution takes: solutions
            still count rows as the caller does.
        primary : int or sequence of column names, optional
            How many of the first columns are primary items, or which columns (by name);
            the others are secondary. Default: all of them.
        names : sequence of items, optional
            Column names; default the column indices ``0``, ``1``, ...

        Examples
        --------
        >>> Problem.from_matrix([[1, 0, 1], [0, 1, 0]]).options
        ((0, 2), (1,))
        >>> Problem.from_matrix([[1, 0], [0, 0], [0, 1]], names=["a", "b"]).options
        (('a',), (), ('b',))
        >>> Problem.from_matrix([[1, 0], [1]])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        clew.cover.problem.CoverInputError: the rows of a cover matrix have one length: ...
        """
        array = _matrix_array(matrix)
        columns = array.shape[1]
        names = list(range(columns)) if names is None else list(cls._item_list(names, "column"))
        if len(names) != columns:
            raise CoverInputError(f"{len(names)} names for {columns} columns")
        if primary is None:
            first = names
        elif isinstance(primary, (int, np.integer)) and not isinstance(primary, bool):
            if not 0 <= int(primary) <= columns:
                raise CoverInputError(
                    f"primary must be a number of columns between 0 and {columns}, got {primary!r}"
                )
            first = names[: int(primary)]
        elif isinstance(primary, (bool, str, bytes)) or not isinstance(primary, Iterable):
            raise CoverInputError(
                f"primary must be a number of columns or a list of column names, got {primary!r}"
            )
        else:
            first = list(cls._item_list(primary, "primary"))
            unknown = [p for p in first if p not in set(names)]
            if unknown:
                raise CoverInputError(f"primary item {unknown[0]!r} is not a column name")
        chosen = set(first)
        options = [[names[j] for j in np.flatnonzero(row)] for row in array]
        ordered = [n for n in names if n in chosen]
        return cls(
            options,
            primary=ordered,
            secondary=[n for n in names if n not in chosen],
            allow_empty=True,
        )

    # -----------------------------------------------------------------------------------------

    @functools.cached_property
    def compiled(self) -> Compiled:
        """The kernels' arrays (built once per problem)."""
        index = {name: i for i, name in enumerate(self.primary + self.secondary)}
        palette: dict[str, int] = {}
        starts = np.zeros(len(self.options) + 1, np.int64)
        items: list[int] = []
        colours: list[int] = []
        for o, parsed in enumerate(self.entries):
            for name, colour in parsed:
                items.append(index[name])
                colours.append(
                    palette.setdefault(colour, len(palette) + 1) if colour is not None else 0
                )
            starts[o + 1] = len(items)
        lo = np.array([b[0] for b in self.bounds], np.int64)
        hi = np.array([b[1] for b in self.bounds], np.int64)
        return Compiled(
            len(self.primary),
            len(index),
            starts,
            np.array(items, np.int64),
            np.array(colours, np.int64),
            lo,
            hi,
        )

    def describe(self, solution: Iterable[int]) -> list:
        """The options of a solution (indices into :attr:`options`) in the caller's terms:
        the label if the problem has labels, else the option's items as given (a list).

        >>> p = Problem([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]])
        >>> p.describe([1, 3, 5])
        [[1, 4], [3, 5, 6], [2, 7]]
        """
        if self.labels is not None:
            return [self.labels[o] for o in solution]
        return [list(self.options[o]) for o in solution]

    def __repr__(self) -> str:
        extra = f", {len(self.bounds_of)} with multiplicities" if self.multiplicities else ""
        return (
            f"Problem({len(self.primary)} primary items, {len(self.secondary)} secondary, "
            f"{len(self.options)} options{extra})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return (self.primary, self.secondary, self.options, self.labels, self.bounds) == (
            other.primary,
            other.secondary,
            other.options,
            other.labels,
            other.bounds,
        )

    __hash__ = None  # type: ignore[assignment]


def _is_bit(value: object) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return True
    if isinstance(value, (int, np.integer, float, np.floating)):
        return value == 0 or value == 1
    return False


def _matrix_array(matrix: Any) -> np.ndarray:
    """``matrix`` as a 2-D int8 array of 0 and 1, or a one-line :class:`CoverInputError`
    (never numpy's own error about sequences)."""
    if isinstance(matrix, np.ndarray):
        if matrix.ndim != 2:
            raise CoverInputError(f"a cover matrix has two dimensions, got shape {matrix.shape}")
        if matrix.dtype.kind not in "biuf":
            raise CoverInputError(
                f"a cover matrix holds only 0 and 1, got an array of {matrix.dtype}"
            )
        bad = np.argwhere((matrix != 0) & (matrix != 1))
        if len(bad):
            r, c = bad[0].tolist()
            raise CoverInputError(
                f"a cover matrix holds only 0 and 1: matrix[{r}, {c}] is {matrix[r, c].item()!r}"
            )
        return matrix.astype(np.int8)
    if isinstance(matrix, (str, bytes)):
        raise CoverInputError("a cover matrix is a list of rows of 0 and 1, got a string")
    try:
        rows = list(matrix)
    except TypeError:
        raise CoverInputError(
            f"a cover matrix is a list of rows of 0 and 1, got {matrix!r}"
        ) from None
    width = None
    out = []
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise CoverInputError(
                f"a cover matrix has two dimensions: matrix[{r}] is {row!r}, not a row"
            )
        row = list(row)
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise CoverInputError(
                f"the rows of a cover matrix have one length: matrix[0] has {width} entries, "
                f"matrix[{r}] has {len(row)}"
            )
        for c, value in enumerate(row):
            if not _is_bit(value):
                raise CoverInputError(
                    f"a cover matrix holds only 0 and 1: matrix[{r}, {c}] is {value!r}"
                )
        out.append([int(v) for v in row])
    return np.array(out, np.int8).reshape(len(out), width or 0)
