"""Knuth's text format for exact cover problems, as read by his programs DLX1, DLX2 and DLX3.

The format is line based::

    | a comment: any line whose first non-blank character is '|'
    p q r 2:3|s | x y
    p x:A
    q x:A s
    r x:B y s
    s

* Blank lines are ignored, and so is every line whose first character other than blanks
  (spaces, tabs) is ``|``: a comment, indented or not, as in Knuth's readers. ``//`` does
  not start a comment (a line that starts with it is refused with a message that says so).
* The first other line lists the items: the primary items, then optionally a ``|`` and the
  secondary items. Without a ``|`` every item is primary; there must be at least one
  primary item. As in Knuth's programs, the ``|`` may touch the first secondary item
  (``p q |x y``) but not the last primary one.
* A primary item may carry multiplicities (DLX3): ``u:v|name`` asks that it be covered at
  least ``u`` and at most ``v`` times (``0 <= u <= v``, ``v >= 1``), ``v|name`` exactly
  ``v`` times; without them, exactly once. Such problems are searched by Algorithm M.
* Every further line is one option: the names of its items, in any order. A secondary item
  may carry a colour, ``name:colour`` (DLX2); options that give an item the same colour may
  share it.
* An item name has 1 to 8 characters and no ``:``, ``|`` or white space. A colour has no
  ``:``, ``|`` or white space and, as an extension, any length (Knuth's programs stop at
  8 characters; :func:`write` keeps to them).

:func:`read` turns such text into a :class:`~clew.cover.problem.Problem`; :func:`write` turns
a problem back into text. A malformed file raises a
:class:`~clew.cover.problem.CoverInputError` whose one-line message starts with the source
name and the line number, like a compiler's (``pento.dlx:7: unknown item 'X9'``).

>>> p = read("| Knuth's first example\\na b c | x\\na x:red\\nb x:red\\nc\\n")
>>> p.primary, p.secondary, p.options
(('a', 'b', 'c'), ('x',), (('a', 'x:red'), ('b', 'x:red'), ('c',)))
>>> print(write(p), end="")
a b c | x
a x:red
b x:red
c
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import IO, Any, NamedTuple

from .problem import MAX_BOUND, MAX_ENTRIES, MAX_OPTIONS, CoverInputError, Problem

__all__ = ["MAX_NAME", "read", "write"]

MAX_NAME = 8
"""The longest item name (and colour) Knuth's programs accept, in characters."""

_SURROGATE_ESCAPE = re.compile("[\udc80-\udcff]")
_DIGITS = re.compile("[0-9]+")
_SLASHES = "'//' does not start a comment in Knuth's DLX format: a comment line starts with '|'"
_PROBLEM_OPTION = re.compile(r"options\[(\d+)\](: | )(.*)")


# ---------------------------------------------------------------------------------------------
# reading


