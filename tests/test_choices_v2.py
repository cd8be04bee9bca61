"""Choices for every decision (SCENARIO-FORMAT.md 2.2) and the assumptions of a ruling (2.10).

Validation of ``choices`` (every ANSWER key, the reserved keys), "may" answers, one answer for every trigger of
a source, discard and sacrifice choices and defaults, the order of replacement effects, the legend rule,
unused answers, and the assumptions listed with the ``choices`` line that would change each.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from judgekit.engine.choices import (
    ChooseModes,
    ChooseValue,
    ChooseX,
    DivideAmount,
    Request,
)
from judgekit.errors import InvalidFileError
from judgekit.ruling.model import Ruling
from judgekit.ruling.run import run_text
from judgekit.scenario.loader import load_scenario_text
from tests.replay_helpers import life, obj, scenario_text

HEAD = "title: prova\nsource: test\nplayers: [{name: Anna}, {name: Bruno}]\n"


def issues_of(text: str) -> list[str]:
    with pytest.raises(InvalidFileError) as info:
        load_scenario_text(text, "bad.yaml")
    return [i.format() for i in info.value.issues]


def play(**parts: Any) -> Ruling:
    return run_text(scenario_text(**parts))


def texts(r: Ruling) -> list[str]:
    return [s.text for s in r.steps]


# ------------------------------------------------------------------------------------------------------
# Validation of choices

BEARS = "battlefield:\n  - {id: bear, card: Grizzly Bears}\n  - {id: artist, card: Blood Artist}\n"


def test_an_unknown_answer_key_is_an_error_with_file_line_key_and_suggestion() -> None:
    found = issues_of(HEAD + BEARS + "choices:\n  artist: {targts: [Bruno]}\n")
    assert any(i.startswith("bad.yaml:8") and "choices.artist.targts" in i and "targets" in i for i in found), found


def test_a_negative_x_is_an_error_naming_file_line_and_key() -> None:
    found = issues_of(HEAD + BEARS + "choices:\n  artist: [{}, {x: -1}]\n")
    assert any(i.startswith("bad.yaml:8") and "choices.artist[1].x" in i and "negativo" in i for i in found), found


@pytest.mark.parametrize("answer, key", [
    ("{use: no_thanks}", "choices.artist.use"),
    ("{modes: [0, -2]}", "choices.artist.modes"),
    ("{modes: 1}", "choices.artist.modes"),
    ("{x: tre}", "choices.artist.x"),
    ("{divide: {bear: 0}}", "choices.artist.divide.bear"),
    ("{divide: {ghost: 2}}", "choices.artist.divide.ghost"),
    ("{targets: Bruno}", "choices.artist.targets"),
    ("{targets: [Brunoo]}", "choices.artist.targets[0]"),
    ("{choose: {a: 1}}", "choices.artist.choose"),
    ("true", "choices.artist"),
    ("[]", "choices.artist"),
    ("[[Bruno]]", "choices.artist[0]"),
    ("Carla", "choices.artist"),
])
def test_a_malformed_answer_is_an_error_at_its_key(answer: str, key: str) -> None:
    found = issues_of(HEAD + BEARS + f"choices:\n  artist: {answer}\n")
    assert any(f" {key}:" in i for i in found), found


@pytest.mark.parametrize("entry, key", [
    ("legend_rule: bear", "choices.legend_rule"),
    ("legend_rule: [baer]", "choices.legend_rule[0]"),
    ("replacement_order: [ghost]", "choices.replacement_order[0]"),
    ("discard: [bear]", "choices.discard"),
    ("discard: {Carla: [bear]}", "choices.discard.Carla"),
    ("sacrifice: {Bruno: bear}", "choices.sacrifice.Bruno"),
    ("sacrifice: {Bruno: [ghost]}", "choices.sacrifice.Bruno[0]"),
    ("shuffle: {Anna: [ghost]}", "choices.shuffle.Anna[0]"),
    ("apnap_order: {Anna: [ghost]}", "choices.apnap_order.Anna[0]"),
    ("Anna: [bear]", "choices.Anna"),
    ("legend_rul: [bear]", "choices.legend_rul"),
])
def test_a_malformed_reserved_key_or_unknown_key_is_an_error(entry: str, key: str) -> None:
    found = issues_of(HEAD + BEARS + f"choices:\n  {entry}\n")
    assert any(f" {key}:" in i for i in found), found


def test_a_misspelt_reserved_key_suggests_the_right_one() -> None:
    found = issues_of(HEAD + BEARS + "choices:\n  legend_rul: [bear]\n")
    assert any("legend_rule" in i and "forse" in i for i in found), found


def test_every_answer_form_of_the_format_is_accepted() -> None:
    load_scenario_text(HEAD + BEARS + """
