"""What a first run compiles (issue 26): the kernels a job reaches, each helper once.

A rating below 9.0 must not compile the rules of "Dynamic Forcing Chains (+)" (a kernel of
their own, :func:`clew.sudoku.compiled._kernels_chains.best_multiple_plus`), and a helper called
with a constant must not be compiled a second time for that constant (numba types a literal
argument apart: ``_valid(..., 1, ...)`` was one more compile of ``_valid``).
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import textwrap

import pytest

from clew.sudoku.compiled import _kernels_chains as kc
from clew.sudoku.logic import chains
from clew.sudoku.logic.chains_graph import graph
from clew.sudoku.logic.solver import LogicalState
from helpers.sudoku_logic import SE_STEPS

#: SE rates it 8.3 ("Region Forcing Chains"): level 0 of the multiple chains, never level 1
ER_83 = "...9.31..6.7....8.2.........5....4......6..2..1.......8...7.......3..5.....4....9"


def _python(code: str, env: dict | None = None, timeout: float = 240) -> str:
    """Run ``code`` in a fresh interpreter (killed if it outlives ``timeout``); its stdout."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_rating_below_9_does_not_reach_the_rules_of_level_1():
    """The 8.3 rating runs the multiple chains (the level-0 kernel) and nothing of level 1:
    neither the kernel of level 1 nor its rules are compiled or loaded in the process."""
    out = _python(f"""
        import warnings
        warnings.simplefilter("ignore")
        from clew import sudoku
        from clew.sudoku.compiled import _kernels_chains as kc, _kernels_chains_rules as kr
        r = sudoku.rate("{ER_83}")
        print(r.er, len(kc.best_multiple.signatures), len(kc.best_multiple_plus.signatures),
              len(kr._advanced.signatures))
    """)
    assert out == "8.3 1 0 0"


@pytest.mark.parametrize(
    "marks", [case[-1] for case in SE_STEPS[5:9]], ids=[case[0] for case in SE_STEPS[5:9]]
)
def test_both_chain_kernels_give_the_same_hint_at_level_0(marks):
    """At level 0 the kernel of level 1 is the kernel of level 0 (what :func:`prefer_plus`
    relies on): the same answer on every producer."""
    g = graph(LogicalState.from_pencilmarks(marks))
    tabs = chains._kernel_tables(g)
    for multiple, dynamic, nishio in (
        (False, True, True),
        (True, False, False),
        (True, True, False),
    ):
        args = (g.n, multiple, dynamic, nishio, 0, *chains._arrays(g), *tabs, *kc.buffers(g.n))
        assert kc.best_multiple(*args).tolist() == kc.best_multiple_plus(*args).tolist()


def test_prefer_plus_runs_level_0_on_the_kernel_of_level_1(monkeypatch):
    """After :func:`prefer_plus` (a generation asking for 9.0 and up) level 0 calls the
    kernel of level 1 and never the other."""
    g = graph(LogicalState.from_pencilmarks(SE_STEPS[3][-1]))
    expected = chains.best_multiple_fast(g, 8.0, True, False, False)
    called = []
    monkeypatch.setattr(chains, "PLUS_FIRST", True)
    monkeypatch.setattr(kc, "best_multiple", lambda *a: called.append(a))
    hint = chains.best_multiple_fast(g, 8.0, True, False, False)
    assert called == [] and (hint.rating, hint.target, hint.removable) == (
        expected.rating,
        expected.target,
        expected.removable,
    )


class _Stop(Exception):
    pass


def test_generating_ratings_of_9_prefers_the_kernel_of_level_1(monkeypatch):
    """A generation asking for ER 9.0 and up will reach level 1: it runs level 0 there too."""
    generate = importlib.import_module("clew.sudoku.generation.generator")

    def stop(grid):
        raise _Stop

    monkeypatch.setattr(chains, "PLUS_FIRST", False)
    monkeypatch.setattr(generate, "_rate", stop)
    with pytest.raises(_Stop):
        generate.generate(9, seed=1, rating=(8.0, 8.9))
    assert not chains.PLUS_FIRST
    with pytest.raises(_Stop):
        generate.generate(9, seed=1, rating=(9.0, 9.4))
    assert chains.PLUS_FIRST


def test_a_helper_is_compiled_once_not_once_per_constant(tmp_path):
    """On an empty cache, each helper of the unique loops, the screen's subsets and fish and
    the cycles is compiled once (twice before: once more for a literal argument, such as the
    depth 1 of ``_valid``, the kind ``_FISH`` of ``_subset_fires``, ``True`` and ``False``
    for ``_mark``)."""
    out = _python(
        f"""
        from numba import types
        from clew.sudoku.compiled import _kernels_uniqueness as ku, _kernels_screen as ks
        from clew.sudoku.compiled import _kernels_chains_unary as kcu
        from clew.sudoku.logic.chains import _arrays, _kernel_tables
        from clew.sudoku.logic.chains_graph import graph
        from clew.sudoku.logic.solver import LogicalState
        v, m = types.int64[::1], types.int64[:, ::1]
        ku.all_loops.compile((v, m, m, m, v))
        ks._fish.compile((v, v, m, types.int64, types.int64, v))
        g = graph(LogicalState("{ER_83}"))
        cands, pos = _arrays(g)
        kcu.best_unary(g.n, cands, *_kernel_tables(g), pos)
        print(len(ku._valid.signatures), len(ks._subset_fires.signatures), len(ks._test.signatures),
              len(kcu._mark.signatures))
    """,
        env={"NUMBA_CACHE_DIR": str(tmp_path)},
    )
    assert out == "1 1 1 1"


def test_each_chain_helper_is_compiled_once(tmp_path):
    """On an empty cache, every helper of the chain kernels is compiled once for all the
    producers (a literal 0 or 1 passed to a helper is one more compile of it): only the body
    shared by the two levels, and the run it calls, are compiled once per level."""
    out = _python(
        f"""
        import numba
        from clew.sudoku.compiled import (
            _kernels_chains as kc, _kernels_chains_rules as kr,
            _kernels_chains_unary as kcu)
        from clew.sudoku.logic import chains
        from clew.sudoku.logic.chains_graph import graph
        from clew.sudoku.logic.solver import LogicalState
        g = graph(LogicalState("{ER_83}"))
        chains.best_unary_fast(g)
        for multiple, dynamic, nishio, level in ((False, True, True, 0), (True, False, False, 0),
                                                 (True, True, False, 0), (True, True, False, 1)):
            chains.best_multiple_fast(g, 8.0, multiple, dynamic, nishio, level)
        counts = {{}}
        for module in (kc, kr, kcu):
            for name, f in vars(module).items():
                mine = getattr(f, "__module__", None) == module.__name__
                if isinstance(f, numba.core.registry.CPUDispatcher) and mine:
                    counts[name] = len(f.signatures)
        print(sorted((name, k) for name, k in counts.items() if k != 1))
    """,
        env={"NUMBA_CACHE_DIR": str(tmp_path)},
    )
    assert out == "[('_best', 2), ('_propagate', 2)]"
