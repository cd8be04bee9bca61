"""Modal spells and abilities, X and divided amounts (SCENARIO-FORMAT.md 2.2; CR 700.2, 107.3, 202.3e, 601.2b-d,
603.3c-d, 608.2b-c)."""

from __future__ import annotations

from typing import Any

import pytest

from judgekit.engine.actions import ACTIONS
from judgekit.engine.builder import GameBuilder
from judgekit.engine.characteristics import chars
from judgekit.engine.choices import ChooseModes, ChooseX, DivideAmount, ScriptedChooser, TriggerTarget
from judgekit.engine.driver import Outcome, play
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.setup import build_game
from judgekit.engine.specdata import ability
from judgekit.engine.state import Game
from judgekit.errors import InvalidFileError
from judgekit.ruling.run import run_text
from judgekit.scenario.choices import build_script
from judgekit.scenario.loader import load_scenario_text
from judgekit.scenario.specs import scenario_specs

HEAD = """
title: prova
source: prova
players: [{name: Anna}, {name: Bruno}]
active_player: Anna
step: main1
"""

ANY_TARGET = {"any": [{"types": ["Creature"]}, {"types": ["Planeswalker"]}, {"types": ["Battle"]},
                      {"player": True}]}


def replay(body: str, choices: dict[str, Any] | None = None) -> tuple[Game, Outcome]:
    """Load a scenario from text and replay it with a scripted chooser (choices given here, as the layer above
    would build them from a validated ``choices``)."""
    loaded = load_scenario_text(HEAD + body)
    data = scenario_specs(loaded.data)
    game = build_game(data, ScriptedChooser(build_script(choices or {})))
    return game, play(game, data["actions"])


def load_problem(body: str) -> Any:
    with pytest.raises(InvalidFileError) as info:
        run_text(HEAD + body)
    return info.value.issues[0]


def life(game: Game, player: str) -> int:
    return game.player(player).life


def zone(game: Game, oid: str) -> str:
    return str(game.obj(oid).zone)


# ------------------------------------------------------------------------------------------------------
# Modes


def test_modes_are_carried_out_in_written_order_whatever_order_the_action_gives() -> None:
    """CR 608.2c: the +1/+1 counter of the first mode is on the bear before the second mode reads its power."""
    game, outcome = replay("""
battlefield:
  - {id: bear, card: Grizzly Bears, controller: Anna}
hand:
  Anna:
    - id: growth
      name: Growth Bolt
      types: [Instant]
      choose: 2
      modes:
        - {target: {types: [Creature]}, effect: [{add_counters: {"+1/+1": 1}, to: target}]}
        - {target: {types: [Creature]}, effect: [{damage: {power_of: target}, to: Bruno}]}
actions:
  - cast: {object: growth, modes: [1, 0], targets: [bear, bear]}
  - resolve
""")
    assert outcome.error is None
    assert life(game, "Bruno") == 17
    record = next(r for r in game.log if r.code == "modes.modes_carried_out")
    assert record.params["modes"] == [0, 1]


def test_only_the_chosen_modes_have_targets_listed_mode_by_mode() -> None:
    """CR 700.2c: the unchosen mode takes no target; targets follow ascending mode index."""
    game, outcome = replay("""
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, modes: [3, 2], targets: [stone, bears]}
""")
    assert outcome.error is None
    item = game.stack[-1]
    assert item.modes is not None
    assert [(m.index, [game.objects[t].id for t in m.targets if isinstance(t, int)]) for m in item.modes] == \
        [(2, ["stone"]), (3, ["bears"])]
    assert [game.objects[t].id for t in item.targets if isinstance(t, int)] == ["stone", "bears"]