def read(
    source: str | bytes | os.PathLike[str] | IO[str] | IO[bytes], *, name: str | None = None
) -> Problem:
    """Read an exact cover problem in Knuth's DLX1/DLX2 format.

    Parameters
    ----------
    source : str, bytes, os.PathLike or file object
        The text itself (a ``str``; never taken for a file name), its UTF-8 bytes, the path
        of a file, or an open text or binary file (``sys.stdin``, ``open(path, "rb")``).
        Line endings may be ``\\n`` or ``\\r\\n``; a leading byte order mark is skipped.
    name : str, optional
        The source name that starts error messages. Default: the file's name for a path or a
        named file, ``<stdin>`` for standard input, ``<text>`` for a ``str``, ``<bytes>``
        for bytes and ``<stream>`` for an unnamed file object.

    Returns
    -------
    Problem
        The primary and secondary items in the order of the item line, the options in file
        order (colours kept as ``name:colour``), the DLX3 multiplicities as
        :attr:`~clew.cover.Problem.bounds`; no labels.

    Raises
    ------
    CoverInputError
        A malformed input: no item line; no primary item; a name that is empty, longer than
        8 characters or contains ``:`` or ``|``; an item listed twice or a ``|`` given twice
        in the item line; bounds that are not numbers, an upper bound of 0 or below the
        lower one, bounds on a secondary item; a ``|`` in an option line; a line that
        starts with ``//``; an unknown item, an item twice in one option, a colour on a
        primary item or a bad colour; bytes that are not UTF-8. The message starts with
        ``name:line:``.
    TypeError
        A source of another type.

    Examples
    --------
    >>> p = read("a b c d e f g\\nc e\\na d g\\nb c f\\na d f\\nb g\\nd e g\\n")
    >>> p.primary, p.secondary
    (('a', 'b', 'c', 'd', 'e', 'f', 'g'), ())
    >>> p.options[:2]
    (('c', 'e'), ('a', 'd', 'g'))
    >>> read(b"p q | x\\r\\np x:A\\r\\nq x:B\\r\\n").options
    (('p', 'x:A'), ('q', 'x:B'))
    >>> read("a 2|b\\n  | an indented comment\\na b\\nb\\n").bounds
    ((1, 1), (2, 2))
    >>> read("a b\\n| comment\\n\\na b c\\n", name="tiny.dlx")
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: tiny.dlx:4: unknown item 'c'
    """
    text, encoding, default_name = _source_text(source)
    return _parse(text, encoding, default_name if name is None else str(name))


def _source_text(source: Any) -> tuple[str, str | None, str]:
    """The text of ``source``; the encoding whose undecodable bytes were kept as lone
    surrogates (``surrogateescape``, to be reported with their line), ``None`` for a ``str``;
    and the default source name."""
    if isinstance(source, str):
        return source, None, "<text>"
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source).decode("utf-8", "surrogateescape"), "UTF-8", "<bytes>"
    if isinstance(source, os.PathLike):
        path = Path(source)
        return path.read_bytes().decode("utf-8", "surrogateescape"), "UTF-8", path.name
    if not callable(getattr(source, "read", None)):
        raise TypeError(
            f"read() takes text, bytes, a path or a file object, got {type(source).__name__}"
        )
    default = _stream_name(source)
    if isinstance(source, io.TextIOWrapper):
        # Read undecodable bytes as lone surrogates, so the message can name their line.
        old = source.errors
        source.reconfigure(errors="surrogateescape")
        try:
            data = source.read()
        finally:
            source.reconfigure(errors=old)
        return data, _encoding_name(source.encoding), default
    data = source.read()
    if isinstance(data, str):
        return data, None, default
    if isinstance(data, (bytes, bytearray)):
        return bytes(data).decode("utf-8", "surrogateescape"), "UTF-8", default
    raise TypeError(f"read() got {type(data).__name__} from the file object, not text or bytes")


def _encoding_name(encoding: str) -> str:
    try:
        if codecs.lookup(encoding).name == "utf-8":
            return "UTF-8"
    except LookupError:
        pass
    return encoding


def _stream_name(stream: Any) -> str:
    for stdin in (sys.stdin, sys.__stdin__):
        if stdin is not None and (stream is stdin or stream is getattr(stdin, "buffer", None)):
            return "<stdin>"
    try:
        name = stream.name
    except Exception:  # unnamed streams (StringIO, BytesIO, a TextIOWrapper over one)
        return "<stream>"
    if isinstance(name, (str, os.PathLike)):
        name = os.fspath(name)
        if isinstance(name, str) and name:
            return name if name.startswith("<") else os.path.basename(name)
    return "<stream>"


class _Items(NamedTuple):
    """What the item line declares."""

    primary: list[str]
    secondary: list[str]
    bounds: dict[str, tuple[int, int]]
    kind: dict[str, bool]  # item -> is primary


#: ``fail(number, message)``: the error of line ``number``.
_Fail = Callable[[int, str], CoverInputError]


