"""Loading scenario files and card files (SCENARIO-FORMAT.md v1): strict keys, aliases, references, cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import InvalidFileError
from judgekit.scenario import cards
from judgekit.scenario.loader import load_scenario, load_scenario_text, validate_file

HEAD = "title: prova\nsource: test\nplayers: [{name: Anna}, {name: Bruno}]\n"


def issues_of(text: str, cards_dir: Path | None = None) -> list[str]:
    with pytest.raises(InvalidFileError) as info:
        load_scenario_text(text, "bad.yaml", cards_dir=cards_dir)
    return [i.format() for i in info.value.issues]


def test_unknown_key_is_an_error_with_line_and_suggestion() -> None:
    found = issues_of(HEAD + "battlefield:\n  - {id: bear, name: Bear, types: [Creature], powr: 2}\n")
    assert any(i.startswith("bad.yaml:5") and "battlefield[0].powr" in i and "power" in i for i in found), found


def test_missing_required_fields_are_listed_together(tmp_path: Path) -> None:
    """``players`` is always required; ``title`` and ``source`` are when the heading is required (the
    scenarios judgekit ships, SCENARIO-FORMAT.md 2.1)."""
    path = tmp_path / "bad.yaml"
    path.write_text("step: main1\n", encoding="utf-8")
    with pytest.raises(InvalidFileError) as info:
        load_scenario(path, require_heading=True)
    found = [i.format() for i in info.value.issues]
    assert all(any(key in i for i in found) for key in ("title", "source", "players")), found


def test_italian_aliases_of_game_terms_are_accepted() -> None:
    loaded = load_scenario_text(HEAD + """
step: prima_fase_principale
battlefield:
  - {id: drake, name: Drago, types: [Creatura], subtypes: [Drago], colors: [rosso], power: 2, toughness: 2,
     keywords: [volare, attacco improvviso, protezione dal nero, Rapidità]}
""")
    obj = loaded.objects["drake"]
    assert obj["types"] == ["Creature"]
    assert obj["subtypes"] == ["Dragon"]
    assert obj["colors"] == ["red"]
    assert obj["keywords"] == ["flying", "first_strike", "protection_from_black", "haste"]
    assert loaded.data["step"] == "main1"


def test_unknown_game_term_suggests_the_nearest() -> None:
    found = issues_of(HEAD + "battlefield:\n  - {id: x, name: X, types: [Creature], keywords: [flyng]}\n")
    assert any("flying" in i and "keywords" in i for i in found), found


def test_unknown_reference_names_file_line_and_key() -> None:
    found = issues_of(HEAD + """
battlefield:
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
  - {id: aura, name: Aura, types: [Enchantment], subtypes: [Aura], attached_to: baer}
""")
    assert any(i.startswith("bad.yaml:7") and "battlefield[1].attached_to" in i and "baer" in i and "bear" in i
               for i in found), found


def test_references_in_actions_effects_expect_and_choices_are_checked() -> None:
    found = issues_of(HEAD + """
battlefield:
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
effects:
  - {source: Growth, affects: [ghost], modify_pt: [3, 3]}
actions:
  - cast: {object: {id: bolt, name: Bolt, types: [Instant]}, controller: Carla, targets: [nobody]}
choices:
  phantom: [bear]
expect:
  objects:
    wurm: {zone: graveyard}
  players:
    Dario: {life: 3}
""")
    text = "\n".join(found)
    for needle in ("effects[0].affects[0]", "actions[0].cast.controller", "actions[0].cast.targets[0]",
                   "choices.phantom", "expect.objects.wurm", "expect.players.Dario"):
        assert needle in text, (needle, text)


def test_duplicate_and_reserved_ids_are_refused() -> None:
    found = issues_of(HEAD + """
battlefield:
  - {id: bear, name: Bear, types: [Creature]}
  - {id: bear, name: Bear 2, types: [Creature]}
  - {id: self, name: Self, types: [Creature]}
  - {id: Anna, name: Anna, types: [Creature]}
