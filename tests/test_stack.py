"""The stack: casting (CR 601), activating (602), timing (117, 307.1), targets (601.2c, 608.2b), resolving (608)."""

from __future__ import annotations

import pytest
from replay_helpers import life, obj, play, steps_with

from judgekit.errors import InvalidFileError

BEAR = {"id": "bear", "card": "Grizzly Bears", "controller": "Bruno"}


# ---------------------------------------------------------------------------------------------------------
# Last in, first out


def test_stack_resolves_last_in_first_out_giant_growth_saves_the_bear() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}],
                                       "Bruno": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "growth", "targets": ["bear"]}},
                      {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "bear")["zone"] == "battlefield"
    assert obj(r, "bear")["damage"] == 3 and obj(r, "bear")["power"] == 5
    resolved = [s.text for s in r.steps if s.kind == "resolve" and "117.3d" in s.rules]
    assert "Giant Growth si risolve" in resolved[0]
    assert "Lightning Bolt si risolve" in resolved[1]


def test_bare_resolve_resolves_only_the_top_object() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}],
                                       "Bruno": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "growth", "targets": ["bear"]}},
                      "resolve"])
    assert r.final is not None
    assert [i["id"] for i in r.final["stack"]] == ["bolt"]
    assert obj(r, "growth")["zone"] == "graveyard"


def test_cast_step_shows_the_stack_top_first() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}],
                                       "Bruno": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "growth", "targets": ["bear"]}}])
    casts = [s for s in r.steps if s.kind == "cast"]
    assert "Pila, dalla cima: Giant Growth, Lightning Bolt" in casts[1].text
    assert {"601.2", "601.2c", "405.1", "117.3c"} <= set(casts[1].rules)


def test_resolve_on_an_empty_stack_is_a_file_error() -> None:
    with pytest.raises(InvalidFileError):
        play(actions=["resolve"])


# ---------------------------------------------------------------------------------------------------------
# Timing


def test_sorcery_in_the_opponents_turn_is_refused_citing_307_1() -> None:
    r = play(active_player="Bruno", hand={"Anna": [{"id": "axe", "card": "Lava Axe"}]},
             actions=[{"cast": {"object": "axe", "targets": ["Bruno"]}}])
    assert r.error is not None and r.error["rule"] == "307.1"
    assert "Bruno" in r.error["message"]


def test_sorcery_with_a_nonempty_stack_is_refused() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "axe", "card": "Lava Axe"},
                                                {"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "axe", "targets": ["Bruno"]}}])
    assert r.error is not None and r.error["rule"] == "307.1"
    assert "la pila non è vuota" in r.error["message"]


def test_creature_spell_outside_a_main_phase_is_refused_citing_302_1() -> None:
    r = play(step="beginning_of_combat", hand={"Anna": [{"id": "bear2", "card": "Grizzly Bears"}]},
             actions=[{"cast": {"object": "bear2"}}])
    assert r.error is not None and r.error["rule"] == "302.1"


def test_instant_can_be_cast_in_the_opponents_turn() -> None:
    r = play(active_player="Bruno", step="end", battlefield=[BEAR],
             hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}}, "resolve"])
    assert r.error is None
    assert obj(r, "bear")["zone"] == "graveyard"


def test_nothing_can_be_cast_in_the_cleanup_step() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=["end_turn", {"cast": {"object": "bolt", "targets": ["bear"]}}])
    assert r.error is not None and r.error["rule"] == "117.3a"


def test_a_land_is_not_cast() -> None:
    r = play(hand={"Anna": [{"id": "forest", "card": "Forest"}]}, actions=[{"cast": {"object": "forest"}}])
    assert r.error is not None and r.error["rule"] == "305.1"


def test_a_card_in_the_graveyard_cannot_be_cast_without_permission() -> None:
    r = play(battlefield=[BEAR], graveyard={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}}])
    assert r.error is not None and r.error["rule"] == "601.3"


def test_a_player_cannot_cast_a_card_from_the_opponents_hand() -> None:
    r = play(battlefield=[BEAR], hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "controller": "Anna", "targets": ["bear"]}}])
    assert r.error is not None and r.error["rule"] == "601.3"


