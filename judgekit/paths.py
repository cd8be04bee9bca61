"""Where judgekit finds its data, its cache and the user's imported documents."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    """The shipped data folder: inside the wheel (``judgekit/_data``) or at the top of a checkout."""
    installed = _PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE_DIR.parent / name


def rules_dir() -> Path:
    """The ``rules_it`` folder (rules, glossary, textbook sections, policy)."""
    override = os.environ.get("JUDGEKIT_RULES_DIR")
    return Path(override) if override else _data_dir("rules_it")


def scenarios_dir() -> Path:
    """The ``scenarios`` folder (worked scenarios and the card library)."""
    override = os.environ.get("JUDGEKIT_SCENARIOS_DIR")
    return Path(override) if override else _data_dir("scenarios")


def cards_dir() -> Path:
    """The shipped card library (``scenarios/cards``)."""
    return scenarios_dir() / "cards"


def user_cards_dir() -> Path:
    """The user's own cards, read beside the shipped library: ``JUDGEKIT_CARDS_DIR``, else
    ``<user data>/cards`` (``~/.local/share/judgekit/cards`` unless ``JUDGEKIT_DATA_DIR`` or ``XDG_DATA_HOME``
    say otherwise)."""
    override = os.environ.get("JUDGEKIT_CARDS_DIR")
    return Path(override) if override else user_data_dir() / "cards"


def pages_dir() -> Path:
    """The Italian pages shipped inside the package (``judgekit formato``, the ``judgekit nuovo`` template)."""
    return _PACKAGE_DIR / "pages"


def user_data_dir() -> Path:
    """Where ``judgekit import-cr`` writes what it imports (and where the user's cards live)."""
    override = os.environ.get("JUDGEKIT_DATA_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "judgekit"


def cards_db() -> Path:
    """The cards imported by ``judgekit import-cards`` (MTGJSON, Scryfall): one SQLite file in the user data
    folder."""
    return user_data_dir() / "cards.sqlite3"


def cache_dir() -> Path:
    """Where the compiled corpus cache lives."""
    override = os.environ.get("JUDGEKIT_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "judgekit"


def package_dir() -> Path:
    return _PACKAGE_DIR


def display_path(path: Path) -> str:
    """A path as shown in messages: relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):  # outside the working directory, a symlink loop, no cwd
        return str(path)
