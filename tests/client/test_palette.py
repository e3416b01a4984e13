"""X and O stay apart for colour-blind eyes: measured with colorspacious, not by eye.

Each palette's X and O colours are put through colorspacious' simulation of
deuteranopia, protanopia and tritanopia (Machado et al. 2009, at full
severity) and compared the way a reader would: by relative luminance (the
sides must read apart in greyscale too, at least 1.5:1) and by ΔE in
CAM02-UCS (clearly different colours). Both must also stand out from the
board they are drawn on.
"""

from __future__ import annotations

import os

import pytest

from game.client import theme
from game.client.theme import HIGH_CONTRAST, NORMAL, Color, Palette

if os.environ.get("CI") == "true":
    import colorspacious as cs  # CI installs the test extras: never skip there
    import numpy as np
else:
    cs = pytest.importorskip("colorspacious", reason="colorspacious is in the test extras")
    np = pytest.importorskip("numpy")

PALETTES = {"normal": NORMAL, "high contrast": HIGH_CONTRAST}
VISION = (None, "deuteranomaly", "protanomaly", "tritanomaly")  # None: typical vision

MIN_SIDE_RATIO = 1.5  # X against O, relative luminance (the bar)
MIN_SIDE_DELTA_E = 30.0  # X against O in CAM02-UCS; about 2 is a just-noticeable difference
MIN_BOARD_RATIO = 4.5  # a mark against its board: WCAG's bar for body text


def seen(color: Color, vision: str | None) -> object:
    """``color`` as sRGB in 0..1, as an eye with ``vision`` sees it."""
    rgb = np.array(color, dtype=float) / 255
    if vision is None:
        return rgb
    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cs.cspace_convert(rgb, cvd, "sRGB1"), 0, 1)


def luminance(rgb: object) -> float:
    """Relative luminance: Y of CIE XYZ, 0 for black and 1 for white."""
    return float(cs.cspace_convert(rgb, "sRGB1", "XYZ1")[1])


def ratio(a: object, b: object) -> float:
    """WCAG's contrast ratio of two colours' luminances, the larger over the smaller."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


@pytest.mark.parametrize("vision", VISION, ids=lambda v: v or "typical")
@pytest.mark.parametrize("name", PALETTES)
def test_x_and_o_differ_in_lightness_and_colour(name: str, vision: str | None) -> None:
    palette: Palette = PALETTES[name]
    x, o = seen(palette.x, vision), seen(palette.o, vision)
    assert ratio(x, o) >= MIN_SIDE_RATIO, f"{name}, {vision}: X/O luminance {ratio(x, o):.2f}"
    delta = float(cs.deltaE(x, o, input_space="sRGB1"))
    assert delta >= MIN_SIDE_DELTA_E, f"{name}, {vision}: X/O ΔE {delta:.1f}"
    board = seen(palette.board, vision)
    for side, color in (("X", x), ("O", o)):
        assert ratio(color, board) >= MIN_BOARD_RATIO, f"{name}, {vision}: {side} on the board"


@pytest.mark.parametrize(("name", "least"), [("normal", 2.5), ("high contrast", 4.5)])
def test_a_mark_aside_from_an_awaited_cycle_can_still_be_read(name: str, least: float) -> None:
    # Dimmed so the cycle stands out (an X3 at 1.5:1 was all but gone); high contrast keeps
    # it at the contrast text asks for.
    palette: Palette = PALETTES[name]
    board = seen(palette.board, None)
    for color in (palette.x, palette.o):
        aside = seen(theme.mix(palette.board, color, palette.aside), None)
        assert ratio(aside, board) >= least, f"{name}: {color} aside {ratio(aside, board):.2f}"
