"""Settings survive a restart, fall back field by field, and live in each platform's folders."""

from __future__ import annotations

import dataclasses
import json
import os
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from game.client import paths, settings
from game.client.canvas import Canvas
from game.client.scene import SceneName
from game.client.settings import Settings
from game.client.theme import HIGH_CONTRAST
from game.paths import config_dir, data_dir
from game.records import Record, read_record
from game.rules import VARIANTS, Goff, Place
from tests.client.driver import Driver


def test_saved_settings_load_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    chosen = Settings(volume=0.25, muted=True, high_contrast=True, fullscreen=True, nxn_size=5)
    assert settings.save(chosen, path)
    assert settings.load(path) == chosen
    assert not [p for p in path.parent.iterdir() if p.name != "settings.json"]  # no temp left


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert settings.load(tmp_path / "nothing.json") == Settings()


@pytest.mark.parametrize(
    "text",
    ["", "{", "[1, 2]", "null", '"volume"', "\x00\xff", "[" * 100_000, '{"volume": NaN'],
)
def test_corrupt_file_gives_defaults(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    assert settings.load(path) == Settings()


def test_not_utf8_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"volume": "\xff\xfe"}')
    assert settings.load(path) == Settings()


def test_bad_fields_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    fields = {
        "volume": 3,  # out of range
        "muted": 1,  # a number is not a yes/no
        "high_contrast": True,  # good: kept
        "fullscreen": "yes",
        "nxn_size": 9,
        "variant": "chess",
        "bot_level": 3,
        "player_name": "Ada",  # good: kept
        "unknown": {"kept": "no"},
    }
    path.write_text(json.dumps(fields), encoding="utf-8")
    loaded = settings.load(path)
    assert loaded == Settings(high_contrast=True, player_name="Ada")


@pytest.mark.parametrize("name", ["a\u0000b", "\ud800abc", "\x1b[2Jevil", "\u202eAda", " "])
def test_a_name_a_table_could_not_show_is_not_kept(tmp_path: Path, name: str) -> None:
    # A NUL or a lone surrogate could be neither drawn nor sent to a table (the window sat at
    # "Connecting…" for ever); a control or format character would reach others' screens.
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": name, "muted": True}), encoding="utf-8")
    assert settings.load(path) == Settings(muted=True)  # asked again, the rest kept


@pytest.mark.parametrize(
    ("address", "kept"),
    [("127.0.0.1:7777", True), ("[::1]:7777", True), ("host:99999", False), (7777, False)],
)
def test_the_last_address_is_kept_only_if_it_can_be_joined(
    tmp_path: Path, address: object, kept: bool
) -> None:
    # The LAN screen offers it as a row that joins at once: one it cannot read is dropped.
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"last_address": address}), encoding="utf-8")
    assert settings.load(path).last_address == (address if kept else "")


def test_a_volume_written_as_an_integer_is_read_as_a_float(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 1, "muted": true}', encoding="utf-8")
    loaded = settings.load(path)
    assert loaded.volume == 1.0 and isinstance(loaded.volume, float) and loaded.muted


def test_unwritable_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert not settings.save(Settings(), blocker / "settings.json")


def test_a_failed_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    settings.save(Settings(volume=0.5), path)

    def crash(src: object, dst: object) -> None:
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", crash)
    assert not settings.save(Settings(volume=0.9), path)
    assert settings.load(path).volume == 0.5
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_default_location_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    settings.save(dataclasses.replace(Settings(), muted=True))
    assert (tmp_path / "cfg" / "qttt" / "settings.json").is_file()
    assert settings.load().muted


def test_folders_per_platform(tmp_path: Path) -> None:
    home = tmp_path
    linux = {"XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d"}
    assert config_dir(linux, "linux", home) == Path("/c/qttt")
    assert data_dir(linux, "linux", home) == Path("/d/qttt")
    # Unset or relative XDG values are ignored, as the spec says.
    assert config_dir({"XDG_CONFIG_HOME": "rel"}, "linux", home) == home / ".config/qttt"
    assert data_dir({}, "freebsd", home) == home / ".local/share/qttt"
    mac = home / "Library" / "Application Support" / "qttt"
    assert config_dir({}, "darwin", home) == data_dir({}, "darwin", home) == mac
    win = {"APPDATA": r"C:\Users\a\Roaming", "LOCALAPPDATA": r"C:\Users\a\Local"}
    assert config_dir(win, "win32", home) == Path(r"C:\Users\a\Roaming") / "qttt"
    assert data_dir(win, "win32", home) == Path(r"C:\Users\a\Local") / "qttt"
    assert data_dir({}, "win32", home) == home / "AppData" / "Local" / "qttt"


def test_records_are_saved_in_the_data_folder_and_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    record = Record(Goff())
    record.append(record.positions()[-1], Place(0, 1))
    when = datetime(2026, 11, 22, 3, 15)
    first = paths.save_record(record, now=when)
    second = paths.save_record(record, now=when)
    assert first.parent == tmp_path / "qttt" / "records"
    assert first.name == "2026-11-22_0315_goff.qttt.json"
    assert second.name == "2026-11-22_0315_goff-2.qttt.json"
    assert read_record(first).moves == ["1-2"]
    later = paths.save_record(record, now=datetime(2026, 11, 23, 9, 0))
    (first.parent / "notes.txt").write_text("not a record")
    assert paths.saved_records() == [later, second, first]


