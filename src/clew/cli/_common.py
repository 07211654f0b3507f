"""What every ``clew`` command shares: the Click plumbing, the option declarations, the I/O.

* Plumbing: :class:`Group` (a closed stdout pipe becomes :class:`_OutputClosed`, a full
  disk :class:`_OutputFailed`),
  :class:`Command` (negative numbers are arguments, not options), :class:`Integer` (one-line
  messages), :class:`_OptionalArgument`, :func:`_at_most`, :func:`_ctrl_c_kills`, the exit
  statuses and the context settings and epilog of every command.
* Options written once, as decorators: ``--jobs``, ``--journal``, ``--dask``,
  ``--scheduler``, ``--progress/--quiet``, ``--json``, ``--symbols``, ``--strategy``,
  ``--max-events``, ``--summary`` and the player's ``--html``, ``--animate``, ``--fps``.
  Where the help depends on the command (what the workers of ``--jobs`` are, what
  ``--strategy`` prunes), the decorator takes that text as a parameter.
* I/O: :func:`_read_input`, :func:`_write_text`, :func:`_write_trace`, :func:`_play`,
  :func:`_plural`.

Like every module of :mod:`clew.cli`, this one imports only Click and the standard library.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import click

#: Exit statuses, one table for every command (also in every command's help and in
#: docs/contract.md): 0 answered; 1 answered "none" (no solution, no path, nothing found, a
#: puzzle beyond the techniques) or the run could not finish (the output could not be
#: written, a worker died); 2 bad input or usage
#: (one line on stderr); 130 interrupted (one line on stderr); 141 output closed early.
EXIT_OK = 0
EXIT_NONE = 1
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

#: Click's context settings, set once on the top group: a context takes them from its parent.
_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

_EPILOG = (
    "Exit status: 0 answered, 1 answered 'none' (no solution, no path, nothing found) or the "
    "run could not finish (the output could not be written, a worker died), 2 bad input (one "
    "line on stderr), 130 interrupted, 141 output closed early (as with '| head')."
)

#: The number of workers of every long command when --jobs is not given (clew.errors).
DEFAULT_JOBS = 1

#: Events a trace, a tree or a player holds unless --max-events says otherwise.
DEFAULT_MAX_EVENTS = 100_000

#: A function a command is made of, and what decorates one.
CommandFunction = Callable[..., Any]
Decorator = Callable[[CommandFunction], CommandFunction]


# ---------------------------------------------------------------------------------------------
# Click plumbing shared by every command
# ---------------------------------------------------------------------------------------------


class _OutputClosed(Exception):
    """stdout's reader went away (EPIPE). Not an OSError, so that Click lets it through."""


class _OutputFailed(Exception):
    """The output could not be written: a full disk (``> /dev/full``), a file too large, an
    I/O error. ``error`` is the OSError; :func:`clew.cli.run` reports it in one line and
    exits with status 1 ("the output could not be written"). Not an OSError, so that Click
    lets it through."""

    def __init__(self, error: OSError, where: str = "the output") -> None:
        super().__init__(error)
        self.error, self.where = error, where

    def message(self) -> str:
        """``cannot write the output: No space left on device``."""
        return f"cannot write {self.where}: {self.error.strerror or self.error}"


#: errno values of a write that failed for want of room or of a working device: an OSError
#: with one of these and no file name escaping a command comes from writing its output (an
#: open() names its file; a read of an input is reported where it happens).
_WRITE_FAULTS = frozenset(
    getattr(errno, name)
    for name in ("ENOSPC", "EFBIG", "EDQUOT", "EIO", "EROFS", "ENXIO", "EAGAIN", "EBADF")
    if hasattr(errno, name)
)


def _is_write_fault(exc: BaseException) -> bool:
    """Whether ``exc`` is the failure of a write to the output (see :data:`_WRITE_FAULTS`)."""
    return isinstance(exc, OSError) and exc.errno in _WRITE_FAULTS and exc.filename is None


class _Stopped(Exception):
    """Ctrl-C inside a command, carried past Click (which would print a blank line and turn
    it into Abort) to :func:`clew.cli.run`; ``interrupt`` is the original, which may say
    how much of a long job is safe (:class:`clew.scale.Interrupted`)."""

    def __init__(self, interrupt: BaseException) -> None:
        super().__init__()
        self.interrupt = interrupt


