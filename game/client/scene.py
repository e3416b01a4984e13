"""The one small interface every screen shares, and the registry naming them.

A scene is made for one visit: the app builds it with the shared
:class:`Context`, calls :meth:`Scene.enter` with the parameters the previous
scene passed to :meth:`Context.go`, feeds it intents, network messages and
fixed time steps, and asks it to draw. ``draw`` reads the scene and never
moves anything: the loop may draw any number of times between two updates
(or none), with ``alpha`` the fraction of a step elapsed since the last one.

Scenes are found by name through :data:`SCENES`, a map from
:class:`SceneName` to ``"module:Class"``; a module is imported the first time
its scene is visited, so nothing happens at import time and each scene lives
in its own file under ``game/client/scenes/``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from game.client.paths import GameFile

if TYPE_CHECKING:
    import pygame

    from game.client.at_table import AtTable
    from game.client.audio import Audio
    from game.client.intents import Device, Intent
    from game.client.settings import Settings
    from game.client.theme import Palette
    from game.records import Record

T = TypeVar("T")


class SceneName(Enum):
    TITLE = "title"
    SETUP = "setup"
    PLAY = "play"
    RESULTS = "results"
    LAN = "lan"
    TUTORIAL = "tutorial"
    REPLAY = "replay"
    SETTINGS = "settings"
    TV = "tv"
    PUZZLES = "puzzles"
    PARTY_SETUP = "party_setup"
    PARTY = "party"
    PARTY_RESULTS = "party_results"


# The screens that are views of the LAN table the app holds (Context.table): going to any
# other screen leaves the table (the LAN screen opens one and goes on to one of these). A
# party's results are one: its guests' phones show the end while the screen does.
TABLE_SCENES = frozenset(
    {SceneName.PLAY, SceneName.RESULTS, SceneName.TV, SceneName.PARTY, SceneName.PARTY_RESULTS}
)
FPS_CAP = 60  # frames a second at most while something moves
# Frames a second while only a count of whole seconds changes (a move clock, a reconnecting
# banner): one at least each loop.MAX_FRAME (0.25 s), or the game's time falls behind.
COUNTING_FPS = 5

# name -> "module:Class"; the class is called with the Context.
SCENES: dict[SceneName, str] = {
    SceneName.TITLE: "game.client.scenes.title:TitleScene",
    SceneName.SETUP: "game.client.scenes.setup:SetupScene",
    SceneName.PLAY: "game.client.scenes.play:PlayScene",
    SceneName.RESULTS: "game.client.scenes.results:ResultsScene",
    SceneName.LAN: "game.client.scenes.lan:LanScene",
    SceneName.TUTORIAL: "game.client.scenes.tutorial:TutorialScene",
    SceneName.REPLAY: "game.client.scenes.replay:ReplayScene",
    SceneName.PUZZLES: "game.client.scenes.puzzles:PuzzlesScene",
    SceneName.SETTINGS: "game.client.scenes.settings:SettingsScene",
    SceneName.TV: "game.client.scenes.tv:TvScene",
    SceneName.PARTY_SETUP: "game.client.scenes.party_setup:PartySetupScene",
    SceneName.PARTY: "game.client.scenes.party:PartyScene",
    SceneName.PARTY_RESULTS: "game.client.scenes.party_results:PartyResultsScene",
}


class Context(Protocol):
    """What the app offers every scene: the window's size, moving on, and background work."""

    @property
    def size(self) -> tuple[int, int]:
        """The drawing surface's size in pixels now (scenes lay out from it, in handle and draw)."""
        ...

    @property
    def time(self) -> float:
        """Simulated seconds since the app started: the sum of every fixed step so far."""
        ...

    @property
    def settings(self) -> Settings:
        """The settings in force."""
        ...

    @property
    def device(self) -> Device:
        """The kind of device the player used last: prompts name its buttons (prose.press)."""
        ...

    @property
    def pads(self) -> tuple[int, ...]:
        """The numbers of the game controllers plugged in now, in order."""
        ...

    def apply_settings(self, settings: Settings) -> None:
        """Put ``settings`` in force now (full screen, palette, volume) and save them."""
        ...

    @property
    def audio(self) -> Audio:
        """The sound effects (silent where there is no audio device)."""
        ...

    @property
    def palette(self) -> Palette:
        """The colours to draw with (the high-contrast ones if the settings ask)."""
        ...

    def post(self, message: object) -> None:
        """From any thread: queue ``message`` for the current scene's ``receive``."""
        ...

    def go(self, name: SceneName, **params: Any) -> None:
        """Leave this scene after the current step and enter ``name`` with ``params``."""
        ...

    def quit(self) -> None: ...

    @property
    def table(self) -> AtTable | None:
        """The LAN table the player is at (None for none): its session and last news.

        Every event of its session reaches the current scene's ``receive`` (after the
        table has noted it), whichever scene that is."""
        ...

    def sit_at(self, table: AtTable) -> None:
        """Hold ``table`` (closing any other) until the player goes to a screen that is not
        one of :data:`TABLE_SCENES`, or calls :meth:`leave_table`."""
        ...

    def leave_table(self) -> None:
        """Close the table held now, if any (its session, and a host or bot it started)."""
        ...

    def run_in_worker(self, fn: Callable[[], T]) -> Future[T]:
        """Run ``fn`` off the frame (a bot thinking, a file saving); poll the future in update."""
        ...


