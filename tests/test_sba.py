"""State-based actions (CR 704): each one, simultaneity (704.3), indestructible and regeneration."""

from __future__ import annotations

from replay_helpers import obj, play, rules_cited


def test_704_5a_player_with_zero_life_loses() -> None:
    r = play(players=[{"name": "Anna"}, {"name": "Bruno", "life": 2}],
             hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["Bruno"]}}, "resolve"])
    assert r.final is not None and r.final["players"]["Bruno"]["life"] == -1
    assert any("704.5a" in s.rules and "Bruno" in s.text and "perde la partita" in s.text for s in r.steps)


def test_704_5c_ten_poison_counters_lose_the_game() -> None:
    r = play(players=[{"name": "Anna"}, {"name": "Bruno", "poison": 9}],
             battlefield=[{"id": "elf", "card": "Glistener Elf"}],
             actions=[{"declare_attackers": {"elf": "Bruno"}}, "combat_damage"])
    assert r.final is not None and r.final["players"]["Bruno"]["poison"] == 10
    assert any("704.5c" in s.rules and "Bruno" in s.text for s in r.steps)


def test_704_5d_token_that_left_the_battlefield_ceases_to_exist() -> None:
    r = play(hand={"Anna": [{"id": "alarm", "card": "Raise the Alarm"}],
                   "Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "alarm"}}, "resolve",
                      {"cast": {"object": "bolt", "targets": ["soldier"]}}, "resolve"])
    assert obj(r, "soldier")["zone"] == "gone"
    assert obj(r, "soldier#2")["zone"] == "battlefield"
    assert "704.5d" in rules_cited(r)


def test_704_5f_zero_toughness_goes_to_the_graveyard_even_if_indestructible() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "keywords": ["indestructible"]},
                          {"id": "weight", "card": "Dead Weight", "attached_to": "bear"}])
    assert obj(r, "bear")["zone"] == "graveyard"
    assert "704.5f" in rules_cited(r)


def test_704_5f_regeneration_does_not_save_a_zero_toughness_creature() -> None:
    r = play(battlefield=[{"id": "troll", "card": "Troll Ascetic"}],
             hand={"Anna": [{"id": "weight", "card": "Dead Weight"}]},
             actions=[{"activate": {"source": "troll"}}, "resolve",
                      {"cast": {"object": "weight", "targets": ["troll"]}}, "resolve"])
    assert obj(r, "troll")["zone"] == "graveyard"


def test_704_5g_lethal_damage_destroys_a_creature() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "damage": 2}])
    assert obj(r, "bear")["zone"] == "graveyard"
    assert "704.5g" in rules_cited(r)


def test_704_5g_indestructible_creature_survives_lethal_damage_and_it_is_said_once() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "damage": 5, "keywords": ["indestructible"]}],
             actions=["state_based_actions", "state_based_actions"])
    assert obj(r, "bear")["zone"] == "battlefield"
    notes = [s for s in r.steps if "702.12b" in s.rules]
    assert len(notes) == 1


def test_704_5g_regeneration_shield_replaces_the_destruction() -> None:
    r = play(battlefield=[{"id": "skel", "card": "Drudge Skeletons"}],
             hand={"Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"activate": {"source": "skel"}}, "resolve",
                      {"cast": {"object": "bolt", "targets": ["skel"]}}, "resolve"])
    skel = obj(r, "skel")
    assert skel["zone"] == "battlefield" and skel["damage"] == 0 and skel["tapped"] is True
    assert "701.19a" in rules_cited(r)


def test_704_5h_deathtouch_damage_destroys_a_big_creature() -> None:
    r = play(battlefield=[{"id": "wurm", "card": "Craw Wurm", "damage": 1, "deathtouch_damage": True}])
    assert obj(r, "wurm")["zone"] == "graveyard"
    assert "704.5h" in rules_cited(r)


def test_704_5h_deathtouch_source_pinging_a_creature() -> None:
    r = play(battlefield=[{"id": "pyro", "card": "Prodigal Pyromancer", "keywords": ["deathtouch"]},
                          {"id": "wurm", "card": "Craw Wurm", "controller": "Bruno"}],
             actions=[{"activate": {"source": "pyro", "targets": ["wurm"]}}, "resolve"])
    assert obj(r, "wurm")["zone"] == "graveyard"


