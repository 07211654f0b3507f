"""Seeing the search: traces of the real backtracking, pictures, an HTML player.

Trace events
------------
A trace (:func:`clew.queens.trace`, :func:`clew.sudoku.trace`) is a stream of dicts, one per
step of the search, in the order the search makes them. Every event has::

    "type"        "place" | "prune" | "backtrack" | "solution" | "end"
    "depth"       the number of choices on the current path (guesses, not forced moves)
    "nodes"       counters after the event: placements tried so far (guesses and forced),
    "backtracks"  choices undone so far,
    "solutions"   solutions found so far

N-Queens events (squares are ``row``, ``col``, counted from 0)::

    place      {"row", "col"}                          a queen goes on (row, col)
    prune      {"row", "col", "why", "by"}             (row, col) is refused: why is "column",
                                                       "diagonal" or "anti-diagonal" and by the
                                                       [row, col] of the attacking queen; or
               {"row": r, "col": null, "why": "empty row"} / {"row": null, "col": c,
                "why": "empty column"}: a line with no free square left ends the branch
    backtrack  {"row", "col"}                          the queen on (row, col) is taken back
    solution   {"columns": [c0, c1, ...]}              the column of the queen of each row
    end        {"complete": bool, "strategy": str, "n": int}   complete: False when the
                                                       trace was cut at its max_events

Sudoku events (cells ``cell`` = row * size + col, also given as ``row``, ``col`` from 0;
digits from 1)::

    place      {"cell", "row", "col", "digit", "how"}  how: "guess", or for a forced move
                                                       "naked single" / "hidden single"
    prune      {"cell", "row", "col", "digit", "why", "by"}   digit refused at cell: why is
                                                       "row", "column" or "box" and by the
                                                       cell holding it; or why "no candidate"
                                                       (the cell has no digit left, digit null)
                                                       / "no place" (the digit has no cell left
                                                       in a unit, cell null)
    backtrack  {"cells": [cell, ...]}                  cells emptied, last placed first: the
                                                       guess undone and every move forced by it
    solution   {"grid": "534678912..."}                the full grid, one character per cell
    end        {"complete": bool, "strategy": str, "size": int, "puzzle": str}

Replaying a trace -- applying each place, and emptying what each backtrack names -- gives
the board of the search at every step; at a solution event it is the solution.
"""

from __future__ import annotations

EVENT_TYPES = ("place", "prune", "backtrack", "solution", "end")
STRATEGIES = ("textbook", "pruned")

__all__ = ["EVENT_TYPES", "STRATEGIES"]
