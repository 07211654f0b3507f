"""``clew sudoku``: solve, show, generate, rate, hint, explain; trace, play.

The commands parse and check their arguments, call :mod:`clew.sudoku` (imported inside each
command, with numpy and the kernels), and print. Only Click and the standard library are
imported with this module, so that ``clew sudoku --help`` stays fast.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from ._common import (
    EXIT_NONE,
    EXIT_OK,
    EXIT_USAGE,
    Group,
    Integer,
    _ctrl_c_kills,
    _one_line,
    _OptionalArgument,
    _play,
    _plural,
    _read_input,
    _summary_alone,
    _write_text,
    _write_trace,
    chosen_format,
    format_option,
    max_events_option,
    play_options,
    scale_arguments,
    scale_options,
    strategy_option,
    summary_option,
    symbols_option,
)

#: Output formats of ``clew sudoku solve``.
SUDOKU_FORMATS = ("line", "grid", "json")
#: The JSON fields of ``clew sudoku generate`` (those of clew.sudoku.Generated.to_dict: the
#: help lists them, and a test holds the two to each other).
GENERATE_FIELDS = ("puzzle", "solution", "shape")
GENERATE_RATED_FIELDS = ("score", "level", "er", "ep", "ed")

#: --symbols of every sudoku command but 'solve' (which explains it)
_symbols_option = symbols_option("The alphabet of the digits (see 'clew sudoku solve --help').")


def _shape_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--box and --variant: the shape of every puzzle (jigsaw and killer lines carry their own
    regions and cages, see 'clew sudoku solve --help')."""
    command = click.option(
        "--variant",
        "variant",
        type=click.Choice(("x", "windoku")),
        multiple=True,
        help="A variant's extra rule, repeatable: x (both main diagonals hold every digit "
        "once), windoku (four more 3x3 windows on a 9x9 grid).",
    )(command)
    return click.option(
        "--box",
        "box",
        metavar="RxC",
        default=None,
        help="Boxes of R rows and C columns, e.g. 3x4 for 12x12 (default: the squarest, "
        "2x3 for 6x6, 3x4 for 12x12).",
    )(command)


def _shape_arguments(box: str | None, variant: tuple[str, ...]) -> dict[str, Any]:
    """--box and --variant as the library's keyword arguments; a bad box is a usage error."""
    if box is not None:
        from ..sudoku.shape import ShapeError, parse_box

        try:
            parse_box(box)
        except ShapeError as exc:
            raise click.BadParameter(_one_line(exc), param_hint="'--box'") from None
    return {"box": box, "variant": "+".join(variant) or None}


#: --strategy of the sudoku traces, in the words of the sudoku search
_strategy_option = strategy_option(
    pruned="naked and hidden singles placed as forced moves, guesses on the cell with the "
    "fewest candidates first",
    textbook="first empty cell, an is_valid loop for each try",
)

_SUDOKU_SOLVE_EPILOG = (
    "Exit status: 0 answered: every puzzle solved (with --unique: unique; with --count: "
    "counted); 1 answered 'none': some puzzle without a solution (with --unique: or with "
    "several); 2 bad input: a bad option, an unreadable or empty input, or any invalid "
    "puzzle line (every other line is still answered); 130 interrupted; 141 output closed "
    "early (as with '| head')."
)


#: The logical solver's commands, in a module of their own (:mod:`._sudoku_logic`).
_LOGIC_COMMANDS = {
    name: f"{__package__}._sudoku_logic:sudoku_{name}" for name in ("rate", "hint", "explain")
}


