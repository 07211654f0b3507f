"""Puzzles generated in an ER range (Sudoku Explainer's rating): every puzzle proper, rated
again independently of the generator into the range, reproducible by seed; bad ranges refused
with one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from clew import sudoku
from clew.sudoku.generation.generator import (
    DifficultyNotReachedError,
    GenerateError,
    GenerateWork,
    generate,
    generate_many,
)
from clew.sudoku.logic.solver import rate


@pytest.mark.parametrize("lo, hi", [(1.0, 1.5), (2.0, 2.8), (3.0, 4.4)])
def test_puzzles_in_a_range_rate_in_it(lo, hi):
    made = list(generate_many(3, rating=(lo, hi), seed=11))
    for g in made:
        assert sudoku.count(g.puzzle, limit=2) == 1 and sudoku.is_solution(g.solution, g.puzzle)
        again = rate(g.puzzle)  # rated afresh, not the generator's record
        assert lo <= again.er <= hi and again.er == g.rating.er
    assert made == list(generate_many(3, rating=f"{lo}-{hi}", seed=11, jobs=2))
    assert generate(rating=(lo, hi), seed=11) == made[0]


def test_a_range_run_has_its_own_identity_and_journal_encoding():
    plan_ids = {
        json.dumps(GenerateWork(gen_plan(r), 4).identity(), sort_keys=True)
        for r in (None, (1.0, 1.5), (2.0, 2.8))
    }
    assert len(plan_ids) == 3
    work = GenerateWork(gen_plan((1.0, 1.5)), 2)
    assert GenerateWork.from_identity(json.loads(json.dumps(work.identity()))).plan == work.plan
    value = work.run_piece(work.pieces()[0])
    assert work.decode(work.encode(value)) == value
    # a run without a range keeps the identity it always had: no "rating" key
    assert "rating" not in GenerateWork(gen_plan(None), 4).identity()


def gen_plan(rating):
    from clew.sudoku.generation.plan import _plan

    return _plan(9, None, "none", None, 5, None, rating=rating)


@pytest.mark.parametrize(
    "rating, message",
    [
        ("7", "rating is a range LO-HI"),
        ("x-2", "rating is a range LO-HI"),
        ((3.0, 2.0), "LO <= HI"),
        ((0.5, 2.0), "within 1.0-12.0"),
    ],
)
def test_bad_ranges_are_refused(rating, message):
    with pytest.raises(GenerateError, match=message):
        generate(rating=rating, seed=1)


def test_a_range_is_for_9x9_puzzles_and_shapes_without_a_difficulty():
    with pytest.raises(GenerateError, match="not both"):
        generate(rating=(1.0, 2.0), difficulty="easy")
    with pytest.raises(GenerateError, match="not for classic 4x4 or 16x16"):
        generate(4, rating=(1.0, 2.0))
    with pytest.raises(GenerateError, match="shapes up to 12x12, not 20x20"):
        generate(rating=(1.0, 2.0), box="4x5")


@pytest.mark.parametrize(
    "shape", [dict(variant="x"), dict(variant="killer"), dict(variant="jigsaw")]
)
def test_a_range_on_a_variant(shape):
    g = generate(rating=(2.6, 4.5), seed=5, **shape)
    assert 2.6 <= g.rating.er <= 4.5 and g.puzzle.shape.variants == (shape["variant"],)
    assert sudoku.count(g.puzzle, limit=2) == 1 and sudoku.is_solution(g.solution, g.puzzle)
    again = sudoku.rate(g.puzzle)  # the rating it was chosen by, made again from the puzzle alone
    assert again.er == g.rating.er


def test_an_unreached_range_says_so():
    with pytest.raises(DifficultyNotReachedError, match="ER 11.5-12 9x9 puzzle in 2 attempts"):
        generate(rating=(11.5, 12.0), attempts=2, seed=3)


def test_the_command_line_range():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "clew",
            "sudoku",
            "generate",
            "--rating",
            "1.0-1.5",
            "--count",
            "2",
            "--seed",
            "4",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(records) == 2 and all(1.0 <= r["er"] <= 1.5 and r["ep"] <= r["er"] for r in records)
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "clew",
            "sudoku",
            "generate",
            "--rating",
            "11.5-12",
            "--attempts",
            "1",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and "--rating" in bad.stderr


def test_the_command_line_difficulty_of_a_killer():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "clew",
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--difficulty",
            "hard",
            "--seed",
            "1",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["level"] == "hard"
    grid = sudoku.parse(record["puzzle"])
    assert grid.shape.cages and sudoku.count(grid, limit=2) == 1
    again = rate(grid)
    assert again.level == "hard" and again.er == record["er"]
