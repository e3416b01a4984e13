"""Make the game's sound effects: ``python assets/make_sounds.py`` writes ``assets/sounds/*.wav``.

Every sound is synthesised here from sine partials, a little filtered noise
and envelopes, with the standard library only, so the files can be rebuilt
and changed by anyone; the generated files are committed so that the game
needs no build step. Output is deterministic (the noise is seeded).

Each envelope rises from zero over a few milliseconds and ends on a short
fade to exactly zero, so no sound starts or stops with a click. The palette
is one key (C major) so that sounds overlapping in play agree.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 44100
FADE_IN = 0.004  # seconds of fade at the very start
FADE_OUT = 0.03  # and at the very end, where a ringing tail may still sound
RELEASE = 0.02  # seconds each struck tone takes to fall silent, so none stops with a click

# Equal-tempered pitches (Hz) of the notes used.
C4, E4, G4 = 261.63, 329.63, 392.00
C5, D5, E5, G5, A5 = 523.25, 587.33, 659.26, 783.99, 880.00
C6, E6, G6 = 1046.50, 1318.51, 1567.98

Signal = list[float]


def mix(*parts: tuple[float, Signal]) -> Signal:
    """Sum signals, each starting at its own offset in seconds."""
    length = max(int(at * RATE) + len(sig) for at, sig in parts)
    out = [0.0] * length
    for at, sig in parts:
        start = int(at * RATE)
        for i, v in enumerate(sig):
            out[start + i] += v
    return out


def bell(
    freq: float,
    seconds: float,
    decay: float,
    partials: Iterable[tuple[float, float, float]] = ((1, 1.0, 1.0),),
    attack: float = 0.004,  # seconds, > 0
    glide: float = 0.0,
    vibrato: float = 0.0,
) -> Signal:
    """A struck tone: partials ``(ratio, gain, decay factor)`` fading exponentially.

    ``glide`` bends the pitch by that many semitones over the sound (a pluck
    that falls a little sounds softer); ``vibrato`` is a depth in semitones
    at 5.5 Hz. Higher partials decay faster by their own factor, as real
    struck things do.
    """
    n = int(seconds * RATE)
    partials = tuple(partials)
    phases = [0.0] * len(partials)
    out = []
    for i in range(n):
        t = i / RATE
        bend = glide * t / seconds + vibrato * math.sin(2 * math.pi * 5.5 * t)
        f = freq * 2 ** (bend / 12)
        v = 0.0
        for j, (ratio, gain, speed) in enumerate(partials):
            phases[j] += 2 * math.pi * f * ratio / RATE
            v += gain * math.exp(-t * speed / decay) * math.sin(phases[j])
        # Rise over ``attack`` and fall over the last RELEASE seconds, each a half cosine.
        edge = min(1.0, t / attack, (n - i) / RATE / RELEASE)
        out.append(v * (0.5 - 0.5 * math.cos(math.pi * edge)))
    return out


def noise(seconds: float, cutoff: float, seed: int, shape: Callable[[float], float]) -> Signal:
    """Low-passed white noise (one pole at ``cutoff`` Hz), its loudness shaped by ``shape(x)``."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for i in range(n):
        y += k * (rng.uniform(-1, 1) - y)
        out.append(y * shape(i / n))
    return out


def sweep(start: float, end: float, seconds: float) -> Signal:
    """A sine gliding from ``start`` to ``end`` Hz (exponentially), swelling and fading."""
    n = int(seconds * RATE)
    phase = 0.0
    out = []
    for i in range(n):
        x = i / n
        phase += 2 * math.pi * start * (end / start) ** x / RATE
        out.append(math.sin(phase) * math.sin(math.pi * x) ** 1.5)
    return out


def finish(sig: Signal, peak: float) -> array[int]:
    """Fade both ends to zero, normalise to ``peak`` of full scale, and make 16-bit samples.

    Peaks stay well under full scale so that sounds overlapping in play do not clip.
    """
    n = len(sig)
    for seconds, ends in ((FADE_IN, range(n)), (FADE_OUT, range(n - 1, -1, -1))):
        width = int(seconds * RATE)
        for step, i in zip(range(width), ends, strict=False):
            sig[i] *= 0.5 - 0.5 * math.cos(math.pi * step / width)
    top = max(abs(v) for v in sig) or 1.0
    return array("h", (round(v / top * peak * 32767) for v in sig))


