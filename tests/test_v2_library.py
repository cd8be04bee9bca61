"""Libraries and drawing (SCENARIO-FORMAT.md 2.6): known cards top first and runs of unknown cards, drawing one
card at a time with 704.5b at the next check, mill, put on top or bottom, shuffle with its stand-in order,
search_library, selectors with ``zone: library`` and ``top``, and the cost of unknown cards (none until used)."""

from __future__ import annotations

from typing import Any

import pytest

from judgekit.engine.builder import GameBuilder, entry
from judgekit.engine.choices import Script
from judgekit.engine.library import size
from judgekit.engine.vocab import Zone
from judgekit.errors import InvalidFileError
from judgekit.scenario.loader import load_scenario_text
from tests.replay_helpers import play, player, scenario_text

FOREST = {"name": "Forest", "types": ["Land"], "subtypes": ["Forest"], "supertypes": ["Basic"]}
BOLT = {"name": "Lightning Bolt", "types": ["Instant"], "mana_cost": "{R}"}


def spell(effect: list[dict[str, Any]], name: str = "Effetto", **fields: Any) -> dict[str, Any]:
    return {"cast": {"object": {"id": "fx", "name": name, "types": ["Sorcery"], "effect": effect, **fields}}}


def issues_of(text: str) -> list[str]:
    with pytest.raises(InvalidFileError) as info:
        load_scenario_text(text, "bad.yaml")
    return [i.format() for i in info.value.issues]


# ------------------------------------------------------------------------------------------------------
# Unknown cards cost nothing until used


def test_a_default_library_is_sixty_unknown_cards_and_no_objects() -> None:
    g = GameBuilder()
    g.creature("Grizzly Bears", 2, 2)
    game = g.build()
    assert size(game, "Anna") == 60 and size(game, "Bruno") == 60
    assert [o.id for o in game.objects.values()] == ["grizzly-bears"]


def test_drawing_makes_an_object_of_the_top_card_only() -> None:
    g = GameBuilder()
    g.library("Anna", BOLT, 40)
    g.build()
    g.cast({"id": "div", "name": "Divinazione", "types": ["Sorcery"], "effect": [entry("you", draw=2)]})
    g.resolve()
    game = g.game
    assert g.zone("lightning-bolt") == Zone.HAND
    assert g.zone("library-Anna-1") == Zone.HAND and g.obj("library-Anna-1").unknown
    assert "library-Anna-2" not in game.ids
    assert size(game, "Anna") == 39


# ------------------------------------------------------------------------------------------------------
# Drawing (121, 704.5b)


def test_drawing_from_an_empty_library_loses_only_at_the_next_check() -> None:
    g = GameBuilder()
    g.library("Anna", 0)
    g.build()
    g.cast({"id": "div", "name": "Divinazione", "types": ["Sorcery"],
            "effect": [entry("you", draw=1), entry("you", gain_life=3)]})
    g.act("resolve")
    game = g.game
    codes = [r.code for r in game.log]
    assert "library.draw_from_empty" in codes
    # The rest of the spell happens: the player has not lost while it resolves.
    assert codes.index("library.draw_from_empty") < codes.index("effects.life_gained")
    assert game.player("Anna").lost and game.player("Anna").loss_rule == "704.5b"


def test_milling_more_than_the_library_never_loses() -> None:
    r = play(library={"Bruno": [2]}, actions=[spell([{"mill": 5, "to": "Bruno"}]), "resolve"])
    assert player(r, "Bruno")["library"] == 0 and not player(r, "Bruno")["lost"]
    assert r.final is not None
    assert r.ok and "701.17b" in [rule for s in r.steps for rule in s.rules]


def test_the_draw_step_draws_a_card() -> None:
    r = play(step="upkeep", library={"Anna": ["Lightning Bolt", 5]}, actions=["next_step"],
             expect={"objects": {"lightning-bolt": {"zone": "hand"}}, "players": {"Anna": {"library": 5, "hand": 1}}})
    assert r.expect is not None and r.expect["passed"], r.expect


def test_the_draw_step_from_an_empty_library_loses() -> None:
    r = play(step="upkeep", library={"Anna": 0}, actions=["next_step"])
    assert player(r, "Anna")["lost"]


