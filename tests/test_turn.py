"""Steps of the turn (CR 500-514): next_step, end_turn, turn-based actions, beginning-of-step triggers."""

from __future__ import annotations

from typing import Any

from replay_helpers import play as replay

from judgekit.ruling.model import Ruling


def play(battlefield: list[dict[str, Any]], actions: list[Any], *, step: str = "main1",
         hand: dict[str, list[dict[str, Any]]] | None = None, effects: list[dict[str, Any]] | None = None) -> Ruling:
    return replay(title="turno", source="CR 500-514", step=step, battlefield=battlefield, actions=actions,
                  hand=hand or {}, effects=effects or [])


def started(r: Ruling) -> list[str]:
    """The steps that began during the replay, in order (from the ruling's ``step`` entries)."""
    out = []
    for s in r.steps:
        if s.kind == "step" and s.text.startswith("Inizia la "):
            out.append(s.text[len("Inizia la "):].split(":")[0].rstrip("."))
    return out


def test_next_step_goes_to_the_following_step() -> None:
    r = play([], ["next_step", "next_step"], step="upkeep")
    assert started(r) == ["sottofase di acquisizione", "prima fase principale"]


def test_draw_step_draws_a_card_and_says_so() -> None:
    r = play([], ["next_step"], step="upkeep")
    assert any("pesca 1 carta" in s.text and "504.1" in s.rules for s in r.steps)


def test_without_attackers_the_blockers_and_damage_steps_are_skipped() -> None:
    r = play([{"id": "bears", "card": "Grizzly Bears"}], ["next_step", "next_step", "next_step"])
    assert started(r) == ["sottofase di inizio combattimento", "sottofase di dichiarazione degli attaccanti",
                          "sottofase di fine combattimento"]
    assert any("508.8" in s.rules for s in r.steps)


def test_beginning_of_combat_trigger_goes_on_the_stack_as_the_step_begins() -> None:
    totem = {"id": "totem", "name": "Totem", "types": ["Artifact"],
             "abilities": [{"trigger": {"event": "beginning_of_combat"}, "effect": [{"gain_life": 1, "to": "you"}]}]}
    r = play([totem], ["next_step"])
    assert r.final is not None
    assert [i["id"] for i in r.final["stack"]] == ["totem"]
    resolved = play([totem], ["next_step", "next_step"])
    assert resolved.final is not None
    assert resolved.final["players"]["Anna"]["life"] == 21


def test_end_step_trigger_resolves_during_end_turn() -> None:
    bell = {"id": "bell", "name": "Campana", "types": ["Artifact"],
            "abilities": [{"trigger": {"event": "beginning_of_end_step"}, "effect": [{"gain_life": 2, "to": "you"}]}]}
    r = play([bell], ["end_turn"])
    assert r.final is not None
    assert r.final["players"]["Anna"]["life"] == 22
    assert r.final["stack"] == []


def test_end_turn_removes_damage_and_ends_until_end_of_turn_effects() -> None:
    effects = [{"source": "Crescita", "affects": ["bears"], "modify_pt": [3, 3], "duration": "end_of_turn"},
               {"source": "Per sempre", "affects": ["bears"], "modify_pt": [1, 1], "duration": "permanent"}]
    r = play([{"id": "bears", "card": "Grizzly Bears", "damage": 1}], ["end_turn"], effects=effects)
    assert r.final is not None
    bears = r.final["objects"]["bears"]
    assert (bears["power"], bears["toughness"], bears["damage"]) == (3, 3, 0)
    assert any("514.2" in s.rules for s in r.steps)


def test_end_turn_stops_after_cleanup_and_next_step_then_begins_the_next_turn() -> None:
    """SCENARIO-FORMAT.md 2.5: ``end_turn`` stops after cleanup; ``next_step`` from there crosses into the next
    turn."""
    r = play([], ["end_turn"])
    assert r.final is not None and (r.final["turn"], r.final["step"]) == (1, "cleanup")
    r = play([], ["end_turn", "next_step"])
    assert r.final is not None and (r.final["turn"], r.final["active_player"], r.final["step"]) == (2, "Bruno",
                                                                                                    "upkeep")


def test_cleanup_discards_down_to_seven_cards() -> None:
    hand = {"Anna": [{"id": f"c{i}", "card": "Shock"} for i in range(9)]}
    r = play([], ["end_turn"], hand=hand)
    assert r.final is not None
    zones = [r.final["objects"][f"c{i}"]["zone"] for i in range(9)]
    assert zones.count("graveyard") == 2
    assert zones.count("hand") == 7
    assert any("514.1" in s.rules for s in r.steps)


def test_state_based_action_in_cleanup_gives_another_cleanup_step() -> None:
    """CR 514.3a: an Elves 0/0 once its "until end of turn" +1/+1 ends dies, and cleanup happens again."""
    effects = [{"source": "Spinta", "affects": ["elves"], "modify_pt": [1, 1], "duration": "end_of_turn"}]
    r = play([{"id": "elves", "card": "Llanowar Elves", "counters": {"-1/-1": 1}}], ["end_turn"], effects=effects)
    assert r.final is not None
    assert r.final["objects"]["elves"]["zone"] == "graveyard"
    assert any("514.3a" in s.rules for s in r.steps)


def test_combat_damage_all_ends_the_combat_phase() -> None:
    r = play([{"id": "bears", "card": "Grizzly Bears"}],
             [{"declare_attackers": {"bears": "Bruno"}}, {"combat_damage": "all"}, "next_step"])
    assert started(r)[-3:] == ["sottofase di fine combattimento", "seconda fase principale", "sottofase finale"]


def test_next_step_from_a_first_strike_damage_step_goes_to_the_second_damage_step() -> None:
    r = play([{"id": "ace", "card": "Fencing Ace"}],
             [{"declare_attackers": {"ace": "Bruno"}}, "next_step", "next_step", "next_step"])
    assert r.final is not None
    assert r.final["players"]["Bruno"]["life"] == 18
    assert any(s.text.startswith("Inizia la seconda sottofase di danno") for s in r.steps)


def test_going_back_in_the_turn_is_refused() -> None:
    r = play([{"id": "bears", "card": "Grizzly Bears"}], [{"declare_attackers": {"bears": "Bruno"}}], step="end")
    assert r.error is not None
    assert r.error["rule"] == "500.1"
