"""Compact authoring (SCENARIO-FORMAT.md 2.1): players and zones by name, card shorthand, automatic ids, token
ids, references by name, casting a card from the library, attacking the only opponent, standard input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgekit.errors import InvalidFileError
from judgekit.ruling.model import Ruling
from judgekit.ruling.run import run_text
from judgekit.scenario.loaded import LoadedScenario
from judgekit.scenario.loader import load_scenario, load_scenario_text, validate_file

WURM_EXAMPLE = """\
title: Travolgere e tocco letale contro due bloccanti
players: [Anna, Bruno]
battlefield:
  Anna: [{card: Craw Wurm, keywords: [trample, deathtouch]}]
  Bruno: [Grizzly Bears, Wall of Wood]
actions:
  - declare_attackers: [Craw Wurm]
  - declare_blockers: {Grizzly Bears: Craw Wurm, Wall of Wood: Craw Wurm}
  - combat_damage: all
"""


def load(text: str, name: str = "compact.yaml") -> LoadedScenario:
    return load_scenario_text(text, name)


def issues_of(text: str) -> list[str]:
    with pytest.raises(InvalidFileError) as info:
        load_scenario_text(text, "bad.yaml")
    return [i.format() for i in info.value.issues]


def final(r: Ruling) -> dict[str, Any]:
    assert r.final is not None, r.error
    return r.final


# -- the example of 2.1 --------------------------------------------------------------------------------------


def test_trample_and_deathtouch_example_assigns_one_to_each_blocker_and_the_rest_to_the_player() -> None:
    """CR 702.19b, 702.2c: with deathtouch 1 damage is lethal, so the 6/4 trampler assigns 1 to each of its two
    blockers and 4 to Bruno; both blockers are destroyed (704.5h) and the Wurm takes the Bears' 2."""
    r = run_text(WURM_EXAMPLE, "trample.yaml")
    assert r.ok, r.error
    state = final(r)
    assert state["players"]["Bruno"]["life"] == 16
    assert state["players"]["Anna"]["life"] == 20
    assert state["objects"]["grizzly-bears"]["zone"] == "graveyard"
    assert state["objects"]["wall-of-wood"]["zone"] == "graveyard"
    wurm = state["objects"]["craw-wurm"]
    assert wurm["zone"] == "battlefield" and wurm["damage"] == 2 and wurm["controller"] == "Anna"


def test_players_may_be_plain_names_mixed_with_mappings() -> None:
    loaded = load("players: [Anna, {name: Bruno, life: 7}]\n")
    assert loaded.data["players"] == [{"name": "Anna", "life": 20, "poison": 0},
                                      {"name": "Bruno", "life": 7, "poison": 0}]
    assert loaded.data["active_player"] == "Anna"


def test_more_than_four_players_is_refused_with_a_clear_message() -> None:
    found = issues_of("players: [Anna, Bruno, Carla, Dario, Elena]\n")
    assert any("players" in i and "4 giocatori" in i and "5" in i for i in found), found


def test_title_defaults_to_the_file_name_and_source_may_be_left_out() -> None:
    loaded = load("players: [Anna, Bruno]\n", "mia-chiamata.yaml")
    assert loaded.title == "mia-chiamata"
    assert loaded.source == ""
    assert loaded.id == "mia-chiamata"


# -- zones keyed by player and card shorthand ---------------------------------------------------------------


def test_battlefield_keyed_by_player_sets_controller_and_owner() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Anna: [Grizzly Bears, {card: Mind Control, owner: Bruno}]
  Bruno: [Wall of Wood]
""")
    bears, control, wall = loaded.data["battlefield"]
    assert (bears["controller"], bears["owner"]) == ("Anna", "Anna")
    assert (control["controller"], control["owner"]) == ("Anna", "Bruno")
    assert (wall["controller"], wall["owner"]) == ("Bruno", "Bruno")


def test_other_zones_keyed_by_player_set_the_owner() -> None:
    loaded = load("""
players: [Anna, Bruno]
graveyard: {Bruno: [Shock]}
hand: {Anna: [Lightning Bolt]}
exile: {Bruno: [Grizzly Bears]}
""")
    assert loaded.data["graveyard"]["Bruno"][0]["owner"] == "Bruno"
    assert loaded.data["hand"]["Anna"][0]["owner"] == "Anna"
    exiled = loaded.data["exile"][0]
    assert exiled["owner"] == "Bruno" and exiled.get("controller") is None


def test_a_controller_or_owner_that_disagrees_with_its_zone_key_is_an_error() -> None:
    found = issues_of("""