def test_a_mode_whose_target_became_illegal_does_nothing_while_the_other_mode_happens() -> None:
    """CR 608.2b: one legal target among the modes' targets is enough for the spell to resolve."""
    game, outcome = replay("""
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, modes: [2, 3], targets: [stone, bears]}
  - activate: {source: stone, ability: 0}
  - resolve: all
""")
    assert outcome.error is None
    assert zone(game, "bears") == "graveyard"
    carried = next(r for r in game.log if r.code == "modes.modes_carried_out")
    assert carried.params["illegal"] == [2]


def test_a_modal_spell_whose_every_target_is_illegal_does_not_resolve() -> None:
    """CR 608.2b: all the chosen modes' targets illegal: nothing of the spell happens."""
    game, outcome = replay("""
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
hand:
  Anna:
    - id: charm
      name: Charm
      types: [Instant]
      choose: 2
      modes:
        - {target: {types: [Artifact]}, effect: [{destroy: true, to: target}]}
        - {effect: [{gain_life: 3, to: you}]}
actions:
  - cast: {object: charm, modes: [0, 1], targets: [stone]}
  - activate: {source: stone, ability: 0}
  - resolve: all
""")
    assert outcome.error is None
    assert life(game, "Anna") == 20
    assert any(r.code == "stack.all_targets_illegal" for r in game.log)


def test_a_mode_index_beyond_the_list_is_a_file_error_with_line_and_key() -> None:
    body = """
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, modes: [2, 4], targets: [stone, Bruno]}
"""
    issue = load_problem(body)
    assert issue.key == "actions[0].cast.modes[1]"
    assert issue.line == (HEAD + body).splitlines().index(
        "  - cast: {object: command, modes: [2, 4], targets: [stone, Bruno]}") + 1
    assert "4" in issue.message and "non esiste" in issue.message


def test_a_mode_index_beyond_the_list_of_an_activated_ability_is_a_file_error() -> None:
    issue = load_problem("""
battlefield:
  - {id: goblin, card: Goblin Cratermaker, controller: Anna}
  - {id: bears, card: Grizzly Bears, controller: Bruno}
actions:
  - activate: {source: goblin, ability: 0, modes: [2], targets: [bears]}
""")
    assert issue.key == "actions[0].activate.modes[0]"
    assert issue.line is not None


def test_a_mode_index_beyond_the_list_found_while_replaying_names_the_action() -> None:
    """An ability granted during the replay is known only then: the same problem, at the action's key."""
    g = GameBuilder()
    stone = g.permanent("Mind Stone", types=["Artifact"], controller="Bruno")
    host = g.permanent("Totem", types=["Artifact"], abilities=[ability({"activated": {"cost": ["tap"], "modes": [
        {"effect": [{"gain_life": 1, "to": "you"}]},
        {"target": {"types": ["Artifact"]}, "effect": [{"destroy": True, "to": "target"}]}]}})])
    g.build()
    with pytest.raises(ScenarioProblem) as info:
        g.act("activate", {"source": host, "ability": 0, "modes": [5], "targets": [stone]})
    assert info.value.key == ("modes", 0)
    assert info.value.code == "modes.no_such_mode"


def test_the_same_mode_chosen_twice_is_illegal_citing_700_2d() -> None:
    ruling = run_text(HEAD + """
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, modes: [3, 3], targets: [Bruno, Anna]}
expect:
  error: "700.2d"
""")
    assert ruling.error is not None and ruling.error["rule"] == "700.2d"
    assert "due volte" in ruling.error["message"]
    assert ruling.expect is not None and ruling.expect["passed"]


@pytest.mark.parametrize("modes", ["[3]", "[0, 2, 3]"])
def test_a_wrong_number_of_modes_is_illegal_citing_700_2(modes: str) -> None:
    ruling = run_text(HEAD + f"""
battlefield:
  - {{id: stone, card: Mind Stone, controller: Bruno}}
hand:
  Anna: [{{id: command, card: Kolaghan's Command}}]
actions:
  - cast: {{object: command, modes: {modes}, targets: [Bruno]}}
""")
    assert ruling.error is not None and ruling.error["rule"] == "700.2"
    assert "esattamente 2 modi" in ruling.error["message"]


