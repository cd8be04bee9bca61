"""Keywords of SCENARIO-FORMAT.md 2.7 (CR 702) on games set up with the builder, and their scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine.builder import GameBuilder, activated
from judgekit.engine.choices import Answer, Script, SourceAnswers
from judgekit.engine.errors import IllegalAction
from judgekit.engine.vocab import Zone, keyword_rule
from judgekit.scenario.terms import canonical

BOLT = {"types": ["Instant"], "target": {"any": [{"types": ["Creature"]}, {"player": True}]},
        "effect": [{"damage": 3, "to": "target"}]}
SORCERY_BOLT = {**BOLT, "types": ["Sorcery"]}


def _use(oid: str, value: bool) -> Script:
    return Script(sources={oid: SourceAnswers((Answer(use=value),))})


# -- vocabulary ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("keyword", "rule"), [
    ("flash", "702.8"), ("ward_2", "702.21"), ("ward_life_3", "702.21"), ("prowess", "702.108"),
    ("exalted", "702.83"), ("toxic_1", "702.164"), ("flanking", "702.25"), ("bushido_2", "702.45"),
    ("battle_cry", "702.91"), ("afflict_3", "702.130"), ("annihilator_2", "702.86"), ("changeling", "702.73"),
    ("devoid", "702.114"), ("split_second", "702.61"),
])
def test_each_keyword_cites_its_702_rule(keyword: str, rule: str) -> None:
    assert keyword_rule(keyword) == rule
    assert canonical(keyword, "keyword") == keyword


def test_numbered_keywords_accept_their_italian_name() -> None:
    assert canonical("custodia_2", "keyword") == "ward_2"
    assert canonical("Tossico 1", "keyword") == "toxic_1"
    assert canonical("annientatore_3", "keyword") == "annihilator_3"
    assert canonical("ward", "keyword") != "ward_0"


# -- flash and split second ------------------------------------------------------------------------------


def test_flash_lets_a_creature_be_cast_in_the_opponents_turn() -> None:
    """CR 702.8a: a spell with flash may be cast any time its controller could cast an instant."""
    g = GameBuilder(active="Bruno")
    flier = g.card("Flash Bear", "Anna", types=["Creature"], power=2, toughness=2, keywords=["flash"])
    g.build()
    g.cast(flier, controller="Anna")
    g.resolve()
    assert g.zone(flier) == Zone.BATTLEFIELD


def test_without_flash_the_same_creature_waits_for_its_main_phase() -> None:
    g = GameBuilder(active="Bruno")
    bear = g.card("Bear", "Anna", types=["Creature"], power=2, toughness=2)
    g.build()
    with pytest.raises(IllegalAction) as err:
        g.cast(bear, controller="Anna")
    assert err.value.rule == "302.1"


def test_split_second_refuses_spells_and_abilities_but_not_triggers() -> None:
    """CR 702.61a-b: no spells and no non-mana abilities while it is on the stack; triggers still trigger."""
    g = GameBuilder()
    relic = g.permanent("Relic", types=["Artifact"], controller="Bruno")
    pinger = g.creature("Pinger", 1, 1, controller="Bruno",
                        abilities=[activated("tap", [{"damage": 1, "to": "target"}], target={"player": True})])
    g.creature("Swiftspear", 1, 2, keywords=["prowess"])
    grip = g.card("Grip", "Anna", types=["Instant"], keywords=["split_second"], target={"types": ["Artifact"]},
                  effect=[{"destroy": True, "to": "target"}])
    answer = g.card("Answer", "Bruno", **BOLT)
    g.build()
    g.cast(grip, targets=[relic])
    # Prowess triggered on the cast and went on the stack above the spell (702.61b).
    assert [i.kind for i in g.game.stack] == ["spell", "triggered"]
    with pytest.raises(IllegalAction) as err:
        g.cast(answer, targets=["Anna"], controller="Bruno")
    assert err.value.rule == "702.61a"
    with pytest.raises(IllegalAction) as err:
        g.activate(pinger, targets=["Anna"])
    assert err.value.rule == "702.61a"
    g.resolve(everything=True)
    assert g.zone(relic) == Zone.GRAVEYARD


# -- ward ------------------------------------------------------------------------------------------------


def _warded(keyword: str, choices: Script | None, life: int = 20) -> tuple[GameBuilder, str, str]:
    g = GameBuilder(choices=choices, life={"Anna": life})
    wall = g.creature("Warded", 0, 5, controller="Bruno", keywords=[keyword], id="warded")
    bolt = g.card("Bolt", "Anna", **BOLT)
    g.build()
    g.cast(bolt, targets=[wall])
    g.resolve(everything=True)
    return g, wall, bolt


def test_ward_counters_by_default() -> None:
    """CR 702.21a; SCENARIO-FORMAT.md 2.7: the default is that the controller does not pay."""
    g, wall, _bolt = _warded("ward_2", None)
    assert g.obj(wall).damage == 0
    assert any(r.code == "keywords.ward_not_paid" for r in g.game.log)


def test_ward_paid_lets_the_spell_resolve() -> None:
    g, wall, _bolt = _warded("ward_2", _use("warded", True))
    assert g.obj(wall).damage == 3


def test_ward_life_is_paid_with_life() -> None:
    """CR 702.21a, 119.4: paying life is a life loss."""
    g, wall, _bolt = _warded("ward_life_2", _use("warded", True))
    assert g.obj(wall).damage == 3
    assert g.life("Anna") == 18


def test_ward_life_cannot_be_paid_with_less_life() -> None:
    """CR 119.4: a player with less life than the payment can't pay it."""
    with pytest.raises(IllegalAction) as err:
        _warded("ward_life_3", _use("warded", True), life=2)
    assert err.value.rule == "119.4"