def _parse(text: str, encoding: str | None, source: str) -> Problem:
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()

    def fail(number: int, message: str) -> CoverInputError:
        return CoverInputError(f"{source}:{number}: {message}")

    items: _Items | None = None
    item_line = 0
    options: list[tuple[str, ...]] = []
    entries: list[tuple[tuple[str, str | None], ...]] = []
    option_lines: list[int] = []
    # one search of the whole text: the lines are searched only when it holds a bad byte
    escaped = encoding is not None and _SURROGATE_ESCAPE.search(text) is not None
    total = 0  # items named by the options so far
    known: dict[str, tuple[str, str | None]] = {}  # each token seen, as (item, colour)
    for number, line in enumerate(lines, start=1):
        if escaped:
            bad = _SURROGATE_ESCAPE.search(line)
            if bad:
                byte = ord(bad.group()) - 0xDC00
                raise fail(
                    number, f"not {encoding} text (byte 0x{byte:02x} at column {bad.start() + 1})"
                )
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):  # as Knuth's readers: blanks, then '|'
            continue
        if items is None:
            if stripped.startswith("//"):
                raise fail(number, _SLASHES)
            item_line = number
            items = _item_line(line, number, fail)
            continue
        tokens = line.split()
        if tokens[0].startswith("//") and tokens[0].partition(":")[0] not in items.kind:
            raise fail(number, _SLASHES)
        if "|" in line:
            raise fail(number, "an option line cannot contain '|' (a comment line starts with '|')")
        if len(entries) >= MAX_OPTIONS:
            raise fail(number, f"more than {MAX_OPTIONS:,} options: the most a problem may have")
        total += len(tokens)
        if total > MAX_ENTRIES:
            raise fail(
                number,
                f"more than {MAX_ENTRIES:,} items in the options together: "
                "the most a problem may have",
            )
        entries.append(_option_line(tokens, number, items.kind, known, fail))
        options.append(tuple(tokens))
        option_lines.append(number)
    if items is None:
        raise fail(max(1, len(lines)), "no item line (the input has only comments and blank lines)")
    try:
        # every name, colour and item was checked above, each error with its line
        return Problem(
            options,
            primary=items.primary,
            secondary=items.secondary,
            bounds=items.bounds,
            _entries=entries,
        )
    except CoverInputError as error:
        # Not expected (every check above comes first), but keep the line number if it is.
        message = str(error)
        match = _PROBLEM_OPTION.fullmatch(message)
        if match:
            number = option_lines[int(match.group(1))]
            message = match.group(3) if match.group(2) == ": " else f"option {match.group(3)}"
            raise fail(number, message) from None
        raise fail(item_line, message) from None


def _item_line(line: str, number: int, fail: _Fail) -> _Items:
    """The items declared by the item line (line ``number``): primary ones, then after a
    '|' secondary ones; DLX3's ``u:v|name`` gives bounds."""
    items = _Items([], [], {}, {})
    seen_bar = False
    for token in re.sub(r"(^|\s)\|", r"\1| ", line).split():
        if token == "|":
            if seen_bar:
                raise fail(number, "the item line has '|' twice")
            seen_bar = True
            continue
        limits = None
        if "|" in token:  # DLX3: u:v|name or v|name
            token, limits = _bounded_item(token, seen_bar, number, fail)
        # a token holds no white space: only these can make a name wrong
        problem = (
            _bad_name(token)
            if not token or len(token) > MAX_NAME or ":" in token or "|" in token
            else None
        )
        if problem:
            raise fail(number, f"item name {token!r} {problem}")
        if token in items.kind:
            raise fail(number, f"item {token!r} is listed twice")
        items.kind[token] = not seen_bar
        (items.secondary if seen_bar else items.primary).append(token)
        if limits is not None and limits != (1, 1):
            items.bounds[token] = limits
    if not items.primary:
        raise fail(number, "the item line has no primary item (at least one is needed)")
    return items