def test_a_would_draw_replacement_sees_each_card() -> None:
    r = play(library={"Anna": [3]},
             battlefield=[{"id": "thief", "name": "Ladro", "types": ["Creature"], "power": 1, "toughness": 1,
                           "controller": "Bruno", "abilities": [{"replacement": {
                               "event": "would_draw", "of": {"player": True, "controller": "opponent"},
                               "then": {"instead": [{"draw": 1, "to": "you"}]}}}]}],
             actions=[spell([{"draw": 2, "to": "you"}]), "resolve"])
    assert player(r, "Anna")["hand"] == 0 and player(r, "Bruno")["hand"] == 2
    assert player(r, "Anna")["library"] == 3 and player(r, "Bruno")["library"] == 58


# ------------------------------------------------------------------------------------------------------
# Writing a library, ids, final.objects


def test_unknown_cards_are_numbered_from_the_top_as_written() -> None:
    r = play(library={"Anna": ["Lightning Bolt", 2, "Shock", 3]},
             actions=[spell([{"mill": 4, "to": "you"}]), "resolve"],
             expect={"objects": {"library-Anna-2": {"zone": "graveyard", "name": None}, "shock": {"zone": "graveyard"}},
                     "players": {"Anna": {"library": 3}}})
    assert r.expect is not None and r.expect["passed"], r.expect
    assert r.final is not None
    assert "library-Anna-1" not in r.final["objects"]


def test_an_unknown_id_beyond_the_library_is_a_file_error() -> None:
    text = scenario_text(library={"Anna": 2}, expect={"objects": {"library-Anna-3": {"zone": "hand"}}})
    assert any("library-Anna-3" in i for i in issues_of(text))


def test_top_needs_zone_library() -> None:
    text = scenario_text(actions=[spell([{"exile": True, "to": {"top": 1}}])])
    assert any("top" in i for i in issues_of(text))


# ------------------------------------------------------------------------------------------------------
# Selectors, put on top or bottom, shuffle


def test_a_library_selector_with_top_takes_the_top_card() -> None:
    r = play(library={"Anna": ["Lightning Bolt", 3]},
             actions=[spell([{"return_to_hand": True, "to": {"zone": "library", "owner": "you", "top": 1}}]),
                      "resolve"],
             expect={"objects": {"lightning-bolt": {"zone": "hand"}}, "players": {"Anna": {"hand": 1}}})
    assert r.expect is not None and r.expect["passed"], r.expect
    assert not any("121" in rule for s in r.steps for rule in s.rules if s.text.startswith("Anna pesca"))


def test_zone_all_does_not_look_at_libraries() -> None:
    r = play(library={"Anna": ["Lightning Bolt"]}, graveyard={"Anna": [{"id": "shock", "name": "Shock",
                                                                         "types": ["Instant"]}]},
             actions=[spell([{"exile": True, "to": {"zone": "all", "types": ["Instant"]}}]), "resolve"])
    assert r.final is not None
    assert r.final["objects"]["lightning-bolt"]["zone"] == "library"
    assert r.final["objects"]["shock"]["zone"] == "exile"


def test_put_on_top_of_two_cards_keeps_the_order_named() -> None:
    r = play(hand={"Anna": [{"id": "a", "name": "A", "types": ["Instant"]}, {"id": "b", "name": "B",
                                                                           "types": ["Instant"]}]},
             library={"Anna": [5]},
             actions=[spell([{"put_on_top": True, "to": ["b", "a"]}, {"draw": 1, "to": "you"}]), "resolve"],
             expect={"objects": {"b": {"zone": "hand"}, "a": {"zone": "library"}}, "players": {"Anna": {"library": 6}}})
    assert r.expect is not None and r.expect["passed"], r.expect


def test_put_on_bottom_puts_the_first_named_at_the_bottom() -> None:
    g = GameBuilder()
    a = g.card("A", "Anna", types=["Instant"])
    b = g.card("B", "Anna", types=["Instant"])
    g.library("Anna", 2)
    g.build()
    g.cast({"id": "fx", "name": "Effetto", "types": ["Sorcery"], "effect": [entry([a, b], put_on_bottom=True)]})
    g.resolve()
    lib = g.game.libraries["Anna"]
    assert lib.cards[-1] == g.obj(a).uid and lib.cards[-2] == g.obj(b).uid


