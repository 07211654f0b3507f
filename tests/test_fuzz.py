"""Every reader of clew under a small seeded fuzz run: random bytes, samples of the format's
grammar and mutated valid inputs, read by the library (a few hundred each) and by whole
commands in this process; anything but an answer or a one-line ``ClewError`` fails. The
benchmark run (``python benchmarks/fuzz.py all --cases 100000``) is recorded in
docs/fuzzing.md."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.fuzz import READERS
from helpers.fuzz import harness as fuzz

#: Cases per reader in the suite: a journal case writes an SQLite file, the others are cheap.
CASES = {"journal": 80, "sudoku-file": 150}


def _report(outcome) -> str:
    return "\n".join(f"{finding}\n    {case}" for finding, case in outcome.findings)


@pytest.mark.parametrize("name", sorted(READERS))
def test_reader_answers_every_generated_input(name):
    fuzz.warm_up(name)
    outcome = fuzz.fuzz_reader(name, CASES.get(name, 300), seed=2026)
    assert outcome.cases == CASES.get(name, 300)
    assert outcome.ok(), _report(outcome)


@pytest.mark.parametrize("name", sorted(n for n, r in READERS.items() if r.cli is not None))
def test_commands_exit_with_a_status_of_the_table_and_one_line(name):
    outcome = fuzz.fuzz_cli(name, 8, 2026, fuzz.Outcome(name))
    assert outcome.ok(), _report(outcome)


@pytest.mark.parametrize("name", ["dlx", "maze", "killer", "queens-board", "scheduler"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_hypothesis_drives_the_grammars(name, rng):
    # Hypothesis chooses the random draws of the format's grammar and of the mutators, and
    # shrinks a failing input to few draws
    reader = READERS[name]
    data = reader.case(rng)
    finding, _, _ = fuzz.check_case(reader, data)
    assert finding is None, f"{finding}: {data!r:.300}"


def test_the_cases_are_reproduced_by_their_seed():
    reader = READERS["dlx"]
    first = [reader.case(random.Random("dlx:7")) for _ in range(3)]
    again = [reader.case(random.Random("dlx:7")) for _ in range(3)]
    assert first == again


def test_a_finding_is_reported_with_its_case(monkeypatch):
    # the harness itself: a reader that raises a bare exception is a finding, never a pass
    reader = READERS["scheduler"]

    def broken(data):
        raise KeyError("boom")

    monkeypatch.setattr(reader, "call", broken)
    outcome = fuzz.fuzz_reader("scheduler", 5, seed=1)
    assert not outcome.ok()
    assert outcome.findings[0][0].startswith("KeyError at test_fuzz.py")
    assert "seed 1 case 0" in outcome.findings[0][1]
