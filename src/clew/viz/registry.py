"""The kinds of trace viz draws, each registered by its family's picture module.

A trace says what it is: the ``kind`` of its ``end`` event (:mod:`clew.trace`), and
:attr:`clew.trace.Trace.kind`. What viz does with a trace -- the board of the HTML player
(:mod:`clew.viz.player`), the event in words (:func:`clew.viz.replay.describe`), the
terminal animation (:mod:`clew.viz.animate`), the words of the search tree
(:class:`TreeWords`, read by :func:`clew.viz.svg.tree_svg`) -- it looks up here by that
kind, so viz itself names no family. Each family brings its drawings in one **picture
module** of this package, ``clew/viz/<family>_pictures.py``, which calls :func:`register`
when imported; the registry finds the picture modules itself (every module of the
:mod:`clew.viz` package path whose name ends in ``_pictures``, imported on the first
look-up). So a new family adds one picture module and edits no other module of viz. The
values a notebook shows as SVG are registered the same way (:func:`register_picture`, read
by :mod:`clew.viz.notebook`).

A picture module may live outside the clew source tree too: in a folder ``clew/viz`` of
another entry of ``sys.path`` (a plug-in on PYTHONPATH: :mod:`clew.viz` adds those folders to
its path at import), or in a folder put on the package path later,
``clew.viz.__path__.append(folder)`` (what a test does); the next look-up imports it. Or call
:func:`register` from any module.

A trace without a ``kind`` (written by an older clew, or by hand) is recognised by the
``guess`` of each registered kind, from the fields of its events: a fallback for files on
disk, never needed for the traces clew makes.

Examples
--------
Registering a kind (a picture module does this at import, with the name of its family):

>>> def toy_meta(events):
...     return {"n": 3}
>>> def toy_words(event, size=None):
...     return f"toy {event['type']}"
>>> register(Kind("toy", meta=toy_meta, describe=toy_words,
...               legend=(("state", "drawing", "the state"),)))
>>> get("toy").describe({"type": "place"})
'toy place'
>>> kind_of([{"type": "end", "kind": "toy"}])
'toy'
>>> "queens" in names() and "toy" in names()
True
>>> unregister("toy")
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import ClewError

__all__ = [
    "SUFFIX",
    "Kind",
    "TreeWords",
    "discover",
    "get",
    "kind_of",
    "names",
    "pictures",
    "register",
    "register_picture",
    "unregister",
]

#: The ending of the name of a picture module (``queens_pictures``, ``maze_pictures``).
SUFFIX = "_pictures"


@dataclass(frozen=True)
class TreeWords:
    """How the search tree (:func:`clew.viz.svg.tree_svg`) names the nodes of one kind.

    Parameters
    ----------
    place : callable
        ``place(event) -> (key, label, tip, forced)`` of a ``place`` event: the key its
        backtrack names, the label of its node, its tooltip, whether it was forced (drawn
        grey). A KeyError or TypeError: an event without its square.
    prune : callable
        ``prune(event, context) -> str``: the tooltip of a refusal.
    undo : callable
        ``undo(event) -> list``: the keys a ``backtrack`` event takes back, last placed first.
    depth : callable
        ``depth(keys, end) -> str or None``: the label of a depth whose placements have the
        keys ``keys`` (a set), ``end`` the end event (``{}`` if none); None for the default
        ("depth 3", or the word the end event gives as ``depth_label``).
    heading : callable
        ``heading(end) -> str or None``: what the trace was, from its end event (None: "search
        tree").
    context : callable
        ``context(events, end) -> object``: what ``prune`` needs from the whole trace (the
        events read, up to the end event), computed once.
    compact : bool
        Small nodes close together (a digit as label), and "guess" for a placement in the
        legend.
    """

    place: Callable[[dict], tuple[Any, str, str, bool]]
    prune: Callable[[dict, Any], str]
    undo: Callable[[dict], list]
    depth: Callable[[set, dict], str | None]
    heading: Callable[[dict], str | None]
    context: Callable[[list[dict], dict], Any] = lambda events, end: None
    compact: bool = False


@dataclass(frozen=True)
class Kind:
    """What viz needs to draw the traces of one family.

    Parameters
    ----------
    name : str
        The kind, as the ``end`` event of a trace says it (``"queens"``).
    meta : callable
        ``meta(events) -> dict``: what the player's board needs, read from the events
        (a list): at least ``"n"``, the side of the board (1 for a board of its own).
    describe : callable
        ``describe(event, size=None) -> str``: one event in words, rows and columns from 1.
    legend : tuple
        The player's legend: ``(key, the classes of its swatch, what it means)`` per colour,
        or ``(key, classes, text, glyph)`` with a character drawn in the swatch.
    options : str
        HTML put after the legend (a checkbox of the board's own).
    css, js : str
        CSS and a script of the board's own, added to the player's page. A board the
        player's script does not draw itself registers its hooks as
        ``window.clewKinds[name]`` (see :mod:`clew.viz.player`).
    frames : callable, optional
        ``frames(events, **board) -> iterator of (event, rich renderable)``: the frames of
        the terminal animation, one per event (``board``: what the caller gives, such as
        ``n``, ``puzzle`` or ``maze``). None: the kind has no animation.
    guess : callable, optional
        ``guess(events, end) -> int``: how surely a trace without a ``kind`` is of this
        kind, from its fields (0: not at all; the highest wins, a tie goes to the first
        name in alphabetical order). Only for traces written without their kind.
    tree : TreeWords, optional
        How the search tree names its nodes. None: squares (``r1c3``) and plain words.
    """

    name: str
    meta: Callable[[list[dict]], dict]
    describe: Callable[..., str]
    legend: tuple[tuple[str, ...], ...] = ()
    options: str = ""
    css: str = ""
    js: str = ""
    frames: Callable[..., Iterator[tuple[dict, Any]]] | None = None
    guess: Callable[[list[dict], dict], int] | None = None
    tree: TreeWords | None = None


_KINDS: dict[str, Kind] = {}
#: (module, class name, drawing) of each value a notebook shows as SVG.
_PICTURES: list[tuple[str, str, Callable[[Any], str | None]]] = []


def register(kind: Kind) -> None:
    """Add ``kind`` (or replace the kind of that name)."""
    if not isinstance(kind, Kind):
        raise TypeError(f"register takes a Kind, got {type(kind).__name__}")
    _KINDS[kind.name] = kind


def unregister(name: str) -> None:
    """Remove the kind ``name`` (nothing happens when there is none), and forget its picture
    module ``<name>_pictures`` with the SVG pictures it registered: the next look-up imports
    it again if it is still on the package path (what a test of a toy family cleans up with).
    """
    _KINDS.pop(name, None)
    module = f"{name}{SUFFIX}"
    full = f"{__package__}.{module}"
    sys.modules.pop(full, None)
    _PICTURES[:] = [entry for entry in _PICTURES if entry[2].__module__ != full]


def register_picture(module: str, cls: str, draw: Callable[[Any], str | None]) -> None:
    """Draw the values of class ``cls`` of ``module`` with ``draw(value) -> SVG text or
    None`` in a notebook. The class is looked up only in a module already imported (a value
    of a class whose module was never imported cannot be shown), so registering one loads
    nothing."""
    entry = (module, cls, draw)
    if entry not in _PICTURES:
        _PICTURES.append(entry)


def discover() -> None:
    """Import every picture module on the :mod:`clew.viz` package path not imported yet
    (each registers its kinds)."""
    package = sys.modules[__package__]
    for info in pkgutil.iter_modules(package.__path__):
        # sys.modules, not a set of our own: a module unregistered (and dropped from
        # sys.modules) is imported again, and one imported directly is not imported twice
        full = f"{__package__}.{info.name}"
        if info.name.endswith(SUFFIX) and full not in sys.modules:
            importlib.import_module(full)


def names() -> tuple[str, ...]:
    """The registered kinds, in alphabetical order."""
    discover()
    return tuple(sorted(_KINDS))


def get(name: str) -> Kind:
    """The kind ``name``.

    Raises
    ------
    clew.errors.ClewError
        No picture module registers it (the message lists those that are).
    """
    discover()
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ClewError(f"kind must be {_either()}, got {name!r:.40}")
    return kind


def _either() -> str:
    """The registered kinds in words: ``'maze', 'queens' or 'search'``."""
    known = [repr(k) for k in sorted(_KINDS)]
    return known[0] if len(known) == 1 else ", ".join(known[:-1]) + " or " + known[-1]


def pictures() -> tuple[tuple[str, str, Callable[[Any], str | None]], ...]:
    """The registered SVG pictures of values: ``(module, class name, drawing)``."""
    discover()
    return tuple(_PICTURES)


def kind_of(events: list[dict], kind: str | None = None) -> str:
    """The kind of a trace: ``kind`` when given, else the ``kind`` of its last ``end``
    event, else (a trace written without it) the best ``guess`` of the registered kinds.

    Raises
    ------
    clew.errors.ClewError
        A kind that is not registered, or a trace no kind recognises.
    """
    if kind is not None:
        return get(kind).name
    end: dict = next((e for e in reversed(events) if e.get("type") == "end"), {})
    said = end.get("kind")
    if said is not None:
        return get(said).name
    best, surest = None, 0
    for name in names():  # alphabetical: a tie goes to the first name
        candidate = _KINDS[name]
        sure = candidate.guess(events, end) if candidate.guess is not None else 0
        if sure > surest:
            best, surest = name, sure
    if best is None:
        raise ClewError(
            f"the trace does not say its kind, and its fields cannot tell; pass kind={_either()}"
        )
    return best
