"""The project-written summaries (``rules_it/sintesi``): marked as sintesi, never overlapping the seeds' rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.corpus.models import RuleFile
from judgekit.validation import validate_doc
from judgekit.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
SINTESI = sorted((ROOT / "rules_it" / "sintesi").glob("*.yaml"))

# Rules the rules core cites that no seed covers.
NEEDED = (
    ["601.2"] + [f"601.2{c}" for c in "abcdefghi"]
    + ["602.2", "603.2", "603.3", "603.3b", "603.6a", "603.10", "608.2", "608.2b", "608.2c", "608.2h", "608.2n",
       "611.2c", "611.3a", "613.1"] + [f"613.1{c}" for c in "abcdefg"]
    + ["613.2", "613.3", "613.4", "613.4a", "613.4b", "613.4c", "613.4d", "613.6", "613.7", "613.7e", "613.8",
       "613.8a", "613.8b", "613.8c", "613.9", "613.10", "704.3", "704.5"] + [f"704.5{c}" for c in "abcdefghij"]
    + ["704.5m", "704.5n", "704.5q", "702.2", "702.3", "702.4", "702.7", "702.9", "702.10", "702.11", "702.12",
       "702.15", "702.16", "702.17", "702.18", "702.19", "702.19b", "702.19c", "702.19d", "702.20", "702.79",
       "702.80", "702.90", "702.93", "702.111", "707.2", "707.9", "117.3", "400.7", "405.1"]
)


def _files() -> list[tuple[Path, RuleFile]]:
    return [(path, validate_doc(RuleFile, load_yaml(path))) for path in SINTESI]


def _cr_ids() -> set[str]:
    ids: set[str] = set()
    for path in (ROOT / "rules_it" / "cr").glob("*.yaml"):
        data = load_yaml(path).data
        if isinstance(data, dict) and "rules" in data:
            ids |= {str(rule["id"]) for rule in data["rules"]}
    return ids


def test_every_sintesi_rule_is_marked_sintesi_with_a_judgekit_source() -> None:
    files = _files()
    assert files
    for path, model in files:
        assert path.stem == model.section
        for rule in model.rules:
            assert rule.kind == "sintesi", rule.id
            source = model.sources[rule.source]
            assert source.document == "judgekit"
            assert "non è il testo ufficiale" in source.label
            assert rule.id.split(".")[0] == model.section, rule.id


def test_no_sintesi_rule_repeats_a_rule_of_the_seeds() -> None:
    sintesi = {rule.id for _, model in _files() for rule in model.rules}
    assert not sintesi & _cr_ids()


def test_sintesi_ids_are_unique() -> None:
    ids = [rule.id for _, model in _files() for rule in model.rules]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("rule_id", NEEDED)
def test_rules_cited_by_the_rules_core_have_a_sintesi(rule_id: str) -> None:
    ids = {rule.id for _, model in _files() for rule in model.rules}
    assert rule_id in ids


def test_keyword_sintesi_titles_are_the_italian_keyword_names() -> None:
    titles = {rule.id: rule.title for _, model in _files() for rule in model.rules}
    assert titles["702.7"] == "Attacco improvviso"
    assert titles["702.19"] == "Travolgere"
    assert titles["702.11"] == "Anti-malocchio"


def test_layer_seven_sintesi_uses_current_sublayers() -> None:
    texts = {rule.id: rule.text for _, model in _files() for rule in model.rules}
    assert "segnalini" in texts["613.4c"]
    assert "scambiano" in texts["613.4d"]
    assert "613.4e" not in texts
