"""Validation of rules_it files: ``judgekit check`` and the compiler report ``file:line key: message``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BROKEN = """\
section: "513"
title: Sottofase finale
sources:
  wiki:
    document: x.txt
    label: prova
rules:
- id: "513.1"
  text: Vedi regola 513.9 e regola 512.1.
  source: wiki
- id: "513.1"
  text: doppia
  source: wikki
- id: "514.1"
  text: fuori sezione
  source: wiki
  colour: rosso
"""


@pytest.fixture
def broken_rules(tmp_path: Path) -> Path:
    folder = tmp_path / "rules_it" / "cr"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "rules_it" / "cr" / "512.yaml", folder / "512.yaml")
    (folder / "513.yaml").write_text(BROKEN, encoding="utf-8")
    return folder / "513.yaml"


def test_check_reports_every_problem_with_file_line_and_key(invoke, broken_rules: Path) -> None:  # type: ignore[no-untyped-def]
    result = invoke("check", str(broken_rules))
    assert result.exit_code == 3
    out = result.stdout
    assert "513.yaml:11  rules[1].id: regola 513.1 ripetuta" in out
    assert "513.yaml:13  rules[1].source: fonte «wikki» non definita" in out
    assert "513.yaml:14  rules[2].id: la regola 514.1 non appartiene alla sezione 513" in out
    assert "513.yaml:17  rules[2].colour: chiave sconosciuta «colour»" in out
    assert "513.yaml:9  rules[0].text: rimando alla regola 513.9" in out
    assert "512.1" not in out.split("rimando alla regola")[1].split("\n")[0]


def test_check_accepts_the_shipped_rule_files(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("check", str(ROOT / "rules_it" / "cr"))
    assert result.exit_code == 0, result.stdout
    assert "Nessun problema" in result.stdout


def test_compile_rules_raises_with_all_issues(broken_rules: Path, tmp_path: Path) -> None:
    from judgekit.cache import CompileContext
    from judgekit.corpus.compile import compile_rules
    from judgekit.errors import InvalidFileError

    ctx = CompileContext(broken_rules.parent.parent, tmp_path / "user")
    with pytest.raises(InvalidFileError) as info:
        compile_rules(ctx)
    messages = [issue.format() for issue in info.value.issues]
    assert len(messages) >= 4
    assert any("rules_it/cr/513.yaml:11" in m for m in messages)


def test_compile_rules_rejects_a_reference_to_a_missing_rule_of_a_complete_section(tmp_path: Path) -> None:
    from judgekit.cache import CompileContext
    from judgekit.corpus.compile import compile_rules
    from judgekit.errors import InvalidFileError

    folder = tmp_path / "rules_it" / "cr"
    folder.mkdir(parents=True)
    (folder / "512.yaml").write_text(
        'section: "512"\ntitle: Fase finale\nsources:\n  s:\n    document: d\n    label: l\n'
        'rules:\n- id: "512.1"\n  text: Vedi regola 512.4 e regola 702.19b.\n  source: s\n', encoding="utf-8")
    with pytest.raises(InvalidFileError) as info:
        compile_rules(CompileContext(folder.parent, tmp_path / "user"))
    (issue,) = info.value.issues
    assert issue.line == 9 and "512.4" in issue.message


def test_unknown_reference_outside_the_corpus_is_kept_but_not_linkable(tmp_path: Path) -> None:
    from judgekit.cache import CompileContext
    from judgekit.corpus.compile import compile_rules

    folder = tmp_path / "rules_it" / "cr"
    folder.mkdir(parents=True)
    (folder / "512.yaml").write_text(
        'section: "512"\ntitle: Fase finale\nsources:\n  s:\n    document: d\n    label: l\n'
        'rules:\n- id: "512.1"\n  text: Vedi regola 702.19b.\n  source: s\n', encoding="utf-8")
    part = compile_rules(CompileContext(folder.parent, tmp_path / "user"))
    rule = part["rules"]["512.1"]
    assert rule["refs"] == ["702.19b"]
    assert rule["unlinkable"] == ["702.19b"]
