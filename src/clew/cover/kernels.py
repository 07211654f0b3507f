"""The kernel entries of the exact cover engines, behind one protocol.

Each engine of :mod:`clew.cover.engines` names an entry here (its ``entry``), an object with
four methods::

    tables(problem)                       -> what every search of the problem shares (built once)
    start(problem, tables, taken, fresh)  -> (state, width, clash): one search's own arrays
                                             (copies unless ``fresh``), the widest solution,
                                             and whether the options ``taken`` clash
    run(state, meta, limit, out, sizes)   -> rows written: run or resume the kernel
    cut(problem, tables, pieces)          -> prefixes of the search, or None: cut it on
                                             reduced problems (:func:`clew.cover.solver.prefixes`)

``meta`` holds the kernels' resumable state (``META_SIZE`` int64: level, phase, count,
nodes, done and, for a trace, Algorithm M's step and item); ``out`` and ``sizes`` receive
solutions as option indices (``out`` with no rows: count only). :func:`kernel` gives the
entry of an engine, :func:`choose` the engine a problem runs on, :func:`search_tables` both
at once.

>>> from clew.cover import Problem
>>> p = Problem([["a", "b"], ["a"], ["b"]])
>>> choose(p).name, choose(p, "links").name
('bits', 'links')
>>> name, tables = search_tables(p)
>>> state, width, clash = kernel(name).start(p, tables, (), True)
>>> meta = new_meta()
>>> kernel(name).run(state, meta, 0, np.zeros((0, 1), np.int64), np.zeros(0, np.int64))
0
>>> int(meta[COUNT])
2
"""

from __future__ import annotations

import importlib
from typing import Any, NamedTuple, Protocol

import numpy as np

from . import engines as registry
from .compiled import _kernels as K
from .compiled import _kernels_m as M
from .compiled import _kernels_mbits as MB
from .compiled._kernels import COUNT, DONE, NODES
from .engines import AUTO, ENGINES, MULTIPLICITIES, Engine, engine, engines
from .problem import CoverInputError, Problem
from .tables import bit_tables, mbit_stacks, mbit_tables, take_bits

__all__ = [
    "BITS",
    "COUNT",
    "DONE",
    "LINKS",
    "META_SIZE",
    "MULTIPLICITY",
    "NODES",
    "Entry",
    "check_engine",
    "choose",
    "kernel",
    "new_meta",
    "search_tables",
]

#: Fields of ``meta``: Algorithm C's, and Algorithm M's for a paused trace.
META_SIZE = M.META_SIZE


def new_meta() -> np.ndarray:
    """A fresh ``meta``: a search at its start."""
    return np.zeros(META_SIZE, np.int64)


class Entry(Protocol):
    """What an engine's entry provides (see the module docstring)."""

    def tables(self, problem: Problem) -> Any: ...

    def start(
        self, problem: Problem, tables: Any, taken: tuple[int, ...], fresh: bool
    ) -> tuple[Any, int, bool]: ...

    def run(
        self, state: Any, meta: np.ndarray, limit: int, out: np.ndarray, sizes: np.ndarray
    ) -> int: ...

    def cut(self, problem: Problem, tables: Any, pieces: int) -> list[tuple[int, ...]] | None: ...


_ENTRIES: dict[str, Entry] = {}


def kernel(name: str) -> Entry:
    """The entry of the engine called ``name``, imported on first use."""
    found = _ENTRIES.get(name)
    if found is None:
        module, _, attribute = engine(name).entry.partition(":")
        found = _ENTRIES[name] = getattr(importlib.import_module(module), attribute)
    return found


def check_engine(name: object) -> str:
    """``name``, if it names "auto" or a registered engine; else :class:`CoverInputError`."""
    known = (AUTO, *(e.name for e in engines()))
    if not isinstance(name, str) or name not in known:
        names = ", ".join(ENGINES + tuple(k for k in known if k not in ENGINES))
        raise CoverInputError(f"engine must be one of {names}, got {name!r}")
    return name


def _needs(problem: Problem) -> frozenset[str]:
    return frozenset({MULTIPLICITIES}) if problem.multiplicities else frozenset()


def choose(problem: Problem, asked: str = AUTO) -> Engine:
    """The engine that runs ``problem``: ``asked``, checked against what the problem needs,
    or for "auto" the first engine that takes it (:meth:`Engine.fits`)."""
    check_engine(asked)
    needs = _needs(problem)
    if asked != AUTO:
        chosen = engine(asked)
        if MULTIPLICITIES in needs - chosen.features:
            item, (lo, hi) = next(iter(problem.bounds_of.items()))
            raise CoverInputError(
                f"engine {asked!r} covers each primary item exactly once, and item {item!r} has "
                f"bounds {lo}:{hi}: use engine 'multiplicity' (or 'auto')"
            )
        return chosen
    c = problem.compiled
    options = len(problem.options)
    return next(e for e in engines() if e.fits(needs, options, c.n_primary))


