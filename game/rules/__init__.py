"""The rules of Quantum Tic-Tac-Toe: pure, standard library only.

``Position(Goff())`` is the empty board; ``legal_actions()`` lists what may be
done, ``play(action)`` returns the next position. Variants share the
entanglement and collapse core in :mod:`game.rules.position`.
"""

from game.rules.actions import Action, Collapse, Place
from game.rules.errors import IllegalActionError, InvalidTokenError, RulesError
from game.rules.goff import Goff
from game.rules.outcome import Outcome, Player, Row, Scores, Termination
from game.rules.position import Position
from game.rules.variant import Variant
from game.rules.variants import VARIANTS, make_variant

__all__ = [
    "VARIANTS",
    "Action",
    "Collapse",
    "Goff",
    "IllegalActionError",
    "InvalidTokenError",
    "Outcome",
    "Place",
    "Player",
    "Position",
    "Row",
    "RulesError",
    "Scores",
    "Termination",
    "Variant",
    "make_variant",
]