def test_no_records_folder_lists_nothing(tmp_path: Path) -> None:
    assert paths.saved_records(tmp_path / "absent") == []


# -- the settings screen, in the real window ------------------------------------


def open_settings(d: Driver) -> None:
    d.choose("Settings")
    assert d.name is SceneName.SETTINGS


def test_the_screen_changes_settings_at_once_and_they_outlive_the_run(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    open_settings(d)
    d.focus("Volume")
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)
    assert d.app.settings.volume == pytest.approx(0.5)
    assert d.app.audio.volume == pytest.approx(0.5)
    d.focus("Sound")
    d.key(pygame.K_RETURN)
    assert d.app.settings.muted and d.app.audio.muted
    d.focus("High contrast")
    d.key(pygame.K_RIGHT)
    assert d.app.palette is HIGH_CONTRAST
    d.focus("Variant")
    d.key(pygame.K_RIGHT)
    assert d.app.settings.variant == list(VARIANTS)[1]
    d.focus("n×n board")
    d.key(pygame.K_LEFT)
    assert d.app.settings.nxn_size == 3
    # The name is typed in its field (the on-screen keyboard shows); Backspace erases, Enter keeps.
    d.focus("Name")
    d.key(pygame.K_RETURN)
    for _ in range(len("Player")):
        d.key(pygame.K_BACKSPACE)
    d.post(pygame.TEXTINPUT, text="Ada")
    assert d.scene.editing.text == "Ada"
    # The space bar arrives as a key (Activate) and as text in one frame: it types a space.
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    )
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    d.frames(1)
    d.post(pygame.TEXTINPUT, text="L.")
    d.key(pygame.K_RETURN)
    assert d.app.settings.player_name == "Ada L."
    # An empty name is refused, said, and the old one kept (Escape drops the typing).
    d.key(pygame.K_RETURN)
    for _ in range(len("Ada L.")):
        d.key(pygame.K_BACKSPACE)
    d.key(pygame.K_RETURN)
    assert d.scene.editing is not None and d.scene.editing.refused
    d.key(pygame.K_ESCAPE)
    assert d.scene.editing is None and d.app.settings.player_name == "Ada L."
    d.key(pygame.K_ESCAPE)
    assert d.name is SceneName.TITLE

    saved = settings.load(tmp_path / "settings.json")
    assert saved == d.app.settings
    assert (saved.volume, saved.muted, saved.high_contrast, saved.nxn_size) == (0.5, True, True, 3)


def test_full_screen_and_reset_by_mouse(driver: Driver, tmp_path: Path) -> None:
    d = driver
    open_settings(d)
    area = d.scene.menu_area()
    rows = {
        item.label.split(":")[0]: rect
        for item, rect in zip(d.scene.menu.items, d.scene.menu.rects(area), strict=True)
    }
    d.click(rows["Full screen"].move(rows["Full screen"].width // 2, 0).midleft)
    assert d.app.settings.fullscreen
    assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    d.frames(2)
    area = d.scene.menu_area()  # the window changed size: lay out again
    rows = {
        item.label.split(":")[0]: rect
        for item, rect in zip(d.scene.menu.items, d.scene.menu.rects(area), strict=True)
    }
    d.click(rows["Reset to defaults"].center)  # one press only asks
    assert d.app.settings.fullscreen
    d.key(pygame.K_UP)  # moving away drops the question ...
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)  # ... so a stray Enter asks again, and changes nothing
    assert d.app.settings.fullscreen
    d.click(rows["Reset to defaults"].center)  # the second press in a row resets
    assert d.app.settings == Settings()
    assert not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    assert settings.load(tmp_path / "settings.json") == Settings()
    assert d.scene.menu.items[d.scene.menu.focus].label == "Reset to defaults"


def test_the_rows_show_a_setting_changed_elsewhere_and_step_on_from_it(driver: Driver) -> None:
    """F11 switches full screen on any screen, this one too: its row says so at once (the
    screen showing it, not only its value), and Right steps on from there, one press."""
    d = driver
    open_settings(d)
    d.focus("Full screen")

    def shown() -> list[str]:
        """The words drawn in the row (its label and its value)."""
        canvas = Canvas(pygame.display.get_surface().get_size())
        d.scene.draw(canvas, 0.0)
        rect = d.scene.menu.rects(d.scene.menu_area())[d.scene.menu.focus]
        return [t.words for t in canvas.visible_texts() if rect.contains(t.ink)]

    def f11() -> None:
        d.key(pygame.K_F11)
        d.post(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0)

    for on in (True, False):
        f11()
        assert d.app.settings.fullscreen is on
        row = d.scene.menu.items[d.scene.menu.focus]
        assert (row.label, row.value) == ("Full screen", "On" if on else "Off")
        assert row.value in shown() and ("Off" if on else "On") not in shown()
    d.key(pygame.K_RIGHT)
    assert d.app.settings.fullscreen
    assert d.scene.menu.items[d.scene.menu.focus].value == "On"
    f11()
    assert d.scene.menu.items[d.scene.menu.focus].value == "Off"
