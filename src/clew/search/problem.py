"""A search problem in a few functions: :class:`Problem`, and what goes wrong with one.

A problem is a start state and four functions of the state (the names of the tutorials):

``choices(s)``
    The alternatives of the next decision at state ``s``, in the order they are tried.
``accept(s, c)``
    Whether choice ``c`` may extend ``s`` (optional: everything is accepted); a refused
    choice is a *prune*: its whole subtree is never visited.
``extend(s, c)``
    The state after choosing ``c``: a new value (tuples, frozensets), never ``s`` changed
    in place, since the search keeps ``s`` to try its other choices.
``done(s)``
    Whether ``s`` is a solution. A solution is a leaf: it is counted (or yielded) and not
    extended further.

Optional:

``decisions(s)``
    The open decisions of ``s``, each the list of its alternatives, such that *every
    solution below s takes exactly one alternative of each of them*: N-Queens has one
    decision per empty row (which column?) and one per empty column (which row?), Sudoku one
    per empty cell. With ``order="mrv"`` the search branches on the decision with the
    fewest accepted alternatives (minimum remaining values), first on ties, and abandons a
    state at once when one of them has none. A problem may give ``decisions`` instead of
    ``choices``.
``draw(s)``
    The state as text, for the pictures of a trace (:func:`clew.search.trace`).

Every function error is reported as a one-line :class:`SearchError` naming the function
(``choices raised ZeroDivisionError: division by zero``), with the original exception
chained to it for the full traceback.

Instead of passing functions, a class may subclass :class:`Problem` and define them as
methods (see the class).
"""

from __future__ import annotations

import linecache
import os
import pickle
import re

from ..errors import ClewError, one_line

__all__ = ["FUNCTIONS", "Problem", "SearchError", "parts"]

#: The functions of a problem, in the order they are checked.
FUNCTIONS = ("choices", "decisions", "accept", "extend", "done", "draw")

#: The orders a search can try the choices in.
ORDERS = ("first", "mrv")

_MISSING = object()


class SearchError(ClewError):
    """A problem that cannot be searched: a missing or non-callable function, or one that
    raised (the message names it; the original exception is the ``__cause__``)."""


class Problem:
    """A backtracking search problem: a start state and the functions of the state.

    Parameters
    ----------
    start
        The state the search starts from (depth 0).
    choices : callable, optional
        ``choices(s)``: the alternatives of the next decision, in order (any iterable).
        Required unless ``decisions`` is given.
    accept : callable, optional
        ``accept(s, c)``: may ``c`` extend ``s``? Default: always.
    extend : callable
        ``extend(s, c)``: the new state (do not change ``s``).
    done : callable
        ``done(s)``: is ``s`` a solution (a leaf of the search)?
    decisions : callable, optional
        ``decisions(s)``: the open decisions, each an iterable of alternatives, every
        solution below ``s`` taking exactly one alternative of each; for ``order="mrv"``.
    draw : callable, optional
        ``draw(s)``: the state as text, shown by the pictures of a trace.
    name : str, optional
        A name for messages, traces and journals (default: the class name).

    Subclassing is the same thing written as a class: the methods ``choices(self, s)``,
    ``accept(self, s, c)``, ... and a ``start`` attribute take the place of the arguments,
    and ``__init__`` need not call this one.

    Examples
    --------
    >>> from clew import search
    >>> def queens(n):
    ...     return search.Problem(
    ...         start=(),
    ...         choices=lambda s: range(n),
    ...         accept=lambda s, c: all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s)),
    ...         extend=lambda s, c: s + (c,),
    ...         done=lambda s: len(s) == n,
    ...     )
    >>> queens(6).count(), queens(6).solve()
    (4, (1, 3, 5, 0, 2, 4))

    The same as a class:

    >>> class Queens(search.Problem):
    ...     start = ()
    ...     def __init__(self, n):
    ...         self.n = n
    ...     def choices(self, s):
    ...         return range(self.n)
    ...     def accept(self, s, c):
    ...         return all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s))
    ...     def extend(self, s, c):
    ...         return s + (c,)
    ...     def done(self, s):
    ...         return len(s) == self.n
    >>> Queens(8).count()
    92
    >>> search.Problem(start=(), choices=3, extend=None, done=None)
    Traceback (most recent call last):
    ...
    clew.search.problem.SearchError: choices must be a function of the state, got int 3
    """

    start = _MISSING
    choices = None
    decisions = None
    accept = None
    extend = None
    done = None
    draw = None
    name = None

    def __init__(self, start=_MISSING, choices=None, accept=None, extend=None, done=None, *,
                 decisions=None, draw=None, name=None) -> None:
        given = {"choices": choices, "decisions": decisions, "accept": accept, "extend": extend,
                 "done": done, "draw": draw}
        for key, fn in given.items():
            if fn is not None:
                _check_callable(key, fn)
                setattr(self, key, fn)
        if start is not _MISSING:
            self.start = start
        if name is not None:
            self.name = str(name)
        if type(self) is Problem:
            parts(self)  # the whole problem is here: say now what is missing

    def __repr__(self) -> str:
        return f"<search problem {_name(self)}>"

    # -- pickling: for worker processes started by spawn, and Dask ---------------------------

    def __reduce__(self):
        state = dict(self.__dict__)
        try:
            import cloudpickle
        except ImportError:
            cloudpickle = None
        if cloudpickle is not None:
            # lambdas and functions defined in __main__ travel by value
            return _rebuild_cloudpickled, (cloudpickle.dumps((type(self), state)),)
        for key, value in [("class", type(self)), *state.items()]:
            try:
                pickle.dumps(value)
            except Exception:
                what = getattr(value, "__qualname__", type(value).__name__)
                raise SearchError(
                    f"cannot send the problem's {key} ({what}) to another process: install cloudpickle "
                    "(it comes with distributed), define it at the top level of a module, or use threads"
                ) from None
        return _rebuild, (type(self), state)

    # -- sugar: the search functions as methods -------------------------------------------------

    def count(self, limit: int | None = None, **options) -> int:
        """:func:`clew.search.count` of this problem."""
        from .engine import count

        return count(self, limit, **options)

    def solve(self, **options):
        """:func:`clew.search.solve` of this problem."""
        from .engine import solve

        return solve(self, **options)

    def solutions(self, limit: int | None = None, **options):
        """:func:`clew.search.solutions` of this problem."""
        from .engine import solutions

        return solutions(self, limit, **options)

    def run(self, limit: int | None = None, **options):
        """:func:`clew.search.run` of this problem."""
        from .engine import run

        return run(self, limit, **options)

    def trace(self, **options):
        """:func:`clew.search.trace` of this problem."""
        from .trace import trace

        return trace(self, **options)


