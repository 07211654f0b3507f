"""Long jobs that scale: one mechanism under every count and file of clew.

A family describes a long job as a :class:`Work` object (an identity, a fixed list of
pieces, a pure ``run_piece``, ``combine``, how a value goes into the journal; see
:mod:`clew.scale.work`) and hands it to :func:`run` (the answer) or :func:`stream` (the
values as they come, in piece order if asked). The mechanism knows no problem: the same
loop runs the pieces in this thread, on worker threads (kernels that release the GIL), on
worker processes or on a Dask cluster (``dask="local"`` starts one on 127.0.0.1,
``scheduler="tcp://..."`` joins a running one; a piece lost with a dead worker is simply
run again). With ``journal=FILE`` every finished piece goes into a SQLite file as it
completes, and running the same work with the same journal skips what is done
(:mod:`clew.scale.journal`). Ctrl-C cancels in one order: nothing more is handed out,
workers are stopped, the journal keeps what finished, :class:`Interrupted` says so.

Layers: this package imports only :mod:`clew.errors` and the standard library (Rich for
the progress bar, Dask when asked for); the families import it, never the reverse.

>>> class Cubes(Work):
...     releases_gil = False
...     def identity(self):
...         return {"cubes": 100}
...     def pieces(self):
...         return Slices(100, 4)
...     def run_piece(self, piece):
...         return sum(i**3 for i in range(*piece))
...     def combine(self, values):
...         return sum(values)
>>> Cubes().pieces()[1], run(Cubes(), jobs=2, executor="processes")
((25, 50), 24502500)
"""

from .address import SchedulerError, check_scheduler
from .executors import PieceError
from .journal import Journal, JournalError, JournalWriteError, Progress
from .report import JournalReport, show_journal
from .run import EXECUTORS, Interrupted, check_jobs, run, stream
from .work import WORKS, Slices, Work, WorkError, full_identity, kind_of, load_work, work_path

__all__ = [
    "check_jobs",
    "check_scheduler",
    "EXECUTORS",
    "Interrupted",
    "Journal",
    "JournalReport",
    "JournalError",
    "JournalWriteError",
    "PieceError",
    "Progress",
    "SchedulerError",
    "Slices",
    "Work",
    "WorkError",
    "WORKS",
    "full_identity",
    "load_work",
    "kind_of",
    "run",
    "show_journal",
    "stream",
    "work_path",
]
