"""The replay viewer in the real window: the list, stepping, playing, and records that are bad."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import move_list, theme
from game.client.canvas import Canvas
from game.client.intents import Device
from game.client.paths import records_dir, save_record
from game.client.prose import Para
from game.client.scene import SceneName
from game.client.scenes.replay import side_area
from game.client.scenes.replay_words import judged
from game.client.scenes.transport import CONTROLS
from game.client.value_graph import GameAnalysis
from game.records import Record
from game.rules import Player, make_variant
from net.host import new_table
from net.party import Party
from net.party_host import party_file
from tests.client.driver import Draws, Driver
from tests.rules.scenario import random_game

ULTIMATE = make_variant("ultimate")
# X7 1-8 gave up ½, O8 4-7 was a mistake: the words say it and what was better.
WEAK_AT_8 = ["3-9", "2-4", "4-9", "1-5", "1-6", "7-9", "1-8", "4-7", "8@4", "5-8", "9@5"]
GOFF_TO_MOVE_9 = ["1-2", "2-5", "5-9", "1-5", "4@5", "3-8", "3-6", "4-8", "6-8", "8@6", "7-7"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The records folder the Driver's app uses (it sets XDG_DATA_HOME under tmp_path)."""
    return tmp_path / "data" / "qttt" / "records"


def open_replays(d: Driver) -> None:
    d.choose("Replays")
    assert d.name is SceneName.REPLAY
    # The folder is read in a worker: wait in real time (a count of frames, drawn without
    # sleeping, can run out before a busy machine schedules the worker).
    d.until(lambda: d.scene.saved.entries is not None)


def test_the_list_shows_every_record_and_why_a_bad_one_cannot_be_shown(
    driver: Driver, folder: Path
) -> None:
    d = driver
    save_record(
        Record(make_variant("goff"), list(GOFF_TO_MOVE_9)), folder, datetime(2026, 11, 21, 20, 15)
    )
    save_record(Record(ULTIMATE, random_game(ULTIMATE, 3)), folder, datetime(2026, 11, 21, 21, 40))
    folder.joinpath("2026-11-18_1200_goff.qttt.json").write_text(
        '{"variant": "goff", "moves": ["1-2", "3-3"]}'
    )
    folder.joinpath("2026-11-17_1200_goff.qttt.json").write_text("not a record")
    open_replays(d)
    entries = d.scene.saved.entries
    assert [e.when for e in entries] == [
        "21 Nov 2026, 21:40",
        "21 Nov 2026, 20:15",
        "18 Nov 2026, 12:00",
        "17 Nov 2026, 12:00",
    ]
    assert entries[1].summary == "Goff's · 9 moves · X wins, 2 to 0"
    assert entries[0].readable and entries[0].summary.startswith("Ultimate · ")
    assert entries[2].summary == (
        'cannot be shown: token 2 "3-3": '
        "both halves in one cell only on move 9 into the last open cell"
    )
    assert not entries[3].readable and "not JSON" in entries[3].summary
    # Choosing a bad record says why on screen and stays on the list.
    d.click(d.scene.saved.rows()[2].center)
    assert d.scene.record is None
    assert d.scene.saved.message.startswith(
        "2026-11-18_1200_goff.qttt.json cannot be shown: token 2"
    )
    # A record deleted after the list was read is refused the same way.
    entries[1].path.unlink()
    d.key(pygame.K_UP)
    d.key(pygame.K_RETURN)
    assert d.scene.record is None and "cannot read" in d.scene.saved.message
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE


def test_a_record_named_in_bytes_that_are_not_utf8_is_refused_in_words(
    driver: Driver, folder: Path
) -> None:
    # Copied from another system, its name's bytes come back as lone surrogates, which the
    # font could not draw: the window ended mid-frame.
    d = driver
    folder.mkdir(parents=True)
    folder.joinpath(os.fsdecode(b"partie-\xe9t\xe9.qttt.json")).touch()  # Latin-1 bytes
    open_replays(d)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.scene.record is None
    assert "cannot be shown: record: the file is empty" in d.scene.saved.message
    Draws(d).painted_whole()


