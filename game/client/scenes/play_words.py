"""What the play screen's panel says of a position: the headline, what to do now, the
line about the game and a note, in a :class:`~game.client.hud.HudView`."""

from __future__ import annotations

from game.client.advice import Advice
from game.client.at_table import series
from game.client.board_layout import sent_boards
from game.client.hud import HudView
from game.client.intents import Device
from game.client.link import RECONNECTING
from game.client.prose import button, how_to_pick, press, reaches_buttons, sentence
from game.client.scenes.seating import Seating
from game.client.scenes.setup import rules_title
from game.rules import Player, Position, Variant
from game.textview import points


def headline(pos: Position, seating: Seating) -> tuple[str, Player | None]:
    """The panel's headline over ``pos``, and whose colour it wears."""
    outcome = pos.outcome
    if outcome is not None:
        winner = outcome.winner
        if winner is not None:
            return f"{seating.called(winner)} wins", winner
        if outcome.shared:
            return "Shared win", None
        return "A draw", None
    who = pos.to_play
    assert who is not None
    if seating.open_seat():
        return "Waiting for a player", None
    if pos.awaiting_collapse:
        return f"{seating.called(who)} chooses the collapse", who
    return f"{seating.called(who)} to play", who


def status(pos: Position, seating: Seating, link: str, picked: int | None, device: Device) -> str:
    """What to do now at ``pos``, in a sentence: ``link`` is the state of a LAN table's
    connection, ``picked`` the first cell of a placement in hand, ``device`` the one in
    hand (the prompts name its buttons)."""
    who = pos.to_play
    local = seating.session.local_sides
    if link == RECONNECTING and local:
        return "The link to the host is down: moves are held until it is back"
    if link == RECONNECTING:
        return "The link to the host is down"
    hosting = seating.hosting()
    if hosting:
        return hosting
    wish, them = seating.rematch_wish(pos)
    if wish == "mine":
        return f"Rematch asked: waiting for {them}…"
    if wish == "theirs":
        return f"{them} wants a rematch: {press(device)} to accept"
    if pos.is_over or who is None:
        return f"Game over: {press(device)} for the results"
    if who in seating.bots:
        action = "choosing the collapse" if pos.awaiting_collapse else "thinking"
        return f"Bot {who} is {action}…"
    if seating.ctx.table is not None and not local:
        watching = seating.not_yours(pos)  # a spectator, or a party's queue
        return sentence(watching)
    if who not in local:
        return f"Waiting for {seating.called(who)}…"
    if pos.awaiting_collapse and device is Device.MOUSE:
        return f"{who}: click a mark on the lit cycle, or a preview"
    if pos.awaiting_collapse:
        return f"{who}: left/right to pick an outcome, {press(device)} to choose it"
    mark = f"{who}{pos.move_number}"
    last = pos.open_cells()
    if len(last) == 1:
        # The last move, into the last open cell: the rules put both halves there.
        cell = pos.variant.label(last[0])
        if picked is not None:
            return f"Now cell {cell} again for {mark} ({button(device, 'back')} takes back)"
        twice = "click it twice" if device is Device.MOUSE else f"{press(device)} on it twice"
        return f"{who}: both halves of {mark} go in cell {cell}, the last open one: {twice}"
    if picked is not None:
        back = button(device, "back")
        return f"Now the second cell for {mark} ({back} takes back)"
    return f"{who}: pick two cells for {mark}"


def first_move_help(pos: Position, seating: Seating, device: Device) -> tuple[str, ...]:
    """How to pick a cell with ``device``, and how it reaches the buttons beside the board:
    said through each side's first move, for a person at this window (a sofa new to the
    game met a board with no cursor shown and no word of what moves it)."""
    if pos.move_number > 2 or pos.awaiting_collapse or pos.to_play not in seating.people():
        return ()
    reach = reaches_buttons(device)
    return (how_to_pick(device, False),) + ((reach,) if reach else ())


def hud_view(
    rules: Variant, pos: Position, now: str, seating: Seating, advice: Advice, device: Device
) -> HudView:
    """What the panel says about ``pos`` under ``rules`` (the position before a collapse
    until its marks land, so the score and the headline wait for them), with ``now`` for
    what to do and ``device`` the one in hand."""
    words, who = headline(pos, seating)
    scores = pos.scores()
    players = tuple(
        (side, seating.seat_name(side), points(value))
        for side, value in ((Player.X, scores.x), (Player.O, scores.o))
    )
    variant = rules_title(rules)
    notes: list[str] = []
    if sent := sent_boards(pos):
        boards = " and ".join(str(b + 1) for b in sent)
        notes.append(f"This pair goes to mini-board{'s' if len(sent) > 1 else ''} {boards}")
    if advice.study_at(pos) is not None and pos.to_play is not None:
        # The numbers in the cells outlive the toast that said what they are.
        what = "lead in points" if advice.exact else "expected score"
        if pos.awaiting_collapse:  # its two outcomes, on the cells where each settles it
            notes.append(f"Study: each outcome's {what} for {pos.to_play}, on its cell")
        else:
            best = "best " if advice.exact else ""
            notes.append(f"Study: each cell's {best}{what} for {pos.to_play}")
    notes.extend(first_move_help(pos, seating, device))
    # A finished game has no move to come: it names its last.
    move = f"Last move {pos.move_number - 1}" if pos.is_over else f"Move {pos.move_number}"
    info = f"{move} · {variant}"
    score = series(getattr(seating.session, "table", None)) or ""
    return HudView(words, who, players, info, now, tuple(notes), score)
