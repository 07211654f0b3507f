"""Counting that scales: one work-splitting mechanism for every core, a Dask cluster and
resumable journals.

A problem (:mod:`clew.scale.problems`) is cut into pieces; each piece is computed by a pure
function returning a number, so :func:`run` can hand the same pieces to this process, a
process pool (default: every core, idle workers take the next piece) or a Dask cluster
(``dask="local"`` starts one on 127.0.0.1, ``scheduler="tcp://..."`` joins a running one;
a piece lost with a dead worker is simply run again). With ``journal=FILE`` every finished
piece goes into a SQLite file as it completes, and running the same problem with the same
journal skips what is done (:mod:`clew.scale.journal`).

>>> from clew.scale import run, queens_count
>>> run(queens_count(10, unique=True), jobs=1)
{'n': 10, 'total': 724, 'unique': 92}
"""

from .journal import Journal, JournalError, Progress
from .problems import combine, cover_count, pieces, queens_count, run_piece
from .run import Interrupted, run

__all__ = [
    "Interrupted",
    "Journal",
    "JournalError",
    "Progress",
    "combine",
    "pieces",
    "cover_count",
    "queens_count",
    "run",
    "run_piece",
]
