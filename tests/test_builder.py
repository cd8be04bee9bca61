"""The game builder (judgekit.engine.builder): ids, timestamps, ability specs as the scenario layer makes them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from judgekit.engine import builder
from judgekit.engine.builder import GameBuilder, activated, entry, mana, static, trigger
from judgekit.engine.characteristics import chars
from judgekit.engine.errors import IllegalAction
from judgekit.engine.setup import build_game
from judgekit.engine.specs import PT, AbilitySpec, ActivatedSpec, Cost, TriggerSpec
from judgekit.engine.vocab import Step, Zone
from judgekit.scenario import cards, specs
from judgekit.scenario.loader import load_scenario_text
from judgekit.scenario.specs import scenario_specs

BUILDER_SOURCE = Path(builder.__file__)


def card_abilities(name: str) -> list[AbilitySpec]:
    """A card's abilities as the scenario layer hands them to the rules core (typed specs)."""
    entry_ = cards.find(name, None)
    return [specs.ability(a) for a in (entry_.data or {})["abilities"]]


def test_builder_imports_only_the_standard_library_and_the_rules_core() -> None:
    tree = ast.parse(BUILDER_SOURCE.read_text(encoding="utf-8"))
    modules = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    modules += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    for module in modules:
        top = module.split(".")[0]
        if top == "judgekit":
            assert module.startswith("judgekit.engine."), module
        else:
            assert top in sys.stdlib_module_names or top == "__future__", module


def test_importing_the_builder_loads_neither_yaml_nor_pydantic() -> None:
    code = ("import sys, judgekit.engine.builder; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('yaml', 'pydantic')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_static_helper_matches_the_card_library_dict() -> None:
    anthem = static(affects={"types": ["Creature"], "controller": "you"}, modify_pt=[1, 1])
    assert [anthem] == card_abilities("Glorious Anthem")
    humility = static(affects={"types": ["Creature"]}, remove_all_abilities=True, set_pt=[1, 1])
    assert [humility] == card_abilities("Humility")


def test_trigger_and_activated_helpers_match_the_card_library_dicts() -> None:
    artist = trigger("dies", [entry(to="target", lose_life=1), entry(to="you", gain_life=1)],
                     of={"types": ["Creature"]}, target={"player": True})
    assert [artist] == card_abilities("Blood Artist")
    any_target = {"any": [{"types": ["Creature"]}, {"types": ["Planeswalker"]}, {"types": ["Battle"]},
                          {"player": True}]}
    fanatic = activated(["sacrifice_self"], [entry(to="target", damage=1)], target=any_target)
    assert [fanatic] == card_abilities("Mogg Fanatic")
    assert [mana("G")] == card_abilities("Llanowar Elves")


def test_helpers_fill_the_defaults_the_format_gives() -> None:
    ability = trigger("enters")
    assert ability == AbilitySpec("trigger", trigger=TriggerSpec("enters", "self", False, None, ()))
    body = static(add_keywords=["flying"]).static
    assert body is not None and body.affects == "self"
    assert activated("tap") == AbilitySpec("activated", activated=ActivatedSpec((Cost("tap"),), None, ()))


def test_helpers_refuse_unknown_names() -> None:
    with pytest.raises(ValueError):
        static(affects="self", set_power=[1, 1])
    with pytest.raises(ValueError):
        static(affects="self")
    with pytest.raises(ValueError):
        trigger("explodes")
    with pytest.raises(ValueError):
        GameBuilder(step="lunch")


def test_ids_come_from_names_and_stay_unique() -> None:
    g = GameBuilder()
    assert g.creature("Grizzly Bears", 2, 2) == "grizzly-bears"
    assert g.creature("Grizzly Bears", 2, 2) == "grizzly-bears-2"
    assert g.creature("Serra Angel", 4, 4, id="angel") == "angel"
    assert g.card("Lightning Bolt", "Bruno", types=["Instant"]) == "lightning-bolt"
    game = g.build()
    assert game.obj("grizzly-bears").uid != game.obj("grizzly-bears-2").uid
    assert game.obj("lightning-bolt").zone == Zone.HAND and game.obj("lightning-bolt").owner == "Bruno"


def test_timestamps_follow_creation_order_across_objects_and_effects() -> None:
    """CR 613.7: each object and effect gets its own timestamp, in the order the builder created them."""
    g = GameBuilder()
    a = g.creature("Grizzly Bears", 2, 2)
    g.effect("Giant Growth", [a], modify_pt=[3, 3])
    b = g.creature("Hill Giant", 3, 3)
    game = g.build()
    effect = game.effects[0]
    assert game.obj(a).timestamp < effect.timestamp < game.obj(b).timestamp
    assert effect.affected == [game.obj(a).uid]
    assert effect.ops["modify_pt"] == PT(3, 3)


def test_builder_game_equals_the_game_of_the_same_scenario() -> None:
    text = """
title: prova
source: test
players: [{name: Anna}, {name: Bruno, life: 7}]
active_player: Bruno
step: beginning_of_combat
battlefield:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2, controller: Bruno,
     counters: {"+1/+1": 1}, tapped: true}
  - {id: anthem, card: Glorious Anthem, controller: Bruno}
"""
    loaded = build_game(scenario_specs(load_scenario_text(text).data))
    g = GameBuilder(["Anna", "Bruno"], active="Bruno", step="beginning_of_combat", life={"Bruno": 7})
    g.creature("Grizzly Bears", 2, 2, id="bears", controller="Bruno", counters={"+1/+1": 1}, tapped=True)
    g.permanent("Glorious Anthem", id="anthem", types=["Enchantment"], mana_cost="{1}{W}{W}", controller="Bruno",
                abilities=[static(affects={"types": ["Creature"], "controller": "you"}, modify_pt=[1, 1])])
    built = g.build()
    assert (built.active, built.step, built.player("Bruno").life) == ("Bruno", Step.BEGINNING_OF_COMBAT, 7)
    for oid in ("bears", "anthem"):
        mine, theirs = g.chars(oid), chars(loaded, oid)
        assert (mine.power, mine.toughness, mine.controller, mine.types, mine.colors) == \
            (theirs.power, theirs.toughness, theirs.controller, theirs.types, theirs.colors)
        assert built.obj(oid).timestamp == loaded.obj(oid).timestamp
        assert built.obj(oid).tapped == loaded.obj(oid).tapped


def test_objects_cannot_be_added_after_build() -> None:
    g = GameBuilder()
    g.build()
    with pytest.raises(RuntimeError):
        g.creature("Grizzly Bears", 2, 2)


def test_cast_and_resolve_a_card_from_hand() -> None:
    """CR 601.2, 608.2: a spell cast from hand goes on the stack and resolves; its damage kills the bear."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    bolt = g.card("Lightning Bolt", "Anna", types=["Instant"], mana_cost="{R}",
                  target={"types": ["Creature"]}, effect=[entry(damage=3, to="target")])
    g.build()
    g.cast(bolt, targets=[bear])
    assert [item.id for item in g.game.stack] == [bolt]
    g.resolve()
    assert g.zone(bear) == Zone.GRAVEYARD
    assert g.zone(bolt) == Zone.GRAVEYARD


def test_illegal_actions_raise() -> None:
    """CR 508.1a: a tapped creature can't be declared as an attacker."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, tapped=True)
    g.build()
    with pytest.raises(IllegalAction):
        g.attack({bear: "Bruno"})
