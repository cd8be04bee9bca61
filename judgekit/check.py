"""``judgekit check``: validate data files and scenario files, reporting every problem.

Each kind of file has a validator ``(path) -> list[Issue]`` chosen by where the file lives:
files under a ``rules_it`` folder are corpus data, files under ``scenarios/cards`` the card library,
any other YAML file a scenario.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from pathlib import Path

from judgekit import paths
from judgekit.errors import FileAccessError, InvalidFileError, Issue

Validator = Callable[[Path], list[Issue]]

_VALIDATORS: dict[str, str] = {
    "rules": "judgekit.corpus.compile:validate_file",
    "policy": "judgekit.policy.compile:validate_file",
    "cards": "judgekit.scenario.cards:validate_file",
    "scenario": "judgekit.scenario.loader:validate_file",
}


def kind_of(path: Path) -> str:
    parts = path.resolve().parts
    if "rules_it" in parts:
        return "policy" if "policy" in parts[parts.index("rules_it"):] else "rules"
    if "cards" in parts and "scenarios" in parts:
        return "cards"
    return "scenario"


def _validator(kind: str) -> Validator:
    module, func = _VALIDATORS[kind].split(":")
    return getattr(importlib.import_module(module), func)


def iter_yaml(targets: list[Path]) -> Iterator[Path]:
    for target in targets:
        if target.is_dir():
            yield from sorted(p for p in target.rglob("*.yaml") if not p.name.startswith("."))
        elif target.exists():
            yield target
        else:
            raise FileAccessError(f"file o cartella non trovata: {target}")


def check(targets: list[Path] | None = None) -> tuple[int, list[Issue]]:
    """Validate the given files and folders (default: shipped data and scenarios).

    Returns the number of files checked and every issue found.
    """
    chosen = targets or [paths.rules_dir(), paths.scenarios_dir()]
    issues: list[Issue] = []
    count = 0
    for path in iter_yaml(chosen):
        count += 1
        try:
            issues.extend(_validator(kind_of(path))(path))
        except InvalidFileError as exc:
            issues.extend(exc.issues)
    return count, issues