hand:
  Anna: [{id: nest, name: Nest, types: [Sorcery], effect: [{create_token: {name: Squirrel, types: [Creature],
         power: 1, toughness: 1, count: 2}, to: you}]}]
choices:
  artist: [Bruno, {targets: [Bruno]}, {use: false}, {}, {modes: [0, 2], x: 3, divide: {bear: 2, Bruno: 1}},
           {choose: red}, red, Creature]
  bear: {use: true, choose: Anna}
  squirrel#2: Bruno
  apnap_order: {Anna: [artist, bear]}
  legend_rule: [bear]
  replacement_order: [artist, squirrel]
  discard: {Anna: [nest]}
  sacrifice: {Bruno: [bear]}
  shuffle: {Anna: [nest]}
""")


# ------------------------------------------------------------------------------------------------------
# "May" answers

ATTENDANT = {"id": "attendant", "card": "Soul's Attendant"}
TWO_CREATURES = {"Anna": [{"id": "bears", "card": "Grizzly Bears"}, {"id": "elves", "card": "Llanowar Elves"}]}
CAST_BOTH = [{"cast": {"object": "bears"}}, {"resolve": "all"}, {"cast": {"object": "elves"}}, {"resolve": "all"}]


def test_use_false_declines_a_may_ability_every_time() -> None:
    """CR 603.5: one ANSWER serves every decision of the source."""
    r = play(battlefield=[ATTENDANT], hand=TWO_CREATURES, actions=CAST_BOTH, choices={"attendant": {"use": False}})
    assert life(r, "Anna") == 20
    assert sum("sceglie di non usarla, come indicato nelle scelte" in t for t in texts(r)) == 2
    assert r.assumptions == []


def test_a_list_of_answers_declines_the_first_may_trigger_and_uses_the_second() -> None:
    r = play(battlefield=[ATTENDANT], hand=TWO_CREATURES, actions=CAST_BOTH,
             choices={"attendant": [{"use": False}, {}]})
    assert life(r, "Anna") == 21


def test_a_may_ability_used_by_default_is_an_assumption() -> None:
    r = play(battlefield=[ATTENDANT], hand=TWO_CREATURES, actions=CAST_BOTH)
    assert life(r, "Anna") == 22
    [a] = r.assumptions
    assert (a.key, a.rules, a.choices) == ("attendant", ["603.5"], "choices: {attendant: {use: false}}")
    assert "tutte le 2 volte" in a.text


# ------------------------------------------------------------------------------------------------------
# One answer for every trigger of a source (the issue's motivating case)

PYROCLASM = dict(
    battlefield=[{"id": "blood-artist", "card": "Blood Artist"}, {"id": "bears", "card": "Grizzly Bears"},
                 {"id": "elves", "card": "Llanowar Elves", "controller": "Bruno"}],
    hand={"Anna": [{"id": "pyroclasm", "card": "Pyroclasm"}]},
    actions=[{"cast": {"object": "pyroclasm"}}, {"resolve": "all"}])


def test_without_a_choice_blood_artist_targets_its_own_controller_and_says_so() -> None:
    r = play(**PYROCLASM)
    assert (life(r, "Anna"), life(r, "Bruno")) == (20, 20)
    [a] = r.assumptions
    assert a.key == "blood-artist" and a.choices == "choices: {blood-artist: Bruno}"
    assert "Le 3 abilità innescate di Blood Artist" in a.text and "Anna" in a.text


def test_one_bare_answer_targets_bruno_with_every_blood_artist_trigger() -> None:
    r = play(**PYROCLASM, choices={"blood-artist": "Bruno"})
    assert (life(r, "Anna"), life(r, "Bruno")) == (23, 17)
    assert r.assumptions == []


# ------------------------------------------------------------------------------------------------------
# Discard

MIND_ROT = {"id": "rot", "name": "Mind Rot", "types": ["Sorcery"], "target": {"player": True},
            "effect": [{"discard": 2, "to": "target"}]}
BRUNO_HAND = [{"id": "c1", "card": "Shock"}, {"id": "c2", "card": "Lightning Bolt"}, {"id": "c3", "card": "Shock"}]


def _mind_rot(**extra: Any) -> Ruling:
    return play(hand={"Bruno": BRUNO_HAND},
                actions=[{"cast": {"object": MIND_ROT, "targets": ["Bruno"]}}, "resolve"], **extra)


def test_a_discard_by_default_takes_the_cards_listed_last_and_is_an_assumption() -> None:
    r = _mind_rot()
    assert [obj(r, c)["zone"] for c in ("c1", "c2", "c3")] == ["hand", "graveyard", "graveyard"]
    [a] = r.assumptions
    assert (a.key, a.rules) == ("discard", ["701.9a"])
    assert a.choices == "choices: {discard: {Bruno: [c1, c2]}}"
    assert "Bruno scarta Shock, Lightning Bolt" in a.text


def test_choices_discard_picks_the_cards() -> None:
    r = _mind_rot(choices={"discard": {"Bruno": ["c1", "c2"]}})
    assert [obj(r, c)["zone"] for c in ("c1", "c2", "c3")] == ["graveyard", "graveyard", "hand"]
    assert r.assumptions == []


def test_discarding_a_card_that_is_not_in_that_hand_stops_the_replay_citing_701_9a() -> None:
    r = _mind_rot(choices={"discard": {"Bruno": ["c1", "rot"]}})
    assert r.error is not None and r.error["rule"] == "701.9a"
    assert "Bruno non può scartare Mind Rot" in r.error["message"]


def test_naming_the_same_card_twice_is_not_two_discards() -> None:
    r = _mind_rot(choices={"discard": {"Bruno": ["c1", "c1"]}})
    assert r.error is not None and r.error["rule"] == "701.9a"


def test_a_card_returned_to_the_hand_is_the_most_recent_one_for_the_default() -> None:
    """A card put into a hand during the replay was put there after every card the file lists."""
    bounce = {"id": "bounce", "name": "Unsummon", "types": ["Instant"], "target": {"types": ["Creature"]},
              "effect": [{"return_to_hand": True, "to": "target"}]}
    discard = {"id": "rot", "name": "Rot", "types": ["Sorcery"], "effect": [{"discard": 1, "to": "you"}]}
    r = play(battlefield=[{"id": "bears", "card": "Grizzly Bears"}],
             hand={"Anna": [{"id": "c1", "card": "Shock"}, {"id": "c2", "card": "Shock"}]},
             actions=[{"cast": {"object": bounce, "targets": ["bears"]}}, "resolve",
                      {"cast": {"object": discard}}, "resolve"])
    assert obj(r, "bears")["zone"] == "graveyard"
    assert [obj(r, c)["zone"] for c in ("c1", "c2")] == ["hand", "hand"]


EIGHT = {"Anna": [{"id": f"c{i}", "card": "Shock"} for i in range(1, 9)]}


def test_cleanup_discards_the_card_listed_last_by_default() -> None:
    """CR 514.1 with the default of 2.2."""
    r = play(hand=EIGHT, actions=["end_turn"])
    assert obj(r, "c8")["zone"] == "graveyard"
    assert all(obj(r, f"c{i}")["zone"] == "hand" for i in range(1, 8))
    assert [a.key for a in r.assumptions] == ["discard"] and r.assumptions[0].rules == ["514.1"]


def test_cleanup_discards_the_card_choices_name() -> None:
    r = play(hand=EIGHT, actions=["end_turn"], choices={"discard": {"Anna": ["c3"]}})
    assert obj(r, "c3")["zone"] == "graveyard" and obj(r, "c8")["zone"] == "hand"


def test_cleanup_discard_of_a_card_in_another_hand_stops_the_replay_citing_514_1() -> None:
    r = play(hand={**EIGHT, "Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]}, actions=["end_turn"],
             choices={"discard": {"Anna": ["bolt"]}})
    assert r.error is not None and r.error["rule"] == "514.1"
    assert "mano di Bruno" in r.error["message"]


# ------------------------------------------------------------------------------------------------------
# Sacrifice with a selector

EDICT = {"id": "edict", "name": "Diabolic Edict", "types": ["Instant"], "target": {"player": True},
         "effect": [{"sacrifice": {"types": ["Creature"]}, "count": 1, "to": "target"}]}
BRUNO_CREATURES = [{"id": "elves", "card": "Llanowar Elves", "controller": "Bruno"},
                   {"id": "angel", "card": "Serra Angel", "controller": "Bruno"},
                   {"id": "bears", "card": "Grizzly Bears", "controller": "Anna"}]


def _edict(effect: list[dict[str, Any]] | None = None, **extra: Any) -> Ruling:
    spell = {**EDICT, "effect": effect} if effect is not None else EDICT
    return play(battlefield=BRUNO_CREATURES, actions=[{"cast": {"object": spell, "targets": ["Bruno"]}}, "resolve"],
                **extra)


def test_an_edict_by_default_takes_the_newest_permanent_of_the_targeted_player() -> None:
    r = _edict()
    assert (obj(r, "elves")["zone"], obj(r, "angel")["zone"], obj(r, "bears")["zone"]) == (
        "battlefield", "graveyard", "battlefield")
    [a] = r.assumptions
    assert (a.key, a.choices) == ("sacrifice", "choices: {sacrifice: {Bruno: [elves]}}")


def test_choices_sacrifice_picks_the_permanent() -> None:
    r = _edict(choices={"sacrifice": {"Bruno": ["elves"]}})
    assert (obj(r, "elves")["zone"], obj(r, "angel")["zone"]) == ("graveyard", "battlefield")
    assert r.assumptions == []


def test_sacrificing_a_permanent_of_another_player_stops_the_replay_citing_701_21a() -> None:
    r = _edict(choices={"sacrifice": {"Bruno": ["bears"]}})
    assert r.error is not None and r.error["rule"] == "701.21a"
    assert "controllato da Anna" in r.error["message"]


def test_a_player_with_fewer_permanents_than_count_sacrifices_all_of_them_without_a_choice() -> None:
    r = _edict([{"sacrifice": {"types": ["Creature"]}, "count": 3, "to": "target"}])
    assert obj(r, "elves")["zone"] == obj(r, "angel")["zone"] == "graveyard"
    assert obj(r, "bears")["zone"] == "battlefield"
    assert r.assumptions == []


def test_a_player_without_such_permanents_sacrifices_nothing() -> None:
    r = _edict([{"sacrifice": {"types": ["Planeswalker"]}, "to": "target"}])
    assert all(obj(r, i)["zone"] == "battlefield" for i in ("elves", "angel", "bears"))
    assert any("non sacrifica nulla" in t for t in texts(r))


def test_each_player_sacrifices_in_apnap_order_and_at_the_same_time() -> None:
    """CR 101.4: the active player chooses first; then the permanents are sacrificed together."""
    spell = {"id": "blood", "name": "Innocent Blood", "types": ["Sorcery"],
             "effect": [{"sacrifice": {"types": ["Creature"]}, "to": {"player": True}}]}
    r = play(battlefield=[*BRUNO_CREATURES, {"id": "wall", "card": "Wall of Wood"}], active_player="Bruno",
             step="main1", hand={"Bruno": [{"id": "blood", **{k: v for k, v in spell.items() if k != "id"}}]},
             actions=[{"cast": {"object": "blood"}}, "resolve"])
    choices = [t for t in texts(r) if "da sacrificare" in t]
    assert [t.split()[0] for t in choices] == ["Bruno", "Anna"]
    assert obj(r, "angel")["zone"] == "graveyard" and obj(r, "wall")["zone"] == "graveyard"
    assert [a.key for a in r.assumptions] == ["sacrifice", "sacrifice"]


def test_count_belongs_only_to_a_sacrifice_with_a_selector() -> None:
    found = issues_of(HEAD + """