# ---------------------------------------------------------------------------------------------------------
# Targets on casting (601.2c)


def test_hexproof_creature_cannot_be_targeted_by_an_opponent() -> None:
    r = play(battlefield=[{"id": "troll", "card": "Troll Ascetic", "controller": "Bruno"}],
             hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["troll"]}}])
    assert r.error is not None and r.error["rule"] == "702.11b"
    assert obj(r, "bolt")["zone"] == "hand"


def test_hexproof_creature_can_be_targeted_by_its_controller() -> None:
    r = play(battlefield=[{"id": "troll", "card": "Troll Ascetic", "controller": "Anna"}],
             hand={"Anna": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "growth", "targets": ["troll"]}}, "resolve"])
    assert r.error is None
    assert obj(r, "troll")["power"] == 6


def test_shroud_creature_cannot_be_targeted_even_by_its_controller() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "keywords": ["shroud"]}],
             hand={"Anna": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "growth", "targets": ["bear"]}}])
    assert r.error is not None and r.error["rule"] == "702.18a"


def test_protection_from_red_cannot_be_targeted_by_a_red_spell() -> None:
    r = play(battlefield=[{"id": "knight", "card": "Grizzly Bears", "keywords": ["protection_from_red"],
                           "controller": "Bruno"}],
             hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["knight"]}}])
    assert r.error is not None and r.error["rule"] == "702.16b"


def test_target_that_does_not_match_the_spell_text_is_refused() -> None:
    r = play(battlefield=[{"id": "anthem", "card": "Glorious Anthem"}],
             hand={"Anna": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["anthem"]}}])
    assert r.error is not None and r.error["rule"] == "601.2c"


def test_the_same_object_cannot_be_chosen_twice_for_one_target_word() -> None:
    spell = {"id": "twin", "name": "Twin Bolt", "types": ["Instant"], "mana_cost": "{1}{R}",
             "target": {"types": ["Creature"]}, "effect": [{"damage": 1, "to": "targets"}]}
    r = play(battlefield=[BEAR], actions=[{"cast": {"object": spell, "targets": ["bear", "bear"]}}])
    assert r.error is not None and r.error["rule"] == "601.2c"


def test_a_spell_that_needs_a_target_without_targets_is_a_file_error() -> None:
    with pytest.raises(InvalidFileError):
        play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt"}}])


# ---------------------------------------------------------------------------------------------------------
# Activated abilities (602)


def test_tap_ability_of_a_summoning_sick_creature_is_refused_citing_302_6() -> None:
    r = play(battlefield=[{"id": "pyro", "card": "Prodigal Pyromancer", "summoning_sick": True}],
             actions=[{"activate": {"source": "pyro", "targets": ["Bruno"]}}])
    assert r.error is not None and r.error["rule"] == "302.6"


def test_tap_ability_with_haste_is_allowed() -> None:
    r = play(battlefield=[{"id": "pyro", "card": "Prodigal Pyromancer", "summoning_sick": True,
                           "keywords": ["haste"]}],
             actions=[{"activate": {"source": "pyro", "targets": ["Bruno"]}}, "resolve"])
    assert r.error is None
    assert life(r, "Bruno") == 19
    assert obj(r, "pyro")["tapped"] is True


def test_tap_ability_of_a_tapped_permanent_cannot_be_paid() -> None:
    r = play(battlefield=[{"id": "pyro", "card": "Prodigal Pyromancer", "tapped": True}],
             actions=[{"activate": {"source": "pyro", "targets": ["Bruno"]}}])
    assert r.error is not None and r.error["rule"] == "602.2b"


def test_paying_more_life_than_you_have_is_refused() -> None:
    source = {"id": "altar", "name": "Altare", "types": ["Artifact"],
              "abilities": [{"activated": {"cost": [{"pay_life": 5}], "effect": [{"draw": 1, "to": "you"}]}}]}
    r = play(players=[{"name": "Anna", "life": 4}, {"name": "Bruno"}], battlefield=[source],
             actions=[{"activate": {"source": "altar"}}])
    assert r.error is not None and r.error["rule"] == "119.4"
    assert life(r, "Anna") == 4


