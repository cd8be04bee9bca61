"""The result of a replay, version 2 (SCENARIO-FORMAT.md 2.10): the new fields of ``final``, ``expect.counts``,
the ``check`` action, and the verdict."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgekit.errors import InvalidFileError
from judgekit.ruling.model import Ruling
from judgekit.ruling.run import run_file, run_text
from judgekit.scenario.shipped import shipped

HEAD = """title: prova
source: test
players: [{name: Anna}, {name: Bruno}]
"""

BOLT = ("{id: bolt, name: Fulmine, types: [Instant], mana_cost: '{R}', effect: [{damage: 3, to: target}],"
        " target: {any: [{types: [Creature]}, {player: true}]}}")
BEAR = "{id: bear, name: Orso, types: [Creature], power: 2, toughness: 2, controller: Bruno}"
TOKENS = ("{id: call, name: Chiamata, types: [Sorcery], mana_cost: '{W}', effect: [{create_token: "
          "{id: soldier, name: Soldato, types: [Creature], power: 1, toughness: 1, count: 3}, to: you}]}")
CR_RULE = re.compile(r"\bCR \d{3}(\.\d+[a-z]?)?\b")


def run(text: str) -> Ruling:
    return run_text(HEAD + text)


def failures(r: Ruling) -> list[str]:
    assert r.expect is not None
    return list(r.expect["failures"])


# -- final.players, final.objects, where the replay stopped ----------------------------------------------


def test_final_players_count_the_cards_in_hand_and_in_the_library() -> None:
    r = run(f"hand:\n  Anna: [{BOLT}, {{id: forest, name: Foresta, types: [Land]}}]\n")
    assert r.final is not None
    assert r.final["players"]["Anna"] == {"life": 20, "poison": 0, "lost": False, "hand": 2, "library": 60}
    assert r.final["players"]["Bruno"]["hand"] == 0


def test_a_card_cast_from_the_hand_no_longer_counts_in_it() -> None:
    r = run(f"battlefield: [{BEAR}]\nhand:\n  Anna: [{BOLT}]\nactions:\n  - cast: {{object: bolt, targets: [bear]}}\n"
            "  - resolve\n")
    assert r.final is not None and r.final["players"]["Anna"]["hand"] == 0


def test_a_player_who_lost_is_reported_lost() -> None:
    r = run("actions:\n  - cast: {object: {id: axe, name: Ascia, types: [Sorcery], effect: [{damage: 25, to: target}],"
            " target: {player: true}},"
            " targets: [Bruno]}\n  - resolve\n")
    assert r.final is not None
    assert r.final["players"]["Bruno"]["lost"] is True and r.final["players"]["Anna"]["lost"] is False


def test_every_object_has_chosen_and_copy_of_null_while_the_core_keeps_neither() -> None:
    """Entering as a copy and "as enters" choices are not modelled: a copy effect in place is not an entry."""
    r = run(f"battlefield:\n  - {BEAR}\n  - {{id: clone, name: Clone, types: [Creature], power: 0, toughness: 0}}\n"
            "effects:\n  - {source: Clone, affects: [clone], copy_of: bear, duration: permanent}\n")
    assert r.final is not None
    for entry in r.final["objects"].values():
        assert entry["chosen"] is None and entry["copy_of"] is None


def test_final_says_the_turn_the_active_player_and_the_step_where_the_replay_stopped() -> None:
    r = run("active_player: Bruno\nstep: upkeep\n")
    assert r.final is not None
    assert (r.final["turn"], r.final["active_player"], r.final["step"]) == (1, "Bruno", "upkeep")


def test_after_end_turn_the_step_is_cleanup() -> None:
    r = run("actions: [end_turn]\n")
    assert r.final is not None and r.final["step"] == "cleanup" and r.final["turn"] == 1


def test_a_combat_action_leaves_the_replay_in_its_step() -> None:
    r = run("battlefield:\n  - {id: bear, name: Orso, types: [Creature], power: 2, toughness: 2}\n"
            "actions:\n  - declare_attackers: {bear: Bruno}\n")
    assert r.final is not None and r.final["step"] == "declare_attackers"


def test_expect_players_compares_hand_and_library() -> None:
    r = run(f"hand:\n  Anna: [{BOLT}]\nexpect:\n  players:\n    Anna: {{hand: 0, library: 60}}\n")
    assert failures(r) == ["Anna.hand: atteso 0, ottenuto 1"]


# -- expect.counts ----------------------------------------------------------------------------------------


def test_a_token_that_was_not_created_counts_zero() -> None:
    r = run(f"hand:\n  Anna: [{TOKENS}]\n"
            "expect:\n  counts:\n    - {select: {token: true, controller: Anna}, is: 0}\n")
    assert r.expect == {"passed": True, "failures": []}


def test_three_tokens_created_count_three_and_a_wrong_number_fails() -> None:
    r = run(f"hand:\n  Anna: [{TOKENS}]\nactions:\n  - cast: {{object: call}}\n  - resolve\n"
            "expect:\n  counts:\n    - {select: {token: true, controller: Anna}, is: 3}\n"
            "    - {select: {types: [Creature], controller: Anna}, is: 2}\n"
            "    - {select: {token: true, controller: Bruno}, is: 0}\n")
    assert failures(r) == ["counts[1] {types: [Creature], controller: Anna}: attesi 2 oggetti, trovati 3"]


def test_a_count_looks_at_the_battlefield_unless_told_another_zone() -> None:
    r = run(f"battlefield: [{BEAR}]\nhand:\n  Anna: [{BOLT}]\nactions:\n  - cast: {{object: bolt, targets: [bear]}}\n"
            "  - resolve\nexpect:\n  counts:\n    - {select: {types: [Creature]}, is: 0}\n"
            "    - {select: {types: [Creature], zone: graveyard}, is: 1}\n"
            "    - {select: {zone: all}, is: 2}\n    - {select: [bear], is: 0}\n")
    assert r.expect == {"passed": True, "failures": []}


def test_a_token_that_ceased_to_exist_never_matches_a_count() -> None:
    r = run(f"hand:\n  Anna: [{TOKENS}]\nactions:\n  - cast: {{object: call}}\n  - resolve\n"
            f"  - cast: {{object: {BOLT.replace('bolt', 'bolt2')}, targets: [soldier]}}\n  - resolve\n"
            "expect:\n  objects:\n    soldier: {zone: gone}\n"
            "  counts:\n    - {select: {token: true, zone: all}, is: 2}\n")
    assert r.expect == {"passed": True, "failures": []}


@pytest.mark.parametrize("select", ["{controller: you}", "{controller: opponent}", "{other: true}",
                                    "{player: true}", "{any: [{controller: you}]}"])
def test_a_count_has_no_you_no_source_and_counts_no_players(select: str) -> None:
    with pytest.raises(InvalidFileError) as info:
        run(f"expect:\n  counts:\n    - {{select: {select}, is: 0}}\n")
    issue = info.value.first
    assert issue is not None and issue.key.startswith("expect.counts[0].select") and issue.line == 6


def test_a_count_naming_an_unknown_player_or_id_is_a_file_error() -> None:
    with pytest.raises(InvalidFileError) as info:
        run("expect:\n  counts:\n    - {select: {controller: Carla}, is: 0}\n    - {select: [nessuno], is: 0}\n")
    keys = sorted(i.key for i in info.value.issues)
    assert keys == ["expect.counts[0].select.controller", "expect.counts[1].select[0]"]


# -- the check action -------------------------------------------------------------------------------------

CHECKED = f"""battlefield: [{BEAR}]
hand:
  Anna: [{BOLT}]
