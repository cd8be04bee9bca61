"""``judgekit import-cr``: the official English CR text file, its encodings and layout quirks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cr"

GOOD = {
    "cr_utf8_lf.txt": ("UTF-8", "LF"),
    "cr_utf8_bom_crlf.txt": ("UTF-8 con BOM", "CRLF"),
    "cr_utf16le_bom_crlf.txt": ("UTF-16 LE", "CRLF"),
    "cr_utf16be_bom_lf.txt": ("UTF-16 BE", "LF"),
    "cr_cp1252_cr.txt": ("Windows-1252", "CR"),
}


@pytest.fixture
def user_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A private user data folder, so that an import does not leak into other tests."""
    from judgekit import cache

    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path))
    cache.reset()
    yield tmp_path
    cache.reset()


def _flat(text: str) -> str:
    """Output with the terminal wrapping undone."""
    return " ".join(text.split())


def _json(invoke, *args: str) -> list[dict]:  # type: ignore[no-untyped-def]
    result = invoke("rule", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["rules"]


@pytest.mark.parametrize("name", sorted(GOOD))
def test_import_reads_every_encoding_and_line_end(invoke, user_dir: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    result = invoke("import-cr", str(FIXTURES / name))
    assert result.exit_code == 0, result.stderr
    encoding, line_ends = GOOD[name]
    assert "Importate 23 regole" in _flat(result.stdout)
    assert "2 voci del glossario" in _flat(result.stdout)
    assert "7 marzo 2031" in _flat(result.stdout)
    assert f"Codifica: {encoding}; fine riga: {line_ends}." in _flat(result.stdout)
    assert (user_dir / "cr_en.yaml").is_file()
    (rule,) = _json(invoke, "101.1.")
    assert rule["text_en"].startswith("Whenever a card")
    assert "contradicts these fixture rules" in rule["text_en"]
    assert len(rule["examples_en"]) == 2


def test_imported_text_is_shown_beside_the_italian(invoke, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("import-cr", str(FIXTURES / "cr_utf8_lf.txt")).exit_code == 0
    result = invoke("rule", "510.1c", "--en")
    assert result.exit_code == 0
    assert "diviso come il suo controllore sceglie" in _flat(result.stdout)
    assert "EN: A blocked creature assigns its combat damage" in _flat(result.stdout)
    (rule,) = _json(invoke, "510.1c")
    assert rule["language"] == "it"
    assert rule["text_en"].startswith("A blocked creature")


def test_rules_no_seed_covers_come_from_the_import(invoke, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("import-cr", str(FIXTURES / "cr_utf8_bom_crlf.txt")).exit_code == 0
    result = invoke("rule", "100.2m")
    assert result.exit_code == 0
    assert "Testo ufficiale inglese" in _flat(result.stdout)
    assert "Twelfth lettered subrule" in _flat(result.stdout)
    (rule,) = _json(invoke, "100.2m")
    assert rule["language"] == "en"
    assert rule["source"]["date"] == "2031-03-07"
    (trample,) = _json(invoke, "702.19b")
    assert trample["text_en"].startswith("The controller of an attacking creature with trample")
    assert "510.1c" in trample["refs"] or trample["language"] == "it"


def test_subrule_letters_skip_l_and_o(invoke, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("import-cr", str(FIXTURES / "cr_utf16le_bom_crlf.txt")).exit_code == 0
    (parent,) = _json(invoke, "100.2.")
    assert parent["subrules"] == [f"100.2{c}" for c in "abcdefghijkmnp"]
    assert [r["id"] for r in _json(invoke, "100.2k-n")] == ["100.2k", "100.2m", "100.2n"]


def test_toc_glossary_and_credits_are_not_rules(invoke, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    import yaml

    assert invoke("import-cr", str(FIXTURES / "cr_cp1252_cr.txt")).exit_code == 0
    data = yaml.safe_load((user_dir / "cr_en.yaml").read_text(encoding="utf-8"))
    texts = " ".join(r["text"] for r in data["rules"])
    assert "Written for the judgekit tests" not in texts
    assert "Fixture Term" not in texts
    assert [g["term"] for g in data["glossary"]] == ["Fixture Term", "Second Term"]
    assert data["glossary"][1]["definition"] == "Another definition.\nIt spans two lines."
    assert data["rules"][0]["id"] == "100.1"
    assert "card\u2019s text" in data["rules"][-6]["text"] or any("\u2019" in r["text"] for r in data["rules"])


@pytest.mark.parametrize(("name", "message"), [
    ("binary.bin", "binario"),
    ("empty.txt", "vuoto"),
    ("no_rules.txt", "nessuna regola trovata"),
])
def test_bad_input_is_refused_in_italian(invoke, user_dir: Path, name: str, message: str) -> None:  # type: ignore[no-untyped-def]
    result = invoke("import-cr", str(FIXTURES / name))
    assert result.exit_code == 3
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (user_dir / "cr_en.yaml").exists()


def test_missing_file_is_a_file_access_error(invoke, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    result = invoke("import-cr", str(FIXTURES / "nonesiste.txt"))
    assert result.exit_code == 5
    assert "non trovato" in result.stderr


def test_rule_numbers_with_and_without_trailing_period() -> None:
    from judgekit.corpus.importer import parse

    text = ("Contents\n1. Game Concepts\n100. General\n\n1. Game Concepts\n100. General\n"
            "100.1. A numbered rule.\n100.1a A lettered subrule.\nExample: An example.\n"
            "It continues here.\n100.2 A rule printed without its period.\n")
    parsed = parse(text)
    assert [r["id"] for r in parsed.rules] == ["100.1", "100.1a", "100.2"]
    assert parsed.rules[1]["examples"] == ["An example. It continues here."]
    assert parsed.sections == {"100": "General"}
