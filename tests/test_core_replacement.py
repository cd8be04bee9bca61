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


# ------------------------------------------------------------------------------------------------------
# The replacement form (SCENARIO-FORMAT.md 2.3): static abilities of permanents


def _counters_game(order: list[str] | None = None) -> GameBuilder:
    """Hardened Scales and Doubling Season (counters on Anna's creatures) and a bear."""
    from judgekit.engine.builder import replacement
    from judgekit.engine.choices import Script

    g = GameBuilder(choices=Script(replacement_order=order or []))
    mine = {"types": ["Creature"], "controller": "you"}
    g.permanent("Hardened Scales", types=["Enchantment"], id="scales",
                abilities=[replacement("would_put_counters", {"plus": 1}, of=mine, kind="+1/+1")])
    g.permanent("Doubling Season", types=["Enchantment"], id="season",
                abilities=[replacement("would_put_counters", {"times": 2}, of=mine)])
    g.creature("Grizzly Bears", 2, 2, id="bear")
    return g


def _put_counter(g: GameBuilder) -> int:
    game = g.game
    happens = propose(game, GameEvent(EventKind.COUNTERS, obj=g.obj("bear").uid, amount=1, data={"kind": "+1/+1"}))
    return happens.amount if happens is not None else 0


def test_hardened_scales_then_doubling_season() -> None:
    g = _counters_game(["scales"])
    g.build()
    assert _put_counter(g) == 4
    choice = next(r for r in g.game.log if r.code == "effects.replacement_order")
    assert choice.params["result"]["amount"] == 4
    assert choice.params["alternatives"] == [{"first": "Doubling Season",
                                              "result": {"happens": True, "kind": "counters", "amount": 3}}]


def test_doubling_season_then_hardened_scales() -> None:
    g = _counters_game(["season"])
    g.build()
    assert _put_counter(g) == 3


def test_each_effect_applies_once_to_an_event() -> None:
    """CR 614.5: after Doubling Season doubled the counters, the doubled event is not doubled again."""
    from judgekit.engine.builder import replacement

    g = GameBuilder()
    g.permanent("Doubling Season", types=["Enchantment"], id="season",
                abilities=[replacement("would_put_counters", {"times": 2}, of={"types": ["Creature"]})])
    g.creature("Grizzly Bears", 2, 2, id="bear")
    g.build()
    assert _put_counter(g) == 2


def test_a_gain_made_a_loss_is_no_longer_doubled_as_a_gain() -> None:
    """CR 616.1f: once Tainted Remedy has made the gain a loss, Alhammarret's Archive no longer applies."""
    from judgekit.engine.builder import replacement
    from judgekit.engine.choices import Script

    for order, expected in ((["remedy"], (EventKind.LIFE_LOSS, 3)), (["archive"], (EventKind.LIFE_LOSS, 6))):
        g = GameBuilder(choices=Script(replacement_order=order))
        g.permanent("Tainted Remedy", types=["Enchantment"], id="remedy", controller="Anna",
                    abilities=[replacement("would_gain_life", {"lose_instead": True},
                                           of={"player": True, "controller": "opponent"})])
        g.permanent("Alhammarret's Archive", types=["Artifact"], id="archive", controller="Bruno",
                    abilities=[replacement("would_gain_life", {"times": 2},
                                           of={"player": True, "controller": "you"})])
        game = g.build()
        happens = propose(game, GameEvent(EventKind.LIFE_GAIN, player="Bruno", amount=3))
        assert happens is not None and (happens.kind, happens.amount) == expected, order


def test_rest_in_peace_destroyed_with_the_creatures_still_exiles_them() -> None:
    """SCENARIO-FORMAT.md 2.3: an effect whose source leaves in the very event it would replace applies to it."""
    from judgekit.engine.builder import replacement

    g = GameBuilder()
    g.permanent("Rest in Peace", types=["Enchantment"], id="rip",
                abilities=[replacement("would_go_to_graveyard", {"to": "exile"}, of={})])
    g.creature("Grizzly Bears", 2, 2, id="bear", controller="Bruno")
    g.cast({"id": "wipe", "name": "Wipe", "types": ["Sorcery"],
            "effect": [{"destroy": True, "to": {"any": [{"types": ["Creature"]}, {"types": ["Enchantment"]}]}}]})
    g.resolve()
    # The sorcery goes to the graveyard afterwards, in an event of its own: Rest in Peace is gone by then.
    assert (g.zone("rip"), g.zone("bear"), g.zone("wipe")) == ("exile", "exile", "graveyard")


def test_an_entering_copy_stays_a_copy_when_the_original_leaves() -> None:
    """CR 707.2: the copiable values are those of the original as the copy entered."""
    from judgekit.engine.builder import replacement

    g = GameBuilder()
    g.creature("Serra Angel", 4, 4, id="angel", keywords=["flying", "vigilance"])
    g.card("Clone", "Anna", id="clone", types=["Creature"], power=0, toughness=0,
           abilities=[replacement("would_enter", {"copy_of": {"types": ["Creature"]}}, optional=True)])
    g.cast("clone")
    g.resolve()
    g.cast({"id": "exile", "name": "Exile", "types": ["Instant"], "target": {"types": ["Creature"]},
            "effect": [{"exile": True, "to": "target"}]}, targets=["angel"])
    g.resolve()
    c = g.chars("clone")
    assert (g.zone("clone"), c.name, c.power, "flying" in c.keywords) == ("battlefield", "Serra Angel", 4, True)


def test_a_declined_optional_effect_is_not_a_use() -> None:
    """SCENARIO-FORMAT.md 2.3: ``uses`` counts the events replaced; a declined "may" is no use."""
    from judgekit.engine.choices import Answer, Script, SourceAnswers
    from judgekit.engine.setup import add_replacement_in_place
    from judgekit.engine.specdata import replacement as spec

    g = GameBuilder(choices=Script(sources={"shield": SourceAnswers((Answer(use=False), Answer(use=True)))}))
    game = g.build()
    body = spec({"event": "would_be_dealt_damage", "of": {"player": True}, "optional": True, "uses": 1,
                 "then": {"prevent": "all"}})
    effect = add_replacement_in_place(game, {"source": "shield", "replacement": body, "controller": "Anna"}, 9, 0)
    assert propose_damage(game, "Anna", 2) == 0
    assert effect in game.replacements
    assert propose_damage(game, "Anna", 2) == 2
    assert effect not in game.replacements


def test_a_prevention_shield_of_n_spans_several_events() -> None:
    from judgekit.engine.setup import add_replacement_in_place
    from judgekit.engine.specdata import replacement as spec

    game = GameBuilder().build()
    body = spec({"event": "would_be_dealt_damage", "of": {"player": True}, "then": {"prevent": 3}})
    add_replacement_in_place(game, {"source": "shield", "replacement": body}, 9, 0)
    assert [propose_damage(game, "Anna", 2) for _ in range(3)] == [2, 1, 0]


def test_damage_that_cannot_be_prevented_leaves_a_shield_unused() -> None:
    """CR 615.12: prevention effects prevent nothing of that damage and are not used up."""
    _g, game, uid = _game()
    add_shield(game, Shield(ShieldKind.PREVENT_DAMAGE, uid, 2))
    event = GameEvent(EventKind.DAMAGE, obj=uid, amount=2, data={"unpreventable": True})
    assert propose(game, event) == event
    assert propose_damage(game, uid, 2) == 2