def test_shuffle_uses_the_stand_in_order_of_choices() -> None:
    r = play(library={"Anna": [5, "Lightning Bolt"]},
             choices={"shuffle": {"Anna": ["lightning-bolt", "library-Anna-3"]}},
             actions=[spell([{"shuffle": True, "to": "you"}, {"draw": 2, "to": "you"}]), "resolve"],
             expect={"objects": {"lightning-bolt": {"zone": "hand"}, "library-Anna-3": {"zone": "hand"}}})
    assert r.expect is not None and r.expect["passed"], r.expect
    assert not any(a.key == "shuffle" for a in r.assumptions)


def test_shuffle_without_choices_keeps_the_order_and_is_an_assumption() -> None:
    r = play(library={"Anna": ["Lightning Bolt", 5]},
             actions=[spell([{"shuffle": True, "to": "you"}, {"draw": 1, "to": "you"}]), "resolve"],
             expect={"objects": {"lightning-bolt": {"zone": "hand"}}})
    assert r.expect is not None and r.expect["passed"], r.expect
    assert [a.key for a in r.assumptions] == ["shuffle"]


# ------------------------------------------------------------------------------------------------------
# search_library (701.23)


NATURES_LORE = {"search_library": {"for": {"subtypes": ["Forest"]}, "to": "battlefield", "tapped": True},
                "to": "you"}


def test_a_search_puts_a_forest_onto_the_battlefield_tapped() -> None:
    r = play(library={"Anna": [3, FOREST, 3]}, actions=[spell([NATURES_LORE]), "resolve"],
             expect={"objects": {"forest": {"zone": "battlefield", "tapped": True, "controller": "Anna"}},
                     "players": {"Anna": {"library": 6}}})
    assert r.expect is not None and r.expect["passed"], r.expect


def test_a_search_for_a_card_with_no_match_finds_nothing() -> None:
    r = play(library={"Anna": [3]}, actions=[spell([NATURES_LORE]), "resolve"])
    assert r.ok and player(r, "Anna")["library"] == 3


def test_a_search_for_any_card_must_find_one() -> None:
    r = play(library={"Anna": [3]}, choices={"fx": {"choose": []}},
             actions=[spell([{"search_library": {"for": {}, "to": "hand"}, "to": "you"}]), "resolve"])
    assert not r.ok and r.error is not None and r.error["rule"].startswith("701.23")


def test_a_search_for_any_card_may_name_an_unknown_card() -> None:
    r = play(library={"Anna": [3]}, choices={"fx": {"choose": "library-Anna-3"}},
             actions=[spell([{"search_library": {"for": {}, "to": "hand"}, "to": "you"}]), "resolve"],
             expect={"objects": {"library-Anna-3": {"zone": "hand"}}})
    assert r.expect is not None and r.expect["passed"], r.expect


def test_a_chosen_card_that_does_not_match_stops_the_replay() -> None:
    r = play(library={"Anna": [BOLT, FOREST]}, choices={"fx": {"choose": "lightning-bolt"}},
             actions=[spell([NATURES_LORE]), "resolve"])
    assert not r.ok and r.error is not None and r.error["rule"].startswith("701.23")


def test_library_top_cards_go_on_top_after_the_shuffle() -> None:
    r = play(library={"Anna": [4, FOREST]},
             actions=[spell([{"search_library": {"for": {"types": ["Land"]}, "to": "library_top"}, "to": "you"},
                             {"draw": 1, "to": "you"}]), "resolve"],
             expect={"objects": {"forest": {"zone": "hand"}}})
    assert r.expect is not None and r.expect["passed"], r.expect


def test_an_unknown_card_read_for_a_value_is_an_assumption() -> None:
    g = GameBuilder(choices=Script())
    g.library("Anna", 3)
    g.build()
    g.cast({"id": "fx", "name": "Effetto", "types": ["Sorcery"],
            "effect": [entry({"zone": "library", "owner": "you", "top": 1}, return_to_hand=True),
                       entry("you", gain_life={"power_of": "library-Anna-1"})]})
    g.resolve()
    assert "library.unknown_value" in [r.code for r in g.game.log]
