"""The collapse as the moment everyone watches: pause, spotlight, banner, decision, landing.

When a cycle closes, input pauses for a beat and a banner says what
happened and who chooses (the board dims everything off the entanglement
itself; see board_view). A bot that chooses is seen thinking: the two
outcomes take turns in the previews, then its pick is held up before it
happens. The marks then fly home at a pace the eye can follow, and the
side panel keeps the score and the headline of the position before the
collapse until they land (:meth:`CollapseShow.hud_position`); a win waits
for the landing too (effects.Effects.step).

:class:`Pace` holds every duration; ``Settings.quick_collapse`` picks
:data:`QUICK` for players who know the game. The banner is a cached panel
and cached text: no blur and no full-size translucent layer in a frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import theme
from game.client.canvas import note_cover
from game.client.effects import FLIGHT_TIME
from game.client.prose import mark_name, sentence
from game.client.theme import Palette
from game.rules import Collapse, Position


@dataclass(frozen=True, slots=True)
class Pace:
    """How long each beat of the show lasts, in seconds."""

    hold: float  # input paused once a cycle closes, the banner up
    think: float  # a bot choosing a collapse, outcomes flipping in the previews
    flip: float  # between two flips while it thinks
    decided: float  # the bot's pick held up before it happens
    flight: float  # a mark flying home (effects.Effects)


FULL = Pace(hold=1.6, think=1.6, flip=0.4, decided=0.9, flight=1.25)
QUICK = Pace(hold=0.25, think=0.3, flip=0.15, decided=0.2, flight=FLIGHT_TIME)


@dataclass(slots=True)
class Banner:
    title: str
    detail: str
    color: tuple[int, int, int]
    until: float


class CollapseShow:
    """The beats of one board's collapses; the play scene asks it whether input waits."""

    def __init__(self, pace: Pace) -> None:
        self.pace = pace
        self.hold_until = -1.0
        self.banner: Banner | None = None
        self.before: Position | None = None  # the position the panel shows while marks fly

    # -- what happened -------------------------------------------------------------

    def cycle_closed(self, pos: Position, now: float, chooser: str, palette: Palette) -> None:
        """A placement closed a cycle in ``pos``: hold the input, say so."""
        cycle = sorted(pos.cycle())
        marks = " · ".join(mark_name(k) for k in cycle)
        who = pos.to_play
        self.hold_until = now + self.pace.hold
        detail = f"{marks} must collapse: {chooser} chooses how"
        color = palette.of(who) if who else palette.accent
        self.banner = Banner("A cycle closes!", detail, color, now + self.pace.hold + 1.2)

    def collapsing(
        self, before: Position, action: Collapse, now: float, chooser: str, palette: Palette
    ) -> None:
        """``action`` resolved the cycle of ``before``: the marks fly while the panel waits."""
        self.before = before
        mark = mark_name(action.mark)
        where = before.variant.label(action.cell)
        who = before.to_play
        color = palette.of(who) if who else palette.accent
        detail = f"{mark} settles in cell {where}; the others follow"
        self.banner = Banner(
            f"{sentence(chooser)} chose", detail, color, now + self.pace.flight + 1.0
        )

    def give_way(self, now: float) -> None:
        """A toast comes at ``now``: the cycle's banner, still up a moment after the choice
        opened, has said its piece and goes, leaving the toast room over the outcomes to
        choose from (under it, the toast hid their top rows). The banner of a collapse
        chosen stays: the toast goes under it."""
        if self.before is None and not self.holding(now):
            self.banner = None

    def cleared(self) -> None:
        """The position jumped (an undo, a new game): nothing is being shown any more."""
        self.hold_until = -1.0
        self.banner = None
        self.before = None

    # -- what the scene asks -------------------------------------------------------------

    def holding(self, now: float) -> bool:
        """Whether input waits for the show (the cycle's beat)."""
        return now < self.hold_until

    def showing(self, now: float) -> bool:
        """Whether the show changes on its own after ``now``: input held, or a banner up."""
        return self.holding(now) or self.banner_up(now)

    def banner_up(self, now: float) -> bool:
        """Whether the banner shows at ``now``."""
        return self.banner is not None and now < self.banner.until

    def landed(self) -> None:
        """The marks are home: the panel may show the position after the collapse."""
        self.before = None

    def hud_position(self, pos: Position) -> Position:
        """What the side panel shows: the position before the collapse until the marks land."""
        return self.before if self.before is not None else pos

    # -- drawing --------------------------------------------------------------------------

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, palette: Palette, now: float
    ) -> None:
        """The banner, filling ``area`` (the top of the side panel: never over the board)."""
        banner = self.banner
        if banner is None or not self.banner_up(now):
            return
        size = max(16, round(min(area.height * 0.3, area.width * 0.09)))
        small = max(14, round(size * 0.5))
        theme.panel(surface, area, palette.background_bottom, banner.color, size // 2, alpha=255)
        note_cover(surface, area)  # over the panel's words: a layout sees them hidden
        pygame.draw.rect(surface, banner.color, area, max(3, size // 10), border_radius=size // 2)
        title = theme.glowing_text(banner.title, size, banner.color, palette.glow_strength // 2)
        # Centred lines read best alike in length ("… must collapse:" over "O chooses how",
        # not a lone "how"); a long cycle's names shrink before they leave the banner.
        lines, small = theme.wrapped(
            banner.detail, small, area.width - size, max(14, small * 3 // 4), 4, True, even=True
        )
        step = theme.font(small, True).get_linesize()
        height = title.get_height() + step * len(lines)
        y = area.centery - height / 2
        theme.blit_centered(surface, title, (area.centerx, y + title.get_height() / 2))
        y += title.get_height()
        for line in lines:
            words = theme.text(line, small, palette.text, True)
            theme.blit_centered(surface, words, (area.centerx, y + step / 2))
            y += step
