"""``clew cover solve``: exact cover problems in Knuth's DLX format.

The command parses and checks its arguments, calls :mod:`clew.cover` (imported inside the
command), and prints. Only Click and the standard library are imported with this module.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ._common import (
    EXIT_NONE,
    EXIT_OK,
    DescribedGroup,
    Integer,
    Registry,
    _ctrl_c_kills,
    _plural,
    _read_input,
    chosen_format,
    compile_notice,
    format_option,
    scale_arguments,
    scale_options,
)

COVER_FORMATS = ("names", "indices", "json")


@click.group(
    cls=DescribedGroup, registries={"engines": "clew.cover:ENGINES", "formats": COVER_FORMATS}
)
def cover() -> None:
    """Exact cover (Knuth's Algorithm X / dancing links, with secondary items, colours and
    multiplicities).

    A problem is read in Knuth's DLX1/DLX2/DLX3 format: the first line lists the primary
    items, then '|' and the secondary items; a primary item written u:v|name must be covered
    between u and v times (v|name: exactly v; DLX3, searched by Algorithm M); every further
    line is one option (its items; a secondary item may be written name:colour); lines whose
    first non-blank character is '|' are comments ('//' is not a comment).

    'solve' prints the solutions of a problem, one per line, or their number (--count),
    in one of the formats {formats} (--format); the search runs on one of the engines
    {engines} (--engine, default auto).
    """


@cover.command("solve")
@click.argument("file", default="-", metavar="[FILE]")
@click.option(
    "-c", "--count", "count_", is_flag=True, help="Print the number of solutions instead of them."
)
@click.option(
    "-l",
    "--limit",
    type=Integer(1),
    default=None,
    metavar="K",
    help="Stop after K solutions (with --count: count up to K).",
)
@format_option(
    COVER_FORMATS,
    "names: one solution per line, its options as their items, separated by ' | '; "
    "indices: the option numbers (0 = the first option line), separated by spaces; json: "
    '{"solution": [numbers], "options": [[items], ...]} per line; with --count, json is one '
    'object {"count", "limit", "nodes", "seconds", "engine"}.',
)
@click.option(
    "--engine",
    type=Registry("clew.cover:ENGINES"),
    default="auto",
    show_default=True,
    help="links: dancing links (any size); bits: options as bit sets (fast while there are "
    "at most a few thousand options), both searching the same tree; multiplicity: Algorithm "
    "M, for items with u:v| bounds (links and bits refuse them); auto: multiplicity when an "
    "item has bounds, else bits up to 8192 options, else links.",
)
@click.option(
    "-v", "--verbose", is_flag=True, help="Statistics on stderr: solutions, search nodes, time."
)
@scale_options(
    "With --count and no --limit: split the search on its first choices and count the "
    "pieces on J threads (the kernels release the GIL).",
    pieces=True,
)
def cover_solve(
    file: str,
    count_: bool,
    limit: int | None,
    fmt: str,
    as_json: bool,
    engine: str,
    verbose: bool,
    pieces: int | None,
    **scale: Any,
) -> int:
    """Solve the exact cover problem in FILE ('-' or nothing: stdin) and print its solutions,
    one per line, as they are found (memory stays flat however many there are).

    Exit status 0 if a solution was found, or with --count (a count of 0 is an answer); 1 if
    there is none ('clew: no solution' on stderr); 2 for a problem that cannot be read (the
    message names the line), an empty one included.

    \b
    Examples:
      clew cover solve problem.dlx
      clew cover solve problem.dlx --count -v
      clew cover solve problem.dlx --limit 10 --format indices
    """
    import json

    from ..cover import Search
    from ..cover.counting import count_job
    from ..cover.knuth import read

    fmt = chosen_format(fmt, as_json)
    ctx = click.get_current_context()
    given = {
        option: ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)
        for option, name in (
            ("--jobs", "jobs"),
            ("--journal", "journal"),
            ("--dask", "dask"),
            ("--scheduler", "scheduler"),
            ("--pieces", "pieces"),
        )
    }
    for option, asked in given.items():
        if asked and (not count_ or limit is not None):
            raise click.BadParameter(
                "applies to --count without --limit only", param_hint=f"'{option}'"
            )
    options = scale_arguments(**scale)
    data, name = _read_input(file, "problem", "")
    problem = read(data, name=name)
    m = problem.multiplicities or engine == "multiplicity"
    compile_notice("cover/compiled/_kernels_m.py" if m else "cover/compiled/_kernels.py")

    def stats(found: int, nodes: int, seconds: float) -> None:
        if verbose:
            rate = f", {nodes / seconds:,.0f} nodes/s" if nodes and seconds > 0 else ""
            click.echo(
                f"clew: {_plural(found, 'solution')}, {nodes:,} nodes, {seconds:.3f} s{rate}",
                err=True,
            )

    if count_:
        if any(given.values()):  # cut into pieces through clew.scale, which handles Ctrl-C
            answer = count_job(problem, limit=limit, engine=engine, pieces=pieces, **options)
        else:
            with _ctrl_c_kills():  # one search in this thread: Ctrl-C ends it at once
                answer = count_job(problem, limit=limit, engine=engine)
        stats(answer["count"], answer["nodes"], answer["seconds"])
        click.echo(json.dumps(answer) if fmt == "json" else answer["count"])
        return EXIT_OK
    out = sys.stdout
    search = Search(problem, limit=limit, engine=engine)
    for solution in search:
        if fmt == "indices":
            line = " ".join(map(str, solution))
        elif fmt == "json":
            line = json.dumps(
                {"solution": solution, "options": [list(problem.options[o]) for o in solution]}
            )
        else:
            line = " | ".join(" ".join(problem.options[o]) for o in solution)
        out.write(line + "\n")
    out.flush()
    stats(search.count, search.nodes, search.seconds)
    if not search.count:
        # an empty stdout alone cannot be told from a crash or a hang: say it, as sudoku does
        click.echo("clew: no solution", err=True)
        return EXIT_NONE
    return EXIT_OK
