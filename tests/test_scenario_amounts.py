"""Literal negative amounts of one-shot verbs and ``control: opponent`` are refused at load, in Italian."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import InvalidFileError
from judgekit.scenario.cards import load_card
from judgekit.scenario.loader import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("verb", ["draw: -1", "discard: -2", "damage: -3", "gain_life: -1", "lose_life: -4",
                                  "prevent_damage: -1"])
def test_a_negative_literal_amount_is_refused(tmp_path: Path, verb: str) -> None:
    text = (ROOT / "scenarios" / "cards" / "mind-stone.yaml").read_text(encoding="utf-8")
    assert "draw: 1" in text
    card = tmp_path / "mind-stone.yaml"
    card.write_text(text.replace("draw: 1", verb), encoding="utf-8")
    with pytest.raises(InvalidFileError) as info:
        load_card(card)
    issue = info.value.issues[0]
    assert issue.key.endswith(verb.split(":")[0])
    assert "non può essere negativa" in issue.message
    assert issue.line is not None


def test_an_expression_amount_may_still_come_out_negative(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "cards" / "mind-stone.yaml").read_text(encoding="utf-8")
    card = tmp_path / "mind-stone.yaml"
    card.write_text(text.replace("draw: 1", "draw: {count: {types: [Land]}, negate: true}"), encoding="utf-8")
    assert load_card(card)


def test_control_opponent_is_refused() -> None:
    text = (ROOT / "scenarios" / "layers" / "mind-control-insurrection-timestamp.yaml").read_text(encoding="utf-8")
    assert "control: you" in text
    with pytest.raises(InvalidFileError) as info:
        load_scenario_text(text.replace("control: you", "control: opponent"), "s.yaml")
    issue = info.value.issues[0]
    assert issue.key.endswith("control")
    assert "non «opponent»" in issue.message


def test_a_negative_prevention_gets_one_message(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "cards" / "mind-stone.yaml").read_text(encoding="utf-8")
    card = tmp_path / "mind-stone.yaml"
    card.write_text(text.replace("draw: 1", "prevent_damage: -1"), encoding="utf-8")
    with pytest.raises(InvalidFileError) as info:
        load_card(card)
    assert len(info.value.issues) == 1
