"""Maze speed: generating (recursive backtracker, Wilson's) and solving (DFS, BFS) in-process.

For each size (W x H rooms, square) and each generator, every repetition generates the maze
with the same seed, solves it depth-first and breadth-first, and writes and reads its text;
the medians of the repetitions are printed as a Markdown table, with the path length and the
DFS counters (the same in every repetition: the seed fixes the maze). A warm-up on a small
maze loads the compiled kernels first, so the figures are the kernels' own.

From the repository root::

    python benchmarks/maze_bench.py --sizes 1000 4000 --reps 3
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial

from clew import maze


def timed(fn):
    t0 = time.perf_counter()
    value = fn()
    return time.perf_counter() - t0, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    warm = maze.generate(20, 20, seed=0)
    for method in maze.GENERATORS:
        maze.generate(20, 20, method=method, seed=0).solve("dfs")
    warm.solve("bfs")
    maze.Maze.from_text(warm.to_text())

    print(
        "| rooms | method | generate | solve dfs | solve bfs | write text | read text | path steps "
        "| dfs nodes | dfs backtracks |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n in args.sizes:
        for method in maze.GENERATORS:
            times = {key: [] for key in ("gen", "dfs", "bfs", "write", "read")}
            for rep in range(args.reps):
                t, m = timed(partial(maze.generate, n, n, method=method, seed=args.seed))
                times["gen"].append(t)
                t, dfs = timed(partial(m.solve, "dfs"))
                times["dfs"].append(t)
                t, bfs = timed(partial(m.solve, "bfs"))
                times["bfs"].append(t)
                t, text = timed(m.to_text)
                times["write"].append(t)
                t, again = timed(partial(maze.Maze.from_text, text))
                times["read"].append(t)
                assert dfs.path == bfs.path and again == m
                runs = ", ".join(f"{k} {v[-1]:.3f}" for k, v in times.items())
                print(f"<!-- {n}x{n} {method} rep {rep + 1}: {runs} -->", flush=True)
                del m, text, again
            med = {k: statistics.median(v) for k, v in times.items()}
            print(
                f"| {n:,} x {n:,} | {method} | {med['gen']:.2f} s | {med['dfs']:.2f} s | "
                f"{med['bfs']:.2f} s "
                f"| {med['write']:.2f} s | {med['read']:.2f} s | {dfs.length:,} | {dfs.nodes:,} | "
                f"{dfs.backtracks:,} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
