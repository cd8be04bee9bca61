"""Every replacement or copy written wrong is refused with its file, line and key (SCENARIO-FORMAT.md 2.3, 2.4).

The files are in ``tests/data/replacement_refused/``; the first line of each says, in Italian, what is wrong.
A shape the format does not allow is refused when the file is loaded (exit 3); an answer in ``choices`` that
cannot be chosen stops the replay with an illegal action citing its rule, at the line of the answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import InvalidFileError
from judgekit.ruling.run import run_text
from judgekit.scenario.loader import load_scenario_text

DATA = Path(__file__).parent / "data" / "replacement_refused"

# file -> (line, key) of the problem found when the file is loaded.
AT_LOAD = {
    "as-enters-unknown-choose": (12, "hand.Anna[0].as_enters.choose"),
    "chosen-not-a-colour": (6, "battlefield.Anna[0].chosen"),
    "combat-on-non-damage-event": (13, "battlefield.Anna[0].abilities[0].replacement.combat"),
    "copy-of-outside-would-enter": (13, "battlefield.Anna[0].abilities[0].replacement.then"),
    "counters-not-a-value": (14, "battlefield.Anna[0].abilities[0].replacement.then.counters.+1/+1"),
    "effect-entry-replacement-with-to": (13, "hand.Anna[0].effect[0]"),
    "effect-entry-without-of": (11, "hand.Anna[0].effect[0]"),
    "effects-entry-replacement-with-affects": (7, "effects[0]"),
    "effects-entry-without-of": (7, "effects[0]"),
    "except-without-copy-of": (13, "battlefield.Anna[0].abilities[0].replacement.then"),
    "from-on-non-damage-event": (13, "battlefield.Anna[0].abilities[0].replacement.from"),
    "kind-on-non-counters-event": (13, "battlefield.Anna[0].abilities[0].replacement.kind"),
    "lose-instead-on-would-lose-life": (13, "battlefield.Anna[0].abilities[0].replacement.then"),
    "player-selector-with-types": (12, "battlefield.Anna[0].abilities[0].replacement.of"),
    "then-modifier-not-in-row": (13, "battlefield.Anna[0].abilities[0].replacement.then"),
    "to-not-a-destination": (13, "battlefield.Anna[0].abilities[0].replacement.then.to"),
    "two-modifiers-in-then": (13, "battlefield.Anna[0].abilities[0].replacement.then"),
    "unknown-event": (11, "battlefield.Anna[0].abilities[0].replacement.event"),
    "uses-zero": (10, "effects[0].replacement.uses"),
}

# file -> (rule, line, key) of the illegal action the replay stops on.
AT_REPLAY = {
    "choose-not-a-colour": ("614.1c", 8, "choices.painters-servant"),
    "copy-choice-not-a-candidate": ("614.1c", 12, "choices.clone"),
}


def test_every_file_of_the_folder_is_in_a_table() -> None:
    assert {p.stem for p in DATA.glob("*.yaml")} == set(AT_LOAD) | set(AT_REPLAY)


@pytest.mark.parametrize("name", sorted(AT_LOAD))
def test_a_wrong_replacement_is_refused_at_load_with_file_line_and_key(name: str) -> None:
    line, key = AT_LOAD[name]
    path = DATA / f"{name}.yaml"
    with pytest.raises(InvalidFileError) as caught:
        load_scenario_text(path.read_text(encoding="utf-8"), path.name)
    found = [(i.line, i.key) for i in caught.value.issues]
    assert (line, key) in found, found
    assert all(i.message and i.file == path.name for i in caught.value.issues)


@pytest.mark.parametrize("name", sorted(AT_REPLAY))
def test_an_answer_that_cannot_be_chosen_stops_the_replay_at_its_line(name: str) -> None:
    rule, line, key = AT_REPLAY[name]
    path = DATA / f"{name}.yaml"
    result = run_text(path.read_text(encoding="utf-8"), path.name)
    assert result.error is not None
    assert (result.error["rule"], result.error["line"], result.error["key"]) == (rule, line, key)
