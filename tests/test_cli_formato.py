"""``judgekit formato``: the scenario format reference, one page per part, every example a working scenario."""

from __future__ import annotations

import json

import pytest

from judgekit import paths
from judgekit.commands.formato import PARTS, page
from judgekit.errors import InvalidFileError
from judgekit.ruling.run import replay
from judgekit.scenario.loader import load_scenario_text

EXAMPLES = [(part, i, text) for part in PARTS for i, text in enumerate(page(part).examples())]


@pytest.mark.parametrize(("part", "index", "text"), EXAMPLES, ids=[f"{p}-{i}" for p, i, _t in EXAMPLES])
def test_every_yaml_example_loads_and_its_expectations_hold(part: str, index: int, text: str) -> None:
    """Every ```yaml block of every page is a complete scenario: the loader accepts it and, replayed, the
    expectations it writes hold."""
    try:
        loaded = load_scenario_text(text, f"{part}-{index}.yaml")
    except InvalidFileError as exc:
        pytest.fail(f"esempio {index} di «{part}» non valido:\n{exc.render()}")
    result = replay(loaded).to_json()
    assert result["expect"] is not None, "l'esempio dovrebbe dire come finisce (expect)"
    assert result["expect"]["passed"], result["expect"]["failures"]


@pytest.mark.parametrize("part", PARTS)
def test_every_page_has_a_title_a_summary_and_a_complete_example(part: str) -> None:
    shown = page(part)
    assert shown.title and shown.summary
    assert shown.examples(), f"la pagina «{part}» non ha un esempio ```yaml"


def test_pages_ship_inside_the_package() -> None:
    """The pages live in the judgekit package folder, which the wheel includes whole."""
    folder = paths.pages_dir() / "formato"
    assert folder.is_relative_to(paths.package_dir())
    assert sorted(p.stem for p in folder.glob("*.md")) == sorted(PARTS)


def test_without_a_part_every_part_is_listed_with_its_description(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("formato")
    assert result.exit_code == 0, result.stderr
    for part in PARTS:
        assert part in result.stdout
        assert page(part).title in result.stdout


def test_a_part_prints_its_page_with_the_example(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("formato", "azioni")
    assert result.exit_code == 0, result.stderr
    assert "declare_blockers" in result.stdout
    assert "```" not in result.stdout and "<!--" not in result.stdout


def test_accented_and_english_names_reach_the_same_page(invoke) -> None:  # type: ignore[no-untyped-def]
    plain = invoke("formato", "abilita")
    accented = invoke("format", "Abilità")
    assert plain.exit_code == accented.exit_code == 0
    assert plain.stdout == accented.stdout


def test_unknown_part_is_not_found_with_near_parts(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("formato", "ogetti")
    assert result.exit_code == 1
    assert "oggetti" in result.stderr and "ogetti" in result.stderr


def test_json_is_one_document_with_text_and_examples(invoke) -> None:  # type: ignore[no-untyped-def]
    listing = json.loads(invoke("formato", "--json").stdout)
    assert [p["part"] for p in listing["parts"]] == list(PARTS)
    doc = json.loads(invoke("formato", "scelte", "--json").stdout)
    assert doc["part"] == "scelte" and doc["examples"] == page("scelte").examples()


def test_keyword_list_follows_the_rules_core_vocabulary() -> None:
    """Every keyword the rules core knows is named on the abilities page (the list is generated, not copied)."""
    from judgekit.engine import vocab

    text = page("abilita").text
    missing = [k.value for k in vocab.Keyword if f"`{k.value}`" not in text]
    assert missing == []

