"""The play scene as a player meets it: refusals in words, taking back, undo, save, rematch."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.client import move_list, theme, toast
from game.client.board_layout import boards_of
from game.client.board_marks import cell_label
from game.client.canvas import Canvas
from game.client.intents import KEYBOARD
from game.client.scene import SceneName
from game.client.scenes import play_words
from game.client.scenes.play import MESSAGE_TIME
from game.client.scenes.results import reason, verdict
from game.client.snapshot import sample
from game.client.still import Still
from game.client.widgets import ring_reach
from game.commands.bench_idle import display
from game.records import Record
from game.rules import Goff, Player, make_variant
from game.session import LocalSession
from net.framing import pack
from net.host import HostConfig, new_table, start_host_thread
from net.protocol import Notice
from tests.client.driver import LEFT, RIGHT, Driver
from tests.client.test_lan import LOOPBACK, join_by_address
from tests.rules.scenario import SQUARED_SHARED_WIN, played, random_game

GOFF = Goff()
SQUARED = make_variant("squared")


def start(d: Driver, tokens: list[str], variant=GOFF, seats=None) -> None:
    session = LocalSession(variant, record=Record(variant, list(tokens)))
    d.app.go(SceneName.PLAY, variant=variant, seats=seats or {}, session=session, seed=1)
    d.frames(2)
    assert d.name is SceneName.PLAY


def test_a_pick_on_a_classical_cell_is_explained_and_changes_nothing(driver: Driver) -> None:
    d = driver
    start(d, ["1-2", "2-5", "5-9", "1-5", "4@1"])
    before = d.scene.pos
    d.click(d.cell_center(4))  # cell 5 holds O2 now
    assert d.scene.message.text == "Cell 5 is classical"
    assert d.scene.picks.picked is None and d.scene.pos == before and len(d.scene.moves) == 5
    d.settle(5)
    assert d.scene.message is None


def test_the_first_half_shows_and_escape_or_right_click_takes_it_back(driver: Driver) -> None:
    d = driver
    start(d, [])
    d.click(d.cell_center(0))
    assert d.scene.picks.picked == 0
    d.key(pygame.K_ESCAPE)
    assert d.scene.picks.picked is None
    d.click(d.cell_center(3))
    d.click(d.cell_center(3), button=3)
    assert d.scene.picks.picked is None
    d.click(d.cell_center(3))
    d.click(d.cell_center(3))  # both halves in one cell is not move 9
    assert "last open cell" in d.scene.message.text
    assert d.scene.moves == ()
    d.click(d.cell_center(6))
    assert d.scene.moves == ("4-7",)


def test_the_ultimate_sending_rule_is_explained(driver: Driver) -> None:
    d = driver
    ultimate = make_variant("ultimate")
    start(d, ["1.2-3.4"], ultimate)  # sends the next pair to mini-boards 2 and 4
    d.click(d.cell_center(ultimate.parse_cell("5.5")))
    assert d.scene.message.text.startswith(
        "The pair 1.2-3.4 sends this move to mini-boards 2 and 4"
    )
    assert d.scene.picks.picked is None
    d.click(d.cell_center(ultimate.parse_cell("2.1")))
    d.click(d.cell_center(ultimate.parse_cell("4.9")))
    assert d.scene.moves == ("1.2-3.4", "2.1-4.9")


def test_a_pointers_second_half_lands_where_it_was_aimed(driver: Driver) -> None:
    # The mini-boards in play are drawn large: the first half picked by the pointer zoomed
    # onto its board, and the second click, aimed at a board as it was seen, hit another cell.
    d = driver
    ultimate = make_variant("ultimate")
    start(d, [], ultimate)  # a free first move: no board is in play yet
    first, second = (d.cell_center(ultimate.parse_cell(c)) for c in ("1.1", "9.9"))
    d.click(first)
    assert d.scene.picks.picked == ultimate.parse_cell("1.1")
    d.frames(2)
    assert d.cell_center(ultimate.parse_cell("9.9")) == second  # the board held still
    d.click(second)
    assert d.scene.moves == ("1.1-9.9",)
    # A pad's cursor steps by cells, not by pixels: its board still grows as it picks.
    d.key(pygame.K_RIGHT)
    cursor = d.scene.picks.cursors[KEYBOARD]
    d.key(pygame.K_RETURN)
    assert d.scene.picks.picked == cursor
    assert d.scene.picks.focus(d.scene.pos) == boards_of(ultimate, {cursor})


def test_a_stem_is_no_collapse_choice_and_the_cycle_mark_is(driver: Driver) -> None:
    d = driver
    start(d, ["1-2", "2-5", "5-9", "1-5"])
    pos = d.scene.pos
    assert pos.awaiting_collapse and pos.to_play is Player.X
    d.click(d.mark_center(pos, 3, 8))  # X3 in cell 9 hangs off the cycle
    assert d.scene.message.text == "Mark 3 is not on the cycle"
    d.click(d.mark_center(pos, 1, 1))  # X1 into cell 2
    assert d.scene.moves[-1] == "4@1"  # so O4 is pushed into cell 1
    assert d.scene.pos.cells[:2] == (4, 1) and d.scene.pos.cells[8] == 3


def test_undo_and_redo_step_one_token_at_a_time_and_a_collapse_is_a_step(driver: Driver) -> None:
    d = driver
    start(d, ["1-2", "2-5", "5-9", "1-5", "4@1"])
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.moves == ("1-2", "2-5", "5-9", "1-5") and d.scene.pos.awaiting_collapse
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.moves == ("1-2", "2-5", "5-9")
    d.key(pygame.K_y, pygame.KMOD_LCTRL)
    d.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert d.scene.moves[-1] == "4@1"
    d.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert d.scene.message.text == "Nothing to redo"


def test_undo_takes_back_a_half_picked_before_the_move_before_it(driver: Driver) -> None:
    # The half is the most recent thing done: Undo said "Nothing to undo" over it at the
    # start, and later undid the move before while the half stayed picked.
    d = driver
    start(d, [])
    d.click(d.cell_center(0))
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.picks.picked is None and d.scene.message is None
    d.click(d.cell_center(0))
    d.click(d.cell_center(1))
    d.click(d.cell_center(4))
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.picks.picked is None and d.scene.moves == ("1-2",)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.moves == ()


def test_undo_against_a_bot_goes_back_to_the_persons_turn(driver: Driver) -> None:
    d = driver
    start(d, [], seats={Player.X: None, Player.O: "beginner"})
    d.click(d.cell_center(0))
    d.click(d.cell_center(1))
    d.until(lambda: len(d.scene.moves) == 2)  # the bot answers
    answered = d.scene.moves
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.scene.moves == ()
    assert d.scene.pos.to_play is Player.X
    # Redo mirrors it: the move and the bot's reply come back, and the bot plays nothing new.
    d.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert d.scene.moves == answered and d.scene.pos.to_play is Player.X
    d.settle(1.0)
    assert d.scene.moves == answered


def test_save_writes_a_record_in_the_data_folder(driver: Driver, tmp_path: Path) -> None:
    d = driver
    start(d, ["1-2", "2-5"])
    d.key(pygame.K_s, pygame.KMOD_LCTRL)
    d.until(lambda: d.scene.message is not None)  # the worker thread saves
    assert d.scene.message.text.startswith("Saved as ")
    saved = list((tmp_path / "data" / "qttt" / "records").iterdir())
    assert len(saved) == 1
    assert json.loads(saved[0].read_text())["moves"] == ["1-2", "2-5"]


def test_a_save_that_fails_says_why_as_a_warning(driver: Driver, tmp_path: Path) -> None:
    d = driver
    # A file where the records folder should be: the folder cannot be made.
    (tmp_path / "data" / "qttt").mkdir(parents=True)
    (tmp_path / "data" / "qttt" / "records").write_text("in the way")
    start(d, ["1-2"])
    d.key(pygame.K_s, pygame.KMOD_LCTRL)
    d.until(lambda: d.scene.message is not None)
    records = tmp_path / "data" / "qttt" / "records"
    assert d.scene.message.text == f"Could not save in {records}: File exists"
    assert d.scene.message.warning


def test_two_escapes_leave_the_game(driver: Driver) -> None:
    d = driver
    start(d, ["1-2"])
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.PLAY
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE


def test_the_menu_button_asks_again_before_it_leaves_the_game(driver: Driver) -> None:
    d = driver
    start(d, ["1-2"])
    # Start goes to the buttons, and the stick held right runs along them to Menu.
    d.button(pygame.CONTROLLER_BUTTON_START)
    right = {"instance_id": 1, "axis": pygame.CONTROLLER_AXIS_LEFTX}
    d.post(pygame.CONTROLLERAXISMOTION, value=32767, **right)
    d.settle(2.0)
    d.post(pygame.CONTROLLERAXISMOTION, value=0, **right)
    menu = d.scene.panel.menu
    assert menu.items[menu.focus].label == "Menu"
    d.button(pygame.CONTROLLER_BUTTON_A)  # meant for the board: the game stays
    assert d.name is SceneName.PLAY
    assert d.scene.message.text == "Press A again to leave this game"
    d.button(pygame.CONTROLLER_BUTTON_A)
    assert d.name is SceneName.TITLE
    # A click on Menu asks the same.
    start(d, ["1-2"])
    panel = d.scene.panel
    at = panel.menu.rects(panel.menu_area(d.scene._areas()[1]))[-1].center
    d.click(at)
    assert d.name is SceneName.PLAY
    assert d.scene.message.text == "Click again to leave this game"
    d.click(at)
    assert d.name is SceneName.TITLE


def test_a_direction_held_stops_at_the_edge_of_the_board_and_a_press_crosses(
    driver: Driver,
) -> None:
    d = driver
    start(d, ["1-2"])
    menu, cursors = d.scene.panel.menu, d.scene.picks.cursors
    pad = d.app.input.pad_of(1)
    d.hold(RIGHT)  # the cursor shows in the middle, then steps right while held
    d.settle(2.0)
    assert cursors[pad] == 5 and menu.focus == -1  # still on the board, at its edge
    d.post(pygame.CONTROLLERBUTTONUP, instance_id=1, button=RIGHT)
    d.button(RIGHT)  # a press goes on to the buttons beside it
    assert menu.focus == 0
    d.button(RIGHT)
    d.hold(LEFT)  # back along them, and held, no further than their edge
    d.settle(2.0)
    assert menu.focus == 0
    d.post(pygame.CONTROLLERBUTTONUP, instance_id=1, button=LEFT)
    d.button(LEFT)
    assert menu.focus == -1
    # The arrow keys alike: their repeats (the key held down) stop at the board's edge.
    for _ in range(5):
        d.hold_key(pygame.K_RIGHT)
    assert cursors[KEYBOARD] == 5 and menu.focus == -1
    d.post(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    d.key(pygame.K_RIGHT)
    assert menu.focus == 0


def x_wins_by_its_own_last_action() -> list[str]:
    """A random Goff game that X wins with an action of its own (so a person can finish it)."""
    for seed in range(1000):
        tokens = random_game(GOFF, seed)
        mover = played(GOFF, *tokens[:-1]).to_play
        if played(GOFF, *tokens).outcome.winner is Player.X and mover is Player.X:
            return tokens
    raise AssertionError("no such game in a thousand")


def test_results_name_the_boards_that_ended_a_squared_game() -> None:
    # The rows inside the won boards are many, and 1.1-1.2-1.3 says nothing of the line of
    # boards that ended the game.
    end = Record(SQUARED, list(SQUARED_SHARED_WIN)).final()
    assert verdict(end) == "Shared win"
    assert reason(end) == (
        "It ended on three won mini-boards in a row (X: boards 1-2-3; O: boards 3-6-9)."
    )


def test_results_say_why_and_rematch_swaps_the_sides(driver: Driver) -> None:
    d = driver
    tokens = x_wins_by_its_own_last_action()
    start(d, tokens[:-1], seats={Player.X: None, Player.O: "beginner"})
    d.play(GOFF, tokens[-1], "mouse")
    d.settle()
    assert d.scene.pos.is_over and list(d.scene.moves) == tokens
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS
    assert verdict(d.scene.pos) == "X wins"
    # The player against a bot is named (the settings' name, "Player" by default).
    assert verdict(d.scene.pos, d.scene.names) == f"{d.app.settings.player_name} wins"
    assert reason(d.scene.pos).startswith("It ended on a classical row (X: ")
    d.key(pygame.K_RETURN)  # "Rematch, sides swapped"
    assert d.name is SceneName.PLAY
    assert d.scene.seats == {Player.X: "beginner", Player.O: None}
    assert d.scene.moves == ()


def test_enter_or_escape_held_is_one_press_not_a_run_of_them(driver: Driver) -> None:
    """Held a moment too long, Enter on "Play on this couch" went through the new game
    screen's Start into a game; Escape held in a game said "Press Escape again to leave"
    and then, the key repeating, left it."""
    d = driver
    d.hold_key(pygame.K_RETURN)
    assert d.name is SceneName.SETUP
    for _ in range(3):  # held down: pygame repeats the key, and the repeats do not count
        d.hold_key(pygame.K_RETURN)
    assert d.name is SceneName.SETUP
    d.post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    start(d, ["1-2"])
    d.hold_key(pygame.K_ESCAPE)
    for _ in range(3):
        d.hold_key(pygame.K_ESCAPE)
    assert d.name is SceneName.PLAY and "again to leave" in d.scene.message.text
    d.post(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    d.key(pygame.K_ESCAPE)  # pressed again: meant
    assert d.name is SceneName.TITLE


def test_f11_toggles_full_screen_once_per_press_and_remembers_it(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    d.hold_key(pygame.K_F11)
    assert d.app.settings.fullscreen
    assert json.loads((tmp_path / "settings.json").read_text())["fullscreen"] is True
    for _ in range(5):  # held down: pygame repeats the key, and the repeats do not count
        d.hold_key(pygame.K_F11)
    assert d.app.settings.fullscreen
    d.post(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    d.key(pygame.K_F11)
    assert not d.app.settings.fullscreen
    assert d.app.size == (1280, 720)
    d.post(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    d.hold_key(pygame.K_RETURN, pygame.KMOD_LALT)  # Alt+Enter alike
    d.hold_key(pygame.K_RETURN, pygame.KMOD_LALT)
    assert d.app.settings.fullscreen
    d.button(pygame.CONTROLLER_BUTTON_GUIDE)  # and from the pad
    assert not d.app.settings.fullscreen


# F11 twice in a real window: the window comes back at the size it had (a plain set_mode
# straight out of full screen kept the screen's size under SDL's own framebuffer).
F11_TWICE = """
import json, sys, tempfile
from pathlib import Path
import pygame
from game.client.app import App
from game.client.scenes import play_words
from game.client.scenes import play_words