def test_stepping_through_a_record_shows_the_engines_positions(
    driver: Driver, folder: Path
) -> None:
    d = driver
    record = Record(make_variant("goff"), list(GOFF_TO_MOVE_9))
    save_record(record, folder)
    expected = record.positions()
    open_replays(d)
    d.key(pygame.K_RETURN)
    scene = d.scene
    assert scene.record is not None and scene.index == 0
    for n in range(1, 5):
        d.key(pygame.K_RIGHT)
        assert scene.positions[scene.index] == expected[n]
    assert not scene.effects.busy  # placements only so far
    d.key(pygame.K_RIGHT)  # token 5 is the collapse: it is animated
    assert scene.positions[scene.index] == expected[5]
    assert scene.effects.busy and scene.effects.hidden_cells == {0, 1, 4, 8}
    d.key(pygame.K_LEFT)  # back is at once
    assert scene.index == 4 and not scene.effects.busy
    d.key(pygame.K_PAGEDOWN)
    assert scene.positions[scene.index] == expected[-1] and expected[-1].is_over
    d.key(pygame.K_PAGEUP)
    assert scene.index == 0
    # By mouse: the transport buttons and the timeline.
    buttons = scene.transport().buttons()
    d.click(buttons["end"].center)
    assert scene.index == len(expected) - 1
    d.click(buttons["back"].center)
    assert scene.index == len(expected) - 2
    d.click(buttons["start"].center)
    d.click(buttons["forward"].center)
    assert scene.index == 1
    bar = scene.transport().timeline()
    d.click((bar.right - 1, bar.centery))
    assert scene.index == len(expected) - 1
    d.click((bar.x, bar.centery))
    assert scene.index == 0
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.REPLAY and scene.record is None


def test_play_runs_to_the_end_with_every_collapse_animated(driver: Driver, folder: Path) -> None:
    d = driver
    record = Record(make_variant("goff"), list(GOFF_TO_MOVE_9))
    save_record(record, folder)
    open_replays(d)
    d.key(pygame.K_RETURN)
    scene = d.scene
    d.key(pygame.K_RETURN)  # play
    assert scene.playing
    seen_busy = 0
    for _ in range(10 * 60):  # a minute at most, in frames of a tenth of a second
        d.frames(1, ns=100_000_000)
        seen_busy += scene.effects.busy
        if not scene.playing:
            break
    assert scene.index == len(record.moves)
    assert scene.positions[scene.index] == record.final()
    assert seen_busy > 0
    d.key(pygame.K_RETURN)  # play again starts over
    assert scene.playing and scene.index <= 1


def test_a_record_opened_directly_and_an_empty_folder(driver: Driver, tmp_path: Path) -> None:
    d = driver
    path = tmp_path / "elsewhere.json"
    path.write_text('{"variant": "goff", "moves": ["1-2", "2-5"]}')
    d.app.go(SceneName.REPLAY, path=str(path))
    d.frames(1)
    assert d.scene.record is not None and len(d.scene.positions) == 3
    d.key(pygame.K_ESCAPE)  # opened from elsewhere: back to the title
    assert d.name is SceneName.TITLE
    open_replays(d)
    assert d.scene.saved.entries == []
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    # Where saved games go is said once (the empty list said it twice, in two wordings).
    folder = [t.words for t in canvas.visible_texts() if str(records_dir()) in t.words]
    assert len(folder) == 1, folder


