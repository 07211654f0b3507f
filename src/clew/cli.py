"""The ``clew`` command line: ``clew <problem> <command> [options]``.

Each problem is a Click group (``clew queens`` today; ``sudoku``, ``cover`` and ``journal``
are meant to join it as siblings) whose commands are thin wrappers over the Python API:
parse and check the arguments, call the library, print. Data goes to stdout, diagnostics to
stderr, and no traceback ever reaches the user:

* a bad argument (wrong type, out of range, unknown option) prints one line,
  ``clew: error: <message> (see 'clew ... --help')``, and exits with status 2;
* a :class:`~clew.errors.ClewError` raised by the library is an input error too: it prints
  ``clew: error: <message>`` and exits with status 2;
* a reader that stops early (``clew queens solve 12 | head -1``) ends the run quietly with
  status 141, as a program killed by SIGPIPE would;
* Ctrl-C prints ``clew: interrupted`` and exits with status 130.

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
    'solve' prints them in lexicographic order.
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
def queens_count(n: int, unique: bool, jobs: int | None, as_json: bool) -> None:
    """Count the solutions of the N x N board and print the number.

    N is at most 32 (the kernels keep the board's lines in 64-bit masks); time, not the
    limit, is what stops you: N = 16 takes seconds, every step up about 6-10 times longer.

    \b
    Examples:
      clew queens count 8             # 92
      clew queens count 8 --unique    # 12
      clew queens count 15 --jobs 2 --json
    """
    from .queens import solver

    _at_most(n, solver.MAX_COUNT_N, "the counting kernels use 64-bit masks")
    start = time.perf_counter()
    total, fundamental = _count(n, unique=unique, jobs=jobs)
    seconds = time.perf_counter() - start
    if as_json:
        line = json.dumps({"n": n, "total": total, "unique": fundamental, "seconds": round(seconds, 6)})
    else:
        line = str(fundamental if unique else total)
    click.echo(line)


def _count(n: int, *, unique: bool, jobs: int | None) -> tuple[int, int | None]:
    """``(total, fundamental)``; ``fundamental`` is None unless ``unique``."""
    from .queens import solver

    if not unique:
        return solver.count(n, jobs=jobs), None
    return solver.counts(n, jobs=jobs)


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