def test_activated_ability_resolves_after_its_source_is_sacrificed_as_a_cost() -> None:
    r = play(battlefield=[{"id": "fanatic", "card": "Mogg Fanatic"}, BEAR],
             actions=[{"activate": {"source": "fanatic", "targets": ["Bruno"]}}, "resolve"])
    assert r.error is None
    assert obj(r, "fanatic")["zone"] == "graveyard"
    assert life(r, "Bruno") == 19


def test_ability_index_out_of_range_is_a_file_error() -> None:
    with pytest.raises(InvalidFileError):
        play(battlefield=[{"id": "pyro", "card": "Prodigal Pyromancer"}],
             actions=[{"activate": {"source": "pyro", "ability": 3, "targets": ["Bruno"]}}])


def test_loyalty_ability_only_once_per_turn_and_as_a_sorcery() -> None:
    walker = {"id": "walker", "name": "Planeswalker di prova", "types": ["Planeswalker"], "loyalty": 3,
              "abilities": [{"activated": {"cost": [{"loyalty": 1}], "effect": [{"gain_life": 1, "to": "you"}]}}]}
    once = play(battlefield=[walker], actions=[{"activate": {"source": "walker"}}, "resolve",
                                               {"activate": {"source": "walker"}}])
    assert once.error is not None and once.error["rule"] == "306.5d"
    assert obj(once, "walker")["counters"] == {"loyalty": 4}
    busy = play(battlefield=[walker, BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
                actions=[{"cast": {"object": "bolt", "targets": ["bear"]}}, {"activate": {"source": "walker"}}])
    assert busy.error is not None and busy.error["rule"] == "306.5d"


def test_hexproof_refuses_an_opponents_ability_target() -> None:
    r = play(battlefield=[{"id": "pyro", "card": "Prodigal Pyromancer"},
                          {"id": "troll", "card": "Troll Ascetic", "controller": "Bruno"}],
             actions=[{"activate": {"source": "pyro", "targets": ["troll"]}}])
    assert r.error is not None and r.error["rule"] == "702.11b"
    assert obj(r, "pyro")["tapped"] is False


# ---------------------------------------------------------------------------------------------------------
# Resolving (608)


def test_spell_whose_only_target_became_illegal_does_not_resolve() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}],
                   "Anna": [{"id": "guile", "card": "Ranger's Guile"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "guile", "targets": ["bear"]}}, {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "bear")["damage"] == 0
    assert obj(r, "bolt")["zone"] == "graveyard"
    assert steps_with(r, "608.2b")


def test_illegal_targets_among_legal_ones_are_not_affected() -> None:
    spell = {"id": "twin", "name": "Twin Bolt", "types": ["Instant"], "mana_cost": "{1}{R}",
             "target": {"types": ["Creature"]}, "effect": [{"damage": 2, "to": "targets"}]}
    r = play(battlefield=[{"id": "mine", "card": "Grizzly Bears"}, {"id": "theirs", "card": "Grizzly Bears",
                                                                    "controller": "Bruno"}],
             hand={"Anna": [{"id": "guile", "card": "Ranger's Guile"}]},
             actions=[{"cast": {"object": spell, "controller": "Bruno", "targets": ["mine", "theirs"]}},
                      {"cast": {"object": "guile", "targets": ["mine"]}}, {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "mine")["damage"] == 0 and obj(r, "mine")["zone"] == "battlefield"
    assert obj(r, "theirs")["zone"] == "graveyard"


def test_an_illegal_first_target_is_not_replaced_by_the_second() -> None:
    spell = {"id": "pick", "name": "Scelta", "types": ["Instant"], "mana_cost": "{B}",
             "target": {"types": ["Creature"]}, "effect": [{"destroy": True, "to": "target"}]}
    r = play(battlefield=[{"id": "mine", "card": "Grizzly Bears"}, {"id": "theirs", "card": "Grizzly Bears",
                                                                    "controller": "Bruno"}],
             hand={"Anna": [{"id": "guile", "card": "Ranger's Guile"}]},
             actions=[{"cast": {"object": spell, "controller": "Bruno", "targets": ["mine", "theirs"]}},
                      {"cast": {"object": "guile", "targets": ["mine"]}}, {"resolve": "all"}])
    assert obj(r, "mine")["zone"] == "battlefield"
    assert obj(r, "theirs")["zone"] == "battlefield"


def test_target_that_changed_zones_is_a_new_object_and_illegal() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}],
                   "Anna": [{"id": "blink", "card": "Cloudshift"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "blink", "targets": ["bear"]}}, {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "bear")["zone"] == "battlefield" and obj(r, "bear")["damage"] == 0
    assert any("400.7" in s.rules and "608.2b" in s.rules for s in r.steps)


