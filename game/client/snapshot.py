"""Any screen in a given state, drawn without a window: a picture and the list of what it shows.

:func:`render` opens the app at a size under whatever SDL video driver is set
(``qttt snapshot`` sets the dummy one), goes to a scene in the state a
:data:`SCENES` entry prepares, and draws one frame on a
:class:`~game.client.canvas.Canvas`, which records every line of text and
every button. ``qttt snapshot``, the README's pictures and the layout tests
all come through here.

A state is a game record: the play, results and replay screens show it; a
screen that needs no game ignores it. Without one, each variant gets a game
of its own made by a seeded random playout of the real rules, part played
for the screens of a game in progress and played out for the results.
"""

from __future__ import annotations

import io
import os
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.client.app import App
from game.client.canvas import Canvas
from game.client.paths import save_record
from game.client.scene import Scene, SceneName
from game.client.settings import Settings, save
from game.records import Record
from game.rules import Player, Position, Variant, make_variant
from game.session import Notice, Snapshot
from net.protocol import Emoted, Party, Standing

SETTLE_FRAMES = 1  # frames run before the picture: the scene entered, its first step
WORKER_WAIT = 60.0  # seconds at most for what a scene asked of its workers (Ultimate: 11)
LONG_NAME = "Charlotte-the-Magnificent"


@dataclass(frozen=True, slots=True)
class Shot:
    """What a scene is entered with, and what is done to it before the picture."""

    name: SceneName
    params: Callable[[Record, Path], dict[str, Any]]
    after: Callable[[Scene, Record], None] | None = None
    about: str = ""


def sample(variant: Variant, finished: bool, seed: int = 7) -> Record:
    """A game of ``variant`` by a seeded random playout: a dozen plies in, or played out."""
    rng = random.Random(seed)
    record = Record(variant)
    pos = Position(variant)
    plies = 0
    while not pos.is_over and (finished or plies < 12 or pos.awaiting_collapse):
        pos = record.append(pos, rng.choice(pos.legal_actions()))
        plies += 1
    return record


def _play(record: Record, _: Path) -> dict[str, Any]:
    return {
        "variant": record.variant,
        "seats": {Player.X: None, Player.O: "medium"},
        "moves": tuple(record.moves),
    }


def _results(record: Record, _: Path) -> dict[str, Any]:
    return {
        "variant": record.variant,
        "seats": {Player.X: None, Player.O: "medium"},
        "names": {Player.X: LONG_NAME, Player.O: "Bot (medium)"},
        "moves": tuple(record.moves),
        "position": record.final(),
    }


def _tutorial(record: Record, _: Path) -> dict[str, Any]:
    from game.client.scenes.lessons import LESSONS

    name = record.variant.name
    return {"lesson": next((i for i, s in enumerate(LESSONS) if s.variant == name), 0)}


def _replay(record: Record, home: Path) -> dict[str, Any]:
    path = home / "snapshot.qttt.json"
    path.write_text(record.to_json())
    return {"path": path}


def _saved(record: Record, home: Path) -> dict[str, Any]:
    save_record(record)  # into the studio's own data folder
    save_record(sample(make_variant("ultimate"), True, seed=3))
    return {}


def _listed(scene: Scene, record: Record) -> None:
    scanning = scene.saved.scanning  # type: ignore[attr-defined]
    if scanning is not None:
        scanning.result()  # the scan of the records folder, done in a worker
    scene.update(0.0)