class Group(click.Group):
    """A group that turns a broken stdout pipe into :class:`_OutputClosed`, an output that
    cannot be written (a full disk) into :class:`_OutputFailed` and Ctrl-C into
    :class:`_Stopped`, for :func:`clew.cli.run` to report in one line.

    ``lazy_subcommands`` maps command names to the "module:attribute" paths of Click
    commands imported on first use: when Click resolves that name, or when the help lists
    the commands (which needs their short help).

    ``@group.command(...)`` makes a :class:`Command` and ``@group.group(...)`` a
    :class:`Group` (Click's ``command_class``/``group_class``), each with the exit-status
    epilog: a command module writes neither.
    """

    command_class: type[click.Command]  # set below, once Command exists
    group_class = type  # a subgroup is of this group's own class

    def __init__(
        self, *args: Any, lazy_subcommands: dict[str, str] | None = None, **kwargs: Any
    ) -> None:
        kwargs.setdefault("epilog", _EPILOG)
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = dict(lazy_subcommands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_subcommands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_subcommands:
            module_name, _, attribute = self.lazy_subcommands[cmd_name].partition(":")
            command = getattr(importlib.import_module(module_name), attribute)
            if not isinstance(command, click.Command):
                raise TypeError(
                    f"{self.lazy_subcommands[cmd_name]} is not a Click command: {command!r}"
                )
            return command
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise _OutputClosed() from exc
        except OSError as exc:
            if _is_write_fault(exc):
                raise _OutputFailed(exc) from None
            raise
        except KeyboardInterrupt as exc:
            raise _Stopped(exc) from None


class Command(click.Command):
    """A command whose positional arguments may be negative numbers.

    Click takes ``-1`` for an unknown short option and would answer "No such option: -1";
    a board size of -1 deserves "must be at least 1". When the only unknown options are
    negative numbers the arguments are parsed again with unknown options passed through as
    arguments, where the parameter types judge them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("epilog", _EPILOG)
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, list(args))
        except click.NoSuchOption as exc:
            if not re.fullmatch(r"-\d", exc.option_name or ""):
                raise
        ctx.ignore_unknown_options = True
        return super().parse_args(ctx, list(args))


Group.command_class = Command


def _registry(where: str | Iterable[str]) -> tuple[str, ...]:
    """The names of a registry of the library, ``"module:attribute"`` (imported now), or the
    names themselves."""
    if isinstance(where, str):
        module, _, attribute = where.partition(":")
        return tuple(getattr(importlib.import_module(module), attribute))
    return tuple(where)


class Registry(click.Choice):
    """A choice among the names of a registry of the library (``"clew.maze.geometry:GENERATORS"``),
    read when first needed -- to parse the option or to show its help -- so that the module
    of a command imports only Click, and the choices are always the library's."""

    def __init__(self, where: str) -> None:
        # not Choice.__init__: it would read the choices now
        self.where = where
        self.case_sensitive = True

    # a read-only property where Choice keeps an attribute, on purpose: the choices are the
    # library's registry, read when asked (never set)
    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        return _registry(self.where)


class DescribedGroup(Group):
    """A group whose help names what the library offers: its ``{field}`` places are filled,
    when the help is shown, with the names of the registries ``registries`` maps them to
    (``{"generators": "clew.maze.geometry:GENERATORS"}``), so the help cannot drift from them. The
    first sentence (the short help ``clew --help`` lists) holds no field."""

    def __init__(self, *args: Any, registries: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.registries = dict(registries)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        template = self.help
        if template is None:  # nothing to fill
            super().format_help_text(ctx, formatter)
            return
        self.help = template.format(
            **{key: ", ".join(_registry(where)) for key, where in self.registries.items()}
        )
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template


class Integer(click.ParamType):
    """A base-10 integer of at least ``low``, with one-line messages."""

    name = "integer"

    def __init__(self, low: int) -> None:
        self.low = low

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
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


class _OptionalArgument(click.Argument):
    """An optional argument whose errors name it 'N', not '[N]' as Click would."""

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return f"'{self.name.upper()}'"


def _at_most(n: int, high: int, why: str) -> int:
    """Refuse a board size above ``high`` as a usage error (exit status 2)."""
    if n > high:
        raise click.BadParameter(f"must be at most {high} ({why}), got {n}", param_hint="'N'")
    return n


@contextlib.contextmanager
def _ctrl_c_kills() -> Iterator[None]:
    """Let Ctrl-C end the process at once while a long kernel runs.

    A numba kernel does not return to the interpreter until it is done, so Python's own
    SIGINT handler (which only sets a flag) would leave a long search running; the default
    action ends the process, with the status of a program killed by SIGINT (130 in a shell).
    Outside the main thread, where signals cannot be set, nothing changes.
    """
    import signal

    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_DFL)
    except (ValueError, OSError):  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _one_line(text: object) -> str:
    from ..errors import one_line  # no numpy: the errors module imports nothing

    return one_line(text)


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
# Options written once
# ---------------------------------------------------------------------------------------------


class Jobs(click.ParamType):
    """``--jobs``: a number of workers of at least 1 (read as :class:`Integer` reads it), or
    ``all`` (one per core, ``None`` for the library)."""

    name = "jobs"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> int | None:
        if value is None or (isinstance(value, str) and value.strip().lower() == "all"):
            return None
        return Integer(1).convert(value, param, ctx)


def jobs_option(help: str) -> Decorator:
    """``-j/--jobs J``: ``help`` says what the workers are for this command (processes or
    threads, and when they start); the default and ``all`` are the same on every command."""
    return click.option(
        "-j",
        "--jobs",
        type=Jobs(),
        default=DEFAULT_JOBS,
        show_default=True,
        metavar="J|all",
        help=f"{help} 'all': one per core.",
    )


def format_option(choices: tuple[str, ...], help: str, *, default: str | None = None) -> Decorator:
    """``-f/--format FORMAT`` of a command that prints results, named ``fmt``: ``choices``
    always holds ``json`` (every result has a JSON form, the contract); ``default`` is the
    first choice unless given. ``--json`` stays as a short way to say ``--format json``."""
    if "json" not in choices:
        raise ValueError(f"--format must offer json, got {choices}")  # a bug in a command module
    chosen = default or choices[0]

    def apply(f: CommandFunction) -> CommandFunction:
        f = click.option("--json", "as_json", is_flag=True, help="The same as --format json.")(f)
        return click.option(
            "-f",
            "--format",
            "fmt",
            type=click.Choice(choices),
            default=chosen,
            show_default=True,
            help=help,
        )(f)

    return apply


def chosen_format(fmt: str, as_json: bool) -> str:
    """The format a command prints: ``json`` if ``--json`` was given, else ``--format``'s."""
    return "json" if as_json else fmt


def json_option(help: str) -> Decorator:
    """``--json``, a flag named ``as_json``: ``help`` describes the command's JSON object
    (for a command whose only other output is text; others take :func:`format_option`)."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def journal_option(
    help: str = "Record every finished piece in this SQLite journal; running the same command "
    "again resumes, skipping the finished pieces. A journal of another job, or one that "
    "another run is writing, is refused.",
) -> Decorator:
    """``--journal FILE`` of a count cut into pieces (:mod:`clew.scale`)."""
    return click.option(
        "--journal", type=click.Path(dir_okay=False), default=None, metavar="FILE", help=help
    )


def dask_option(
    help: str = "Run the pieces on a Dask LocalCluster on 127.0.0.1: J worker threads in this "
    "process for compiled kernels, else J worker processes (needs the dask extra: "
    "pip install 'clew[dask]').",
) -> Decorator:
    """``--dask local`` (the value is required: 'local' is the only one)."""
    return click.option(
        "--dask", type=click.Choice(["local"]), default=None, metavar="local", help=help
    )


def scheduler_option(
    help: str = "Run the pieces on a running Dask cluster at ADDRESS, tcp://HOST:PORT (e.g. "
    "tcp://10.0.0.5:8786; needs the dask extra: pip install 'clew[dask]').",
) -> Decorator:
    """``--scheduler ADDRESS``."""
    return click.option("--scheduler", default=None, metavar="ADDRESS", help=help)


def progress_option(
    help: str = "Force the progress bar (pieces, rate, ETA) on stderr on or off; by default it is "
    "shown when stderr is a terminal.",
) -> Decorator:
    """``--progress/--quiet``, ``None`` when neither is given."""
    return click.option("--progress/--quiet", "progress", default=None, help=help)


def _say_compiling(message: str) -> None:
    """The command line's voice of :func:`clew._kernel_cache.announce`: one line on stderr
    in place of the :class:`~clew.ClewCompileWarning` (the same warnings filter silences
    it, e.g. a test's)."""
    from .._kernel_cache import notice_wanted

    if notice_wanted(message):
        click.echo(f"clew: {message}", err=True)


def install_compile_notice() -> None:
    """Let the library say once on stderr which kernels it is about to compile and about
    how long that takes (the first run after an install or an upgrade: seconds of silence
    otherwise), or that a cache cannot be used. On a terminal and in a log alike: a run
    that compiles nothing says nothing."""
    from .._kernel_cache import set_announcer

    set_announcer(_say_compiling)


def compile_notice(*modules: str) -> None:
    """The same notice for the kernel files ``modules`` (paths inside the package, e.g.
    ``"queens/compiled/_kernels_ladder.py"``) of a command whose library call loads them for
    sure."""
    from .._kernel_cache import announce

    announce(*modules)


def scale_options(
    jobs_help: str, *, journal_help: str | None = None, pieces: bool = False
) -> Decorator:
    """The options of every long job run through :mod:`clew.scale`, declared once so they
    mean the same on every command: ``--jobs``, ``--journal``, ``--dask``, ``--scheduler``,
    ``--progress/--quiet`` and, with ``pieces``, ``--pieces``. The command receives them as
    keyword arguments and passes :func:`scale_arguments` of them to the library."""
    decorators = [
        jobs_option(jobs_help),
        journal_option() if journal_help is None else journal_option(journal_help),
        dask_option(),
        scheduler_option(),
        progress_option(),
    ]
    if pieces:
        decorators.append(
            click.option(
                "--pieces",
                type=Integer(1),
                default=None,
                metavar="P",
                help="Cut the job into P pieces (default: a size that balances the load); "
                "a record attempt on a cluster wants many, up to millions. A journal "
                "resumes only the same cut.",
            )
        )

    def apply(f: CommandFunction) -> CommandFunction:
        for decorator in reversed(decorators):
            f = decorator(f)
        return f

    return apply


def scale_arguments(
    jobs: int | None,
    journal: str | None,
    dask: str | None,
    scheduler: str | None,
    progress: bool | None,
) -> dict[str, Any]:
    """The keyword arguments of :func:`clew.scale.run` from the shared options; the Dask
    dashboard address is announced once on stderr."""
    if dask and scheduler is not None:
        raise click.UsageError("use --dask local or --scheduler ADDRESS, not both")
    if scheduler is not None:
        # checked here too, not only in clew.scale: a family that runs a small job without
        # the mechanism must not ignore an address it was given (--scheduler "" included)
        from ..scale import check_scheduler

        scheduler = check_scheduler(scheduler)
    return {
        "jobs": jobs,
        "journal": journal,
        "dask": dask,
        "scheduler": scheduler,
        "progress": progress,
        "announce": lambda line: click.echo(f"clew: {line}", err=True),
    }


def symbols_option(help: str) -> Decorator:
    """``--symbols ABC..``, the alphabet of a puzzle's digits."""
    return click.option("--symbols", default=None, metavar="ABC..", help=help)


def strategy_option(pruned: str, textbook: str) -> Decorator:
    """``-s/--strategy pruned|textbook`` of a trace: ``pruned`` and ``textbook`` say, in the
    command's own words, what each search does."""
    return click.option(
        "-s",
        "--strategy",
        type=click.Choice(("pruned", "textbook")),
        default="pruned",
        show_default=True,
        help=f"pruned: clew's search ({pruned}); textbook: the tutorials' search ({textbook}).",
    )


def max_events_option(f: CommandFunction) -> CommandFunction:
    """``--max-events K`` of a trace."""
    return click.option(
        "--max-events",
        type=Integer(1),
        default=DEFAULT_MAX_EVENTS,
        show_default=True,
        metavar="K",
        help="Stop the trace after K events (its last event then says complete: false).",
    )(f)


def summary_option(f: CommandFunction) -> CommandFunction:
    """``--summary`` of a trace: the final counters alone, however long the search."""
    return click.option(
        "--summary",
        is_flag=True,
        help="Print only the end event, the final counters (nodes, backtracks, solutions), as "
        "one JSON line: the whole search runs, for any size, without --max-events and without "
        "making the events it does not print.",
    )(f)


def _summary_alone() -> None:
    """Refuse an explicit --max-events with --summary: the summary runs the whole search, so
    the bound would be silently ignored."""
    ctx = click.get_current_context()
    if ctx.get_parameter_source("max_events") not in (None, click.core.ParameterSource.DEFAULT):
        raise click.BadParameter(
            "--summary counts the whole search: leave --max-events out", param_hint="'--max-events'"
        )


def play_options(f: CommandFunction) -> CommandFunction:
    """``--html FILE``, ``--animate`` and ``--fps``: how :func:`_play` shows a search."""
    f = click.option(
        "--fps",
        type=click.FloatRange(0, 1000, min_open=True),
        default=8.0,
        show_default=True,
        help="With --animate: events per second.",
    )(f)
    f = click.option(
        "--animate",
        is_flag=True,
        help="Play the search in the terminal (on stderr), board redrawn in place.",
    )(f)
    return click.option(
        "--html",
        metavar="FILE",
        default=None,
        help="Write a self-contained HTML player of the search to FILE ('-': stdout): open it "
        "in a browser, from disk, no network needed.",
    )(f)


# ---------------------------------------------------------------------------------------------
# Input and output
# ---------------------------------------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _read_input(
    path: str, what: str = "puzzles", hint: str = ", one per line"
) -> tuple[bytes, str]:
    """The bytes of ``path`` (``-``: stdin) and the name to show for it."""
    if path == "-":
        stream = sys.stdin
        if stream is not None and stream.isatty():
            click.echo(f"clew: reading {what} from stdin{hint} (Ctrl-D to end)", err=True)
        data = getattr(stream, "buffer", stream).read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        return data, "<stdin>"
    from ..errors import read_bytes

    name = click.format_filename(path)
    return read_bytes(path, what, name=name), name


def _write_text(text: str, path: str) -> None:
    """``text`` into ``path`` ('-': stdout), refusing to write where it cannot."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    name = click.format_filename(path)
    try:
        # opened apart from the writing: an open that fails is bad input (2), a write or the
        # last flush that fails is an output that could not be written (1)
        f = open(path, "w", encoding="utf-8")  # noqa: SIM115 -- closed by the 'with f' below
    except OSError as exc:  # a path that cannot be written at all: bad input (2)
        from ..errors import ClewError

        raise ClewError(f"{name}: cannot write: {exc.strerror or exc}") from None
    try:
        with f:
            f.write(text)
    except OSError as exc:  # opened, then the disk filled: the output could not be written (1)
        raise _OutputFailed(exc, name) from None


def _write_trace(events: Iterable[dict[str, Any]], max_events: int | None) -> None:
    """JSON lines on stdout; a note on stderr when the trace was cut."""
    import json

    out = sys.stdout
    last = None
    for event in events:
        out.write(json.dumps(event, separators=(", ", ": ")) + "\n")
        last = event
    out.flush()
    if last is not None and not last.get("complete", True):
        click.echo(f"clew: the trace stops after {max_events} events (--max-events)", err=True)


def _play(
    events: Any,
    html: str | None,
    animate: bool,
    fps: float,
    kind: str,
    *,
    max_events: int,
    **board: Any,
) -> None:
    """Show a search as :func:`play_options` asked: an HTML player (``events`` a list) or a
    terminal animation (any iterable); stderr says what was shown, and when the trace was cut
    at --max-events, since the player or the animation then ends before the search does."""
    if (html is None) == (not animate):
        raise click.UsageError("give --html FILE or --animate (one of them)")
    if html is not None:
        from ..viz.player import player_html

        _write_text(player_html(events, kind=kind), html)
        end = events[-1]
        if html != "-":
            click.echo(
                f"clew: wrote {click.format_filename(html)}: {_plural(len(events), 'event')}, "
                f"{_plural(end['solutions'], 'solution')}, {_plural(end['nodes'], 'node')}, "
                f"{_plural(end['backtracks'], 'backtrack')}",
                err=True,
            )
    else:
        from ..viz.animate import animate as run_animation

        end = run_animation(events, kind=kind, fps=fps, **board) or {}
    if end.get("complete") is False:
        click.echo(
            f"clew: the trace stops after {max_events} events (--max-events): only the start of "
            "the search is shown",
            err=True,
        )
