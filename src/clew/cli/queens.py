"""``clew queens``: count, solve, one, complete; trace, show, tree, play; compare.

The commands parse and check their arguments, call :mod:`clew.queens` (imported inside each
command, with numpy and the kernels), and print. Only Click and the standard library are
imported with this module, so that ``clew queens --help`` stays fast; the choices (which
stream of solutions, which form, how a board file is read) are the library's
(:mod:`clew.queens.output`, :func:`clew.queens.completion.complete_board`).
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import time
from typing import Any

import click

from ._common import (
    EXIT_FAILURE,
    EXIT_NONE,
    EXIT_OK,
    Group,
    Integer,
    _at_most,
    _OptionalArgument,
    _play,
    _summary_alone,
    _write_text,
    _write_trace,
    chosen_format,
    compile_notice,
    format_option,
    max_events_option,
    play_options,
    scale_arguments,
    scale_options,
    strategy_option,
    summary_option,
)

#: Output formats of ``clew queens solve`` (as ``clew.queens.output.SOLVE_FORMATS``, which a
#: test checks: Click needs them before the library is imported).
SOLVE_FORMATS = ("columns", "leetcode", "json", "board", "matrix")
#: Methods and output formats of ``clew queens one`` (``clew.queens.output.ONE_FORMATS``).
ONE_METHODS = ("construct", "local")
ONE_FORMATS = ("columns", "board", "json")
#: Methods (as ``queens.completion.METHODS``) and output formats of ``clew queens complete``.
COMPLETE_METHODS = ("mrv", "rows")
COMPLETE_FORMATS = ("columns", "board", "json")

#: --strategy of the queens traces, in the words of the queens search
_strategy_option = strategy_option(
    pruned="attacked squares never tried, the row or column with the fewest free squares first",
    textbook="first free row, an is_valid loop for each try",
)


#: The largest N of each task and why: ``clew.queens.board.LIMITS``, written here so that
#: ``clew queens --help`` imports nothing of the library (a test holds them equal).
LARGEST_N = {
    "count": (32, "the counting kernels keep a line of the board in a 64-bit mask"),
    "solve": (62, "the enumeration kernel keeps a row in a 64-bit mask; 32 in symmetry order"),
    "one": (1_000_000_000, "memory: about 16 bytes a queen, 40 with the local search"),
    "complete": (62, "a row or column of the board is one 64-bit mask"),
}


@click.group(cls=Group)
def queens() -> None:
    """N-Queens: place N queens on an N x N board, no two attacking each other.

    Rows and columns of solutions and squares count from 0 (indices, as in Python); every
    message names a square from 1 (r1c1 is the top left square). Every command that prints
    results takes --format json; every long one takes --jobs J (default 1, 'all': every core).
    """


def _no_solution(n: int) -> None:
    click.echo(
        f"clew: no solution exists for n = {n}: {n} queens always attack each other on a "
        f"{n}x{n} board",
        err=True,
    )


@queens.command("count")
@click.argument("n", type=Integer(1))
@click.option(
    "-u",
    "--unique",
    is_flag=True,
    help="Count fundamental solutions, i.e. classes under the 8 rotations and reflections "
    "of the board (OEIS A002562), instead of all solutions (A000170).",
)
@format_option(
    ("number", "json"),
    'number: the count alone; json: one object {"n", "total", "unique", "seconds"}: "total" '
    'is always the number of all solutions, "unique" the fundamental count with --unique and '
    'null without it, "seconds" the wall-clock time of the count.',
)
@scale_options("Worker threads (the kernels release the GIL).", pieces=True)
def queens_count(
    n: int, unique: bool, fmt: str, as_json: bool, pieces: int | None, **scale: Any
) -> None:
    """Count the solutions of the N x N board and print the number.

    N is at most 32 (the kernels keep the board's lines in 64-bit masks); time, not the
    limit, is what stops you: N = 16 takes seconds, every step up about 6-10 times longer.

    The count is cut into pieces (canonical border constellations) that run on --jobs
    threads (--jobs all: every core), or on a Dask cluster; with --journal a long count
    survives a crash or Ctrl-C.

    \b
    Examples:
      clew queens count 8             # 92
      clew queens count 8 --unique    # 12
      clew queens count 15 --jobs all --format json
      clew queens count 19 --jobs all --journal q19.sqlite   # Ctrl-C, then the same again resumes
    """
    from ..queens.board import MAX_COUNT_N
    from ..queens.counter import count_job

    _at_most(n, MAX_COUNT_N, "the counting kernels use 64-bit masks")
    options = scale_arguments(**scale)
    start = time.perf_counter()
    answer = count_job(n, unique=unique, pieces=pieces, **options)
    seconds = time.perf_counter() - start
    if chosen_format(fmt, as_json) == "json":
        line = json.dumps({**answer, "seconds": round(seconds, 6)})
    else:
        line = str(answer["unique"] if unique else answer["total"])
    click.echo(line)


@queens.command("solve")
@click.argument("n", type=Integer(1))
@click.option(
    "-l",
    "--limit",
    type=Integer(1),
    default=None,
    metavar="K",
    help="Stop after K solutions (default: all of them).",
)
@format_option(
    SOLVE_FORMATS,
    "columns: one line per solution, the 0-based column of the queen in each row; "
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
@click.option(
    "-u",
    "--unique",
    is_flag=True,
    help="Print only the fundamental solutions, one per class under the 8 rotations and "
    "reflections of the board (as many as 'clew queens count N --unique', OEIS A002562): "
    "each class as its canonical solution, the lexicographically smallest of its 8 images.",
)
def queens_solve(
    n: int, limit: int | None, fmt: str, as_json: bool, any_order: bool, unique: bool
) -> int:
    """Print the solutions of the N x N board in lexicographic order, as they are found
    (with --any-order: in symmetry order, several times faster; with --unique: one per
    symmetry class).

    N is at most 62 (the enumeration kernel keeps a row in a 64-bit mask). Output streams:
    memory stays flat however many solutions there are. The first solution in
    lexicographic order gets slow to reach beyond N of about 30. A board without a solution
    (N = 2, 3) prints nothing, says so on stderr and exits with status 1.

    \b
    Examples:
      clew queens solve 4                   # 1 3 0 2 / 2 0 3 1
      clew queens solve 8 --limit 1 --format board
      clew queens solve 12 | wc -l          # 14200
      clew queens solve 8 --unique | wc -l  # 12
    """
    from ..queens.board import MAX_COUNT_N, MAX_SOLVE_N
    from ..queens.output import write_solutions

    if any_order:
        _at_most(n, MAX_COUNT_N, "--any-order uses the 64-bit constellation kernels")
    else:
        _at_most(n, MAX_SOLVE_N, "the enumeration kernel keeps a row in a 64-bit mask")
    out = sys.stdout.buffer
    written = write_solutions(
        n, out, fmt=chosen_format(fmt, as_json), limit=limit, ordered=not any_order, unique=unique
    )
    out.flush()
    if not written:
        _no_solution(n)
        return EXIT_NONE
    return EXIT_OK


@queens.command("one")
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
@format_option(
    ONE_FORMATS,
    "columns: the 0-based column of the queen in each row, on one line; "
    "board: a Unicode chessboard (N at most 1000); "
    'json: one object {"n": N, "columns": [...]}.',
)
def queens_one(n: int, method: str, seed: int | None, fmt: str, as_json: bool) -> int:
    """Print one solution of the N x N board, for N up to 10**9, in linear time.

    There is no solution for N = 2 and 3: the command then says so on stderr and exits with
    status 1. Memory: about 16 bytes per queen with the construction, 40 with the local
    search (400 MB at N = 10**7); the columns and json forms are written in chunks of a
    million numbers, so printing adds about 10 MB however large N is.

    \b
    Examples:
      clew queens one 8                      # 1 3 5 7 2 0 6 4
      clew queens one 8 --format board
      clew queens one 1000 --method local --seed 7
      clew queens one 10000000 | wc -c
    """
    if seed is not None and method != "local":
        raise click.BadParameter(
            "only --method local uses a seed (the construction is always the same)",
            param_hint="'--seed'",
        )
    from ..queens import huge
    from ..queens.output import check_picture, write_solution

    _at_most(n, huge.MAX_ONE_N, "the limit of queens.one")
    fmt = chosen_format(fmt, as_json)
    check_picture(n, fmt)  # before the solution is made, not after
    try:
        cols = huge.one(n, method=method, seed=seed)
    except MemoryError:
        per_queen = huge.BYTES_PER_QUEEN[method]
        click.echo(
            f"clew: not enough memory to place {n} queens: --method {method} needs about "
            f"{per_queen} bytes per queen ({per_queen * n / 1e9:.1f} GB)",
            err=True,
        )
        return EXIT_FAILURE
    if cols is None:
        _no_solution(n)
        return EXIT_NONE
    out = sys.stdout.buffer
    write_solution(cols, out, fmt=fmt)
    out.flush()
    return EXIT_OK


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


@queens.command("complete")
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
@format_option(
    COMPLETE_FORMATS,
    "columns: the 0-based column of the queen in each row, on one line (with --count: the "
    'bare number); board: a Unicode chessboard; json: one object {"n", "columns", "count", '
    '"limit", "exact"}: "columns" the first completion (null when there is none), "count" the '
    'completions found, "limit" the limit of the count (null: none), "exact" whether "count" '
    "is the total.",
)
def queens_complete(
    n: int | None,
    placed: tuple[str, ...],
    blocked: tuple[str, ...],
    board_file: str | None,
    count_: bool,
    limit: int | None,
    method: str,
    fmt: str,
    as_json: bool,
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
    fmt = chosen_format(fmt, as_json)
    if limit is not None and not count_:
        raise click.BadParameter(
            "applies to --count only (without it one completion is printed)", param_hint="'--limit'"
        )
    if count_ and fmt == "board":
        raise click.BadParameter(
            "--count prints a number: use --format columns or json", param_hint="'--format'"
        )
    if n is None and board_file is None:
        raise click.UsageError("give the board size N or a board with --board")
    placed_squares = _parse_squares(placed, "--placed")
    blocked_squares = _parse_squares(blocked, "--blocked")

    from ..queens.board import MAX_COMPLETE_N
    from ..queens.completion import complete_board
    from ..queens.output import write_solution

    if n is not None:
        _at_most(n, MAX_COMPLETE_N, "a row or column of the board is one 64-bit mask")
    board = (
        None
        if board_file is None
        else getattr(sys.stdin, "buffer", sys.stdin)
        if board_file == "-"
        else board_file
    )
    result = complete_board(
        n, placed_squares, blocked_squares, board=board, limit=limit if count_ else 1, method=method
    )
    if fmt == "json":
        click.echo(json.dumps(result.to_dict()))
    elif count_:
        click.echo(str(result.count))
    elif result.possible:
        out = sys.stdout.buffer
        write_solution(result.first, out, fmt=fmt)
        out.flush()
    if count_:
        if not result.exact:
            click.echo(
                f"clew: stopped at --limit {limit}: there are at least {result.count} completions",
                err=True,
            )
        return EXIT_OK  # a count, 0 too, is an answer
    if not result.possible:
        click.echo("clew: impossible: this board has no completion", err=True)
        return EXIT_NONE
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# Seeing the search (issue 6): traces, pictures, the HTML player, the terminal animation
# ---------------------------------------------------------------------------------------------


@queens.command("trace")
@click.argument("n", type=Integer(1))
@_strategy_option
@max_events_option
@summary_option
def queens_trace(n: int, strategy: str, max_events: int, summary: bool) -> None:
    """Print the events of the search on an empty N x N board as JSON lines: place, prune
    (with why: column, diagonal, anti-diagonal, empty row/column, and the attacking queen),
    backtrack, solution, end; each with the counters nodes, backtracks, solutions, depth.

    The search goes on after each solution to the end of the tree, for all of them, as the
    tutorials that count the solutions do. A backtrack is counted when a queen is taken back
    because no solution extends it (a dead end). In the JSON, rows and columns count from 0
    (indices for programs); in every message, from 1 (r1c1 is row 0, column 0).

    \b
    Examples:
      clew queens trace 4 --strategy textbook
      clew queens trace 8 | grep -c '"type": "solution"'
      clew queens trace 10 --strategy textbook --summary
    """
    from ..queens import trace
    from ..queens.trace import MAX_TRACE_N

    _at_most(n, MAX_TRACE_N, "a trace is for watching")
    if summary:
        _summary_alone()
        _write_trace(trace(n, strategy, summary=True), None)
        return
    _write_trace(trace(n, strategy, max_events=max_events), max_events)


@queens.command("show")
@click.argument("n", type=Integer(1))
@click.option(
    "-c",
    "--columns",
    metavar="'C0 C1 ..'",
    default=None,
    help="The column of the queen of each row (from 0; '.' for a row without one); default: "
    "the first solution in lexicographic order.",
)
@click.option(
    "--svg",
    "svg",
    metavar="FILE",
    default=None,
    help="Write an SVG picture to FILE ('-': stdout) instead of text.",
)
@click.option("--attacked", is_flag=True, help="Shade the squares the queens attack (SVG).")
def queens_show(n: int, columns: str | None, svg: str | None, attacked: bool) -> int:
    """Draw an N x N board with queens: a solution, or the queens given by --columns.

    Queens that attack each other are drawn all the same, with a warning on stderr that names
    them (rows and columns counted from 1, r1c1 the top left square).

    \b
    Examples:
      clew queens show 8
      clew queens show 8 --svg board.svg --attacked
      clew queens show 6 --columns '1 3 5 . . .' --svg partial.svg --attacked
    """
    from ..queens import solutions

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
            raise click.BadParameter(
                f"{len(parts)} rows given for a board of {n}", param_hint="'--columns'"
            )
        cols = []
        for part in parts:
            if part == ".":
                cols.append(None)
            elif part.isdigit() and int(part) < n:
                cols.append(int(part))
            else:
                raise click.BadParameter(
                    f"{part!r} is not a column from 0 to {n - 1} or '.'", param_hint="'--columns'"
                )
        cols += [None] * (n - len(cols))
        _warn_attacks(n, cols)
    if svg is not None:
        from ..viz.svg import queens_svg

        _write_text(queens_svg(n, cols, attacked=attacked), svg)
        return EXIT_OK
    for r in range(n):
        click.echo(" ".join("Q" if cols[r] == c else "." for c in range(n)))
    return EXIT_OK


def _warn_attacks(n: int, cols: list[int | None]) -> None:
    """A warning on stderr naming two queens of ``cols`` that attack each other, if any: the
    board is still drawn (a picture of a mistake is what a learner may want)."""
    from ..viz.svg import attacking_pairs

    pairs = attacking_pairs(n, cols)
    if not pairs:
        return
    (r1, c1), (r2, c2), why = pairs[0]
    more = len(pairs) - 1
    tail = f", and {more} more {'pair' if more == 1 else 'pairs'}" if more else ""
    line = {
        "column": "in the same column",
        "diagonal": "on a diagonal",
        "anti-diagonal": "on an anti-diagonal",
    }[why]
    click.echo(
        f"clew: warning: the queens on r{r1 + 1}c{c1 + 1} and r{r2 + 1}c{c2 + 1} attack each other "
        f"({line}){tail}",
        err=True,
    )


@queens.command("tree")
@click.argument("n", type=Integer(1))
@click.option(
    "--svg",
    "svg",
    metavar="FILE",
    default="-",
    show_default=True,
    help="Write the SVG picture to FILE ('-': stdout).",
)
@_strategy_option
@click.option(
    "--max-nodes",
    type=Integer(1),
    default=2000,
    show_default=True,
    metavar="K",
    help="Refuse trees of more than K nodes.",
)
def queens_tree(n: int, svg: str, strategy: str, max_nodes: int) -> None:
    """Draw the search tree of N-Queens: every placement a node, refused squares and empty
    lines as pruned leaves, solutions highlighted. Readable for N = 4 and 5.

    \b
    Examples:
      clew queens tree 4 --svg tree.svg --strategy textbook
      clew queens tree 5 --svg tree5.svg
    """
    from ..queens import trace
    from ..viz.svg import TreeTooLargeError, tree_svg

    _at_most(n, 12, "the tree of a larger board does not fit a picture")
    events = list(trace(n, strategy, max_events=20 * max_nodes))
    try:
        picture = tree_svg(events, max_nodes=max_nodes)
    except TreeTooLargeError as exc:
        # the library's words name its keyword; here the reader typed an option
        raise click.BadParameter(
            f"the search tree has more than {exc.limit} nodes ({exc.seen} so far): draw a smaller "
            "board (a smaller N) or raise --max-nodes",
            param_hint="'--max-nodes'",
        ) from None
    _write_text(picture, svg)


@queens.command("play")
@click.argument("n", type=Integer(1))
@_strategy_option
@max_events_option
@play_options
def queens_play(
    n: int, strategy: str, max_events: int, html: str | None, animate: bool, fps: float
) -> None:
    """Watch the search on an N x N board: --html FILE writes a self-contained player (play,
    pause, step forward and back, next solution, speed, counters, the current path, the
    squares the queens attack); --animate plays it in the terminal.

    The search goes on to all the solutions, as the tutorials that count them do; stderr
    says when the trace was cut at --max-events.

    \b
    Examples:
      clew queens play 6 --html queens6.html
      clew queens play 5 --strategy textbook --animate --fps 20
    """
    from ..queens import trace
    from ..queens.trace import MAX_TRACE_N

    _at_most(n, MAX_TRACE_N, "a trace is for watching")
    events = trace(n, strategy, max_events=max_events)
    _play(
        list(events) if html is not None else events,
        html,
        animate,
        fps,
        "queens",
        max_events=max_events,
        n=n,
    )


# ---------------------------------------------------------------------------------------------
# The eight-queens ladder: every method of the tutorials on one board
# ---------------------------------------------------------------------------------------------


@queens.command("compare")
@click.argument("n", type=Integer(1))
@click.option(
    "--limit",
    type=Integer(1),
    default=None,
    metavar="P",
    help="Run no method that would examine more than P placements (default: 10**10); its "
    "work is still shown, exact or estimated.",
)
@format_option(
    ("table", "json"),
    'table: one line per method; json: one object {"n", "limit", "methods"}: per method its '
    '"key", "method", "examined", "exact", "nodes", "seconds", "count", "note" and "ran" '
    "(null where a method was not run or has nothing to report).",
)
def queens_compare(n: int, limit: int | None, fmt: str, as_json: bool) -> None:
    """Count the solutions of the N x N board by every method the tutorials show, and print
    what each examined, the queens it placed, its time and its count.

    The ladder: every placement of N queens on the N^2 squares (C(N^2, N), 4,426,165,368
    for N = 8), one queen per row (N^N), backtracking with an is_valid loop, with column
    and diagonal flags, with bitmasks, and clew's counter. All but clew's are compiled
    alike, so the table compares methods, not languages. Every method that runs finds the
    same count; one that would examine more than --limit placements is not run, and its
    work is shown (exact, or estimated with a '~').

    \b
    Examples:
      clew queens compare 8          # the brute force over C(64, 8) takes seconds
      clew queens compare 12 --format json
    """
    from ..queens.board import MAX_COUNT_N
    from ..queens.ladder import compare

    _at_most(n, MAX_COUNT_N, "the counters use 64-bit masks")
    compile_notice(
        "queens/compiled/_kernels_ladder.py",
        "queens/compiled/_kernels_count.py",
        "queens/compiled/_kernels_count_scan.py",
    )
    # Ctrl-C stops it at once, with the one line of every interrupted command: the library
    # waits for its compiled loops in a way that sees it
    ladder = compare(n) if limit is None else compare(n, limit=limit)
    click.echo(
        json.dumps(ladder.to_dict()) if chosen_format(fmt, as_json) == "json" else str(ladder)
    )


def _group_help() -> str:
    """The help of ``clew queens``: its words, then the commands the group holds and the
    largest board of each task, made from the group and from :data:`LARGEST_N`, so that a
    command added or a limit changed changes the help."""
    names = ", ".join(f"'{name}'" for name in sorted(queens.commands))
    limits = "; ".join(f"{name} {high:,} ({why})" for name, (high, why) in LARGEST_N.items())
    words = inspect.cleandoc(queens.help or "")
    return f"{words}\n\nIts commands: {names}.\n\nLargest N: {limits}."


queens.help = _group_help()