def _bounded_item(
    token: str, seen_bar: bool, number: int, fail: _Fail
) -> tuple[str, tuple[int, int]]:
    """The name and the bounds of DLX3's ``u:v|name`` or ``v|name``, checked."""
    prefix, _, name = token.partition("|")
    limits = _bounds(prefix)
    if limits is None:
        raise fail(
            number,
            f"{token!r}: the bounds before '|' must be numbers, u:v|name or v|name "
            "(a '|' that starts the secondary items needs a space before it)",
        )
    if seen_bar:
        raise fail(
            number,
            f"secondary item {name!r} cannot have bounds ({token}): only primary items do",
        )
    if not name:
        raise fail(number, f"the item name after the bounds {token!r} is empty")
    lo, hi = limits
    if hi == 0:
        raise fail(number, f"the upper bound of item {name!r} is zero ({token})")
    if lo > hi:
        raise fail(number, f"the lower bound of item {name!r} exceeds its upper bound ({token})")
    if hi > MAX_BOUND:
        raise fail(number, f"the upper bound of item {name!r} is above {MAX_BOUND} ({token})")
    return name, limits


def _option_line(
    tokens: list[str],
    number: int,
    kind: dict[str, bool],
    known: dict[str, tuple[str, str | None]],
    fail: _Fail,
) -> tuple[tuple[str, str | None], ...]:
    """The (item, colour) entries of an option line, each token checked the first time it
    is seen (``known`` keeps them)."""
    parsed = []
    for token in tokens:
        entry = known.get(token)
        if entry is None:  # a token is checked once, the first time it is seen
            # a token of split() holds no white space, and the line no '|': an item name
            # is wrong only when empty or too long, and the full check runs only then
            item, sep, colour = token.partition(":")
            if not item or len(item) > MAX_NAME:
                raise fail(number, f"item name {item!r} {_bad_name(item)}")
            primary_item = kind.get(item)
            if primary_item is None:
                raise fail(number, f"unknown item {item!r}")
            if sep:
                if primary_item:
                    raise fail(number, f"primary item {item!r} cannot have a colour ({token})")
                problem = _bad_name(colour, colour=True)
                if problem:
                    raise fail(number, f"colour {colour!r} of item {item!r} {problem}")
            entry = known[token] = (item, colour if sep else None)
        parsed.append(entry)
    if len(parsed) > 1 and len({item for item, _ in parsed}) != len(parsed):
        seen: set[str] = set()
        twice = next(item for item, _ in parsed if item in seen or _saw(seen, item))
        raise fail(number, f"option names item {twice!r} twice")
    return tuple(parsed)


def _saw(seen: set[str], item: str) -> bool:
    """Add ``item`` to ``seen``; False (it was not there)."""
    seen.add(item)
    return False


def _bounds(prefix: str) -> tuple[int, int] | None:
    """``(lo, hi)`` from DLX3's ``u:v`` or ``v`` (``None``: not numbers)."""
    lo, sep, hi = prefix.partition(":")
    if not sep:
        hi = lo
    if not (_DIGITS.fullmatch(lo) and _DIGITS.fullmatch(hi)):
        return None
    return int(lo), int(hi)


def _bad_name(name: str, colour: bool = False) -> str | None:
    """What is wrong with an item name or colour (``None``: nothing). A colour may be longer
    than 8 characters (an extension to Knuth's format)."""
    if not name:
        return "is empty"
    if len(name) > MAX_NAME and not colour:
        return f"is longer than {MAX_NAME} characters"
    for bad in (":", "|"):
        if bad in name:
            return f"contains {bad!r}"
    if any(ch.isspace() for ch in name):
        return "contains white space"
    return None


# ---------------------------------------------------------------------------------------------
# writing


