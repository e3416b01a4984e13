"""Whole games in the real window, from the title screen to the results, by mouse, keys and pads."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pygame

from game.ai import levels_for
from game.client.canvas import Canvas
from game.client.scene import SceneName
from game.records import Record, read_record
from game.rules import Goff, Player, make_variant
from game.textview import points
from tests.client.driver import Driver
from tests.rules.scenario import random_game


def start_couch_game(d: Driver, variant_steps: int) -> None:
    """Title -> setup -> play, by keyboard: the couch's item, then the variant, then Start."""
    assert d.name is SceneName.TITLE
    d.choose("Play on this couch")  # the focus is where the last visit left it
    assert d.name is SceneName.SETUP
    for _ in range(3):
        d.key(pygame.K_UP)  # from Start up past O and X (the size row is off) to Variant
    assert d.scene.menu.focus == 0
    for _ in range(variant_steps):
        d.key(pygame.K_RIGHT)
    for _ in range(3):
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.PLAY


def test_the_board_size_row_reads_each_variants_own_board(driver: Driver) -> None:
    d = driver
    d.key(pygame.K_RETURN)  # "Play on this couch"
    for _ in range(3):
        d.key(pygame.K_UP)  # to Variant
    shown = {}
    for _ in range(len(d.scene.variants)):
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        words = [t.words for t in canvas.visible_texts()]
        size = d.scene.size_item
        shown[d.scene.variants[d.scene.variant_item.index]] = (size.enabled, size.value)
        assert size.value in words  # as drawn
        d.key(pygame.K_RIGHT)
    assert shown["goff"] == shown["shared"] == (False, "3×3")  # not the n×n size kept for later
    assert shown["squared"] == shown["ultimate"] == (False, "3×3 of 3×3")
    assert shown["nxn"] == (True, "4×4")
    # The LAN host's and the party's options share the row.
    for scene, params in ((SceneName.LAN, {"mode": "host"}), (SceneName.PARTY_SETUP, {})):
        d.app.go(scene, **params)
        d.frames(1)
        size = d.scene.size_item
        assert d.scene.variants[d.scene.variant_item.index] == "goff"
        assert (size.enabled, size.value) == (False, "3×3"), scene


def test_the_seats_offer_only_the_bots_that_play_the_variant(driver: Driver) -> None:
    # Ultimate offered "Bot (perfect)" and Goff's "Bot (expert)": Start could only refuse
    # them, and a LAN host's other seat went to a bot that left as it came.
    d = driver
    d.choose("Play against a bot")
    assert d.name is SceneName.SETUP
    d.focus("X plays first")
    d.key(pygame.K_LEFT)  # from a person round to the strongest bot
    assert d.scene.x_item.value == "Bot (perfect)"
    offered = {}
    d.focus("Variant")
    for _ in range(len(d.scene.variants)):
        name = d.scene.variants[d.scene.variant_item.index]
        offered[name] = list(d.scene.x_item.choices)
        # The strongest stays chosen: perfect where it plays, expert everywhere else.
        assert d.scene.x_item.value == f"Bot ({'perfect' if name == 'goff' else 'expert'})"
        d.key(pygame.K_RIGHT)
    for name, choices in offered.items():
        levels = levels_for(make_variant(name))
        assert choices == ["Person", *(f"Bot ({level})" for level in levels)], name
    assert "Bot (expert)" not in offered["goff"] and "Bot (perfect)" not in offered["ultimate"]
    assert "Bot (expert)" in offered["ultimate"] and "Bot (perfect)" in offered["goff"]
    # Started, the game has the bot chosen; a person keeps O.
    d.focus("Variant")
    while d.scene.variants[d.scene.variant_item.index] != "squared":
        d.key(pygame.K_RIGHT)
    d.focus("O")
    while d.scene.o_item.value != "Person":
        d.key(pygame.K_RIGHT)
    d.choose("Start")
    assert d.name is SceneName.PLAY
    assert d.scene.seating.seat_name(Player.X) == "Bot (expert)"
    # The LAN host's other seat is fitted the same way.
    d.app.go(SceneName.LAN, mode="host")
    d.frames(1)
    d.focus("Variant")
    for _ in range(len(d.scene.variants)):
        name = d.scene.variants[d.scene.variant_item.index]
        levels = levels_for(make_variant(name))
        expected = ["A player on the LAN", *(f"Bot ({level})" for level in levels)]
        assert list(d.scene.other_item.choices) == expected, name
        d.key(pygame.K_RIGHT)


