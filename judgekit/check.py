"""``judgekit check``: validate data files and scenario files, reporting every problem.

Each kind of file has a validator ``(path) -> list[Issue]`` chosen by where the file lives:
files under a ``rules_it`` folder are corpus data, files under ``scenarios/cards`` or in the user's card
folder (``paths.user_cards_dir``) the card library, any other YAML file a scenario — unless its top-level keys
are a card's and none of a scenario's (``name`` with ``types``, ``mana_cost``, ``oracle`` or ``text_it``; no
``players``, ``battlefield``, ``actions``...): then it is checked as a card.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from judgekit import paths
from judgekit.errors import FileAccessError, InvalidFileError, Issue
from judgekit.fileio import access_error, read_bytes

Validator = Callable[[Path], list[Issue]]

_VALIDATORS: dict[str, str] = {
    "rules": "judgekit.corpus.compile:validate_file",
    "policy": "judgekit.policy.compile:validate_file",
    "studio": "judgekit.study.situations:validate_file",
    "cards": "judgekit.scenario.cards:validate_file",
    "scenario": "judgekit.scenario.loader:validate_file",
}


def _rules_kind(below: tuple[str, ...]) -> str:
    """The kind of a file inside ``rules_it``: policy documents, study situations, or corpus data."""
    for kind in ("policy", "studio"):
        if kind in below:
            return kind
    return "rules"


def kind_of(path: Path) -> str:
    try:
        parts = path.resolve().parts
    except (RuntimeError, OSError):  # a symlink loop: read as given (reading it reports the loop)
        parts = path.absolute().parts
    try:  # the rules folder in use (JUDGEKIT_RULES_DIR) counts whatever its name
        below = Path(*parts).relative_to(paths.rules_dir().resolve()).parts
    except (ValueError, RuntimeError, OSError):
        below = None
    if below is not None:
        return _rules_kind(below)
    try:  # the user's card folder (JUDGEKIT_CARDS_DIR or <user data>/cards) holds cards whatever its name
        Path(*parts).relative_to(paths.user_cards_dir().resolve())
        return "cards"
    except (ValueError, RuntimeError, OSError):
        pass
    if "rules_it" in parts:
        return _rules_kind(parts[parts.index("rules_it"):])
    if "cards" in parts and "scenarios" in parts:
        return "cards"
    return "cards" if _looks_like_card(path) else "scenario"


# The keys only a scenario has, and those a card file has (SCENARIO-FORMAT.md, card library).
_SCENARIO_KEYS = ("players", "battlefield", "actions", "active_player", "version")
_CARD_KEYS = ("types", "mana_cost", "oracle", "text_it")


def _looks_like_card(path: Path) -> bool:
    """A file outside the known folders whose top-level keys are a card's and none of a scenario's (a card
    written before it is moved into the card folder) is checked as a card. Only the keys at the start of a
    line are looked at: no YAML is parsed here."""
    try:
        with path.open("rb") as handle:
            head = handle.read(64_000).decode("utf-8", "replace")
    except OSError:
        return False
    keys = {line.split(":", 1)[0].strip() for line in head.splitlines() if line[:1].isalpha() and ":" in line}
    return "name" in keys and any(k in keys for k in _CARD_KEYS) and not any(k in keys for k in _SCENARIO_KEYS)


def _validator(kind: str) -> Validator:
    module, func = _VALIDATORS[kind].split(":")
    return getattr(importlib.import_module(module), func)


def _unreadable(path: Path, error: FileAccessError) -> Issue:
    return Issue(paths.display_path(path), None, "", error.message)


def _walk(folder: Path, found: list[Path], problems: list[Issue], seen: set[tuple[int, int]]) -> None:
    """Every ``*.yaml`` below ``folder``; a folder that cannot be listed is a problem, not a silent skip."""
    try:
        st = folder.stat()
        if (st.st_dev, st.st_ino) in seen:  # a symlink back to a folder already visited
            return
        seen.add((st.st_dev, st.st_ino))
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        problems.append(_unreadable(folder, _folder_error(folder, exc)))
        return
    for entry in entries:
        child = Path(entry.path)
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            _walk(child, found, problems, seen)
        elif entry.name.endswith(".yaml") and not entry.name.startswith("."):
            found.append(child)


def _folder_error(folder: Path, exc: OSError) -> FileAccessError:
    if isinstance(exc, PermissionError):
        return FileAccessError(f"permesso negato: impossibile leggere la cartella {folder}")
    if isinstance(exc, FileNotFoundError):
        return FileAccessError(f"cartella non trovata (forse è stata spostata o cancellata): {folder}")
    return access_error(folder, exc)


def collect(targets: list[Path]) -> tuple[list[Path], list[Issue]]:
    """The files to check and the folders that could not be read (a missing target is an error, exit 5)."""
    files: list[Path] = []
    problems: list[Issue] = []
    for target in targets:
        if target.is_dir():
            found: list[Path] = []
            _walk(target, found, problems, set())
            files.extend(sorted(found))
        elif os.path.lexists(target):
            files.append(target)
        else:
            raise FileAccessError(f"file o cartella non trovata: {target}")
    return files, problems


def default_targets() -> list[Path]:
    """What ``judgekit check`` checks without arguments: the shipped data and scenarios, and the user's card
    folder when there is one."""
    chosen = [paths.rules_dir(), paths.scenarios_dir()]
    user_cards = paths.user_cards_dir()
    if user_cards.is_dir():
        chosen.append(user_cards)
    return chosen


@dataclass
class CheckResult:
    count: int
    issues: list[Issue] = field(default_factory=list)
    unreadable: list[Issue] = field(default_factory=list)


def check_all(targets: list[Path] | None = None) -> CheckResult:
    """Like :func:`check`, keeping the files and folders that could not be read apart (exit code 5)."""
    chosen = targets or default_targets()
    files, unreadable = collect(chosen)
    result = CheckResult(len(files), unreadable=unreadable)
    for path in files:
        try:
            read_bytes(path)  # only regular, readable files reach the validators
        except FileAccessError as exc:
            result.unreadable.append(_unreadable(path, exc))
            continue
        try:
            result.issues.extend(_validator(kind_of(path))(path))
        except InvalidFileError as exc:
            result.issues.extend(exc.issues)
        except FileAccessError as exc:  # it changed while it was being checked
            result.unreadable.append(_unreadable(path, exc))
    return result
