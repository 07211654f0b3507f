"""The registry of the exact cover engines: each one's name, what problems it takes, when
``engine="auto"`` chooses it, and where its kernel entry lives. Nothing here imports numpy
or numba: the help of ``clew cover`` reads the names without loading them
(:mod:`clew.cover.kernels` holds the entries, :mod:`clew.cover.solver` runs them).

===============  ====================================  ==================================
 engine           takes                                 chosen by "auto"
===============  ====================================  ==================================
 bits             secondary items, colours              up to 8192 options (its conflict
                                                        table holds options^2 bits)
 links            secondary items, colours              any size (dancing links)
 multiplicity     the same and bounds lo:hi on primary  when some item has bounds other
                  items (Algorithm M; on bitsets up     than 1:1
                  to 1024 options, else on links)
===============  ====================================  ==================================

"auto" takes the first engine, in order of ``preference``, that has every feature the problem
needs and takes its number of options (:func:`clew.cover.kernels.choose`).

>>> ENGINES
('auto', 'links', 'bits', 'multiplicity')
>>> [e.name for e in engines()]
['bits', 'links', 'multiplicity']
>>> engine("bits").max_options, sorted(engine("multiplicity").features)
(8192, ['colours', 'multiplicities', 'secondary'])
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "AUTO",
    "BITS_MAX_OPTIONS",
    "ENGINES",
    "MBITS_MAX_OPTIONS",
    "MULTIPLICITIES",
    "Engine",
    "engine",
    "engines",
    "register",
]

#: The name that lets the problem choose its engine.
AUTO = "auto"
#: The feature of a problem with bounds other than 1:1 on some primary item.
MULTIPLICITIES = "multiplicities"

#: Largest number of options the bitset engine takes when "auto" chooses (its conflict
#: table holds options^2 bits: 8 MiB here).
BITS_MAX_OPTIONS = 8192
#: Largest number of options "multiplicity" runs on bitsets
#: (:mod:`clew.cover.compiled._kernels_mbits`, the same search as the dancing links, 4 to 10
#: times faster on queen domination and packings; traces and the cut into pieces stay on the
#: links): choosing reads every active item's words at each node, which beats the dance
#: while they are few.
MBITS_MAX_OPTIONS = 1024


@dataclass(frozen=True)
class Engine:
    """One engine of the registry.

    Attributes
    ----------
    name : str
        What ``engine=`` and ``--engine`` take.
    features : frozenset of str
        What problems it takes beyond primary items covered once: ``"secondary"``,
        ``"colours"``, ``"multiplicities"``; asking an engine for a problem that needs a
        feature it lacks is refused.
    max_options : int or None
        "auto" chooses it only for problems of at most this many options (and at least one
        primary item); ``None``: any problem.
    entry : str
        ``"module:attribute"`` of its kernel entry (tables, start, run, cut: see
        :mod:`clew.cover.kernels`), imported on first use.
    summary : str
        One line for the documentation.
    preference : int
        "auto" tries the engines in increasing preference (on ties, in registration order).
    """

    name: str
    features: frozenset[str]
    max_options: int | None
    entry: str
    summary: str
    preference: int = 0

    def fits(self, needs: frozenset[str], options: int, n_primary: int) -> bool:
        """Whether "auto" chooses this engine for a problem that ``needs`` these features,
        with ``options`` options and ``n_primary`` primary items."""
        if not needs <= self.features:
            return False
        if self.max_options is None:
            return True
        return 0 < options <= self.max_options and n_primary > 0


_REGISTRY: dict[str, Engine] = {}


def register(entry: Engine) -> None:
    """Add an engine (or replace the one of its name)."""
    if entry.name == AUTO:
        raise ValueError(f"{AUTO!r} is not an engine: it names the choice among them")
    _REGISTRY[entry.name] = entry


def engine(name: str) -> Engine:
    """The registered engine called ``name`` (a ``KeyError`` if there is none)."""
    return _REGISTRY[name]


def engines() -> tuple[Engine, ...]:
    """The registered engines, in the order "auto" tries them."""
    return tuple(sorted(_REGISTRY.values(), key=lambda e: e.preference))


_PLAIN = frozenset({"secondary", "colours"})
register(
    Engine(
        "links",
        _PLAIN,
        None,
        "clew.cover.kernels:LINKS",
        "Algorithm C on dancing links, any size",
        preference=1,
    )
)
register(
    Engine(
        "bits",
        _PLAIN,
        BITS_MAX_OPTIONS,
        "clew.cover.kernels:BITS",
        "Algorithm C on sets of options as bit words: faster while they are short",
        preference=0,
    )
)
register(
    Engine(
        "multiplicity",
        _PLAIN | {MULTIPLICITIES},
        None,
        "clew.cover.kernels:MULTIPLICITY",
        "Algorithm M: bounds lo:hi on primary items (on bitsets up to "
        f"{MBITS_MAX_OPTIONS} options, else on dancing links: the same search tree)",
        preference=2,
    )
)

#: The names ``engine=`` takes: "auto" (the problem chooses), then the registered engines.
ENGINES = (AUTO, *_REGISTRY)
