"""The screen kernel (``_kernels_screen``) names the first basic technique that fires, as
the plain-Python finders of :mod:`clew.sudoku.logic.techniques` (the reference) find it: at the
positions the logical solutions of SE-rated puzzles pass through, on random candidate grids
of nine shapes up to 16x16 (from every starting technique, so that each one is reached), and the
engine takes the same steps with the screen as without it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clew._kernel_cache import numba_loaded
from clew.sudoku import generate
from clew.sudoku.compiled import _kernels_screen as K
from clew.sudoku.logic import screen
from clew.sudoku.logic import state as logic
from clew.sudoku.logic.solver import FINDERS, LogicalState, solve_logically
from clew.sudoku.shape import make_shape

DATA = Path(__file__).resolve().parents[2] / "data" / "sudoku_se_ratings.txt"

_BY_NAME = {name: finder for name, _, finder in FINDERS if name in screen.SCREENED}
_FINDERS = [_BY_NAME[name] for name in screen.SCREENED]
_BUG = screen.SCREENED.index("BUG")


def reference_first(s: LogicalState, start: int) -> int:
    """The first screened technique at ``start`` or after whose finder takes a step."""
    for i in range(start, len(_FINDERS)):
        if _FINDERS[i](s) is not None:
            return i
    return len(_FINDERS)


def agree(s: LogicalState, start: int) -> None:
    want = reference_first(s, start)
    got = screen.first(s, start)
    if got == _BUG and want == len(_FINDERS):
        return  # BUG is screened by its pattern: the finder may still find no step
    assert got == want, (
        screen.SCREENED[got] if got < len(_FINDERS) else None,
        start,
        s.pencilmarks(),
    )


def test_the_kernel_numbers_the_techniques_in_the_engines_order():
    assert len(screen.SCREENED) == K.NONE
    assert K.BUG_PATTERN == _BUG and screen.SCREENED.index("XY-Wing") == K.XY_WING
    assert screen.SCREENED.index("Direct hidden triple") == K.DIRECT_HIDDEN_TRIPLE
    order = [name for name, _, _ in FINDERS if name in screen.SCREENED]
    assert order == list(screen.SCREENED)  # each screened name once, in SE's order of trial


def _rated_puzzles(every: int) -> list[str]:
    lines = [
        line.split()[0]
        for line in DATA.read_text().splitlines()
        if line and not line.startswith("#")
    ]
    return lines[::every]


@pytest.mark.parametrize("puzzle", _rated_puzzles(4))
def test_the_screen_names_the_finder_along_solutions(puzzle):
    """Along SE's solution of every fourth reference puzzle (ER 1.2 to 9+): the first
    technique from the start and from a random technique on."""
    rng = random.Random(puzzle)
    s = LogicalState(puzzle)
    while not s.is_solved():
        agree(s, 0)
        agree(s, rng.randrange(len(_FINDERS)))
        step = s.next_step(uniqueness=True)
        if step is None:
            break
        s.apply(step)


SHAPES = [
    make_shape(4),
    make_shape(6, box="2x3"),
    make_shape(6, box="3x2"),
    make_shape(8, box="2x4"),
    make_shape(9),
    make_shape(9, variant="x"),
    make_shape(9, variant="windoku"),
    make_shape(16),
    make_shape(6, regions="AAABBBAACCBBACCCDBEECDDDEEFFDDEEFFFF"),
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(SHAPES))), st.integers(0, 2**32), st.integers(2, 5), st.data())
def test_the_screen_names_the_finder_on_random_candidates(which, seed, width, data):
    """Random positions: each blank cell keeps a few random candidates (between 1 and
    ``width`` most often), some cells are placed."""
    shape = SHAPES[which]
    n = shape.n
    rng = random.Random(seed)
    cells = n * n
    values = [0] * cells
    for c in rng.sample(range(cells), rng.randrange(cells // 2)):
        values[c] = rng.randrange(1, n + 1)
    masks = []
    for _ in range(cells):
        k = min(n, max(1, int(rng.expovariate(1 / width))))
        masks.append(sum(1 << (d - 1) for d in rng.sample(range(1, n + 1), k)))
    s = LogicalState.from_candidates(shape, masks, values)
    agree(s, data.draw(st.integers(0, len(_FINDERS))))


@pytest.mark.parametrize("seed", range(3))
def test_the_engine_takes_the_same_steps_with_and_without_the_screen(seed, monkeypatch):
    g = generate(seed=seed, difficulty="expert")
    monkeypatch.setattr(logic, "SCREEN", False)
    plain = solve_logically(g.puzzle, uniqueness=True).steps
    monkeypatch.setattr(logic, "SCREEN", True)
    assert numba_loaded()  # the tests above loaded numba: the screen is asked
    assert solve_logically(g.puzzle, uniqueness=True).steps == plain
