"""``clew compile [FAMILY]...``: compile every kernel of the named families into numba's
cache ahead of their first use (:func:`clew.compile`). Only Click and the standard library
are imported with this module.
"""

from __future__ import annotations

import json

import click

from ._common import (
    _CONTEXT,
    _EPILOG,
    EXIT_OK,
    chosen_format,
    format_option,
    jobs_option,
    progress_option,
)


@click.command("compile", context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("families", nargs=-1, metavar="[FAMILY]...")
@jobs_option("Worker processes that compile in parallel, one family each.")
@progress_option()
@format_option(
    ("text", "json"),
    'text: one line saying what was done; json: {"families", "compiled", "kernels", "seconds"}.',
)
def compile_command(
    families: tuple[str, ...], jobs: int | None, progress: bool | None, fmt: str, as_json: bool
) -> int:
    """Compile the kernels of FAMILY (queens, sudoku, cover, maze; all by default) into
    numba's cache, so that no later command waits for them; print what was done.

    A second run finds everything in the cache and says so at once. Run it where the first
    user should not wait: when building a container image, when a server starts, in a CI
    job that keeps NUMBA_CACHE_DIR.

    \b
    Examples:
      clew compile --jobs all
      clew compile sudoku
    """
    from .._compile import compile

    report = compile(families or None, jobs=jobs, progress=progress)
    if chosen_format(fmt, as_json) == "json":
        click.echo(json.dumps(report.to_dict()))
    else:
        click.echo(str(report))
    return EXIT_OK
