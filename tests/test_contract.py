"""The contract of every family (docs/contract.md), held over every public function and every
command of clew.

The walk is discovered, not listed: every family package of ``clew`` (every subpackage but
the mechanism, the pictures and the command line), the names of its ``__all__``, and every
command of the Click tree. What the walk cannot invent — arguments that make a valid call, a
command line that answers, one that finds nothing — comes from the tables below, and a public
function, a result class or a command missing from them fails the test that needs it: a new
family that skips the contract fails here.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import types
from pathlib import Path

import click
import pytest

import clew
from clew import cli
from clew.errors import DEFAULT_JOBS, ArgumentError, ClewError

# ---------------------------------------------------------------------------------------------
# The families and their public names
# ---------------------------------------------------------------------------------------------

#: Subpackages of clew that are not families: the mechanism, the pictures, the command line.
NOT_FAMILIES = {"scale", "viz", "cli"}

#: Public modules of a family beside its package's ``__all__`` that users import directly.
EXTRA_MODULES = ("clew.queens.ladder", "clew.leetcode")


def family_modules() -> list[types.ModuleType]:
    modules = []
    for info in pkgutil.iter_modules(clew.__path__):
        if info.ispkg and not info.name.startswith("_") and info.name not in NOT_FAMILIES:
            modules.append(importlib.import_module(f"clew.{info.name}"))
    modules += [importlib.import_module(name) for name in EXTRA_MODULES]
    return modules


def public(module: types.ModuleType) -> list[tuple[str, object]]:
    names = getattr(module, "__all__", None)
    assert names is not None, (
        f"{module.__name__} has no __all__: the contract walks a family's __all__"
    )
    return [(f"{module.__name__}.{name}", getattr(module, name)) for name in names]


FAMILIES = family_modules()
PUBLIC = [item for module in FAMILIES for item in public(module)]
FUNCTIONS = [(name, obj) for name, obj in PUBLIC if inspect.isfunction(obj)]


def test_the_families_are_found():
    names = {module.__name__ for module in FAMILIES}
    assert {"clew.queens", "clew.sudoku", "clew.cover", "clew.search", "clew.maze"} <= names


def test_clew_exports_the_errors():
    assert issubclass(clew.ClewError, ValueError)
    assert issubclass(clew.ArgumentError, clew.ClewError)
    assert clew.DEFAULT_JOBS == DEFAULT_JOBS == 1


def test_every_public_error_is_a_clew_error():
    errors = [
        (name, obj)
        for name, obj in PUBLIC
        if inspect.isclass(obj) and issubclass(obj, BaseException)
    ]
    assert errors
    for name, error in errors:
        assert issubclass(error, ClewError), f"{name} is not a clew.ClewError"


# ---------------------------------------------------------------------------------------------
# 1-2. limit and jobs on every public function
# ---------------------------------------------------------------------------------------------


def _cover_problem():
    from clew import cover

    return cover.langford(3)


def _search_problem():
    from clew import search

    return (
        search.examples.permutations(3)
        if hasattr(search.examples, "permutations")
        else search.examples.queens(4)
    )


def _maze():
    from clew import maze

    return maze.generate(4, 3, seed=1)


#: name -> a function of no argument giving ``(args, kwargs)`` of a valid call with a small
#: answer. A public function that takes ``limit`` or ``jobs`` must be listed.
SAMPLES = {
    "clew.queens.compare": lambda: ((6,), {}),
    "clew.queens.complete": lambda: ((6,), {}),
    "clew.queens.columns_text": lambda: ((6,), {}),
    "clew.queens.count": lambda: ((6,), {}),
    "clew.queens.counts": lambda: ((6,), {}),
    "clew.queens.fundamental_solutions": lambda: ((6,), {}),
    "clew.queens.solution_batches": lambda: ((6,), {}),
    "clew.queens.solution_batches_unordered": lambda: ((6,), {}),
    "clew.queens.solutions": lambda: ((6,), {}),
    "clew.queens.ladder.compare": lambda: ((5,), {}),
    "clew.sudoku.generate_many": lambda: ((1, 4), {"seed": 1}),
    "clew.sudoku.rate_file": lambda: (
        ("1...\n...1\n..1.\n.1..\n".replace("\n", "") + "\n",),
        {},
    ),
    "clew.sudoku.count": lambda: (("1...........3...",), {}),
    "clew.sudoku.solutions": lambda: (("1...........3...",), {}),
    "clew.sudoku.solve_array": lambda: ((__import__("numpy").zeros((1, 16), dtype="int8"), 2), {}),
    "clew.sudoku.is_unique": lambda: (("1...........3...",), {}),
    "clew.sudoku.solve_file": lambda: (("1...........3...\n",), {}),
    "clew.cover.count": lambda: ((_cover_problem(),), {}),
    "clew.cover.solutions": lambda: ((_cover_problem(),), {}),
    "clew.cover.tilings": lambda: ((__import__("clew").cover.pentominoes(3, 20),), {}),
    "clew.cover.trace": lambda: ((_cover_problem(),), {}),
    "clew.search.count": lambda: ((_search_problem(),), {}),
    "clew.search.run": lambda: ((_search_problem(),), {}),
    "clew.search.solutions": lambda: ((_search_problem(),), {}),
    "clew.search.solve": lambda: ((_search_problem(),), {}),
    "clew.search.trace": lambda: ((_search_problem(),), {}),
    "clew.maze.count_paths": lambda: ((_maze(),), {}),
    "clew.maze.solve": lambda: ((_maze(),), {}),
    "clew.maze.trace": lambda: ((_maze(),), {}),
}


def _with(parameter: str):
    return [(n, f) for n, f in FUNCTIONS if parameter in inspect.signature(f).parameters]


def _call(name, function, **extra):
    assert name in SAMPLES, f"{name} takes limit or jobs: add a valid call of it to SAMPLES"
    args, kwargs = SAMPLES[name]()
    result = function(*args, **{**kwargs, **extra})
    if isinstance(result, types.GeneratorType) or inspect.isgenerator(result):
        result = next(iter(result), None)
    return result


LIMITED = _with("limit")
JOBBED = _with("jobs")


def test_the_walk_finds_limits_and_jobs():
    assert len(LIMITED) >= 10 and len(JOBBED) >= 4


@pytest.mark.parametrize("name, function", LIMITED, ids=[n for n, _ in LIMITED])
def test_limit_is_keyword_only(name, function):
    parameter = inspect.signature(function).parameters["limit"]
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, f"{name}: limit must be keyword-only"


@pytest.mark.parametrize("name, function", LIMITED, ids=[n for n, _ in LIMITED])
@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3"])
def test_a_bad_limit_is_refused_when_called(name, function, bad):
    assert name in SAMPLES, f"{name} takes limit: add a valid call of it to SAMPLES"
    args, kwargs = SAMPLES[name]()
    # a generator's arguments are checked when it is called, not at the first next()
    with pytest.raises(ArgumentError, match="limit") as caught:
        function(*args, **{**kwargs, "limit": bad})
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("name, function", LIMITED, ids=[n for n, _ in LIMITED])
def test_limit_one_is_accepted(name, function):
    _call(name, function, limit=1)


@pytest.mark.parametrize("name, function", JOBBED, ids=[n for n, _ in JOBBED])
def test_jobs_default_is_the_one_default(name, function):
    parameter = inspect.signature(function).parameters["jobs"]
    assert parameter.default == DEFAULT_JOBS, f"{name}: jobs defaults to {parameter.default!r}"
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, f"{name}: jobs must be keyword-only"


@pytest.mark.parametrize("name, function", JOBBED, ids=[n for n, _ in JOBBED])
@pytest.mark.parametrize("bad", [0, -2, 1.5])
def test_bad_jobs_are_refused(name, function, bad):
    assert name in SAMPLES, f"{name} takes jobs: add a valid call of it to SAMPLES"
    args, kwargs = SAMPLES[name]()
    with pytest.raises(ArgumentError, match="jobs"):
        result = function(*args, **{**kwargs, "jobs": bad})
        if inspect.isgenerator(result) or isinstance(result, types.GeneratorType):
            next(iter(result), None)


# ---------------------------------------------------------------------------------------------
# 6. Every result value has to_dict (and a picture where one exists)
# ---------------------------------------------------------------------------------------------

#: Public classes that are not results, and why.
NOT_RESULTS = {
    "clew.cover.Problem": "an input: a problem to solve",
    "clew.cover.Compiled": "an input compiled for the kernels",
    "clew.cover.Search": "a running search (its answers are results)",
    "clew.cover.CoverCount": "a work of clew.scale",
    "clew.search.Problem": "an input: the user's own problem",
    "clew.search.SearchCount": "a work of clew.scale",
    "clew.sudoku.RateFile": "a work of clew.scale",
    "clew.leetcode.Solution": "LeetCode's class-with-methods shape, as the site expects",
    "clew.queens.QueensCount": "a work of clew.scale",
}


def _examples():
    """name -> an instance of each result class, made through the public API."""
    from clew import cover, maze, queens, search, sudoku
    from clew.queens import ladder

    grid = sudoku.solve("1...........3...")
    return {
        "clew.queens.Solution": lambda: queens.Solution((1, 3, 0, 2)),
        "clew.queens.Completion": lambda: queens.complete(6),
        "clew.queens.ladder.Rung": lambda: ladder.compare(5)[0],
        "clew.queens.ladder.Ladder": lambda: ladder.compare(5),
        "clew.queens.SolutionArray": lambda: queens.one(8),
        "clew.sudoku.Grid": lambda: grid,
        "clew.sudoku.Rating": lambda: sudoku.rate("..3.4.........42"),
        "clew.sudoku.Step": lambda: sudoku.hint("..3.4.........42"),
        "clew.sudoku.Generated": lambda: sudoku.generate(4, seed=1),
        "clew.search.Stats": lambda: search.run(_search_problem()),
        "clew.maze.Maze": lambda: maze.generate(4, 3, seed=1),
        "clew.maze.MazeSolution": lambda: maze.solve(maze.generate(4, 3, seed=1)),
        "clew.cover.Problem": lambda: cover.langford(3),
    }


RESULT_CLASSES = [
    (name, obj)
    for name, obj in PUBLIC
    if inspect.isclass(obj) and not issubclass(obj, BaseException) and name not in NOT_RESULTS
]


@pytest.mark.parametrize("name, cls", RESULT_CLASSES, ids=[n for n, _ in RESULT_CLASSES])
def test_every_result_has_a_json_form(name, cls):
    assert callable(getattr(cls, "to_dict", None)), f"{name} has no to_dict()"
    examples = _examples()
    assert name in examples, (
        f"{name}: add an example of it to _examples (or to NOT_RESULTS, saying why)"
    )
    value = examples[name]()
    assert isinstance(value, cls)
    data = value.to_dict()
    assert isinstance(data, dict) and data
    json.loads(json.dumps(data))
    # the fields are documented: each key appears in the class's docstring
    doc = inspect.getdoc(cls) or ""
    missing = [key for key in data if key not in doc]
    assert not missing, f"{name}.to_dict() fields not documented in its docstring: {missing}"


#: Result classes that have a picture (SVG or the HTML player).
PICTURED = (
    "clew.queens.Solution",
    "clew.queens.Completion",
    "clew.queens.SolutionArray",
    "clew.sudoku.Grid",
    "clew.sudoku.Rating",
    "clew.sudoku.Step",
    "clew.sudoku.Generated",
    "clew.maze.Maze",
    "clew.maze.MazeSolution",
)


@pytest.mark.parametrize("name", PICTURED)
def test_pictures(name):
    value = _examples()[name]()
    svg = getattr(value, "_repr_svg_", None)
    html = getattr(value, "_repr_html_", None)
    picture = (svg and svg()) or (html and html())
    assert picture and ("<svg" in picture or "<html" in picture.lower() or "<div" in picture), name


def test_queens_one_has_a_picture():
    from clew import queens

    board = queens.one(8)
    svg = getattr(board, "_repr_svg_", None)
    assert svg is not None and "<svg" in svg()


def test_trace_saves_html(tmp_path):
    from clew import queens

    trace = queens.trace(5)
    assert callable(getattr(trace, "to_dict", None))
    path = tmp_path / "t.html"
    trace.save_html(path)
    assert path.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


# ---------------------------------------------------------------------------------------------
# 3-6 on the command line: the walk of the Click tree
# ---------------------------------------------------------------------------------------------


def walk_commands() -> list[tuple[str, click.Command]]:
    found = []

    def visit(command, ctx, path):
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                visit(sub, click.Context(sub, parent=ctx, info_name=name), [*path, name])
        else:
            found.append((" ".join(path), command))

    visit(cli.cli, click.Context(cli.cli, info_name="clew"), [])
    return found


COMMANDS = walk_commands()
COMMAND_NAMES = [name for name, _ in COMMANDS]


def options(command: click.Command) -> dict[str, click.Option]:
    return {opt: p for p in command.params if isinstance(p, click.Option) for opt in p.opts}


#: Commands whose output is not a result to put in JSON, and why.
NO_JSON = {
    "queens play": "writes the HTML player or plays an animation",
    "sudoku play": "writes the HTML player or plays an animation",
    "maze play": "writes the HTML player or plays an animation",
    "queens trace": "its output is a JSON trace already",
    "sudoku trace": "its output is a JSON trace already",
    "queens tree": "a picture of the search tree (SVG or text)",
    "queens show": "a picture of a board",
    "sudoku show": "a picture of a grid",
}


def test_the_walk_finds_every_group():
    groups = {name.split()[0] for name in COMMAND_NAMES}
    assert {"queens", "sudoku", "cover", "maze", "journal"} <= groups
    assert len(COMMANDS) >= 20


@pytest.mark.parametrize("name, command", COMMANDS, ids=COMMAND_NAMES)
def test_every_command_has_the_exit_table_in_its_help(name, command, capsys):
    status, out, err = _run(capsys, *name.split(), "--help")
    assert status == 0 and err == ""
    assert "0 answered" in " ".join(out.split()) and "2 bad input" in " ".join(out.split())


@pytest.mark.parametrize("name, command", COMMANDS, ids=COMMAND_NAMES)
def test_every_printing_command_takes_format_json(name, command):
    if name in NO_JSON:
        return
    fmt = options(command).get("--format")
    assert fmt is not None, f"clew {name} prints results but has no --format"
    assert "json" in fmt.type.choices, f"clew {name} --format has no json"


@pytest.mark.parametrize("name, command", COMMANDS, ids=COMMAND_NAMES)
def test_jobs_option_is_the_same_everywhere(name, command):
    jobs = options(command).get("--jobs")
    if jobs is None:
        return
    assert jobs.default == DEFAULT_JOBS
    assert jobs.type.convert("all", jobs, None) is None


def _run(capsys, *args):
    status = cli.run([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Input files for the command-line cases."""
    root = tmp_path_factory.mktemp("contract")
    made = {
        "unsolvable.txt": "2...3.2......4..\n",
        "puzzles.txt": "..3.4.........42\n",
        "mixed.txt": "..3.4.........42\n2...3.2......4..\n",
        "bad.txt": "..3.4.........42\nxyz\n",
        "empty.txt": "",
        "binary.txt": b"\x00\xff\xfe\x81garbage",
        "cover.dlx": "a b c\na b\nc\n",
        "nocover.dlx": "a b c\na b\nb c\n",
        "maze.txt": "#####\n#S.E#\n#####\n",
        "walled.txt": "#####\n#S#E#\n#####\n",
        "board.txt": "....\n....\n....\n....\n",
    }
    paths = {"journal.db": root / "journal.db"}
    assert cli.run(["queens", "count", "6", "--journal", str(paths["journal.db"]), "--quiet"]) == 0
    for name, text in made.items():
        path = root / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        paths[name] = path
    return paths


