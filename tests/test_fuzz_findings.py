"""Each finding of the fuzzer, kept as a regular test once fixed, and each bound that protects
the machine (docs/fuzzing.md): the input is refused in one line naming the bound, never a
traceback, a MemoryError or the OOM killer."""

from __future__ import annotations

import io
import json
import socket
import sqlite3
import threading
import time

import numpy as np
import pytest

from clew import ClewError, sudoku
from clew.cover import CoverInputError, Problem, knuth
from clew.cover import problem as cover_problem
from clew.maze import MazeInputError, parse_text
from clew.maze.text import MAX_CELLS
from clew.queens.completion import CompletionInputError, read_board
from clew.scale import JournalError
from clew.scale.address import SchedulerError, check_scheduler
from clew.scale.report import show_journal
from clew.sudoku.files.batch import read_data
from clew.viz.player import player_html
from clew.viz.trace_kinds import MAX_BOARD_SIDE
from helpers.fuzz import harness as fuzz

MB10 = 10 * 1024 * 1024


def one_line(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert "\n" not in text and "\r" not in text, text
    return text


# ---------------------------------------------------------------------------------------------
# journals opened by 'clew journal show'
# ---------------------------------------------------------------------------------------------


def _journal(
    path, meta: dict, *, pieces_table: str | None = None, runs_table: str | None = None, rows=()
) -> str:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value)")
    conn.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
    conn.execute(
        pieces_table
        or "CREATE TABLE pieces (id INTEGER PRIMARY KEY, value TEXT NOT NULL, "
        "seconds REAL NOT NULL, run INTEGER NOT NULL, finished REAL NOT NULL, "
        "checksum TEXT NOT NULL)"
    )
    conn.execute(
        runs_table
        or "CREATE TABLE runs (id INTEGER PRIMARY KEY, started REAL NOT NULL, "
        "seconds REAL NOT NULL DEFAULT 0, jobs INTEGER, backend TEXT)"
    )
    for row in rows:
        conn.execute(f"INSERT INTO pieces VALUES ({', '.join('?' * len(row))})", row)
    conn.commit()
    conn.close()
    return str(path)


QUEENS = {"work": "clew.queens.counting:QueensCount", "layout": 1}


def _meta(identity, pieces="4") -> dict:
    text = identity if isinstance(identity, str) else json.dumps(identity)
    return {"format": "clew-journal-2", "identity": text, "pieces": pieces, "created": "0"}


@pytest.mark.parametrize(
    "meta, why",
    [
        (_meta(QUEENS), "damaged"),  # a known job without its fields: KeyError 'n' before
        (
            _meta({"work": "clew.sudoku.files.solve:SolveFile", "layout": 1}),
            "",
        ),  # KeyError 'mode' before
        (_meta(QUEENS, pieces=None), "damaged"),  # int(None): TypeError before
        (_meta("[" * 100_000), "damaged"),  # json.loads: RecursionError before
        (_meta({"work": "clew.scale.work:Work", "layout": 1}), ""),  # NotImplementedError before
    ],
)
def test_a_hostile_journal_is_refused_in_one_line(tmp_path, meta, why):
    path = _journal(tmp_path / "j.sqlite", meta)
    with pytest.raises(ClewError) as exc:
        show_journal(path)
    assert why in one_line(exc)


def test_a_piece_record_without_a_number_is_damage_not_a_type_error(tmp_path):
    path = _journal(
        tmp_path / "j.sqlite",
        _meta({**QUEENS, "n": 8}),
        pieces_table="CREATE TABLE pieces (id, value, seconds, run, finished, checksum)",
        rows=[(None, "1", 0.1, 1, 0.0, "0" * 32)],
    )
    with pytest.raises(JournalError, match="damaged"):
        show_journal(path)


def test_a_runs_table_of_other_columns_is_damage(tmp_path):
    # "no such column: seconds" was an sqlite3.OperationalError traceback
    path = _journal(
        tmp_path / "j.sqlite", _meta({**QUEENS, "n": 8}), runs_table="CREATE TABLE runs (id)"
    )
    with pytest.raises(JournalError, match="damaged") as exc:
        show_journal(path)
    one_line(exc)


