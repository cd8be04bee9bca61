"""Scenario loading (SCENARIO-FORMAT.md version 1)."""

from __future__ import annotations

from pathlib import Path

from judgekit.errors import Issue


def validate_file(path: Path) -> list[Issue]:
    return []
