"""The compiled kernels of N-Queens: numba functions over ints and arrays only.

Each ``_kernels*.py`` module is one kernel family: what they share (board limits, line
numbers, the symmetries of the square, the columns of the constellation table:
``_kernels_common``), the completion of a border constellation written once
(``_kernels_constellation``: the masks, levels, line choice and steps of the dual MRV search)
and its users, the counters (``_kernels_count``, first round and rotations;
``_kernels_count_scan``, the counting API's) and the unordered writers (``_kernels_enum``,
arrays; ``_kernels_text_sym``, text); the lexicographic enumeration and its text
(``_kernels_enum``, ``_kernels_text``), completion of partly placed boards
(``_kernels_complete``), the verifier (``_kernels_verify``), huge boards (``_kernels_huge``)
and the eight-queens ladder (``_kernels_ladder``). Nobody calls them with Python objects:
the friendly modules of :mod:`clew.queens` (``counting``, ``solver``, ``completion``,
``huge``, ``ladder``) convert once at the boundary.

May import: numpy, numba, llvmlite (intrinsics), :mod:`clew._bits`,
:mod:`clew.queens.board` (the limits, which load no compiler) and each other. Nothing else
of clew.
"""
