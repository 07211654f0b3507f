"""The cold compile time of every kernel module, as measured: written by
``python benchmarks/compile_bench.py --write-table`` (do not edit by hand; run it again after
a kernel changes). :func:`clew._kernel_cache.compile_message` reads it for the first-run notice.

``MODULES[path] = (kernels, seconds)``: the number of cached functions of the module that
the measured commands compile, and the CPU seconds their top-level compiles took on a fresh
cache (the sum of each function's longest compile, nested compiles included; CPU time of
the compiling thread, which a busy machine does not inflate).
"""

MEASURED = 'numba 0.68.1, 2 cores, 2026-12-03'

MODULES: dict[str, tuple[int, float]] = {
    'cover/_kernels.py': (1, 0.8),
    'maze/_kernels.py': (6, 2.6),
    'queens/_kernels_common.py': (2, 0.0),
    'queens/_kernels_count_scan.py': (2, 2.1),
    'queens/_kernels_enum.py': (1, 0.0),
    'queens/_kernels_text_sym.py': (1, 4.5),
    'sudoku/_kernels9.py': (4, 8.3),
    'sudoku/_kernels_chains.py': (13, 18.1),
    'sudoku/_kernels_chains_unary.py': (6, 5.2),
    'sudoku/_kernels_exclusion.py': (4, 2.4),
    'sudoku/_kernels_screen.py': (11, 6.0),
    'sudoku/_kernels_uniqueness.py': (3, 1.9),
}