def search_tables(problem: Problem, engine: str = AUTO) -> tuple[str, Any]:
    """The kernel tables of ``problem`` for ``engine``: ``(engine, tables)`` with "auto"
    resolved. Building them is the costly part of starting a search; pass them to
    :class:`~clew.cover.Search` as ``tables=`` to start many searches of one problem (the
    pieces of a parallel count) from one build: each search copies only what it changes.
    """
    chosen = choose(problem, engine)
    return chosen.name, kernel(chosen.name).tables(problem)


# ---------------------------------------------------------------------------------------------
# Algorithm C on dancing links
# ---------------------------------------------------------------------------------------------


class _LinksState(NamedTuple):
    links: K.Links
    coloured: bool
    x: np.ndarray


class _Links:
    """Algorithm C on dancing links (:func:`clew.cover.compiled._kernels.search`)."""

    def tables(self, problem: Problem) -> tuple[K.Links, bool]:
        c = problem.compiled
        return K.Links(*K.build(c.n_primary, c.n_items, c.starts, c.items, c.colours)), bool(
            c.colours.any()
        )

    def start(
        self, problem: Problem, tables: tuple[K.Links, bool], taken: tuple[int, ...], fresh: bool
    ) -> tuple[_LinksState, int, bool]:
        c = problem.compiled
        links, coloured = tables
        if not fresh:
            links = links.copy()  # the dance changes them
        clash = False
        if taken:
            # the first node of option o: the N headers, one spacer per option so far, ...
            firsts = np.array(
                [K.NODE_SIZE * (c.n_items + 2 + c.starts[o] + o) for o in taken], np.int32
            )
            clash = not K.take(links.L, links.R, links.nd, links.LEN, firsts, coloured)
        state = _LinksState(links, coloured, np.zeros(c.n_items + 2, np.int32))
        return state, c.n_primary + 1, clash

    def run(
        self, state: _LinksState, meta: np.ndarray, limit: int, out: np.ndarray, sizes: np.ndarray
    ) -> int:
        return int(K.search(state.links, state.coloured, state.x, meta, limit, out, sizes))

    def cut(self, problem: Problem, tables: Any, pieces: int) -> None:
        return None  # cut on reduced problems


# ---------------------------------------------------------------------------------------------
# Algorithm C on bitsets
# ---------------------------------------------------------------------------------------------


class _Bits:
    """Algorithm C on bitsets (:func:`clew.cover.compiled._kernels.bits_search`)."""

    def tables(self, problem: Problem) -> tuple:
        return bit_tables(problem.compiled)

    def start(
        self, problem: Problem, tables: tuple, taken: tuple[int, ...], fresh: bool
    ) -> tuple[tuple, int, bool]:
        item_opts, conflict, opt_cov, full, *stacks = tables
        if not fresh:  # the stacks change as the search runs: a copy per search
            stacks = [a.copy() for a in stacks]
        state = (item_opts, conflict, opt_cov, full, *stacks)
        return state, problem.compiled.n_primary + 1, take_bits(state, taken)

    def run(
        self, state: tuple, meta: np.ndarray, limit: int, out: np.ndarray, sizes: np.ndarray
    ) -> int:
        bits_search: Any = K.bits_search  # a numba dispatcher: mypy sees no parameters
        return int(bits_search(*state, meta, limit, out, sizes))

    def cut(self, problem: Problem, tables: tuple, pieces: int) -> list[tuple[int, ...]]:
        """:func:`~clew.cover.solver.prefixes` on the bitset tables: each state is (options
        still possible, primary items covered); branch on the open primary item with the
        fewest possible options (first on ties, as the kernel does), level by level."""
        item_opts, conflict, opt_cov, full = (np.asarray(a).view(np.uint64) for a in tables[:4])
        start_a = np.asarray(tables[4])[0].view(np.uint64).copy()
        n_primary = item_opts.shape[0] if int(np.bitwise_count(full).sum()) else 0
        frontier: list[tuple[tuple[int, ...], np.ndarray, np.ndarray]] = [
            ((), start_a, np.zeros(full.shape, np.uint64))
        ]
        while len(frontier) < pieces:
            deeper: list[tuple[tuple[int, ...], np.ndarray, np.ndarray]] = []
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


# ---------------------------------------------------------------------------------------------
# Algorithm M: on bitsets up to MBITS_MAX_OPTIONS options, else (and for traces and cuts) on
# the dancing links
# ---------------------------------------------------------------------------------------------

#: Most paths a cut of Algorithm M's search keeps: a level that would give more is not cut.
_MAX_PATHS = 1 << 20


class MTables(NamedTuple):
    """What every search of a problem with multiplicities shares."""

    links: K.Links
    bound: np.ndarray
    slack: np.ndarray
    coloured: bool
    mbits: tuple | None  # the bitset tables, up to MBITS_MAX_OPTIONS options


