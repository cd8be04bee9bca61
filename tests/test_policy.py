"""``judgekit infraction`` and ``judgekit penalties``: lookups, REL differences, upgrades, JSON, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

IPG_IDS = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6",
           "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9",
           "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8"]
PENALTIES = {"no_penalty", "warning", "game_loss", "match_loss", "disqualification"}


def _json(invoke: Any, *args: str) -> dict[str, Any]:
    result = invoke("infraction", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _first(invoke: Any, *args: str) -> dict[str, Any]:
    return _json(invoke, *args)["matches"][0]


@pytest.fixture(scope="module")
def policy() -> dict[str, Any]:
    from judgekit import cache

    return cache.corpus().part("policy")


@pytest.mark.parametrize("rel", ["competitive", "professional"])
def test_every_ipg_infraction_has_card_with_penalty_and_remedy_at_ipg_rels(invoke, rel) -> None:  # type: ignore[no-untyped-def]
    for iid in IPG_IDS:
        match = _first(invoke, iid, "--rel", rel)
        assert (match["doc"], match["id"]) == ("ipg", iid)
        assert match["penalty"] in PENALTIES
        assert match["remedy"] and all(step.strip() for step in match["remedy"])
        assert match["cites"][0].startswith(f"IPG {iid} ") and "2024" in match["cites"][0]


def test_every_ipg_infraction_maps_to_a_jar_case_at_regular_rel(invoke, policy) -> None:  # type: ignore[no-untyped-def]
    for iid in IPG_IDS:
        match = _first(invoke, iid, "--rel", "regular")
        assert match["doc"] == "jar"
        assert match["id"] == policy["infractions"][iid]["regular"][0]
        assert match["remedy"]
        assert any(c.startswith("JAR «") for c in match["cites"])


def test_every_jar_case_is_served_by_its_id_at_regular_rel(invoke, policy) -> None:  # type: ignore[no-untyped-def]
    for case_id, case in policy["jar"].items():
        match = _first(invoke, case_id)
        assert (match["doc"], match["id"]) == ("jar", case_id)
        assert match["penalty"] == case["penalty"]


def test_serious_problems_are_disqualification_at_regular_rel(invoke) -> None:  # type: ignore[no-untyped-def]
    for iid in ("4.5", "4.6", "4.8"):
        assert _first(invoke, iid)["penalty"] == "disqualification"


@pytest.mark.parametrize(("query", "expected"), [
    ("grv", "2.5"), ("ftmgs", "2.6"), ("hce", "2.3"), ("lec", "2.2"), ("mt", "2.1"), ("mpe", "2.4"),
    ("usc", "4.1"), ("usc-minor", "4.1"), ("usc-major", "4.2"), ("dp", "3.5"), ("ddlp", "3.4"), ("sp", "3.3"),
    ("oa", "3.2"), ("tard", "3.1"), ("Game Rule Violation", "2.5"), ("innescata dimenticata", "2.1"),
    ("IPG 2.5", "2.5"), ("Condotta antisportiva — minore", "4.1"), ("Stalling", "4.7"),
])
def test_alias_number_or_name_resolves_exactly(invoke, query, expected) -> None:  # type: ignore[no-untyped-def]
    match = _first(invoke, query, "--rel", "competitive")
    assert match["id"] == expected
    assert match["exact"] is True


@pytest.mark.parametrize(("query", "competitive", "regular"), [
    ("ha pescato una carta in più", "2.3", "common.draw"),
    ("si è dimenticato l'innescata", "2.1", "common.trigger"),
    ("hanno tirato un dado per decidere", "4.3", "unwanted.outcome"),
])
def test_free_italian_description_finds_infraction_and_jar_case(invoke, query, competitive, regular) -> None:  # type: ignore[no-untyped-def]
    assert _first(invoke, query, "--rel", "competitive")["id"] == competitive
    assert _first(invoke, query)["id"] == regular


def test_description_match_explains_the_words_that_decided_it(invoke) -> None:  # type: ignore[no-untyped-def]
    match = _first(invoke, "si è dimenticato l'innescata", "--rel", "competitive")
    assert match["exact"] is False and match["score"] > 0
    assert any("innescat" in term for term in match["terms"])


def test_typos_in_description_are_tolerated(invoke) -> None:  # type: ignore[no-untyped-def]
    assert _first(invoke, "innescatta dimenticatta", "--rel", "competitive")["id"] == "2.1"


def test_typographic_apostrophes_and_accents_are_folded(invoke) -> None:  # type: ignore[no-untyped-def]
    plain = _first(invoke, "si e dimenticato l'innescata", "--rel", "competitive")
    curly = _first(invoke, "si è dimenticato l’innescata", "--rel", "competitive")
    assert plain["id"] == curly["id"] == "2.1"


def test_regular_rel_has_no_warnings_where_competitive_does(invoke) -> None:  # type: ignore[no-untyped-def]
    assert _first(invoke, "2.3", "--rel", "regular")["penalty"] == "no_penalty"
    assert _first(invoke, "2.3", "--rel", "competitive")["penalty"] == "warning"
    assert _first(invoke, "4.3", "--rel", "competitive")["penalty"] == "match_loss"
    assert _first(invoke, "4.3", "--rel", "regular")["penalty"] == "no_penalty"


def test_professional_penalties_equal_competitive_ones(invoke) -> None:  # type: ignore[no-untyped-def]
    for iid in IPG_IDS:
        pro = _first(invoke, iid, "--rel", "professional")["penalty"]
        comp = _first(invoke, iid, "--rel", "competitive")["penalty"]
        assert pro == comp


def test_italian_rel_names_are_accepted(invoke) -> None:  # type: ignore[no-untyped-def]
    assert _json(invoke, "grv", "--rel", "competitivo")["rel"] == "competitive"
    assert _json(invoke, "grv", "--rel", "amatoriale")["rel"] == "regular"


@pytest.mark.parametrize(("args", "penalty", "applied"), [
    (("grv", "--previous", "1"), "warning", False),
    (("grv", "--previous", "2"), "game_loss", True),
    (("sp", "--previous", "1"), "game_loss", True),
    (("ftmgs", "--previous", "5"), "warning", False),
    (("usc-minor", "--previous", "1"), "game_loss", True),
    (("usc-major", "--previous", "1"), "disqualification", True),
    (("tard", "--previous", "3"), "game_loss", False),
    (("mt", "--previous", "4"), "no_penalty", False),
])
def test_previous_penalties_upgrade_as_the_ipg_says(invoke, args, penalty, applied) -> None:  # type: ignore[no-untyped-def]
    match = _first(invoke, *args, "--rel", "competitive")
    assert match["penalty"] == penalty
    assert match["upgrade"]["applied"] is applied
    assert match["upgrade"]["text"]


def test_failure_to_maintain_game_state_never_upgrades_and_says_so(invoke) -> None:  # type: ignore[no-untyped-def]
    match = _first(invoke, "ftmgs", "--previous", "9", "--rel", "competitive")
    assert match["penalty"] == "warning"
    assert "mai" in match["upgrade"]["text"]


@pytest.mark.parametrize(("args", "penalty"), [
    (("3.3", "--previous", "1"), "game_loss"),
    (("2.5", "--previous", "2"), "no_penalty"),
    (("2.5", "--previous", "3"), "game_loss"),
    (("4.8", "--previous", "2"), "disqualification"),
])
def test_previous_at_regular_rel_follows_the_jar(invoke, args, penalty) -> None:  # type: ignore[no-untyped-def]
    assert _first(invoke, *args, "--rel", "regular")["penalty"] == penalty


def test_json_is_one_document_with_the_documented_shape(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "ha pescato una carta in più", "--rel", "competitive", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["rel"] == "competitive"
    assert data["matches"][0]["doc"] == "ipg"
    for match in data["matches"]:
        assert {"doc", "id", "name", "penalty", "remedy", "upgrade", "cites"} <= set(match)
        assert match["doc"] in ("ipg", "jar") and match["penalty"] in PENALTIES
    assert "\x1b[" not in result.stdout


def test_card_text_shows_penalty_steps_players_and_citations(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infrazione", "grv", "--rel", "competitive")
    assert result.exit_code == 0
    out = result.stdout
    assert "IPG 2.5 — Violazione delle regole di gioco" in out
    assert "Penalità: Ammonizione" in out
    assert "Correzioni parziali" in out and "  1. " in out
    assert "Cosa dire ai giocatori" in out
    assert "MTR" in out and "23 settembre 2024" in out


def test_regular_card_says_when_it_becomes_a_serious_problem(invoke) -> None:  # type: ignore[no-untyped-def]
    out = invoke("infraction", "si è dimenticato l'innescata").stdout
    assert "JAR — Un giocatore dimentica un'abilità innescata" in out
    assert "problema serio" in out
    assert "IPG 2.1" in out


def test_list_shows_every_infraction_and_jar_case(invoke, policy) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "--list")
    assert result.exit_code == 0
    for iid in IPG_IDS:
        assert f"  {iid} " in result.stdout
    rows = json.loads(invoke("infraction", "--list", "--json").stdout)["infractions"]
    assert [r["id"] for r in rows if r["doc"] == "ipg"] == IPG_IDS
    assert {r["id"] for r in rows if r["doc"] == "jar"} == set(policy["jar"])


def test_penalties_table_lists_penalties_by_rel(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("penalita")
    assert result.exit_code == 0
    assert "Stallo" in result.stdout and "Competitivo" in result.stdout
    rows = json.loads(invoke("penalties", "--json").stdout)["rows"]
    by_id = {r["id"]: r for r in rows}
    assert [r["id"] for r in rows] == IPG_IDS
    assert by_id["3.2"]["competitive"] == "match_loss"
    assert by_id["4.3"]["competitive"] == "match_loss"
    assert by_id["4.8"]["regular"].startswith("Squalifica")


def test_unknown_query_is_not_found_in_italian_with_suggestions(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "grw")
    assert result.exit_code == 1
    assert "nessuna infrazione corrisponde" in result.stderr
    assert "Forse cercavi: 2.5 Violazione delle regole di gioco" in result.stderr
    assert result.stdout == ""


def test_unrelated_text_is_not_found(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "pizza margherita", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["code"] == 1  # --json: always one document


def test_missing_query_and_unknown_rel_are_usage_errors(invoke) -> None:  # type: ignore[no-untyped-def]
    assert invoke("infraction").exit_code == 2
    result = invoke("infraction", "grv", "--rel", "casual")
    assert result.exit_code == 2
    assert "REL sconosciuto" in result.stderr


def test_a_general_section_is_pointed_out_instead_of_an_infraction(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "backup")
    assert result.exit_code == 1
    assert "sezione IPG 1.4" in result.stderr and "judgekit search" in result.stderr


def test_negative_previous_is_a_usage_error_in_italian(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "grv", "--previous", "-1")
    assert result.exit_code == 2
    assert "--previous deve essere 0 o più" in result.stderr


def test_synonyms_from_the_lexicon_give_the_same_answer(invoke) -> None:  # type: ignore[no-untyped-def]
    judge = _first(invoke, "ha mentito al giudice", "--rel", "competitive")
    referee = _first(invoke, "ha mentito all'arbitro", "--rel", "competitive")
    assert judge["id"] == referee["id"] == "4.8"


def test_irregular_participles_meet_their_infinitive(policy) -> None:  # type: ignore[no-untyped-def]
    from judgekit import italian

    forms = policy["index"]["forms"]
    assert italian.stems("nascosto", policy["index"]["table"], forms) == italian.stems("nascondere")
    assert italian.stems("accorto", policy["index"]["table"], forms) == italian.stems("accorgere")


def test_typo_correction_of_a_described_situation_is_bounded(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A huge description corrects at most MAX_FUZZY_WORDS unknown words, each of bounded length."""
    import rapidfuzz.process

    from judgekit.cache import corpus
    from judgekit.policy import match

    calls: list[str] = []
    original = rapidfuzz.process.extractOne

    def counting(query, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(query)
        return original(query, *args, **kwargs)

    monkeypatch.setattr(rapidfuzz.process, "extractOne", counting)
    words = " ".join(f"zqxw{i}vbn" for i in range(200)) + " " + "k" * 5000
    match._query_stems(words, corpus()["policy"]["index"])
    assert len(calls) <= match.MAX_FUZZY_WORDS
    assert all(len(q) <= match.MAX_FUZZY_LENGTH for q in calls)
