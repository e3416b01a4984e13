"""Errors a player can read: every refusal of the rules is a ``ValueError``."""


class RulesError(ValueError):
    """Base of every error the rules raise."""


class InvalidTokenError(RulesError):
    """The text is not a move token of this board (syntax, or a cell that does not exist)."""


class IllegalActionError(RulesError):
    """The action is well formed but not legal in this position."""
