"""The policy data files: validation messages, cross-references, compiled shape, matching quality."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from typing import Any

import pytest

from judgekit.cache import CompileContext
from judgekit.errors import InvalidFileError

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "rules_it" / "policy"


def _copy_policy(tmp_path: Path) -> Path:
    rules = tmp_path / "rules_it"
    shutil.copytree(POLICY, rules / "policy")
    return rules


def _compile(rules: Path) -> dict[str, Any]:
    from judgekit.policy.compile import compile_policy

    return compile_policy(CompileContext(rules, rules / "no-user-data"))


def test_shipped_policy_files_have_no_issues() -> None:
    from judgekit.policy.compile import validate_file

    for path in sorted(POLICY.glob("*.yaml")):
        assert validate_file(path) == [], path


def test_typo_in_a_key_is_reported_with_file_line_and_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "ipg.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    keywords: [innescata,", "    keywrods: [innescata,", 1), encoding="utf-8")
    issues = validate_file(path)
    assert len(issues) == 1
    line = next(n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "keywrods" in row)
    assert issues[0].line == line
    assert issues[0].key == "infractions[0].keywrods"
    assert "chiave sconosciuta «keywrods»" in issues[0].message
    assert "keywords" in issues[0].message


def test_broken_cross_reference_is_an_issue_and_stops_compilation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "ipg.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("regular: [common.trigger]", "regular: [common.trigerr]"),
                    encoding="utf-8")
    issues = validate_file(path)
    assert [i.key for i in issues] == ["infractions[0].regular[0]"]
    assert "caso JAR «common.trigerr» inesistente" in issues[0].message
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    assert "common.trigerr" in caught.value.render()


def test_invalid_penalty_value_lists_the_allowed_ones(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "jar.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("penalty: disqualification", "penalty: ban", 1),
                    encoding="utf-8")
    issues = validate_file(path)
    assert issues and "valore non ammesso «ban»" in issues[0].message


def test_missing_policy_folder_compiles_to_an_empty_part(tmp_path) -> None:  # type: ignore[no-untyped-def]
    part = _compile(tmp_path / "rules_it")
    assert part["search_docs"] == [] and part["infractions"] == {}


def test_compiled_part_has_search_docs_for_every_entry() -> None:
    part = _compile(ROOT / "rules_it")
    docs = part["search_docs"]
    expected = len(part["sections"]) + len(part["infractions"]) + len(part["jar"]) + len(part["mtr"])
    assert len(docs) == expected
    for item in docs:
        assert set(item) == {"doc", "id", "title", "text", "aliases"}
        assert item["doc"] in ("ipg", "jar", "mtr") and item["title"] and item["text"]
    assert {"grv", "Game Rule Violation"} <= set(next(d for d in docs if d["id"] == "2.5")["aliases"])


def test_documents_carry_their_dates() -> None:
    docs = _compile(ROOT / "rules_it")["documents"]
    assert docs["ipg"]["date"] == "2024-09-23"
    assert docs["jar"]["date"] == "2024-09-23"
    assert docs["mtr"]["date"] == "2026-02-27"


def test_mtr_has_the_floor_judge_sections() -> None:
    mtr = _compile(ROOT / "rules_it")["mtr"]
    wanted = ([f"1.{n}" for n in range(7, 13)] + [f"2.{n}" for n in range(1, 13)]
              + [f"3.{n}" for n in range(3, 17)] + [f"4.{n}" for n in range(1, 9)]
              + [f"5.{n}" for n in range(1, 7)] + ["7.3", "7.7", "B", "F"])
    assert set(wanted) <= set(mtr)


def test_game_rule_violation_lists_its_partial_fixes() -> None:
    grv = _compile(ROOT / "rules_it")["infractions"]["2.5"]
    assert len(grv["partial_fixes"]) >= 4
    assert any("zona" in fix for fix in grv["partial_fixes"])
    assert any(rel["id"] == "2.6" for rel in grv["related"])


def test_matching_quality_on_the_situations_reaches_the_target() -> None:
    spec = importlib.util.spec_from_file_location("policy_quality", ROOT / "benchmarks" / "policy_quality.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    situations = module.load_situations()
    assert len(situations) >= 60
    result = module.evaluate(module.load_policy(), situations)
    assert result["top1"] >= 0.85, result["failures"]
    assert result["top3"] >= result["top1"]


def test_situations_are_not_copied_into_the_data_phrases() -> None:
    from judgekit import italian
    from judgekit.yamlio import load_yaml

    part = _compile(ROOT / "rules_it")
    written = set()
    for entry in part["infractions"].values():
        written |= {italian.key(t) for t in entry["phrases"] + entry["keywords"] + entry["aliases"] + entry["acts"]}
    for case in part["jar"].values():
        written |= {italian.key(t) for t in case["phrases"] + case["keywords"] + case["aliases"]}
    situations = load_yaml(ROOT / "tests" / "data" / "situations.yaml").data["situations"]
    assert not [s["text"] for s in situations if italian.key(s["text"]) in written]


def test_check_command_validates_policy_files(invoke, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert invoke("check", str(POLICY)).exit_code == 0
    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "mtr.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  - id: \"1.7\"", "  - id: \"1.77.1\"", 1),
                    encoding="utf-8")
    result = invoke("check", str(path))
    assert result.exit_code == 3
    assert "sections[0].id: numero di sezione MTR non valido «1.77.1»" in result.stdout + result.stderr


def test_lexicon_rejects_phrases_as_synonyms(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "lessico.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  - [torneo, evento]", "  - [torneo, evento ufficiale]"),
                    encoding="utf-8")
    issues = validate_file(path)
    assert issues and "i sinonimi sono parole singole" in issues[0].message
