"""Compile ``rules_it/manual`` (the textbook sections) into the cache's ``manual`` part."""

from __future__ import annotations

from typing import Any

from judgekit.cache import CompileContext


def compile_manual(ctx: CompileContext) -> list[dict[str, Any]]:
    return []
