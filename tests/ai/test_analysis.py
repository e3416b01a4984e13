"""Game analysis: exact values and best actions against brute force, grades, estimates, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from game.ai.analysis import (
    Analysis,
    EstimateJudge,
    ExactJudge,
    analyse,
    judge_plies,
    label_of,
)
from game.ai.make_openings import best_moves, build
from game.ai.openings import best_actions, load_openings
from game.ai.openings import value as opening_value
from game.ai.solver import RULES, Solver
from game.commands import analyze
from game.records import Record
from game.rules import Action, Player, Position, Scores, Variant, make_variant
from tests.ai.test_solver import NEAR_THE_END, brute_force
from tests.rules.scenario import random_game

GOFF = make_variant("goff", {})
SHARED = make_variant("shared", {})


def brute_best(pos: Position) -> tuple[int, set[Action]]:
    """The value (twice X−O) and every action that keeps it, by minimax over the whole tree."""
    values = {action: brute_force(pos.play(action), []) for action in pos.legal_actions()}
    pick = max if pos.to_play is Player.X else min
    value = pick(values.values())
    return value, {action for action, v in values.items() if v == value}


LATE = [pos for pos in NEAR_THE_END if pos.move_number == 8][::2]


@pytest.mark.parametrize("pos", LATE, ids=repr)
def test_exact_values_and_best_actions_equal_brute_force(pos: Position) -> None:
    judged = ExactJudge(pos.variant).judge(pos)
    value, best = brute_best(pos)
    assert judged.lead == value / 2
    assert set(judged.best) == best
    assert ExactJudge(pos.variant).value(pos).lead == value / 2


PLACING = [pos for pos in LATE if not pos.awaiting_collapse][:3]


@pytest.mark.parametrize("pos", PLACING, ids=repr)
def test_the_study_gives_each_cell_its_best_placement_by_brute_force(pos: Position) -> None:
    side = 1 if pos.to_play is Player.X else -1
    expected: dict[int, float] = {}
    for action in pos.legal_actions():
        lead = side * brute_force(pos.play(action), []) / 2
        for cell in (action.a, action.b):
            expected[cell] = max(expected.get(cell, lead), lead)
    assert ExactJudge(pos.variant).study(pos) == expected


def test_a_collapse_s_study_gives_each_outcome_on_the_cell_it_settles() -> None:
    # Turned on at a collapse, the study said what each cell held and showed nothing.
    pending = next(pos for pos in LATE if pos.awaiting_collapse)
    side = 1 if pending.to_play is Player.X else -1
    expected = {
        action.cell: side * brute_force(pending.play(action), []) / 2  # type: ignore[union-attr]
        for action in pending.legal_actions()
    }
    assert len(expected) == len(pending.legal_actions()) == 2
    assert ExactJudge(pending.variant).study(pending) == expected
    estimated = EstimateJudge(iterations=50).study(pending)
    assert set(estimated) == set(expected) and all(-1 <= v <= 1 for v in estimated.values())


def test_a_finished_game_has_nothing_to_study() -> None:
    over = Record(make_variant("goff"), ["1-2", "2-3", "1-2", "1@1"]).final()
    while not over.is_over:
        over = over.play(over.legal_actions()[0])
    assert ExactJudge(over.variant).study(over) == {}
    assert EstimateJudge(iterations=50).study(over) == {}


def test_an_estimated_study_covers_the_placements_the_search_tried() -> None:
    pos = Record(make_variant("nxn", {"size": 4}), ["1-2", "5-6"]).final()
    study = EstimateJudge(iterations=100).study(pos)
    open_cells = set(pos.open_cells())
    assert study and set(study) <= open_cells
    assert all(-1 <= lead <= 1 for lead in study.values())


def test_labels_follow_the_stated_thresholds() -> None:
    assert [label_of(loss) for loss in (0, 0.5, 1, 1.5, 2)] == [
        "best",
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert label_of(0.2) == "best" and label_of(0.8) == "mistake"


def game_with_one_mistake(variant: Variant, seed: int) -> tuple[list[str], int, int]:
    """Random play to move 8, then perfect play (by brute force) but for one worse action.

    Returns the tokens, how many came before perfect play began, and the ply of the mistake.
    """
    rng = Random(seed)
    while True:
        pos = Position(variant)
        tokens: list[str] = []
        while not pos.is_over and pos.move_number < 8:
            action = rng.choice(pos.legal_actions())
            tokens.append(variant.token(action))
            pos = pos.play(action)
        start = len(tokens)
        mistake = None
        while not pos.is_over:
            best = brute_best(pos)[1]
            worse = [a for a in pos.legal_actions() if a not in best]
            if mistake is None and worse:
                action = rng.choice(worse)
                mistake = len(tokens) + 1
            else:
                action = sorted(best, key=variant.token)[0]
            tokens.append(variant.token(action))
            pos = pos.play(action)
        if mistake is not None:
            return tokens, start, mistake


@pytest.mark.parametrize(("variant", "seed"), [(GOFF, 1), (GOFF, 2), (SHARED, 3)])
def test_a_game_whose_only_mistake_is_known_is_graded_so(variant: Variant, seed: int) -> None:
    tokens, start, mistake = game_with_one_mistake(variant, seed)
    positions = Record(variant, tokens).positions()
    plies = list(judge_plies(positions, tokens, ExactJudge(variant), start))
    assert [p.ply for p in plies] == list(range(start + 1, len(tokens) + 1))
    for ply in plies:
        pos = positions[ply.ply - 1]
        value, best = brute_best(pos)
        after = brute_force(positions[ply.ply], [])
        drop = (value - after) / 2 if ply.mover is Player.X else (after - value) / 2
        assert ply.loss == drop
        keeping = [variant.token(a) for a in pos.legal_actions() if a in best]
        assert ply.best_tokens(variant) == keeping
        if ply.ply == mistake:
            assert ply.loss > 0 and ply.label != "best"
        else:
            assert ply.loss == 0 and ply.label == "best"


def test_estimates_say_so_with_expected_scores_and_a_confidence() -> None:
    variant = make_variant("nxn", {"size": 4})
    tokens = ["1-2", "5-6", "1-5"]
    positions = Record(variant, tokens).positions()
    judge = EstimateJudge(iterations=120)
    analysis = Analysis(variant, judge.exact, list(judge_plies(positions, tokens, judge)))
    found = analysis.to_json()
    assert found["exact"] is False and found["variant"] == "nxn"
    for ply in found["plies"]:  # type: ignore[attr-defined]
        assert 0 <= ply["before"]["X"] <= 1
        assert ply["before"]["X"] + ply["before"]["O"] == pytest.approx(1)
        assert 0 <= ply["confidence"] <= 1
        assert len(ply["best"]) == 1 and ply["loss"] >= 0
    # A finished game is judged in the same terms: its score difference capped to ±1.
    small = make_variant("nxn", {"size": 3})
    final = Record(small, random_game(small, 1)).final()
    ended = judge.judge(final)
    lead = max(-1.0, min(1.0, final.scores().x - final.scores().o))
    assert ended.lead == lead and ended.value == Scores((1 + lead) / 2, (1 - lead) / 2)
    # A fixed budget and seed: the same record gets the same estimate.
    again = Analysis(variant, False, list(judge_plies(positions, tokens, EstimateJudge(120))))
    assert again.to_json() == found


def record_file(tmp_path: Path, moves: list[str], variant: str = "goff", **fields: int) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": variant, "moves": moves, **fields}))
    return str(path)


def test_analyze_json_has_the_issue_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # X's first move keeps the value (so it is the book's): every position here is a lookup.
    tokens = ["1-9", "2-5"]
    assert analyze.main([record_file(tmp_path, tokens[:2])]) == 0
    capsys.readouterr()
    assert analyze.main([record_file(tmp_path, tokens[:2]), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["variant"] == "goff" and found["exact"] is True
    first = found["plies"][0]
    assert list(first) == ["ply", "token", "mover", "before", "after", "best", "loss", "label"]
    assert first["ply"] == 1 and first["token"] == tokens[0] and first["mover"] == "X"
    assert first["before"] == {"X": 1, "O": 0.5}
    assert sorted(first["best"]) == ["1-9", "3-7"]
    assert first["after"] == first["before"] and first["loss"] == 0 and first["label"] == "best"
    assert {p["label"] for p in found["plies"]} <= {"best", "inaccuracy", "mistake", "blunder"}


def test_analyze_text_marks_the_mistakes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = analyze.main([record_file(tmp_path, ["1-2", "5-6"], "nxn", size=3)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0].split()[:3] == ["ply", "token", "before"]
    assert "estimated, 1000 search iterations a position" in out
    # An estimate's value ("X 0.51 – O 0.49") is wider than an exact one: the columns widen
    # with it, and every row's loss ends where the header's does.
    head, *rows, _ = out.splitlines()
    end = head.index("loss") + len("loss")
    assert all(row[end - 4 : end].strip() and row[end] == " " for row in rows), out


def test_analyze_spells_a_hand_written_move_as_its_best_column_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # records.md lets a reader write "5-1" and any mark of the cycle ("1@1" is "4@5"; "5@3"
    # is "6@7"): printed as written beside the best column's "4@1 4@5" or "6@3", a player
    # could not tell a best collapse from a weak one.
    tokens = ["1-2", "2-5", "5-9", "5-1", "1@1", "3-7", "3-7", "5@3"]
    assert analyze.main([record_file(tmp_path, tokens), "--json"]) == 0
    plies = json.loads(capsys.readouterr().out)["plies"]
    assert [p["token"] for p in plies[3:]] == ["1-5", "4@5", "3-7", "3-7", "6@7"]
    assert plies[4]["token"] in plies[4]["best"] and plies[7]["token"] not in plies[7]["best"]
    assert analyze.main([record_file(tmp_path, tokens)]) == 0
    rows = capsys.readouterr().out.splitlines()[1:-1]
    assert [row.split()[1] for row in rows] == [*tokens[:3], "1-5", "4@5", "3-7", "3-7", "6@7"]


def test_an_estimate_s_loss_is_what_its_mover_s_expected_score_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The loss was twice the drop of the numbers beside it: "X 0.49 – O 0.51" to "X 0.00 –
    # O 1.00" was a loss of 0.99.
    path = record_file(tmp_path, ["3-5", "7-8", "6-11", "2-4"], "nxn", size=4)
    assert analyze.main([path, "--json"]) == 0
    plies = json.loads(capsys.readouterr().out)["plies"]
    drops = [p["before"][p["mover"]] - p["after"][p["mover"]] for p in plies]
    assert [p["loss"] for p in plies] == pytest.approx([max(0, d) for d in drops], abs=2e-3)
    assert any(p["loss"] > 0.1 for p in plies)
    assert analyze.main([path]) == 0
    head, *rows, foot = capsys.readouterr().out.splitlines()
    end = head.index("loss") + len("loss")
    shown = [float(row[end - 4 : end]) for row in rows]
    assert shown == pytest.approx([p["loss"] for p in plies], abs=0.006)
    assert foot.endswith("blunder from 0.75, mistake from 0.375, inaccuracy from 0.125")
    assert [p["label"] for p in plies] == [
        "best" if p["loss"] < 0.125 else "inaccuracy" if p["loss"] < 0.375 else "mistake"
        for p in plies
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "record: not JSON"), ('{"variant": "goff", "moves": ["1-2", "3-3"]}', 'token 2 "3-3"')],
)
def test_analyze_refuses_bad_records_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert analyze.main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1


@pytest.mark.slow
def test_a_whole_goff_game_analysed_from_the_empty_board() -> None:
    """Random play, then perfect play but for one mistake, graded from ply 1 (minutes)."""
    tokens, start, mistake = game_with_one_mistake(GOFF, 4)
    analysis = analyse(GOFF, Record(GOFF, tokens).positions(), tokens)
    labels = {p.ply: p.label for p in analysis.plies if p.ply > start}
    assert labels[mistake] != "best"
    assert all(label == "best" for ply, label in labels.items() if ply != mistake)


@pytest.mark.parametrize("variant,actions", [(GOFF, 3), (SHARED, 2)], ids=["goff", "shared"])
def test_the_shipped_openings_table_agrees_with_a_fresh_solver(
    variant: Variant, actions: int
) -> None:
    """A sample of the deepest entries, value and best actions, found again by a solver with
    no table and no book (the slow test below rebuilds them all)."""
    rules = RULES[variant.name]
    openings = load_openings(rules)
    rng = Random(7)
    pos = Position(variant)
    for _ in range(actions):
        pos = pos.play(rng.choice(pos.legal_actions()))
    value, best = Solver(None, rules).best_actions(pos)
    assert opening_value(openings, pos) == value
    assert best_actions(openings, pos) == best


@pytest.mark.slow
def test_every_entry_of_the_shipped_openings_tables_agrees_with_a_fresh_solver() -> None:
    """About two hours of one core."""
    for variant in (GOFF, SHARED):
        rules = RULES[variant.name]
        depth = 2 if variant is GOFF else 1
        shipped = load_openings(rules)
        assert build(rules, depth) == shipped.values
        assert best_moves(rules, shipped.values, depth) == shipped.best
