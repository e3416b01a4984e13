"""Sound: every cue loads and plays, volume and mute apply, and no device means silence."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pygame
import pytest

from game.client.audio import Audio, Cue, cues_for
from game.rules import Collapse, Goff, Place, Position


@pytest.fixture
def audio() -> Iterator[Audio]:
    opened = Audio.open(volume=0.5)
    yield opened
    opened.close()


def test_every_cue_loads_and_plays(audio: Audio) -> None:
    assert audio.available
    for cue in Cue:
        audio.play(cue)  # the dummy driver mixes for real
    assert pygame.mixer.get_busy()


def test_volume_and_mute_reach_the_sounds(audio: Audio) -> None:
    sounds = audio._sounds.values()
    audio.set_volume(0.5, muted=False)
    assert all(abs(s.get_volume() - 0.25) < 0.01 for s in sounds)
    audio.set_volume(2.0, muted=False)
    assert audio.volume == 1.0
    audio.set_volume(0.8, muted=True)
    assert all(s.get_volume() == 0 for s in sounds)
    pygame.mixer.stop()
    audio.play(Cue.WIN)
    assert not pygame.mixer.get_busy()


def test_the_sound_files_are_short_clean_and_end_in_silence() -> None:
    for cue in Cue:
        ref = resources.files("assets").joinpath("sounds", f"{cue.value}.wav")
        with resources.as_file(ref) as path, wave.open(str(path)) as w:
            frames = w.readframes(w.getnframes())
            seconds = w.getnframes() / w.getframerate()
        samples = memoryview(frames).cast("h")
        assert 0.03 < seconds < 2.0, cue
        # No click: the first and last samples are silent, and nothing clips.
        assert samples[0] == 0 and samples[-1] == 0, cue
        assert max(abs(v) for v in samples) < 0.9 * 32767, cue


NO_DEVICE = """
import os, sys
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from game.client.audio import Audio, Cue
audio = Audio.open(volume=1.0)
audio.play(Cue.WIN)
audio.set_volume(0.3, muted=False)
audio.close()
print("available" if audio.available else "silent")
"""


@pytest.mark.parametrize("driver", ["alsa", "no-such-driver"])
def test_no_audio_device_means_silence_without_noise(driver: str, tmp_path: Path) -> None:
    # An empty ALSA configuration has no "default" device, even where a sound card exists:
    # ALSA then fails the way it does on a machine without one, printing its complaints.
    empty = tmp_path / "alsa.conf"
    empty.write_text("")
    env = {**os.environ, "SDL_AUDIODRIVER": driver, "ALSA_CONFIG_PATH": str(empty)}
    done = subprocess.run(
        [sys.executable, "-c", NO_DEVICE], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "silent"
    assert "Traceback" not in done.stderr
    assert "ALSA" not in done.stderr


def play(pos: Position, *actions: Place | Collapse) -> list[Position]:
    seen = [pos]
    for action in actions:
        seen.append(seen[-1].play(action))
    return seen


def test_cues_follow_goffs_example() -> None:
    # X1 1&2, O2 2&5, X3 5&9, O4 5&1, then the collapse (cells are 0-based here).
    p = play(Position(Goff()), Place(0, 1), Place(1, 4), Place(4, 8), Place(0, 4), Collapse(4, 4))
    assert cues_for(p[0], p[1]) == (Cue.PLACE,)
    assert cues_for(p[1], p[2]) == (Cue.ENTANGLE,)
    assert cues_for(p[2], p[3]) == (Cue.ENTANGLE,)
    assert cues_for(p[3], p[4]) == (Cue.CYCLE,)
    assert cues_for(p[4], p[5]) == (Cue.COLLAPSE,)
    # Stepping back (undo) or standing still makes no sound.
    assert cues_for(p[5], p[4]) == ()
    assert cues_for(p[2], p[2]) == ()


def test_a_collapse_that_wins_also_sounds_the_win() -> None:
    # X gets 1-5-9 classical: X1 1&5, O2 2&3, X3 5&9, O4 3&6, X5 9&1 closes the cycle.
    p = play(Position(Goff()), Place(0, 4), Place(1, 2), Place(4, 8), Place(2, 5), Place(0, 8))
    assert cues_for(p[-2], p[-1]) == (Cue.CYCLE,)
    outcomes = dict(p[-1].collapse_outcomes())
    winning = next(
        a for a, cells in outcomes.items() if {cells.get(c) for c in (0, 4, 8)} <= {1, 3, 5}
    )
    after = p[-1].play(winning)
    assert after.is_over
    assert cues_for(p[-1], after) == (Cue.COLLAPSE, Cue.WIN)
