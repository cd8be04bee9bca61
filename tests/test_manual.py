"""The textbook sections (``rules_it/manual``) and the ``judgekit manual`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import judgekit.commands.manual  # noqa: F401  (registers the command)
from judgekit.cache import CompileContext
from judgekit.corpus.manual import compile_manual, find_section, grouped, suggestions, validate_file
from judgekit.errors import InvalidFileError

ROOT = Path(__file__).resolve().parent.parent
COMBAT_DAMAGE = "combattimento-danno-da-combattimento"

SECTION = """\
slug: {slug}
part: "1. Parte"
chapter: Capitolo
title: {title}
order: {order}
text: Testo.
source: {{document: 004_9ceeb59522e7ae7f.txt, label: Judge Candidate Textbook (italiano)}}
"""


@pytest.fixture(scope="module")
def sections() -> list[dict]:
    return compile_manual(CompileContext(ROOT / "rules_it", ROOT / "tests" / "data" / "no-user-dir"))


def _ctx(tmp_path: Path, files: dict[str, str]) -> CompileContext:
    folder = tmp_path / "rules_it" / "manual"
    folder.mkdir(parents=True)
    for name, body in files.items():
        (folder / name).write_text(body, encoding="utf-8")
    return CompileContext(tmp_path / "rules_it", tmp_path / "user")


def test_manual_is_split_into_many_sections_in_reading_order(sections: list[dict]) -> None:
    assert len(sections) >= 150
    orders = [s["order"] for s in sections]
    assert orders == sorted(orders)
    slugs = [s["slug"] for s in sections]
    assert len(slugs) == len(set(slugs))
    assert all(s["text"].strip() for s in sections)
    assert all(s["source"]["document"].startswith("004_") for s in sections)


def test_wiki_link_noise_and_contents_lists_are_removed(sections: list[dict]) -> None:
    for section in sections:
        assert "](#)" not in section["text"], section["slug"]
        assert "\nContents\n" not in section["text"], section["slug"]


def test_layer_chapter_is_in_part_three(sections: list[dict]) -> None:
    layer = find_section(sections, "layer-sistema-dei-layer")
    assert layer is not None
    assert layer["part"].startswith("3.")
    assert layer["chapter"] == "Layer: interazione di effetti continui"
    assert "613.1" in layer["rules"]


def test_combat_damage_section_is_marked_outdated_by_foundations(sections: list[dict]) -> None:
    section = find_section(sections, COMBAT_DAMAGE)
    assert section is not None
    note = section["outdated"]
    assert note and "Fondamenti" in note and "510.1c" in note
    assert "ordine dell'assegnazione del danno" in section["text"]


def test_counters_sublayer_section_points_to_current_layer_7c(sections: list[dict]) -> None:
    section = find_section(sections, "layer-forza-costituzione-segnalini")
    assert section is not None and "613.4c" in section["outdated"]
    assert "613.4c" in section["rules"]


def test_mana_value_rename_is_noted(sections: list[dict]) -> None:
    section = find_section(sections, "colori-costo-di-mana-convertito")
    assert section is not None and "valore di mana" in section["outdated"]


def test_current_sections_are_not_marked_outdated(sections: list[dict]) -> None:
    for slug in ("layer-ordine-di-timestamp", "zone-pila", "protezione-non-puo-essere-bersagliato"):
        section = find_section(sections, slug)
        assert section is not None and section["outdated"] is None, slug


def test_grouped_keeps_parts_and_chapters_in_order(sections: list[dict]) -> None:
    groups = grouped(sections)
    assert [part for part, _ in groups][0] == sections[0]["part"]
    total = sum(len(items) for _, chapters in groups for _, items in chapters)
    assert total == len(sections)


def test_suggestions_match_slugs_and_titles(sections: list[dict]) -> None:
    assert "layer-ordine-di-timestamp" in suggestions(sections, "ordine timestamp")
    assert "layer-sistema-dei-layer" in suggestions(sections, "layer-sistema")


def test_duplicate_slug_across_files_is_refused(tmp_path: Path) -> None:
    ctx = _ctx(tmp_path, {
        "a.yaml": SECTION.format(slug="uno", title="Uno", order=10),
        "b.yaml": "sections:\n" + "\n".join("  " + line if line else line for line in
                                             ("- " + SECTION.format(slug="uno", title="Due", order=20)
                                              .replace("\n", "\n  ")).splitlines()),
    })
    with pytest.raises(InvalidFileError) as info:
        compile_manual(ctx)
    issue = info.value.issues[0]
    assert issue.file == "rules_it/manual/b.yaml"
    assert "uno" in issue.message and "ripetuto" in issue.message


def test_single_section_file_and_sections_list_are_both_accepted(tmp_path: Path) -> None:
    listed = ("sections:\n- slug: due\n  part: P\n  chapter: C\n  title: Due\n  order: 5\n  text: T\n"
              "  source: {document: d, label: l}\n")
    ctx = _ctx(tmp_path, {"a.yaml": SECTION.format(slug="uno", title="Uno", order=10), "b.yaml": listed})
    assert [s["slug"] for s in compile_manual(ctx)] == ["due", "uno"]


def test_bad_slug_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(SECTION.format(slug="Non Valido", title="X", order=1), encoding="utf-8")
    issues = validate_file(path)
    assert issues and issues[0].line == 1 and issues[0].key == "slug"


def test_cli_lists_sections_grouped(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("manual")
    assert result.exit_code == 0, result.stderr
    assert "Layer: interazione di effetti continui" in result.stdout
    assert "layer-sistema-dei-layer" in result.stdout
    assert result.stdout.index("1. Basi del gioco") < result.stdout.index("3. Oltre alle magie")


def test_cli_shows_outdated_note_before_the_text(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("manuale", COMBAT_DAMAGE)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Attenzione: questa sezione precede le regole attuali:")
    assert out.index("Attenzione") < out.index("Sottofase di danno da combattimento")
    assert "Regole collegate:" in out


def test_cli_json_list_and_section(invoke) -> None:  # type: ignore[no-untyped-def]
    listing = json.loads(invoke("manual", "--json").stdout)
    assert {"slug", "part", "chapter", "title"} <= set(listing["sections"][0])
    one = json.loads(invoke("manual", "layer-ordine-di-timestamp", "--json").stdout)
    assert one["section"]["slug"] == "layer-ordine-di-timestamp"
    assert one["section"]["outdated"] is None
    assert one["section"]["text"]


def test_cli_unknown_slug_exits_1_with_suggestions(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("manual", "layer-timestamp")
    assert result.exit_code == 1
    assert "sezione del manuale non trovata" in result.stderr
    assert "Forse cercavi" in result.stderr and "layer-ordine-di-timestamp" in result.stderr
    assert result.stdout == ""


def test_cli_unknown_slug_without_close_match_points_to_the_list(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("manual", "xyzzy")
    assert result.exit_code == 1
    assert "judgekit manual" in result.stderr
    assert "Forse cercavi" not in result.stderr
