"""The solver in the window: the replay's value graph and best-move ghost, hints, puzzles."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pygame

from game.ai.analysis import ExactJudge, judge_for
from game.client.paths import save_record
from game.client.prose import action_words
from game.client.scene import SceneName
from game.client.scenes.puzzles import progress_file
from game.records import Record
from game.rules import Collapse, Goff, Place
from game.session import LocalSession
from game.textview import kept
from tests.client.driver import Driver

GOFF = Goff()
# O's reply gives up ½ point (X 1–½ becomes X 1–0): the one inaccuracy. Every position
# here, and every one an action leads to, is in the perfect bot's book: judged at once.
RECORD = ["1-9", "2-5"]
LATE = ["1-2", "2-5", "5-9", "1-5", "4@5", "3-8", "3-6"]


def board_pixels(d: Driver, cell: int) -> bytes:
    rect = d.scene.layout().cells[cell]
    return pygame.image.tobytes(pygame.display.get_surface().subsurface(rect), "RGB")


def test_replay_graph_marks_the_mistake_and_the_ghost_shows_the_best_move(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    path = save_record(Record(GOFF, list(RECORD)), None, datetime(2026, 11, 23, 16, 0))
    d.app.go(SceneName.REPLAY, path=str(path))
    d.frames(2)
    analysis = d.scene.analysis
    d.until(lambda: analysis.done)
    assert [analysis.label_of(n) for n in range(2)] == ["best", "inaccuracy"]
    d.frames(1)
    graph = d.scene.transport().graph()
    marks = graph.marks(analysis)
    assert [label for _, label in marks] == ["inaccuracy"]
    # The mark is drawn in its grade's colour where the graph says.
    centre, _ = marks[0]
    assert pygame.display.get_surface().get_at(centre)[:3] == d.app.palette.highlight
    # At the start the best move (1-9 or 3-7) is a ghost on its cells, nowhere else.
    assert d.scene.index == 0 and analysis.best_at(0) in (Place(0, 8), Place(2, 6))
    cells = analysis.best_at(0)
    with_ghost = {c: board_pixels(d, c) for c in (cells.a, cells.b, 1)}
    d.scene.analysis = None
    d.frames(1)
    assert board_pixels(d, cells.a) != with_ghost[cells.a]
    assert board_pixels(d, cells.b) != with_ghost[cells.b]
    assert board_pixels(d, 1) == with_ghost[1]  # off the ghost's line
    d.scene.analysis = analysis
    # A click on the graph picks a position; the move list marks the inaccuracy.
    d.click((graph.rect.right - 2, graph.rect.centery))
    assert d.scene.index == 2
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE


def play_late(d: Driver) -> dict[int, bytes]:
    """A local Goff game at ``LATE``, drawn; the pixels of each cell before any advice."""
    session = LocalSession(GOFF, record=Record(GOFF, list(LATE)))
    d.app.go(SceneName.PLAY, variant=GOFF, seats={}, session=session, seed=1)
    d.frames(2)
    return {c: board_pixels(d, c) for c in range(9)}


def test_a_hint_shows_a_best_action_as_a_ghost(driver: Driver) -> None:
    d = driver
    before = play_late(d)
    pos = d.scene.pos
    d.key(pygame.K_h)
    d.until(lambda: d.scene.advice.hints.answer is not None)
    shown, action = d.scene.advice.hints.answer
    assert shown == pos and action in pos.legal_actions()
    d.frames(1)
    changed = {c for c in range(9) if board_pixels(d, c) != before[c]}
    cells = {action.cell} if isinstance(action, Collapse) else {action.a, action.b}
    assert cells <= changed
    assert d.scene.message.text == f"Hint: {action_words(pos, action)}"  # not "1-8"
    # The ghost goes with the position it was for.
    d.pick(sorted(pos.open_cells())[0], "mouse")
    d.pick(sorted(pos.open_cells())[1], "mouse")
    d.frames(2)
    assert d.scene.pos != pos and d.scene._look().preview == ()


def test_the_study_shades_every_open_cell_until_it_is_turned_off(driver: Driver) -> None:
    d = driver
    before = play_late(d)
    pos = d.scene.pos
    assert not pos.awaiting_collapse
    d.key(pygame.K_s)
    d.until(lambda: d.scene.advice.studies.at(pos) is not None)
    leads = d.scene.advice.studies.at(pos)
    # Every open cell, with the exact best lead of a placement through it.
    assert set(leads) == set(pos.open_cells())
    assert leads == ExactJudge(GOFF).study(pos)
    d.frames(1)
    assert {c for c in range(9) if board_pixels(d, c) != before[c]} >= set(leads)
    # A move: the next position is studied in its turn.
    first, second = sorted(pos.open_cells())[:2]
    d.pick(first, "mouse")
    d.pick(second, "mouse")
    after = d.scene.pos
    d.until(lambda: d.scene.advice.studies.at(after) is not None)
    assert set(d.scene.advice.studies.at(after)) == set(after.open_cells())
    d.frames(1)
    studied = {c: board_pixels(d, c) for c in after.open_cells()}
    # The menu's button turns it off: no cell is shaded any more.
    scene = d.scene
    labels = [item.label for item in scene.panel.menu.items]
    rects = scene.panel.menu.rects(scene.panel.menu_area(scene._areas()[1]))
    d.click(rects[labels.index("Study")].center)
    assert not d.scene.advice.studying
    d.frames(1)
    assert [c for c in after.open_cells() if board_pixels(d, c) == studied[c]] == []


def test_puzzles_solved_kept_and_failed(driver: Driver) -> None:
    d = driver
    d.choose("Puzzles")
    assert d.name is SceneName.PUZZLES
    scene = d.scene
    first = scene.puzzle
    assert first.number == 1
    layout = scene.view.layout(scene.board_area())
    # A wrong answer: refused, the position stays, the solution can be shown.
    pos = first.position()
    wrong = next(a for a in pos.legal_actions() if not first.solves(a))
    clicks = [wrong.cell] if isinstance(wrong, Collapse) else [wrong.a, wrong.b]
    for cell in clicks:
        d.click(layout.cells[cell].center)
    assert scene.result == "failed" and scene.pos == pos
    d.key(pygame.K_TAB)
    assert scene.showing
    d.frames(1)
    # Said as the board shows marks, not in a record's notation ("8@2").
    right = first.position().variant.parse_token(first.answer[0])
    words = [para.words for para in scene.words()]
    assert f"Solution: {action_words(pos, right)}" in words
    # What the wrong one gives up: where best play ends after it, from the solver.
    d.until(lambda: scene.verdict.at(pos.play(wrong)) is not None)
    d.frames(1)
    ends = kept(judge_for(first.variant).value(pos.play(wrong)).value, "goff")
    words = [para.words for para in scene.words()]
    assert f"Not {action_words(pos, wrong)}: after it, best play ends {ends}." in words
    assert ends != kept(first.value, "goff")
    assert re.fullmatch(r"[XO]\d in cells? \d( and \d)?", action_words(pos, right))
    # The right one: played, counted, kept in the data folder.
    clicks = [right.cell] if isinstance(right, Collapse) else [right.a, right.b]
    for cell in clicks:
        d.click(layout.cells[cell].center)
    assert scene.result == "solved" and scene.pos == pos.play(right)
    # It ended the game: its row struck through, and how it ended said.
    assert scene.pos.outcome is not None and scene.look().rows == scene.pos.outcome.rows
    assert "The game ends: X wins, 1 to 0." in [para.words for para in scene.words()]
    assert json.loads(progress_file().read_text())["solved"] == [1]
    d.frames(1)
    d.key(pygame.K_RETURN)
    assert scene.puzzle.number == 2
    # Back later, the first unsolved puzzle is the one shown.
    d.key(pygame.K_ESCAPE)
    d.choose("Puzzles")
    assert d.scene.puzzle.number == 2


def test_a_puzzle_says_why_a_pick_is_refused_and_b_takes_a_half_back(driver: Driver) -> None:
    d = driver
    d.choose("Puzzles")
    scene = d.scene
    assert scene.puzzle.number == 1  # X to collapse: the waiting mark lands in cell 2 or 6
    pos = scene.pos
    said = lambda: [para.words for para in scene.words()]  # noqa: E731
    mark = f"{pos.to_play.other}{pos.pending_mark}"
    assert f"Pick the cell where {mark} lands." in said()
    layout = scene.view.layout(scene.board_area())
    d.click(layout.cells[0].center)  # classical
    assert "Cell 1 is classical: pick an open cell." in said() and scene.pos == pos
    elsewhere = next(c for c in pos.open_cells() if c not in (1, 5))
    d.click(layout.cells[elsewhere].center)  # open, but not where the mark may land
    assert f"{mark} lands in cell 2 or 6: pick one of those." in said() and scene.pos == pos
    # The cursor stops at the board's edges; B takes a first half back before it leaves.
    column = scene.cursor % 3
    for _ in range(4):
        d.button(pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert scene.cursor == column  # up stops on the top row, no wrapping round
    for _ in range(4):
        d.button(pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert scene.cursor == 0
    d.key(pygame.K_PAGEDOWN)
    while not scene.pos.is_open(scene.cursor) or scene.pos.awaiting_collapse:
        d.key(pygame.K_PAGEDOWN)  # a puzzle of a move, its cursor on an open cell
    d.key(pygame.K_RETURN)
    assert scene.picked == scene.cursor
    d.key(pygame.K_ESCAPE)
    assert scene.picked is None and d.name is SceneName.PUZZLES
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE


def test_a_puzzle_names_the_controls_of_the_device_in_hand(driver: Driver) -> None:
    d = driver
    d.choose("Puzzles")

    def said() -> str:
        return " ".join(para.words for para in d.scene.words())

    assert "Page Up/Down: other puzzles · Tab: solution" in said()
    d.button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # a pad has no Tab: its buttons are named
    assert "LB/RB: other puzzles · Start: solution · B: back" in said()
    d.button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert d.scene.puzzle.number == 2


def test_a_puzzles_cursor_starts_on_a_cell_its_answer_may_use(driver: Driver) -> None:
    # A cursor on a classical cell (the centre of puzzle 1 is X1) has only a refusal to give.
    d = driver
    d.choose("Puzzles")
    scene = d.scene
    for _ in range(len(scene.puzzles)):
        pos = scene.pos
        actions = pos.legal_actions()
        usable = {c for a in actions for c in ((a.cell,) if isinstance(a, Collapse) else a)}
        assert scene.cursor in usable, scene.puzzle.number
        d.key(pygame.K_PAGEDOWN)