def _halfway(scene: Scene, record: Record) -> None:
    scene.jump(len(record.moves) // 2)  # type: ignore[attr-defined]


def _tv(scene: Scene, record: Record) -> None:
    """A party in full swing: a long name at the table and in the queue, two emotes at once."""
    take = scene.take  # type: ignore[attr-defined]
    take(Snapshot(record.variant, tuple(record.moves), record.final()))
    names = (LONG_NAME, "Ben", "Cat", "Dmitri", "Eve")
    standings = tuple(
        Standing(
            name,
            half_points=8 - 2 * i,
            played=3,
            wins=3 - i // 2,
            draws=i % 2,
            here=True,
            rank=i + 1,
        )
        for i, name in enumerate(names)
    )
    take(
        Party(
            format="winner-stays",
            status=f"{LONG_NAME} plays Ben",
            finished=False,
            games=3,
            playing=(LONG_NAME, "Ben"),
            queue=names[2:],
            standings=standings,
            clock_ms=30_000,
            left_ms=21_000,
        )
    )
    take(Emoted("gg", "Cat"))
    take(Emoted("wow", "Dmitri"))
    take(Notice("Eve joined the queue"))


SCENES: dict[str, Shot] = {
    "title": Shot(SceneName.TITLE, lambda r, h: {}, about="the title menu"),
    "setup": Shot(SceneName.SETUP, lambda r, h: {"mode": "bot"}, about="a new game's options"),
    "settings": Shot(SceneName.SETTINGS, lambda r, h: {}, about="the settings"),
    "lan": Shot(SceneName.LAN, lambda r, h: {"mode": "host"}, about="hosting a LAN table"),
    "play": Shot(SceneName.PLAY, _play, about="a game in progress"),
    "results": Shot(SceneName.RESULTS, _results, about="a finished game's results"),
    "tutorial": Shot(SceneName.TUTORIAL, _tutorial, about="the variant's first lesson"),
    "replay": Shot(
        SceneName.REPLAY, _replay, _halfway, about="the replay viewer, halfway through the record"
    ),
    "party_setup": Shot(SceneName.PARTY_SETUP, lambda r, h: {}, about="setting up a party night"),
    "replays": Shot(SceneName.REPLAY, _saved, _listed, about="the list of saved games"),
    "tv": Shot(SceneName.TV, lambda r, h: {}, _tv, about="the big screen at a party"),
    "puzzles": Shot(SceneName.PUZZLES, lambda r, h: {}, about="the first unsolved puzzle"),
}
FINISHED = frozenset({"results", "replay"})  # screens whose sample game is played out


class Studio:
    """The app at one size, with no window of its own, taking pictures of scene after scene.

    Saved games and settings live in a folder of the studio's own, never the player's.
    """

    def __init__(self, size: tuple[int, int] = (1920, 1080), settings: Settings | None = None):
        self._folder = tempfile.TemporaryDirectory(prefix="qttt-snapshot-")
        self.home = Path(self._folder.name)
        self._data_home = os.environ.get("XDG_DATA_HOME")
        os.environ["XDG_DATA_HOME"] = str(self.home / "data")
        # A player with a name: the screens as they look once it is asked (name_prompt).
        save(settings or Settings(player_name="Ada"), self.home / "settings.json")
        self._now = 0
        self.app = App(
            size=size, clock=lambda: self._now, settings_path=self.home / "settings.json"
        )

    def shoot(
        self, scene: str, variant: str = "goff", record: Record | None = None, settled: bool = True
    ) -> Canvas:
        """Scene ``scene`` (a key of :data:`SCENES`) drawn once on a canvas the window's size.

        ``settled``: what the scene asked of its workers is done first (a replay's analysis),
        so that the picture is the same however busy the machine. A test that only drives the
        screen afterwards may spare the wait (an Ultimate record takes seconds to judge).
        The canvas is good until :meth:`close`.
        """
        shot = SCENES[scene]
        if record is None:
            record = sample(make_variant(variant), scene in FINISHED)
        self.app.go(shot.name, **shot.params(record, self.home))
        for frame in range(SETTLE_FRAMES):
            self._now += 16_666_667
            self.app.frame()
            if frame == 0 and shot.after is not None:
                shot.after(self.app.scene, record)
        if settled:
            self.app.wait_for_workers(WORKER_WAIT)
        canvas = Canvas(self.app.size)
        self.app.scene.draw(canvas, 0.0)
        return canvas

    def close(self) -> None:
        self.app.close()
        self._folder.cleanup()
        if self._data_home is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = self._data_home


def save_png(canvas: Canvas, path: Path) -> None:
    """``canvas`` as a PNG at ``path``; an ``OSError`` says why it cannot be written."""
    # Encoded in memory: given a path, pygame picks the format by the name's ending (Targa
    # without one) and reports a path it cannot write as a pygame.error.
    png = io.BytesIO()
    pygame.image.save(canvas, png, "png")
    path.write_bytes(png.getvalue())