def press(app, key):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    for _ in range(3):
        app.frame()

with tempfile.TemporaryDirectory() as home:
    app = App(settings_path=Path(home) / "settings.json")
    app.frame()
    sizes = [app.size]
    press(app, pygame.K_F11)
    sizes.append(app.size)
    press(app, pygame.K_F11)
    sizes.append(app.size)
    sizes.append(pygame.display.get_window_size())
    app.close()
print(json.dumps(sizes))
"""


@pytest.mark.skipif(
    shutil.which("Xvfb") is None and os.environ.get("CI") != "true",
    reason="opens a real window on an Xvfb of its own (apt-get install xvfb)",
)
def test_out_of_full_screen_a_real_window_takes_back_its_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)  # its own Xvfb, never the desktop's
    with display((1920, 1080)) as where:
        env = dict(os.environ, DISPLAY=where, SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)  # a real window
        done = subprocess.run(
            [sys.executable, "-W", "error::RuntimeWarning", "-c", F11_TWICE],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 0, done.stderr
    windowed, full, back, window = (tuple(size) for size in json.loads(done.stdout))
    assert windowed == back == window == (1280, 720) and full == (1920, 1080)


@pytest.mark.parametrize("size", [(1000, 1000), (900, 1000), (1280, 720), (1080, 1920)])
@pytest.mark.parametrize("name", ["Maximilianmorgan", "Charlotte-Magnifique"])
def test_a_long_name_in_the_panel_s_heading_shows_whole(
    tmp_path: Path, size: tuple[int, int], name: str
) -> None:
    """The heading over the side panel ("… to play", "… wins") was cut to "Maximilianmorgan
    w…" on a square window's narrow panel: on two lines, the name reads whole."""
    d = Driver(tmp_path, size=size)
    try:
        d.app.apply_settings(dataclasses.replace(d.app.settings, player_name=name))
        won = sample(GOFF, finished=True).moves  # X wins: the heading's longest
        for tokens in (["1-2", "2-5"], won):
            start(d, tokens, seats={Player.X: None, Player.O: "medium"})
            scene = d.scene
            scene.still = Still()
            canvas = Canvas(size)
            scene.draw(canvas, 0.0)
            hud = scene._areas()[1]
            shown = [t for t in canvas.visible_texts() if hud.contains(t.ink)]
            assert not any("…" in t.words for t in shown), [t.words for t in shown]
            headline = play_words.headline(scene.pos, scene.seating)[0]
            assert headline.startswith(name) and headline in " ".join(t.words for t in shown)
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)])
def test_a_toast_leaves_the_board_and_its_study_values_to_be_seen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Study on: its toast says what the values in the cells mean, and a refusal says why a
    pick was not taken; neither hides a cell, the bottom row's values above all (the toasts
    sat over them, over the board's bottom)."""
    d = Driver(tmp_path, size=size)
    try:
        start(d, ["1-2", "2-5", "5-9"])
        d.key(pygame.K_s)
        scene = d.scene
        assert scene.message.text.startswith("Study: each cell shows")
        d.until(lambda: scene.advice.study_at(scene.pos) is not None)
        cells = scene.layout().cells
        assert len(scene.advice.study_at(scene.pos)) >= 3  # the bottom row's open cells too

        def picture() -> Canvas:
            scene.still = Still()
            canvas = Canvas(size)
            scene.draw(canvas, 0.0)
            return canvas

        for _ in range(2):
            toasted = picture()
            message, scene.message = scene.message, None
            bare = picture()
            scene.message = message
            board = cells[0].unionall(cells[1:])
            before, after = (pygame.surfarray.array3d(c.subsurface(board)) for c in (bare, toasted))
            assert np.array_equal(before, after), f"{message.text!r} hides the board at {size}"
            # Its box is on the screen, off every cell, and its words read at the body size.
            [box] = [drawn.rect for drawn in toasted.drawn if drawn.kind == "cover"]
            assert pygame.Rect((0, 0), size).contains(box) and box.collidelist(cells) < 0
            body = theme.scale(size).body
            words = [t for t in toasted.visible_texts() if box.contains(t.rect)]
            assert words and all(t.size >= body for t in words)
            assert " ".join(t.words for t in words) == message.text
            d.click(d.cell_center(3))  # both halves in cell 4: refused, in a toast
            d.click(d.cell_center(3))
            assert "last open cell" in scene.message.text and scene.message.warning
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080), (1024, 768)])
def test_a_toast_in_a_collapse_leaves_its_two_outcomes_to_be_seen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """While a player chooses a collapse its toasts (how to choose, a notice from the table)
    stay off the two previews and the ring round the one looked at: they are the choice.
    Short of room under the panel's words, a toast covers those words instead."""
    d = Driver(tmp_path, size=size)
    try:
        start(d, ["1-2", "1-2"])  # a cycle of two: X chooses
        scene = d.scene
        assert scene.pos.awaiting_collapse and scene.pos.to_play is Player.X
        d.click(d.cell_center(8))  # off the cycle: the toast says how to choose
        assert scene.message.text.startswith("Click a mark on the lit cycle")
        hud = scene._areas()[1]
        previews = [ring_reach(r, size[1]) for r in scene.panel.preview_rects(hud, scene._words())]
        for text in (scene.message.text, " ".join(["Bo dropped; seat O is held for 60 s."] * 3)):
            scene._say(text)
            scene.still = Still()
            canvas = Canvas(size)
            scene.draw(canvas, 0.0)
            [box] = [drawn.rect for drawn in canvas.drawn if drawn.kind == "cover"]
            assert box.collidelist(previews) < 0, f"{text!r} covers an outcome at {size}"
            assert hud.contains(box)
            words = [t for t in canvas.visible_texts() if box.contains(t.rect)]
            # Its words, or as many as toast.LINES hold (a narrow panel's), then "…".
            shown = " ".join(t.words for t in words)
            assert shown == scene.message.text or (
                len(words) == toast.LINES and scene.message.text.startswith(shown.rstrip("…"))
            )
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_a_toast_s_word_too_long_for_its_line_stays_in_its_box(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A saved game's file name, or a guest's name without a space, is one word wider than
    the side panel: it shrinks to fit (cut short only past the smallest size), rather than
    run out of the toast over the board or off the window."""
    d = Driver(tmp_path, size=size)
    try:
        start(d, ["1-2", "2-5"])
        scene = d.scene
        saved = "Saved as 2026-11-22_0315_ultimate-12.qttt.json"
        for text in (saved, f"{'m' * 32} dropped; seat O is held for 60 s"):
            scene._say(text)
            scene.still = Still()
            canvas = Canvas(size)
            scene.draw(canvas, 0.0)
            [box] = [drawn.rect for drawn in canvas.drawn if drawn.kind == "cover"]
            words = [t for t in canvas.visible_texts() if t.rect.colliderect(box)]
            assert words and all(box.contains(t.rect) for t in words), f"{text!r} at {size}"
            if text == saved:
                assert " ".join(t.words for t in words) == text
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1280, 720), (1000, 1000), (1080, 1920)])
def test_a_host_s_notice_of_any_length_is_a_toast_of_three_lines_at_most(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A buggy or hostile host may send a notice as long as the wire takes a string (a
    thousand letters, net/framing.py), over the same TCP as any other: its toast is bounded
    in width by the panel, and in height by toast.LINES, the last ending with "…" (it grew
    as tall as its words, thirty lines, over the panel's buttons and past the window)."""
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    d = Driver(tmp_path, size=size)
    try:
        join_by_address(d, host.address)
        scene = d.scene
        for notice in (" ".join(["Bo dropped; seat O is held."] * 36), "m" * 1000):
            host.call(host.host._broadcast, pack(Notice(notice)))
            d.until(lambda n=notice: scene.message is not None and n[1:] in scene.message.text)
            scene.still = Still()
            canvas = Canvas(size)
            scene.draw(canvas, 0.0)
            [box] = [drawn.rect for drawn in canvas.drawn if drawn.kind == "cover"]
            lines = [t for t in canvas.visible_texts() if t.rect.colliderect(box)]
            assert 1 <= len(lines) <= toast.LINES and lines[-1].words.endswith("…")
            assert all(box.contains(t.rect) for t in lines)
            body = theme.font(theme.scale(size).body, True).get_linesize()
            assert box.height <= (toast.LINES + 1) * body and scene._areas()[1].contains(box)
    finally:
        d.close()
        host.stop()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 1000)])
