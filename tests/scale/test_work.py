"""clew.scale.work: the pieces of a job over a table (Slices) as a full sequence."""

from __future__ import annotations

from clew.scale import Slices


def test_slices_are_a_sequence_with_the_methods_of_one():
    # count() and index() are Sequence's own: the number of slices is len(), not an attribute
    # that hides count()
    s = Slices(10, 3)
    assert len(s) == 3
    assert s.count((0, 3)) == 1 and s.count((0, 4)) == 0
    assert s.index((3, 6)) == 1
    assert s[-1] == (6, 10) and s[1:] == [(3, 6), (6, 10)]
    assert (6, 10) in s and list(reversed(s))[0] == (6, 10)
