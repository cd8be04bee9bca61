"""Loops (CR 104.4b): a loop of mandatory actions ends the game in a draw; one with an optional action stops
the replay asking for the choice that breaks it; many triggers resolved one by one are not a loop."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit import paths
from judgekit.engine import priority
from judgekit.ruling.run import run_file, run_text

LOOPS = ["loop-token-dies-creates-token", "loop-life-gain-triggers-itself", "loop-indestructible-damage-each-other"]

CHALICE = """title: prova
source: test
players: [{name: Anna}, {name: Bruno}]
active_player: Anna
step: main1
battlefield:
  - id: chalice
    name: Calice infinito
    types: [Artifact]
    controller: Anna
    abilities:
      - trigger: {event: you_gain_life}
        optional: OPTIONAL
        effect: [{gain_life: 1, to: you}]
hand:
  Anna:
    - {id: refresh, name: Ristoro, types: [Instant], effect: [{gain_life: 3, to: you}]}
actions:
  - cast: {object: refresh}
  - resolve: all
"""


@pytest.mark.parametrize("name", LOOPS)
def test_a_mandatory_loop_is_a_draw(name: str) -> None:
    r = run_file(Path(paths.scenarios_dir()) / "stack" / f"{name}.yaml")
    assert r.error is None and r.expect == {"passed": True, "failures": []}
    assert r.final is not None
    assert all(p["lost"] for p in r.final["players"].values())
    loop = [s for s in r.steps if s.kind == "end" and s.rules == ["104.4b"]]
    assert len(loop) == 1 and "Ciclo di azioni obbligatorie" in loop[0].text and "patta (104.4b)" in loop[0].text
    end = [s for s in r.steps if s.text.startswith("La partita è finita")]
    assert len(end) == 1 and "104.4b" in end[0].rules and "patta" in end[0].text


def test_the_loop_names_the_repeating_abilities() -> None:
    """Steel's trigger, put on the stack last, resolves and triggers again on top: it alone repeats; Iron's
    waits below it when the game ends."""
    r = run_file(Path(paths.scenarios_dir()) / "stack" / "loop-indestructible-damage-each-other.yaml")
    (step,) = [s for s in r.steps if s.rules == ["104.4b"]]
    assert "(abilità innescata di Golem d'acciaio)" in step.text
    assert step.objects == ["steel"]
    assert r.final is not None and [i["id"] for i in r.final["stack"]] == ["iron", "steel"]


def test_a_mandatory_loop_stops_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop is detected after a bounded number of resolutions."""
    calls = 0
    real = priority.resolve_top

    def counting(game):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return real(game)

    monkeypatch.setattr(priority, "resolve_top", counting)
    run_text(CHALICE.replace("OPTIONAL", "false"))
    assert calls <= priority.LOOP_RESOLUTIONS + 2


def test_an_optional_loop_asks_for_the_choice_that_breaks_it() -> None:
    r = run_text(CHALICE.replace("OPTIONAL", "true"))
    assert r.error is not None and r.error["rule"] == "104.4b"
    assert "facoltativa" in r.error["message"] and "«chalice»" in r.error["message"]
    assert r.final is not None and not any(p["lost"] for p in r.final["players"].values())


def test_many_triggers_resolved_one_by_one_are_not_a_loop() -> None:
    creatures = "\n".join(f"  - {{id: c{i}, name: Guscio, types: [Creature], power: 0, toughness: 0, "
                          f"controller: Bruno}}" for i in range(priority.LOOP_RESOLUTIONS + 20))
    r = run_text(f"""title: prova
source: test
players: [{{name: Anna}}, {{name: Bruno}}]
active_player: Anna
step: main1
battlefield:
  - id: altar
    name: Altare
    types: [Enchantment]
    controller: Anna
    abilities:
      - trigger: {{event: dies, of: {{types: [Creature]}}}}
        effect: [{{gain_life: 1, to: you}}]
{creatures}
actions:
  - resolve: all
""")
    assert r.error is None and r.final is not None
    assert r.final["players"]["Anna"] == {"life": 20 + priority.LOOP_RESOLUTIONS + 20, "poison": 0, "lost": False,
                                          "hand": 0, "library": 60}
