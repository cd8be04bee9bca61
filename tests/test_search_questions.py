"""Typical questions, glossary senses, card names and the textbook after the rule (issue: real questions)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from test_search import PARTS

from judgekit.errors import InvalidFileError
from judgekit.search.index import build_index, entries_from_parts
from judgekit.search.rank import search


def _index(parts: dict[str, Any], cards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return build_index(entries_from_parts(parts), cards or [], parts.get("glossary") or [])


def _first(index: dict[str, Any], text: str) -> str:
    _query, hits, _n = search(index, text, limit=5)
    return f"{hits[0].doc}:{hits[0].id}" if hits else ""


def test_a_typical_question_finds_the_rule_it_is_attached_to() -> None:
    parts = copy.deepcopy(PARTS)
    story = "il mio amico dice che la pedina zombie appena creata deve aspettare"
    assert _first(_index(parts), story) != "cr:302.6"
    parts["questions"] = {"cr:302.6": ["la pedina appena creata deve aspettare un turno?"]}
    assert _first(_index(parts), story) == "cr:302.6"


def test_typical_questions_are_explained_by_why() -> None:
    parts = copy.deepcopy(PARTS)
    parts["questions"] = {"cr:302.6": ["la pedina appena creata può attaccare subito?"]}
    _query, hits, _n = search(_index(parts), "pedina appena creata", explain=True)
    assert any("domande tipiche" in reason for reason in hits[0].reasons)


def test_a_shared_name_takes_the_sense_its_context_words_point_to() -> None:
    parts = copy.deepcopy(PARTS)
    parts["glossary"] = parts["glossary"] + [
        {"it": "Neutralizzare", "en": "Counter", "category": "slang", "canonical": None, "aliases_it": [],
         "aliases_en": ["counter"], "rules": ["603.2"], "definition": None, "context": ["magia", "spell"]},
        {"it": "Segnalino", "en": "Counter", "category": "slang", "canonical": None, "aliases_it": [],
         "aliases_en": ["counter"], "rules": ["510.4"], "definition": None, "context": ["+1/+1", "mettere"]},
    ]
    index = _index(parts)
    spell, _hits, _n = search(index, "counter su una magia")
    marker, _hits, _n = search(index, "mettere un counter")
    assert [term for _shown, term in spell.expansions] == ["Neutralizzare"]
    assert [term for _shown, term in marker.expansions] == ["Segnalino"]
    bare, _hits, _n = search(index, "counter")
    assert sorted(term for _shown, term in bare.expansions) == ["Neutralizzare", "Segnalino"]


def test_a_glossary_term_may_point_to_a_policy_entry() -> None:
    parts = copy.deepcopy(PARTS)
    parts["glossary"] = parts["glossary"] + [
        {"it": "Innescata dimenticata", "en": "Missed trigger", "category": "policy", "canonical": None,
         "aliases_it": [], "aliases_en": ["MT"], "rules": ["ipg:2.1"], "definition": None}]
    index = _index(parts)
    if "ipg:2.1" not in index["lookup"]:
        pytest.skip("the fixture has no IPG 2.1")
    assert _first(index, "MT") in {"ipg:2.1", "glossario:Innescata dimenticata"}
    _query, hits, _n = search(index, "MT", limit=3)
    assert "ipg:2.1" in [f"{h.doc}:{h.id}" for h in hits]


def test_a_card_name_does_not_count_as_words_but_brings_its_concepts() -> None:
    parts = copy.deepcopy(PARTS)
    card = {"name": "Raging Goblin", "types": ["Creature"], "keywords": ["haste"],
            "text_it": "Può attaccare nel turno in cui entra: non soffre di debolezza da evocazione."}
    index = _index(parts, [card])
    query, hits, _n = search(index, "raging goblin", explain=True)
    assert query.cards == ["Raging Goblin"]
    assert "raging" not in query.words and "goblin" not in query.words
    assert not query.corrections
    assert hits and hits[0].id == "302.6"


def test_a_card_name_finds_the_typical_questions_that_name_the_card() -> None:
    parts = copy.deepcopy(PARTS)
    card = {"name": "Raging Goblin", "types": ["Creature"], "text_it": "Una creatura."}
    parts["questions"] = {"cr:509.1h": ["il mio Raging Goblin resta bloccato se il bloccante sparisce?"]}
    index = _index(parts, [card])
    query, hits, _n = search(index, "raging goblin", explain=True)
    assert not query.empty
    assert hits and hits[0].id == "509.1h"
    assert any("il nome della carta Raging Goblin" in reason for reason in hits[0].reasons)


def test_a_one_word_card_name_that_is_a_corpus_word_stays_a_word() -> None:
    parts = copy.deepcopy(PARTS)
    index = _index(parts, [{"name": "Travolgere", "types": ["Instant"], "text_it": "Nulla."}])
    query, _hits, _n = search(index, "travolgere")
    assert query.cards == []


def test_the_rule_ranks_before_the_textbook_section_that_explains_it() -> None:
    parts = copy.deepcopy(PARTS)
    text = "una creatura bloccata da più creature assegna il danno da combattimento"
    _query, hits, _n = search(_index(parts), text, limit=20)
    docs = [h.doc for h in hits]
    assert docs[0] == "cr" and "manuale" in docs


def _questions_file(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "rules_it" / "domande"
    folder.mkdir(parents=True)
    path = folder / "prova.yaml"
    path.write_text(body, encoding="utf-8")
    return path


def test_a_question_about_an_unknown_rule_is_refused_with_file_line_and_key(tmp_path: Path) -> None:
    from judgekit.compilecontext import CompileContext
    from judgekit.corpus.questions import compile_questions

    _questions_file(tmp_path, 'entries:\n  - ref: "cr:302.6"\n    questions: ["ok?"]\n'
                              '  - ref: "cr:999.9"\n    questions: ["quale regola?"]\n')
    ctx = CompileContext(rules_dir=tmp_path / "rules_it", user_dir=tmp_path / "user", parts=copy.deepcopy(PARTS))
    with pytest.raises(InvalidFileError) as caught:
        compile_questions(ctx)
    issue = caught.value.issues[0]
    assert (issue.file.endswith("prova.yaml"), issue.line, issue.key) == (True, 4, "entries[1].ref")
    assert "cr:999.9" in issue.message


def test_questions_of_one_ref_in_two_files_are_gathered(tmp_path: Path) -> None:
    from judgekit.compilecontext import CompileContext
    from judgekit.corpus.questions import compile_questions

    _questions_file(tmp_path, 'entries:\n  - ref: "cr:302.6"\n    questions: ["prima?"]\n')
    (tmp_path / "rules_it" / "domande" / "altra.yaml").write_text(
        'entries:\n  - ref: "cr:302.6"\n    questions: ["seconda?", "prima?"]\n', encoding="utf-8")
    ctx = CompileContext(rules_dir=tmp_path / "rules_it", user_dir=tmp_path / "user", parts=copy.deepcopy(PARTS))
    assert sorted(compile_questions(ctx)["cr:302.6"]) == ["prima?", "seconda?"]


def test_a_question_file_with_a_wrong_key_is_refused(tmp_path: Path) -> None:
    from judgekit.compilecontext import CompileContext
    from judgekit.corpus.questions import compile_questions

    _questions_file(tmp_path, 'entries:\n  - ref: "cr:302.6"\n    domande: ["ok?"]\n')
    ctx = CompileContext(rules_dir=tmp_path / "rules_it", user_dir=tmp_path / "user", parts=copy.deepcopy(PARTS))
    with pytest.raises(InvalidFileError) as caught:
        compile_questions(ctx)
    keys = {(issue.line, issue.key) for issue in caught.value.issues}
    assert (2, "entries[0].questions") in keys


def test_a_card_points_to_the_rules_of_its_keywords_and_of_the_layers_of_its_effects() -> None:
    from judgekit.search.cards import rules_of

    glossary = [{"it": "Travolgere", "en": "Trample", "category": "keyword", "canonical": "trample",
                 "rules": ["702.19", "702.19b"]},
                {"it": "Creatura", "en": "Creature", "category": "card_type", "canonical": "Creature",
                 "rules": ["302"]}]
    card = {"name": "Prova", "types": ["Creature"], "keywords": ["trample"],
            "abilities": [{"static": {"affects": "self", "set_pt": [0, 1]}}]}
    found = dict(rules_of(card, glossary))
    assert found["cr:702.19"] == 1.0 and found["cr:702.19b"] == 0.5
    assert found["cr:613.4b"] == 1.0
    assert "cr:302" not in found


def test_a_dies_or_leaves_trigger_points_to_the_leaves_the_battlefield_rules() -> None:
    from judgekit.search.cards import rules_of

    glossary = [{"it": "Abilità di lasciare il campo di battaglia", "en": "Leaves-the-battlefield ability",
                 "category": "term", "rules": ["603.6c", "603.10a"]},
                {"it": "Abilità innescata", "en": "Triggered ability", "category": "term", "rules": ["603"]}]
    for event in ("dies", "leaves_battlefield"):
        card = {"name": "Prova", "types": ["Creature"],
                "abilities": [{"trigger": {"event": event}, "effect": [{"gain_life": 1, "to": "you"}]}]}
        found = dict(rules_of(card, glossary))
        assert found["cr:603.6c"] == 1.0 and found["cr:603.10a"] == 0.5 and found["cr:603"] == 1.0


def test_a_card_named_in_a_question_lifts_the_rules_it_points_to() -> None:
    parts = copy.deepcopy(PARTS)
    card = {"name": "Charging Rhino", "types": ["Creature"], "keywords": ["trample"], "text_it": "Nulla."}
    index = _index(parts, [card])
    assert index["cards"]["charging rhino"][2] == [("cr:702.19", 1.0)]
    query, hits, _n = search(index, "charging rhino", explain=True, limit=5)
    assert query.card_links
    assert f"{hits[0].doc}:{hits[0].id}" == "cr:702.19"
    assert any("rimanda la carta Charging Rhino" in r for r in hits[0].reasons)


def test_the_words_left_around_a_card_name_are_not_an_exact_title() -> None:
    parts = copy.deepcopy(PARTS)
    card = {"name": "Raging Goblin", "types": ["Creature"], "text_it": "Nulla."}
    index = _index(parts, [card])
    alone, _hits, _n = search(index, "creatura")
    named, _hits, _n = search(index, "raging goblin creatura")
    assert alone.whole_keys and not named.whole_keys


def test_a_card_outside_the_library_is_read_from_its_keywords_and_type_line() -> None:
    parts = copy.deepcopy(PARTS)
    index = _index(parts)
    asked: list[list[str]] = []

    def find(keys: list[str]) -> dict[str, dict[str, Any]]:
        asked.append(keys)
        card = {"name": "Charging Rhino", "keywords": ["Trample"], "type_line": "Creature — Rhino"}
        return {"charging rhino": card} if "charging rhino" in keys else {}

    query, hits, _n = search(index, "charging rhino bloccato da due", find_cards=find, explain=True)
    assert len(asked) == 1
    assert query.cards == ["Charging Rhino"]
    assert "charging" not in query.words
    assert f"{hits[0].doc}:{hits[0].id}" == "cr:702.19"


def test_a_single_word_of_the_rules_is_never_looked_up_as_a_card() -> None:
    index = _index(copy.deepcopy(PARTS))
    asked: list[str] = []

    def find(keys: list[str]) -> dict[str, dict[str, Any]]:
        asked.extend(keys)
        return {}

    search(index, "travolgere", find_cards=find)
    assert "travolgere" not in asked


def test_imported_cards_are_found_by_their_italian_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.carddb import imported_by_keys, store

    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path / "data"))
    assert imported_by_keys(["angelo di serra"]) == {}
    store.import_file(Path(__file__).parent / "data" / "cards" / "mtgjson-atomic.json")
    found = imported_by_keys(["angelo di serra", "fuoco ghiaccio", "nessuna carta"])
    assert {k: v["name"] for k, v in found.items()} == {"angelo di serra": "Serra Angel",
                                                        "fuoco ghiaccio": "Fire // Ice"}


def test_a_keyword_rule_the_question_does_not_name_steps_back() -> None:
    from judgekit import cache

    index = cache.corpus().part("search")
    _q, hits, _n = search(index, "ha pescato 5 carte invece di 4, che si fa?", limit=5)
    assert not any(h.id.startswith("702.52") for h in hits[:2])
    _q, named, _n = search(index, "dredge invece di pescare", limit=3)
    assert named[0].id.startswith("702.52")
    _q, english, _n = search(index, "ward quanto costa", limit=3)
    assert english[0].id.startswith("702.21")