def test_modes_for_a_spell_that_is_not_modal_are_a_file_error() -> None:
    issue = load_problem("""
hand:
  Anna: [{id: bolt, card: Lightning Bolt}]
actions:
  - cast: {object: bolt, modes: [0], targets: [Bruno]}
""")
    assert issue.key == "actions[0].cast.modes"
    assert "non è modale" in issue.message


def test_targets_that_do_not_match_the_chosen_modes_are_a_file_error() -> None:
    issue = load_problem("""
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, modes: [1, 3], targets: [Bruno]}
""")
    assert issue.key == "actions[0].cast.targets"
    assert "ne indica 1" in issue.message


def test_without_modes_the_cast_takes_the_first_modes_that_can_be_chosen_and_says_which_key_sets_them() -> None:
    """Default (2.2): the first N modes in written order among those that can be chosen (700.2a): with no
    creature card in a graveyard, Kolaghan's Command's first mode can't be chosen."""
    game, outcome = replay("""
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, targets: [Bruno, stone]}
""")
    assert outcome.error is None
    assert [m.index for m in game.stack[-1].modes or []] == [1, 2]
    asked = [(r, v) for r, v in game.chooser.defaults() if isinstance(r, ChooseModes)]
    assert len(asked) == 1
    request, value = asked[0]
    assert request.action == ("actions", 0, "cast") and value == (1, 2)
    chosen = next(r for r in game.log if r.code == "modes.modes_chosen")
    assert chosen.params["given"] is False and chosen.params["key"] == ["actions", 0, "cast", "modes"]


def test_choices_never_answer_what_a_cast_action_announces() -> None:
    """2.2: choices made as a spell is cast are given in the cast action; an entry in choices is not used."""
    game, outcome = replay("""
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
hand:
  Anna: [{id: command, card: Kolaghan's Command}]
actions:
  - cast: {object: command, targets: [Bruno, stone]}
""", choices={"command": {"modes": [2, 3]}})
    assert outcome.error is None
    assert [m.index for m in game.stack[-1].modes or []] == [1, 2]
    assert game.chooser.unused() == ["command"]


def test_a_cast_with_too_few_modes_that_can_be_chosen_is_illegal_citing_700_2a() -> None:
    """Nothing to destroy: neither mode can be chosen, and two are needed."""
    charm = run_text(HEAD + """
hand:
  Anna:
    - id: charm
      name: Charm
      types: [Instant]
      choose: 2
      modes:
        - {target: {types: [Artifact]}, effect: [{destroy: true, to: target}]}
        - {target: {types: [Enchantment]}, effect: [{destroy: true, to: target}]}
actions:
  - cast: {object: charm}
""")
    assert charm.error is not None and charm.error["rule"] == "700.2a"


def test_a_modal_activated_ability_takes_its_modes_from_the_action() -> None:
    game, outcome = replay("""
battlefield:
  - {id: goblin, card: Goblin Cratermaker, controller: Anna}
  - {id: stone, card: Mind Stone, controller: Bruno}
actions:
  - activate: {source: goblin, ability: 0, modes: [1], targets: [stone]}
  - resolve
""")
    assert outcome.error is None
    assert zone(game, "goblin") == "graveyard" and zone(game, "stone") == "graveyard"


def _knight_game(choices: dict[str, Any] | None) -> tuple[Game, Outcome]:
    return replay("""
battlefield:
  - {id: stone, card: Mind Stone, controller: Bruno}
hand:
  Anna: [{id: knight, card: Knight of Autumn}]
actions:
  - cast: {object: knight}
  - resolve
  - resolve
""", choices)


