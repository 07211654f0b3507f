"""The ``clew`` command line: ``clew <problem> <command> [options]``.

Each problem is a Click group (``clew queens``, ``clew sudoku`` and ``clew journal`` today;
``cover`` is meant to join them as a sibling) whose commands are thin wrappers over the Python API:
parse and check the arguments, call the library, print. Data goes to stdout, diagnostics to
stderr, and no traceback ever reaches the user:

* a bad argument (wrong type, out of range, unknown option) prints one line,
  ``clew: error: <message> (see 'clew ... --help')``, and exits with status 2;
* a :class:`~clew.errors.ClewError` raised by the library is an input error too: it prints
  ``clew: error: <message>`` and exits with status 2;
* a reader that stops early (``clew queens solve 12 | head -1``) ends the run quietly with
  status 141, as a program killed by SIGPIPE would;
* Ctrl-C prints ``clew: interrupted`` and exits with status 130; inside the single long
  kernel call of ``queens one`` and ``queens complete`` it ends the process at once, as
  SIGINT's default action does (status 130 in a shell, no message).

Start-up stays cheap: this module imports only Click and the standard library. numpy, numba
and the kernels are imported inside the commands that need them, so ``clew --help`` does not
pay for them.

Adding a problem means adding a group::

    @cli.group()
    def sudoku():
        \"\"\"Sudoku: ...\"\"\"

    @sudoku.command("solve", cls=Command)
    ...
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator

import click

from . import __version__

#: Exit statuses (also listed in ``clew --help``).
EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

#: Output formats of ``clew queens solve``; the pictures are drawn one per solution,
#: separated by a blank line.
SOLVE_FORMATS = ("columns", "leetcode", "json", "board", "matrix")
PICTURE_FORMATS = ("board", "matrix", "leetcode")
#: Methods and output formats of ``clew queens one``.
ONE_METHODS = ("construct", "local")
ONE_FORMATS = ("columns", "board")
#: Methods (as ``queens.complete.METHODS``) and output formats of ``clew queens complete``.
COMPLETE_METHODS = ("mrv", "rows")
COMPLETE_FORMATS = ("columns", "board", "json")

#: Click >= 8.2 raises this for a bare group ('clew', 'clew queens'); older Click prints the
#: help and exits 0 by itself.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())

_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

_EPILOG = (
    "Exit status: 0 success, 2 bad input (one line on stderr), 1 any other failure, "
    "130 interrupted, 141 output closed early (as with '| head')."
)


# ---------------------------------------------------------------------------------------------
# Click plumbing shared by every command
# ---------------------------------------------------------------------------------------------


class _OutputClosed(Exception):
    """stdout's reader went away (EPIPE). Not an OSError, so that Click lets it through."""


class Group(click.Group):
    """A group that turns a broken stdout pipe into :class:`_OutputClosed` for :func:`run`."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise _OutputClosed() from exc


class Command(click.Command):
    """A command whose positional arguments may be negative numbers.

    Click takes ``-1`` for an unknown short option and would answer "No such option: -1";
    a board size of -1 deserves "must be at least 1". When the only unknown options are
    negative numbers the arguments are parsed again with unknown options passed through as
    arguments, where the parameter types judge them.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, list(args))
        except click.NoSuchOption as exc:
            if not re.fullmatch(r"-\d", exc.option_name or ""):
                raise
        ctx.ignore_unknown_options = True
        return super().parse_args(ctx, list(args))


class Integer(click.ParamType):
    """A base-10 integer of at least ``low``, with one-line messages."""

    name = "integer"

    def __init__(self, low: int) -> None:
        self.low = low

    def convert(self, value, param, ctx) -> int:
        if isinstance(value, bool):
            self.fail(f"{value!r} is not an integer", param, ctx)
        if isinstance(value, int):
            number = value
        else:
            text = str(value).strip()
            if text.startswith("--") or (text.startswith("-") and not text[1:].isdigit()):
                self.fail(f"no such option: {text}", param, ctx)
            try:
                number = int(text, 10)
            except ValueError:
                self.fail(f"{text!r} is not an integer", param, ctx)
        if number < self.low:
            self.fail(f"must be at least {self.low}, got {number}", param, ctx)
        return number


def _at_most(n: int, high: int, why: str) -> int:
    """Refuse a board size above ``high`` as a usage error (exit status 2)."""
    if n > high:
        raise click.BadParameter(f"must be at most {high} ({why}), got {n}", param_hint="'N'")
    return n


