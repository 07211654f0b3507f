"""Algorithm M's two kernels side by side, in one process: the dancing links
(``clew.cover.compiled._kernels_m``) and the bitsets (``clew.cover.compiled._kernels_mbits``),
which search the same tree; count only, on the instances of ``cover_m_bench.py``.

From the repository root::

    python benchmarks/cover_m_kernels.py --reps 5 [--only rooks7 queendom8]

Each repetition runs the links kernel then the bitset kernel on one instance, so both see the
same machine state; the table gives the medians of the kernel calls alone (no start-up, no
table building), the ratio, and the time per node of the search (both kernels count the same
nodes, checked here, and the same as DLX3 reports).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from cover_m_bench import instances  # noqa: E402


def run(problem, kernel: str) -> tuple[float, int, int]:
    from clew.cover import Search
    from clew.cover.kernels import MULTIPLICITY

    s = Search(problem, engine="multiplicity")
    out = np.zeros((0, s._width), np.int64)  # count only
    sizes = np.zeros(0, np.int64)
    t0 = time.perf_counter()
    MULTIPLICITY.run(s.state, s._meta, 0, out, sizes, on_links=kernel == "links")
    return time.perf_counter() - t0, s.count, s.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--only", nargs="*", help="instance names (default: all)")
    args = parser.parse_args()
    chosen = {k: v for k, v in instances().items() if not args.only or k in args.only}
    small = instances()["tetro6x6"]
    run(small, "links"), run(small, "bits")  # the kernels loaded once, not timed
    print(
        "| instance | solutions | nodes | links | bitsets | ratio "
        "| links per node | bitsets per node |"
    )
    print("|---|---|---|---|---|---|---|---|")
    runs = []
    for name, problem in chosen.items():
        times: dict = {"links": [], "bits": []}
        for _ in range(args.reps):
            for kernel in times:
                seconds, count, nodes = run(problem, kernel)
                times[kernel].append(seconds)
                if kernel == "links":
                    expected = (count, nodes)
                elif (count, nodes) != expected:
                    raise RuntimeError(
                        f"{name}: the kernels disagree: {expected} and {(count, nodes)}"
                    )
        a, b = statistics.median(times["links"]), statistics.median(times["bits"])
        print(
            f"| {name} | {count:,} | {nodes:,} | {a:.3f} s | {b:.3f} s | {b / a:.2f}x "
            f"| {a / nodes * 1e9:.0f} ns | {b / nodes * 1e9:.0f} ns |",
            flush=True,
        )
        runs.append(
            f"{name}: links {sorted(round(t, 3) for t in times['links'])}, "
            f"bitsets {sorted(round(t, 3) for t in times['bits'])}"
        )
    print()
    print("\n".join(runs))


if __name__ == "__main__":
    main()
