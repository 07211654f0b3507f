"""Tests of the ``clew`` command line (:mod:`clew.cli`), one module per group of commands.

A package, so that these modules may share names with the library's tests
(``tests/cli/test_cover.py`` beside ``tests/cover/test_cover.py``) and import their helpers
from :mod:`.helpers`.
"""