def test_704_5h_deathtouch_spell_on_the_stack_is_a_noncombat_deathtouch_source() -> None:
    spirit = {"id": "spirit", "name": "Spirito", "types": ["Creature"], "power": 3, "toughness": 2,
              "abilities": [{"static": {"affects": {"types": ["Instant"], "zone": "stack", "controller": "you"},
                                        "add_keywords": ["deathtouch"]}}]}
    r = play(battlefield=[spirit, {"id": "wurm", "card": "Craw Wurm", "controller": "Bruno"}],
             hand={"Anna": [{"id": "shock", "card": "Shock"}]},
             actions=[{"cast": {"object": "shock", "targets": ["wurm"]}}, "resolve"])
    assert obj(r, "wurm")["zone"] == "graveyard"
    assert "704.5h" in rules_cited(r)


def test_both_players_losing_at_once_is_a_draw() -> None:
    r = play(players=[{"name": "Anna", "life": 0}, {"name": "Bruno", "poison": 10}])
    assert "104.4a" in rules_cited(r)


def test_704_5h_is_checked_only_since_the_last_check() -> None:
    """Deathtouch damage on an indestructible creature is used up by the check; losing indestructible later
    does not destroy it (only lethal damage would)."""
    r = play(battlefield=[{"id": "wurm", "card": "Craw Wurm", "damage": 1, "deathtouch_damage": True}],
             effects=[{"source": "Protezione temporanea", "affects": ["wurm"], "add_keywords": ["indestructible"],
                       "duration": "end_of_turn"}],
             actions=["end_turn"])
    assert obj(r, "wurm")["zone"] == "battlefield"


def test_704_5i_planeswalker_without_loyalty_goes_to_the_graveyard() -> None:
    r = play(battlefield=[{"id": "lili", "card": "Liliana of the Veil", "controller": "Bruno"}],
             hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["lili"]}}, "resolve"])
    assert obj(r, "lili")["zone"] == "graveyard"
    assert "704.5i" in rules_cited(r)


def test_704_5j_legend_rule_keeps_the_oldest_without_a_choice_and_says_so() -> None:
    r = play(battlefield=[{"id": "old", "card": "Isamaru, Hound of Konda"}],
             hand={"Anna": [{"id": "new", "card": "Isamaru, Hound of Konda"}]},
             actions=[{"cast": {"object": "new"}}, "resolve"])
    assert obj(r, "old")["zone"] == "battlefield"
    assert obj(r, "new")["zone"] == "graveyard"
    step = next(s for s in r.steps if "704.5j" in s.rules)
    assert "senza una scelta" in step.text


def test_704_5j_legend_rule_choice_keeps_the_named_one() -> None:
    r = play(battlefield=[{"id": "old", "card": "Isamaru, Hound of Konda"}],
             hand={"Anna": [{"id": "new", "card": "Isamaru, Hound of Konda"}]},
             actions=[{"cast": {"object": "new"}}, "resolve"], choices={"old": ["new"]})
    assert obj(r, "old")["zone"] == "graveyard"
    assert obj(r, "new")["zone"] == "battlefield"
    assert not any("non è servita" in s.text for s in r.steps)


def test_704_5j_legend_rule_is_per_controller() -> None:
    r = play(battlefield=[{"id": "mine", "card": "Isamaru, Hound of Konda"},
                          {"id": "theirs", "card": "Isamaru, Hound of Konda", "controller": "Bruno"}])
    assert obj(r, "mine")["zone"] == "battlefield" and obj(r, "theirs")["zone"] == "battlefield"


def test_704_5k_world_rule_keeps_the_newest() -> None:
    world = {"name": "Mondo", "types": ["Enchantment"], "supertypes": ["World"]}
    r = play(battlefield=[{"id": "w1", **world, "timestamp": 1}, {"id": "w2", **world, "timestamp": 2}])
    assert obj(r, "w1")["zone"] == "graveyard" and obj(r, "w2")["zone"] == "battlefield"
    assert "704.5k" in rules_cited(r)


def test_704_5m_aura_whose_creature_died_goes_to_the_graveyard() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"},
                          {"id": "strength", "card": "Unholy Strength", "attached_to": "bear"}],
             hand={"Bruno": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["bear"]}}, "resolve"])
    assert obj(r, "strength")["zone"] == "graveyard"
    assert "704.5m" in rules_cited(r)