# The shapes and variants in this help are those of the library's registries
# (clew.sudoku.shape.SIZES and VARIANT_RULES): tests/cli/test_sudoku.py holds the help to them.
# It is written out, not read from them, so that 'clew sudoku --help' imports no clew.sudoku.
@click.group(cls=Group, lazy_subcommands=_LOGIC_COMMANDS)
def sudoku() -> None:
    """Sudoku of every shape and variant: solve, count, generate, rate, explain.

    'solve' answers a file of puzzles, one per line, or one puzzle given as its argument: the
    solution, the number of solutions (--count) or whether the solution is unique (--unique);
    'show' draws one puzzle with its
    box lines. 'generate' makes new puzzles with exactly one solution; 'rate' grades puzzles
    by the hardest human technique they need; 'hint' prints the next logical step and
    'explain' the whole logical solution. Seeing the search: 'trace' prints its events as
    JSON lines; 'play' replays it in an HTML player or in the terminal.

    Shapes: sides 4 to 25: the classic k^2 x k^2 grids (4x4, 9x9, 16x16, 25x25) and
    rectangular boxes with --box RxC (2x3 for 6x6, 2x4 for 8x8, 3x4 for 12x12; the squarest
    box by default). Variants: x (both main diagonals hold every digit once: --variant x);
    windoku (four more windows of k x k cells: --variant windoku); jigsaw (irregular regions
    instead of boxes: a line '<cells> <regions>'); killer (cages of different digits with a
    given sum: a line '[<cells>] <cage letters> <sums>'); extra (more all-different regions:
    the library's extra= keyword).

    Puzzles are written as one line of n*n cells: the digits 1-9, then the letters A, B, ...
    for 10, 11, ... (either case; G is 16, P is 25), and '.' or '0' for a blank. A puzzle in
    another alphabet, such as 0-F for 16x16, is read with --symbols 0123456789ABCDEF
    ('0' is then a digit and only '.' a blank).
    """


#: How the errors about the FILE|PUZZLE argument of 'solve' and 'rate' name it.
_SOURCE_HINT = "'FILE|PUZZLE'"

#: --line-numbers of 'solve' and 'rate'
_line_numbers_option = click.option(
    "--line-numbers",
    is_flag=True,
    help="Start each answer with the number of its puzzle's line in the input, 'LINE: ANSWER' "
    "(blank lines and comments are counted, so LINE is where the puzzle is); --format line "
    'only (a JSON object has "line").',
)


def _check_alphabet(symbols: str | None) -> str | None:
    """--symbols of a file of puzzles, checked once, before any line is read: a bad alphabet
    is one usage error, not an 'invalid' answer on every line. An alphabet has one symbol
    per digit, so its length is the side of a grid: 4, 9, 16 or 25."""
    if symbols is None:
        return None
    from ..sudoku.grid import check_symbols
    from ..sudoku.shape import MAX_SIDE, MIN_SIDE, SudokuInputError

    try:
        check_symbols(symbols)
    except SudokuInputError as exc:
        raise click.BadParameter(_one_line(exc), param_hint="'--symbols'") from None
    if not MIN_SIDE <= len(symbols) <= MAX_SIDE:
        raise click.BadParameter(
            f"{symbols!r} has {_plural(len(symbols), 'symbol')}; an alphabet has one per digit: "
            f"{MIN_SIDE} to {MAX_SIDE} (for 4x4 to 25x25 puzzles)",
            param_hint="'--symbols'",
        )
    return symbols


def _source(source: str) -> dict[str, Any]:
    """FILE|PUZZLE of 'solve' and 'rate' as the library takes it: stdin's bytes for '-',
    else the argument itself (an existing file, or one puzzle: clew.sudoku.files.source decides)."""
    if source == "-":
        data, name = _read_input("-")
        return {"source": data, "name": name}
    return {"source": source}