players: [Anna, Bruno]
battlefield:
  Bruno: [{card: Grizzly Bears, controller: Anna}]
exile:
  Anna: [{card: Shock, owner: Bruno}]
""")
    assert any(i.startswith("bad.yaml:4") and "battlefield.Bruno[0].controller" in i and "Anna" in i
               for i in found), found
    assert any(i.startswith("bad.yaml:6") and "exile.Anna[0].owner" in i and "Bruno" in i for i in found), found


def test_a_zone_key_that_is_not_a_player_is_an_error() -> None:
    found = issues_of("""
players: [Anna, Bruno]
battlefield:
  Carla: [Grizzly Bears]
""")
    assert any(i.startswith("bad.yaml:4") and "battlefield.Carla" in i and "Carla" in i and "Anna, Bruno" in i
               for i in found), found


def test_a_card_shorthand_with_a_count_makes_that_many_objects() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Bruno: ["3 Grizzly Bears", Wall of Wood]
""")
    ids = [o["id"] for o in loaded.data["battlefield"]]
    assert ids == ["grizzly-bears", "grizzly-bears-2", "grizzly-bears-3", "wall-of-wood"]
    assert all(o["power"] == 2 and o["controller"] == "Bruno" for o in loaded.data["battlefield"][:3])


def test_card_shorthand_matches_english_or_italian_ignoring_case_accents_and_apostrophes() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Anna: [orsi grizzly, UMILTA, "Ajani’s Pridemate"]
""")
    names = [o["name"] for o in loaded.data["battlefield"]]
    assert names == ["Grizzly Bears", "Humility", "Ajani's Pridemate"]
    assert [o["id"] for o in loaded.data["battlefield"]] == ["grizzly-bears", "humility", "ajanis-pridemate"]


def test_an_unknown_card_in_shorthand_names_file_line_key_and_suggests() -> None:
    found = issues_of("""
players: [Anna, Bruno]
battlefield:
  Bruno: [Wall of Wood, Grizly Bears]
""")
    assert any(i.startswith("bad.yaml:4") and "battlefield.Bruno[1]" in i and "Grizly Bears" in i
               and "forse cercavi: Grizzly Bears" in i for i in found), found


def test_a_count_before_an_unknown_card_is_an_error_naming_the_card() -> None:
    found = issues_of("""
players: [Anna, Bruno]
hand:
  Anna: ["3 Fulmini"]
""")
    assert any(i.startswith("bad.yaml:4") and "hand.Anna[0]" in i and "«Fulmini»" in i and "Fulmine" in i
               for i in found), found


# -- automatic ids -------------------------------------------------------------------------------------------


def test_two_grizzly_bears_get_the_slug_and_the_smallest_free_suffix() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Anna: [Grizzly Bears]
  Bruno: [{card: Grizzly Bears}]
""")
    assert [o["id"] for o in loaded.data["battlefield"]] == ["grizzly-bears", "grizzly-bears-2"]


def test_slugs_follow_the_examples_of_the_format() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Anna:
    - Isamaru, Hound of Konda
    - {name: "Painter's Servant", types: [Artifact, Creature], power: 1, toughness: 3}
    - {card: Orsi Grizzly}
""")
    assert [o["id"] for o in loaded.data["battlefield"]] == [
        "isamaru-hound-of-konda", "painters-servant", "grizzly-bears"]


def test_the_engine_slug_names_ids_as_the_card_library_names_its_files() -> None:
    from judgekit.engine.objects import slug
    from judgekit.scenario.cards import kebab

    for name in ("Isamaru, Hound of Konda", "Painter's Servant", "Kiki-Jiki, Mirror Breaker", "Umiltà",
                 "Ajani’s Pridemate", "  Urborg, Tomba di Yawgmoth  "):
        assert slug(name) == kebab(name)


def test_written_ids_are_handed_out_first_then_zone_by_zone_then_casts() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Anna: [Grizzly Bears]
graveyard:
  Bruno: [Grizzly Bears]
hand:
  Anna: [{id: grizzly-bears, card: Grizzly Bears}]
actions:
  - cast: {card: Grizzly Bears}
""")
    assert loaded.data["hand"]["Anna"][0]["id"] == "grizzly-bears"
    assert loaded.data["battlefield"][0]["id"] == "grizzly-bears-2"
    assert loaded.data["graveyard"]["Bruno"][0]["id"] == "grizzly-bears-3"
    assert loaded.data["actions"][0]["cast"]["object"]["id"] == "grizzly-bears-4"


