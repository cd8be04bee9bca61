"""Games of two to four players (SCENARIO-FORMAT.md 2.9, 2.8 "Several defending players") and the limits of format
version 2 said plainly (issue 13, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine.builder import GameBuilder, static
from judgekit.engine.errors import IllegalAction
from judgekit.errors import InvalidFileError
from judgekit.ruling.final import final_state
from judgekit.scenario.loader import load_scenario_text

FOUR = ("Anna", "Bruno", "Carla", "Dario")
BOLT = {"id": "fulmine", "name": "Fulmine", "types": ["Instant"], "effect": [{"damage": 3, "to": "target"}],
        "target": {"any": [{"types": ["Creature"]}, {"player": True}]}}


def _dies_token(name: str) -> list[dict[str, object]]:
    return [{"trigger": {"event": "dies"},
             "effect": [{"create_token": {"name": name, "types": ["Creature"], "power": 1, "toughness": 1},
                         "to": "you"}]}]


# -- APNAP order and opponents ------------------------------------------------------------------------------


def test_apnap_is_the_active_player_then_the_others_in_turn_order() -> None:
    g = GameBuilder(FOUR, active="Carla")
    assert g.game.apnap() == ["Carla", "Dario", "Anna", "Bruno"]
    assert g.game.opponents("Carla") == ["Dario", "Anna", "Bruno"]


def test_triggers_of_three_players_go_on_the_stack_in_apnap_order() -> None:
    g = GameBuilder(FOUR, active="Bruno")
    for player in ("Anna", "Bruno", "Carla"):
        g.creature(f"Viandante {player}", 1, 1, controller=player, abilities=_dies_token(f"Spirito {player}"))
    g.build()
    g.cast({"id": "ira", "name": "Ira", "types": ["Sorcery"],
            "effect": [{"destroy": True, "to": {"types": ["Creature"]}}]}, controller="Bruno")
    g.resolve()
    # Bruno first (bottom), then Carla, then Anna: Anna's resolves first.
    assert [item.controller for item in g.game.stack] == ["Bruno", "Carla", "Anna"]


def test_to_opponent_is_each_opponent_still_in_the_game() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"))
    g.build()
    g.cast({"id": "drenaggio", "name": "Drenaggio", "types": ["Sorcery"],
            "effect": [{"lose_life": 2, "to": "opponent"}]})
    g.resolve()
    assert (g.life("Anna"), g.life("Bruno"), g.life("Carla")) == (20, 18, 18)


def test_a_player_target_defaults_to_the_first_opponent_in_players_order() -> None:
    g = GameBuilder(FOUR, active="Carla")
    g.creature("Artista", 0, 1, controller="Carla", abilities=[
        {"trigger": {"event": "dies"}, "target": {"player": True, "controller": "opponent"},
         "effect": [{"lose_life": 1, "to": "target"}]}])
    g.build()
    g.cast({**BOLT, "target": {"types": ["Creature"]}}, targets=["artista"], controller="Carla")
    g.resolve(everything=True)
    assert (g.life("Anna"), g.life("Bruno"), g.life("Dario")) == (19, 20, 20)


# -- leaving the game ---------------------------------------------------------------------------------------


def test_a_player_who_loses_leaves_and_their_objects_leave_with_them() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Carla": 3})
    bears = g.creature("Orsi", 2, 2, controller="Carla")
    g.card("Shock", "Carla")
    g.build()
    g.cast(BOLT, targets=["Carla"])
    g.resolve()
    assert not g.game_over
    assert [p.name for p in g.game.players] == ["Anna", "Bruno"]
    assert g.zone(bears) == "gone"
    final = final_state(g.game)
    assert final["players"]["Carla"] == {"life": 0, "poison": 0, "lost": True, "hand": 0, "library": 0}
    assert list(final["players"]) == ["Anna", "Bruno", "Carla"]


def test_an_aura_of_a_player_who_leaves_stops_giving_control() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Carla": 1})
    angel = g.creature("Angelo", 4, 4, controller="Bruno")
    g.permanent("Controllo", types=["Enchantment"], subtypes=["Aura"], controller="Carla", attached_to=angel,
                abilities=[static(affects="enchanted", control="you")])
    g.build()
    assert g.chars(angel).controller == "Carla"
    g.cast(BOLT, targets=["Carla"])
    g.resolve()
    assert g.chars(angel).controller == "Bruno"
    assert g.zone(angel) == "battlefield"


def test_objects_a_leaving_player_controls_but_does_not_own_are_exiled() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Carla": 1})
    stolen = g.creature("Orso rubato", 2, 2, controller="Carla", owner="Bruno")
    g.build()
    g.cast(BOLT, targets=["Carla"])
    g.resolve()
    assert g.zone(stolen) == "exile"


def test_triggers_of_a_player_who_left_are_not_put_on_the_stack() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Carla": 1})
    g.creature("Viandante", 1, 1, controller="Carla", abilities=_dies_token("Spirito"))
    g.build()
    g.cast({"id": "scintille", "name": "Scintille", "types": ["Instant"],
            "effect": [{"damage": 1, "to": {"types": ["Creature"]}}, {"damage": 1, "to": "Carla"}]})
    g.resolve()
    assert g.game.stack == []
    assert any(r.code == "players.trigger_not_put" for r in g.game.log)


def test_the_last_opponent_losing_ends_the_game_and_nobody_leaves() -> None:
    g = GameBuilder(("Anna", "Bruno"), life={"Bruno": 3})
    bears = g.creature("Orsi", 2, 2, controller="Bruno")
    g.build()
    g.cast(BOLT, targets=["Bruno"])
    g.resolve()
    assert g.game_over
    assert g.zone(bears) == "battlefield"
    assert g.game.left == []


def test_two_players_losing_together_leave_and_the_game_goes_on() -> None:
    g = GameBuilder(FOUR, life={"Bruno": 1, "Carla": 1})
    g.build()
    g.cast({"id": "onda", "name": "Onda", "types": ["Sorcery"], "effect": [{"lose_life": 1, "to": "opponent"}]})
    g.resolve()
    assert not g.game_over
    assert [p.name for p in g.game.players] == ["Anna", "Dario"]


def test_all_remaining_players_losing_together_is_a_draw() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Anna": 1, "Bruno": 1, "Carla": 1})
    g.build()
    g.cast({"id": "onda", "name": "Onda", "types": ["Sorcery"], "effect": [{"lose_life": 1, "to": {"player": True}}]})
    g.resolve()
    assert g.game_over
    assert all(p.lost for p in g.game.players) and g.game.left == []


def test_the_active_player_leaving_makes_attacks_an_error() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Anna": 1})
    lions = g.creature("Leoni", 2, 1, controller="Bruno")
    g.build()
    g.cast(BOLT, targets=["Anna"], controller="Bruno")
    g.resolve()
    assert g.game.active_left()
    assert g.game.apnap() == ["Bruno", "Carla"]
    assert final_state(g.game)["active_player"] is None
    with pytest.raises(IllegalAction) as info:
        g.act("declare_attackers", {lions: "Carla"})
    assert info.value.rule == "800.4j"


# -- several defending players ------------------------------------------------------------------------------


def test_attacks_on_two_opponents_and_blocks_by_each() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), step="beginning_of_combat")
    wurm = g.creature("Wurm", 6, 4)
    giant = g.creature("Gigante", 3, 3)
    bears = g.creature("Orsi", 2, 2, controller="Bruno")
    g.build()
    g.attack({wurm: "Bruno", giant: "Carla"})
    assert g.game.combat is not None and g.game.combat.defenders == {g.obj(wurm).uid: "Bruno",
                                                                     g.obj(giant).uid: "Carla"}
    g.block({bears: wurm})
    g.combat_damage(everything=True)
    assert (g.life("Bruno"), g.life("Carla")) == (20, 17)
    assert g.zone(bears) == "graveyard"


def test_blocking_a_creature_that_attacks_another_player_is_an_error() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), step="beginning_of_combat")
    wurm = g.creature("Wurm", 6, 4)
    lions = g.creature("Leoni", 2, 1)
    giant = g.creature("Gigante", 3, 3, controller="Carla")
    g.build()
    g.attack({wurm: "Bruno", lions: "Carla"})
    with pytest.raises(IllegalAction) as info:
        g.act("declare_blockers", {giant: [wurm]})
    assert info.value.rule == "802.4a"


def test_attacking_yourself_is_still_an_error() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), step="beginning_of_combat")
    wurm = g.creature("Wurm", 6, 4)
    g.build()
    with pytest.raises(IllegalAction):
        g.act("declare_attackers", {wurm: "Anna"})


def test_combat_damage_is_not_dealt_to_a_player_who_left() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), step="beginning_of_combat", life={"Carla": 1})
    wurm = g.creature("Wurm", 6, 4)
    g.build()
    g.attack({wurm: "Carla"})
    g.cast(BOLT, targets=["Carla"], controller="Bruno")
    g.resolve()
    g.combat_damage(everything=True)
    assert g.life("Carla") == -2


# -- the loader: players and limits -------------------------------------------------------------------------


def _issues(text: str) -> str:
    with pytest.raises(InvalidFileError) as info:
        load_scenario_text(text, "limite.yaml")
    return info.value.render()


def test_four_players_load_and_five_are_refused_saying_the_limit() -> None:
    loaded = load_scenario_text("players: [Anna, Bruno, Carla, Dario]\n", "quattro.yaml")
    assert [p["name"] for p in loaded.data["players"]] == list(FOUR)
    message = _issues("players: [Anna, Bruno, Carla, Dario, Elena]\n")
    assert "4 giocatori" in message and "Two-Headed Giant" in message


@pytest.mark.parametrize(("text", "key", "words"), [
    ("players: [Anna, Bruno]\nbattlefield: {Anna: [{name: X, types: [Creature], power: 2, toughness: 2, "
     "face_down: true}]}\n", "face_down", "faccia in giù"),
    ("players: [Anna, Bruno]\nbattlefield: {Anna: [{name: X, types: [Creature], morph: true}]}\n", "morph",
     "faccia in giù"),
    ("players: [Anna, Bruno]\nbattlefield: {Anna: [{name: X, types: [Creature], transformed: true}]}\n",
     "transformed", "trasformazione"),
    ("players: [{name: Anna, commander_damage: 21}, Bruno]\n", "commander_damage", "Commander"),
    ("players: [Anna, Bruno]\ncommand_zone: {Anna: [Grizzly Bears]}\n", "command_zone", "zona di comando"),
    ("players: [Anna, Bruno]\nteams: [[Anna], [Bruno]]\n", "teams", "Two-Headed Giant"),
    ("players: [{name: Anna, mana_pool: '{R}'}, Bruno]\n", "mana_pool", "pagamento del mana"),
    ("players: [Anna, Bruno]\nactions: [{pay_mana: '{R}'}]\n", "pay_mana", "pagamento del mana"),
    ("players: [Anna, Bruno]\nbattlefield: {Anna: [{name: X, types: [Enchantment], abilities: [{static: "
     "{affects: {zone: command}, modify_pt: [1, 1]}}]}]}\n", "zone", "zona di comando"),
])
def test_what_version_2_does_not_model_is_refused_saying_so(text: str, key: str, words: str) -> None:
    message = _issues(text)
    assert "limite.yaml:" in message and key in message and words in message
    assert "chiave sconosciuta" not in message


def test_shipped_multiplayer_scenarios_exist() -> None:
    folder = Path(__file__).resolve().parent.parent / "scenarios" / "multiplayer"
    assert len(list(folder.glob("*.yaml"))) >= 7


def test_a_player_who_left_is_not_a_legal_target() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Carla": 1})
    g.build()
    g.cast(BOLT, targets=["Carla"])
    g.resolve()
    with pytest.raises(IllegalAction) as info:
        g.cast({**BOLT, "id": "fulmine-2"}, targets=["Carla"])
    assert info.value.rule == "601.2c"


def test_abilities_a_leaving_player_controls_on_the_stack_cease_to_exist() -> None:
    g = GameBuilder(("Anna", "Bruno", "Carla"), life={"Carla": 3})
    g.creature("Viandante", 1, 1, controller="Carla", abilities=_dies_token("Spirito"))
    g.build()
    g.cast({"id": "ira", "name": "Ira", "types": ["Instant"],
            "effect": [{"destroy": True, "to": {"types": ["Creature"]}}]})
    g.resolve()
    assert [item.controller for item in g.game.stack] == ["Carla"]
    g.cast(BOLT, targets=["Carla"])
    g.resolve()
    assert g.game.stack == []
    assert any(r.code == "players.stack_ceases" for r in g.game.log)