def _rebuild(cls, state):
    problem = cls.__new__(cls)
    problem.__dict__.update(state)
    return problem


def _rebuild_cloudpickled(blob: bytes):
    return _rebuild(*pickle.loads(blob))


def _check_callable(key: str, fn) -> None:
    if not callable(fn):
        raise SearchError(f"{key} must be a function of the state, got {type(fn).__name__} {fn!r:.40}")


def _name(problem) -> str:
    name = getattr(problem, "name", None)
    if isinstance(name, str) and name:
        return name
    cls = type(problem).__name__
    return "search" if cls == "Problem" else cls


class Parts:
    """The checked functions of a problem and the order of its search (what the engine,
    the trace and the work object read, once)."""

    __slots__ = ("problem", "name", "start", "choices", "decisions", "accept", "extend", "done", "draw", "order")

    def __init__(self, problem, order: str) -> None:
        self.problem = problem
        self.name = _name(problem)
        self.order = order
        for key in FUNCTIONS:
            setattr(self, key, getattr(problem, key, None))
        self.start = getattr(problem, "start", _MISSING)


def parts(problem, order: str | None = None) -> Parts:
    """Check ``problem`` and choose the order of its search.

    Parameters
    ----------
    problem : Problem
        The problem (or any object with the attributes of one).
    order : {None, "first", "mrv"}
        ``"first"``: the choices in the order ``choices`` lists them (without ``choices``,
        the alternatives of the first open decision); ``"mrv"``: the open decision with the
        fewest accepted alternatives (needs ``decisions``). None: ``"mrv"`` when the problem
        has ``decisions``, else ``"first"``.

    Raises
    ------
    SearchError
        A missing start, a missing or non-callable function, an unknown order.
    """
    if isinstance(problem, type):
        raise SearchError(f"pass a problem, not the class {problem.__name__} (call it: {problem.__name__}(...))")
    got = Parts(problem, "first")
    if got.start is _MISSING:
        raise SearchError(f"the problem {got.name} has no start state")
    for key in FUNCTIONS:
        fn = getattr(got, key)
        if fn is not None:
            _check_callable(key, fn)
    if got.choices is None and got.decisions is None:
        raise SearchError(f"the problem {got.name} needs choices(s) (or decisions(s))")
    for key in ("extend", "done"):
        if getattr(got, key) is None:
            raise SearchError(f"the problem {got.name} needs {key}(s{', c' if key == 'extend' else ''})")
    if order is None:
        order = "mrv" if got.decisions is not None else "first"
    if order not in ORDERS:
        raise SearchError(f"order must be 'first' or 'mrv', got {order!r}")
    if order == "mrv" and got.decisions is None:
        raise SearchError(f"order='mrv' needs the problem's decisions(s): {got.name} has only choices(s)")
    got.order = order
    return got


# ---------------------------------------------------------------------------------------------
# Naming the function that failed
# ---------------------------------------------------------------------------------------------

#: A line of the search that calls a function of the problem ends with a tag naming it:
#: ``# -> accept`` (a call), ``# -> iter choices`` (going through what it returned).
_TAG = re.compile(r"#\s*->\s*(iter\s+)?(\w+)\s*$")
_HERE = os.path.dirname(os.path.abspath(__file__))


def blame(exc: BaseException, problem: Parts) -> SearchError:
    """The one-line :class:`SearchError` for an exception raised while searching: it names
    the function of the problem that raised, read from the tagged line of the search where
    the exception went through last."""
    where = None
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        line = linecache.getline(code.co_filename, tb.tb_lineno)
        found = _TAG.search(line)
        if found and os.path.dirname(os.path.abspath(code.co_filename)) == _HERE:
            where = found
        tb = tb.tb_next
    text = one_line(exc) or "(no message)"
    kind = type(exc).__name__
    if where is None:
        return SearchError(f"the search of {problem.name} failed: {kind}: {text}")
    name = where.group(2)
    fn = getattr(problem, name, None)
    qual = getattr(fn, "__qualname__", "")
    label = name if not qual or "<lambda>" in qual or qual == name else f"{name} ({qual})"
    if where.group(1):  # going through the alternatives it returned
        if isinstance(exc, TypeError) and "not iterable" in text:
            return SearchError(f"{label} must return an iterable of alternatives: {text}")
        return SearchError(f"going through what {label} returned raised {kind}: {text}")
    return SearchError(f"{label} raised {kind}: {text}")
