"""The journal: a SQLite file recording a unit of work and every finished piece of it.

A long job writes each finished piece's value (the work's own text encoding) as soon as it
is done, in its own transaction (WAL mode), so a crash, a SIGKILL or a reboot loses at
most the pieces that were running. Running the same job with the same journal skips the
finished pieces.

Safety rules:

* the journal stores the work's identity and class (:func:`clew.scale.work.full_identity`);
  a journal of other work is refused;
* one run writes a journal at a time: a second run on the same file is refused at once
  with a message naming it (an advisory ``flock`` on the file, held while the run lasts),
  and the first run goes on undisturbed; ``clew journal show`` reads without the lock;
* every piece record carries a checksum of (work, piece number, value): a record changed
  on disk is detected, never combined;
* a file that is not a clew journal, or a damaged or truncated database, is refused with
  a message naming the file; nothing is ever written into it;
* a journal that cannot be written (a read-only file or folder) is refused before any
  work, with a message that says so (:class:`JournalError`);
* a journal that stops taking records during a run (its disk full, an I/O error, the file
  deleted under the run) stops the run with :class:`JournalWriteError`: every piece the
  journal acknowledged stays in it, readable, and the same command resumes from there;
  a deleted journal is first written back to its path from the open database;
* the answer exists only once every piece is in; before that only what the finished
  pieces say is reported, labelled as such.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO

from ..errors import ClewError, one_line, plural
from .progress import remaining_seconds

if TYPE_CHECKING:  # types only
    from .work import Work

FORMAT = "clew-journal-2"


class JournalError(ClewError):
    """A journal that cannot be used: other work's, in use, not a journal, or damaged."""

    def __init__(self, message: str) -> None:
        # SQLite's own reports (quick_check) span lines: a journal is named in one line
        super().__init__(one_line(message))


class JournalWriteError(JournalError):
    """A journal that stopped taking records during a run: its disk full, an I/O error, the
    file deleted or replaced. The pieces it acknowledged are safe in it (``safe`` of them)
    and a rerun resumes; the command line reports it as an output that could not be
    written (exit status 1), not as bad input."""

    def __init__(self, message: str, safe: int | None = None) -> None:
        super().__init__(message)
        self.safe = safe


#: SQLite's names of the errors that mean "this file or folder cannot be written" (refused
#: before any work: bad input), and "the disk took no more" (an output fault).
_UNWRITABLE = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")
_DISK_FAULTS = ("SQLITE_FULL", "SQLITE_IOERR")


def _fault(exc: sqlite3.Error) -> str | None:
    """``"unwritable"``, ``"disk"`` or None (damaged, or not a journal) for a SQLite error
    met while opening a journal to write it."""
    name = getattr(exc, "sqlite_errorname", "") or ""  # Python 3.11+
    text = str(exc)
    if name.startswith(_UNWRITABLE) or (
        not name and ("readonly" in text or "unable to open" in text)
    ):
        return "unwritable"
    if name.startswith(_DISK_FAULTS) or (
        not name and ("disk is full" in text or "disk I/O error" in text)
    ):
        return "disk"
    return None


def _canonical(identity: dict) -> str:
    return json.dumps(identity, sort_keys=True, separators=(",", ":"))


