"""Imported text and huge arguments never drive memory or time: range expansion, backups, typo budgets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "cr"


@pytest.fixture
def user_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A private user data folder, so that an import does not leak into other tests."""
    from judgekit import cache

    data = tmp_path / "data"
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(data))
    cache.reset()
    yield data
    cache.reset()


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_long_range_is_kept_as_its_two_ends() -> None:
    from judgekit.corpus import ids

    assert ids.find_refs("See rules 100.1-100.5000.") == ["100.1", "100.5000"]
    assert ids.find_refs("See rules 100.1-100.99999999.") == ["100.1", "100.99999999"]
    assert ids.find_refs("regole 509.1-509.3") == ["509.1", "509.2", "509.3"]
    assert len(ids.find_refs("regole 100.1-100.40")) == ids.MAX_RANGE


def test_references_of_one_text_are_bounded() -> None:
    from judgekit.corpus import ids

    text = " ".join(f"rule 100.{n}" for n in range(1, 5000))
    refs = ids.find_refs(text)
    assert len(refs) == ids.MAX_REFS
    assert refs[:3] == ["100.1", "100.2", "100.3"]


def test_quoted_titles_in_one_pass() -> None:
    from judgekit.corpus.compile import quoted_titles

    text = "vedi regola 603, “Gestione delle Abilità Innescate”, e 510.1c “Danno”; 2510.1 “Altro”"
    assert quoted_titles(text, ["603", "510.1c", "704"]) == {"603": "Gestione delle Abilità Innescate",
                                                              "510.1c": "Danno"}


def test_imported_range_does_not_expand(invoke, user_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bomb = tmp_path / "bomb.txt"
    bomb.write_text("100.1. See rules 100.1-100.5000.\n", encoding="utf-8")
    assert invoke("import-cr", str(bomb)).exit_code == 0
    result = invoke("rule", "100.1.", "--json")
    assert result.exit_code == 0, result.stderr
    (rule,) = json.loads(result.stdout)["rules"]
    assert rule["refs"] == ["100.5000"]


def _write_cr(path: Path, rules: int, dated: bool) -> Path:
    head = ("Magic: The Gathering Comprehensive Rules\nThese rules are effective as of March 7, 2031.\n\n"
            if dated else "")
    body = "".join(f"100.{n}. Rule number {n}.\n" for n in range(1, rules + 1))
    path.write_text(head + body, encoding="utf-8")
    return path


def test_a_much_smaller_import_keeps_a_backup(invoke, user_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("import-cr", str(_write_cr(tmp_path / "full.txt", 40, True))).exit_code == 0
    full = (user_dir / "cr_en.yaml").read_bytes()
    assert not list(user_dir.glob("cr_en.backup-*"))
    result = invoke("import-cr", str(_write_cr(tmp_path / "cut.txt", 10, True)))
    assert result.exit_code == 0, result.stderr
    (backup,) = user_dir.glob("cr_en.backup-*.yaml")
    assert backup.read_bytes() == full
    out = _flat(result.stdout)
    assert "ha sostituito la precedente (40 regole, in vigore dal 7 marzo 2031)" in out
    assert "meno della metà delle regole" in out
    assert str(backup) in out
    assert "rinominala in cr_en.yaml" in out


def test_an_undated_import_keeps_a_backup(invoke, user_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("import-cr", str(_write_cr(tmp_path / "a.txt", 10, True))).exit_code == 0
    result = invoke("import-cr", str(_write_cr(tmp_path / "b.txt", 12, False)))
    assert result.exit_code == 0, result.stderr
    assert len(list(user_dir.glob("cr_en.backup-*.yaml"))) == 1
    assert "nessuna data di entrata in vigore" in _flat(result.stdout)


def test_a_similar_import_replaces_without_backup(invoke, user_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("import-cr", str(_write_cr(tmp_path / "a.txt", 10, True))).exit_code == 0
    result = invoke("import-cr", str(_write_cr(tmp_path / "b.txt", 9, True)))
    assert result.exit_code == 0, result.stderr
    assert not list(user_dir.glob("cr_en.backup-*"))
    assert "Attenzione" not in result.stdout


def test_import_help_says_how_to_restore(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("import-cr", "--help")
    assert result.exit_code == 0
    assert "cr_en.backup-" in _flat(result.stdout)
    assert "rinomina" in _flat(result.stdout)


def test_repeated_numbers_are_listed_up_to_a_limit(invoke, user_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from judgekit.corpus.importer import MAX_LISTED

    path = tmp_path / "dups.txt"
    path.write_text("100.1. First.\n" * 200, encoding="utf-8")
    result = invoke("import-cr", str(path))
    assert result.exit_code == 0, result.stderr
    assert _flat(result.stdout).count("100.1,") <= MAX_LISTED
    assert f"e altri {199 - MAX_LISTED}" in _flat(result.stdout)


def test_typo_correction_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A query of thousands of unknown words corrects only a few; a huge word is not compared at all."""
    import rapidfuzz.process

    from judgekit.search import rank, service

    calls: list[int] = []
    queries: list[int] = []
    real = rapidfuzz.process.extract

    def counting(query, choices, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(len(choices))
        queries.append(len(query))
        return real(query[:10_000], choices, **kwargs)

    monkeypatch.setattr(rapidfuzz.process, "extract", counting)
    index = service.load_index()
    words = " ".join(f"zqxw{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}k" for i in range(600))
    rank.analyze(words, index)
    assert len(calls) == rank.FUZZY_MAX_WORDS
    assert max(calls) <= rank.FUZZY_MAX_CANDIDATES + 10_000
    calls.clear()
    rank.analyze("zqxw" * 20_000, index)
    assert calls == []
    service.suggestions(index, "y" * 1_000_000)
    assert len(calls) == 1
    assert queries[-1] <= service.SUGGEST_MAX_LEN


def test_rule_suggestions_compare_a_bounded_id() -> None:
    from judgekit.corpus import lookup

    part = {"order": [f"100.{n}" for n in range(1, 30_000)]}
    seen: list[tuple[int, int]] = []
    import rapidfuzz.process

    real = rapidfuzz.process.extract

    def counting(query, choices, **kwargs):  # type: ignore[no-untyped-def]
        seen.append((len(query), len(choices)))
        return real(query, choices, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rapidfuzz.process, "extract", counting)
        lookup.suggestions("100." + "9" * 100_000, part)
    assert seen == [(lookup.SUGGEST_MAX_LEN, lookup.SUGGEST_MAX_CANDIDATES)]


def test_a_rule_of_many_lines_is_joined_once() -> None:
    """Continuation lines are collected and joined at the end (no quadratic string growth)."""
    from judgekit.corpus.importer import parse

    lines = 150_000
    text = "100.1. First line.\n" + "more\n" * lines + "Example: An example.\n" + "again\n" * lines
    (rule,) = parse(text).rules
    assert rule["text"] == "First line." + " more" * lines
    assert rule["examples"] == ["An example." + " again" * lines]
