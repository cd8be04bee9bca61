"""Removal from combat (CR 506.4) on games set up with the builder: it happens as soon as its cause exists,
and what is removed does not come back."""

from __future__ import annotations

from typing import Any

from judgekit.engine.builder import GameBuilder, static
from judgekit.engine.vocab import Zone


def instant(name: str, effect: list[dict[str, Any]], target: dict[str, Any] | None = None) -> dict[str, Any]:
    """An inline instant targeting any permanent (or what ``target`` says)."""
    return {"id": name.lower().replace(" ", "-"), "name": name, "types": ["Instant"], "target": target or {},
            "effect": effect}


UNANIMATE = [{"remove_types": ["Creature"], "to": "target", "duration": "end_of_turn"}]
ANIMATE = [{"add_types": ["Creature"], "set_pt": [3, 3], "to": "target", "duration": "end_of_turn"}]


def attacker_unmade_after_blocks() -> tuple[GameBuilder, str]:
    """Grizzly Bears attacks, nobody blocks, then Bruno's instant makes it stop being a creature."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    g.build()
    g.attack({bear: "Bruno"})
    g.block({})
    g.cast(instant("Unmake Creature", UNANIMATE), [bear], controller="Bruno")
    g.resolve()
    return g, bear


def removals(g: GameBuilder, code: str = "combat.removed") -> list[dict[str, Any]]:
    return [r.params for r in g.game.log if r.code == code]


def test_attacker_that_stops_being_a_creature_is_removed_as_the_effect_applies() -> None:
    """CR 506.4: the removal happens while the spell resolves, before the next step begins."""
    g, bear = attacker_unmade_after_blocks()
    combat = g.game.combat
    assert combat is not None and g.obj(bear).uid not in combat.attackers
    assert [p["reason"] for p in removals(g)] == ["not_creature"]
    codes = [r.code for r in g.game.log]
    assert codes.index("combat.removed") < codes.index("stack.spell_to_graveyard")


def test_attacker_that_becomes_a_creature_again_is_not_put_back_into_combat() -> None:
    """CR 506.4, 508.1k: once removed, a creature stays out of combat; it deals no combat damage."""
    g, bear = attacker_unmade_after_blocks()
    g.cast(instant("Remake Creature", ANIMATE), [bear])
    g.resolve()
    assert g.chars(bear).is_creature
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 20
    assert len(removals(g)) == 1


def test_blocker_that_stops_being_a_creature_deals_and_receives_no_combat_damage() -> None:
    """CR 506.4, 509.1h: the attacker stays blocked and, without trample, assigns no damage; the former blocker,
    a creature again, is not dealt any."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4)
    wall = g.creature("Wall of Wood", 0, 3, controller="Bruno")
    g.build()
    g.attack({wurm: "Bruno"})
    g.block({wall: wurm})
    g.cast(instant("Unmake Creature", UNANIMATE), [wall])
    g.resolve()
    g.cast(instant("Remake Creature", ANIMATE), [wall], controller="Bruno")
    g.resolve()
    g.combat_damage(everything=True)
    assert g.zone(wall) == Zone.BATTLEFIELD and g.obj(wall).damage == 0
    assert g.obj(wurm).damage == 0
    assert g.life("Bruno") == 20


def test_attacker_whose_controller_changes_is_removed_at_once() -> None:
    """CR 506.4: a creature that comes under another player's control leaves combat."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    g.build()
    g.attack({bear: "Bruno"})
    g.cast(instant("Steal", [{"control": "you", "to": "target", "duration": "end_of_turn"}]), [bear],
           controller="Bruno")
    g.resolve()
    assert removals(g) == [{"creature": removals(g)[0]["creature"], "reason": "controller", "controller": "Bruno"}]
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 20


def test_creature_removed_when_the_static_ability_animating_it_leaves_with_state_based_actions() -> None:
    """CR 506.4, 704.3: an artifact animated by a creature's static ability stops being a creature when that
    creature dies to state-based actions, and leaves combat then."""
    g = GameBuilder()
    animator = g.creature("Artifact Animator", 1, 1,
                          abilities=[static(affects={"types": ["Artifact"]}, add_types=["Creature"], set_pt=[2, 2])])
    relic = g.permanent("Relic", types=["Artifact"])
    g.build()
    g.attack({relic: "Bruno"})
    g.cast(instant("Shock", [{"damage": 2, "to": "target"}]), [animator], controller="Bruno")
    g.resolve()
    assert g.zone(animator) == Zone.GRAVEYARD
    assert [p["reason"] for p in removals(g)] == ["not_creature"]
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 20


def test_attacked_planeswalker_that_stops_being_one_is_not_attacked_again() -> None:
    """CR 506.4, 506.4c: a planeswalker that stops being one is removed from combat; the creature attacking it
    keeps attacking, deals no combat damage, even when the planeswalker is one again."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    walker = g.permanent("Liliana of the Veil", types=["Planeswalker"], controller="Bruno", loyalty=3)
    g.build()
    g.attack({bear: walker})
    g.block({})
    g.cast(instant("Moonlight", [{"set_types": ["Land"], "to": "target", "duration": "end_of_turn"}]), [walker])
    g.resolve()
    [removed] = removals(g, "combat.attacked_removed")
    assert removed["reason"] == "not_attackable"
    combat = g.game.combat
    assert combat is not None and g.obj(bear).uid in combat.attackers
    g.cast(instant("Sunlight", [{"add_types": ["Planeswalker"], "to": "target", "duration": "end_of_turn"}]),
           [walker])
    g.resolve()
    g.combat_damage(everything=True)
    assert g.obj(walker).counters["loyalty"] == 3
    assert g.life("Bruno") == 20
    assert len(removals(g, "combat.attacked_removed")) == 1


def test_attacked_planeswalker_whose_controller_changes_is_no_longer_attacked() -> None:
    """CR 506.4: an attacked planeswalker that changes controller is removed from combat (506.4c)."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    walker = g.permanent("Liliana of the Veil", types=["Planeswalker"], controller="Bruno", loyalty=3)
    g.build()
    g.attack({bear: walker})
    g.cast(instant("Seize", [{"control": "you", "to": "target", "duration": "end_of_turn"}]), [walker])
    g.resolve()
    g.combat_damage(everything=True)
    assert g.obj(walker).counters["loyalty"] == 3
    assert g.life("Bruno") == 20
