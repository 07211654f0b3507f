"""The fuzzer of ``benchmarks/fuzz.py`` for the tests of this package, imported by its path
as ``fuzz_harness`` (this package is ``fuzz`` itself); its readers are in
``benchmarks/fuzz_readers.py``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))
if "fuzz_harness" not in sys.modules:
    _spec = importlib.util.spec_from_file_location("fuzz_harness", BENCHMARKS / "fuzz.py")
    sys.modules["fuzz_harness"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["fuzz_harness"])
