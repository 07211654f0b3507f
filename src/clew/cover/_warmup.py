"""Compile ahead (``clew compile cover``, :func:`clew.compile`): small calls that reach
every kernel of the family (Algorithm C on links and on bitsets, Algorithm M), so that each
is compiled into the cache once. :data:`GROUPS`: one worker process per group, in parallel;
the engines share helpers, so they are one group.
"""

from __future__ import annotations

__all__ = ["GROUPS"]


def engines() -> None:
    """Count and solve with every engine: the 6x10 pentominoes (bitsets), a problem with
    multiplicities (Algorithm M) and small ones by links."""
    from . import (
        ENGINES,
        count,
        langford,
        pentominoes,
        queen_domination,
        solutions,
        solve,
        trace,
    )
    from .knuth import read

    tiles = pentominoes(5, 4)
    for engine in ENGINES:
        count(tiles, engine=engine)
    solve(tiles)
    list(solutions(langford(7), limit=2))
    count(langford(7))
    colored = read(MULTIPLICITIES)
    count(colored)
    solve(colored)
    list(solutions(colored, limit=2))
    list(trace(colored))  # Algorithm M on links (the bitsets take the small problems)
    count(queen_domination(4, 2))


#: A problem with multiplicities ("2:3|C": item C covered 2 or 3 times) and colours (Algorithm M).
MULTIPLICITIES = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"


#: Groups of calls: one worker process each (see the module's docstring).
GROUPS = ((engines,),)