@pytest.mark.parametrize("words", ["Cell 5 is classical", "Bo dropped; seat O is held. " * 4])
def test_a_toast_over_the_moves_leaves_none_of_them_cut_in_half(
    tmp_path: Path, size: tuple[int, int], words: str
) -> None:
    """A toast covers the top of the move list for a moment; the line at its lower edge
    showed half its letters under it. It now ends between two lines."""
    d = Driver(tmp_path, size=size)
    try:
        start(d, ["4-8", "5-6", "1-4", "3-5", "6-9", "6-8", "4-9", "7@9", "2-7"])
        scene = d.scene
        scene._say(words)
        scene.still = Still()
        canvas = Canvas(size)
        scene.draw(canvas, 0.0)
        [box] = [drawn.rect for drawn in canvas.drawn if drawn.kind == "cover"]
        moves = [t for t in canvas.drawn if t.kind == "text" and "&" in t.words]
        assert any(box.colliderect(t.ink) for t in moves)
        cut = [t.words for t in moves if box.colliderect(t.rect) and not box.contains(t.rect)]
        assert not cut, cut
    finally:
        d.close()


def test_a_press_on_a_bots_turn_says_the_bot_plays_it(driver: Driver) -> None:
    """Bots on both seats (a game to watch): a press on the board said "It is X's turn",
    as if a person X could move; it names the bot, as the banner and the status do."""
    d = driver
    start(d, [], seats={Player.X: "beginner", Player.O: "beginner"})
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert d.scene.message is not None and d.scene.message.text == "It is the X bot's turn"