class Scene(Protocol):
    def enter(self, **params: Any) -> None:
        """Start the visit; ``params`` are what the previous scene passed to ``Context.go``."""
        ...

    def exit(self) -> None:
        """End the visit: close what it opened (a session, a browser)."""
        ...

    def handle(self, intent: Intent) -> None:
        """React to one player intent (see :mod:`game.client.intents`)."""
        ...

    def receive(self, message: object) -> None:
        """Take one message posted from another thread, or one event of the table's session
        (both drained once a frame)."""
        ...

    def update(self, dt: float) -> None:
        """Advance the simulation by one fixed step of ``dt`` seconds."""
        ...

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        """Paint the frame; ``alpha`` in [0, 1) interpolates toward the next step.

        Returns the parts of the surface that changed since the scene's last frame, or
        None when it painted (or may have painted) all of it; see :mod:`game.client.still`.
        """
        ...

    @property
    def animating(self) -> bool:
        """Whether the picture changes while nobody does anything (effects, a clock, a timer).

        When it does not, the app sleeps until input, a message or a worker wakes it.
        """
        ...

    @property
    def frame_rate(self) -> int:
        """Frames a second at most while it animates (a slow drift needs fewer than 60)."""
        ...


class BaseScene:
    """Do-nothing defaults, so a scene writes only the methods it needs."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self, **params: Any) -> None:
        pass

    def exit(self) -> None:
        pass

    def handle(self, intent: Intent) -> None:
        pass

    def receive(self, message: object) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        raise NotImplementedError

    @property
    def animating(self) -> bool:
        return True  # a scene that does not say is drawn at the full frame rate

    @property
    def frame_rate(self) -> int:
        return FPS_CAP


@dataclass(frozen=True, slots=True)
class Saved:
    """Posted to the scene that asked :func:`save_in_worker`, once the record is written or not."""

    future: Future[tuple[Path, bool]]

    def outcome(self) -> tuple[str, bool]:
        """The sentence to show the player, and whether the record is saved."""
        try:
            path, written = self.future.result()
        except OSError as exc:
            # Where, too: "Not a directory" alone does not tell the player what to mend.
            where = f" in {exc.filename}" if exc.filename else ""
            return f"Could not save{where}: {exc.strerror or exc}", False
        return f"{'Saved' if written else 'Already saved'} as {path.name}", True


def save_in_worker(ctx: Context, record: Record, file: GameFile) -> None:
    """Save ``record`` in its game's ``file`` off the frame (a slow disk must not stall it);
    ``receive`` gets Saved."""
    future = ctx.run_in_worker(lambda: file.save(record))
    future.add_done_callback(lambda f: ctx.post(Saved(f)))


def make_scene(name: SceneName, ctx: Context) -> Scene:
    """A fresh scene of kind ``name``, importing its module on first use."""
    module_name, _, class_name = SCENES[name].partition(":")
    factory: Callable[[Context], Scene] = getattr(importlib.import_module(module_name), class_name)
    return factory(ctx)
