"""Costs of SCENARIO-FORMAT.md 2.7 (sacrifice, discard, tap_untapped, exile_from_graveyard, timing: sorcery),
the reference ``paid``, the activated keywords crew and equip, convoke and the verb ``attach`` (2.7, 2.8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judgekit.engine.builder import GameBuilder, activated, trigger
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.ruling.run import run_file
from tests.replay_helpers import life, obj, play

SAC_CREATURE = {"sacrifice": {"types": ["Creature"], "controller": "you"}}


def _outlet(g: GameBuilder, cost: list[Any], effect: list[Any] | None = None, **fields: Any) -> str:
    return g.permanent("Outlet", types=["Artifact"], abilities=[activated(cost, effect or [], **fields)])


def _activate(g: GameBuilder, source: str, **fields: Any) -> None:
    g.act("activate", {"source": source, "ability": fields.pop("ability", 0), "targets": fields.pop("targets", []),
                       **fields})


# -- sacrifice ---------------------------------------------------------------------------------------------------
def test_a_sacrificed_creatures_dies_trigger_goes_on_the_stack_above_the_ability() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [SAC_CREATURE], [{"gain_life": 3, "to": "you"}])
    g.creature("Doomed", 1, 1, abilities=[trigger("dies", [{"lose_life": 1, "to": "opponent"}])])
    _activate(g, outlet, sacrifice=["doomed"])
    assert g.zone("doomed") == "graveyard"
    assert [item.kind for item in g.game.stack] == ["activated", "triggered"]
    g.resolve()
    assert g.life("Bruno") == 19 and g.life("Anna") == 20
    g.resolve()
    assert g.life("Anna") == 23


def test_an_unpayable_sacrifice_cost_is_illegal_citing_602_2b() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [{"sacrifice": {"types": ["Creature"], "controller": "you", "other": True}}])
    with pytest.raises(IllegalAction) as err:
        _activate(g, outlet, sacrifice=[])
    assert err.value.code == "costs.unpayable" and err.value.rule == "602.2b"


def test_a_creature_of_another_player_cannot_be_sacrificed_for_a_cost() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [SAC_CREATURE])
    g.creature("Mine", 1, 1)
    g.creature("Theirs", 2, 2, controller="Bruno")
    with pytest.raises(IllegalAction) as err:
        _activate(g, outlet, sacrifice=["theirs"])
    assert err.value.code == "costs.cannot_pay_with" and err.value.rule == "602.2b"
    assert g.zone("theirs") == "battlefield" and g.zone("mine") == "battlefield"


def test_a_missing_cost_choice_is_a_problem_of_the_file() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [SAC_CREATURE])
    g.creature("Mine", 1, 1)
    with pytest.raises(ScenarioProblem) as err:
        _activate(g, outlet)
    assert err.value.code == "costs.choice_missing"


def test_ids_listed_where_no_cost_takes_them_are_a_problem_of_the_file() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [{"pay_life": 1}])
    g.creature("Mine", 1, 1)
    with pytest.raises(ScenarioProblem) as err:
        _activate(g, outlet, sacrifice=["mine"])
    assert err.value.code == "costs.not_a_cost"


# -- discard, remove_counters, exile_from_graveyard ------------------------------------------------------------
def test_a_discard_cost_puts_the_listed_cards_into_the_graveyard() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [{"discard": 2}], [{"draw": 0, "to": "you"}])
    for name in ("One", "Two", "Three"):
        g.card(name, "Anna", types=["Sorcery"])
    _activate(g, outlet, discard=["one", "three"])
    assert (g.zone("one"), g.zone("two"), g.zone("three")) == ("graveyard", "hand", "graveyard")


def test_a_discard_cost_with_the_wrong_number_of_cards_is_illegal() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [{"discard": 2}])
    for name in ("One", "Two"):
        g.card(name, "Anna", types=["Sorcery"])
    with pytest.raises(IllegalAction) as err:
        _activate(g, outlet, discard=["one"])
    assert err.value.code == "costs.wrong_count"


def test_remove_counters_from_the_source_is_checked() -> None:
    g = GameBuilder()
    outlet = g.permanent("Outlet", types=["Artifact"], counters={"charge": 1},
                         abilities=[activated([{"remove_counters": {"charge": 2}}], [])])
    with pytest.raises(IllegalAction) as err:
        _activate(g, outlet)
    assert err.value.rule == "602.2b"


def test_exile_from_graveyard_takes_the_payers_graveyard_unless_the_owner_is_given() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [{"exile_from_graveyard": {"types": ["Creature"]}, "count": 1}])
    g.creature("Theirs", 2, 2, zone="graveyard", owner="Bruno")
    g.creature("Mine", 2, 2, zone="graveyard", owner="Anna")
    with pytest.raises(IllegalAction):
        _activate(g, outlet, exile=["theirs"])
    _activate(g, outlet, exile=["mine"])
    assert g.zone("mine") == "exile"

    h = GameBuilder()
    outlet = _outlet(h, [{"exile_from_graveyard": {"types": ["Creature"], "owner": "any"}, "count": 1}])
    h.creature("Theirs", 2, 2, zone="graveyard", owner="Bruno")
    _activate(h, outlet, exile=["theirs"])
    assert h.zone("theirs") == "exile"


# -- tap_untapped ----------------------------------------------------------------------------------------------
def test_tapping_other_creatures_needs_no_haste_but_the_source_does() -> None:
    g = GameBuilder()
    outlet = _outlet(g, [{"tap_untapped": {"types": ["Creature"], "controller": "you"}, "count": 1}])
    g.creature("Fresh", 1, 1, summoning_sick=True)
    _activate(g, outlet, tap=["fresh"])
    assert g.obj("fresh").tapped

    h = GameBuilder()
    source = h.creature("Tapper", 1, 1, summoning_sick=True, abilities=[
        activated([{"tap_untapped": {"types": ["Creature"], "controller": "you"}, "count": 1}], [])])
    with pytest.raises(IllegalAction) as err:
        _activate(h, source, tap=[source])
    assert err.value.rule == "302.6"


def test_total_power_must_be_reached_and_can_be() -> None:
    g = GameBuilder()
    cost = {"tap_untapped": {"types": ["Creature"], "controller": "you"}, "total_power": 5}
    outlet = _outlet(g, [cost])
    g.creature("Two", 2, 2)
    g.creature("Three", 3, 3)
    with pytest.raises(IllegalAction) as err:
        _activate(g, outlet, tap=["two"])
    assert err.value.code == "costs.not_enough_power"
    _activate(g, outlet, tap=["two", "three"])
    assert g.obj("two").tapped and g.obj("three").tapped

    h = GameBuilder()
    outlet = _outlet(h, [cost])
    h.creature("Two", 2, 2)
    with pytest.raises(IllegalAction) as err:
        _activate(h, outlet, tap=["two"])
    assert err.value.code == "costs.unpayable"


# -- timing: sorcery, crew, equip, attach ----------------------------------------------------------------------
def test_timing_sorcery_refuses_an_activation_outside_a_main_phase_with_an_empty_stack() -> None:
    g = GameBuilder(step="beginning_of_combat")
    outlet = g.permanent("Outlet", types=["Artifact"], abilities=[
        {"activated": {"cost": [], "effect": [{"gain_life": 1, "to": "you"}], "timing": "sorcery"}}])
    with pytest.raises(IllegalAction) as err:
        _activate(g, outlet)
    assert err.value.rule == "602.5d"


def test_crew_makes_the_vehicle_an_artifact_creature_with_its_printed_pt_until_end_of_turn() -> None:
    g = GameBuilder()
    vehicle = g.permanent("Copter", types=["Artifact"], subtypes=["Vehicle"], power=3, toughness=3,
                          keywords=["flying", "crew_1"])
    g.creature("Pilot", 1, 1, summoning_sick=True)
    assert not g.chars(vehicle).is_creature and g.chars(vehicle).power is None
    _activate(g, vehicle, ability="crew", tap=["pilot"])
    g.resolve()
    c = g.chars(vehicle)
    assert c.is_creature and c.is_type("Artifact") and (c.power, c.toughness) == (3, 3)
    g.end_turn()
    assert not g.chars(vehicle).is_creature


def test_crew_cannot_tap_the_vehicle_itself() -> None:
    g = GameBuilder()
    vehicle = g.creature("Animated", 3, 3, types=["Artifact", "Creature"], subtypes=["Vehicle"],
                         keywords=["crew_1"])
    with pytest.raises(IllegalAction):
        _activate(g, vehicle, ability="crew", tap=[vehicle])


def test_a_keyword_the_object_lacks_is_a_problem_of_the_file() -> None:
    g = GameBuilder()
    thing = g.permanent("Thing", types=["Artifact"])
    with pytest.raises(ScenarioProblem) as err:
        _activate(g, thing, ability="equip")
    assert err.value.code == "costs.no_keyword_ability"


def test_equip_attaches_with_a_new_timestamp_and_only_to_a_creature_you_control() -> None:
    g = GameBuilder()
    sword = g.permanent("Sword", types=["Artifact"], subtypes=["Equipment"], keywords=["equip_2"],
                        abilities=[{"static": {"affects": "equipped", "modify_pt": [1, 1]}}])
    bear = g.creature("Bear", 2, 2)
    theirs = g.creature("Theirs", 2, 2, controller="Bruno")
    before = g.obj(sword).timestamp
    with pytest.raises(IllegalAction):
        _activate(g, sword, ability="equip", targets=[theirs])
    _activate(g, sword, ability="equip", targets=[bear])
    g.resolve()
    assert g.obj(sword).attached_to == g.obj(bear).uid
    assert g.obj(sword).timestamp > before
    assert (g.chars(bear).power, g.chars(bear).toughness) == (3, 3)


def test_attach_does_nothing_on_a_non_creature_or_where_it_already_is() -> None:
    r = play(battlefield=[
        {"id": "sword", "name": "Sword", "types": ["Artifact"], "subtypes": ["Equipment"], "controller": "Anna"},
        {"id": "rock", "name": "Rock", "types": ["Artifact"], "controller": "Anna"},
        {"id": "bear", "name": "Bear", "types": ["Creature"], "power": 2, "toughness": 2, "controller": "Anna"},
    ], actions=[
        {"cast": {"object": {"id": "glue", "name": "Glue", "types": ["Instant"],
                             "effect": [{"attach": "sword", "to": "rock"}]}}},
        "resolve",
        {"cast": {"object": {"id": "glue2", "name": "Glue", "types": ["Instant"],
                             "effect": [{"attach": "sword", "to": "bear"}]}}},
        "resolve",
    ])
    assert r.error is None
    assert obj(r, "sword")["attached_to"] == "bear"
    assert any("701.3b" in s.rules for s in r.steps)


# -- paid -------------------------------------------------------------------------------------------------------
def test_paid_reads_the_sacrificed_creature_as_it_last_existed() -> None:
    r = play(battlefield=[
        {"id": "bear", "name": "Bear", "types": ["Creature"], "power": 2, "toughness": 2, "controller": "Anna"},
        {"id": "anthem", "name": "Anthem", "types": ["Enchantment"], "controller": "Anna",
         "abilities": [{"static": {"affects": {"types": ["Creature"]}, "modify_pt": [3, 0]}}]},
    ], hand={"Anna": [{"id": "fling", "name": "Fling", "types": ["Instant"], "mana_cost": "{1}{R}",
                       "additional_cost": [SAC_CREATURE], "target": {"player": True},
                       "effect": [{"damage": {"power_of": "paid"}, "to": "target"}]}]},
        actions=[{"cast": {"object": "fling", "targets": ["Bruno"], "sacrifice": ["bear"]}}, "resolve"])
    assert r.error is None
    assert life(r, "Bruno") == 15


# -- convoke ----------------------------------------------------------------------------------------------------
def _convoke_spell(cost: str) -> dict[str, Any]:
    return {"id": "spell", "name": "Spell", "types": ["Instant"], "mana_cost": cost, "keywords": ["convoke"],
            "target": {"player": True}, "effect": [{"damage": 1, "to": "target"}]}


def _convoke(cost: str, creatures: list[dict[str, Any]], tap: list[str]) -> Any:
    field = [{"types": ["Creature"], "power": 1, "toughness": 1, "controller": "Anna", **c} for c in creatures]
    return play(battlefield=field, hand={"Anna": [_convoke_spell(cost)]},
                actions=[{"cast": {"object": "spell", "targets": ["Bruno"], "tap": tap}}])


def test_convoke_matches_creatures_to_symbols_of_their_colour_or_generic() -> None:
    r = _convoke("{1}{R}", [{"id": "red", "name": "Red", "colors": ["red"]},
                            {"id": "green", "name": "Green", "colors": ["green"]}], ["green", "red"])
    assert r.error is None
    assert obj(r, "red")["tapped"] and obj(r, "green")["tapped"]


def test_convoke_refuses_creatures_that_cant_be_matched() -> None:
    r = _convoke("{R}", [{"id": "green", "name": "Green", "colors": ["green"]}], ["green"])
    assert r.error is not None and r.error["rule"] == "702.51a"
    r = _convoke("{1}", [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], ["a", "b"])
    assert r.error is not None and r.error["rule"] == "702.51a"


def test_convoke_refuses_a_creature_of_another_player_or_a_non_creature() -> None:
    r = _convoke("{2}", [{"id": "theirs", "name": "Theirs", "controller": "Bruno"}], ["theirs"])
    assert r.error is not None and r.error["rule"] == "702.51a"
    r = _convoke("{2}", [{"id": "rock", "name": "Rock", "types": ["Artifact"]}], ["rock"])
    assert r.error is not None and r.error["rule"] == "702.51a"


# -- shipped scenarios -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted((Path(__file__).parent.parent / "scenarios" / "costs").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_cost_scenarios_replay_to_their_expectations(path: Path) -> None:
    r = run_file(path)
    assert r.expect is not None and r.passed, r.expect


def test_an_activated_keyword_is_named_in_the_step_that_activates_it() -> None:
    """Crewing is told as «attiva manovrare 3 di …», not as an anonymous ability (CR 702.122a)."""
    r = run_file(Path(__file__).parent.parent / "scenarios" / "costs" / "crew-three-two-small-creatures.yaml")
    texts = [step["text"] for step in r.to_json()["steps"]]
    assert any("attiva manovrare 3 di" in t for t in texts), texts