def test_instant_goes_to_the_graveyard_as_the_last_step_of_resolution() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}}, "resolve"])
    kinds = [(s.kind, tuple(s.rules)) for s in r.steps]
    damage_at = next(i for i, (k, _r) in enumerate(kinds) if k == "damage")
    graveyard_at = next(i for i, (_k, rules) in enumerate(kinds) if "608.2n" in rules)
    sba_at = next(i for i, (_k, rules) in enumerate(kinds) if "704.5g" in rules)
    assert damage_at < graveyard_at < sba_at
    assert obj(r, "bolt")["zone"] == "graveyard"


def test_permanent_spell_enters_the_battlefield_under_its_casters_control() -> None:
    r = play(hand={"Anna": [{"id": "bear2", "card": "Grizzly Bears"}]},
             actions=[{"cast": {"object": "bear2"}}, "resolve"])
    assert obj(r, "bear2")["zone"] == "battlefield"
    assert obj(r, "bear2")["controller"] == "Anna"
    assert steps_with(r, "608.3")


def test_aura_spell_attaches_to_its_target() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             hand={"Anna": [{"id": "strength", "card": "Unholy Strength"}]},
             actions=[{"cast": {"object": "strength", "targets": ["bear"]}}, "resolve"])
    assert obj(r, "strength")["attached_to"] == "bear"
    assert obj(r, "bear")["power"] == 4 and obj(r, "bear")["toughness"] == 3


def test_aura_spell_whose_target_left_does_not_resolve() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             hand={"Anna": [{"id": "strength", "card": "Unholy Strength"}],
                   "Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "strength", "targets": ["bear"]}},
                      {"cast": {"object": "bolt", "targets": ["bear"]}}, {"resolve": "all"}])
    assert obj(r, "strength")["zone"] == "graveyard"
    assert obj(r, "bear")["zone"] == "graveyard"


def test_counterspell_counters_a_spell_which_goes_to_the_graveyard() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}],
                                       "Bruno": [{"id": "counter", "card": "Counterspell"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "counter", "targets": ["bolt"]}}, {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "bolt")["zone"] == "graveyard"
    assert obj(r, "counter")["zone"] == "graveyard"
    assert obj(r, "bear")["damage"] == 0
    assert steps_with(r, "701.6a")


def test_nothing_resolves_after_the_game_is_over() -> None:
    r = play(players=[{"name": "Anna"}, {"name": "Bruno", "life": 3}], battlefield=[BEAR],
             hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}, {"id": "shock", "card": "Shock"}]},
             actions=[{"cast": {"object": "shock", "targets": ["bear"]}},
                      {"cast": {"object": "bolt", "targets": ["Bruno"]}}, "resolve", "resolve"])
    assert life(r, "Bruno") == 0
    assert obj(r, "bear")["zone"] == "battlefield"
    assert steps_with(r, "104.1")


def test_responding_means_the_other_player_passed_priority() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}],
                                       "Bruno": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": "growth", "targets": ["bear"]}}])
    first, second = [s for s in r.steps if s.kind == "cast"]
    assert "117.3d" not in first.rules
    assert "117.3d" in second.rules and second.text.startswith("Anna passa la priorità")
    assert "in risposta" in second.text
