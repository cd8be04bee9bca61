"""``judgekit scenarios`` (titles, tags, filtering, ``--mostra``) and ``judgekit nuovo`` (template and copies)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgekit.scenario.loader import load_scenario, load_scenario_text
from judgekit.scenario.shipped import find_shipped, shipped

ROOT = Path(__file__).resolve().parent.parent


def test_list_shows_titles_and_tags(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("scenarios")
    assert result.exit_code == 0, result.stderr
    trample = find_shipped("trample-blocker-removed")
    assert trample is not None and "travolgere" in trample.tags()
    words = " ".join(result.stdout.split())  # a long title wraps under itself
    entry = words[words.index(trample.id + " "):][:len(trample.id) + len(trample.title) + 60]
    assert trample.title in entry and "travolgere" in entry


def test_keyword_tags_come_from_the_rules_the_source_cites() -> None:
    """A scenario citing CR 702.19 is tagged with trample's Italian name from the glossary; its folder gives the
    first tag."""
    for s in shipped():
        cites_trample = any(r == "702.19" or r.startswith("702.19") and r[6:].isalpha() for r in s.rules())
        assert ("travolgere" in s.tags()) == cites_trample, s.id
        assert s.tags()[0] == {"layers": "layer", "stack": "pila", "combat": "combattimento",
                               "replacement": "sostituzione",
                               "costs": "costi"}[s.folder]


def test_a_word_or_tag_keeps_only_the_scenarios_that_have_it(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("scenarios", "travolgere", "--json")
    assert result.exit_code == 0, result.stderr
    found = json.loads(result.stdout)
    assert found and all("travolgere" in s["tags"] or "travolgere" in s["title"].lower() for s in found)
    assert len(found) < len(shipped())


def test_a_rule_number_finds_the_scenarios_citing_it(invoke) -> None:  # type: ignore[no-untyped-def]
    found = json.loads(invoke("scenarios", "613.8", "--json").stdout)
    assert found and all(any(r.startswith("613.8") for r in s["rules"]) for s in found)


def test_a_query_with_no_scenario_is_not_found_with_suggestions(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("scenarios", "travolgerre")
    assert result.exit_code == 1
    assert "travolgerre" in result.stderr and "Forse cercavi" in result.stderr


def test_written_tags_are_accepted_by_the_loader_and_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           invoke) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "scenarios" / "stack"
    folder.mkdir(parents=True)
    text = ("title: Prova\nsource: CR 704.5f\ntags: [regola della casa, zero]\nplayers: [{name: A}, {name: B}]\n"
            "battlefield:\n  - {id: x, name: X, types: [Creature], power: 0, toughness: 0}\n")
    (folder / "prova.yaml").write_text(text, encoding="utf-8")
    assert load_scenario_text(text).id == "scenario"
    monkeypatch.setenv("JUDGEKIT_SCENARIOS_DIR", str(tmp_path / "scenarios"))
    result = invoke("scenarios", "casa")
    assert result.exit_code == 0, result.stderr
    assert "prova" in result.stdout and "regola della casa, zero" in result.stdout


def test_mostra_prints_the_shipped_file_exactly_comments_included(invoke) -> None:  # type: ignore[no-untyped-def]
    commented = next(s for s in shipped() if s.path.read_text(encoding="utf-8").lstrip().startswith("#"))
    result = invoke("scenarios", "--mostra", commented.id)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == commented.path.read_text(encoding="utf-8")


def test_mostra_unknown_id_is_not_found_with_near_ids(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("scenarios", "--mostra", "figth")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "figth" in result.stderr and "fight" in result.stderr


def test_mostra_json_is_one_document(invoke) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(invoke("scenarios", "--mostra", "fight", "--json").stdout)
    assert doc["id"] == "fight" and doc["yaml"] == find_shipped("fight").path.read_text(encoding="utf-8")  # type: ignore[union-attr]


# -- judgekit nuovo ---------------------------------------------------------------------------------------


def test_template_passes_check_and_its_expectations_hold(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "mio.yaml"
    result = invoke("nuovo", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_text(encoding="utf-8").startswith("#")
    checked = invoke("check", str(target))
    assert checked.exit_code == 0, checked.stdout
    ruled = invoke("ruling", str(target), "--check")
    assert ruled.exit_code == 0, ruled.stdout + ruled.stderr


def test_copy_of_a_shipped_scenario_is_byte_for_byte_and_checks(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    source = find_shipped("fight")
    assert source is not None
    target = tmp_path / "copia.yaml"
    result = invoke("new", "--da", "fight", str(target))
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes() == source.path.read_bytes()
    assert invoke("check", str(target)).exit_code == 0
    load_scenario(target)


def test_without_a_file_the_scenario_goes_to_standard_output(invoke) -> None:  # type: ignore[no-untyped-def]
    from judgekit.commands.nuovo import template

    for args in (("nuovo",), ("nuovo", "-")):
        result = invoke(*args)
        assert result.exit_code == 0, result.stderr
        assert result.stdout == template().decode("utf-8")
    load_scenario_text(invoke("nuovo").stdout)


def test_an_existing_file_is_not_overwritten_without_forza(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "mio.yaml"
    target.write_text("mio\n", encoding="utf-8")
    result = invoke("nuovo", str(target))
    assert result.exit_code == 5
    assert "esiste già" in result.stderr and "--forza" in result.stderr
    assert target.read_text(encoding="utf-8") == "mio\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mio.yaml"]  # no temporary file left behind
    forced = invoke("nuovo", "--forza", "--da", "fight", str(target))
    assert forced.exit_code == 0, forced.stderr
    assert target.read_bytes() == find_shipped("fight").path.read_bytes()  # type: ignore[union-attr]


def test_copy_from_an_unknown_id_is_not_found_and_writes_nothing(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "mio.yaml"
    result = invoke("nuovo", "--da", "figth", str(target))
    assert result.exit_code == 1
    assert "fight" in result.stderr
    assert not target.exists()
