"""The exact cover problem value: items, options, colours, and the arrays the kernel reads.

An exact cover problem has *primary items* (each must be covered exactly once), *secondary
items* (covered at most once) and *options* (sets of items). A solution is a set of options
that covers every primary item exactly once and no secondary item twice. A secondary item
in an option may carry a *colour* (``x:a`` in Knuth's notation): options that give the same
item the same colour may share it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ClewError

__all__ = ["CoverInputError", "Problem", "Compiled"]


class CoverInputError(ClewError):
    """A problem that cannot be built: a bad item name, an unknown item, an item twice in one
    option, a colour on a primary item, an empty option. The message names the option (and
    the line, for a file)."""


def _check_name(name, what: str) -> str:
    if not isinstance(name, str):
        raise CoverInputError(f"{what} must be a string, got {name!r}")
    if not name:
        raise CoverInputError(f"{what} is empty")
    for bad in (":", "|"):
        if bad in name:
            raise CoverInputError(f"{what} {name!r} contains {bad!r}")
    if any(ch.isspace() for ch in name):
        raise CoverInputError(f"{what} {name!r} contains white space")
    return name


@dataclass(frozen=True)
class Compiled:
    """A problem as the kernel reads it: items numbered 0.. (primary first), each option a
    run of ``items[starts[o]:starts[o + 1]]`` with the matching ``colours`` (0: none; equal
    numbers: equal colours)."""

    n_primary: int
    n_items: int
    starts: np.ndarray
    items: np.ndarray
    colours: np.ndarray


class Problem:
    """An exact cover problem: primary items, secondary items and options.

    Parameters
    ----------
    options : iterable of iterables of str
        Each option lists item names; a secondary item may be written ``name:colour``.
    primary : sequence of str, optional
        The primary items, in order. Default: every item the options name that is not
        secondary, in order of first appearance.
    secondary : sequence of str
        The secondary items (at most once; may carry colours).
    labels : sequence of str, optional
        A name for each option (e.g. ``"F at r1c1"``), shown by :meth:`describe`.

    Raises
    ------
    CoverInputError
        A name that is not a non-empty string free of ``:``, ``|`` and white space; an item
        named twice in the item lists; an option that is empty, names an unknown item or the
        same item twice, or gives a primary item a colour. The message names the option.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> p.primary, len(p.options)
    (('a', 'b', 'c'), 4)
    >>> Problem([["a", "x:red"], ["b", "x:red"]], secondary=["x"]).options
    (('a', 'x:red'), ('b', 'x:red'))
    >>> Problem([["a", "a"]])
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: option 1 names item 'a' twice
    """

    def __init__(
        self,
        options: Iterable[Iterable[str]],
        primary: Sequence[str] | None = None,
        secondary: Sequence[str] = (),
        labels: Sequence[str] | None = None,
    ) -> None:
        if isinstance(options, (str, bytes)):
            raise CoverInputError("options must be a list of item lists, got a string")
        secondary = tuple(_check_name(s, "secondary item") for s in secondary)
        opts: list[tuple[str, ...]] = []
        parsed: list[list[tuple[str, str | None]]] = []
        for number, option in enumerate(options, start=1):
            if isinstance(option, (str, bytes)):
                raise CoverInputError(f"option {number} must be a list of items, got the string {option!r}")
            tokens = []
            for token in option:
                if not isinstance(token, str):
                    raise CoverInputError(f"option {number}: an item must be a string, got {token!r}")
                name, sep, colour = token.partition(":")
                _check_name(name, f"option {number}: item")
                if sep:
                    _check_name(colour, f"option {number}: the colour of {name!r}")
                tokens.append((name, colour if sep else None))
            if not tokens:
                raise CoverInputError(f"option {number} is empty")
            opts.append(tuple(f"{n}:{c}" if c is not None else n for n, c in tokens))
            parsed.append(tokens)
        sec = set(secondary)
        if len(sec) != len(secondary):
            raise CoverInputError(f"secondary item {_first_repeat(secondary)!r} is listed twice")
        if primary is None:
            seen: dict[str, None] = {}
            for tokens in parsed:
                for name, _ in tokens:
                    if name not in sec:
                        seen.setdefault(name)
            primary = tuple(seen)
        else:
            primary = tuple(_check_name(p, "primary item") for p in primary)
            if len(set(primary)) != len(primary):
                raise CoverInputError(f"primary item {_first_repeat(primary)!r} is listed twice")
        both = sec.intersection(primary)
        if both:
            raise CoverInputError(f"item {sorted(both)[0]!r} is both primary and secondary")
        prim = set(primary)
        for number, tokens in enumerate(parsed, start=1):
            names = [n for n, _ in tokens]
            if len(set(names)) != len(names):
                raise CoverInputError(f"option {number} names item {_first_repeat(names)!r} twice")
            for name, colour in tokens:
                if name in prim:
                    if colour is not None:
                        raise CoverInputError(f"option {number}: primary item {name!r} cannot have a colour ({name}:{colour})")
                elif name not in sec:
                    raise CoverInputError(f"option {number}: unknown item {name!r}")
        if labels is not None:
            labels = tuple(str(label) for label in labels)
            if len(labels) != len(opts):
                raise CoverInputError(f"{len(labels)} labels for {len(opts)} options")
        self.primary: tuple[str, ...] = primary
        self.secondary: tuple[str, ...] = secondary
        self.options: tuple[tuple[str, ...], ...] = tuple(opts)
        self.labels: tuple[str, ...] | None = labels

    # -----------------------------------------------------------------------------------------

    @classmethod
    def from_matrix(cls, matrix, *, primary: int | None = None, names: Sequence[str] | None = None) -> Problem:
        """A problem from a 0/1 matrix: one row per option, one column per item.

        Parameters
        ----------
        matrix : array_like of 0/1, shape (options, items)
        primary : int, optional
            How many of the first columns are primary items (the rest are secondary);
            default: all of them.
        names : sequence of str, optional
            Column names; default ``"1"``, ``"2"``, ... (columns counted from 1).

        Examples
        --------
        >>> Problem.from_matrix([[1, 0, 1], [0, 1, 0]]).options
        (('1', '3'), ('2',))
        """
        array = np.asarray(matrix)
        if array.ndim != 2:
            raise CoverInputError(f"a cover matrix has two dimensions, got shape {array.shape}")
        if array.size and not np.isin(array, (0, 1)).all():
            raise CoverInputError("a cover matrix holds only 0 and 1")
        columns = array.shape[1]
        if names is None:
            names = [str(j + 1) for j in range(columns)]
        names = list(names)
        if len(names) != columns:
            raise CoverInputError(f"{len(names)} names for {columns} columns")
        if primary is None:
            primary = columns
        if isinstance(primary, bool) or not 0 <= int(primary) <= columns:
            raise CoverInputError(f"primary must be a number of columns between 0 and {columns}, got {primary!r}")
        options = [[names[j] for j in np.flatnonzero(row)] for row in array]
        return cls(options, primary=names[: int(primary)], secondary=names[int(primary) :])

    # -----------------------------------------------------------------------------------------

    @functools.cached_property
    def compiled(self) -> Compiled:
        """The kernel's arrays (built once per problem)."""
        index = {name: i for i, name in enumerate(self.primary + self.secondary)}
        palette: dict[str, int] = {}
        starts = np.zeros(len(self.options) + 1, np.int64)
        items: list[int] = []
        colours: list[int] = []
        for o, option in enumerate(self.options):
            for token in option:
                name, sep, colour = token.partition(":")
                items.append(index[name])
                colours.append(palette.setdefault(colour, len(palette) + 1) if sep else 0)
            starts[o + 1] = len(items)
        return Compiled(
            len(self.primary),
            len(index),
            starts,
            np.array(items, np.int64),
            np.array(colours, np.int64),
        )

    def describe(self, solution: Iterable[int]) -> list[str]:
        """The options of a solution (indices into :attr:`options`) as text: the label if the
        problem has labels, else the option's items separated by spaces."""
        if self.labels is not None:
            return [self.labels[o] for o in solution]
        return [" ".join(self.options[o]) for o in solution]

    def __repr__(self) -> str:
        return (
            f"Problem({len(self.primary)} primary items, {len(self.secondary)} secondary, "
            f"{len(self.options)} options)"
        )

    def __eq__(self, other) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return (self.primary, self.secondary, self.options, self.labels) == (
            other.primary,
            other.secondary,
            other.options,
            other.labels,
        )

    __hash__ = None  # type: ignore[assignment]


def _first_repeat(names: Sequence[str]) -> str:
    seen = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    raise AssertionError("no repeat")
