"""Negative results of VALUE calculations (CR 107.1b) on games set up with the builder.

A calculation that determines the result of an effect uses 0 instead of a negative number, unless the
effect sets a creature's power or toughness (or a player's life total) to a specific value. ``negate`` writes
"-X": X is floored first."""

from __future__ import annotations

from judgekit.engine.builder import GameBuilder, activated, entry, static

POWER_OF_SELF = {"power_of": "self"}
MINUS_POWER_OF_SELF = {"power_of": "self", "negate": True}
# -2 where no artifact is on the battlefield.
ARTIFACTS_MINUS_TWO = {"count": {"types": ["Artifact"]}, "plus": -2}


def colossus(g: GameBuilder, **fields: object) -> str:
    """A 4/4 that an earlier spell gave -6/-0 until end of turn: a -2/4 creature (CR 107.1b, first example)."""
    oid = g.creature("Colossus", 4, 4, **fields)
    g.effect("Earlier spell", [oid], modify_pt=[-6, 0])
    return oid


def test_pump_by_a_negative_power_gives_plus_zero() -> None:
    """CR 107.1b (second example): "gets +X/+X where X is its power" with power -2 gives +0/+0; it stays -2/4
    (not -4/2)."""
    g = GameBuilder()
    c = colossus(g, abilities=[activated({"mana": "{2}{G}{G}"}, [entry(
        modify_pt={"power": POWER_OF_SELF, "toughness": POWER_OF_SELF}, to="self")])])
    g.build()
    assert (g.chars(c).power, g.chars(c).toughness) == (-2, 4)
    g.activate(c)
    g.resolve()
    assert (g.chars(c).power, g.chars(c).toughness) == (-2, 4)


def test_minus_x_with_a_negative_x_is_minus_zero() -> None:
    """CR 107.1b: "-X/-X" where X is negative: X is 0, the creature is not pumped."""
    g = GameBuilder()
    c = colossus(g, abilities=[static(affects="self", modify_pt={"power": MINUS_POWER_OF_SELF,
                                                                 "toughness": MINUS_POWER_OF_SELF})])
    g.build()
    assert (g.chars(c).power, g.chars(c).toughness) == (-2, 4)


def test_negate_still_gives_a_negative_modification_of_a_positive_x() -> None:
    """``negate`` is the sign of "-X/-X": a non-negative X gives a negative modification."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    g.creature("Shadow", 5, 5, abilities=[static(
        affects={"types": ["Creature"], "other": True},
        modify_pt={"power": {"power_of": "self", "negate": True, "plus": -4}, "toughness": 0})])
    g.build()
    # X = 5 - 4 = 1: the bear gets -1/-0.
    assert g.chars(bear).power == 1


def test_static_modification_by_a_negative_count_plus_is_zero() -> None:
    """A calculation floored at 0 (count - 2 with no artifacts) before it modifies power (CR 107.1b)."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, abilities=[static(
        affects="self", modify_pt={"power": ARTIFACTS_MINUS_TWO, "toughness": 0})])
    g.build()
    assert g.chars(bear).power == 2


def test_setting_power_to_a_negative_value_keeps_it() -> None:
    """CR 107.1b: an effect that sets power or toughness to a specific value uses the negative number."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, abilities=[static(
        affects="self", set_pt={"power": ARTIFACTS_MINUS_TWO, "toughness": 3})])
    g.build()
    assert (g.chars(bear).power, g.chars(bear).toughness) == (-2, 3)


def test_characteristic_defining_power_may_be_negative() -> None:
    """CR 107.1b, 604.3: a characteristic-defining ability sets power and toughness: a negative result stays."""
    g = GameBuilder()
    avatar = g.creature("Avatar", 0, 0, abilities=[static(
        affects="self", cda={"power": ARTIFACTS_MINUS_TWO, "toughness": {**ARTIFACTS_MINUS_TWO, "plus": 3}})])
    g.build()
    assert (g.chars(avatar).power, g.chars(avatar).toughness) == (-2, 3)


def test_resolved_pump_by_a_negative_value_is_fixed_at_zero() -> None:
    """CR 107.1b, 608.2h: a resolving spell's "+X/+X" with X negative gives +0/+0 (the value frozen as 0)."""
    g = GameBuilder()
    c = colossus(g)
    bear = g.creature("Grizzly Bears", 2, 2)
    spell = g.card("Pump", "Anna", types=["Instant"], target={"types": ["Creature"]}, effect=[entry(
        modify_pt={"power": {"power_of": c}, "toughness": {"power_of": c}}, to="target")])
    g.build()
    g.cast(spell, targets=[bear])
    g.resolve()
    assert g.zone(bear) == "battlefield"
    assert (g.chars(bear).power, g.chars(bear).toughness) == (2, 2)


def test_discarding_a_negative_number_of_cards_discards_none() -> None:
    """CR 107.1b: "discard X cards" with X negative discards nothing (not all but one)."""
    g = GameBuilder()
    c = colossus(g)
    cards = [g.card(f"Card {n}", "Bruno", types=["Sorcery"]) for n in range(3)]
    spell = g.card("Mind Rot", "Anna", types=["Sorcery"], target={"player": True},
                   effect=[entry(discard={"power_of": c}, to="target")])
    g.build()
    g.cast(spell, targets=["Bruno"])
    g.resolve()
    assert [g.zone(card) for card in cards] == ["hand", "hand", "hand"]


def test_condition_compares_the_negative_number() -> None:
    """CR 107.1b: a comparison uses a negative value as it is (not a result of an effect)."""
    g = GameBuilder()
    c = colossus(g)
    bear = g.creature("Grizzly Bears", 2, 2, abilities=[static(
        affects="self", condition={"power_of": c, "at_most": -1}, modify_pt=[1, 1])])
    g.build()
    assert g.chars(bear).power == 3