def test_a_record_playing_is_drawn_again_only_where_it_moves(tmp_path: Path) -> None:
    """Between two steps nothing moves but the best move's ghost, breathing where it stands:
    those frames paint it alone (or nothing); a step and a collapse in flight are drawn
    whole; the window is always the screen painted whole."""
    d = Driver(tmp_path, size=(1920, 1080))
    try:
        record = Record(make_variant("goff"), list(GOFF_TO_MOVE_9))
        path = save_record(record, tmp_path / "records")
        d.app.go(SceneName.REPLAY, path=path)
        d.frames(1)
        assert d.name is SceneName.REPLAY
        d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done)
        scene = d.scene
        d.key(pygame.K_RETURN)  # play
        assert scene.playing
        draws = Draws(d)
        whole = ghosts = still = 0
        while scene.playing or scene.effects.active:
            draws.sent.clear()
            index = scene.index
            d.frames(2)
            if scene.effects.active or scene.index != index:
                continue  # a step shown, a collapse in flight: whole frames
            sent = draws.sent[-1]
            assert sent is not None
            size = sum(w * h for _, _, w, h in sent)
            whole += size == 1920 * 1080  # the ghost appearing once a collapse has landed
            ghosts += 0 < size < 1920 * 1080 // 8
            still += not sent
            draws.painted_whole()
        assert ghosts and still  # the ghost breathed in place; some frames painted nothing
        assert whole <= len(record.moves) < ghosts + still
    finally:
        d.close()


def test_a_weak_step_says_what_its_mover_had_better_and_whose_best_the_ghost_is(
    tmp_path: Path,
) -> None:
    # The studio's record: X7 1-8 gave up ½ (X had 2-3, 2-4, 2-5 ...); O plays next.
    moves = ["3-9", "2-4", "4-9", "1-5", "1-6", "7-9", "1-8", "4-7", "8@4", "5-8", "9@5"]
    record = Record(make_variant("goff"), moves)
    d = Driver(tmp_path)
    try:
        d.app.go(SceneName.REPLAY, path=save_record(record, tmp_path / "records"))
        d.frames(1)
        d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done)
        scene = d.scene
        scene.index = 7
        said = [para.words for para in judged_at(scene, 7)]
        assert said[0] == "That was an inaccuracy, gave up ½"
        # In the move list's words, not the record's ("2-3"), which a player never sees.
        assert said[1].startswith("X had better: 2 & 3 or 2 & 4 or 2 & 5")
        assert said[2].startswith("Best for O now (exact): ")
        scene.index = 8  # O8 4-7 was a mistake: O had better, and X chooses the collapse
        said = [para.words for para in judged_at(scene, 8)]
        assert said[1].startswith("O had better: ") and said[2].startswith("Best for X now")
        assert "@" not in said[2] and " in " in said[2]  # a collapse: "O8 in 4"
    finally:
        d.close()


def test_a_collapse_spelled_by_hand_is_named_as_the_better_one_is(tmp_path: Path) -> None:
    # "5@3" (X5 in 3) is records.md's "6@7": the list said "X5 in 3" beside "X had better:
    # O6 in 3", two collapses that read alike in two spellings.
    moves = ["1-2", "2-5", "5-9", "5-1", "1@1", "3-7", "3-7", "5@3", "4-6"]
    path = tmp_path / "by hand.json"
    path.write_text(json.dumps({"variant": "goff", "moves": moves}))
    d = Driver(tmp_path)
    try:
        d.app.go(SceneName.REPLAY, path=path)
        d.frames(1)
        d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done)
        scene = d.scene
        scene.jump(8)
        canvas = Canvas((1280, 720))
        scene.draw(canvas, 0.0)
        texts = {t.words for t in canvas.visible_texts()}
        lines = [move_list_line(scene.record, i) for i in (4, 5, 8)]
        assert lines == ["O4   1 & 5", "X collapses: O4 in 5", "X collapses: O6 in 7"]
        assert {"X collapses: O6 in 7", "X had better: O6 in 3"} <= texts, texts
    finally:
        d.close()


def test_a_step_judged_by_a_search_says_it_is_an_estimate(tmp_path: Path) -> None:
    # "That was a blunder" read as a verdict; only the next line said "(estimate)".
    variant = make_variant("ultimate")
    record = Record(variant, ["1.5-2.5", "5.1-5.2"])
    positions = record.positions()
    d = Driver(tmp_path)
    try:
        analysis = GameAnalysis(d.app.run_in_worker, variant, positions, record.moves)
        d.until(lambda: len(analysis.plies) == 2, seconds=60)
        assert not analysis.exact
        said = [para.words for para in judged(analysis, variant, 1, positions[1], d.app.palette)]
        assert said[0].startswith("That was ") and said[0].endswith(" (estimate)"), said
    finally:
        d.close()