actions:
  - cast: {{object: bolt, targets: [bear]}}
  - check: {{objects: {{bear: {{zone: graveyard}}}}, counts: [{{select: {{zone: stack}}, is: 0}}]}}
  - resolve
  - check: {{objects: {{bear: {{zone: graveyard}}}}, players: {{Anna: {{hand: 0}}}}}}
"""


def test_a_check_that_fails_in_the_middle_and_passes_at_the_end_reports_its_action_number() -> None:
    r = run(CHECKED + "expect:\n  objects:\n    bear: {zone: graveyard}\n")
    assert failures(r) == ["azione 2: bear.zone: atteso graveyard, ottenuto battlefield",
                           "azione 2: counts[0] {zone: stack}: attesi 0 oggetti, trovati 1"]
    assert not r.passed


def test_a_check_changes_nothing() -> None:
    plain = run(CHECKED.replace("  - check:", "  # check:"))
    checked = run(CHECKED)
    assert checked.final == plain.final
    assert [s.as_dict() for s in checked.steps] == [s.as_dict() for s in plain.steps]


def test_checks_without_expect_still_give_an_expect_result() -> None:
    r = run(CHECKED)
    assert r.expect is not None and not r.expect["passed"]
    assert all(f.startswith("azione 2:") for f in failures(r))
    assert run(CHECKED.replace("zone: graveyard}}, counts", "zone: battlefield}}, counts")
               .replace("is: 0", "is: 1")).expect == {"passed": True, "failures": []}


def test_a_check_the_replay_never_reaches_fails() -> None:
    r = run(f"battlefield: [{BEAR}]\nactions:\n  - declare_attackers: {{bear: Anna}}\n  - check: {{objects: {{}}}}\n"
            "expect:\n  error: 508.1\n")
    assert failures(r) == ["azione 2: controllo non eseguito, la riproduzione si è fermata prima"]


def test_a_check_naming_an_unknown_object_is_a_file_error() -> None:
    with pytest.raises(InvalidFileError) as info:
        run("actions:\n  - check: {objects: {ghost: {zone: graveyard}}, players: {Carla: {life: 1}}}\n")
    keys = sorted(i.key for i in info.value.issues)
    assert keys == ["actions[0].check.objects.ghost", "actions[0].check.players.Carla"]


def test_a_check_may_name_a_token_created_later() -> None:
    r = run(f"hand:\n  Anna: [{TOKENS}]\nactions:\n  - check: {{objects: {{soldier: {{zone: battlefield}}}}}}\n"
            "  - cast: {object: call}\n  - resolve\n  - check: {objects: {'soldier#3': {zone: battlefield}}}\n")
    assert failures(r) == ["azione 1: soldier: l'oggetto non è in gioco a quel punto"]


def test_check_failures_set_the_exit_code_of_check(invoke: Any, tmp_path: Path) -> None:
    path = tmp_path / "checked.yaml"
    path.write_text(HEAD + CHECKED, encoding="utf-8")
    result = invoke("ruling", str(path), "--json", "--check")
    assert result.exit_code == 4
    doc = json.loads(result.stdout)
    assert doc["expect"]["passed"] is False and doc["expect"]["failures"][0].startswith("azione 2:")
    assert invoke("ruling", str(path), "--json").exit_code == 0


# -- the verdict ------------------------------------------------------------------------------------------


def test_verdict_of_a_creature_dying_from_damage_says_where_it_went_and_cites_the_state_based_action() -> None:
    r = run(f"battlefield: [{BEAR}]\nhand:\n  Anna: [{BOLT}]\nactions:\n  - cast: {{object: bolt, targets: [bear]}}\n"
            "  - resolve\n")
    assert r.verdict is not None
    assert "Orso finisce nel cimitero di Bruno" in r.verdict
    assert "CR 704.5g" in r.verdict
    assert "Fulmine" not in r.verdict.split("Regola decisiva")[0]   # a spell resolving is the normal course


def test_verdict_of_a_life_change_says_whose_life_and_from_what_to_what() -> None:
    r = run(f"hand:\n  Anna: [{BOLT}]\nactions:\n  - cast: {{object: bolt, targets: [Bruno]}}\n  - resolve\n")
    assert r.verdict is not None
    assert "Bruno passa da 20 a 17 punti vita" in r.verdict and "CR 120.3a" in r.verdict


def test_verdict_of_a_player_losing_cites_the_rule_that_made_them_lose() -> None:
    r = run("actions:\n  - cast: {object: {id: axe, name: Ascia, types: [Sorcery], effect: [{damage: 20, to: target}],"
            " target: {player: true}},"
            " targets: [Bruno]}\n  - resolve\n")
    assert r.verdict is not None
    assert "Bruno passa da 20 a 0 punti vita e perde la partita" in r.verdict and "CR 704.5a" in r.verdict


def test_verdict_of_a_layer_question_gives_the_final_characteristics_and_a_layer_rule() -> None:
    r = run("battlefield:\n"
            "  - {id: bear, name: Orso, types: [Creature], power: 2, toughness: 2, keywords: [trample]}\n"
            "  - {id: humble, name: Umiltà, types: [Enchantment], abilities: [{static: {affects: {types: [Creature]},"
            " remove_all_abilities: true, set_pt: [1, 1]}}]}\n"
            "expect:\n  objects:\n    bear: {power: 1, toughness: 1, keywords: []}\n")
    assert r.verdict is not None
    assert "Orso è Creatura 1/1" in r.verdict and "nessuna abilità" in r.verdict
    assert re.search(r"CR 613\.\d", r.verdict)
    assert "cimitero" not in r.verdict


def test_verdict_of_an_illegal_action_says_what_was_illegal_and_its_rule() -> None:
    r = run("battlefield:\n  - {id: bear, name: Orso, types: [Creature], power: 2, toughness: 2, tapped: true}\n"
            "actions:\n  - declare_attackers: {bear: Bruno}\n")
    assert r.error is not None and r.verdict is not None
    assert r.verdict.startswith("Azione non consentita:") and f"CR {r.error['rule']}" in r.verdict


def test_verdict_follows_the_question_the_expectations_ask() -> None:
    """A keyword that decided what ``expect`` asks wins over the generic rule of the damage it dealt."""
    r = run("battlefield:\n  - {id: angel, name: Angelo, types: [Creature], power: 4, toughness: 4,"
            " keywords: [vigilance]}\nactions:\n  - declare_attackers: {angel: Bruno}\n  - combat_damage: all\n"
            "expect:\n  objects:\n    angel: {tapped: false}\n")
    assert r.verdict is not None and "CR 702.20b" in r.verdict
    assert "Angelo resta sul campo di battaglia" in r.verdict


def test_verdict_uses_the_italian_name_the_scenario_wrote() -> None:
    r = run("battlefield:\n  - {card: Orsi Grizzly, id: bear, controller: Bruno}\nhand:\n"
            f"  Anna: [{BOLT}]\nactions:\n  - cast: {{object: bolt, targets: [bear]}}\n  - resolve\n")
    assert r.verdict is not None and "Orsi Grizzly finisce nel cimitero" in r.verdict


def test_the_text_output_shows_the_verdict_before_the_steps(invoke: Any) -> None:
    result = invoke("ruling", "regrower-one-three")
    assert result.exit_code == 0
    out = result.stdout
    assert "Verdetto:" in out and out.index("Verdetto:") < out.index("Passo per passo")


def test_a_file_that_cannot_be_loaded_has_a_null_verdict(invoke: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + "actions: [boh]\n", encoding="utf-8")
    result = invoke("ruling", str(path), "--json")
    assert result.exit_code == 3
    assert json.loads(result.stdout)["verdict"] is None


@pytest.mark.parametrize("scenario", [pytest.param(s, id=s.id) for s in shipped()])
def test_every_shipped_scenario_has_a_verdict_citing_a_rule(scenario: Any) -> None:
    r = run_file(scenario.path)
    assert r.verdict and r.verdict.strip()
    assert CR_RULE.search(r.verdict), r.verdict
