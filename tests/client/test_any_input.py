"""Any input, on any screen: keys, clicks anywhere (off the window too), the wheel, a pad's
buttons, odd text, at uneven frame times. Whatever a player (or a toddler) does must leave
every screen drawing, never a traceback.

The screens that host or join a table over the network (the title leads to them) are left
out: a screen left for one of them is entered again. Seeded: a failure comes back.
"""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.client.scene import SceneName
from game.client.snapshot import SCENES, Studio

NOT_MASHED = {SceneName.TITLE, SceneName.LAN, SceneName.PARTY_SETUP}  # they reach the network
KEYS = (
    *(pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN),
    *(pygame.K_ESCAPE, pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_DELETE),
    *(pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_F11),
    *(pygame.K_z, pygame.K_y, pygame.K_h, pygame.K_s, pygame.K_1, pygame.K_5, pygame.K_9),
)
TEXTS = ("a", "Zoë", "🎉", "x" * 300, "\x00", "\n", "名前", "   ")
FRAMES = 120  # a scene's, each


def mash(rng: Random, size: tuple[int, int]) -> None:
    """A frame's worth of input: one to four events of any kind."""
    w, h = size
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        if kind < 0.45:
            key = rng.choice(KEYS)
            mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT))
            for down_up in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(down_up, key=key, mod=mod, unicode=""))
        elif kind < 0.7:
            at = (rng.randint(-5, w + 5), rng.randint(-5, h + 5))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0)))
            button = rng.choice((1, 1, 1, 2, 3))
            for down_up in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(down_up, pos=at, button=button))
        elif kind < 0.8:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, 1))))
        elif kind < 0.95:
            button = rng.randint(0, 14)
            for down_up in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
                pygame.event.post(pygame.event.Event(down_up, instance_id=1, button=button))
        else:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS)))


# Every screen drawn through thousands of events: 25 to 35 s alone, past the 120 s hang guard
# on a machine kept busy by more than its cores.
@pytest.mark.timeout(600)
@pytest.mark.parametrize("variant", ["goff", "ultimate"])
def test_every_screen_takes_any_input(variant: str) -> None:
    studio = Studio((960, 540))
    app = studio.app
    rng = Random(variant)
    try:
        for name, shot in SCENES.items():
            if shot.name in NOT_MASHED:
                continue
            studio.shoot(name, variant, settled=False)
            for _ in range(FRAMES):
                mash(rng, app.size)
                studio._now += 16_666_667 * rng.choice((1, 1, 2, 30))
                app.frame()
                app.running = True  # a screen left by Esc may quit the app: go on mashing
                if app.scene_name in NOT_MASHED:
                    studio.shoot(name, variant, settled=False)  # left for one not mashed
    finally:
        studio.close()
