"""One-shot verbs of SCENARIO-FORMAT.md, continuous effects from resolving spells and their durations."""

from __future__ import annotations

from typing import Any

from replay_helpers import obj, play, player, scenario_text

from judgekit.engine.effects import VERBS
from judgekit.ruling.model import Ruling
from judgekit.scenario.models import VERBS as FORMAT_VERBS


def spell(effect: list[dict[str, Any]], target: Any = None, sid: str = "fx") -> dict[str, Any]:
    out: dict[str, Any] = {"id": sid, "name": "Effetto", "types": ["Instant"], "effect": effect}
    if target is not None:
        out["target"] = target
    return out


def cast(effect: list[dict[str, Any]], targets: list[str] | None = None, *, controller: str = "Anna",
         target: Any = None, **parts: Any) -> Ruling:
    spec: dict[str, Any] = {"object": spell(effect, target if target is not None else
                                            ({"types": ["Creature"]} if targets else None)),
                            "controller": controller}
    if targets:
        spec["targets"] = targets
    actions = [{"cast": spec}, {"resolve": "all"}, *parts.pop("after", [])]
    return play(actions=actions, **parts)


BEAR = {"id": "bear", "card": "Grizzly Bears", "controller": "Bruno"}


def test_every_verb_of_the_format_is_implemented() -> None:
    assert set(FORMAT_VERBS) <= set(VERBS)


def test_damage_to_a_creature_and_to_a_player() -> None:
    r = cast([{"damage": 1, "to": "target"}, {"damage": 2, "to": "opponent"}], ["bear"], battlefield=[BEAR])
    assert obj(r, "bear")["damage"] == 1
    assert player(r, "Bruno")["life"] == 18


def test_destroy_and_indestructible() -> None:
    r = cast([{"destroy": True, "to": {"types": ["Creature"]}}],
             battlefield=[BEAR, {"id": "god", "card": "Darksteel Myr"}])
    assert obj(r, "bear")["zone"] == "graveyard"
    assert obj(r, "god")["zone"] == "battlefield"


def test_exile() -> None:
    r = cast([{"exile": True, "to": "target"}], ["bear"], battlefield=[BEAR])
    assert obj(r, "bear")["zone"] == "exile"


def test_exile_and_return_is_a_new_untapped_object_without_counters() -> None:
    r = cast([{"exile_and_return": True, "to": "target"}], ["bear"],
             battlefield=[{**BEAR, "tapped": True, "damage": 1, "counters": {"+1/+1": 2}}])
    bear = obj(r, "bear")
    assert bear["zone"] == "battlefield" and bear["tapped"] is False and bear["damage"] == 0
    assert bear["counters"] == {} and bear["controller"] == "Bruno"


def test_sacrifice() -> None:
    r = cast([{"sacrifice": True, "to": {"types": ["Creature"], "controller": "you"}}], controller="Bruno",
             battlefield=[BEAR], active_player="Bruno")
    assert obj(r, "bear")["zone"] == "graveyard"


def test_return_to_hand() -> None:
    r = cast([{"return_to_hand": True, "to": "target"}], ["bear"], battlefield=[BEAR])
    assert obj(r, "bear")["zone"] == "hand"


def test_counter_a_spell() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": spell([{"counter": True, "to": "target"}], {"zone": "stack"}),
                                "controller": "Bruno", "targets": ["bolt"]}},
                      {"resolve": "all"}])
    assert obj(r, "bolt")["zone"] == "graveyard"
    assert obj(r, "bear")["zone"] == "battlefield"


def test_gain_and_lose_life() -> None:
    r = cast([{"gain_life": 3, "to": "you"}, {"lose_life": 2, "to": "opponent"}])
    assert player(r, "Anna")["life"] == 23 and player(r, "Bruno")["life"] == 18


def test_draw_draws_from_the_library_and_says_so() -> None:
    """SCENARIO-FORMAT.md 2.6: two unknown cards of the default library go into the hand."""
    r = cast([{"draw": 2, "to": "you"}])
    assert any("pesca 2 carte" in s.text for s in r.steps)


def test_discard_by_default_takes_the_card_most_recently_put_into_the_hand() -> None:
    """SCENARIO-FORMAT.md 2.2, Defaults: the cards a file lists count as put into the hand in written order."""
    r = cast([{"discard": 1, "to": "opponent"}],
             hand={"Bruno": [{"id": "c1", "card": "Shock"}, {"id": "c2", "card": "Lightning Bolt"}]})
    assert obj(r, "c1")["zone"] == "hand" and obj(r, "c2")["zone"] == "graveyard"


