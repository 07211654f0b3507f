"""The ``clew`` command line: ``clew <problem> <command> [options]``.

Each problem is a Click group (``clew queens``, ``clew sudoku``, ``clew cover``, ``clew maze``,
and ``clew journal`` for the journals of long counts; ``clew compile`` is a single command)
whose commands are thin wrappers over the Python API: parse and check the arguments, call the
library, print. Data goes to stdout, diagnostics to stderr, and no traceback ever reaches the
user:

One table of exit statuses holds for every command (docs/contract.md): 0 answered, 1
answered "none" (no solution, no path, nothing found) or the output could not be written, 2
bad input or usage, 130 interrupted, 141 output closed early.

* a bad argument (wrong type, out of range, unknown option) prints one line,
  ``clew: error: <message> (see 'clew ... --help')``, and exits with status 2;
* a :class:`~clew.errors.ClewError` raised by the library is an input error too: it prints
  ``clew: error: <message>`` and exits with status 2;
* a reader that stops early (``clew queens solve 12 | head -1``) ends the run quietly with
  status 141, as a program killed by SIGPIPE would;
* an output that cannot be written (``clew queens solve 10 > /dev/full``, a journal whose
  disk fills or that is deleted during the run) prints one line, ``clew: error: cannot
  write the output: No space left on device``, and exits with status 1; what stdout still
  buffers goes to the null device, so the interpreter's own last flush cannot fail again;
* Ctrl-C prints ``clew: interrupted`` (or what a long job kept) and exits with status 130,
  also inside a single long kernel call (``queens one``, ``queens complete``), which runs
  in a worker thread while the main thread waits for the signal.

Layout: this module holds the top group :data:`cli`, :func:`run` (where every error is
reported) and :func:`main`; :mod:`._common` the Click plumbing, the options written once and
the I/O helpers; one module per command (:mod:`.queens`, :mod:`.sudoku` with
:mod:`._sudoku_logic`, :mod:`.cover`, :mod:`.maze`, :mod:`.journal`, :mod:`.compile`).

The commands are found, not listed: every module of this package whose name does not start
with ``_`` is one command of ``clew``, named as the module, and its Click command is the
module-level :class:`click.Command` of that name (:func:`families`, :func:`family_command`).
The package's path is extended at import with every other folder ``clew/cli`` on
``sys.path``, so a family kept outside clew's own tree adds its command by placing its module
there (tests/test_toy_family.py does so).

Start-up stays cheap: every module of this package imports only Click and the standard
library, and the commands are loaded lazily (:class:`LazyGroup`, Click's "lazy loading of
subcommands"): the names come from the file names alone, ``clew queens count 8`` imports
:mod:`.queens` alone, and numpy, numba and the kernels are imported inside the commands that
need them, so ``clew --help`` does not pay for them.

Adding a problem means adding one module with its group, ``clew/cli/maze.py``, and nothing
else::

    @click.group(cls=Group)
    def maze():
        \"\"\"Mazes: ... 'solve' ..., 'show' ... (name every command here).\"\"\"

    @maze.command("solve")
    ...

A module that helps a command without being one starts with ``_`` (:mod:`._sudoku_logic`).
"""

from __future__ import annotations

import importlib
import os
import sys
import threading

import click

from .. import __version__
from .._kernel_cache import skip_blas_probe, skip_registry_refresh
from .._partner import enable as enable_partner
from .._plugins import folders_outside
from ._common import (
    _CONTEXT,
    _EPILOG,
    EXIT_BROKEN_PIPE,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_NONE,
    EXIT_OK,
    EXIT_USAGE,
    Group,
    _close_stdout_quietly,
    _is_write_fault,
    _one_line,
    _OutputClosed,
    _OutputFailed,
    _Stopped,
    install_compile_notice,
)

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_NONE",
    "EXIT_OK",
    "EXIT_USAGE",
    "LazyGroup",
    "cli",
    "entry",
    "families",
    "family_command",
    "main",
    "run",
]


#: Every folder ``clew/cli`` on ``sys.path`` is part of this package, after clew's own: a
#: family kept outside clew's tree (a plugin on PYTHONPATH) adds its command by placing its
#: module there. Read once, at import.
__path__ = [*__path__, *folders_outside(__path__, "cli")]


