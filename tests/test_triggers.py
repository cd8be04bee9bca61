"""Triggered abilities (CR 603): every event, APNAP order, choices, look-back/LKI, persist and undying."""

from __future__ import annotations

from typing import Any

import pytest
from replay_helpers import life, obj, play
from replay_helpers import scenario_text as text

from judgekit.engine import triggers
from judgekit.engine.setup import build_game
from judgekit.engine.state import GameEvent
from judgekit.ruling.run import run_text
from judgekit.scenario.loader import load_scenario_text
from judgekit.scenario.specs import scenario_specs


def creature(oid: str, event: str, effect: list[dict[str, Any]], *, of: Any = "self", controller: str = "Anna",
             power: int = 2, toughness: int = 2, **extra: Any) -> dict[str, Any]:
    """A vanilla creature with one triggered ability."""
    return {"id": oid, "name": f"Creatura {oid}", "types": ["Creature"], "power": power, "toughness": toughness,
            "controller": controller,
            "abilities": [{"trigger": {"event": event, "of": of}, "effect": effect, **extra}]}


GAIN = [{"gain_life": 1, "to": "you"}]


# ---------------------------------------------------------------------------------------------------------
# Events


def test_enters_trigger_with_a_chosen_target() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "controller": "Bruno"},
                          {"id": "giant", "card": "Hill Giant", "controller": "Bruno"}],
             hand={"Anna": [{"id": "kavu", "card": "Flametongue Kavu"}]},
             actions=[{"cast": {"object": "kavu"}}, {"resolve": "all"}], choices={"kavu": ["giant"]})
    assert obj(r, "giant")["zone"] == "graveyard"
    assert obj(r, "bear")["zone"] == "battlefield"


def test_enters_trigger_without_a_choice_takes_the_first_legal_object_and_says_so() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "controller": "Bruno"},
                          {"id": "giant", "card": "Hill Giant", "controller": "Bruno"}],
             hand={"Anna": [{"id": "kavu", "card": "Flametongue Kavu"}]},
             actions=[{"cast": {"object": "kavu"}}, {"resolve": "all"}])
    assert obj(r, "bear")["zone"] == "graveyard"
    assert any("primo bersaglio legale" in s.text and "603.3d" in s.rules for s in r.steps)


def test_leaves_the_battlefield_trigger() -> None:
    r = play(battlefield=[creature("leaver", "leaves_battlefield", [{"gain_life": 3, "to": "you"}])],
             hand={"Anna": [{"id": "blink", "card": "Cloudshift"}]},
             actions=[{"cast": {"object": "blink", "targets": ["leaver"]}}, {"resolve": "all"}])
    assert life(r, "Anna") == 23


def test_dies_trigger_of_the_creature_itself_looks_back_in_time() -> None:
    r = play(battlefield=[creature("martyr", "dies", [{"gain_life": 2, "to": "you"}])],
             hand={"Bruno": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["martyr"]}}, {"resolve": "all"}])
    assert life(r, "Anna") == 22
    assert any("603.10a" in s.rules for s in r.steps)


def test_dies_does_not_trigger_on_exile() -> None:
    r = play(battlefield=[creature("martyr", "dies", [{"gain_life": 2, "to": "you"}])],
             actions=[{"cast": {"object": {"id": "path", "name": "Esilio", "types": ["Instant"],
                                           "target": {"types": ["Creature"]},
                                           "effect": [{"exile": True, "to": "target"}]},
                                "controller": "Bruno", "targets": ["martyr"]}}, {"resolve": "all"}])
    assert life(r, "Anna") == 20


def test_attacks_trigger() -> None:
    r = play(battlefield=[creature("raider", "attacks", GAIN)],
             actions=[{"declare_attackers": {"raider": "Bruno"}}, {"resolve": "all"}])
    assert life(r, "Anna") == 21


