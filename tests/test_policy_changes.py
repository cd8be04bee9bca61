"""Upgrade and downgrade conditions the description tells (IPG 3.1 minutes, 3.8 pattern, 2.1 trigger)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_policy_data import _compile, _copy_policy

from judgekit.errors import InvalidFileError
from judgekit.policy import amounts
from judgekit.policy.match import rank
from judgekit.policy.render import answer, answer_text


def _policy() -> dict[str, Any]:
    from judgekit import cache

    return cache.corpus().part("policy")


def _shown(query: str, iid: str) -> dict[str, Any]:
    policy = _policy()
    matches = rank(policy, query)
    assert matches[0].iid == iid
    return dict(answer(policy, query, matches[:1], "competitive", 0)["matches"][0])


def test_amounts_are_read_in_figures_in_words_and_as_phrases() -> None:
    reading = _policy()["index"]["amounts"]
    assert amounts.told("si siede dopo 12 minuti", reading) == [(12.0, "minuti", "12 minuti")]
    assert amounts.told("arriva dopo dieci minuti e mezzo", reading) == [(10.5, "minuti", "dieci minuti e mezzo")]
    assert amounts.told("arrivato al minuto 11", reading) == [(11.0, "minuti", "minuto 11")]
    assert amounts.told("una trentina di secondi di ritardo", reading) == [(30.0, "secondi", "trentina di secondi")]
    assert amounts.told("non si vede per un quarto d'ora", reading) == [(15.0, "minuti", "quarto d'ora")]
    assert amounts.told("al secondo round ha pescato due carte", reading) == []
    # «9 minuti e 50 secondi» is nine minutes: the seconds do not make a second amount.
    assert amounts.told("dopo 9 minuti e 50 secondi", reading) == [(9.0, "minuti", "9 minuti")]


def test_more_than_ten_minutes_late_is_a_match_loss_with_the_words_that_say_it() -> None:
    policy = _policy()
    query = "il mio avversario arriva al tavolo dopo dodici minuti dall'inizio del round"
    matches = rank(policy, query)
    result = answer(policy, query, matches[:1], "competitive", 0)["matches"][0]
    assert (result["id"], result["penalty"], result["base_penalty"]) == ("3.1", "match_loss", "game_loss")
    assert result["penalty_hint"]["told"] == "dodici minuti" and result["penalty_hint"]["applied"]
    assert "La descrizione dice «dodici minuti»" in answer_text(answer(policy, query, matches[:1], "competitive", 0))


def test_late_within_the_first_minute_is_a_warning_and_nine_minutes_stays_a_game_loss() -> None:
    assert _shown("l'avversario si siede al tavolo 40 secondi dopo l'inizio del round", "3.1")["penalty"] == "warning"
    assert _shown("l'avversario arriva in ritardo al tavolo, 9 minuti dopo l'inizio del round",
                  "3.1")["penalty"] == "game_loss"


def test_a_denied_cue_does_not_upgrade() -> None:
    told = _shown("deck check: bustine segnate, sono consumate su carte a caso, pattern", "3.8")
    assert told["penalty"] == "game_loss"
    denied = _shown("deck check: bustine segnate, sono consumate su carte a caso, nessun pattern", "3.8")
    assert denied["penalty"] == "warning" and not (denied["penalty_hint"] or {}).get("applied")


def test_the_closest_examples_penalty_is_only_a_possibility_to_check() -> None:
    policy = _policy()
    query = "MT sul Bob: upkeep saltato, ha pescato per il turno prima di rivelare col Confidant"
    matches = rank(policy, query)
    assert matches[0].iid == "2.1"
    result = answer(policy, query, matches[:1], "competitive", 0)["matches"][0]
    assert result["penalty"] == "no_penalty"
    hint = result["penalty_hint"]
    assert hint["penalty"] == "warning" and not hint["applied"] and hint["examples"]
    assert "Da verificare" in answer_text(answer(policy, query, matches[:1], "competitive", 0))


def test_an_unknown_unit_is_refused_with_file_line_and_key(tmp_path: Path) -> None:
    rules = _copy_policy(tmp_path)
    ipg = rules / "policy" / "ipg.yaml"
    text = ipg.read_text(encoding="utf-8")
    assert "{unit: minuti, over: 10}" in text
    ipg.write_text(text.replace("{unit: minuti, over: 10}", "{unit: ore, over: 10}"), encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    issue = caught.value.issues[0]
    assert issue.file.endswith("ipg.yaml") and issue.key.endswith("amounts[0].unit")
    assert "unità «ore» non definita" in issue.message and issue.line > 0


def test_an_amount_needs_exactly_one_bound(tmp_path: Path) -> None:
    rules = _copy_policy(tmp_path)
    ipg = rules / "policy" / "ipg.yaml"
    text = ipg.read_text(encoding="utf-8")
    ipg.write_text(text.replace("{unit: minuti, over: 10}", "{unit: minuti}"), encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    assert "serve uno solo tra «over» e «at_most»" in caught.value.issues[0].message


def test_a_trigger_is_detrimental_when_it_only_harms_its_controller() -> None:
    from judgekit.policy.triggers import detrimental

    def card(oracle: str, **extra: Any) -> dict[str, Any]:
        return {"name": "Prova", "oracle": oracle, **extra}

    assert detrimental(card("When this creature becomes the target of a spell, sacrifice it."))
    assert detrimental(card("At the beginning of your upkeep, you lose 1 life."))
    assert detrimental(card("{T}: Create a token copy. Sacrifice it at the beginning of the next end step."))
    assert detrimental(card("Evoke {5}{W}\nFlying"))
    # Something for the controller, another player's loss, or a choice: not detrimental.
    assert detrimental(card("At the beginning of your upkeep, reveal the top card of your library and put "
                            "that card into your hand. You lose life equal to its mana value.")) is None
    assert detrimental(card("When this creature enters, each opponent sacrifices a creature.")) is None
    assert detrimental(card("When this creature enters, you may sacrifice another creature.")) is None
    assert detrimental(card("Flying", keywords=["echo"])) == "echo"


def test_a_missed_trigger_of_a_named_card_bad_for_its_controller_is_a_warning() -> None:
    result = _shown("il mio avversario si è scordato l'innescata di Lord of the Pit nel mantenimento e ha pescato",
                    "2.1")
    assert (result["penalty"], result["base_penalty"]) == ("warning", "no_penalty")
    assert result["penalty_hint"]["told"] == "Lord of the Pit"
    assert result["penalty_hint"]["card_text"].startswith("At the beginning of your upkeep")
    stolen = _shown("ho rubato Lord of the Pit all'avversario e mi sono scordato l'innescata nel mantenimento",
                    "2.1")
    assert stolen["penalty"] == "no_penalty"


def test_own_notes_read_during_a_game_are_downgraded_to_a_game_loss() -> None:
    told = _shown("durante la G2 il mio avversario tira fuori la sua guida di side scritta a casa e la legge", "3.2")
    assert (told["penalty"], told["base_penalty"]) == ("game_loss", "match_loss")
    # A friend's advice is not information the player could have seen between games.
    advice = _shown("durante la partita un amico gli suggerisce quale carta giocare, leggendo i suoi appunti", "3.2")
    assert advice["penalty"] == "match_loss"


def test_published_lists_are_not_the_audience() -> None:
    told = _shown("le decklist erano già pubblicate online e in G2 leggono la lista dell'avversario durante la "
                  "partita", "3.2")
    assert told["penalty"] == "game_loss"


def test_leaving_with_a_judge_permission_is_not_tardiness_and_without_it_is() -> None:
    allowed = _shown("con il permesso del floor judge è andato in bagno ed è tornato al tavolo sei minuti dopo "
                     "l'inizio del round", "3.1")
    assert allowed["penalty"] == "no_penalty"
    refused = _shown("arriva al tavolo sei minuti dopo l'inizio del round, nessuno gli aveva dato il permesso", "3.1")
    assert refused["penalty"] == "game_loss"


def test_an_unambiguous_name_on_the_list_is_corrected_without_penalty() -> None:
    assert _shown("conteggio liste: ha scritto 4 Bowmasters, unico nome possibile nel formato",
                  "3.4")["penalty"] == "no_penalty"


def test_a_cue_word_is_not_read_as_a_typo_of_another_word() -> None:
    # «svantaggio» is no word of the infractions' texts, but it is a cue of 2.1's upgrade: it is not taken
    # for a typo of «vantaggio».
    told = _shown("il mio avversario si scorda il trigger della sua creatura, era a suo svantaggio", "2.1")
    assert told["penalty"] == "warning" and told["penalty_hint"]["told"] == "svantaggiosa"
