"""Problems cut into pieces: the unit of work of every executor and of the journal.

A *problem* is a plain dict (its identity: what is computed, JSON-serialisable, compared
when a journal is reopened). :func:`pieces` lists its pieces, each a small tuple; a piece
is computed by :func:`run_piece`, a pure function of ``(problem, piece)`` that returns an
int, so the same pieces run in this process, in a process pool or on a Dask cluster, and a
finished piece never needs to be computed again. :func:`combine` turns the numbers of all
pieces into the answer.

Problems
--------
``{"problem": "queens-count", "n": N, "unique": bool}``
    Pieces ``("constellations", lo, hi)`` count the solutions completing canonical border
    constellations ``lo..hi`` (weighted); with ``unique`` two more pieces, ``("fixed", 2)``
    and ``("fixed", 4)``, count the solutions fixed by a half and a quarter turn (Burnside).
``{"problem": "cover-count", "cover": JSON, "sha256": HEX, "pieces": K}``
    An exact cover problem (``JSON``: its primary items, secondary items and options). Pieces ``("prefix", o1, o2, ...)`` count the
    solutions that take options ``o1, o2, ...`` (its first choices, see
    :func:`clew.cover.prefixes`).
"""

from __future__ import annotations

import functools

from ..errors import ClewError, check_size

#: Version of the piece layout; a journal written under another layout is refused.
LAYOUT = 1


def queens_count(n: int, unique: bool = False) -> dict:
    """The problem of counting the n-queens solutions (and the fundamental ones)."""
    from ..queens.solver import MAX_COUNT_N

    n = check_size(n, high=MAX_COUNT_N)
    return {"problem": "queens-count", "n": n, "unique": bool(unique), "layout": LAYOUT}


def cover_count(problem, pieces: int = 64) -> dict:
    """The problem of counting the solutions of an exact cover problem (a
    :class:`clew.cover.Problem`), cut into about ``pieces`` pieces."""
    import hashlib
    import json

    text = json.dumps([problem.primary, problem.secondary, problem.options], separators=(",", ":"))
    return {
        "problem": "cover-count",
        "cover": text,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "pieces": check_size(pieces, name="pieces", low=1, high=1 << 16),
        "layout": LAYOUT,
    }


@functools.lru_cache(maxsize=4)
def _cover_problem(text: str):
    import json

    from ..cover.problem import Problem

    primary, secondary, options = json.loads(text)
    return Problem(options, primary=primary, secondary=secondary)


@functools.lru_cache(maxsize=4)
def _cover_prefixes(text: str, pieces: int):
    from ..cover.solver import prefixes

    return prefixes(_cover_problem(text), pieces)


@functools.lru_cache(maxsize=8)
def _constellations(n: int):
    from ..queens import _kernels as K

    return K.border_constellations(n)


def pieces(problem: dict) -> list[tuple]:
    """The pieces of ``problem``, in a fixed order (the journal numbers them by position)."""
    kind = problem.get("problem")
    if kind == "queens-count":
        n = problem["n"]
        k = len(_constellations(n))
        # ~32 n pieces: enough for dynamic load balancing and fine-grained resumption,
        # few enough that scheduling and journal writes stay negligible
        count = max(1, min(k, 32 * n))
        bounds = [k * i // count for i in range(count + 1)]
        out = [("constellations", bounds[i], bounds[i + 1]) for i in range(count) if bounds[i + 1] > bounds[i]]
        if problem.get("unique") and n > 1:
            out += [("fixed", 2), ("fixed", 4)]
        return out
    if kind == "cover-count":
        return [("prefix", *prefix) for prefix in _cover_prefixes(problem["cover"], problem["pieces"])]
    raise ClewError(f"unknown problem {kind!r}")


def run_piece(problem: dict, piece: tuple) -> int:
    """Compute one piece: a pure function of its arguments, safe to run anywhere."""
    kind = problem.get("problem")
    if kind == "queens-count":
        from ..queens import solver

        n = problem["n"]
        if piece[0] == "constellations":
            return solver.count_piece(n, _constellations(n), piece[1], piece[2])
        if piece[0] == "fixed":
            return solver.count_symmetric(n, quarter=piece[1] == 4)
    if kind == "cover-count" and piece[0] == "prefix":
        from ..cover.solver import Search

        return Search(_cover_problem(problem["cover"]), taken=piece[1:]).run()
    raise ClewError(f"unknown piece {piece!r} of problem {kind!r}")


def combine(problem: dict, results: list[int]) -> dict:
    """The answer from the numbers of all pieces, in the order of :func:`pieces`."""
    kind = problem.get("problem")
    if kind == "queens-count":
        parts = pieces(problem)
        total = sum(v for p, v in zip(parts, results) if p[0] == "constellations")
        answer = {"n": problem["n"], "total": total, "unique": None}
        if problem.get("unique"):
            if problem["n"] == 1:
                answer["unique"] = 1
            else:
                fixed = {p[1]: v for p, v in zip(parts, results) if p[0] == "fixed"}
                burnside = total + fixed[2] + 2 * fixed[4]
                if burnside % 8:
                    raise RuntimeError(f"Burnside's lemma violated for n={problem['n']}: a kernel is wrong")
                answer["unique"] = burnside // 8
        return answer
    if kind == "cover-count":
        return {"total": sum(results)}
    raise ClewError(f"unknown problem {kind!r}")


def partial(problem: dict, done: dict[int, int]) -> int:
    """What the finished pieces ``{index: value}`` add up to so far: the part of the
    answer's main number (for a queens count, of the total) already known."""
    kind = problem.get("problem")
    if kind == "queens-count":
        parts = pieces(problem)
        return sum(v for i, v in done.items() if parts[i][0] == "constellations")
    if kind == "cover-count":
        return sum(done.values())
    raise ClewError(f"unknown problem {kind!r}")


def describe(problem: dict) -> str:
    """A short human name of the problem, for messages."""
    if problem.get("problem") == "queens-count":
        return f"{'fundamental and total' if problem.get('unique') else 'total'} {problem['n']}-queens count"
    if problem.get("problem") == "cover-count":
        return f"exact cover count ({problem['sha256'][:12]})"
    return str(problem.get("problem"))