def test_a_journal_whose_text_is_not_utf8_is_damage(tmp_path):
    path = tmp_path / "j.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value)")
    conn.execute("INSERT INTO meta VALUES ('format', CAST(X'ff fe' AS TEXT))".replace(" fe", "fe"))
    conn.commit()
    conn.close()
    with pytest.raises(JournalError) as exc:
        show_journal(path)
    one_line(exc)


def test_a_journal_error_is_one_line_whatever_sqlite_says():
    # PRAGMA quick_check lists every damaged page, one per line
    assert str(
        JournalError("journal j is damaged (*** in database main ***\nOn tree page 3 cell 0: bad)")
    ) == ("journal j is damaged (*** in database main *** On tree page 3 cell 0: bad)")


def test_journal_show_of_a_hostile_journal_exits_2_with_one_line(tmp_path):
    path = _journal(tmp_path / "j.sqlite", _meta(QUEENS))
    status, stderr, crashed = fuzz.run_cli_in_process(["journal", "show", path])
    assert crashed is None and status == 2
    assert len(stderr.splitlines()) == 1 and stderr.startswith("clew: error: journal ")


# ---------------------------------------------------------------------------------------------
# --scheduler addresses
# ---------------------------------------------------------------------------------------------


def test_an_address_over_several_lines_is_refused_in_one():
    with pytest.raises(SchedulerError, match="white space or a control character") as exc:
        check_scheduler("tls://::1:x\ntls://::1:x")
    one_line(exc)


def test_an_address_of_10_mb_is_named_short():
    with pytest.raises(SchedulerError) as exc:
        check_scheduler("tcp://" + "h" * MB10 + ":x")
    assert len(one_line(exc)) < 300


def test_ucx_without_its_transport_is_refused_before_a_connection():
    pytest.importorskip("distributed")
    # Dask registers ucx:// whether or not ucx-py is installed: connecting raised TypeError
    pytest.importorskip("ucp", reason="with ucx-py installed ucx:// is accepted") if False else None
    try:
        import ucp  # noqa: F401
    except ImportError:
        with pytest.raises(SchedulerError, match="needs UCX"):
            check_scheduler("ucx://10.0.0.5:8786")


def test_a_server_that_is_no_scheduler_is_one_line_not_a_memory_error():
    pytest.importorskip("distributed")
    # Dask read the first bytes of an HTTP answer as a frame length of exabytes: MemoryError
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    port = server.getsockname()[1]
    stop = threading.Event()

    def answer():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 50)
                time.sleep(0.2)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        status, stderr, crashed = fuzz.run_cli_in_process(
            ["queens", "count", "5", "--scheduler", f"tcp://127.0.0.1:{port}"]
        )
    finally:
        stop.set()
        thread.join(5)
        server.close()
    assert crashed is None, crashed
    assert status == 2, stderr
    assert len(stderr.splitlines()) == 1 and stderr.startswith("clew: error: "), stderr


# ---------------------------------------------------------------------------------------------
# traces for the player
# ---------------------------------------------------------------------------------------------


def test_a_trace_nested_deep_is_refused_in_one_line():
    value: list = []
    for _ in range(100_000):
        value = [value]
    with pytest.raises(ClewError, match="nested too deep") as exc:
        player_html([{"type": "place", "row": 0, "col": 0, "note": value}, {"type": "end"}])
    one_line(exc)


@pytest.mark.parametrize("kind", ["maze", "queens"])
def test_a_board_of_a_billion_rows_is_refused_not_drawn(kind):
    # the maze player filled a list of 10**9 rows of 10**9 cells: MemoryError, or the OOM killer
    events = [{"type": "place", "row": 10**9, "col": 10**9}, {"type": "end"}]
    with pytest.raises(ClewError, match=f"at most {MAX_BOARD_SIDE:,}"):
        player_html(events, kind=kind)


def test_a_negative_cell_of_a_sudoku_trace_is_ignored():
    # math.isqrt(-10**20): ValueError before
    page = player_html(
        [{"type": "prune", "cell": -(10**20), "row": 0, "col": 0}, {"type": "end"}], kind="sudoku"
    )
    assert 'data-kind="sudoku"' in page


