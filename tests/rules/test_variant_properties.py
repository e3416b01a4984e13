"""Random games of every variant, checked at every step (hypothesis chooses the moves)."""

from __future__ import annotations

import json
from itertools import combinations
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.records import Record, parse_record, state_report
from game.rules import Collapse, IllegalActionError, Place, Position, Variant, make_variant
from game.rules.squared import Squared, spent_boards


def check_invariants(pos: Position) -> None:
    spooky = {k: (a, b) for k, a, b in pos.spooky_marks}
    classical = {k: cell for cell, k in enumerate(pos.cells) if k}
    for mark in range(1, pos.move_number):
        # Every mark played is classical in exactly one cell or spooky in exactly two.
        assert (mark in spooky) != (mark in classical), mark
        if mark in spooky:
            a, b = spooky[mark]
            assert a != b and pos.is_open(a) and pos.is_open(b)
    for cell, k in enumerate(pos.cells):
        if k:
            assert pos.spooky_in(cell) == (), "a classical cell holds no spooky mark"
        # The index built on the first question answers as the marks themselves say.
        assert pos.spooky_in(cell) == tuple(k for k, a, b in pos.spooky_marks if cell in (a, b))
    assert (pos.legal_actions() == ()) == pos.is_over
    json.dumps(state_report(pos))
    if pos.awaiting_collapse:
        # The cycle is the group's marks a collapse may name: each of the others is on a stem.
        assert pos.cycle() == tuple(k for k in pos.entanglement() if _may_name(pos, k))


def _may_name(pos: Position, mark: int) -> bool:
    cell = next(a for k, a, _ in pos.spooky_marks if k == mark)
    try:
        pos.play(Collapse(mark, cell))
    except IllegalActionError:
        return False
    return True


def check_random_action(pos: Position, rng: Random) -> None:
    """The rollouts' sampler only ever gives legal, canonical actions."""
    if not pos.is_over:
        legal = set(pos.legal_actions())
        for _ in range(5):
            assert pos.random_action(rng) in legal


def brute_placements(variant: Variant, pos: Position) -> set[Place]:
    """Every pair of open cells the variant's one-pair check lets through."""
    return {
        Place(a, b)
        for a, b in combinations(pos.open_cells(), 2)
        if variant.refuse_placement(pos, a, b) is None
    }


def check_mini_boards(pos: Position) -> None:
    """Squared's own rule: no two spooky marks join one pair of cells or of mini-boards."""
    cells = [(a, b) for _, a, b in pos.spooky_marks]
    boards = [(a // 9, b // 9) for a, b in cells if a // 9 != b // 9]
    assert len(set(cells)) == len(cells) and len(set(boards)) == len(boards)
    # The core carries the spent pairs of mini-boards from move to move instead of a scan.
    assert spent_boards(pos) == sum(1 << 9 * min(p, q) + max(p, q) for p, q in boards)


def check_sending(pos: Position) -> None:
    """Ultimate's constraint is obeyed whenever it can be, and only then is play free."""
    last = pos.last_placement
    if pos.is_over or pos.awaiting_collapse or last is None:
        return
    named = {last.a % 9, last.b % 9}
    squared = Squared()
    within = {
        Place(a, b)
        for a, b in combinations(pos.open_cells(), 2)
        if {a // 9, b // 9} == named and squared.refuse_placement(pos, a, b) is None
    }
    legal = set(pos.legal_actions())
    assert legal == (within or set(squared.placements(pos)))


def play_out(name: str, fields: dict[str, object], data: st.DataObject) -> Position:
    variant = make_variant(name, fields)
    record = Record(variant)
    pos = Position(variant)
    rng = Random(0)
    check_invariants(pos)
    while not pos.is_over:
        action = data.draw(st.sampled_from(pos.legal_actions()))
        assert pos.check(action) == action, "listed actions are canonical"
        pos = record.append(pos, action)
        check_invariants(pos)
        check_random_action(pos, rng)
        if isinstance(variant, Squared):
            check_mini_boards(pos)
        if name == "ultimate":
            check_sending(pos)
        if pos.awaiting_collapse or pos.is_over or variant.cell_count <= 16:
            # Replaying is quadratic in the game's length: on the big boards, at the collapses.
            again = parse_record(record.to_json())
            assert again.final() == pos, "a record written and read back gives the same position"
    assert pos.outcome is not None
    return pos


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_shared_games(data: st.DataObject) -> None:
    pos = play_out("shared", {}, data)
    assert pos.scores() in {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert pos.move_number <= 10


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([3, 4, 5, 6]), st.data())
def test_nxn_games(size: int, data: st.DataObject) -> None:
    pos = play_out("nxn", {"size": size}, data)
    assert pos.variant.options() == {"size": size}
    assert sum(pos.scores()) >= 20, "a line of four's 20 or 15 + 5, or a draw's 10 each"


@settings(max_examples=50, deadline=None)
@given(st.data())
def test_squared_games(data: st.DataObject) -> None:
    pos = play_out("squared", {}, data)
    assert pos.scores() in {(0, 0), (1, 0), (0, 1), (1, 1)}


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_ultimate_games(data: st.DataObject) -> None:
    pos = play_out("ultimate", {}, data)
    assert pos.scores() in {(0, 0), (1, 0), (0, 1), (1, 1)}


@pytest.mark.parametrize("name", ["shared", "squared", "ultimate"])
def test_listing_matches_the_one_pair_check(name: str) -> None:
    """The fast listings agree with asking the variant about every pair, along random games."""
    variant = make_variant(name)
    rng = Random(7)
    for _ in range(2):
        pos = Position(variant)
        while not pos.is_over:
            if not pos.awaiting_collapse:
                assert set(pos.legal_actions()) == brute_placements(variant, pos)
            pos = pos.play(pos.random_action(rng))


@pytest.mark.parametrize("name", ["goff", "shared", "nxn", "squared", "ultimate"])
def test_random_placements_are_uniform(name: str) -> None:
    """Each legal placement comes up about equally often (the rollouts' sampler is fair)."""
    variant = make_variant(name)
    rng = Random(11)
    while True:  # a position a few moves in, where the restrictions bite
        pos = Position(variant)
        while not pos.is_over and pos.move_number < 5:
            pos = pos.play(pos.random_action(rng))
        if not pos.is_over and not pos.awaiting_collapse:
            break
    legal = pos.legal_actions()
    draws = 60 * len(legal)
    counts = dict.fromkeys(legal, 0)
    for _ in range(draws):
        counts[pos.random_action(rng)] += 1
    # 60 expected per placement: every one seen, none more than twice as often as expected.
    assert min(counts.values()) > 0 and max(counts.values()) < 120
