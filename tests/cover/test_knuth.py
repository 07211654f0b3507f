"""Knuth's DLX1/DLX2 text format: reading, writing, error messages with line numbers."""

from __future__ import annotations

import io
import itertools
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.cover import knuth
from clew.cover.knuth import read, write
from clew.cover.problem import CoverInputError, Problem
from clew.errors import ClewError

# The example of Knuth's "Dancing Links" paper (and of TAOCP 7.2.2.1, (5)).
PAPER = """\
| Knuth, Dancing Links, the example matrix
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
"""
PAPER_OPTIONS = [
    ("c", "e"),
    ("a", "d", "g"),
    ("b", "c", "f"),
    ("a", "d", "f"),
    ("b", "g"),
    ("d", "e", "g"),
]

# DLX2: primary p q r, secondary x y; x carries colours.
COLOURED = """\
| DLX2 with colours
p q r | x y
p x:A
q x:A
r x:B y
p q
r y
q x:B
"""
COLOURED_OPTIONS = [
    ("p", "x:A"),
    ("q", "x:A"),
    ("r", "x:B", "y"),
    ("p", "q"),
    ("r", "y"),
    ("q", "x:B"),
]


def exact_covers(problem: Problem) -> list[tuple[int, ...]]:
    """Every solution by brute force over subsets of options (small problems only): each
    primary item covered once, each secondary item at most once or always with one colour."""
    found = []
    for size in range(len(problem.options) + 1):
        for chosen in itertools.combinations(range(len(problem.options)), size):
            primary = [0] * len(problem.primary)
            colours: dict[str, set] = {}
            ok = True
            for o in chosen:
                for token in problem.options[o]:
                    item, sep, colour = token.partition(":")
                    if item in problem.primary:
                        primary[problem.primary.index(item)] += 1
                    else:
                        used = colours.setdefault(item, set())
                        # an uncoloured use is never shared
                        if (not sep and used) or ("" in used) or (used and colour not in used):
                            ok = False
                        used.add(colour if sep else "")
            if ok and all(c == 1 for c in primary):
                found.append(chosen)
    return found


# ---------------------------------------------------------------------------------------------
# the two examples


def test_paper_example_is_read_item_by_item():
    p = read(PAPER)
    assert isinstance(p, Problem)
    assert p.primary == ("a", "b", "c", "d", "e", "f", "g")
    assert p.secondary == ()
    assert len(p.options) == 6
    for got, want in zip(p.options, PAPER_OPTIONS, strict=False):
        assert got == want
    assert p.labels is None
    # the paper's unique solution: options 1, 4, 5 (c e; a d f; b g)
    assert exact_covers(p) == [(0, 3, 4)]


def test_coloured_example_keeps_colours():
    p = read(COLOURED)
    assert p.primary == ("p", "q", "r")
    assert p.secondary == ("x", "y")
    assert list(p.options) == COLOURED_OPTIONS
    assert p == Problem(COLOURED_OPTIONS, primary=["p", "q", "r"], secondary=["x", "y"])
    # p x:A + q x:A share x; r y completes; p q + r x:B y and p q + r y also work
    assert exact_covers(p) == [(2, 3), (3, 4), (0, 1, 4)]
    # the colours reach the kernel's arrays: 0 for no colour, equal colours equal numbers
    compiled = p.compiled
    assert compiled.n_primary == 3 and compiled.n_items == 5
    assert list(compiled.colours[:2]) == [0, 1] and list(compiled.colours[2:4]) == [0, 1]
    assert compiled.colours[5] == 2


def test_item_line_without_bar_makes_every_item_primary():
    p = read("a b\na\nb\n")
    assert p.primary == ("a", "b") and p.secondary == ()


def test_bar_may_touch_the_first_secondary_item_as_in_knuths_programs():
    assert read("a b |x y\na x\n") == read("a b | x y\na x\n")
    assert read("a\tb\t|\tx\na x:1\n").secondary == ("x",)
    assert read("a |\na\n") == Problem([["a"]], primary=["a"])


def test_comments_blank_lines_crlf_and_tabs():
    messy = (
        "| a comment\r\n"
        "\r\n"
        "   \t \r\n"
        "|another | with bars: and colons\r\n"
        "\tp  q\tr |  x y   \r\n"
        "p\tx:A\r\n"
        "|\r\n"
        "\r\n"
        "  q x:A\r\n"
        "r x:B  y\r\n"
        "p q\n"
        "r\t\ty\r\n"
        "q x:B"  # no final newline
    )
    assert read(messy) == read(COLOURED)
    assert read(messy.encode()) == read(COLOURED)