hand:
  Anna: [{id: x, name: X, types: [Sorcery], effect: [{sacrifice: true, count: 2, to: self}]}]
""")
    assert any("count" in i and "sacrifice" in i for i in found), found


def test_the_token_count_inside_create_token_is_not_the_sacrifice_count() -> None:
    r = play(hand={"Anna": [{"id": "nest", "name": "Nest", "types": ["Sorcery"], "effect": [
        {"create_token": {"name": "Squirrel", "types": ["Creature"], "power": 1, "toughness": 1, "count": 2},
         "to": "you"}]}]}, actions=[{"cast": {"object": "nest"}}, "resolve"])
    assert obj(r, "squirrel")["zone"] == obj(r, "squirrel#2")["zone"] == "battlefield"


# ------------------------------------------------------------------------------------------------------
# Replacement order

def _two_shields(**extra: Any) -> Ruling:
    shield = {"id": "full-shield", "name": "Full Shield", "types": ["Instant"], "target": {"types": ["Creature"]},
              "effect": [{"prevent_damage": "all", "to": "target"}]}
    return play(active_player="Bruno",
                battlefield=[{"id": "bears", "card": "Grizzly Bears"},
                             {"id": "wurm", "card": "Craw Wurm", "controller": "Bruno"}],
                hand={"Anna": [{"id": "hands", "card": "Mending Hands"}],
                      "Bruno": [{"id": "bolt", "card": "Lightning Bolt"}]},
                actions=[{"cast": {"object": shield, "controller": "Anna", "targets": ["bears"]}}, "resolve",
                         {"cast": {"object": "hands", "targets": ["bears"]}}, "resolve",
                         {"cast": {"object": "bolt", "targets": ["bears"]}}, "resolve",
                         {"declare_attackers": {"wurm": "Anna"}}, {"declare_blockers": {"bears": "wurm"}},
                         "combat_damage"], **extra)


def test_by_default_the_oldest_prevention_shield_applies_first() -> None:
    """2.2 Defaults: the full shield (older) is used up by the Bolt; Mending Hands lets 2 of 6 damage through."""
    r = _two_shields()
    assert obj(r, "bears")["zone"] == "graveyard"
    [a] = r.assumptions
    assert (a.key, a.rules) == ("replacement_order", ["616.1", "616.1e"])
    assert a.choices == "choices: {replacement_order: [hands]}"


def test_the_affected_creatures_controller_chooses_which_shield_applies_first() -> None:
    """CR 616.1e, 616.1f: Mending Hands first; the full shield is still there for the combat damage."""
    r = _two_shields(choices={"replacement_order": ["hands"]})
    assert obj(r, "bears")["zone"] == "battlefield" and obj(r, "bears")["damage"] == 0
    chosen = [s for s in r.steps if "616.1e" in s.rules]
    assert len(chosen) == 2 and all("Anna, che controlla Grizzly Bears" in s.text for s in chosen)
    assert r.assumptions == []


def _remedy_in_place(entry: dict[str, Any], **extra: Any) -> Ruling:
    """Alhammarret's Archive (Anna) and an opponent's Tainted Remedy effect in place (``effects:``); Anna's
    lifelink creature deals 2 combat damage to Bruno."""
    remedy = {"source": "Remedy in place", "controller": "Bruno", **entry,
              "replacement": {"event": "would_gain_life", "of": {"player": True, "controller": "opponent"},
                              "then": {"lose_instead": True}}}
    return play(battlefield=[{"id": "archive", "card": "Alhammarret's Archive"},
                             {"id": "sunstriker", "card": "Ajani's Sunstriker"}],
                effects=[remedy], actions=[{"declare_attackers": ["sunstriker"]}, {"combat_damage": "all"}], **extra)


def test_replacement_order_names_an_effect_in_place_by_its_id() -> None:
    """2.2: the source of an ``effects:`` entry is its ``id``: the Remedy first, then the Archive no longer
    applies (616.1f): Anna loses 2, not 4."""
    r = _remedy_in_place({"id": "remedy"}, choices={"replacement_order": ["remedy"]})
    assert life(r, "Anna") == 18 and r.assumptions == []


def test_the_assumption_line_for_an_effect_in_place_without_id_loads() -> None:
    """Without ``id`` the entry is named by its ``source``: the line the assumption offers is accepted."""
    r = _remedy_in_place({})
    assert life(r, "Anna") == 16
    [a] = r.assumptions
    assert a.choices == 'choices: {replacement_order: ["Remedy in place"]}'
    again = _remedy_in_place({}, choices={"replacement_order": ["Remedy in place"]})
    assert life(again, "Anna") == 18 and again.assumptions == []


# ------------------------------------------------------------------------------------------------------
# Legend rule

ISAMARU = dict(battlefield=[{"id": "old", "card": "Isamaru, Hound of Konda"}],
               hand={"Anna": [{"id": "new", "card": "Isamaru, Hound of Konda"}]},
               actions=[{"cast": {"object": "new"}}, "resolve"])


def test_legend_rule_keeps_the_permanent_choices_name() -> None:
    r = play(**ISAMARU, choices={"legend_rule": ["new"]})
    assert (obj(r, "old")["zone"], obj(r, "new")["zone"]) == ("graveyard", "battlefield")
    assert r.assumptions == []


def test_legend_rule_without_a_choice_keeps_the_oldest_and_is_an_assumption() -> None:
    r = play(**ISAMARU)
    assert (obj(r, "old")["zone"], obj(r, "new")["zone"]) == ("battlefield", "graveyard")
    [a] = r.assumptions
    assert (a.key, a.choices) == ("legend_rule", "choices: {legend_rule: [new]}")


# ------------------------------------------------------------------------------------------------------
# Unused answers

def test_a_choice_never_needed_is_reported_as_unused() -> None:
    r = play(battlefield=[{"id": "bears", "card": "Grizzly Bears"}],
             choices={"bears": "Bruno", "sacrifice": {"Anna": ["bears"]}, "shuffle": {"Anna": ["bears"]}})
    unused = [t for t in texts(r) if "non è servita" in t]
    assert len(unused) == 3 and any("«shuffle»" in t for t in unused)


def test_the_leftover_answers_of_a_list_are_reported() -> None:
    r = play(**PYROCLASM, choices={"blood-artist": ["Bruno", "Bruno", "Bruno", "Anna", "Bruno"]})
    assert (life(r, "Anna"), life(r, "Bruno")) == (23, 17)
    assert any("dalla 4ª alla 5ª non sono servite" in t for t in texts(r)), texts(r)


def test_the_leftover_ids_of_a_discard_list_are_reported() -> None:
    r = _mind_rot(choices={"discard": {"Bruno": ["c1", "c2", "c3"]}})
    assert obj(r, "c3")["zone"] == "hand"
    assert any("In choices.discard per Bruno resta c3" in t for t in texts(r)), texts(r)


# ------------------------------------------------------------------------------------------------------
# Assumptions: only real decisions, valid choices lines, the result and the text output

def test_a_target_with_a_single_legal_candidate_is_not_an_assumption() -> None:
    kavu = {"id": "kavu", "name": "Kavu", "types": ["Creature"], "power": 4, "toughness": 2, "abilities": [
        {"trigger": {"event": "enters"}, "target": {"types": ["Creature"], "controller": "opponent"},
         "effect": [{"damage": 4, "to": "target"}]}]}
    r = play(battlefield=[{"id": "bears", "card": "Grizzly Bears", "controller": "Bruno"}],
             hand={"Anna": [kavu]}, actions=[{"cast": {"object": "kavu"}}, {"resolve": "all"}])
    assert obj(r, "bears")["zone"] == "graveyard"
    assert r.assumptions == []


def test_the_json_result_lists_assumptions_as_text_rules_key() -> None:
    doc = play(**PYROCLASM).to_json()
    [entry] = doc["assumptions"]
    assert {"text", "rules", "key"} <= set(entry) and entry["key"] == "blood-artist"
    assert play(battlefield=[{"id": "bears", "card": "Grizzly Bears"}]).to_json()["assumptions"] == []


@pytest.mark.parametrize("parts", [
    PYROCLASM,
    dict(battlefield=[ATTENDANT], hand=TWO_CREATURES, actions=CAST_BOTH),
    dict(battlefield=[ATTENDANT], hand=TWO_CREATURES, actions=CAST_BOTH, choices={"attendant": [{}, {"use": True}]}),
    ISAMARU,
    dict(hand={"Bruno": BRUNO_HAND}, actions=[{"cast": {"object": MIND_ROT, "targets": ["Bruno"]}}, "resolve"]),
    dict(battlefield=BRUNO_CREATURES, actions=[{"cast": {"object": EDICT, "targets": ["Bruno"]}}, "resolve"]),
    dict(hand=EIGHT, actions=["end_turn"]),
], ids=["blood-artist", "may", "may-list", "legend", "discard", "sacrifice", "cleanup"])
def test_each_suggested_choices_line_is_valid_yaml_the_loader_accepts_and_changes_that_assumption(
        parts: dict[str, Any]) -> None:
    before = play(**parts)
    assert before.assumptions
    for a in before.assumptions:
        line = yaml.safe_load(a.choices)
        choices = {**(parts.get("choices") or {}), **line["choices"]}
        after = run_text(scenario_text(**{**parts, "choices": choices}))
        assert a.text not in [b.text for b in after.assumptions], (a.choices, after.assumptions)
        assert after.error is None


def test_the_text_output_shows_the_assumptions_in_a_box_before_the_steps() -> None:
    from rich.console import Console

    from judgekit.render.ruling import render

    console = Console(record=True, width=200)
    render(play(**PYROCLASM), console)
    out = console.export_text()
    assert "Ipotesi" in out and out.index("Ipotesi") < out.index("Passo per passo")
    assert "choices: {blood-artist: Bruno}" in out
    console = Console(record=True, width=200)
    render(play(**PYROCLASM, choices={"blood-artist": "Bruno"}), console)
    assert "Ipotesi" not in console.export_text()


@pytest.mark.parametrize("text, expected", [
    ("blood-artist", "blood-artist"), ("soldier#2", "soldier#2"), ("yes", '"yes"'), ("12", '"12"'),
    ("Anna Maria", '"Anna Maria"'), ("null", '"null"'), ("a: b", '"a: b"'),
])
def test_choices_lines_quote_what_plain_yaml_would_misread(text: str, expected: str) -> None:
    from judgekit.ruling.assumptions import flow

    assert flow({text: [text]}) == f"{{{expected}: [{expected}]}}"
    assert yaml.safe_load(flow({text: [text]})) == {text: [text]}


def _requests_of_the_other_decisions(source: str) -> list[Request]:
    return [ChooseModes(source, "Anna", 1, 2, (0, 1, 2)), ChooseX(source, "Anna"),
            DivideAmount(source, "Anna", 5, ("Anna", "Bruno")), ChooseValue(source, "Anna", ("red", "green"))]


def test_modes_x_division_and_chosen_values_taken_by_default_become_assumptions_with_their_lines() -> None:
    """Every request class a choices key answers has an Italian text and a valid choices line."""
    from judgekit.engine.builder import GameBuilder
    from judgekit.ruling.assumptions import collect

    g = GameBuilder()
    g.creature("Grizzly Bears", 2, 2, id="bears")
    game = g.build()
    for request in _requests_of_the_other_decisions("bears"):
        game.chooser.choose(request)
    found = collect(game, {})
    assert [a.rules[0] for a in found] == ["700.2", "107.3", "601.2d", "608.2d"]
    lines = [yaml.safe_load(a.choices)["choices"]["bears"] for a in found]
    assert lines == [{"modes": [1]}, {"x": 1}, {"divide": {"Anna": 2, "Bruno": 3}}, "green"]
    assert all(a.text and a.key == "bears" for a in found)


def test_every_request_class_a_choices_key_answers_has_an_assumption_text() -> None:
    import typing

    from judgekit.engine import choices as req
    from judgekit.render.narration.assumptions import TEXTS
    from judgekit.ruling.assumptions import NOT_CHOICES

    classes = {c.__name__ for c in typing.get_args(req.Request)}
    assert classes - set(NOT_CHOICES) == set(TEXTS)