@contextlib.contextmanager
def _ctrl_c_kills() -> Iterator[None]:
    """Let Ctrl-C end the process at once while a long kernel runs.

    A numba kernel does not return to the interpreter until it is done, so Python's own
    SIGINT handler (which only sets a flag) would leave a long search running; the default
    action ends the process, with the status of a program killed by SIGINT (130 in a shell).
    Outside the main thread, where signals cannot be set, nothing changes.
    """
    import signal

    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_DFL)
    except (ValueError, OSError):  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _close_stdout_quietly() -> None:
    """Point stdout at the null device so that the interpreter's last flush of what is still
    buffered cannot fail again (and print "Exception ignored ...") on the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (e.g. under a test runner)
        pass


# ---------------------------------------------------------------------------------------------
# clew
# ---------------------------------------------------------------------------------------------


@click.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
@click.version_option(__version__, "-V", "--version", prog_name="clew", message="%(prog)s %(version)s")
def cli() -> None:
    """clew: fast backtracking search, with a numba kernel per problem.

    Run 'clew PROBLEM --help' for a problem's commands, e.g. 'clew queens --help'.
    """


# ---------------------------------------------------------------------------------------------
# clew queens
# ---------------------------------------------------------------------------------------------


@cli.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
def queens() -> None:
    """N-Queens: place N queens on an N x N board, no two attacking each other.

    'count' counts the solutions (OEIS A000170) or the fundamental ones (A002562);
    'solve' prints them in lexicographic order; 'one' prints one solution of a board of up
    to 10**9 squares a side; 'complete' extends queens already placed, around blocked squares.
    """


@queens.command("count", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@click.option(
    "-u",
    "--unique",
    is_flag=True,
    help="Count fundamental solutions, i.e. classes under the 8 rotations and reflections "
    "of the board (OEIS A002562), instead of all solutions (A000170).",
)
@click.option(
    "-j",
    "--jobs",
    type=Integer(1),
    default=None,
    metavar="J",
    help="Worker processes (default: one per core). Small boards are counted in this process.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print one JSON object {"n", "total", "unique", "seconds"} instead of the bare count. '
    '"total" is always the number of all solutions; "unique" is the fundamental count with '
    '--unique and null without it; "seconds" is the wall-clock time of the count.',
)
@click.option(
    "--journal",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Record every finished piece in this SQLite journal; running the same command "
    "again resumes, skipping the finished pieces. A journal of another count is refused.",
)
@click.option(
    "--dask",
    type=click.Choice(["local"]),
    default=None,
    help="Run the pieces on a Dask LocalCluster of J worker processes on 127.0.0.1 "
    "(needs the dask extra: pip install 'clew[dask]').",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Run the pieces on a running Dask cluster, e.g. tcp://10.0.0.5:8786.",
)
@click.option(
    "--progress/--quiet",
    "progress",
    default=None,
    help="Force the progress bar (pieces, rate, ETA) on stderr on or off; by default it is "
    "shown when stderr is a terminal.",
)
def queens_count(
    n: int,
    unique: bool,
    jobs: int | None,
    as_json: bool,
    journal: str | None,
    dask: str | None,
    scheduler: str | None,
    progress: bool | None,
) -> None:
    """Count the solutions of the N x N board and print the number.

    N is at most 32 (the kernels keep the board's lines in 64-bit masks); time, not the
    limit, is what stops you: N = 16 takes seconds, every step up about 6-10 times longer.

    The count is cut into pieces (canonical border constellations) that run on every
    core, or on a Dask cluster; with --journal a long count survives a crash or Ctrl-C.

    \b
    Examples:
      clew queens count 8             # 92
      clew queens count 8 --unique    # 12
      clew queens count 15 --jobs 2 --json
      clew queens count 19 --journal q19.sqlite   # Ctrl-C, then the same again resumes
    """
    from .queens import solver
    from .scale import Interrupted, queens_count as problem, run as run_pieces

    _at_most(n, solver.MAX_COUNT_N, "the counting kernels use 64-bit masks")
    if dask and scheduler:
        raise click.UsageError("use --dask local or --scheduler ADDRESS, not both")
    start = time.perf_counter()
    try:
        answer = run_pieces(
            problem(n, unique=unique),
            jobs=jobs,
            journal=journal,
            dask=dask,
            scheduler=scheduler,
            progress=progress,
            inline_below=solver.PIECES_FOR_POOL,
        )
    except Interrupted as exc:
        click.echo(f"clew: {exc.hint()}", err=True)
        raise KeyboardInterrupt from None
    total, fundamental = answer["total"], answer["unique"]
    seconds = time.perf_counter() - start
    if as_json:
        line = json.dumps({"n": n, "total": total, "unique": fundamental, "seconds": round(seconds, 6)})
    else:
        line = str(fundamental if unique else total)
    click.echo(line)


@queens.command("solve", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@click.option(
    "-l",
    "--limit",
    type=Integer(0),
    default=None,
    metavar="K",
    help="Stop after K solutions (default: all of them).",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(SOLVE_FORMATS),
    default="columns",
    show_default=True,
    help="columns: one line per solution, the 0-based column of the queen in each row; "
    'leetcode: one line per solution, the JSON list of row strings (".Q.." ...); '
    'json: one JSON object per line, {"n": N, "columns": [...]}; '
    "board: a Unicode chessboard per solution; matrix: a 0/1 matrix per solution. "
    "Boards and matrices are separated by a blank line.",
)
@click.option(
    "--any-order",
    is_flag=True,
    help="Stream the solutions in symmetry order instead of lexicographic order: each "
    "completion of a canonical border constellation is written once per symmetric image, "
    "about 8x less search. N is then at most 32.",
)
def queens_solve(n: int, limit: int | None, fmt: str, any_order: bool) -> None:
    """Print the solutions of the N x N board in lexicographic order, as they are found
    (with --any-order: in symmetry order, several times faster).

    N is at most 62 (the enumeration kernel keeps a row in a 64-bit mask). Output streams:
    memory stays flat however many solutions there are. The first solution in
    lexicographic order gets slow to reach beyond N of about 30.

    \b
    Examples:
      clew queens solve 4                   # 1 3 0 2 / 2 0 3 1
      clew queens solve 8 --limit 1 --format board
      clew queens solve 12 | wc -l          # 14200
    """
    from .queens import format as fmt_module
    from .queens import solver

    if any_order:
        _at_most(n, solver.MAX_COUNT_N, "--any-order uses the 64-bit constellation kernels")
    else:
        _at_most(n, solver.MAX_SOLVE_N, "the enumeration kernel keeps a row in a 64-bit mask")
    if fmt in PICTURE_FORMATS and n > fmt_module.MAX_PICTURE_N:
        raise click.BadParameter(
            f"a {n}x{n} board is too large to draw as '{fmt}' (at most "
            f"{fmt_module.MAX_PICTURE_N}x{fmt_module.MAX_PICTURE_N}); use --format columns or json",
            param_hint="'--format'",
        )
    out = sys.stdout.buffer
    if fmt == "columns":
        # The fast path: the kernel formats whole batches of solutions into bytes.
        for chunk in solver.columns_text(n, limit=limit, ordered=not any_order):
            out.write(chunk)
    else:
        batches = solver.solution_batches_unordered if any_order else solver.solution_batches
        for text in _render(fmt, batches(n, limit=limit)):
            out.write(text.encode("utf-8"))
    out.flush()


def _render(fmt: str, batches: Iterable) -> Iterator[str]:
    """Text of each batch of solutions (int arrays of shape (k, n)) in format ``fmt``."""
    from .queens import format as f

    if fmt == "leetcode":
        for block in batches:
            yield "".join(json.dumps(f.to_leetcode(row), separators=(",", ":")) + "\n" for row in block.tolist())
    elif fmt == "json":
        for block in batches:
            yield "".join(f.to_json(row) + "\n" for row in block.tolist())
    else:
        draw = f.to_board if fmt == "board" else f.to_matrix_text
        first = True
        for block in batches:
            parts = []
            for row in block.tolist():
                parts.append(("" if first else "\n") + draw(row) + "\n")
                first = False
            yield "".join(parts)


@queens.command("one", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@click.option(
    "-m",
    "--method",
    type=click.Choice(ONE_METHODS),
    default="construct",
    show_default=True,
    help="construct: an explicit formula, always the same solution for a given N; "
    "local: min-conflicts local search, a different solution per seed.",
)
@click.option(
    "-s",
    "--seed",
    type=Integer(0),
    default=None,
    metavar="S",
    help="Seed of --method local (0 to 2**32 - 1; default: a random one). The same seed "
    "gives the same solution. Refused with --method construct, which has no randomness.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(ONE_FORMATS),
    default="columns",
    show_default=True,
    help="columns: the 0-based column of the queen in each row, on one line; "
    "board: a Unicode chessboard (N at most 1000).",
)
def queens_one(n: int, method: str, seed: int | None, fmt: str) -> int:
    """Print one solution of the N x N board, for N up to 10**9, in linear time.

    There is no solution for N = 2 and 3: the command then says so on stderr and exits with
    status 1. Memory: about 16 bytes per queen with the construction, 40 with the local
    search (400 MB at N = 10**7); the columns line is written in chunks of a million
    numbers, so printing adds about 10 MB however large N is.

    \b
    Examples:
      clew queens one 8                      # 1 3 5 7 2 0 6 4
      clew queens one 8 --format board
      clew queens one 1000 --method local --seed 7
      clew queens one 10000000 | wc -c
    """
    if seed is not None and method != "local":
        raise click.BadParameter(
            "only --method local uses a seed (the construction is always the same)", param_hint="'--seed'"
        )
    from .queens import format as fmt_module
    from .queens.huge import MAX_ONE_N, one

    _at_most(n, MAX_ONE_N, "the limit of queens.one")
    if fmt == "board" and n > fmt_module.MAX_PICTURE_N:
        raise click.BadParameter(
            f"a {n}x{n} board is too large to draw (at most {fmt_module.MAX_PICTURE_N}x"
            f"{fmt_module.MAX_PICTURE_N}); use --format columns",
            param_hint="'--format'",
        )
    try:
        with _ctrl_c_kills():
            cols = one(n, method=method, seed=seed)
    except MemoryError:
        per_queen = _ONE_BYTES_PER_QUEEN[method]
        click.echo(
            f"clew: not enough memory to place {n} queens: --method {method} needs about "
            f"{per_queen} bytes per queen ({per_queen * n / 1e9:.1f} GB)",
            err=True,
        )
        return EXIT_FAILURE
    if cols is None:
        click.echo(f"clew: no solution exists for n = {n}: {n} queens always attack each other on a {n}x{n} board", err=True)
        return EXIT_FAILURE
    out = sys.stdout.buffer
    if fmt == "board":
        out.write((fmt_module.to_board(cols.tolist()) + "\n").encode("utf-8"))
    else:
        _write_columns_line(cols, out)
    out.flush()
    return EXIT_OK


#: Peak memory of ``queens.one`` per queen: the construction's arrays, the local search's
#: column and diagonal counters (int64).
_ONE_BYTES_PER_QUEEN = {"construct": 16, "local": 40}

#: Values formatted per chunk of a columns line: about 10 MB of text at a time.
_LINE_CHUNK = 1 << 20


def _write_columns_line(cols, out) -> None:
    """Write the non-negative ints ``cols`` as one line of space-separated numbers, formatted
    by a kernel in chunks so that memory stays flat however long the line is."""
    import numpy as np

    from .queens import _kernels

    n = len(cols)
    width = len(str(max(int(cols.max()), 0))) + 1  # digits of the largest value and a space
    buf = np.empty(min(n, _LINE_CHUNK) * width, np.uint8)
    for lo in range(0, n, _LINE_CHUNK):
        hi = min(lo + _LINE_CHUNK, n)
        size = _kernels.format_ints(cols, lo, hi, buf)
        if hi == n:
            buf[size - 1] = ord("\n")  # the last value ends the line, not a space
        out.write(buf[:size].tobytes())


_SQUARE = re.compile(r"[+-]?\d+,[+-]?\d+")


def _parse_squares(values: tuple[str, ...], option: str) -> list[tuple[int, int]]:
    """``ROW,COL`` squares from repeated options, each a list separated by spaces or ``;``."""
    squares = []
    for value in values:
        text = re.sub(r"\s*,\s*", ",", value)
        for token in re.split(r"[\s;]+", text):
            if not token:
                continue
            if not _SQUARE.fullmatch(token):
                raise click.BadParameter(
                    f"{token!r} is not a square: write ROW,COL with 0-based integers, e.g. 2,5",
                    param_hint=f"'{option}'",
                )
            r, c = token.split(",")
            squares.append((int(r), int(c)))
    return squares


def _read_board(path: str) -> tuple[int, list, list]:
    """``(n, placed, blocked)`` of the board drawn in the file ``path`` (``-``: stdin), read
    as UTF-8 (a byte order mark is skipped); see ``parse_board``. Errors name the file."""
    from .queens.completion import CompletionInputError, parse_board

    if path == "-":
        name = "<stdin>"
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        data = stream.read()
    else:
        name = click.format_filename(path)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise CompletionInputError(f"{name}: cannot read the board: {exc.strerror or exc}") from None
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CompletionInputError(f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        return parse_board(data)
    except CompletionInputError as exc:
        raise CompletionInputError(f"{name}: {exc}") from None


class _OptionalArgument(click.Argument):
    """An optional argument whose errors name it 'N', not '[N]' as Click would."""

    def get_error_hint(self, ctx: click.Context) -> str:
        return f"'{self.name.upper()}'"


@queens.command("complete", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", cls=_OptionalArgument, type=Integer(1), required=False)
@click.option(
    "-p",
    "--placed",
    multiple=True,
    metavar="R,C",
    help="Queens already on the board, 0-based ROW,COL. Repeat the option or give a list "
    "separated by spaces or semicolons: --placed '0,0 1,2' or --placed '0,0;1,2'.",
)
@click.option(
    "-b",
    "--blocked",
    multiple=True,
    metavar="R,C",
    help="Squares where no queen may stand, written like --placed.",
)
@click.option(
    "--board",
    "board_file",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    default=None,
    metavar="FILE",
    help="Read the board from FILE ('-': stdin), one row per line: Q a queen, . an empty "
    "square, x a blocked square; spaces between squares, blank lines and lines starting "
    "with # are ignored. N is then the number of rows and may be left out. --placed and "
    "--blocked add to the board's squares.",
)
@click.option(
    "-c",
    "--count",
    "count_",
    is_flag=True,
    help="Print the number of completions instead of the first one (0 when there is none, "
    "with exit status 0).",
)
@click.option(
    "-l",
    "--limit",
    type=Integer(1),
    default=None,
    metavar="K",
    help="With --count: stop after K completions. When the limit is reached, stderr says "
    "so: the printed count is then a lower bound.",
)
@click.option(
    "-m",
    "--method",
    type=click.Choice(COMPLETE_METHODS),
    default="mrv",
    show_default=True,
    help="mrv: branch on the row or column with the fewest free squares; rows: the textbook "
    "row-by-row search (for comparison; much slower on large boards).",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(COMPLETE_FORMATS),
    default=None,
    help="columns (default): the 0-based column of the queen in each row, on one line; "
    'board: a Unicode chessboard; json: {"n": N, "columns": [...]}. With --count: columns '
    'prints the bare number, json {"n": N, "count": K, "exact": true|false}.',
)
def queens_complete(
    n: int | None,
    placed: tuple[str, ...],
    blocked: tuple[str, ...],
    board_file: str | None,
    count_: bool,
    limit: int | None,
    method: str,
    fmt: str | None,
) -> int:
    """Complete a partly placed N x N board: keep the queens given, avoid the blocked squares,
    and print the first full solution found (or, with --count, how many there are).

    Squares are ROW,COL pairs, both counted from 0. N is at most 62. Exit status 1, with
    'impossible' on stderr, when the board has no completion; 2 for bad input: queens that
    attack each other, a queen on a blocked square, a square off the board, a malformed
    square or board file.

    \b
    Examples:
      clew queens complete 8 --placed 0,0                 # 0 4 7 5 2 6 1 3
      clew queens complete 8 --placed '0,0 1,4' --blocked 2,7
      clew queens complete 8 --placed 0,0 --count         # 4
      clew queens complete --board puzzle.txt --format board
      clew queens complete --board - --count < puzzle.txt
    """
    # what needs no kernel is checked first: a mistyped option is answered at once
    if limit is not None and not count_:
        raise click.BadParameter("applies to --count only (without it one completion is printed)", param_hint="'--limit'")
    if count_ and fmt == "board":
        raise click.BadParameter("--count prints a number: use --format columns or json", param_hint="'--format'")
    if n is None and board_file is None:
        raise click.UsageError("give the board size N or a board with --board")
    placed_squares = _parse_squares(placed, "--placed")
    blocked_squares = _parse_squares(blocked, "--blocked")

    # (the module is clew.queens.completion; clew.queens.complete is the function)
    from .queens.completion import MAX_COMPLETE_N, complete

    if board_file is not None:
        size, board_placed, board_blocked = _read_board(board_file)
        if n is not None and n != size:
            raise click.BadParameter(f"the board has {size} rows, not N = {n}", param_hint="'--board'")
        if size > MAX_COMPLETE_N:
            raise click.BadParameter(
                f"the board has {size} rows; at most {MAX_COMPLETE_N} (a row or column of the board "
                "is one 64-bit mask)",
                param_hint="'--board'",
            )
        n = size
        placed_squares = board_placed + placed_squares
        blocked_squares = board_blocked + blocked_squares
    _at_most(n, MAX_COMPLETE_N, "a row or column of the board is one 64-bit mask")
    fmt = fmt or "columns"

    with _ctrl_c_kills():
        result = complete(n, placed_squares, blocked_squares, limit=limit if count_ else 1, method=method)
    if count_:
        if fmt == "json":
            click.echo(json.dumps({"n": n, "count": result.count, "exact": result.exact}))
        else:
            click.echo(str(result.count))
        if not result.exact:
            click.echo(
                f"clew: stopped at --limit {limit}: there are at least {result.count} completions",
                err=True,
            )
        return EXIT_OK
    if not result.possible:
        click.echo("clew: impossible: this board has no completion", err=True)
        return EXIT_FAILURE
    cols = result.first.tolist()
    if fmt == "board":
        from .queens import format as fmt_module

        click.echo(fmt_module.to_board(cols))
    elif fmt == "json":
        click.echo(json.dumps({"n": n, "columns": cols}))
    else:
        click.echo(" ".join(map(str, cols)))
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# Seeing the search (issue 6): traces, pictures, the HTML player, the terminal animation
# ---------------------------------------------------------------------------------------------

#: Events a trace, a tree or a player holds unless --max-events says otherwise.
DEFAULT_MAX_EVENTS = 100_000


#: --symbols of every sudoku command but 'solve' (which explains it)
_symbols_option = click.option(
    "--symbols", default=None, metavar="ABC..", help="The alphabet of the digits (see 'clew sudoku solve --help')."
)


def _strategy_option(f):
    return click.option(
        "-s",
        "--strategy",
        type=click.Choice(("pruned", "textbook")),
        default="pruned",
        show_default=True,
        help="pruned: clew's search (attacked squares never tried / forced moves placed, the "
        "most constrained line or cell first); textbook: the tutorials' search (first free "
        "row or cell, an is_valid loop for each try).",
    )(f)


def _max_events_option(f):
    return click.option(
        "--max-events",
        type=Integer(1),
        default=DEFAULT_MAX_EVENTS,
        show_default=True,
        metavar="K",
        help="Stop the trace after K events (its last event then says complete: false).",
    )(f)


def _write_trace(events, max_events: int) -> None:
    """JSON lines on stdout; a note on stderr when the trace was cut."""
    import json

    out = sys.stdout
    last = None
    for event in events:
        out.write(json.dumps(event, separators=(", ", ": ")) + "\n")
        last = event
    out.flush()
    if last is not None and not last.get("complete", True):
        click.echo(f"clew: the trace stops after {max_events} events (--max-events)", err=True)


def _write_text(text: str, path: str) -> None:
    """``text`` into ``path`` ('-': stdout), refusing to write where it cannot."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        from .errors import ClewError

        raise ClewError(f"{click.format_filename(path)}: cannot write: {exc.strerror or exc}") from None


def _play(events: list, html: str | None, animate: bool, fps: float, kind: str, **board) -> None:
    if (html is None) == (not animate):
        raise click.UsageError("give --html FILE or --animate (one of them)")
    if html is not None:
        from .viz.player import player_html

        _write_text(player_html(events, kind=kind), html)
        if html != "-":
            end = events[-1]
            click.echo(
                f"clew: wrote {click.format_filename(html)}: {len(events)} events, {end['solutions']} solutions, "
                f"{end['nodes']} nodes, {end['backtracks']} backtracks",
                err=True,
            )
        return
    from .viz.animate import animate as run_animation

    run_animation(events, kind=kind, fps=fps, **board)


def _fps_option(f):
    f = click.option(
        "--fps",
        type=click.FloatRange(0, 1000, min_open=True),
        default=8.0,
        show_default=True,
        help="With --animate: events per second.",
    )(f)
    f = click.option("--animate", is_flag=True, help="Play the search in the terminal (on stderr), board redrawn in place.")(f)
    return click.option(
        "--html",
        metavar="FILE",
        default=None,
        help="Write a self-contained HTML player of the search to FILE ('-': stdout): open it "
        "in a browser, from disk, no network needed.",
    )(f)


@queens.command("trace", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@_strategy_option
@_max_events_option
def queens_trace(n: int, strategy: str, max_events: int) -> None:
    """Print the events of the search on an empty N x N board as JSON lines: place, prune
    (with why: column, diagonal, anti-diagonal, empty row/column, and the attacking queen),
    backtrack, solution, end; each with the counters nodes, backtracks, solutions, depth.

    \b
    Examples:
      clew queens trace 4 --strategy textbook
      clew queens trace 8 | grep -c '"type": "solution"'
    """
    from .queens import trace
    from .queens.trace import MAX_TRACE_N

    _at_most(n, MAX_TRACE_N, "a trace is for watching")
    _write_trace(trace(n, strategy, max_events=max_events), max_events)


@queens.command("show", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@click.option(
    "-c",
    "--columns",
    metavar="'C0 C1 ..'",
    default=None,
    help="The column of the queen of each row (from 0; '.' for a row without one); default: "
    "the first solution in lexicographic order.",
)
@click.option("--svg", "svg", metavar="FILE", default=None, help="Write an SVG picture to FILE ('-': stdout) instead of text.")
@click.option("--attacked", is_flag=True, help="Shade the squares the queens attack (SVG).")
def queens_show(n: int, columns: str | None, svg: str | None, attacked: bool) -> int:
    """Draw an N x N board with queens: a solution, or the queens given by --columns.

    \b
    Examples:
      clew queens show 8
      clew queens show 8 --svg board.svg --attacked
      clew queens show 6 --columns '1 3 5 . . .' --svg partial.svg --attacked
    """
    from .queens import solutions

    _at_most(n, 64, "a picture of a larger board is unreadable")
    if columns is None:
        first = next(iter(solutions(n)), None)
        if first is None:
            click.echo(f"clew: {n}-queens has no solution", err=True)
            return EXIT_FAILURE
        cols: list[int | None] = list(first)
    else:
        parts = columns.replace(",", " ").split()
        if len(parts) > n:
            raise click.BadParameter(f"{len(parts)} rows given for a board of {n}", param_hint="'--columns'")
        cols = []
        for part in parts:
            if part == ".":
                cols.append(None)
            elif part.isdigit() and int(part) < n:
                cols.append(int(part))
            else:
                raise click.BadParameter(f"{part!r} is not a column from 0 to {n - 1} or '.'", param_hint="'--columns'")
        cols += [None] * (n - len(cols))
    if svg is not None:
        from .viz.svg import queens_svg

        _write_text(queens_svg(n, cols, attacked=attacked), svg)
        return EXIT_OK
    for r in range(n):
        click.echo(" ".join("Q" if cols[r] == c else "." for c in range(n)))
    return EXIT_OK


@queens.command("tree", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@click.option("--svg", "svg", metavar="FILE", required=True, help="Write the SVG picture to FILE ('-': stdout).")
@_strategy_option
@click.option("--max-nodes", type=Integer(1), default=2000, show_default=True, metavar="K", help="Refuse trees of more than K nodes.")
def queens_tree(n: int, svg: str, strategy: str, max_nodes: int) -> None:
    """Draw the search tree of N-Queens: every placement a node, refused squares and empty
    lines as pruned leaves, solutions highlighted. Readable for N = 4 and 5.

    \b
    Examples:
      clew queens tree 4 --svg tree.svg --strategy textbook
      clew queens tree 5 --svg tree5.svg
    """
    from .queens import trace
    from .viz.svg import tree_svg

    _at_most(n, 12, "the tree of a larger board does not fit a picture")
    events = list(trace(n, strategy, max_events=20 * max_nodes))
    _write_text(tree_svg(events, max_nodes=max_nodes), svg)


@queens.command("play", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("n", type=Integer(1))
@_strategy_option
@_max_events_option
@_fps_option
def queens_play(n: int, strategy: str, max_events: int, html: str | None, animate: bool, fps: float) -> None:
    """Watch the search on an N x N board: --html FILE writes a self-contained player (play,
    pause, step forward and back, speed, counters, the current path); --animate plays it in
    the terminal.

    \b
    Examples:
      clew queens play 6 --html queens6.html
      clew queens play 5 --strategy textbook --animate --fps 20
    """
    from .queens import trace
    from .queens.trace import MAX_TRACE_N

    _at_most(n, MAX_TRACE_N, "a trace is for watching")
    events = trace(n, strategy, max_events=max_events)
    _play(list(events) if html is not None else events, html, animate, fps, "queens", n=n)


# ---------------------------------------------------------------------------------------------
# clew sudoku
# ---------------------------------------------------------------------------------------------

#: Output formats of ``clew sudoku solve`` and ``clew sudoku show``.
SUDOKU_FORMATS = ("line", "grid", "json")

_SUDOKU_SOLVE_EPILOG = (
    "Exit status: 0 every puzzle valid and solved (with --unique: unique; with --count: "
    "valid); 1 some puzzle without a solution (with --unique: or with several); 2 bad input: "
    "a bad option, an unreadable file, or any invalid puzzle line (the other lines are still "
    "answered); 130 interrupted; 141 output closed early (as with '| head')."
)


@cli.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
def sudoku() -> None:
    """Sudoku of any size k^2 x k^2: 4x4, 9x9, 16x16 and 25x25 grids.

    'solve' answers a file of puzzles, one per line: the solution, the number of solutions
    (--count) or whether the solution is unique (--unique); 'show' draws one puzzle with its
    box lines.

    Puzzles are written as one line of n*n cells: the digits 1-9, then the letters A, B, ...
    for 10, 11, ... (either case; G is 16, P is 25), and '.' or '0' for a blank. A puzzle in
    another alphabet, such as 0-F for 16x16, is read with --symbols 0123456789ABCDEF
    ('0' is then a digit and only '.' a blank).
    """


def _read_input(path: str, what: str = "puzzles", hint: str = ", one per line") -> tuple[bytes, str]:
    """The bytes of ``path`` (``-``: stdin) and the name to show for it."""
    if path == "-":
        stream = sys.stdin
        if stream is not None and stream.isatty():
            click.echo(f"clew: reading {what} from stdin{hint} (Ctrl-D to end)", err=True)
        data = getattr(stream, "buffer", stream).read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        return data, "<stdin>"
    name = click.format_filename(path)
    try:
        with open(path, "rb") as f:
            return f.read(), name
    except OSError as exc:
        from .errors import ClewError

        raise ClewError(f"{name}: cannot read the {what}: {exc.strerror or exc}") from None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@sudoku.command("solve", cls=Command, context_settings=_CONTEXT, epilog=_SUDOKU_SOLVE_EPILOG)
@click.argument(
    "file", cls=_OptionalArgument, type=click.Path(exists=True, dir_okay=False, allow_dash=True), default="-", required=False
)
@click.option(
    "-c",
    "--count",
    "count_",
    is_flag=True,
    help="Print the number of solutions of each puzzle ('288 solutions', '1 solution', "
    "'0 solutions'), counting up to --limit; a puzzle that reaches it prints 'at least K "
    "solutions'.",
)
@click.option(
    "-u",
    "--unique",
    is_flag=True,
    help="Print the solution only if it is the only one; otherwise 'not unique' (the search "
    "stops at the second solution).",
)
@click.option(
    "-l",
    "--limit",
    type=Integer(1),
    default=None,
    metavar="K",
    help="With --count: count up to K solutions per puzzle (default 1000000, under a second of "
    "one core on a 9x9 grid; an almost empty 9x9 grid has 6.67e21).",
)
@click.option(
    "-j",
    "--jobs",
    type=Integer(1),
    default=None,
    metavar="J",
    help="Worker threads (default: one per core; the kernels release the GIL). Files of fewer "
    "than 64 puzzles are solved in the calling thread.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(SUDOKU_FORMATS),
    default="line",
    show_default=True,
    help="line: one line per puzzle, the solution in the one-line form or a marker ('no "
    "solution', 'not unique', 'invalid: REASON'); grid: each solution drawn with box lines, "
    'separated by blank lines; json: one object per puzzle, {"line", "puzzle", "status", '
    '"solution"} ({"count", "exact"} with --count; "error" for an invalid line).',
)
@click.option(
    "--symbols",
    default=None,
    metavar="ABC..",
    help="The alphabet of the digits, the i-th symbol standing for digit i, e.g. "
    "0123456789ABCDEF for 16x16 puzzles written in hexadecimal (default: 1-9 then A-P).",
)
def sudoku_solve(
    file: str, count_: bool, unique: bool, limit: int | None, jobs: int | None, fmt: str, symbols: str | None
) -> int:
    """Solve the puzzles in FILE ('-' or nothing: stdin), one per line, and print one answer
    per puzzle, in the same order.

    Blank lines and lines starting with # are skipped; CRLF line ends are fine. A puzzle
    line is n*n cells (16, 81, 256 or 625; see 'clew sudoku --help' for the symbols);
    spaces and | - + box lines inside it are ignored. A line that is not a valid puzzle
    (wrong length, a symbol that is not a digit, two givens that break a rule) prints
    'invalid: REASON' and the other lines are still answered.

    The whole file is read into one array and solved in chunks by the kernel, on every core.

    \b
    Examples:
      clew sudoku solve puzzles.txt
      clew sudoku solve puzzles.txt --unique --jobs 2
      clew sudoku solve --count --limit 1000 < puzzles.txt
      echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | clew sudoku solve - --format grid
    """
    if count_ and unique:
        raise click.UsageError("use --count or --unique, not both")
    if limit is not None and not count_:
        raise click.BadParameter("applies to --count only", param_hint="'--limit'")
    if count_ and fmt == "grid":
        raise click.BadParameter("--count prints numbers: use --format line or json", param_hint="'--format'")
    data, name = _read_input(file)

    import numpy as np

    from .sudoku.grid import Grid, check_symbols, format_lines, read_lines, split_lines
    from .sudoku.solver import MAX_COUNT, POOL_FROM, chunk_size, solve_chunks

    symbols = check_symbols(symbols)
    lines, numbers = split_lines(data)
    batch = read_lines(lines, numbers, symbols=symbols)
    if not len(batch):
        click.echo(f"clew: no puzzle in {name}", err=True)
        return EXIT_OK
    kernel_limit = (limit or MAX_COUNT) if count_ else (2 if unique else 1)
    valid = np.flatnonzero(batch.sizes)
    workers = (os.cpu_count() or 1) if jobs is None else jobs
    if len(valid) < POOL_FROM:
        workers = 1
    size = chunk_size(len(valid), workers)

    # chunks: runs of consecutive valid puzzles of one size, in file order
    plan: list[tuple[int, int, int, np.ndarray]] = []  # k, first row in arrays[k], rows, puzzles
    start = 0
    sizes = batch.sizes[valid]
    while start < len(valid):
        k = int(sizes[start])
        stop = min(start + size, len(valid))
        differs = np.flatnonzero(sizes[start:stop] != k)
        if len(differs):
            stop = start + int(differs[0])
        first = int(batch.rows[valid[start]])
        plan.append((k, first, stop - start, valid[start:stop]))
        start = stop

    tally = {"invalid": 0, "none": 0, "several": 0}
    out = sys.stdout.buffer
    written = 0  # puzzles answered so far

    def answer(i: int, counts=None, solution_text=None, k=None) -> str:
        """The output of puzzle i (its block, without the separating blank line)."""
        error = batch.errors.get(i)
        text, line_no = batch.texts[i], batch.line_numbers[i]
        if error is not None:
            tally["invalid"] += 1
            if fmt == "json":
                record = {"line": line_no, "puzzle": text, "status": "invalid"}
                record.update({"count": None, "exact": None} if count_ else {"solution": None})
                record["error"] = error
                return json.dumps(record)
            return f"invalid: {error}"
        found = int(counts)
        if count_:
            exact = found < kernel_limit
            if fmt == "json":
                return json.dumps({"line": line_no, "puzzle": text, "status": "counted", "count": found, "exact": exact})
            return _plural(found, "solution") if exact else f"at least {_plural(found, 'solution')}"
        if found == 0:
            tally["none"] += 1
            status = "no solution"
        elif unique and found > 1:
            tally["several"] += 1
            status = "not unique"
        else:
            status = "unique" if unique else "solved"
        if fmt == "json":
            solution = solution_text if status in ("solved", "unique") else None
            return json.dumps({"line": line_no, "puzzle": text, "status": status, "solution": solution})
        if status not in ("solved", "unique"):
            return status
        if fmt == "grid":
            return Grid(solution_text, symbols=symbols).to_text()
        return solution_text

    def emit(parts: list[str]) -> None:
        nonlocal written
        if not parts:
            return
        separator = "\n\n" if fmt == "grid" else "\n"
        text = separator.join(parts) + "\n"
        if fmt == "grid" and written:
            text = "\n" + text
        written += len(parts)
        out.write(text.encode("utf-8"))
        out.flush()

    sys.stdout.flush()
    done = 0  # puzzles (valid or not) answered so far, in file order
    chunks = ((batch.arrays[k][first : first + rows], k) for k, first, rows, _ in plan)
    with _ctrl_c_kills():
        for (k, _, _, members), (counts, sols) in zip(plan, solve_chunks(chunks, limit=kernel_limit, jobs=workers)):
            texts = format_lines(sols, k, symbols)
            parts = []
            for j, i in enumerate(members.tolist()):
                parts.extend(answer(e) for e in range(done, i))  # invalid lines before it
                parts.append(answer(i, counts[j], texts[j], k))
                done = i + 1
            emit(parts)
    emit([answer(e) for e in range(done, len(batch))])

    total = len(batch)
    problems = []
    if tally["invalid"]:
        problems.append(f"{tally['invalid']} invalid")
    if tally["none"]:
        problems.append(f"{tally['none']} without a solution")
    if tally["several"]:
        problems.append(f"{tally['several']} not unique")
    if problems:
        click.echo(f"clew: {_plural(total, 'puzzle')}: {', '.join(problems)}", err=True)
    if tally["invalid"]:
        return EXIT_USAGE
    if tally["none"] or tally["several"]:
        return EXIT_FAILURE
    return EXIT_OK


@sudoku.command("show", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(("grid", "line")),
    default="grid",
    show_default=True,
    help="grid: drawn with box lines; line: the one-line form ('.' for a blank).",
)
@_symbols_option
@click.option("--svg", "svg", metavar="FILE", default=None, help="Write an SVG picture to FILE ('-': stdout) instead of text.")
@click.option("--solve", "solve_", is_flag=True, help="Fill in the solution (in the SVG, in another colour than the givens).")
def sudoku_show(puzzle: str, fmt: str, symbols: str | None, svg: str | None, solve_: bool) -> int:
    """Draw PUZZLE with its box lines. PUZZLE is the puzzle's text, e.g. one line of 81
    cells; '-' reads it from stdin (a line, or a grid drawn over several lines).

    Two givens that break a rule are drawn all the same, with a warning on stderr.

    \b
    Examples:
      clew sudoku show 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku show - --format line < drawn.txt
      clew sudoku show 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --solve --svg leet.svg
    """
    from .sudoku.grid import Grid, conflict_message

    grid = Grid(_puzzle_argument(puzzle), symbols=symbols)
    found = grid.conflict()
    if found is not None:
        click.echo(f"clew: warning: {conflict_message(found, grid)}: this puzzle has no solution", err=True)
    shown = grid
    if solve_:
        from .sudoku import solve

        if found is not None:
            return EXIT_FAILURE
        shown = solve(grid)
        if shown is None:
            click.echo("clew: this puzzle has no solution", err=True)
            return EXIT_FAILURE
    if svg is not None:
        from .viz.svg import sudoku_svg

        _write_text(sudoku_svg(grid, shown if solve_ else None), svg)
        return EXIT_OK
    click.echo(shown.to_text() if fmt == "grid" else shown.to_line())
    return EXIT_OK


def _puzzle_argument(puzzle: str) -> str:
    """PUZZLE, or stdin's text for '-'."""
    if puzzle != "-":
        return puzzle
    data, _ = _read_input("-")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        from .sudoku import PuzzleFormatError

        raise PuzzleFormatError(f"<stdin>: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


@sudoku.command("trace", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@_strategy_option
@_max_events_option
@_symbols_option
def sudoku_trace(puzzle: str, strategy: str, max_events: int, symbols: str | None) -> None:
    """Print the events of the search on PUZZLE as JSON lines: place (a guess, or a naked or
    hidden single), prune (a digit refused by its row, column or box; a cell with no digit
    left; a digit with no place left), backtrack (the cells emptied), solution, end; each
    with the counters nodes, backtracks, solutions, depth.

    \b
    Examples:
      clew sudoku trace 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku trace 1............... --strategy textbook --max-events 50
    """
    from .sudoku import trace

    _write_trace(trace(_puzzle_argument(puzzle), strategy, max_events=max_events, symbols=symbols), max_events)


@sudoku.command("play", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@_strategy_option
@_max_events_option
@_fps_option
@_symbols_option
def sudoku_play(puzzle: str, strategy: str, max_events: int, html: str | None, animate: bool, fps: float, symbols: str | None) -> None:
    """Watch the search on PUZZLE: --html FILE writes a self-contained player (play, pause,
    step forward and back, speed, counters, the current guesses); --animate plays it in the
    terminal.

    \b
    Examples:
      clew sudoku play 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --html leet.html
      clew sudoku play 1............... --strategy textbook --animate
    """
    from .sudoku import Grid, trace

    text = _puzzle_argument(puzzle)
    line = Grid(text, symbols=symbols).to_line()
    events = trace(text, strategy, max_events=max_events, symbols=symbols)
    _play(list(events) if html is not None else events, html, animate, fps, "sudoku", puzzle=line)


@sudoku.command("generate", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.option("-n", "--count", "count_", type=Integer(1), default=1, show_default=True, metavar="K", help="How many puzzles.")
@click.option("--size", type=click.Choice(("4", "9", "16")), default="9", show_default=True, help="The side of the grid.")
@click.option(
    "-d",
    "--difficulty",
    type=click.Choice(("easy", "medium", "hard", "expert", "extreme")),
    default=None,
    help="Only puzzles that rate at this level (see 'clew sudoku rate --help'); 4x4 and 9x9.",
)
@click.option(
    "--symmetry",
    type=click.Choice(("none", "rotational", "diagonal", "mirror")),
    default="none",
    show_default=True,
    help="Keep the givens' positions symmetric: rotational (half turn), diagonal (main "
    "diagonal) or mirror (left-right).",
)
@click.option("--minimal/--no-minimal", default=None, help="Remove givens until none can go without losing uniqueness.")
@click.option("--seed", type=Integer(0), default=None, metavar="S", help="Seed: the same seed gives the same puzzles.")
@click.option(
    "-j",
    "--jobs",
    type=Integer(1),
    default=None,
    metavar="J",
    help="Worker processes (default: one per core); the puzzles come in the same order.",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(("line", "grid", "json")),
    default="line",
    show_default=True,
    help='line: one puzzle per line; grid: drawn; json: {"puzzle", "solution", "score", "level"} per line.',
)
def sudoku_generate(
    count_: int, size: str, difficulty: str | None, symmetry: str, minimal: bool | None, seed: int | None,
    jobs: int | None, fmt: str,
) -> None:
    """Print new proper puzzles (exactly one solution each, proven by the solver), one per
    line.

    \b
    Examples:
      clew sudoku generate --count 1000 --seed 1 > puzzles.txt
      clew sudoku generate --difficulty hard --symmetry rotational --format grid
      clew sudoku generate --size 16 --minimal
    """
    import json

    from .sudoku.generate import generate_many

    out = sys.stdout
    made = generate_many(
        count_, int(size), difficulty=difficulty, symmetry=symmetry, minimal=minimal, seed=seed, jobs=jobs
    )
    with _ctrl_c_kills():
        for i, g in enumerate(made):
            if fmt == "line":
                out.write(g.puzzle.to_line() + "\n")
            elif fmt == "grid":
                out.write(("\n" if i else "") + g.puzzle.to_text() + "\n")
            else:
                record = {"puzzle": g.puzzle.to_line(), "solution": g.solution.to_line()}
                if g.rating is not None:
                    record.update(score=g.rating.score, level=g.rating.level)
                out.write(json.dumps(record) + "\n")
            out.flush()


@sudoku.command("rate", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("file", default="-", metavar="[FILE]")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(("line", "json")),
    default="line",
    show_default=True,
    help='line: "SCORE LEVEL HARDEST-TECHNIQUE" per puzzle; json: one object per puzzle.',
)
@_symbols_option
def sudoku_rate(file: str, fmt: str, symbols: str | None) -> int:
    """Rate the puzzles in FILE ('-' or nothing: stdin), one per line, by the hardest human
    technique their logical solution needs, on Sudoku Explainer's scale: hidden single
    1.2-1.5, naked single 2.3, locked candidates 2.6-2.8, pairs/X-Wing 3.0-3.4, triples and
    Swordfish 3.6-4.0, wings 4.2-4.4, quads 5.0-5.4, colouring 5.6-6.0; 10.0 when logic
    alone gets stuck and search is needed.

    Levels: easy (<= 1.5), medium (<= 2.8), hard (<= 3.8), expert (<= 6.0), extreme (needs
    search). A line that is not a proper puzzle (no solution, several, or not a puzzle)
    prints 'invalid: REASON' and the others are still rated; the exit status is then 2.

    \b
    Examples:
      clew sudoku rate puzzles.txt
      clew sudoku generate --count 10 | clew sudoku rate
    """
    import json

    from .errors import ClewError
    from .sudoku.grid import split_lines
    from .sudoku.logic import rate

    data, name = _read_input(file)
    lines, numbers = split_lines(data)
    bad = 0
    out = sys.stdout
    with _ctrl_c_kills():
        for line, number in zip(lines, numbers):
            text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
            try:
                r = rate(text, symbols=symbols)
            except ClewError as exc:
                bad += 1
                message = _one_line(exc)
                out.write((json.dumps({"line": number, "puzzle": text, "error": message}) if fmt == "json" else f"invalid: {message}") + "\n")
                continue
            if fmt == "json":
                record = {"line": number, "puzzle": text, "score": r.score, "level": r.level, "hardest": r.hardest,
                          "steps": r.steps, "stuck": r.stuck}
                out.write(json.dumps(record) + "\n")
            else:
                out.write(f"{r.score:.1f} {r.level} {r.hardest or '-'}\n")
            out.flush()
    if bad:
        click.echo(f"clew: {_plural(bad, 'line')} of {name} could not be rated", err=True)
        return EXIT_USAGE
    return EXIT_OK


@sudoku.command("hint", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@_symbols_option
def sudoku_hint(puzzle: str, symbols: str | None) -> int:
    """Print the next logical step of PUZZLE in one sentence: the technique, the cells and
    digits involved, and what it places or removes ('-' reads the puzzle from stdin).
    Exit status 1 when no technique applies (the puzzle needs search) or it is solved.

    \b
    Example:
      clew sudoku hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
    """
    from .sudoku.logic import hint, solve_logically

    text = _puzzle_argument(puzzle)
    step = hint(text, symbols=symbols)
    if step is None:
        done = solve_logically(text, symbols=symbols)
        click.echo("the puzzle is solved" if done.solved else "no technique applies: the rest needs search", err=True)
        return EXIT_FAILURE
    click.echo(step.text)
    return EXIT_OK


@sudoku.command("explain", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@_symbols_option
def sudoku_explain(puzzle: str, symbols: str | None) -> int:
    """Print the whole logical solution of PUZZLE, one step per line (numbered, with its
    rating), then the grid reached. Exit status 1 when logic gets stuck before the end.

    \b
    Example:
      clew sudoku explain 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
    """
    from .sudoku.logic import solve_logically

    result = solve_logically(_puzzle_argument(puzzle), symbols=symbols)
    for i, step in enumerate(result.steps, start=1):
        click.echo(f"{i}. [{step.rating:.1f}] {step.text}")
    click.echo(result.grid.to_text())
    if not result.solved:
        reason = result.contradiction or "no technique applies: the rest needs search"
        click.echo(f"clew: stuck after {_plural(len(result.steps), 'step')}: {reason}", err=True)
        return EXIT_FAILURE
    return EXIT_OK



# ---------------------------------------------------------------------------------------------
# clew journal
# ---------------------------------------------------------------------------------------------


COVER_FORMATS = ("names", "indices", "json")


@cli.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
def cover() -> None:
    """Exact cover (Knuth's Algorithm X / dancing links, with secondary items and colours).

    A problem is read in Knuth's DLX1/DLX2 format: the first line lists the primary items,
    then '|' and the secondary items; every further line is one option (its items; a
    secondary item may be written name:colour); lines starting with '|' are comments.
    """


@cover.command("solve", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("file", default="-", metavar="[FILE]")
@click.option("-c", "--count", "count_", is_flag=True, help="Print the number of solutions instead of them.")
@click.option(
    "-l",
    "--limit",
    type=Integer(1),
    default=None,
    metavar="K",
    help="Stop after K solutions (with --count: count up to K).",
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(COVER_FORMATS),
    default="names",
    show_default=True,
    help="names: one solution per line, its options as their items, separated by ' | '; "
    "indices: the option numbers (0 = the first option line), separated by spaces; json: "
    '{"solution": [numbers], "options": [[items], ...]} per line.',
)
@click.option(
    "-j",
    "--jobs",
    type=Integer(1),
    default=1,
    show_default=True,
    metavar="J",
    help="With --count and no --limit: split the search on its first choices and count the "
    "pieces on J processes.",
)
@click.option(
    "--engine",
    type=click.Choice(("auto", "links", "bits")),
    default="auto",
    show_default=True,
    help="links: dancing links (any size); bits: options as bit sets (fast while there are "
    "at most a few thousand options); auto: bits up to 8192 options. Both search the same tree.",
)
@click.option("-v", "--verbose", is_flag=True, help="Statistics on stderr: solutions, search nodes, time.")
def cover_solve(file: str, count_: bool, limit: int | None, fmt: str, jobs: int, engine: str, verbose: bool) -> int:
    """Solve the exact cover problem in FILE ('-' or nothing: stdin) and print its solutions,
    one per line, as they are found (memory stays flat however many there are).

    Exit status 0 if a solution was found (or with --count), 1 if there is none, 2 for a
    problem that cannot be read (the message names the line).

    \b
    Examples:
      clew cover solve problem.dlx
      clew cover solve problem.dlx --count -v
      clew cover solve problem.dlx --limit 10 --format indices
    """
    import json
    import time

    from .cover import Search, count as cover_count
    from .cover.knuth import read

    if jobs != 1 and not (count_ and limit is None):
        raise click.BadParameter("applies to --count without --limit only", param_hint="'--jobs'")
    data, name = _read_input(file, "problem", "")
    problem = read(data, name=name)

    def stats(found: int, nodes: int | None, seconds: float) -> None:
        if verbose:
            rate = f", {nodes / seconds:,.0f} nodes/s" if nodes and seconds > 0 else ""
            shown = f", {nodes:,} nodes" if nodes is not None else ""
            click.echo(f"clew: {_plural(found, 'solution')}{shown}, {seconds:.3f} s{rate}", err=True)

    if count_:
        t0 = time.perf_counter()
        if jobs == 1:
            search = Search(problem, limit, engine=engine)
            with _ctrl_c_kills():
                found = search.run()
            stats(found, search.nodes, search.seconds)
        else:
            found = cover_count(problem, jobs=jobs)
            stats(found, None, time.perf_counter() - t0)
        click.echo(found)
        return EXIT_OK
    out = sys.stdout
    search = Search(problem, limit, engine=engine)
    for solution in search:
        if fmt == "indices":
            line = " ".join(map(str, solution))
        elif fmt == "json":
            line = json.dumps({"solution": solution, "options": [list(problem.options[o]) for o in solution]})
        else:
            line = " | ".join(" ".join(problem.options[o]) for o in solution)
        out.write(line + "\n")
    out.flush()
    stats(search.count, search.nodes, search.seconds)
    return EXIT_OK if search.count else EXIT_FAILURE


@cli.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
def journal() -> None:
    """Journals of long counts (SQLite files written by --journal)."""


@journal.command("show", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def journal_show(file: str, as_json: bool) -> None:
    """Show where the count recorded in FILE stands: pieces done, the partial sum, time
    spent, and an estimate of the time left (one worker per core). The total appears only
    once every piece is in.
    """
    from .scale import Journal, combine
    from .scale.problems import describe

    with Journal.open(file, None, None) as book:
        progress = book.progress()
        answer = combine(book.problem, book.values()) if progress.complete else None
    left = progress.remaining_seconds(os.cpu_count() or 1)
    if as_json:
        click.echo(json.dumps({
            "problem": progress.problem,
            "pieces": progress.pieces,
            "done": progress.done,
            "partial": progress.partial,
            "elapsed": round(progress.elapsed, 3),
            "remaining": None if left is None else round(left, 3),
            "answer": answer,
        }))
        return
    click.echo(f"problem:   {describe(progress.problem)}")
    click.echo(f"pieces:    {progress.done} of {progress.pieces} done ({100 * progress.done / progress.pieces:.1f}%)")
    if answer is not None:
        click.echo(f"result:    total {answer['total']}" + (f", fundamental {answer['unique']}" if answer.get("unique") is not None else ""))
    else:
        click.echo(f"partial:   {progress.partial} (from the finished pieces; not a total)")
    click.echo(f"elapsed:   {progress.elapsed:.1f} s over {progress.runs} run(s)")
    if answer is None:
        click.echo("remaining: " + ("unknown (no piece done yet)" if left is None else f"about {left:.0f} s with {os.cpu_count() or 1} workers"))


# ---------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------


def run(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``) and return its exit status.

    Every error is reported here, in one line on stderr; nothing is raised.
    """
    from .errors import ClewError

    try:
        try:
            result = cli.main(args=argv, prog_name="clew", standalone_mode=False)
            sys.stdout.flush()
        except BrokenPipeError as exc:  # the last flush found the pipe closed
            raise _OutputClosed() from exc
    except _OutputClosed:
        _close_stdout_quietly()
        return EXIT_BROKEN_PIPE
    except _NO_ARGS_IS_HELP as exc:
        exc.show()  # a bare 'clew' or 'clew queens': the help, on stderr
        return EXIT_USAGE
    except click.ClickException as exc:
        message = _one_line(exc.format_message())
        ctx = getattr(exc, "ctx", None)
        if isinstance(exc, click.UsageError) and ctx is not None:
            message += f" (see '{ctx.command_path} --help')"
        click.echo(f"clew: error: {message}", err=True)
        return exc.exit_code
    except ClewError as exc:
        click.echo(f"clew: error: {_one_line(exc)}", err=True)
        return EXIT_USAGE
    except (click.Abort, KeyboardInterrupt):
        click.echo("clew: interrupted", err=True)
        return EXIT_INTERRUPTED
    return result if isinstance(result, int) else EXIT_OK


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point (``clew``, ``python -m clew``): exits with :func:`run`'s status."""
    sys.exit(run(argv))