def test_the_study_s_numbers_keep_their_legend_in_the_panel(driver: Driver) -> None:
    """The toast that says what the numbers in the cells mean goes after a few seconds; the
    numbers stay, and so does a line in the panel saying what they are and for whom."""
    d = driver
    start(d, ["1-2", "2-5", "5-9"])  # O to play
    d.key(pygame.K_s)
    scene = d.scene
    d.until(lambda: scene.advice.study_at(scene.pos) is not None)
    d.settle(MESSAGE_TIME + 0.5)
    legend = "Study: each cell's best lead in points for O"

    def panel() -> list[str]:
        canvas = Canvas(d.app.size)
        scene.draw(canvas, 0.0)  # the window's kept picture: repainted only if its key moved
        return [t.words for t in canvas.visible_texts()]

    assert scene.message is None and legend in panel()
    d.key(pygame.K_s)  # off
    d.settle(MESSAGE_TIME + 0.5)
    assert legend not in panel()


def test_a_study_at_a_collapse_shows_each_outcome_on_the_cell_it_settles(driver: Driver) -> None:
    """Turned on at a collapse, the study said what each cell held and showed nothing."""
    d = driver
    start(d, ["1-5", "2-3", "5-9", "2-3"])  # O4 closes 2-3: X chooses where it settles
    scene = d.scene
    assert scene.pos.awaiting_collapse and scene.pos.to_play is Player.X
    d.key(pygame.K_s)
    # Said as the collapse has it: not a move's cells, but where each outcome settles X5.
    said = "Study: each outcome shows its best result on the cell it settles the mark in"
    assert scene.message.text == said
    d.until(lambda: bool(scene.advice.study_at(scene.pos)))
    assert set(scene.advice.study_at(scene.pos)) == {1, 2}  # cells 2 and 3
    d.settle(MESSAGE_TIME + 0.5)
    canvas = Canvas(d.app.size)
    scene.draw(canvas, 0.0)
    texts = [t.words for t in canvas.visible_texts()]
    assert "Study: each outcome's lead in points for X, on its cell" in texts


