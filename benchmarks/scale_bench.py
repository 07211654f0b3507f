"""Scaling benchmarks: two cores against one, Dask against the process pool, the journal's
overhead. Side by side in one run, medians.

Run from the repository root (clew installed with the dask extra)::

    python benchmarks/scale_bench.py --n 17 --reps 3

Each repetition times, back to back, whole ``clew queens count N`` processes with:
``--jobs 1``; ``--jobs 2`` (process pool); ``--jobs 2 --dask local`` (a 2-worker
LocalCluster on 127.0.0.1, started and stopped inside the timed command); ``--jobs 2
--journal FILE`` (a fresh journal each time). The counting time from ``--json`` is reported
beside the wall time, and every run's total is checked against OEIS A000170.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

A000170 = {14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624}
CLEW = [sys.executable, "-m", "clew", "queens", "count"]


def once(args: list[str]) -> tuple[float, float]:
    t0 = time.perf_counter()
    out = subprocess.run(
        CLEW + args + ["--json", "--quiet"], capture_output=True, text=True, check=True
    ).stdout
    wall = time.perf_counter() - t0
    report = json.loads(out)
    assert report["total"] == A000170[report["n"]], out
    return wall, report["seconds"]


def running_cluster(n: int, reps: int) -> None:
    """Dask on a cluster started once (as a real cluster is used) against the process pool,
    in this process, side by side."""
    from distributed import LocalCluster

    from clew.queens.counting import QueensCount as queens_count
    from clew.scale import run

    cluster = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    try:
        run(
            queens_count(10), scheduler=cluster.scheduler_address
        )  # load the kernels in the workers
        pool, dask = [], []
        for _ in range(reps):
            t0 = time.perf_counter()
            a = run(queens_count(n), jobs=2)
            pool.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            b = run(queens_count(n), scheduler=cluster.scheduler_address)
            dask.append(time.perf_counter() - t0)
            assert a == b and a["total"] == A000170[n]
    finally:
        cluster.close()
    p, d = statistics.median(pool), statistics.median(dask)
    print(
        f"n={n}: pool {p:.3f} s {[round(x, 2) for x in pool]}, Dask on a running 2-worker cluster "
        f"{d:.3f} s {[round(x, 2) for x in dask]}, ratio {d / p:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=17)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument(
        "--running-cluster",
        action="store_true",
        help="compare Dask on a cluster started once with the pool, in-process",
    )
    args = parser.parse_args()
    if args.running_cluster:
        running_cluster(args.n, args.reps)
        return
    n = str(args.n)
    variants = {
        "jobs=1": ["--jobs", "1"],
        "jobs=2 pool": ["--jobs", "2"],
        "jobs=2 dask local": ["--jobs", "2", "--dask", "local"],
        "jobs=2 pool + journal": ["--jobs", "2", "--journal", None],
    }
    wall = {k: [] for k in variants}
    counting = {k: [] for k in variants}
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.reps):
            for name, extra in variants.items():
                extra = [os.path.join(tmp, f"j{rep}.sqlite") if a is None else a for a in extra]
                w, c = once([n, *extra])
                wall[name].append(w)
                counting[name].append(c)
    print(f"clew queens count {n}, {args.reps} runs each, median seconds (wall | counting only)")
    base = {k: statistics.median(v) for k, v in wall.items()}
    cbase = {k: statistics.median(v) for k, v in counting.items()}
    for name in variants:
        print(
            f"  {name:22s} wall {base[name]:8.3f}  counting {cbase[name]:8.3f}   runs "
            f"{[round(x, 2) for x in wall[name]]}"
        )
    print(
        f"  jobs=2 / jobs=1           wall {base['jobs=2 pool'] / base['jobs=1']:.3f}  counting "
        f"{cbase['jobs=2 pool'] / cbase['jobs=1']:.3f}"
    )
    print(
        f"  dask / pool (2 workers)   wall {base['jobs=2 dask local'] / base['jobs=2 pool']:.3f}  "
        f"counting {cbase['jobs=2 dask local'] / cbase['jobs=2 pool']:.3f}"
    )
    print(
        "  journal / none (jobs=2)   wall "
        f"{base['jobs=2 pool + journal'] / base['jobs=2 pool']:.3f}  counting "
        f"{cbase['jobs=2 pool + journal'] / cbase['jobs=2 pool']:.3f}"
    )


if __name__ == "__main__":
    main()