def test_player_names_and_reserved_words_are_not_free_ignoring_case() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  - {name: ANNA, types: [Creature], power: 1, toughness: 1}
  - {name: Target, types: [Creature], power: 1, toughness: 1}
  - {name: Legend Rule, types: [Creature], power: 1, toughness: 1}
""")
    assert [o["id"] for o in loaded.data["battlefield"]] == ["anna-2", "target-2", "legend-rule"]


# -- token ids -----------------------------------------------------------------------------------------------


def test_tokens_are_numbered_across_every_effect_of_the_game() -> None:
    """A second Raise the Alarm makes ``soldier#3`` and ``soldier#4`` (SCENARIO-FORMAT.md 2.1, Token ids)."""
    r = run_text("""
players: [Anna, Bruno]
hand:
  Anna: ["2 Raise the Alarm"]
actions:
  - cast: raise-the-alarm
  - resolve
  - cast: raise-the-alarm-2
  - resolve
expect:
  objects:
    "soldier#3": {zone: battlefield, token: true}
    "soldier#4": {zone: battlefield, token: true}
""")
    assert r.ok and r.passed, (r.error, r.expect)
    tokens = sorted(k for k, v in final(r)["objects"].items() if v["token"])
    assert tokens == ["soldier", "soldier#2", "soldier#3", "soldier#4"]


def test_a_token_base_that_is_an_object_id_of_the_file_starts_at_two() -> None:
    r = run_text("""
players: [Anna, Bruno]
battlefield:
  Anna: [{id: soldier, card: Grizzly Bears}]
actions:
  - cast: {card: Raise the Alarm}
  - resolve
""")
    objects = final(r)["objects"]
    assert objects["soldier"]["name"] == "Grizzly Bears" and not objects["soldier"]["token"]
    assert objects["soldier#2"]["token"] and objects["soldier#3"]["token"]


def test_a_token_that_left_does_not_give_its_id_to_the_next_one() -> None:
    """The second token of a base is ``BASE#2`` even when the first has ceased to exist (704.5d)."""
    r = run_text("""
players: [Anna, Bruno]
hand:
  Anna: [2 Raise the Alarm]
  Bruno: [Shock, Lightning Bolt]
actions:
  - cast: raise-the-alarm
  - resolve
  - cast: {object: shock, targets: [soldier]}
  - resolve
  - cast: {object: lightning-bolt, targets: ["soldier#2"]}
  - resolve
  - cast: raise-the-alarm-2
  - resolve
""")
    objects = final(r)["objects"]
    assert objects["soldier"]["zone"] == "gone" and objects["soldier#2"]["zone"] == "gone"
    assert objects["soldier#3"]["zone"] == "battlefield" and objects["soldier#4"]["zone"] == "battlefield"


def test_a_token_without_id_takes_the_slug_of_its_name() -> None:
    r = run_text("""
players: [Anna, Bruno]
actions:
  - cast:
      object: {id: evoca, name: Evoca, types: [Sorcery],
               effect: [{create_token: {name: Knight Ally, types: [Creature], power: 2, toughness: 2, count: 2},
                         to: you}]}
  - resolve
""")
    objects = final(r)["objects"]
    assert objects["knight-ally"]["token"] and objects["knight-ally#2"]["token"]


# -- references by name --------------------------------------------------------------------------------------


def test_references_by_name_become_ids_everywhere_the_format_lists() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  Anna:
    - Grizzly Bears
    - {card: Mind Control, attached_to: muro di legno}
  Bruno: [Wall of Wood]
hand:
  Bruno: [Scossa]
effects:
  - {source: Giant Growth, affects: [Orsi Grizzly], modify_pt: [3, 3]}
actions:
  - cast: {object: Shock, targets: [Grizzly Bears]}
  - resolve
choices:
  Grizzly Bears: [Wall of Wood]
  apnap_order: {Anna: [Grizzly Bears]}
expect:
  objects:
    Grizzly Bears: {zone: graveyard}
    Mind Control: {attached_to: Wall of Wood}
