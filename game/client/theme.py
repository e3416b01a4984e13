"""Colours, type and the few drawing helpers every screen shares (glow, panels, cached text).

X and O differ by shape (a cross, a ring) as well as by colour, and the two
colours are a pale sky blue and a deep orange: a hue pair colour-blind
players tell apart, and a pair apart in lightness too (about 2:1 in relative
luminance, still over 1.7:1 under simulated deuteranopia, protanopia and
tritanopia; tests/client/test_palette.py measures it), so a greyscale copy
of a game still tells the sides apart. The high-contrast palette keeps the
shapes and pushes every colour to full strength on black.

Everything here is cached by its arguments, so drawing a frame renders no
text and blurs nothing it has drawn before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache, lru_cache

import pygame

from game.client import fonts
from game.client.canvas import Canvas, text_canvas
from game.client.surface_cache import by_bytes
from game.rules import Player

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    background_top: Color
    background_bottom: Color
    board: Color  # the board's own panel
    grid: Color
    grid_glow: Color
    text: Color
    dim: Color  # labels, hints
    x: Color
    o: Color
    accent: Color  # focus, the cycle
    warning: Color  # an illegal pick explained
    highlight: Color  # the last move
    glow_strength: int  # 0..255: how much light marks and text shed
    # How much of its colour a mark keeps while a cycle awaits its collapse and the mark is
    # not in it: dim enough that the cycle stands out, not so dim it cannot be read.
    aside: float = 0.55
    # Whether the backdrop's marks drift: not in high contrast, nor for calmer effects.
    drift: bool = True

    def of(self, player: Player) -> Color:
        return self.x if player is Player.X else self.o


NORMAL = Palette(
    background_top=(14, 10, 36),
    background_bottom=(4, 4, 14),
    board=(20, 18, 48),
    grid=(96, 84, 190),
    grid_glow=(70, 50, 170),
    text=(236, 234, 255),
    dim=(150, 146, 196),
    x=(140, 225, 255),
    o=(240, 108, 16),
    accent=(214, 120, 255),
    warning=(255, 96, 110),
    highlight=(255, 244, 170),
    glow_strength=150,
)

HIGH_CONTRAST = Palette(
    background_top=(0, 0, 0),
    background_bottom=(0, 0, 0),
    board=(0, 0, 0),
    grid=(255, 255, 255),
    grid_glow=(190, 190, 190),  # panel and button edges; no glow is drawn at this contrast
    text=(255, 255, 255),
    dim=(230, 230, 230),
    x=(170, 240, 255),
    o=(255, 105, 20),
    accent=(255, 80, 255),
    warning=(255, 80, 80),
    highlight=(255, 255, 255),
    glow_strength=0,
    aside=0.85,
    drift=False,
)


@cache  # asked for many times a frame: one palette for each setting, not a copy each time
def palette_for(high_contrast: bool, calm: bool = False) -> Palette:
    """The look the settings ask for; ``calm`` (calmer effects): nothing drifts behind it."""
    palette = HIGH_CONTRAST if high_contrast else NORMAL
    return replace(palette, drift=False) if calm else palette


# -- the type scale ---------------------------------------------------------------------------

REFERENCE_HEIGHT = 1080  # the sizes below are pixels of a 1080-line screen
# The floors a screen must keep, in pixels of a 1080-line screen (the layout tests hold them).
LEAST_TEXT = 20  # nothing a player must read is smaller: cell labels, subscripts, hints
LEAST_BODY = 28  # sentences, menu labels
LEAST_BUTTON = 56  # a button's height
# What the room reads on the big screen from three metres: a fortieth of its height.
ACROSS_ROOM = 27
# Rendered words kept for the next frame, in bytes of pixels: a 4K screen's words for a
# few screens (a TV left on all evening renders a new line of news every game).
TEXT_BYTES = 64 * 2**20  # a 4K screen's words take 2 to 8 MB
GLOWING_TEXT_BYTES = 32 * 2**20  # ... their glowing ones up to 5 MB


@dataclass(frozen=True, slots=True)
class Scale:
    """Every size on one screen, in pixels: the sizes of a 1080-line screen times ``unit``.

    A sofa three metres from a 55-inch TV reads what a desk does only if the type grows
    with the screen, so nothing here is a fixed pixel size: a 3840×2160 screen gets twice
    the pixels of a 1920×1080 one, and a 1280×720 window two thirds.
    """

    unit: float  # pixels per pixel of a 1080-line screen

    def px(self, at_1080: float) -> int:
        """``at_1080`` pixels of a 1080-line screen, on this one."""
        return max(1, round(at_1080 * self.unit))

    @property
    def hint(self) -> int:
        """Footers, labels, subscripts: the least a player must read."""
        return self.px(24)

    @property
    def body(self) -> int:
        """Sentences, menu labels, the move list."""
        return self.px(32)

    @property
    def lead(self) -> int:
        """What to do now; a name."""
        return self.px(40)

    @property
    def heading(self) -> int:
        return self.px(56)

    @property
    def title(self) -> int:
        return self.px(88)

    @property
    def button(self) -> int:
        """A button's (or an option row's) height."""
        return self.px(68)

    @property
    def margin(self) -> int:
        return self.px(36)

    @property
    def floor(self) -> int:
        """:data:`LEAST_TEXT` on this screen: a size never to go under when fitting text."""
        return self.px(LEAST_TEXT)


def screen_scale() -> Scale:
    """The type scale of the window being drawn (the display surface's size)."""
    surface = pygame.display.get_surface()
    return scale(surface.get_size() if surface is not None else (1280, 720))


@lru_cache(maxsize=8)  # asked for a dozen times a frame, of the one window size
def scale(size: tuple[int, int]) -> Scale:
    """The type scale of a window ``size`` pixels big.

    A sofa reads type by its size against the screen's short side, so the scale follows
    that side: a 1080×1920 portrait screen gets a 1080-line screen's type. It stops where a
    screen would hold less than a 16:9 one does (a line of text, a row of buttons), so a
    square or 4:3 window grows its type only as far as its area leaves room: a 16:9 box of
    the same area. Every 16:9 size gets exactly its height.
    """
    w, h = size
    return Scale(max(1, min(w, h, math.sqrt(w * h) * 3 / 4)) / REFERENCE_HEIGHT)


def stacked(size: tuple[int, int], margin: int, room: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A window taller than wide, as a board over a panel: the board a square at the top, as
    large as leaves the panel ``room`` pixels under it, and the panel the window's width
    (beside the board, it would be a sliver, or no room at all)."""
    w, h = size
    side = max(1, min(w - 2 * margin, h - 3 * margin - room))
    board = pygame.Rect((w - side) // 2, margin, side, side)
    panel = pygame.Rect(margin, board.bottom + margin, w - 2 * margin, 0)
    panel.height = max(1, h - panel.y - margin)
    return board, panel


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The one place screens take fonts from."""
    return fonts.font(size, bold)


@by_bytes(TEXT_BYTES)
def text(words: str, size: int, color: Color, bold: bool = False) -> Canvas:
    """``words`` rendered once, antialiased, on a transparent canvas that says what it holds."""
    return text_canvas(font(size, bold).render(words, True, color).convert_alpha(), words, size)


@lru_cache(maxsize=256)  # a screen drawn in parts (still.Redraw) fits its words each part
def fitted(words: str, size: int, width: float, least: int, bold: bool = False) -> tuple[str, int]:
    """``words`` at the largest size from ``size`` down to ``least`` that fits ``width``
    pixels, cut with an ellipsis if even ``least`` is too wide."""
    while size > least and font(size, bold).size(words)[0] > width:
        size -= max(1, size // 24)
    size = max(size, least)
    face = font(size, bold)
    if face.size(words)[0] <= width:
        return words, size
    return cut(words, face, width), size


@lru_cache(maxsize=256)  # a screen drawn in parts (still.Redraw) wraps its words each part
def wrapped(
    words: str, size: int, width: int, least: int, most: int, bold: bool = False, even: bool = False
) -> tuple[tuple[str, ...], int]:
    """``words`` (see :func:`wrap`) in at most ``most`` lines no wider than ``width`` pixels,
    at the largest size from ``size`` down to ``least`` that holds them; at ``least``, what
    does not fit is left out and the last line ends with an ellipsis. A word wider than a
    line alone stays whole, for the caller to fit (:func:`fitted`). ``even``: the lines as
    alike in length as the words allow (a heading: "Maximilianmorgan" over "to play", not
    "Maximilianmorgan to" over "play")."""
    while True:
        lines = wrap(words, size, width, bold)
        face = font(size, bold)
        if len(lines) <= most and all(face.size(line)[0] <= width for line in lines):
            return (_evened(words, size, width, bold, len(lines)) if even else lines), size
        if size <= least:
            break
        size = max(least, size - max(1, size // 24))
    if len(lines) > most:
        lines = (*lines[: most - 1], cut(lines[most - 1], face, width))
    return lines, size


@lru_cache(maxsize=64)  # a screen drawn in parts (still.Redraw) breaks its words each part
def whole(
    words: str, size: int, width: int, least: int, bold: bool = False
) -> tuple[tuple[str, ...], int]:
    """``words`` never cut, in lines no wider than ``width`` pixels, and their size: on one
    line at the largest size from ``size`` down to ``least`` that holds them, else on two
    broken between words (as even as they allow); else at ``least``, broken inside a word
    too (after a hyphen where there is one) in as many lines as it takes. For a name that
    must be read whole."""
    words = " ".join(words.split())
    for most in (1, 2):
        lines, fit = wrapped(words, size, width, least, most, bold, even=True)
        face = font(fit, bold)
        if " ".join(lines) == words and all(face.size(line)[0] <= width for line in lines):
            return lines, fit
    face = font(least, bold)
    broken = []
    while words:
        fits = _fitting(words, face, width)
        if fits < len(words):  # end the line between words, or after a hyphen, if it can
            space, hyphen = words.rfind(" ", 1, fits + 1), words.rfind("-", 1, fits)
            fits = space if space > hyphen else hyphen + 1 if hyphen > 0 else fits
        broken.append(words[:fits])
        words = words[fits:].lstrip()
    return tuple(broken), least


def _evened(words: str, size: int, width: int, bold: bool, count: int) -> tuple[str, ...]:
    """``words`` wrapped to the narrowest width that still takes ``count`` lines, found by
    halves: lines as even as the words allow."""
    narrow, wide = 1, width
    while narrow < wide:
        middle = (narrow + wide) // 2
        if len(wrap(words, size, middle, bold)) <= count:
            wide = middle
        else:
            narrow = middle + 1
    return wrap(words, size, wide, bold)


def cut(words: str, face: pygame.font.Font, width: float) -> str:
    """The most of ``words`` that fits ``width`` pixels in ``face`` followed by an ellipsis
    (words longer than a line left out): found by halves, so a host's notice thousands of
    letters long is measured a dozen times, not once a letter."""
    shortest = _fitting(words, face, width, "…", 0)
    # "held.…" reads as a stutter: the ellipsis takes the place of a stop or a comma.
    return words[:shortest].rstrip(" .,;:") + "…"


def _fitting(
    words: str, face: pygame.font.Font, width: float, end: str = "", least: int = 1
) -> int:
    """How many of the first letters of ``words``, followed by ``end``, fit ``width`` pixels
    in ``face`` (``least`` at least), found by halves."""
    shortest, longest = least, len(words)  # a prefix that fits, at least; one too long, at most
    while shortest < longest:
        middle = (shortest + longest + 1) // 2
        if face.size(words[:middle] + end)[0] <= width:
            shortest = middle
        else:
            longest = middle - 1
    return shortest


def glow_pad(size: int) -> int:
    """How far :func:`glowing_text`'s halo reaches past its words, each side."""
    return max(4, size // 3)


@by_bytes(GLOWING_TEXT_BYTES)
def glowing_text(
    words: str, size: int, color: Color, glow: int, bold: bool = True
) -> pygame.Surface:
    """Text with a soft halo of its own colour; plain text when ``glow`` is 0."""
    core = text(words, size, color, bold)
    if glow <= 0:
        return core
    pad = glow_pad(size)
    w, h = core.get_size()
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    out.blit(core, (pad, pad))
    halo = soft(out, max(2, size // 6))
    halo.fill((255, 255, 255, glow), special_flags=pygame.BLEND_RGBA_MULT)
    result = Canvas(out.get_size(), pygame.SRCALPHA)
    result.blit(halo, (0, 0))
    result.blit(halo, (0, 0))
    result.blit(core, (pad, pad))
    return result


BLUR_STEP = 4
"""The widest blur radius taken at full resolution; a wider one is blurred at a lower one."""


def soft(image: pygame.Surface, radius: int) -> pygame.Surface:
    """``image`` under a gaussian blur of ``radius`` pixels: the halo of a glow.

    A halo holds no detail finer than its radius, so a wide one is blurred at a
    resolution ``radius / BLUR_STEP`` times lower and scaled back up: the same
    halo (within 10 of 255 on any channel), and a 4K mark's glow in 2 ms instead of 400.
    """
    factor = max(1, radius // BLUR_STEP)
    if factor == 1:
        return pygame.transform.gaussian_blur(image, radius)
    w, h = image.get_size()
    small = pygame.transform.smoothscale(image, (-(-w // factor), -(-h // factor)))
    halo = pygame.transform.gaussian_blur(small, round(radius / factor))
    return pygame.transform.smoothscale(halo, (w, h))


def blit_centered(
    surface: pygame.Surface, image: pygame.Surface, center: tuple[float, float]
) -> pygame.Rect:
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=8)
def background(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """A vertical gradient with a faint vignette, made once per window size."""
    w, h = size
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    out = pygame.transform.smoothscale(strip, (max(1, w), max(1, h))).convert()
    if top != bottom:
        shade = pygame.Surface((64, 36), pygame.SRCALPHA)
        for y in range(36):
            for x in range(64):
                dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
                shade.set_at((x, y), (0, 0, 0, min(150, int(120 * (dx * dx + dy * dy)))))
        out.blit(pygame.transform.smoothscale(shade, (max(1, w), max(1, h))), (0, 0))
    return out


@lru_cache(maxsize=64)
def glow_dot(radius: int, color: Color) -> pygame.Surface:
    """A round soft light, bright in the middle: for particles (blitted with BLEND_ADD)."""
    size = radius * 2 + 1
    out = pygame.Surface((size, size))
    for r in range(radius, 0, -1):
        k = (1 - r / (radius + 1)) ** 2
        pygame.draw.circle(out, tuple(int(c * k) for c in color), (radius, radius), r)
    return out.convert()


@lru_cache(maxsize=64)
def glow_dots(radius: int, color: Color, shades: int) -> tuple[pygame.Surface, ...]:
    """:func:`glow_dot` at ``shades`` brightnesses, dimmest first: a particle fading out."""
    return tuple(glow_dot(radius, mix((0, 0, 0), color, (i + 1) / shades)) for i in range(shades))


@lru_cache(maxsize=512)
def mark_sprite(
    player: Player, size: int, color: Color, glow: int, width_ratio: float = 0.13
) -> pygame.Surface:
    """A cross (X) or a ring (O) ``size`` pixels across, with its glow: shape tells them apart."""
    pad = max(2, size // 4) if glow else 1
    full = size + 2 * pad
    # Drawn at twice the size and scaled down: smooth edges at any size.
    big = pygame.Surface((full * 2, full * 2), pygame.SRCALPHA)
    width = max(3, round(size * 2 * width_ratio))
    c = full
    r = size
    if player is Player.X:
        d = r * 0.74
        for sx in (-1, 1):
            start = (c - d, c - sx * d)
            end = (c + d, c + sx * d)
            pygame.draw.line(big, color, start, end, width)
            # Round caps so the strokes look drawn, not cut.
            for p in (start, end):
                pygame.draw.circle(big, color, p, width / 2)
    else:
        pygame.draw.circle(big, color, (c, c), r * 0.78, width)
    shape = pygame.transform.smoothscale(big, (full, full))
    if glow <= 0:
        return shape
    halo = soft(shape, max(2, size // 10))
    halo.fill((255, 255, 255, glow), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface((full, full), pygame.SRCALPHA)
    out.blit(halo, (0, 0))
    out.blit(halo, (0, 0))
    out.blit(shape, (0, 0))
    return out


@lru_cache(maxsize=512)
def trimmed_mark(
    player: Player, size: int, color: Color, glow: int, width_ratio: float = 0.13
) -> pygame.Surface:
    """:func:`mark_sprite` without its clear margin (a third of a glowing mark's pixels):
    blitted centred it draws the same pixels, and a board's marks blend fewer."""
    return trimmed(mark_sprite(player, size, color, glow, width_ratio))


@lru_cache(maxsize=64)
def faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """``image`` (one of the sprites kept here) to blit at ``alpha``: a copy made once, where
    a copy each time costs a 4K mini-board's faint winner 1 MB of fresh memory."""
    out = image.copy()
    out.set_alpha(alpha)
    return out


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color,
    border: Color,
    radius: int = 14,
    alpha: int = 210,
) -> None:
    """A rounded translucent panel with a thin bright edge."""
    surface.blit(_panel(rect.size, color, border, radius, alpha), rect)


def backed_panel(
    surface: pygame.Surface, palette: Palette, rect: pygame.Rect, radius: int, alpha: int
) -> None:
    """:func:`panel` in the board's colours over the still :func:`backdrop` (no drifting
    marks) that ``surface`` shows under ``rect``, as one copy of a picture made once: a
    still picture's side panel is painted again with each move, and blending it cost a 4K
    move 3 ms."""
    size = surface.get_size()
    if seen := rect.clip(pygame.Rect((0, 0), size)):
        surface.blit(_backed_panel(size, palette, (*rect,), radius, alpha), seen)


@lru_cache(maxsize=4)  # the side panels of one window's scenes: a 4K one holds 10 MB
def _backed_panel(
    size: tuple[int, int],
    palette: Palette,
    rect: tuple[int, int, int, int],
    radius: int,
    alpha: int,
) -> pygame.Surface:
    """The part of the panel at ``rect`` within a window ``size`` big, on its backdrop."""
    under = background(size, palette.background_top, palette.background_bottom)
    seen = pygame.Rect(rect).clip(under.get_rect())
    out = under.subsurface(seen).copy()
    layer = _panel((rect[2], rect[3]), palette.board, palette.grid_glow, radius, alpha)
    out.blit(layer, (rect[0] - seen.x, rect[1] - seen.y))
    return out


@lru_cache(maxsize=64)
def _panel(
    size: tuple[int, int], color: Color, border: Color, radius: int, alpha: int
) -> pygame.Surface:
    # A panel laid out in a window too small for it comes out empty, not negative.
    layer = pygame.Surface((max(0, size[0]), max(0, size[1])), pygame.SRCALPHA)
    paint_panel(layer, color, border, radius, alpha)
    return layer


def paint_panel(
    layer: pygame.Surface, color: Color, border: Color, radius: int, alpha: int
) -> None:
    """:func:`panel` over the whole of ``layer``, a clear sheet: its pixels are replaced,
    not blended."""
    pygame.draw.rect(layer, (*color, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*border, 255), layer.get_rect(), width=2, border_radius=radius)


BEHIND = 170  # how dark a screen goes behind what holds it (a keyboard, a menu), of 255


def shade(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    """``rect`` of ``surface`` dimmed under black ``alpha`` opaque (a question over a screen)."""
    surface.blit(_shade(rect.size, alpha), rect)


@lru_cache(maxsize=4)  # made anew each frame, a 4K one cost 33 MB and a fill
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    return layer


def mix(a: Color, b: Color, t: float) -> Color:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# Faint marks drifting behind the menus: (player, x, y, speed, size, phase), in screen fractions.
_DRIFT = tuple(
    (
        Player.X if i % 2 else Player.O,
        (i * 0.618) % 1.0,
        (i * 0.377) % 1.0,
        0.012 + 0.01 * (i % 3),  # at most DRIFT_FASTEST
        0.04 + 0.02 * (i % 4),
        i * 1.7,
    )
    for i in range(14)
)


PULSE_TIME = 3.0
"""Seconds a highlight (the pointer's, a focus ring, a ghost) breathes after it last changed;
then it rests at its brightest, so a screen nobody touches is still (the window sleeps)."""


def rest_after(since: float, rate: float) -> float:
    """The first moment ``PULSE_TIME`` after ``since`` at which ``sin(rate * t)`` is 1."""
    turns = math.ceil(((since + PULSE_TIME) * rate - math.pi / 2) / math.tau)
    return (math.pi / 2 + math.tau * turns) / rate


@dataclass(slots=True)
class Breath:
    """The clock of a highlight that breathes at ``rate`` (radians a second) for
    :data:`PULSE_TIME` after what it shows changes, then rests at its brightest."""

    rate: float
    _shown: object = None
    _since: float = 0.0

    def time(self, shown: object, now: float) -> float:
        """The moment to draw the highlight of ``shown`` at, ``now``."""
        if shown != self._shown:
            self._shown, self._since = shown, now
        return min(now, rest_after(self._since, self.rate))

    def moving(self, shown: object, now: float) -> bool:
        """Whether the highlight of ``shown`` still moves ``now`` (or is yet to be drawn)."""
        return shown != self._shown or now < rest_after(self._since, self.rate)


def trimmed(sprite: pygame.Surface) -> pygame.Surface:
    """``sprite`` without the fully transparent margin round it, as much cut off each side so
    that its centre stays put: blitted centred, it draws the same pixels, and fewer."""
    ink = sprite.get_bounding_rect()
    w, h = sprite.get_size()
    cut = min(ink.left, ink.top, w - ink.right, h - ink.bottom)
    if cut <= 0 or not ink:
        return sprite
    return sprite.subsurface((cut, cut, w - 2 * cut, h - 2 * cut)).copy()


DRIFT_FASTEST = 0.032  # of the screen's height a second: the fastest drifting mark's speed


def drift_frame_rate(height: int, most: int) -> int:
    """Frames a second at which the backdrop's fastest mark moves about a pixel a frame (at
    most ``most``): drawn more often it would be drawn where it already was."""
    return max(20, min(most, math.ceil(DRIFT_FASTEST * height)))


def drifts(palette: Palette) -> bool:
    """Whether :func:`backdrop` draws drifting marks: a moving screen."""
    return palette.drift


def backdrop(surface: pygame.Surface, palette: Palette, time: float, drift: bool = True) -> None:
    """The background of every screen: the gradient and drifting marks (unless the palette
    keeps still).

    A pure function of ``time``, so drawing it moves nothing.
    """
    w, h = surface.get_size()
    surface.blit(background((w, h), palette.background_top, palette.background_bottom), (0, 0))
    if drift:
        surface.blits(drift_places((w, h), palette, time), doreturn=False)


@lru_cache(maxsize=2)  # a screen drawn in parts (still.Redraw) asks for them again each part
def drift_places(
    size: tuple[int, int], palette: Palette, time: float
) -> tuple[tuple[pygame.Surface, pygame.Rect], ...]:
    """The drifting marks :func:`backdrop` draws at ``time`` on a window ``size`` big: each
    one's sprite and where it goes (none where the palette keeps still)."""
    if not drifts(palette):
        return ()
    w, h = size
    places = []
    for player, x0, y0, speed, side, phase in _DRIFT:
        y = (y0 - time * speed) % 1.15 - 0.075
        x = x0 + 0.02 * math.sin(time * 0.5 + phase)
        color = mix(palette.background_top, palette.of(player), 0.16)
        sprite = mark_sprite(player, _quantize_size(side * h), color, 0)
        places.append((sprite, sprite.get_rect(center=(round(x * w), round(y * h)))))
    return tuple(places)


def drift_rects(size: tuple[int, int], palette: Palette, time: float) -> list[pygame.Rect]:
    """Where :func:`drift_places` puts the drifting marks: what a screen drawn again only where
    something moved (:class:`game.client.still.Redraw`) follows."""
    return [rect for _, rect in drift_places(size, palette, time)]


def _quantize_size(size: float) -> int:
    return max(8, round(size / 8) * 8)


def forget() -> None:
    """Drop every cached font and image (a session ending, a window resized)."""
    for cached in (
        fonts.font,
        text,
        glowing_text,
        background,
        _backed_panel,
        glow_dot,
        glow_dots,
        mark_sprite,
        drift_places,
        trimmed_mark,
        faded,
        _panel,
        _shade,
        wrap,
        wrap_phrases,
        wrapped,
        fitted,
    ):
        cached.cache_clear()


@lru_cache(maxsize=64)
def wrap_phrases(
    phrases: str, size: int, width: int, between: str = " · ", bold: bool = False
) -> tuple[str, ...]:
    """``phrases`` joined by ``between`` ("A: play · B: menu"), in lines no wider than
    ``width`` pixels broken only between them: a phrase is read whole (a phrase wider than
    a line gets one of its own)."""
    face = font(size, bold)
    lines: list[str] = []
    for phrase in phrases.split(between):
        if lines and face.size(lines[-1] + between + phrase)[0] <= width:
            lines[-1] += between + phrase
        else:
            lines.append(phrase)
    return tuple(lines)


@lru_cache(maxsize=256)  # a screen drawn in parts (still.Redraw) wraps its words each part
def wrap(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``words`` as one paragraph, in lines no wider than ``width`` pixels (a long word alone).

    A line break in ``words`` (a notice or a status from the network) counts as a space.
    """
    return tuple(fonts.wrap(" ".join(words.split()), font(size, bold), width))
