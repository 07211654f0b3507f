"""A search problem in a few functions (:class:`clew.search.Problem`), checked: what goes
wrong with one, and the rules the search holds its functions to.

A problem is a start state and four functions of the state (the names of the tutorials):

``choices(s)``
    The alternatives of the next decision at state ``s``, in the order they are tried.
``accept(s, c)``
    Whether choice ``c`` may extend ``s`` (optional: everything is accepted); a refused
    choice is a *prune*: its whole subtree is never visited.
``extend(s, c)``
    The state after choosing ``c``: a new value (tuples, frozensets, ``s + [c]``), never
    ``s`` changed in place, since the search keeps ``s`` to try its other choices. The
    tutorials' ``s.append(c); return s`` would count wrong (1 permutation of 3 items
    instead of 6): the search watches its first calls of ``extend`` and refuses one that
    returns the state it was given or changes it, with a :class:`SearchError` that says so
    (:func:`checked_extend`).
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

Instead of passing functions, a class may subclass :class:`~clew.search.Problem` and define
them as methods (see the class, in :mod:`clew.search.api`). This module is the bottom of the
package: the engine, the trace, the work object and the API import it, it imports none of
them.
"""

from __future__ import annotations

import copy
import linecache
import os
import re
from collections.abc import Callable
from typing import Any

from ..errors import ClewError, one_line

__all__ = ["FUNCTIONS", "WATCHED", "SearchError", "checked_extend", "parts", "plain"]

#: The functions of a problem, in the order they are checked.
FUNCTIONS = ("choices", "decisions", "accept", "extend", "done", "draw")

#: The orders a search can try the choices in.
ORDERS = ("first", "mrv")

_MISSING = object()


class SearchError(ClewError):
    """A problem that cannot be searched: a missing or non-callable function, or one that
    raised (the message names it; the original exception is the ``__cause__``)."""


def _check_callable(key: str, fn: object) -> None:
    if not callable(fn):
        raise SearchError(
            f"{key} must be a function of the state, got {type(fn).__name__} {fn!r:.40}"
        )


def _name(problem: object) -> str:
    name = getattr(problem, "name", None)
    if isinstance(name, str) and name:
        return name
    cls = type(problem).__name__
    return "search" if cls == "Problem" else cls


class Parts:
    """The checked functions of a problem and the order of its search (what the engine,
    the trace and the work object read, once)."""

    __slots__ = (
        "problem",
        "name",
        "start",
        "choices",
        "decisions",
        "accept",
        "extend",
        "done",
        "draw",
        "order",
    )
    problem: Any
    name: str
    start: Any
    choices: Callable[..., Any] | None
    decisions: Callable[..., Any] | None
    accept: Callable[..., Any] | None
    extend: Callable[..., Any]
    done: Callable[..., Any]
    draw: Callable[..., Any] | None
    order: str

    def __init__(self, problem: object, order: str) -> None:
        self.problem = problem
        self.name = _name(problem)
        self.order = order
        for key in FUNCTIONS:
            setattr(self, key, getattr(problem, key, None))
        self.start = getattr(problem, "start", _MISSING)


def parts(problem: object, order: str | None = None) -> Parts:
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
        raise SearchError(
            f"pass a problem, not the class {problem.__name__} (call it: {problem.__name__}(...))"
        )
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
            raise SearchError(
                f"the problem {got.name} needs {key}(s{', c' if key == 'extend' else ''})"
            )
    if order is None:
        order = "mrv" if got.decisions is not None else "first"
    if order not in ORDERS:
        raise SearchError(f"order must be 'first' or 'mrv', got {order!r}")
    if order == "mrv" and got.decisions is None:
        raise SearchError(
            f"order='mrv' needs the problem's decisions(s): {got.name} has only choices(s)"
        )
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


# ---------------------------------------------------------------------------------------------
# An extend that changes the state in place
# ---------------------------------------------------------------------------------------------

#: Calls of ``extend`` a search watches before trusting it: an extend that changes the state
#: in place does it on every call, so the first ones tell; later calls run unwatched (the
#: watch copies the state, which would cost on every node).
WATCHED = 64

_FIX = (
    "return a new state instead, e.g. s + [c] or s + (c,) "
    "(the search keeps s to try its other choices)"
)


def _same(a: object, b: object) -> bool | None:
    """``a == b`` as a bool, or None when the state cannot say (no equality of its own, a
    numpy array's elementwise answer, an error)."""
    try:
        equal = a == b
        return equal if isinstance(equal, bool) else None
    except Exception:
        return None


def checked_extend(got: Parts, extend: Callable[..., Any], s: Any, c: Any) -> Any:
    """``extend(s, c)``, refusing an extend that changes the state in place: one that
    returns ``s`` itself (``s.append(c); return s``), or one that changes ``s`` and returns
    another value (``s.append(c); return list(s)``), seen by comparing ``s`` with a copy
    taken before the call (when the state's copy equals it: a state without an equality of
    its own is only checked for identity).

    >>> from clew import search
    >>> bad = search.Problem(start=[], choices=lambda s: range(3), done=lambda s: len(s) == 3,
    ...                      extend=lambda s, c: (s.append(c), s)[1])
    >>> search.count(bad)
    Traceback (most recent call last):
    ...
    clew.search.problem.SearchError: extend returned the state it was given, changed in place
    ([] became [0]): return a new state instead, e.g. s + [c] or s + (c,) (the search keeps s
    to try its other choices)
    """
    try:
        before = copy.copy(s)
    except Exception:
        before = s
    watch = before is not s and _same(before, s) is True
    t = extend(s, c)  # -> extend
    if t is s and not isinstance(s, _IMMUTABLE):
        change = (
            f", changed in place ({_short(repr(before))} became {_short(repr(s))})" if watch else ""
        )
        raise SearchError(f"{_label(got)} returned the state it was given{change}: {_FIX}")
    if watch and _same(before, s) is False:
        raise SearchError(
            f"{_label(got)} changed the state it was given ({_short(repr(before))} became "
            f"{_short(repr(s))}): {_FIX}"
        )
    return t


#: States that cannot change in place: returning one of them as it is changes nothing.
_IMMUTABLE = (tuple, str, bytes, frozenset, int, float, complex, bool, type(None))


def _label(got: Parts) -> str:
    fn = got.extend
    qual = getattr(fn, "__qualname__", "")
    return (
        "extend"
        if not qual or "<lambda>" in qual or qual.endswith("extend")
        else f"extend ({qual})"
    )


def _short(text: str, width: int = 40) -> str:
    text = one_line(text)
    return text if len(text) <= width else text[: width - 3] + "..."


def plain(value: object) -> Any:
    """``value`` as JSON data: numbers, text, None and booleans as they are, tuples and lists
    as lists, sets as sorted lists, anything else as its text.

    >>> plain((1, (2, "a"))), plain(frozenset({3, 1})), plain(range(2))
    ([1, [2, 'a']], [1, 3], 'range(0, 2)')
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [plain(v) for v in value]
        try:
            return sorted(items)
        except TypeError:
            return sorted(items, key=repr)
    if hasattr(value, "__index__"):
        return value.__index__()
    return str(value)
