"""What the effects leave to the board: a winning row is struck through once its sweep is drawn."""

from __future__ import annotations

from random import Random

import pygame

from game.client import theme
from game.client.board_view import BoardView
from game.client.effects import SWEEP_TIME, Effects
from game.rules import Goff
from tests.rules.scenario import played, random_game

STEP = 1 / 60


def won_by_a_row(tokens: list[str]) -> bool:
    outcome = played(Goff(), *tokens).outcome
    return outcome is not None and bool(outcome.rows)


def test_rows_are_struck_only_after_their_sweep_and_only_in_a_finished_game() -> None:
    goff = Goff()
    effects = Effects(Random(1))
    games = (random_game(goff, seed) for seed in range(100))
    tokens = next(t for t in games if won_by_a_row(t))
    assert effects.struck_rows(played(goff, *tokens[:-1])) == ()  # not over yet
    won = played(goff, *tokens)
    assert won.outcome is not None
    layout = BoardView(goff).layout(pygame.Rect(0, 0, 600, 600))
    effects.win(won.outcome.rows, layout, theme.NORMAL)
    assert effects.struck_rows(won) == ()  # the sweep is drawing the line
    for _ in range(round(SWEEP_TIME / STEP) + 1):
        effects.update(STEP)
    assert effects.struck_rows(won) == won.outcome.rows
