"""Every rule set by the name records and menus use for it."""

from __future__ import annotations

from game.rules.errors import RulesError
from game.rules.goff import Goff
from game.rules.nxn import BonusBoard
from game.rules.shared import SharedWin
from game.rules.squared import Squared
from game.rules.ultimate import Ultimate
from game.rules.variant import Variant

# Goff's game first: it is the default.
VARIANTS: dict[str, type[Variant]] = {
    cls.name: cls for cls in (Goff, SharedWin, BonusBoard, Squared, Ultimate)
}


def make_variant(name: str, fields: dict[str, object] | None = None) -> Variant:
    """The variant ``name`` with the options found in ``fields`` (a record's, or a menu's).

    :class:`RulesError` if there is no such variant or an option is wrong.
    """
    cls = VARIANTS.get(name)
    if cls is None:
        raise RulesError(f"unknown variant {name!r}")
    return cls.from_record(fields or {})