def test_ward_ignores_its_controllers_own_spells() -> None:
    g = GameBuilder()
    wall = g.creature("Warded", 0, 5, keywords=["ward_2"])
    bolt = g.card("Bolt", "Anna", **BOLT)
    g.build()
    g.cast(bolt, targets=[wall])
    assert len(g.game.stack) == 1


# -- triggered keywords in combat ------------------------------------------------------------------------


def test_prowess_only_for_noncreature_spells() -> None:
    """CR 702.108a."""
    g = GameBuilder()
    spear = g.creature("Swiftspear", 1, 2, keywords=["prowess"])
    bear = g.card("Bear", "Anna", types=["Creature"], power=2, toughness=2)
    bolt = g.card("Bolt", "Anna", **BOLT)
    g.build()
    g.cast(bear)
    g.resolve(everything=True)
    assert g.chars(spear).power == 1
    g.cast(bolt, targets=["Bruno"])
    g.resolve(everything=True)
    assert (g.chars(spear).power, g.chars(spear).toughness) == (2, 3)


def test_prowess_does_not_trigger_on_an_opponents_spell() -> None:
    g = GameBuilder()
    spear = g.creature("Swiftspear", 1, 2, keywords=["prowess"], controller="Bruno")
    bolt = g.card("Bolt", "Anna", **BOLT)
    g.build()
    g.cast(bolt, targets=["Bruno"])
    g.resolve(everything=True)
    assert g.chars(spear).power == 1


def test_exalted_counts_each_permanent_and_only_alone() -> None:
    """CR 702.83a-b, 506.5."""
    g = GameBuilder()
    g.creature("Squire", 1, 1, keywords=["exalted"])
    g.creature("Other Squire", 1, 1, keywords=["exalted"], controller="Bruno")
    bear = g.creature("Bear", 2, 2)
    g.build()
    g.attack({bear: "Bruno"})
    g.resolve(everything=True)
    # Bruno's exalted does not trigger: the attacker is not his.
    assert g.chars(bear).power == 3


def test_attacks_alone_event() -> None:
    """SCENARIO-FORMAT.md 2.7 Events: ``attacks_alone`` (506.5)."""
    from judgekit.engine.builder import trigger

    g = GameBuilder()
    bear = g.creature("Bear", 2, 2, abilities=[trigger("attacks_alone", [{"gain_life": 1}])])
    elf = g.creature("Elf", 1, 1)
    g.build()
    g.attack({bear: "Bruno", elf: "Bruno"})
    g.resolve(everything=True)
    assert g.life("Anna") == 20
    g2 = GameBuilder()
    bear2 = g2.creature("Bear", 2, 2, abilities=[trigger("attacks_alone", [{"gain_life": 1}])])
    g2.build()
    g2.attack({bear2: "Bruno"})
    g2.resolve(everything=True)
    assert g2.life("Anna") == 21


