"""The Oracle text compiler (``judgekit/oracle``): template families, unmodelled lines, the comparison with the
hand-written library, and the library's Oracle texts."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from judgekit import paths
from judgekit.oracle import compile_card
from judgekit.oracle.compare import canonical, differences, validated
from judgekit.oracle.context import Card, Ctx
from judgekit.oracle.keywords import compile_line as keyword_line
from judgekit.oracle.text import lines

BEARS: dict[str, Any] = {"types": ["Creature"], "subtypes": ["Bear"]}


def _fields(text: str, name: str = "Test Card", **chars: Any) -> dict[str, Any]:
    return compile_card(text, name=name, **(chars or BEARS)).fields


# -- keywords ------------------------------------------------------------------------------------------------


def test_keyword_lines_compile_to_canonical_keywords_protection_included() -> None:
    out = _fields("Flying, first strike\nProtection from red\nDouble strike, protection from black and from green")
    assert out == {"keywords": ["flying", "first_strike", "protection_from_red", "double_strike",
                                "protection_from_black", "protection_from_green"]}


@pytest.mark.parametrize(("text", "keyword"), [("Ward {2}", "ward_2"), ("Equip {1}", "equip_1"),
                                               ("Crew 3", "crew_3"), ("Ward—Pay 3 life.", "ward_life_3")])
def test_a_keyword_with_a_parameter_is_read_as_the_format_writes_it(text: str, keyword: str) -> None:
    card = Card("Test Card", ("Artifact",))
    _used, data = keyword_line(lines(text, "Test Card")[0], Ctx(card=card))
    assert data == {"keywords": [keyword]}


def test_a_keyword_outside_the_format_stays_unmodelled_with_its_reason() -> None:
    """Cascade (702.85) is not a keyword of the scenario format: the line is left out, with why, and the rest of
    the card is still read."""
    compiled = compile_card("Flying\nCascade", name="Test Card", types=["Artifact"])
    assert compiled.fields == {"keywords": ["flying"]}
    assert compiled.unmodelled == ["Cascade"]
    assert compiled.lines[1].reason


def test_enchant_becomes_the_auras_target() -> None:
    out = _fields("Enchant creature\nEnchanted creature gets +2/+1.", types=["Enchantment"], subtypes=["Aura"])
    assert out == {"abilities": [{"static": {"affects": "enchanted", "modify_pt": [2, 1]}}],
                   "target": {"types": ["Creature"]}}


# -- static abilities ----------------------------------------------------------------------------------------


def test_an_anthem_affects_the_creatures_its_controller_controls() -> None:
    out = _fields("Creatures you control get +1/+1.", types=["Enchantment"], subtypes=[])
    assert out == {"abilities": [{"static": {"affects": {"types": ["Creature"], "controller": "you"},
                                             "modify_pt": [1, 1]}}]}


def test_an_anthem_for_other_creatures_of_a_type_also_grants_keywords() -> None:
    out = _fields("Other Goblin creatures you control get +1/+1 and have haste.", name="Goblin Boss",
                  types=["Creature"], subtypes=["Goblin"])
    assert out["abilities"] == [{"static": {
        "affects": {"types": ["Creature"], "subtypes": ["Goblin"], "controller": "you", "other": True},
        "modify_pt": [1, 1], "add_keywords": ["haste"]}}]


def test_as_long_as_becomes_the_condition_of_the_static_ability() -> None:
    out = _fields("Fateful hour — As long as you have 5 or less life, other creatures you control get +2/+2.")
    static = out["abilities"][0]["static"]
    assert static["condition"] == {"life": "you", "at_most": 5}
    assert static["affects"] == {"types": ["Creature"], "controller": "you", "other": True}


def test_base_power_and_toughness_and_land_types_are_set() -> None:
    assert _fields("Other creatures have base power and toughness 1/1.")["abilities"] == [
        {"static": {"affects": {"types": ["Creature"], "other": True}, "set_pt": [1, 1]}}]
    assert _fields("Nonbasic lands are Mountains.", types=["Enchantment"], subtypes=[])["abilities"] == [
        {"static": {"affects": {"types": ["Land"], "not_supertypes": ["Basic"]}, "set_land_types": ["Mountain"]}}]


def test_cant_block_is_read_as_the_restriction_operation() -> None:
    from judgekit.oracle import statics

    _used, data = statics.compile_line(lines("Goblin Piker can't block.", "Goblin Piker")[0],
                                       Card("Goblin Piker", ("Creature",)))
    assert data == {"abilities": [{"static": {"affects": "self", "cant_block": True}}]}
    assert compile_card("Goblin Piker can't block.", name="Goblin Piker", types=["Creature"]).unmodelled == []


# -- triggered abilities -------------------------------------------------------------------------------------


def test_an_enters_trigger_with_a_target_and_this_creature_wording() -> None:
    out = _fields("When this creature enters, it deals 4 damage to target creature.")
    assert out == {"abilities": [{"trigger": {"event": "enters"}, "target": {"types": ["Creature"]},
                                  "effect": [{"damage": 4, "to": "target"}]}]}


def test_a_dies_trigger_of_another_creature_names_the_dying_creature_as_the_trigger_object() -> None:
    out = _fields("Whenever another creature you control dies, put a +1/+1 counter on Test Card. "
                  "You gain 1 life.")
    assert out == {"abilities": [{"trigger": {"event": "dies", "of": {"types": ["Creature"], "controller": "you",
                                                                         "other": True}},
                                  "effect": [{"add_counters": {"+1/+1": 1}, "to": "self"},
                                             {"gain_life": 1, "to": "you"}]}]}


def test_a_dies_trigger_of_its_own_and_you_may_make_an_optional_ability() -> None:
    out = _fields("When Test Card dies, you may draw a card.")
    assert out == {"abilities": [{"trigger": {"event": "dies"}, "optional": True,
                                  "effect": [{"draw": 1, "to": "you"}]}]}


def test_attacks_or_blocks_is_two_triggered_abilities_and_it_names_the_source() -> None:
    out = _fields("Whenever Test Card attacks or blocks, it gets +1/+0 until end of turn.")
    entry = {"modify_pt": [1, 0], "to": "self", "duration": "end_of_turn"}
    assert out["abilities"] == [{"trigger": {"event": "attacks"}, "effect": [entry]},
                                {"trigger": {"event": "blocks"}, "effect": [entry]}]


def test_combat_damage_to_a_player_and_the_legendary_short_name() -> None:
    out = _fields("Whenever Kira, Great Glass-Spinner deals combat damage to a player, draw a card.",
                  name="Kira, Great Glass-Spinner")
    assert out["abilities"][0]["trigger"] == {"event": "deals_combat_damage_to_player"}
    out = _fields("Whenever Kira deals combat damage to a player, draw a card.", name="Kira, Great Glass-Spinner")
    assert out["abilities"][0]["trigger"] == {"event": "deals_combat_damage_to_player"}


def test_an_intervening_if_clause_is_never_guessed() -> None:
    compiled = compile_card("At the beginning of your end step, if you gained life this turn, draw a card.",
                            name="Test Card", **BEARS)
    assert compiled.fields == {}
    assert len(compiled.unmodelled) == 1


# -- activated and mana abilities ----------------------------------------------------------------------------


def test_a_mana_ability_adds_the_symbols_it_names() -> None:
    assert _fields("{T}: Add {G}.") == {"abilities": [{"mana": ["G"]}]}
    assert _fields("{T}: Add {R} or {G}.") == {"abilities": [{"mana": ["R", "G"]}]}
    assert _fields("{T}: Add one mana of any color.") == {"abilities": [{"mana": ["W", "U", "B", "R", "G"]}]}


def test_a_mana_ability_with_more_than_mana_is_unmodelled_whole() -> None:
    compiled = compile_card("{T}: Add {C}.\n{T}: Add {U} or {R}. Test Land deals 1 damage to you.",
                            name="Test Land", types=["Land"])
    assert compiled.fields == {"abilities": [{"mana": ["C"]}]}
    assert compiled.unmodelled == ["{T}: Add {U} or {R}. Test Land deals 1 damage to you."]


def test_an_activated_ability_reads_its_costs_and_its_effect() -> None:
    out = _fields("{1}, {T}, Sacrifice Test Card: Test Card deals 2 damage to any target.")
    ability = out["abilities"][0]["activated"]
    assert ability["cost"] == [{"mana": "{1}"}, "tap", "sacrifice_self"]
    assert ability["effect"] == [{"damage": 2, "to": "target"}]
    assert ability["target"]["any"][-1] == {"player": True}


def test_loyalty_abilities_cost_loyalty() -> None:
    out = _fields("+1: You gain 2 life.\n\u22123: Destroy target creature.", name="Test Walker",
                  types=["Planeswalker"])
    costs = [a["activated"]["cost"] for a in out["abilities"]]
    assert costs == [[{"loyalty": 1}], [{"loyalty": -3}]]


# -- replacement effects -------------------------------------------------------------------------------------


def test_enters_tapped_and_enters_with_counters_are_replacement_effects() -> None:
    out = _fields("Test Land enters tapped.", name="Test Land", types=["Land"])
    assert out == {"abilities": [{"replacement": {"event": "would_enter", "then": {"tapped": True}}}]}
    out = _fields("This creature enters with X +1/+1 counters on it.")
    assert out["abilities"][0]["replacement"]["then"] == {"counters": {"+1/+1": "x"}}


def test_if_would_instead_templates_become_replacement_effects() -> None:
    out = _fields("If you would gain life, you gain twice that much life instead.", types=["Enchantment"],
                  subtypes=[])
    assert out == {"abilities": [{"replacement": {"event": "would_gain_life",
                                                  "of": {"player": True, "controller": "you"},
                                                  "then": {"times": 2}}}]}


# -- spells --------------------------------------------------------------------------------------------------


def test_a_spell_gets_its_effect_and_its_target() -> None:
    out = _fields("Destroy target nonartifact creature. You gain 2 life.", name="Test Spell", types=["Instant"])
    assert out == {"effect": [{"destroy": True, "to": "target"}, {"gain_life": 2, "to": "you"}],
                   "target": {"types": ["Creature"], "not_types": ["Artifact"]}}


def test_a_modal_spell_gets_its_modes_and_how_many_to_choose() -> None:
    out = _fields("Choose two \u2014\n\u2022 Target player discards a card.\n\u2022 Draw a card.\n"
                  "\u2022 Destroy target artifact.", name="Test Command", types=["Instant"])
    assert out["choose"] == 2
    assert out["modes"][1] == {"effect": [{"draw": 1, "to": "you"}]}
    assert out["modes"][2]["target"] == {"types": ["Artifact"]}


def test_an_unknown_line_lands_in_unmodelled_and_adds_nothing() -> None:
    compiled = compile_card("Its controller gains life equal to its power.", name="Test Spell", types=["Instant"])
    assert compiled.fields == {}
    assert compiled.unmodelled == ["Its controller gains life equal to its power."]
    assert compiled.as_dict() == {"unmodelled": compiled.unmodelled}


def test_a_spell_is_read_one_instruction_at_a_time_and_stops_at_the_first_unknown_one() -> None:
    compiled = compile_card("Exile target creature. Its controller gains life equal to its power. Draw a card.",
                            name="Test Spell", types=["Instant"])
    assert compiled.fields == {"effect": [{"exile": True, "to": "target"}], "target": {"types": ["Creature"]}}
    assert compiled.unmodelled == ["Its controller gains life equal to its power.", "Draw a card."]


def test_then_after_a_comma_is_the_next_instruction_of_a_spell() -> None:
    compiled = compile_card("Draw three cards, then put two cards from your hand on top of your library in any order.",
                            name="Brainstorm", types=["Instant"])
    assert compiled.fields == {"effect": [{"draw": 3, "to": "you"}]}
    assert compiled.unmodelled == ["put two cards from your hand on top of your library in any order."]


def test_reminder_text_and_ability_words_are_not_read_as_rules() -> None:
    compiled = compile_card("Trample (This creature can deal excess combat damage.)\n"
                            "Metalcraft \u2014 Test Card gets +2/+2 as long as you control three or more artifacts.",
                            name="Test Card", **BEARS)
    assert compiled.unmodelled == []
    assert compiled.fields["keywords"] == ["trample"]
    assert compiled.fields["abilities"][0]["static"]["condition"]["at_least"] == 3


def test_every_template_names_the_rule_it_follows() -> None:
    from judgekit.oracle import activated, effects, keywords, replacements, statics, triggers

    tables = [*keywords.TABLE, *statics.TABLE, *triggers.TABLE, *activated.TABLE, *activated.COSTS,
              *replacements.TABLE, *effects.TABLE]
    assert tables and all(t.rule[:3].isdigit() for t in tables)
    assert all("CR " + t.rule in (t.build.__doc__ or "") for t in tables)


# -- comparing and the library -------------------------------------------------------------------------------


def test_equivalent_spellings_compare_equal() -> None:
    hand = validated({"name": "X", "types": ["Creature"], "abilities": [
        {"static": {"affects": "self", "condition": {"count": {"types": ["Land"], "subtypes": ["Forest"],
                                                                "controller": "you"}, "at_least": 1},
                    "modify_pt": [1, 2]}},
        {"activated": {"cost": [{"mana": "{R}"}], "effect": [{"modify_pt": [1, 0], "to": "self"}]}}]})
    made = validated({"name": "X", "types": ["Creature"], "abilities": [
        {"activated": {"cost": [{"mana": "{R}"}], "effect": [{"modify_pt": [1, 0], "to": "self",
                                                               "duration": "end_of_turn"}]}},
        {"static": {"modify_pt": [1, 2], "condition": {"at_least": 1, "count": {"controller": "you",
                                                                                 "subtypes": ["Forest"]}}}}]})
    assert differences(hand, made) == []
    assert canonical(hand) == canonical(made)


def test_different_abilities_compare_different() -> None:
    hand = validated({"name": "X", "types": ["Creature"], "keywords": ["flying"]})
    made = validated({"name": "X", "types": ["Creature"], "keywords": ["reach"]})
    assert differences(hand, made) == ["keywords"]


def _library() -> list[dict[str, Any]]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(paths.cards_dir().glob("*.yaml"))]


def test_every_library_card_keeps_its_oracle_text() -> None:
    missing = [card["name"] for card in _library() if not isinstance(card.get("oracle"), str)]
    assert missing == []


def test_the_compiler_gives_the_hand_written_abilities_for_most_of_the_library() -> None:
    from judgekit.oracle.compiler import compile_card_data
    from judgekit.scenario.cards import load_card

    cards = [load_card(p) for p in sorted(paths.cards_dir().glob("*.yaml"))]
    agree = 0
    for card in cards:
        made = compile_card_data(card)
        base = {k: v for k, v in card.items() if k in ("name", "types", "subtypes", "supertypes")}
        agree += not differences(card, validated({**base, **made.fields}))
    assert agree >= 0.8 * len(cards)


def test_judgekit_cards_shows_the_oracle_text(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("cards", "Lightning Bolt")
    assert result.exit_code == 0, result.stderr
    assert "Testo Oracle" in result.stdout
    assert "Lightning Bolt deals 3 damage to any target." in result.stdout


def test_a_dash_that_is_not_an_ability_word_is_kept_and_the_line_is_not_guessed() -> None:
    compiled = compile_card("Max speed \u2014 Test Card gets +1/+1.", name="Test Card", **BEARS)
    assert compiled.fields == {}
    assert compiled.unmodelled == ["Max speed \u2014 Test Card gets +1/+1."]


def test_effects_happen_in_the_order_written_then_included() -> None:
    out = _fields("When Test Card enters, draw two cards. Then discard a card.")
    assert out["abilities"][0]["effect"] == [{"draw": 2, "to": "you"}, {"discard": 1, "to": "you"}]