""")
    data = loaded.data
    assert data["battlefield"][1]["attached_to"] == "wall-of-wood"
    assert data["effects"][0]["affects"] == ["grizzly-bears"]
    assert data["actions"][0]["cast"] == {"object": "shock", "targets": ["grizzly-bears"]}
    assert data["choices"] == {"grizzly-bears": ["wall-of-wood"], "apnap_order": {"Anna": ["grizzly-bears"]}}
    assert data["expect"]["objects"] == {"grizzly-bears": {"zone": "graveyard"},
                                         "mind-control": {"attached_to": "wall-of-wood"}}


def test_an_id_comes_before_a_player_name_and_a_player_name_before_an_object_name() -> None:
    loaded = load("""
players: [Anna, Bruno]
battlefield:
  - {id: bruno-bear, name: Bruno, types: [Creature], power: 2, toughness: 2, controller: Anna}
  - {id: orso, name: bruno-bear, types: [Creature], power: 2, toughness: 2, controller: Bruno}
hand:
  Anna: [Shock, Lightning Bolt]
actions:
  - cast: {object: Shock, targets: [Bruno]}
  - cast: {object: Lightning Bolt, targets: [bruno-bear]}
""")
    assert loaded.data["actions"][0]["cast"]["targets"] == ["Bruno"]
    assert loaded.data["actions"][1]["cast"]["targets"] == ["bruno-bear"]


def test_a_name_shared_by_two_objects_is_an_error_listing_their_ids() -> None:
    found = issues_of("""
players: [Anna, Bruno]
battlefield:
  Bruno: [2 Grizzly Bears]
actions:
  - cast: {card: Lightning Bolt, targets: [Grizzly Bears]}
""")
    assert any(i.startswith("bad.yaml:6") and "actions[0].cast.targets[0]" in i and "grizzly-bears" in i
               and "grizzly-bears-2" in i for i in found), found
    assert len([i for i in found if "Grizzly Bears" in i]) == 1, found


def test_names_in_choices_answers_and_reserved_keys_become_ids() -> None:
    """The resolution done before choices are checked: keys, bare values, list items, ``targets``, ``choose``
    and ``divide`` keys of a mapping ANSWER, and the ids of the reserved keys; unknown shapes stay as written."""
    from judgekit.scenario.compact import NameResolver

    reported: list[str] = []
    resolver = NameResolver(["bear", "wall", "isamaru"], ["Anna", "Bruno"], lambda loc, msg: reported.append(msg))
    resolver.add_names("bear", ["Grizzly Bears", "Orsi Grizzly"])
    resolver.add_names("wall", ["Wall of Wood", "Muro di Legno"])
    resolver.add_names("isamaru", ["Isamaru, Hound of Konda"])
    got = resolver.choices({
        "Grizzly Bears": ["muro di legno", {"targets": ["Bruno", "Wall of Wood"], "use": True}],
        "Muro di Legno": {"choose": "Orsi Grizzly", "divide": {"Grizzly Bears": 2, "Bruno": 1}},
        "legend_rule": ["isamaru, hound of konda"],
        "replacement_order": ["Wall of Wood"],
        "discard": {"Anna": ["Grizzly Bears"]},
        "sacrifice": {"Bruno": ["Wall of Wood"]},
        "shuffle": {"Anna": ["Isamaru, Hound of Konda"]},
        "apnap_order": {"Anna": ["Grizzly Bears"]},
        "isamaru": 42,
    })
    assert got == {
        "bear": ["wall", {"targets": ["Bruno", "wall"], "use": True}],
        "wall": {"choose": "bear", "divide": {"bear": 2, "Bruno": 1}},
        "legend_rule": ["isamaru"],
        "replacement_order": ["wall"],
        "discard": {"Anna": ["bear"]},
        "sacrifice": {"Bruno": ["wall"]},
        "shuffle": {"Anna": ["isamaru"]},
        "apnap_order": {"Anna": ["bear"]},
        "isamaru": 42,
    }
    assert reported == []


def test_a_name_in_a_choices_value_that_fits_two_objects_is_reported() -> None:
    from judgekit.scenario.compact import NameResolver

    reported: list[str] = []
    resolver = NameResolver(["bear", "bear-2"], ["Anna", "Bruno"], lambda loc, msg: reported.append(msg))
    resolver.add_names("bear", ["Grizzly Bears"])
    resolver.add_names("bear-2", ["Grizzly Bears"])
    resolver.choices({"bear": ["Grizzly Bears"]})
    assert len(reported) == 1 and "bear, bear-2" in reported[0]


# -- casting a card, attacking the only opponent ------------------------------------------------------------


def test_cast_card_puts_a_new_object_in_the_casters_hand_and_casts_it() -> None:
    r = run_text("""
