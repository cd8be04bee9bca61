"""The layer system (CR 613) on games set up with the builder: the order in which effects apply."""

from __future__ import annotations

from judgekit.engine.builder import GameBuilder, static

CREATURES = {"types": ["Creature"]}
ANTHEM = static(affects={"types": ["Creature"], "controller": "you"}, modify_pt=[1, 1])
HUMILITY = static(affects=CREATURES, remove_all_abilities=True, set_pt=[1, 1])
OPALESCENCE = static(affects={"types": ["Enchantment"], "not_subtypes": ["Aura"], "other": True},
                     add_types=["Creature"], set_pt={"power": "mana_value", "toughness": "mana_value"})


def pt(g: GameBuilder, oid: str) -> tuple[int | None, int | None]:
    c = g.chars(oid)
    return c.power, c.toughness


def test_anthem_and_counters_both_apply_in_layer_7c() -> None:
    """CR 613.4c: +1/+1 counters and "+1/+1" effects are both applied in layer 7c and add up."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, counters={"+1/+1": 2})
    g.permanent("Glorious Anthem", types=["Enchantment"], abilities=[ANTHEM])
    g.build()
    assert pt(g, bear) == (5, 5)


def test_anthem_pumps_only_its_controllers_creatures() -> None:
    """CR 611.3a, 109.5: "creatures you control" reads the controller of the anthem."""
    g = GameBuilder()
    mine = g.creature("Grizzly Bears", 2, 2, controller="Anna")
    theirs = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.permanent("Glorious Anthem", types=["Enchantment"], abilities=[ANTHEM], controller="Anna")
    g.build()
    assert (pt(g, mine), pt(g, theirs)) == ((3, 3), (2, 2))


def test_setting_base_pt_later_does_not_undo_an_earlier_modification() -> None:
    """CR 613.4b-c: an effect that sets P/T (7b) applies before one that modifies it (7c), whatever the
    timestamps: Giant Growth then a "becomes 0/1" effect leaves a 3/4."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2)
    g.effect("Giant Growth", [bear], modify_pt=[3, 3])
    g.effect("Humble", [bear], set_pt=[0, 1], remove_all_abilities=True)
    g.build()
    assert pt(g, bear) == (3, 4)


def test_switch_applies_after_every_other_pt_effect() -> None:
    """CR 613.4d: switching is layer 7d, after setting, modifying and counters, even with the oldest
    timestamp."""
    g = GameBuilder()
    wall = g.creature("Horned Turtle", 1, 4, counters={"+1/+1": 1})
    g.effect("Twisted Image", [wall], switch_pt=True)
    g.effect("Giant Growth", [wall], modify_pt=[3, 3])
    g.build()
    # 1/4 -> counter 2/5 -> +3/+3 5/8 -> switched 8/5.
    assert pt(g, wall) == (8, 5)


def test_characteristic_defining_ability_applies_before_a_setting_effect() -> None:
    """CR 613.4a-b: a characteristic-defining ability (7a) is overridden by an effect that sets P/T (7b)."""
    g = GameBuilder()
    g.card("Forest", "Anna", zone="graveyard", types=["Land"])
    goyf = g.creature("Tarmogoyf", 0, 1, abilities=[static(cda={"power": {"card_types_in_graveyards": True},
                                                                  "toughness": {"card_types_in_graveyards": True,
                                                                                "plus": 1}})])
    g.build()
    assert pt(g, goyf) == (1, 2)
    g2 = GameBuilder()
    g2.card("Forest", "Anna", zone="graveyard", types=["Land"])
    goyf2 = g2.creature("Tarmogoyf", 0, 1, abilities=[static(cda={"power": {"card_types_in_graveyards": True},
                                                                    "toughness": {"card_types_in_graveyards": True,
                                                                                  "plus": 1}})])
    g2.effect("Humble", [goyf2], set_pt=[0, 1])
    g2.build()
    assert pt(g2, goyf2) == (0, 1)


def test_humility_then_opalescence_timestamp_order() -> None:
    """CR 613.7 (the CR 613 example): Humility is older, so Opalescence's 7b effect applies last to it and
    Humility is a 4/4; Humility's own effect still makes other creatures 1/1 without abilities."""
    g = GameBuilder()
    humility = g.permanent("Humility", types=["Enchantment"], mana_cost="{2}{W}{W}", abilities=[HUMILITY])
    opalescence = g.permanent("Opalescence", types=["Enchantment"], mana_cost="{2}{W}{W}",
                              abilities=[OPALESCENCE])
    angel = g.creature("Serra Angel", 4, 4, keywords=["flying", "vigilance"])
    g.build()
    assert pt(g, humility) == (4, 4)
    assert g.chars(humility).abilities == []
    assert "Creature" not in g.chars(opalescence).types
    assert (pt(g, angel), g.chars(angel).keywords) == ((1, 1), [])


def test_opalescence_then_humility_timestamp_order() -> None:
    """CR 613.6, 613.7: with Opalescence older, Humility's effect (already applying from layer 6 on) sets
    Humility itself to 1/1 in 7b after Opalescence's 4/4."""
    g = GameBuilder()
    g.permanent("Opalescence", types=["Enchantment"], mana_cost="{2}{W}{W}", abilities=[OPALESCENCE])
    humility = g.permanent("Humility", types=["Enchantment"], mana_cost="{2}{W}{W}", abilities=[HUMILITY])
    g.build()
    assert pt(g, humility) == (1, 1)
    assert sorted(g.chars(humility).types) == ["Creature", "Enchantment"]


