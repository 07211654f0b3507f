"""Plain pure-Python exact cover with colours: the reference the kernel is tested against.

Recursive Algorithm X over Python sets and dicts, no links: take the uncovered primary item
with the fewest usable options, try each usable option, recurse, undo. A secondary item is
either free, taken without a colour (no one else may use it), or taken with a colour (only
options giving it the same colour may use it). Slow, but short enough to check by eye.
Solutions come out as sorted lists of option indices.

>>> from clew.cover import Problem
>>> from clew.cover import _reference
>>> p = Problem([["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"],
...              ["d", "e", "g"]])
>>> list(_reference.solutions(p))
[[0, 3, 4]]
"""

from __future__ import annotations

from collections.abc import Iterator

from .problem import Problem


def solutions(problem: Problem) -> Iterator[list[int]]:
    """Every solution of ``problem``, each a sorted list of option indices."""
    options = [list(o) for o in problem.entries]  # (item, colour or None) pairs
    primary = set(problem.primary)
    covered: set[str] = set()
    taken: dict[str, str | None] = {}  # secondary item -> its colour (None: exclusive)
    chosen: list[int] = []

    def usable(o: int) -> bool:
        for name, colour in options[o]:
            if name in primary:
                if name in covered:
                    return False
            elif name in taken and (colour is None or taken[name] is None or taken[name] != colour):
                return False
        return True

    def recurse() -> Iterator[list[int]]:
        open_items = [i for i in problem.primary if i not in covered]
        if not open_items:
            yield sorted(chosen)
            return
        best_options: list[int] | None = None
        for item in open_items:
            fits = [
                o for o, opt in enumerate(options) if any(n == item for n, _ in opt) and usable(o)
            ]
            if best_options is None or len(fits) < len(best_options):
                best_options = fits
        for o in best_options or ():
            added_primary, added_secondary = [], []
            for name, colour in options[o]:
                if name in primary:
                    covered.add(name)
                    added_primary.append(name)
                elif name not in taken:
                    taken[name] = colour
                    added_secondary.append(name)
            chosen.append(o)
            yield from recurse()
            chosen.pop()
            for name in added_primary:
                covered.discard(name)
            for name in added_secondary:
                del taken[name]

    yield from recurse()


def count(problem: Problem) -> int:
    """The number of solutions."""
    return sum(1 for _ in solutions(problem))


# ---------------------------------------------------------------------------------------------
# Multiplicities (Algorithm M's problems), by brute force with pruning


def multiplicity_solutions(problem: Problem) -> Iterator[list[int]]:
    """Every solution of a problem with multiplicities, each a sorted list of option
    indices: every set of options, each with at least one primary item, that covers each
    primary item ``i`` at least ``lo_i`` and at most ``hi_i`` times (``problem.bounds``),
    and each secondary item at most once, or any number of times by options that all give
    it the same colour. Plain include-or-exclude over the options in order, cut as soon as
    an item is over its upper bound, a secondary item is taken twice, or the options left
    cannot bring an item up to its lower bound. (For bounds of 1:1 it finds the solutions
    of :func:`solutions`, by another road.)

    >>> p = Problem([["a"], ["a", "b"], ["a"], ["b"]], bounds={"a": (2, 3)})
    >>> sorted(multiplicity_solutions(p))
    [[0, 1], [0, 1, 2], [0, 2, 3], [1, 2]]
    """
    lo = dict(zip(problem.primary, (b[0] for b in problem.bounds), strict=False))
    hi = dict(zip(problem.primary, (b[1] for b in problem.bounds), strict=False))
    usable = [o for o, entries in enumerate(problem.entries) if any(n in lo for n, _ in entries)]
    # how many usable options from position k on contain each primary item
    ahead = [dict.fromkeys(lo, 0) for _ in range(len(usable) + 1)]
    for k in range(len(usable) - 1, -1, -1):
        ahead[k] = dict(ahead[k + 1])
        for name, _ in problem.entries[usable[k]]:
            if name in lo:
                ahead[k][name] += 1
    times = dict.fromkeys(lo, 0)
    colour_of: dict = {}  # secondary item -> [colour or None, number of options using it]
    chosen: list[int] = []

    def fits(o: int) -> bool:
        for name, colour in problem.entries[o]:
            if name in lo:
                if times[name] == hi[name]:
                    return False
            elif name in colour_of:
                taken = colour_of[name][0]
                if colour is None or taken is None or taken != colour:
                    return False
        return True

    def recurse(k: int) -> Iterator[list[int]]:
        if any(times[i] + ahead[k][i] < lo[i] for i in lo):
            return
        if k == len(usable):
            yield sorted(chosen)
            return
        o = usable[k]
        if fits(o):
            for name, colour in problem.entries[o]:
                if name in lo:
                    times[name] += 1
                else:
                    colour_of.setdefault(name, [colour, 0])[1] += 1
            chosen.append(o)
            yield from recurse(k + 1)
            chosen.pop()
            for name, _ in problem.entries[o]:
                if name in lo:
                    times[name] -= 1
                else:
                    colour_of[name][1] -= 1
                    if not colour_of[name][1]:
                        del colour_of[name]
        yield from recurse(k + 1)

    yield from recurse(0)