MALLET = ((1, 1.0, 1.0), (4.0, 0.25, 3.0), (2.0, 0.2, 1.8))  # marimba-like
GLASS = ((1, 1.0, 1.0), (2.76, 0.3, 2.2), (5.4, 0.12, 3.5))  # bell-like, inharmonic


def place() -> Signal:
    """A soft wooden tap: half a mark set down."""
    return bell(G5, 0.16, 0.05, MALLET, glide=-0.6)


def entangle() -> Signal:
    """Two mallet notes a fifth apart, the second a breath later, with a slight waver."""
    return mix(
        (0.0, bell(C5, 0.32, 0.09, MALLET, vibrato=0.08)),
        (0.055, bell(G5, 0.30, 0.09, MALLET, vibrato=0.08)),
    )


def cycle() -> Signal:
    """A rising shimmer: the board waits for a choice."""
    notes = (C5, E5, G5, C6, E6)
    parts = [(0.06 * i, bell(f, 0.5, 0.14, GLASS, vibrato=0.12)) for i, f in enumerate(notes)]
    return mix(*parts, (0.0, [0.25 * v for v in sweep(300, 1200, 0.45)]))


def collapse() -> Signal:
    """A whoosh falling into a low thump: everything lands at once."""
    whoosh = noise(0.42, 1500, seed=7, shape=lambda x: math.sin(math.pi * x) ** 2 * (1 - x))
    fall = sweep(1400, 180, 0.42)
    thump = bell(C4 / 2, 0.45, 0.12, ((1, 1.0, 1.0), (2, 0.35, 2.0)), attack=0.003)
    landing = bell(C5, 0.5, 0.18, GLASS)
    return mix(
        (0.0, [0.5 * v for v in whoosh]),
        (0.0, [0.35 * v for v in fall]),
        (0.36, thump),
        (0.37, [0.45 * v for v in landing]),
    )


def win() -> Signal:
    """A bright arpeggio that opens into a ringing major chord."""
    run = (C5, E5, G5, C6)
    parts = [(0.09 * i, bell(f, 0.4, 0.12, GLASS)) for i, f in enumerate(run)]
    chord = [(0.38, bell(f, 1.1, 0.45, GLASS, vibrato=0.05)) for f in (C5, E5, G5, C6, E6, G6)]
    bass = (0.38, bell(C4, 1.1, 0.5, MALLET))
    return mix(*parts, *chord, bass)


def refuse() -> Signal:
    """Two low, muted knocks: not there."""
    knock = ((1, 1.0, 1.0), (2.4, 0.2, 2.5))
    return mix((0.0, bell(E4, 0.12, 0.035, knock)), (0.1, bell(C4, 0.16, 0.04, knock)))


def select() -> Signal:
    """A tiny tick for moving through menus."""
    return bell(A5, 0.06, 0.015, ((1, 1.0, 1.0), (3, 0.15, 2.0)), attack=0.002)


def confirm() -> Signal:
    """A short rising pair for choosing a menu item."""
    return mix((0.0, bell(D5, 0.12, 0.04, MALLET)), (0.05, bell(A5, 0.16, 0.05, MALLET)))


# name -> (maker, peak): the frequent small sounds sit quieter than the big moments.
SOUNDS: dict[str, tuple[Callable[[], Signal], float]] = {
    "place": (place, 0.42),
    "entangle": (entangle, 0.5),
    "cycle": (cycle, 0.55),
    "collapse": (collapse, 0.6),
    "win": (win, 0.6),
    "refuse": (refuse, 0.45),
    "select": (select, 0.25),
    "confirm": (confirm, 0.4),
}


def write(path: Path, samples: array[int]) -> None:
    if sys.byteorder == "big":
        samples.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def main() -> int:
    folder = Path(__file__).resolve().parent / "sounds"
    folder.mkdir(exist_ok=True)
    for name, (make, peak) in SOUNDS.items():
        samples = finish(make(), peak)
        write(folder / f"{name}.wav", samples)
        print(f"{name}.wav: {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
