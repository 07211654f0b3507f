"""What ``clew journal show`` says about a journal, decided here once: :func:`show_journal`
reads a journal and returns a :class:`JournalReport`, whose :meth:`~JournalReport.to_dict`
is the command's JSON and :meth:`~JournalReport.to_text` its text.

A journal's identity may hold a whole problem (an exact cover problem stores every option
of it, megabytes): a report names each large field by its length and digest instead of
copying it (:func:`summarise`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass

from ..errors import ClewError, plural
from .journal import Journal, JournalError, Progress
from .progress import duration
from .work import kind_of, load_work

__all__ = ["JournalReport", "LARGE", "show_journal", "summarise"]

#: Characters of JSON above which a field of an identity is shown by its digest.
LARGE = 200


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def summarise(identity: dict) -> dict:
    """``identity`` with every field longer than :data:`LARGE` characters of JSON replaced
    by ``{"sha256": ..., "length": ...}`` (of the text itself for a string, else of its
    canonical JSON; ``length`` in characters, or items for a list or object).

    >>> summarise({"n": 8, "cover": "x" * 300})["cover"]["length"]
    300
    >>> summarise({"n": 8})
    {'n': 8}
    """
    out = {}
    for key, value in identity.items():
        text = value if isinstance(value, str) else _json(value)
        if len(text) > LARGE:
            out[key] = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "length": len(value)}
        else:
            out[key] = value
    return out


def _words(value: object) -> str:
    """A value in a line of text: a string as it is, anything else as JSON (never a Python
    repr)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and set(value) == {"sha256", "length"}:
        return f"sha256:{value['sha256'][:16]} ({value['length']:,} long)"
    return json.dumps(value, default=str)


def _plain(value: object) -> object:
    """``value`` as JSON-ready data: its ``to_dict()`` if it has one, else itself when JSON
    takes it, else None (the caller then shows the answer in words)."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class JournalReport:
    """Where the job recorded in a journal stands (the value of :func:`show_journal`).

    Attributes
    ----------
    path : str
        The journal file.
    kind : str
        The kind of work, in words (:data:`clew.scale.work.WORKS`).
    job : str
        The job, in words (:meth:`Work.describe`).
    identity : dict
        What the job computes, large fields by their digest (:func:`summarise`).
    progress : Progress
        Pieces done, time spent, what the finished pieces say.
    answer : object
        The answer as JSON-ready data once every piece is in (None before); a text when
        the answer is not data (generated puzzles: "40 puzzles generated").
    result : str or None
        The answer in words (:meth:`Work.summary`), None before every piece is in.
    """

    path: str
    kind: str
    job: str
    identity: dict
    progress: Progress
    answer: object = None
    result: str | None = None

    def to_dict(self) -> dict:
        """The JSON of ``clew journal show --format json``: ``path``, ``kind``, ``job``,
        ``identity``, ``pieces``, ``done``, ``complete``, ``report`` (what the finished pieces
        say), ``partial`` (a count's partial sum, or None), ``elapsed`` (wall seconds of the
        runs), ``runs``, ``workers`` (of the last run), ``remaining`` (seconds left with as
        many workers, None before any piece is done; the progress bar's estimate),
        ``answer`` and ``result``."""
        p = self.progress
        left = p.remaining_seconds()
        report = json.loads(_json(p.report))
        return {
            "path": self.path,
            "kind": self.kind,
            "job": self.job,
            "identity": self.identity,
            "pieces": p.pieces,
            "done": p.done,
            "complete": p.complete,
            "report": report,
            "partial": report.get("partial"),
            "elapsed": round(p.elapsed, 3),
            "runs": p.runs,
            "workers": p.workers,
            "remaining": None if left is None else round(left, 3),
            "answer": self.answer,
            "result": self.result,
        }

    def to_text(self) -> str:
        """The report as lines of text (``clew journal show``), without a final newline."""
        p = self.progress
        shown = {k: v for k, v in self.identity.items() if k not in ("work", "layout")}
        lines = [
            f"job:       {self.job}",
            f"kind:      {self.kind}",
            "identity:  " + ", ".join(f"{key} {_words(value)}" for key, value in shown.items()),
            f"pieces:    {p.done} of {p.pieces} done ({100 * p.done / max(1, p.pieces):.1f}%)",
        ]
        if self.result is not None:
            lines.append(f"result:    {self.result}")
        elif "partial" in p.report:
            lines.append(
                f"partial:   {_words(p.report['partial'])} (from the finished pieces; not a total)"
            )
        elif p.report:
            lines.append(
                "so far:    "
                + ", ".join(f"{_words(value)} {key}" for key, value in p.report.items())
            )
        lines.append(f"elapsed:   {p.elapsed:.1f} s over {plural(p.runs, 'run')}")
        if not p.complete:
            left = p.remaining_seconds()
            lines.append(
                "remaining: "
                + (
                    "unknown (no piece done yet)"
                    if left is None
                    else f"about {duration(left)} with {plural(p.workers, 'worker')} "
                    "(as the last run)"
                )
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def show_journal(path: str | os.PathLike) -> JournalReport:
    """Read the journal ``path`` (without locking it: a running job may be writing it) and
    say where its job stands; the answer only once every piece is in.

    Raises
    ------
    JournalError
        No such file, not a clew journal, or damaged.
    WorkError
        A journal of a kind of work this clew does not know.
    TypeError
        ``path`` is not a path.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a journal is a path (str or os.PathLike), got {type(path).__name__}")
    with Journal.read(path) as book:
        try:
            return _report(path, book)
        except ClewError:
            raise
        except (
            sqlite3.DatabaseError,
            ValueError,
            TypeError,
            KeyError,
            IndexError,
            AttributeError,
            ArithmeticError,
            RuntimeError,
        ) as exc:  # RuntimeError: nested too deep, or a class that is not a job (Work itself)
            # a journal is data from outside: a record that passed its checksum but that the
            # job's class cannot read (a file written by hand, a hostile schema) is damaged
            raise JournalError(
                f"journal {os.fspath(path)} is damaged: {type(exc).__name__}: {str(exc)[:200]}"
            ) from None


def _report(path: str | os.PathLike, book: Journal) -> JournalReport:
    work = load_work(book.identity)
    done = book.done(work)  # read and decoded once, for the report and the answer
    progress = book.progress(work, done)
    value = work.combine([done[i] for i in range(progress.pieces)]) if progress.complete else None
    answer = result = None
    if progress.complete:
        result = work.summary(value)
        answer = _plain(value)
        if answer is None:  # not plain data (generated puzzles): the answer in words
            answer = result
    report = JournalReport(
        os.fspath(path),
        kind_of(book.identity),
        work.describe(),
        summarise(book.identity),
        progress,
        answer,
        result,
    )
    (
        report.to_text(),
        json.dumps(report.to_dict()),
    )  # every field readable now, not when the command prints it
    return report