def test_a_window_opening_under_a_resting_pointer_keeps_the_first_button(driver: Driver) -> None:
    d = driver
    assert d.name is SceneName.TITLE
    buttons = d.scene.menu.rects(d.scene._menu_area())
    # SDL's report of a pointer the window opened under, over the fourth button.
    d.post(pygame.WINDOWENTER)
    d.post(pygame.MOUSEMOTION, pos=buttons[3].center, rel=(0, 0), buttons=(0, 0, 0))
    assert d.scene.menu.focus == 0
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.SETUP  # "Play on this couch", as a pad's first A would choose


def test_a_tap_with_no_pointer_move_before_it_chooses_its_button(driver: Driver) -> None:
    d = driver
    buttons = d.scene.menu.rects(d.scene._menu_area())
    d.post(pygame.MOUSEBUTTONDOWN, pos=buttons[1].center, button=1)  # a touch screen's tap
    d.post(pygame.MOUSEBUTTONUP, pos=buttons[1].center, button=1)
    assert d.name is SceneName.SETUP and d.scene.o_item.index != 0  # O starts as a bot


def test_goff_worked_example_then_a_whole_game_by_mouse_keys_and_two_pads(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    variant = d.scene.variant
    assert variant == Goff()
    # Goff's example: X1 1&2, O2 2&5, X3 5&9, O4 5&1 closes the cycle 1-2-5.
    example = ["1-2", "2-5", "5-9", "1-5"]
    tokens = example + random_game(variant, 3, example)
    devices = ["mouse", "keys", "pad"]
    for i, token in enumerate(tokens):
        pos = d.scene.pos
        device = devices[i % 3]
        # Two pads on one couch: pad 10 plays X, pad 11 plays O.
        pad = 10 if pos.to_play is Player.X else 11
        d.play(variant, token, device, pad)
        d.settle(0.1)
        assert list(d.scene.moves) == tokens[: i + 1], f"token {i + 1} {token} by {device}"
    d.settle()
    final = Record(variant, tokens).final()
    assert d.scene.pos == final and final.is_over
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS
    assert d.scene.pos == final
    # The game just played, reviewed move by move with the solver, then back to its results.
    d.choose("Review this game")
    assert d.name is SceneName.REPLAY and d.scene.record.moves == tokens
    d.until(lambda: d.scene.analysis.done)
    assert len(d.scene.analysis.plies) == len(tokens)
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.RESULTS and d.scene.pos == final
    assert [item.label for item in d.scene.menu.items] == [
        "Rematch, sides swapped", "Review this game", "Save this game", "Back to menu"
    ]  # fmt: skip


def test_a_whole_ultimate_game_by_mouse_and_keys(driver: Driver, tmp_path: Path) -> None:
    d = driver
    start_couch_game(d, 4)
    variant = d.scene.variant
    assert variant == make_variant("ultimate")
    tokens = random_game(variant, 5)
    for i, token in enumerate(tokens):
        d.play(variant, token, "mouse" if i % 4 else "keys")
        assert list(d.scene.moves) == tokens[: i + 1], f"token {i + 1} {token}"
    d.settle()
    final = Record(variant, tokens).final()
    assert d.scene.pos == final and final.is_over
    d.click((5, 5))  # any click on a finished board opens the results
    assert d.name is SceneName.RESULTS
    assert d.scene.pos == final
    d.choose("Save this game")
    d.until(lambda: d.scene.saved is not None)  # the worker thread saves
    (saved,) = (tmp_path / "data" / "qttt" / "records").iterdir()
    assert d.scene.saved == f"Saved as {saved.name}"
    assert read_record(saved).moves == tokens


def test_a_game_against_the_bot_is_played_by_the_worker(driver: Driver) -> None:
    d = driver
    d.key(pygame.K_DOWN)  # "Play against a bot"
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)  # Start: X a person, O the bot
    assert d.name is SceneName.PLAY
    variant = d.scene.variant
    rng = Random(7)
    mine = 0
    for _ in range(200):
        pos = d.scene.pos
        if pos.is_over:
            break
        if pos.to_play is Player.X:
            action = rng.choice(pos.legal_actions())
            d.play(variant, variant.token(action), "mouse")
            mine += 1
        else:  # the bot waits for the effects, then thinks in the worker
            d.until(lambda pos=pos: d.scene.pos != pos)
    final = Record(variant, list(d.scene.moves)).final()
    assert final.is_over and d.scene.pos == final
    assert len(d.scene.moves) > mine  # every other action was the bot's


