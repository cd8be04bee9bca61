"""Build the search index (the cache's ``search`` part) from the other compiled parts."""

from __future__ import annotations

from typing import Any

from judgekit.cache import CompileContext


def compile_index(ctx: CompileContext) -> dict[str, Any]:
    return {}