def test_add_and_remove_counters() -> None:
    r = cast([{"add_counters": {"+1/+1": 3}, "to": "target"}, {"remove_counters": {"+1/+1": 1}, "to": "target"}],
             ["bear"], battlefield=[BEAR])
    assert obj(r, "bear")["counters"] == {"+1/+1": 2}
    assert obj(r, "bear")["power"] == 4


def test_poison_counters_on_a_player() -> None:
    r = cast([{"add_counters": {"poison": 2}, "to": "opponent"}])
    assert player(r, "Bruno")["poison"] == 2


def test_tap_and_untap() -> None:
    r = cast([{"tap": True, "to": "target"}], ["bear"], battlefield=[BEAR])
    assert obj(r, "bear")["tapped"] is True
    r = cast([{"untap": True, "to": "target"}], ["bear"], battlefield=[{**BEAR, "tapped": True}])
    assert obj(r, "bear")["tapped"] is False


def test_create_token_ids_and_control() -> None:
    r = cast([{"create_token": {"id": "spirit", "name": "Spirito", "types": ["Creature"], "power": 1,
                                "toughness": 1, "count": 3}, "to": "you"}])
    for tid in ("spirit", "spirit#2", "spirit#3"):
        assert obj(r, tid)["zone"] == "battlefield"
        assert obj(r, tid)["token"] is True and obj(r, tid)["controller"] == "Anna"


def test_prevent_damage_shield_is_used_once() -> None:
    r = play(battlefield=[{"id": "wurm", "card": "Craw Wurm"}],
             hand={"Anna": [{"id": "hands", "card": "Mending Hands"}],
                   "Bruno": [{"id": "bolt", "card": "Lightning Bolt"}, {"id": "shock", "card": "Shock"}]},
             actions=[{"cast": {"object": "hands", "targets": ["wurm"]}}, "resolve",
                      {"cast": {"object": "bolt", "targets": ["wurm"]}}, "resolve",
                      {"cast": {"object": "shock", "targets": ["wurm"]}}, "resolve"])
    assert obj(r, "wurm")["damage"] == 1


def test_regenerate_shield_replaces_destroy() -> None:
    r = cast([{"regenerate": True, "to": "target"}, {"destroy": True, "to": "target"}], ["bear"],
             battlefield=[BEAR])
    assert obj(r, "bear")["zone"] == "battlefield" and obj(r, "bear")["tapped"] is True


def test_fight_is_simultaneous_damage() -> None:
    r = cast([{"fight": "wurm", "to": "target"}], ["bear"],
             battlefield=[BEAR, {"id": "wurm", "card": "Craw Wurm", "controller": "Anna"}])
    assert obj(r, "bear")["zone"] == "graveyard"
    assert obj(r, "wurm")["damage"] == 2


def test_fight_with_lifelink_and_deathtouch_source() -> None:
    r = cast([{"fight": "bear", "to": "target"}], ["hawk"],
             battlefield=[BEAR, {"id": "hawk", "card": "Vampire Nighthawk"},
                          {"id": "wurm", "card": "Craw Wurm", "controller": "Bruno"}],
             target={"types": ["Creature"], "controller": "you"})
    assert obj(r, "bear")["zone"] == "graveyard"
    assert player(r, "Anna")["life"] == 22


def test_protection_prevents_damage_from_a_spell_of_that_colour() -> None:
    r = play(battlefield=[{"id": "knight", "card": "White Knight", "controller": "Bruno"}],
             actions=[{"cast": {"object": {"id": "pox", "name": "Piaga", "types": ["Sorcery"], "colors": ["black"],
                                           "effect": [{"damage": 3, "to": {"types": ["Creature"]}}]}}},
                      "resolve"])
    assert obj(r, "knight")["damage"] == 0
    assert any("702.16e" in s.rules for s in r.steps)


