"""SCENARIO-FORMAT.md 2.7 Events, References and VALUEs on games set up with the builder, and their file checks."""

from __future__ import annotations

from typing import Any

import pytest

from judgekit.engine import specdata
from judgekit.engine.builder import GameBuilder, activated, entry, trigger
from judgekit.engine.specs import AbilitySpec
from judgekit.engine.vocab import Zone
from judgekit.errors import InvalidFileError
from judgekit.scenario.loader import load_scenario_text

ANY_TARGET = {"any": [{"types": ["Creature"]}, {"player": True}]}


def ability(trig: dict[str, Any], effect: list[dict[str, Any]], **more: Any) -> AbilitySpec:
    """A triggered ability written as a scenario file writes it."""
    return specdata.ability({"trigger": trig, "effect": effect, **more})


def gain(n: Any = 1) -> list[dict[str, Any]]:
    return [{"gain_life": n, "to": "you"}]


def bolt(g: GameBuilder, owner: str, amount: int = 3, name: str = "Bolt") -> str:
    return g.card(name, owner, types=["Instant"], mana_cost="{R}", target=ANY_TARGET,
                  effect=[entry(damage=amount, to="target")])


# ------------------------------------------------------------------------------------------------------
# Events


def test_dealt_damage_by_two_blockers_triggers_once_for_the_total() -> None:
    """CR 510.2, 603.2c: the combat damage of one step is one event for its recipient (Boros Reckoner)."""
    g = GameBuilder()
    reckoner = g.creature("Reckoner", 3, 3, abilities=[trigger("dealt_damage", [entry(damage="event_amount",
                                                                                       to="opponent")])])
    b1 = g.creature("B1", 2, 2, controller="Bruno")
    b2 = g.creature("B2", 2, 2, controller="Bruno")
    g.build()
    g.attack({reckoner: "Bruno"})
    g.block({b1: reckoner, b2: reckoner})
    g.assign({reckoner: {b1: 2, b2: 1}})
    g.combat_damage()
    assert len(g.game.stack) == 1
    assert g.game.stack[0].event_amount == 4
    g.resolve()
    assert g.life("Bruno") == 16


def test_dealt_damage_from_picks_the_sources() -> None:
    """``from:`` a selector for the sources: damage from Anna's own spell does not count."""
    g = GameBuilder()
    g.permanent("Watcher", types=["Enchantment"], abilities=[ability(
        {"event": "dealt_damage", "of": {"player": True, "controller": "you"},
         "from": {"controller": "opponent", "zone": "all"}}, gain(5))])
    mine = bolt(g, "Anna", 1, "Mine")
    theirs = bolt(g, "Bruno", 2, "Theirs")
    g.build()
    g.cast(mine, targets=["Anna"])
    g.resolve(everything=True)
    assert g.life("Anna") == 19
    g.cast(theirs, targets=["Anna"], controller="Bruno")
    g.resolve(everything=True)
    assert g.life("Anna") == 22


def test_player_filter_of_life_events() -> None:
    """``gains_life`` with ``of: opponent`` and ``loses_life`` with ``of: any``: one trigger per player and
    event."""
    g = GameBuilder()
    g.permanent("Spy", types=["Enchantment"], abilities=[
        ability({"event": "gains_life", "of": "opponent"}, [{"damage": "event_amount", "to": "event_player"}])])
    g.permanent("Counter", types=["Enchantment"], abilities=[
        ability({"event": "loses_life", "of": "any"}, [{"add_counters": {"charge": 1}, "to": "self"}])])
    heal = g.card("Heal", "Anna", types=["Instant"], effect=[entry(gain_life=3, to={"player": True})])
    g.build()
    g.cast(heal)
    g.resolve(everything=True)
    # Both gain 3; only Bruno's gain triggers the spy: 3 damage to Bruno, who loses 3 (one loss event).
    assert g.life("Anna") == 23
    assert g.life("Bruno") == 20
    assert g.obj("counter").counters.get("charge") == 1


def test_discards_trigger_once_per_card() -> None:
    """A card discarded is one event (two cards, two triggers); ``trigger_object`` is the card."""
    g = GameBuilder()
    g.permanent("Listener", types=["Enchantment"], abilities=[
        ability({"event": "discards", "of": "opponent"}, [{"lose_life": 1, "to": "event_player"}])])
    for name in ("One", "Two"):
        g.card(name, "Bruno", types=["Sorcery"])
    rot = g.card("Rot", "Anna", types=["Sorcery"], effect=[entry(discard=2, to="opponent")])
    g.build()
    g.cast(rot)
    g.resolve(everything=True)
    assert g.life("Bruno") == 18


