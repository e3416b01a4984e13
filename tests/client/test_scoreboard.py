"""The party's scoreboard panel (the TV, the party screen, a couch game's side panel) draws
what a real party host sends: each row's rank is the host's, not the row's place."""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.client import scoreboard, theme
from game.client.canvas import Canvas
from game.client.scene import SceneName, make_scene
from game.rules import make_variant
from net.host import new_table, start_host_thread
from net.party_host import PartyConfig, PartyHost
from net.protocol import Party, Standing
from tests.client.driver import Driver
from tests.net.conftest import Raw, host_config
from tests.net.test_party_protocol import came_and_went, played_apart


def test_a_guest_here_beyond_the_best_100_is_drawn_with_their_own_rank(
    screen: pygame.Surface, tmp_path: Path
) -> None:
    table = new_table(make_variant("goff"), "Party", tmp_path)
    make = functools.partial(PartyHost, party=PartyConfig(start_at=1000))
    handle = start_host_thread(table, host_config(tmp_path), make)
    try:
        came_and_went(handle.address, 120)
        played_apart(handle, 120)  # each to a place of their own; Zed, yet to play, is 121st
        zed = Raw(handle.address)
        zed.hello(name="zed")
        party = zed.expect(Party, lambda p: "zed" in p.queue)
        zed.close()
    finally:
        handle.stop()
    assert isinstance(party, Party) and len(party.standings) == 101
    # 1080 lines tall: the rows take pages, each up for PAGE_TIME; read every page.
    drawn: list[str] = []
    for page in range(101):
        canvas = Canvas((1920, 1080))
        area = pygame.Rect(40, 40, 900, 1000)
        scoreboard.draw(canvas, area, party, theme.NORMAL, 1.0, page * scoreboard.PAGE_TIME)
        drawn.extend(t.words for t in canvas.texts)
    assert "121.  zed" in drawn and "101.  zed" not in drawn
    assert "100.  guest 099" in drawn


TEN = "Maximilian"  # ten letters: a name at a party, whole at any shape of window
LONG = "Charlotte-the-Magnificent"


