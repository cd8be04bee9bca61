"""The layer system (CR 613) on small inline scenarios: each test names the rule it checks."""

from __future__ import annotations

from typing import Any

from judgekit.ruling.run import run_text

HEAD = """
title: prova
source: test
players: [{name: Anna}, {name: Bruno}]
"""

HUMILITY = ("{id: humility, name: Humility, types: [Enchantment], mana_cost: '{2}{W}{W}', abilities: "
            "[{static: {affects: {types: [Creature]}, remove_all_abilities: true, set_pt: [1, 1]}}]}")
OPALESCENCE = ("{id: opalescence, name: Opalescence, types: [Enchantment], mana_cost: '{2}{W}{W}', abilities: "
               "[{static: {affects: {types: [Enchantment], not_subtypes: [Aura], other: true}, add_types: [Creature], "
               "set_pt: {power: mana_value, toughness: mana_value}}}]}")
BLOOD_MOON = ("{id: moon, name: Blood Moon, types: [Enchantment], mana_cost: '{2}{R}', abilities: "
              "[{static: {affects: {types: [Land], not_supertypes: [Basic]}, set_land_types: [Mountain]}}]}")
URBORG = ("{id: urborg, name: 'Urborg, Tomb of Yawgmoth', types: [Land], supertypes: [Legendary], abilities: "
          "[{static: {affects: {types: [Land]}, add_subtypes: [Swamp]}}]}")


def run(body: str) -> Any:
    ruling = run_text(HEAD + body)
    assert ruling.error is None, ruling.error
    return ruling


def obj(ruling: Any, oid: str) -> dict[str, Any]:
    result: dict[str, Any] = ruling.final["objects"][oid]
    return result


def test_humility_opalescence_timestamp_order_humility_first() -> None:
    """CR 613.7 and the CR 613 example: Humility older -> Opalescence's 7b applies last: Humility is 4/4."""
    r = run(f"""
battlefield:
  - {HUMILITY}
  - {OPALESCENCE}
  - {{id: angel, name: Serra Angel, types: [Creature], power: 4, toughness: 4, keywords: [flying, vigilance]}}
""")
    assert (obj(r, "humility")["power"], obj(r, "humility")["toughness"]) == (4, 4)
    assert obj(r, "humility")["abilities"] == []
    assert obj(r, "opalescence")["types"] == ["Enchantment"]
    assert obj(r, "opalescence")["abilities"] == ["static"]
    assert (obj(r, "angel")["power"], obj(r, "angel")["keywords"]) == (1, [])


def test_humility_opalescence_timestamp_order_opalescence_first() -> None:
    """CR 613.6, 613.7: Opalescence older -> Humility (already applying since layer 6) makes itself 1/1."""
    r = run(f"""
battlefield:
  - {OPALESCENCE}
  - {HUMILITY}
""")
    assert (obj(r, "humility")["power"], obj(r, "humility")["toughness"]) == (1, 1)
    assert obj(r, "humility")["types"] == ["Creature", "Enchantment"]


def test_blood_moon_applies_before_urborg_regardless_of_timestamp() -> None:
    """CR 613.8a, 305.7: Urborg's effect depends on Blood Moon (which removes Urborg's ability)."""
    for order in ((BLOOD_MOON, URBORG), (URBORG, BLOOD_MOON)):
        r = run(f"""
battlefield:
  - {order[0]}
  - {order[1]}
  - {{id: forest, name: Forest, types: [Land], supertypes: [Basic], subtypes: [Forest]}}
""")
        assert obj(r, "urborg")["subtypes"] == ["Mountain"]
        assert obj(r, "urborg")["mana"] == ["R"]
        assert obj(r, "urborg")["abilities"] == []
        assert obj(r, "forest")["subtypes"] == ["Forest"]
        assert obj(r, "forest")["mana"] == ["G"]
        dependency = [s for s in r.steps if s.kind == "layer" and "613.8a" in s.rules]
        assert dependency, "the dependency must be explained"


def test_squirrel_nest_ability_survives_blood_moon() -> None:
    """CR 305.7, 613.1f: Blood Moon removes only the land's own abilities (layer 4); the ability granted by
    Squirrel Nest is added in layer 6 and stays."""
    r = run(f"""
battlefield:
  - {{id: coast, name: Yavimaya Coast, types: [Land], abilities: [{{mana: [C]}}, {{mana: [G, U]}}]}}
  - {{id: nest, name: Squirrel Nest, types: [Enchantment], subtypes: [Aura], target: {{types: [Land]}},
      attached_to: coast, abilities: [{{static: {{affects: enchanted, add_abilities: [{{activated: {{cost: [tap],
      effect: [{{create_token: {{name: Squirrel, types: [Creature], subtypes: [Squirrel], power: 1, toughness: 1}},
      to: you}}]}}}}]}}}}]}}
  - {BLOOD_MOON}
""")
    assert obj(r, "coast")["subtypes"] == ["Mountain"]
    assert obj(r, "coast")["mana"] == ["R"]
    assert obj(r, "coast")["abilities"] == ["activated"]


