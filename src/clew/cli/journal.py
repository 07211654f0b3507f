"""``clew journal show``: where a long job recorded by --journal stands.

The command calls :func:`clew.scale.report.show_journal` (imported inside the command) and
prints its report as text or JSON. Only Click and the standard library are imported with
this module; the kinds of work its help lists come from :data:`clew.scale.work.WORKS`,
read when the help is shown.
"""

from __future__ import annotations

import json

import click

from ._common import Command, Group, chosen_format, format_option

#: Where the help text of a command says which kinds of work a journal may record.
_KINDS = "{kinds}"


def _kinds() -> str:
    from ..scale.work import WORKS  # the registry of the works a journal records

    # one unwrapped block (\b), indented as the docstring it goes into (Click dedents it)
    return "\b\n" + "\n".join(f"    - {words}" for words in WORKS.values())


class _KindsCommand(Command):
    """A command whose help lists the kinds of work from clew.scale's registry (read when
    the help is shown, so that importing this module stays light)."""

    def get_help(self, ctx: click.Context) -> str:
        if self.help and _KINDS in self.help:
            self.help = self.help.replace(_KINDS, _kinds())
        return super().get_help(ctx)


@click.group(cls=Group)
def journal() -> None:
    """Journals of long jobs (SQLite files written by --journal).

    'show' tells where the job recorded in a journal stands (see 'clew journal show --help'
    for the kinds of work a journal records).
    """


@journal.command("show", cls=_KindsCommand)
@click.argument("file", type=click.Path(dir_okay=False))
@format_option(
    ("text", "json"),
    "text: one line per field; json: one object with the fields path, kind, job, identity "
    "(large fields by their sha256), pieces, done, complete, report, partial, elapsed, runs, "
    "workers, remaining, answer, result.",
)
def journal_show(file: str, fmt: str, as_json: bool) -> None:
    """Show where the job recorded in FILE stands: what it computes (large fields by their
    digest), pieces done, what the finished pieces already say (a partial sum, puzzles
    answered), time spent, and an estimate of the time left with as many workers as the
    last run (the progress bar's estimate). The answer appears only once every piece is in;
    a journal still being written can be shown. A journal records one of:

    {kinds}
    """
    from ..scale.report import show_journal

    report = show_journal(file)
    if chosen_format(fmt, as_json) == "json":
        click.echo(json.dumps(report.to_dict()))
    else:
        click.echo(report.to_text())
