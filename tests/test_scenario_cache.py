"""The compiled-scenario cache: a validated scenario is reused, anything new or damaged is validated again."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judgekit.errors import InvalidFileError
from judgekit.scenario import loader
from judgekit.scenario.loader import load_scenario

try:  # the replay's home after the engine's restructuring
    from judgekit.ruling.run import replay  # type: ignore[import-not-found]
except ImportError:
    from judgekit.engine.replay import replay

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "scenarios" / "combat" / "regrower-all-to-hunter.yaml"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files validated (parsed and checked by the pydantic models) from now on."""
    seen: list[str] = []
    real = loader._load

    def counting(doc: Any, *args: Any) -> Any:
        seen.append(doc.name)
        return real(doc, *args)

    monkeypatch.setattr(loader, "_load", counting)
    return seen


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / "v1" / "scenarios").glob("*.json"))


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / "scenario.yaml"
    shutil.copyfile(SOURCE, path)
    return path


def test_cached_scenario_is_not_validated_again_and_rules_the_same(
        tmp_path: Path, cache_dir: Path, validations: list[str]) -> None:
    path = _copy(tmp_path)
    first = load_scenario(path)
    assert len(validations) == 1
    assert len(_entries(cache_dir)) == 1

    again = load_scenario(path)
    assert len(validations) == 1, "a cached scenario must not be parsed nor validated again"
    assert again.data == first.data
    assert (again.id, again.title, again.source, again.path) == (first.id, first.title, first.source, first.path)
    assert again.doc.data == first.doc.data and again.doc.lines == first.doc.lines
    assert again.doc.name == first.doc.name
    assert again.locs == first.locs and again.objects == first.objects
    assert all(again.objects[oid] is obj for oid, obj in again.objects.items()
               if any(obj is o for o in again.data["battlefield"]))
    assert again.issue(("actions", 2, "assign_damage"), "x") == first.issue(("actions", 2, "assign_damage"), "x")
    assert replay(again).to_json() == replay(load_scenario(path)).to_json() == replay(first).to_json()


def test_editing_the_file_invalidates_it_even_with_the_same_size_and_time(
        tmp_path: Path, cache_dir: Path, validations: list[str]) -> None:
    path = _copy(tmp_path)
    load_scenario(path)
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    edited = text.replace("{name: Anna}", "{name: Arna}").replace("Anna", "Arna")
    assert edited != text and len(edited.encode()) == len(text.encode())
    path.write_text(edited, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns

    loaded = load_scenario(path)
    assert len(validations) == 2
    assert [p["name"] for p in loaded.data["players"]] == ["Arna", "Bruno"]


def test_a_card_change_invalidates_the_scenarios_that_use_it(
        tmp_path: Path, cache_dir: Path, validations: list[str]) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "scenarios" / "cards", cards)
    path = _copy(tmp_path)
    load_scenario(path, cards_dir=cards)
    load_scenario(path, cards_dir=cards)
    assert len(validations) == 1
    hunter = cards / "helpful-hunter.yaml"
    hunter.write_text(hunter.read_text(encoding="utf-8").replace("toughness: 1", "toughness: 2"), encoding="utf-8")
    loaded = load_scenario(path, cards_dir=cards)
    assert len(validations) == 2
    assert loaded.objects["hunter"]["toughness"] == 2


def test_a_damaged_entry_is_rebuilt_silently(tmp_path: Path, cache_dir: Path, validations: list[str]) -> None:
    path = _copy(tmp_path)
    expected = replay(load_scenario(path)).to_json()
    for damage in ("{not json", json.dumps({"format": 1, "key": "someone else"}), "", "[1, 2]"):
        (entry,) = _entries(cache_dir)
        entry.write_text(damage, encoding="utf-8")
        assert replay(load_scenario(path)).to_json() == expected
        assert json.loads(entry.read_text(encoding="utf-8"))["data"]["title"] == expected_title(path)
    assert len(validations) == 5
    load_scenario(path)
    assert len(validations) == 5


def expected_title(path: Path) -> str:
    return str(loader.load_yaml(path).data["title"])


BAD = """title: T
source: S
players: [{name: Anna}, {name: Bruno}]
battlefield:
  - {id: x, name: X, typez: [Creature]}
"""


def test_a_file_with_errors_is_never_cached(tmp_path: Path, cache_dir: Path, validations: list[str],
                                             invoke: Any) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(InvalidFileError) as info:
            load_scenario(path)
        messages.append(info.value.render())
    assert messages[0] == messages[1] and "typez" in messages[0]
    assert len(validations) == 2
    results = [invoke("ruling", str(path)) for _ in range(2)]
    assert [r.exit_code for r in results] == [3, 3]
    assert results[0].stderr == results[1].stderr and "typez" in results[0].stderr
    assert len(validations) == 4
    assert _entries(cache_dir) == []


def test_a_cold_ruling_does_not_build_the_search_index(tmp_path: Path) -> None:
    cache = tmp_path / "cold"
    env = {**os.environ, "JUDGEKIT_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-m", "judgekit", "ruling", "regrower-all-to-hunter"], env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    made = sorted(str(p.relative_to(cache)) for p in cache.rglob("*") if p.is_file())
    assert not [m for m in made if m.endswith(".pickle")], made  # no corpus part: rules, manual, policy, search
    assert any(m.startswith("v1/scenarios/") and m.endswith(".json") and "deps-" not in m for m in made), made


def test_the_glossary_alone_is_the_corpus_glossary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit import cache

    expected = cache.corpus()["glossary"]
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "g"))
    cache.reset()
    try:
        assert cache.glossary() == expected
        assert not list((tmp_path / "g").rglob("*.pickle"))
        cache.reset()
        (entry,) = (tmp_path / "g").rglob("s-*.json")
        entry.write_text("{damaged", encoding="utf-8")
        assert cache.glossary() == expected
    finally:
        cache.reset()
