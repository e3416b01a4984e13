"""``qttt solve``, ``qttt arena`` and ``qttt bench mcts`` as a person or a script calls them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.analysis import score_pair
from game.ai.openings import action_values, load_openings
from game.ai.solver import RULES, Solver, scores_of
from game.commands import arena, bench_mcts, solve
from game.records import read_record
from game.rules import Goff, make_variant
from tests.rules.scenario import played, random_game

NEAR_THE_END = ["1-2", "2-5", "5-9", "5-1", "4@5", "3-7", "3-6", "4-8"]


def record(tmp_path: Path, moves: list[str], variant: str = "goff") -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": variant, "moves": moves}))
    return str(path)


def run(main: object, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)  # type: ignore[operator]
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_gives_the_value_and_every_action_as_record_tokens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record(tmp_path, NEAR_THE_END)
    code, out, err = run(solve.main, [path, "--json"], capsys)
    assert code == 0 and err == ""
    answer = json.loads(out)
    pos = read_record(path).final()
    solver = Solver()
    expected = {pos.variant.token(a): scores_of(v) for a, v in solver.action_values(pos).items()}
    assert answer["actions"] == {t: {"X": s.x, "O": s.o} for t, s in expected.items()}
    value = solver.value(pos)
    assert answer["value"] == {"X": value.x, "O": value.o}
    assert answer["seconds"] >= 0
    assert all(
        "-" in token and int(token.split("-")[0]) < int(token.split("-")[1])
        for token in answer["actions"]
    )


def test_solve_a_collapse_lists_both_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        solve.main, [record(tmp_path, ["1-2", "2-5", "5-9", "5-1"]), "--json"], capsys
    )
    assert code == 0
    assert sorted(json.loads(out)["actions"]) == ["4@1", "4@5"]


def test_solve_the_empty_board_with_the_book(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(solve.main, ["--json"], capsys)
    answer = json.loads(out)
    assert code == 0
    assert answer["value"] == {"X": 1, "O": 0.5}
    assert len(answer["actions"]) == 36
    winning = sorted(t for t, v in answer["actions"].items() if v == answer["value"])
    assert winning == ["1-9", "3-7"]


def test_solve_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(solve.main, [record(tmp_path, NEAR_THE_END), "--no-book"], capsys)
    assert code == 0
    assert out.startswith("value: X ")
    assert "from scratch" in out


@pytest.mark.parametrize("variant", ["goff", "shared"])
def test_solve_an_early_position_reads_the_tables_analyze_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    # After one move a search took 44 s (Goff) and 66 s (shared), with no word meanwhile,
    # while every action's value was in the shipped tables analyze answers from at once.
    path = record(tmp_path, ["1-2"], variant)
    pos = read_record(path).final()
    rules = RULES[variant]
    tables = action_values(load_openings(rules), pos)
    assert tables is not None
    code, out, _ = run(solve.main, [path], capsys)
    assert code == 0 and out.endswith("(read from the opening tables)\n"), out
    code, out, _ = run(solve.main, [path, "--json"], capsys)
    answer = json.loads(out)
    assert answer["actions"] == {
        pos.variant.token(a): score_pair(rules.scores(v)) for a, v in tables.items()
    }
    assert answer["value"] == score_pair(rules.scores(min(tables.values())))  # O to play


@pytest.mark.parametrize(
    ("moves", "variant", "message"),
    [
        (["1-2", "3-3"], "goff", 'token 2 "3-3"'),
        (["1.1-2.2"], "squared", "shared-win game only"),
    ],
)
def test_solve_refuses_bad_records_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], moves: list[str], variant: str, message: str
) -> None:
    code, out, err = run(solve.main, [record(tmp_path, moves, variant)], capsys)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_arena_json_counts_every_game_and_replays_from_its_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--x", "easy", "--o", "beginner", "--variant", "shared", "--games", "6", "--json"]
    code, out, _ = run(arena.main, argv, capsys)
    first = json.loads(out)
    assert code == 0
    assert first["x_wins"] + first["draws"] + first["o_wins"] == first["games"] == 6
    assert set(first["x_points"]) == {"mean", "ci95"}
    _, again, _ = run(arena.main, argv, capsys)
    second = json.loads(again)
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_arena_in_two_processes_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--x", "beginner", "--o", "easy", "--games", "4", "--json"]
    _, alone, _ = run(arena.main, argv, capsys)
    _, shared, _ = run(arena.main, [*argv, "--jobs", "2"], capsys)
    one, two = json.loads(alone), json.loads(shared)
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_arena_refuses_the_perfect_bot_off_goff(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--x", "perfect", "--o", "easy", "--variant", "nxn", "--games", "1"]
    code, out, err = run(arena.main, argv, capsys)
    assert code == 2 and out == ""
    assert "Goff" in err and err.count("\n") == 1


def test_arena_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--x", "perfect", "--o", "beginner", "--games", "2", "--cpu"]
    code, out, _ = run(arena.main, argv, capsys)
    assert code == 0
    assert "X wins 2" in out and "± " in out and "CPU-time limits" in out


def test_bench_mcts_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--variant", "goff", "--runs", "1", "--seconds", "0.2", "--answers", "1"]
    code, out, _ = run(bench_mcts.main, [*argv, "--games", "2", "--json"], capsys)
    result = json.loads(out)
    assert code == 0
    assert result["iterations_per_s"] > 0 and result["iterations_per_s_mid"] > 0
    assert set(result["hard_answer_ms"]) == set(result["perfect_answer_ms"]) == {"p50", "p99"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--runs", "0", "--answers", "0", "--games", "0"], "argument --runs: must be a whole"),
        (["--runs", "-1"], "argument --runs: must be a whole number of 1 or more"),
        (["--answers", "0"], "argument --answers: must be a whole number of 1 or more"),
        (["--answers", "-1"], "argument --answers: must be a whole number of 1 or more"),
        (["--games", "-1"], "argument --games: must be a whole number of 1 or more"),
        (["--games", "0"], "argument --games: must be a whole number of 1 or more"),
        (["--seconds", "nan"], "argument --seconds: must be a number of seconds above 0"),
        (["--seconds", "0"], "argument --seconds: must be a number of seconds above 0"),
        (["--mid", "-1"], "argument --mid: must be a whole number of 0 or more"),
        (["--mid", "1000"], "argument --mid: must be a whole number from 0 to 162"),
        (["--variant", "goff", "--mid", "19"], "from 0 to 18 (no goff game lasts longer)"),
    ],
)
def test_bench_mcts_refuses_counts_that_make_no_sense_in_a_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench_mcts.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert err.splitlines()[-1].startswith("qttt bench mcts: error: argument --")


@pytest.mark.parametrize("name", ["goff", "shared", "nxn", "squared", "ultimate"])
def test_no_game_outlasts_the_longest_mid_bench_mcts_takes(name: str) -> None:
    variant = make_variant(name)
    for seed in range(40):
        assert len(random_game(variant, seed)) <= bench_mcts.longest_game(variant)


def test_bench_mcts_profile_names_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        bench_mcts.main, ["--variant", "nxn", "--seconds", "0.2", "--profile"], capsys
    )
    assert code == 0
    assert "function calls" in out and "tottime" in out


def test_solve_a_finished_game_gives_its_score_and_no_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = random_game(Goff(), 2)
    pos = played(Goff(), *moves)
    code, out, _ = run(solve.main, [record(tmp_path, moves), "--json"], capsys)
    answer = json.loads(out)
    assert code == 0
    assert answer["value"] == {"X": pos.scores().x, "O": pos.scores().o}
    assert answer["actions"] == {}


def test_the_ladder_rates_every_level_and_replays_from_its_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # With time limits in CPU seconds: a ladder on a loaded machine plays as on an idle one.
    argv = ["--ladder", "--levels", "beginner,easy,perfect", "--games", "4", "--cpu", "--json"]
    code, out, err = run(arena.main, argv, capsys)
    assert code == 0
    ladder = json.loads(out)
    assert ladder["clock"] == "cpu"
    # One progress line a game, on standard error.
    assert err.count("\n") == 3 * 4 and "[12/12]" in err
    levels = {row["level"]: row for row in ladder["levels"]}
    assert list(levels) == ["beginner", "easy", "perfect"]
    assert levels["beginner"]["elo"] == 0 and levels["beginner"]["ci95"] == 0
    # Perfect wins every game on Goff's board, from either side: its Elo is the top one.
    assert levels["perfect"]["elo"] > levels["easy"]["elo"] > 0
    assert all(row["ci95"] > 0 and row["answer_ms"]["p50"] >= 0 for row in ladder["levels"][1:])
    pairs = {(p["higher"], p["lower"]): p for p in ladder["pairs"]}
    top = pairs["perfect", "beginner"]
    assert top["games"] == 4 and top["score"] == 1
    assert top["as_x"] == {"wins": 2, "draws": 0, "losses": 0} == top["as_o"]
    _, again, _ = run(arena.main, argv, capsys)
    second = json.loads(again)
    for answer in (ladder, second):
        answer.pop("seconds")
        for row in answer["levels"]:
            row.pop("answer_ms"), row.pop("answer_ms_mean")
    assert ladder == second


def test_the_ladder_as_a_table_takes_every_level_of_the_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        arena.main, ["--ladder", "--games", "2", "--levels", "beginner,easy", "--cpu"], capsys
    )
    assert code == 0
    assert "Elo" in out and "easy vs beginner" in out and "CPU-time limits" in out
    assert arena.plays("perfect", Goff()) and not arena.plays("perfect", make_variant("nxn"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ladder", "--x", "easy"], "leave out --x"),
        (["--ladder", "--levels", "easy,grandmaster"], "unknown level 'grandmaster'"),
        (["--ladder", "--levels", "easy,easy"], "twice"),
        (["--ladder", "--levels", "easy"], "two levels"),
        (["--ladder", "--levels", ""], "two levels"),  # not every level: it names none
        (["--x", "easy", "--o", "easy", "--levels", ""], "--levels names a ladder's levels"),
        (["--ladder", "--variant", "nxn", "--levels", "easy,perfect"], "Goff"),
        (["--x", "easy"], "name both levels"),
        # It played easy against easy and never read "foo".
        (["--x", "easy", "--o", "easy", "--levels", "foo"], "--levels names a ladder's levels"),
        (["--ladder", "--size", "5"], "--size is the nxn board's side"),
        (["--ladder", "--variant", "nxn", "--size", "9"], '"size" must be a whole number'),
    ],
)
def test_the_ladder_refuses_bad_levels_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(arena.main, argv, capsys)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["--x", "easy", "--o", "easy"], ["--ladder"]])
def test_the_arena_refuses_more_games_than_it_can_plan(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Every game is planned first: a billion ended in a MemoryError traceback.
    with pytest.raises(SystemExit) as exit_:
        arena.main([*argv, "--games", "1000000000"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "qttt arena: error: argument --games: must be a whole number from 1 to 10000, "
        "not '1000000000'"
    )
