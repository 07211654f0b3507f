"""``clew maze generate | solve | play``: perfect mazes, walked by backtracking.

The commands parse and check their arguments, call :mod:`clew.maze` (imported inside the
commands) and print. Only Click and the standard library are imported with this module.
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
    _play,
    _read_input,
    chosen_format,
    compile_notice,
    format_option,
    max_events_option,
    play_options,
)

_KERNELS = "maze/_kernels.py"


@click.group(
    cls=DescribedGroup,
    registries={
        "generators": "clew.maze.geometry:GENERATORS",
        "solvers": "clew.maze.geometry:SOLVERS",
    },
)
def maze() -> None:
    """Mazes: generate perfect mazes, solve them by backtracking or breadth-first search.

    A maze is text, one line per row: '#' wall, '.' open, 'S' start, 'E' end (exactly one
    of each). 'generate' writes one (W x H rooms; methods: {generators}), 'solve' finds a
    path from S to E (methods: {solvers}) or counts the simple paths, 'play' shows the
    depth-first walk, every step forward and every step back.
    """


@maze.command("generate")
@click.argument("width", type=Integer(1), metavar="W")
@click.argument("height", type=Integer(1), metavar="H")
@click.option(
    "-m",
    "--method",
    type=Registry("clew.maze.geometry:GENERATORS"),
    default="backtracker",
    show_default=True,
    help="backtracker: the recursive backtracker (long winding corridors); wilson: Wilson's "
    "loop-erased random walks (every maze of the grid equally likely).",
)
@click.option(
    "--seed",
    type=Integer(0),
    default=None,
    metavar="S",
    help="The same seed gives the same maze on every machine (default: a random one).",
)
@format_option(
    ("text", "svg", "json"),
    'text: the maze as \'solve\' reads it; svg: a picture; json: {"rows", "columns", '
    '"start", "end" ([row, column] from 0), "seed", "method", "grid" (the lines of the text)}.',
)
def maze_generate(
    width: int, height: int, method: str, seed: int | None, fmt: str, as_json: bool
) -> None:
    """Print a perfect maze of W x H rooms (one path between any two rooms): a grid of
    2H+1 lines of 2W+1 characters, S in the top-left room, E in the bottom-right one.

    \b
    Examples:
      clew maze generate 10 5 --seed 1
      clew maze generate 4000 4000 --method wilson > big.txt
      clew maze generate 30 20 --format svg > maze.svg
    """
    import json

    from ..maze import generate

    fmt = chosen_format(fmt, as_json)
    compile_notice(_KERNELS)
    with _ctrl_c_kills():
        made = generate(width, height, method=method, seed=seed)
    if fmt == "svg":
        from ..viz.maze_svg import maze_svg

        sys.stdout.write(
            maze_svg(made, title=f"{width} x {height} maze ({method}, seed {made.seed})")
        )
    elif fmt == "json":
        click.echo(json.dumps(made.to_dict(), separators=(", ", ": ")))
    else:
        sys.stdout.write(made.to_text())


def _read_maze(file: str) -> tuple[Any, str]:
    from ..maze import Maze

    data, name = _read_input(file, "maze", ": lines of '#', '.', 'S' and 'E'")
    compile_notice(_KERNELS)  # reading checks the text with a kernel already
    return Maze.from_text(data, source=name), name


def _at(cell: tuple[int, int]) -> str:
    return f"line {cell[0] + 1}, column {cell[1] + 1}"


@maze.command("solve")
@click.argument("file", default="-", metavar="[FILE]")
@click.option(
    "-m",
    "--method",
    type=Registry("clew.maze.geometry:SOLVERS"),
    default="dfs",
    show_default=True,
    help="dfs: depth-first, trying up, right, down, left, stepping back out of dead ends; "
    "bfs: breadth-first, a shortest path.",
)
@click.option(
    "-c",
    "--count",
    "count_",
    is_flag=True,
    help="Print the number of simple paths from S to E (no cell twice) instead of a path.",
)
@click.option(
    "-l",
    "--limit",
    type=Integer(1),
    default=None,
    metavar="K",
    help="With --count: stop counting at K (1: is there a path? 2: is it unique?).",
)
@format_option(
    ("text", "svg", "json"),
    "text: the maze with the path drawn in 'o' (and a line of counters on stderr); "
    'svg: a picture; json: {"method", "length" (steps), "nodes", "backtracks", '
    '"path": [[row, column], ...] from S to E (from 0)}; with --count, json is '
    '{"count", "limit"}.',
)
def maze_solve(
    file: str, method: str, count_: bool, limit: int | None, fmt: str, as_json: bool
) -> int:
    """Find a path from S to E in the maze in FILE ('-' or nothing: stdin).

    Exit status 0 when there is a path, 1 when the walls leave none ('clew: no path ...' on
    stderr), 2 for a maze that cannot be read (the message names the line and column), an
    empty one included. With --count, the number is printed and the status is 0 (a count
    of 0 is an answer).

    \b
    Examples:
      clew maze generate 20 10 --seed 3 | clew maze solve
      clew maze solve maze.txt --method bfs --format json
      clew maze solve room.txt --count --limit 1000
    """
    import json

    fmt = chosen_format(fmt, as_json)
    if limit is not None and not count_:
        raise click.BadParameter("applies to --count only", param_hint="'--limit'")
    if count_ and fmt == "svg":
        raise click.BadParameter(
            "a count has no picture: use text or json", param_hint="'--format'"
        )
    grid, name = _read_maze(file)
    if count_:
        with _ctrl_c_kills():
            found = grid.count_paths(limit=limit)
        click.echo(json.dumps({"count": found, "limit": limit}) if fmt == "json" else found)
        return EXIT_OK
    with _ctrl_c_kills():
        solution = grid.solve(method)
    if solution is None:
        click.echo(
            f"clew: no path from S ({_at(grid.start)}) to E ({_at(grid.end)}) in {name}", err=True
        )
        return EXIT_NONE
    if fmt == "json":
        click.echo(json.dumps(solution.to_dict(), separators=(", ", ": ")))
    elif fmt == "svg":
        from ..viz.maze_svg import maze_svg

        sys.stdout.write(
            maze_svg(grid, solution.path, title=f"{name}: {method}, {solution.length} steps")
        )
    else:
        from ..errors import plural

        sys.stdout.write(solution.to_text())
        sys.stdout.flush()
        click.echo(
            f"clew: {method}: {plural(solution.length, 'step')}, {plural(solution.nodes, 'node')}, "
            f"{plural(solution.backtracks, 'backtrack')}",
            err=True,
        )
    return EXIT_OK


@maze.command("play")
@click.argument("file", default="-", metavar="[FILE]")
@max_events_option
@play_options
def maze_play(file: str, max_events: int, html: str | None, animate: bool, fps: float) -> None:
    """Watch the depth-first walk through the maze in FILE: --html OUT writes a
    self-contained player (play, pause, step forward and back, speed, counters), --animate
    plays it in the terminal. The path forward is drawn in blue, every cell stepped back
    out of in orange.

    \b
    Examples:
      clew maze generate 12 8 --seed 5 > maze.txt && clew maze play maze.txt --html walk.html
      clew maze play maze.txt --animate --fps 30
    """
    from ..maze import trace

    grid, _name = _read_maze(file)
    events = trace(grid, max_events=max_events)
    _play(
        list(events) if html is not None else events,
        html,
        animate,
        fps,
        "maze",
        max_events=max_events,
        maze=grid.to_text(),
    )
