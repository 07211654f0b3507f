"""A seeded sample of very hard puzzles to rate with Sudoku Explainer 1.2.1 (issue 27).

It makes the list of puzzles behind ``tests/data/sudoku_se_nested.tsv``: puzzles that SE
rates 9.5 or more, where its nested forcing chains start. SE itself is run apart (see
``benchmarks/se_compare.py`` for how it is built and run); this script only chooses.

From a list of puzzles (one 81-character line each; here the forum's 48,766 hardest,
``puzzles5_forum_hardest_1905_11+``, all rated ER 11 or more by the forum) it draws, with
``random.Random(seed).sample``, ``originals + derived`` lines that are not in the excluded
list (the forum's 375-puzzle HardestDatabase110626, kept as an independent check):

* the first ``originals`` are kept as they are;
* each of the next ``derived`` gets one more clue, the digit of its solution in a cell drawn
  among its blanks (the puzzle keeps one solution, and the added clue often lowers its
  rating into 9.0-10.x), and is kept only if clew's rater gets stuck on it or rates it 9.5
  or more: clew gives SE's rating on every puzzle that needs no nested chain, so a kept
  derived puzzle is one SE rates 9.5 or more.

The output has one ``puzzle<TAB>origin`` line per puzzle, derived and original in turn (so
that a rating run cut short still covers both), e.g. ``forum11 line 46229 + r2c8=2``.

Usage, from the repository root::

    python benchmarks/se_sample.py --list puzzles5_forum_hardest_1905_11+ \\
        --exclude puzzles6_forum_hardest_1106 --seed 27 --originals 40 --derived 80 \\
        --out candidates.tsv
"""

from __future__ import annotations

import argparse
import random
import sys

from clew import sudoku


def _puzzles(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f]


def add_clue(puzzle: str, rng: random.Random) -> tuple[str, str]:
    """``puzzle`` with one more clue from its solution, in a blank drawn by ``rng``, and the
    clue as ``rRcC=D``.

    >>> p = "..3.5.7.......9.2.8..2....5.15...4...3..7..5.9.......6...6.......1..8..2.4..1.3.."
    >>> q, clue = add_clue(p, random.Random(1))
    >>> sum(a != b for a, b in zip(p, q)), sudoku.is_unique(q)
    (1, True)
    """
    solution = "".join(ch for ch in str(sudoku.solve(puzzle)) if ch.isdigit())
    blanks = [i for i, ch in enumerate(puzzle) if ch in ".0"]
    cell = rng.choice(blanks)
    clue = f"r{cell // 9 + 1}c{cell % 9 + 1}={solution[cell]}"
    return puzzle[:cell] + solution[cell] + puzzle[cell + 1 :], clue


def sample(
    lines: list[str], excluded: set[str], seed: int, originals: int, derived: int
) -> list[tuple[str, str]]:
    """The ``(puzzle, origin)`` pairs, derived and original in turn (see the module text)."""
    pool = [(i + 1, p) for i, p in enumerate(lines) if len(p) == 81 and p not in excluded]
    rng = random.Random(seed)
    draw = rng.sample(pool, originals + derived)
    kept_originals = [(p, f"forum11 line {n}") for n, p in draw[:originals]]
    kept_derived = []
    for n, p in draw[originals:]:
        q, clue = add_clue(p, rng)
        r = sudoku.rate(q)
        print(n, clue, "stuck" if r.stuck else r.er, file=sys.stderr, flush=True)
        if r.stuck or (r.er is not None and r.er >= 9.5):
            kept_derived.append((q, f"forum11 line {n} + {clue}"))
    out = []
    for i in range(max(len(kept_originals), len(kept_derived))):
        out += kept_derived[i : i + 1] + kept_originals[i : i + 1]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", required=True, help="the puzzles to draw from")
    ap.add_argument("--exclude", required=True, help="puzzles never to draw ('#' lines skipped)")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--originals", type=int, default=40)
    ap.add_argument("--derived", type=int, default=80)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    excluded = {p for p in _puzzles(a.exclude) if len(p) == 81 and not p.startswith("#")}
    rows = sample(_puzzles(a.list), excluded, a.seed, a.originals, a.derived)
    with open(a.out, "w", encoding="utf-8") as f:
        for puzzle, origin in rows:
            f.write(f"{puzzle}\t{origin}\n")


if __name__ == "__main__":
    main()