def _checksum(identity: str, piece: int, value: str) -> str:
    """The checksum of a piece record (the definition; :class:`Journal` computes the same
    from a hash state that has already taken in the identity)."""
    return hashlib.sha256(f"{identity}\x00{piece}\x00{value}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Progress:
    """Where a journal stands.

    Attributes
    ----------
    identity : dict
        What the job computes (the work's identity, its class path and layout).
    pieces, done : int
        The pieces of the job, and how many are finished.
    elapsed : float
        Wall seconds of the runs (a killed run: until its last finished piece).
    piece_seconds : float
        Computing time of the finished pieces, summed over workers.
    runs : int
        How many runs wrote the journal.
    report : dict
        What the finished pieces say (:meth:`Work.report`).
    worker_seconds : float
        Wall seconds times workers, summed over the runs: what the finished pieces cost.
    workers : int
        The workers of the last run (a run of the same command uses as many).
    """

    identity: dict
    pieces: int
    done: int
    elapsed: float
    piece_seconds: float
    runs: int
    report: dict = field(default_factory=dict)
    worker_seconds: float = 0.0
    workers: int = 1

    @property
    def complete(self) -> bool:
        return self.done == self.pieces

    def remaining_seconds(self, workers: int | None = None) -> float | None:
        """Estimated wall time left with ``workers`` workers (default: as many as the last
        run had), by :func:`clew.scale.progress.remaining_seconds`, the estimate the
        progress bar shows; None before any piece is done."""
        return remaining_seconds(
            self.pieces,
            self.done,
            self.worker_seconds,
            self.workers if workers is None else workers,
        )

    def to_dict(self) -> dict:
        """The fields above as JSON-ready data, with ``complete`` and ``remaining`` (seconds
        left with :attr:`workers` workers, or None)."""
        left = self.remaining_seconds()
        return {
            "identity": self.identity,
            "pieces": self.pieces,
            "done": self.done,
            "complete": self.complete,
            "elapsed": round(self.elapsed, 3),
            "piece_seconds": round(self.piece_seconds, 3),
            "runs": self.runs,
            "report": self.report,
            "worker_seconds": round(self.worker_seconds, 3),
            "workers": self.workers,
            "remaining": None if left is None else round(left, 3),
        }


class Journal:
    """An open journal file; create or reopen one with :meth:`open` (for a run) or
    :meth:`read` (to look at it)."""

    def __init__(
        self,
        path: str,
        conn: sqlite3.Connection,
        identity: dict,
        pieces: int,
        run: int | None,
        lock: BinaryIO | None = None,
    ) -> None:
        self.path = path
        self._conn = conn
        self.identity = identity
        self.pieces = pieces
        self._canonical = _canonical(identity)
        # the hash state after "identity\0": each checksum copies it and adds "piece\0value"
        self._hashed_identity = hashlib.sha256(f"{self._canonical}\x00".encode())
        self.run = run
        self._lock_file = lock
        # the file this run writes (device, inode), to notice it deleted or replaced
        self._file = _file_id(lock)
        #: set once a write failed: the run stops, and writes nothing more
        self.failed = False
        # (data_version, {piece: text}) of the last full verification, reused while no
        # other connection has committed and this one has recorded nothing since
        self._verified: tuple[int, dict[int, str]] | None = None

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def read(cls, path: str | os.PathLike) -> Journal:
        """Open an existing journal read-only, for inspection (no lock: a running job may
        keep writing it)."""
        return cls._open(os.fspath(path), None, None)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike,
        identity: dict,
        pieces: int,
        *,
        jobs: int = 1,
        backend: str = "",
    ) -> Journal:
        """Open ``path`` for the work ``identity`` of ``pieces`` pieces (creating it if
        missing), lock it for this run and start a run record."""
        return cls._open(os.fspath(path), identity, pieces, jobs=jobs, backend=backend)

    @classmethod
    def _open(
        cls,
        path: str,
        identity: dict | None,
        pieces: int | None,
        *,
        jobs: int = 1,
        backend: str = "",
    ) -> Journal:
        exists = os.path.exists(path)
        if identity is None and not exists:
            raise JournalError(f"journal {path}: no such file")
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise JournalError(f"journal {path}: the folder {folder} does not exist")
        if exists:
            if os.path.isdir(path):
                raise JournalError(f"journal {path} is a folder, not a file")
            cls._refuse_non_database(path)
        lock = conn = None
        try:
            if identity is None:
                conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
            else:
                lock = cls._lock(path)
                conn = sqlite3.connect(path, isolation_level=None, timeout=30)
            if exists:
                result = conn.execute("PRAGMA quick_check").fetchone()[0]
                if result != "ok":
                    raise JournalError(f"journal {path} is damaged ({result})")
            else:
                assert identity is not None and pieces is not None  # a run opens it
                cls._create(conn, identity, pieces)
            stored, count = cls._read_meta(path, conn)
            run = None
            if identity is not None:
                if stored != identity:
                    raise JournalError(
                        f"journal {path} belongs to another job ({_difference(stored, identity)}): "
                        "use another file"
                    )
                if count != pieces:
                    raise JournalError(
                        f"journal {path} has {count} pieces, this job {pieces}: use another file"
                    )
                conn.execute("PRAGMA synchronous=NORMAL")
                cur = conn.execute(
                    "INSERT INTO runs (started, jobs, backend) VALUES (?, ?, ?)",
                    (time.time(), jobs, backend),
                )
                run = cur.lastrowid
            journal = cls(path, conn, stored, count, run, lock)
            journal._verify()  # every record now, before any work (kept for done())
            return journal
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # text that is not UTF-8 too
            _release(lock)
            if not exists:
                _discard(path, conn)
            fault = _fault(exc) if identity is not None and isinstance(exc, sqlite3.Error) else None
            if fault == "unwritable":
                raise JournalError(
                    f"journal {path} cannot be written ({exc}): the file and its folder {folder} "
                    "must be "
                    "writable (SQLite adds files next to it), or use another file"
                ) from None
            if fault == "disk":
                raise JournalWriteError(
                    f"journal {path} cannot be written ({exc}): make room (or fix the disk) and "
                    "run the "
                    "same command again"
                ) from None
            raise JournalError(f"journal {path} is damaged or not a clew journal ({exc})") from None
        except BaseException:
            _release(lock)
            if not exists:
                _discard(path, conn)
            raise

    @staticmethod
    def _lock(path: str) -> BinaryIO | None:
        """An exclusive advisory lock (``flock``) on the journal file for the length of a run.

        SQLite's own locks are POSIX record locks, which ``flock`` does not touch on a local
        file system, so the two never interfere."""
        try:
            import fcntl
        except ImportError:  # no advisory locks on this platform: SQLite's own locking remains
            return None
        try:
            handle = open(path, "a+b")  # noqa: SIM115  (held for the run: close() closes it)
        except OSError as exc:  # a read-only file or folder: refused before any work
            raise JournalError(
                f"journal {path} cannot be written ({exc.strerror or exc}): make it writable, or "
                "use another file"
            ) from None
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise JournalError(
                f"journal {path} is in use by another run (one writer at a time): wait for it to "
                "end, or use another file"
            ) from None
        return handle

    @staticmethod
    def _create(conn: sqlite3.Connection, identity: dict, pieces: int) -> None:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.executescript(
            """
            BEGIN;
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS runs (id INTEGER PRIMARY KEY, started REAL NOT NULL,
                               seconds REAL NOT NULL DEFAULT 0, jobs INTEGER, backend TEXT);
            CREATE TABLE IF NOT EXISTS pieces (id INTEGER PRIMARY KEY, value TEXT NOT NULL,
                                 seconds REAL NOT NULL, run INTEGER NOT NULL,
                                 finished REAL NOT NULL, checksum TEXT NOT NULL);
            COMMIT;
            """
        )
        conn.executemany(
            "INSERT OR IGNORE INTO meta VALUES (?, ?)",
            [
                ("format", FORMAT),
                ("identity", _canonical(identity)),
                ("pieces", str(pieces)),
                ("created", repr(time.time())),
            ],
        )

    @staticmethod
    def _refuse_non_database(path: str) -> None:
        with open(path, "rb") as fh:
            head = fh.read(16)
        if os.path.getsize(path) and head != b"SQLite format 3\x00":
            raise JournalError(
                f"journal {path} is not a clew journal (not an SQLite database); refusing to touch "
                "it"
            )
        if os.path.getsize(path) == 0:
            raise JournalError(f"journal {path} is empty (truncated?); refusing to use it")

    @staticmethod
    def _read_meta(path: str, conn: sqlite3.Connection) -> tuple[dict, int]:
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.OperationalError:
            raise JournalError(f"journal {path} is not a clew journal (no meta table)") from None
        if meta.get("format") != FORMAT:
            if meta.get("format") == "clew-journal-1":
                raise JournalError(
                    f"journal {path} was written by an older clew (format 1): run the job again "
                    "with a new file"
                )
            raise JournalError(
                f"journal {path} is not a clew journal (format {meta.get('format')!r})"
            )
        try:
            identity, pieces = json.loads(meta["identity"]), int(meta["pieces"])
        except (
            KeyError,
            ValueError,
            TypeError,
            RecursionError,
        ):  # missing, NULL, not JSON, nested too deep
            raise JournalError(f"journal {path} is damaged (bad meta record)") from None
        if not isinstance(identity, dict):  # JSON, but not the object a job's identity is
            raise JournalError(f"journal {path} is damaged (bad meta record)")
        return identity, pieces

    # -- reading ---------------------------------------------------------------------------

    def done_text(self) -> dict[int, str]:
        """Finished pieces: ``{piece number: value text}``, every record verified.

        The records verified when the journal was opened are reused (not hashed again) as
        long as no other connection has committed to the file (SQLite's ``data_version``)
        and this one has recorded nothing since; otherwise every record is read and
        verified again."""
        return dict(self._texts())

    def _texts(self) -> dict[int, str]:
        """The verified records (not a copy: read it, never change it)."""
        if self._verified is not None:
            try:
                version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.DatabaseError as exc:
                raise JournalError(f"journal {self.path} is damaged ({exc})") from None
            if version == self._verified[0]:
                return self._verified[1]
        return self._verify()

    def _verify(self) -> dict[int, str]:
        """Read every piece record, check its number and checksum, and remember the result."""
        self._verified = None
        out: dict[int, str] = {}
        pieces = self.pieces
        start = self._hashed_identity.copy
        piece = None
        try:
            # before the read: a commit in between makes the next done_text() verify again
            version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            for piece, value, checksum in self._conn.execute(
                "SELECT id, value, checksum FROM pieces"
            ):
                if (
                    not isinstance(piece, int)
                    or not (0 <= piece < pieces)
                    or not isinstance(value, str)
                ):
                    raise JournalError(
                        f"journal {self.path} is damaged: the record of piece {piece} fails its "
                        "checksum"
                    )
                h = start()
                h.update(f"{piece}\x00{value}".encode())
                if h.hexdigest()[:32] != checksum:
                    raise JournalError(
                        f"journal {self.path} is damaged: the record of piece {piece} fails its "
                        "checksum"
                    )
                out[piece] = value
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {self.path} is damaged ({exc})") from None
        self._verified = (version, out)
        return out

    def done(self, work: Work) -> dict[int, Any]:
        """Finished pieces decoded by ``work``: ``{piece number: value}``."""
        texts = self._texts()
        out = {}
        decode = work.decode
        piece = -1
        try:
            for piece, text in texts.items():
                out[piece] = decode(text)
        except (ValueError, TypeError, KeyError):
            raise JournalError(
                f"journal {self.path} is damaged: piece {piece} holds {texts[piece][:40]!r}"
            ) from None
        return out

    def progress(self, work: Work | None = None, done: dict | None = None) -> Progress:
        """Where the journal stands; with ``work``, what its finished pieces say too
        (``done``: those pieces already decoded by :meth:`done`, not read again)."""
        rows = self._conn.execute(
            "SELECT id, started, seconds, jobs FROM runs ORDER BY id"
        ).fetchall()
        # one pass over the pieces (a join on pieces.run, which has no index, costs more)
        last = dict(
            self._conn.execute("SELECT run, MAX(finished) FROM pieces GROUP BY run").fetchall()
        )
        # a run that was killed never wrote its time: count it until its last finished piece
        walls = [
            (max(spent, (last[run] - started) if run in last else 0.0), max(1, jobs or 1))
            for run, started, spent, jobs in rows
        ]
        seconds = sum(wall for wall, _ in walls)
        worker_seconds = sum(wall * jobs for wall, jobs in walls)
        workers = walls[-1][1] if walls else 1
        piece_seconds, finished = self._conn.execute(
            "SELECT COALESCE(SUM(seconds), 0), COUNT(*) FROM pieces"
        ).fetchone()
        report: dict = {}
        if work is not None:
            report = work.report(self.done(work) if done is None else done, self.pieces)
        return Progress(
            self.identity,
            self.pieces,
            int(finished),
            float(seconds),
            float(piece_seconds),
            len(rows),
            report,
            float(worker_seconds),
            workers,
        )

    def values(self, work: Work) -> list:
        """Every piece's value in order; :class:`JournalError` unless all are in."""
        done = self.done(work)
        if len(done) != self.pieces:
            raise JournalError(
                f"journal {self.path}: {len(done)} of {self.pieces} pieces done, no answer yet"
            )
        return [done[i] for i in range(self.pieces)]

    def pieces_of_run(self, run: int) -> int:
        return self._conn.execute("SELECT COUNT(*) FROM pieces WHERE run = ?", (run,)).fetchone()[0]

    # -- writing ---------------------------------------------------------------------------

    def record(self, piece: int, text: str, seconds: float) -> None:
        """Store one finished piece (its own transaction: durable once this returns)."""
        self.record_many([(piece, text, seconds)])

    def record_many(self, rows: list[tuple[int, str, float]]) -> None:
        """Store finished pieces ``(number, value text, seconds)`` in one transaction."""
        now = time.time()
        start = self._hashed_identity.copy
        data = []
        for i, text, s in rows:
            h = start()
            h.update(f"{i}\x00{text}".encode())  # = _checksum(self._canonical, i, text)
            data.append((i, text, s, self.run, now, h.hexdigest()[:32]))
        self._verified = None  # what done_text() returns changes
        try:
            with self._conn:
                self._conn.execute("BEGIN")
                self._conn.executemany(
                    "INSERT INTO pieces (id, value, seconds, run, finished, checksum) VALUES (?, "
                    "?, ?, ?, ?, ?)",
                    data,
                )
        except sqlite3.Error as exc:  # the transaction is rolled back: the journal is as before
            raise self._failure(
                f"cannot be written ({exc})",
                "make room (or fix the disk) and run the same command again to resume",
            ) from None
        self._check_still_there()

    def _safe_pieces(self) -> int | None:
        try:
            return self._conn.execute("SELECT COUNT(*) FROM pieces").fetchone()[0]
        except sqlite3.Error:
            return None

    def _failure(self, what: str, then: str) -> JournalWriteError:
        """The error that stops a run whose journal failed, saying how much is safe."""
        self.failed = True
        safe = self._safe_pieces()
        kept = (
            ""
            if safe is None
            else f": {plural(safe, 'finished piece')} of {self.pieces} are safe in it"
        )
        return JournalWriteError(f"journal {self.path} {what}{kept}; {then}", safe)

    def _check_still_there(self) -> None:
        """Stop the run if the journal's path no longer names the file it writes: records
        going into a deleted file would be lost when the run ends. A deleted journal is
        written back to its path first (SQLite's backup of the open database, every
        acknowledged piece in it), so that the same command resumes; a replaced one is left
        as it is."""
        if self._file is None:
            return
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            now = None
        except OSError:
            return  # cannot tell (a folder made unreadable): the next write will say
        if now is not None and (now.st_dev, now.st_ino) == self._file:
            return
        if now is not None:
            raise self._failure(
                "was replaced by another file during the run; it is left as it is",
                "this run's pieces are lost: run the command again",
            )
        # Everything into the (deleted) main file first, the write-ahead log emptied: a log
        # left by this connection under the journal's name then holds nothing that a later
        # run could replay onto the copy. The copy is made under another name and moved into
        # place, so that it never shares that log or its index with this connection.
        spare = f"{self.path}.restore-{os.getpid()}"
        try:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            target = sqlite3.connect(spare)
            try:
                self._conn.backup(target)
            finally:
                target.close()
            os.replace(spare, self.path)
        except (sqlite3.Error, OSError) as exc:
            with contextlib.suppress(OSError):
                os.remove(spare)
            raise self._failure(
                f"was deleted during the run and cannot be written back ({exc})",
                "run the command again",
            ) from None
        raise self._failure(
            "was deleted during the run and is written back to its path",
            "run the same command again to resume",
        )

    def set_workers(self, workers: int) -> None:
        """Record how many workers this run really has (known once its executor started:
        a Dask cluster's threads, fewer threads than jobs for a few pieces)."""
        if self.run is not None:
            self._bookkeeping("UPDATE runs SET jobs = ? WHERE id = ?", (int(workers), self.run))

    def add_run_time(self, seconds: float) -> None:
        """Add ``seconds`` to this run's time (at its end)."""
        if self.run is not None:
            self._bookkeeping(
                "UPDATE runs SET seconds = seconds + ? WHERE id = ?", (seconds, self.run)
            )

    def _bookkeeping(self, sql: str, args: tuple) -> None:
        """A write that only feeds the estimates (workers, run time): after a failed write
        nothing more is tried, and a failure here changes no answer, so it is not raised
        (the next record of a piece reports a journal that cannot be written)."""
        if self.failed:
            return
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute(sql, args)

    def close(self) -> None:
        self._conn.close()
        _release(self._lock_file)
        self._lock_file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _discard(path: str, conn: sqlite3.Connection | None) -> None:
    """Remove a journal that this open created and could not finish (its disk full): left
    half made, it would be refused as "not a clew journal" by the rerun that should simply
    start it again."""
    if conn is not None:
        with contextlib.suppress(sqlite3.Error):
            conn.close()
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            os.remove(path + suffix)


def _file_id(handle: BinaryIO | None) -> tuple[int, int] | None:
    """(device, inode) of an open file, or None."""
    if handle is None:
        return None
    try:
        info = os.fstat(handle.fileno())
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _release(lock: BinaryIO | None) -> None:
    if lock is not None:
        lock.close()  # closing the descriptor drops the flock


def _difference(stored: dict, asked: dict) -> str:
    """What differs between the journal's identity and the job's, in a few words."""

    def short(value: object) -> str:
        text = json.dumps(value)
        return text if len(text) <= 40 else text[:37] + "..."

    if stored.get("work") != asked.get("work"):
        return f"written for {stored.get('work')}, not {asked.get('work')}"
    keys = [k for k in sorted(set(stored) | set(asked)) if stored.get(k) != asked.get(k)]
    return "; ".join(f"{k}: {short(stored.get(k))} there, {short(asked.get(k))} here" for k in keys)
