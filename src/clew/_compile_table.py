"""The cold compile time of every kernel module, as measured: written by
``python benchmarks/compile_bench.py --write-table`` (do not edit by hand; run it again after
a kernel changes). :func:`clew._kernel_cache.compile_message` reads it for the first-run notice.

``MODULES[path] = (kernels, seconds)``: the number of cached functions of the module that
the measured commands compile, and the CPU seconds of the most that one command compiled of
it on a fresh cache (its top-level compiles, nested ones included; CPU time of the
compiling thread, which a busy machine does not inflate).
"""

MEASURED = "numba 0.68.1, 2 cores, 2026-12-03"

MODULES: dict[str, tuple[int, float]] = {
    "cover/compiled/_kernels.py": (1, 0.6),
    "maze/_kernels.py": (6, 1.8),
    "queens/compiled/_kernels_common.py": (2, 0.0),
    "queens/compiled/_kernels_count_scan.py": (2, 1.7),
    "queens/compiled/_kernels_enum.py": (1, 0.0),
    "queens/compiled/_kernels_text_sym.py": (2, 3.2),
    "sudoku/compiled/_kernels9.py": (4, 7.1),
    "sudoku/compiled/_kernels_chains.py": (6, 9.3),
    "sudoku/compiled/_kernels_chains_rules.py": (10, 0.0),
    "sudoku/compiled/_kernels_chains_unary.py": (6, 4.3),
    "sudoku/compiled/_kernels_exclusion.py": (4, 2.1),
    "sudoku/compiled/_kernels_screen.py": (11, 4.1),
    "sudoku/compiled/_kernels_uniqueness.py": (3, 1.2),
}
