"""The Sudoku data of the tests: the files in ``tests/data`` and the full collections in the
repository's sibling ``../shared/data/sudoku`` (a test of them is skipped with the reason where
they are absent). The fixtures over them are in ``tests/sudoku/conftest.py``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


DATA_DIR = ROOT / "tests" / "data"


#: The full collections, outside the repository (not every checkout has them).
SHARED_SUDOKU = ROOT.parent / "shared" / "data" / "sudoku"


#: The samples of the shared collections kept in the repository, 200 puzzles each.
SAMPLES = {"17_clue.txt": "sudoku_17_clue_sample.txt", "top1465.txt": "sudoku_top1465_sample.txt"}


@dataclass(frozen=True)
class Case:
    """One line of a ``puzzle:count[:solution]`` data file."""

    puzzle: str
    count: int
    solution: str | None
    line: int


def read_cases(path: Path) -> list[Case]:
    """Parse ``puzzle:count`` or ``puzzle:count:solution`` lines; blank lines and ``#``
    comments are skipped, anything else (or a puzzle given twice) raises ValueError naming
    the line."""
    cases: list[Case] = []
    seen: set[str] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split(":")
        if len(fields) not in (2, 3) or not fields[0] or not fields[1].isdigit():
            raise ValueError(
                f"{path.name}:{number}: expected 'puzzle:count[:solution]', got {raw!r}"
            )
        if fields[0] in seen:
            raise ValueError(f"{path.name}:{number}: {fields[0]!r} is given twice")
        seen.add(fields[0])
        cases.append(
            Case(fields[0], int(fields[1]), fields[2] if len(fields) == 3 else None, number)
        )
    return cases


def puzzle_lines(path: Path) -> list[str]:
    """The puzzles of a collection file: one per line, CRLF or LF, ``#`` comments skipped."""
    lines = path.read_bytes().decode("utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def shared_collection(name: str) -> Path:
    """The path of a full collection in ``../shared/data/sudoku``, or skip the test."""
    path = SHARED_SUDOKU / name
    if not path.is_file():
        pytest.skip(f"{path} is absent: the full collection lives outside the repository")
    return path


@dataclass(frozen=True)
class SERating:
    """One line of ``sudoku_se_ratings.txt``: a puzzle and Sudoku Explainer 1.2.1's rating
    (ER), pearl (EP) and diamond (ED)."""

    puzzle: str
    er: float
    ep: float
    ed: float
    line: int


def read_se_ratings(path: Path) -> list[SERating]:
    """Parse ``puzzle ER EP ED`` lines (blank lines and ``#`` comments skipped); a malformed
    line or a puzzle given twice raises ValueError naming the line."""
    rows: list[SERating] = []
    seen: set[str] = set()
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 4 or len(fields[0]) != 81:
            raise ValueError(
                f"{path.name}:{number}: expected 'puzzle ER EP ED' with an 81-character puzzle, "
                f"got {raw!r}"
            )
        try:
            er, ep, ed = (float(x) for x in fields[1:])
        except ValueError:
            raise ValueError(
                f"{path.name}:{number}: ER, EP and ED must be numbers, got {fields[1:]!r}"
            ) from None
        if fields[0] in seen:
            raise ValueError(f"{path.name}:{number}: {fields[0]!r} is given twice")
        seen.add(fields[0])
        rows.append(SERating(fields[0], er, ep, ed, number))
    return rows