def test_natural_emergence_keeps_applying_after_humility_removes_its_ability() -> None:
    """CR 613.6: an effect that started in layer 4 keeps applying in 7b even after Humility (layer 6)."""
    r = run(f"""
battlefield:
  - {{id: emergence, name: Natural Emergence, types: [Enchantment], mana_cost: '{{2}}{{R}}{{G}}', abilities:
      [{{static: {{affects: {{types: [Land], controller: you}}, add_types: [Creature], add_keywords: [first_strike],
      set_pt: [2, 2]}}}}]}}
  - {HUMILITY}
  - {OPALESCENCE}
  - {{id: land, name: Forest, types: [Land], supertypes: [Basic], subtypes: [Forest]}}
""")
    land = obj(r, "land")
    assert land["types"] == ["Creature", "Land"]
    assert (land["power"], land["toughness"]) == (1, 1)
    assert land["keywords"] == []
    # Opalescence (timestamp 2) sets Natural Emergence to 4/4 after Humility (1).
    assert (obj(r, "emergence")["power"], obj(r, "emergence")["toughness"]) == (4, 4)


def test_counters_apply_in_7c_and_switch_in_7d() -> None:
    """CR 613.4b-d (current rules): set 0/1, +0/+1 twice, +3/+3, a +1/+1 counter, then switch: 7/4."""
    r = run("""
battlefield:
  - {id: wind, name: Windreaver, types: [Creature], power: 1, toughness: 3, counters: {"+1/+1": 1}}
effects:
  - {source: Windreaver, affects: [wind], modify_pt: [0, 1]}
  - {source: Windreaver, affects: [wind], modify_pt: [0, 1]}
  - {source: Giant Growth, affects: [wind], modify_pt: [3, 3]}
  - {source: Windreaver, affects: [wind], switch_pt: true}
  - {source: Humble, affects: [wind], remove_all_abilities: true, set_pt: [0, 1]}
""")
    assert (obj(r, "wind")["power"], obj(r, "wind")["toughness"]) == (7, 4)


def test_characteristic_defining_ability_applies_first_and_set_overrides_it() -> None:
    """CR 613.3, 613.4a-b: Tarmogoyf's CDA (7a), then Diminish sets 1/1 (7b), then +1/+1 (7c)."""
    r = run("""
battlefield:
  - {id: goyf, name: Tarmogoyf, types: [Creature], power: 0, toughness: 1, abilities: [{static: {cda:
      {power: {card_types_in_graveyards: true}, toughness: {card_types_in_graveyards: true, plus: 1}}}}]}
graveyard:
  Anna:
    - {id: bolt, name: Lightning Bolt, types: [Instant]}
    - {id: bear, name: Grizzly Bears, types: [Creature]}
""")
    assert (obj(r, "goyf")["power"], obj(r, "goyf")["toughness"]) == (2, 3)
    r = run("""
battlefield:
  - {id: goyf, name: Tarmogoyf, types: [Creature], power: 0, toughness: 1, abilities: [{static: {cda:
      {power: {card_types_in_graveyards: true}, toughness: {card_types_in_graveyards: true, plus: 1}}}}]}
  - {id: anthem, name: Glorious Anthem, types: [Enchantment], abilities: [{static: {affects: {types: [Creature],
      controller: you}, modify_pt: [1, 1]}}]}
graveyard:
  Anna: [{id: bolt, name: Lightning Bolt, types: [Instant]}]
effects:
  - {source: Diminish, affects: [goyf], set_pt: [1, 1]}
""")
    assert (obj(r, "goyf")["power"], obj(r, "goyf")["toughness"]) == (2, 2)


def test_cda_works_in_every_zone() -> None:
    """CR 604.3: a characteristic-defining ability functions everywhere (Tarmogoyf in a graveyard)."""
    r = run("""
graveyard:
  Anna:
    - {id: goyf, name: Tarmogoyf, types: [Creature], power: 0, toughness: 1, abilities: [{static: {cda:
        {power: {card_types_in_graveyards: true}, toughness: {card_types_in_graveyards: true, plus: 1}}}}]}
    - {id: bolt, name: Lightning Bolt, types: [Instant]}
""")
    assert (obj(r, "goyf")["power"], obj(r, "goyf")["toughness"]) == (2, 3)


