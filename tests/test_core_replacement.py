"""Prevention and regeneration shields as replacements of proposed events (CR 615.7, 701.19a, 514.2)."""

from __future__ import annotations

from judgekit.engine.builder import GameBuilder, entry
from judgekit.engine.replacement import (
    Shield,
    ShieldKind,
    add_shield,
    end_shields,
    propose_damage,
    propose_destruction,
)


def _game():  # type: ignore[no-untyped-def]
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    return g, g.build(), g.obj(bear).uid


def test_numeric_shields_add_up_and_keep_what_they_did_not_use() -> None:
    _g, game, uid = _game()
    add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, uid, 2))
    add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, uid, 1))
    assert propose_damage(game, uid, 2) == 2
    assert propose_damage(game, uid, 5) == 1
    assert propose_damage(game, uid, 5) == 0


def test_a_prevent_all_shield_is_used_up_by_the_next_damage() -> None:
    _g, game, uid = _game()
    add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, uid))
    assert propose_damage(game, uid, 7) == 7
    assert propose_damage(game, uid, 7) == 0


def test_a_shield_protects_only_its_holder() -> None:
    _g, game, uid = _game()
    add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, "Bruno", 3))
    assert propose_damage(game, uid, 3) == 0
    assert propose_damage(game, "Bruno", 3) == 3


def test_regeneration_replaces_one_destruction_and_shields_end_in_cleanup() -> None:
    _g, game, uid = _game()
    add_shield(game, Shield(ShieldKind.REGENERATE, uid))
    add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, uid, 1))
    assert propose_destruction(game, uid) is True
    assert propose_destruction(game, uid) is False
    assert end_shields(game) is True
    assert game.shields == []


def test_a_regenerated_creature_survives_lethal_damage_tapped() -> None:
    """CR 701.19a, 704.5g: the shield replaces the destruction; the creature is tapped and its damage removed."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    shock = g.card("Shock", "Anna", types=["Instant"], mana_cost="{R}", target={"types": ["Creature"]},
                   effect=[entry(damage=2, to="target")])
    regen = g.card("Regrowth Charm", "Anna", types=["Instant"], mana_cost="{G}", target={"types": ["Creature"]},
                   effect=[entry(regenerate=True, to="target")])
    g.build()
    g.cast(regen, targets=[bear])
    g.resolve()
    g.cast(shock, targets=[bear])
    g.resolve()
    assert g.zone(bear) == "battlefield"
    assert g.obj(bear).tapped and g.obj(bear).damage == 0