#: For every command: command lines (after ``clew``) that answer (0), that answer "none" (1)
#: and that are bad input (2). ``{name}`` is a file of the fixture above.
CASES: dict[str, dict[int, list[list[str]]]] = {
    "queens count": {0: [["6"], ["3"]], 2: [["0"], ["6", "--jobs", "0"], ["x"]]},
    "queens solve": {0: [["6"]], 1: [["3"]], 2: [["6", "--limit", "0"], ["-1"]]},
    "queens one": {0: [["8"]], 1: [["3"]], 2: [["0"]]},
    "queens complete": {
        0: [["6"]],
        1: [["3"]],
        2: [["6", "--limit", "0"], ["6", "--placed", "9,9"]],
    },
    "queens compare": {0: [["5"]], 2: [["5", "--limit", "0"], ["0"]]},
    "queens show": {0: [["4"]], 2: [["0"]]},
    "queens trace": {0: [["4"]], 2: [["0"]]},
    "queens tree": {0: [["4"]], 2: [["0"]]},
    "queens play": {2: [["0"]]},
    "sudoku solve": {
        0: [["{puzzles.txt}"]],
        1: [["{unsolvable.txt}"], ["{mixed.txt}"]],
        2: [
            ["{bad.txt}"],
            ["{empty.txt}"],
            ["{binary.txt}"],
            ["{puzzles.txt}", "--limit", "0"],
            ["{puzzles.txt}", "--jobs", "0"],
        ],
    },
    "sudoku rate": {
        0: [["{puzzles.txt}"]],
        1: [["{unsolvable.txt}"]],
        2: [["{bad.txt}"], ["{empty.txt}"], ["{binary.txt}"], ["{puzzles.txt}", "--jobs", "0"]],
    },
    "sudoku hint": {
        0: [["..3.4.........42"], ["1234341221434321"]],
        1: [["2...3.2......4.."]],
        2: [["xyz"], ["11.............."]],
    },
    "sudoku explain": {0: [["..3.4.........42"]], 1: [["2...3.2......4.."]], 2: [["xyz"]]},
    "sudoku show": {0: [["1...........3..."]], 2: [["xyz"]]},
    "sudoku trace": {0: [["1...........3..."]], 2: [["xyz"]]},
    "sudoku play": {2: [["xyz"]]},
    "sudoku generate": {
        0: [["--size", "4", "--seed", "1"]],
        2: [["--size", "5"], ["--count", "0"]],
    },
    "cover solve": {
        0: [["{cover.dlx}"], ["{nocover.dlx}", "--count"]],
        1: [["{nocover.dlx}"]],
        2: [["{empty.txt}"], ["{binary.txt}"], ["{cover.dlx}", "--limit", "0"]],
    },
    "maze generate": {0: [["4", "3"]], 2: [["0", "3"]]},
    "maze solve": {
        0: [["{maze.txt}"]],
        1: [["{walled.txt}"]],
        2: [["{empty.txt}"], ["{binary.txt}"]],
    },
    "maze play": {2: [["{binary.txt}"]]},
    "journal show": {
        0: [["{journal.db}"]],
        2: [["{binary.txt}"], ["{empty.txt}"], ["{board.txt}"]],
    },
    "compile": {
        2: [["chess"], ["maze", "--jobs", "0"]]
    },  # its answers compile: tests/test_compile.py
}


