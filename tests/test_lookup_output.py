"""The lookup commands' output: one JSON document on a not-found, the manual rendered, lines that fit the width."""

from __future__ import annotations

import json
import re

import pytest

from judgekit.cache import corpus
from judgekit.corpus.manual import grouped, near_miss, plain, render_text
from judgekit.textstyle import fit, fit_line, visible_len

NOT_FOUND_JSON = [
    ("rule", "999.9"),
    ("infraction", "xyzzy"),
    ("manual", "xyzzy"),
    ("search", "qwxzzyqq"),
    ("cards", "xyzzyq"),
    ("scenarios", "xyzzyq"),
    ("formato", "xyzzy"),
    ("ruling", "xyzzyq"),
    ("check", "no-such-file.yaml"),
]


@pytest.mark.parametrize("args", NOT_FOUND_JSON, ids=[a[0] for a in NOT_FOUND_JSON])
def test_not_found_under_json_prints_one_document_with_the_error(invoke, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    result = invoke(*args, "--json")
    assert result.exit_code != 0
    doc = json.loads(result.stdout)  # exactly one document: a second one would not parse
    assert doc["ok"] is False
    assert doc["error"]["message"]
    assert args[1] in json.dumps(doc, ensure_ascii=False)


def test_render_text_turns_markdown_into_plain_lines() -> None:
    text = ("Un **permanente** è *tappato*^[1] e _girato_.\n\n- primo punto\n- secondo **punto**\n\n"
            "1. uno\n2. due [3]\n\n## Titolo")
    out = render_text(text)
    assert "**" not in out and "^[" not in out and "_" not in out and "#" not in out
    assert "Un permanente è tappato e girato." in out
    assert "  • primo punto" in out and "  • secondo punto" in out
    assert "  1. uno" in out and "  2. due" in out and "[3]" in out  # a bracket not after punctuation stays
    assert "Titolo" in out


def test_footnote_marks_after_punctuation_are_removed() -> None:
    assert render_text("Fine della frase.[2] Poi, ^[3]altro.") == "Fine della frase. Poi, altro."


def test_pictures_the_text_points_at_are_noted_as_missing() -> None:
    assert "[figura non disponibile: la carta]" in render_text("Guarda ![la carta](img/carta.png) qui.")
    noted = render_text("Esempio. *Nell'immagine sono riportate due carte.*")
    assert "[figura non disponibile:" in noted and "*" not in noted
    assert "figura non disponibile" not in render_text("Un testo senza figure.")


def test_a_bold_name_glued_to_a_comma_gets_its_space_back() -> None:
    assert render_text("*Se scarti una carta,***Vampire Hounds** prende +2.") == \
        "Se scarti una carta, Vampire Hounds prende +2."


def test_every_manual_section_renders_without_markdown_marks() -> None:
    for section in corpus()["manual"]:
        out = render_text(section["text"])
        assert "**" not in out, section["slug"]
        assert not re.search(r"\^\[\d+\]", out), section["slug"]
        assert not re.search(r"^#+ ", out, re.M), section["slug"]


def test_manual_without_arguments_lists_chapters_and_tutto_lists_every_section(invoke) -> None:  # type: ignore[no-untyped-def]
    sections = corpus()["manual"]
    compact = invoke("manual")
    every = invoke("manual", "--tutto")
    assert compact.exit_code == 0 and every.exit_code == 0
    chapters = [items for _part, group in grouped(sections) for _chapter, items in group]
    assert len(compact.stdout.splitlines()) < len(sections)
    for items in chapters:
        assert items[0]["slug"] in compact.stdout
    assert all(section["slug"] in every.stdout for section in sections)
    assert "judgekit manual --tutto" in compact.stdout


def test_manual_section_output_has_no_raw_markdown(invoke) -> None:  # type: ignore[no-untyped-def]
    section = next(s for s in corpus()["manual"] if "**" in s["text"])
    result = invoke("manual", section["slug"])
    assert result.exit_code == 0
    assert "**" not in result.stdout and "^[" not in result.stdout


def test_a_misspelt_slug_suggests_the_slug_meant(invoke) -> None:  # type: ignore[no-untyped-def]
    sections = corpus()["manual"]
    slug = next(s["slug"] for s in sections if len(s["slug"]) > 12)
    typo = slug[:5] + slug[6:]  # one letter dropped
    assert near_miss(sections, typo) == slug
    result = invoke("manual", typo)
    assert result.exit_code == 1
    assert "Forse cercavi" in result.stderr and f"judgekit manual {slug}" in result.stderr
    doc = json.loads(invoke("manual", typo, "--json").stdout)
    assert slug in doc["error"]["message"]


def test_manual_hits_show_the_slug_that_opens_them(invoke, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "80")
    hits = json.loads(invoke("search", "--doc", "manuale", "aura", "--json").stdout)["hits"]
    assert hits
    text = invoke("search", "--doc", "manuale", "aura").stdout
    for hit in hits:
        assert f"judgekit manual {hit['id']}" in text
        assert "**" not in hit["snippet"]


@pytest.mark.parametrize("columns", [80, 60])
def test_search_snippets_wrap_on_word_boundaries(invoke, monkeypatch: pytest.MonkeyPatch, columns: int) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", str(columns))
    query = ("layer", "timestamp")
    hits = json.loads(invoke("search", *query, "--json").stdout)["hits"]
    lines = invoke("search", *query).stdout.splitlines()
    assert all(len(line) <= columns for line in lines)
    joined = " ".join(" ".join(lines).split())
    for hit in hits:
        assert " ".join(hit["snippet"].split()) in joined  # no word was cut in two


LOOKUPS = [
    ("rule", "510.1"), ("rule", "704.5"), ("rule", "613"), ("rule", "702.19", "--en"),
    ("search", "timestamp", "layer"), ("search", "tocco", "letale", "--why"), ("search", "--doc", "manuale", "aura"),
    ("infraction", "pescato una carta in più"), ("infraction", "grv", "--rel", "competitive"),
    ("infraction", "--list"), ("penalties",),
    ("manual",), ("manual", "--tutto"),
    ("cards",), ("cards", "goblin"), ("scenarios",), ("formato",), ("formato", "abilita"), ("formato", "scelte"),
]


@pytest.mark.parametrize("columns", [80, 60])
@pytest.mark.parametrize("args", LOOKUPS, ids=[" ".join(a) for a in LOOKUPS])
def test_lookup_output_fits_the_width(invoke, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...],  # type: ignore[no-untyped-def]
                                      columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    result = invoke(*args)
    assert result.exit_code == 0, result.stderr
    too_wide = [line for line in result.stdout.splitlines() if len(line) > columns]
    assert not too_wide, too_wide[0]


@pytest.mark.parametrize("columns", [80, 60])
def test_manual_sections_fit_the_width(invoke, monkeypatch: pytest.MonkeyPatch, columns: int) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", str(columns))
    sections = corpus()["manual"]
    for section in sections[::15]:
        out = invoke("manual", section["slug"]).stdout
        assert max(len(line) for line in out.splitlines()) <= columns, section["slug"]


def test_penalties_drop_to_a_list_when_narrow(invoke, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "60")
    narrow = invoke("penalties").stdout
    assert "┃" not in narrow and "Amatoriale:" in narrow
    monkeypatch.setenv("COLUMNS", "120")
    wide = invoke("penalties").stdout
    assert "┃" in wide


USAGE_ERRORS = [
    ("rulez",), ("rule",), ("rule", "--jsn", "510"), ("search", "-n", "abc", "aura"), ("search", "-n", "0", "aura"),
    ("search", "--limit"), ("infraction", "--rel"), ("infraction", "-p", "x", "grv"), ("penalties", "extra"),
    ("manual", "a", "b"), ("cards", "--foo"), ("formato", "--jsonn"), ("manual", "--tutto=3"),
]
ENGLISH = ("Did you mean", "Missing", "No such", "is not a valid", "requires an argument", "is not in the range",
           "Usage:", "Error:", "Got unexpected", "does not take")


@pytest.mark.parametrize("args", USAGE_ERRORS, ids=[" ".join(a) for a in USAGE_ERRORS])
def test_usage_errors_are_in_italian(invoke, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    result = invoke(*args)
    assert result.exit_code == 2
    said = result.stderr + result.stdout
    assert said.strip()
    for phrase in ENGLISH:
        assert phrase not in said, phrase


def test_fit_wraps_with_a_hanging_indent_and_ignores_styles() -> None:
    styled = "  2.1  " + "\x1b[1mparola\x1b[0m " * 12
    lines = fit_line(styled.rstrip(), 40)
    assert len(lines) > 1
    assert all(visible_len(line) <= 40 for line in lines)
    assert all(line.startswith("       ") for line in lines[1:])  # under the text, not under the number


def test_fit_cuts_a_word_longer_than_a_line() -> None:
    out = fit("x" * 50 + " fine", 20)
    assert all(len(line) <= 20 for line in out.split("\n"))
    assert out.replace("\n", "").replace(" ", "") == "x" * 50 + "fine"


def test_plain_keeps_the_words_of_a_section() -> None:
    assert plain("**Aura** *incantata*^[1].") == "Aura incantata."
