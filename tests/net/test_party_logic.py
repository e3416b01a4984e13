"""The party's formats as pure logic: who plays next, who goes through, when it ends."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.records import Record
from game.rules import make_variant
from net.party import (
    FORMATS,
    KNOCKOUT,
    KNOCKOUT_DRAWS,
    ROUND_ROBIN,
    WINNER_STAYS,
    GameResult,
    Party,
    RateLimit,
    balanced_sides,
    party_field,
    result_of,
    standings,
)
from tests.rules.scenario import random_game

# Who wins a game, given (x, o): "x", "o" or "draw".
Decide = Callable[[str, str], str]


def result(x: str, o: str, verdict: str) -> GameResult:
    points = {"x": (1.0, 0.0), "o": (0.0, 1.0), "draw": (0.0, 0.0)}[verdict]
    return GameResult(x, o, *points)


def play_out(party: Party, decide: Decide, limit: int = 200) -> list[GameResult]:
    """Play games until the party ends (or no game can start), deciding each with ``decide``."""
    for _ in range(limit):
        pair = party.next_game()
        if pair is None:
            return party.results
        party.finish_game(result(*pair, decide(*pair)))
    raise AssertionError("the party never ended")


def seeded(seed: int, draws: float = 0.2) -> Decide:
    rng = Random(seed)
    return lambda x, o: "draw" if rng.random() < draws else rng.choice("xo")


def party_of(fmt: str, names: list[str], **options: object) -> Party:
    party = Party(fmt, start_at=len(names), **options)  # type: ignore[arg-type]
    for name in names:
        party.join(name)
    return party


NAMES = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]


def test_standings_sum_goffs_points_and_rank_by_points_then_wins() -> None:
    games = [
        GameResult("ann", "ben", 1.5, 0.0),
        GameResult("ben", "cat", 0.5, 1.0),
        GameResult("cat", "ann", 0.0, 0.0),
        GameResult("ben", "ann", 2.0, 0.0),
    ]
    rows = standings(games, ["dan"])
    assert [(s.name, s.points, s.played, s.wins, s.draws, s.losses) for s in rows] == [
        ("ben", 2.5, 3, 1, 0, 2),
        ("ann", 1.5, 3, 1, 1, 1),
        ("cat", 1.0, 2, 1, 1, 0),
        ("dan", 0.0, 0, 0, 0, 0),
    ]


def test_a_guest_who_has_not_played_comes_after_everyone_who_has() -> None:
    """Cat has not played: she earned no place yet, so Ben, who played once and lost, is
    above her (fewer games used to put her first of the two)."""
    rows = standings([GameResult("ann", "ben", 1.0, 0.0)], ["ann", "ben", "cat"])
    assert [(s.rank, s.name) for s in rows] == [(1, "ann"), (2, "ben"), (3, "cat")]


def test_rows_level_on_points_wins_and_games_share_a_place() -> None:
    """As the night's end says of the level at the top ("share the night"): the names only
    list them in order. The next place is skipped, and those yet to play share the last."""
    games = [
        GameResult("cy", "ada", 1.0, 0.0),
        GameResult("ada", "bo", 1.0, 0.0),
        GameResult("bo", "cy", 1.0, 0.0),
        GameResult("dee", "eve", 0.5, 0.0),
    ]
    rows = standings(games, ["fay", "gus"])
    assert [(s.rank, s.name) for s in rows] == [
        (1, "ada"),
        (1, "bo"),
        (1, "cy"),
        (4, "dee"),
        (5, "eve"),
        (6, "fay"),
        (6, "gus"),
    ]


def test_a_record_names_its_party_game_and_scores_from_the_final_position() -> None:
    goff = make_variant("goff")
    record = Record(goff, random_game(goff, 3))
    assert result_of(record, "Den") is None  # not a party game
    record.extra["party"] = party_field("Den", 4, "ann", "ben")
    assert result_of(record, "Other") is None
    number, found = result_of(record, "Den")  # type: ignore[misc]
    assert number == 4 and (found.x, found.o) == ("ann", "ben")
    final = record.final().outcome
    assert (found.x_points, found.o_points) == tuple(final.scores)  # type: ignore[union-attr]


def test_nothing_starts_before_enough_players_are_here() -> None:
    party = Party(ROUND_ROBIN, start_at=3)
    party.join("ann")
    party.join("ben")
    assert party.next_game() is None and party.status() == "waiting for 1 more player"
    party.join("cat")
    assert party.next_game() == ("ann", "ben")
    assert party.queue == ["cat"] and party.status() == "ann (X) against ben (O)"


def test_between_winner_stays_games_the_champion_keeps_the_seat_not_a_place_in_the_queue() -> None:
    # The big screen's "next up" is the queue's first: it named the champion staying on.
    party = party_of(WINNER_STAYS, ["ann", "ben", "cat", "dan"])
    party.finish_game(result(*party.next_game(), "o"))  # type: ignore[misc]
    assert party.champion == "ben" and party.queue == ["cat", "dan", "ann"]
    assert party.next_game() == ("cat", "ben")
    party.leave("ben")  # gone mid-game, and beaten: cat keeps the seat
    party.finish_game(result("cat", "ben", "x"))
    assert party.champion == "cat" and party.queue == ["dan", "ann"]


def test_winner_stays_keeps_the_winner_and_sends_the_loser_back() -> None:
    party = party_of(WINNER_STAYS, ["ann", "ben", "cat", "dan"], games=4)
    verdicts = iter(["o", "x", "draw", "x"])
    games = play_out(party, lambda x, o: next(verdicts))
    assert [(g.x, g.o) for g in games] == [
        ("ann", "ben"),  # ben wins: stays, the next challenger moves first
        ("cat", "ben"),  # cat wins
        ("dan", "cat"),  # a draw: both to the back, the two who waited longest play
        ("ann", "ben"),
    ]
    assert party.finished and party.queue == ["dan", "cat", "ben"]  # ann holds the seat


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 16), st.integers(0, 10**6))
def test_round_robin_plays_every_pair_once_with_sides_balanced(size: int, seed: int) -> None:
    names = [*NAMES, *(f"guest {i}" for i in range(8))][:size]
    party = party_of(ROUND_ROBIN, names)
    games = play_out(party, seeded(seed))
    assert party.finished
    assert Counter(frozenset(g.players) for g in games) == Counter(
        frozenset(p) for p in combinations(names, 2)
    )
    # Nobody has had one side more than once more often than the other.
    as_x, as_o = Counter(g.x for g in games), Counter(g.o for g in games)
    assert all(abs(as_x[n] - as_o[n]) <= 1 for n in names)


@pytest.mark.parametrize("size", range(17))
def test_balanced_sides_give_each_player_x_as_often_as_o(size: int) -> None:
    names = [f"p{i}" for i in range(size)]
    sides = balanced_sides(names)
    assert sorted(map(sorted, sides)) == sorted(map(sorted, combinations(names, 2)))
    lean = Counter(x for x, _ in sides)
    lean.subtract(Counter(o for _, o in sides))
    # An odd number: each plays an even number of games, as many as X as O; even: one apart.
    assert all(abs(lean[name]) == 1 - size % 2 for name in names)


def test_round_robin_takes_in_a_late_arrival_and_drops_a_leavers_games() -> None:
    party = party_of(ROUND_ROBIN, ["ann", "ben", "cat"])
    party.finish_game(result(*party.next_game(), "x"))  # type: ignore[misc]
    party.leave("cat")
    party.join("dan")
    games = play_out(party, seeded(1))
    met = {frozenset(g.players) for g in games}
    assert met == {frozenset(p) for p in [("ann", "ben"), ("ann", "dan"), ("ben", "dan")]}


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 8), st.integers(0, 10**6))
def test_a_knockout_ends_with_the_one_who_never_went_out(size: int, seed: int) -> None:
    names = NAMES[:size]
    party = party_of(KNOCKOUT, names)
    games = play_out(party, seeded(seed, draws=0.3))
    assert party.finished and party.champion in names
    # Everyone but the champion went out exactly once: a lost match, or a drawn one too often.
    matches = [
        g for i, g in enumerate(games) if i == 0 or set(g.players) != set(games[i - 1].players)
    ]
    assert len(matches) == size - 1 <= len(games)
    assert party.status() == f"{party.champion} wins the knockout"
    assert party.champion in games[-1].players


def test_a_drawn_knockout_match_is_replayed_sides_swapped_then_the_seed_goes_through() -> None:
    party = party_of(KNOCKOUT, ["ann", "ben"])
    games = play_out(party, lambda x, o: "draw")
    assert [(g.x, g.o) for g in games] == [("ann", "ben"), ("ben", "ann"), ("ann", "ben")]
    assert len(games) == KNOCKOUT_DRAWS + 1 and party.champion == "ann"


def test_a_knockout_player_gone_before_the_match_loses_it_unplayed() -> None:
    party = party_of(KNOCKOUT, ["ann", "ben", "cat", "dan"])
    assert party.next_game() == ("ann", "ben")
    party.leave("dan")
    party.finish_game(result("ann", "ben", "o"))
    # cat goes through without playing; the final is ben against cat.
    assert party.next_game() == ("ben", "cat") and party.knockout_round == 2
    party.join("eve")  # too late for the bracket: she watches, and is told so
    assert party.queue == [] and party.late == ["eve"]
    assert party_of(KNOCKOUT, ["ann", "ben"]).late == []  # drawn, none late (nor out, nor in)


def test_winner_stays_plays_on_without_a_player_away_who_keeps_their_place() -> None:
    """A phone asleep in the queue used to send its guest to the back: now their place is
    kept, and the games go on without them until they are back."""
    party = party_of(WINNER_STAYS, ["ann", "ben", "cat"])
    assert party.next_game() == ("ann", "ben")
    party.drop("cat")
    party.finish_game(result("ann", "ben", "x"))
    assert party.queue == ["cat", "ben"] and party.away == ["cat"]
    assert party.status() == "next game in a moment"  # ben plays: nobody waits for cat
    assert party.next_game() == ("ben", "ann")
    party.join("cat")  # back, to the place kept
    party.finish_game(result("ben", "ann", "x"))
    assert party.queue == ["cat", "ann"] and party.away == []
    assert party.next_game() == ("cat", "ben")


def test_with_too_few_here_the_party_says_whom_it_waits_for() -> None:
    party = party_of(WINNER_STAYS, ["ann", "ben"])
    party.finish_game(result(*party.next_game(), "draw"))  # type: ignore[misc]
    party.drop("ben")
    assert party.next_game() is None and party.status() == "waiting for ben to come back"
    party.leave("ben")  # given up on: gone from the queue and its wait
    assert party.queue == ["ann"] and party.status() == "waiting for players"


def test_round_robin_plays_the_pairs_here_and_waits_for_those_owed_a_game() -> None:
    party = party_of(ROUND_ROBIN, ["ann", "ben", "cat", "dan"])
    first = party.next_game()
    assert first is not None and "dan" not in first
    party.finish_game(result(*first, "x"))
    party.drop("dan")
    games = play_out(party, seeded(2))
    assert {frozenset(g.players) for g in games} == {
        frozenset(p) for p in combinations(["ann", "ben", "cat"], 2)
    }
    assert not party.finished and party.status() == "waiting for dan to come back"
    party.join("dan")
    play_out(party, seeded(3))
    assert party.finished and len(party.results) == 6
    # Given up on instead, a player away is owed nothing: the evening ends without them.
    party = party_of(ROUND_ROBIN, ["ann", "ben", "cat"])
    party.finish_game(result(*party.next_game(), "x"))  # type: ignore[misc]
    party.drop("cat")
    play_out(party, seeded(4))
    party.leave("cat")
    assert party.next_game() is None and party.finished


def test_a_knockout_match_waits_for_a_player_away_and_is_lost_once_they_are_gone() -> None:
    party = party_of(KNOCKOUT, ["ann", "ben", "cat", "dan"])
    assert party.next_game() == ("ann", "ben")
    party.drop("dan")
    party.finish_game(result("ann", "ben", "x"))
    assert party.next_game() is None and party.status() == "waiting for dan to come back"
    assert party.queue == ["cat", "dan", "ann"]  # dan keeps his place, and his match
    party.join("dan")
    assert party.next_game() == ("cat", "dan")
    party.drop("ann")
    party.finish_game(result("cat", "dan", "o"))
    assert party.next_game() is None and party.queue == ["ann", "dan"]
    party.leave("ann")  # never back: dan goes through unplayed, and wins the knockout
    assert party.next_game() is None and party.champion == "dan" and party.finished


def test_only_the_latest_passers_by_are_remembered() -> None:
    """Who came and went without playing is forgotten beyond the latest few (a peer coming
    and going under new names without end grew the party for ever); anyone who took part
    in the evening, or is here, is kept."""
    party = Party(KNOCKOUT, start_at=2)
    for name in ("Ada", "Bo", "Cy"):
        party.join(name)
        party.members[name] = f"token of {name}"
    assert party.next_game() == ("Ada", "Bo")  # Cy: a place in the bracket, for a bye
    for name in ("Ada", "Bo", "Cy"):
        party.leave(name)
    for n in range(6):
        party.join(f"guest {n}")
        party.members[f"guest {n}"] = "token"
        party.leave(f"guest {n}")
    party.join("Di")  # here, and no game yet
    assert party.forget_passers_by(2, here=["guest 0"])
    kept = ["Ada", "Bo", "Cy", "guest 0", "guest 4", "guest 5", "Di"]
    assert party.roster == kept and list(party.members) == kept[:-1]
    assert not party.forget_passers_by(2, here=["guest 0"])  # nothing more to forget


def test_a_saved_party_comes_back_and_waits_for_its_players(tmp_path: Path) -> None:
    party = party_of(WINNER_STAYS, ["ann", "ben", "cat"], games=5)
    party.finish_game(result(*party.next_game(), "x"))  # type: ignore[misc]
    path = tmp_path / "party.json"
    party.save(path)
    back = Party.load(path, list(party.results))
    assert back.champion == "ann" and back.playing is None
    # Everyone away, in the queue's order (the winner stayed), and waited for.
    assert back.present == back.away == back.expected == ["ann", "cat", "ben"]
    assert back.status() == "waiting for ann, cat and ben to come back"
    for name in ("cat", "ann"):
        back.join(name)  # in any order: each comes back to their place
    assert back.queue == ["cat", "ben"] and back.away == ["ben"]
    assert back.next_game() is None  # not without ben (the host stops waiting after a while)
    back.expected.clear()
    assert back.next_game() == ("cat", "ann")
    party.next_game()
    party.save(path)
    assert Party.load(path, list(party.results)).playing == ("cat", "ann")  # a game in hand
    path.write_text("{not json")
    with pytest.raises(ValueError, match="is not a saved party"):
        Party.load(path, [])


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_saved_mid_evening_loads_back_as_it_was(fmt: str, tmp_path: Path) -> None:
    """Whatever a party holds after some games (a champion, a bracket, planned sides, a game
    in hand, members' tokens) is what its file is checked against."""
    party = party_of(fmt, NAMES[:5], games=9)
    for _ in range(3):
        party.finish_game(result(*party.next_game(), "x"))  # type: ignore[misc]
    party.members = {name: f"token-{name}" for name in party.roster}
    party.next_game()
    path = tmp_path / "party.json"
    party.save(path)
    back = Party.load(path, list(party.results))
    assert back.expected == back.away == back.present == party.present
    back.expected, back.away = party.expected, party.away
    assert back == party


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("format", 5),
        ("start_at", 2.0),
        ("games", "9"),
        ("roster", 7),
        ("present", 5),
        ("present", ["ann", 2]),
        ("playing", ["ann"]),
        ("playing", "ann"),
        ("started", 1),
        ("champion", ["ann"]),
        ("bracket", {"ann": "ben"}),
        ("knockout_round", 1.5),
        ("match_draws", None),
        ("sides", [["ann", 2]]),
        ("members", ["ann"]),
        ("members", {"ann": 5}),
        ("key", None),
    ],
)
def test_a_saved_party_with_a_field_of_the_wrong_type_is_refused(
    name: str, value: object, tmp_path: Path
) -> None:
    """Loaded, such a party would fail on the host's loop, in every message after."""
    path = tmp_path / "party.json"
    party_of(ROUND_ROBIN, ["ann", "ben"]).save(path)
    path.write_text(json.dumps({**json.loads(path.read_text()), name: value}))
    with pytest.raises(ValueError, match=rf"is not a saved party \({name}\S* must be "):
        Party.load(path, [])


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, "5", "null", '["playing"]'])
def test_a_file_that_holds_no_partys_fields_is_refused(text: str, tmp_path: Path) -> None:
    path = tmp_path / "party.json"
    path.write_text(text)
    with pytest.raises(ValueError, match="is not a saved party"):
        Party.load(path, [])


