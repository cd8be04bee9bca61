"""Compile ``rules_it/policy`` into the cache's ``policy`` part."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judgekit.cache import CompileContext
from judgekit.errors import Issue


def compile_policy(ctx: CompileContext) -> dict[str, Any]:
    return {}


def validate_file(path: Path) -> list[Issue]:
    return []
