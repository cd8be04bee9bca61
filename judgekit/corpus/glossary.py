"""Compile ``rules_it/glossary.yaml`` into the cache's ``glossary`` part."""

from __future__ import annotations

from typing import Any

from judgekit.cache import CompileContext


def compile_glossary(ctx: CompileContext) -> list[dict[str, Any]]:
    return []
