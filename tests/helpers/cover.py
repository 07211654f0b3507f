"""Helpers of the exact-cover tests (``tests/cover``): DLX3's own example and random
problems with bounds and colours (a Hypothesis strategy)."""

from __future__ import annotations

from hypothesis import strategies as st

from clew.cover import Problem

#: DLX3's own test case (dlx3.w): C between 2 and 3 times; one solution, options 1, 3, 4
DLX3_TEXT = """\
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


@st.composite
def bounded_problems(draw, coloured=True, plain=False):
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 2))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(0, 9))):
        names = draw(
            st.lists(st.sampled_from(primary + secondary), min_size=1, max_size=4, unique=True)
        )
        option = []
        for name in names:
            if coloured and name.startswith("s") and draw(st.booleans()):
                option.append(f"{name}:{draw(st.sampled_from('AB'))}")
            else:
                option.append(name)
        options.append(option)
    bounds = {}
    if not plain:
        for item in primary:
            hi = draw(st.integers(1, 3))
            bounds[item] = (draw(st.integers(0, hi)), hi)
    return Problem(options, primary=primary, secondary=secondary, bounds=bounds)
