"""Helpers shared by the test modules: data readers, fixtures' machinery, model builders.

``tests/`` is on ``sys.path`` (``pythonpath`` in pyproject.toml), so a test imports these as
``from helpers.sudoku_data import puzzle_lines``. Test modules never import one another:
what two of them share lives here, or in a ``conftest.py`` fixture.
"""
