"""The plan of a run of :mod:`clew.sudoku.generation.generator`: its arguments checked and
gathered into one picklable value (what every worker needs to make puzzle ``i``), the
constants they are checked against, and the errors a bad argument raises."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from ...errors import BoardSizeError, ClewError, check_size
from ..shape import MAX_SIDE, MIN_SIDE, make_shape, parse_box

#: Sides of the grids generated, and their box sizes.
SIDES = {4: 2, 9: 3, 16: 4}
#: Symmetries of the givens' positions (see the module documentation).
SYMMETRIES = ("none", "rotational", "diagonal", "mirror")
#: Difficulty levels, easiest first (those of :func:`clew.sudoku.logic.solver.rate`).
DIFFICULTIES = ("easy", "medium", "hard", "expert", "extreme")
#: Levels whose candidates are minimal puzzles unless ``minimal`` says otherwise.
_MINIMAL_LEVELS = frozenset({"hard", "expert", "extreme"})
#: ``minimal=False`` stops digging once the puzzle has at most this many givens (by side).
TARGET_GIVENS = {4: 6, 9: 30, 16: 110}
#: Candidates drawn per puzzle, by level, before :class:`DifficultyNotReachedError`.
DEFAULT_ATTEMPTS = {"easy": 200, "medium": 300, "hard": 1000, "expert": 1000, "extreme": 1000}
#: Sides for which a difficulty can be asked (the rating's sizes).
RATED_SIDES = (4, 9)
#: The largest side of a shape or variant generated at a difficulty or rating range: the
#: logical solver rates a 12x12 puzzle in a fraction of a second, larger ones take seconds.
MAX_RATED_SHAPE_SIDE = 12
#: Variants that :func:`generate` makes (see *Shapes and variants* in the module documentation).
VARIANTS = ("x", "windoku", "jigsaw", "killer")
#: ``minimal=False`` digs a grid of a side not in :data:`TARGET_GIVENS` to this share of its cells.
TARGET_SHARE = 0.38
#: Cage partitions drawn per killer in search of one that needs no givens.
KILLER_PARTITIONS = 8
#: The largest side of a generated killer: past it the uniqueness proofs of cage layouts
#: without givens take the kernel seconds each (12x12: 0.3 to 13 s measured), and 16x16
#: needs more cages than the 52 letters of the text form.
MAX_KILLER_SIDE = 9
#: A rating range reaching above this ER (the top of the hard level,
#: :data:`clew.sudoku.logic.solver.LEVELS`) draws minimal candidates, as the hard, expert
#: and extreme levels do.
MINIMAL_ABOVE = 3.8
#: Largest count accepted (jobs: clew.errors.check_jobs).
_MAX_COUNT = 10**12


class GenerateError(ClewError):
    """Arguments :func:`generate` cannot honour: an unknown symmetry or difficulty, a
    difficulty for a size that is not rated."""


class DifficultyNotReachedError(GenerateError):
    """No candidate rated at the requested level within the allowed attempts.

    ``level`` holds the level asked for, ``attempts`` the number of candidates rated."""

    def __init__(self, message: str, level: str | None = None, attempts: int | None = None) -> None:
        super().__init__(message)
        self.level = level
        self.attempts = attempts


# ---------------------------------------------------------------------------------------------
# Checking arguments
# ---------------------------------------------------------------------------------------------


def _check_side(size) -> int:
    if isinstance(size, bool) or not hasattr(size, "__index__") or size.__index__() not in SIDES:
        raise BoardSizeError(f"size must be 4, 9 or 16 (the side of the grid), got {size!r}")
    return size.__index__()


def _check_symmetry(symmetry) -> str:
    name = symmetry.strip().lower() if isinstance(symmetry, str) else symmetry
    if name not in SYMMETRIES:
        raise GenerateError(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")
    return name


def _difficulty_name(difficulty) -> str | None:
    if difficulty is None:
        return None
    name = difficulty.strip().lower() if isinstance(difficulty, str) else difficulty
    if name not in DIFFICULTIES:
        raise GenerateError(
            f"unknown difficulty {difficulty!r}: use one of {', '.join(DIFFICULTIES)}"
        )
    return name


def _check_difficulty(difficulty, side: int) -> str | None:
    name = _difficulty_name(difficulty)
    if name is not None and side not in RATED_SIDES:
        raise GenerateError(
            f"a difficulty can be asked for {' and '.join(f'{s}x{s}' for s in RATED_SIDES)} "
            "puzzles "
            f"(and for shapes and variants up to {MAX_RATED_SHAPE_SIDE}x{MAX_RATED_SHAPE_SIDE}), "
            f"not {side}x{side}"
        )
    return name


def _check_minimal(minimal) -> bool | None:
    if minimal is not None and not isinstance(minimal, (bool, np.bool_)):
        raise GenerateError(f"minimal must be True, False or None, got {minimal!r}")
    return None if minimal is None else bool(minimal)


def _check_seed(seed) -> int:
    """The entropy of the run: the seed itself, or fresh entropy when it is ``None``."""
    if seed is None:
        # a fresh SeedSequence's entropy is one int (numpy types it as any seed it may take)
        return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    if isinstance(seed, bool) or not hasattr(seed, "__index__") or seed.__index__() < 0:
        raise GenerateError(f"seed must be an integer >= 0 or None, got {seed!r}")
    return seed.__index__()


@dataclass(frozen=True)
class _Plan:
    """Everything a worker needs to make puzzle ``i`` of a run (picklable)."""

    entropy: int
    side: int
    symmetry: str
    minimal: bool
    difficulty: str | None
    attempts: int
    # the shape: a box of rows x columns (None: the classic box) and the variants, in the
    # order of VARIANTS (left out of a classic run's identity, which is as it always was)
    box: tuple[int, int] | None = None
    variants: tuple[str, ...] = ()
    # an ER range asked for (left out of the identity of a run without one, as it always was)
    rating: tuple[float, float] | None = None

    @property
    def shaped(self) -> bool:
        """True unless the plan makes classic k^2 x k^2 puzzles."""
        return self.box is not None or bool(self.variants)


def _check_variants(variant) -> tuple[str, ...]:
    """``"x+killer"``, ``["jigsaw", "x"]`` or None as names of :data:`VARIANTS`, in that order."""
    if variant is None:
        return ()
    if isinstance(variant, str):
        words = variant.replace(",", "+").replace(" ", "+").split("+")
    elif isinstance(variant, (list, tuple, set, frozenset)):
        words = list(variant)
    else:
        raise GenerateError(
            f"variant is a name or a list of names of {', '.join(VARIANTS)}, got {variant!r}"
        )
    names = set()
    for word in words:
        name = word.strip().lower() if isinstance(word, str) else word
        if name == "":
            continue
        if name not in VARIANTS:
            raise GenerateError(
                f"unknown variant {word!r}: use one or more of {', '.join(VARIANTS)}"
            )
        names.add(name)
    return tuple(v for v in VARIANTS if v in names)


def _shaped_plan(
    size, box, variants: tuple[str, ...], symmetry: str, minimal, entropy: int
) -> _Plan:
    """The plan of puzzles of another shape than the classic grids: its side, box, variants
    checked together (a difficulty or rating range: :func:`_rated`)."""
    if size is None:
        side = parse_box(box)[0] * parse_box(box)[1] if box is not None else 9
    elif (
        isinstance(size, bool)
        or not hasattr(size, "__index__")
        or not MIN_SIDE <= size.__index__() <= MAX_SIDE
    ):
        raise BoardSizeError(
            f"size must be {MIN_SIDE} to {MAX_SIDE} (the side of the grid) for a shape or "
            f"variant, got {size!r}"
        )
    else:
        side = size.__index__()
    the_box = parse_box(box, side) if box is not None else None
    flags = [v for v in variants if v in ("x", "windoku")]
    if "jigsaw" in variants:
        if "windoku" in variants:
            raise GenerateError(
                "windoku needs square boxes, a jigsaw has regions: ask for one of them"
            )
        the_box = None  # the regions replace the boxes (a box only said the side)
    else:
        the_box = make_shape(
            side, box=the_box, variant=flags or None
        ).box  # ShapeError when it cannot be
    if "killer" in variants:
        if side > MAX_KILLER_SIDE:
            raise GenerateError(
                f"killer puzzles are generated up to {MAX_KILLER_SIDE}x{MAX_KILLER_SIDE}, not "
                f"{side}x{side}: "
                f"proving a larger cage layout unique takes the solver seconds to minutes"
            )
        if symmetry != "none":
            raise GenerateError(
                "a killer keeps only the givens its cages need: symmetry applies to the other "
                "variants"
            )
    shaped = _Plan(entropy, side, symmetry, bool(minimal), None, 1, the_box, variants)
    if not variants and side in SIDES and the_box == (SIDES[side], SIDES[side]):
        return dataclasses.replace(shaped, box=None)  # the classic grid, made as always
    return shaped


def _rated(plan: _Plan, difficulty, rating, minimal, attempts) -> _Plan:
    """A shaped plan with the level or ER range its puzzles must be rated at (the
    candidates minimal when the level is hard or above, as for the classic grids)."""
    level = _difficulty_name(difficulty)
    if level is None and rating is None:
        return plan
    if plan.side > MAX_RATED_SHAPE_SIDE:
        raise GenerateError(
            "a difficulty or rating range can be asked for shapes up to "
            f"{MAX_RATED_SHAPE_SIDE}x{MAX_RATED_SHAPE_SIDE}, "
            f"not {plan.side}x{plan.side}: rating each candidate would take seconds"
        )
    hard = level in _MINIMAL_LEVELS if level is not None else rating[1] > MINIMAL_ABOVE
    if attempts is None:
        attempts = DEFAULT_ATTEMPTS[level or ("hard" if hard else "easy")]
    return dataclasses.replace(
        plan,
        minimal=hard if minimal is None else minimal,
        difficulty=level,
        attempts=attempts,
        rating=rating,
    )


def _check_rating(rating) -> tuple[float, float] | None:
    """``(lo, hi)`` or ``"lo-hi"`` as an ER range (Sudoku Explainer's scale, 1.0 to 12)."""
    if rating is None:
        return None
    try:
        lo, hi = (float(x) for x in (rating.split("-") if isinstance(rating, str) else rating))
    except (TypeError, ValueError):
        raise GenerateError(
            f"rating is a range LO-HI of ratings (e.g. 6.6-7.5), got {rating!r}"
        ) from None
    if not (1.0 <= lo <= hi <= 12.0):
        raise GenerateError(f"a rating range lies within 1.0-12.0 with LO <= HI, got {lo:g}-{hi:g}")
    return lo, hi


def _plan(
    size, difficulty, symmetry, minimal, seed, attempts, box=None, variant=None, rating=None
) -> _Plan:
    rating = _check_rating(rating)
    if rating is not None and difficulty is not None:
        raise GenerateError("ask for a difficulty or a rating range, not both")
    if box is not None or variant is not None:
        symmetry = _check_symmetry(symmetry)
        minimal = _check_minimal(minimal)
        if attempts is not None:
            attempts = check_size(attempts, name="attempts", low=1, high=10**9)
        plan = _shaped_plan(
            size, box, _check_variants(variant), symmetry, minimal, _check_seed(seed)
        )
        if plan.shaped:
            return _rated(plan, difficulty, rating, minimal, attempts)
        size, box, variant = plan.side, None, None
    if rating is not None:
        if size is not None and size != 9:
            raise GenerateError(
                "a rating range can be asked for 9x9 puzzles and for shapes and variants, not for "
                "classic 4x4 or 16x16"
            )
        hard = rating[1] > MINIMAL_ABOVE
        plan = _plan(
            9,
            "hard" if hard else "easy",
            symmetry,
            hard if minimal is None else minimal,
            seed,
            attempts,
        )
        return dataclasses.replace(plan, difficulty=None, rating=rating)
    side = _check_side(9 if size is None else size)
    symmetry = _check_symmetry(symmetry)
    level = _check_difficulty(difficulty, side)
    minimal = _check_minimal(minimal)
    if minimal is None:
        minimal = level in _MINIMAL_LEVELS
    if attempts is None:
        attempts = DEFAULT_ATTEMPTS[level] if level else 1
    else:
        attempts = check_size(attempts, name="attempts", low=1, high=10**9)
    return _Plan(_check_seed(seed), side, symmetry, minimal, level, attempts)
