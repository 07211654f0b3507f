"""The readers of clew that ``benchmarks/fuzz.py`` (and ``tests/test_fuzz.py``) feed hostile input:
for each, the library call that reads an input, valid samples to mutate, a generator from
the format's grammar, inputs of extreme size, and the command line that reads a file.

Every generator takes a ``random.Random`` and returns ``bytes`` (a trace: a list of events),
so that a run is reproduced by its seed, and Hypothesis can drive the same generators
through ``st.randoms()`` (tests/test_fuzz.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------
# Mutators shared by every byte format
# ---------------------------------------------------------------------------------------------

#: Bytes that tend to break readers: controls, the byte order mark, a bare CR, NUL, bytes that
#: are not UTF-8, a Unicode line separator, a character outside the BMP, huge numbers.
NASTY = [
    b"\x00",
    b"\r",
    b"\r\n",
    b"\n",
    b"\t",
    b"\x0b",
    b"\x0c",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xc3",
    b"\xe2\x80\xa8",
    b"\xf0\x9f\x98\x80",
    b"\xed\xa0\x80",
    b" ",
    b"#",
    b"|",
    b":",
    b",",
    b"-1",
    b"99999999999999999999999",
    b"1e999",
    b"NaN",
    b"\\",
    b'"',
    b"</script>",
    b"%s",
    b"{",
    b"[",
]


def mutate(rng: random.Random, data: bytes, alphabet: bytes, others: list[bytes]) -> bytes:
    """One to four random edits of ``data``: byte flips, insertions of the format's own
    characters or of :data:`NASTY` bytes, deletions, duplications, truncations, splices with
    another sample, swapped or repeated lines."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        size = len(out)
        at = rng.randint(0, size)
        kind = rng.randrange(10)
        if kind == 0 and size:  # flip one byte
            out[min(at, size - 1)] = rng.randrange(256)
        elif kind == 1:  # a character of the format
            out[at:at] = bytes([rng.choice(alphabet)]) * rng.choice((1, 1, 2, 3, 17))
        elif kind == 2:
            out[at:at] = rng.choice(NASTY)
        elif kind == 3 and size:  # delete a span
            out[at : at + rng.randint(1, 8)] = b""
        elif kind == 4 and size:  # duplicate a span
            span = bytes(out[at : at + rng.randint(1, 32)])
            out[at:at] = span * rng.randint(1, 4)
        elif kind == 5:  # truncate
            del out[at:]
        elif kind == 6 and others:  # splice with another sample
            other = rng.choice(others)
            cut = rng.randint(0, len(other))
            out[at:] = other[cut:]
        elif kind == 7:  # swap or repeat lines
            lines = bytes(out).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines.insert(i, lines[j])
            out = bytearray(b"\n".join(lines))
        elif kind == 8:  # a number in place of a character
            out[at : at + 1] = str(
                rng.choice((0, -1, 2**31, 2**63, 10**30, rng.randint(0, 99)))
            ).encode()
        elif kind == 9 and size:  # change the case of a letter or a digit by one
            i = min(at, size - 1)
            out[i] = (
                (out[i] ^ 0x20) if chr(out[i]).isalpha() else (out[i] + rng.choice((-1, 1))) % 256
            )
    return bytes(out)


def random_bytes(rng: random.Random) -> bytes:
    """Random bytes, mostly short, sometimes printable only."""
    n = rng.choice((0, 1, 2, 5, 16, 81, 200, 1000))
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(n))
    return bytes(rng.randrange(32, 127) for _ in range(n))


@dataclass
class Reader:
    """A reader of clew under fuzzing.

    ``call(data)`` reads ``data`` with the library (raising a ``ClewError`` for bad input);
    ``grammar(rng)`` makes an input from the format's grammar (valid or nearly);
    ``samples`` are valid inputs to mutate, ``alphabet`` the format's own characters;
    ``extremes`` maps a name to a maker of a huge input; ``cli`` gives the command line that
    reads the input from a file (``None``: no command reads this format).
    """

    name: str
    call: Callable[[object], object]
    samples: list
    alphabet: bytes
    grammar: Callable[[random.Random], object]
    extremes: dict = field(default_factory=dict)
    cli: Callable[[str], list[str]] | None = None

    def case(self, rng: random.Random):
        """One generated input: random bytes, a grammar sample, or a mutated sample."""
        roll = rng.random()
        if roll < 0.15:
            return random_bytes(rng)
        base = self.grammar(rng) if roll < 0.55 else rng.choice(self.samples)
        if rng.random() < 0.25:
            return base
        return mutate(rng, base, self.alphabet, self.samples)


