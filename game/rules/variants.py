"""Every rule set by the name records and menus use for it."""

from __future__ import annotations

from game.rules.errors import RulesError
from game.rules.goff import Goff
from game.rules.variant import Variant

VARIANTS: dict[str, type[Variant]] = {
    "goff": Goff,
}


def make_variant(name: str, fields: dict[str, object] | None = None) -> Variant:
    """The variant ``name`` with the options found in ``fields`` (a record's, or a menu's).

    :class:`RulesError` if there is no such variant or an option is wrong.
    """
    cls = VARIANTS.get(name)
    if cls is None:
        raise RulesError(f"unknown variant {name!r}")
    return cls.from_record(fields or {})
