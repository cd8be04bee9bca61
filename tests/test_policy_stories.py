"""The bank of example situations: how a description is compared with them, and how the files are checked."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_policy_data import _compile, _copy_policy

from judgekit.errors import InvalidFileError
from judgekit.policy import stories


def _story_file(rules: Path, name: str, body: str) -> Path:
    path = rules / "policy" / name
    path.write_text("document: stories\nstories:\n" + body, encoding="utf-8")
    return path


def test_a_description_like_the_examples_of_one_infraction_resembles_it_most() -> None:
    texts = [("2.3", "pescato due carte invece di una"), ("2.3", "ha pescato una carta in più"),
             ("3.3", "ci mette troppo tempo a decidere"), ("3.3", "gioca lentissimo ogni turno")]
    bank = stories.build([{"ipg": i, "penalty": "warning", "text": t} for i, t in texts],
                         lambda text: (text.split(), set()), {})
    found = stories.resemble(bank, ["pescato", "una", "carta", "in", "più"], {}, set())
    assert max(found.similarity, key=found.similarity.__getitem__) == "2.3"
    assert found.closest["2.3"][0][1] == 1


def test_an_example_left_out_does_not_count() -> None:
    texts = [("2.3", "pescato carte"), ("3.3", "lento lento")]
    bank = stories.build([{"ipg": i, "penalty": "warning", "text": t} for i, t in texts],
                         lambda text: (text.split(), set()), {})
    assert "2.3" in stories.resemble(bank, ["pescato"], {}, set()).similarity
    assert "2.3" not in stories.resemble(bank, ["pescato"], {}, set(), exclude=0).similarity


def test_synonyms_count_as_one_word_in_the_comparison() -> None:
    canon = stories.canonical({"mazz": ["grimor"], "grimor": ["mazz"]})
    assert stories.terms(["grimor", "mescol"], canon, set()) == stories.terms(["mazz", "mescol"], canon, set())


def test_story_words_and_numbers_leave_the_comparison() -> None:
    bag = stories.terms(["gara", "3", "pesc", "cart"], {}, {"gara"})
    assert set(bag) == {"pesc", "cart", "pesc cart"}


def test_a_story_naming_an_unknown_infraction_is_refused_with_file_line_and_key(tmp_path: Path) -> None:
    rules = _copy_policy(tmp_path)
    _story_file(rules, "storie-prova.yaml",
                '  - {ipg: "2.3", penalty: warning, kind: frammento, text: "pescato due carte"}\n'
                '  - ipg: "9.9"\n    penalty: warning\n    kind: storia\n    text: "chissà"\n')
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    issue = caught.value.issues[0]
    assert (issue.file.endswith("storie-prova.yaml"), issue.line, issue.key) == (True, 4, "stories[1].ipg")
    assert "9.9" in issue.message


def test_the_same_story_in_two_files_is_refused(tmp_path: Path) -> None:
    rules = _copy_policy(tmp_path)
    _story_file(rules, "storie-a.yaml", '  - {ipg: "2.3", penalty: warning, kind: frammento, text: "pescato 2"}\n')
    _story_file(rules, "storie-b.yaml", '  - {ipg: "3.3", penalty: warning, kind: frammento, text: "Pescato 2 "}\n')
    with pytest.raises(InvalidFileError) as caught:
        _compile(rules)
    assert any("ripetuta" in issue.message and issue.file.endswith("storie-b.yaml")
               for issue in caught.value.issues)


def test_a_story_with_an_unknown_key_or_penalty_is_refused(tmp_path: Path) -> None:
    from judgekit.policy.compile import validate_file

    rules = _copy_policy(tmp_path)
    path = _story_file(rules, "storie-prova.yaml",
                       '  - {ipg: "2.3", penalty: ammonizione, kind: frammento, text: "pescato 2"}\n'
                       '  - {ipg: "2.3", penalty: warning, kind: frammento, text: "pescato 3", note: x}\n')
    keys = {issue.key for issue in validate_file(path)}
    assert {"stories[0].penalty", "stories[1].note"} <= keys


def test_the_shipped_stories_cover_every_infraction() -> None:
    from judgekit import cache

    policy: dict[str, Any] = cache.corpus().part("policy")
    bank = policy["index"]["bank"]
    told = Counter(iid for iid, source in zip(bank["ipg"], bank["source"], strict=True) if source == "storie")
    assert all(told[iid] >= 20 for iid in policy["infractions"]), told


def test_the_infraction_card_shows_the_closest_situation() -> None:
    from judgekit import cache
    from judgekit.policy.match import rank
    from judgekit.policy.render import answer, answer_text

    policy: dict[str, Any] = cache.corpus().part("policy")
    query = "al mio avversario sono cadute due carte dal mazzo mentre pescava e le ha viste"
    matches = rank(policy, query)
    data = answer(policy, query, matches, "competitive", 0)
    assert data["matches"][0]["similar"]
    assert "Situazione simile" in answer_text(data)


def _bank(texts: list[tuple[str, str, str]]) -> dict[str, Any]:
    return stories.build([{"ipg": i, "penalty": p, "text": t} for i, p, t in texts],
                         lambda text: (text.split(), set()), {})


def test_words_spread_over_several_examples_make_an_infraction_likely() -> None:
    # No single example of 3.3 has both words, but together they say it; 2.3 has one of them, once.
    bank = _bank([("3.3", "warning", "tempo lungo"), ("3.3", "warning", "pensa troppo"),
                  ("3.3", "warning", "tempo troppo"), ("2.3", "warning", "pensa carta pescata")])
    found = stories.resemble(bank, ["pensa", "tempo"], {}, set())
    assert max(found.likelihood, key=found.likelihood.__getitem__) == "3.3"
    assert abs(sum(found.likelihood.values()) - 1.0) < 1e-9


def test_an_example_left_out_does_not_count_in_the_likelihood() -> None:
    bank = _bank([("2.3", "warning", "pescato carte"), ("3.3", "warning", "lento lento")])
    with_it = stories.resemble(bank, ["pescato"], {}, set()).likelihood["2.3"]
    without = stories.resemble(bank, ["pescato"], {}, set(), exclude=0).likelihood["2.3"]
    assert without < with_it


def test_the_closest_examples_penalty_replaces_the_base_only_when_it_weighs_more() -> None:
    bank = _bank([("2.1", "warning", "a"), ("2.1", "warning", "b"), ("2.1", "no_penalty", "c")])
    assert stories.penalty_of(bank, [(0.9, 0), (0.5, 1), (0.4, 2)], "no_penalty") == ("warning", [0, 1])
    assert stories.penalty_of(bank, [(0.3, 0), (0.9, 2)], "no_penalty") == ("no_penalty", [])
    assert stories.penalty_of(bank, [], "no_penalty") == ("no_penalty", [])


def test_a_story_that_tells_the_upgrade_condition_applies_it_at_competitive_only() -> None:
    from judgekit import cache
    from judgekit.policy.match import rank
    from judgekit.policy.render import answer, answer_text

    policy: dict[str, Any] = cache.corpus().part("policy")
    query = "ho messo in campo Emrakul con Sneak Attack e a fine turno non l'ho sacrificata"
    matches = rank(policy, query)
    assert matches[0].iid == "2.1"
    competitive = answer(policy, query, matches, "competitive", 0)["matches"][0]
    assert (competitive["penalty"], competitive["base_penalty"]) == ("warning", "no_penalty")
    assert competitive["penalty_hint"]["applied"] and competitive["penalty_hint"]["told"] == "sacrificare"
    assert "La descrizione dice «sacrificare»" in answer_text(answer(policy, query, matches, "competitive", 0))
    professional = answer(policy, query, matches, "professional", 0)["matches"][0]
    assert professional["penalty_hint"] is None
