"""The kernel entries of the engines (clew.cover.kernels): the choice, and the one protocol
(tables, start, run, cut) every entry follows, called the same way for every engine."""

from __future__ import annotations

import numpy as np
import pytest

from clew import cover
from clew.cover import _reference, engines, kernels
from clew.cover.kernels import COUNT, DONE, NODES, choose, kernel, new_meta, search_tables

PROBLEMS = [
    cover.Problem([["a", "b"], ["a"], ["b"], ["b", "c"], ["c"]]),
    cover.Problem([["a", "x:1"], ["b", "x:1"], ["a", "b", "x:2"], ["b"]], primary=["a", "b"]),
    cover.langford(4),
]


def test_auto_chooses_by_the_rule_of_the_registry():
    small = PROBLEMS[0]
    assert choose(small).name == "bits"
    many = cover.Problem([[k] for k in range(engines.BITS_MAX_OPTIONS + 1)])
    assert choose(many).name == "links"
    bounded = cover.Problem([["a"], ["a"]], bounds={"a": (1, 2)})
    assert choose(bounded).name == "multiplicity"
    assert choose(small, "multiplicity").name == "multiplicity"
    with pytest.raises(cover.CoverInputError, match="use engine 'multiplicity'"):
        choose(bounded, "bits")


def test_entries_are_found_through_the_registry():
    assert kernel("links") is kernels.LINKS
    assert kernel("bits") is kernels.BITS
    assert kernel("multiplicity") is kernels.MULTIPLICITY


@pytest.mark.parametrize("engine", ["links", "bits", "multiplicity"])
@pytest.mark.parametrize("problem", PROBLEMS)
def test_every_entry_follows_one_protocol(engine, problem):
    name, tables = search_tables(problem, engine)
    entry = kernel(name)
    expected = sorted(_reference.solutions(problem))
    found, nodes = [], None
    for fresh in (True, False):  # from tables of its own, then from shared ones (copies)
        state, width, clash = entry.start(problem, tables, (), fresh)
        assert not clash
        meta = new_meta()
        out = np.zeros((2, width), np.int64)  # two rows: the search resumes
        sizes = np.zeros(2, np.int64)
        rows = []
        while not meta[DONE]:
            written = entry.run(state, meta, 0, out, sizes)
            rows += [sorted(out[r, : sizes[r]].tolist()) for r in range(written)]
        assert sorted(rows) == expected and meta[COUNT] == len(expected)
        assert nodes in (None, meta[NODES])
        nodes = meta[NODES]
        found.append(rows)
    assert found[0] == found[1]
    cut = entry.cut(problem, tables, 3)
    pieces = cut if cut is not None else cover.prefixes(problem, 3)
    assert sum(cover.Search(problem, taken=p, tables=(name, tables)).run() for p in pieces) == len(
        expected
    )


def test_taken_options_that_clash_end_the_search():
    p = PROBLEMS[0]
    for engine in ("links", "bits"):
        name, tables = search_tables(p, engine)
        _, _, clash = kernel(name).start(p, tables, (0, 1), False)
        assert clash