def test_a_modal_triggered_ability_takes_its_mode_and_target_from_the_answer() -> None:
    """CR 603.3c, 700.2b: modes then the chosen mode's target, from one ANSWER (one decision group)."""
    game, outcome = _knight_game({"knight": {"modes": [1], "targets": ["stone"]}})
    assert outcome.error is None
    assert zone(game, "stone") == "graveyard"
    assert game.obj("knight").counters == {}
    assert game.chooser.defaults() == []


def test_a_modal_triggered_ability_defaults_to_the_first_mode_and_reports_it() -> None:
    game, outcome = _knight_game(None)
    assert outcome.error is None
    assert game.obj("knight").counters == {"+1/+1": 2}
    asked = [r for r, _v in game.chooser.defaults() if isinstance(r, ChooseModes)]
    assert len(asked) == 1 and asked[0].action == () and asked[0].available == (0, 1, 2)


def test_a_mode_index_beyond_the_list_in_an_answer_names_the_answer_key() -> None:
    with pytest.raises(ScenarioProblem) as info:
        _knight_game({"knight": [{"modes": [7]}]})
    assert info.value.key == ("choices", "knight", 0, "modes", 0)


def test_a_mode_without_legal_targets_cannot_be_chosen_for_a_trigger() -> None:
    """CR 700.2b: no artifact or enchantment to destroy: the second mode can't be chosen."""
    game, outcome = replay("""
hand:
  Anna: [{id: knight, card: Knight of Autumn}]
actions:
  - cast: {object: knight}
  - resolve
""", {"knight": {"modes": [1]}})
    assert outcome.error is not None and outcome.error.rule == "700.2b"


def test_a_triggered_ability_with_no_mode_that_can_be_chosen_is_removed() -> None:
    """CR 700.2b, 603.3c: without any mode the ability leaves the stack."""
    g = GameBuilder()
    g.card("Seeker", "Anna", types=["Creature"], power=1, toughness=1, abilities=[ability({
        "trigger": {"event": "enters"}, "modes": [
            {"target": {"types": ["Artifact"]}, "effect": [{"destroy": True, "to": "target"}]},
            {"target": {"types": ["Enchantment"]}, "effect": [{"destroy": True, "to": "target"}]}]})])
    g.build()
    g.cast("seeker")
    g.resolve()
    assert not g.game.stack
    assert any(r.code == "modes.trigger_no_modes" for r in g.game.log)


def test_a_triggered_ability_chooses_no_mode_twice() -> None:
    g = GameBuilder(choices=build_script({"spark": {"modes": [0, 0]}}))
    g.card("Spark", "Anna", types=["Creature"], power=1, toughness=1, abilities=[ability({
        "trigger": {"event": "enters"}, "choose": [1, 2], "modes": [
            {"effect": [{"gain_life": 1, "to": "you"}]}, {"effect": [{"lose_life": 1, "to": "opponent"}]}]})])
    g.build()
    g.cast("spark")
    with pytest.raises(IllegalAction) as info:
        g.resolve()
    assert info.value.rule == "700.2d"


def test_a_triggered_ability_may_choose_up_to_its_maximum_modes() -> None:
    g = GameBuilder(choices=build_script({"spark": {"modes": [1, 0]}}))
    g.card("Spark", "Anna", types=["Creature"], power=1, toughness=1, abilities=[ability({
        "trigger": {"event": "enters"}, "choose": [1, 2], "modes": [
            {"effect": [{"gain_life": 1, "to": "you"}]}, {"effect": [{"lose_life": 1, "to": "opponent"}]}]})])
    g.build()
    g.cast("spark")
    g.resolve(everything=True)
    assert (g.life("Anna"), g.life("Bruno")) == (21, 19)


# ------------------------------------------------------------------------------------------------------
# X


def test_x_counts_in_the_mana_value_only_on_the_stack() -> None:
    """CR 202.3e: {X}{R} with X = 4 is 5 on the stack, 1 in the graveyard."""
    game, outcome = replay("""
hand:
  Anna: [{id: blaze, card: Blaze}]
actions:
  - cast: {object: blaze, x: 4, targets: [Bruno]}
""")
    assert outcome.error is None
    assert chars(game, "blaze").mana_value == 5
    ACTIONS["resolve"](game, True)
    assert life(game, "Bruno") == 16
    assert zone(game, "blaze") == "graveyard" and chars(game, "blaze").mana_value == 1


