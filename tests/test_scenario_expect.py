"""``expect`` (SCENARIO-FORMAT "Expect"): every field named is compared with the final state, null included."""

from __future__ import annotations

from judgekit.ruling.model import Ruling
from judgekit.ruling.run import run_text

HEAD = """title: prova
source: test
players: [{name: Anna}, {name: Bruno, life: 3}]
battlefield:
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
  - {id: anthem, name: Anthem, types: [Enchantment]}
  - {id: aura, name: Aura, types: [Enchantment], subtypes: [Aura], attached_to: bear}
"""


def expect(text: str, actions: str = "") -> Ruling:
    return run_text(HEAD + actions + "expect:\n" + text)


def test_null_power_expected_on_a_creature_fails() -> None:
    """``power: null`` is a statement (not a creature): on a 2/2 it fails and says what it got."""
    r = expect("  objects:\n    bear: {power: null}\n")
    assert r.expect is not None and not r.expect["passed"]
    assert r.expect["failures"] == ["bear.power: atteso null, ottenuto 2"]


def test_null_power_expected_on_a_non_creature_passes() -> None:
    """An enchantment has no power (CR 208.3): ``power: null, toughness: null`` holds."""
    r = expect("  objects:\n    anthem: {power: null, toughness: null}\n")
    assert r.expect == {"passed": True, "failures": []}


def test_null_attached_to_is_compared() -> None:
    """``attached_to: null`` fails on an attached Aura."""
    r = expect("  objects:\n    aura: {attached_to: null}\n")
    assert r.expect is not None and r.expect["failures"] == ["aura.attached_to: atteso null, ottenuto bear"]


def test_fields_not_named_are_not_compared() -> None:
    """Only the named fields count: a bare ``{}`` entry only requires the object to be in the final state."""
    r = expect("  objects:\n    bear: {}\n    anthem: {zone: battlefield}\n")
    assert r.expect == {"passed": True, "failures": []}


def test_expected_player_loss_is_compared() -> None:
    """``expect.players.NAME.lost`` is compared: Bruno at 0 life has lost (CR 704.5a), Anna has not."""
    actions = """actions:
  - cast: {object: {id: bolt, name: Bolt, types: [Instant], target: {player: true},
                    effect: [{damage: 3, to: target}]}, targets: [Bruno]}
  - resolve
"""
    passed = expect("  players:\n    Bruno: {lost: true, life: 0}\n    Anna: {lost: false}\n", actions)
    assert passed.expect == {"passed": True, "failures": []}
    wrong = expect("  players:\n    Bruno: {lost: false}\n    Anna: {lost: true}\n", actions)
    assert wrong.expect is not None
    assert sorted(wrong.expect["failures"]) == ["Anna.lost: atteso true, ottenuto false",
                                                "Bruno.lost: atteso false, ottenuto true"]