def write(
    problem: Problem, file: IO[str] | None = None, *, comment: str | None = None
) -> str | None:
    """Write a problem in Knuth's DLX1/DLX2/DLX3 format (DLX1 if no option has a colour and
    no item multiplicities; DLX3 writes them ``u:v|name``, or ``v|name`` when ``u == v``).

    Parameters
    ----------
    problem : Problem
    file : text file object, optional
        Where to write; default: return the text.
    comment : str, optional
        Text for comment lines at the top (each of its lines is written after ``| ``).

    Returns
    -------
    str or None
        The text (item line, then one line per option, each ending in ``\\n``), or ``None``
        when written to ``file``. Labels are not written: ``read(write(p)) == p`` for a
        problem without labels.

    Raises
    ------
    CoverInputError
        A name or colour longer than 8 characters or with white space, ``|`` or ``:`` (Knuth's
        programs cannot read it), an item that is neither a string nor an int (ints are
        written in decimal, and read back as strings), an empty option, or a problem
        without primary items (they need at least one).

    Examples
    --------
    >>> p = Problem([["a", "x:red"], ["b", "x:red"], ["a", "b"]], secondary=["x"])
    >>> print(write(p, comment="two ways"), end="")
    | two ways
    a b | x
    a x:red
    b x:red
    a b
    >>> read(write(p)) == p
    True
    >>> write(Problem([["too_long_9"]]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: item 'too_long_9' is longer than 8 characters ...
    """
    if not isinstance(problem, Problem):
        raise TypeError(f"write() takes a Problem, got {type(problem).__name__}")
    if not problem.primary:
        raise CoverInputError(
            "Knuth's format needs at least one primary item, the problem has none"
        )
    names = {item: _file_name(item) for item in problem.primary + problem.secondary}
    written: dict[str, object] = {}
    for item, name in names.items():
        if written.setdefault(name, item) != item:
            raise CoverInputError(
                f"items {written[name]!r} and {item!r} would both be written {name!r}"
            )
    out: list[str] = []
    if comment is not None:
        out.extend(f"| {line}".rstrip() + "\n" for line in str(comment).split("\n"))
    head = " ".join(
        _bounded(names[item], lo, hi)
        for item, (lo, hi) in zip(problem.primary, problem.bounds, strict=False)
    )
    if problem.secondary:
        head += " | " + " ".join(names[item] for item in problem.secondary)
    out.append(head + "\n")
    for o, parsed in enumerate(problem.entries):
        if not parsed:
            raise CoverInputError(
                f"options[{o}] is empty: Knuth's format has no empty option "
                "(a blank line is skipped)"
            )
        tokens = []
        for item, colour in parsed:
            if colour is not None:
                _check_length(colour, f"colour {colour!r} of item {item!r}")
                _check_text(colour, f"colour {colour!r} of item {item!r}")
                tokens.append(f"{names[item]}:{colour}")
            else:
                tokens.append(names[item])
        out.append(" ".join(tokens) + "\n")
    text = "".join(out)
    if file is None:
        return text
    file.write(text)
    return None


def _file_name(item: Hashable) -> str:
    """An item's name in a file: a string as it is, an int in decimal; refused when Knuth's
    programs could not read it back."""
    if isinstance(item, int) and not isinstance(item, bool):
        name = str(item)
    elif not isinstance(item, str):
        raise CoverInputError(
            f"item {item!r} is not a string: Knuth's format names items with text"
        )
    else:
        name = item
    _check_length(name, f"item {item!r}")
    _check_text(name, f"item {item!r}")
    return name


def _check_text(name: str, what: str) -> None:
    for bad in ("|", ":"):
        if bad in name:
            raise CoverInputError(f"{what} contains {bad!r} (Knuth's format cannot write it)")
    if any(ch.isspace() for ch in name):
        raise CoverInputError(f"{what} contains white space (Knuth's format cannot write it)")


def _bounded(name: str, lo: int, hi: int) -> str:
    """A primary item of the item line with its multiplicities, as DLX3 writes them."""
    if (lo, hi) == (1, 1):
        return name
    return f"{hi}|{name}" if lo == hi else f"{lo}:{hi}|{name}"


def _check_length(name: str, what: str) -> None:
    if len(name) > MAX_NAME:
        raise CoverInputError(f"{what} is longer than {MAX_NAME} characters (Knuth's limit)")
