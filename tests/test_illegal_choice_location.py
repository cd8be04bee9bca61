"""An answer in ``choices`` that cannot be chosen stops the replay citing the rule, and the error names the file,
line and key where the answer was written (the action's own key for an illegal action)."""

from __future__ import annotations

from judgekit.ruling.run import run_text

ILLEGAL_TARGET = """\
players: [Anna, Bruno]
battlefield: {Anna: [Blood Artist, Grizzly Bears], Bruno: [Paladin en-Vec]}
actions:
  - cast: {card: Lightning Bolt, targets: [Grizzly Bears]}
  - resolve
choices:
  Blood Artist: Paladin en-Vec
"""


def test_an_illegal_trigger_target_names_the_choices_key_and_line() -> None:
    result = run_text(ILLEGAL_TARGET, "artist.yaml")
    assert result.error is not None and result.error["rule"] == "603.3d"
    assert result.error["key"] == "choices.Blood Artist"
    assert result.error["line"] == 7
    assert result.error["file"] == "artist.yaml"


def test_an_illegal_action_names_the_action() -> None:
    text = "players: [Anna, Bruno]\nbattlefield: {Anna: [{card: Grizzly Bears, tapped: true}]}\n" \
           "actions:\n  - declare_attackers: [Grizzly Bears]\n"
    result = run_text(text, "tapped.yaml")
    assert result.error is not None and result.error["rule"] == "508.1a"
    assert result.error["key"] == "actions[0].declare_attackers"
    assert result.error["line"] == 4


def test_a_bad_answer_found_at_load_names_the_choices_key_as_written() -> None:
    import pytest

    from judgekit.errors import InvalidFileError
    from judgekit.scenario.loader import load_scenario_text

    text = "players: [Anna, Bruno]\nbattlefield: {Anna: [Blood Artist]}\nchoices:\n  Blood Artist: {modes: [-1]}\n"
    with pytest.raises(InvalidFileError) as caught:
        load_scenario_text(text, "bad.yaml")
    (issue,) = caught.value.issues
    assert issue.key == "choices.Blood Artist.modes" and issue.line == 4
