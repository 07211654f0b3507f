"""Compile ahead (``clew compile maze``, :func:`clew.compile`): small calls that reach every
kernel of the family, so that each is compiled into the cache once. :data:`GROUPS`: one
worker process per group, in parallel.
"""

from __future__ import annotations

__all__ = ["GROUPS"]


def mazes() -> None:
    """Generate by every method, solve by every method, read a maze's text, count paths."""
    from . import GENERATORS, SOLVERS, count_paths, generate, parse_text, solve

    maze = None
    for method in GENERATORS:
        maze = generate(6, 5, method=method, seed=1)
    for method in SOLVERS:
        solve(maze, method)
    parse_text(str(maze))
    count_paths(maze)


#: Groups of calls: one worker process each (see the module's docstring).
GROUPS = ((mazes,),)
