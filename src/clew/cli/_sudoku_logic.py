"""``clew sudoku rate``, ``hint`` and ``explain``: the logical solver's commands.

Registered in the ``sudoku`` group of :mod:`.sudoku` by name and loaded when used. Like every
module of :mod:`clew.cli`, this one imports only Click and the standard library; the
solver is imported inside each command.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import click

from ._common import (
    EXIT_NONE,
    EXIT_OK,
    EXIT_USAGE,
    Command,
    _ctrl_c_kills,
    _one_line,
    _plural,
    chosen_format,
    format_option,
    scale_arguments,
    scale_options,
)
from .sudoku import (
    _check_alphabet,
    _line_numbers_option,
    _puzzle_argument,
    _shape_arguments,
    _shape_options,
    _source,
    _symbols_option,
)


# standalone commands (the group loads them by name): Command, as the group's own would be
@click.command("rate", cls=Command)
@click.argument("source", default="-", metavar="[FILE|PUZZLE]")
@format_option(
    ("line", "json"),
    'line: "ER/EP/ED LEVEL HARDEST-TECHNIQUE" per puzzle; json: one object per puzzle, '
    '{"line", "puzzle", "score", "level", "hardest", "steps", "stuck", "er", "ep", "ed"}, or '
    '{"line", "puzzle", "error"} (with "solutions", 0 or 2, for a puzzle without exactly one '
    "solution).",
)
@_line_numbers_option
@_symbols_option
@_shape_options
@scale_options(
    "Worker processes; the ratings come in the order of the lines.",
    journal_help="Record every finished batch of ratings in this SQLite journal; running the "
    "same command on the same file again resumes and prints exactly what one uninterrupted run "
    "prints.",
)
def sudoku_rate(
    source: str,
    fmt: str,
    as_json: bool,
    line_numbers: bool,
    symbols: str | None,
    box: str | None,
    variant: tuple[str, ...],
    **scale: Any,
) -> int:
    """Rate the puzzles in FILE ('-' or nothing: stdin), one per line, or the single PUZZLE
    given instead (an argument that is not an existing file), as Sudoku Explainer 1.2.1's
    serate does: ER (the hardest step of the whole logical solution), EP (up to the first
    placement) and ED (the first step), then the level and the hardest technique. The
    scale: full house 1.0, hidden single 1.2-1.5, direct techniques 1.7-2.5, naked single
    2.3, intersections 2.6-2.8, subsets and fish 3.0-5.4, wings 4.2-4.4, uniqueness
    4.5-6.2, aligned exclusion 6.2/7.5, chains and cycles 6.5 and up, Nishio 7.5 and up,
    multiple and dynamic forcing chains 8.0 and up.

    Every shape and variant is rated (--box, --variant, jigsaw and killer lines: see 'clew
    sudoku solve --help') with the same techniques, the variants' own on the same scale
    (clew's: SE rates only classic 9x9): cage single 1.0, cage combinations 2.0, innies
    and outies 2.2-2.6, locked candidates of a diagonal, window or cage 2.8. The uniqueness
    techniques are left out on variants, the chains on grids above 12x12.

    Levels: easy (ER <= 1.5), medium (<= 2.5), hard (<= 3.8), expert (<= 6.0), extreme
    (above, or beyond clew's techniques: then ER is '-' and the line says so). A line that
    is not a proper puzzle (no solution, several, or not a puzzle) prints 'invalid: REASON'
    and the others are still rated. Exit status: the worst line's: 2 if some line is not a
    puzzle, else 1 if some puzzle has no rating (no solution, several, or beyond clew's
    techniques), else 0.

    A large file is rated on several cores with --jobs (worker processes), resumably with
    --journal, the ratings still in the order of the lines.

    \b
    Examples:
      clew sudoku rate puzzles.txt
      clew sudoku rate 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku generate --count 10 | clew sudoku rate --line-numbers
      clew sudoku rate top1465.txt --jobs 2 --journal ratings.db
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    from ..sudoku.logic.rate_files import rate_file

    fmt = chosen_format(fmt, as_json)
    if line_numbers and fmt != "line":
        raise click.BadParameter("applies to --format line only", param_hint="'--line-numbers'")
    symbols = _check_alphabet(symbols)
    shape = _shape_arguments(box, variant)
    options = scale_arguments(**scale)
    records = rate_file(**_source(source), symbols=symbols, **shape, **options)
    bad = unrated = 0
    out = sys.stdout
    # one job in this process: Ctrl-C ends it at once; a run through clew.scale cancels itself
    alone = options["jobs"] == 1 and not (
        options["journal"] or options["dask"] or options["scheduler"]
    )
    with _ctrl_c_kills() if alone else contextlib.nullcontext():
        for record in records:
            if "error" in record:
                if "solutions" in record:  # a puzzle, without exactly one solution: no rating
                    unrated += 1
                else:
                    bad += 1
            elif record["stuck"]:
                unrated += 1
            if fmt == "json":
                text = json.dumps(record)
            else:
                prefix = f"{record['line']}: " if line_numbers else ""
                text = prefix + (
                    f"invalid: {record['error']}" if "error" in record else _rating_line(record)
                )
            out.write(text + "\n")
            out.flush()
    name = "the input" if source == "-" else click.format_filename(source)
    if bad or unrated:
        parts = [f"{bad} not a puzzle"] * bool(bad) + [f"{unrated} without a rating"] * bool(
            unrated
        )
        said = f"{_plural(bad + unrated, 'line')} of {name} could not be rated: {', '.join(parts)}"
        click.echo(
            f"clew: {'error: ' if bad else ''}{said}", err=True
        )  # bad input is said as every error is
    return EXIT_USAGE if bad else EXIT_NONE if unrated else EXIT_OK


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _rating_line(r: dict[str, Any]) -> str:
    """'ER/EP/ED LEVEL HARDEST' of a rating record; for a puzzle beyond clew's techniques,
    ER is '-' and the line says so (with the hardest technique used before getting stuck,
    if any)."""
    figures = "/".join(_figure(r[x]) for x in ("er", "ep", "ed"))
    if r["stuck"]:
        before = f" (hardest step before: {r['hardest']})" if r["hardest"] else ""
        return f"{figures} {r['level']} beyond clew's techniques{before}"
    return f"{figures} {r['level']} {r['hardest'] or '-'}"


#: --format of 'hint' and 'explain'
_step_format_option = format_option(
    ("text", "json"),
    "text: the sentences; json: for apps, each step as an object {technique, rating, "
    "unit, cells, digits, placements, eliminations, text, n}, where a cell is {index, name}: "
    "index 0-based in reading order (row * n + column, from 0), name 'r1c6' counted from 1 "
    "(see clew.sudoku.Step.to_dict).",
)


@click.command("hint", cls=Command)
@click.argument("puzzle")
@_step_format_option
@_symbols_option
@_shape_options
def sudoku_hint(
    puzzle: str,
    fmt: str,
    as_json: bool,
    symbols: str | None,
    box: str | None,
    variant: tuple[str, ...],
) -> int:
    """Print the next logical step of PUZZLE in one sentence: the technique, the cells and
    digits involved, and what it places or removes ('-' reads the puzzle from stdin); with
    --format json, the step as one JSON object. A grid already solved answers 'the grid is
    solved' (JSON: null), exit status 0.

    The puzzle must be proper: one with no solution or several gets no hint. Exit status 1,
    with the reason on stderr and nothing on stdout, when the puzzle has no solution, is not
    unique (at least 2 solutions), or no technique applies (beyond clew's techniques).

    \b
    Examples:
      clew sudoku hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku hint ..3.4.........42 --format json
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    from ..sudoku.grid import Grid
    from ..sudoku.logic.solver import NotProperError, hint

    fmt = chosen_format(fmt, as_json)
    grid = Grid(
        _puzzle_argument(puzzle), symbols=symbols, **_shape_arguments(box, variant)
    )  # bad input is 2
    try:
        step = hint(grid)  # the grid, read once, with its shape
    except NotProperError as exc:  # a puzzle, but not one with exactly one solution: 1
        click.echo(f"clew: {_one_line(exc)}", err=True)
        return EXIT_NONE
    if step is None and not grid.is_full():
        click.echo("clew: no technique applies: the rest is beyond clew's techniques", err=True)
        return EXIT_NONE
    if fmt == "json":
        click.echo(json.dumps(None if step is None else step.to_dict()))
    else:
        click.echo("the grid is solved" if step is None else step.text)
    return EXIT_OK


@click.command("explain", cls=Command)
@click.argument("puzzle")
@_step_format_option
@_symbols_option
@_shape_options
def sudoku_explain(
    puzzle: str,
    fmt: str,
    as_json: bool,
    symbols: str | None,
    box: str | None,
    variant: tuple[str, ...],
) -> int:
    """Print the whole logical solution of PUZZLE, one step per line (numbered, with its
    rating), then the grid reached ('-' reads the puzzle from stdin). With --format json:
    one JSON object {puzzle, solved, steps, grid, stuck}, steps as in 'hint --format json',
    grid the one-line grid reached, stuck the reason logic stopped (null when solved).

    The puzzle must be proper. Exit status 1 when it has no solution or is not unique (at
    least 2 solutions; nothing on stdout), or when logic gets stuck before the end.

    \b
    Examples:
      clew sudoku explain 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
      clew sudoku explain ..3.4.........42 --format json
    """  # noqa: E501 -- an example is one command line, which Click prints as written
    from ..sudoku.logic.solver import NotProperError, explanation

    fmt = chosen_format(fmt, as_json)
    try:
        result = explanation(
            _puzzle_argument(puzzle), symbols=symbols, **_shape_arguments(box, variant)
        )  # bad input is 2
    except NotProperError as exc:
        click.echo(f"clew: {_one_line(exc)}", err=True)
        return EXIT_NONE
    if fmt == "json":
        click.echo(json.dumps(result.to_dict()))
    else:
        for i, step in enumerate(result.steps, start=1):
            click.echo(f"{i}. [{step.rating:.1f}] {step.text}")
        click.echo(result.grid.to_text())
    if result.stuck:
        click.echo(
            f"clew: stuck after {_plural(len(result.steps), 'step')}: {result.reason}", err=True
        )
        return EXIT_NONE
    return EXIT_OK
