"""Prevention and regeneration shields as replacements of proposed events (CR 615.7, 701.19a, 514.2)."""

from __future__ import annotations

import dataclasses

from judgekit.engine.builder import GameBuilder, entry
from judgekit.engine.replacement import (
    Shield,
    ShieldKind,
    add_shield,
    end_shields,
    propose,
    propose_destruction,
)
from judgekit.engine.state import EventKind, Game, GameEvent, Ref


def propose_damage(game: Game, target: Ref, amount: int) -> int:
    """How much of ``amount`` damage to ``target`` is prevented."""
    event = GameEvent(EventKind.DAMAGE, obj=target if isinstance(target, int) else None,
                      player=target if isinstance(target, str) else None, amount=amount)
    happens = propose(game, event)
    return amount - (happens.amount if happens is not None else 0)


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


class ExileInstead:
    """Like Rest in Peace: a card that would go to a graveyard is exiled instead (CR 614.1a)."""

    def applies(self, game: Game, event: GameEvent) -> bool:
        return event.kind == EventKind.ZONE_CHANGE and event.to_zone == "graveyard"

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None:
        return dataclasses.replace(event, to_zone="exile")


class OneMoreCounter:
    """Like Hardened Scales: one more +1/+1 counter than would be put (CR 614.1a)."""

    def applies(self, game: Game, event: GameEvent) -> bool:
        return event.kind == EventKind.COUNTERS and event.data.get("kind") == "+1/+1"

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None:
        return dataclasses.replace(event, amount=event.amount + 1)


def test_a_zone_change_is_proposed_so_a_replacement_can_send_the_card_elsewhere() -> None:
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    shock = g.card("Shock", "Anna", types=["Instant"], mana_cost="{R}", target={"types": ["Creature"]},
                   effect=[entry(damage=2, to="target")])
    game = g.build()
    game.replacements.append(ExileInstead())
    g.cast(shock, targets=[bear])
    g.resolve()
    assert g.zone(bear) == "exile"
    assert g.zone(shock) == "exile"


def test_each_replacement_applies_once_to_one_event() -> None:
    """CR 614.5: a replacement effect doesn't apply again to the event it already modified."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    growth = g.card("Growth", "Anna", types=["Instant"], mana_cost="{G}", target={"types": ["Creature"]},
                    effect=[entry(add_counters={"+1/+1": 1}, to="target")])
    game = g.build()
    game.replacements.append(OneMoreCounter())
    g.cast(growth, targets=[bear])
    g.resolve()
    assert g.obj(bear).counters == {"+1/+1": 2}