def test_the_result_shows_the_mana_value_of_a_spell_on_the_stack() -> None:
    ruling = run_text(HEAD + """
hand:
  Anna: [{id: thunder, card: Rolling Thunder}]
actions:
  - cast: {object: thunder, x: 3, targets: [Bruno]}
""")
    assert ruling.final is not None
    assert ruling.final["objects"]["thunder"]["mana_value"] == 5
    assert ruling.final["stack"] == [{"kind": "spell", "id": "thunder", "source": "Rolling Thunder",
                                      "controller": "Anna", "targets": ["Bruno"]}]


def test_without_x_the_cast_takes_zero_and_reports_the_key_that_sets_it() -> None:
    game, outcome = replay("""
hand:
  Anna: [{id: blaze, card: Blaze}]
actions:
  - cast: {object: blaze, targets: [Bruno]}
  - resolve
""")
    assert outcome.error is None
    assert life(game, "Bruno") == 20
    asked = [(r, v) for r, v in game.chooser.defaults() if isinstance(r, ChooseX)]
    assert [(r.action, v) for r, v in asked] == [(("actions", 0, "cast"), 0)]
    record = next(r for r in game.log if r.code == "modes.x_chosen")
    assert record.params["key"] == ["actions", 0, "cast", "x"] and record.params["given"] is False


def test_a_negative_x_is_a_file_error() -> None:
    issue = load_problem("""
hand:
  Anna: [{id: blaze, card: Blaze}]
actions:
  - cast: {object: blaze, x: -1, targets: [Bruno]}
""")
    assert issue.key == "actions[0].cast.x"
    assert "negativo" in issue.message
    assert issue.line is not None


def test_x_for_a_spell_without_x_in_its_cost_is_a_file_error() -> None:
    issue = load_problem("""
hand:
  Anna: [{id: bolt, card: Lightning Bolt}]
actions:
  - cast: {object: bolt, x: 2, targets: [Bruno]}
""")
    assert issue.key == "actions[0].cast.x"
    assert "{X}" in issue.message


def test_x_in_an_activation_cost_is_read_by_the_ability() -> None:
    game, outcome = replay("""
battlefield:
  - id: rod
    name: Rod
    types: [Artifact]
    controller: Anna
    abilities:
      - activated:
          cost: [{mana: "{X}"}, tap]
          target: {player: true}
          effect: [{lose_life: {x: true, times: 2}, to: target}]
actions:
  - activate: {source: rod, ability: 0, x: 3, targets: [Bruno]}
  - resolve
""")
    assert outcome.error is None
    assert life(game, "Bruno") == 14


def test_an_enters_trigger_reads_the_x_of_the_spell_that_became_the_permanent() -> None:
    """CR 107.3m: the spell's X for its enters ability; the permanent's own X (and mana value) is 0."""
    body = """
hand:
  Anna:
    - id: hydra
      name: Hydra
      types: [Creature]
      mana_cost: "{X}{G}"
      power: 1
      toughness: 1
      abilities:
        - trigger: {event: enters}
          effect: [{gain_life: x, to: you}]
actions:
  - cast: {object: hydra, x: 3}
  - resolve
  - resolve
"""
    game, outcome = replay(body)
    assert outcome.error is None
    assert life(game, "Anna") == 23
    assert chars(game, "hydra").mana_value == 1
    assert any(r.code == "modes.x_from_spell" and r.params["x"] == 3 for r in game.log)


