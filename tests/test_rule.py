"""``judgekit rule``: the Italian CR corpus from the seeds, ranges, history, superseded rules."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from judgekit.corpus import ids

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_FILES = ("000_6e5ad1f18cb97bb1.txt", "001_32a5285cd812c2bc.txt", "002_3252209dec8f90d6.txt",
              "003_7798c3f1ddafd5b1.txt")

# Rules per section in rules_it/cr (seed 000 for 500-514, seed 001 for 510, seed 003 for 300-315).
EXPECTED_COUNTS = {
    "300": 4, "301": 15, "302": 11, "303": 17, "304": 5, "305": 11, "306": 13, "307": 6, "308": 2,
    "309": 16, "310": 23, "311": 7, "312": 7, "313": 7, "314": 7, "315": 9,
    "500": 13, "501": 0, "502": 5, "503": 2, "504": 3, "505": 10, "506": 24, "507": 3, "508": 37,
    "509": 27, "510": 11, "511": 3, "512": 1, "513": 4, "514": 4,
}


def _flat(text: str) -> str:
    """Output with the terminal wrapping undone."""
    return " ".join(text.split())


def _json(invoke, *args: str) -> list[dict]:  # type: ignore[no-untyped-def]
    result = invoke("rule", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["rules"]


def _seed_ids() -> set[str]:
    """Rule ids as written in the seeds, read with a plain regular expression."""
    found: set[str] = set()
    pattern = re.compile(r"^\s*(?:[-•]\s*)?(\d{3}\.\d+[a-z]?)\.?\s")
    for name in SEED_FILES:
        for line in (SEEDS / name).read_text(encoding="utf-8").splitlines():
            match = pattern.match(line)
            if match:
                found.add(match.group(1))
    return found


@pytest.mark.skipif(not SEEDS.is_dir(), reason="seeds not available")
def test_every_seed_rule_id_is_returned_by_the_section_ranges(invoke) -> None:  # type: ignore[no-untyped-def]
    expected = _seed_ids()
    # Numbering typos fixed in the corpus: 506.67g is 506.7g; the second 309.2c is 309.2d.
    expected.discard("506.67g")
    expected |= {"506.7g", "309.2d"}
    returned = [r["id"] for r in _json(invoke, "300-315")] + [r["id"] for r in _json(invoke, "500-514")]
    assert len(returned) == len(set(returned))
    assert set(returned) == expected


def test_rule_counts_per_section(invoke) -> None:  # type: ignore[no-untyped-def]
    rules = _json(invoke, "300-315") + _json(invoke, "500-514")
    counts: dict[str, int] = {}
    for rule in rules:
        counts[rule["section"]] = counts.get(rule["section"], 0) + 1
    assert {s: counts.get(s, 0) for s in EXPECTED_COUNTS} == EXPECTED_COUNTS
    assert len(rules) == 307


def test_510_1c_is_the_foundations_text(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("rule", "510.1c")
    assert result.exit_code == 0
    assert "diviso come il suo controllore sceglie" in _flat(result.stdout)
    assert "ordine di assegnazione del danno dichiarato" not in _flat(result.stdout)
    assert "23 novembre 2024" in _flat(result.stdout)
    (rule,) = _json(invoke, "510.1c")
    assert rule["source"]["date"] == "2024-11-23"
    assert rule["status"] == "current"
    assert rule["examples"] and "Elfo della Ricrescita" in rule["examples"][0]


def test_regola_alias_gives_the_same_rule(invoke) -> None:  # type: ignore[no-untyped-def]
    assert invoke("regola", "510.1c").stdout == invoke("rule", "510.1c").stdout


def test_508_1_includes_508_1m_and_skips_l(invoke) -> None:  # type: ignore[no-untyped-def]
    got = [r["id"] for r in _json(invoke, "508.1")]
    assert got[0] == "508.1"
    assert "508.1m" in got and "508.1l" not in got
    assert got == ["508.1", *[f"508.1{c}" for c in "abcdefghijkm"]]
    assert "508.1m" in _flat(invoke("rule", "508.1").stdout)


def test_unknown_rule_fails_in_italian_with_suggestions(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("rule", "999.9")
    assert result.exit_code == 1
    assert "non esiste" in result.stderr
    assert "Forse cercavi:" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_missing_subrule_suggests_rules_of_the_same_section(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("rule", "510.9")
    assert result.exit_code == 1
    suggested = result.stderr.split("Forse cercavi:")[1]
    assert "510." in suggested


def test_malformed_id_is_rejected_in_italian(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("rule", "abc")
    assert result.exit_code == 1
    assert "non è un numero di regola" in result.stderr
    assert "Traceback" not in result.stderr


def test_letter_range_lists_each_subrule(invoke) -> None:  # type: ignore[no-untyped-def]
    assert [r["id"] for r in _json(invoke, "510.1a-c")] == ["510.1a", "510.1b", "510.1c"]
    assert [r["id"] for r in _json(invoke, "508.1j-m")] == ["508.1j", "508.1k", "508.1m"]


def test_number_range_includes_the_subrules_of_its_end(invoke) -> None:  # type: ignore[no-untyped-def]
    got = [r["id"] for r in _json(invoke, "509.1h-509.3")]
    assert got == ["509.1h", "509.2", "509.2a", "509.3", "509.3a"]


def test_section_range_flattens_parents_and_children(invoke) -> None:  # type: ignore[no-untyped-def]
    rules = _json(invoke, "511-512")
    assert [r["id"] for r in rules] == ["511.1", "511.2", "511.3", "512.1"]


def test_trailing_dot_shows_the_rule_alone(invoke) -> None:  # type: ignore[no-untyped-def]
    assert [r["id"] for r in _json(invoke, "510.1.")] == ["510.1"]
    with_children = [r["id"] for r in _json(invoke, "510.1")]
    assert with_children == ["510.1", "510.1a", "510.1b", "510.1c", "510.1d", "510.1e"]
    assert _json(invoke, "510.1c.") == _json(invoke, "510.1c")


def test_json_has_the_documented_keys(invoke) -> None:  # type: ignore[no-untyped-def]
    (rule,) = _json(invoke, "510.1.")
    for key in ("id", "title", "text", "examples", "subrules", "refs", "kind", "source", "history", "status"):
        assert key in rule
    assert rule["subrules"] == ["510.1a", "510.1b", "510.1c", "510.1d", "510.1e"]
    assert set(rule["source"]) >= {"document", "date"}
    assert rule["kind"] == "cr"


def test_storia_shows_the_older_version_with_its_date(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("rule", "510.1c", "--storia")
    assert result.exit_code == 0
    out = result.stdout
    assert "In vigore" in _flat(out) and "23 novembre 2024" in _flat(out)
    assert "Versione precedente, superata" in _flat(out)
    assert "seguendo l'ordine di assegnazione del danno dichiarato per essa" in _flat(out)
    assert "data non indicata" in _flat(out)
    assert "Cosa cambia:" in _flat(out)
    (rule,) = _json(invoke, "510.1c")
    assert rule["history"][0]["source"]["document"].startswith("000_")


def test_storia_of_508_keeps_the_seed_002_version_as_alternate(invoke) -> None:  # type: ignore[no-untyped-def]
    (rule,) = _json(invoke, "508.8")
    (version,) = rule["history"]
    assert version["status"] == "alternate"
    assert version["id"] == "508.6"
    assert version["source"]["date"] == "2024-10-02"
    assert "versione alternativa" in _flat(invoke("rule", "508.8", "--storia").stdout).lower()


def test_damage_assignment_order_rules_are_superseded(invoke) -> None:  # type: ignore[no-untyped-def]
    statuses = {r["id"]: r["status"] for r in _json(invoke, "500-514")}
    for rid in ("509.2", "509.2a", "509.3", "509.3a"):
        assert statuses[rid] == "superseded"
    assert statuses["509.1"] == "current"
    out = invoke("rule", "509.2").stdout
    assert "SUPERATA: non più in vigore" in _flat(out)


def test_fixed_numbering_typos_are_recorded(invoke) -> None:  # type: ignore[no-untyped-def]
    (rule,) = _json(invoke, "506.7g")
    assert any("506.67g" in fix for fix in rule["fixes"])
    assert "506.7a" in rule["refs"]
    (dup,) = _json(invoke, "309.2d")
    assert dup["fixes"]


def test_cross_references_show_titles(invoke) -> None:  # type: ignore[no-untyped-def]
    out = invoke("rule", "506.7g").stdout
    assert "Rimandi:" in _flat(out)
    assert "506.7a «" in _flat(out)
    (rule,) = _json(invoke, "510.4")
    assert "702.7" in rule["refs"]


def test_section_without_rules_in_the_seeds(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("rule", "501")
    assert result.exit_code == 0
    assert "Nessuna regola" in _flat(result.stdout)
    assert _json(invoke, "501") == []


def test_en_without_import_explains_how_to_import(invoke, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit import cache

    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path))
    cache.reset()
    try:
        result = invoke("rule", "510.1c", "--en")
    finally:
        cache.reset()
    assert result.exit_code == 0
    assert "import-cr" in result.stderr


def test_rule_outside_the_seeds_suggests_import(invoke, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit import cache

    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path))
    cache.reset()
    try:
        result = invoke("rule", "116.3")
    finally:
        cache.reset()
    assert result.exit_code == 1
    assert "import-cr" in result.stderr


def test_sintesi_rules_are_labelled_as_not_official() -> None:
    from judgekit.corpus.render_rule import SINTESI_LABEL, render_rule

    rule = {"id": "613.1", "title": "t", "text": "Testo riassunto.", "examples": [], "kind": "sintesi",
            "status": "current", "language": "it", "refs": [], "note": None, "fixes": [], "history": [],
            "source": {"document": "judgekit", "label": "Sintesi", "date": None}, "section": "613",
            "section_title": "", "children": []}
    out = render_rule(rule, {"rules": {}, "sections": {}})
    assert SINTESI_LABEL in _flat(out)
    assert "Sintesi judgekit, non è il testo ufficiale" in _flat(out)


def test_query_parsing_and_letters() -> None:
    assert ids.parse_query("704.5a-k").end == "704.5k"
    assert ids.parse_query("510.1.").kind == "alone"
    assert ids.parse_query("510.1").kind == "tree"
    assert ids.letters_between("j", "p") == ["j", "k", "m", "n", "p"]
    with pytest.raises(ids.IdError):
        ids.parse_query("510.3-510.1")


def test_cross_reference_extraction() -> None:
    assert ids.find_refs("vedi regola 702.7 (see rule 603.2)") == ["702.7", "603.2"]
    assert ids.find_refs("regole 509.1–3") == ["509.1", "509.2", "509.3"]
    assert ids.find_refs("Le regole 301.5a-d") == ["301.5a", "301.5b", "301.5c", "301.5d"]
    assert ids.find_refs("(vedi regola 117, “Tempistica”) una creatura 6/4 nel 2010") == ["117"]