def test_704_5m_aura_attached_to_something_it_cannot_enchant() -> None:
    r = play(battlefield=[{"id": "forest", "card": "Forest"},
                          {"id": "strength", "card": "Unholy Strength", "attached_to": "forest"}])
    assert obj(r, "strength")["zone"] == "graveyard"


def test_704_5m_aura_and_protection_from_its_colour() -> None:
    r = play(battlefield=[{"id": "knight", "card": "White Knight"},
                          {"id": "strength", "card": "Unholy Strength", "attached_to": "knight"}])
    assert obj(r, "strength")["zone"] == "graveyard"
    assert "702.16c" in rules_cited(r)


def test_704_5n_equipment_stays_when_the_creature_leaves() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"},
                          {"id": "collar", "card": "Basilisk Collar", "attached_to": "bear"}],
             hand={"Bruno": [{"id": "murder", "card": "Murder"}]},
             actions=[{"cast": {"object": "murder", "targets": ["bear"]}}, "resolve"])
    collar = obj(r, "collar")
    assert collar["zone"] == "battlefield" and collar["attached_to"] is None
    assert "704.5n" in rules_cited(r)


def test_704_5p_a_creature_cannot_stay_attached() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"},
                          {"id": "ox", "card": "Pillarfield Ox", "attached_to": "bear"}])
    assert obj(r, "ox")["attached_to"] is None and obj(r, "ox")["zone"] == "battlefield"
    assert "704.5p" in rules_cited(r)


def test_704_5q_plus_and_minus_counters_annihilate() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears", "counters": {"+1/+1": 2, "-1/-1": 3}}])
    assert obj(r, "bear")["counters"] == {"-1/-1": 1}
    assert obj(r, "bear")["power"] == 1
    assert "704.5q" in rules_cited(r)


def test_704_5v_battle_without_defense_goes_to_the_graveyard() -> None:
    r = play(battlefield=[{"id": "siege", "card": "Invasion of Dominaria", "controller": "Bruno"}],
             hand={"Anna": [{"id": "axe", "card": "Lightning Bolt"}]},
             effects=[], actions=[{"cast": {"object": "axe", "targets": ["siege"]}}, "resolve",
                                  {"cast": {"object": {"id": "bolt2", "card": "Lightning Bolt"},
                                            "targets": ["siege"]}}, "resolve"])
    assert obj(r, "siege")["zone"] == "graveyard"
    assert "704.5v" in rules_cited(r)


def test_state_based_actions_are_simultaneous_and_repeated_until_none_applies() -> None:
    """Hurricane-like chain: a lord and its Faeries die in successive checks, each check one event."""
    lord = {"id": "lord", "name": "Signore", "types": ["Creature"], "subtypes": ["Faerie"], "power": 1,
            "toughness": 1, "abilities": [{"static": {"affects": {"types": ["Creature"], "subtypes": ["Faerie"],
                                                                  "other": True}, "modify_pt": [1, 1]}}]}
    fae = {"name": "Folletto", "types": ["Creature"], "subtypes": ["Faerie"], "power": 1, "toughness": 1}
    r = play(battlefield=[lord, {"id": "f1", **fae}, {"id": "f2", **fae}],
             actions=[{"cast": {"object": {"id": "storm", "name": "Tempesta", "types": ["Sorcery"],
                                           "effect": [{"damage": 1, "to": {"types": ["Creature"]}}]}}},
                      "resolve"])
    for oid in ("lord", "f1", "f2"):
        assert obj(r, oid)["zone"] == "graveyard"
    checks = [i for i, s in enumerate(r.steps) if s.kind == "sba" and s.rules == ["704.3"]]
    assert len(checks) == 2
    first, second = checks
    between = [s.text for s in r.steps[first:second] if "704.5g" in s.rules]
    assert len(between) == 1 and between[0].startswith("Signore")


def test_the_state_based_actions_action_reports_the_check() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}], actions=["state_based_actions"])
    assert any(s.kind == "sba" and "704.3" in s.rules for s in r.steps)
    assert obj(r, "bear")["zone"] == "battlefield"