class MSearch(NamedTuple):
    """One search of Algorithm M: on the links (``links``, ``m``) and, when the problem is
    small enough, on bitsets (``bits``: the tables and stacks of the bitset kernel, which
    then runs); ``path[:depth]`` is the path it replays."""

    links: K.Links
    m: M.MState
    bits: tuple[MB.MBitTables, MB.MBitStacks] | None
    path: np.ndarray
    depth: int


class _Multiplicity:
    """Algorithm M (:mod:`clew.cover.compiled._kernels_m`, and
    :mod:`clew.cover.compiled._kernels_mbits` up to ``MBITS_MAX_OPTIONS`` options).

    ``taken`` is a path of its search (:meth:`cut`): the option tried at each of the first
    levels, -1 for a level that adds none."""

    def tables(self, problem: Problem) -> MTables:
        c = problem.compiled
        links = K.Links(*M.build(c.n_primary, c.n_items, c.starts, c.items, c.colours))
        bound = np.zeros(c.n_items + 1, np.int32)
        slack = np.zeros(c.n_items + 1, np.int32)
        bound[1 : c.n_primary + 1] = c.hi
        slack[1 : c.n_primary + 1] = c.hi - c.lo
        small = 0 < len(problem.options) <= registry.MBITS_MAX_OPTIONS and c.n_primary
        mbits = mbit_tables(c) if small else None
        return MTables(links, bound, slack, bool(c.colours.any()), mbits)

    def start(
        self, problem: Problem, tables: MTables, taken: tuple[int, ...], fresh: bool
    ) -> tuple[MSearch, int, bool]:
        if any(not -1 <= o < len(problem.options) for o in taken):
            raise CoverInputError(
                f"a path of the multiplicity engine holds option indices or -1, got {taken}"
            )
        c = problem.compiled
        links, bound = tables.links, tables.bound
        if not fresh:
            links, bound = links.copy(), bound.copy()
        # each option of a solution covers a primary item: at most sum(hi) options
        most = min(len(problem.options), int(c.hi.sum()))
        levels = most + c.n_primary + 2  # options and null moves
        m = M.MState(
            bound,
            tables.slack,
            np.zeros(levels, np.int32),
            np.zeros(levels, np.int32),
            c.n_primary,
            tables.coloured,
        )
        bits = (
            None if tables.mbits is None else mbit_stacks(tables.mbits, bound, tables.slack, levels)
        )
        path = np.array(taken or (0,), np.int64)
        return MSearch(links, m, bits, path, len(taken)), most + 1, False

    def run(
        self,
        state: MSearch,
        meta: np.ndarray,
        limit: int,
        out: np.ndarray,
        sizes: np.ndarray,
        cut: int = 0,
        on_links: bool = False,
    ) -> int:
        """Run or resume the search; ``cut`` as :func:`clew.cover.compiled._kernels_m.search`
        takes it (a trace, ``M.TRACE``, runs on the links), ``on_links``: the links even for
        a problem the bitsets take."""
        if state.bits is not None and not on_links and cut >= 0:
            tables, stacks = state.bits
            args = (meta, limit, out, sizes, state.path, state.depth, cut)
            return int(MB.search(tables, stacks, *args))
        return int(
            M.search(state.links, state.m, meta, limit, out, sizes, state.path, state.depth, cut)
        )

    def cut(self, problem: Problem, tables: MTables, pieces: int) -> list[tuple[int, ...]]:
        """The kernel runs down to level 1, 2, ... and writes the path to every node it
        reaches there (and to every solution above it), until there are ``pieces`` paths or
        no branch reaches the level. Paths to dead ends are not written: they count 0."""
        c = problem.compiled
        found: list[tuple[int, ...]] = [()]
        depth = 0
        while len(found) < pieces:
            depth += 1
            state, _, _ = self.start(problem, tables, (), False)
            meta = new_meta()
            rows = min(1 << 16, max(1024, 4 * pieces))  # refilled as it goes
            out = np.zeros((rows, depth), np.int64)
            sizes = np.zeros(rows, np.int64)
            paths: list[tuple[int, ...]] = []
            while not meta[DONE] and len(paths) <= _MAX_PATHS:
                written = self.run(state, meta, 0, out, sizes, cut=depth, on_links=True)
                paths.extend(tuple(out[r, : sizes[r]].tolist()) for r in range(written))
            if len(paths) > _MAX_PATHS:
                break  # too many pieces at this level: keep the level above
            if not paths:
                return [()]  # no solution at all: one piece, which finds none cheaply
            found = paths
            if all(len(p) < depth for p in found) or depth > c.n_primary + len(problem.options):
                break  # every branch ended above this level: it cannot be cut deeper
        return found


#: The entries the engines of :mod:`clew.cover.engines` name.
LINKS = _Links()
BITS = _Bits()
MULTIPLICITY = _Multiplicity()