def _by_pads(d: Driver, tokens: list[str], x_pad: int, o_pad: int) -> None:
    """Play ``tokens`` on the couch, each by the pad of the side to move."""
    for token in tokens:
        pad = x_pad if d.scene.pos.to_play is Player.X else o_pad
        d.play(d.scene.variant, token, "pad", pad)
        d.settle(0.1)


def test_only_the_choosers_pad_chooses_the_collapse(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2", "2-5", "5-9", "1-5"], 10, 11)  # O closes the cycle: X chooses
    assert d.scene.pos.awaiting_collapse and d.scene.pos.to_play is Player.X
    d.ready()  # the cycle's show ends
    d.button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, 11)
    d.button(pygame.CONTROLLER_BUTTON_A, 11)
    assert d.scene.picks.choice is None and d.scene.pos.awaiting_collapse  # O's pad changed nothing
    assert d.scene.message.text == "X chooses the collapse: O waits"
    d.play(d.scene.variant, "4@5", "pad", 10)
    assert d.scene.moves[-1] == "4@5"


def test_a_first_press_at_a_collapse_looks_and_leaves_the_panels_words_in_sight(
    driver: Driver,
) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2", "2-5", "5-9", "1-5"], 10, 11)
    d.settle(3.0)  # the cycle's show and its banner are over
    d.button(pygame.CONTROLLER_BUTTON_A, 10)
    assert d.scene.picks.choice == 0
    # The panel says how to go on; no toast says it again over its words.
    assert d.scene._status(d.scene.pos) == (
        "X: left/right to pick an outcome, press A to choose it"
    )
    assert d.scene.message is None


def test_the_waiting_pads_b_leaves_the_choosers_outcome_alone(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2", "2-5", "5-9", "1-5"], 10, 11)
    d.ready()
    d.button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, 10)  # the outcome on the right
    assert d.scene.picks.choice == 1
    d.button(pygame.CONTROLLER_BUTTON_B, 11)  # O waits: its B only starts to leave
    assert d.scene.picks.choice == 1 and "again to leave" in d.scene.message.text
    d.button(pygame.CONTROLLER_BUTTON_B, 10)  # X's own B takes its look back
    assert d.scene.picks.choice is None and d.name is SceneName.PLAY


