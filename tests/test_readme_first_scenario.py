"""The README's first scenario ("Il tuo primo scenario") runs as written and says what the README says."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def _first_scenario() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Il tuo primo scenario", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert found is not None
    return found.group(1)


def test_the_first_scenario_is_short() -> None:
    assert len(_first_scenario().strip().splitlines()) < 10


def test_the_first_scenario_replays_as_the_readme_says() -> None:
    from judgekit.ruling.run import run_text

    result = run_text(_first_scenario(), "primo.yaml")
    assert result.ok
    final = result.final or {}
    assert final["players"]["Bruno"]["life"] == 16
    assert final["objects"]["grizzly-bears"]["zone"] == "graveyard"
    assert [a.key for a in result.assumptions] == ["assign_damage"]
    assert result.verdict


def test_the_first_scenario_runs_from_standard_input() -> None:
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "judgekit", "ruling", "-", "--json"], input=_first_scenario(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["ok"] is True and doc["final"]["players"]["Bruno"]["life"] == 16
