"""The real game window for a test, at 1280×720, closed after it (tests/client/driver.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client import effects, theme
from tests.client.driver import Driver


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path)
    yield d
    d.close()


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    """A bare 1280×720 display surface, for drawing without the app."""
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 720))
    theme.forget()
    effects.forget()
    pygame.quit()
