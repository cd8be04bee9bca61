"""Shipped scenarios converted to the compact form (SCENARIO-FORMAT.md 2.1) replay to the same result as their
version 1 originals, kept in ``tests/data/compact/``.

Automatic ids differ from the ids the originals wrote, so the results are compared by content: every object's
final fields with references to other objects replaced by their names, the players, the stack, the error rule,
whether the expectations pass, and the kinds and rules of the steps.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ORIGINALS = ROOT / "tests" / "data" / "compact"


def _pairs() -> list[tuple[Path, Path]]:
    return [(p, ROOT / "scenarios" / p.relative_to(ORIGINALS)) for p in sorted(ORIGINALS.rglob("*.yaml"))]


def _canonical(doc: dict[str, Any]) -> dict[str, Any]:
    final = doc["final"] or {}
    objects = final.get("objects") or {}
    names = {oid: obj["name"] for oid, obj in objects.items()}

    def named(ref: Any) -> Any:
        return names.get(ref, ref) if isinstance(ref, str) else ref

    rows = []
    for obj in objects.values():
        row = dict(obj)
        row["attached_to"] = named(row.get("attached_to"))
        if row.get("copy_of") is not None:
            row["copy_of"] = named(row["copy_of"])
        rows.append(json.dumps(row, sort_keys=True, ensure_ascii=False))
    stack = [{**item, "id": named(item.get("id")), "targets": [named(t) for t in item.get("targets") or []]}
             for item in final.get("stack") or []]
    return {
        "ok": doc["ok"],
        "error_rule": (doc.get("error") or {}).get("rule"),
        "passed": (doc.get("expect") or {}).get("passed"),
        "players": final.get("players"),
        "objects": sorted(rows),
        "stack": stack,
        "steps": [(s["kind"], s["rules"]) for s in doc["steps"]],
    }


def test_at_least_twenty_scenarios_are_converted() -> None:
    assert len(_pairs()) >= 20


@pytest.mark.parametrize("original,converted", [pytest.param(o, c, id=str(c.relative_to(ROOT / "scenarios")))
                                                for o, c in _pairs()])
def test_converted_scenario_replays_like_its_original(original: Path, converted: Path) -> None:
    from judgekit.ruling.run import run_file

    assert converted.is_file(), f"{converted} is missing"
    before = _canonical(run_file(original).to_json())
    after = _canonical(run_file(converted).to_json())
    assert after == before
    assert after["passed"] in (True, None)