players: [Anna, Bruno]
battlefield:
  Anna: [Grizzly Bears]
actions:
  - cast: {card: Fulmine, controller: Bruno, targets: [Grizzly Bears]}
  - resolve
""")
    assert r.ok, r.error
    bolt = final(r)["objects"]["lightning-bolt"]
    assert bolt["zone"] == "graveyard" and bolt["owner"] == "Bruno"
    assert final(r)["objects"]["grizzly-bears"]["zone"] == "graveyard"


def test_cast_string_names_an_object_of_the_file_or_else_a_library_card() -> None:
    loaded = load("""
players: [Anna, Bruno]
active_player: Bruno
hand:
  Anna: [Shock]
actions:
  - cast: Scossa
  - cast: Lightning Bolt
""")
    first, second = (a["cast"] for a in loaded.data["actions"])
    assert first == {"object": "shock", "targets": []}
    assert second["object"]["id"] == "lightning-bolt" and second["object"]["owner"] == "Bruno"
    assert second["controller"] == "Bruno"


def test_cast_of_a_name_that_is_neither_an_object_nor_a_card_is_an_error() -> None:
    found = issues_of("""
players: [Anna, Bruno]
actions:
  - cast: Lightning Blot
  - cast: {card: Shokc}
""")
    assert any(i.startswith("bad.yaml:4") and "actions[0].cast" in i and "Lightning Bolt" in i for i in found), found
    assert any(i.startswith("bad.yaml:5") and "actions[1].cast.card" in i and "Shock" in i for i in found), found


def test_declare_attackers_as_a_list_attacks_the_only_opponent() -> None:
    loaded = load("""
players: [Anna, Bruno]
active_player: Bruno
battlefield:
  Bruno: [Craw Wurm, {card: Grizzly Bears, id: bear}]
actions:
  - declare_attackers: [Craw Wurm, bear]
""")
    assert loaded.data["actions"][0]["declare_attackers"] == {"craw-wurm": "Anna", "bear": "Anna"}


# -- version 1 and its compact rewrite ----------------------------------------------------------------------


V1_BOLT = """\
title: Fulmine sugli Orsi
source: "CR 608.2"
players:
  - {name: Anna}
  - {name: Bruno, life: 10}
battlefield:
  - {id: grizzly-bears, card: Grizzly Bears, controller: Bruno}
  - {id: craw-wurm, card: Craw Wurm, controller: Anna}
hand:
  Anna:
    - {id: lightning-bolt, card: Lightning Bolt}
graveyard:
  Bruno:
    - {id: shock, card: Shock}
actions:
  - cast: {object: lightning-bolt, targets: [grizzly-bears]}
  - resolve
  - declare_attackers: {craw-wurm: Bruno}
  - combat_damage: all
expect:
  objects:
    grizzly-bears: {zone: graveyard}
  players:
    Bruno: {life: 4}
"""

COMPACT_BOLT = """\
players: [Anna, {name: Bruno, life: 10}]
battlefield:
  Bruno: [Grizzly Bears]
  Anna: [Craw Wurm]
graveyard: {Bruno: [Shock]}
actions:
  - cast: {card: Lightning Bolt, targets: [orsi grizzly]}
  - resolve
  - declare_attackers: [Craw Wurm]
  - combat_damage: all
expect:
  objects:
    Grizzly Bears: {zone: graveyard}
  players:
    Bruno: {life: 4}
"""


def test_a_version_1_file_and_its_compact_rewrite_give_the_same_result() -> None:
    old, new = run_text(V1_BOLT, "v1.yaml"), run_text(COMPACT_BOLT, "v2.yaml")
    assert old.passed and new.passed, (old.expect, new.expect)
    assert final(old) == final(new)
    assert [s.text for s in old.steps] == [s.text for s in new.steps]


def test_the_example_of_2_1_and_its_version_1_form_give_the_same_result() -> None:
    v1 = """\
title: Travolgere e tocco letale contro due bloccanti
source: "CR 702.19b"
players: [{name: Anna}, {name: Bruno}]
battlefield:
  - {id: craw-wurm, card: Craw Wurm, controller: Anna, keywords: [trample, deathtouch]}
  - {id: grizzly-bears, card: Grizzly Bears, controller: Bruno}
  - {id: wall-of-wood, card: Wall of Wood, controller: Bruno}
