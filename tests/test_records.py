"""Records and the state report: the spec's own examples, and every way a record goes bad."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from game.records import (
    MAX_RECORD_BYTES,
    Record,
    RecordError,
    parse_record,
    read_record,
    state_report,
)
from game.rules import Goff, Player

SPEC_RECORD = {"variant": "goff", "moves": ["1-2", "2-5", "5-9", "5-1", "4@5", "3-7"]}
SPEC_REPORT = {
    "variant": "goff",
    "classical": {"1": "X1", "2": "O2", "5": "O4", "9": "X3"},
    "quantum": {"3": ["X5"], "7": ["X5"]},
    "to_play": "O",
    "awaiting": "move",
    "over": False,
    "scores": {"X": 0, "O": 0},
}


def test_the_spec_example_report() -> None:
    assert state_report(parse_record(json.dumps(SPEC_RECORD)).final()) == SPEC_REPORT


def test_a_record_spelled_by_hand_is_canonical_as_a_writer_spells_it() -> None:
    # records.md: "in Goff's example 4@5, 1@1 and 2@2 agree"; a writer uses 4@5.
    for spelled in ("4@5", "1@1", "2@2"):
        moves = ["1-2", "5-2", "9-5", "5-1", spelled, "7-3"]
        record = Record(Goff(), moves, {"players": {"X": "Ada"}})
        canonical = record.canonical()
        assert canonical.moves == ["1-2", "2-5", "5-9", "1-5", "4@5", "3-7"]
        assert state_report(canonical.final()) == SPEC_REPORT
        assert canonical.extra == record.extra
    with pytest.raises(RecordError, match='token 2 "3-3"'):
        Record(Goff(), ["1-2", "3-3"]).canonical()


@pytest.mark.parametrize(
    ("fields", "quoted"),
    [
        ({"variant": "goff", "moves": ["1-2", "x" * (5 << 20)]}, 'token 2 "xxxxxxxx'),
        ({"variant": "goff", "moves": ["1-2", "1@" + "1" * (5 << 20)]}, 'token 2 "1@111111'),
        ({"variant": "g" * (5 << 20), "moves": []}, "record: unknown variant 'gggggggg"),
    ],
)
def test_a_megabyte_of_text_in_a_record_is_quoted_in_a_few_words(
    tmp_path: Path, fields: dict[str, object], quoted: str
) -> None:
    # The refusal quoted the whole token or name: one line of 5 MB on the terminal.
    path = tmp_path / "big.json"
    path.write_text(json.dumps(fields))
    with pytest.raises(RecordError) as refused:
        read_record(path).final()
    assert str(refused.value).startswith(quoted) and len(str(refused.value)) < 120, refused


def test_a_report_while_a_collapse_is_awaited() -> None:
    record = parse_record('{"variant": "goff", "moves": ["1-2", "2-5", "5-9", "5-1"]}')
    report = state_report(record.final())
    assert report["to_play"] == "X" and report["awaiting"] == "collapse"
    assert report["quantum"] == {
        "1": ["X1", "O4"],
        "2": ["X1", "O2"],
        "5": ["O2", "X3", "O4"],
        "9": ["X3"],
    }


def test_a_finished_report_has_numbers_for_scores() -> None:
    moves = ["4-6", "4-9", "1-3", "8-9", "5-6", "4-7", "4-8", "7@4"]
    report = state_report(Record(Goff(), moves).final())
    assert report["over"] is True and report["to_play"] is None and report["awaiting"] is None
    assert report["scores"] == {"X": 0.5, "O": 1}
    assert json.loads(json.dumps(report))["scores"]["X"] == 0.5


def test_other_fields_are_kept_and_written_back() -> None:
    record = parse_record(json.dumps({**SPEC_RECORD, "players": ["ann", "bo"], "date": "today"}))
    assert record.extra == {"players": ["ann", "bo"], "date": "today"}
    written = json.loads(record.to_json())
    assert written == {**SPEC_RECORD, "players": ["ann", "bo"], "date": "today"}


def test_who_played_is_kept_beside_the_moves_and_read_back_only_if_readable() -> None:
    record = parse_record(json.dumps(SPEC_RECORD))
    record.name_players({Player.X: "Ada", Player.O: "Bot (medium)"})
    back = parse_record(record.to_json())
    assert back.players() == {Player.X: "Ada", Player.O: "Bot (medium)"}
    assert back.moves == record.moves  # a field beside the spec's, the game unchanged
    for players, read in [
        (["ann", "bo"], {}),  # another program's field of the same name
        ({"X": "Ada", "O": 7}, {Player.X: "Ada"}),
        ({"X": "", "O": "a" * 41}, {}),
        ({"X": "Ada\x1b[2J", "O": "Bo"}, {Player.O: "Bo"}),
    ]:
        other = parse_record(json.dumps({**SPEC_RECORD, "players": players}))
        assert other.players() == read, players


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "record: not JSON"),
        ("{", "record: not JSON"),
        ("[" * 100_000, "record: not JSON"),
        # records.md: "A record is a JSON object"; JSON has no NaN or Infinity (RFC 8259 §6),
        # and a record kept with one would be written back as no JSON at all.
        ('{"variant": "goff", "moves": [], "time": NaN}', "record: not JSON (NaN is not a"),
        ('{"variant": "goff", "moves": [-Infinity]}', "record: not JSON (-Infinity is not"),
        ("[]", "record: not a JSON object"),
        ('"goff"', "record: not a JSON object"),
        ('{"moves": []}', 'record: no "variant"'),
        ('{"variant": 3, "moves": []}', 'record: "variant" must be a string'),
        ('{"variant": null, "moves": []}', 'record: "variant" must be a string'),  # it is there
        ('{"variant": "chess", "moves": []}', "record: unknown variant 'chess'"),
        ('{"variant": "goff"}', 'record: no "moves"'),
        ('{"variant": "goff", "moves": "1-2"}', 'record: "moves" must be a list of tokens'),
        ('{"variant": "goff", "moves": {"1": "1-2"}}', 'record: "moves" must be a list of tokens'),
        # JSON, but past the digits Python reads (4300 unless set otherwise).
        ('{"variant": "nxn", "size": 1' + "0" * 5000 + ', "moves": []}', "record: a number in"),
        ('{"variant": "goff", "moves": [1' + "0" * 5000 + "]}", "record: a number in it is over"),
        ('{"variant": "goff", "moves": [], "at": 1e999}', "record: a number in it is too large"),
        ('{"variant": "goff", "moves": [], "at": -1E+400}', "record: a number in it is too large"),
    ],
)
def test_not_a_record(text: str, message: str) -> None:
    with pytest.raises(RecordError, match="^" + message.replace("(", r"\(")):
        parse_record(text)


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["1-2", 12], "token 2 12: a token must be a string"),
        (["1-2", None], "token 2 null: a token must be a string"),
        (["1-2", ["2-3"]], 'token 2 ["2-3"]: a token must be a string'),
        (
            ["1-2", "2-5", "5-9", "5-1", "3-3"],
            'token 5 "3-3": both halves in one cell only on move 9 into the last open cell',
        ),
        (["1-2", "2-5", "5-9", "5-1", "3-4"], 'token 5 "3-4": X must choose the collapse first'),
        (["1-3", "4-7", "2-3", "1-7", "2-3", "5@2", "3-4"], 'token 7 "3-4": the game is over'),
        (["1-3", "4-7", "2-3", "1-7", "2-3", "5@2", 7], "token 7 7: the game is over"),
        (["1-2", "2-x"], 'token 2 "2-x": tokens have no player letters'),
        (["1-2", "2-10"], 'token 2 "2-10": there is no cell 10 on a 3×3 board'),
        # Numbers too long to read, where a cell or a mark stands.
        (["1-2", "2-1" + "0" * 5000], 'token 2 "2-1' + "0" * 36 + "…: there is no cell 1"),
        (["1-2", "1-2", "1" * 5000 + "@1"], 'token 3 "' + "1" * 39 + "…: there is no mark 1"),
    ],
)
def test_bad_tokens_are_numbered(moves: list[object], message: str) -> None:
    record = parse_record(json.dumps({"variant": "goff", "moves": moves}))
    with pytest.raises(RecordError) as caught:
        record.positions()
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ('{"variant": "goff",\n "name": "Zoë"}'.encode("latin-1"), "(byte 0xeb on line 2)"),
        (json.dumps(SPEC_RECORD).encode("utf-16"), "UTF-16 text, not UTF-8 (save it as UTF-8)"),
        (json.dumps(SPEC_RECORD).encode("utf-32"), "UTF-32 text, not UTF-8 (save it as UTF-8)"),
        (json.dumps(SPEC_RECORD).encode("utf-16-le"), "(a NUL byte on line 1: UTF-16?)"),
    ],
)
def test_text_in_another_encoding_is_named_with_where_it_goes_wrong(
    tmp_path: Path, data: bytes, message: str
) -> None:
    # records.md: a record that cannot be read is refused on one line; the reader is told
    # what the file is and where, not a JSON parser's complaint about a NUL byte.
    path = tmp_path / "game.json"
    path.write_bytes(data)
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert str(caught.value).startswith("record: ") and str(caught.value).endswith(message)


def test_utf8_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(SPEC_RECORD).encode())
    assert state_report(read_record(path).final()) == SPEC_REPORT


@pytest.mark.parametrize(
    ("token", "shown"),
    [
        ("1-2\u2028", r'"1-2\u2028"'),  # JSON leaves these bare; splitlines() ends a line there
        ("1-2\x85", r'"1-2\u0085"'),
        ("\u202e2-1", r'"\u202e2-1"'),  # a bidi override would reorder the line
        ("\ud800", r'"\ud800"'),
    ],
)
def test_a_refused_token_is_shown_on_one_line_of_printable_text(token: str, shown: str) -> None:
    # records.md: "one line on standard error ... the line names the token's number, the token".
    record = parse_record(json.dumps({"variant": "goff", "moves": [token]}))
    with pytest.raises(RecordError) as caught:
        record.positions()
    assert str(caught.value).startswith(f"token 1 {shown}: ")
    assert len(str(caught.value).splitlines()) == 1 and str(caught.value).isprintable()


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="record: cannot read"):
        read_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="record: cannot read"):
        read_record(tmp_path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x8f\xfe{}")
    with pytest.raises(RecordError, match="record: not UTF-8 text"):
        read_record(binary)
    with pytest.raises(RecordError, match=r"^record: cannot read .*/two\\nlines\.json: No such"):
        read_record(tmp_path / "two\nlines.json")  # one line, whatever the name holds
    empty = tmp_path / "empty.json"
    empty.write_text("\n")
    with pytest.raises(RecordError, match="record: the file is empty"):
        read_record(empty)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_RECORD_BYTES + 1))  # or a device that never ends
    with pytest.raises(RecordError, match=f"record: {huge} is over 16 MB, no game's record"):
        read_record(huge)


def test_a_fifo_is_read_as_it_comes_and_one_nobody_writes_to_is_empty(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="record: the file is empty"):
        read_record(fifo)  # no writer: at once, not blocked for ever

    def write() -> None:
        with open(fifo, "w") as out:  # waits for the reader
            json.dump(SPEC_RECORD, out)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    try:
        time.sleep(0.2)  # the writer waits in open()
        assert read_record(fifo).moves == SPEC_RECORD["moves"]
    finally:
        writer.join(timeout=10)
