"""Plain pure-Python exact cover with colours: the reference the kernel is tested against.

Recursive Algorithm X over Python sets and dicts, no links: take the uncovered primary item
with the fewest usable options, try each usable option, recurse, undo. A secondary item is
either free, taken without a colour (no one else may use it), or taken with a colour (only
options giving it the same colour may use it). Slow, but short enough to check by eye.
Solutions come out as sorted lists of option indices.

>>> from clew.cover import Problem
>>> from clew.cover import _reference
>>> p = Problem([["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"], ["b", "g"], ["d", "e", "g"]])
>>> list(_reference.solutions(p))
[[0, 3, 4]]
"""

from __future__ import annotations

from collections.abc import Iterator

from .problem import Problem


def _parse(option: tuple[str, ...]) -> list[tuple[str, str | None]]:
    out = []
    for token in option:
        name, sep, colour = token.partition(":")
        out.append((name, colour if sep else None))
    return out


def solutions(problem: Problem) -> Iterator[list[int]]:
    """Every solution of ``problem``, each a sorted list of option indices."""
    options = [_parse(o) for o in problem.options]
    primary = set(problem.primary)
    covered: set[str] = set()
    taken: dict[str, str | None] = {}  # secondary item -> its colour (None: exclusive)
    chosen: list[int] = []

    def usable(o: int) -> bool:
        for name, colour in options[o]:
            if name in primary:
                if name in covered:
                    return False
            elif name in taken:
                if colour is None or taken[name] is None or taken[name] != colour:
                    return False
        return True

    def recurse() -> Iterator[list[int]]:
        open_items = [i for i in problem.primary if i not in covered]
        if not open_items:
            yield sorted(chosen)
            return
        best_options = None
        for item in open_items:
            fits = [o for o, opt in enumerate(options) if any(n == item for n, _ in opt) and usable(o)]
            if best_options is None or len(fits) < len(best_options):
                best_options = fits
        for o in best_options:
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
