"""Search quality on the project's query set (tests/data/search_queries.yaml) over the real corpus."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bench() -> Any:
    spec = importlib.util.spec_from_file_location("search_quality", ROOT / "benchmarks" / "search_quality.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def result(bench: Any) -> dict[str, Any]:
    from judgekit import cache

    index = cache.corpus().part("search")
    return dict(bench.evaluate(index, bench.load_queries()))


def test_query_set_is_large_and_varied(bench: Any) -> None:
    queries = bench.load_queries()
    assert len(queries) >= 80
    kinds = {q["kind"] for q in queries}
    assert {"domanda", "termine", "en", "refuso", "numero", "alias", "gergo"} <= kinds


def test_most_queries_can_be_answered_by_the_data(result: dict[str, Any]) -> None:
    assert result["answerable"] >= 80


def test_recall_at_5_at_least_90_percent(result: dict[str, Any]) -> None:
    assert result["judgekit"]["recall@5"] >= 0.9


def test_beats_the_fuzzy_baseline(result: dict[str, Any]) -> None:
    ours, baseline = result["judgekit"], result["baseline"]
    assert ours["recall@5"] > baseline["recall@5"]
    assert ours["mrr"] > baseline["mrr"]