def test_a_permanent_that_enters_without_being_cast_has_x_zero() -> None:
    """CR 107.3m: a blinked permanent is a new object that no spell became: its enters trigger reads X = 0."""
    game, outcome = replay("""
battlefield:
  - id: hydra
    name: Hydra
    types: [Creature]
    mana_cost: "{X}{G}"
    controller: Anna
    power: 1
    toughness: 1
    abilities:
      - trigger: {event: enters}
        effect: [{gain_life: x, to: you}]
hand:
  Anna:
    - {id: blink, name: Blink, types: [Instant], target: {types: [Creature]},
       effect: [{exile_and_return: true, to: target}]}
actions:
  - cast: {object: blink, targets: [hydra]}
  - resolve: all
""")
    assert outcome.error is None
    assert life(game, "Anna") == 20


# ------------------------------------------------------------------------------------------------------
# Divided amounts


def test_the_keys_of_divide_are_the_targets_and_each_gets_its_part() -> None:
    game, outcome = replay("""
battlefield:
  - {id: bears, card: Grizzly Bears, controller: Bruno}
  - {id: giant, card: Hill Giant, controller: Bruno}
hand:
  Anna: [{id: arc, card: Arc Lightning}]
actions:
  - cast: {object: arc, divide: {giant: 1, Bruno: 2}}
  - resolve
""")
    assert outcome.error is None
    assert game.obj("giant").damage == 1 and life(game, "Bruno") == 18
    assert game.obj("bears").damage == 0


def test_the_default_division_gives_the_first_targets_one_more() -> None:
    """2.2: N among k targets: each ⌊N/k⌋, the first N mod k one more; an assumption with the action's key."""
    game, outcome = replay("""
battlefield:
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: arc, card: Arc Lightning}]
actions:
  - cast: {object: arc, targets: [bears, Bruno]}
  - resolve
""")
    assert outcome.error is None
    assert zone(game, "bears") == "graveyard" and life(game, "Bruno") == 19
    asked = [(r, v) for r, v in game.chooser.defaults() if isinstance(r, DivideAmount)]
    assert len(asked) == 1 and asked[0][0].action == ("actions", 0, "cast") and asked[0][0].amount == 3
    assert DivideAmount("s", "Anna", 7, (1, 2, 3)).default() == ((1, 3), (2, 2), (3, 2))


def test_a_part_of_an_illegal_target_is_dealt_to_nobody() -> None:
    """CR 608.2b: the fanatic left: its part is not dealt, and the others get only their own parts."""
    game, outcome = replay("""
battlefield:
  - {id: fanatic, card: Mogg Fanatic, controller: Bruno}
  - {id: giant, card: Hill Giant, controller: Bruno}
hand:
  Anna: [{id: thunder, card: Rolling Thunder}]
actions:
  - cast: {object: thunder, x: 5, divide: {fanatic: 3, giant: 1, Bruno: 1}}
  - activate: {source: fanatic, ability: 0, targets: [Anna]}
  - resolve: all
""")
    assert outcome.error is None
    assert game.obj("giant").damage == 1 and life(game, "Bruno") == 19 and life(game, "Anna") == 19


@pytest.mark.parametrize("divide", ["{bears: 2, Bruno: 2}", "{bears: 3, Bruno: 0}"])
def test_a_division_that_does_not_add_up_or_leaves_a_target_at_zero_is_illegal_citing_601_2d(divide: str) -> None:
    ruling = run_text(HEAD + f"""
battlefield:
  - {{id: bears, card: Grizzly Bears, controller: Bruno}}
hand:
  Anna: [{{id: arc, card: Arc Lightning}}]
actions:
  - cast: {{object: arc, divide: {divide}}}
expect:
  error: "601.2d"
""")
    assert ruling.error is not None and ruling.error["rule"] == "601.2d"
    assert ruling.expect is not None and ruling.expect["passed"]


def test_divide_and_targets_naming_different_targets_are_a_file_error() -> None:
    issue = load_problem("""
battlefield:
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: arc, card: Arc Lightning}]
actions:
  - cast: {object: arc, targets: [bears], divide: {Bruno: 3}}
""")
    assert issue.key == "actions[0].cast.divide"