def test_blocks_and_becomes_blocked_triggers() -> None:
    r = play(battlefield=[creature("attacker", "becomes_blocked", GAIN, power=1, toughness=5),
                          creature("blocker", "blocks", GAIN, controller="Bruno", power=1, toughness=5)],
             actions=[{"declare_attackers": {"attacker": "Bruno"}}, {"declare_blockers": {"blocker": "attacker"}},
                      {"resolve": "all"}])
    assert life(r, "Anna") == 21
    assert life(r, "Bruno") == 21


def test_deals_combat_damage_triggers_once_per_step_even_with_two_recipients() -> None:
    r = play(battlefield=[creature("big", "deals_combat_damage", GAIN, power=4, toughness=6),
                          {"id": "b1", "card": "Grizzly Bears", "controller": "Bruno"},
                          {"id": "b2", "card": "Grizzly Bears", "controller": "Bruno"}],
             actions=[{"declare_attackers": {"big": "Bruno"}}, {"declare_blockers": {"b1": "big", "b2": "big"}},
                      {"combat_damage": "all"}])
    assert obj(r, "b1")["zone"] == "graveyard" and obj(r, "b2")["zone"] == "graveyard"
    assert life(r, "Anna") == 21


def test_deals_combat_damage_to_player_trigger() -> None:
    r = play(battlefield=[creature("sneak", "deals_combat_damage_to_player", GAIN)],
             actions=[{"declare_attackers": {"sneak": "Bruno"}}, {"combat_damage": "all"}])
    assert life(r, "Bruno") == 18
    assert life(r, "Anna") == 21


def test_deals_combat_damage_to_player_does_not_trigger_when_blocked() -> None:
    r = play(battlefield=[creature("sneak", "deals_combat_damage_to_player", GAIN),
                          {"id": "wall", "card": "Wall of Wood", "controller": "Bruno"}],
             actions=[{"declare_attackers": {"sneak": "Bruno"}}, {"declare_blockers": {"wall": "sneak"}},
                      {"combat_damage": "all"}])
    assert life(r, "Anna") == 20


def test_deals_damage_trigger_on_noncombat_damage() -> None:
    pinger = {"id": "pinger", "name": "Pinger", "types": ["Creature"], "power": 1, "toughness": 1,
              "abilities": [{"activated": {"cost": ["tap"], "target": {"player": True},
                                           "effect": [{"damage": 1, "to": "target"}]}},
                            {"trigger": {"event": "deals_damage"}, "effect": GAIN}]}
    r = play(battlefield=[pinger], actions=[{"activate": {"source": "pinger", "targets": ["Bruno"]}},
                                            {"resolve": "all"}])
    assert life(r, "Bruno") == 19 and life(r, "Anna") == 21


def test_you_gain_life_triggers_once_per_life_gain_event() -> None:
    r = play(battlefield=[{"id": "pride", "card": "Ajani's Pridemate"}],
             actions=[{"cast": {"object": {"id": "heal", "name": "Cura", "types": ["Instant"],
                                           "effect": [{"gain_life": 2, "to": "you"}, {"gain_life": 1, "to": "you"}]}}},
                      {"resolve": "all"}])
    assert obj(r, "pride")["counters"] == {"+1/+1": 2}


def test_lifelink_damage_to_two_objects_at_once_is_one_life_gain_event() -> None:
    source = {"id": "linker", "name": "Fonte", "types": ["Creature"], "power": 1, "toughness": 1,
              "keywords": ["lifelink"],
              "abilities": [{"activated": {"cost": ["tap"],
                                           "effect": [{"damage": 1, "to": {"types": ["Creature"],
                                                                           "controller": "opponent"}}]}}]}
    r = play(battlefield=[source, {"id": "pride", "card": "Ajani's Pridemate"},
                          {"id": "e1", "card": "Llanowar Elves", "controller": "Bruno"},
                          {"id": "e2", "card": "Llanowar Elves", "controller": "Bruno"}],
             actions=[{"activate": {"source": "linker"}}, {"resolve": "all"}])
    assert life(r, "Anna") == 22
    assert obj(r, "pride")["counters"] == {"+1/+1": 1}