actions:
  - declare_attackers: {craw-wurm: Bruno}
  - declare_blockers: {grizzly-bears: craw-wurm, wall-of-wood: craw-wurm}
  - combat_damage: all
"""
    old, new = run_text(v1, "v1.yaml"), run_text(WURM_EXAMPLE, "v2.yaml")
    assert final(old) == final(new)
    assert [s.text for s in old.steps] == [s.text for s in new.steps]


# -- shipped scenarios, standard input -----------------------------------------------------------------------


def test_every_shipped_scenario_has_title_and_source() -> None:
    from judgekit.scenario.shipped import shipped

    for s in shipped():
        assert validate_file(s.path) == [], s.path


def test_a_scenario_without_heading_is_refused_only_in_the_shipped_folder(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    text = "players: [Anna, Bruno]\nbattlefield: [{id: x, name: X, types: [Creature], power: 1, toughness: 1}]\n"
    shipped_dir = tmp_path / "scenarios"
    (shipped_dir / "combat").mkdir(parents=True)
    inside = shipped_dir / "combat" / "senza-titolo.yaml"
    inside.write_text(text, encoding="utf-8")
    outside = tmp_path / "mio.yaml"
    outside.write_text(text, encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_SCENARIOS_DIR", str(shipped_dir))
    assert validate_file(outside) == []
    found = [i.format() for i in validate_file(inside)]
    assert any("title" in i for i in found) and any("source" in i for i in found), found
    load_scenario(inside)  # loading it to replay it does not need them
    assert [i.format() for i in validate_file(inside)] == found  # the compiled cache does not hide them


def _stdin(runner: Any, text: str | bytes, *args: str) -> Any:
    from judgekit.cli import app

    return runner.invoke(app, ["ruling", "-", *args], input=text)


def test_ruling_reads_the_scenario_from_standard_input(runner: Any) -> None:
    result = _stdin(runner, WURM_EXAMPLE, "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["scenario"] == "stdin" and doc["ok"] is True
    assert doc["final"]["players"]["Bruno"]["life"] == 16
    plain = _stdin(runner, WURM_EXAMPLE)
    assert plain.exit_code == 0 and "Travolgere e tocco letale" in plain.stdout


def test_standard_input_without_title_is_titled_stdin(runner: Any) -> None:
    result = _stdin(runner, "players: [Anna, Bruno]\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith("stdin")


@pytest.mark.parametrize("garbage", ["battlefield: [\n", "solo testo\n", b"\xff\xfe\x00", "players: [Anna]\n"])
def test_standard_input_that_is_not_a_scenario_fails_like_a_bad_file(runner: Any, garbage: str | bytes) -> None:
    result = _stdin(runner, garbage, "--json")
    assert result.exit_code == 3
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    doc = json.loads(lines[0])
    assert doc["ok"] is False and doc["final"] is None and doc["scenario"] == "stdin"
    assert doc["error"]["file"] == "stdin"
    plain = _stdin(runner, garbage)
    assert plain.exit_code == 3 and "stdin" in plain.stderr


def test_standard_input_errors_name_line_and_key(runner: Any) -> None:
    result = _stdin(runner, "players: [Anna, Bruno]\nbattlefield:\n  Bruno: [Grizly Bears]\n", "--json")
    assert result.exit_code == 3
    error = json.loads(result.stdout)["error"]
    assert (error["file"], error["line"], error["key"]) == ("stdin", 3, "battlefield.Bruno[0]")
    assert "Grizzly Bears" in error["message"]


def test_standard_input_is_never_stored_in_the_compiled_cache(runner: Any, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(cache))
    first = _stdin(runner, WURM_EXAMPLE, "--json")
    second = _stdin(runner, WURM_EXAMPLE.replace("trample, deathtouch", "trample"), "--json")
    assert first.exit_code == 0 and second.exit_code == 0
    assert json.loads(first.stdout)["final"]["players"]["Bruno"]["life"] == 16
    assert json.loads(second.stdout)["final"]["players"]["Bruno"]["life"] == 19
    assert not list(cache.rglob("scenarios/*.json"))
    path = tmp_path / "file.yaml"
    path.write_text(WURM_EXAMPLE, encoding="utf-8")
    load_scenario(path)
    assert list(cache.rglob("scenarios/*.json"))  # a file is
