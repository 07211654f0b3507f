"""clew's sudoku ratings side by side with Sudoku Explainer 1.2.1's (issue 14).

Sudoku Explainer (SE) is not part of clew and this script never runs it: it reads SE's
ratings from a file made beforehand, rates the same puzzles with
:func:`clew.sudoku.logic.solver.rate` and prints how close the two are and how fast each was.

The ratings file
----------------
One puzzle per line, tab separated::

    puzzle<TAB>ER<TAB>EP<TAB>ED<TAB>seconds

``puzzle``: 81 characters, ``.`` or ``0`` for a blank; ``ER``, ``EP``, ``ED``: SE's rating,
pearl and diamond as its command-line rater ``serate`` prints them (``%r``, ``%p``, ``%d``:
the highest technique rating of the steps up to the solution, up to the first placement,
and of the first step; 20.0 means SE could not solve the puzzle); ``seconds``: SE's time
for that puzzle inside its JVM, JVM start-up excluded (optional: without it no speed ratio is
shown). serate's ``%e`` gives the wall time; on a shared machine the CPU time of the thread
that rates (``ThreadMXBean.getCurrentThreadCpuTime`` around the same three calls serate
makes: ``new Solver(grid)``, ``rebuildPotentialValues()``, ``getDifficulty()``) is steadier.
Blank lines and ``#`` comments are skipped.

To make one, build SE 1.2.1 with gsf's ``serate`` entry point from source in a scratch folder
outside this repository (the SudokuExplainer repository of GitHub user 1to9only, commit
729c00e "gsf's (Glenn Fowler) serate", which is SE 1.2.1 plus serate; later commits change
ratings)::

    git archive 729c00e | tar -x -C /tmp/se/src
    find /tmp/se/src -name '*.java' > /tmp/se/sources.txt
    javac --release 8 -encoding ISO-8859-1 -nowarn -d /tmp/se/classes @/tmp/se/sources.txt
    jar cf /tmp/se/SudokuExplainer.jar -C /tmp/se/classes .

(with a modern JDK, ``io/SudokuIO.java`` needs ``new Object[0]`` as a third argument in its
four ``new ErrorMessage(..., false|true)`` calls, which javac finds ambiguous; the solver is
untouched) and run it on a file of 81-character puzzles::

    java -Xrs -Xmx500m -cp /tmp/se/SudokuExplainer.jar diuf.sudoku.test.serate \\
        --format=$'%g\\t%r\\t%p\\t%d\\t%e' --input=puzzles.txt --output=ratings.out

``%e`` prints ``S.CCs`` (or ``MmSSs`` past a minute): turn it into seconds for the last
column. The JVM's start-up is not in ``%e``; time it apart (``serate`` on an empty input).

Usage, from the repository root::

    python benchmarks/se_compare.py --tsv /tmp/se/mix_se.tsv
    python benchmarks/se_compare.py --tsv ratings.tsv --limit 50 --worst 20 --save clew.tsv
    python benchmarks/se_compare.py --tsv tests/data/sudoku_se_ratings.txt

(the last: the repository's 120 reference puzzles, space separated, with no SE times).

What it prints
--------------
* the share of puzzles whose clew ER is within 0.1 and within 0.5 of SE's (and the same for
  EP and ED once clew's rating has ``ep``/``ed``), the Spearman rank correlation of the
  two ERs (ties get their mean rank), and how many puzzles clew could not finish;
* clew's time, wall and CPU (in this process, one puzzle after another, after untimed
  ratings of the puzzle SE rates hardest and of the first one, which load the compiled
  kernels), SE's time (the sum of the ``seconds`` column) and
  the ratios SE / clew;
* the same figures per band of SE's ER: 1-2, 2-3, ..., 8-9, 9+ (below 1 joins 1-2);
* the worst differences (ER first, then EP, ED; puzzles where all agree are left out):
  puzzle, SE's ER/EP/ED, clew's, the ER difference, clew's hardest technique.

clew's ER is the ``er`` attribute of its :class:`~clew.sudoku.logic.solver.Rating` when it has one,
else ``score``; ``ep`` and ``ed`` are compared only when the rating has them. A puzzle clew
cannot finish (``stuck``, or ``er`` is None) counts as ER 20.0, SE's figure for a puzzle it
cannot solve: a miss, ranked above every other.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: SE's band edges: 1-2, 2-3, ..., 8-9, then 9 and above.
BANDS = tuple((lo, lo + 1.0) for lo in range(1, 9)) + ((9.0, math.inf),)
#: Ratings are given to a tenth; a difference "within 0.1" allows for the float noise.
EPS = 1e-9
#: The ER given to a puzzle clew cannot finish (its rating's ``er`` is None, or ``stuck``):
#: SE's own figure for a puzzle it cannot solve, above every technique.
STUCK = 20.0


@dataclass
class Row:
    """One puzzle: SE's figures and, once rated, clew's."""

    puzzle: str
    er: float
    ep: float
    ed: float
    se_seconds: float | None
    line: int
    clew_er: float = math.nan
    clew_ep: float | None = None
    clew_ed: float | None = None
    has_ep: bool = False
    has_ed: bool = False
    hardest: str | None = None
    stuck: bool = False
    seconds: float = 0.0
    cpu: float = 0.0
    error: str | None = None


def read_tsv(path: Path, limit: int | None = None) -> list[Row]:
    """The rows of a ratings file; a malformed line stops with its number."""
    rows: list[Row] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t") if "\t" in line else line.split()
        if len(fields) not in (4, 5) or len(fields[0]) != 81:
            sys.exit(
                f"se_compare: {path}:{number}: expected 'puzzle ER EP ED [seconds]' with an "
                f"81-character puzzle, got {raw[:100]!r}"
            )
        try:
            er, ep, ed = (float(x) for x in fields[1:4])
            seconds = float(fields[4]) if len(fields) == 5 else None
        except ValueError:
            sys.exit(
                f"se_compare: {path}:{number}: the ratings must be numbers, got {fields[1:]!r}"
            )
        rows.append(Row(fields[0], er, ep, ed, seconds, number))
        if limit is not None and len(rows) >= limit:
            break
    return rows


def rank(values: np.ndarray) -> np.ndarray:
    """Ranks 1..n of ``values``, tied values sharing the mean of their ranks."""
    order = np.argsort(values, kind="mergesort")
    ranks = np.empty(len(values), dtype=float)
    ranks[order] = np.arange(1, len(values) + 1, dtype=float)
    # Each group of equal values gets the mean of the ranks it spans.
    uniq, inverse = np.unique(values, return_inverse=True)
    sums = np.bincount(inverse, weights=ranks)
    counts = np.bincount(inverse)
    return (sums / counts)[inverse]


def spearman(a, b) -> float:
    """Spearman's rank correlation: Pearson's correlation of the (tie-averaged) ranks;
    nan when either side is constant or there are fewer than 2 values.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40])
    1.0
    >>> spearman([1, 2, 3, 4], [4, 3, 2, 1])
    -1.0
    >>> round(spearman([1, 2, 2, 3], [1, 3, 2, 4]), 4)
    0.9487
    """
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(x) < 2:
        return math.nan
    rx, ry = rank(x), rank(y)
    rx -= rx.mean()
    ry -= ry.mean()
    den = math.sqrt(float(rx @ rx) * float(ry @ ry))
    return float(rx @ ry) / den if den else math.nan


def rate_all(rows: list[Row]) -> tuple[float, float]:
    """Rate every row with clew; returns the total wall and CPU seconds of the timed calls."""
    from clew.sudoku.logic import solver as logic

    # untimed: the puzzle SE rates hardest, then the first one, which load numba, the cached
    # kernels the chains and the other techniques call, the solver that proves a puzzle
    # proper once numba is in, and the techniques' tables (about 1 s, once per process, as
    # the JVM's start-up is left out of SE's seconds)
    warm = [max(rows, key=lambda r: r.er), rows[0]] if rows else []
    for row in warm:
        with contextlib.suppress(Exception):  # the timed loop below reports it
            logic.rate(row.puzzle)
    for row in rows:
        start, cpu = time.perf_counter(), time.process_time()
        try:
            rating = logic.rate(row.puzzle)
        except Exception as exc:  # noqa: BLE001 - one bad puzzle must not stop the comparison
            row.error = f"{type(exc).__name__}: {exc}"
            continue
        finally:
            row.seconds = time.perf_counter() - start
            row.cpu = time.process_time() - cpu
        er = getattr(rating, "er", None)
        er = rating.score if er is None and not hasattr(rating, "er") else er
        row.stuck = bool(getattr(rating, "stuck", False)) or er is None
        row.clew_er = STUCK if row.stuck else float(er)
        row.has_ep, row.has_ed = hasattr(rating, "ep"), hasattr(rating, "ed")
        row.clew_ep = getattr(rating, "ep", None)
        row.clew_ed = getattr(rating, "ed", None)
        row.hardest = rating.hardest
    return sum(r.seconds for r in rows), sum(r.cpu for r in rows)


def share(diffs: np.ndarray, tol: float) -> float:
    return float(np.mean(diffs <= tol + EPS)) if len(diffs) else math.nan


def pct(x: float) -> str:
    return "  n/a" if math.isnan(x) else f"{100 * x:5.1f}%"


def band_name(lo: float, hi: float) -> str:
    return f"{lo:g}+" if math.isinf(hi) else f"{lo:g}-{hi:g}"


def in_band(er: float, lo: float, hi: float) -> bool:
    # Ratings under 1 (none in SE's scale for a puzzle with blanks) join the first band.
    return (er < hi or math.isinf(hi)) and (er >= lo or lo == BANDS[0][0])


def misses(r: Row) -> tuple[float, float, float]:
    """How far clew's ER, EP and ED are from SE's (inf where clew has none; 0 for a figure
    clew's rating does not give)."""
    er = math.inf if r.stuck else abs(r.clew_er - r.er)
    ep = (math.inf if r.clew_ep is None else abs(float(r.clew_ep) - r.ep)) if r.has_ep else 0.0
    ed = (math.inf if r.clew_ed is None else abs(float(r.clew_ed) - r.ed)) if r.has_ed else 0.0
    return er, ep, ed


def figures(er, ep, ed, has_ep: bool = True, has_ed: bool = True) -> str:
    """``ER/EP/ED`` as SE writes them; ``-`` for a missing figure, nothing for one the rating
    does not give."""
    parts = [er] + ([ep] if has_ep else []) + ([ed] if has_ed else [])
    return "/".join("-" if x is None else f"{float(x):.1f}" for x in parts)


def report(
    rows: list[Row], clew_seconds: float, clew_cpu: float, worst: int, out=sys.stdout
) -> None:
    ok = [r for r in rows if r.error is None]
    failed = [r for r in rows if r.error is not None]
    se = np.array([r.er for r in ok])
    cl = np.array([r.clew_er for r in ok])
    diffs = np.abs(cl - se)
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(
        f"puzzles: {len(rows)} ({len(ok)} rated by clew, {len(failed)} refused, "
        f"{sum(r.stuck for r in ok)} where clew got stuck)"
    )
    p(
        f"ER within 0.1: {pct(share(diffs, 0.1))}   within 0.5: {pct(share(diffs, 0.5))}   "
        f"Spearman: {spearman(se, cl):.4f}   mean |diff|: "
        f"{diffs.mean() if len(ok) else math.nan:.3f}"
    )
    for name in ("ep", "ed"):
        have = [r for r in ok if getattr(r, f"has_{name}")]
        if have:
            # A missing figure (clew stuck before it) is a miss.
            d = np.array(
                [
                    math.inf
                    if getattr(r, f"clew_{name}") is None
                    else abs(float(getattr(r, f"clew_{name}")) - getattr(r, name))
                    for r in have
                ]
            )
            p(
                f"{name.upper()} within 0.1: {pct(share(d, 0.1))}   within 0.5: "
                f"{pct(share(d, 0.5))}"
                f"   ({len(have)} puzzles)"
            )
    se_times = [r.se_seconds for r in rows if r.se_seconds is not None]
    clew_time = f"clew {clew_seconds:.3f} s wall, {clew_cpu:.3f} s CPU"
    if len(se_times) == len(rows) and rows:
        se_total = sum(se_times)
        wall = se_total / clew_seconds if clew_seconds > 0 else math.inf
        cpu = se_total / clew_cpu if clew_cpu > 0 else math.inf
        p(
            f"time: {clew_time}; SE {se_total:.2f} s (the file's seconds, JVM start-up excluded); "
            f"SE / clew = {wall:.1f}x (clew wall), {cpu:.1f}x (clew CPU)"
        )
    else:
        p(f"time: {clew_time} (the file gives no SE time for every puzzle)")

    p("")
    p(
        f"{'SE band':>8} {'n':>4} {'<=0.1':>7} {'<=0.5':>7} {'mean|d|':>8} {'SE mean':>8} "
        f"{'clew mean':>9} {'clew cpu':>8} {'SE s':>8}"
    )
    for lo, hi in BANDS:
        band = [r for r in ok if in_band(r.er, lo, hi)]
        if not band:
            continue
        d = np.abs(np.array([r.clew_er for r in band]) - np.array([r.er for r in band]))
        se_s = [r.se_seconds for r in band if r.se_seconds is not None]
        p(
            f"{band_name(lo, hi):>8} {len(band):>4} {pct(share(d, 0.1)):>7} "
            f"{pct(share(d, 0.5)):>7} "
            f"{d.mean():8.2f} {np.mean([r.er for r in band]):8.2f} "
            f"{np.mean([r.clew_er for r in band]):9.2f} {sum(r.cpu for r in band):8.3f} "
            f"{(f'{sum(se_s):8.2f}' if len(se_s) == len(band) else '     n/a')}"
        )

    if worst > 0 and ok:
        p("")
        differ = sorted(
            (r for r in ok if max(misses(r)) > EPS),
            key=lambda r: (*(-m for m in misses(r)), r.line),
        )
        if not differ:
            p("no differences: clew's figures are SE's on every puzzle rated")
        else:
            p(
                f"worst {min(worst, len(differ))} of {len(differ)} differences (line = line of the "
                "ratings file; "
                f"ER/EP/ED, '-' where clew has none):"
            )
            p(f"{'line':>5} {'puzzle':<81} {'SE':>11} {'clew':>13} {'ER diff':>7}  clew's hardest")
            for r in differ[:worst]:
                tech = (r.hardest or "-") + (" (stuck)" if r.stuck else "")
                diff = "      -" if r.stuck else f"{r.clew_er - r.er:+7.1f}"
                clew_er = None if r.stuck else r.clew_er
                clew_figures = figures(clew_er, r.clew_ep, r.clew_ed, r.has_ep, r.has_ed)
                p(
                    f"{r.line:>5} {r.puzzle:<81} {figures(r.er, r.ep, r.ed):>11} "
                    f"{clew_figures:>13} "
                    f"{diff}  {tech}"
                )
    for r in failed:
        p(f"refused, line {r.line}: {r.puzzle}: {r.error}")


def save(rows: list[Row], path: Path) -> None:
    """clew's figures per puzzle, beside SE's, for a closer look."""
    with path.open("w", encoding="utf-8") as f:
        f.write(
            "# puzzle\tSE_ER\tSE_EP\tSE_ED\tclew_ER\tclew_EP\tclew_ED\tclew_hardest\tstuck"
            "\tclew_seconds\n"
        )
        for r in rows:
            cells = [
                r.puzzle,
                r.er,
                r.ep,
                r.ed,
                r.clew_er if r.error is None else "error",
                "" if r.clew_ep is None else r.clew_ep,
                "" if r.clew_ed is None else r.clew_ed,
                r.hardest or "",
                int(r.stuck),
                f"{r.seconds:.4f}",
            ]
            f.write("\t".join(str(c) for c in cells) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tsv",
        type=Path,
        required=True,
        help="SE's ratings: puzzle<TAB>ER<TAB>EP<TAB>ED[<TAB>seconds] per line",
    )
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles")
    parser.add_argument(
        "--worst", type=int, default=15, help="rows in the table of worst differences"
    )
    parser.add_argument(
        "--save", type=Path, default=None, help="write clew's figures per puzzle here"
    )
    args = parser.parse_args(argv)
    if not args.tsv.is_file():
        parser.error(f"{args.tsv}: no such file")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    rows = read_tsv(args.tsv, args.limit)
    if not rows:
        parser.error(f"{args.tsv}: no ratings in it")
    clew_seconds, clew_cpu = rate_all(rows)
    report(rows, clew_seconds, clew_cpu, args.worst)
    if args.save:
        save(rows, args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
