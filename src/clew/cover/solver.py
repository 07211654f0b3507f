"""Exact cover: solve, count, enumerate, verify (the friendly layer over ``_kernels``).

Every function takes a :class:`~clew.cover.Problem` or anything :func:`as_problem` turns
into one (lists of item names, a 0/1 matrix, a file in Knuth's format), runs the dancing
links kernel with a ``limit`` (1 solves, ``None`` counts all) and returns solutions as
sorted lists of option indices (``problem.describe(solution)`` gives their items, in the
caller's own names).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from ..errors import ArgumentError, InvalidSolutionError, check_limit
from . import _kernels as K
from . import _kernels_m as M
from . import _kernels_mbits as MB
from .engines import ENGINES
from .problem import CoverInputError, Problem, _is_bit

__all__ = [
    "Search",
    "as_problem",
    "check_cover",
    "is_cover",
    "prefixes",
    "reduce",
    "solutions",
    "solve",
]

#: The kernels (:data:`clew.cover.engines.ENGINES`, their registry).
#: Largest number of options the bitset engine takes by default (its conflict table holds
#: options^2 bits: 8 MiB here).
BITS_MAX_OPTIONS = 8192
#: Largest number of options "multiplicity" runs on bitsets (:mod:`._kernels_mbits`, the
#: same search as the dancing links, 4 to 10 times faster on queen domination and packings;
#: traces and the cut into pieces stay on the links): choosing reads every active item's
#: words at each node, which beats the dance while they are few.
MBITS_MAX_OPTIONS = 1024


def as_problem(source, *, matrix: bool | None = None) -> Problem:
    """A :class:`Problem` from any of the forms clew reads.

    * a :class:`Problem`: itself;
    * a list of options, each a list of items (any hashable names: strings, ints, tuples;
      ``name:colour`` for a coloured secondary item): every item primary (build a
      :class:`Problem` for secondary items, ``primary=``, ``bounds=``);
    * a 0/1 matrix (numpy array, or a list of equally long lists of 0 and 1): one row per
      option, one column per item (named by its index), all primary; all-zero rows are
      options no solution takes (:meth:`Problem.from_matrix`, also for secondary columns);
    * a :class:`pathlib.Path` or an open file: Knuth's DLX format (:mod:`clew.cover.knuth`).

    A list of lists of 0 and 1 is a matrix when some row repeats a value (``[1, 0, 1]``
    cannot be an option: it names item 1 twice) and options of item names otherwise; when
    it could be both (``[[0, 1], [1, 0]]``) it is refused: say which with ``matrix=True``
    (or :meth:`Problem.from_matrix`) or ``matrix=False`` (or :class:`Problem`).

    Examples
    --------
    >>> as_problem([[1, 0, 1], [0, 1, 0]]).options          # a 0/1 matrix: columns 0, 1, 2
    ((0, 2), (1,))
    >>> as_problem([[1, 4, 7], [1, 4], [2, 3]]).primary     # xcover's lists of ints
    (1, 4, 7, 2, 3)
    >>> as_problem([["a"], ["b"]]).primary
    ('a', 'b')
    >>> as_problem([[0, 1], [1, 0]], matrix=True).options
    ((1,), (0,))
    >>> as_problem([[0, 1], [1, 0]])
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: these 2 rows of 0 and 1 read both as a 0/1 matrix and as options naming items 0 and 1: say which, cover.Problem.from_matrix(rows) (or matrix=True) or cover.Problem(rows) (or matrix=False)
    """
    if isinstance(source, Problem):
        return source
    if isinstance(source, (Path, os.PathLike)) or hasattr(source, "read"):
        from .knuth import read

        return read(source)
    if isinstance(source, (str, bytes)):
        raise CoverInputError(
            "a problem given as text must go through clew.cover.knuth.read (or pass a Path)"
        )
    if matrix not in (None, True, False):
        raise CoverInputError(f"matrix must be True, False or None, got {matrix!r}")
    if matrix:
        return Problem.from_matrix(source)
    if matrix is False:
        return Problem(source)
    if isinstance(source, np.ndarray):
        return Problem.from_matrix(source)
    try:
        rows = list(source)
    except TypeError:
        raise CoverInputError(
            f"a problem is a list of options, a 0/1 matrix or a file, got {source!r}"
        ) from None
    kind = _matrix_or_names(rows)
    if kind is None:
        raise CoverInputError(
            f"these {len(rows)} rows of 0 and 1 read both as a 0/1 matrix and as options naming items 0 and 1: "
            "say which, cover.Problem.from_matrix(rows) (or matrix=True) or cover.Problem(rows) (or matrix=False)"
        )
    return Problem.from_matrix(rows) if kind else Problem(rows)


def _matrix_or_names(rows: list) -> bool | None:
    """True: ``rows`` is a 0/1 matrix; False: options of item names; None: it could be
    either (equally long rows of distinct 0s and 1s)."""
    if not rows or not all(isinstance(r, (list, tuple, np.ndarray)) for r in rows):
        return False
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        return False
    if not all(_is_bit(v) for r in rows for v in r):
        return False
    if any(len(set(r)) < len(r) for r in rows):  # a repeated value: not an option of names
        return True
    return None


def _limit(limit) -> int:
    """The kernel's limit: 0 for ``None`` (no limit); else :func:`clew.errors.check_limit`'s."""
    limit = check_limit(limit)
    return 0 if limit is None else limit


def _batch(batch) -> int:
    if (
        isinstance(batch, bool)
        or not hasattr(batch, "__index__")
        or not 1 <= batch.__index__() <= 1 << 20
    ):
        raise ArgumentError(f"batch must be an integer from 1 to {1 << 20}, got {batch!r}")
    return batch.__index__()


class Search:
    """One resumable run of the kernel over a problem: iterate it for solutions.

    ``count`` and ``nodes`` (search-tree nodes entered so far) grow as it runs, and
    ``seconds`` is the kernel time spent; :func:`solutions` and the CLI's ``-v`` use them.
    ``to_dict()`` gives them as JSON data: ``engine`` (the kernel that ran), ``limit``
    (None: all), ``count`` (solutions found so far), ``nodes``, ``seconds`` and ``done``
    (True once the search has ended: the whole tree searched, or the limit reached).

    Parameters
    ----------
    problem
        Any form :func:`as_problem` reads.
    limit : int or None
        Stop after this many solutions (keyword only; :func:`clew.errors.check_limit`).
    batch : int
        Solutions per kernel call (the buffer; memory stays flat however many there are).
    taken : sequence of int
        Options already chosen (compatible ones, e.g. a prefix from :func:`prefixes`): only
        the solutions that contain them are searched, and they are left out of the
        solutions yielded. With the "multiplicity" engine ``taken`` is a path of
        Algorithm M's search from :func:`prefixes` instead (the option tried at each of the
        first levels, -1 for a level that adds none), and solutions are yielded whole.
    engine : {"auto", "links", "bits", "multiplicity"}
        The kernel (see :data:`ENGINES`): "auto" takes Algorithm M ("multiplicity") for a
        problem with multiplicities, the bitset engine up to 8192 options, else dancing
        links. "links" and "bits" refuse problems with multiplicities.
    tables
        Prebuilt tables from :func:`search_tables` (shared by many searches of a problem).

    Examples
    --------
    >>> s = Search([["a", "b"], ["a"], ["b"]])
    >>> list(s), s.count, s.nodes
    ([[0], [1, 2]], 2, 4)
    >>> {key: value for key, value in s.to_dict().items() if key != "seconds"}
    {'engine': 'bits', 'limit': None, 'count': 2, 'nodes': 4, 'done': True}
    """

    def __init__(
        self,
        problem,
        *,
        limit: int | None = None,
        batch: int = 1024,
        taken=(),
        engine: str = "auto",
        tables=None,
    ) -> None:
        self.problem = as_problem(problem)
        self.limit = _limit(limit)
        self.batch = _batch(batch)
        c = self.problem.compiled
        if tables is None:
            tables = search_tables(self.problem, engine)
            fresh = True
        else:
            fresh = False
        self.engine = tables[0]
        try:
            self.taken = tuple(int(o) for o in taken)
        except (TypeError, ValueError):
            raise CoverInputError(f"taken must be option indices, got {taken!r}") from None
        self._meta = np.zeros(M.META_SIZE, np.int64)  # Algorithm C's fields, and M's for a trace
        self.seconds = 0.0
        self._width = c.n_primary + 1  # a solution has at most one option per primary item
        if self.engine == "multiplicity":
            if any(not -1 <= o < len(self.problem.options) for o in self.taken):
                raise CoverInputError(
                    f"a path of the multiplicity engine holds option indices or -1, got {self.taken}"
                )
            self._path = np.array(self.taken or (0,), np.int64)
            links, bound, slack, coloured, mbits = tables[1]
            if not fresh:
                links, bound = [a.copy() for a in links], bound.copy()
            # each option of a solution covers a primary item: at most sum(hi) options
            most = min(len(self.problem.options), int(c.hi.sum()))
            self._width = most + 1
            self._m = (*links, bound, slack, c.n_primary, coloured)
            self._x = np.zeros(most + c.n_primary + 2, np.int32)  # options and null moves
            self._ft = np.zeros(most + c.n_primary + 2, np.int32)
            self._mb = (
                None if mbits is None else _mbit_state(mbits, bound, slack, most + c.n_primary + 2)
            )
            clash = False
        elif self.engine == "bits":
            item_opts, conflict, opt_cov, full, *stacks = tables[1]
            if not fresh:  # the stacks change as the search runs: a copy per search
                stacks = [a.copy() for a in stacks]
            self._bits = (item_opts, conflict, opt_cov, full, *stacks)
            clash = _take_bits(self._bits, self.taken)
        else:
            links, coloured = tables[1]
            L, R, LEN, nd, OPT = links if fresh else [a.copy() for a in links]  # dancing links move
            self._links = (L, R, LEN, nd, OPT, coloured)
            self._x = np.zeros(c.n_items + 2, np.int32)
            clash = False
            if self.taken:
                # the first node of option o: the N headers, one spacer per option so far, ...
                firsts = np.array(
                    [K.NODE_SIZE * (c.n_items + 2 + c.starts[o] + o) for o in self.taken], np.int32
                )
                clash = not K.take(L, R, nd, LEN, firsts, coloured)
        if clash:
            self._meta[K.DONE] = 1  # clashing options: no solution extends them

    def _kernel(self, out: np.ndarray, sizes: np.ndarray) -> int:
        t0 = time.perf_counter()
        if self.engine == "bits":
            written = K.bits_search(*self._bits, self._meta, self.limit, out, sizes)
        elif self.engine == "multiplicity" and self._mb is not None:
            written = MB.search(
                *self._mb, self._meta, self.limit, out, sizes, self._path, len(self.taken), 0
            )
        elif self.engine == "multiplicity":
            written = M.search(
                *self._m,
                self._x,
                self._ft,
                self._meta,
                self.limit,
                out,
                sizes,
                self._path,
                len(self.taken),
                0,
            )
        else:
            written = K.search(*self._links, self._x, self._meta, self.limit, out, sizes)
        self.seconds += time.perf_counter() - t0
        return written

    @property
    def count(self) -> int:
        return int(self._meta[K.COUNT])

    @property
    def nodes(self) -> int:
        return int(self._meta[K.NODES])

    @property
    def done(self) -> bool:
        return bool(self._meta[K.DONE])

    def to_dict(self) -> dict:
        """The search so far as JSON data (the fields are listed in the class docstring)."""
        return {
            "engine": self.engine,
            "limit": self.limit or None,
            "count": self.count,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "done": self.done,
        }

    def run(self) -> int:
        """Search to the end (or the limit) without keeping solutions; the count."""
        self._kernel(np.zeros((0, 1), np.int64), np.zeros(0, np.int64))
        return self.count

    def __iter__(self) -> Iterator[list[int]]:
        out = np.zeros((self.batch, self._width), np.int64)
        sizes = np.zeros(self.batch, np.int64)
        while not self.done:
            written = self._kernel(out, sizes)
            for r in range(written):
                yield sorted(out[r, : sizes[r]].tolist())


def search_tables(problem: Problem, engine: str = "auto") -> tuple:
    """The kernel tables of ``problem`` for ``engine``: ``(engine, arrays)`` with ``auto``
    resolved. Building them is the costly part of starting a search; pass them to
    :class:`Search` as ``tables=`` to start many searches of one problem (the pieces of a
    parallel count) from one build: each search copies only what it changes.
    """
    if engine not in ENGINES:
        raise CoverInputError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    c = problem.compiled
    if problem.multiplicities:
        if engine in ("links", "bits"):
            item, (lo, hi) = next(iter(problem.bounds_of.items()))
            raise CoverInputError(
                f"engine {engine!r} covers each primary item exactly once, and item {item!r} has "
                f"bounds {lo}:{hi}: use engine 'multiplicity' (or 'auto')"
            )
        engine = "multiplicity"
    if engine == "auto":
        engine = "bits" if 0 < len(problem.options) <= BITS_MAX_OPTIONS and c.n_primary else "links"
    if engine == "multiplicity":
        links = M.build(c.n_primary, c.n_items, c.starts, c.items, c.colours)
        bound = np.zeros(c.n_items + 1, np.int32)
        slack = np.zeros(c.n_items + 1, np.int32)
        bound[1 : c.n_primary + 1] = c.hi
        slack[1 : c.n_primary + 1] = c.hi - c.lo
        mbits = (
            _mbit_arrays(c)
            if 0 < len(problem.options) <= MBITS_MAX_OPTIONS and c.n_primary
            else None
        )
        return engine, (tuple(links), bound, slack, bool(c.colours.any()), mbits)
    if engine == "bits":
        return engine, _bit_arrays(c)
    links = K.build(c.n_primary, c.n_items, c.starts, c.items, c.colours)
    return engine, (tuple(links), bool(c.colours.any()))


def _bit_arrays(c) -> tuple:
    """The bitset engine's tables and stacks for a compiled problem (see
    :func:`clew.cover._kernels.bits_search`)."""
    m = len(c.starts) - 1
    words = (m + 63) // 64
    pwords = max(1, (c.n_primary + 63) // 64)
    owner = np.repeat(np.arange(m), np.diff(c.starts))  # the option of each (option, item) entry
    word, bit = owner >> 6, np.left_shift(np.uint64(1), (owner & 63).astype(np.uint64))
    # the options of each item, and of each (item, colour)
    by_item = np.zeros((c.n_items, words), np.uint64)
    np.bitwise_or.at(by_item, (c.items, word), bit)
    keys = {
        key: k
        for k, key in enumerate(
            sorted(set(zip(c.items[c.colours > 0].tolist(), c.colours[c.colours > 0].tolist())))
        )
    }
    by_colour = np.zeros((max(1, len(keys)), words), np.uint64)
    entry_key = np.array(
        [
            keys.get((i, col), -1) if col else -1
            for i, col in zip(c.items.tolist(), c.colours.tolist())
        ],
        np.int64,
    )
    coloured = entry_key >= 0
    if coloured.any():
        np.bitwise_or.at(by_colour, (entry_key[coloured], word[coloured]), bit[coloured])
    # what each (option, item) entry rules out, then OR-ed per option
    rules_out = by_item[c.items]
    if coloured.any():
        rules_out[coloured] &= ~by_colour[entry_key[coloured]]
    conflict = np.zeros((m, words), np.uint64)
    np.bitwise_or.at(conflict, owner, rules_out)
    item_opts = by_item[: max(1, c.n_primary)] if c.n_primary else np.zeros((1, words), np.uint64)
    opt_cov = np.zeros((m, pwords), np.uint64)
    prim = c.items < c.n_primary
    np.bitwise_or.at(
        opt_cov,
        (owner[prim], c.items[prim] >> 6),
        np.left_shift(np.uint64(1), (c.items[prim] & 63).astype(np.uint64)),
    )
    full = np.zeros(pwords, np.uint64)
    for i in range(c.n_primary):
        full[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
    depth = c.n_primary + 2
    A = np.zeros((depth, words), np.uint64)
    A[0] = ~np.uint64(0)
    if m % 64:
        A[0, -1] = (np.uint64(1) << np.uint64(m % 64)) - np.uint64(1)
    cov = np.zeros((depth, pwords), np.uint64)
    cand = np.zeros((depth, words), np.uint64)
    cur = np.zeros(depth, np.int64)
    chosen = np.zeros(depth, np.int64)
    as_int = [x.view(np.int64) for x in (item_opts, conflict, opt_cov, full, A, cov, cand)]
    return (*as_int, cur, chosen)


def _mbit_arrays(c) -> tuple:
    """The tables of the bitset Algorithm M (:mod:`clew.cover._kernels_mbits`): ``(OPTS,
    SEC, PRIM, PSTART, has_sec)``, read only, shared by every search of a problem."""
    m = len(c.starts) - 1
    words = (m + 63) // 64
    owner = np.repeat(np.arange(m), np.diff(c.starts))  # the option of each (option, item) entry
    word, bit = owner >> 6, np.left_shift(np.uint64(1), (owner & 63).astype(np.uint64))
    by_item = np.zeros((c.n_items, words), np.uint64)
    np.bitwise_or.at(by_item, (c.items, word), bit)
    opts = np.zeros((c.n_primary + 1, words), np.uint64)  # row j: primary item j (1-based)
    opts[1:] = by_item[: c.n_primary]
    # what each secondary entry rules out: the options with its item, less those agreeing
    # on its colour
    sec = np.zeros((m, words), np.uint64)
    second = c.items >= c.n_primary
    if second.any():
        rules_out = by_item[c.items[second]]
        agree = {}
        for k in np.flatnonzero(second & (c.colours > 0)).tolist():
            agree.setdefault((int(c.items[k]), int(c.colours[k])), []).append(k)
        for (item, _), entries in agree.items():
            same = np.zeros(words, np.uint64)
            np.bitwise_or.at(same, word[entries], bit[entries])
            rows = np.searchsorted(np.flatnonzero(second), entries)
            rules_out[rows] &= ~same
        np.bitwise_or.at(sec, owner[second], rules_out)
    prim = ~second
    pstart = np.zeros(m + 1, np.int64)
    np.add.at(pstart, owner[prim] + 1, 1)
    pstart = np.cumsum(pstart)
    prim_items = (c.items[prim] + 1).astype(np.int64)  # owner order: options in turn
    return opts.view(np.int64), sec.view(np.int64), prim_items, pstart, bool(second.any())


def _mbit_state(mbits: tuple, bound: np.ndarray, slack: np.ndarray, levels: int) -> tuple:
    """The arguments of :func:`clew.cover._kernels_mbits.search` before ``meta``: the shared
    tables, ``bound`` and ``slack``, and the fresh per-level sets of one search."""
    opts, sec, prim, pstart, has_sec = mbits
    m = len(pstart) - 1
    A = np.zeros((levels, opts.shape[1]), np.uint64)
    A[0] = ~np.uint64(0)
    if m % 64:
        A[0, -1] = (np.uint64(1) << np.uint64(m % 64)) - np.uint64(1)
    n_primary = opts.shape[0] - 1
    ACT = np.zeros((levels, (n_primary + 1 + 63) // 64), np.uint64)
    items = np.arange(1, n_primary + 1)  # bit j: primary item j (bit 0 unused)
    np.bitwise_or.at(
        ACT[0], items >> 6, np.left_shift(np.uint64(1), (items & 63).astype(np.uint64))
    )
    CAND = np.zeros_like(A)
    XS = np.zeros(levels, np.int64)
    ITEMS = np.zeros(levels, np.int64)
    return (
        opts,
        sec,
        prim,
        pstart,
        bound,
        slack,
        has_sec,
        A.view(np.int64),
        ACT.view(np.int64),
        CAND.view(np.int64),
        XS,
        ITEMS,
    )


def _take_bits(bits: tuple, taken: tuple[int, ...]) -> bool:
    """Start the bitset search with the options ``taken`` chosen; True if they clash."""
    item_opts, conflict, opt_cov, full, A, cov, cand, cur, chosen = bits
    for o in taken:
        if not (A[0, o >> 6] >> (o & 63)) & 1:
            return True
        A[0] &= ~conflict[o]
        cov[0] |= opt_cov[o]
    return False


def solutions(problem, *, limit: int | None = None, batch: int = 1024) -> Iterator[list[int]]:
    """Generate the solutions of an exact cover problem, each a sorted list of option
    indices, in the order the search finds them; memory stays flat.

    Parameters
    ----------
    problem
        A :class:`Problem` or any form :func:`as_problem` reads.
    limit : int or None
        Stop after this many solutions; ``None``: all (keyword only).
    batch : int
        Solutions per kernel call.

    The arguments and the problem are checked when it is called, not at the first ``next()``.

    Examples
    --------
    >>> from clew import cover
    >>> p = cover.Problem([["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"],
    ...                    ["b", "g"], ["d", "e", "g"]])
    >>> [p.describe(s) for s in cover.solutions(p)]
    [[['c', 'e'], ['a', 'd', 'f'], ['b', 'g']]]
    """
    search = Search(problem, limit=limit, batch=batch)
    return iter(search)


def reduce(problem: Problem, chosen) -> tuple[Problem, tuple[int, ...]] | None:
    """The problem left once the options ``chosen`` (indices) are taken: their primary items
    and uncoloured secondary items are gone, with every option that needs one of them; a
    coloured secondary item keeps only the options that agree on its colour (and leaves
    them, since they may all share it). Returns the reduced problem (options keep their
    labels) and, for each of its options, its index in ``problem``; ``None`` if the chosen
    options clash.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> r, origin = reduce(p, [1])
    >>> r.options, origin
    ((('a', 'b'), ('a',)), (0, 2))
    """
    if problem.multiplicities:
        raise CoverInputError(
            "reduce() does not take problems with multiplicities (bounds other than 1:1)"
        )
    gone: set = set()
    colour_of: dict = {}
    for o in chosen:
        for name, colour in problem.entries[o]:
            if colour is not None:
                if colour_of.get(name, colour) != colour or name in gone:
                    return None
                colour_of[name] = colour
            else:
                if name in gone or name in colour_of:
                    return None
                gone.add(name)
    taken = set(chosen)
    options, labels, origin = [], [], []
    for o, option in enumerate(problem.options):
        if o in taken:
            continue
        kept = []
        for token, (name, colour) in zip(option, problem.entries[o]):
            if name in gone or (
                name in colour_of and (colour is None or colour != colour_of[name])
            ):
                break
            if name not in colour_of:
                kept.append(token)
        else:
            if not kept:
                continue  # empty, or only agreeing colours left: no primary item, never chosen
            options.append(kept)
            origin.append(o)
            if problem.labels is not None:
                labels.append(problem.labels[o])
    primary = [i for i in problem.primary if i not in gone]
    reduced = Problem(
        options,
        primary=primary,
        secondary=[i for i in problem.secondary if i not in gone and i not in colour_of],
        labels=labels if problem.labels is not None else None,
    )
    return reduced, tuple(origin)


def prefixes(problem: Problem, pieces: int, tables=None) -> list[tuple[int, ...]]:
    """Cut the search into at least ``pieces`` independent parts where possible: the choices
    of its first levels (branching on the primary item with the fewest options, as the
    kernel does), deepened level by level. Each prefix is a tuple of option indices of
    ``problem``; every solution extends exactly one prefix, so the counts of the
    :func:`reduce`-d problems add up to the count.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["a"], ["b"], ["b", "c"], ["c"]])
    >>> prefixes(p, 2)
    [(0,), (1,)]
    >>> prefixes(p, 2, search_tables(p, "bits"))
    [(0,), (1,)]

    With the bitset engine's ``tables`` (:func:`search_tables`) the cut is made on the bit
    sets directly, without building reduced problems: milliseconds instead of seconds.
    Prefixes that already clash are left out (they count 0).

    A problem with multiplicities (or the "multiplicity" engine's tables) is cut by the
    kernel itself, :func:`_m_prefixes`: its prefixes are *paths* of Algorithm M's search,
    the option tried at each of its first levels or -1 where a level adds none, which
    :class:`Search` replays as ``taken=``.
    """
    if tables is not None and tables[0] == "bits":
        return _bit_prefixes(tables[1], pieces)
    if problem.multiplicities or (tables is not None and tables[0] == "multiplicity"):
        if tables is None or tables[0] != "multiplicity":
            tables = search_tables(problem, "multiplicity")
        return _m_prefixes(problem, tables, pieces)
    frontier: list[tuple[int, ...]] = [()]
    while len(frontier) < pieces:
        deeper: list[tuple[int, ...]] = []
        grew = False
        for prefix in frontier:
            cut = reduce(problem, prefix) if prefix else (problem, None)
            if cut is None or not cut[0].primary:
                deeper.append(prefix)
                continue
            sub, origin = cut
            open_items = list(sub.primary)
            uses: dict = {i: [] for i in open_items}
            for k, parsed in enumerate(sub.entries):
                for name, colour in parsed:
                    if colour is None and name in uses:
                        uses[name].append(k)
            item = min(open_items, key=lambda i: len(uses[i]))
            for k in uses[item]:
                deeper.append(prefix + ((origin[k] if origin is not None else k),))
            grew = True
        frontier = deeper
        if not grew:
            break
    return frontier


#: Most paths a cut of Algorithm M's search keeps: a level that would give more is not cut.
_MAX_PATHS = 1 << 20


def _m_prefixes(problem: Problem, tables: tuple, pieces: int) -> list[tuple[int, ...]]:
    """:func:`prefixes` for Algorithm M: the kernel runs down to level 1, 2, ... and writes
    the path to every node it reaches there (and to every solution above it), until there
    are ``pieces`` paths or no branch reaches the level. Paths to dead ends are not written:
    they count 0."""
    c = problem.compiled
    found: list[tuple[int, ...]] = [()]
    depth = 0
    while len(found) < pieces:
        depth += 1
        search = Search(problem, tables=tables)
        out = np.zeros(
            (min(1 << 16, max(1024, 4 * pieces)), depth), np.int64
        )  # refilled as it goes
        sizes = np.zeros(out.shape[0], np.int64)
        paths: list[tuple[int, ...]] = []
        while not search.done and len(paths) <= _MAX_PATHS:
            written = M.search(
                *search._m,
                search._x,
                search._ft,
                search._meta,
                0,
                out,
                sizes,
                search._path,
                0,
                depth,
            )
            paths.extend(tuple(out[r, : sizes[r]].tolist()) for r in range(written))
        if len(paths) > _MAX_PATHS:
            break  # too many pieces at this level: keep the level above
        if not paths:
            return [()]  # no solution at all: one piece, which finds none cheaply
        found = paths
        if all(len(p) < depth for p in found) or depth > c.n_primary + len(problem.options):
            break  # every branch ended above this level: it cannot be cut deeper
    return found


def _bit_prefixes(bits: tuple, pieces: int) -> list[tuple[int, ...]]:
    """:func:`prefixes` over the bitset tables: each state is (options still possible,
    primary items covered); branch on the open primary item with the fewest possible
    options (first on ties, as the kernel does), level by level."""
    item_opts, conflict, opt_cov, full = (np.asarray(a).view(np.uint64) for a in bits[:4])
    start_a = np.asarray(bits[4])[0].view(np.uint64).copy()
    n_primary = item_opts.shape[0] if int(np.bitwise_count(full).sum()) else 0
    frontier = [((), start_a, np.zeros(full.shape, np.uint64))]
    while len(frontier) < pieces:
        deeper = []
        grew = False
        for prefix, a, cov in frontier:
            open_words = full & ~cov
            if not n_primary or not open_words.any():
                deeper.append((prefix, a, cov))  # a full cover already: a piece of one
                continue
            items = np.flatnonzero(
                np.unpackbits(open_words.view(np.uint8), bitorder="little")[:n_primary]
            )
            sizes = np.bitwise_count(item_opts[items] & a).sum(axis=1)
            item = items[int(np.argmin(sizes))]
            grew = True
            possible = np.unpackbits((item_opts[item] & a).view(np.uint8), bitorder="little")
            for o in np.flatnonzero(possible).tolist():
                deeper.append((prefix + (o,), a & ~conflict[o], cov | opt_cov[o]))
        frontier = deeper
        if not grew:
            break
    return [prefix for prefix, _, _ in frontier]


def solve(problem) -> list[int] | None:
    """The first solution found (sorted option indices), or ``None`` if there is none.

    Examples
    --------
    >>> solve([["a", "b"], ["b", "c"]]) is None
    True
    >>> solve([["a", "b"], ["b"], ["a"]])
    [0]
    """
    for solution in Search(problem, limit=1, batch=1):
        return solution
    return None


def check_cover(problem, solution) -> None:
    """Raise :class:`~clew.errors.InvalidSolutionError` unless ``solution`` (option indices)
    covers every primary item exactly once (or, with multiplicities, between its bounds
    ``lo`` and ``hi`` times) and every secondary item at most once or with one colour, with
    options that each cover some primary item (an option without one, such as an all-zero
    matrix row, is in no solution). Written apart from the kernels: it only counts.

    Examples
    --------
    >>> check_cover([["a", "b"], ["b"], ["a"]], [1, 2])
    >>> check_cover([["a", "b"], ["b"], ["a"]], [0, 1])
    Traceback (most recent call last):
      ...
    clew.errors.InvalidSolutionError: item 'b' is covered twice, by options 0 and 1
    >>> check_cover(Problem([["a"], ["a", "b"], ["a"]], bounds={"a": (2, 3)}), [0])
    Traceback (most recent call last):
      ...
    clew.errors.InvalidSolutionError: primary item 'a' is covered once (option 0), at least 2 needed
    """
    problem = as_problem(problem)
    try:
        chosen = [int(o) for o in solution]
    except (TypeError, ValueError):
        raise InvalidSolutionError(
            f"a solution is a list of option indices, got {solution!r}"
        ) from None
    if len(set(chosen)) != len(chosen):
        raise InvalidSolutionError(
            f"option {next(o for o in chosen if chosen.count(o) > 1)} is chosen twice"
        )
    bounds = dict(zip(problem.primary, problem.bounds))
    secondary = set(problem.secondary)
    by: dict = {}  # item -> the options covering it so far
    colour_of: dict = {}  # secondary item -> its colour (None: taken without one)
    for o in chosen:
        if not 0 <= o < len(problem.options):
            raise InvalidSolutionError(
                f"there is no option {o} (the problem has {len(problem.options)})"
            )
        entries = problem.entries[o]
        if not any(name in bounds for name, _ in entries):
            what = "is empty" if not entries else "covers no primary item"
            raise InvalidSolutionError(f"option {o} {what}: no solution takes it")
        for name, colour in entries:
            users = by.setdefault(name, [])
            if name in secondary:
                if users and (colour is None or colour_of[name] != colour):
                    raise InvalidSolutionError(
                        f"item {name!r} is covered twice, by options {users[0]} and {o}"
                    )
                colour_of[name] = colour
            elif len(users) == bounds[name][1]:
                if bounds[name] == (1, 1):
                    raise InvalidSolutionError(
                        f"item {name!r} is covered twice, by options {users[0]} and {o}"
                    )
                raise InvalidSolutionError(
                    f"primary item {name!r} is covered {_times(len(users) + 1)} ({_listing(users + [o])}), "
                    f"at most {bounds[name][1]} allowed"
                )
            users.append(o)
    for name, (lo, hi) in bounds.items():
        users = by.get(name, [])
        if len(users) < lo:
            if (lo, hi) == (1, 1):
                raise InvalidSolutionError(f"primary item {name!r} is not covered")
            covered = (
                f"covered {_times(len(users))} ({_listing(users)})" if users else "not covered"
            )
            raise InvalidSolutionError(f"primary item {name!r} is {covered}, at least {lo} needed")


def _times(k: int) -> str:
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def _listing(options: list[int]) -> str:
    words = [str(o) for o in options]
    if len(words) == 1:
        return f"option {words[0]}"
    return "options " + ", ".join(words[:-1]) + " and " + words[-1]


def is_cover(problem, solution) -> bool:
    """True if ``solution`` is an exact cover of ``problem`` (see :func:`check_cover`).

    Examples
    --------
    >>> is_cover([["a", "b"], ["b"], ["a"]], [1, 2])
    True
    >>> is_cover([["a", "b"], ["b"], ["a"]], [0])
    True
    >>> is_cover([["a", "b"], ["b"], ["a"]], [1])
    False
    """
    try:
        check_cover(problem, solution)
    except InvalidSolutionError:
        return False
    return True