def test_names_of_eight_characters_and_odd_characters():
    p = read("abcdefgh #1 é-x | s.t_u\nabcdefgh s.t_u:col12345\n#1 é-x\n")
    assert p.primary == ("abcdefgh", "#1", "é-x")
    assert p.options == (("abcdefgh", "s.t_u:col12345"), ("#1", "é-x"))


def test_indented_comments_as_in_knuths_readers():
    # Knuth's readers skip blanks, then take a line that starts with '|' as a comment
    text = (
        "  | indented\n\t| after a tab\n | x y (not an item line)\na b\n   | between\na\n \t|x\nb\n"
    )
    p = read(text)
    assert p.primary == ("a", "b") and p.secondary == () and p.options == (("a",), ("b",))
    assert read(text.replace("\n", "\r\n").encode()) == p


def test_slashes_are_an_item_where_an_item_is_expected():
    # '//' is only refused where it looks like a comment: as an item it is an item
    p = read("a //\n// a\n")
    assert p.primary == ("a", "//") and p.options == (("//", "a"),)


def test_long_colours_are_an_extension():
    p = read("a b | x\na x:colour123456\nb x:colour123456\n")
    assert p.options == (("a", "x:colour123456"), ("b", "x:colour123456"))
    with pytest.raises(
        CoverInputError, match="colour 'colour123456' of item 'x' is longer than 8 characters"
    ):
        write(p)  # Knuth's programs could not read it back


def test_item_without_options_and_no_options():
    p = read("a b c\n")
    assert p.primary == ("a", "b", "c") and p.options == ()
    assert read("a b\na\n").options == (("a",),)


def test_byte_order_mark_is_skipped():
    assert read("\ufeffa b\na b\n") == read("a b\na b\n")
    assert read(b"\xef\xbb\xbfa b\na b\n") == read("a b\na b\n")


# ---------------------------------------------------------------------------------------------
# malformed input: the message starts with the source name and the line


SLASHES = "'//' does not start a comment in Knuth's DLX format: a comment line starts with '|'"

BAD = [
    # (text, line, rest of the message)
    ("a b\nc e\n", 2, "unknown item 'c'"),
    ("| items\na b\n\na b\nb a a\n", 5, "option names item 'a' twice"),
    ("a b | x\na:red x\n", 2, "primary item 'a' cannot have a colour (a:red)"),
    ("a b | x\na x:\n", 2, "colour '' of item 'x' is empty"),
    ("a b | x\na x:r:g\n", 2, "colour 'r:g' of item 'x' contains ':'"),
    ("a b | x\n:red\n", 2, "item name '' is empty"),
    ("a b\na\na b c123456789\n", 3, "item name 'c123456789' is longer than 8 characters"),
    ("a bcdefghij\n", 1, "item name 'bcdefghij' is longer than 8 characters"),
    ("|\na b:c\n", 2, "item name 'b:c' contains ':'"),
    (
        "a b| x\n",
        1,
        "'b|': the bounds before '|' must be numbers, u:v|name or v|name "
        "(a '|' that starts the secondary items needs a space before it)",
    ),
    ("a b a\n", 1, "item 'a' is listed twice"),
    ("a b | c a\n", 1, "item 'a' is listed twice"),
    ("a | x | y\n", 1, "the item line has '|' twice"),
    (
        "a b | x\na\nb | x\n",
        3,
        "an option line cannot contain '|' (a comment line starts with '|')",
    ),
    ("a b | x\na\nb x|\n", 3, "an option line cannot contain '|' (a comment line starts with '|')"),
    ("// a comment\na b\na\n", 1, SLASHES),
    ("| ok\n  // indented\na b\n", 2, SLASHES),
    ("a b\n// note\na\n", 2, SLASHES),
    ("a b\na\n//b a\n", 3, SLASHES),
    ("", 1, "no item line (the input has only comments and blank lines)"),
    ("| only\n|comments\n\n", 3, "no item line (the input has only comments and blank lines)"),
    ("a b\nb\na c\nb a\n", 3, "unknown item 'c'"),  # the first bad line is reported
]


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_malformed_input_names_the_line(text, line, message):
    with pytest.raises(CoverInputError) as info:
        read(text)
    assert str(info.value) == f"<text>:{line}: {message}"
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_malformed_bytes_give_the_same_line(text, line, message):
    with pytest.raises(CoverInputError) as info:
        read(text.replace("\n", "\r\n").encode(), name="pento.dlx")
    assert str(info.value) == f"pento.dlx:{line}: {message}"