def test_where_both_pads_cursors_meet_the_movers_shows(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    for pad in (10, 11):  # X's pad, then O's: each first press shows a cursor in the middle
        d.button(pygame.CONTROLLER_BUTTON_A, pad)
    assert d.scene.pos.to_play is Player.X
    cursors = d.scene._look().cursors
    assert len(cursors) == 2 and len({cell for cell, _ in cursors}) == 1
    # Drawn last, over the waiting side's brackets: X sees where X picks.
    assert cursors[-1][1] == d.app.palette.x


def test_the_buttons_answer_the_pad_that_went_to_them(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2", "2-5"], 10, 11)
    d.button(pygame.CONTROLLER_BUTTON_DPAD_DOWN, 11)
    d.button(pygame.CONTROLLER_BUTTON_START, 11)  # O goes to the buttons
    menu = d.scene.panel.menu
    assert menu.focus == 0
    d.button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, 11)
    assert menu.focus == 1
    cell = d.scene.picks.cursors[d.app.input.pad_of(10)]
    d.button(pygame.CONTROLLER_BUTTON_DPAD_LEFT, 10)  # X's pad moves X's cursor
    assert menu.focus == 1 and d.scene.picks.cursors[d.app.input.pad_of(10)] != cell
    d.button(pygame.CONTROLLER_BUTTON_B, 10)  # and X's B is X's, not the buttons' way back
    assert menu.focus == 1
    d.button(pygame.CONTROLLER_BUTTON_B, 11)
    assert menu.focus == -1


def test_the_buttons_focus_goes_with_the_pad_that_held_it(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2"], 10, 11)
    d.button(pygame.CONTROLLER_BUTTON_START, 11)  # O's pad goes to the buttons (Undo)
    assert d.scene.panel.menu.focused_by(d.app.input.pad_of(11))
    d.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=11)  # and its battery dies
    # No ring is left on Undo to tell X's pad that its A would press it: A is the board's.
    assert d.scene.panel.menu.focus == -1


def test_a_spare_pad_plays_the_side_whose_pad_was_unplugged(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2", "2-5", "3-4"], 10, 11)  # pads 1 (X) and 2 (O)
    d.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=11)  # O's battery dies
    assert 2 not in d.scene.picks.cursors  # its cursor leaves the board
    _by_pads(d, ["6-7", "3-9"], 10, 12)  # O picks up the spare, pad 3
    assert list(d.scene.moves) == ["1-2", "2-5", "3-4", "6-7", "3-9"]


def test_the_pad_that_moved_first_keeps_its_side_when_the_other_joins(driver: Driver) -> None:
    d = driver
    for pad in (10, 11):  # two pads plugged in before the game: pads 1 and 2
        d.button(pygame.CONTROLLER_BUTTON_DPAD_UP, pad)
    start_couch_game(d, 0)
    d.play(d.scene.variant, "1-2", "pad", 11)  # pad 2's player takes up the game: X1
    d.ready()
    d.play(d.scene.variant, "2-5", "pad", 10)  # pad 1's joins, for O
    assert list(d.scene.moves) == ["1-2", "2-5"] and d.scene.message is None
    d.ready()
    d.play(d.scene.variant, "3-4", "pad", 10)  # pad 1 plays O: X3 is not its to make
    assert d.scene.message.text == "It is X's turn: O waits"
    d.play(d.scene.variant, "3-4", "pad", 11)
    assert list(d.scene.moves) == ["1-2", "2-5", "3-4"]


def test_a_couch_rematch_swaps_the_pads_sides(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    tokens = random_game(Goff(), 11)
    _by_pads(d, tokens, 10, 11)
    d.settle()
    d.button(pygame.CONTROLLER_BUTTON_A, 10)
    assert d.name is SceneName.RESULTS
    d.choose("Rematch")
    assert d.name is SceneName.PLAY and not d.scene.moves
    # X's pad of the last game presses first, out of habit: it plays O now from the start
    # (alone, a pad plays whoever moves, but the places a rematch hands on count), waits,
    # and its cursor wears O's colour.
    d.play(d.scene.variant, "1-2", "pad", 10)
    assert not d.scene.moves and d.scene.message.text == "It is X's turn: O waits"
    assert d.scene._look().cursors[-1][1] == d.app.palette.o
    d.play(d.scene.variant, "1-2", "pad", 11)
    assert list(d.scene.moves) == ["1-2"]


def test_a_game_saved_again_is_one_file_kept_as_the_game_now_stands(
    driver: Driver, tmp_path: Path
) -> None:
    """Saved as it stands, a game says so and writes nothing; changed since, the same file
    is written again: the Replays list shows every game once, however often it was saved."""
    d = driver
    folder = tmp_path / "data" / "qttt" / "records"
    start_couch_game(d, 0)
    variant = d.scene.variant
    tokens = random_game(variant, 11)

    def ctrl_s() -> str:
        d.scene.message = None
        d.key(pygame.K_s, pygame.KMOD_LCTRL)
        d.until(lambda: d.scene.message is not None)  # the worker thread saves
        return str(d.scene.message.text)

    def saved() -> tuple[str, list[str]]:
        (path,) = folder.iterdir()
        return path.name, read_record(path).moves

    for token in tokens[:2]:
        d.play(variant, token, "mouse")
    said = ctrl_s()
    name, moves = saved()
    assert (said, moves) == (f"Saved as {name}", tokens[:2])
    assert ctrl_s() == f"Already saved as {name}"
    for token in tokens[2:]:
        d.play(variant, token, "mouse")
    assert ctrl_s() == f"Saved as {name}"
    assert saved() == (name, tokens)  # the same file, the whole game in it now
    written = (folder / name).stat().st_mtime_ns
    d.settle()
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS

    def save_on_results() -> str:
        d.scene.saved = None
        d.choose("Save this game")
        d.until(lambda: d.scene.saved is not None)
        return str(d.scene.saved)

    assert save_on_results() == f"Already saved as {name}"
    d.choose("Review this game")  # and back: still the same game
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.RESULTS
    assert save_on_results() == f"Already saved as {name}"
    assert saved() == (name, tokens) and (folder / name).stat().st_mtime_ns == written


def test_the_score_names_each_side_beside_its_own_mark_and_points(driver: Driver) -> None:
    """Against a bot, the results and their review say both sides' players the same way,
    each between its mark and its points, the scores side by side as a series reads
    ("Ada 2 – 1 Bo"): a name after a score was read as the next one's."""
    d = driver
    moves = random_game(Goff(), 3)
    final = Record(Goff(), moves).final()
    x, o = final.scores()
    seats = {Player.X: None, Player.O: "beginner"}
    d.app.go(SceneName.RESULTS, variant=Goff(), seats=seats, moves=tuple(moves), position=final)
    d.frames(2)

    def words() -> list[str]:
        canvas = Canvas(d.app.size)
        d.scene.draw(canvas, 0.0)
        return [t.words for t in canvas.visible_texts()]

    assert f"X Person {points(x)} – {points(o)} Bot (beginner) O" in words()
    d.choose("Review this game")
    d.until(lambda: d.scene.analysis is not None and d.scene.analysis.done)
    assert "X Person 0 – 0 Bot (beginner) O" in words()
    d.key(pygame.K_PAGEDOWN)  # to the end: the same line as the results'
    assert f"X Person {points(x)} – {points(o)} Bot (beginner) O" in words()


def test_one_back_from_each_pad_does_not_leave_the_game(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2"], 10, 11)
    d.button(pygame.CONTROLLER_BUTTON_B, 10)  # X waits: its B only starts to leave
    assert "again to leave" in d.scene.message.text
    # O's B, meant for its own half-move (none is picked): not X's "again".
    d.button(pygame.CONTROLLER_BUTTON_B, 11)
    assert d.name is SceneName.PLAY and "again to leave" in d.scene.message.text
    d.button(pygame.CONTROLLER_BUTTON_B, 11)  # O's own second press leaves
    assert d.name is SceneName.TITLE


def test_a_refusal_goes_when_the_position_it_was_about_does(driver: Driver) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2"], 10, 11)
    d.ready()
    d.button(pygame.CONTROLLER_BUTTON_DPAD_UP, 11)  # O's cursor shows: two pads play
    d.button(pygame.CONTROLLER_BUTTON_A, 10)  # X presses on O's turn
    assert d.scene.message.text == "It is O's turn: X waits"
    _by_pads(d, ["2-5"], 10, 11)  # O moves within the toast's time: now it is X's turn
    assert d.scene.pos.to_play is Player.X and d.scene.message is None


def test_against_a_bot_either_pad_plays_the_persons_side(driver: Driver) -> None:
    d = driver
    d.choose("Play against a bot")
    d.choose("Start")  # X a person, O the bot
    assert d.name is SceneName.PLAY and d.scene.seats[Player.O] is not None
    for pad in (10, 11):  # two pads on the board: a friend takes the second
        d.button(pygame.CONTROLLER_BUTTON_DPAD_UP, pad)
    d.play(d.scene.variant, "1-2", "pad", 11)  # not told "O waits": O is the bot's
    assert list(d.scene.moves) == ["1-2"]


def test_the_waiting_pads_undo_takes_back_its_own_move_not_the_movers_half(
    driver: Driver,
) -> None:
    d = driver
    start_couch_game(d, 0)
    _by_pads(d, ["1-2", "2-5"], 10, 11)
    d.ready()
    d.pick(2, "pad", 10)  # X picks the first half of its move
    assert d.scene.picks.picked == 2
    d.button(pygame.CONTROLLER_BUTTON_X, 11)  # O's X: undo, meant for O's own move
    assert list(d.scene.moves) == ["1-2"] and d.scene.pos.to_play is Player.O
    _by_pads(d, ["2-6"], 10, 11)
    d.ready()
    d.pick(2, "pad", 10)
    d.button(pygame.CONTROLLER_BUTTON_X, 10)  # the mover's X takes back its half first
    assert d.scene.picks.picked is None and list(d.scene.moves) == ["1-2", "2-6"]
