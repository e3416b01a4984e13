"""The player's settings, kept between runs in ``settings.json`` in the config folder.

:func:`load` never fails: a missing file gives the defaults, and a file that
is not JSON, or holds a field of the wrong type or out of range, gives the
default for what it cannot read and keeps the rest, so one bad field never
wipes the others. :func:`save` writes atomically, so a crash mid-write leaves
the previous file whole.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass, fields
from pathlib import Path

from game.ai import LEVELS
from game.client.paths import settings_file, write_atomic
from game.rules import VARIANTS
from net.client import parse_address
from net.protocol import tidy_name

log = logging.getLogger(__name__)

NXN_SIZES = range(3, 7)
NAME_LIMIT = 24  # characters in a player's name
EMPTY_NAME = "A name cannot be empty"  # why :func:`valid` refuses what was typed


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the settings screen changes: a value, replaced with ``dataclasses.replace``."""

    volume: float = 0.7  # 0 to 1
    muted: bool = False
    high_contrast: bool = False
    fullscreen: bool = False
    reduce_motion: bool = False  # shorter, calmer collapse effects
    quick_collapse: bool = False  # a collapse without its pause, banner beat and slow flight
    variant: str = "goff"  # the variant the setup screen starts on
    nxn_size: int = 4
    bot_level: str = LEVELS[0]
    player_name: str = ""  # none chosen yet: asked when a LAN table first needs it
    last_address: str = ""  # the table last joined by typing its address, offered again

    @property
    def effect_intensity(self) -> float:
        """How many particles effects make: fewer for players who asked for calmer ones."""
        return 0.4 if self.reduce_motion else 1.0

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2, sort_keys=True) + "\n"


def valid(name: str, value: object) -> bool:
    """Whether ``value`` may stand for the field ``name`` (its type and its range)."""
    default = getattr(Settings(), name)
    # bool is an int in Python: keep a true/false out of a number field and back.
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, int | float) and 0.0 <= value <= 1.0
    if name == "nxn_size":
        return isinstance(value, int) and value in NXN_SIZES
    if name == "variant":
        return isinstance(value, str) and value in VARIANTS
    if name == "bot_level":
        return isinstance(value, str) and value in LEVELS
    if name == "last_address":
        return isinstance(value, str) and _an_address(value)
    # A name: printable (a NUL or a lone surrogate in a damaged file could not be sent to a
    # table), as a table would show it but for its spacing.
    return (
        isinstance(value, str)
        and 0 < len(value.strip()) <= NAME_LIMIT
        and tidy_name(value) == " ".join(value.split())
    )


def _an_address(text: str) -> bool:
    try:
        parse_address(text)
    except ValueError:
        return False
    return True


def from_fields(data: object) -> Settings:
    """Settings from a decoded JSON object, field by field; anything unreadable is defaulted."""
    if not isinstance(data, dict):
        return Settings()
    kept = {}
    for f in fields(Settings):
        if f.name in data and valid(f.name, data[f.name]):
            value = data[f.name]
            kept[f.name] = float(value) if isinstance(f.default, float) else value
    return Settings(**kept)


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults for whatever cannot be read."""
    path = settings_file() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("settings: cannot read %s (%s); using the defaults", path, exc)
        return Settings()
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        log.warning("settings: %s is not JSON; using the defaults", path)
        return Settings()
    return from_fields(data)


def save(settings: Settings, path: Path | None = None) -> bool:
    """Write ``settings``; ``False`` (and a log line) if the folder cannot be written.

    A read-only home must not stop the game: the settings then last this run.
    """
    path = settings_file() if path is None else path
    try:
        write_atomic(path, settings.to_json())
    except OSError as exc:
        log.warning("settings: cannot write %s (%s)", path, exc)
        return False
    return True
