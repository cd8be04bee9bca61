"""The infraction matcher weighs what happened: acts, who did it, on purpose or not; not incidental words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_policy_data import _compile, _copy_policy


@pytest.fixture(scope="module")
def policy() -> dict[str, Any]:
    from judgekit import cache

    return cache.corpus().part("policy")


def _top(policy: dict[str, Any], text: str) -> str:
    from judgekit.policy.match import rank

    found = rank(policy, text, limit=3)
    return found[0].iid if found else ""


def test_spectator_interrupting_is_not_missed_trigger(policy) -> None:  # type: ignore[no-untyped-def]
    text = ("uno spettatore che guardava dice al giocatore che si è scordato il trigger della sua creatura "
            "all'inizio del turno")
    assert _top(policy, text) == "3.2"


def test_spectator_only_calling_a_judge_is_not_outside_assistance(policy) -> None:  # type: ignore[no-untyped-def]
    text = ("il giocatore si scorda il trigger del suo incantesimo nel mantenimento; un amico che guardava "
            "ferma la partita e va a chiamare un arbitro")
    assert _top(policy, text) == "2.1"


def test_forgetting_a_trigger_on_purpose_is_cheating(policy) -> None:  # type: ignore[no-untyped-def]
    assert _top(policy, "si è scordato il trigger di perdere vita apposta, sperando che nessuno se ne accorga") == "4.8"


def test_breaking_a_rule_knowingly_is_cheating(policy) -> None:  # type: ignore[no-untyped-def]
    text = ("sapeva benissimo di aver pagato il costo sbagliato e ha continuato sperando che l'avversario "
            "non se ne accorga")
    assert _top(policy, text) == "4.8"


def test_opponent_who_noticed_nothing_shares_failure_to_maintain_game_state(policy) -> None:  # type: ignore[no-untyped-def]
    assert _top(policy, "un'Aura bianca su una creatura con protezione dal bianco, nessuno se ne accorge") == "2.6"


def test_slow_play_on_purpose_is_stalling(policy) -> None:  # type: ignore[no-untyped-def]
    assert _top(policy, "gioca lentamente apposta perché gli conviene il pareggio") == "4.7"


def test_deck_check_with_a_right_deck_blames_the_list(policy) -> None:  # type: ignore[no-untyped-def]
    text = "controllo dei mazzi: il mazzo è giusto, è la lista registrata che ha un nome di carta sbagliato"
    assert _top(policy, text) == "3.4"


def test_dirty_sleeves_at_a_deck_check_are_marked_cards(policy) -> None:  # type: ignore[no-untyped-def]
    assert _top(policy, "al deck check le bustine sporche rendono riconoscibili tre carte dal retro") == "3.8"


def test_breaking_own_things_without_threats_is_minor(policy) -> None:  # type: ignore[no-untyped-def]
    assert _top(policy, "arrabbiato, ha spezzato le proprie carte senza minacciare nessuno") == "4.1"


def test_event_and_game_words_do_not_decide(policy) -> None:  # type: ignore[no-untyped-def]
    plain = _top(policy, "ha pescato una carta in più")
    told = _top(policy, "PTQ, ultimo round, G3, turno 7: il mio avversario ha pescato una carta in più")
    assert plain == told == "2.3"


def test_card_names_are_kept_from_the_match(policy) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.match import names

    assert names("ha lanciato Day of Judgment pagando male") == {"day", "judgment"}
    assert names("Deck check al terzo turno") == set()


def test_match_explains_the_acts_and_the_cues(policy) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.match import rank

    best = rank(policy, "si è scordato il trigger apposta", limit=1)[0]
    assert best.iid == "4.8"
    assert any("da 2.1" in cue for cue in best.cues)
    forgot = rank(policy, "si è dimenticato l'innescata", limit=1)[0]
    assert forgot.acts


def test_card_text_shows_acts_and_cues(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("infraction", "si è scordato il trigger apposta", "--rel", "competitive")
    assert result.exit_code == 0, result.stderr
    assert "Indizio:" in result.stdout
    result = invoke("infraction", "si è dimenticato l'innescata", "--rel", "competitive")
    assert "Atti riconosciuti:" in result.stdout


@pytest.mark.parametrize(("name", "iid"), [
    ("Drawing Extra Cards", "2.3"),
    ("Failure to Reveal", "2.3"),
    ("Player Communication Violation", "3.7"),
    ("Unsporting Conduct — Severe", "4.5"),
    ("Cheating — Fraud", "4.8"),
    ("Cheating — Hidden Information Violation", "4.8"),
    ("Cheating — Manipulation of Game Materials", "4.8"),
])
def test_older_infraction_names_find_the_current_one(policy, name, iid) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.match import rank

    found = rank(policy, name, limit=1)
    assert found and found[0].exact and found[0].iid == iid


def test_unknown_cue_group_is_reported(tmp_path: Path) -> None:
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "ipg.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('"@intenzione"', '"@intenzionee"', 1), encoding="utf-8")
    issues = validate_file(path)
    assert issues and "gruppo di indizi «@intenzionee» non definito nel lessico" in issues[0].message


def test_not_when_to_an_unknown_infraction_is_reported(tmp_path: Path) -> None:
    from judgekit.errors import InvalidFileError

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "ipg.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('to: "4.7"', 'to: "4.9"', 1), encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    assert "infrazione di destinazione «4.9» inesistente" in caught.value.render()


def test_story_words_must_be_single_words(tmp_path: Path) -> None:
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = rules / "policy" / "lessico.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("story: [avversario,", "story: [mio avversario,"),
                    encoding="utf-8")
    issues = validate_file(path)
    assert issues and "le parole del racconto sono parole singole" in issues[0].message


def test_the_opponent_who_did_not_notice_the_error_is_failure_to_maintain_game_state(policy) -> None:  # type: ignore[no-untyped-def]
    text = "il mio avversario ha giocato due terre nello stesso turno e io non me ne sono accorto, che prendo?"
    assert _top(policy, text) == "2.6"


def test_making_the_error_oneself_stays_a_game_rule_violation(policy) -> None:  # type: ignore[no-untyped-def]
    assert _top(policy, "ho giocato due terre nello stesso turno, l'avversario se ne accorge subito") == "2.5"



@pytest.mark.parametrize("text", [
    "si è scordato il trigger del mantenimento, ma il giudice è convinto che non l'abbia fatto apposta",
    "si è scordato il trigger del mantenimento, non credo lo abbia fatto apposta",
])
def test_denied_intention_is_not_cheating(policy, text: str) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.match import rank

    best = rank(policy, text, limit=3)[0]
    assert best.iid == "2.1"
    assert not any(cue.startswith("non è questa") for cue in best.cues)


def test_admitting_he_knew_is_cheating(policy) -> None:  # type: ignore[no-untyped-def]
    text = "ha pescato una carta in più e alla fine ammette che sapeva di averne pescate tre"
    assert _top(policy, text) == "4.8"


def test_slow_play_without_intention_is_not_stalling(policy) -> None:  # type: ignore[no-untyped-def]
    from judgekit.policy.match import rank

    found = rank(policy, "il mio avversario è lentissimo ma non credo che lo faccia apposta, cosa gli succede?",
                 limit=3)
    assert found[0].iid == "3.3"
    assert all(m.iid != "4.7" or any(c.startswith("non è questa") for c in m.cues) for m in found)


def test_silence_on_purpose_stays_an_intention(policy) -> None:  # type: ignore[no-untyped-def]
    text = "ha visto che l'avversario sbagliava i danni a suo favore e non l'ha detto apposta"
    assert _top(policy, text) == "4.8"


@pytest.mark.parametrize("text", [
    "l'avversario attiva Wasteland sulla mia terra base e io, senza pensarci, la metto nel cimitero",
    "l'avversario paga il costo sbagliato per la sua creatura e io annuisco e vado avanti",
])
def test_letting_the_opponents_error_pass_without_thinking_is_failure_to_maintain(  # type: ignore[no-untyped-def]
        policy, text: str) -> None:
    assert _top(policy, text) == "2.6"


def test_paying_a_wrong_cost_oneself_stays_a_game_rule_violation(policy) -> None:  # type: ignore[no-untyped-def]
    text = "io pago il costo sbagliato per la mia creatura, l'avversario se ne accorge due turni dopo"
    assert _top(policy, text) == "2.5"