def test_a_party_must_have_a_format_and_two_players() -> None:
    with pytest.raises(ValueError, match="no party format 'swiss'"):
        Party("swiss")
    with pytest.raises(ValueError, match="at least 2 players"):
        Party(ROUND_ROBIN, start_at=1)


def test_the_rate_limit_allows_a_burst_then_one_per_interval() -> None:
    limit = RateLimit(burst=2, every=1.0)
    assert [limit.allow("a", t) for t in (0.0, 0.1, 0.2)] == [True, True, False]
    assert limit.allow("b", 0.2)  # each sender has its own bucket
    assert not limit.allow("a", 0.9) and limit.allow("a", 1.3) and not limit.allow("a", 1.4)
    limit.forget("a")
    assert limit.allow("a", 1.5) and limit.allow("a", 1.5)


def test_the_news_of_a_tie_says_shared_win_only_when_both_won() -> None:
    from net.party_host import _verdict

    bonus_draw = GameResult("Ada", "Bo", 10, 10)  # text 002: no line of four, 10 each
    assert _verdict(bonus_draw, shared=False) == "a draw between Ada and Bo"
    assert _verdict(GameResult("Ada", "Bo", 1, 1), shared=True) == "a shared win, 1 each"
    assert _verdict(GameResult("Ada", "Bo", 0.5, 1), shared=False) == "Bo wins 1 to ½"


def test_a_night_that_ends_level_at_the_top_is_shared() -> None:
    party = Party("round-robin", roster=["Ada", "Bo", "Cy"])
    party.results = [  # each beats one other: a point each
        GameResult("Ada", "Bo", 1, 0),
        GameResult("Bo", "Cy", 1, 0),
        GameResult("Cy", "Ada", 1, 0),
    ]
    party.end()
    assert party.status() == "Ada, Bo and Cy share the night"
    party.results.append(GameResult("Ada", "Bo", 1, 0))
    assert party.status() == "Ada wins the night"
