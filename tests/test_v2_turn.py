"""Play across turns (SCENARIO-FORMAT.md 2.5, 2.8): next_turn, next_step into the next turn, cleanup, durations
that cross turns, delayed triggered abilities (603.7), ``created``, play_land and pass."""

from __future__ import annotations

from typing import Any

import pytest

from judgekit.engine.builder import GameBuilder, entry
from judgekit.engine.choices import Script
from judgekit.engine.errors import IllegalAction
from judgekit.errors import InvalidFileError
from tests.replay_helpers import life, obj, play, player, rules_cited

BEAR = {"types": ["Creature"], "power": 2, "toughness": 2}


def _sorcery(oid: str, effect: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {"id": oid, "name": oid.title(), "types": ["Sorcery"], "effect": effect, **fields}


# ------------------------------------------------------------------------------------------------------
# Beginning the next turn


def test_next_turn_begins_the_next_players_turn_in_their_upkeep_after_untapping_their_permanents() -> None:
    b = GameBuilder()
    mine = b.creature("Orso di Anna", 2, 2, tapped=True)
    theirs = b.creature("Orso di Bruno", 2, 2, controller="Bruno", tapped=True, summoning_sick=True)
    b.build()
    b.act("next_turn")
    game = b.game
    assert (game.turn, game.active, game.step.value) == (2, "Bruno", "upkeep")
    assert b.obj(theirs).tapped is False and b.obj(theirs).summoning_sick is False   # 502.3, 302.6
    assert b.obj(mine).tapped is True


def test_next_turn_skips_nobody_and_comes_back_to_the_first_player() -> None:
    b = GameBuilder()
    b.build()
    b.act("next_turn")
    b.act("next_turn")
    assert (b.game.turn, b.game.active) == (3, "Anna")


def test_upkeep_triggers_wait_on_the_stack_unresolved() -> None:
    r = play(active_player="Bruno", battlefield={"Anna": ["Bitterblossom"]}, actions=["next_turn"])
    assert r.final is not None
    assert [i["source"] for i in r.final["stack"]] == ["Bitterblossom"]
    assert life(r, "Anna") == 20
    assert r.final["step"] == "upkeep" and r.final["turn"] == 2 and r.final["active_player"] == "Anna"


def test_next_step_from_the_end_step_crosses_into_the_next_turn() -> None:
    b = GameBuilder(step="end")
    b.build()
    b.next_step()
    assert (b.game.turn, b.game.active, b.game.step.value) == (2, "Bruno", "upkeep")


def test_end_turn_stops_after_cleanup_without_beginning_the_next_turn() -> None:
    r = play(actions=["end_turn"])
    assert r.final is not None
    assert (r.final["turn"], r.final["active_player"], r.final["step"]) == (1, "Anna", "cleanup")


def test_pass_resolves_the_top_of_the_stack_or_moves_to_the_next_step() -> None:
    b = GameBuilder(step="main2")
    b.build()
    b.act("pass")
    assert b.game.step.value == "end"


# ------------------------------------------------------------------------------------------------------
# Cleanup


def test_cleanup_discards_down_to_the_player_entrys_maximum_hand_size() -> None:
    r = play(players=[{"name": "Anna", "max_hand_size": 2}, "Bruno"], step="end",
             hand={"Anna": ["5 Grizzly Bears"]}, actions=["end_turn"])
    assert player(r, "Anna")["hand"] == 2
    assert "514.1" in rules_cited(r)


def test_no_max_hand_size_keeps_every_card() -> None:
    r = play(step="end", hand={"Anna": ["9 Grizzly Bears"]},
             battlefield={"Anna": [{"name": "Reliquiario", "types": ["Artifact"],
                                    "abilities": [{"static": {"affects": {"player": True, "controller": "you"},
                                                              "no_max_hand_size": True}}]}]},
             actions=["end_turn"])
    assert player(r, "Anna")["hand"] == 9
    assert "402.2" in rules_cited(r)


def test_cleanup_discards_are_discard_events_and_follow_the_choice() -> None:
    b = GameBuilder(step="end", choices=Script(discard={"Anna": ["c1"]}))
    for i in range(8):
        b.card("Carta", "Anna", id=f"c{i}", types=["Instant"])
    b.build()
    b.end_turn()
    assert b.zone("c1") == "graveyard"
    assert sum(1 for ev in b.game.events if ev.kind == "zone_change" and ev.data.get("discard") == "Anna") == 1


def test_a_creature_dying_in_cleanup_gives_priority_there_and_next_step_stops() -> None:
    r = play(step="end", battlefield={"Anna": ["Grizzly Bears", "Blood Artist"]},
             effects=[{"source": "Giant Growth", "affects": ["grizzly-bears"], "modify_pt": [3, 3]},
                      {"source": "Maledizione", "affects": ["grizzly-bears"], "modify_pt": [-2, -2],
                       "duration": "permanent"}],
             actions=["next_step"])
    assert r.final is not None
    assert r.final["step"] == "cleanup" and r.final["turn"] == 1
    assert len(r.final["stack"]) == 1
    assert "514.3a" in rules_cited(r)


# ------------------------------------------------------------------------------------------------------
# Durations


def test_until_your_next_turn_in_effects_lasts_through_the_opponents_turn() -> None:
    b = GameBuilder()
    bear = b.creature("Orso", 2, 2)
    b.effect("Incantesimo", [bear], duration="until_your_next_turn", modify_pt=[1, 1])
    b.build()
    b.act("next_turn")
    b.end_turn()
    assert b.chars(bear).power == 3
    b.act("next_turn")
    assert b.chars(bear).power == 2


def test_until_end_of_your_next_turn_ends_in_the_cleanup_of_that_turn() -> None:
    b = GameBuilder()
    bear = b.creature("Orso", 2, 2)
    b.effect("Incantesimo", [bear], duration="until_end_of_your_next_turn", modify_pt=[1, 1])
    b.build()
    b.end_turn()
    b.act("next_turn")
    b.act("next_turn")
    assert b.chars(bear).power == 3
    b.end_turn()
    assert b.chars(bear).power == 2


def test_while_source_on_battlefield_ends_when_the_source_leaves() -> None:
    r = play(active_player="Bruno", battlefield={"Anna": ["Sower of Temptation"], "Bruno": ["Craw Wurm"]},
             effects=[{"source_id": "sower-of-temptation", "affects": ["craw-wurm"], "control": "you",
                       "duration": "while_source_on_battlefield"}],
             hand={"Bruno": ["Lightning Bolt"]},
             actions=[{"cast": {"object": "lightning-bolt", "targets": ["sower-of-temptation"]}}, "resolve"])
    assert obj(r, "craw-wurm")["controller"] == "Bruno"
    assert "611.2b" in rules_cited(r)


def test_while_source_on_battlefield_does_nothing_when_the_source_is_already_gone() -> None:
    r = play(graveyard={"Anna": ["Sower of Temptation"]}, battlefield={"Bruno": ["Craw Wurm"]},
             effects=[{"source_id": "sower-of-temptation", "affects": ["craw-wurm"], "control": "you",
                       "duration": "while_source_on_battlefield", "controller": "Anna"}])
    assert obj(r, "craw-wurm")["controller"] == "Bruno"


def test_source_id_gives_the_default_controller() -> None:
    r = play(active_player="Bruno", battlefield={"Anna": ["Sower of Temptation"], "Bruno": ["Craw Wurm"]},
             effects=[{"source_id": "sower-of-temptation", "affects": ["craw-wurm"], "control": "you",
                       "duration": "while_source_on_battlefield"}])
    assert obj(r, "craw-wurm")["controller"] == "Anna"


def test_while_source_on_battlefield_without_source_id_is_a_file_error() -> None:
    with pytest.raises(InvalidFileError):
        play(battlefield={"Bruno": ["Craw Wurm"]},
             effects=[{"source": "X", "affects": ["craw-wurm"], "control": "you",
                       "duration": "while_source_on_battlefield"}])


# ------------------------------------------------------------------------------------------------------
# Delayed triggered abilities and ``created``


_SAC_TOKEN = [
    {"create_token": {"id": "elemental", "name": "Elemental", "types": ["Creature"], "power": 3, "toughness": 1,
                      "keywords": ["haste"]}},
    {"delayed_trigger": {"event": "beginning_of_end_step", "effect": [{"sacrifice": True, "to": "created"}]}},
]


def test_a_delayed_trigger_sacrifices_the_created_token_at_the_next_end_step() -> None:
    r = play(hand={"Anna": [_sorcery("call", _SAC_TOKEN)]},
             actions=[{"cast": "call"}, "resolve", "end_turn"])
    assert obj(r, "elemental")["zone"] == "gone"
    assert "603.7" in rules_cited(r)


def test_a_delayed_trigger_created_during_the_end_step_waits_for_the_next_one() -> None:
    instant = {**_sorcery("call", _SAC_TOKEN), "types": ["Instant"]}
    r = play(step="end", hand={"Anna": [instant]}, actions=[{"cast": "call"}, "resolve", "end_turn"])
    assert obj(r, "elemental")["zone"] == "battlefield"
    r = play(step="end", hand={"Anna": [instant]}, actions=[{"cast": "call"}, "resolve", "next_turn", "end_turn"])
    assert obj(r, "elemental")["zone"] == "gone"


def test_of_you_waits_for_the_controllers_own_step() -> None:
    effect = [{"delayed_trigger": {"event": "beginning_of_upkeep", "of": "you",
                                   "effect": [{"gain_life": 3, "to": "you"}]}}]
    r = play(hand={"Anna": [_sorcery("vow", effect)]}, actions=[{"cast": "vow"}, "resolve", "next_turn",
                                                                   {"resolve": "all"}, "next_turn"])
    assert r.final is not None and [i["source"] for i in r.final["stack"]] == ["Vow"]
    assert life(r, "Anna") == 20


def test_a_delayed_trigger_of_a_fixed_target_with_a_duration() -> None:
    effect = [{"delayed_trigger": {"event": "dies", "of": "target", "duration": "end_of_turn",
                                   "effect": [{"gain_life": 2, "to": "you"}]}}]
    r = play(battlefield={"Bruno": ["Grizzly Bears"]}, hand={"Anna": [
        _sorcery("mark", effect, target={"types": ["Creature"]}), "Lightning Bolt"]},
        actions=[{"cast": {"object": "mark", "targets": ["grizzly-bears"]}}, "resolve",
                 {"cast": {"object": "lightning-bolt", "targets": ["grizzly-bears"]}}, {"resolve": "all"}])
    assert life(r, "Anna") == 22


def test_created_names_the_exiled_card_for_a_later_entry() -> None:
    effect = [{"exile": True, "to": "target"},
              {"delayed_trigger": {"event": "beginning_of_end_step",
                                   "effect": [{"return_to_hand": True, "to": "created"}]}}]
    r = play(battlefield={"Bruno": ["Grizzly Bears"]},
             hand={"Anna": [_sorcery("flicker", effect, target={"types": ["Creature"]})]},
             actions=[{"cast": {"object": "flicker", "targets": ["grizzly-bears"]}}, "resolve", "end_turn"])
    assert obj(r, "grizzly-bears")["zone"] == "hand"


def test_next_and_duration_together_are_a_file_error() -> None:
    effect = [{"delayed_trigger": {"event": "dies", "next": True, "duration": "end_of_turn",
                                   "effect": [{"gain_life": 2, "to": "you"}]}}]
    with pytest.raises(InvalidFileError):
        play(hand={"Anna": [_sorcery("x", effect)]})


def test_builder_entries_can_create_delayed_triggers() -> None:
    assert entry(delayed_trigger={"event": "beginning_of_end_step", "effect": [{"gain_life": 1}]}).verb == \
        "delayed_trigger"


# ------------------------------------------------------------------------------------------------------
# Playing a land


def test_play_land_puts_the_land_onto_the_battlefield() -> None:
    b = GameBuilder()
    forest = b.card("Forest", "Anna", types=["Land"], subtypes=["Forest"])
    b.build()
    b.act("play_land", {"object": forest})
    assert b.zone(forest) == "battlefield"


@pytest.mark.parametrize(("step", "owner", "rule"), [("upkeep", "Anna", "305.1"), ("main1", "Bruno", "305.1")])
def test_play_land_at_the_wrong_moment_or_from_anothers_hand(step: str, owner: str, rule: str) -> None:
    b = GameBuilder(step=step)
    forest = b.card("Forest", owner, types=["Land"])
    b.build()
    with pytest.raises(IllegalAction) as err:
        b.act("play_land", {"object": forest})
    assert err.value.rule == rule


def test_a_second_land_in_a_turn_is_refused_and_the_next_turn_allows_one_again() -> None:
    b = GameBuilder(active="Bruno")
    one = b.card("Forest", "Anna", types=["Land"])
    two = b.card("Island", "Anna", types=["Land"])
    three = b.card("Plains", "Anna", types=["Land"])
    b.build()
    b.act("next_turn")
    b.act("next_step")
    b.act("next_step")
    b.act("play_land", {"object": one})
    with pytest.raises(IllegalAction) as err:
        b.act("play_land", {"object": two})
    assert err.value.rule == "305.2"
    b.act("next_turn")
    b.act("next_turn")
    b.act("next_step")
    b.act("next_step")
    b.act("play_land", {"object": three})
    assert b.zone(three) == "battlefield"


def test_a_replacement_effect_in_place_ends_when_its_source_leaves() -> None:
    shield = {"source_id": "sower-of-temptation", "duration": "while_source_on_battlefield",
              "replacement": {"event": "would_be_dealt_damage", "of": ["grizzly-bears"], "then": {"prevent": "all"}}}
    kept = play(battlefield={"Anna": ["Sower of Temptation", "Grizzly Bears"]}, effects=[shield],
                hand={"Anna": ["Lightning Bolt"]},
                actions=[{"cast": {"object": "lightning-bolt", "targets": ["grizzly-bears"]}}, "resolve"])
    assert obj(kept, "grizzly-bears")["zone"] == "battlefield"
    gone = play(battlefield={"Anna": ["Sower of Temptation", "Grizzly Bears"]}, effects=[shield],
                hand={"Anna": ["Lightning Bolt", "Shock"]},
                actions=[{"cast": {"object": "shock", "targets": ["sower-of-temptation"]}}, "resolve",
                         {"cast": {"object": "lightning-bolt", "targets": ["grizzly-bears"]}}, "resolve"])
    assert obj(gone, "grizzly-bears")["zone"] == "graveyard"


def test_note_created_is_the_hook_a_verb_uses_to_name_what_it_put_into_a_zone() -> None:
    from judgekit.engine.effects import EffectContext, note_created

    ctx = EffectContext(controller="Anna")
    note_created(ctx, [7, 9])
    note_created(ctx, [11])
    assert ctx.noted == [7, 9, 11]


def test_a_player_who_left_is_skipped_and_their_next_turn_durations_end_when_that_turn_would_have_begun() -> None:
    from judgekit.engine.turn import begin_turn

    b = GameBuilder(("Anna", "Bruno", "Carla"))
    bear = b.creature("Orso", 2, 2, controller="Carla")
    b.effect("Incantesimo di Bruno", [bear], duration="until_your_next_turn", controller="Bruno", modify_pt=[1, 1])
    b.effect("Incantesimo di Carla", [bear], duration="until_your_next_turn", controller="Carla", modify_pt=[2, 2])
    game = b.build()
    game.player("Bruno").lost = True      # Bruno has left the game (800.4a)
    begin_turn(game)
    assert game.active == "Carla"         # 800.4k
    assert b.chars(bear).power == 2       # both ended: Bruno's by 800.4m, Carla's as her turn begins
    assert any("800.4m" in rec.rules for rec in game.log)
