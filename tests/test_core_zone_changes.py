"""Zone changes (CR 400.7) on games set up with the builder: a new object, and the exception of 400.7a."""

from __future__ import annotations

from judgekit.engine.builder import GameBuilder, entry

SPELL = {"zone": "stack"}


def _creature_spell_changed_on_the_stack(**ops: object) -> tuple[GameBuilder, str]:
    """Anna casts a green 2/2 creature spell; Bruno responds with an instant whose ``ops`` change target spell
    until end of turn; both resolve (Bruno's first)."""
    g = GameBuilder()
    bear = g.card("Grizzly Bears", "Anna", types=["Creature"], mana_cost="{1}{G}", power=2, toughness=2)
    change = g.card("Change", "Bruno", types=["Instant"], mana_cost="{U}", target=SPELL,
                    effect=[entry(to="target", **ops)])
    g.build()
    g.cast(bear)
    g.cast(change, targets=[bear])
    g.resolve()
    return g, bear


def test_colour_changed_on_the_stack_stays_on_the_permanent() -> None:
    """CR 400.7a: a creature spell made colourless on the stack enters colourless."""
    g, bear = _creature_spell_changed_on_the_stack(set_colors=[])
    assert g.chars(bear).colors == []
    g.resolve()
    assert g.zone(bear) == "battlefield"
    assert g.chars(bear).colors == []


def test_type_added_on_the_stack_stays_on_the_permanent() -> None:
    """CR 400.7a: an artifact type given to a creature spell still applies to the permanent."""
    g, bear = _creature_spell_changed_on_the_stack(add_types=["Artifact"], modify_pt=[1, 1])
    g.resolve()
    c = g.chars(bear)
    assert set(c.types) == {"Artifact", "Creature"}
    assert (c.power, c.toughness) == (3, 3)


def test_control_of_a_spell_carries_to_the_permanent() -> None:
    """CR 400.7a, 110.2b: the player who gained control of a permanent spell controls the permanent."""
    g, bear = _creature_spell_changed_on_the_stack(control="you")
    g.resolve()
    assert g.chars(bear).controller == "Bruno"


def test_a_countered_spell_does_not_keep_the_change() -> None:
    """CR 400.7: only the permanent a permanent spell becomes keeps the change; the card put into the graveyard
    is a new object without it."""
    g = GameBuilder()
    bear = g.card("Grizzly Bears", "Anna", types=["Creature"], mana_cost="{1}{G}", power=2, toughness=2)
    change = g.card("Change", "Bruno", types=["Instant"], target=SPELL,
                    effect=[entry(to="target", set_colors=[])])
    counter = g.card("Counter", "Bruno", types=["Instant"], target=SPELL,
                     effect=[entry(counter=True, to="target")])
    g.build()
    g.cast(bear)
    g.cast(change, targets=[bear])
    g.resolve()
    g.cast(counter, targets=[bear])
    g.resolve()
    assert g.zone(bear) == "graveyard"
    assert g.chars(bear).colors == ["green"]


def test_the_carried_effect_ends_when_the_permanent_leaves_the_battlefield() -> None:
    """CR 400.7: the exception of 400.7a is only from the stack to the battlefield; exiled and returned, the
    permanent is a new object, green again."""
    g = GameBuilder()
    bear = g.card("Grizzly Bears", "Anna", types=["Creature"], mana_cost="{1}{G}", power=2, toughness=2)
    change = g.card("Change", "Bruno", types=["Instant"], target=SPELL,
                    effect=[entry(to="target", set_colors=[])])
    blink = g.card("Blink", "Anna", types=["Instant"], target={"types": ["Creature"]},
                   effect=[entry(exile_and_return=True, to="target")])
    g.build()
    g.cast(bear)
    g.cast(change, targets=[bear])
    g.resolve()
    g.resolve()
    assert g.chars(bear).colors == []
    g.cast(blink, targets=[bear])
    g.resolve()
    assert g.zone(bear) == "battlefield"
    assert g.chars(bear).colors == ["green"]