def families() -> dict[str, str]:
    """The commands of ``clew`` found in this package: command name -> module name.

    One per module (``name.py``) or subpackage whose name does not start with ``_``, in
    every folder of the package's path (the first folder wins a name), read from the file
    names alone: nothing is imported.

    Examples
    --------
    >>> from clew.cli import families
    >>> families()["queens"]
    'clew.cli.queens'
    >>> "_common" in families()
    False
    """
    global _found
    # the folders' modification times: a module added or removed changes its folder's, so
    # the scan runs again (the help asks once per command it lists)
    stamp = tuple(_modified(folder) for folder in __path__)
    if _found[0] != stamp:
        _found = (stamp, _scan(__path__))
    return dict(_found[1])


#: The last scan of the package's path: (the stamp of its folders, what :func:`families` found).
_found: tuple[tuple[tuple[str, int], ...] | None, dict[str, str]] = (None, {})


def _modified(folder: str) -> tuple[str, int]:
    try:
        return folder, os.stat(folder).st_mtime_ns
    except OSError:
        return folder, -1


def _scan(folders: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name.removesuffix(".py")
            if name.startswith("_") or not name.isidentifier() or name in found:
                continue
            if entry.name.endswith(".py") or os.path.isfile(
                os.path.join(entry.path, "__init__.py")
            ):
                found[name] = f"{__name__}.{name}"
    return dict(sorted(found.items()))


def family_command(name: str) -> click.Command:
    """The Click command ``clew NAME``: the module-level command named ``name`` of the module
    :func:`families` found for it, imported now.

    Examples
    --------
    >>> from clew.cli import family_command
    >>> family_command("maze").name
    'maze'
    """
    module = importlib.import_module(families()[name])
    commands = {
        id(value): value
        for value in vars(module).values()
        if isinstance(value, click.Command) and value.name == name
    }
    if len(commands) != 1:  # a module of this package that is not a command: a bug
        raise TypeError(
            f"{module.__name__} must define one Click command named {name!r} (found "
            f"{len(commands)}); a helper module's name starts with '_'"
        )
    return next(iter(commands.values()))


#: Click >= 8.2 raises this for a bare group ('clew', 'clew queens'); older Click prints the
#: help and exits 0 by itself.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class LazyGroup(Group):
    """The top group: its subcommands are the modules :func:`families` finds, each imported
    on first use (:func:`family_command`: when Click resolves that name, or when the help
    lists the commands), as in Click's "Lazily loading subcommands"."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *families()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in families():
            return family_command(cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, context_settings=_CONTEXT, epilog=_EPILOG)
@click.version_option(
    __version__, "-V", "--version", prog_name="clew", message="%(prog)s %(version)s"
)
def cli() -> None:
    """clew: fast backtracking search, with a numba kernel per problem.

    Problems: 'queens' (N-Queens), 'sudoku' (every shape and variant), 'cover' (exact
    cover), 'maze' (generate, solve and watch mazes); 'journal' shows where a long job
    recorded with --journal stands; 'compile' compiles the kernels ahead of their first use.

    Run 'clew PROBLEM --help' for a problem's commands, e.g. 'clew queens --help'. Every
    long command takes --jobs J (default 1; 'all' for one worker per core), every command
    that prints results takes --format json.
    """


# ---------------------------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------------------------


def run(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``) and return its exit status.

    Every error is reported here, in one line on stderr; nothing is raised.
    """
    from .._kernel_cache import set_announcer

    install_compile_notice()
    try:
        return _run(argv)
    finally:
        set_announcer(None)  # an embedding program (a test) gets the library's default back


def _run(argv: list[str] | None) -> int:
    from ..errors import ClewError

    if sys.stdout is None:  # started with stdout closed ('>&-'): Python has no stream for it
        click.echo("clew: error: cannot write the output: standard output is closed", err=True)
        return EXIT_FAILURE
    try:
        try:
            result = cli.main(args=argv, prog_name="clew", standalone_mode=False)
            sys.stdout.flush()
        except BrokenPipeError as exc:  # the last flush, or the help, found the pipe closed
            raise _OutputClosed() from exc
        except OSError as exc:  # the last flush, or the help (printed outside any command)
            if not _is_write_fault(exc):
                raise
            raise _OutputFailed(exc) from None
    except _OutputClosed:
        _close_stdout_quietly()
        return EXIT_BROKEN_PIPE
    except _OutputFailed as exc:
        click.echo(f"clew: error: {_one_line(exc.message())}", err=True)
        # what is still buffered would fail again at the interpreter's last flush, and print
        # "Exception ignored ...": it goes to the null device instead, as for a closed pipe
        _close_stdout_quietly()
        return EXIT_FAILURE
    except _NO_ARGS_IS_HELP as exc:
        exc.show()  # a bare 'clew' or 'clew queens': the help, on stderr
        return EXIT_USAGE
    except click.ClickException as exc:
        message = _one_line(exc.format_message())
        ctx = getattr(exc, "ctx", None)
        if isinstance(exc, click.UsageError) and ctx is not None:
            message += f" (see '{ctx.command_path} --help')"
        click.echo(f"clew: error: {message}", err=True)
        return exc.exit_code
    except ClewError as exc:
        click.echo(f"clew: error: {_one_line(exc)}", err=True)
        # a journal that stopped taking records mid-run is an output that could not be
        # written (1), not bad input: the same command resumes once there is room
        from ..scale.journal import JournalWriteError

        return EXIT_FAILURE if isinstance(exc, JournalWriteError) else EXIT_USAGE
    except (click.Abort, KeyboardInterrupt, _Stopped) as exc:
        # a job of clew.scale says how much of it is safe (clew.scale.Interrupted.hint)
        cause = exc.interrupt if isinstance(exc, _Stopped) else exc
        hint = getattr(cause, "hint", None)
        click.echo(f"clew: {hint() if callable(hint) else 'interrupted'}", err=True)
        return EXIT_INTERRUPTED
    except Exception as exc:  # after _Stopped, an Exception too
        # a worker that died (the OOM killer, a Dask cluster that lost its workers): the run
        # could not finish, and the journal keeps what did (clew.scale.PieceError)
        from ..scale.executors import PieceError

        if not isinstance(exc, PieceError):
            raise
        click.echo(f"clew: error: {_one_line(exc)}", err=True)
        return EXIT_FAILURE
    return result if isinstance(result, int) else EXIT_OK


def main(argv: list[str] | None = None) -> None:
    """Run ``clew`` with ``argv`` and exit with :func:`run`'s status (``SystemExit``).

    After Ctrl-C the process ends at once (``os._exit`` once the output is flushed): a
    worker thread may still be inside a compiled kernel that cannot be stopped, and the
    interpreter's exit would wait for nothing useful."""
    skip_blas_probe()
    status = run(argv)
    _flush()
    if status == EXIT_INTERRUPTED:
        os._exit(status)
    sys.exit(status)


def entry() -> None:
    """The ``clew`` program itself: the console script and ``python -m clew``.

    As :func:`main`, and the process is all clew's, so it also spares itself two costs of
    numba and Python that a finished command does not need: the registry refresh on each
    cached kernel load (:func:`clew._kernel_cache.skip_registry_refresh`) and the
    interpreter's finalisation, about a fifth of a second of a warm ``clew queens count 12``
    spent tearing down numba's and numpy's modules one by one: once its ``atexit``
    handlers have run the process ends with ``os._exit``, unless a thread of its own is
    still working. (A program that calls :func:`main` keeps Python's own exit.)"""
    skip_blas_probe()
    skip_registry_refresh()
    enable_partner()  # a first run compiles on two cores (clew._partner)
    status = run(None)
    _flush()
    if status == EXIT_INTERRUPTED:
        os._exit(status)
    if any(
        t.is_alive() and not t.daemon
        for t in threading.enumerate()
        if t is not threading.main_thread()
    ):
        sys.exit(status)  # the interpreter's exit waits for it, as it would without clew
    import atexit

    atexit._run_exitfuncs()  # journals' and pools' clean-up, temporary folders
    os._exit(status)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: started with it closed ('>&-')
                stream.flush()
        except (OSError, ValueError):
            pass