def test_error_is_a_clew_error_and_a_value_error():
    with pytest.raises(ClewError):
        read("a\nb\n")
    with pytest.raises(ValueError, match=r"^<text>:2: unknown item 'b'$"):
        read("a\nb\n")


@pytest.mark.parametrize(
    ("data", "line", "message"),
    [
        (b"a b\na\n\xffb\n", 3, "byte 0xff at column 1"),
        (b"a b\r\na\r\nb \xc3(\r\n", 3, "byte 0xc3 at column 3"),
        (b"| caf\xe9\na b\n", 1, "byte 0xe9 at column 6"),
        (b"a b\n\n\n\na\x80\n", 5, "byte 0x80 at column 2"),
    ],
)
def test_bytes_that_are_not_utf8_name_the_line(data, line, message):
    with pytest.raises(CoverInputError) as info:
        read(data)
    assert str(info.value) == f"<bytes>:{line}: not UTF-8 text ({message})"
    with pytest.raises(CoverInputError) as info:
        read(io.BytesIO(data), name="in.dlx")
    assert str(info.value) == f"in.dlx:{line}: not UTF-8 text ({message})"


def test_undecodable_text_file_names_the_line_and_keeps_its_error_handler(tmp_path):
    path = tmp_path / "bad.dlx"
    path.write_bytes(b"a b\nb\na \xfe\n")
    with open(path, encoding="utf-8") as f:
        with pytest.raises(
            CoverInputError, match=r"^bad\.dlx:3: not UTF-8 text \(byte 0xfe at column 3\)$"
        ):
            read(f)
        assert f.errors == "strict"
    with pytest.raises(CoverInputError, match=r"^bad\.dlx:3: not UTF-8 text "):
        read(path)


def test_errors_from_problem_are_given_the_line_of_their_option(monkeypatch):
    # read() detects every error itself; should Problem find one, its option gets its line.
    def refuse(message):
        def problem(*args, **kwargs):
            raise CoverInputError(message)

        return problem

    text = "a b\n| c\na\n\nb\n"
    monkeypatch.setattr(knuth, "Problem", refuse("options[1]: something odd"))
    with pytest.raises(CoverInputError, match=r"^<text>:5: something odd$"):
        read(text)
    monkeypatch.setattr(knuth, "Problem", refuse("options[0] is strange"))
    with pytest.raises(CoverInputError, match=r"^<text>:3: option is strange$"):
        read(text)
    monkeypatch.setattr(knuth, "Problem", refuse("item 'a' is odd"))
    with pytest.raises(CoverInputError, match=r"^<text>:1: item 'a' is odd$"):
        read(text)


# ---------------------------------------------------------------------------------------------
# sources and names


def test_read_from_a_path_uses_its_name(tmp_path):
    path = tmp_path / "pento.dlx"
    path.write_text(PAPER)
    assert read(path) == read(PAPER)
    path.write_text(PAPER + "a X9\n")
    with pytest.raises(CoverInputError, match=r"^pento\.dlx:9: unknown item 'X9'$"):
        read(path)
    with pytest.raises(CoverInputError, match=r"^other:9: unknown item 'X9'$"):
        read(path, name="other")


def test_read_from_bytes_and_binary_files(tmp_path):
    want = read(COLOURED)
    assert read(COLOURED.encode()) == want
    assert read(bytearray(COLOURED.encode())) == want
    assert read(io.BytesIO(COLOURED.encode())) == want
    path = tmp_path / "coloured.dlx"
    path.write_bytes(COLOURED.replace("\n", "\r\n").encode())
    with open(path, "rb") as f:
        assert read(f) == want
    bad = io.BytesIO(path.read_bytes() + b"q z\n")
    with pytest.raises(CoverInputError, match=r"^<stream>:9: unknown item 'z'$"):
        read(bad)


def test_read_from_text_files(tmp_path):
    path = tmp_path / "paper.dlx"
    path.write_text(PAPER + "a b c d e f g h\n")
    with (
        open(path, encoding="utf-8") as f,
        pytest.raises(CoverInputError, match=r"^paper\.dlx:9: unknown item 'h'$"),
    ):
        read(f)
    assert read(io.StringIO(PAPER)) == read(PAPER)
    with pytest.raises(CoverInputError, match=r"^<stream>:2: unknown item 'z'$"):
        read(io.StringIO("a\nz\n"))


