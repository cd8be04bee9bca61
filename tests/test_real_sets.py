"""The held-out sets of real questions and situations (issue 15): well formed, split by their fixed rule, every
expectation something judgekit's data has. They are read by benchmarks/real_quality.py, never tuned on (only
their development half is looked at while working)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
import yaml

DATA = Path(__file__).parent / "data"


def _load(name: str, key: str) -> list[dict[str, Any]]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{name} not present")
    return list(yaml.safe_load(path.read_text(encoding="utf-8"))[key])


def test_real_situations_are_split_by_the_hash_of_their_text() -> None:
    items = _load("real_situations.yaml", "situations")
    assert len(items) >= 110
    for item in items:
        digit = int(hashlib.sha256(item["text"].encode("utf-8")).hexdigest()[-1], 16)
        assert item["half"] == ("dev" if digit % 2 == 0 else "test"), item["text"]
        assert item["source"].startswith("http")


def test_real_situations_name_infractions_and_penalties_of_the_ipg_data() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    from policy_quality import load_policy

    infractions = load_policy()["infractions"]
    penalties = {"no_penalty", "warning", "game_loss", "match_loss", "disqualification"}
    items = _load("real_situations.yaml", "situations")
    for item in items:
        assert str(item["expect"]) in infractions, item["text"]
        assert item["penalty"] in penalties, item["text"]
    covered = {str(i["expect"]) for i in items}
    assert {i for i in infractions if i[0] in "234"} <= covered


def test_real_queries_are_split_by_the_hash_of_their_text_and_name_indexed_citations() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    from search_quality import answerable

    from judgekit import cache

    index = cache.corpus().part("search")
    items = _load("real_queries.yaml", "queries")
    assert len(items) >= 200
    for item in items:
        digit = int(hashlib.sha256(item["q"].encode("utf-8")).hexdigest()[0], 16)
        assert item["half"] == ("dev" if digit % 2 == 0 else "test"), item["q"]
        assert item["topic"] in ("regole", "torneo") and item["source"].startswith("http")
        assert answerable(index, item), item["q"]
