"""Exceptions raised by clew, and the checks of the arguments every family shares.

Every error a user can cause derives from :class:`ClewError` (itself a ``ValueError``), so a
caller can catch one type (``from clew import ClewError``); the message is one line that
names the offending value, and counts rows, columns and lines from 1.

The contract of every family (``docs/contract.md``) is written here once:

* ``limit``: ``None`` looks for every solution; otherwise an int from 1 to :data:`MAX_LIMIT`
  (1 solves, 2 proves uniqueness). 0, negative numbers, booleans and non-integers are refused
  by :func:`check_limit` with an :class:`ArgumentError`. ``limit`` is keyword-only everywhere.
* ``jobs``: the number of workers of a long job. Its default is :data:`DEFAULT_JOBS` (1) on
  every function and command; ``None`` (``--jobs all``) asks for one worker per core; 0 and
  negative numbers are refused by :func:`check_jobs`.
"""

from __future__ import annotations

import os
from typing import SupportsIndex


def one_line(text: object) -> str:
    """A message (or an exception) on one line, its runs of white space made single
    spaces, as clew reports an error: ``clew: error: ...`` or a record's ``error``.

    >>> one_line(ValueError("no place   for 4"))
    'no place for 4'
    """
    return " ".join(str(text).split())


class ClewError(ValueError):
    """Base class of every input error raised by clew."""


class ArgumentError(ClewError):
    """An argument outside the values every family accepts: a ``limit`` or ``jobs`` of 0 or
    less, a value of the wrong type."""


class BoardSizeError(ClewError):
    """A board size outside what the called function supports."""


class InvalidSolutionError(ClewError):
    """A candidate solution that breaks a rule; the message names the rule and the squares."""


def check_size(n: object, *, name: str = "n", low: int = 1, high: int) -> int:
    """Return ``n`` as an int if ``low <= n <= high``, else raise :class:`BoardSizeError`.

    Booleans and non-integral values are refused: ``count(True)`` is a bug, not 1-queens.
    """
    if isinstance(n, bool) or not isinstance(n, SupportsIndex):
        raise BoardSizeError(f"{name} must be an integer, got {n!r}")
    size = n.__index__()
    if size < low or size > high:
        raise BoardSizeError(f"{name} must be between {low} and {high}, got {size}")
    return size


#: The largest ``limit`` any search accepts (a count never reaches it).
MAX_LIMIT = 2**62

#: The most workers a job accepts.
MAX_JOBS = 4096

#: The number of workers of every long job when ``jobs`` is not given. One, not every core:
#: a call does what it says and no more (no pool of processes appears inside a web server, a
#: notebook or a program that already runs several calls at once), its answer and its journal
#: are the same on every machine, and a small job does not pay for starting workers. Record
#: counters ask for every core with ``jobs=None`` (``--jobs all``).
DEFAULT_JOBS = 1


def _integer(value: object, name: str, error: type[ClewError]) -> int:
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        raise error(f"{name} must be an integer, got {value!r}")
    return value.__index__()


def check_limit(limit: object, *, name: str = "limit") -> int | None:
    """``limit`` as every search takes it: ``None`` (all solutions), or an int from 1 to
    :data:`MAX_LIMIT`; anything else raises :class:`ArgumentError`.

    >>> check_limit(2), check_limit(None)
    (2, None)
    >>> check_limit(0)
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: limit must be at least 1 (None finds every solution), got 0
    """
    if limit is None:
        return None
    number = _integer(limit, name, ArgumentError)
    if number < 1:
        raise ArgumentError(f"{name} must be at least 1 (None finds every solution), got {number}")
    if number > MAX_LIMIT:
        raise ArgumentError(f"{name} must be at most 2**62, got {number}")
    return number


def check_jobs(jobs: object, *, cores: int | None = None) -> int:
    """The number of workers ``jobs`` asks for: an int from 1 to :data:`MAX_JOBS`, or
    ``None`` for one per core (``cores``, default ``os.cpu_count()``); anything else raises
    :class:`ArgumentError`.

    >>> check_jobs(2), check_jobs(None, cores=8)
    (2, 8)
    >>> check_jobs(0)
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: jobs must be at least 1 (None uses every core), got 0
    """
    if jobs is None:
        if cores is None:
            import os

            cores = os.cpu_count() or 1
        return max(1, cores)
    number = _integer(jobs, "jobs", ArgumentError)
    if number < 1:
        raise ArgumentError(f"jobs must be at least 1 (None uses every core), got {number}")
    if number > MAX_JOBS:
        raise ArgumentError(f"jobs must be at most {MAX_JOBS}, got {number}")
    return number


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, the word in the plural unless ``count`` is 1 (messages never
    say "1 cells").

    >>> plural(1, "cell"), plural(3, "cell"), plural(2, "box", "boxes")
    ('1 cell', '3 cells', '2 boxes')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def article(word: str) -> str:
    """``word`` after "a" or "an" as it is spoken: "an 8x8", "an 11x11", "a 9x9", "an X".

    >>> article("8x8 grid"), article("9x9 grid"), article("11x11"), article("jigsaw")
    ('an 8x8 grid', 'a 9x9 grid', 'an 11x11', 'a jigsaw')
    """
    head = word.split("x")[0] if word[:1].isdigit() else word
    if head[:1].isdigit():
        digits = "".join(c for c in head if c.isdigit())
        vowel = (
            digits.startswith("8")
            or digits in ("11", "18")
            or (len(digits) in (5, 6) and digits[:2] in ("11", "18"))
        )
    else:
        vowel = head[:1].lower() in "aeio" or head[:1] in "FHLMNRSX" and len(head) == 1
    return f"{'an' if vowel else 'a'} {word}"


def read_bytes(
    path: str | os.PathLike[str],
    what: str,
    error: type[ClewError] = ClewError,
    name: str | None = None,
) -> bytes:
    """The bytes of the file ``path``; a file that cannot be read (missing, unreadable, a
    folder) raises ``error`` with one line, ``<name>: cannot read the <what>: <reason>``
    (``name``: how messages show the file, its path by default). Every reader of a file
    of clew says it in these words.

    >>> read_bytes("no/such/file.txt", "maze")
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: no/such/file.txt: cannot read the maze: No such file or directory
    """
    shown = os.fsdecode(path) if name is None else name
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise error(f"{shown}: cannot read the {what}: {exc.strerror or exc}") from None