def test_read_from_stdin_is_named_stdin(monkeypatch):
    fake = io.TextIOWrapper(io.BytesIO(b"a b\r\nb a\r\nb c\r\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", fake)
    with pytest.raises(CoverInputError, match=r"^<stdin>:3: unknown item 'c'$"):
        read(sys.stdin)
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a b\nb a\n\xff\n"), encoding="utf-8")
    )
    with pytest.raises(
        CoverInputError, match=r"^<stdin>:3: not UTF-8 text \(byte 0xff at column 1\)$"
    ):
        read(sys.stdin)
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a b\nb a x\n"), encoding="utf-8")
    )
    with pytest.raises(CoverInputError, match=r"^<stdin>:2: unknown item 'x'$"):
        read(sys.stdin.buffer)


def test_a_str_is_text_never_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").write_text("b\nb\n")
    assert read("a") == Problem([], primary=["a"])


def test_other_sources_are_a_type_error():
    with pytest.raises(TypeError):
        read(42)
    with pytest.raises(TypeError):
        read([["a"]])


# ---------------------------------------------------------------------------------------------
# writing


def test_write_the_paper_example():
    p = Problem(PAPER_OPTIONS, primary=list("abcdefg"))
    assert write(p) == "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"
    assert write(read(PAPER)) == write(p)


def test_write_the_coloured_example_and_a_comment():
    p = read(COLOURED)
    text = write(p, comment="DLX2 with colours\nsecond line")
    assert text == (
        "| DLX2 with colours\n| second line\np q r | x y\np x:A\nq x:A\nr x:B y\np q\nr y\nq x:B\n"
    )
    assert read(text) == p


def test_write_to_a_text_file(tmp_path):
    p = read(COLOURED)
    out = io.StringIO()
    assert write(p, out) is None
    assert out.getvalue() == write(p)
    path = tmp_path / "out.dlx"
    with open(path, "w", encoding="utf-8") as f:
        assert write(p, file=f) is None
    assert read(path) == p


def test_write_drops_labels():
    p = Problem([["a"], ["b"]], labels=["first", "second"])
    assert write(p) == "a b\na\nb\n"
    assert read(write(p)) == Problem([["a"], ["b"]])
    assert read(write(p)) != p


@pytest.mark.parametrize(
    ("problem", "message"),
    [
        (Problem([["abcdefghi"]]), "item 'abcdefghi' is longer than 8 characters"),
        (
            Problem([["a", "longsecond"]], secondary=["longsecond"]),
            "item 'longsecond' is longer than 8 characters",
        ),
        (
            Problem([["a", "x:colour123"]], secondary=["x"]),
            "colour 'colour123' of item 'x' is longer than 8 characters",
        ),
        (Problem([["x"]], primary=[], secondary=["x"]), "needs at least one primary item"),
        (Problem([]), "needs at least one primary item"),
    ],
)
def test_write_refuses_what_knuths_programs_cannot_read(problem, message):
    with pytest.raises(CoverInputError, match=message):
        write(problem)
    out = io.StringIO()
    with pytest.raises(CoverInputError):
        write(problem, out)
    assert out.getvalue() == ""


def test_write_takes_a_problem():
    with pytest.raises(TypeError):
        write([["a"]])


# ---------------------------------------------------------------------------------------------
# round trips

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.#$%&*+/<=>?@éß"
names = st.text(ALPHABET, min_size=1, max_size=8)


@st.composite
def problems(draw):
    items = draw(st.lists(names, min_size=1, max_size=10, unique=True))
    n_primary = draw(st.integers(1, len(items)))
    primary, secondary = items[:n_primary], items[n_primary:]
    palette = draw(st.lists(names, min_size=1, max_size=3, unique=True))
    options = []
    for _ in range(draw(st.integers(0, 8))):
        chosen = draw(
            st.lists(st.sampled_from(items), min_size=1, max_size=len(items), unique=True)
        )
        option = []
        for item in chosen:
            if item in secondary and draw(st.booleans()):
                item += ":" + draw(st.sampled_from(palette))
            option.append(item)
        options.append(option)
    return Problem(options, primary=primary, secondary=secondary)


@settings(max_examples=150, deadline=None)
@given(problems())
def test_round_trip_of_random_problems(p):
    text = write(p)
    assert read(text) == p
    assert read(text.encode("utf-8")) == p
    assert read(text.replace("\n", "\r\n").encode("utf-8")) == p
    assert write(read(text)) == text


@pytest.mark.parametrize("text", [PAPER, COLOURED, "a\n", "a b | x\n", "a | x\nx:1 a\n"])
def test_round_trip_of_examples(text):
    p = read(text)
    assert read(write(p)) == p
