"""The engines of the exact cover search, named where nothing is imported: the help of
``clew cover`` reads them without loading numpy or numba (:mod:`clew.cover.solver` runs them).

>>> ENGINES
('auto', 'links', 'bits', 'multiplicity')
"""

__all__ = ["ENGINES"]

#: The kernels: "links" (dancing links, any size) and "bits" (sets of options as bit words:
#: faster while they are short) cover each primary item exactly once; "multiplicity"
#: (Algorithm M: on bitsets up to :data:`~clew.cover.solver.MBITS_MAX_OPTIONS` options,
#: else on dancing links, the same search tree either way) takes bounds lo:hi on primary
#: items. "auto" takes "multiplicity" when some item has bounds other than 1:1, else "bits"
#: up to :data:`~clew.cover.solver.BITS_MAX_OPTIONS` options, else "links".
ENGINES = ("auto", "links", "bits", "multiplicity")