def test_a_label_with_a_script_end_stays_inside_the_data():
    label = "</script><script>alert(1)</script>" * 3
    page = player_html(
        [{"type": "place", "row": 0, "col": 0, "label": label}, {"type": "end", "n": 4}],
        title="</script>",
    )
    assert page.lower().count("</script") == player_html([{"type": "end", "n": 4}]).lower().count(
        "</script"
    )


# ---------------------------------------------------------------------------------------------
# DLX files and cover problems
# ---------------------------------------------------------------------------------------------


def test_a_problem_of_10_to_the_8_options_is_refused_without_filling_the_memory(monkeypatch):
    # the generator is read only to one option past the bound (lowered here to keep the test short)
    monkeypatch.setattr(cover_problem, "MAX_OPTIONS", 1000)
    given = iter(["a"] for _ in range(10**8))  # 10**8 lists would be some 10 GB
    with pytest.raises(CoverInputError, match="more than 1,000 options"):
        Problem(given)
    assert len(next(given)) == 1  # the rest was never read


def test_an_option_of_10_to_the_8_items_is_refused(monkeypatch):
    monkeypatch.setattr(cover_problem, "MAX_ENTRIES", 1000)
    with pytest.raises(CoverInputError, match="more than 1,000 items"):
        Problem([(f"i{k}" for k in range(10**8))])


def test_the_bounds_of_a_problem_are_stated():
    assert (cover_problem.MAX_OPTIONS, cover_problem.MAX_ENTRIES) == (1_000_000, 5_000_000)


def test_a_dlx_file_over_the_bounds_is_refused_naming_its_line(monkeypatch):
    monkeypatch.setattr(knuth, "MAX_OPTIONS", 3)
    with pytest.raises(CoverInputError, match=r"^f.dlx:5: more than 3 options"):
        knuth.read("a b\na\nb\na b\na\n", name="f.dlx")
    monkeypatch.setattr(knuth, "MAX_ENTRIES", 4)
    with pytest.raises(CoverInputError, match=r"^f.dlx:4: more than 4 items in the options"):
        knuth.read("a b c\na b\na c\nb c\n", name="f.dlx")


def test_cover_solve_of_a_file_over_the_bounds_exits_2(tmp_path, monkeypatch):
    monkeypatch.setattr(knuth, "MAX_OPTIONS", 2)
    path = tmp_path / "big.dlx"
    path.write_text("a b\na\nb\na b\n")
    status, stderr, crashed = fuzz.run_cli_in_process(["cover", "solve", str(path)])
    assert crashed is None and status == 2
    assert stderr.strip().endswith("big.dlx:4: more than 2 options: the most a problem may have")


def test_a_dlx_file_of_a_million_columns_reads_within_the_bounds():
    # (a million columns: 1.2 s of CPU, in the benchmark; a fifth of it here)
    data = (" ".join(f"i{i}" for i in range(200_000)) + "\ni0 i1\n").encode()
    start = time.process_time()
    problem = knuth.read(data)
    assert len(problem.primary) == 200_000 and problem.options == (("i0", "i1"),)
    assert time.process_time() - start < 2


def test_the_fast_reading_still_names_every_mistake():
    # the checks moved from Problem to the reader: the same refusals, each with its line
    for text, message in [
        ("a b | x\na a\n", "<text>:2: option names item 'a' twice"),
        ("a b | x\na x:\n", "<text>:2: colour '' of item 'x' is empty"),
        ("a b | x\na:red\n", "<text>:2: primary item 'a' cannot have a colour (a:red)"),
        ("a b | x\nabcdefghi\n", "<text>:2: item name 'abcdefghi' is longer than 8 characters"),
        ("a b | x\nc\n", "<text>:2: unknown item 'c'"),
    ]:
        with pytest.raises(CoverInputError) as exc:
            knuth.read(text)
        assert str(exc.value) == message


# ---------------------------------------------------------------------------------------------
# maze text
# ---------------------------------------------------------------------------------------------