def _cases():
    every = []
    for name in COMMAND_NAMES:
        for status, lines in CASES.get(name, {}).items():
            for line in lines:
                every.append(
                    pytest.param(name, status, line, id=f"{name} {' '.join(line)} -> {status}")
                )
    return every


@pytest.mark.parametrize("name", COMMAND_NAMES)
def test_every_command_has_cases(name):
    assert name in CASES, f"clew {name}: add its exit-status cases to CASES"
    assert 2 in CASES[name], f"clew {name}: add a bad-input case"


@pytest.mark.parametrize("name, status, line", _cases())
def test_exit_statuses(name, status, line, files, capsys):
    args = [*name.split(), *(_fill(part, files) for part in line)]
    got, out, err = _run(capsys, *args)
    assert got == status, (args, got, out[-500:], err[-500:])
    assert "Traceback" not in err
    if status == 2:
        lines = err.strip().splitlines()
        assert lines and lines[-1].startswith("clew: error: "), err
        assert len([line for line in lines if line.startswith("clew: error")]) >= 1


def _fill(part: str, files: dict[str, Path]) -> str:
    if part.startswith("{") and part.endswith("}"):
        return str(files[part[1:-1]])
    return part


@pytest.mark.parametrize(
    "name, command",
    [(n, c) for n, c in COMMANDS if n not in NO_JSON],
    ids=[n for n in COMMAND_NAMES if n not in NO_JSON],
)
def test_json_output_parses(name, command, files, capsys):
    answered = CASES.get(name, {}).get(0)
    if not answered:
        pytest.skip(f"clew {name} has no answering case")
    args = [*name.split(), *(_fill(part, files) for part in answered[0]), "--format", "json"]
    status, out, err = _run(capsys, *args)
    assert status == 0, (args, err)
    for line in out.splitlines() if out.lstrip().startswith("{") and "\n{" in out else [out]:
        if line.strip():
            json.loads(line)


# ---------------------------------------------------------------------------------------------
# 7. A thin command line, and the house's import rules
# ---------------------------------------------------------------------------------------------

SRC = Path(clew.__file__).resolve().parent


def test_no_cli_module_imports_a_kernel_module():
    import ast

    for path in sorted((SRC / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                assert "_kernels" not in name, (
                    f"{path.name}:{node.lineno} imports a kernel module ({name})"
                )


def test_the_import_rules_hold():
    import subprocess
    import sys

    checker = SRC.parents[2] / "shared" / "tools" / "import_rules.py"
    if not checker.exists():
        pytest.skip(f"the house's checker is not beside the project ({checker})")
    result = subprocess.run(
        [sys.executable, str(checker), str(SRC)], capture_output=True, encoding="utf-8", timeout=120
    )
    summary = result.stdout.strip().splitlines()[-1]
    assert " 0 module circles" in summary and " 0 rules broken" in summary, result.stdout