def test_type_removal_applies_before_the_effect_whose_selector_reads_the_type() -> None:
    """CR 613.8a: "Goblins are artifacts" depends on a newer effect that makes every creature a Bear only (it
    changes what the first applies to), so the newer one applies first and the Goblin is no artifact."""
    g = GameBuilder()
    goblin = g.creature("Goblin Piker", 2, 1, subtypes=["Goblin", "Warrior"])
    g.permanent("Goblin Foundry", types=["Enchantment"],
                abilities=[static(affects={"subtypes": ["Goblin"]}, add_types=["Artifact"])])
    g.permanent("Bear Curse", types=["Enchantment"], abilities=[static(affects=CREATURES, set_subtypes=["Bear"])])
    g.build()
    c = g.chars(goblin)
    assert c.subtypes == ["Bear"]
    assert "Artifact" not in c.types


def test_type_adding_effect_applies_first_when_the_other_selector_reads_it() -> None:
    """CR 613.8a: the older "Goblins are artifacts" depends on a newer "creatures are Goblins" effect, so a
    Bear becomes a Goblin first and then an artifact (timestamp order alone would miss it)."""
    g = GameBuilder()
    bear = g.creature("Grizzly Bears", 2, 2, subtypes=["Bear"])
    g.permanent("Goblin Foundry", types=["Enchantment"],
                abilities=[static(affects={"subtypes": ["Goblin"]}, add_types=["Artifact"])])
    g.permanent("Goblin Curse", types=["Enchantment"], abilities=[static(affects=CREATURES, add_subtypes=["Goblin"])])
    g.build()
    c = g.chars(bear)
    assert "Goblin" in c.subtypes
    assert sorted(c.types) == ["Artifact", "Creature"]


def test_independent_effects_in_one_layer_apply_in_timestamp_order() -> None:
    """CR 613.7: two effects that set P/T, neither depending on the other: the newer wins."""
    for first, second, expected in (([0, 1], [5, 5], (5, 5)), ([5, 5], [0, 1], (0, 1))):
        g = GameBuilder()
        bear = g.creature("Grizzly Bears", 2, 2)
        g.effect("Older", [bear], set_pt=first)
        g.effect("Newer", [bear], set_pt=second)
        g.build()
        assert pt(g, bear) == expected


def test_control_change_in_layer_2_decides_which_anthem_applies() -> None:
    """CR 613.1b, 303.4: Mind Control gives Anna the angel in layer 2, so Bruno's anthem (layer 7c) no
    longer applies to it while it still pumps Bruno's bear."""
    g = GameBuilder()
    angel = g.creature("Serra Angel", 4, 4, controller="Bruno")
    g.permanent("Glorious Anthem", types=["Enchantment"], abilities=[ANTHEM], controller="Bruno")
    bear = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.permanent("Mind Control", types=["Enchantment"], subtypes=["Aura"], controller="Anna", attached_to=angel,
                target=CREATURES, abilities=[static(affects="enchanted", control="you")])
    g.build()
    assert (g.chars(angel).controller, pt(g, angel)) == ("Anna", (4, 4))
    assert pt(g, bear) == (3, 3)


def test_parts_of_one_effect_in_the_same_layer_apply_in_the_order_written() -> None:
    """CR 613.1f, 613.7: within one effect, "loses all abilities and gains flying" ends with flying, and
    "gains flying and loses all abilities" ends without it."""
    g = GameBuilder()
    first = g.creature("Giant Spider", 2, 4, keywords=["reach"])
    second = g.creature("Giant Spider", 2, 4, keywords=["reach"])
    g.effect("Borrowed Wings", [first], remove_all_abilities=True, add_keywords=["flying"])
    g.effect("Clipped Wings", [second], add_keywords=["flying"], remove_all_abilities=True)
    g.build()
    assert (g.chars(first).keywords, g.chars(second).keywords) == (["flying"], [])


def test_static_ability_parts_in_the_same_layer_apply_in_the_order_written() -> None:
    """CR 613.1f: a static ability "loses all abilities and has flying" leaves flying on what it affects."""
    g = GameBuilder()
    spider = g.creature("Giant Spider", 2, 4, keywords=["reach"])
    g.permanent("Feathered Shackles", types=["Enchantment"], abilities=[
        static(affects={"types": ["Creature"]}, remove_all_abilities=True, add_keywords=["flying"])])
    g.build()
    assert g.chars(spider).keywords == ["flying"]


def test_losing_all_abilities_keeps_the_creature_types_changeling_gave() -> None:
    """CR 702.73a, 613.3, 613.6: changeling applies in layer 4; losing it in layer 6 does not undo that, and
    a selector of a creature type still picks the creature."""
    g = GameBuilder()
    changeling = g.creature("Woodland Changeling", 2, 2, subtypes=["Shapeshifter"], keywords=["changeling"])
    bears = g.creature("Grizzly Bears", 2, 2, subtypes=["Bear"])
    g.permanent("Humility", types=["Enchantment"], abilities=[HUMILITY])
    g.permanent("Vanquisher's Banner", types=["Artifact"],
                abilities=[static(affects={"types": ["Creature"], "subtypes": ["Goblin"]}, modify_pt=[1, 1])])
    g.build()
    c = g.chars(changeling)
    assert (c.all_creature_types, c.keywords, pt(g, changeling)) == (True, [], (2, 2))
    assert pt(g, bears) == (1, 1)