def test_copy_of_a_copy_takes_the_exception_in_either_timestamp_order() -> None:
    """CR 707.9b, 613.8a: Clone copying Quicksilver Gargantuan (a copy of a bear, except 7/7) is a 7/7 bear;
    the Clone's copy effect depends on Gargantuan's, whatever the timestamps."""
    for ts_gargantuan, ts_clone in ((5, 6), (6, 5)):
        r = run(f"""
battlefield:
  - {{id: bear, name: Grizzly Bears, types: [Creature], subtypes: [Bear], mana_cost: '{{1}}{{G}}', power: 2,
      toughness: 2}}
  - {{id: qg, name: Quicksilver Gargantuan, types: [Creature], subtypes: [Shapeshifter], power: 7, toughness: 7}}
  - {{id: clone, name: Clone, types: [Creature], subtypes: [Shapeshifter], power: 0, toughness: 0}}
effects:
  - {{source: Quicksilver Gargantuan, affects: [qg], copy_of: bear, except: {{power: 7, toughness: 7}},
      duration: permanent, timestamp: {ts_gargantuan}}}
  - {{source: Clone, affects: [clone], copy_of: qg, duration: permanent, timestamp: {ts_clone}}}
""")
        clone = obj(r, "clone")
        assert (clone["name"], clone["power"], clone["toughness"]) == ("Grizzly Bears", 7, 7)
        assert clone["colors"] == ["green"]


def test_control_changing_aura_moves_the_permanent_and_its_anthem() -> None:
    """CR 613.1b: Mind Control changes the controller; "you" of the stolen anthem is its new controller."""
    r = run("""
battlefield:
  - {id: lord, name: Lord, types: [Creature], power: 2, toughness: 2, controller: Bruno, abilities:
      [{static: {affects: {types: [Creature], controller: you, other: true}, modify_pt: [1, 1]}}]}
  - {id: mine, name: Bear A, types: [Creature], power: 2, toughness: 2, controller: Anna}
  - {id: theirs, name: Bear B, types: [Creature], power: 2, toughness: 2, controller: Bruno}
  - {id: mc, name: Mind Control, types: [Enchantment], subtypes: [Aura], controller: Anna, attached_to: lord,
      abilities: [{static: {affects: enchanted, control: you}}]}
""")
    assert obj(r, "lord")["controller"] == "Anna"
    assert obj(r, "mine")["power"] == 3
    assert obj(r, "theirs")["power"] == 2


def test_creature_type_not_gained_by_a_noncreature() -> None:
    """CR 205.3d: after Gideon stops being a creature, Olivia's effect can't make it a Vampire."""
    gideon = ("{id: gideon, name: Gideon Jura, types: [Planeswalker], subtypes: [Gideon], loyalty: 6}")
    r = run(f"""
battlefield:
  - {gideon}
effects:
  - {{source: Gideon Jura, affects: [gideon], add_types: [Creature], add_subtypes: [Human, Soldier],
      set_pt: [6, 6], timestamp: 5}}
  - {{source: Olivia Voldaren, affects: [gideon], add_subtypes: [Vampire], duration: permanent, timestamp: 6}}
""")
    assert obj(r, "gideon")["subtypes"] == ["Gideon", "Human", "Soldier", "Vampire"]
    r = run(f"""
battlefield:
  - {gideon}
effects:
  - {{source: Olivia Voldaren, affects: [gideon], add_subtypes: [Vampire], duration: permanent}}
""")
    assert obj(r, "gideon")["subtypes"] == ["Gideon"]


def test_dependency_loop_falls_back_to_timestamp_order() -> None:
    """CR 613.8b: two effects that each change what the other applies to form a loop: timestamp order."""
    r = run("""
battlefield:
  - {id: a, name: Effetto A, types: [Artifact], abilities: [{static: {affects: {types: [Artifact]},
      add_types: [Enchantment]}}]}
  - {id: b, name: Effetto B, types: [Enchantment], abilities: [{static: {affects: {types: [Enchantment]},
      add_types: [Artifact]}}]}
""")
    assert obj(r, "a")["types"] == ["Artifact", "Enchantment"]
    assert obj(r, "b")["types"] == ["Artifact", "Enchantment"]
    assert any("613.8b" in s.rules for s in r.steps)