@sudoku.command("solve", epilog=_SUDOKU_SOLVE_EPILOG)
@click.argument(
    "source", cls=_OptionalArgument, default="-", required=False, metavar="[FILE|PUZZLE]"
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
@format_option(
    SUDOKU_FORMATS,
    "line: one line per puzzle, the solution in the one-line form or a marker ('no "
    "solution', 'not unique', 'invalid: REASON'); grid: each solution drawn with the lines of "
    "its boxes or jigsaw regions, separated by blank lines; json: one object per puzzle, "
    '{"line", "puzzle", "status", "solution"} ({"count", "exact"} instead of "solution" with '
    '--count; "error" for an invalid line).',
)
@_line_numbers_option
@symbols_option(
    "The alphabet of the digits, the i-th symbol standing for digit i, e.g. "
    "0123456789ABCDEF for 16x16 puzzles written in hexadecimal (default: 1-9 then A-P); "
    "4 to 25 distinct symbols."
)
@_shape_options
@scale_options(
    "Worker threads (the kernels release the GIL).",
    journal_help="Record every finished chunk of puzzles in this SQLite journal; running the same "
    "command on the same file again resumes and prints exactly what one uninterrupted run "
    "prints. A journal of another job, or one that another run is writing, is refused.",
)
def sudoku_solve(
    source: str,
    count_: bool,
    unique: bool,
    limit: int | None,
    fmt: str,
    as_json: bool,
    line_numbers: bool,
    symbols: str | None,
    box: str | None,
    variant: tuple[str, ...],
    **scale: Any,
) -> int:
    """Solve the puzzles in FILE ('-' or nothing: stdin), one per line, and print one answer
    per puzzle, in the same order. Instead of a file, a single PUZZLE may be given, e.g.
    'clew sudoku solve 53..7....6..' (an argument that is not an existing file).

    Blank lines and lines starting with # are skipped; CRLF line ends are fine. A puzzle
    line is n*n cells (n = 4 to 25: 16, 36, 81, 144, 256, ...; see 'clew sudoku --help'
    for the symbols); spaces and | - + box lines inside it are ignored. The boxes are the
    squarest (2x3 for 6x6) unless --box says otherwise; --variant x / windoku adds a rule.
    A jigsaw line is '<cells> <regions>' (the region of each cell as a letter); a killer
    line is '[<cells>] <cage letters> <sums>' (the cage of each cell as a letter A-Z a-z,
    then the sums, comma-separated, in the order the letters first appear). A line that is
    not a valid puzzle (wrong length, a symbol that is not a digit, two givens that break a
    rule) prints 'invalid: REASON' and the other lines are still answered.

    The whole file is read into one array and solved in chunks by the kernel, on --jobs
    threads (or on Dask); answers come out in file order as the chunks finish. An input with
    no puzzle (empty, or only blank lines and comments), a binary file, or an argument that
    is neither a file nor a puzzle is bad input (exit status 2).

    \b
    Examples:
      clew sudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku solve puzzles.txt
      clew sudoku solve puzzles.txt --unique --jobs 2 --line-numbers
      clew sudoku solve --count --limit 1000 < puzzles.txt
      echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | clew sudoku solve - --format grid
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    fmt = chosen_format(fmt, as_json)
    if count_ and unique:
        raise click.UsageError("use --count or --unique, not both")
    if limit is not None and not count_:
        raise click.BadParameter("applies to --count only", param_hint="'--limit'")
    if count_ and fmt == "grid":
        raise click.BadParameter(
            "--count prints numbers: use --format line or json", param_hint="'--format'"
        )
    if line_numbers and fmt != "line":
        raise click.BadParameter("applies to --format line only", param_hint="'--line-numbers'")
    symbols = _check_alphabet(symbols)
    shape = _shape_arguments(box, variant)

    from ..sudoku.files.solve import Tally, solve_file

    mode = "count" if count_ else ("unique" if unique else "solve")
    chunks = solve_file(
        **_source(source),
        mode=mode,
        limit=limit,
        symbols=symbols,
        **shape,
        **scale_arguments(**scale),
    )

    def answer(a: Any) -> str:
        """One answer as printed in the json and grid formats (the line format is written
        in bulk by the library)."""
        if fmt == "json":
            return json.dumps(a.to_dict())
        if a.status == "invalid":
            return f"invalid: {a.error}"
        text: str = a.status if a.grid is None else a.grid.to_text()  # drawn with its shape
        return text

    tally = Tally()
    out = sys.stdout.buffer
    separator = "\n\n" if fmt == "grid" else "\n"
    sys.stdout.flush()
    for chunk in chunks:
        if fmt == "line":  # the bulk path: a file of a million lines is written in chunks
            chunk.tally(tally)
            out.write(chunk.line_text(line_numbers).encode("utf-8"))
            out.flush()
            continue
        block = separator.join(answer(tally.add(a)) for a in chunk) + "\n"
        if fmt == "grid" and tally.puzzles > len(chunk):
            block = "\n" + block
        out.write(block.encode("utf-8"))
        out.flush()
    summary = tally.summary()
    if summary:  # bad input (a line that is no puzzle) is said as every error is
        click.echo(f"clew: {'error: ' if tally.invalid else ''}{summary}", err=True)
    return {"invalid": EXIT_USAGE, "failed": EXIT_NONE}.get(tally.outcome, EXIT_OK)


@sudoku.command("show")
@click.argument("puzzle")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(("grid", "line", "svg")),
    default="grid",
    show_default=True,
    help="grid: drawn with box lines; line: the one-line form ('.' for a blank); svg: the "
    "picture, on stdout.",
)
@_symbols_option
@click.option(
    "--svg",
    "svg",
    metavar="FILE",
    default=None,
    help="Write an SVG picture to FILE ('-': stdout) instead of text.",
)
@click.option(
    "--solve",
    "solve_",
    is_flag=True,
    help="Fill in the solution (in the SVG, in another colour than the givens).",
)
@_shape_options
def sudoku_show(
    puzzle: str,
    fmt: str,
    symbols: str | None,
    svg: str | None,
    solve_: bool,
    box: str | None,
    variant: tuple[str, ...],
) -> int:
    """Draw PUZZLE with its box lines. PUZZLE is the puzzle's text, e.g. one line of 81
    cells; '-' reads it from stdin (a line, or a grid drawn over several lines).

    Two givens that break a rule are drawn all the same, with a warning on stderr.

    \b
    Examples:
      clew sudoku show 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku show - --format line < drawn.txt
      clew sudoku show 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --solve --svg leet.svg
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    from ..sudoku.grid import Grid, conflict_message

    grid = Grid(_puzzle_argument(puzzle), symbols=symbols, **_shape_arguments(box, variant))
    found = grid.conflict()
    if found is not None:
        click.echo(
            f"clew: warning: {conflict_message(found, grid)}: this puzzle has no solution", err=True
        )
    shown = grid
    if solve_:
        from ..sudoku import solve

        if found is not None:
            return EXIT_NONE
        shown = solve(grid)
        if shown is None:
            click.echo("clew: this puzzle has no solution", err=True)
            return EXIT_NONE
    if svg is not None or fmt == "svg":
        from ..viz.svg import sudoku_svg

        _write_text(sudoku_svg(grid, shown if solve_ else None), "-" if svg is None else svg)
        return EXIT_OK
    click.echo(shown.to_text() if fmt == "grid" else shown.to_line())
    return EXIT_OK


def _puzzle_argument(puzzle: str) -> str | bytes:
    """PUZZLE, or stdin's bytes for '-' (the library reads them: one reader of puzzle text,
    one error for a binary input)."""
    if puzzle != "-":
        return puzzle
    return _read_input("-", "the puzzle", "")[0]


#: --all of the sudoku traces: LeetCode 37's solver stops at the first solution, and so do they
_all_option = click.option(
    "--all",
    "all_solutions",
    is_flag=True,
    help="Search on after the first solution, to the end of the tree, for every solution "
    "(default: stop at the first, as LeetCode 37's solver does).",
)


@sudoku.command("trace")
@click.argument("puzzle")
@_strategy_option
@max_events_option
@summary_option
@_all_option
@_symbols_option
@_shape_options
def sudoku_trace(
    puzzle: str,
    strategy: str,
    max_events: int,
    summary: bool,
    all_solutions: bool,
    symbols: str | None,
    box: str | None,
    variant: tuple[str, ...],
) -> None:
    """Print the events of the search on PUZZLE as JSON lines: place (a guess, or a naked or
    hidden single), prune (a digit refused by its row, column or box; a cell with no digit
    left; a digit with no place left), backtrack (the cells emptied), solution, end; each
    with the counters nodes, backtracks, solutions, depth.

    The search stops at the first solution (--all: goes on for every one). A backtrack is
    counted when a placement is undone because no solution extends it (a dead end). In the
    JSON, rows, columns and cells count from 0 (indices for programs) and digits from 1; in
    every message rows and columns count from 1 (r1c1 is the top left cell).

    \b
    Examples:
      clew sudoku trace 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku trace 1............... --strategy textbook --max-events 50
      clew sudoku trace 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --strategy textbook --summary
      clew sudoku trace 1.....2.....3.....4.....5.....6..... --box 2x3
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    from ..sudoku.tracing import trace

    text = _puzzle_argument(puzzle)
    shape = _shape_arguments(box, variant)
    if summary:
        _summary_alone()
        _write_trace(
            trace(
                text, strategy, symbols=symbols, all_solutions=all_solutions, summary=True, **shape
            ),
            None,
        )
        return
    _write_trace(
        trace(
            text,
            strategy,
            max_events=max_events,
            symbols=symbols,
            all_solutions=all_solutions,
            **shape,
        ),
        max_events,
    )


@sudoku.command("play")
@click.argument("puzzle")
@_strategy_option
@max_events_option
@_all_option
@play_options
@_symbols_option
@_shape_options
def sudoku_play(
    puzzle: str,
    strategy: str,
    max_events: int,
    all_solutions: bool,
    html: str | None,
    animate: bool,
    fps: float,
    symbols: str | None,
    box: str | None,
    variant: tuple[str, ...],
) -> None:
    """Watch the search on PUZZLE: --html FILE writes a self-contained player (play, pause,
    step forward and back, next solution, speed, counters, the current guesses); --animate
    plays it in the terminal.

    The search stops at the first solution (--all: goes on for every one); stderr says when
    the trace was cut at --max-events.

    \b
    Examples:
      clew sudoku play 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --html leet.html
      clew sudoku play 1............... --strategy textbook --animate
      clew sudoku play "AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4" --html killer.html
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    from ..sudoku import Grid
    from ..sudoku.tracing import trace

    text = _puzzle_argument(puzzle)
    shape = _shape_arguments(box, variant)
    grid = Grid(text, symbols=symbols, **shape)
    events = trace(
        text, strategy, max_events=max_events, symbols=symbols, all_solutions=all_solutions, **shape
    )
    _play(
        list(events) if html is not None else events,
        html,
        animate,
        fps,
        "sudoku",
        max_events=max_events,
        puzzle=grid,
    )


@sudoku.command("generate")
@click.option(
    "-n",
    "--count",
    "count_",
    type=Integer(1),
    default=1,
    show_default=True,
    metavar="K",
    help="How many puzzles.",
)
@click.option(
    "--size",
    type=click.Choice(("4", "9", "16")),
    default=None,
    help="The side of the grid (default 9, or the side of --box).",
)
@click.option(
    "--box",
    "box",
    metavar="RxC",
    default=None,
    help="Boxes of R rows and C columns: 2x3 makes 6x6 puzzles, 2x4 8x8, 3x4 12x12.",
)
@click.option(
    "--variant",
    "variant",
    type=click.Choice(("x", "windoku", "jigsaw", "killer")),
    multiple=True,
    help="Repeatable; jigsaw and killer lines carry their regions and cages, x and windoku are "
    "flags of 'solve'.",
)
@click.option(
    "-d",
    "--difficulty",
    type=click.Choice(("easy", "medium", "hard", "expert", "extreme")),
    default=None,
    help="Only puzzles that rate at this level (see 'clew sudoku rate --help'); 4x4, 9x9, and "
    "every shape and variant up to 12x12.",
)
@click.option(
    "--rating",
    "rating",
    metavar="LO-HI",
    default=None,
    help="Only puzzles whose ER (Sudoku Explainer's rating, see 'rate') lies in LO-HI, e.g. "
    "6.6-7.5: 9x9, and every shape and variant up to 12x12.",
)
@click.option(
    "--symmetry",
    type=click.Choice(("none", "rotational", "diagonal", "mirror")),
    default="none",
    show_default=True,
    help="Keep the givens' positions symmetric: rotational (half turn), diagonal (main "
    "diagonal) or mirror (left-right).",
)
@click.option(
    "--attempts",
    type=Integer(1),
    default=None,
    metavar="A",
    help="With --difficulty or --rating: candidates rated per puzzle before giving up (default "
    "200 for easy, 300 for medium, 1000 otherwise); a run that gives up exits with status 1.",
)
@click.option(
    "--minimal/--no-minimal",
    default=None,
    help="Remove givens until none can go without losing uniqueness.",
)
@click.option(
    "--seed",
    type=Integer(0),
    default=None,
    metavar="S",
    help="Seed: the same seed gives the same puzzles.",
)
@format_option(
    ("line", "grid", "json"),
    "line: one puzzle per line; grid: drawn; json: one object per puzzle, "
    + ", ".join(f'"{f}"' for f in GENERATE_FIELDS)
    + ", and with --difficulty or --rating "
    + ", ".join(f'"{f}"' for f in GENERATE_RATED_FIELDS)
    + ".",
)
@scale_options(
    "Worker processes; the puzzles come in the same order.",
    journal_help="Record every finished batch of puzzles in this SQLite journal (needs --seed); "
    "running the same command again resumes and prints the same puzzles.",
)
def sudoku_generate(
    count_: int,
    size: str | None,
    box: str | None,
    variant: tuple[str, ...],
    difficulty: str | None,
    rating: str | None,
    symmetry: str,
    attempts: int | None,
    minimal: bool | None,
    seed: int | None,
    fmt: str,
    as_json: bool,
    **scale: Any,
) -> int:
    """Print new proper puzzles (exactly one solution each, proven by the solver), one per
    line.

    With --difficulty, candidates are drawn and rated until one is at that level, at most
    --attempts of them per puzzle; when none is, the run stops with exit status 1 (the
    puzzles printed so far are good).

    \b
    Examples:
      clew sudoku generate --count 1000 --seed 1 > puzzles.txt
      clew sudoku generate --difficulty hard --symmetry rotational --format grid
      clew sudoku generate --rating 4.0-6.0 --count 3
      clew sudoku generate --size 16 --minimal
      clew sudoku generate --box 2x3 --count 5
      clew sudoku generate --variant killer --seed 1
    """
    from ..sudoku.generation.generator import DifficultyNotReachedError, generate_many
    from ..sudoku.generation.shapes import puzzle_line

    fmt = chosen_format(fmt, as_json)
    if scale["journal"] and seed is None:
        raise click.BadParameter(
            "needs --seed: a run without a seed cannot be resumed", param_hint="'--journal'"
        )
    if attempts is not None and difficulty is None and rating is None:
        raise click.BadParameter(
            "applies to --difficulty and --rating only", param_hint="'--attempts'"
        )
    options = scale_arguments(**scale)
    out = sys.stdout
    shape = _shape_arguments(box, ()) if box is not None else {}
    if variant:
        shape["variant"] = "+".join(variant)
    made = generate_many(
        count_,
        None if size is None else int(size),
        difficulty=difficulty,
        symmetry=symmetry,
        minimal=minimal,
        seed=seed,
        attempts=attempts,
        rating=rating,
        **shape,
        **options,
    )
    # one job in this process: Ctrl-C ends it at once; a run through clew.scale cancels itself
    alone = options["jobs"] == 1 and not (
        options["journal"] or options["dask"] or options["scheduler"]
    )
    try:
        with _ctrl_c_kills() if alone else contextlib.nullcontext():
            for i, g in enumerate(made):
                if fmt == "line":
                    out.write(puzzle_line(g.puzzle) + "\n")
                elif fmt == "grid":
                    rules = g.puzzle.to_variant_line().split(" ", 1)[
                        1:
                    ]  # a jigsaw's regions, a killer's cages
                    out.write(
                        ("\n" if i else "")
                        + g.puzzle.to_text()
                        + "\n"
                        + "".join(r + "\n" for r in rules)
                    )
                else:
                    out.write(json.dumps(g.to_dict()) + "\n")
                out.flush()
    except DifficultyNotReachedError as exc:
        # the search ran and found nothing at that level: a failure (1), not bad input (2),
        # and the way out is an option of this command, not the library's attempts=
        size = size or "9"
        if rating is not None:
            way_out = (
                f"try another --rating, or more candidates with --attempts (above {exc.attempts})"
            )
        elif size == "4" and exc.level != "easy":
            way_out = "4x4 puzzles almost always rate easy: use --size 9 or --difficulty easy"
        else:
            way_out = (
                "try another --difficulty, or more candidates with --attempts "
                f"(above {exc.attempts})"
            )
        tried = _plural(exc.attempts or 0, "attempt")  # the library always says how many
        click.echo(f"clew: no {exc.level} {size}x{size} puzzle in {tried}: {way_out}", err=True)
        return EXIT_NONE
    return EXIT_OK