@pytest.mark.parametrize("size", [(1000, 1000), (900, 1000), (1920, 1080), (1080, 1920)])
def test_a_name_takes_the_room_its_row_has_and_shrinks_before_it_is_cut(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # A name had 58 % of the row whatever its points took, and past that it was cut at the
    # row's size: "4.  Charlotte-…" on a square window, "4.  Charlotte-the-…" at 1920×1080
    # where it fits whole a little smaller.
    d = Driver(tmp_path, size=size)
    try:
        names = (TEN, "Bo", "Dmitri", LONG)
        rows = tuple(
            Standing(name, 7 - 2 * i, 3, 2, 1, True, i + 1) for i, name in enumerate(names)
        )
        tv = make_scene(SceneName.TV, d.app)
        tv.take(Party("winner-stays", "", False, 3, (), (), rows, 0, 0))
        canvas = Canvas(size)
        tv.draw(canvas, 0.0)
        shown = {t.words: t for t in canvas.visible_texts()}
        unit = theme.scale(size).unit
        least = theme.scale(size).px(theme.LEAST_BODY)
        ten, bo = shown[f"1.  {TEN}"], shown["2.  Bo"]  # whole, as large as the row lets it
        assert ten.size == bo.size if size[0] > size[1] * 1.5 else ten.size >= least
        # The longest a player may take: whole if a size down to a sentence's least holds
        # it, else cut by halves (theme.cut) at the row's size, not small and cut as well;
        # clear of its points either way.
        [long] = [t for t in canvas.visible_texts() if t.words.startswith("4.  Charlotte")]
        if long.words == f"4.  {LONG}":
            assert least <= long.size <= bo.size
        else:
            assert long.size == bo.size and long.words.endswith("…"), long
        half = shown["½"]  # its points
        assert long.ink.right + round(8 * unit) <= half.ink.left
        baselines = {t.rect.top + theme.font(t.size).get_ascent() for t in (long, half)}
        assert len(baselines) == 1, baselines
    finally:
        d.close()


def test_fit_cuts_by_halves_as_every_screen_does() -> None:
    # One letter at a time, a host's notice of a thousand letters was measured a thousand
    # times (0.12 s); and it left "held.…", a stop before the ellipsis.
    face = theme.font(36)
    notice = "seat O is held. " + "Bo dropped, " * 90
    width = face.size("seat O is held.…")[0]
    assert scoreboard.fit(notice, 36, width) == theme.cut(notice, face, width) == "seat O is held…"


@pytest.mark.parametrize("height", [0, 20, 40, 60, 80, 100])
def test_a_scoreboard_draws_nothing_outside_its_area(screen: pygame.Surface, height: int) -> None:
    # On a tall big screen with the code to join under it, the column left the scoreboard
    # less than a row's room: its first row was drawn all the same, over the code.
    standings = tuple(Standing(n, 4, 2, 1, 0, True, i + 1) for i, n in enumerate(("Ada", "Bo")))
    party = Party("winner-stays", "", False, 2, ("Ada", "Bo"), (), standings, 0, 0)
    canvas = Canvas((1920, 1080))
    area = pygame.Rect(40, 40, 900, height)
    scoreboard.draw(canvas, area, party, theme.NORMAL, 1.0, 0.0)
    assert all(area.contains(t.ink) for t in canvas.texts), canvas.texts
    row = theme.font(30, True).get_height() + 8 + theme.font(30).get_linesize()  # least
    assert any(t.words == "1.  Ada" for t in canvas.texts) == (height >= row)


@pytest.mark.parametrize("height", [720, 1080, 2160])
def test_a_long_evening_s_numbers_keep_their_columns_apart(
    screen: pygame.Surface, height: int
) -> None:
    # Bots played 500 games in an evening: "133½", "258", "114" and "37" ran into one
    # another on the TV ("133½258114 37"). A column wider than its share pushes the columns
    # on its left further left; the names keep what is left.
    names = ("Bo", "Ada", "Cy", LONG)
    standings = tuple(
        Standing(name, 267 - 9 * i, 258 - 6 * i, 114 - 4 * i, 37, True, i + 1)
        for i, name in enumerate(names)
    )
    party = Party("winner-stays", "Bo wins the night", True, 500, (), (), standings, 0, 0)
    unit = height / 1080
    canvas = Canvas((round(height * 16 / 9), height))
    area = pygame.Rect(round(20 * unit), round(20 * unit), round(650 * unit), round(400 * unit))
    scoreboard.draw(canvas, area, party, theme.NORMAL, unit, 0.0)
    lines: dict[int, list[pygame.Rect]] = {}
    for text in canvas.texts:
        lines.setdefault(text.rect.y, []).append(text.ink)
    assert len(lines) >= 5  # the titles, and a line for each of the four
    for inks in lines.values():
        inks.sort(key=lambda ink: ink.x)
        assert all(a.right < b.left for a, b in itertools.pairwise(inks))
        assert all(area.contains(ink) for ink in inks)
    drawn = [text.words for text in canvas.texts]
    bo = drawn.index("1.  Bo")
    assert drawn[bo - 4 : bo] == ["133½", "258", "114", "37"]
    # A party before anyone came: the titles alone.
    canvas = Canvas(canvas.get_size())
    scoreboard.draw(canvas, area, replace(party, standings=()), theme.NORMAL, unit, 0.0)
    assert [text.words for text in canvas.texts] == ["SCOREBOARD", "PTS", "P", "W", "D"]


@pytest.mark.parametrize(("guests", "fit", "shown"), [(12, 11, [8, 4]), (10, 9, [7, 3])])
def test_a_page_holds_as_many_rows_as_fit(
    screen: pygame.Surface, guests: int, fit: int, shown: list[int]
) -> None:
    # Twelve guests where eleven rows fit: the TV showed eleven, then "11.  Hal" alone on a
    # page of its own for as long; then six and six, and ten guests where nine fit five and
    # five, with the room for two rows more under them.
    standings = tuple(
        Standing(f"guest {i:02}", 24 - 2 * i, 3, 1, 0, True, i + 1) for i in range(guests)
    )
    party = Party("round-robin", "Next game in a moment", False, 12, (), (), standings, 0, 0)
    unit = 2.0
    least = round(30 * unit)
    row = theme.font(least).get_linesize()
    title = theme.text("SCOREBOARD", least, theme.NORMAL.dim, True).get_height()
    # Room for ``fit`` rows at the least size, under the title.
    area = pygame.Rect(40, 40, 1300, title + round(8 * unit) + fit * row + row // 2)
    pages = []
    for page in range(2):
        canvas = Canvas((3840, 2160))
        scoreboard.draw(canvas, area, party, theme.NORMAL, unit, page * scoreboard.PAGE_TIME)
        pages.append([t for t in canvas.texts if "guest" in t.words])
    assert [len(rows) for rows in pages] == shown
    last = f"{guests}.  guest {guests - 1:02}"
    assert pages[0][0].words == "1.  guest 00" and pages[1][-1].words == last
    # As large as two pages allow, and no row past the room.
    (size,) = {t.size for rows in pages for t in rows}
    assert size >= least and all(t.rect.bottom <= area.bottom for t in pages[0])
    rows = area.bottom - pages[0][0].rect.top
    assert (shown[0] + 1) * theme.font(size).get_linesize() > rows


@pytest.mark.parametrize("height", [1080, 2160, 1920])
@pytest.mark.parametrize("rows", [1000, 300])  # all on one page; pages taking turns
def test_the_names_of_ranks_one_to_nine_and_ten_on_line_up(
    screen: pygame.Surface, height: int, rows: int
) -> None:
    # Twelve guests on the TV: "10.  Jo" began its name a digit further right than
    # "9.  Ida" above it, the names in a ragged column. The ranks stand right-aligned before
    # them, the names in one column on every page (the widest rank of all sets it).
    names = ("Ada", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", LONG)
    standings = tuple(
        Standing(name, 24 - 2 * i, 3, 1, 0, True, i + 1) for i, name in enumerate(names)
    )
    party = Party("round-robin", "", False, 18, (), (), standings, 0, 0)
    unit = height / 1080
    area = pygame.Rect(round(40 * unit), round(40 * unit), round(650 * unit), round(rows * unit))
    starts, ends, shown = set(), set(), []
    for page in range(2):
        canvas = Canvas((round(height * 16 / 9), height))
        scoreboard.draw(canvas, area, party, theme.NORMAL, unit, page * scoreboard.PAGE_TIME)
        for text in canvas.texts:
            rank, _, name = text.words.partition(".  ")
            name = LONG if name.endswith("…") and LONG.startswith(name[:-1]) else name
            if name in names:
                face = theme.font(text.size, rank == "1")
                ends.add(text.rect.x + face.size(f"{rank}.")[0])
                starts.add(text.rect.x + face.size(f"{rank}.  ")[0])
                shown.append(name)
                # A long name shrinks to its room: clear of its points all the same.
                row = [
                    t
                    for t in canvas.texts
                    if t is not text and abs(t.rect.centery - text.rect.centery) < text.size // 2
                ]
                assert all(text.ink.right < t.ink.left for t in row), (text, row)
    assert set(shown) == set(names)
    # Within a pixel of a 1080-line screen (letters measured alone and in a line round apart).
    assert max(starts) - min(starts) <= round(unit), sorted(starts)
    assert max(ends) - min(ends) <= round(unit), sorted(ends)