# ---------------------------------------------------------------------------------------------
# Sudoku lines, files, jigsaw and killer lines
# ---------------------------------------------------------------------------------------------

SUDOKU_9 = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SUDOKU_SAMPLES = [
    SUDOKU_9,
    b"..3.4.........42",
    b"1" + b"." * 35,
    b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    b". . | 3 .\n4 . | . .\n----+----\n. . | . .\n. . | 4 2",
]
SUDOKU_CHARS = b"0123456789.ABCDEFGPQZabcgp |-+\n\r#"


def sudoku_line(rng: random.Random) -> bytes:
    """A line of n*n cells for a side n of the grammar (4 to 25, mostly 4, 6 and 9)."""
    n = rng.choice((4, 4, 6, 9, 9, 9, 8, 12, 16, 25, 5, 3))
    digits = "123456789ABCDEFGHIJKLMNOP"[:n]
    blank = rng.random()
    cells = "".join(
        rng.choice(digits) if rng.random() > blank else rng.choice(".0") for _ in range(n * n)
    )
    if rng.random() < 0.1:
        cells = cells.lower()
    return cells.encode()


def sudoku_file(rng: random.Random) -> bytes:
    """Lines of puzzles, comments and blanks, with LF or CRLF ends."""
    lines = []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        lines.append(
            b"# a comment"
            if roll < 0.1
            else b""
            if roll < 0.2
            else rng.choice(SUDOKU_SAMPLES[:4])
            if roll < 0.6
            else sudoku_line(rng)
        )
    return (b"\r\n" if rng.random() < 0.2 else b"\n").join(lines) + (
        b"\n" if rng.random() < 0.7 else b""
    )


JIGSAW_SAMPLES = [
    b"2...3....123...4 ABCCABDCABDCABDD",
    b"................ AABBAABBCCDDCCDD",
    (
        b"3.......1........4.6.....2..........7.8.....1........5..2......6.....4.9.......... "
        b"AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII"
    ),
]
KILLER_SAMPLES = [
    b"ABBBAACCDEEFDEGF 7,6,7,5,8,6,1",
    b"1............... ABBBAACCDEEFDEGF 7,6,7,5,8,6,1",
    b"AABBAABBCCDDCCDD 10,10,10,10",
]
VARIANT_CHARS = b"ABCDEFGHIJabcz.1234 ,0-"