def test_beginning_of_combat_trigger() -> None:
    r = play(battlefield=[{"id": "aspirant", "card": "Luminarch Aspirant"}],
             actions=["next_step", {"resolve": "all"}])
    assert obj(r, "aspirant")["counters"] == {"+1/+1": 1}


def test_beginning_of_end_step_trigger_only_in_its_controllers_turn() -> None:
    mine = creature("mine", "beginning_of_end_step", GAIN)
    theirs = creature("theirs", "beginning_of_end_step", GAIN, controller="Bruno")
    r = play(step="main2", battlefield=[mine, theirs], actions=["next_step", {"resolve": "all"}])
    assert life(r, "Anna") == 21 and life(r, "Bruno") == 20


def test_beginning_of_upkeep_trigger_from_a_step_event() -> None:
    """The replay never enters an upkeep (it starts there at the earliest): the event is emitted directly."""
    loaded = load_scenario_text(text(step="upkeep",
                                     battlefield=[creature("keeper", "beginning_of_upkeep", GAIN)]), "x.yaml")
    game = build_game(scenario_specs(loaded.data))
    game.emit(GameEvent("step", data={"step": "upkeep"}))
    triggers.collect(game)
    assert [t.ability.label() for t in game.pending] == ["trigger:beginning_of_upkeep"]
    triggers.put_on_stack(game)
    assert [i.id for i in game.stack] == ["keeper"]


# ---------------------------------------------------------------------------------------------------------
# Order, choices


def test_apnap_order_active_players_triggers_go_on_the_stack_first() -> None:
    anna = creature("anna_watch", "dies", [{"gain_life": 1, "to": "you"}], of={"types": ["Creature"], "other": True})
    bruno = creature("bruno_watch", "dies", [{"lose_life": 1, "to": "opponent"}], controller="Bruno",
                     of={"types": ["Creature"], "other": True})
    r = play(battlefield=[anna, bruno, {"id": "bear", "card": "Grizzly Bears"}],
             hand={"Anna": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["bear"]}}, "resolve"])
    assert r.final is not None
    assert [i["id"] for i in r.final["stack"]] == ["anna_watch", "bruno_watch"]
    assert any("603.3b" in s.rules and "APNAP" in s.text for s in r.steps)


def test_choices_apnap_order_orders_one_players_triggers() -> None:
    a = creature("first", "dies", GAIN, of={"types": ["Creature"], "other": True})
    b = creature("second", "dies", [{"gain_life": 2, "to": "you"}], of={"types": ["Creature"], "other": True})
    base = {"battlefield": [a, b, {"id": "bear", "card": "Grizzly Bears"}],
            "hand": {"Anna": [{"id": "murder", "card": "Murder"}]},
            "actions": [{"cast": {"object": "murder", "targets": ["bear"]}}, "resolve"]}
    default = play(**base)
    assert default.final is not None
    assert [i["id"] for i in default.final["stack"]] == ["first", "second"]
    assert any("timestamp" in s.text and s.kind == "choice" for s in default.steps)
    chosen = play(**base, choices={"apnap_order": {"Anna": ["second", "first"]}})
    assert chosen.final is not None
    assert [i["id"] for i in chosen.final["stack"]] == ["second", "first"]


def test_optional_trigger_is_used_and_the_step_says_so() -> None:
    r = play(battlefield=[{"id": "giant", "card": "Hill Giant", "damage": 1}],
             hand={"Anna": [{"id": "angel", "card": "Restoration Angel"}]},
             actions=[{"cast": {"object": "angel"}}, {"resolve": "all"}], choices={"angel": ["giant"]})
    assert obj(r, "giant")["damage"] == 0 and obj(r, "giant")["zone"] == "battlefield"
    assert any("603.5" in s.rules and "facoltativa" in s.text for s in r.steps)


