"""The fuzzer of ``benchmarks/fuzz.py`` for the suite (``tests/test_fuzz*.py``), loaded by its
path as the module ``fuzz_harness``, and its readers (``benchmarks/fuzz_readers.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))
if "fuzz_harness" not in sys.modules:
    # by its path: "fuzz" alone names too much to be put on sys.path as it is
    _spec = importlib.util.spec_from_file_location("fuzz_harness", BENCHMARKS / "fuzz.py")
    assert _spec is not None and _spec.loader is not None
    sys.modules["fuzz_harness"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["fuzz_harness"])

harness = sys.modules["fuzz_harness"]

from fuzz_readers import READERS  # noqa: E402  (benchmarks/ is on the path from above)

__all__ = ["READERS", "harness"]