""")
    text = "\n".join(found)
    assert "id ripetuto «bear»" in text
    assert "parola riservata" in text
    assert "nome di un giocatore" in text


def test_owner_in_a_graveyard_must_agree() -> None:
    found = issues_of(HEAD + "graveyard:\n  Anna:\n    - {id: c, name: C, types: [Creature], owner: Bruno}\n")
    assert any("graveyard.Anna[0].owner" in i for i in found), found


def test_effect_entry_needs_exactly_one_verb() -> None:
    found = issues_of(HEAD + """
hand:
  Anna:
    - {id: s, name: S, types: [Sorcery], effect: [{destroy: true, exile: true, to: target}]}
""")
    assert any("un solo verbo" in i for i in found), found


def test_yaml_alias_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "alias.yaml"
    path.write_text(HEAD + "battlefield:\n  - &b {id: a, name: A, types: [Creature]}\n  - *b\n", encoding="utf-8")
    with pytest.raises(InvalidFileError) as info:
        load_scenario(path)
    assert "alias" in info.value.issues[0].message


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(HEAD + "# " + "x" * 4_100_000 + "\n", encoding="utf-8")
    with pytest.raises(InvalidFileError) as info:
        load_scenario(path)
    assert "troppo grande" in info.value.issues[0].message


def test_validate_file_lists_issues_and_accepts_good_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(HEAD + "battlefield:\n  - {id: x, name: X, typez: [Creature]}\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(HEAD + "battlefield:\n  - {id: x, name: X, types: [Creature], power: 1, toughness: 1}\n",
                    encoding="utf-8")
    assert validate_file(bad) and validate_file(bad)[0].line == 5
    assert validate_file(good) == []


# ------------------------------------------------------------------------------------------------------
# Card library


def _library(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "grizzly-bears.yaml").write_text(
        "name: Grizzly Bears\nname_it: Orsi Grizzly\ntypes: [Creature]\nsubtypes: [Bear]\nmana_cost: '{1}{G}'\n"
        "power: 2\ntoughness: 2\ntext_it: \"\"\n", encoding="utf-8")
    (folder / "serra-angel.yaml").write_text(
        "name: Serra Angel\nname_it: Angelo di Serra\ntypes: [Creature]\nsubtypes: [Angel]\nmana_cost: '{3}{W}{W}'\n"
        "power: 4\ntoughness: 4\nkeywords: [volare, cautela]\n", encoding="utf-8")
    return folder


def test_card_found_by_english_or_italian_name_and_overridden(tmp_path: Path) -> None:
    folder = _library(tmp_path)
    loaded = load_scenario_text(HEAD + """
battlefield:
  - {id: a, card: orsi grizzly}
  - {id: b, card: SERRA ANGEL, power: 5}
