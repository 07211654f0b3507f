"""The registry of the exact cover engines (clew.cover.engines): names, features, the rule
"auto" follows, and an engine added in one place, without an edit to the solver."""

from __future__ import annotations

import subprocess
import sys

import pytest

from clew import cover
from clew.cover import engines
from clew.cover.engines import Engine


def test_the_names_stay_those_of_the_command_line():
    assert engines.ENGINES == ("auto", "links", "bits", "multiplicity")
    assert cover.ENGINES is engines.ENGINES


def test_auto_tries_the_engines_by_preference():
    assert [e.name for e in engines.engines()] == ["bits", "links", "multiplicity"]
    bits, links, m = engines.engines()
    plain, bounded = frozenset(), frozenset({"multiplicities"})
    assert bits.fits(plain, 10, 3) and not bits.fits(plain, engines.BITS_MAX_OPTIONS + 1, 3)
    assert not bits.fits(plain, 10, 0) and not bits.fits(plain, 0, 3)
    assert links.fits(plain, 10**6, 0) and not links.fits(bounded, 10, 3)
    assert m.fits(bounded, 10**6, 3) and m.fits(plain, 10, 3)


def test_auto_is_not_an_engine():
    with pytest.raises(ValueError, match="not an engine"):
        engines.register(Engine("auto", frozenset(), None, "x:y", "no"))


def test_reading_the_names_loads_neither_numpy_nor_numba():
    code = (
        "import sys; from clew.cover.engines import ENGINES, engines; "
        "print(any(m in sys.modules for m in ('numpy', 'numba')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.fixture
def toy_engine():
    """A new engine registered in the registry alone: the links kernel under another name,
    preferred by "auto" for problems of at most 3 options."""
    toy = Engine(
        "toy", frozenset({"secondary", "colours"}), 3, "clew.cover.kernels:LINKS", "a toy", -1
    )
    engines.register(toy)
    try:
        yield toy
    finally:
        del engines._REGISTRY["toy"]


def test_an_engine_registered_in_one_place_runs_everywhere(toy_engine):
    p = [["a", "b"], ["a"], ["b"]]
    search = cover.Search(p)  # auto: the toy is preferred, and takes 3 options
    assert list(search) == [[0], [1, 2]] and search.to_dict()["engine"] == "toy"
    assert cover.Search(p + [["c"]]).engine == "bits"  # 4 options: the toy does not fit
    assert cover.count(p, engine="toy") == 2
    assert cover.count(p + [["a", "b"]], engine="toy", jobs=2) == 3  # cut, then counted
    with pytest.raises(cover.CoverInputError, match="toy"):
        cover.count(cover.Problem([["a"]], bounds={"a": (1, 2)}), engine="toy")


def test_an_unknown_engine_is_one_line():
    with pytest.raises(cover.CoverInputError, match="engine must be one of auto, links, bits"):
        cover.count([["a"]], engine="dlx")
