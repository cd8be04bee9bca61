"""The search index and ranking on a small synthetic corpus built from plain dicts (the compiled shapes)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from judgekit.search.index import build_index, entries_from_parts
from judgekit.search.rank import TIER_REFERENCE, TIER_TITLE, search


def _rule(rid: str, text: str, *, kind: str = "cr", status: str = "current", title: str | None = None,
          history: list[str] | None = None) -> dict[str, Any]:
    return {"id": rid, "title": title, "text": text, "examples": [], "kind": kind, "status": status,
            "language": "it", "source": {"document": "seed", "label": "seed", "date": None}, "refs": [],
            "parent": None, "children": [], "note": None, "fixes": [],
            "history": [{"text": h, "examples": [], "source": {}, "status": "superseded", "change": None}
                        for h in history or []],
            "text_en": None}


RULES = [
    _rule("302.6", "Una creatura non può attaccare, a meno che non sia stata sotto il controllo del suo controllore "
          "in maniera continua dall’inizio del suo turno più recente. Questa regola viene chiamata in maniera "
          "informale regola della “debolezza da evocazione”."),
    _rule("509.1a", "Il giocatore in difesa sceglie quali tra le creature che controlla bloccheranno. Le creature "
          "scelte devono essere stappate."),
    _rule("509.1h", "Una creatura attaccante a cui sono state assegnate una o più creature bloccanti diventa una "
          "creatura bloccata."),
    _rule("509.2", "Per seconda cosa, per ogni creatura attaccante che è diventata bloccata, il giocatore attivo "
          "dichiara l'ordine di assegnazione del danno tra le creature che la bloccano.", status="superseded"),
    _rule("510.1", "Per prima cosa, il giocatore attivo annuncia come ogni creatura attaccante assegna il suo danno "
          "da combattimento."),
    _rule("510.1c", "Una creatura bloccata assegna il suo danno da combattimento alle creature che la bloccano, "
          "diviso come il suo controllore sceglie tra di loro.",
          history=["Una creatura bloccata assegna il danno secondo l'ordine di assegnazione del danno dichiarato."]),
    _rule("510.1d", "Una creatura che blocca assegna danno da combattimento alle creature che sta bloccando."),
    _rule("510.4", "Se almeno una creatura attaccante o bloccante ha attacco improvviso o doppio attacco all'inizio "
          "della sottofase di danno da combattimento, le uniche creature che assegnano danno sono quelle con attacco "
          "improvviso o doppio attacco."),
    _rule("603.2", "Ogniqualvolta un evento soddisfa la condizione di innesco dell’abilità innescata, l'abilità si "
          "innesca.", kind="sintesi"),
    _rule("702.7", "Attacco improvviso è un'abilità statica che fa infliggere il danno da combattimento prima.",
          kind="sintesi", title="Attacco improvviso"),
    _rule("702.19", "Travolgere è un'abilità statica che modifica il modo in cui una creatura attaccante assegna il "
          "danno da combattimento quando è bloccata.", kind="sintesi", title="Travolgere"),
]

PARTS: dict[str, Any] = {
    "rules": {
        "rules": {r["id"]: r for r in RULES},
        "order": [r["id"] for r in RULES],
        "sections": {"302": "Creature", "509": "Sottofase di dichiarazione delle creature bloccanti",
                     "510": "Sottofase di danno da combattimento", "603": "Gestione delle abilità innescate",
                     "702": "Abilità definite da parola chiave"},
    },
    "glossary": [
        {"it": "Travolgere", "en": "Trample", "category": "keyword", "canonical": "trample", "aliases_it": [],
         "aliases_en": [], "rules": ["702.19"], "definition": "Il danno in eccesso va al giocatore."},
        {"it": "Attacco improvviso", "en": "First strike", "category": "keyword", "canonical": "first_strike",
         "aliases_it": [], "aliases_en": ["FS"], "rules": ["702.7", "510.4"], "definition": None},
        {"it": "Debolezza da evocazione", "en": "Summoning sickness", "category": "term", "canonical": None,
         "aliases_it": [], "aliases_en": ["sickness"], "rules": ["302.6"],
         "definition": "Una creatura non può attaccare nel turno in cui è arrivata."},
        {"it": "Azioni generate dallo stato", "en": "State-based actions", "category": "term", "canonical": None,
         "aliases_it": [], "aliases_en": ["SBA"], "rules": ["704.5"], "definition": "Controlli automatici."},
    ],
    "manual": [
        {"slug": "innescate-dimenticate", "part": "Arbitrare i tornei", "chapter": "Errori comuni",
         "title": "Innescate dimenticate", "order": 1, "rules": [], "outdated": None,
         "source": {"document": "004", "label": "manuale", "date": None},
         "text": "Se un giocatore dimentica un’abilità innescata a REL Regular, il judge lo aiuta."},
        {"slug": "combattimento", "part": "Struttura del gioco", "chapter": "Fasi", "title": "Fase di combattimento",
         "order": 2, "rules": ["510.1"], "outdated": "Il manuale descrive l'ordine di assegnazione del danno.",
         "source": {"document": "004", "label": "manuale", "date": None},
         "text": "Una creatura bloccata da più creature assegna il danno da combattimento."},
    ],
    "policy": {"search_docs": [
        {"doc": "ipg", "id": "2.1", "title": "Innescata dimenticata", "aliases": ["mt", "missed trigger"],
         "text": "Un giocatore dimentica un'abilità innescata obbligatoria."},
        {"doc": "ipg", "id": "2.5", "title": "Violazione delle regole di gioco", "aliases": ["grv"],
         "text": "Un giocatore viola le regole di gioco."},
        {"doc": "jar", "id": "innescate", "title": "Innescate dimenticate a REL Regular", "aliases": [],
         "text": "A REL Regular un'abilità innescata dimenticata si risolve se non è troppo tardi."},
        {"doc": "mtr", "id": "4.2", "title": "Scorciatoie di torneo", "aliases": ["shortcut"],
         "text": "Una scorciatoia è un accordo tra i giocatori per saltare azioni."},
    ]},
}


@pytest.fixture(scope="module")
def index() -> dict[str, Any]:
    return build_index(entries_from_parts(PARTS))


def _ids(index: dict[str, Any], text: str, **kw: Any) -> list[str]:
    _query, hits, _total = search(index, text, **kw)
    return [f"{h.doc}:{h.id}" for h in hits]


@pytest.mark.parametrize("word", ["bloccata", "bloccanti", "blocca", "bloccate"])
def test_italian_inflections_find_blocking_rules(index: dict[str, Any], word: str) -> None:
    ids = _ids(index, word, limit=3)
    assert ids and all(i.startswith(("cr:509", "cr:510")) for i in ids)


def test_typographic_apostrophe_same_results_as_plain(index: dict[str, Any]) -> None:
    assert _ids(index, "dell’abilità innescata") == _ids(index, "dell'abilità innescata")
    assert _ids(index, "dell'abilità innescata")


@pytest.mark.parametrize(("query", "expected"), [
    ("trample", "cr:702.19"), ("first strike", "cr:702.7"), ("summoning sickness", "cr:302.6"),
])
def test_english_term_finds_italian_rule_first(index: dict[str, Any], query: str, expected: str) -> None:
    assert _ids(index, query)[0] == expected


def test_english_term_is_expanded_to_italian(index: dict[str, Any]) -> None:
    query, _hits, _total = search(index, "first strike")
    assert ("first strike", "Attacco improvviso") in query.expansions


def test_typo_is_corrected_with_penalty(index: dict[str, Any]) -> None:
    query, hits, _total = search(index, "travogere")
    assert hits[0].id == "702.19"
    assert query.corrections and query.corrections[0][1][0][0] == "travolgere"
    exact = search(index, "travolgere")[1][0]
    assert hits[0].score < exact.score


@pytest.mark.parametrize("query", ["510.1c", "CR 510.1c", "regola 510.1c", "cr510.1c"])
def test_rule_number_goes_straight_to_the_rule(index: dict[str, Any], query: str) -> None:
    _query, hits, _total = search(index, query)
    assert hits[0].id == "510.1c" and hits[0].tier == TIER_REFERENCE


def test_rule_number_lists_subrules_after_it_in_order(index: dict[str, Any]) -> None:
    assert _ids(index, "510.1", limit=3) == ["cr:510.1", "cr:510.1c", "cr:510.1d"]


def test_section_number_alone_finds_the_section(index: dict[str, Any]) -> None:
    assert _ids(index, "510")[0] == "cr:510"


@pytest.mark.parametrize(("query", "expected"), [
    ("grv", "ipg:2.5"), ("mt", "ipg:2.1"), ("missed trigger", "ipg:2.1"), ("IPG 2.1", "ipg:2.1"),
    ("mtr 4.2", "mtr:4.2"), ("2.5", "ipg:2.5"),
])
def test_policy_alias_and_number_go_first(index: dict[str, Any], query: str, expected: str) -> None:
    assert _ids(index, query)[0] == expected


def test_superseded_rule_ranks_below_current_rule_with_same_words() -> None:
    parts = {"rules": {"rules": {
        "509.2": _rule("509.2", "ordine di assegnazione del danno tra i bloccanti", status="superseded"),
        "510.9": _rule("510.9", "ordine di assegnazione del danno tra i bloccanti"),
    }, "order": ["509.2", "510.9"], "sections": {}}}
    idx = build_index(entries_from_parts(parts))
    assert _ids(idx, "ordine di assegnazione del danno") == ["cr:510.9", "cr:509.2"]


def test_history_text_finds_its_rule_below_current_text(index: dict[str, Any]) -> None:
    _query, hits, _total = search(index, "ordine assegnazione dichiarato", limit=20, explain=True)
    ids = [h.id for h in hits]
    assert "510.1c" in ids
    reasons = " ".join(hits[ids.index("510.1c")].reasons)
    assert "testo precedente" in reasons


def test_exact_title_tier_beats_text(index: dict[str, Any]) -> None:
    _query, hits, _total = search(index, "travolgere")
    assert hits[0].tier == TIER_TITLE and hits[0].id == "702.19"


def test_rules_come_before_glossary_in_exact_term_tier(index: dict[str, Any]) -> None:
    ids = _ids(index, "attacco improvviso")
    assert ids.index("cr:702.7") < ids.index("glossario:Attacco improvviso")


def test_tie_broken_by_document_order() -> None:
    parts = {
        "rules": {"rules": {"510.9": _rule("510.9", "parola rarissima")}, "order": ["510.9"], "sections": {}},
        "manual": [{"slug": "z", "part": "", "chapter": "", "title": "Altro", "order": 1, "text": "parola rarissima",
                    "rules": [], "outdated": None, "source": {"document": "", "label": "", "date": None}}],
        "policy": {"search_docs": [{"doc": "mtr", "id": "9.9", "title": "Altro", "aliases": [],
                                    "text": "parola rarissima"}]},
    }
    idx = build_index(entries_from_parts(parts))
    assert _ids(idx, "rarissima") == ["cr:510.9", "mtr:9.9", "manuale:z"]


def test_doc_filter_and_limit(index: dict[str, Any]) -> None:
    ids = _ids(index, "innescata dimenticata", docs={"jar", "manuale"})
    assert ids and all(i.startswith(("jar:", "manuale:")) for i in ids)
    assert len(_ids(index, "creatura", limit=2)) == 2


def test_alias_inside_longer_query_boosts_its_entry(index: dict[str, Any]) -> None:
    assert _ids(index, "penalità per grv")[0] == "ipg:2.5"


def test_ranking_is_deterministic(index: dict[str, Any]) -> None:
    runs = {tuple(_ids(index, "creatura bloccata danno")) for _ in range(3)}
    assert len(runs) == 1


def test_index_is_plain_picklable_data(index: dict[str, Any]) -> None:
    restored = pickle.loads(pickle.dumps(index))
    assert _ids(restored, "trample") == _ids(index, "trample")


def test_empty_parts_give_an_empty_index() -> None:
    idx = build_index(entries_from_parts({"rules": {}, "glossary": [], "manual": [], "policy": {}}))
    assert search(idx, "danno")[1] == []


def test_english_words_translated_by_glossary_weigh_less(index: dict[str, Any]) -> None:
    from judgekit.search.rank import PHRASE_WEIGHT, TRANSLATED_WEIGHT, analyze

    query = analyze("state-based actions", index)
    assert ("state based actions", "Azioni generate dallo stato") in query.expansions
    originals = [t for t in query.terms if t.source in ("parola", "frase")]
    assert originals and all(t.weight == TRANSLATED_WEIGHT * (1.0 if t.source == "parola" else PHRASE_WEIGHT)
                             for t in originals)
    expanded = [t for t in query.terms if t.source == "glossario" and " " not in t.key]
    assert expanded and all(t.weight == 1.0 for t in expanded)


def test_imported_english_text_is_searchable_without_double_counting() -> None:
    english_only = _rule("702.999", "Trample lets excess combat damage go to the player.")
    english_only["language"] = "en"
    english_only["text_en"] = english_only["text"]
    italian_rule = _rule("702.998", "Regola italiana.")
    italian_rule["text_en"] = "Trample lets excess combat damage go to the player."
    parts = {"rules": {"rules": {"702.998": italian_rule, "702.999": english_only}, "order": ["702.998", "702.999"],
                       "sections": {}}}
    idx = build_index(entries_from_parts(parts))
    _query, hits, _total = search(idx, "excess combat damage")
    assert {h.id for h in hits} == {"702.998", "702.999"}
    assert hits[0].id == "702.999"  # the English text is that rule's own text, weighted as text
