"""Earlier penalties told in the description («seconda volta oggi») count as ``--previous``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_policy_data import _compile, _copy_policy

from judgekit.errors import InvalidFileError
from judgekit.policy.match import rank, told_previous
from judgekit.policy.render import answer, answer_text


def _policy() -> dict[str, Any]:
    from judgekit import cache

    return cache.corpus().part("policy")


def test_a_phrase_of_the_lexicon_is_found_with_a_few_words_in_between() -> None:
    index = _policy()["index"]
    assert told_previous(index, "aveva già preso, come ieri sera al pub, un warning")[0] == 0
    assert told_previous(index, "aveva già preso un warning per lo stesso motivo") == (1, "già preso warning")
    assert told_previous(index, "È la TERZA volta che succede") == (2, "terza volta")
    assert told_previous(index, "ha pescato una carta in più") == (0, "")


def test_the_second_insufficient_shuffle_of_the_day_is_a_game_loss() -> None:
    policy = _policy()
    query = "round 6, è la seconda volta oggi che non mescola il mazzo dopo aver cercato con una fetch"
    matches = rank(policy, query)
    assert matches[0].iid == "3.9"
    result = answer(policy, query, matches, "competitive", 0)["matches"][0]
    assert (result["penalty"], result["base_penalty"]) == ("game_loss", "warning")
    assert result["previous_told"] == {"count": 1, "words": "seconda volta oggi"}
    assert "non è la prima volta oggi" in answer_text(answer(policy, query, matches, "competitive", 0))


def test_previous_given_on_the_command_line_wins_when_it_says_more() -> None:
    policy = _policy()
    query = "seconda volta oggi che non mescola dopo la ricerca"
    matches = rank(policy, query)
    result = answer(policy, query, matches, "competitive", 3)["matches"][0]
    assert result["previous_told"] is None
    assert result["upgrade"]["previous"] == 3


def test_a_game_play_error_told_twice_stays_a_warning() -> None:
    policy = _policy()
    query = "ha pescato una carta in più, è la seconda volta oggi"
    matches = rank(policy, query)
    assert matches[0].iid in ("2.3", "2.5")
    assert answer(policy, query, matches, "competitive", 0)["matches"][0]["penalty"] == "warning"


def test_a_repeat_count_below_one_is_refused_with_file_line_and_key(tmp_path: Path) -> None:
    rules = _copy_policy(tmp_path)
    lexicon = rules / "policy" / "lessico.yaml"
    lexicon.write_text(lexicon.read_text(encoding="utf-8") + "  0: [mai successo]\n", encoding="utf-8")
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    issue = caught.value.issues[0]
    assert issue.file.endswith("lessico.yaml") and issue.key.startswith("repeats")


def test_an_ordinal_with_the_infraction_abbreviation_tells_the_earlier_penalties() -> None:
    index = _policy()["index"]
    assert told_previous(index, "terza GRV della giornata per lo stesso giocatore")[0] == 2
    assert told_previous(index, "2nd MC della giornata: le foil sono di nuovo curve")[0] == 1
    assert told_previous(index, "LPV numero 2 della giornata, ora passa il booster senza prendere") == (
        1, "@sigla numero 2")
    # The same ordinal before an ordinary word tells nothing.
    assert told_previous(index, "al secondo turno ha giocato una terra in più")[0] == 0


def test_an_earlier_match_loss_told_in_the_description_counts() -> None:
    index = _policy()["index"]
    assert told_previous(index, "era già ML al round 2 per uno slur, al round 5 lo ripete")[0] == 1
