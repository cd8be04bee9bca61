"""Every CR number the rules engine cites can be shown by ``judgekit rule`` and is a current rule.

A ruling explains each step citing CR numbers (``RulingStep.rules``, the layer table's rows, the error's
``rule``): each must exist in the compiled corpus (``rules_it/cr`` from the seeds or ``rules_it/sintesi``)
and must not be a superseded rule. The same holds for every CR number written as a literal in the engine's
source, so that a step no shipped scenario reaches yet cannot cite a rule the corpus lacks.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgekit import paths
from judgekit.scenario.shipped import FOLDERS

ENGINE = Path(__file__).resolve().parent.parent / "judgekit" / "engine"
CR_NUMBER = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
# Calls whose string arguments are CR numbers: ``game.say(kind, text, "704.5g")``, ``IllegalAction(..., rule=)``.
CITING_CALLS = {"record", "IllegalAction"}

Citations = dict[str, set[str]]


def _rules() -> dict[str, dict[str, Any]]:
    from judgekit.cache import corpus

    rules: dict[str, dict[str, Any]] = corpus()["rules"]["rules"]
    return rules


def _scenario_files() -> list[Path]:
    root = paths.scenarios_dir()
    return [p for folder in FOLDERS for p in sorted((root / folder).glob("*.yaml"))]


def _ruling_citations(ruling: Any) -> Iterator[str]:
    """Every CR number a ruling shows: its steps, notes, layer tables and error."""
    for step in [*ruling.steps, *ruling.notes]:
        yield from step.rules
    for table in ruling.layers:
        for row in table.rows:
            yield from row.get("rules") or []
    if ruling.error and ruling.error.get("rule"):
        yield ruling.error["rule"]


@pytest.fixture(scope="module")
def shipped_citations() -> Citations:
    """CR number -> the shipped scenarios whose ruling cites it."""
    from judgekit.ruling.run import run_file

    files = _scenario_files()
    assert len(files) >= 100, "the shipped scenarios are where the citations come from"
    cited: Citations = {}
    for path in files:
        ruling = run_file(path)
        for rule in _ruling_citations(ruling):
            cited.setdefault(rule, set()).add(f"{path.parent.name}/{path.name}")
    return cited


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _cr_constants(node: ast.AST) -> Iterator[ast.Constant]:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and CR_NUMBER.match(sub.value):
            yield sub


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.name}:{getattr(node, 'lineno', '?')}"


def _engine_sources() -> list[tuple[Path, ast.Module]]:
    files = sorted(ENGINE.glob("*.py"))
    assert files, f"no engine modules in {ENGINE}"
    return [(path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))) for path in files]


def _call_literals() -> Citations:
    """CR numbers written in ``say(...)`` / ``IllegalAction(...)`` calls and in any ``rule=`` keyword."""
    found: Citations = {}
    for path, tree in _engine_sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            values: list[ast.AST] = []
            if _call_name(node) in CITING_CALLS:
                values += [*node.args, *(kw.value for kw in node.keywords)]
            else:
                values += [kw.value for kw in node.keywords if kw.arg == "rule"]
            for value in values:
                for const in _cr_constants(value):
                    found.setdefault(str(const.value), set()).add(_where(path, const))
    return found


def _all_literals() -> Citations:
    """Every string constant of the engine shaped like a CR number (tables, defaults, tuples of rules)."""
    found: Citations = {}
    for path, tree in _engine_sources():
        for const in _cr_constants(tree):
            found.setdefault(str(const.value), set()).add(_where(path, const))
    return found


def _missing(cited: Citations, rules: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    return {rule: sorted(where) for rule, where in sorted(cited.items()) if rule not in rules}


def _superseded(cited: Citations, rules: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    return {rule: sorted(where) for rule, where in sorted(cited.items())
            if rule in rules and rules[rule]["status"] == "superseded"}


def test_shipped_rulings_cite_only_cr_numbers(shipped_citations: Citations) -> None:
    assert shipped_citations, "the shipped rulings cite the CR"
    bad = {rule: sorted(where) for rule, where in shipped_citations.items() if not CR_NUMBER.match(rule)}
    assert not bad


def test_every_rule_cited_by_a_shipped_ruling_is_in_the_corpus(shipped_citations: Citations) -> None:
    missing = _missing(shipped_citations, _rules())
    assert not missing, f"regole citate dai ruling ma assenti dal corpus: {missing}"


def test_no_rule_cited_by_a_shipped_ruling_is_superseded(shipped_citations: Citations) -> None:
    superseded = _superseded(shipped_citations, _rules())
    assert not superseded, f"regole superate citate dai ruling: {superseded}"


def test_engine_source_has_rule_literals_in_citing_calls() -> None:
    literals = _call_literals()
    # The collector sees the common citations: a new object after a zone change, an illegal attack.
    assert "400.7" in literals
    assert "508.1a" in literals


def test_every_rule_literal_in_the_engine_is_in_the_corpus() -> None:
    missing = _missing(_call_literals(), _rules())
    assert not missing, f"regole citate nel codice del motore ma assenti dal corpus: {missing}"


def test_every_cr_number_in_the_engine_tables_is_in_the_corpus() -> None:
    """Rules kept in tables (keyword -> rule, card type -> timing rule) or as parameter defaults."""
    missing = _missing(_all_literals(), _rules())
    assert not missing, f"numeri di regola nel codice del motore assenti dal corpus: {missing}"


def test_no_rule_literal_in_the_engine_is_superseded() -> None:
    superseded = _superseded(_all_literals(), _rules())
    assert not superseded, f"regole superate citate nel codice del motore: {superseded}"


def test_engine_keyword_rules_point_at_the_keyword_of_the_same_name() -> None:
    """Each keyword cites its own 702 rule: the rule's title is the keyword's Italian name in the glossary."""
    from judgekit.cache import corpus
    from judgekit.engine.vocab import KEYWORD_RULES

    rules = _rules()
    names = {e["canonical"]: e["it"] for e in corpus()["glossary"] if e["category"] == "keyword" and e["canonical"]}
    checked = 0
    for keyword, rule in KEYWORD_RULES.items():
        if not rule.startswith("702.") or keyword not in names:
            continue
        assert rule in rules, f"{keyword}: {rule} assente dal corpus"
        assert rules[rule]["title"] == names[keyword], f"{keyword} cita {rule}, che è «{rules[rule]['title']}»"
        checked += 1
    assert checked >= 15


def test_missing_rule_is_reported_with_where_it_is_cited() -> None:
    """The check itself can fail: an unknown number is reported with its source location."""
    cited = {"999.9z": {"esempio.py:1"}, "704.5g": {"sba.py:1"}}
    assert _missing(cited, _rules()) == {"999.9z": ["esempio.py:1"]}
