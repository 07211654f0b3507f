"""How much of clew's rating time the chaining techniques take, against Sudoku Explainer's.

Rates the puzzles of a ratings file (the format of ``benchmarks/se_compare.py``: puzzle, SE's
ER, EP, ED, SE's seconds) whose SE ER is at least ``--min-er`` with
:func:`clew.sudoku.logic.solver.rate`, timing the CPU time spent inside each chaining producer of
:data:`clew.sudoku.logic.chains.CHAIN_FINDERS` (and inside aligned exclusion, which SE tries among
them), and prints the totals, how many ERs agree with SE's, and SE's seconds over the chains'.

Usage, from the repository root::

    python benchmarks/chains_share.py --tsv /tmp/se/mix_se.tsv --min-er 6.5
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from clew.sudoku.logic import chains, state
from clew.sudoku.logic import solver as logic


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tsv", required=True, help="puzzle, ER, EP, ED, seconds per line")
    parser.add_argument(
        "--min-er", type=float, default=6.5, help="only puzzles SE rates at least this"
    )
    args = parser.parse_args()
    names = {name for name, _, _ in chains.CHAIN_FINDERS}
    spent: dict[str, float] = {}

    def timed(name, finder):
        def run(state):
            start = time.process_time()
            try:
                return finder(state)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start

        return run

    state._FINDERS = tuple(
        (n, r, timed(n, f) if n in names or n.startswith("Aligned") else f)
        for n, r, f in state._FINDERS
    )
    rows = []
    for line in Path(args.tsv).read_text(encoding="utf-8").splitlines(keepends=True):
        fields = line.rstrip("\n").split("\t")
        if line.strip() and not line.startswith("#") and float(fields[1]) >= args.min_er:
            rows.append(fields)
    logic.rate(rows[0][0])  # loads the kernels
    spent.clear()
    se = total = 0.0
    same = 0
    for fields in rows:
        start = time.process_time()
        rating = logic.rate(fields[0])
        total += time.process_time() - start
        se += float(fields[4]) if len(fields) > 4 else 0.0
        er = getattr(rating, "er", None) or rating.score
        same += abs(er - float(fields[1])) < 0.05
    print(f"{len(rows)} puzzles, clew's ER = SE's on {same}; SE {se:.1f} s; clew {total:.1f} s CPU")
    for name, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {name:32} {seconds:8.2f} s CPU")
    chain = sum(v for k, v in spent.items() if k in names)
    print(f"chains {chain:.1f} s CPU: SE / chains = {se / chain:.1f}x")


if __name__ == "__main__":
    main()
