"""Knuth's text format for exact cover problems, as read by his programs DLX1 and DLX2.

The format is line based::

    | a comment: any line that begins with '|'
    p q r | x y
    p x:A
    q x:A
    r x:B y

* Lines that begin with ``|`` are comments; blank lines are ignored.
* The first other line lists the items: the primary items, then optionally a ``|`` and the
  secondary items. Without a ``|`` every item is primary; there must be at least one
  primary item. As in Knuth's programs, the ``|`` may touch the first secondary item
  (``p q |x y``) but not the last primary one.
* Every further line is one option: the names of its items, in any order. A secondary item
  may carry a colour, ``name:colour`` (DLX2); options that give an item the same colour may
  share it.
* An item name has 1 to 8 characters and no ``:``, ``|`` or white space; so has a colour.

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
from pathlib import Path
from typing import IO

from .problem import CoverInputError, Problem

__all__ = ["MAX_NAME", "read", "write"]

MAX_NAME = 8
"""The longest item name (and colour) Knuth's programs accept, in characters."""

_SURROGATE_ESCAPE = re.compile("[\udc80-\udcff]")
_PROBLEM_OPTION = re.compile(r"option (\d+)(: | )(.*)")


# ---------------------------------------------------------------------------------------------
# reading


def read(source, *, name: str | None = None) -> Problem:
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
        order (colours kept as ``name:colour``); no labels.

    Raises
    ------
    CoverInputError
        A malformed input: no item line; no primary item; a name that is empty, longer than
        8 characters or contains ``:`` or ``|``; an item listed twice or a ``|`` given twice
        in the item line; a ``|`` in an option line; an unknown item, an item twice in one
        option, a colour on a primary item or a bad colour; bytes that are not UTF-8. The
        message starts with ``name:line:``.
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
    >>> read("a b\\n| comment\\n\\na b c\\n", name="tiny.dlx")
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: tiny.dlx:4: unknown item 'c'
    """
    text, encoding, default_name = _source_text(source)
    return _parse(text, encoding, default_name if name is None else str(name))


def _source_text(source) -> tuple[str, str | None, str]:
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


def _stream_name(stream) -> str:
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


def _parse(text: str, encoding: str | None, source: str) -> Problem:
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()

    def fail(number: int, message: str) -> CoverInputError:
        return CoverInputError(f"{source}:{number}: {message}")

    primary: list[str] | None = None
    secondary: list[str] = []
    kind: dict[str, bool] = {}  # item -> is primary
    item_line = 0
    options: list[list[str]] = []
    option_lines: list[int] = []
    for number, line in enumerate(lines, start=1):
        if encoding is not None:
            bad = _SURROGATE_ESCAPE.search(line)
            if bad:
                byte = ord(bad.group()) - 0xDC00
                raise fail(number, f"not {encoding} text (byte 0x{byte:02x} at column {bad.start() + 1})")
        if line.startswith("|") or not line.strip():
            continue
        if primary is None:
            item_line = number
            primary = []
            seen_bar = False
            for token in re.sub(r"(^|\s)\|", r"\1| ", line).split():
                if token == "|":
                    if seen_bar:
                        raise fail(number, "the item line has '|' twice")
                    seen_bar = True
                    continue
                problem = _bad_name(token)
                if problem:
                    raise fail(number, f"item name {token!r} {problem}")
                if token in kind:
                    raise fail(number, f"item {token!r} is listed twice")
                kind[token] = not seen_bar
                (secondary if seen_bar else primary).append(token)
            if not primary:
                raise fail(number, "the item line has no primary item (at least one is needed)")
            continue
        if "|" in line:
            raise fail(number, "an option line cannot contain '|'")
        tokens = line.split()
        names: set[str] = set()
        for token in tokens:
            item, sep, colour = token.partition(":")
            problem = _bad_name(item)
            if problem:
                raise fail(number, f"item name {item!r} {problem}")
            if item not in kind:
                raise fail(number, f"unknown item {item!r}")
            if item in names:
                raise fail(number, f"option names item {item!r} twice")
            names.add(item)
            if sep:
                if kind[item]:
                    raise fail(number, f"primary item {item!r} cannot have a colour ({token})")
                problem = _bad_name(colour)
                if problem:
                    raise fail(number, f"colour {colour!r} of item {item!r} {problem}")
        options.append(tokens)
        option_lines.append(number)
    if primary is None:
        raise fail(max(1, len(lines)), "no item line (the input has only comments and blank lines)")
    try:
        return Problem(options, primary=primary, secondary=secondary)
    except CoverInputError as error:
        # Not expected (every check above comes first), but keep the line number if it is.
        message = str(error)
        match = _PROBLEM_OPTION.fullmatch(message)
        if match:
            number = option_lines[int(match.group(1)) - 1]
            message = match.group(3) if match.group(2) == ": " else f"option {match.group(3)}"
            raise fail(number, message) from None
        raise fail(item_line, message) from None


def _bad_name(name: str) -> str | None:
    """What is wrong with an item name or colour (``None``: nothing)."""
    if not name:
        return "is empty"
    if len(name) > MAX_NAME:
        return f"is longer than {MAX_NAME} characters"
    for bad in (":", "|"):
        if bad in name:
            return f"contains {bad!r}"
    if any(ch.isspace() for ch in name):
        return "contains white space"
    return None


# ---------------------------------------------------------------------------------------------
# writing


def write(problem: Problem, file: IO[str] | None = None, *, comment: str | None = None) -> str | None:
    """Write a problem in Knuth's DLX1/DLX2 format (DLX1 if no option has a colour).

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
        A name or colour longer than 8 characters (Knuth's programs cannot read it), or a
        problem without primary items (they need at least one).

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
    >>> write(Problem([["too_long_9"]]))
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: item 'too_long_9' is longer than 8 characters (Knuth's limit)
    """
    if not isinstance(problem, Problem):
        raise TypeError(f"write() takes a Problem, got {type(problem).__name__}")
    if not problem.primary:
        raise CoverInputError("Knuth's format needs at least one primary item, the problem has none")
    for item in problem.primary + problem.secondary:
        _check_length(item, f"item {item!r}")
    out: list[str] = []
    if comment is not None:
        out.extend(f"| {line}".rstrip() + "\n" for line in str(comment).split("\n"))
    head = " ".join(problem.primary)
    if problem.secondary:
        head += " | " + " ".join(problem.secondary)
    out.append(head + "\n")
    for option in problem.options:
        for token in option:
            item, sep, colour = token.partition(":")
            if sep:
                _check_length(colour, f"colour {colour!r} of item {item!r}")
        out.append(" ".join(option) + "\n")
    text = "".join(out)
    if file is None:
        return text
    file.write(text)
    return None


def _check_length(name: str, what: str) -> None:
    if len(name) > MAX_NAME:
        raise CoverInputError(f"{what} is longer than {MAX_NAME} characters (Knuth's limit)")
