"""The verifier of exact covers: :func:`check_cover` and :func:`is_cover`. Written apart
from the kernels and the engines: it only counts."""

from __future__ import annotations

from ..errors import InvalidSolutionError
from .forms import as_problem

__all__ = ["check_cover", "is_cover"]


def check_cover(problem, solution) -> None:
    """Raise :class:`~clew.errors.InvalidSolutionError` unless ``solution`` (option indices)
    covers every primary item exactly once (or, with multiplicities, between its bounds
    ``lo`` and ``hi`` times) and every secondary item at most once or with one colour, with
    options that each cover some primary item (an option without one, such as an all-zero
    matrix row, is in no solution). Written apart from the kernels: it only counts.

    Examples
    --------
    >>> check_cover([["a", "b"], ["b"], ["a"]], [1, 2])
    >>> check_cover([["a", "b"], ["b"], ["a"]], [0, 1])
    Traceback (most recent call last):
      ...
    clew.errors.InvalidSolutionError: item 'b' is covered twice, by options 0 and 1
    >>> from clew.cover import Problem
    >>> check_cover(Problem([["a"], ["a", "b"], ["a"]], bounds={"a": (2, 3)}), [0])
    Traceback (most recent call last):
      ...
    clew.errors.InvalidSolutionError: primary item 'a' is covered once (option 0), at least 2 needed
    """
    problem = as_problem(problem)
    try:
        chosen = [int(o) for o in solution]
    except (TypeError, ValueError):
        raise InvalidSolutionError(
            f"a solution is a list of option indices, got {solution!r}"
        ) from None
    if len(set(chosen)) != len(chosen):
        raise InvalidSolutionError(
            f"option {next(o for o in chosen if chosen.count(o) > 1)} is chosen twice"
        )
    bounds = dict(zip(problem.primary, problem.bounds, strict=False))
    secondary = set(problem.secondary)
    by: dict = {}  # item -> the options covering it so far
    colour_of: dict = {}  # secondary item -> its colour (None: taken without one)
    for o in chosen:
        if not 0 <= o < len(problem.options):
            raise InvalidSolutionError(
                f"there is no option {o} (the problem has {len(problem.options)})"
            )
        entries = problem.entries[o]
        if not any(name in bounds for name, _ in entries):
            what = "is empty" if not entries else "covers no primary item"
            raise InvalidSolutionError(f"option {o} {what}: no solution takes it")
        for name, colour in entries:
            users = by.setdefault(name, [])
            if name in secondary:
                if users and (colour is None or colour_of[name] != colour):
                    raise InvalidSolutionError(
                        f"item {name!r} is covered twice, by options {users[0]} and {o}"
                    )
                colour_of[name] = colour
            elif len(users) == bounds[name][1]:
                if bounds[name] == (1, 1):
                    raise InvalidSolutionError(
                        f"item {name!r} is covered twice, by options {users[0]} and {o}"
                    )
                raise InvalidSolutionError(
                    f"primary item {name!r} is covered {_times(len(users) + 1)} "
                    f"({_listing(users + [o])}), at most {bounds[name][1]} allowed"
                )
            users.append(o)
    for name, (lo, hi) in bounds.items():
        users = by.get(name, [])
        if len(users) < lo:
            if (lo, hi) == (1, 1):
                raise InvalidSolutionError(f"primary item {name!r} is not covered")
            covered = (
                f"covered {_times(len(users))} ({_listing(users)})" if users else "not covered"
            )
            raise InvalidSolutionError(f"primary item {name!r} is {covered}, at least {lo} needed")


def _times(k: int) -> str:
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def _listing(options: list[int]) -> str:
    words = [str(o) for o in options]
    if len(words) == 1:
        return f"option {words[0]}"
    return "options " + ", ".join(words[:-1]) + " and " + words[-1]


def is_cover(problem, solution) -> bool:
    """True if ``solution`` is an exact cover of ``problem`` (see :func:`check_cover`).

    Examples
    --------
    >>> is_cover([["a", "b"], ["b"], ["a"]], [1, 2])
    True
    >>> is_cover([["a", "b"], ["b"], ["a"]], [0])
    True
    >>> is_cover([["a", "b"], ["b"], ["a"]], [1])
    False
    """
    try:
        check_cover(problem, solution)
    except InvalidSolutionError:
        return False
    return True