def test_counters_put_counts_the_counters_a_token_enters_with() -> None:
    """CR 122.6: a token created with counters has them put on it; ``kind`` filters."""
    g = GameBuilder()
    g.permanent("Nursery", types=["Enchantment"], abilities=[ability(
        {"event": "counters_put", "of": {"types": ["Creature"]}, "kind": "+1/+1"}, gain("event_amount"))])
    maker = g.card("Maker", "Anna", types=["Sorcery"], effect=[entry(create_token={
        "name": "Ooze", "types": ["Creature"], "power": 0, "toughness": 0, "counters": {"+1/+1": 2}})])
    charge = g.card("Charger", "Anna", types=["Sorcery"],
                    effect=[entry(add_counters={"charge": 3}, to={"types": ["Enchantment"]})])
    g.build()
    g.cast(maker)
    g.resolve(everything=True)
    assert g.life("Anna") == 22
    g.cast(charge)
    g.resolve(everything=True)
    assert g.life("Anna") == 22


def test_sacrificed_to_a_cost_and_its_player() -> None:
    """A permanent sacrificed to pay a cost: ``sacrificed`` looks back, ``event_player`` sacrificed it."""
    g = GameBuilder()
    g.permanent("Altar Watch", types=["Enchantment"], controller="Bruno", abilities=[
        ability({"event": "sacrificed", "of": {"types": ["Creature"]}}, [{"lose_life": 2, "to": "event_player"}])])
    fodder = g.creature("Fodder", 1, 1, abilities=[activated("sacrifice_self", [entry(gain_life=1, to="you")])])
    g.build()
    g.activate(fodder)
    g.resolve(everything=True)
    assert g.life("Anna") == 19
    assert g.zone(fodder) == Zone.GRAVEYARD


def test_becomes_tapped_by_attacking_but_not_by_entering_tapped() -> None:
    """CR 603.2e: entering tapped is not becoming tapped; attacking taps."""
    g = GameBuilder()
    bear = g.creature("Bear", 2, 2, abilities=[trigger("becomes_tapped", [entry(gain_life=1, to="you")])])
    maker = g.card("Maker", "Anna", types=["Sorcery"], effect=[entry(create_token={
        "name": "Tapper", "types": ["Creature"], "power": 1, "toughness": 1, "tapped": True, "abilities": [
            {"trigger": {"event": "becomes_tapped"}, "effect": [{"gain_life": 10, "to": "you"}]}]})])
    g.permanent("Birth", types=["Enchantment"], abilities=[ability({"event": "token_created",
                                                                    "of": {"token": True}}, gain(2))])
    g.build()
    g.cast(maker)
    g.resolve(everything=True)
    assert g.life("Anna") == 22
    g.attack({bear: "Bruno"})
    g.settle()
    g.resolve(everything=True)
    assert g.life("Anna") == 23


def test_one_or_more_die_once_per_group_with_the_count() -> None:
    g = GameBuilder()
    g.permanent("Vigil", types=["Enchantment"], abilities=[
        ability({"event": "one_or_more_die", "of": {"types": ["Creature"]}}, gain("event_amount"))])
    for i in range(3):
        g.creature(f"Bear {i}", 2, 2, controller="Bruno")
    wrath = g.card("Wrath", "Anna", types=["Sorcery"], effect=[entry(destroy=True, to={"types": ["Creature"]})])
    g.build()
    g.cast(wrath)
    g.resolve()
    assert len(g.game.stack) == 1
    assert g.game.stack[0].trigger_object is None
    g.resolve()
    assert g.life("Anna") == 23


def test_once_each_turn() -> None:
    g = GameBuilder()
    g.creature("Opportunist", 1, 3, abilities=[ability(
        {"event": "dies", "of": {"types": ["Creature"], "other": True}}, gain(), once_each_turn=True)])
    b1 = g.creature("B1", 1, 1, controller="Bruno")
    b2 = g.creature("B2", 1, 1, controller="Bruno")
    first, second = bolt(g, "Anna", name="First"), bolt(g, "Anna", name="Second")
    g.build()
    g.cast(first, targets=[b1])
    g.resolve(everything=True)
    g.cast(second, targets=[b2])
    g.resolve(everything=True)
    assert g.life("Anna") == 21


