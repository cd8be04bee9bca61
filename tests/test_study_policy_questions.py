"""Policy questions of ``judgekit studia``: the situations file, its checks against the IPG/JAR/MTR data, and
the questions made from it (infraction and penalty at Competitive, fix at Regular, MTR)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from judgekit.errors import InvalidFileError
from judgekit.policy.upgrade import PENALTY_IT, short_label
from judgekit.study.model import KINDS, TOPICS, Question
from judgekit.study.policy_questions import policy_questions
from judgekit.study.situations import StudyData, load_study_data, shipped_policy
from judgekit.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
SITUATIONS = ROOT / "rules_it" / "studio" / "situazioni.yaml"
IPG = ROOT / "rules_it" / "policy" / "ipg.yaml"

# The infractions of IPG sections 2-4 a Level 1 candidate meets: each must have at least one situation.
LEVEL1_INFRACTIONS = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7",
                      "3.8", "3.9", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8"]


@pytest.fixture(scope="module")
def policy() -> dict[str, Any]:
    return shipped_policy()


@pytest.fixture(scope="module")
def data(policy: dict[str, Any]) -> StudyData:
    return load_study_data(SITUATIONS, policy)


@pytest.fixture(scope="module")
def questions(data: StudyData, policy: dict[str, Any]) -> list[Question]:
    return [spec.make() for spec in policy_questions(data, policy)]


def _raw_ipg() -> dict[str, dict[str, Any]]:
    """ipg.yaml read directly, not through the compiled cache the questions use."""
    return {inf["id"]: inf for inf in load_yaml(IPG).data["infractions"]}


def _copy(tmp_path: Path, old: str, new: str) -> Path:
    """The shipped situations file in a ``rules_it/studio`` folder under ``tmp_path``, with one change."""
    text = SITUATIONS.read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / "rules_it" / "studio" / "situazioni.yaml"
    target.parent.mkdir(parents=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


# --- the situations file ----------------------------------------------------------------------------------


def test_the_shipped_file_loads_at_least_90_situations_and_20_mtr_questions(data: StudyData) -> None:
    assert len(data.situations) >= 90
    assert len(data.mtr) >= 20


def test_every_level_1_infraction_of_sections_2_to_4_has_a_situation(data: StudyData) -> None:
    covered = {s.infraction for s in data.situations}
    assert [iid for iid in LEVEL1_INFRACTIONS if iid not in covered] == []


def test_every_situation_names_an_infraction_of_ipg_yaml(data: StudyData) -> None:
    ipg = _raw_ipg()
    assert [s.id for s in data.situations if s.infraction not in ipg] == []


def test_penalties_match_ipg_yaml_for_their_infraction(data: StudyData) -> None:
    ipg = _raw_ipg()
    for s in data.situations:
        entry = ipg[s.infraction]
        if s.upgrade is not None:
            allowed = {entry["upgrades"][s.upgrade - 1]["penalty"]}
        elif s.downgrade is not None:
            allowed = {entry["downgrades"][s.downgrade - 1]["penalty"]}
        else:
            allowed = {entry["penalty"]}
        if s.previous:  # a repetition in the same day: the IPG's category or infraction rule may upgrade it
            allowed |= {"game_loss", "disqualification"}
        assert s.penalty in allowed, s.id


def test_a_plain_situation_has_exactly_the_base_penalty_of_its_infraction(data: StudyData) -> None:
    ipg = _raw_ipg()
    plain = [s for s in data.situations if s.upgrade is None and s.downgrade is None and not s.previous]
    assert len(plain) >= 75
    assert [s.id for s in plain if s.penalty != ipg[s.infraction]["penalty"]] == []


def test_the_jar_case_of_each_situation_is_one_the_ipg_links_to_its_infraction(data: StudyData) -> None:
    ipg = _raw_ipg()
    assert [s.id for s in data.situations if s.regular not in ipg[s.infraction]["regular"]] == []


def test_situation_texts_do_not_name_their_infraction(data: StudyData, policy: dict[str, Any]) -> None:
    """A name of more than one word gives the answer away (a single word, such as «Ritardo», is plain Italian)."""
    for s in data.situations:
        name = policy["infractions"][s.infraction]["name_it"].lower()
        if " " in name:
            assert name not in s.text.lower(), s.id


def test_fix_texts_name_no_player(data: StudyData) -> None:
    """The fixes of other situations are the wrong choices: a player's name would tell them apart."""
    mid_sentence = re.compile(r"(?<=[a-zà-ù0-9,] )[A-Z][a-zà-ù]+")
    not_names = {"Partita", "Ammonizione", "Legacy", "Modern", "Pioneer", "Sealed"}
    names = {w for s in data.situations for w in mid_sentence.findall(s.text)} - not_names
    assert {"Anna", "Giulia", "Kevin"} <= names
    for s in data.situations:
        assert not set(re.findall(r"[A-Z][a-zà-ù]+", s.fix)) & names, s.id