def test_ultimate_s_sending_note_and_the_study_s_legend_are_both_in_the_panel(
    driver: Driver,
) -> None:
    """Ultimate sends nearly every pair somewhere: the line saying where took the place of the
    study's legend, and the numbers in the cells went unexplained."""
    d = driver
    ultimate = make_variant("ultimate")
    start(d, ["1.5-2.5"], variant=ultimate)  # O's pair goes to mini-board 5
    d.key(pygame.K_s)
    scene = d.scene
    d.until(lambda: scene.advice.study_at(scene.pos) is not None)
    d.settle(MESSAGE_TIME + 0.5)
    canvas = Canvas(d.app.size)
    scene.draw(canvas, 0.0)
    texts = [t.words for t in canvas.visible_texts()]
    assert "This pair goes to mini-board 5" in texts
    assert "Study: each cell's expected score for O" in texts


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_a_studied_cells_number_is_drawn_over_its_shade(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A best cell's bright edge ran across its number ("1" in the corner, half hidden): the
    number is drawn again over the shade, every solid pixel of it in its colour (dark across
    a best cell's bright edge)."""
    d = Driver(tmp_path, size=size)
    try:
        start(d, ["1-2", "2-5", "5-9"])
        d.key(pygame.K_s)
        scene = d.scene
        d.until(lambda: scene.advice.study_at(scene.pos) is not None)
        scene.still = Still()
        canvas = pygame.Surface(size)
        scene.draw(canvas, 0.0)
        layout = scene.layout()
        drawn = set()
        for cell in scene.advice.study_at(scene.pos):
            for color in (None, scene.ctx.palette.board):  # a best cell's is dark
                found = cell_label(
                    layout.cells[cell], scene.pos.variant.label(cell), scene.ctx.palette, color
                )
                assert found is not None
                label, (x, y) = found
                solid = pygame.mask.from_surface(label, 254)  # the glyphs' opaque pixels
                assert solid.count()
                if all(
                    canvas.get_at((int(x) + px, int(y) + py))[:3] == label.get_at((px, py))[:3]
                    for px, py in solid.outline()  # where blit puts it
                ):
                    drawn.add(cell)
        assert drawn == set(scene.advice.study_at(scene.pos))
    finally:
        d.close()


# Move 9 of a Goff game with one cell open (3): both halves of X9 go there.
LAST_CELL = ["1-5", "1-7", "1-7", "3@7", "6-9", "2-6", "4-9", "6-8", "4-8", "8@8"]


def test_the_last_move_says_to_pick_the_last_open_cell_twice_and_the_end_no_move_to_come(
    driver: Driver,
) -> None:
    """'Pick two cells for X9' with one cell open; 'Move 10' once the game was over."""
    d = driver
    start(d, LAST_CELL)
    scene = d.scene
    assert scene.pos.open_cells() == (2,)
    d.click(d.cell_center(0))  # the mouse in hand: a classical cell, refused
    assert (
        scene._status(scene.pos)
        == "X: both halves of X9 go in cell 3, the last open one: click it twice"
    )
    d.click(d.cell_center(2))
    assert scene._status(scene.pos) == "Now cell 3 again for X9 (right-click takes back)"
    d.click(d.cell_center(2))
    d.settle(3)
    assert scene.pos.is_over
    assert scene._hud_view(scene.pos).about == "Last move 9 · Goff's"
    # The move list says it as the replay does, not "X9   3 & 3".
    last = move_list.lines(scene.pos.variant, (*LAST_CELL, "3-3"))[-1]
    assert last.text == "X9   both halves in 3"
