"""Opening the game window for a command: the one place that knows how that can fail."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any


def open_window(
    prog: str, scene: str | None = None, settings_path: Path | None = None, **params: Any
) -> int:
    """Run the game window until it closes, starting on ``scene`` (a ``SceneName``) if given.

    Returns the exit status: 1 with one line on standard error where no window can open.
    """
    if sys.platform.startswith("linux") and not any(
        os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    ):
        # SDL would pick an offscreen driver and run a game nobody can see.
        print(f"{prog}: no display to open a window on (DISPLAY is not set)", file=sys.stderr)
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.client.app import App
    from game.client.scene import SceneName

    try:
        app = App(settings_path=settings_path)
    except pygame.error as exc:
        print(f"{prog}: cannot open a window: {exc}", file=sys.stderr)
        return 1
    if scene is not None:
        app.go(SceneName[scene], **params)
    app.run()
    return 0