""", cards_dir=folder)
    assert loaded.objects["a"]["name"] == "Grizzly Bears"
    assert loaded.objects["a"]["power"] == 2
    assert loaded.objects["b"]["power"] == 5
    assert loaded.objects["b"]["keywords"] == ["flying", "vigilance"]


def test_unknown_card_suggests_near_names(tmp_path: Path) -> None:
    folder = _library(tmp_path)
    found = issues_of(HEAD + "battlefield:\n  - {id: a, card: Grizly Bears}\n", cards_dir=folder)
    assert any("forse cercavi" in i and "Grizzly Bears" in i and "battlefield[0].card" in i for i in found), found


def test_ambiguous_card_name_is_refused(tmp_path: Path) -> None:
    folder = _library(tmp_path)
    (folder / "other-bears.yaml").write_text("name: Other Bears\nname_it: Grizzly Bears\ntypes: [Creature]\n",
                                             encoding="utf-8")
    found = issues_of(HEAD + "battlefield:\n  - {id: a, card: Grizzly Bears}\n", cards_dir=folder)
    assert any("ambiguo" in i for i in found), found


def test_card_file_refuses_game_state_fields(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    path = folder / "bad-card.yaml"
    path.write_text("name: Bad Card\ntypes: [Creature]\ncontroller: Anna\ntapped: true\n", encoding="utf-8")
    found = [i.format() for i in cards.validate_file(path)]
    assert any("controller" in i and "stato di gioco" in i for i in found), found
    assert any(":4" in i and "tapped" in i for i in found), found


def test_card_file_name_must_match_the_card(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    path = folder / "wrong-name.yaml"
    path.write_text("name: \"Kiki-Jiki, Mirror Breaker\"\ntypes: [Creature]\n", encoding="utf-8")
    found = [i.format() for i in cards.validate_file(path)]
    assert any("kiki-jiki-mirror-breaker.yaml" in i for i in found), found


def test_shipped_card_library_is_valid() -> None:
    """Every card of scenarios/cards passes the card validator."""
    from judgekit import paths

    problems = []
    for path in sorted(paths.cards_dir().glob("*.yaml")):
        problems += [i.format() for i in cards.validate_file(path)]
    assert problems == []


def test_italian_names_come_from_the_glossary_alone() -> None:
    """Italian names map to canonical values through the glossary (folded: case, accents, spaces); without
    a glossary only the canonical English values are accepted."""
    from judgekit.scenario import terms

    terms.set_glossary([{"it": "Cavalcatura", "en": "Mount", "category": "subtype", "canonical": "Mount",
                         "aliases_it": ["Destriero"], "aliases_en": []},
                        {"it": "Tocco letale", "en": "Deathtouch", "category": "keyword", "canonical": "deathtouch",
                         "aliases_it": [], "aliases_en": []}])
    try:
        assert terms.canonical("cavalcatura", "subtype") == "Mount"
        assert terms.canonical("DESTRIERO", "subtype") == "Mount"
        assert terms.canonical("Tocco-Letale", "keyword") == "deathtouch"
        assert terms.canonical("Haste", "keyword") == "haste"
        assert terms.canonical("rapidita", "keyword") is None
        assert terms.canonical("nonsense", "keyword") is None
    finally:
        terms.set_glossary(None)
    assert terms.canonical("Rapidità", "keyword") == "haste"
    assert terms.canonical("protezione dal nero", "keyword") == "protection_from_black"
    assert terms.canonical("Creatura", "type") == "Creature"
    assert terms.canonical("scoiattolo", "subtype") == "Squirrel"
    assert terms.italian_name("Squirrel") == "Scoiattolo"
    assert terms.italian_name("Shade") == "Ombra"


def test_one_clear_message_per_wrong_value_with_suggestions() -> None:
    """Unknown action or ability kinds are suggested; a wrong VALUE gets one message at its own key."""
    found = issues_of(HEAD + """
battlefield:
  - {id: a, name: A, abilities: [{statik: {affects: self, set_pt: [1, 1]}},
      {static: {affects: self, modify_pt: {power: {count: {types: [Creature]}, life: you}, toughness: 1}}}]}
actions:
  - resolv
