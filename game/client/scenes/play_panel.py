"""The play screen's side panel: the HUD's words at the top, the buttons along the bottom,
and between them the collapse previews, or a hosted table's invitation to sit down from a
phone, or the moves (with a party's clock and scoreboard under them); the collapse show's
banner over its top, and the toasts in the room under its words.

A panel owning its rectangle, its drawing and its input: it says where each of its parts
stands, draws them from what the scene says it shows (a :class:`Shown` and the words of a
:class:`~game.client.hud.HudView`), and answers the pointer, the keys and the pads over its
buttons and its previews. The board's share of the window is :func:`areas`'s too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from game.client import hud as hud_panel
from game.client import move_list, theme, toast
from game.client.audio import Cue
from game.client.collapse_show import CollapseShow
from game.client.hud import HudView
from game.client.intents import KEYBOARD, Activate, Click, Navigate, Point
from game.client.join_panel import draw_join
from game.client.previews import Previews
from game.client.scene import Context
from game.client.scenes.party_strip import PartyStrip
from game.client.toast import Toast
from game.client.widgets import Menu, ring_reach
from game.rules import Player, Position, Variant

MOVES_SIZE = 30  # the move list's type, on a 1080-line screen
# The panel's height under the board, on a 1080-line screen: its words (with a note), the
# collapse previews at a size read from the sofa and their labels, and its buttons.
STACKED_PANEL = 800

Rings = tuple[tuple[tuple[int, ...], float], ...]  # (rectangle, the moment it is drawn at)


def areas(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The board's area (a square the height of the screen) and the side panel's.

    On a screen taller than wide the panel goes under the board, the width of the
    screen, rather than into a sliver beside it, unless the board is larger beside it (a
    window a little taller than wide). Under the board the panel holds its words, the two
    collapse previews at a size read from the sofa, and the buttons.
    """
    w, h = size
    scale = theme.scale((w, h))
    margin = scale.margin
    side = min(h - 2 * margin, w - 3 * margin - scale.px(600))
    if h > w:
        board, hud = theme.stacked((w, h), margin, scale.px(STACKED_PANEL))
        if board.width >= side:
            return board, hud
    board = pygame.Rect(margin, (h - side) // 2, side, side)
    hud = pygame.Rect(board.right + margin, margin, w - board.right - 2 * margin, h - 2 * margin)
    return board, hud


def previews_up(pos: Position, invitation: str | None) -> bool:
    """Whether the panel shows ``pos``'s collapse previews: not while a seat is open, whose
    ``invitation`` stands in their place (the game waits for that player first)."""
    return pos.awaiting_collapse and invitation is None


@dataclass(frozen=True, slots=True)
class Shown:
    """What the panel shows, besides its words."""

    pos: Position  # the position before a collapse until its marks land (hud_position)
    choice: int | None  # the collapse outcome looked at
    chosen: bool  # it was chosen: the marks fly, nothing is left to choose
    invitation: str | None  # a hosted table's address, while one of its seats is open
    moves: tuple[str, ...]
    to_play: Player | None  # who moves now (a party's clock runs for them)

    @property
    def previews_up(self) -> bool:
        return previews_up(self.pos, self.invitation)

    @property
    def ringed(self) -> tuple[Position, int, bool] | None:
        """What the ring goes round: the position the previews show, the outcome looked at,
        and whether it was chosen; None while none is looked at."""
        if self.choice is None or not self.previews_up:
            return None
        return self.pos, self.choice, self.chosen


class SidePanel:
    """The side panel of one game: its ``menu`` of buttons, the collapse ``show`` whose
    banner it carries, a party's ``strip``, and the previews of ``variant``'s collapses."""

    def __init__(
        self, ctx: Context, variant: Variant, menu: Menu, show: CollapseShow, strip: PartyStrip
    ) -> None:
        self.ctx = ctx
        self.variant = variant
        self.menu = menu
        self.show = show
        self.strip = strip
        self.previews = Previews(variant)

    # -- where its parts stand -------------------------------------------------------

    def menu_area(self, hud: pygame.Rect) -> pygame.Rect:
        """The buttons along the bottom of the panel, in as many rows as it takes; the menu's
        columns follow, so that the arrows walk the rows as they are drawn."""
        labels = tuple(item.label for item in self.menu.items)
        area, self.menu.columns = _menu_shape(tuple(hud), self.ctx.size, labels)
        return pygame.Rect(area)

    def words(self, hud: pygame.Rect, words: HudView) -> hud_panel.Words:
        """Where the panel's ``words`` stand."""
        return hud_panel.lay_out((*hud,), words, theme.scale(self.ctx.size))

    def preview_rects(self, hud: pygame.Rect, words: HudView) -> list[pygame.Rect]:
        """The collapse previews' squares: above the buttons, under the panel's ``words``
        and clear of them with the focus ring round either."""
        labels = tuple(item.label for item in self.menu.items)
        return [pygame.Rect(r) for r in _preview_places((*hud,), words, self.ctx.size, labels)]

    def banner_area(self, hud: pygame.Rect, words: HudView) -> pygame.Rect:
        """The collapse show's banner: under the names and the scores, over what the panel
        says of the moment (the banner says it better), down to the previews."""
        scale = theme.scale(self.ctx.size)
        at = self.words(hud, words)
        ring = ring_reach(self.preview_rects(hud, words)[0], self.ctx.size[1])
        top = at.under_players - scale.px(6)
        side = (hud.width - at.inner.width) // 4  # its round corners clear of the words' ends
        width = at.inner.width + 2 * side
        return pygame.Rect(at.inner.x - side, top, width, ring.top - scale.px(8) - top)

    def _under_banner(self, hud: pygame.Rect, words: HudView) -> int:
        """The y where what follows the collapse show's banner starts, while it is up."""
        return self.banner_area(hud, words).bottom + theme.scale(self.ctx.size).px(16)

    def toast_room(self, hud: pygame.Rect, shown: Shown, words: HudView) -> pygame.Rect:
        """Where a toast goes: in the side panel, under its words (and the collapse show's
        banner) and over the top of what follows them (the oldest moves of the list), down
        to its buttons, or to the collapse previews and the ring round them: they are the
        choice the toast is often about. Never over the board: its bottom row holds marks and
        the study's values, just where a player looks as a toast tells them why."""
        scale = theme.scale(self.ctx.size)
        at = self.words(hud, words)
        top = max(hud.top, min(at.bottom, hud.bottom))
        bottom = self.menu_area(hud).top - scale.px(8)
        if self.show.banner_up(self.ctx.time):
            # Under the banner, as the moves go then: the outcome is chosen, its previews
            # (going) have nothing left to tell.
            top = max(top, self._under_banner(hud, words))
        elif shown.previews_up:
            previews = ring_reach(self.preview_rects(hud, words)[0], self.ctx.size[1])
            bottom = min(bottom, previews.top - scale.px(8))
        return pygame.Rect(at.inner.x, top, at.inner.width, max(0, bottom - top))

    # -- drawing -----------------------------------------------------------------------

    def key(self, shown: Shown) -> tuple[object, ...]:
        """What the panel's picture depends on, besides its words."""
        return (
            self.ctx.palette,
            shown.pos,
            shown.moves,
            shown.choice,
            self.menu.look(),  # its focus ring breathes in a part of its own
            (self.show.banner, self.show.banner_up(self.ctx.time)),
            shown.invitation,
            self.strip.key(shown.to_play),
        )

    def draw(self, surface: pygame.Surface, hud: pygame.Rect, shown: Shown, words: HudView) -> None:
        """The panel in ``hud``, saying ``words``; the show's banner and the invitation over it."""
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        t = self.ctx.time
        rest = hud_panel.draw(surface, hud, words, palette, scale)
        menu = self.menu_area(hud)
        if shown.previews_up:
            rects = self.preview_rects(hud, words)
            self.previews.draw(surface, rects, shown.pos, shown.choice, palette, scale.body)
            if (ringed := shown.ringed) is not None:
                when = self.previews.ring_time(*ringed, t)
                self.previews.draw_ring(surface, rects, shown.pos, ringed[1], palette, when)
        else:
            top = rest.y
            if self.show.banner_up(t):  # the moves go on under it, none cut
                top = max(top, self._under_banner(hud, words))
            bottom = menu.top
            if shown.invitation is not None:  # it stands where the previews go
                bottom = self.preview_rects(hud, words)[0].top
            area = pygame.Rect(rest.x, top, rest.width, bottom - scale.px(16) - top)
            party = self.strip.party
            if party is not None:
                # At a party: the clock and the scoreboard under the moves, as on the big screen.
                scores = pygame.Rect(area.x, area.centery, area.width, area.height // 2)
                self.strip.draw(surface, scores, party, shown.to_play)
                area.height = scores.y - scale.px(16) - area.y
            moves = move_list.lines(self.variant, shown.moves)
            move_list.draw(surface, area, moves, palette, scale.px(MOVES_SIZE))
        self.menu.draw(surface, menu, palette, t)
        self.show.draw(surface, self.banner_area(hud, words), palette, t)
        if shown.invitation:
            # How to sit down from a phone, where the collapse previews go once a game runs.
            first = self.preview_rects(hud, words)[0]
            gap = first.x - hud.x
            area = pygame.Rect(first.x, first.y, hud.width - 2 * gap, first.height)
            draw_join(surface, area, shown.invitation, palette)

    def rings(self, hud: pygame.Rect, shown: Shown, words: HudView, height: int) -> Rings:
        """The focus rings, which breathe in parts of their own (painted again alone) on a
        screen ``height`` pixels high: the buttons', and the one round the outcome looked at
        (under the panel's ``words``)."""
        t = self.ctx.time
        ring = tuple(((*rect,), when) for rect, when in self.menu.changing(height, t))
        if (ringed := shown.ringed) is not None:
            pos, choice, chosen = ringed
            rects = self.preview_rects(hud, words)
            reach = self.previews.ring_reach(rects, pos, choice, height)
            ring += (((*reach,), self.previews.ring_time(pos, choice, chosen, t)),)
        return ring

    def breathing(self, shown: Shown) -> bool:
        """Whether a focus ring still moves: the buttons', or the one round the outcome
        looked at."""
        t = self.ctx.time
        if self.menu.breathing(t):
            return True
        ringed = shown.ringed
        return ringed is not None and self.previews.breathing(*ringed, t)

    def draw_toast(
        self,
        surface: pygame.Surface,
        hud: pygame.Rect,
        shown: Shown,
        words: HudView,
        message: Toast,
    ) -> pygame.Rect:
        """``message`` in its room (:meth:`toast_room`); where it went."""
        scale = theme.scale(self.ctx.size)
        rows = theme.font(scale.px(MOVES_SIZE)).get_linesize()  # the moves it covers
        room = self.toast_room(hud, shown, words)
        return toast.draw(surface, room, hud.top, message, self.ctx.palette, scale, rows)

    # -- input -------------------------------------------------------------------------

    def outcome_at(self, hud: pygame.Rect, words: HudView, at: tuple[int, int]) -> int | None:
        """The collapse outcome whose preview (under the panel's ``words``) holds ``at``."""
        return Previews.at(self.preview_rects(hud, words), at)

    def handle(self, intent: Point | Click | Activate, hud: pygame.Rect) -> bool:
        """Whether a button took ``intent``."""
        return self.menu.handle(intent, self.menu_area(hud))

    def point(self, at: tuple[int, int], hud: pygame.Rect) -> None:
        """The pointer moved to ``at``: a button under it takes the focus (Enter presses it),
        and leaving the buttons lets the keys move on the board again."""
        if self.handle(Point(at), hud):
            self.menu.pad = KEYBOARD
        else:
            self.menu.focus = -1

    def to_buttons(self, on: bool, pad: int = KEYBOARD) -> None:
        """Give the focus to the buttons (Start, or a step right off the board) for ``pad``,
        or take it back."""
        enabled = [i for i, item in enumerate(self.menu.items) if item.enabled]
        self.menu.focus = enabled[0] if on else -1
        self.menu.pad = pad
        self.ctx.audio.play(Cue.SELECT)

    def buttons(self, intent: Navigate | Activate, hud: pygame.Rect) -> None:
        """A key or a pad's step or press on the buttons."""
        menu = self.menu
        if isinstance(intent, Activate):
            self.handle(intent, hud)
            return
        # A step off the buttons' left or top edge goes back to the board (which lies left of
        # and above them); the other edges stop, as all do a direction held.
        focus = menu.focus
        if not menu.step(intent.dx, intent.dy):
            if not intent.held:
                self.to_buttons(False)
        elif menu.focus != focus:
            self.ctx.audio.play(Cue.SELECT)


@functools.lru_cache(maxsize=8)
def _preview_places(
    hud: tuple[int, int, int, int], words: HudView, size: tuple[int, int], labels: tuple[str, ...]
) -> tuple[tuple[int, int, int, int], ...]:
    """:meth:`SidePanel.preview_rects` in a panel ``hud`` showing ``words`` over the buttons
    ``labels``, on a window ``size`` big. Kept: every frame of a collapse asks, for the ring
    round the outcome chosen (the words, the buttons and two placings of the squares)."""
    scale = theme.scale(size)
    bottom = _menu_shape(hud, size, labels)[0][1] - scale.px(16)  # the buttons' top
    top = hud_panel.lay_out(hud, words, scale).steady
    places = Previews.places(pygame.Rect(hud), top, bottom, size)
    clear = top - ring_reach(places[0], size[1]).top  # the ring reaches up so far
    if clear > 0:
        places = Previews.places(pygame.Rect(hud), top + clear, bottom, size)
    return tuple((*rect,) for rect in places)


@functools.lru_cache(maxsize=8)
def _menu_shape(
    hud: tuple[int, int, int, int], size: tuple[int, int], labels: tuple[str, ...]
) -> tuple[tuple[int, int, int, int], int]:
    """The panel's buttons: where they go and in how many columns, a row of six, or two
    rows of three where the panel is too narrow for six to show their words (a square
    window). Kept: every frame asks, and measuring the words is not free."""
    scale = theme.scale(size)
    inner = pygame.Rect(hud).inflate(-2 * scale.px(24), 0)
    face = theme.font(min(scale.body, scale.button // 2), True)  # as a focused label
    widest = max(face.size(label)[0] for label in labels)
    one_row = inner.width >= 6 * (widest + scale.button // 2)
    height = scale.button if one_row else round(scale.button * 2.2)  # the menu's gap
    area = (inner.x, hud[1] + hud[3] - height - scale.px(24), inner.width, height)
    return area, 6 if one_row else 3
