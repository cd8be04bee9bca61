"""``judgekit ruling`` / ``verdetto`` and ``judgekit scenarios`` / ``scenari``: output, JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judgekit.scenario.shipped import FOLDERS, shipped

HEAD = "title: Prova\nsource: test\nplayers: [{name: Anna}, {name: Bruno}]\n"

GOOD = HEAD + """
battlefield:
  - {id: humility, name: Humility, types: [Enchantment], mana_cost: '{2}{W}{W}', abilities:
      [{static: {affects: {types: [Creature]}, remove_all_abilities: true, set_pt: [1, 1]}}]}
  - {id: angel, name: Serra Angel, types: [Creature], power: 4, toughness: 4, keywords: [flying]}
expect:
  objects:
    angel: {power: 1, toughness: 1, keywords: []}
"""


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_ruling_explains_steps_with_rules_and_tables(invoke: Any, tmp_path: Path) -> None:
    result = invoke("ruling", write(tmp_path, GOOD))
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Prova" in out
    assert "Layer 6" in out and "613.1f" in out
    assert "perde tutte le abilità" in out
    assert "Layer per oggetto" in out and "Serra Angel" in out
    assert "tutte verificate" in out


def test_verdetto_is_an_alias(invoke: Any, tmp_path: Path) -> None:
    result = invoke("verdetto", write(tmp_path, GOOD))
    assert result.exit_code == 0
    assert "Passo per passo" in result.stdout


def test_json_prints_exactly_one_result_document(invoke: Any, tmp_path: Path) -> None:
    result = invoke("ruling", write(tmp_path, GOOD), "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert set(doc) == {"scenario", "ok", "error", "verdict", "steps", "final", "expect", "assumptions"}
    assert doc["ok"] is True and doc["error"] is None
    assert doc["expect"] == {"passed": True, "failures": []}
    angel = doc["final"]["objects"]["angel"]
    assert set(angel) == {"zone", "name", "controller", "owner", "types", "subtypes", "supertypes", "colors",
                          "power", "toughness", "damage", "counters", "keywords", "abilities", "mana", "tapped",
                          "attached_to", "token", "chosen", "copy_of", "mana_value"}
    assert (angel["power"], angel["toughness"], angel["keywords"]) == (1, 1, [])
    assert doc["final"]["objects"]["humility"]["power"] is None
    assert doc["final"]["players"]["Anna"] == {"life": 20, "poison": 0, "lost": False, "hand": 0, "library": 60}
    assert doc["final"]["stack"] == []
    assert all(set(s) >= {"kind", "rules", "text"} for s in doc["steps"])
    assert any("613.1f" in s["rules"] for s in doc["steps"])


def test_bad_file_lists_every_problem_and_exits_3(invoke: Any, tmp_path: Path) -> None:
    bad = write(tmp_path, HEAD + "battlefield:\n  - {id: x, name: X, types: [Creatur], colour: red}\n")
    result = invoke("ruling", bad)
    assert result.exit_code == 3
    assert "Traceback" not in result.stderr
    assert f"{bad}:5" in result.stderr
    assert "battlefield[0].colour" in result.stderr and "chiave sconosciuta" in result.stderr
    assert "battlefield[0].types[0]" in result.stderr


def test_bad_file_with_json_prints_the_failure_document(invoke: Any, tmp_path: Path) -> None:
    bad = write(tmp_path, HEAD + "battlefield:\n  - {id: x, name: X, attached_to: nobody}\n")
    result = invoke("ruling", bad, "--json")
    assert result.exit_code == 3
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["final"] is None
    assert doc["error"]["rule"] is None
    assert doc["error"]["line"] == 5 and doc["error"]["key"] == "battlefield[0].attached_to"
    assert doc["error"]["file"] == bad


def test_check_exits_4_when_expectations_fail(invoke: Any, tmp_path: Path) -> None:
    wrong = write(tmp_path, GOOD.replace("power: 1, toughness: 1", "power: 4, toughness: 4"))
    plain = invoke("ruling", wrong)
    assert plain.exit_code == 0
    assert "non verificate" in plain.stdout
    checked = invoke("ruling", wrong, "--check")
    assert checked.exit_code == 4
    as_json = invoke("ruling", wrong, "--check", "--json")
    assert as_json.exit_code == 4
    assert json.loads(as_json.stdout)["expect"]["passed"] is False


def test_illegal_action_is_reported_with_its_rule(invoke: Any, tmp_path: Path) -> None:
    text = HEAD + """
active_player: Anna
hand:
  Bruno: [{id: axe, name: Lava Axe, types: [Sorcery], mana_cost: '{4}{R}', target: {player: true},
           effect: [{damage: 5, to: target}]}]
actions:
  - cast: {object: axe, targets: [Anna]}
expect:
  error: {rule: "307.1"}
"""
    result = invoke("ruling", write(tmp_path, text), "--json", "--check")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    assert doc["error"]["rule"] == "307.1"
    assert doc["expect"]["passed"] is True


def test_shipped_scenario_by_id(invoke: Any) -> None:
    first = shipped()[0]
    result = invoke("ruling", first.id, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["scenario"] == first.id


def test_unknown_scenario_id_suggests_and_exits_1(invoke: Any) -> None:
    first = shipped()[0]
    result = invoke("ruling", first.id[:-1] + "x")
    assert result.exit_code == 1
    assert first.id in result.stderr


def test_scenarios_lists_id_title_folder(invoke: Any) -> None:
    result = invoke("scenarios")
    assert result.exit_code == 0
    for s in shipped()[:3]:
        assert s.id in result.stdout
    listed = json.loads(invoke("scenari", "--json").stdout)
    assert {"id", "title", "folder"} <= set(listed[0])
    assert {item["folder"] for item in listed} <= set(FOLDERS)


def test_game_over_is_shown_once_with_the_loser_in_the_final_state(invoke: Any, tmp_path: Path) -> None:
    """CR 104.1: the ruling says once that the game is over; the final state marks who lost; ``ok`` stays true."""
    text = """title: Prova
source: test
players: [{name: Anna}, {name: Bruno, life: 3}]
hand:
  Anna: [{id: bolt, name: Bolt, types: [Instant], target: {player: true}, effect: [{damage: 3, to: target}]}]
actions:
  - cast: {object: bolt, targets: [Bruno]}
  - resolve
  - next_step
"""
    path = write(tmp_path, text)
    result = invoke("ruling", path)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("La partita è finita") == 1
    assert "fine della partita" in result.stdout
    assert "Bruno: 0 punti vita (ha perso)" in result.stdout
    doc = json.loads(invoke("ruling", path, "--json").stdout)
    assert doc["ok"] is True and doc["error"] is None
    assert doc["final"]["players"]["Bruno"]["lost"] is True
    assert [s["kind"] for s in doc["steps"]].count("end") == 1


def test_json_of_an_invalid_file_lists_every_problem(invoke, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    bad = tmp_path / "due-errori.yaml"
    bad.write_text("title: t\nsource: s\nplayers: [{name: Anna}, {name: Bruno}]\n"
                   "battlefield:\n  - {id: a, name: A, types: [Creature], powr: 1}\n"
                   "  - {id: b, name: B, colour: red}\n")
    result = invoke("ruling", str(bad), "--json")
    assert result.exit_code == 3
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["final"] is None
    assert doc["error"]["line"] == 5 and doc["error"]["key"] == "battlefield[0].powr"
    assert [i["line"] for i in doc["error"]["issues"]] == [5, 6]