def test_infect_and_wither_damage_become_minus_counters() -> None:
    r = play(battlefield=[{"id": "pinger", "name": "Avvizzito", "types": ["Creature"], "power": 1, "toughness": 1,
                           "keywords": ["wither"],
                           "abilities": [{"activated": {"cost": ["tap"], "target": {"types": ["Creature"]},
                                                        "effect": [{"damage": 1, "to": "target"}]}}]},
                          {"id": "wurm", "card": "Craw Wurm", "controller": "Bruno"}],
             actions=[{"activate": {"source": "pinger", "targets": ["wurm"]}}, "resolve"])
    assert obj(r, "wurm")["counters"] == {"-1/-1": 1} and obj(r, "wurm")["damage"] == 0


# ---------------------------------------------------------------------------------------------------------
# Continuous effects from resolving spells, durations


def test_until_end_of_turn_effect_ends_in_the_cleanup_step() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             hand={"Anna": [{"id": "growth", "card": "Giant Growth"}]},
             actions=[{"cast": {"object": "growth", "targets": ["bear"]}}, "resolve",
                      {"cast": {"object": {"id": "shock", "card": "Shock"}, "controller": "Bruno",
                                "targets": ["bear"]}}, "resolve", "end_turn"])
    bear = obj(r, "bear")
    assert bear["power"] == 2 and bear["damage"] == 0 and bear["zone"] == "battlefield"
    assert any("514.2" in s.rules and "Giant Growth" in s.text for s in r.steps)


def test_continuous_effect_affects_a_set_fixed_on_resolution() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             hand={"Anna": [{"id": "later", "card": "Grizzly Bears"}]},
             actions=[{"cast": {"object": spell([{"modify_pt": [1, 1], "to": {"types": ["Creature"]}}])}},
                      "resolve", {"cast": {"object": "later"}}, "resolve"])
    assert obj(r, "bear")["power"] == 3
    assert obj(r, "later")["power"] == 2


def test_end_of_combat_and_permanent_durations() -> None:
    r = play(battlefield=[{"id": "bear", "card": "Grizzly Bears"}],
             actions=[{"cast": {"object": spell([{"modify_pt": [1, 0], "to": "target", "duration": "end_of_combat"},
                                                 {"modify_pt": [0, 2], "to": "target", "duration": "permanent"}],
                                                {"types": ["Creature"]}), "targets": ["bear"]}},
                      "resolve", {"declare_attackers": {"bear": "Bruno"}}, {"combat_damage": "all"}, "end_turn"])
    assert obj(r, "bear")["power"] == 2 and obj(r, "bear")["toughness"] == 4


def test_a_spell_returned_to_hand_from_the_stack_leaves_the_stack() -> None:
    r = play(battlefield=[BEAR], hand={"Anna": [{"id": "bolt", "card": "Lightning Bolt"}]},
             actions=[{"cast": {"object": "bolt", "targets": ["bear"]}},
                      {"cast": {"object": spell([{"return_to_hand": True, "to": "target"}], {"zone": "stack"}),
                                "controller": "Bruno", "targets": ["bolt"]}},
                      {"resolve": "all"}])
    assert r.error is None
    assert obj(r, "bolt")["zone"] == "hand"
    assert obj(r, "bear")["damage"] == 0
    assert r.final is not None and r.final["stack"] == []


def test_each_game_keeps_its_own_simultaneous_event() -> None:
    """The open simultaneous event lives on its game (``game.batch``): lifelink damage in another game is its
    own event and gains life at once; in the open one, once when the event ends (CR 702.15e)."""
    from judgekit.engine.characteristics import chars
    from judgekit.engine.effects import deal_damage, simultaneous
    from judgekit.engine.setup import build_game
    from judgekit.scenario.loader import load_scenario_text
    from judgekit.scenario.specs import scenario_specs

    text = scenario_text(battlefield=[{"id": "leech", "name": "Leech", "types": ["Creature"], "power": 2,
                                       "toughness": 2, "keywords": ["lifelink"]}])
    first, second = (build_game(scenario_specs(load_scenario_text(text, "x.yaml").data)) for _ in range(2))
    with simultaneous(first) as number:
        assert first.batch is not None and first.batch.number == number
        assert second.batch is None
        deal_damage(first, chars(first, "leech"), "Bruno", 2)
        deal_damage(first, chars(first, "leech"), "Bruno", 1)
        deal_damage(second, chars(second, "leech"), "Bruno", 2)
        assert first.player("Anna").life == 20
        assert second.player("Anna").life == 22
    assert first.batch is None
    assert first.player("Anna").life == 23
    gains = [e for e in first.events if e.kind == "life_gain"]
    assert [(g.amount, g.data["batch"]) for g in gains] == [(3, number)]