def _regions(rng: random.Random, n: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    if rng.random() < 0.5:  # boxes, as letters
        from clew.sudoku.shape import squarest_box

        box = squarest_box(n) or (1, n)
        r, c = box
        return "".join(letters[(i // n // r) * (n // c) + (i % n) // c] for i in range(n * n))
    return "".join(rng.choice(letters[: n + rng.choice((0, 0, 1, -1))]) for _ in range(n * n))


def jigsaw_line(rng: random.Random) -> bytes:
    n = rng.choice((4, 6, 9, 5, 7))
    cells = "".join(rng.choice("." * 3 + "123456789"[:n]) for _ in range(n * n))
    return f"{cells} {_regions(rng, n)}".encode()


def killer_line(rng: random.Random) -> bytes:
    n = rng.choice((4, 4, 6, 9))
    cages = (
        _regions(rng, n)
        if rng.random() < 0.3
        else "".join(rng.choice("ABCDEFGHIJKLMNOP"[: rng.randint(1, 16)]) for _ in range(n * n))
    )
    count = len(dict.fromkeys(cages)) + rng.choice((0, 0, 0, 1, -1))
    sums = ",".join(str(rng.randint(-2, 60)) for _ in range(max(count, 0)))
    cells = (
        "".join(rng.choice("." * 6 + "123456789"[:n]) for _ in range(n * n)) + " "
        if rng.random() < 0.4
        else ""
    )
    return f"{cells}{cages} {sums}".encode()


def _sudoku_line_call(data):
    from clew import sudoku

    sudoku.parse(data)


def _sudoku_file_call(data):
    """Read a file as ``solve_file`` reads it, up to the plan of its pieces: the source, every
    line decoded and checked (a message for each bad one). Solving is search, not reading: a
    valid 25x25 puzzle with few givens may take minutes, as a search may."""
    from clew.sudoku.files.solve import SolveFile
    from clew.sudoku.files.source import read_source

    work = SolveFile(read_source(data).data, mode="count", limit=2)
    for i in list(work.batch.errors)[:3]:  # the answers of bad lines, as the command prints them
        work._invalid(i).to_dict()


def _variant_call(data):
    from clew import sudoku

    sudoku.Grid(data)


# ---------------------------------------------------------------------------------------------
# Knuth's DLX files
# ---------------------------------------------------------------------------------------------

DLX_SAMPLES = [
    b"| Knuth's first example\na b c | x\na x:red\nb x:red\nc\n",
    b"2|r1 2|r2 | x\nr1 r2\nr1 r2 x\n",
    b"a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n",
    b"p q r | x y\np x:A\nq x:A y:B\nr y:C\np q\nr x:B\n",
    b"1:3|a 0:1|b c\na b\na c\na\nc\n",
]
DLX_CHARS = b"abcxyz:|0123 \n\r-_/."


def dlx_text(rng: random.Random) -> bytes:
    primary = [f"{rng.choice('abcpqr')}{i}" for i in range(rng.randint(0, 7))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    head = []
    for name in primary:
        roll = rng.random()
        head.append(
            f"{rng.randint(0, 3)}:{rng.randint(0, 4)}|{name}"
            if roll < 0.15
            else f"{rng.randint(0, 3)}|{name}"
            if roll < 0.25
            else name
        )
    lines = [" ".join(head) + (" | " + " ".join(secondary) if secondary else "")]
    names = primary + secondary
    for _ in range(rng.randint(0, 8)):
        chosen = rng.sample(names, rng.randint(1, len(names))) if names else ["zz"]
        lines.append(
            " ".join(
                f"{n}:{rng.choice('RGB')}" if n.startswith("s") and rng.random() < 0.5 else n
                for n in chosen
            )
        )
    if rng.random() < 0.2:
        lines.insert(rng.randint(0, len(lines)), "| a comment")
    return ("\n".join(lines) + "\n").encode()


def _dlx_call(data):
    from clew.cover import knuth

    knuth.read(data, name="fuzz.dlx")


# ---------------------------------------------------------------------------------------------
# Maze text
# ---------------------------------------------------------------------------------------------

MAZE_SAMPLES = [
    b"S.#\n#.E\n",
    b"#######\n#S..#.#\n#.#.#.#\n#.#...#\n#.###.#\n#....E#\n#######\n",
    b"S....\n.###.\n....E\n",
    b"SE",
]
MAZE_CHARS = b"#.SE\n\r o"


def maze_text(rng: random.Random) -> bytes:
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    grid = [[rng.choice("#..") for _ in range(cols)] for _ in range(rows)]
    for letter in "SE":
        grid[rng.randrange(rows)][rng.randrange(cols)] = letter
    end = "\r\n" if rng.random() < 0.2 else "\n"
    return end.join("".join(row) for row in grid).encode() + (
        end.encode() if rng.random() < 0.8 else b""
    )


def _maze_call(data):
    from clew import maze

    m = maze.Maze.from_text(data, source="fuzz.txt")
    m.solve("bfs")


# ---------------------------------------------------------------------------------------------
# Traces for the player
# ---------------------------------------------------------------------------------------------

HOSTILE_STRINGS = [
    "</script>",
    "</SCRIPT >",
    "<!--",
    "<script>alert(1)</script>",
    "]]>",
    "\u2028",
    "\x00",
    "&amp;",
    "@DATA@",
    "@TITLE@",
    "\ud800",
    "x" * 1000,
]


def _value(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if roll < 0.25:
        return rng.choice((0, 1, -1, 8, 81, 2**31, 2**70, -(10**20)))
    if roll < 0.35:
        return rng.choice((0.5, float("nan"), float("inf"), -0.0, 1e308))
    if roll < 0.5:
        return rng.choice(HOSTILE_STRINGS)
    if roll < 0.55:
        return rng.choice((None, True, False))
    if roll < 0.75 and depth < 4:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if roll < 0.85 and depth < 4:
        return {
            rng.choice(("a", "row", "type", "</script>")): _value(rng, depth + 1)
            for _ in range(rng.randint(0, 3))
        }
    return rng.choice(("guess", "forced", "column", "queens", "sudoku", "S.E\n", ".#\n#."))


EVENT_FIELDS = (
    "row",
    "col",
    "cell",
    "digit",
    "cells",
    "columns",
    "depth",
    "nodes",
    "backtracks",
    "solutions",
    "how",
    "why",
    "by",
    "n",
    "size",
    "puzzle",
    "grid",
    "choice",
    "board",
    "problem",
    "maze",
    "strategy",
    "complete",
    "label",
    "note",
    "regions",
    "cages",
    "shaded",
)


def trace_events(rng: random.Random) -> list:
    """A trace: events of the known types with fields of the right names and hostile values."""
    from clew.trace import EVENT_TYPES

    events = []
    for i in range(rng.randint(0, 12)):
        event = {"type": rng.choice(EVENT_TYPES) if rng.random() < 0.95 else _value(rng)}
        for name in rng.sample(EVENT_FIELDS, rng.randint(0, 6)):
            event[name] = _value(rng)
        if rng.random() < 0.5:
            event.update(
                row=rng.randint(-2, 30),
                col=rng.randint(-2, 30),
                depth=i,
                nodes=i,
                backtracks=0,
                solutions=0,
            )
        events.append(event if rng.random() < 0.97 else _value(rng))
    return events


TRACE_SAMPLES = [
    [
        {
            "type": "place",
            "row": 0,
            "col": 0,
            "depth": 1,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
        },
        {
            "type": "end",
            "complete": True,
            "n": 4,
            "depth": 0,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
        },
    ],
    [
        {
            "type": "place",
            "cell": 0,
            "row": 0,
            "col": 0,
            "digit": 1,
            "how": "guess",
            "depth": 1,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
            "note": "</script><script>alert(1)</script>",
        },
        {
            "type": "end",
            "puzzle": "..3.4.........42",
            "depth": 0,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
        },
    ],
    [
        {
            "type": "place",
            "choice": "</script>",
            "depth": 1,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
            "board": "<b>",
        },
        {
            "type": "end",
            "problem": "</script>",
            "board": "x",
            "depth": 0,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
        },
    ],
    [
        {
            "type": "place",
            "row": 0,
            "col": 1,
            "depth": 1,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
        },
        {
            "type": "end",
            "maze": "S.#\n#.E",
            "depth": 0,
            "nodes": 1,
            "backtracks": 0,
            "solutions": 0,
        },
    ],
]

#: ``</script`` in a page made from a harmless trace: a page with more lets the trace out.
_SCRIPT_ENDS: list[int] = []


def _trace_call(events):
    import re

    from clew.viz.player import player_html

    kind = None
    if (
        isinstance(events, list)
        and events
        and isinstance(events[0], dict)
        and isinstance(events[0].get("label"), str)
    ):
        kind = (
            events[0]["label"]
            if events[0]["label"] in ("queens", "sudoku", "search", "maze")
            else None
        )
    page = player_html(events, title="</script><b>", kind=kind)
    if not _SCRIPT_ENDS:
        _SCRIPT_ENDS.append(
            len(re.findall(r"</script", player_html(TRACE_SAMPLES[0]), re.IGNORECASE))
        )
    if len(re.findall(r"</script", page, re.IGNORECASE)) != _SCRIPT_ENDS[0]:
        raise AssertionError("a string of the trace ends the page's <script>")


def _trace_case(self: Reader, rng: random.Random):
    """A trace case: a generated trace, a sample with hostile edits, or not a trace at all."""
    roll = rng.random()
    if roll < 0.1:
        return _value(rng)  # not a list of events
    events = trace_events(rng) if roll < 0.7 else json.loads(json.dumps(rng.choice(TRACE_SAMPLES)))
    dicts = [event for event in events if isinstance(event, dict)]
    for _ in range(rng.randint(0, 3) if dicts else 0):
        rng.choice(dicts if rng.random() < 0.7 else dicts[-1:])[rng.choice(EVENT_FIELDS)] = _value(
            rng
        )
    if events and isinstance(events[0], dict) and rng.random() < 0.3:
        events[0]["label"] = rng.choice(("queens", "sudoku", "search", "maze"))
    return events


# ---------------------------------------------------------------------------------------------
# Journals opened as input
# ---------------------------------------------------------------------------------------------

_JOURNAL_DIR = tempfile.mkdtemp(prefix="clew-fuzz-")
_VALID_JOURNAL: list[bytes] = []


def valid_journal() -> bytes:
    """The bytes of a finished journal of a small queens count (made once)."""
    if not _VALID_JOURNAL:
        from clew.queens.counting import QueensCount
        from clew.scale import run

        path = os.path.join(_JOURNAL_DIR, "valid.sqlite")
        run(QueensCount(6), jobs=1, journal=path)
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        conn.close()
        with open(path, "rb") as f:
            _VALID_JOURNAL.append(f.read())
    return _VALID_JOURNAL[0]


_WORKS = [
    "clew.queens.counting:QueensCount",
    "clew.cover.counting:CoverCount",
    "clew.sudoku.files.solve:SolveFile",
    "clew.sudoku.logic.rate_files:RateFile",
    "clew.sudoku.generation.generator:GenerateWork",
    "clew.search.counting:SearchCount",
    "clew.sudoku.solver:ArrayWork",
    "clew.__main__:main",
    "clew.cli:run",
    "os:system",
    "clew:Grid",
    "clew.scale.work:Work",
    "clew.queens.counting:nothing",
]


def journal_schema(rng: random.Random) -> bytes:
    """A valid SQLite file with a hostile schema or hostile records: odd tables and columns,
    a meta whose identity is not JSON, not a dict, deep, huge, of an unknown class."""
    path = os.path.join(_JOURNAL_DIR, f"made-{os.getpid()}.sqlite")
    if os.path.exists(path):
        os.remove(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous=OFF")  # a file made to be read once: no fsync
    roll = rng.random()
    if roll < 0.1:
        conn.execute(
            rng.choice(
                (
                    "CREATE TABLE meta (key, value, extra)",
                    "CREATE TABLE meta (x)",
                    "CREATE VIEW meta AS SELECT 1, 2",
                    "CREATE TABLE other (a)",
                )
            )
        )
        conn.execute("CREATE TABLE IF NOT EXISTS t (a)")
    else:
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value)")
        identity = {"work": rng.choice(_WORKS), "layout": rng.choice((1, 2, 3, None, "1"))}
        for name in rng.sample(
            (
                "n",
                "unique",
                "pieces",
                "puzzles",
                "problem",
                "mode",
                "limit",
                "digest",
                "options",
                "data",
                "size",
                "symbols",
                "box",
                "variant",
                "shape",
                "seed",
                "count",
            ),
            rng.randint(0, 6),
        ):
            identity[name] = _value(rng)
        text = (
            json.dumps(identity, allow_nan=True)
            if rng.random() < 0.85
            else rng.choice(("[", "[]", "3", "null", "[" * 100000, '"x"'))
        )
        pieces = rng.choice(("1", "0", "-1", "8", "10", "x", "1e3", str(2**63), str(10**40), None))
        for key, value in (
            ("format", rng.choice(("clew-journal-2",) * 4 + ("clew-journal-1", None, 3))),
            ("identity", text),
            ("pieces", pieces),
            ("created", rng.choice(("0", "x", None))),
        ):
            if rng.random() < 0.95:
                conn.execute("INSERT INTO meta VALUES (?, ?)", (key, value))
        if rng.random() < 0.8:
            conn.execute(
                rng.choice(
                    (
                        "CREATE TABLE pieces (id INTEGER PRIMARY KEY, value TEXT, seconds REAL, "
                        "run INTEGER, finished REAL, checksum TEXT)",
                        "CREATE TABLE pieces (id, value, seconds, run, finished, checksum)",
                        "CREATE TABLE pieces (id)",
                    )
                )
            )
            for i in range(rng.randint(0, 4)):
                with contextlib.suppress(sqlite3.DatabaseError):
                    conn.execute(
                        "INSERT INTO pieces VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            rng.choice((i, -1, 2**62, "x", None)),
                            rng.choice(("1", "x", None, b"\xff", "[1]")),
                            rng.choice((0.1, None, "x")),
                            1,
                            0.0,
                            rng.choice(("0" * 32, None, 5)),
                        ),
                    )
        if rng.random() < 0.7:
            conn.execute(
                rng.choice(
                    (
                        "CREATE TABLE runs (id INTEGER PRIMARY KEY, started REAL, seconds REAL, "
                        "jobs INTEGER, backend TEXT)",
                        "CREATE TABLE runs (id)",
                    )
                )
            )
            with contextlib.suppress(sqlite3.DatabaseError):
                conn.execute(
                    "INSERT INTO runs VALUES (1, ?, ?, ?, ?)",
                    (
                        rng.choice((0.0, "x", None, 1e300)),
                        rng.choice((1.0, -5.0, "x", None)),
                        rng.choice((1, 0, -1, "x", None, 2**62)),
                        rng.choice(("threads", None, 5)),
                    ),
                )
    conn.commit()
    conn.close()
    with open(path, "rb") as f:
        return f.read()


def _journal_call(data):
    from clew.scale.report import show_journal

    path = os.path.join(_JOURNAL_DIR, f"case-{os.getpid()}.sqlite")
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    with open(path, "wb") as f:
        f.write(data)
    show_journal(path).to_text()


def _journal_case(self: Reader, rng: random.Random):
    roll = rng.random()
    if roll < 0.05:
        return random_bytes(rng)
    if roll < 0.6:
        return journal_schema(rng)
    data = bytearray(valid_journal())
    for _ in range(rng.randint(1, 6)):  # flips inside the pages of the valid file
        data[rng.randrange(len(data))] = rng.randrange(256)
    if rng.random() < 0.1:
        del data[rng.randrange(len(data)) :]
    return bytes(data)


# ---------------------------------------------------------------------------------------------
# --scheduler addresses and queens boards
# ---------------------------------------------------------------------------------------------

SCHEDULER_SAMPLES = [
    b"tcp://10.0.0.5:8786",
    b"localhost:8786",
    b"tls://[::1]:8786",
    b"inproc://x/1/2",
    b"ws://h:1",
    b"tcp://a.b:65535",
]
SCHEDULER_CHARS = b"tcpls:/[]0123456789.:abcxyz-_%@ "


def scheduler_text(rng: random.Random) -> bytes:
    scheme = rng.choice(
        (
            "tcp://",
            "tls://",
            "ws://",
            "wss://",
            "inproc://",
            "ucx://",
            "",
            "http://",
            "TCP://",
            "tcp:/",
        )
    )
    host = rng.choice(
        (
            "10.0.0.5",
            "localhost",
            "[::1]",
            "::1",
            "",
            "h" * rng.choice((1, 64, 300)),
            "a..b",
            "[::1",
            "ü.example",
        )
    )
    port = rng.choice(("8786", "0", "65536", "-1", "", "x", "99999999999999999999", "080", " 1"))
    return f"{scheme}{host}{':' if rng.random() < 0.9 else ''}{port}".encode()


def _scheduler_call(data):
    from clew.scale.address import check_scheduler

    check_scheduler(data.decode("utf-8", "surrogateescape"))


BOARD_SAMPLES = [
    b"Q . . .\n. . x .\n. . . .\n. . . .\n",
    b"Q...\n..x.\n....\n....",
    b"# eight\n" + b"........\n" * 8,
    b"Q....\n.....\n.....\n.....\n.....\n",
]
BOARD_CHARS = b"Qq.xX \t\n#"


def board_text(rng: random.Random) -> bytes:
    n = rng.choice((1, 2, 4, 5, 8, 8, 12, 62, 63, 64))
    rows = [
        "".join(rng.choice("........Qx") for _ in range(n + rng.choice((0, 0, 0, 0, 1, -1))))
        for _ in range(n)
    ]
    sep = rng.choice(("", " ", "\t"))
    return "\n".join(sep.join(row) for row in rows).encode()


def _board_call(data):
    from clew.queens.completion import check_board, read_board

    n, placed, blocked = read_board(io.BytesIO(data))
    if n <= 62:
        check_board(n, placed, blocked)


# ---------------------------------------------------------------------------------------------
# Extreme sizes: 10 MB inputs and the like
# ---------------------------------------------------------------------------------------------

MB10 = 10 * 1024 * 1024


def _dlx_columns(count: int) -> bytes:
    return (" ".join(f"i{i}" for i in range(count)) + "\ni0 i1\n").encode()


def _big_maze(side: int) -> bytes:
    row = b"." * side
    return b"S" + row[1:] + b"\n" + (row + b"\n") * (side - 2) + row[:-1] + b"E\n"


def _serpentine(side: int) -> bytes:
    """A maze at the bound whose only path winds through half its cells (the longest path
    a maze of this size can hold, so the most memory its answer takes)."""
    rows = []
    for r in range(side):
        if r % 2 == 0:
            rows.append(b"." * side)
        else:  # a wall with one gap, at the right end and then at the left
            gap = side - 1 if r % 4 == 1 else 0
            rows.append(b"#" * gap + b"." + b"#" * (side - gap - 1))
    rows[0] = b"S" + rows[0][1:]
    rows[-1 if side % 2 else -2] = rows[-1 if side % 2 else -2][:-1] + b"E"
    return b"\n".join(rows) + b"\n"


def _deep(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return [{"type": "place", "row": 0, "col": 0, "note": value}, {"type": "end"}]


EXTREMES = {
    "sudoku-line": {
        "10 MB line of blanks": lambda: b"." * MB10,
        "10 MB drawn grid of separators": lambda: b"| - + " * (MB10 // 6),
        "10 MB of digits over lines": lambda: b"123456789\n" * (MB10 // 10),
    },
    "sudoku-file": {
        "10 MB line": lambda: b"1" * MB10,
        "10 MB of comments": lambda: b"# comment\n" * (MB10 // 10),
        "10 MB of short bad lines": lambda: b"12\n" * (MB10 // 3),
    },
    "jigsaw": {
        "10 MB region map": lambda: b"." * 81 + b" " + b"A" * MB10,
        "10 MB of words": lambda: b"A " * (MB10 // 2),
    },
    "killer": {
        "10 MB of sums": lambda: b"ABBBAACCDEEFDEGF " + b"1," * (MB10 // 2),
        "a 10 MB sum": lambda: b"ABBBAACCDEEFDEGF " + b"9" * MB10,
    },
    "dlx": {
        "a million columns": lambda: _dlx_columns(1_000_000),
        "10 MB name": lambda: b"a" * MB10 + b"\n",
        "a million options": lambda: b"a b c\n" + b"a\nb\nc\n" * 333_333,
        "a million items in one option": lambda: b"a\n" + b"a " * 1_000_000 + b"\n",
    },
    "maze": {
        "0 rows": lambda: b"",
        "10 MB line": lambda: b"S" + b"." * MB10 + b"E\n",
        "a 2048x2048 open maze (the bound), solved": lambda: _big_maze(2048),
        "a 2048x2048 winding maze (the bound), its path of 2 million cells": lambda: _serpentine(
            2048
        ),
        "a 3000x3000 open maze": lambda: _big_maze(3000),
        "10 MB of empty lines": lambda: b"\n" * MB10,
    },
    "trace": {
        "deep nesting": lambda: _deep(100_000),
        "a 10 MB label": lambda: [
            {"type": "place", "row": 0, "col": 0, "label": "</script>" * (MB10 // 9)},
            {"type": "end"},
        ],
        "a maze of 10**9 rows": lambda: [
            {"type": "place", "row": 10**9, "col": 10**9},
            {"type": "end", "maze": 5},
        ],
        "a queens board of side 10**9": lambda: [
            {"type": "place", "row": 10**9, "col": 0},
            {"type": "end"},
        ],
        "200,000 events": lambda: [
            {
                "type": "place",
                "row": i % 8,
                "col": i % 7,
                "depth": 1,
                "nodes": i,
                "backtracks": 0,
                "solutions": 0,
            }
            for i in range(200_000)
        ],
    },
    "journal": {
        "a 10 MB identity": lambda: _journal_with(
            {"work": "clew.queens.counting:QueensCount", "layout": 1, "n": "x" * MB10}
        ),
        "a deep identity": lambda: _journal_with(None, text="[" * 200_000),
        "10**40 pieces": lambda: _journal_with(
            {"work": "clew.queens.counting:QueensCount", "layout": 1, "n": 8}, pieces=str(10**40)
        ),
    },
    "scheduler": {
        "10 MB address": lambda: b"tcp://" + b"h" * MB10 + b":8786",
    },
    "queens-board": {
        "10 MB line": lambda: b"." * MB10,
        "a 3000x3000 board of queens": lambda: (b"Q" * 3000 + b"\n") * 3000,
    },
}


def _journal_with(identity, *, text: str | None = None, pieces: str = "4") -> bytes:
    path = os.path.join(_JOURNAL_DIR, f"extreme-{os.getpid()}.sqlite")
    if os.path.exists(path):
        os.remove(path)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        "CREATE TABLE runs (id INTEGER PRIMARY KEY, started REAL NOT NULL, seconds REAL NOT NULL "
        "DEFAULT 0, jobs INTEGER, backend TEXT)"
    )
    conn.execute(
        "CREATE TABLE pieces (id INTEGER PRIMARY KEY, value TEXT NOT NULL, seconds REAL NOT NULL, "
        "run INTEGER NOT NULL, finished REAL NOT NULL, checksum TEXT NOT NULL)"
    )
    conn.executemany(
        "INSERT INTO meta VALUES (?, ?)",
        [
            ("format", "clew-journal-2"),
            ("identity", text if text is not None else json.dumps(identity)),
            ("pieces", pieces),
            ("created", "0"),
        ],
    )
    conn.commit()
    conn.close()
    with open(path, "rb") as f:
        return f.read()


# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------


def _cli_scheduler(path):
    """``clew queens count 5 --scheduler ADDRESS`` for an address the check refuses (one
    it accepts would be contacted: no command line of the fuzzer reaches the network)."""
    from clew import ClewError

    address = Path(path).read_bytes().decode("utf-8", "surrogateescape")
    try:
        _scheduler_call(address.encode("utf-8", "surrogateescape"))
    except ClewError:
        return ["queens", "count", "5", "--scheduler", address]
    return None


def _cli_sudoku_file(path):
    """``clew sudoku solve FILE`` for a file whose puzzles are 9x9 or smaller (the command
    solves them: a 25x25 puzzle of few givens is a search of minutes, not a reader's fault)."""
    from clew.sudoku.files.batch import read_data

    try:
        batch = read_data(Path(path).read_bytes())
    except Exception:  # noqa: BLE001 - the command says why, in one line
        return _cli_sudoku(path)
    if any(kind > 3 for kind in batch.arrays):
        return None
    return _cli_sudoku(path)


def _cli_sudoku(path):
    return ["sudoku", "solve", path]


READERS: dict[str, Reader] = {
    "sudoku-line": Reader(
        "sudoku-line",
        _sudoku_line_call,
        SUDOKU_SAMPLES,
        SUDOKU_CHARS,
        sudoku_line,
        cli=lambda p: ["sudoku", "show", Path(p).read_bytes().decode("utf-8", "surrogateescape")],
    ),
    "sudoku-file": Reader(
        "sudoku-file",
        _sudoku_file_call,
        SUDOKU_SAMPLES,
        SUDOKU_CHARS,
        sudoku_file,
        cli=_cli_sudoku_file,
    ),
    "jigsaw": Reader(
        "jigsaw", _variant_call, JIGSAW_SAMPLES, VARIANT_CHARS, jigsaw_line, cli=_cli_sudoku
    ),
    "killer": Reader(
        "killer",
        _variant_call,
        KILLER_SAMPLES,
        VARIANT_CHARS,
        killer_line,
        cli=lambda p: [
            "sudoku",
            "show",
            "--format",
            "json",
            Path(p).read_bytes().decode("utf-8", "surrogateescape"),
        ],
    ),
    "dlx": Reader(
        "dlx", _dlx_call, DLX_SAMPLES, DLX_CHARS, dlx_text, cli=lambda p: ["cover", "solve", p]
    ),
    "maze": Reader(
        "maze",
        _maze_call,
        MAZE_SAMPLES,
        MAZE_CHARS,
        maze_text,
        cli=lambda p: ["maze", "solve", p, "--method", "bfs"],
    ),
    "trace": Reader("trace", _trace_call, TRACE_SAMPLES, b"", trace_events),
    "journal": Reader(
        "journal", _journal_call, [], b"", journal_schema, cli=lambda p: ["journal", "show", p]
    ),
    "scheduler": Reader(
        "scheduler",
        _scheduler_call,
        SCHEDULER_SAMPLES,
        SCHEDULER_CHARS,
        scheduler_text,
        cli=_cli_scheduler,
    ),
    "queens-board": Reader(
        "queens-board",
        _board_call,
        BOARD_SAMPLES,
        BOARD_CHARS,
        board_text,
        cli=lambda p: ["queens", "complete", "--board", p],
    ),
}
READERS["trace"].case = _trace_case.__get__(READERS["trace"])  # events, not bytes
READERS["journal"].case = _journal_case.__get__(READERS["journal"])
for _name, _made in EXTREMES.items():
    READERS[_name].extremes = _made
