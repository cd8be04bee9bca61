"""Triggered abilities (CR 603) on games set up with the builder: what triggers, what it sees, stack order."""

from __future__ import annotations

import pytest

from judgekit.engine.builder import GameBuilder, entry, trigger
from judgekit.engine.vocab import Zone
from judgekit.scenario.choices import build_script

OTHER_CREATURE = {"types": ["Creature"], "other": True}


def add_murder(g: GameBuilder, owner: str) -> str:
    """An instant in ``owner``'s hand: destroy target creature."""
    return g.card("Murder", owner, types=["Instant"], mana_cost="{1}{B}{B}", target={"types": ["Creature"]},
                  effect=[entry(destroy=True, to="target")])


def watchers_see_a_bear_die(active: str) -> tuple[GameBuilder, str, str]:
    """In ``active``'s turn, ``active`` kills a bear; Anna's and Bruno's watchers both trigger on its death."""
    g = GameBuilder(active=active)
    anna = g.creature("Anna Watcher", 1, 1, controller="Anna",
                      abilities=[trigger("dies", [entry(gain_life=1, to="you")], of=OTHER_CREATURE)])
    bruno = g.creature("Bruno Watcher", 1, 1, controller="Bruno",
                       abilities=[trigger("dies", [entry(lose_life=1, to="opponent")], of=OTHER_CREATURE)])
    bear = g.creature("Grizzly Bears", 2, 2)
    murder = add_murder(g, active)
    g.build()
    g.cast(murder, targets=[bear])
    g.resolve()
    return g, anna, bruno


def two_watchers_see_a_bear_die(g: GameBuilder) -> tuple[GameBuilder, str, str]:
    """Anna's two watchers (gain 1, gain 2) both trigger as Anna kills a bear."""
    first = g.creature("First Watcher", 1, 1,
                       abilities=[trigger("dies", [entry(gain_life=1, to="you")], of=OTHER_CREATURE)])
    second = g.creature("Second Watcher", 1, 1,
                        abilities=[trigger("dies", [entry(gain_life=2, to="you")], of=OTHER_CREATURE)])
    bear = g.creature("Grizzly Bears", 2, 2)
    murder = add_murder(g, "Anna")
    g.build()
    g.cast(murder, targets=[bear])
    g.resolve()
    return g, first, second


def stack_ids(g: GameBuilder) -> list[str]:
    """The stack from the bottom (first put) to the top (resolves first)."""
    return [item.id for item in g.game.stack]


def test_dies_trigger_sees_the_creatures_last_known_information() -> None:
    """CR 603.10a, 608.2h: a "dies" ability looks back in time: the creature's power as it last existed on the
    battlefield (with its +1/+1 counter), not the card's in the graveyard."""
    g = GameBuilder()
    martyr = g.creature("Martyr", 2, 2, counters={"+1/+1": 1},
                        abilities=[trigger("dies", [entry(gain_life={"power_of": "trigger_object"}, to="you")])])
    murder = add_murder(g, "Bruno")
    g.build()
    g.cast(murder, targets=[martyr])
    g.resolve()
    assert g.zone(martyr) == Zone.GRAVEYARD
    assert stack_ids(g) == [martyr]
    g.resolve()
    assert g.life("Anna") == 23
    assert g.chars(martyr).power == 2


def test_dies_trigger_of_a_watcher_that_dies_at_the_same_time() -> None:
    """CR 603.10a, 704.3: creatures destroyed by one check die together, and each "whenever another creature
    dies" ability sees the others."""
    g = GameBuilder()
    g.creature("Blood Artist", 0, 1, damage=1,
               abilities=[trigger("dies", [entry(gain_life=1, to="you")], of=OTHER_CREATURE)])
    g.creature("Grizzly Bears", 2, 2, damage=2)
    g.build()
    g.settle()
    assert len(g.game.stack) == 1
    g.resolve(everything=True)
    assert g.life("Anna") == 21


def test_dies_does_not_trigger_on_exile() -> None:
    """CR 700.4: "dies" means put into a graveyard from the battlefield; exile is not dying."""
    g = GameBuilder()
    martyr = g.creature("Martyr", 2, 2, abilities=[trigger("dies", [entry(gain_life=2, to="you")])])
    path = g.card("Path to Exile", "Bruno", types=["Instant"], target={"types": ["Creature"]},
                  effect=[entry(exile=True, to="target")])
    g.build()
    g.cast(path, targets=[martyr])
    g.resolve()
    assert g.zone(martyr) == Zone.EXILE
    assert g.game.stack == []
    assert g.life("Anna") == 20


def test_two_triggers_of_one_player_both_go_on_the_stack() -> None:
    """CR 603.3b: a player's pending triggered abilities all go on the stack, in the order they choose (the
    replay: timestamp order of their sources)."""
    g, first, second = two_watchers_see_a_bear_die(GameBuilder())
    assert stack_ids(g) == [first, second]
    assert {item.controller for item in g.game.stack} == {"Anna"}
    g.resolve(everything=True)
    assert g.life("Anna") == 23


def test_apnap_active_players_triggers_go_on_the_stack_first_and_resolve_last() -> None:
    """CR 603.3b, 101.4: the active player puts theirs on the stack first, so the other player's resolve
    first."""
    g, anna, bruno = watchers_see_a_bear_die("Anna")
    assert stack_ids(g) == [anna, bruno]
    g.resolve()
    assert (g.life("Anna"), stack_ids(g)) == (19, [anna])
    g.resolve()
    assert g.life("Anna") == 20


def test_apnap_follows_the_active_player_not_the_seat() -> None:
    """CR 603.3b: in Bruno's turn Bruno's triggers go on the stack first."""
    g, anna, bruno = watchers_see_a_bear_die("Bruno")
    assert stack_ids(g) == [bruno, anna]