def test_an_illegal_chosen_target_for_a_trigger_stops_the_replay_citing_603_3d() -> None:
    r = play(battlefield=[{"id": "troll", "card": "Troll Ascetic", "controller": "Bruno"}],
             hand={"Anna": [{"id": "kavu", "card": "Flametongue Kavu"}]},
             actions=[{"cast": {"object": "kavu"}}, "resolve"], choices={"kavu": ["troll"]})
    assert r.error is not None and r.error["rule"] == "603.3d"


def test_a_trigger_without_legal_targets_is_removed() -> None:
    r = play(battlefield=[{"id": "troll", "card": "Troll Ascetic", "controller": "Bruno"}],
             hand={"Anna": [{"id": "guile", "card": "Ranger's Guile"}]},
             actions=[{"cast": {"object": {"id": "kavu", "card": "Flametongue Kavu",
                                           "abilities": [{"trigger": {"event": "enters"},
                                                          "target": {"types": ["Creature"], "other": True},
                                                          "effect": [{"damage": 4, "to": "target"}]}]}}},
                      "resolve"])
    assert r.final is not None and r.final["stack"] == []
    assert any("non ha bersagli legali" in s.text for s in r.steps)


def test_unused_choice_is_reported() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}], choices={"bear": ["Bruno"]})
    assert any("non è servita" in s.text for s in r.steps)


# ---------------------------------------------------------------------------------------------------------
# Look back in time, last known information


def test_dies_triggers_of_creatures_dying_together_see_each_other() -> None:
    r = run_text(open_scenario("blood-artist-looks-back"))
    assert r.expect is not None and r.expect["passed"], r.expect


def open_scenario(name: str) -> str:
    from judgekit import paths

    return (paths.scenarios_dir() / "stack" / f"{name}.yaml").read_text(encoding="utf-8")


def test_last_known_information_includes_effects_that_ended_at_the_same_time() -> None:
    """A creature and its anthem die together: the dies trigger uses the toughness it had with the anthem."""
    counter = creature("counter", "dies", [{"gain_life": {"toughness_of": "trigger_object"}, "to": "you"}],
                       of={"types": ["Creature"], "other": True}, toughness=10)
    lord = {"id": "lord", "name": "Signore", "types": ["Creature", "Enchantment"], "power": 1, "toughness": 1,
            "abilities": [{"static": {"affects": {"types": ["Creature"], "other": True, "subtypes": ["Bear"]},
                                      "modify_pt": [0, 3]}}]}
    r = play(battlefield=[counter, lord, {"id": "bear", "card": "Grizzly Bears"}],
             actions=[{"cast": {"object": {"id": "wrath", "name": "Ira", "types": ["Sorcery"],
                                           "effect": [{"destroy": True, "to": {"types": ["Creature"],
                                                                               "other": False}}]}}},
                      {"resolve": "all"}])
    # counter itself dies too: it sees lord (1) and bear (2 + 3 from the lord, destroyed at the same time).
    assert life(r, "Anna") == 20 + 1 + 5


def test_trigger_resolves_with_the_sources_last_known_information() -> None:
    r = run_text(open_scenario("mogg-fanatic-sacrificed-in-response"))
    assert r.expect is not None and r.expect["passed"], r.expect


# ---------------------------------------------------------------------------------------------------------
# Persist and undying


def test_persist_returns_with_a_minus_counter_as_a_new_object() -> None:
    r = play(battlefield=[{"id": "redcap", "card": "Murderous Redcap"}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["redcap"]}}, {"resolve": "all"}],
             choices={"redcap": ["Bruno"]})
    red = obj(r, "redcap")
    assert red["zone"] == "battlefield" and red["counters"] == {"-1/-1": 1} and red["power"] == 1
    assert life(r, "Bruno") == 19
    assert any("702.79" in s.rules for s in r.steps)


