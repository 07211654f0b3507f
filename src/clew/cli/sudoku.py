"""``clew sudoku``: solve, show, generate, rate, hint, explain; trace, play.

The commands parse and check their arguments, call :mod:`clew.sudoku` (imported inside each
command, with numpy and the kernels), and print. Only Click and the standard library are
imported with this module, so that ``clew sudoku --help`` stays fast.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys

import click

from ._common import (
    _CONTEXT,
    _EPILOG,
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    Command,
    Group,
    Integer,
    _ctrl_c_kills,
    _one_line,
    _OptionalArgument,
    _play,
    _plural,
    _read_input,
    _write_text,
    _write_trace,
    max_events_option,
    scale_arguments,
    scale_options,
    play_options,
    strategy_option,
    symbols_option,
)

#: Output formats of ``clew sudoku solve`` and ``clew sudoku show``.
SUDOKU_FORMATS = ("line", "grid", "json")

#: --symbols of every sudoku command but 'solve' (which explains it)
_symbols_option = symbols_option("The alphabet of the digits (see 'clew sudoku solve --help').")

#: --strategy of the sudoku traces, in the words of the sudoku search
_strategy_option = strategy_option(
    pruned="naked and hidden singles placed as forced moves, guesses on the cell with the fewest candidates first",
    textbook="first empty cell, an is_valid loop for each try",
)

_SUDOKU_SOLVE_EPILOG = (
    "Exit status: 0 every puzzle valid and solved (with --unique: unique; with --count: "
    "valid); 1 some puzzle without a solution (with --unique: or with several); 2 bad input: "
    "a bad option, an unreadable file, or any invalid puzzle line (the other lines are still "
    "answered); 130 interrupted; 141 output closed early (as with '| head')."
)


@click.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
def sudoku() -> None:
    """Sudoku of any size k^2 x k^2: 4x4, 9x9, 16x16 and 25x25 grids.

    'solve' answers a file of puzzles, one per line: the solution, the number of solutions
    (--count) or whether the solution is unique (--unique); 'show' draws one puzzle with its
    box lines. 'generate' makes new puzzles with exactly one solution; 'rate' grades puzzles
    by the hardest human technique they need; 'hint' prints the next logical step and
    'explain' the whole logical solution. Seeing the search: 'trace' prints its events as
    JSON lines; 'play' replays it in an HTML player or in the terminal.

    Puzzles are written as one line of n*n cells: the digits 1-9, then the letters A, B, ...
    for 10, 11, ... (either case; G is 16, P is 25), and '.' or '0' for a blank. A puzzle in
    another alphabet, such as 0-F for 16x16, is read with --symbols 0123456789ABCDEF
    ('0' is then a digit and only '.' a blank).
    """


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
@symbols_option(
    "The alphabet of the digits, the i-th symbol standing for digit i, e.g. "
    "0123456789ABCDEF for 16x16 puzzles written in hexadecimal (default: 1-9 then A-P)."
)
@scale_options(
    "Worker threads (default: one per core; the kernels release the GIL).",
    journal_help="Record every finished chunk of puzzles in this SQLite journal; running the same "
    "command on the same file again resumes and prints exactly what one uninterrupted run "
    "prints. A journal of another job, or one that another run is writing, is refused.",
)
def sudoku_solve(file: str, count_: bool, unique: bool, limit: int | None, fmt: str, symbols: str | None, **scale) -> int:
    """Solve the puzzles in FILE ('-' or nothing: stdin), one per line, and print one answer
    per puzzle, in the same order.

    Blank lines and lines starting with # are skipped; CRLF line ends are fine. A puzzle
    line is n*n cells (16, 81, 256 or 625; see 'clew sudoku --help' for the symbols);
    spaces and | - + box lines inside it are ignored. A line that is not a valid puzzle
    (wrong length, a symbol that is not a digit, two givens that break a rule) prints
    'invalid: REASON' and the other lines are still answered.

    The whole file is read into one array and solved in chunks by the kernel, on every core
    (or on Dask); answers come out in file order as the chunks finish.

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

    from ..sudoku.files import Tally, solve_file
    from ..sudoku.grid import Grid

    mode = "count" if count_ else ("unique" if unique else "solve")
    chunks = solve_file(data, mode=mode, limit=limit, symbols=symbols, **scale_arguments(**scale))

    def text(a) -> str:
        """One answer as printed (its block, without the separating blank line)."""
        if fmt == "json":
            record = {"line": a.line, "puzzle": a.puzzle, "status": a.status}
            if count_:
                record.update(count=a.count, exact=a.exact)
            else:
                record["solution"] = a.solution
            if a.error is not None:
                record["error"] = a.error
            return json.dumps(record)
        if a.status == "invalid":
            return f"invalid: {a.error}"
        if count_:
            return _plural(a.count, "solution") if a.exact else f"at least {_plural(a.count, 'solution')}"
        if a.solution is None:
            return a.status
        return Grid(a.solution, symbols=symbols).to_text() if fmt == "grid" else a.solution

    tally = Tally()
    out = sys.stdout.buffer
    separator = "\n\n" if fmt == "grid" else "\n"
    sys.stdout.flush()
    for chunk in chunks:
        block = separator.join(text(tally.add(a)) for a in chunk) + "\n"
        if fmt == "grid" and tally.puzzles > len(chunk):
            block = "\n" + block
        out.write(block.encode("utf-8"))
        out.flush()
    if not tally.puzzles:
        click.echo(f"clew: no puzzle in {name}", err=True)
        return EXIT_OK
    summary = tally.summary()
    if summary:
        click.echo(f"clew: {summary}", err=True)
    return {"invalid": EXIT_USAGE, "failed": EXIT_FAILURE}.get(tally.outcome, EXIT_OK)


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
    from ..sudoku.grid import Grid, conflict_message

    grid = Grid(_puzzle_argument(puzzle), symbols=symbols)
    found = grid.conflict()
    if found is not None:
        click.echo(f"clew: warning: {conflict_message(found, grid)}: this puzzle has no solution", err=True)
    shown = grid
    if solve_:
        from ..sudoku import solve

        if found is not None:
            return EXIT_FAILURE
        shown = solve(grid)
        if shown is None:
            click.echo("clew: this puzzle has no solution", err=True)
            return EXIT_FAILURE
    if svg is not None:
        from ..viz.svg import sudoku_svg

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
        from ..sudoku import PuzzleFormatError

        raise PuzzleFormatError(f"<stdin>: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


@sudoku.command("trace", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@_strategy_option
@max_events_option
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
    from ..sudoku import trace

    _write_trace(trace(_puzzle_argument(puzzle), strategy, max_events=max_events, symbols=symbols), max_events)


@sudoku.command("play", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("puzzle")
@_strategy_option
@max_events_option
@play_options
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
    from ..sudoku import Grid, trace

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
    "-f",
    "--format",
    "fmt",
    type=click.Choice(("line", "grid", "json")),
    default="line",
    show_default=True,
    help='line: one puzzle per line; grid: drawn; json: {"puzzle", "solution", "score", "level"} per line.',
)
@scale_options(
    "Worker processes (default: one per core); the puzzles come in the same order.",
    journal_help="Record every finished batch of puzzles in this SQLite journal (needs --seed); "
    "running the same command again resumes and prints the same puzzles.",
)
def sudoku_generate(
    count_: int, size: str, difficulty: str | None, symmetry: str, minimal: bool | None, seed: int | None,
    fmt: str, **scale,
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

    from ..sudoku.generate import generate_many

    if scale["journal"] and seed is None:
        raise click.BadParameter("needs --seed: a run without a seed cannot be resumed", param_hint="'--journal'")
    options = scale_arguments(**scale)
    out = sys.stdout
    made = generate_many(
        count_, int(size), difficulty=difficulty, symmetry=symmetry, minimal=minimal, seed=seed, **options
    )
    # one job in this process: Ctrl-C ends it at once; a run through clew.scale cancels itself
    alone = options["jobs"] == 1 and not (options["journal"] or options["dask"] or options["scheduler"])
    with _ctrl_c_kills() if alone else contextlib.nullcontext():
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

    from ..errors import ClewError
    from ..sudoku.grid import split_lines
    from ..sudoku.logic import rate

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
    from ..sudoku.logic import hint, solve_logically

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
    from ..sudoku.logic import solve_logically

    result = solve_logically(_puzzle_argument(puzzle), symbols=symbols)
    for i, step in enumerate(result.steps, start=1):
        click.echo(f"{i}. [{step.rating:.1f}] {step.text}")
    click.echo(result.grid.to_text())
    if not result.solved:
        reason = result.contradiction or "no technique applies: the rest needs search"
        click.echo(f"clew: stuck after {_plural(len(result.steps), 'step')}: {reason}", err=True)
        return EXIT_FAILURE
    return EXIT_OK