# --- refused files ----------------------------------------------------------------------------------------


def test_an_unknown_infraction_is_refused_with_file_line_and_key(tmp_path: Path, policy: dict[str, Any]) -> None:
    path = _copy(tmp_path, 'infraction: "2.4"', 'infraction: "2.9"')
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy, name="situazioni.yaml")
    issue = caught.value.issues[0]
    assert issue.line == _line_of(path, 'infraction: "2.9"')
    assert re.fullmatch(r"situations\[\d+\]\.infraction", issue.key)
    assert "«2.9»" in issue.message and "ipg.yaml" in issue.message
    assert issue.format().startswith(f"situazioni.yaml:{issue.line}  situations[")


def test_a_penalty_different_from_the_ipg_is_refused(tmp_path: Path, policy: dict[str, Any]) -> None:
    old = 'infraction: "2.4"\n    penalty: warning'
    path = _copy(tmp_path, old, 'infraction: "2.4"\n    penalty: match_loss')
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy)
    issue = caught.value.issues[0]
    assert issue.key.endswith(".penalty") and issue.line == _line_of(path, "penalty: match_loss")
    assert "Ammonizione" in issue.message


def test_a_jar_case_the_ipg_does_not_link_is_refused(tmp_path: Path, policy: dict[str, Any]) -> None:
    path = _copy(tmp_path, "regular: common.trigger", "regular: serious.theft")
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy)
    assert caught.value.issues[0].key.endswith(".regular")


def test_an_upgrade_the_infraction_does_not_have_is_refused(tmp_path: Path, policy: dict[str, Any]) -> None:
    path = _copy(tmp_path, "    upgrade: 1\n    regular: common.trigger", "    upgrade: 4\n    regular: common.trigger")
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy)
    assert caught.value.issues[0].key.endswith(".upgrade")


def test_a_typo_in_a_key_is_refused_with_its_line(tmp_path: Path, policy: dict[str, Any]) -> None:
    path = _copy(tmp_path, "    regular: common.library", "    regualr: common.library")
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy)
    assert any(i.key.endswith("regualr") and i.line == _line_of(path, "regualr:") for i in caught.value.issues)


def test_a_repeated_situation_id_is_refused(tmp_path: Path, policy: dict[str, Any]) -> None:
    path = _copy(tmp_path, "id: due-carte-sollevate", "id: carta-caduta-mescolando")
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy)
    assert "ripetuto «carta-caduta-mescolando»" in caught.value.issues[0].message


def test_an_mtr_question_on_a_missing_section_is_refused(tmp_path: Path, policy: dict[str, Any]) -> None:
    path = _copy(tmp_path, 'section: "2.10"', 'section: "2.99"')
    with pytest.raises(InvalidFileError) as caught:
        load_study_data(path, policy)
    assert caught.value.issues[0].key.endswith(".section")


def test_check_command_validates_the_situations_file(invoke: Any, tmp_path: Path) -> None:
    assert invoke("check", str(SITUATIONS)).exit_code == 0
    path = _copy(tmp_path, 'infraction: "2.4"', 'infraction: "2.9"')
    result = invoke("check", str(path))
    assert result.exit_code == 3
    assert "infraction: infrazione IPG «2.9» inesistente" in result.stdout + result.stderr


# --- the questions ----------------------------------------------------------------------------------------


def test_the_bank_has_at_least_150_questions_in_the_three_policy_topics(questions: list[Question]) -> None:
    assert len(questions) >= 150
    by_topic = {t: [q for q in questions if q.topic == t] for t in ("ipg", "jar", "mtr")}
    assert {q.topic for q in questions} == set(by_topic)
    assert len(by_topic["mtr"]) >= 20
    assert all(q.topic in TOPICS and q.kind in KINDS and 1 <= q.level <= 3 for q in questions)


def test_every_situation_gives_an_infraction_a_penalty_and_a_fix_question(data: StudyData,
                                                                          questions: list[Question]) -> None:
    ids = {q.id for q in questions}
    for s in data.situations:
        assert {f"p:{s.id}:infraction", f"p:{s.id}:penalty", f"p:{s.id}:fix"} <= ids


def test_every_question_has_one_right_choice_among_distinct_choices(questions: list[Question]) -> None:
    for q in questions:
        assert 3 <= len(q.choices) <= 4, q.id
        assert len(set(q.choices)) == len(q.choices), q.id
        assert 0 <= q.answer < len(q.choices), q.id