def test_divide_for_a_spell_that_divides_nothing_is_a_file_error() -> None:
    issue = load_problem("""
hand:
  Anna: [{id: bolt, card: Lightning Bolt}]
actions:
  - cast: {object: bolt, divide: {Bruno: 3}}
""")
    assert issue.key == "actions[0].cast.divide"


def test_a_divided_trigger_takes_its_targets_from_the_keys_of_the_answers_divide() -> None:
    """CR 603.3d, 601.2d: Inferno Titan enters; the ANSWER divides 3 damage among two targets."""
    game, outcome = replay("""
battlefield:
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: titan, card: Inferno Titan}]
actions:
  - cast: {object: titan}
  - resolve
  - resolve
""", {"titan": {"divide": {"bears": 2, "Bruno": 1}}})
    assert outcome.error is None
    assert zone(game, "bears") == "graveyard" and life(game, "Bruno") == 19
    division = next(r for r in game.log if r.code == "modes.division")
    assert division.params["given"] is True and division.params["amount"] == 3


def test_a_divided_trigger_without_an_answer_deals_everything_to_its_default_target() -> None:
    game, outcome = replay("""
battlefield:
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: titan, card: Inferno Titan}]
actions:
  - cast: {object: titan}
  - resolve
  - resolve
""")
    assert outcome.error is None
    assert zone(game, "bears") == "graveyard"      # the first legal target in timestamp order: all 3 damage
    assert life(game, "Bruno") == 20
    targets = [r for r, _v in game.chooser.defaults() if isinstance(r, TriggerTarget)]
    assert len(targets) == 1 and not targets[0].additional


def test_a_divided_trigger_answer_that_does_not_add_up_is_illegal() -> None:
    game, outcome = replay("""
battlefield:
  - {id: bears, card: Grizzly Bears, controller: Bruno}
hand:
  Anna: [{id: titan, card: Inferno Titan}]
actions:
  - cast: {object: titan}
  - resolve
""", {"titan": {"divide": {"bears": 2, "Bruno": 2}}})
    assert outcome.error is not None and outcome.error.rule == "601.2d"


# ------------------------------------------------------------------------------------------------------
# The format's shapes


@pytest.mark.parametrize(("fields", "words"), [
    ("choose: 2\n      effect: [{gain_life: 1, to: you}]\n      modes: [{effect: [{gain_life: 1}]}, "
     "{effect: [{gain_life: 2}]}]", "sostituisce"),
    ("choose: 2\n      effect: [{gain_life: 1, to: you}]", "solo insieme a «modes»"),
    ("choose: 3\n      modes: [{effect: [{gain_life: 1}]}, {effect: [{gain_life: 2}]}]", "ne ha 2"),
    ("effect: [{damage: 2, divided: true, to: targets}]", "serve «target»"),
    ("target: {player: true}\n      effect: [{gain_life: 2, divided: true, to: targets}]", "solo con «damage»"),
])
def test_malformed_modes_and_divisions_are_file_errors(fields: str, words: str) -> None:
    issue = load_problem(f"""
hand:
  Anna:
    - id: odd
      name: Odd
      types: [Instant]
      {fields}
""")
    assert issue.key.startswith("hand.Anna[0]")
    assert words in issue.message


def test_a_value_may_be_x_or_a_mapping_with_x() -> None:
    loaded = load_scenario_text(HEAD + """
hand:
  Anna:
    - id: odd
      name: Odd
      types: [Sorcery]
      mana_cost: "{X}{R}"
      effect: [{damage: x, to: Bruno}, {gain_life: {x: true, times: 2, plus: 1}, to: you}]
""")
    effect = loaded.data["hand"]["Anna"][0]["effect"]
    assert effect[0]["damage"] == "x" and effect[1]["gain_life"]["x"] is True
