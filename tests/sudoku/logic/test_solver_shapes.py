"""The logical solver on every shape and variant (issue 15): rectangular boxes, jigsaw
regions, X, windoku, killer cages and their combinations.

Every step is checked against the puzzle's solutions, found by search and confirmed by the
verifier (:func:`clew.sudoku.is_solution`), never against the logical solver itself: on
proper generated puzzles, on the published killer and jigsaw puzzles, and (Hypothesis) on
puzzles with many solutions, where a step must keep every one. Each variant technique fires
where it must and not where one candidate less takes its reason away; the uniqueness
techniques stay off on the variants, where their argument fails."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clew import cli, sudoku
from clew.sudoku import Grid, generate
from clew.sudoku.logic.solver import LogicalState, rate, solve_logically
from clew.sudoku.logic.tables import tables
from clew.sudoku.logic.variant_techniques import (
    _virtual_cages,
    cage_combinations,
    cage_single,
    innies_outies,
    locked_candidates,
    sum_options,
    sum_options_seeing,
)
from clew.sudoku.shape import make_shape

DATA = Path(__file__).resolve().parents[1] / "data" / "shapes_published.txt"

SHAPES = {
    "6x6": dict(box="2x3"),
    "6x6 3x2": dict(box="3x2"),
    "8x8": dict(box="2x4"),
    "10x10": dict(box="2x5"),
    "12x12": dict(box="3x4"),
    "x": dict(variant="x"),
    "windoku": dict(variant="windoku"),
    "jigsaw": dict(variant="jigsaw"),
    "killer": dict(variant="killer"),
    "6x6 killer": dict(box="2x3", variant="killer"),
    "x killer": dict(variant="x+killer"),
    "x windoku": dict(variant="x+windoku"),
}


def check_steps(steps, puzzle: Grid, solutions) -> None:
    """Every step places digits and removes candidates that every solution agrees with,
    and changes the position it is played on."""
    state = LogicalState(puzzle)
    for step in steps:
        for truth in solutions:
            assert all(truth[c] == d for c, d in step.placements), step.text
            assert all(truth[c] != d for c, d in step.eliminations), step.text
        assert step.placements or step.eliminations, step.text
        assert all(state.cands[c] >> (d - 1) & 1 for c, d in step.placements + step.eliminations), (
            step.text
        )
        state.apply(step)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_generated_puzzles_are_solved_soundly(name):
    solved = 0
    for seed in range(4):
        g = generate(seed=seed, **SHAPES[name])
        assert sudoku.is_solution(g.solution, g.puzzle)  # the verifier, independent of both solvers
        sol = solve_logically(g.puzzle, uniqueness=True)
        check_steps(sol.steps, g.puzzle, [g.solution.cells])
        if sol.solved:
            solved += 1
            assert sol.grid == g.solution
        else:
            assert sol.stuck and sol.contradiction is None
    assert solved == 4  # every shape within the techniques (the chains up to 12x12 included)


def test_rate_hint_and_explain_take_every_shape():
    g = generate(seed=2, variant="killer")
    r = rate(g.puzzle)
    assert (
        not r.stuck and r.er >= 1.0 and r.level in ("easy", "medium", "hard", "expert", "extreme")
    )
    assert {name for name, _ in r.techniques} & {
        "Cage single",
        "Cage combinations",
        "Innies and outies",
    }
    step = sudoku.hint(g.puzzle)
    assert step is not None and all(g.solution.cells[c] == d for c, d in step.placements)
    steps = sudoku.explain(g.puzzle)
    assert len(steps) == r.steps
    six = generate(seed=2, box="3x2")
    assert six.puzzle.shape.box == (3, 2) and not rate(six.puzzle).stuck


def published() -> list:
    """``(id, puzzle, solution)`` of each line of the published collection (its header says
    where each comes from); the ids name the test cases."""
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, puzzle, solution = (part.strip() for part in line.split(" : "))
            out.append(pytest.param(puzzle, solution, id=name))
    return out


@pytest.mark.parametrize("puzzle, solution", published())
def test_published_puzzles_are_solved_by_logic(puzzle, solution):
    """Every step agrees with the published solution, and the techniques reach it (the
    hardest killers here need the rule of 45 over two adjacent rows or columns, and one of
    them a forcing chain)."""
    from clew.sudoku.logic.rating import level_of

    grid = sudoku.parse(puzzle)
    truth = tuple(int(ch) for ch in solution)  # sides up to 9 in this collection
    sol = solve_logically(grid, uniqueness=True)
    check_steps(sol.steps, grid, [truth])
    assert sol.solved and sol.grid.to_line() == solution
    r = rate(grid)
    assert r.steps == len(sol.steps) and not r.stuck
    assert r.er == max(step.rating for step in sol.steps) and r.level == level_of(r.er)


# ---------------------------------------------------------------------------------------------
# Soundness where a puzzle has many solutions (Hypothesis)
# ---------------------------------------------------------------------------------------------


def assert_keeps_every_solution(puzzle: Grid, limit: int = 40) -> None:
    found = list(sudoku.solutions(puzzle, limit=limit))
    assert found and all(sudoku.is_solution(s, puzzle) for s in found)
    check_steps(solve_logically(puzzle).steps, puzzle, [s.cells for s in found])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sets(st.integers(0, 80), min_size=20, max_size=40), st.data())
def test_steps_keep_every_solution_of_killers_with_cages_left_out(seed, givens, data):
    # Bounded below: a nearly open killer (few givens, few cages) has so many candidates that
    # the chains of the logical solver take minutes per step, which is not what this tests.
    g = generate(seed=seed % 7, variant="killer")
    cages = g.puzzle.shape.cages
    kept = data.draw(
        st.lists(
            st.sampled_from(range(len(cages))),
            unique=True,
            min_size=len(cages) // 2,
            max_size=len(cages),
        )
    )
    cells = "".join(str(g.solution.cells[c]) if c in givens else "." for c in range(81))
    assert_keeps_every_solution(
        Grid(cells, cages=[(cages[i][0], list(cages[i][1])) for i in sorted(kept)])
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["6x6", "x", "windoku", "jigsaw", "x windoku"]), st.integers(0, 5), st.data()
)
def test_steps_keep_every_solution_of_variants_with_givens_left_out(name, seed, data):
    g = generate(seed=seed, **SHAPES[name])
    n = g.puzzle.n
    kept = data.draw(st.sets(st.integers(0, n * n - 1), min_size=n, max_size=2 * n))
    cells = "".join(g.solution.to_line()[c] if c in kept else "." for c in range(n * n))
    assert_keeps_every_solution(Grid(cells, box=g.puzzle.shape.box_name, **_rules(g.puzzle.shape)))


def _rules(shape) -> dict:
    rules = {}
    if shape.regions is not None:
        rules["regions"] = list(shape.regions)
    flags = [v for v in shape.variants if v in ("x", "windoku")]
    if flags:
        rules["variant"] = "+".join(flags)
    return rules


# ---------------------------------------------------------------------------------------------
# Each technique of the variants: where it fires, and not with one candidate less
# ---------------------------------------------------------------------------------------------


@given(st.lists(st.integers(0, 511), min_size=1, max_size=4), st.integers(1, 40))
def test_sum_options_against_brute_force(masks, total):
    from itertools import product

    ok = [
        ds for ds in product(*[[d for d in range(1, 10) if m >> (d - 1) & 1] for m in masks])
        if len(set(ds)) == len(ds) and sum(ds) == total
    ]  # fmt: skip
    usable, combos = sum_options(tuple(masks), total)
    assert list(usable) == [
        sum(1 << (d - 1) for d in {ds[i] for ds in ok}) for i in range(len(masks))
    ]
    assert set(combos) == {sum(1 << (d - 1) for d in ds) for ds in ok}


@given(st.lists(st.integers(1, 511), min_size=1, max_size=4), st.integers(1, 36), st.data())
def test_sum_options_seeing_against_brute_force(masks, total, data):
    from itertools import product

    sees = tuple(data.draw(st.integers(0, (1 << i) - 1)) for i in range(len(masks)))
    ok = [
        ds for ds in product(*[[d for d in range(1, 10) if m >> (d - 1) & 1] for m in masks])
        if sum(ds) == total
        and all(ds[i] != ds[j] for i in range(len(ds)) for j in range(i) if sees[i] >> j & 1)
    ]  # fmt: skip
    expected = tuple(sum(1 << (d - 1) for d in {ds[i] for ds in ok}) for i in range(len(masks)))
    assert sum_options_seeing(tuple(masks), total, sees) == expected


def test_innies_of_two_rows_whose_cells_may_repeat():
    # a 4x4 killer (solution 1234 3412 2143 4321): rows 1-2 add up to 20, the cages inside
    # them to 3 + 4 + 6, so r1c4 + r2c1 = 7; they share no unit, so 3 + 4 and 4 + 3 (not 2 + 5)
    state = four_by_four_killer([(3, [0, 1]), (4, [2, 6]), (6, [5, 7]), (7, [3, 11]), (5, [4, 8])])
    found = {
        (name, total, cells)
        for kind, _, total, cells, name, _ in _virtual_cages(state)
        if kind == "innie"
    }
    assert ("rows 1-2", 7, (3, 4)) in found
    # they share no unit: 3 + 4 or 4 + 3 (a repeat such as 3.5 + 3.5 is no digit); 1 and 2 go
    assert sum_options_seeing((0b1111, 0b1111), 7, (0, 0)) == (0b1100, 0b1100)
    assert state._t.peer_sets[3].isdisjoint({4})


def four_by_four_killer(cages) -> LogicalState:
    return LogicalState(Grid("." * 16, cages=cages))


def test_cage_single_and_cage_combinations():
    state = four_by_four_killer([(3, [0, 1]), (4, [2])])
    step = cage_single(state)
    assert step.placements == ((2, 4),) and step.technique == "Cage single"
    step = cage_combinations(state)
    assert set(step.eliminations) == {(c, d) for c in (0, 1) for d in (3, 4)}
    # the cage's cells already hold only 1 and 2: nothing left to remove there
    state.cands[0] = state.cands[1] = 0b0011
    assert cage_combinations(state) is None or 0 not in {
        c for c, _ in cage_combinations(state).eliminations
    }
    # with one cell placed, the other holds what the sum still lacks
    state.place(0, 1)
    step = cage_single(state)
    assert step.placements == ((1, 2),) and "3 - 1 = 2" in step.text


def test_innies_of_a_row():
    # row 1 of a 4x4 killer: a cage of sum 3 inside it, so r1c3 and r1c4 add up to 10 - 3 = 7
    state = four_by_four_killer([(3, [0, 1]), (6, [2, 6]), (5, [3, 7])])
    step = innies_outies(state)
    assert step.technique == "Innies and outies" and step.unit == "row 1"
    assert set(step.eliminations) == {(2, 1), (2, 2), (3, 1), (3, 2)}
    # one candidate less: r1c3 and r1c4 hold only 3 and 4 already, their sum says no more
    # (row 1's outies r2c3 and r2c4 then come next: 6 + 5 + 3 - 10 = 4, so 1 and 3)
    state.cands[2] = state.cands[3] = 0b1100
    step = innies_outies(state)
    assert "innies" not in step.text and set(step.eliminations) == {(6, 2), (6, 4), (7, 2), (7, 4)}


def test_an_outie_is_placed():
    # column 1 of a 4x4 killer is covered by cages of sums 3 + 4 + 7 = 14 with one cell
    # outside it, r4c2: 14 - 10 = 4
    state = four_by_four_killer([(3, [0, 4]), (4, [8]), (7, [12, 13])])
    # take away what the rule of 45 says first elsewhere: row 3's innies (r3c2-r3c4, sum 6),
    # row 4's (r4c3 and r4c4, sum 3), column 1's innie r4c1 = 3 (here a naked single already)
    state.cands[9] = state.cands[10] = state.cands[11] = 0b0111
    state.cands[14] = state.cands[15] = 0b0011
    state.cands[12] = 0b0100
    step = innies_outies(state)
    assert step is not None and step.placements == ((13, 4),) and "outie r4c2" in step.text
    state.cands[13] = 0b1000  # a naked single already: the rule of 45 adds nothing there
    step = innies_outies(state)
    assert step is None or step.placements != ((13, 4),)


def test_locked_candidates_on_a_diagonal():
    shape = make_shape(4, variant="x")
    masks = [0b1111] * 16
    # digit 1 on diagonal 1 (cells 0, 5, 10, 15) only in box 1 (cells 0 and 5)
    masks[10] &= ~1
    masks[15] &= ~1
    state = LogicalState.from_candidates(shape, masks)
    step = locked_candidates(state)
    assert step.technique == "Locked candidates" and step.digits == (1,)
    assert set(step.eliminations) == {(1, 1), (4, 1)}  # the rest of box 1
    masks[10] |= 1  # one candidate more on the diagonal: no longer locked
    assert locked_candidates(LogicalState.from_candidates(shape, masks)) is None


def test_no_variant_technique_on_a_classic_grid():
    state = LogicalState(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    )
    assert all(
        f(state) is None for f in (cage_single, cage_combinations, innies_outies, locked_candidates)
    )


def test_uniqueness_techniques_stay_off_on_variants():
    # a unique rectangle on the classic 4x4 grid (r1c1, r1c2, r3c1, r3c2 with 1 and 2, one
    # extra candidate in r3c2) fires there, but not where a diagonal or a cage rules too
    masks = [0b1111] * 16
    for c in (0, 1, 8):
        masks[c] = 0b0011
    masks[9] = 0b0111
    assert LogicalState.from_candidates(2, masks).find("Unique rectangle") is not None
    for shape in (make_shape(4, variant="x"), make_shape(4, cages=[(3, [0, 1])])):
        state = LogicalState.from_candidates(shape, masks)
        assert state.find("Unique rectangle") is None and state.find("BUG") is None
    assert (
        tables(make_shape(6)).uniqueness and not tables(make_shape(9, variant="windoku")).uniqueness
    )


def test_pencilmarks_of_rectangular_boxes():
    text = LogicalState(generate(seed=1, box="2x3").puzzle).pencilmarks()
    lines = text.splitlines()
    assert len(lines) == 6 + 2  # two box lines between three bands of two rows
    assert all(line.count("|") == 1 for line in lines if "+" not in line)


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------


def test_the_command_line_rates_hints_and_explains_shapes(capsys):
    killer = generate(seed=3, variant="killer").puzzle.to_variant_line()
    assert cli.run(["sudoku", "rate", killer]) == 0
    out = capsys.readouterr().out.split()
    assert (
        out[1] in ("easy", "medium", "hard", "expert", "extreme")
        and float(out[0].split("/")[0]) >= 1.0
    )
    x = generate(seed=3, variant="x").puzzle.to_line()
    assert cli.run(["sudoku", "hint", "--variant", "x", x]) == 0
    assert capsys.readouterr().out.strip()
    # without --variant x the same line is another puzzle, with several solutions
    assert cli.run(["sudoku", "hint", x]) == 1
    assert "not unique" in capsys.readouterr().err
    six = generate(seed=3, box="3x2").puzzle.to_line()
    assert cli.run(["sudoku", "explain", "--box", "3x2", six]) == 0
    assert capsys.readouterr().out.count("\n") > 6
    assert cli.run(["sudoku", "rate", "--box", "4x4", six]) == 2
    assert "a 4x4 box does not tile a 6x6 sudoku" in capsys.readouterr().err


def test_a_digit_every_combination_of_a_cage_holds_is_locked_in_it():
    # cage r1c1 r1c2 r2c1 of sum 7 in a 4x4 killer: only 1 + 2 + 4, so 1, 2 and 4 are in
    # it, and r2c2, which sees its three cells, holds none of them
    state = four_by_four_killer([(7, [0, 1, 4])])
    step = locked_candidates(state)
    assert step.technique == "Locked candidates" and step.unit == "cage A"
    assert step.digits == (1,) and step.eliminations == ((5, 1),)
    state.cands[5] = 0b0100  # one candidate less there: nothing locked leaves it
    assert locked_candidates(state) is None


def test_a_cage_locks_its_digits_where_no_unit_crosses_a_variant():
    # one cage r1c1 r1c2 of sum 3, inside row 1 and box 1: no crossing of a unit and a set
    # with cells on both sides, yet 1 and 2 must be in the cage and leave the cells seeing it
    state = four_by_four_killer([(3, [0, 1])])
    assert state._t.crossings == ()
    step = locked_candidates(state)
    assert step.unit == "cage A" and step.digits == (1,)
    assert step.eliminations == ((2, 1), (3, 1), (4, 1), (5, 1))