def test_a_maze_over_the_bound_is_refused_before_it_is_solved():
    # a 10 MB line was read, then its path of 10 million cells took 1.3 GB
    with pytest.raises(MazeInputError, match=f"at most {MAX_CELLS:,}") as exc:
        parse_text(b"S" + b"." * MB10 + b"E\n")
    one_line(exc)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "the maze is empty"),
        (b"\n", "the maze is empty"),
        (b"\n" * 2**20, "line 1 is empty"),
        (b"S.\r\n.E\r\n\r\n", "line 3 has 0 characters"),
    ],
)
def test_empty_mazes_are_refused_fast(data, message):
    start = time.process_time()
    with pytest.raises(MazeInputError, match=message):
        parse_text(data)
    assert time.process_time() - start < 2


def test_windows_line_ends_and_a_final_line_without_newline_still_read():
    assert parse_text(b"S.\r\n.E").tobytes() == b"S..E"
    assert parse_text(b"S.\r\n.E\r").tobytes() == b"S..E"


# ---------------------------------------------------------------------------------------------
# queens boards
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, message",
    [
        (b"." * MB10, "line 1: more than 62 squares"),
        ((b"Q" * 3000 + b"\n") * 3000, "the board has 3000 rows; at most 62"),
    ],
)
def test_a_board_beyond_the_largest_is_refused_before_its_squares_are_read(data, message):
    # a 3000x3000 board of queens made 9 million pairs (800 MB) before the size was checked
    start = time.process_time()
    with pytest.raises(CompletionInputError, match=message):
        read_board(io.BytesIO(data))
    assert time.process_time() - start < 2


# ---------------------------------------------------------------------------------------------
# Sudoku lines, files and killer sums
# ---------------------------------------------------------------------------------------------


def test_a_text_longer_than_any_puzzle_is_refused_before_it_is_read():
    with pytest.raises(sudoku.PuzzleFormatError, match="at most 65,536 characters"):
        sudoku.Grid("123456789\n" * (MB10 // 10))


def test_an_array_or_an_endless_iterable_is_refused_without_reading_it_all():
    with pytest.raises(sudoku.PuzzleFormatError, match="got 100,000,000"):
        sudoku.Grid(np.broadcast_to(np.int8(0), (10**8,)))
    with pytest.raises(sudoku.PuzzleFormatError, match="more than 1,000,000 items"):
        sudoku.Grid(iter(int, 1))  # endless zeros


def test_killer_sums_are_counted_before_they_are_read():
    with pytest.raises(sudoku.SudokuInputError, match=r"7 cages \(ABCDEFG\), but 30001 sums"):
        sudoku.Grid("ABBBAACCDEEFDEGF " + "1," * 30_000 + "1")
    with pytest.raises(sudoku.SudokuInputError, match="larger than any cage") as exc:
        sudoku.Grid("ABBBAACCDEEFDEGF 7,6,7,5,8,6," + "9" * 5000)  # int() refuses 4,301 digits
    assert len(one_line(exc)) < 200


def test_a_million_copies_of_one_bad_line_share_one_message():
    batch = read_data(b"12\n" * 50_000)
    messages = {id(message) for message in batch.errors.values()}
    assert len(batch.errors) == 50_000 and len(messages) == 1


def test_a_file_of_more_bad_lines_than_the_bound_is_refused_in_one_line(monkeypatch, tmp_path):
    # 10 MB of bad lines took 18 s and 960 MB, a message each, before the answers began
    from clew.sudoku.files import batch as sudoku_batch

    monkeypatch.setattr(sudoku_batch, "MAX_BAD_LINES", 3)
    data = b"# four bad lines\n" + b"12\n" * 2 + b"1...............\n" + b"x\n" * 2
    with pytest.raises(
        sudoku.SudokuInputError, match=r"^more than 3 lines are not puzzles \(4, the first line 2\)"
    ):
        list(sudoku.solve_file(data))
    path = tmp_path / "log.txt"
    path.write_bytes(data)
    status, stderr, crashed = fuzz.run_cli_in_process(["sudoku", "solve", str(path)])
    assert crashed is None and status == 2
    assert len(stderr.splitlines()) == 1 and "more than 3 lines are not puzzles" in stderr
    assert sudoku_batch.read_data(b"12\n" * 3)  # at the bound: every line answered