def test_toxic_adds_poison_equal_to_total_toxic() -> None:
    """CR 702.164b-c."""
    g = GameBuilder()
    rat = g.creature("Rat", 1, 1, keywords=["toxic_1", "toxic_2"])
    g.build()
    g.attack({rat: "Bruno"})
    g.combat_damage()
    assert g.game.player("Bruno").poison == 3
    assert g.life("Bruno") == 19


def test_flanking_shrinks_each_blocker_without_flanking() -> None:
    """CR 702.25a-b: one trigger for each blocker without flanking."""
    g = GameBuilder()
    knight = g.creature("Knight", 2, 2, keywords=["flanking"])
    elf = g.creature("Elf", 1, 1, controller="Bruno")
    other = g.creature("Flanker", 2, 2, keywords=["flanking"], controller="Bruno")
    g.build()
    g.attack({knight: "Bruno"})
    g.block({elf: knight, other: knight})
    g.resolve(everything=True)
    assert g.zone(elf) == Zone.GRAVEYARD
    assert g.chars(other).power == 2


def test_bushido_when_blocking_and_when_blocked() -> None:
    """CR 702.45a."""
    g = GameBuilder()
    bear = g.creature("Bear", 2, 2)
    samurai = g.creature("Samurai", 1, 1, keywords=["bushido_2"], controller="Bruno")
    g.build()
    g.attack({bear: "Bruno"})
    g.block({samurai: bear})
    g.resolve(everything=True)
    assert (g.chars(samurai).power, g.chars(samurai).toughness) == (3, 3)
    g.combat_damage()
    assert g.zone(bear) == Zone.GRAVEYARD
    assert g.zone(samurai) == Zone.BATTLEFIELD


def test_battle_cry_pumps_the_other_attackers() -> None:
    """CR 702.91a."""
    g = GameBuilder()
    chief = g.creature("Chief", 1, 1, keywords=["battle_cry"])
    bear = g.creature("Bear", 2, 2)
    g.build()
    g.attack({chief: "Bruno", bear: "Bruno"})
    g.resolve(everything=True)
    assert g.chars(chief).power == 1
    assert (g.chars(bear).power, g.chars(bear).toughness) == (3, 2)


def test_afflict_makes_the_defending_player_lose_life() -> None:
    """CR 702.130a: when it becomes blocked."""
    g = GameBuilder()
    beast = g.creature("Beast", 3, 3, keywords=["afflict_2"])
    elf = g.creature("Elf", 1, 1, controller="Bruno")
    g.build()
    g.attack({beast: "Bruno"})
    g.block({elf: beast})
    g.resolve(everything=True)
    assert g.life("Bruno") == 18


def test_annihilator_defending_player_sacrifices_all_if_fewer() -> None:
    """CR 702.86a, 701.21a: with fewer permanents than N, all of them."""
    g = GameBuilder()
    crusher = g.creature("Crusher", 8, 8, keywords=["annihilator_2"])
    elf = g.creature("Elf", 1, 1, controller="Bruno")
    g.build()
    g.attack({crusher: "Bruno"})
    g.resolve(everything=True)
    assert g.zone(elf) == Zone.GRAVEYARD


def test_defending_player_reference() -> None:
    """SCENARIO-FORMAT.md 2.7 References: ``defending_player`` from the attacking trigger object."""
    from judgekit.engine.builder import trigger

    g = GameBuilder()
    bear = g.creature("Bear", 2, 2, abilities=[trigger("attacks", [{"lose_life": 1, "to": "defending_player"}])])
    g.build()
    g.attack({bear: "Bruno"})
    g.resolve(everything=True)
    assert g.life("Bruno") == 19


def test_devoid_is_colourless() -> None:
    """CR 702.114a."""
    g = GameBuilder()
    scion = g.creature("Scion", 1, 1, colors=["green"], keywords=["devoid"])
    g.build()
    assert g.chars(scion).colors == []


# -- scenarios ---------------------------------------------------------------------------------------------


SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "keywords").glob("*.yaml"))


def test_there_are_keyword_scenarios() -> None:
    assert len(SCENARIOS) >= 8


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_keyword_scenario_meets_its_expectations(path: Path) -> None:
    from judgekit.ruling.run import run_file

    ruling = run_file(path)
    assert ruling.expect is not None and ruling.expect["passed"], path.name