def test_static_ability_set_is_reevaluated_and_resolved_spell_set_is_fixed() -> None:
    """CR 611.3a vs 611.2c: an anthem affects a creature that arrives later; a resolved "+1/+1 until end of
    turn" to all creatures does not."""
    r = run("""
battlefield:
  - {id: anthem, name: Glorious Anthem, types: [Enchantment], abilities: [{static: {affects: {types: [Creature],
      controller: you}, modify_pt: [1, 1]}}]}
  - {id: old, name: Old Bear, types: [Creature], power: 2, toughness: 2}
hand:
  Anna:
    - {id: new, name: New Bear, types: [Creature], power: 2, toughness: 2, mana_cost: '{1}{G}'}
actions:
  - cast: {object: {id: rally, name: Rally, types: [Instant], effect: [{modify_pt: [1, 1],
      to: {types: [Creature], controller: you}}]}, controller: Anna}
  - resolve
  - cast: {object: new}
  - resolve
""")
    assert obj(r, "old")["power"] == 4
    assert obj(r, "new")["power"] == 3


def test_condition_is_checked_where_the_effect_would_apply() -> None:
    """CR 604.1 (conditional static abilities): 5 or more enchantments -> +2/+2; otherwise nothing."""
    ench = "{{id: e{n}, name: E{n}, types: [Enchantment]}}"
    body = """
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2, abilities: [{static: {affects: self,
      condition: {count: {types: [Enchantment], controller: you}, at_least: 3}, modify_pt: [2, 2]}}]}
"""
    few = run("battlefield:" + body + "".join("  - " + ench.format(n=n) + "\n" for n in range(2)))
    many = run("battlefield:" + body + "".join("  - " + ench.format(n=n) + "\n" for n in range(3)))
    assert obj(few, "bear")["power"] == 2
    assert obj(many, "bear")["power"] == 4


def test_value_expressions() -> None:
    """SCENARIO-FORMAT VALUE (CR 608.2h for values): count, hand_size, life, times, plus, negate."""
    r = run_text("""
title: prova
source: test
players: [{name: Anna, life: 7}, {name: Bruno}]
battlefield:
  - {id: x, name: X, types: [Creature], power: 0, toughness: 10, abilities: [{static: {affects: self,
      modify_pt: {power: {count: {types: [Creature]}, times: 2, plus: 1}, toughness: {life: you, negate: true}}}}]}
  - {id: y, name: Y, types: [Creature], power: 1, toughness: 1, abilities: [{static: {affects: self,
      modify_pt: {power: {hand_size: you}, toughness: {hand_size: opponent}}}}]}
hand:
  Anna: [{id: c1, name: C1, types: [Sorcery]}, {id: c2, name: C2, types: [Sorcery]}]
""")
    assert obj(r, "x")["power"] == 5
    assert obj(r, "x")["toughness"] == 3
    assert (obj(r, "y")["power"], obj(r, "y")["toughness"]) == (3, 1)


def test_power_of_uses_last_known_information() -> None:
    """CR 608.2h: the power of a creature that has left the battlefield is its last known power."""
    r = run("""
battlefield:
  - {id: big, name: Big, types: [Creature], power: 5, toughness: 5}
  - {id: small, name: Small, types: [Creature], power: 1, toughness: 1}
actions:
  - cast: {object: {id: fling, name: Fling, types: [Instant], target: {types: [Creature]}, effect:
      [{destroy: true, to: target}, {modify_pt: {power: {power_of: big}, toughness: 0}, to: small}]},
      controller: Anna, targets: [big]}
  - resolve
""")
    assert obj(r, "big")["zone"] == "graveyard"
    assert obj(r, "small")["power"] == 6


def test_text_change_swaps_a_color_word_in_own_text() -> None:
    """CR 612.2, 613.1c: Sleight of Mind changes "black" into "green" in the object's own text."""
    r = run("""
battlefield:
  - {id: knight, name: White Knight, types: [Creature], power: 2, toughness: 2, keywords: [protection_from_black]}
effects:
  - {source: Sleight of Mind, affects: [knight], text_change: {from: black, to: green}, duration: permanent}
""")
    assert obj(r, "knight")["keywords"] == ["protection_from_green"]


