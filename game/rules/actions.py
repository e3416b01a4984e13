"""The two kinds of action: a spooky placement and a collapse choice.

Cells are 0-based indices here; turning them into labels (``1``..``n²`` or
``B.s``) is the board's job, so the text form lives on the rules object.
"""

from typing import NamedTuple


class Place(NamedTuple):
    """Put the mover's next mark half in cell ``a`` and half in cell ``b``.

    ``a == b`` only where the rules allow both halves in one cell.
    """

    a: int
    b: int


class Collapse(NamedTuple):
    """Make the mark with subscript ``mark`` the classical mark of ``cell``."""

    mark: int
    cell: int


Action = Place | Collapse
