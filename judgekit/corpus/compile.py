"""Compile ``rules_it/cr`` and ``rules_it/sintesi`` into the cache's ``rules`` part."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judgekit.cache import CompileContext
from judgekit.errors import Issue


def compile_rules(ctx: CompileContext) -> dict[str, Any]:
    return {}


def validate_file(path: Path) -> list[Issue]:
    return []