def test_all_creature_types_only_for_creatures() -> None:
    """CR 205.3m, 205.3d: "all creature types" (e.g. changeling) on a creature lists every creature type."""
    r = run("""
battlefield:
  - {id: shape, name: Shapeshifter, types: [Creature], power: 1, toughness: 1, abilities: [{static:
      {affects: self, all_creature_types: true}}]}
  - {id: rock, name: Rock, types: [Artifact], abilities: [{static: {affects: self, all_creature_types: true}}]}
  - {id: lord, name: Goblin Lord, types: [Creature], power: 1, toughness: 1, abilities: [{static:
      {affects: {subtypes: [Goblin], other: true}, modify_pt: [1, 1]}}]}
""")
    assert "Goblin" in obj(r, "shape")["subtypes"] and "Zombie" in obj(r, "shape")["subtypes"]
    assert obj(r, "shape")["power"] == 2
    assert obj(r, "rock")["subtypes"] == []


def test_basic_land_types_give_intrinsic_mana_abilities() -> None:
    """CR 305.6: a land with a basic land type has its mana ability; Urborg makes every land a Swamp."""
    r = run(f"""
battlefield:
  - {URBORG}
  - {{id: forest, name: Forest, types: [Land], supertypes: [Basic], subtypes: [Forest]}}
""")
    assert obj(r, "forest")["mana"] == ["B", "G"]
    assert obj(r, "urborg")["mana"] == ["B"]


def test_layer_tables_show_every_application() -> None:
    """CR 613.1: the ruling explains each object's characteristics layer by layer."""
    r = run(f"""
battlefield:
  - {HUMILITY}
  - {OPALESCENCE}
""")
    table = next(t for t in r.layers if t.id == "humility")
    layers = [row["layer"] for row in table.rows]
    assert layers == ["4", "6", "7b", "7b"]
    assert all(row["rules"] for row in table.rows)


def test_static_ability_granted_by_another_effect_also_applies() -> None:
    """CR 613.1f, 613.8a: an ability granted in layer 6 generates its own effects (here in 6 and 7c),
    applied after the effect it depends on."""
    r = run("""
battlefield:
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
  - {id: bird, name: Bird, types: [Creature], power: 1, toughness: 1}
  - {id: crown, name: Crown, types: [Enchantment], subtypes: [Aura], attached_to: bear, abilities: [{static:
      {affects: enchanted, add_abilities: [{static: {affects: {types: [Creature], other: true},
      add_keywords: [flying], modify_pt: [1, 0]}}]}}]}
""")
    assert obj(r, "bird")["keywords"] == ["flying"]
    assert obj(r, "bird")["power"] == 2
    assert obj(r, "bear")["keywords"] == [] and obj(r, "bear")["power"] == 2


def test_effect_depending_on_a_loop_waits_for_the_loop() -> None:
    """CR 613.8a-c: A and B depend on each other (a loop: timestamp order, A first); C, older than both,
    depends on A, so it waits for A; then the order is re-evaluated (C before B by timestamp)."""
    r = run("""
battlefield:
  - {id: c, name: Effetto C, types: [Land], timestamp: 0, abilities: [{static: {affects: {types: [Enchantment]},
      add_supertypes: [Snow]}}]}
  - {id: a, name: Effetto A, types: [Artifact], timestamp: 1, abilities: [{static: {affects: {types: [Artifact]},
      add_types: [Enchantment]}}]}
  - {id: b, name: Effetto B, types: [Enchantment], timestamp: 2, abilities: [{static: {affects: {types:
      [Enchantment]}, add_types: [Artifact]}}]}
""")
    for oid in ("a", "b"):
        assert obj(r, oid)["types"] == ["Artifact", "Enchantment"]
        assert obj(r, oid)["supertypes"] == ["Snow"]
    order = [s.text for s in r.steps if s.kind == "layer" and s.text.startswith("Layer 4")]
    assert [t.split(" — ")[1].split(" (")[0] for t in order] == ["Effetto A", "Effetto C", "Effetto B"]
    assert "613.8b" in next(s for s in r.steps if s.text.startswith("Layer 4")).rules


def test_dependency_is_explained_even_when_the_independent_effect_is_also_the_oldest() -> None:
    """CR 613.8a: Blood Moon (older) applies first because Urborg's effect depends on it, and the ruling says
    so instead of calling it plain timestamp order."""
    from judgekit.paths import scenarios_dir
    from judgekit.ruling.run import run_file

    ruling = run_file(scenarios_dir() / "layers" / "blood-moon-urborg-moon-first.yaml")
    moon = [s for s in ruling.steps if s.kind == "layer" and "Blood Moon" in s.text and "Layer 4" in s.text]
    assert moon, "no layer-4 step for Blood Moon"
    assert "613.8a" in moon[0].rules
    assert "dipende da questo effetto" in moon[0].text
