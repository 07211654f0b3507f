"""``clew journal show``: where a long job recorded by --journal stands.

The command reads the journal through :mod:`clew.scale` (imported inside the command).
Only Click and the standard library are imported with this module.
"""

from __future__ import annotations

import json
import os

import click

from ._common import _CONTEXT, _EPILOG, Command, Group, json_option


@click.group(cls=Group, context_settings=_CONTEXT, epilog=_EPILOG)
def journal() -> None:
    """Journals of long jobs (SQLite files written by --journal).

    'show' tells where the job recorded in a journal stands: a queens or exact cover count,
    a Sudoku file, a Sudoku generation.
    """


@journal.command("show", cls=Command, context_settings=_CONTEXT, epilog=_EPILOG)
@click.argument("file", type=click.Path(dir_okay=False))
@json_option("Print one JSON object instead of text.")
def journal_show(file: str, as_json: bool) -> None:
    """Show where the job recorded in FILE stands: what it computes, pieces done, what the
    finished pieces already say (a partial sum, puzzles answered), time spent, and an
    estimate of the time left (one worker per core). The answer appears only once every
    piece is in. Works on the journal of every job: queens and exact cover counts, Sudoku
    files, Sudoku generation; a journal still being written can be shown.
    """
    from ..scale import Journal, load_work

    with Journal.read(file) as book:
        work = load_work(book.identity)
        done = book.done(work)  # read and decoded once, for the report and the answer
        progress = book.progress(work, done)
        answer = work.combine([done[i] for i in range(progress.pieces)]) if progress.complete else None
    left = progress.remaining_seconds(os.cpu_count() or 1)
    report = progress.report
    if as_json:
        try:
            shown = json.loads(json.dumps(answer))
        except TypeError:  # not plain data (generated puzzles): the answer in words
            shown = work.summary(answer)
        click.echo(json.dumps({
            "job": work.describe(),
            "identity": progress.identity,
            "pieces": progress.pieces,
            "done": progress.done,
            "report": report,
            "partial": report.get("partial"),
            "elapsed": round(progress.elapsed, 3),
            "remaining": None if left is None else round(left, 3),
            "answer": shown,
        }))
        return
    click.echo(f"job:       {work.describe()}")
    click.echo(f"pieces:    {progress.done} of {progress.pieces} done ({100 * progress.done / max(1, progress.pieces):.1f}%)")
    if answer is not None:
        click.echo(f"result:    {work.summary(answer)}")
    elif "partial" in report:
        click.echo(f"partial:   {report['partial']} (from the finished pieces; not a total)")
    elif report:
        click.echo("so far:    " + ", ".join(f"{value} {key}" for key, value in report.items()))
    click.echo(f"elapsed:   {progress.elapsed:.1f} s over {progress.runs} run(s)")
    if answer is None:
        click.echo("remaining: " + ("unknown (no piece done yet)" if left is None else f"about {left:.0f} s with {os.cpu_count() or 1} workers"))
