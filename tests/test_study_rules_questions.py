"""The rules questions of ``judgekit studia`` (judgekit/study/rules_questions.py and rules_changes.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from judgekit.corpus.lookup import rules_part
from judgekit.study import rules_changes as changes
from judgekit.study import rules_questions as rq
from judgekit.study.model import KINDS, TOPICS, Question


@pytest.fixture(scope="module")
def questions() -> list[Question]:
    return [spec.make() for spec in rq.rules_questions()]


@pytest.fixture(scope="module")
def rules() -> dict[str, dict[str, Any]]:
    return rules_part()["rules"]


def _rule(rid: str, text: str, kind: str = "cr") -> dict[str, Any]:
    return {"id": rid, "text": text, "kind": kind, "language": "it", "status": "current", "note": None,
            "section": rid[:3], "section_title": "Prova"}


# --------------------------------------------------------------------------- the bank

def test_the_bank_has_at_least_150_questions_of_the_three_kinds(questions: list[Question]) -> None:
    assert len(questions) >= 150
    assert {q.kind for q in questions} == {"rule_number", "true_false", "fill_number"}


def test_every_question_has_a_known_topic_kind_and_level(questions: list[Question]) -> None:
    for q in questions:
        assert q.topic in TOPICS, q.id
        assert q.kind in KINDS, q.id
        assert q.level in (1, 2, 3), q.id


def test_topics_follow_the_sections_of_the_rules(questions: list[Question]) -> None:
    for q in questions:
        assert q.topic == rq.TOPIC_OF_SECTION[q.rules[0][:3]], q.id
    by_topic = {q.topic for q in questions}
    assert {"turno", "combattimento", "pila", "innescate", "sba", "layer", "parole_chiave",
            "sostituzione"} <= by_topic


def test_ids_are_unique_and_made_from_the_rule_number_and_kind(questions: list[Question]) -> None:
    seen = [q.id for q in questions]
    assert len(seen) == len(set(seen))
    for q in questions:
        assert re.fullmatch(r"r:(\d{3}\.\d+[a-z]?):(rule_number|true_false|fill_number)(:falso)?", q.id), q.id
        assert q.id.split(":")[1] == q.rules[0]
        assert q.id.split(":")[2] == q.kind


def test_ids_and_questions_are_the_same_when_made_again(questions: list[Question]) -> None:
    rq._questions.cache_clear()
    again = [spec.make() for spec in rq.rules_questions()]
    assert again == questions


def test_exactly_one_choice_is_right_and_it_is_among_the_choices(questions: list[Question]) -> None:
    for q in questions:
        assert len(q.choices) >= 2, q.id
        assert len(set(q.choices)) == len(q.choices), q.id
        assert 0 <= q.answer < len(q.choices), q.id
        right = q.choices[q.answer]
        if q.kind == "rule_number":
            assert right == q.rules[0]
        elif q.kind == "true_false":
            assert q.choices == ("Vero", "Falso")
            assert right == ("Falso" if q.id.endswith(":falso") else "Vero")
        else:
            assert len(q.choices) == 4, q.id
            assert right in q.explanation, q.id


def test_rule_number_questions_offer_rules_of_the_same_section_or_next_to_it(
        questions: list[Question], rules: dict[str, dict[str, Any]]) -> None:
    order = [r for r in rules_part()["order"] if rq.topic_of(r) and rq.usable(rules[r])]
    for q in questions:
        if q.kind != "rule_number":
            continue
        assert len(q.choices) == 4, q.id
        at = order.index(q.rules[0])
        for choice in q.choices:
            assert choice in order, (q.id, choice)
            assert choice[:3] == q.rules[0][:3] or abs(order.index(choice) - at) <= 3, (q.id, choice)


def test_explanations_quote_the_rule_number(questions: list[Question]) -> None:
    for q in questions:
        assert q.explanation.strip(), q.id
        assert f"regola {q.rules[0]}" in q.explanation, q.id
        assert q.rules and all(re.fullmatch(r"\d{3}\.\d+[a-z]?", r) for r in q.rules)


def test_no_question_text_contains_its_own_rule_number(questions: list[Question]) -> None:
    for q in questions:
        assert q.rules[0] not in q.text, q.id


def test_a_false_statement_differs_from_the_rule_and_from_its_true_statement(
        questions: list[Question], rules: dict[str, dict[str, Any]]) -> None:
    by_id = {q.id: q for q in questions}
    falses = [q for q in questions if q.id.endswith(":falso")]
    assert len(falses) >= 50
    for q in falses:
        rid = q.rules[0]
        true = by_id[f"r:{rid}:true_false"]
        assert q.text != true.text
        statement = q.text.split("\n", 1)[1].strip("«»")
        assert statement not in rules[rid]["text"], q.id
        assert "Falso" in q.explanation and "non «" in q.explanation


def test_a_true_statement_is_the_rules_own_text(questions: list[Question], rules: dict[str, dict[str, Any]]) -> None:
    for q in questions:
        if q.kind == "true_false" and not q.id.endswith(":falso"):
            statement = q.text.split("\n", 1)[1].strip("«»")
            assert statement == rq.statement(rules[q.rules[0]])
            assert rq.SHORTEST <= len(statement) <= rq.LONGEST, q.id


def test_filling_the_blank_with_the_right_choice_gives_the_rules_text(
        questions: list[Question], rules: dict[str, dict[str, Any]]) -> None:
    fills = [q for q in questions if q.kind == "fill_number"]
    assert len(fills) >= 20
    for q in fills:
        blanked = q.text.split("\n", 1)[1].strip("«»")
        assert blanked.count("___") == 1, q.id
        assert blanked.replace("___", q.choices[q.answer]) == rq.statement(rules[q.rules[0]])


def test_no_question_is_about_a_superseded_or_flagged_rule(
        questions: list[Question], rules: dict[str, dict[str, Any]]) -> None:
    asked = {q.rules[0] for q in questions}
    for rid in asked:
        assert rules[rid]["status"] == "current" and not rules[rid]["note"], rid
    assert not asked & {"509.2", "509.2a", "509.3", "509.3a", "509.6", "509.7", "510.5", *rq.SKIP}
    for q in questions:
        assert "ordine di assegnazione" not in q.text.lower(), q.id


def test_known_questions_say_what_the_rules_say(questions: list[Question]) -> None:
    by_id = {q.id: q for q in questions}
    hand = by_id["r:514.1:fill_number"]
    assert hand.choices[hand.answer] == "sette"
    poison = by_id["r:704.5c:true_false:falso"]
    assert "nove o più" in poison.text and "dieci" in poison.explanation
    layer = by_id["r:613.1d:fill_number"]
    assert layer.choices[layer.answer] == "4"


# --------------------------------------------------------------------------- statements

def test_a_statement_drops_the_seeds_cross_references_and_its_own_number() -> None:
    text = ("Successivamente, il giocatore attivo riceve priorità (vedi regola 116, “Tempistica e priorità”). "
            "Le regole su chi la riceve sono poche e fisse (500.3a-500.3d).")
    assert rq.statement(_rule("500.3", text)) == ("Successivamente, il giocatore attivo riceve priorità. "
                                                  "Le regole su chi la riceve sono poche e fisse.")
    assert rq.statement(_rule("500.3", "Il giocatore segue i passi da 500.3a a 500.3d, in ordine e senza saltarne.")) \
        is None


def test_a_long_statement_is_cut_at_a_sentence_boundary_and_a_short_one_is_skipped() -> None:
    sentence = "Questa frase di prova è lunga abbastanza da contare come una frase vera di una regola. "
    cut = rq.statement(_rule("500.4", sentence * 8))
    assert cut is not None and len(cut) <= rq.LONGEST and cut.endswith(".")
    assert rq.statement(_rule("500.4", "Troppo corta.")) is None


def test_a_statement_ending_in_a_colon_loses_the_sentence_that_introduces_a_list() -> None:
    text = "Il giocatore attivo annuncia come assegna il danno, poi lo fa il giocatore in difesa. Si segue questo:"
    assert rq.statement(_rule("510.1", text)) == "Il giocatore attivo annuncia come assegna il danno, poi lo fa il " \
                                                  "giocatore in difesa."


# --------------------------------------------------------------------------- false statements

@pytest.mark.parametrize(("text", "changed"), [
    ("Un giocatore con dieci o più segnalini veleno perde la partita.",
     "Un giocatore con nove o più segnalini veleno perde la partita."),
    ("Una creatura con costituzione 0 o meno va nel cimitero.",
     "Una creatura con costituzione 1 o meno va nel cimitero."),
    ("Una creatura con minacciare può essere bloccata solo da due o più creature.",
     "Una creatura con minacciare può essere bloccata solo da una o più creature."),
    ("Ogni bersaglio deve riceverne almeno 1.", "Ogni bersaglio deve riceverne almeno 2."),
    ("Le abilità si innescano all'inizio della sottofase di mantenimento del turno.",
     "Le abilità si innescano all'inizio della sottofase di acquisizione del turno."),
    ("Un istantaneo si può lanciare ogni volta che si ha priorità.",
     "Un istantaneo non si può lanciare ogni volta che si ha priorità."),
    ("Il giocatore attivo pesca una carta. Questa azione non usa la pila.",
     "Il giocatore attivo pesca una carta. Questa azione usa la pila."),
])
def test_a_false_statement_changes_one_fact_in_the_direction_that_makes_it_false(text: str, changed: str) -> None:
    change = changes.false_change(text)
    assert change is not None
    assert change.apply(text) == changed


@pytest.mark.parametrize("text", [
    "Una creatura con costituzione maggiore di 0 con danno letale viene distrutta.",  # "maggiore di 1" stays true
    "Lo stesso oggetto non viene scelto due volte per la stessa parola.",  # "tre volte" stays true
    "Nei layer dal 2 al 6 si applicano prima le abilità che definiscono caratteristiche.",  # a range
    "Quella creatura attacca finché accade il primo fra questi due eventi.",  # a count of things listed
    "Un esempio è «previeni i prossimi 3 danni» scritto sulla carta di qualcuno.",  # a number in an example
])
def test_numbers_that_could_leave_a_true_statement_are_never_changed(text: str) -> None:
    change = changes.false_change(text)
    assert change is None or not re.fullmatch(r"\d+|due|tre", change.before)


def test_can_and_cannot_are_not_swapped_where_the_result_would_not_be_italian() -> None:
    for text in ("Un permanente con velo non può essere bersaglio di alcuna magia, nemmeno delle sue.",
                 "Nessun evento di gioco può verificarsi tra sottofasi, fasi o turni."):
        assert changes.false_change(text) is None


def test_nearby_numbers_are_written_like_the_blanked_one() -> None:
    seven = changes.quantities("Normalmente sette carte in mano.")[0]
    assert changes.nearby(seven)[:3] == ["otto", "sei", "nove"]
    zero = changes.quantities("Un giocatore con 0 punti vita perde.")[0]
    assert changes.nearby(zero)[:3] == ["1", "2", "3"]
    assert changes.quantities("Un segnalino +1/+1 sulla 302.6 e il layer 7a.") == []
