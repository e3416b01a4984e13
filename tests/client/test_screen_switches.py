"""Every screen shown after another holds its own pixels, not the last screen's.

A screen drawn from a kept picture (still.Still, still.Redraw) paints only what changed
while it believes the window still holds its picture: after another screen, or another
part of the same scene, drew there, that belief must not survive.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.client.paths import records_dir, save_record
from game.client.scene import SceneName
from game.records import Record
from game.rules import make_variant
from tests.client.driver import Driver
from tests.client.test_game_flow import start_couch_game
from tests.rules.scenario import random_game


def shows_its_own_screen(d: Driver, step: int) -> None:
    """A few frames on, the window holds what the scene shown now paints whole."""
    d.frames(4)
    window = pygame.display.get_surface()
    whole = window.copy()
    d.scene.draw(whole, 0.0)
    same = pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(window, "RGB")
    assert same, (step, d.name)
    d.frames(1)  # on the window again: the check's own drawing must not be what puts it right


def test_every_screen_after_another_shows_its_own_pixels(driver: Driver, tmp_path: Path) -> None:
    d = driver
    goff = make_variant("goff")
    save_record(Record(goff, random_game(goff, 2)), records_dir())

    def key(k: int) -> Callable[[], None]:
        return lambda: d.key(k)

    def choose(label: str) -> Callable[[], None]:
        return lambda: d.choose(label)

    def opened() -> None:  # its worker's answers change the picture: wait for them all
        d.key(pygame.K_RETURN)
        d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done)

    def reviewed() -> None:
        d.choose("Review this game")
        d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done)

    def listed() -> None:  # the folder is read in a worker too
        d.choose("Replays")
        d.until(lambda: d.scene.saved.entries is not None)

    def game() -> None:
        start_couch_game(d, 0)
        for token in random_game(goff, 5):
            d.play(goff, token, "mouse")
        d.settle()
        d.key(pygame.K_RETURN)  # the results

    walk: list[tuple[Callable[[], None], SceneName]] = [
        (listed, SceneName.REPLAY),
        (opened, SceneName.REPLAY),  # the record's viewer
        (key(pygame.K_ESCAPE), SceneName.REPLAY),  # the list again
        (opened, SceneName.REPLAY),  # the same record, as it was left
        (key(pygame.K_ESCAPE), SceneName.REPLAY),
        (key(pygame.K_ESCAPE), SceneName.TITLE),
        (choose("Settings"), SceneName.SETTINGS),
        (key(pygame.K_ESCAPE), SceneName.TITLE),
        (choose("Puzzles"), SceneName.PUZZLES),
        (key(pygame.K_ESCAPE), SceneName.TITLE),
        (choose("Tutorial"), SceneName.TUTORIAL),
        (key(pygame.K_ESCAPE), SceneName.TUTORIAL),  # it asks for another press to leave
        (key(pygame.K_ESCAPE), SceneName.TITLE),
        (game, SceneName.RESULTS),
        (reviewed, SceneName.REPLAY),
        (key(pygame.K_ESCAPE), SceneName.RESULTS),
        (choose("Back to menu"), SceneName.TITLE),
    ]
    shows_its_own_screen(d, -1)
    for i, (step, name) in enumerate(walk):
        step()
        assert d.name is name, i
        shows_its_own_screen(d, i)
