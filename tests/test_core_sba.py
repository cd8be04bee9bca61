"""State-based actions (CR 704) checked directly with ``sba.check`` on games set up with the builder."""

from __future__ import annotations

from judgekit.engine import sba
from judgekit.engine.builder import GameBuilder
from judgekit.engine.vocab import Zone
from judgekit.scenario.choices import build_script


def test_zero_toughness_creature_goes_to_the_graveyard() -> None:
    """CR 704.5f: a creature with toughness 0 or less is put into its owner's graveyard."""
    g = GameBuilder()
    husk = g.creature("Shriveled Husk", 0, 0)
    game = g.build()
    assert sba.check(game) is True
    assert g.zone(husk) == Zone.GRAVEYARD
    assert sba.check(game) is False


def test_zero_toughness_is_not_saved_by_indestructible() -> None:
    """CR 704.5f, 702.12b: indestructible does not stop 704.5f (it isn't a destruction)."""
    g = GameBuilder()
    husk = g.creature("Shriveled Husk", 2, 2, keywords=["indestructible"], counters={"-1/-1": 2})
    game = g.build()
    assert sba.check(game) is True
    assert g.zone(husk) == Zone.GRAVEYARD


def test_lethal_damage_destroys_a_creature() -> None:
    """CR 704.5g: a creature with damage marked at least equal to its toughness is destroyed."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, damage=2)
    giant = g.creature("Hill Giant", 3, 3, damage=2)
    game = g.build()
    assert sba.check(game) is True
    assert g.zone(bear) == Zone.GRAVEYARD
    assert g.zone(giant) == Zone.BATTLEFIELD


def test_indestructible_creature_survives_lethal_damage() -> None:
    """CR 704.5g, 702.12b: an indestructible creature with lethal damage stays; nothing is performed."""
    g = GameBuilder()
    golem = g.creature("Darksteel Myr", 0, 1, keywords=["indestructible"], damage=5)
    game = g.build()
    assert sba.check(game) is False
    assert g.zone(golem) == Zone.BATTLEFIELD
    assert g.obj(golem).damage == 5


def test_deathtouch_damage_destroys_whatever_the_toughness() -> None:
    """CR 704.5h: damage from a deathtouch source since the last check destroys the creature."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4, damage=1, deathtouch_damage=True)
    game = g.build()
    assert sba.check(game) is True
    assert g.zone(wurm) == Zone.GRAVEYARD


def test_legend_rule_keeps_one_of_two_legends_with_the_same_name() -> None:
    """CR 704.5j: without a choice the replay keeps the legend that has been there longest."""
    g = GameBuilder()
    older = g.creature("Isamaru, Hound of Konda", 2, 2, supertypes=["Legendary"])
    newer = g.creature("Isamaru, Hound of Konda", 2, 2, supertypes=["Legendary"])
    game = g.build()
    assert sba.check(game) is True
    assert (g.zone(older), g.zone(newer)) == (Zone.BATTLEFIELD, Zone.GRAVEYARD)


def test_legend_rule_choice_keeps_the_chosen_one() -> None:
    """CR 704.5j: the controller chooses which legend to keep (``choices``)."""
    g = GameBuilder(choices=build_script({"isamaru": ["isamaru-2"]}))
    older = g.creature("Isamaru", 2, 2, supertypes=["Legendary"])
    newer = g.creature("Isamaru", 2, 2, supertypes=["Legendary"])
    game = g.build()
    sba.check(game)
    assert (g.zone(older), g.zone(newer)) == (Zone.GRAVEYARD, Zone.BATTLEFIELD)


def test_legend_rule_is_per_controller() -> None:
    """CR 704.5j: only legends controlled by the same player with the same name are compared."""
    g = GameBuilder()
    mine = g.creature("Isamaru", 2, 2, supertypes=["Legendary"], controller="Anna")
    theirs = g.creature("Isamaru", 2, 2, supertypes=["Legendary"], controller="Bruno")
    game = g.build()
    assert sba.check(game) is False
    assert (g.zone(mine), g.zone(theirs)) == (Zone.BATTLEFIELD, Zone.BATTLEFIELD)


def test_plus_and_minus_counters_annihilate() -> None:
    """CR 704.5q: N +1/+1 and N -1/-1 counters on one permanent are removed in pairs."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, counters={"+1/+1": 3, "-1/-1": 1})
    game = g.build()
    assert sba.check(game) is True
    counters = g.obj(bear).counters
    assert (counters.get("+1/+1", 0), counters.get("-1/-1", 0)) == (2, 0)
    assert (g.chars(bear).power, g.chars(bear).toughness) == (4, 4)


def test_player_at_zero_life_loses() -> None:
    """CR 704.5a: a player with 0 or less life loses the game."""
    g = GameBuilder(life={"Bruno": 0})
    game = g.build()
    assert sba.check(game) is True
    assert game.player("Bruno").lost and game.player("Bruno").loss_rule == "704.5a"
    assert not game.player("Anna").lost


def test_losing_ends_the_game_at_the_next_priority_point() -> None:
    """CR 104.1, 704.5a: combat damage to 0 life, then the check: the game is over."""
    g = GameBuilder(life={"Bruno": 2})
    bear = g.creature("Grizzly Bears", 2, 2)
    g.build()
    g.attack({bear: "Bruno"})
    g.combat_damage()
    assert g.game_over
    assert g.game.player("Bruno").lost


def test_all_applicable_actions_are_performed_in_one_check() -> None:
    """CR 704.3: every state-based action that applies is performed at once, in a single check."""
    g = GameBuilder()
    husk = g.creature("Shriveled Husk", 0, 0)
    bear = g.creature("Grizzly Bears", 2, 2, damage=3)
    g.creature("Isamaru", 2, 2, supertypes=["Legendary"])
    legend = g.creature("Isamaru", 2, 2, supertypes=["Legendary"])
    game = g.build()
    assert sba.check(game) is True
    assert {g.zone(husk), g.zone(bear), g.zone(legend)} == {Zone.GRAVEYARD}
    assert sba.check(game) is False


def test_token_that_left_the_battlefield_ceases_to_exist() -> None:
    """CR 704.5d: a token in a zone other than the battlefield ceases to exist."""
    g = GameBuilder()
    token = g.object("Saproling", zone="graveyard", types=["Creature"], power=1, toughness=1, token=True)
    game = g.build()
    assert sba.check(game) is True
    assert g.zone(token) == Zone.GONE
