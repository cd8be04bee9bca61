"""``judgekit formato``: the scenario format reference, one page per part, every example a working scenario."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml

from judgekit import paths
from judgekit.commands.formato import PARTS, page
from judgekit.errors import InvalidFileError
from judgekit.ruling.run import replay
from judgekit.scenario.loader import load_scenario_text

EXAMPLES = [(part, i, text) for part in PARTS for i, text in enumerate(page(part).examples())]


def _replayed(part: str, index: int, text: str) -> dict[str, Any]:
    try:
        loaded = load_scenario_text(text, f"{part}-{index}.yaml")
    except InvalidFileError as exc:
        pytest.fail(f"esempio {index} di «{part}» non valido:\n{exc.render()}")
    return replay(loaded).to_json()


def _is_compact(text: str) -> bool:
    """A compact example (SCENARIO-FORMAT.md 2.1): its players are plain names."""
    players = yaml.safe_load(text).get("players")
    return isinstance(players, list) and all(isinstance(p, str) for p in players)


@pytest.mark.parametrize(("part", "index", "text"), EXAMPLES, ids=[f"{p}-{i}" for p, i, _t in EXAMPLES])
def test_every_yaml_example_loads_and_its_expectations_hold(part: str, index: int, text: str) -> None:
    """Every ```yaml block of every page is a complete scenario: the loader accepts it and, replayed, the
    expectations it writes hold."""
    result = _replayed(part, index, text)
    assert result["expect"] is not None, "l'esempio dovrebbe dire come finisce (expect)"
    assert result["expect"]["passed"], result["expect"]["failures"]


@pytest.mark.parametrize(("part", "index", "text"), EXAMPLES, ids=[f"{p}-{i}" for p, i, _t in EXAMPLES])
def test_every_yaml_example_writes_the_choices_it_relies_on(part: str, index: int, text: str) -> None:
    """A reference example takes no default decision behind the reader's back: its ruling has no assumptions."""
    result = _replayed(part, index, text)
    assert result["assumptions"] == [], [a["choices"] for a in result["assumptions"]]


@pytest.mark.parametrize("part", PARTS)
def test_every_page_teaches_the_compact_form_first(part: str) -> None:
    """Every page has a compact example (players written as plain names), and the first example is one."""
    examples = page(part).examples()
    assert examples and _is_compact(examples[0]), f"il primo esempio di «{part}» non è nella forma breve"


@pytest.mark.parametrize("part", PARTS)
def test_no_page_keeps_the_old_version_markers(part: str) -> None:
    """The compact forms are the normal way to write now: no page sets them apart as "version 2"."""
    assert "Versione 2 del formato" not in page(part).text


def test_the_choices_page_names_every_key_the_loader_accepts() -> None:
    """Every reserved key of ``choices`` and every key of an ANSWER is explained on the choices page."""
    from judgekit.scenario.choices import ANSWER_KEYS, RESERVED_KEYS

    text = page("scelte").text
    missing = [k for k in (*RESERVED_KEYS, *ANSWER_KEYS) if f"`{k}" not in text]
    assert missing == []


def test_the_expectations_page_names_every_key_of_the_result() -> None:
    """Every key of the ``--json`` result, of its final state, of a player and of an object is on the page."""
    part, index, text = next(e for e in EXAMPLES if e[0] == "aspettative")
    result = _replayed(part, index, text)
    final = result["final"]
    keys = set(result) | set(final) | set(next(iter(final["players"].values())))
    keys |= set(next(iter(final["objects"].values())))
    doc = page("aspettative").text
    missing = sorted(k for k in keys if not re.search(rf"[`.]{re.escape(k)}\b", doc))
    assert missing == []


def _heredocs(part: str) -> list[str]:
    """The scenarios that the page's ```sh blocks feed to ``judgekit ruling -`` with a heredoc."""
    found = []
    for block in re.findall(r"^```sh\n(.*?)^```", page(part).text, re.S | re.M):
        for m in re.finditer(r"judgekit ruling -[^<\n]*<<'?(\w+)'?\n(.*?)^\1$", block, re.S | re.M):
            found.append(m.group(2))
    return found


def test_the_stdin_example_of_the_actions_page_runs(runner) -> None:  # type: ignore[no-untyped-def]
    """The shell example reads a scenario from standard input; that scenario replays without an error."""
    from judgekit.cli import app

    scenarios = _heredocs("azioni")
    assert scenarios, "la pagina «azioni» dovrebbe mostrare judgekit ruling - con un heredoc"
    for text in scenarios:
        result = runner.invoke(app, ["ruling", "-", "--json"], input=text)
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["ok"] and doc["scenario"] == "stdin", doc["error"]


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



@pytest.mark.parametrize("part", PARTS)
def test_a_rendered_page_keeps_no_markdown_markers(part: str, invoke) -> None:  # type: ignore[no-untyped-def]
    """Code fences, comments and bold markers never reach the terminal, even when a bold phrase wraps."""
    result = invoke("formato", part)
    assert result.exit_code == 0, result.stderr
    for marker in ("```", "<!--", "**"):
        assert marker not in result.stdout, marker
