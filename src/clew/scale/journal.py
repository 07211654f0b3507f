"""The journal: a SQLite file recording a problem and every finished piece of it.

A long count writes each piece's number as soon as the piece is done, in its own
transaction (WAL mode), so a crash, a SIGKILL or a reboot loses at most the pieces that
were running. Running the same command with the same journal skips the finished pieces.

Safety rules:

* the journal stores the problem's identity; a journal of another problem is refused;
* every piece record carries a checksum of (problem, piece number, value): a record
  changed on disk is detected, never summed;
* a file that is not a clew journal, or a damaged or truncated database, is refused with
  a message naming the file; nothing is ever written into it;
* :meth:`Journal.answer` exists only once every piece is in; before that only the partial
  sum is reported, labelled as such.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from dataclasses import dataclass

from ..errors import ClewError

FORMAT = "clew-journal-1"


class JournalError(ClewError):
    """A journal that cannot be used: another problem's, not a journal, or damaged."""


def _canonical(problem: dict) -> str:
    return json.dumps(problem, sort_keys=True, separators=(",", ":"))


def _check(identity: str, piece: int, value: str) -> str:
    return hashlib.sha256(f"{identity}\x00{piece}\x00{value}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Progress:
    """Where a journal stands."""

    problem: dict
    pieces: int
    done: int
    partial: int  # what the finished pieces add up to (see problems.partial)
    elapsed: float  # wall seconds of the runs (a killed run: until its last finished piece)
    piece_seconds: float  # computing time of the finished pieces, summed over workers
    runs: int

    @property
    def complete(self) -> bool:
        return self.done == self.pieces

    def remaining_seconds(self, workers: int = 1) -> float | None:
        """Estimated wall time left with ``workers`` workers (mean time of a finished piece
        times the pieces left), None before any piece is done."""
        if self.done == 0:
            return None
        return self.piece_seconds / self.done * (self.pieces - self.done) / max(1, workers)


class Journal:
    """An open journal file; create or reopen one with :meth:`open`."""

    def __init__(self, path: str, conn: sqlite3.Connection, problem: dict, pieces: int, run: int | None):
        self.path = path
        self._conn = conn
        self.problem = problem
        self.pieces = pieces
        self._identity = _canonical(problem)
        self.run = run

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike, problem: dict | None, pieces: int | None, *, jobs: int = 1, backend: str = "") -> "Journal":
        """Open ``path`` for ``problem`` (creating it if missing) and start a run.

        With ``problem=None`` the journal is opened read-only, for inspection.
        """
        path = os.fspath(path)
        exists = os.path.exists(path)
        if problem is None and not exists:
            raise JournalError(f"journal {path}: no such file")
        if exists:
            cls._refuse_non_database(path)
        try:
            if problem is None:
                conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
            else:
                conn = sqlite3.connect(path, isolation_level=None, timeout=30)
            if exists:
                cls._verify_file(path, conn)
            else:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.executescript(
                    """
                    BEGIN;
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    CREATE TABLE runs (id INTEGER PRIMARY KEY, started REAL NOT NULL,
                                       seconds REAL NOT NULL DEFAULT 0, jobs INTEGER, backend TEXT);
                    CREATE TABLE pieces (id INTEGER PRIMARY KEY, value TEXT NOT NULL,
                                         seconds REAL NOT NULL, run INTEGER NOT NULL,
                                         finished REAL NOT NULL, checksum TEXT NOT NULL);
                    COMMIT;
                    """
                )
                conn.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [("format", FORMAT), ("problem", _canonical(problem)), ("pieces", str(pieces)), ("created", repr(time.time()))],
                )
            stored, count = cls._read_meta(path, conn)
            if problem is not None:
                if stored != problem:
                    raise JournalError(
                        f"journal {path} belongs to another problem ({_canonical(stored)}), not "
                        f"{_canonical(problem)}: use another file"
                    )
                if count != pieces:
                    raise JournalError(f"journal {path} has {count} pieces, this problem {pieces}: use another file")
                conn.execute("PRAGMA synchronous=NORMAL")
                cur = conn.execute("INSERT INTO runs (started, jobs, backend) VALUES (?, ?, ?)", (time.time(), jobs, backend))
                run = cur.lastrowid
            else:
                run = None
            journal = cls(path, conn, stored, count, run)
            journal.done()  # verify every record now, before any work
            return journal
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {path} is damaged or not a clew journal ({exc})") from None

    @staticmethod
    def _refuse_non_database(path: str) -> None:
        with open(path, "rb") as fh:
            head = fh.read(16)
        if os.path.getsize(path) and head != b"SQLite format 3\x00":
            raise JournalError(f"journal {path} is not a clew journal (not an SQLite database); refusing to touch it")
        if os.path.getsize(path) == 0:
            raise JournalError(f"journal {path} is empty (truncated?); refusing to use it")

    @staticmethod
    def _verify_file(path: str, conn: sqlite3.Connection) -> None:
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise JournalError(f"journal {path} is damaged ({result})")

    @staticmethod
    def _read_meta(path: str, conn: sqlite3.Connection) -> tuple[dict, int]:
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.OperationalError:
            raise JournalError(f"journal {path} is not a clew journal (no meta table)") from None
        if meta.get("format") != FORMAT:
            raise JournalError(f"journal {path} is not a clew journal (format {meta.get('format')!r})")
        try:
            return json.loads(meta["problem"]), int(meta["pieces"])
        except (KeyError, ValueError):
            raise JournalError(f"journal {path} is damaged (bad meta record)") from None

    # -- reading ---------------------------------------------------------------------------

    def done(self) -> dict[int, int]:
        """Finished pieces: ``{piece number: value}``, every record verified."""
        out: dict[int, int] = {}
        try:
            rows = self._conn.execute("SELECT id, value, checksum FROM pieces").fetchall()
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {self.path} is damaged ({exc})") from None
        for piece, value, checksum in rows:
            if not (0 <= piece < self.pieces) or checksum != _check(self._identity, piece, value):
                raise JournalError(f"journal {self.path} is damaged: the record of piece {piece} fails its checksum")
            try:
                out[piece] = int(value)
            except ValueError:
                raise JournalError(f"journal {self.path} is damaged: piece {piece} holds {value!r}") from None
        return out

    def progress(self) -> Progress:
        done = self.done()
        # a run that was killed never wrote its time: count it until its last finished piece
        rows = self._conn.execute(
            "SELECT r.started, r.seconds, MAX(p.finished) FROM runs r "
            "LEFT JOIN pieces p ON p.run = r.id GROUP BY r.id"
        ).fetchall()
        seconds = sum(max(spent, (last - started) if last is not None else 0.0) for started, spent, last in rows)
        runs = len(rows)
        piece_seconds = self._conn.execute("SELECT COALESCE(SUM(seconds), 0) FROM pieces").fetchone()[0]
        from .problems import partial

        return Progress(self.problem, self.pieces, len(done), partial(self.problem, done), float(seconds), float(piece_seconds), int(runs))

    def values(self) -> list[int]:
        """Every piece's value in order; :class:`JournalError` unless all are in."""
        done = self.done()
        if len(done) != self.pieces:
            raise JournalError(f"journal {self.path}: {len(done)} of {self.pieces} pieces done, no total yet")
        return [done[i] for i in range(self.pieces)]

    # -- writing ---------------------------------------------------------------------------

    def record(self, piece: int, value: int, seconds: float) -> None:
        """Store a finished piece (its own transaction: durable once this returns)."""
        text = str(int(value))
        self._conn.execute(
            "INSERT INTO pieces (id, value, seconds, run, finished, checksum) VALUES (?, ?, ?, ?, ?, ?)",
            (piece, text, seconds, self.run, time.time(), _check(self._identity, piece, text)),
        )

    def add_run_time(self, seconds: float) -> None:
        if self.run is not None:
            self._conn.execute("UPDATE runs SET seconds = seconds + ? WHERE id = ?", (seconds, self.run))

    def pieces_of_run(self, run: int) -> int:
        return self._conn.execute("SELECT COUNT(*) FROM pieces WHERE run = ?", (run,)).fetchone()[0]

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