def test_persist_does_not_return_a_creature_that_had_a_minus_counter() -> None:
    r = play(battlefield=[{"id": "redcap", "card": "Murderous Redcap", "counters": {"-1/-1": 1}}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["redcap"]}}, {"resolve": "all"}])
    assert obj(r, "redcap")["zone"] == "graveyard"
    assert any("non si innesca" in s.text for s in r.steps)


def test_undying_returns_with_a_plus_counter_once() -> None:
    r = play(battlefield=[{"id": "geist", "card": "Strangleroot Geist"}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}, {"id": "shock", "card": "Shock"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["geist"]}}, {"resolve": "all"}])
    geist = obj(r, "geist")
    assert geist["zone"] == "battlefield" and geist["counters"] == {"+1/+1": 1} and geist["power"] == 3
    again = play(battlefield=[{"id": "geist", "card": "Strangleroot Geist"}],
                 hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}, {"id": "shock", "card": "Shock"}]},
                 actions=[{"cast": {"object": "bolt", "targets": ["geist"]}}, {"resolve": "all"},
                          {"cast": {"object": "shock", "targets": ["geist"]}}, {"resolve": "all"}])
    assert obj(again, "geist")["zone"] == "graveyard"


def test_persist_token_does_not_come_back() -> None:
    r = play(battlefield=[{"id": "tok", "name": "Pedina", "types": ["Creature"], "power": 1, "toughness": 1,
                           "token": True, "keywords": ["persist"]}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["tok"]}}, {"resolve": "all"}])
    assert obj(r, "tok")["zone"] == "gone"


def test_persist_card_that_left_the_graveyard_does_not_return() -> None:
    exile_all = {"id": "purge", "name": "Purga", "types": ["Instant"],
                 "effect": [{"exile": True, "to": {"zone": "graveyard"}}]}
    r = play(battlefield=[{"id": "redcap", "card": "Murderous Redcap"}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["redcap"]}}, "resolve",
                      {"cast": {"object": exile_all, "controller": "Bruno"}}, {"resolve": "all"}])
    assert obj(r, "redcap")["zone"] == "exile"


@pytest.mark.parametrize("name", ["persist-returns", "persist-second-death", "undying-returns",
                                  "undying-second-death", "dross-harvester-redcap-apnap"])
def test_shipped_persist_undying_scenarios(name: str) -> None:
    r = run_text(open_scenario(name))
    assert r.expect is not None
    assert r.expect["passed"], r.expect["failures"]


def test_of_a_list_of_ids_follows_the_object_through_its_zone_change() -> None:
    watcher = creature("watcher", "dies", GAIN, of=["bear"])
    r = play(battlefield=[watcher, {"id": "bear", "card": "Grizzly Bears"}],
             hand={"Bruno": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["bear"]}}, {"resolve": "all"}])
    assert life(r, "Anna") == 21


def test_aura_trigger_when_the_enchanted_creature_dies() -> None:
    aura = {"id": "mark", "name": "Marchio", "types": ["Enchantment"], "subtypes": ["Aura"],
            "target": {"types": ["Creature"]}, "attached_to": "bear",
            "abilities": [{"trigger": {"event": "dies", "of": "enchanted"}, "effect": [{"gain_life": 4, "to": "you"}]}]}
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}, aura],
             hand={"Bruno": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["bear"]}}, {"resolve": "all"}])
    assert life(r, "Anna") == 24
    assert obj(r, "mark")["zone"] == "graveyard"


def test_permanents_entering_together_see_each_other() -> None:
    token = {"id": "watcher", "name": "Osservatore", "types": ["Creature"], "power": 1, "toughness": 1,
             "count": 2, "abilities": [{"trigger": {"event": "enters", "of": {"types": ["Creature"], "other": True}},
                                        "effect": [{"gain_life": 1, "to": "you"}]}]}
    r = play(actions=[{"cast": {"object": {"id": "make", "name": "Evoca", "types": ["Sorcery"],
                                           "effect": [{"create_token": token, "to": "you"}]}}},
                      {"resolve": "all"}])
    assert life(r, "Anna") == 22
