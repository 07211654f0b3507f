"""The compiled kernels of exact cover: numba functions over ints and arrays only.

``_kernels`` holds Algorithm C on dancing links and on bitsets (and the links both
Algorithm C and M dance on), ``_kernels_m`` Algorithm M (multiplicities) on the links,
``_kernels_mbits`` the same Algorithm M search on bitsets. Nobody calls them with Python
objects: the registry of engines (:mod:`clew.cover.engines`, :mod:`clew.cover.kernels`)
builds their tables and converts once at the boundary.

May import: numpy, numba, :mod:`clew._bits` and each other. Nothing else of clew.
"""