def test_heroic_and_a_spell_that_does_not_target_it() -> None:
    """``cast`` with ``targets: self``: only a spell that targets the creature as it is cast."""
    g = GameBuilder()
    hero = g.creature("Hero", 1, 1, abilities=[ability(
        {"event": "cast", "of": {"controller": "you"}, "targets": "self"}, [{"add_counters": {"+1/+1": 1},
                                                                             "to": "self"}])])
    other = g.creature("Other", 1, 1)
    pump = {"types": ["Instant"], "target": {"types": ["Creature"]},
            "effect": [entry(modify_pt=[1, 1], to="target")]}
    a = g.card("Pump A", "Anna", **pump)
    b = g.card("Pump B", "Anna", **pump)
    g.build()
    g.cast(a, targets=[other])
    assert len(g.game.stack) == 1
    g.resolve(everything=True)
    g.cast(b, targets=[hero])
    g.settle()
    assert len(g.game.stack) == 2
    assert g.game.stack[-1].trigger_spell == g.obj(b).uid
    g.resolve(everything=True)
    assert g.obj(hero).counters.get("+1/+1") == 1


def test_becomes_target_by_an_opponent_counters_the_spell() -> None:
    """``becomes_target`` with ``by``: the trigger names the spell that targets (``trigger_spell``)."""
    g = GameBuilder()
    guard = g.creature("Guard", 2, 2, abilities=[ability(
        {"event": "becomes_target", "by": {"controller": "opponent"}}, [{"counter": True, "to": "trigger_spell"}])])
    shot = bolt(g, "Bruno", name="Shot")
    g.build()
    g.cast(shot, targets=[guard], controller="Bruno")
    g.resolve(everything=True)
    assert g.zone(guard) == Zone.BATTLEFIELD
    assert g.zone(shot) == Zone.GRAVEYARD
    assert g.obj(guard).damage == 0


def test_step_event_of_opponent() -> None:
    """``of: opponent`` for a step event: whose turn it is."""
    g = GameBuilder(active="Bruno", step="main2")
    g.permanent("Clock", types=["Enchantment"], abilities=[ability(
        {"event": "beginning_of_end_step", "of": "opponent"}, [{"lose_life": 1, "to": "opponent"}])])
    g.build()
    g.next_step()
    g.resolve(everything=True)
    assert g.life("Bruno") == 19


# ------------------------------------------------------------------------------------------------------
# References and VALUEs


def test_excess_damage_to_the_controller_of_the_target_that_died() -> None:
    """Flame Spill: excess beyond lethal (with damage already marked) to ``{controller_of: target}`` (608.2h)."""
    g = GameBuilder()
    bear = g.creature("Bear", 2, 3, controller="Bruno", damage=1)
    spill = g.card("Spill", "Anna", types=["Sorcery"], target={"types": ["Creature"]}, effect=[
        entry(damage=4, to="target"), entry(damage="excess_damage", to={"controller_of": "target"})])
    g.build()
    g.cast(spill, targets=[bear])
    g.resolve(everything=True)
    assert g.life("Bruno") == 18


def test_excess_damage_from_a_deathtouch_source() -> None:
    """CR 120.4a, 702.2c: from a deathtouch source any damage beyond 1 is excess."""
    g = GameBuilder()
    bear = g.creature("Bear", 2, 5, controller="Bruno")
    spill = g.card("Spill", "Anna", types=["Sorcery"], keywords=["deathtouch"], target={"types": ["Creature"]},
                   effect=[entry(damage=4, to="target"), entry(gain_life="excess_damage", to="you")])
    g.build()
    g.cast(spill, targets=[bear])
    g.resolve(everything=True)
    assert g.life("Anna") == 23


def test_values_read_any_ref_and_add_up() -> None:
    """``power_of`` a selector adds up, ``counters_on`` a creature that died reads its last counters,
    ``mana_value_of``, ``{count: players}``, ``life`` of a player REF."""
    g = GameBuilder()
    g.creature("A", 2, 2, controller="Bruno")
    g.creature("B", 3, 3, controller="Bruno")
    victim = g.creature("Victim", 1, 1, controller="Bruno", counters={"+1/+1": 2}, mana_cost="{3}{G}")
    spell = g.card("Spell", "Anna", types=["Sorcery"], target={"types": ["Creature"]}, effect=[
        entry(destroy=True, to="target"),
        entry(gain_life={"counters_on": "target", "kind": "+1/+1"}, to="you"),
        entry(gain_life={"mana_value_of": "target"}, to="you"),
        entry(gain_life={"power_of": {"types": ["Creature"], "controller": "opponent"}}, to="you"),
        entry(gain_life={"count": {"player": True}}, to="you"),
        entry(lose_life={"life": {"controller_of": "target"}, "times": 0, "plus": 1}, to="opponent"),
    ])
    g.build()
    g.cast(spell, targets=[victim])
    g.resolve(everything=True)
    assert g.zone(victim) == Zone.GRAVEYARD
    assert g.life("Anna") == 20 + 2 + 4 + 5 + 2
    assert g.life("Bruno") == 19


