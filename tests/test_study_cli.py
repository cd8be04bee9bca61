"""``judgekit studia``: the bank by topic, a question and its answer for scripts, the interactive session read
from typed input, the exam, and progress kept across runs (also when the progress file is damaged)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path))
    return tmp_path


def _run(*args: str, typed: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), input=typed)
    return result.exit_code, result.stdout, result.stderr


def test_the_bank_has_at_least_300_questions_in_six_topics(data_dir: Path) -> None:
    code, out, _err = _run("studia", "argomenti", "--json")
    assert code == 0
    topics = json.loads(out)["topics"]
    assert sum(t["questions"] for t in topics) >= 300
    assert sum(1 for t in topics if t["questions"] > 0) >= 6
    assert all({"id", "name", "questions"} <= set(t) for t in topics)


def test_a_question_and_its_answer_for_scripts(data_dir: Path) -> None:
    code, out, _err = _run("studia", "domanda", "--argomento", "layer", "--seed", "4", "--json")
    assert code == 0
    question = json.loads(out)["question"]
    assert {"id", "topic", "level", "kind", "text", "choices"} <= set(question) and question["topic"] == "layer"
    answers = []
    for index in range(len(question["choices"])):
        code, out, _err = _run("studia", "rispondi", question["id"], str(index), "--json")
        assert code == 0
        answers.append(json.loads(out))
    assert sum(1 for a in answers if a["correct"]) == 1
    assert all(a["explanation"] and a["rules"] for a in answers)
    code, out, _err = _run("studia", "progressi", "--json")
    (layer,) = [t for t in json.loads(out)["topics"] if t["id"] == "layer"]
    assert (layer["answered"], layer["correct"]) == (len(question["choices"]), 1)


def test_the_same_seed_gives_the_same_question(data_dir: Path) -> None:
    first = _run("studia", "domanda", "--seed", "11", "--json")[1]
    assert first == _run("studia", "domanda", "--seed", "11", "--json")[1]


def test_every_question_of_a_sample_has_exactly_one_right_choice(data_dir: Path) -> None:
    from judgekit.study.bank import all_specs

    specs = all_specs()
    sample = [s for i, s in enumerate(specs) if i % 15 == 0]
    for spec in sample:
        q = spec.make()
        assert q.id == spec.id and 0 <= q.answer < len(q.choices), q.id
        assert len(set(q.choices)) == len(q.choices) >= 2, q.id
        assert q.explanation and q.rules, q.id


def test_a_board_question_never_shows_its_scenarios_title(data_dir: Path) -> None:
    from judgekit.scenario.shipped import shipped
    from judgekit.study.board import board_questions

    titles = {s.id: s.title for s in shipped()}
    for spec in board_questions()[::20]:
        scenario = spec.id.split(":")[1]
        assert titles[scenario] not in spec.make().text


def test_an_interactive_session_reads_typed_answers_and_sums_up(data_dir: Path) -> None:
    code, out, _err = _run("studia", "-n", "3", "--seed", "2", typed="1\n9\nx\n2\n1\n")
    assert code == 0
    assert out.count("Risposta (1-") >= 3
    assert "Scrivi un numero" in out
    assert ("Giusto!" in out) or ("Sbagliato" in out)
    assert "Sessione: " in out and "su 3" in out
    code, out, _err = _run("studia", "progressi", "--json")
    assert sum(t["answered"] for t in json.loads(out)["topics"]) == 3


def test_a_session_ends_when_the_input_ends(data_dir: Path) -> None:
    code, out, _err = _run("studia", "-n", "5", "--seed", "3", typed="1\n")
    assert code == 0 and "su 1" in out


def test_an_exam_gives_the_score_only_at_the_end(data_dir: Path) -> None:
    code, out, _err = _run("studia", "esame", "-n", "4", "--seed", "5", typed="1\n1\n1\n1\n")
    assert code == 0
    assert "Giusto!" not in out and "Sbagliato" not in out
    assert "Esame: " in out and "su 4" in out


def test_progress_survives_a_restart_and_a_damaged_file_is_set_aside(data_dir: Path) -> None:
    question = json.loads(_run("studia", "domanda", "--seed", "1", "--json")[1])["question"]
    _run("studia", "rispondi", question["id"], "0")
    assert json.loads(_run("studia", "progressi", "--json")[1])["topics"]
    db = data_dir / "studio.sqlite3"
    db.write_bytes(b"questo non e' un database sqlite" * 10)
    code, out, err = _run("studia", "progressi", "--json")
    assert code == 0 and json.loads(out) == {"topics": []}
    assert "attenzione" in err
    assert any(p.name.startswith("studio.sqlite3.danneggiato") for p in data_dir.iterdir())


def test_an_unknown_topic_or_question_is_an_italian_error(data_dir: Path) -> None:
    code, out, _err = _run("studia", "domanda", "--argomento", "layr", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["ok"] is False and "argomento sconosciuto" in doc["error"]["message"]
    code, out, _err = _run("studia", "rispondi", "b:nessuna:zone", "0", "--json")
    assert code == 1 and "domanda sconosciuta" in json.loads(out)["error"]["message"]


def test_the_italian_alias_quiz_works(data_dir: Path) -> None:
    assert _run("quiz", "argomenti")[0] == 0
    assert os.environ["JUDGEKIT_DATA_DIR"] == str(data_dir)


def test_every_question_of_the_bank_has_one_right_choice_an_explanation_and_rules(data_dir: Path) -> None:
    """All of them, board questions replayed: ids unique, topic kept, choices distinct, the answer among them;
    a board question never shows its scenario's title."""
    from judgekit.scenario.shipped import shipped
    from judgekit.study.bank import all_specs
    from judgekit.study.model import KINDS, TOPICS

    titles = {s.id: s.title for s in shipped()}
    specs = all_specs()
    assert len({s.id for s in specs}) == len(specs)
    for spec in specs:
        q = spec.make()
        assert (q.id, q.topic, q.kind) == (spec.id, spec.topic, spec.kind) and q.topic in TOPICS and q.kind in KINDS
        assert 1 <= q.level <= 3
        assert len(set(q.choices)) == len(q.choices) >= 2 and 0 <= q.answer < len(q.choices), q.id
        assert q.explanation and q.rules, q.id
        if q.kind == "board":
            assert titles[q.id.split(":")[1]] not in q.text, q.id
