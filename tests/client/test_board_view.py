"""The board's geometry for every variant and window, and drawing that changes nothing."""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
import sys
from pathlib import Path
from random import Random

import pygame
import pytest

from game.client import theme
from game.client.board_grid import grid_pieces, grid_sheet
from game.client.board_layout import boards_in_play, layout_board, mini_boards
from game.client.board_marks import classical_center
from game.client.board_view import BoardView, Look, allowed_cells, paint_board, shown_allowed
from game.client.effects import Effects
from game.client.row_lines import draw_row_line, finished_rows, row_width
from game.client.scene import SceneName, make_scene
from game.client.still import Still
from game.client.theme import HIGH_CONTRAST, NORMAL
from game.commands.bench_render import biggest_collapse
from game.records import Record
from game.rules import VARIANTS, Goff, Place, Player, Position, make_variant
from game.rules.playout import random_playout
from game.session import Snapshot
from net.protocol import Party, Standing
from tests.client.collapses import big_collapse
from tests.client.driver import Driver
from tests.rules.scenario import SQUARED_SHARED_WIN, played

SIZES = [(1280, 720), (800, 450), (720, 900), (2560, 1440)]
VARIANT_NAMES = sorted(VARIANTS)
PALETTES = (NORMAL, HIGH_CONTRAST)


@pytest.mark.parametrize(("name", "size"), list(itertools.product(VARIANT_NAMES, SIZES)))
def test_cells_are_disjoint_squares_inside_the_panel(name: str, size: tuple[int, int]) -> None:
    variant = make_variant(name)
    area = pygame.Rect(0, 0, round(size[0] * 0.6), size[1])
    layout = layout_board(variant, area)
    assert area.contains(layout.area)
    cells = layout.cells
    assert len(cells) == variant.cell_count
    for rect in cells:
        assert rect.width == rect.height == layout.cell_size > 0
        assert layout.area.contains(rect)
    for a, b in itertools.combinations(cells, 2):
        assert not a.colliderect(b)
    # The grid on screen is the variant's own.
    for row in variant.grid():
        ys = {cells[c].y for c in row}
        xs = [cells[c].x for c in row]
        assert len(ys) == 1 and xs == sorted(xs)
    for cell, rect in enumerate(cells):
        assert layout.cell_at(rect.center) == cell


def test_squared_and_ultimate_have_nine_mini_boards_drawn_apart() -> None:
    for name in ("squared", "ultimate"):
        variant = make_variant(name)
        boards = mini_boards(variant)
        assert [len(b) for b in boards] == [9] * 9
        layout = layout_board(variant, pygame.Rect(0, 0, 900, 900))
        rects = [rect for rect, _ in layout.boards]
        for a, b in itertools.combinations(rects, 2):
            assert not a.inflate(4, 4).colliderect(b)
    assert len(mini_boards(make_variant("goff"))) == 1


@pytest.mark.parametrize("count", [1, 4, 9, 10, 16, 25])
@pytest.mark.parametrize("side", [40, 60, 200])
def test_spooky_marks_in_one_cell_never_overlap(count: int, side: int) -> None:
    variant = make_variant("nxn", {"size": 6})
    layout = layout_board(variant, pygame.Rect(0, 0, side * 6.4, side * 6.4))
    cell = 7
    slot = layout.slot_size(count)
    centers = [layout.slot_center(cell, i, count) for i in range(count)]
    box = layout.cells[cell]
    for x, y in centers:
        assert box.left <= x - slot / 2 and x + slot / 2 <= box.right + 1
        assert box.top <= y - slot / 2 and y + slot / 2 <= box.bottom + 1
    for (ax, ay), (bx, by) in itertools.combinations(centers, 2):
        assert max(abs(ax - bx), abs(ay - by)) >= slot - 1e-6


def test_a_spooky_mark_is_found_where_it_is_drawn() -> None:
    variant = make_variant("goff")
    pos = Record(variant, ["1-5", "2-5", "3-5", "4-5", "5-6", "5-7", "5-8"]).final()
    layout = layout_board(variant, pygame.Rect(0, 0, 700, 700))
    for k, a, b in pos.spooky_marks:
        for cell in (a, b):
            x, y = layout.mark_center(pos, k, cell)
            assert layout.spooky_at(pos, (round(x), round(y))) == (k, cell)