def test_numbers_in_an_effect_may_be_values() -> None:
    g = GameBuilder()
    g.creature("A", 2, 2)
    maker = g.card("Maker", "Anna", types=["Sorcery"], effect=[
        entry(create_token={"name": "Spirit", "types": ["Creature"], "power": 1, "toughness": 1,
                            "count": {"count": {"types": ["Creature"], "controller": "you"}}}),
        entry(add_counters={"+1/+1": {"count": {"types": ["Creature"], "controller": "you"}}}, to="self")])
    g.build()
    g.cast(maker)
    g.resolve(everything=True)
    spirits = [o for o in g.game.battlefield() if o.card.name == "Spirit"]
    assert len(spirits) == 1


# ------------------------------------------------------------------------------------------------------
# File checks


SCENARIO = """
players: [Anna, Bruno]
battlefield:
  Anna:
    - name: Watcher
      types: [Creature]
      power: 1
      toughness: 1
      abilities:
        - trigger: {TRIGGER}
          effect: [{gain_life: event_amount, to: you}]
"""


@pytest.mark.parametrize("trig", ["{event: dies}", "{event: cast}", "{event: beginning_of_upkeep}"])
def test_event_amount_where_the_event_has_none_is_a_file_error(trig: str) -> None:
    with pytest.raises(InvalidFileError) as err:
        load_scenario_text(SCENARIO.replace("{TRIGGER}", trig))
    issue = err.value.issues[0]
    assert "event_amount" in issue.message
    assert issue.line is not None
    assert "abilities" in (issue.key or "")


@pytest.mark.parametrize("trig", ["{event: dealt_damage}", "{event: gains_life, of: opponent}",
                                  "{event: one_or_more_die, of: {types: [Creature]}}"])
def test_event_amount_where_the_event_has_one_loads(trig: str) -> None:
    load_scenario_text(SCENARIO.replace("{TRIGGER}", trig))


@pytest.mark.parametrize("trig, word", [("{event: dies, from: {types: [Creature]}}", "from"),
                                        ("{event: cast, kind: '+1/+1'}", "kind"),
                                        ("{event: dies, by: {controller: opponent}}", "by")])
def test_event_keys_belong_to_their_event(trig: str, word: str) -> None:
    with pytest.raises(InvalidFileError) as err:
        load_scenario_text(SCENARIO.replace("{TRIGGER}", trig).replace("event_amount", "1"))
    assert f"«{word}»" in err.value.issues[0].message


def test_player_refs_load_in_to_and_of() -> None:
    text = SCENARIO.replace("{TRIGGER}", "{event: beginning_of_upkeep, of: {controller_of: self}}").replace(
        "{gain_life: event_amount, to: you}", "{lose_life: {life: {owner_of: self}}, to: {controller_of: self}}")
    load_scenario_text(text)


def test_a_player_event_refuses_an_object_selector() -> None:
    with pytest.raises(InvalidFileError) as err:
        load_scenario_text(SCENARIO.replace("{TRIGGER}", "{event: gains_life, of: {types: [Creature]}}"))
    assert "giocatore" in err.value.issues[0].message


def test_counters_of_two_kinds_at_once_are_one_event_for_the_object() -> None:
    """CR 603.2c: an object getting counters at one time is one event, whatever their kinds."""
    g = GameBuilder()
    g.permanent("Nursery", types=["Enchantment"], abilities=[ability(
        {"event": "counters_put", "of": {"types": ["Creature"]}}, gain("event_amount"))])
    bear = g.creature("Bear", 2, 2)
    spell = g.card("Spell", "Anna", types=["Sorcery"], target={"types": ["Creature"]},
                   effect=[entry(add_counters={"+1/+1": 1, "charge": 2}, to="target")])
    g.build()
    g.cast(spell, targets=[bear])
    g.resolve()
    assert len(g.game.stack) == 1
    g.resolve()
    assert g.life("Anna") == 23


def test_draws_waits_for_a_card_drawn() -> None:
    """``draws`` with ``of: opponent``: one trigger for each card drawn (CR 121.2), ``event_amount`` 1."""
    from judgekit.engine.state import EventKind, GameEvent

    g = GameBuilder()
    g.permanent("Spy", types=["Enchantment"], abilities=[
        ability({"event": "draws", "of": "opponent"}, [{"lose_life": "event_amount", "to": "event_player"}])])
    g.build()
    g.game.emit(GameEvent(EventKind.DRAW, player="Bruno"))
    g.game.emit(GameEvent(EventKind.DRAW, player="Anna"))
    g.settle()
    g.resolve(everything=True)
    assert g.life("Bruno") == 19
    assert g.life("Anna") == 20