def judged_at(scene: Any, index: int) -> list[Para]:
    """What the side panel says of the analysis at ``positions[index]``."""
    record = scene.record
    return judged(scene.analysis, record.variant, index, scene.positions[index], scene.ctx.palette)


def test_the_timeline_and_its_playhead_grow_with_the_screen(tmp_path: Path) -> None:
    """On a 4K screen the bar of steps and the playhead on it are twice as large as at
    1080p, as the words are (they were a fixed 18 pixels: a speck from the sofa)."""
    record = Record(make_variant("goff"), list(GOFF_TO_MOVE_9))
    heights = []
    for size in ((1920, 1080), (3840, 2160)):
        d = Driver(tmp_path / f"{size[0]}", size)
        try:
            d.app.go(SceneName.REPLAY, record=record)
            d.frames(2)
            bar, window = d.scene.transport().timeline(), pygame.display.get_surface()
            # The playhead stands at the start: the run of its fill down the bar's first column.
            text = d.scene.ctx.palette.text
            column = [
                window.get_at((bar.x, y))[:3]
                for y in range(bar.y - bar.height, bar.bottom + bar.height)
            ]
            heights.append((bar.height, sum(color == text for color in column)))
        finally:
            d.close()
    (bar, head), (bar_4k, head_4k) = heights
    assert bar_4k == 2 * bar and head_4k >= 1.8 * head > 0


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920)], ids=["wide", "tall"])
def test_the_viewer_names_its_controls_for_the_device_in_hand(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A pad cannot reach the transport buttons: the line under them says what its d-pad,
    A, shoulders and B do (and the keys' or the mouse's, whichever spoke last), whole."""
    record = Record(make_variant("goff"), list(GOFF_TO_MOVE_9))
    d = Driver(tmp_path, size)
    try:
        d.app.go(SceneName.REPLAY, record=record)
        d.frames(1)
        for press, device in (
            (lambda: d.button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT), Device.PAD),
            (lambda: d.key(pygame.K_RIGHT), Device.KEYS),
            (lambda: d.click((1, 1)), Device.MOUSE),
        ):
            press()
            canvas = Canvas(d.app.size)
            d.scene.draw(canvas, 0.0)
            assert CONTROLS[device] in [t.words for t in canvas.visible_texts()], device
        assert d.scene.index == 2  # the d-pad and the arrow each stepped
    finally:
        d.close()


def test_a_game_saved_against_a_bot_is_listed_and_replayed_with_its_players(
    driver: Driver, tmp_path: Path
) -> None:
    """Saved from the play screen, a game keeps who played it; the list says "Player vs
    Bot (medium)" before its rules, and the viewer scores it under their names."""
    d = driver
    goff = make_variant("goff")
    d.app.go(SceneName.PLAY, variant=goff, seats={Player.X: None, Player.O: "medium"})
    d.frames(1)
    d.play(goff, "1-2", "mouse")
    d.until(lambda: len(d.scene.moves) == 2)  # the bot answers
    d.scene._save()  # the Save button (a pad and keys reach it: test_pad_only)
    d.until(lambda: d.scene.message is not None and d.scene.message.text.startswith("Saved"))
    d.app.go(SceneName.TITLE)
    d.frames(1)
    open_replays(d)
    [entry] = d.scene.saved.entries
    assert entry.summary == "Player vs Bot (medium) · Goff's · 2 moves · unfinished"
    d.key(pygame.K_RETURN)
    d.until(lambda: d.scene.record is not None)
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    assert "X Player 0 – 0 Bot (medium) O" in [t.words for t in canvas.visible_texts()]


def hosted(folder: Path, table: str, moves: list[str], when: datetime) -> Path:
    """A game played at a host's table (net.table, as a host plays and keeps it), its record
    last written at ``when``."""
    kept = new_table(make_variant("goff"), table, folder)
    kept.sit("Ada", Player.X)
    kept.sit("Bo", Player.O)
    for ply, token in enumerate(moves):
        assert kept.move(kept.position.to_play, ply, token) is None
        kept.save()
    kept.close()
    os.utime(kept.path, (when.timestamp(), when.timestamp()))
    return kept.path


def test_the_games_a_host_kept_are_listed_with_the_saved_ones_each_game_once(
    driver: Driver, folder: Path, tmp_path: Path
) -> None:
    d = driver
    games = tmp_path / "data" / "qttt" / "games"
    save_record(
        Record(make_variant("goff"), list(GOFF_TO_MOVE_9)), folder, datetime(2026, 11, 21, 20, 15)
    )
    # The same game kept by the host that played it: listed once, as saved.
    hosted(games, "Ada's table", GOFF_TO_MOVE_9, datetime(2026, 11, 21, 20, 14))
    newer = hosted(games, "Bo's table", GOFF_TO_MOVE_9[:4], datetime(2026, 11, 22, 18, 5))
    older = hosted(games, "Bo's table", GOFF_TO_MOVE_9[:2], datetime(2026, 11, 20, 9, 30))
    # Beside them: a party's own file, named like a game's record (a party called "game2"),
    # and a copy a host staged and had not yet renamed into place.
    Party("winner-stays").save(party_file(games, "game2"))
    assert party_file(games, "game2").name == "party-game2.json"
    staging = new_table(make_variant("goff"), "Cy's table", games)
    assert staging.stage() is not None
    open_replays(d)
    entries = d.scene.saved.entries
    assert [(e.when, e.hosted) for e in entries] == [
        ("22 Nov 2026, 18:05", True),
        ("21 Nov 2026, 20:15", False),
        ("20 Nov 2026, 09:30", True),
    ]
    assert entries[0].path == newer and entries[2].path == older
    assert entries[0].summary == "Bo's table · Ada vs Bo · Goff's · 4 moves · unfinished"
    assert entries[1].summary == "Goff's · 9 moves · X wins, 2 to 0"
    d.key(pygame.K_RETURN)
    assert d.scene.record is not None
    assert d.scene.record.moves == GOFF_TO_MOVE_9[:4]
    # Under the list, where both kinds are kept.
    d.key(pygame.K_ESCAPE)
    d.until(lambda: d.scene.saved.entries is not None)
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    said = " ".join(t.words for t in canvas.visible_texts())
    assert str(folder) in said and str(games) in said


@pytest.mark.parametrize(
    "size", [(1080, 1920), (900, 1600), (720, 1280), (1920, 1080), (1280, 720)]
)
@pytest.mark.parametrize("variant", ["goff", "ultimate"])
def test_the_moves_show_beside_the_words_under_a_tall_board_and_under_them_beside_a_wide_one(
    tmp_path: Path, size: tuple[int, int], variant: str
) -> None:
    # On a portrait window the panel under the board gave the words a third of its height
    # and the graph its bottom: the move list between them had no room, not one line.
    if variant == "goff":  # a weak step (its grades and the better moves said) at index 8
        record = Record(make_variant("goff"), WEAK_AT_8)
    else:  # its first 16 plies: a whole game's analysis took 10 s, over 20 on a busy machine
        record = Record(ULTIMATE, random_game(ULTIMATE, seed=5)[:16])
    d = Driver(tmp_path, size)
    try:
        d.app.go(SceneName.REPLAY, record=record)
        d.frames(1)
        d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done, 60.0)
        scene = d.scene
        for index in (0, 8, len(record.moves) // 2, len(record.moves)):
            scene.jump(index)
            canvas = Canvas(size)
            scene.draw(canvas, 0.0)
            panel = side_area(size)
            texts = [t for t in canvas.visible_texts() if panel.colliderect(t.rect)]
            lines = {line.text for line in move_list.lines(record.variant, tuple(record.moves))}
            moves = [t for t in texts if t.words in lines]
            # Several moves (beside a wide board the words take more of the panel's height),
            # among them the one just played (its line bold, on its band).
            assert len(moves) >= (5 if size[1] > size[0] else 3), (index, [t.words for t in texts])
            if index:
                assert any(t.words == move_list_line(record, index) for t in moves), index
            # Whole and readable: in the panel, over the graph, nothing over anything else.
            transport = scene.transport()
            graph, bar, buttons = transport.graph().rect, transport.timeline(), transport.buttons()
            for t in texts:
                assert panel.contains(t.ink), t
                assert t.size >= theme.scale(size).floor, t
                others = [o.ink for o in texts if o is not t]
                assert t.ink.inflate(-2, -2).collidelist(others) < 0, t
            for t in moves:
                assert t.size == theme.scale(size).px(30), t
                assert t.ink.bottom <= graph.top, (t, graph)
            # The graph, the timeline and the buttons stay, one over the other, usable.
            assert graph.height >= theme.scale(size).px(100), graph
            assert graph.bottom <= bar.top and bar.bottom <= min(r.top for r in buttons.values())
            assert all(panel.contains(r) for r in (graph, bar, *buttons.values()))
            assert all(
                r.height >= theme.scale(size).px(theme.LEAST_BUTTON) for r in buttons.values()
            )
            if size[1] > size[0]:  # under the board: the moves beside the words, not under
                said = [t for t in texts if t.words.startswith(("Step ", "The start", "End: "))]
                assert all(t.ink.left > max(s.ink.right for s in said) for t in moves), index
    finally:
        d.close()


def move_list_line(record: Record, index: int) -> str:
    """The move list's line for the ``index``-th token of ``record`` (the one just played)."""
    return move_list.lines(record.variant, tuple(record.moves))[index - 1].text


def test_a_record_whose_name_ends_in_a_superscript_is_listed_not_fatal(
    driver: Driver, folder: Path
) -> None:
    # "²" passes str.isdigit() but not int(): sorting the list by the "-2" of a second save
    # raised in the worker, and the window ended.
    d = driver
    record = Record(make_variant("goff"), ["1-2"])
    save_record(record, folder, datetime(2026, 11, 21, 20, 15))
    folder.joinpath("2026-11-21_2015_goff-².qttt.json").write_text(record.to_json())
    open_replays(d)
    assert sorted(e.path.name for e in d.scene.saved.entries if e.readable) == [
        "2026-11-21_2015_goff-².qttt.json",
        "2026-11-21_2015_goff.qttt.json",
    ]
    Draws(d).painted_whole()


def test_a_record_dated_past_the_year_9999_is_listed_by_its_name(
    driver: Driver, folder: Path, tmp_path: Path
) -> None:
    # A file's time can be any 64-bit second on tmpfs, btrfs or XFS; datetime stops at 9999
    # and its ValueError ended the list worker, and the window with it.
    shm = Path("/dev/shm")
    if not shm.is_dir():
        pytest.skip("no tmpfs at /dev/shm to keep a far-future time")
    far = Path(tempfile.mkdtemp(dir=shm))
    try:
        folder.parent.mkdir(parents=True)
        folder.symlink_to(far)
        path = folder / "kept.qttt.json"
        path.write_text(Record(make_variant("goff"), ["1-2"]).to_json())
        os.utime(path, (10**12, 10**12))
        if path.stat().st_mtime != 10**12:
            pytest.skip("this tmpfs does not keep a far-future time")
        d = driver
        open_replays(d)
        assert [(e.when, e.readable) for e in d.scene.saved.entries] == [("kept", True)]
        Draws(d).painted_whole()
    finally:
        shutil.rmtree(far)


def test_a_record_with_a_megabyte_token_is_refused_in_a_few_words(
    driver: Driver, folder: Path
) -> None:
    # The refusal named the whole token: wrapping a megabyte of words to draw it took the
    # window minutes, frozen, for one bad file in the folder.
    d = driver
    folder.mkdir(parents=True)
    token = "1-2" + "3" * 1_000_000
    folder.joinpath("2026-11-20_1200_goff.qttt.json").write_text(
        json.dumps({"variant": "goff", "moves": [token]})
    )
    open_replays(d)
    (entry,) = d.scene.saved.entries
    assert not entry.readable and entry.summary.startswith('cannot be shown: token 1 "1-2333')
    assert entry.summary.endswith("…: there is no cell 233333333… on a 3×3 board")
    assert len(entry.summary) < 120
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.scene.record is None and len(d.scene.saved.message) < 200
    Draws(d).painted_whole()