def test_apnap_order_choice_reorders_one_players_triggers() -> None:
    """CR 603.3b: the controller chooses the order of their own triggers (``choices.apnap_order``)."""
    g, first, second = two_watchers_see_a_bear_die(
        GameBuilder(choices=build_script({"apnap_order": {"Anna": ["second-watcher", "first-watcher"]}})))
    assert stack_ids(g) == [second, first]


def test_attacks_trigger_goes_on_the_stack_in_the_declare_attackers_step() -> None:
    """CR 508.3a, 603.2: "whenever this attacks" triggers when it is declared as an attacker."""
    g = GameBuilder()
    wolf = g.creature("Brazen Wolves", 2, 3,
                      abilities=[trigger("attacks", [entry(modify_pt=[2, 0], to="self")])])
    g.build()
    g.attack({wolf: "Bruno"})
    assert stack_ids(g) == [wolf]
    g.resolve()
    assert g.chars(wolf).power == 4
    g.combat_damage()
    assert g.life("Bruno") == 16


def test_combat_damage_to_player_trigger() -> None:
    """CR 510.3a, 603.2: a "deals combat damage to a player" ability triggers once in that damage step."""
    g = GameBuilder()
    ninja = g.creature("Ninja", 1, 1,
                       abilities=[trigger("deals_combat_damage_to_player", [entry(add_counters={"+1/+1": 1},
                                                                                  to="self")])])
    g.build()
    g.attack({ninja: "Bruno"})
    g.combat_damage()
    assert stack_ids(g) == [ninja]
    g.resolve()
    assert g.obj(ninja).counters.get("+1/+1") == 1


# Every key of a filter selector (SCENARIO-FORMAT.md, Selectors), as a "dies" ability's ``of:``, with a filter
# the dying token matches and one it does not. The token is a white Snow Soldier creature with vigilance,
# controlled by Anna like the watcher; as it died it was on the battlefield.
SELECTOR_KEYS_ON_LKI = {
    "types": ({"types": ["Creature"]}, {"types": ["Artifact"]}),
    "not_types": ({"not_types": ["Artifact"]}, {"not_types": ["Creature"]}),
    "subtypes": ({"subtypes": ["Soldier"]}, {"subtypes": ["Goblin"]}),
    "not_subtypes": ({"not_subtypes": ["Goblin"]}, {"not_subtypes": ["Soldier"]}),
    "supertypes": ({"supertypes": ["Snow"]}, {"supertypes": ["Legendary"]}),
    "not_supertypes": ({"not_supertypes": ["Legendary"]}, {"not_supertypes": ["Snow"]}),
    "colors": ({"colors": ["white"]}, {"colors": ["red"]}),
    "not_colors": ({"not_colors": ["red"]}, {"not_colors": ["white"]}),
    "controller": ({"controller": "you"}, {"controller": "opponent"}),
    "owner": ({"owner": "you"}, {"owner": "opponent"}),
    # Not matched: the token itself has the ability (it sees itself die, and is not "another").
    "other": ({"types": ["Creature"], "other": True}, {"types": ["Creature"], "other": True}),
    "token": ({"token": True}, {"token": False}),
    "keywords": ({"keywords": ["vigilance"]}, {"keywords": ["flying"]}),
    "zone": ({"zone": "battlefield"}, {"zone": "graveyard"}),
    "any": ({"any": [{"colors": ["red"]}, {"token": True}]}, {"any": [{"colors": ["red"]}, {"token": False}]}),
    "player": ({"types": ["Creature"]}, {"player": True}),
    # ``top`` looks only at libraries (SCENARIO-FORMAT.md 2.6): a dead creature was never in one.
    "top": ({"types": ["Creature"]}, {"zone": "library", "top": 1}),
}


def test_the_selector_key_cases_cover_every_filter_key() -> None:
    from dataclasses import fields

    from judgekit.engine.specs import Filter

    assert set(SELECTOR_KEYS_ON_LKI) == {f.name for f in fields(Filter)}


def _token_dies_under_watcher(of: dict[str, object], *, own: bool = False) -> GameBuilder:
    """A token dies (lethal damage, CR 704.5g); the watcher, or with ``own`` the token itself, has
    "whenever ``of`` dies, you gain 1 life"."""
    g = GameBuilder()
    ability = trigger("dies", [entry(gain_life=1, to="you")], of=of)
    g.creature("Watcher", 1, 1, abilities=[] if own else [ability])
    g.creature("Soldier", 1, 1, id="soldier", token=True, colors=["white"], subtypes=["Soldier"],
               supertypes=["Snow"], keywords=["vigilance"], damage=1, abilities=[ability] if own else [])
    g.build()
    g.settle()
    assert g.zone("soldier") != Zone.BATTLEFIELD
    return g


@pytest.mark.parametrize("key", sorted(SELECTOR_KEYS_ON_LKI))
def test_dies_trigger_of_selector_reads_the_tokens_last_known_information(key: str) -> None:
    """CR 603.10a, 608.2h: a "dies" ability's ``of:`` is checked on the dead object's last known information;
    every selector key can read it (``token:`` too: a token is still a token as it last existed, CR 111.1)."""
    matching, other = SELECTOR_KEYS_ON_LKI[key]
    g = _token_dies_under_watcher(matching)
    assert len(g.game.stack) == 1, f"{key}: {matching} should match the dead token"
    g.resolve()
    assert g.life("Anna") == 21
    g = _token_dies_under_watcher(other, own=key == "other")
    assert g.game.stack == [], f"{key}: {other} should not match the dead token"