def test_the_right_choice_is_the_one_the_data_gives(data: StudyData, policy: dict[str, Any],
                                                   questions: list[Question]) -> None:
    by_id = {q.id: q for q in questions}
    for s in data.situations:
        q = by_id[f"p:{s.id}:infraction"]
        assert q.choices[q.answer] == policy["infractions"][s.infraction]["name_it"]
        q = by_id[f"p:{s.id}:penalty"]
        assert q.choices[q.answer] == short_label(s.penalty)
        q = by_id[f"p:{s.id}:fix"]
        assert q.choices[q.answer] == s.fix
    for m in data.mtr:
        q = by_id[f"m:{m.section}:{m.id}"]
        assert q.choices[q.answer] == m.answer


def test_no_wrong_choice_is_right_as_well(data: StudyData, policy: dict[str, Any],
                                          questions: list[Question]) -> None:
    by_id = {q.id: q for q in questions}
    names = {inf["name_it"] for inf in policy["infractions"].values()}
    penalties = {short_label(p) for p in PENALTY_IT}
    for s in data.situations:
        q = by_id[f"p:{s.id}:infraction"]
        assert set(q.choices) <= names
        q = by_id[f"p:{s.id}:penalty"]
        assert set(q.choices) <= penalties
        same_case = {o.fix for o in data.situations if o.regular == s.regular}
        q = by_id[f"p:{s.id}:fix"]
        assert [c for i, c in enumerate(q.choices) if i != q.answer and c in same_case] == [], s.id


def test_fix_choices_include_the_misreading_of_the_rel(data: StudyData, policy: dict[str, Any],
                                                      questions: list[Question]) -> None:
    """Applying the Competitive penalty at Regular, or only educating for a Serious Problem, is offered and wrong."""
    by_id = {q.id: q for q in questions}
    for s in data.situations:
        q = by_id[f"p:{s.id}:fix"]
        wrong = [c for i, c in enumerate(q.choices) if i != q.answer]
        if policy["jar"][s.regular]["group"] == "serious":
            assert any("lo lascia continuare a giocare" in c for c in wrong), s.id
        elif s.penalty in ("warning", "game_loss", "match_loss") and not s.previous:
            assert any("REL Competitivo" in c and short_label(s.penalty) in c for c in wrong), s.id
        assert "REL Competitivo" not in q.choices[q.answer], s.id


def test_infraction_choices_come_from_the_same_category_first(data: StudyData, policy: dict[str, Any],
                                                             questions: list[Question]) -> None:
    infractions = policy["infractions"]
    category_of = {inf["name_it"]: inf["category"] for inf in infractions.values()}
    by_id = {q.id: q for q in questions}
    for s in data.situations:
        q = by_id[f"p:{s.id}:infraction"]
        category = infractions[s.infraction]["category"]
        assert all(category_of[c] == category for c in q.choices), s.id


def test_every_answer_has_an_explanation_citing_its_section_and_rules(questions: list[Question]) -> None:
    for q in questions:
        assert q.rules and all(re.fullmatch(r"(IPG|MTR) [0-9A-Z.]+|JAR [a-z]+\.[a-z_]+", r) for r in q.rules), q.id
        assert q.explanation.strip(), q.id
        first = q.rules[0]
        if first.startswith("JAR"):
            assert "JAR" in q.explanation, q.id
        else:
            assert first.split()[1] in q.explanation, q.id
        assert q.explanation.count(". ") <= 2, q.id


def test_a_repeated_infraction_explains_the_repetition_rule(questions: list[Question]) -> None:
    q = next(q for q in questions if q.id == "p:terza-violazione-del-giorno:penalty")
    assert q.choices[q.answer] == "Partita persa"
    assert "IPG 2" in q.rules and "2 penalità già date" in q.explanation


def test_ids_are_unique_and_stable_across_builds(data: StudyData, policy: dict[str, Any],
                                                questions: list[Question]) -> None:
    ids = [q.id for q in questions]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"p:[a-z0-9-]+:(infraction|penalty|fix)|m:[0-9A-Z.]+:[a-z0-9-]+", i) for i in ids)
    again = [spec.make() for spec in policy_questions(data, policy)]
    assert [(q.id, q.choices, q.answer) for q in again] == [(q.id, q.choices, q.answer) for q in questions]
    # Ids name what a question is about, never its position: these are kept across versions.
    for pinned in ("p:otto-carte-mano-iniziale:infraction", "p:dodici-minuti-di-ritardo:penalty",
                   "p:carta-caduta-mescolando:fix", "m:2.11:sezione", "m:2.5:turni-supplementari"):
        assert pinned in ids


def test_the_default_bank_reads_the_shipped_file(questions: list[Question]) -> None:
    assert [spec.id for spec in policy_questions()] == [q.id for q in questions]
