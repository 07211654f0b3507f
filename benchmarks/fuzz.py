"""Fuzz the readers of clew: every input is answered, or refused in one line, in bounded time
and memory.

    python benchmarks/fuzz.py READER --cases N [--seed S] [--cli K] [--subprocess K]
                              [--budget SECONDS]

READER is one of the readers of ``benchmarks/fuzz_readers.py`` (``sudoku-line``,
``sudoku-file``, ``jigsaw``, ``killer``, ``dlx``, ``maze``, ``trace``, ``journal``,
``scheduler``, ``queens-board``) or ``all``. For each reader it runs

* ``N`` in-process cases: random bytes, samples from the format's grammar and mutated valid
  inputs (byte flips, splices, duplications, truncations), each read by the library; a case
  fails when it raises anything but a ``clew.ClewError``, or takes over 2 s;
* the reader's extreme inputs (a 10 MB line, a DLX file of a million columns, a maze of 0
  rows, a trace nested 100,000 deep, ...), each timed (2 s bound) and measured with
  ``tracemalloc`` (500 MB bound);
* ``--cli K`` whole-command cases in this process (``clew.cli.run`` with its own stdout and
  stderr) and ``--subprocess K`` in a child ``python -m clew``: a case fails on an exit
  status outside 0/1/2/130/141, a traceback, or more than one line on stderr for an error.

It prints one line per reader (cases, seconds, findings, peak memory of the extremes) and
each finding with the seed and case number that reproduce it; the exit status is 1 if
anything failed. ``--budget`` stops a reader's in-process cases after that many seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
import tracemalloc
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz_readers import READERS

TIME_BOUND = 2.0
MEMORY_BOUND = 500 * 1024 * 1024
STATUSES = (0, 1, 2, 130, 141)


@dataclass
class Outcome:
    """What fuzzing one reader found."""

    reader: str
    cases: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    refused: int = 0
    cli_cases: int = 0
    subprocess_cases: int = 0
    peak: int = 0  # bytes, the largest tracemalloc peak of an extreme input
    extremes: dict = field(default_factory=dict)  # name -> (seconds, peak bytes)
    findings: list = field(default_factory=list)  # (what, case description)

    def ok(self) -> bool:
        return not self.findings

    def line(self) -> str:
        return (
            f"{self.reader:13} {self.cases:>8,} cases in {self.seconds:7.1f} s, {self.refused:>8,} "
            "refused, "
            f"slowest {self.slowest * 1000:6.1f} ms, {self.cli_cases} CLI + "
            f"{self.subprocess_cases} subprocess, "
            f"extremes peak {self.peak / 2**20:6.1f} MB, {len(self.findings)} findings"
        )


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    place = f"{os.path.basename(last.filename)}:{last.lineno}" if last else "?"
    return f"{type(exc).__name__} at {place}: {str(exc)[:160]}"


def _short(data) -> str:
    text = repr(data)
    return text if len(text) <= 300 else text[:300] + f"... ({len(data)} long)"


def check_case(reader, data) -> tuple[str | None, bool, float]:
    """Read ``data``: (a finding or None, whether it was refused, seconds)."""
    from clew import ClewError

    # CPU time, not wall time: the bound is the work a reader does, whatever else runs
    start = time.process_time()
    finding = None
    refused = False
    try:
        reader.call(data)
    except ClewError as exc:
        refused = True
        text = str(exc)
        if "\n" in text or "\r" in text:
            finding = f"message of {len(text.splitlines())} lines: {text[:160]!r}"
    except RecursionError as exc:  # before Exception: a stack overflow is a finding too
        finding = _where(exc)
    except Exception as exc:  # noqa: BLE001 - every other exception is a traceback on the CLI
        finding = _where(exc)
    seconds = time.process_time() - start
    if finding is None and seconds > TIME_BOUND:
        finding = f"took {seconds:.1f} s of CPU (bound {TIME_BOUND} s)"
    return finding, refused, seconds


def fuzz_reader(
    name: str, cases: int, seed: int, *, budget: float | None = None, outcome: Outcome | None = None
) -> Outcome:
    """Run ``cases`` generated inputs through the reader ``name``."""
    reader = READERS[name]
    out = outcome or Outcome(name)
    rng = random.Random(f"{name}:{seed}")
    seen: set[str] = set()
    start = time.perf_counter()
    for i in range(cases):
        data = reader.case(rng)
        finding, refused, seconds = check_case(reader, data)
        out.cases += 1
        out.refused += refused
        out.slowest = max(out.slowest, seconds)
        if finding is not None:
            key = finding.split(":")[0] + finding.split(" at ")[-1][:40]
            if key not in seen:
                seen.add(key)
                out.findings.append((finding, f"seed {seed} case {i}: {_short(data)}"))
        if budget is not None and time.perf_counter() - start > budget:
            break
    out.seconds += time.perf_counter() - start
    return out


def fuzz_extremes(name: str, outcome: Outcome) -> Outcome:
    """Read each extreme input of the reader twice: timed, then under tracemalloc."""
    reader = READERS[name]
    for what, make in reader.extremes.items():
        data = make()
        finding, _, seconds = check_case(reader, data)
        tracemalloc.start()
        try:
            check_case(reader, data)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        outcome.extremes[what] = (seconds, peak)
        outcome.peak = max(outcome.peak, peak)
        if finding is None and peak > MEMORY_BOUND:
            finding = f"peak memory {peak / 2**20:.0f} MB (bound {MEMORY_BOUND / 2**20:.0f} MB)"
        if finding is not None:
            outcome.findings.append((finding, f"extreme input: {what}"))
        del data
    return outcome


def _cli_check(argv_text: str, status, stderr: str, crashed: str | None) -> str | None:
    if crashed is not None:
        return f"{argv_text}: raised {crashed}"
    if status not in STATUSES:
        return f"{argv_text}: exit status {status}"
    if "Traceback" in stderr:
        return f"{argv_text}: a traceback on stderr"
    lines = [
        line
        for line in stderr.splitlines()
        if line.strip() and not line.startswith("clew: compiling")
    ]
    if status == 2 and (len(lines) != 1 or not lines[0].startswith("clew: error: ")):
        return f"{argv_text}: status 2 with stderr {stderr[:300]!r}"
    return None


def run_cli_in_process(argv: list[str]) -> tuple[int | None, str, str | None]:
    """``clew.cli.run(argv)`` with its own stdout and stderr: (status, stderr, an exception)."""
    from clew.cli import run

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="surrogateescape")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    crashed = None
    status = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = run(argv)
        except SystemExit as exc:
            status = exc.code
        except BaseException as exc:  # noqa: BLE001
            crashed = _where(exc)
    err.flush()
    return status, err.buffer.getvalue().decode("utf-8", "replace"), crashed


def fuzz_cli(
    name: str, cases: int, seed: int, outcome: Outcome, *, subprocess_cases: int = 0
) -> Outcome:
    """Whole commands on generated files: in this process, then in child processes."""
    reader = READERS[name]
    if reader.cli is None:
        return outcome
    rng = random.Random(f"{name}:cli:{seed}")
    folder = tempfile.mkdtemp(prefix="clew-fuzz-cli-")
    path = os.path.join(folder, "input")
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    for i in range(cases + subprocess_cases):
        data = reader.case(rng)
        with open(path, "wb") as f:
            f.write(data)
        argv = reader.cli(path)
        if argv is None or any("\x00" in arg for arg in argv):
            continue  # no process can be given a NUL in an argument
        words = " ".join(a if len(a) < 80 else a[:80] + "..." for a in argv)
        shown = f"seed {seed} CLI case {i}: clew {words} with {_short(data)}"
        if i < cases:
            status, stderr, crashed = run_cli_in_process(argv)
            outcome.cli_cases += 1
        else:
            try:
                proc = subprocess.run(
                    [sys.executable, "-m", "clew", *argv],
                    capture_output=True,
                    timeout=60,
                    env=env,
                    check=False,
                    stdin=subprocess.DEVNULL,
                )
                status, stderr, crashed = (
                    proc.returncode,
                    proc.stderr.decode("utf-8", "replace"),
                    None,
                )
            except subprocess.TimeoutExpired:
                status, stderr, crashed = None, "", "a hang (60 s)"
            outcome.subprocess_cases += 1
        finding = _cli_check(shown, status, stderr, crashed)
        if finding is not None:
            outcome.findings.append((finding, shown))
    return outcome


#: The address space this process may take: a reader that asks for more gets a MemoryError
#: (a finding) instead of the machine's OOM killer.
ADDRESS_SPACE = 6 * 2**30


def limit_memory(size: int = ADDRESS_SPACE) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > size:
        resource.setrlimit(resource.RLIMIT_AS, (size, hard))


def warm_up(name: str) -> None:
    """Read the reader's samples once, so that compiling kernels is not timed as a hang."""
    reader = READERS[name]
    for data in reader.samples[:3] or [reader.grammar(random.Random(0))]:
        check_case(reader, data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reader", choices=[*READERS, "all"])
    parser.add_argument("--cases", type=int, default=1000, help="in-process cases per reader")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cli", type=int, default=50, help="whole-command cases in this process per reader"
    )
    parser.add_argument(
        "--subprocess",
        type=int,
        default=5,
        help="whole-command cases in a child process per reader",
    )
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds of in-process cases per reader at most"
    )
    parser.add_argument("--no-extremes", action="store_true")
    args = parser.parse_args(argv)
    names = list(READERS) if args.reader == "all" else [args.reader]
    failed = False
    limit_memory()
    for name in names:
        outcome = Outcome(name)
        warm_up(name)
        fuzz_reader(name, args.cases, args.seed, budget=args.budget, outcome=outcome)
        if not args.no_extremes:
            fuzz_extremes(name, outcome)
        fuzz_cli(name, args.cli, args.seed, outcome, subprocess_cases=args.subprocess)
        print(outcome.line(), flush=True)
        for what, (seconds, peak) in outcome.extremes.items():
            print(f"    extreme {what}: {seconds:.2f} s, peak {peak / 2**20:.1f} MB", flush=True)
        for finding, case in outcome.findings:
            print(f"    FINDING {finding}\n        {case}", flush=True)
        failed |= not outcome.ok()
    import resource

    print(
        "process peak (ru_maxrss): "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB",
        flush=True,
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