""")
    assert any("battlefield[0].abilities[0]:" in i and "«static»" in i for i in found), found
    value = [i for i in found if "modify_pt.power" in i]
    assert len(value) == 1 and value[0].split("  ", 1)[1].startswith("battlefield[0].abilities[1].static."
                                                                      "modify_pt.power: "), found
    assert any("actions[0]" in i and "«resolve»" in i for i in found), found


def test_check_command_reports_bad_scenario_and_card_files(invoke: object, tmp_path: Path) -> None:
    """``judgekit check`` uses the scenario and card validators: every problem, exit code 3."""
    from typing import Any

    folder = tmp_path / "scenarios" / "cards"
    folder.mkdir(parents=True)
    (folder / "foo.yaml").write_text("name: Foo\ntypes: [Creature]\ndamage: 2\n", encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text(HEAD + "battlefield:\n  - {id: x, name: X, types: [Creature], colour: red}\n",
                        encoding="utf-8")
    run: Any = invoke
    result = run("check", str(tmp_path))
    assert result.exit_code == 3
    assert "foo.yaml:3" in result.stdout + result.stderr
    assert "s.yaml:5" in result.stdout + result.stderr


def test_create_token_takes_card_fields_and_checks_their_subtypes() -> None:
    """``create_token: {object..., count}``: a token has the card fields of an object (a battle's defense, a
    creature's subtypes), and an unknown subtype is an error as it is for any object."""
    good = load_scenario_text(HEAD + """
battlefield:
  - id: maker
    name: Maker
    types: [Artifact]
    abilities:
      - activated:
          cost: [tap]
          effect: [{create_token: {id: siege, name: Assedio, types: [Battle], subtypes: [Siege], defense: 3}}]
""")
    token = good.data["battlefield"][0]["abilities"][0]["activated"]["effect"][0]["create_token"]
    assert token["defense"] == 3 and token["subtypes"] == ["Siege"]
    found = issues_of(HEAD + """
battlefield:
  - id: maker
    name: Maker
    types: [Artifact]
    abilities:
      - activated:
          cost: [tap]
          effect: [{create_token: {id: elf, name: Elfo, types: [Creature], subtypes: [Elfz], power: 1, toughness: 1}}]
""")
    assert any("create_token" in i and "Elfz" in i for i in found), found


def test_every_verb_of_the_rules_core_has_a_field_in_effect_entries() -> None:
    """The verb table of the rules core is the one list of verbs: the scenario model has a field for each."""
    from judgekit.engine.effects import CORE_ONLY_VERBS
    from judgekit.engine.effects import VERBS as ENGINE_VERBS
    from judgekit.scenario.models import VERBS, EffectEntry

    assert set(VERBS) == set(ENGINE_VERBS) - set(CORE_ONLY_VERBS)
    assert set(VERBS) <= set(EffectEntry.model_fields)


def test_operations_keep_the_order_they_were_written_in() -> None:
    """Within one effect, parts in the same layer apply in the order written (CR 613.1f): the loader keeps
    that order for effects in place, static abilities and the effects of a spell cast."""
    from judgekit.scenario.loader import load_scenario_text
    from judgekit.scenario.specs import scenario_specs

    text = """
title: t
source: "CR 613.1f"
players: [{name: Anna}, {name: Bruno}]
battlefield:
  - {id: a, name: A, types: [Creature], power: 2, toughness: 2, controller: Anna,
     abilities: [{static: {affects: self, remove_all_abilities: true, add_keywords: [flying]}}]}
effects:
  - {source: X, affects: [a], remove_all_abilities: true, add_keywords: [flying]}
actions:
  - cast: {object: {name: S, types: [Instant], effect: [{to: a, remove_all_abilities: true, add_keywords: [flying]}]}}
"""
    data = scenario_specs(load_scenario_text(text).data)
    written = ["remove_all_abilities", "add_keywords"]
    assert list(data["effects"][0]["ops"]) == written
    static = data["battlefield"][0]["abilities"][0].static
    assert list(static.ops) == written
    assert list(data["actions"][0]["cast"]["object"]["effect"][0].ops) == written


def test_card_library_entries_keep_the_written_order_of_operations(tmp_path: Path) -> None:
    from judgekit.scenario.cards import load_card

    card = tmp_path / "feathered-shackles.yaml"
    card.write_text("name: Feathered Shackles\ntypes: [Enchantment]\nsubtypes: [Aura]\nabilities:\n"
                    "  - static: {affects: enchanted, remove_all_abilities: true, add_keywords: [flying]}\n",
                    encoding="utf-8")
    body = load_card(card)["abilities"][0]["static"]
    assert list(body) == ["affects", "remove_all_abilities", "add_keywords"]


def test_a_key_known_elsewhere_in_the_format_is_not_suggested_as_itself() -> None:
    from judgekit.errors import InvalidFileError
    from judgekit.scenario.loader import load_scenario_text

    text = ("title: prova\nplayers: [{name: Anna}, {name: Bruno}]\nactive_player: Anna\nstep: main1\n"
            "battlefield: []\nactions: []\nexpect:\n  life: {Bruno: 16}\n")
    try:
        load_scenario_text(text, "prova.yaml")
    except InvalidFileError as exc:
        messages = [issue.message for issue in exc.issues]
    else:
        raise AssertionError("an unknown key must be refused")
    assert any("«life»" in m for m in messages)
    assert not any("forse intendevi «life»" in m for m in messages)
