"""Sound effects: what a move sounds like, at the player's volume, or silence.

:meth:`Audio.open` starts the mixer; where there is no audio device (a
server, a container, a laptop with its sound off) that fails, and the game
carries on with a silent :class:`Audio` that accepts the same calls. The
sounds are the WAV files made by ``assets/make_sounds.py``, read through
:mod:`importlib.resources`. :func:`cues_for` tells which sound a change of
position deserves, so every scene that shows a game sounds the same.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
from collections.abc import Iterator
from enum import Enum
from importlib import resources

import pygame

from game.rules import Position

log = logging.getLogger(__name__)


class Cue(Enum):
    """A sound by what it means; the value is its file's stem under ``assets/sounds``."""

    PLACE = "place"  # half a mark set down, touching nothing
    ENTANGLE = "entangle"  # a mark sharing a cell with another spooky mark
    CYCLE = "cycle"  # a mark closed a cycle: a collapse is awaited
    COLLAPSE = "collapse"  # the entanglement fell into classical marks
    WIN = "win"  # the game ended with points for someone
    REFUSE = "refuse"  # an illegal pick or click
    SELECT = "select"  # the cursor moved to another menu item
    CONFIRM = "confirm"  # a menu item chosen


class Audio:
    """The sound effects at one volume; silent when the mixer could not start."""

    def __init__(
        self, sounds: dict[Cue, pygame.mixer.Sound], volume: float = 1.0, muted: bool = False
    ) -> None:
        self._sounds = sounds
        self._volume = volume
        self._muted = muted
        self._apply()

    @classmethod
    def open(cls, volume: float = 1.0, muted: bool = False) -> Audio:
        """Start the mixer and load every cue; a silent Audio if there is no device."""
        try:
            with _quiet_stderr():
                # A small buffer keeps the delay from click to sound short (about 12 ms).
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            sounds = {cue: _load(cue) for cue in Cue}
        except (pygame.error, OSError) as exc:
            log.info("no sound: %s", exc)
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
            return cls({}, volume, muted)
        return cls(sounds, volume, muted)

    @property
    def available(self) -> bool:
        """Whether sound can be heard at all (a device, and the cues loaded)."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def set_volume(self, volume: float, muted: bool) -> None:
        """Set the volume (0 to 1) and mute; the settings screen calls this as the player drags."""
        self._volume = min(1.0, max(0.0, volume))
        self._muted = muted
        self._apply()

    def play(self, cue: Cue) -> None:
        if self._muted or self._volume <= 0:
            return
        sound = self._sounds.get(cue)
        if sound is not None:
            sound.play()

    def play_all(self, cues: tuple[Cue, ...]) -> None:
        for cue in cues:
            self.play(cue)

    def close(self) -> None:
        if self._sounds:
            self._sounds = {}
            pygame.mixer.quit()

    def _apply(self) -> None:
        # Perceived loudness is roughly logarithmic: squaring the slider makes its middle sound
        # like half volume rather than nearly full.
        gain = 0.0 if self._muted else self._volume**2
        for sound in self._sounds.values():
            sound.set_volume(gain)


def _load(cue: Cue) -> pygame.mixer.Sound:
    data = resources.files("assets").joinpath("sounds", f"{cue.value}.wav").read_bytes()
    return pygame.mixer.Sound(file=io.BytesIO(data))


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Hide what C libraries print on standard error (ALSA's "cannot find card '0'" lines).

    A machine without a sound card is normal here, not an error worth a screenful.
    """
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        yield  # no real standard error (an IDE, pythonw): nothing to hide
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def cues_for(before: Position, after: Position) -> tuple[Cue, ...]:
    """The sounds for the step from ``before`` to ``after`` (one action later); none otherwise.

    Undo (a step back) and jumps make no sound: only a move as played does.
    """
    cues: list[Cue] = []
    placed = after.move_number == before.move_number + 1
    collapsed = (
        before.awaiting_collapse
        and not after.awaiting_collapse
        and after.move_number == before.move_number
    )
    if placed:
        mark = before.move_number
        cells = next(((a, b) for k, a, b in after.spooky_marks if k == mark), ())
        if after.awaiting_collapse:
            cues.append(Cue.CYCLE)
        elif any(len(after.spooky_in(cell)) > 1 for cell in cells):
            cues.append(Cue.ENTANGLE)
        else:
            cues.append(Cue.PLACE)
    elif collapsed:
        cues.append(Cue.COLLAPSE)
    else:
        return ()
    outcome = after.outcome
    if outcome is not None and (outcome.winner is not None or outcome.shared):
        cues.append(Cue.WIN)
    return tuple(cues)