def test_allowed_cells_follow_the_legal_placements() -> None:
    ultimate = make_variant("ultimate")
    pos = Position(ultimate).play(ultimate.parse_token("1.2-3.4"))
    allowed = allowed_cells(pos)
    assert allowed == {c for c in range(81) if c // 9 in (1, 3)}
    partner = allowed_cells(pos, ultimate.parse_cell("2.1"))
    assert partner == {c for c in range(81) if c // 9 == 3}
    for a in sorted(allowed)[:5]:
        for b in allowed_cells(pos, a):
            pos.check(Place(a, b))


def test_the_held_first_half_stays_lit_where_the_rules_rule_cells_out() -> None:
    ultimate = make_variant("ultimate")
    pos = Position(ultimate).play(ultimate.parse_token("1.2-3.4"))  # sent to boards 2 and 4
    first = ultimate.parse_cell("2.1")
    lit = shown_allowed(pos, first, allowed_cells(pos, first))
    assert lit == {c for c in range(81) if c // 9 == 3}  # the second half: board 4 alone
    assert shown_allowed(pos, None, allowed_cells(pos)) == allowed_cells(pos)
    goff = make_variant("goff")
    fresh = Position(goff)
    # Nothing ruled out: nothing lit (every open cell would be, which says nothing).
    assert shown_allowed(fresh, None, allowed_cells(fresh)) is None
    assert shown_allowed(fresh, 4, allowed_cells(fresh, 4)) is None


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_drawing_any_position_changes_no_position(screen: pygame.Surface, name: str) -> None:
    variant = make_variant(name)
    rng = Random(2)
    view = BoardView(variant)
    layout = view.layout(pygame.Rect(20, 20, 680, 680))
    pos = Position(variant)
    while not pos.is_over:
        before = (pos, pos.cells, pos.spooky_marks, pos.move_number)
        preview = pos.collapse_outcomes()[0][1] if pos.awaiting_collapse else {}
        for palette in (NORMAL, HIGH_CONTRAST):
            look = Look(hover=0, picked=None, preview=tuple(preview.items()))
            view.draw(screen, layout, pos, palette, look, 1.0)
        assert (pos, pos.cells, pos.spooky_marks, pos.move_number) == before
        pos = pos.play(rng.choice(pos.legal_actions()))
    final = random_playout(Position(variant), rng)
    view.draw(screen, layout, final, NORMAL)


def test_the_play_scene_draws_without_moving_anything(tmp_path: Path) -> None:
    d = Driver(tmp_path)
    try:
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        for token in ["1-2", "2-5", "5-9", "1-5"]:
            d.play(d.scene.variant, token, "mouse")
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RETURN)  # the collapse starts its burst
        d.frames(20)
        scene = d.scene
        state = scene.effects.state()
        surface = pygame.display.get_surface()
        for alpha in (0.0, 0.3, 0.99):
            scene.draw(surface, alpha)
        assert scene.effects.state() == state
    finally:
        d.close()


def test_nothing_happens_when_the_client_is_imported() -> None:
    code = (
        "import pkgutil, importlib, pygame, game.client, game.client.scenes\n"
        "for pkg in (game.client, game.client.scenes):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(f'{pkg.__name__}.{m.name}')\n"
        "assert not pygame.display.get_init(), 'display started at import'\n"
        "assert not pygame.font.get_init(), 'fonts started at import'\n"
        "assert not pygame.mixer.get_init(), 'mixer started at import'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr


def test_rows_struck_one_by_one_look_as_if_struck_at_once(screen: pygame.Surface) -> None:
    # Win sweeps hand their rows to the board one after another; the board strikes each new
    # one on the layer it keeps instead of rendering it all again.
    variant = make_variant("ultimate")
    rng = Random(3)
    final = random_playout(Position(variant), rng)
    while final.outcome is None or len(final.outcome.rows) < 3:
        final = random_playout(Position(variant), rng)
    rows = final.outcome.rows
    view = BoardView(variant)
    layout = view.layout(pygame.Rect(20, 20, 680, 680))
    view.draw(screen, layout, final, NORMAL, Look(show_last=False))
    renders = view.renders
    for n in range(1, len(rows) + 1):
        screen.fill((0, 0, 0))
        view.draw(screen, layout, final, NORMAL, Look(show_last=False, rows=rows[:n]))
    assert view.renders == renders  # struck on the kept layer, not rendered again
    one_by_one = pygame.image.tobytes(screen, "RGB")
    screen.fill((0, 0, 0))
    BoardView(variant).draw(screen, layout, final, NORMAL, Look(show_last=False, rows=rows))
    assert pygame.image.tobytes(screen, "RGB") == one_by_one
    # Rows taken back (a new game, an undo) are not something a layer can unstrike.
    view.draw(screen, layout, final, NORMAL, Look(show_last=False, rows=rows[:1]))
    assert view.renders == renders + 1
    screen.fill((0, 0, 0))
    BoardView(variant).draw(screen, layout, final, NORMAL, Look(show_last=False, rows=rows[:1]))
    fresh = pygame.image.tobytes(screen, "RGB")
    screen.fill((0, 0, 0))
    view.draw(screen, layout, final, NORMAL, Look(show_last=False, rows=rows[:1]))
    assert pygame.image.tobytes(screen, "RGB") == fresh  # drawn again in the kept layer's memory


def test_a_zoom_draws_into_a_layer_of_its_size_kept_from_before(screen: pygame.Surface) -> None:
    # Squared's and Ultimate's zoom changes the board panel's size from move to move; each new
    # layer's memory cost its first touch (4.7 ms at 4K, an Ultimate collapse's first frame).
    ultimate = make_variant("ultimate")
    view = BoardView(ultimate)
    area = pygame.Rect(0, 0, 700, 700)
    pos = played(ultimate, "1.1-9.9", "1.5-3.5")
    zooms = [frozenset(), frozenset({0}), frozenset({0, 1})]  # three panel sizes
    layouts = [view.layout(area, zoom) for zoom in zooms]
    assert len({layout.area.size for layout in layouts}) == 3
    layers = []
    for i, layout in enumerate([*layouts, *layouts]):
        look = Look(show_last=bool(i % 2))  # a change to draw each time
        layers.append(view.layer(layout, pos, NORMAL, look))
        fresh = BoardView(ultimate).layer(layout, pos, NORMAL, look)
        assert pygame.image.tobytes(layers[-1], "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    assert [id(layer) for layer in layers[3:]] == [id(layer) for layer in layers[:3]]


@pytest.mark.parametrize(("name", "side"), [("goff", 640), ("ultimate", 900), ("nxn", 700)])
def test_marks_landing_one_by_one_look_as_if_the_layer_was_drawn_afresh(
    screen: pygame.Surface, name: str, side: int
) -> None:
    # A collapse's marks land one after another and each is handed back to the board: it is
    # drawn on the kept layer alone (no re-render in the burst), and only its cell's part
    # of a still picture changes; the layer must be the one a re-render draws.
    variant = make_variant(name, {"size": 4} if name == "nxn" else None)
    before, after = big_collapse(variant, 2)
    view = BoardView(variant)
    layout = view.layout(pygame.Rect(10, 10, side, side))
    effects = Effects(Random(1))
    effects.step(before, after, layout, NORMAL)
    hidden = effects.hidden_cells
    assert len(hidden) >= 3
    view.layer(layout, after, NORMAL, Look(hidden=hidden, landing=effects.landing_cells))
    renders, parts = view.renders, view.parts(layout, NORMAL)
    while effects.busy:
        effects.update(1 / 120)
        look = Look(hidden=effects.hidden_cells, landing=effects.landing_cells)
        if look.hidden == hidden:
            continue
        layer = view.layer(layout, after, NORMAL, look)
        fresh = BoardView(variant).layer(layout, after, NORMAL, look)
        assert pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(fresh, "RGB")
        now = view.parts(layout, NORMAL)
        changed = {c - 1 for c, (a, b) in enumerate(zip(parts, now, strict=True)) if a != b}
        assert changed == hidden - look.hidden
        hidden, parts = look.hidden, now
    assert not hidden and view.renders == renders  # no board drawn afresh in the burst
    # The mini-boards the collapse won show their win once every mark has landed, drawn
    # again round those boards alone; the layer and the texts it records are a render's.
    look = Look(hidden=effects.hidden_cells, landing=effects.landing_cells)
    layer = view.layer(layout, after, NORMAL, look)
    fresh = BoardView(variant).layer(layout, after, NORMAL, look)
    assert pygame.image.tobytes(layer, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert sorted(map(repr, layer.drawn)) == sorted(map(repr, fresh.drawn))  # type: ignore[attr-defined]
    assert view.renders == renders


@pytest.mark.parametrize("name", ["squared", "ultimate"])
def test_the_mini_boards_in_play_are_drawn_large(screen: pygame.Surface, name: str) -> None:
    """The focus view: the boards in play get bigger cells than an even board's, the cells
    stay disjoint squares where clicks find them, and the drawing follows the focus."""
    variant = make_variant(name)
    boards = mini_boards(variant)
    area = pygame.Rect(10, 10, 700, 700)
    even = layout_board(variant, area)
    pos = Record(variant, ["1.1-5.5", "5.1-9.9"]).final()
    view = BoardView(variant)
    screen.fill((0, 0, 0))
    view.draw(screen, view.layout(area), pos, NORMAL)
    before = pygame.image.tobytes(screen, "RGB")
    for focus in ({4}, {0}, {2, 6}):
        layout = layout_board(variant, area, frozenset(focus))
        assert area.contains(layout.area)
        for b in focus:
            assert layout.cells[boards[b][0]].width > even.cell_size * 1.2
        for a, b in itertools.combinations(layout.cells, 2):
            assert a.width == a.height and not a.colliderect(b)
        assert all(layout.cell_at(rect.center) == c for c, rect in enumerate(layout.cells))
        screen.fill((0, 0, 0))
        view.draw(screen, view.layout(area, frozenset(focus)), pos, NORMAL)
        assert pygame.image.tobytes(screen, "RGB") != before
    screen.fill((0, 0, 0))
    view.draw(screen, view.layout(area), pos, NORMAL)
    assert pygame.image.tobytes(screen, "RGB") == before
    # The cached layer follows the cells, not only the panel: a focus that happens to give
    # the same panel (seen at 4K) still redraws.
    same_panel = dataclasses.replace(even, cells=tuple(reversed(even.cells)))
    screen.fill((0, 0, 0))
    view.draw(screen, same_panel, pos, NORMAL)
    assert pygame.image.tobytes(screen, "RGB") != before


def test_a_game_won_on_a_line_of_mini_boards_shows_that_line_struck_through(
    screen: pygame.Surface,
) -> None:
    # Squared and Ultimate end on a line of won mini-boards: the finished board zooms on the
    # boards of that line and strikes it through their centres in the winner's colour, twice
    # as wide as the rows inside the boards, across the gaps between boards too.
    squared = make_variant("squared")
    area = pygame.Rect(10, 10, 700, 700)
    view = BoardView(squared)
    # X alone wins the top row of boards (taking board 3 with a cycle of its own marks):
    # the boards below it are drawn small.
    x_3 = ("3.7-3.8", "4.1-4.2", "3.8-3.9", "4.2-4.3", "3.7-3.9", "17@3.7")
    x_won = played(squared, *SQUARED_SHARED_WIN[:16], *x_3)
    assert x_won.outcome is not None and x_won.outcome.winner is Player.X
    assert boards_in_play(x_won) == {0, 1, 2}
    zoomed = [rect for rect, _ in view.layout(area, boards_in_play(x_won)).boards]
    assert all(zoomed[b].width > 2 * zoomed[b + 3 * k].width for b in range(3) for k in (1, 2))
    # A shared win: X's top row and O's right column.
    end = played(squared, *SQUARED_SHARED_WIN)
    assert end.outcome is not None
    lines = finished_rows(end)
    assert lines[: len(end.outcome.rows)] == end.outcome.rows
    assert [(r.player, r.cells) for r in lines[len(end.outcome.rows) :]] == [
        (Player.X, (4, 13, 22)),  # 1.5, 2.5, 3.5
        (Player.O, (22, 49, 76)),  # 3.5, 6.5, 9.5
    ]
    assert finished_rows(played(Goff(), "1-2")) == ()
    assert boards_in_play(end) == {0, 1, 2, 5, 8}  # a board in every band: none is small
    layout = view.layout(area, boards_in_play(end))
    boards = [rect for rect, _ in layout.boards]
    assert row_width(layout, (4, 13, 22)) == 2 * row_width(layout, (0, 1, 2))
    for rows, struck in ((end.outcome.rows, False), (lines, True)):
        screen.fill((0, 0, 0))
        view.draw(screen, layout, end, NORMAL, Look(show_last=False, rows=rows))
        # Midway between mini-boards 1 and 2 on X's line, and between 6 and 9 on O's.
        x_gap = ((boards[0].right + boards[1].left) // 2, classical_center(layout.cells[4])[1])
        o_gap = (classical_center(layout.cells[49])[0], (boards[5].bottom + boards[8].top) // 2)
        for gap, player in ((x_gap, Player.X), (o_gap, Player.O)):
            around = itertools.product((-1, 0, 1), repeat=2)
            near = [screen.get_at((gap[0] + dx, gap[1] + dy))[:3] for dx, dy in around]
            assert (NORMAL.of(player) in near) is struck


def test_the_play_scenes_still_picture_is_never_stale(tmp_path: Path) -> None:
    # Every frame through a game and its collapse show, drawn from the kept still picture,
    # must be the frame painted from scratch: a key that misses a change would show.
    d = Driver(tmp_path, size=(960, 540))
    try:
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        scene = d.scene
        surface = pygame.display.get_surface()
        checked = 0

        def same_as_painted_afresh(frames: int) -> None:
            nonlocal checked
            for _ in range(frames):
                d.frames(1)
                scene.draw(surface, 0.5)
                kept = pygame.image.tobytes(surface, "RGB")
                scene.still = Still()
                scene.draw(surface, 0.5)
                assert pygame.image.tobytes(surface, "RGB") == kept
                checked += 1

        for token in ["1-2", "2-5", "5-9"]:
            d.play(scene.variant, token, "mouse")
            same_as_painted_afresh(2)
        d.play(scene.variant, "1-5", "mouse")  # a cycle: the show holds the board
        same_as_painted_afresh(40)
        d.key(pygame.K_RIGHT)  # an outcome looked at
        same_as_painted_afresh(3)
        d.key(pygame.K_RETURN)  # chosen: the marks fly, the banner, the landing
        for _ in range(12):
            same_as_painted_afresh(1)
            d.frames(14)
        d.click(scene.panel.menu_area(scene._areas()[1]).center)  # a button under the pointer
        same_as_painted_afresh(3)
        assert checked > 60
    finally:
        d.close()


def test_the_tv_scenes_still_picture_is_never_stale(tmp_path: Path) -> None:
    # The big screen is shown what a party table's host sends; every frame of a game, its
    # collapse and a new scoreboard, drawn from the kept picture, is the one painted afresh.
    d = Driver(tmp_path, size=(960, 540))
    try:
        goff = make_variant("goff")
        tokens = biggest_collapse(goff, 30, Random(5))
        tv = make_scene(SceneName.TV, d.app)
        surface = pygame.display.get_surface()

        def party(games: int) -> Party:
            standings = (Standing("Ada", 2 * games, games, games, 0, True, 1),)
            return Party(
                "winner-stays", "Ada plays", False, games, ("Ada", "Bo"), (), standings, 0, 0
            )

        def same_as_painted_afresh(frames: int) -> None:
            for _ in range(frames):
                for _ in range(2):
                    tv.update(1 / 120)
                tv.draw(surface, 0.5)
                kept = pygame.image.tobytes(surface, "RGB")
                tv.still = Still()
                tv.draw(surface, 0.5)
                assert pygame.image.tobytes(surface, "RGB") == kept

        tv.take(party(1), 0.0)
        for n in range(len(tokens) - 3, len(tokens) + 1):
            moves = tuple(tokens[:n])
            tv.take(Snapshot(goff, moves, Record(goff, list(moves)).final()), 0.0)
            same_as_painted_afresh(2)
        before = Record(goff, tokens).final()
        collapse = before.legal_actions()[0]
        moves = (*tokens, goff.token(collapse))
        tv.take(Snapshot(goff, moves, before.play(collapse)), 0.0)
        while tv.effects.busy:  # the marks fly and land one by one: each frame, to the end
            same_as_painted_afresh(1)
        assert before.play(collapse).outcome is not None
        struck = 0
        while tv.effects.active:  # the winning row swept, then struck on the board alone
            same_as_painted_afresh(1)
            struck = max(struck, len(tv.view._struck))
            for _ in range(4):
                tv.update(1 / 60)
                tv.draw(surface, 0.5)
        assert struck  # the row was a part of its own, not the whole board again
        tv.take(party(2), 0.0)
        same_as_painted_afresh(3)
    finally:
        d.close()


@pytest.mark.parametrize("size", [(720, 1280), (1080, 1920), (700, 1000)])
def test_a_portrait_screen_puts_the_panel_under_the_board(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    d = Driver(tmp_path, size=size)
    try:
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        board, hud = d.scene._areas()
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(board) and screen.contains(hud)
        assert hud.top > board.bottom and not hud.colliderect(board)
        assert hud.width >= board.width  # not a sliver beside it
        # The board still takes the width; a window nearly square leaves the panel (its
        # words, the collapse previews as a sofa reads them, the buttons) half its height.
        assert board.width >= size[0] * (0.8 if size[1] >= size[0] * 1.5 else 0.65)
    finally:
        d.close()


def test_a_window_a_little_taller_than_wide_puts_the_panel_where_the_board_is_larger(
    tmp_path: Path,
) -> None:
    # Under the board, the panel's words, previews and buttons would leave it 401 pixels.
    d = Driver(tmp_path, size=(900, 1000))
    try:
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        board, hud = d.scene._areas()
        assert hud.left > board.right and board.width > 401
    finally:
        d.close()


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_board_painted_over_anything_is_the_board_over_the_backdrop(
    screen: pygame.Surface, name: str
) -> None:
    # paint_board leaves the backdrop out wherever the layer's panel covers it: only right
    # while every pixel of the layer there is opaque, whatever the position and the look.
    variant = make_variant(name, {"size": 4} if name == "nxn" else None)
    before, after = big_collapse(variant, 3)
    finished = random_playout(Position(variant), Random(4))
    view = BoardView(variant)
    layout = view.layout(pygame.Rect(30, 12, 690, 690))
    looks = [
        (before, Look()),  # the collapse awaited: its marks lit, the rest veiled
        (after, Look(hidden=frozenset(c for c, k in enumerate(after.cells) if k))),
        (finished, Look(rows=finished.outcome.rows if finished.outcome else ())),
        (finished, Look(allowed=frozenset({0, 1}), show_labels=False)),
    ]
    cell = layout.cells[len(layout.cells) // 2]
    for pos, look in looks:
        layer = view.layer(layout, pos, NORMAL, look)
        for clip in (None, cell.inflate(40, 40), layout.area.inflate(60, 60)):
            expected = screen.copy()
            expected.set_clip(clip)
            theme.backdrop(expected, NORMAL, 0.0, drift=False)
            expected.blit(layer, layout.area)
            painted = expected.copy()
            painted.set_clip(clip)
            painted.fill((255, 0, 255), layout.area)  # anything: the panel must cover it
            paint_board(painted, layer, layout, NORMAL)
            assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(expected, "RGB")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_grid_blended_board_by_board_is_the_grid_of_one_sheet(
    screen: pygame.Surface, name: str
) -> None:
    # Each mini-board's grid is a sprite of its own (kept across Ultimate's zooms): right only
    # while their pixels never touch, at every size down to a thumbnail's, in every focus.
    variant = make_variant(name, {"size": 4} if name == "nxn" else None)
    count = len(mini_boards(variant))
    focuses = {frozenset(), frozenset({0}), frozenset({count // 2, count - 1})}
    for side, focus, palette in itertools.product((64, 90, 150, 690, 2014), focuses, PALETTES):
        layout = layout_board(variant, pygame.Rect(7, 3, side, side), focus)
        off = (-layout.area.x, -layout.area.y)
        whole = pygame.Surface(layout.area.size, pygame.SRCALPHA)
        whole.fill((*palette.board, 255))
        pieces = whole.copy()
        whole.blit(grid_sheet(layout, off, palette), (0, 0))
        pieces.blits(grid_pieces(layout, off, palette))
        assert pygame.image.tobytes(pieces, "RGBA") == pygame.image.tobytes(whole, "RGBA")


def test_the_backdrop_left_out_under_a_side_panel_is_covered_by_it(screen: pygame.Surface) -> None:
    # paint_board leaves the backdrop out under the panels named to it: right only while the
    # panel painted next (backed_panel) covers every pixel there, over any clip.
    variant = make_variant("goff")
    before, _ = big_collapse(variant, 3)
    view = BoardView(variant)
    layout = view.layout(pygame.Rect(30, 12, 690, 690))
    layer = view.layer(layout, before, NORMAL)
    side = pygame.Rect(760, 40, 480, 640)
    for clip in (None, side.inflate(40, 40), pygame.Rect(700, 0, 120, 720), side.move(300, 0)):
        expected = screen.copy()
        expected.set_clip(clip)
        theme.backdrop(expected, NORMAL, 0.0, drift=False)
        expected.blit(layer, layout.area)
        theme.backed_panel(expected, NORMAL, side, 18, 170)
        painted = expected.copy()
        painted.set_clip(clip)
        painted.fill((255, 0, 255))  # anything: backdrop, board and panel must cover it
        paint_board(painted, layer, layout, NORMAL, (side,))
        theme.backed_panel(painted, NORMAL, side, 18, 170)
        assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(expected, "RGB")


@pytest.mark.parametrize(
    ("start", "end"),
    [
        ((40, 300), (560, 300)),  # across
        ((300, 40), (300, 560)),  # down
        ((40, 40), (560, 560)),  # a diagonal: its box mostly clear glass
        ((560, 40), (40, 560)),  # the other one
        ((40.5, 100.25), (560.75, 470.5)),  # shallow, off whole pixels
        ((200.3, 20.9), (330.6, 580.2)),  # steep
        ((300, 300), (307, 303)),  # a sweep's first frame
        ((300, 300), (300, 300)),  # no length at all
    ],
)
def test_a_row_line_blends_its_glow_where_it_says_and_as_a_whole_sheet_would(
    start: tuple[float, float], end: tuple[float, float]
) -> None:
    """A row's glow is blended in bands across the line, not its whole box: every pixel comes
    out as blending the whole sheet gives, and nothing changes outside the bands it returns
    (a sweep's frame puts back only those)."""
    color, width, ground = (230, 80, 60), 14, (20, 24, 60)
    drawn = pygame.Surface((600, 600))
    drawn.fill(ground)
    bands = draw_row_line(drawn, start, end, color, width)

    whole = pygame.Surface((600, 600))
    whole.fill(ground)
    box = pygame.Rect(start, (0, 0)).union(pygame.Rect(end, (0, 0))).inflate(width * 4, width * 4)
    glass = pygame.Surface(box.size, pygame.SRCALPHA)
    ends = [(p[0] - box.x, p[1] - box.y) for p in (start, end)]
    pygame.draw.line(glass, (*color, 80), *ends, width * 3)
    for p in ends:
        pygame.draw.circle(glass, (*color, 80), p, width * 1.5)
    whole.blit(glass, box)
    pygame.draw.line(whole, color, start, end, width)
    for p in (start, end):
        pygame.draw.circle(whole, color, p, width / 2)

    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(whole, "RGB")
    outside = drawn.copy()
    for band in bands:
        outside.fill(ground, band)
    changed = pygame.mask.from_threshold(outside, ground, (1, 1, 1, 255))
    assert changed.count() == changed.get_size()[0] * changed.get_size()[1], "drawn outside"
    assert sum(b.width * b.height for b in bands) <= box.width * box.height


@pytest.mark.parametrize("palette", [NORMAL, HIGH_CONTRAST], ids=["normal", "high contrast"])
def test_marks_aside_from_an_awaited_cycle_are_drawn_in_their_aside_colour(
    screen: pygame.Surface, palette: theme.Palette
) -> None:
    # O2 and O4 close a cycle on cells 2 and 3; X1 (cells 1 and 5), X3 (5 and 9) and, in the
    # second game, a classical O in cell 7 stand aside. Their cells are dimmed, the marks in
    # them no darker than their aside colour (test_palette holds it readable): veiled over
    # as well, they were at 1.5:1 on the board.
    variant = make_variant("goff")
    aside = theme.mix(palette.board, palette.x, palette.aside)
    classical = theme.mix(palette.board, palette.o, palette.aside)
    for tokens, cell, color in (
        (["1-5", "2-3", "5-9", "2-3"], 0, aside),
        (["7-8", "7-8", "2@7", "1-5", "2-3", "5-9", "2-3"], 6, classical),
    ):
        pos = Record(variant, tokens).final()
        assert pos.awaiting_collapse and 0 not in pos.cycle()
        view = BoardView(variant)
        layout = view.layout(pygame.Rect(0, 0, 720, 720))
        layer = view.layer(layout, pos, palette, Look())
        rect = layout.cells[cell].move(-layout.area.x, -layout.area.y)
        seen = [
            layer.get_at((x, y))[:3]
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        ]
        # The mark's own pixels: cyan or orange, not the grey of the cell's label.
        hue = 0 if color[0] > color[2] else 2
        brightest = max(sum(c) for c in seen if c[hue] > c[2 - hue] + 40)
        assert brightest >= 0.9 * sum(color), (tokens, brightest, color)
