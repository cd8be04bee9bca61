"""Combat damage (CR 510) on games set up with the builder: who deals what to whom, and when."""

from __future__ import annotations

from judgekit.engine.builder import GameBuilder
from judgekit.engine.vocab import Step, Zone


def life_gain_events(g: GameBuilder, player: str) -> list[int]:
    return [ev.amount for ev in g.game.events if ev.kind == "life_gain" and ev.player == player]


def attack_blocked(g: GameBuilder, attacker: str, blockers: list[str]) -> None:
    """Build the game, attack Bruno with ``attacker``, block it with ``blockers`` and deal combat damage."""
    g.build()
    g.attack({attacker: "Bruno"})
    g.block({b: attacker for b in blockers})
    g.combat_damage()


def test_unblocked_attacker_deals_its_damage_to_the_player() -> None:
    """CR 510.1a: an unblocked creature assigns its combat damage to the player it attacks."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    g.build()
    g.attack({bear: "Bruno"})
    g.combat_damage()
    assert g.life("Bruno") == 18
    assert g.game.step == Step.COMBAT_DAMAGE
    assert g.obj(bear).tapped


def test_blocked_creatures_deal_damage_to_each_other_at_once() -> None:
    """CR 510.2: attacker and blocker deal their damage simultaneously; both die to state-based actions."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    elf = g.creature("Elvish Warrior", 2, 3, controller="Bruno")
    attack_blocked(g, bear, [elf])
    assert g.zone(bear) == Zone.GRAVEYARD
    assert g.obj(elf).damage == 2
    assert g.life("Bruno") == 20


def test_trample_assigns_lethal_to_the_blocker_and_the_rest_to_the_player() -> None:
    """CR 702.19b: a trampler assigns lethal damage to its blocker and the rest to the defending player."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4, keywords=["trample"])
    bear = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    attack_blocked(g, wurm, [bear])
    assert g.life("Bruno") == 16
    assert g.zone(bear) == Zone.GRAVEYARD
    assert g.obj(wurm).damage == 2


def test_trample_counts_damage_already_marked_on_the_blocker() -> None:
    """CR 702.19b: lethal damage takes into account damage already marked on the blocker."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4, keywords=["trample"])
    giant = g.creature("Hill Giant", 3, 3, controller="Bruno", damage=2)
    attack_blocked(g, wurm, [giant])
    assert g.life("Bruno") == 15
    assert g.zone(giant) == Zone.GRAVEYARD


def test_deathtouch_and_trample_assign_one_damage_to_each_blocker() -> None:
    """CR 702.2c, 702.19b: with deathtouch 1 damage is lethal, so the trampler assigns 1 to the blocker and
    the rest to the player."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4, keywords=["trample", "deathtouch"])
    giant = g.creature("Hill Giant", 3, 3, controller="Bruno")
    attack_blocked(g, wurm, [giant])
    assert g.life("Bruno") == 15
    assert g.zone(giant) == Zone.GRAVEYARD


def test_explicit_assignment_divides_damage_among_blockers() -> None:
    """CR 510.1c: the attacking player divides a blocked creature's damage among its blockers."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 5)
    a = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    b = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.build()
    g.attack({wurm: "Bruno"})
    g.block({a: wurm, b: wurm})
    g.assign({wurm: {a: 1, b: 5}})
    g.combat_damage()
    assert g.zone(a) == Zone.BATTLEFIELD and g.obj(a).damage == 1
    assert g.zone(b) == Zone.GRAVEYARD
    assert (g.zone(wurm), g.obj(wurm).damage) == (Zone.BATTLEFIELD, 4)


def test_first_strike_kills_the_blocker_before_it_deals_damage() -> None:
    """CR 510.4, 702.7b: a first striker deals damage in the first combat damage step; the blocker dies
    before the regular step and deals no damage."""
    g = GameBuilder()
    knight = g.creature("White Knight", 2, 2, keywords=["first_strike"])
    bear = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    attack_blocked(g, knight, [bear])
    assert g.zone(bear) == Zone.GRAVEYARD
    assert g.obj(knight).damage == 0
    g.combat_damage()
    assert g.obj(knight).damage == 0
    assert g.zone(knight) == Zone.BATTLEFIELD


def test_double_strike_deals_damage_in_both_steps() -> None:
    """CR 702.4b: an unblocked double striker deals its damage in the first and in the regular step."""
    g = GameBuilder()
    ace = g.creature("Fencing Ace", 1, 1, keywords=["double_strike"], counters={"+1/+1": 1})
    g.build()
    g.attack({ace: "Bruno"})
    g.combat_damage()
    assert g.life("Bruno") == 18
    g.combat_damage()
    assert g.life("Bruno") == 16


def test_plain_creature_deals_no_damage_in_the_first_strike_step() -> None:
    """CR 510.4: only creatures with first strike or double strike deal damage in the first step."""
    g = GameBuilder()
    ace = g.creature("Fencing Ace", 1, 1, keywords=["double_strike"])
    bear = g.creature("Grizzly Bears", 2, 2)
    g.build()
    g.attack({ace: "Bruno", bear: "Bruno"})
    g.combat_damage()
    assert g.life("Bruno") == 19
    g.combat_damage()
    assert g.life("Bruno") == 16


def test_lifelink_damage_to_several_recipients_is_one_life_gain() -> None:
    """CR 702.15b, 510.2: all the damage a lifelink creature deals at once is one life-gain event."""
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4, keywords=["trample", "lifelink"])
    a = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    b = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.build()
    g.attack({wurm: "Bruno"})
    g.block({a: wurm, b: wurm})
    g.combat_damage()
    assert g.life("Anna") == 26
    assert g.life("Bruno") == 18
    assert life_gain_events(g, "Anna") == [6]


def test_combat_damage_all_ends_the_combat() -> None:
    """CR 511.3: after the last damage step and the end of combat, no creature is in combat."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    g.build()
    g.attack({bear: "Bruno"})
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 18
    assert g.game.combat is None
    assert g.game.step == Step.MAIN2
