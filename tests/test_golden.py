"""Golden results: the ``ruling --json`` document of every shipped scenario is kept under ``tests/golden/``.

A change to the rules core that is not meant to change any ruling must leave every document identical. A
deliberate change regenerates them with one command (see docs/sviluppo.md, section "Test")::

    JUDGEKIT_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judgekit import paths
from judgekit.scenario.shipped import FOLDERS

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("JUDGEKIT_UPDATE_GOLDEN") == "1"


def _files() -> list[Path]:
    root = paths.scenarios_dir()
    return [p for folder in FOLDERS for p in sorted((root / folder).glob("*.yaml"))]


def _document(path: Path) -> str:
    from judgekit.ruling.run import run_file

    doc = run_file(path).to_json()
    if doc.get("error") and doc["error"].get("file"):
        # The file is shown relative to the working directory: the golden keeps it relative to scenarios/.
        doc["error"]["file"] = f"{path.parent.name}/{path.name}"
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


@pytest.mark.parametrize("path", [pytest.param(p, id=f"{p.parent.name}/{p.stem}") for p in _files()])
def test_shipped_scenario_result_matches_its_golden_file(path: Path) -> None:
    golden = GOLDEN / path.parent.name / f"{path.stem}.json"
    got = _document(path)
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(got, encoding="utf-8")
        return
    assert golden.is_file(), f"no golden file for {path.name}: regenerate with JUDGEKIT_UPDATE_GOLDEN=1"
    want = golden.read_text(encoding="utf-8")
    if got != want:
        import difflib

        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"{path.name}: the result differs from its golden file\n{diff[:6000]}")


def test_every_golden_file_has_its_scenario() -> None:
    """A golden file left behind by a removed or renamed scenario is an error, not silent dead weight."""
    names = {f"{p.parent.name}/{p.stem}.json" for p in _files()}
    kept = {str(g.relative_to(GOLDEN)) for g in GOLDEN.rglob("*.json")}
    stale = sorted(kept - names)
    assert not stale, stale
