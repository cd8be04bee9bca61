"""Restrictions and requirements of the combat declarations (CR 508.1c-d, 509.1b-c) with the maximum number of
requirements obeyed, missing declarations (SCENARIO-FORMAT.md 2.8), hexproof and protection on players
(702.11c, 702.16b, 702.16e) and damage assigned as though unblocked (510.1c)."""

from __future__ import annotations

import time

import pytest

from judgekit.engine.builder import GameBuilder, entry, static
from judgekit.engine.errors import IllegalAction
from judgekit.engine.vocab import Zone
from judgekit.errors import InvalidFileError
from judgekit.scenario.loader import load_scenario_text

LURE = static(affects="enchanted", must_be_blocked_by_all=True)


def _rule(exc: pytest.ExceptionInfo[IllegalAction]) -> str | None:
    return exc.value.rule


def lure_board() -> tuple[GameBuilder, str, str, str, str]:
    g = GameBuilder(step="beginning_of_combat")
    bears = g.creature("Grizzly Bears", 2, 2)
    g.permanent("Lure", types=["Enchantment"], subtypes=["Aura"], attached_to=bears, abilities=[LURE])
    giant = g.creature("Hill Giant", 3, 3)
    wurm = g.creature("Craw Wurm", 6, 4, controller="Bruno")
    elves = g.creature("Llanowar Elves", 1, 1, controller="Bruno")
    return g, bears, giant, wurm, elves


# ------------------------------------------------------------------------------------------------------
# Blockers: Lure and must_block


def test_lure_a_creature_blocking_another_attacker_breaks_a_requirement() -> None:
    g, bears, giant, wurm, elves = lure_board()
    g.attack({bears: "Bruno", giant: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.block({wurm: bears, elves: giant})
    assert _rule(exc) == "509.1c"


def test_lure_every_able_creature_blocking_it_is_legal() -> None:
    g, bears, giant, wurm, elves = lure_board()
    g.attack({bears: "Bruno", giant: "Bruno"})
    g.block({wurm: bears, elves: bears})
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 17
    assert g.zone(bears) == Zone.GRAVEYARD


def test_lure_a_missing_declaration_is_checked() -> None:
    g, bears, _giant, _wurm, _elves = lure_board()
    g.attack({bears: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.combat_damage()
    assert _rule(exc) == "509.1c"


def test_lure_tapped_or_restricted_creatures_are_not_able_to_block() -> None:
    """509.1c counts only requirements that can be obeyed: a tapped creature, one that can't block, one without
    flying or reach in front of a flier are not able to block, and declaring no blockers is legal."""
    g = GameBuilder(step="beginning_of_combat")
    hawk = g.creature("Suntail Hawk", 1, 1, keywords=["flying"])
    g.permanent("Lure", types=["Enchantment"], subtypes=["Aura"], attached_to=hawk, abilities=[LURE])
    g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.creature("Goblin Piker", 2, 1, controller="Bruno", keywords=["reach"],
               abilities=[static(cant_block=True)])
    g.creature("Giant Spider", 2, 4, controller="Bruno", keywords=["reach"], tapped=True)
    g.attack({hawk: "Bruno"})
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 19


def test_lure_on_a_menace_attacker_with_one_possible_blocker_needs_no_block() -> None:
    """Menace: one creature alone can't block it (702.111b), so the requirement can't be obeyed (509.1c)."""
    g = GameBuilder(step="beginning_of_combat")
    brute = g.creature("Boggart Brute", 3, 2, keywords=["menace"])
    g.permanent("Lure", types=["Enchantment"], subtypes=["Aura"], attached_to=brute, abilities=[LURE])
    g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.attack({brute: "Bruno"})
    g.combat_damage(everything=True)
    assert g.life("Bruno") == 17


def test_lure_on_a_menace_attacker_with_two_possible_blockers_needs_both() -> None:
    g = GameBuilder(step="beginning_of_combat")
    brute = g.creature("Boggart Brute", 3, 2, keywords=["menace"])
    g.permanent("Lure", types=["Enchantment"], subtypes=["Aura"], attached_to=brute, abilities=[LURE])
    a = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    b = g.creature("Llanowar Elves", 1, 1, controller="Bruno")
    g.attack({brute: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.combat_damage()
    assert _rule(exc) == "509.1c"
    g2 = GameBuilder(step="beginning_of_combat")
    brute = g2.creature("Boggart Brute", 3, 2, keywords=["menace"])
    g2.permanent("Lure", types=["Enchantment"], subtypes=["Aura"], attached_to=brute, abilities=[LURE])
    a = g2.creature("Grizzly Bears", 2, 2, controller="Bruno")
    b = g2.creature("Llanowar Elves", 1, 1, controller="Bruno")
    g2.attack({brute: "Bruno"})
    g2.block({a: brute, b: brute})


def test_must_block_any_attacker_obeys_it() -> None:
    g = GameBuilder(step="beginning_of_combat")
    bears = g.creature("Grizzly Bears", 2, 2)
    wall = g.creature("Wall of Wood", 0, 3, controller="Bruno", keywords=["defender"],
                      abilities=[static(must_block=True)])
    g.attack({bears: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.combat_damage()
    assert _rule(exc) == "509.1c"
    g2 = GameBuilder(step="beginning_of_combat")
    bears = g2.creature("Grizzly Bears", 2, 2)
    wall = g2.creature("Wall of Wood", 0, 3, controller="Bruno", keywords=["defender"],
                       abilities=[static(must_block=True)])
    g2.attack({bears: "Bruno"})
    g2.block({wall: bears})


# ------------------------------------------------------------------------------------------------------
# Blockers: restrictions


def test_cant_block_from_an_effect_of_a_resolved_spell() -> None:
    g = GameBuilder(step="beginning_of_combat")
    bears = g.creature("Grizzly Bears", 2, 2)
    wurm = g.creature("Craw Wurm", 6, 4, controller="Bruno")
    g.effect("Magia risolta", [wurm], cant_block=True)
    g.attack({bears: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.block({wurm: bears})
    assert (_rule(exc), exc.value.code) == ("509.1b", "restrictions.cant_block")


def test_cant_block_from_a_spell_that_resolves() -> None:
    g = GameBuilder(step="beginning_of_combat")
    bears = g.creature("Grizzly Bears", 2, 2)
    wurm = g.creature("Craw Wurm", 6, 4, controller="Bruno")
    spell = g.card("Panico", "Anna", types=["Instant"], target={"types": ["Creature"]},
                   effect=[entry(to="target", cant_block=True)])
    g.cast(spell, targets=[wurm])
    g.resolve()
    g.attack({bears: "Bruno"})
    with pytest.raises(IllegalAction):
        g.block({wurm: bears})


def test_cant_be_blocked_true_and_by_a_selector() -> None:
    g = GameBuilder(step="beginning_of_combat")
    rogue = g.creature("Ladro", 2, 2, abilities=[static(cant_be_blocked=True)])
    picky = g.creature("Schiva", 2, 2, abilities=[static(cant_be_blocked={"colors": ["green"]})])
    green = g.creature("Verde", 2, 2, controller="Bruno", colors=["green"])
    red = g.creature("Rosso", 2, 2, controller="Bruno", colors=["red"])
    g.attack({rogue: "Bruno", picky: "Bruno"})
    for blocks in ({green: rogue}, {green: picky}):
        with pytest.raises(IllegalAction) as exc:
            g.block(blocks)
        assert exc.value.code == "restrictions.cant_be_blocked"
    g.block({red: picky})


def test_cant_be_blocked_except_by_fliers_or_reach() -> None:
    g = GameBuilder(step="beginning_of_combat")
    pest = g.creature("Signal Pest", 0, 1, abilities=[static(
        cant_be_blocked_except_by={"any": [{"keywords": ["flying"]}, {"keywords": ["reach"]}]})])
    bears = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    spider = g.creature("Giant Spider", 2, 4, controller="Bruno", keywords=["reach"])
    g.attack({pest: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.block({bears: pest})
    assert exc.value.code == "restrictions.cant_be_blocked_except_by"
    g.block({spider: pest})


def test_blocked_only_by_at_least_n() -> None:
    def board() -> tuple[GameBuilder, str, list[str]]:
        g = GameBuilder(step="beginning_of_combat")
        beast = g.creature("Bestia", 6, 6, abilities=[static(blocked_only_by_at_least=3)])
        blockers = [g.creature(f"Orso {i}", 2, 2, controller="Bruno") for i in range(3)]
        g.attack({beast: "Bruno"})
        return g, beast, blockers

    g, beast, blockers = board()
    with pytest.raises(IllegalAction) as exc:
        g.block({blockers[0]: beast, blockers[1]: beast})
    assert (_rule(exc), exc.value.params["least"]) == ("509.1b", 3)
    g, beast, blockers = board()
    g.block({b: beast for b in blockers})


def test_cant_block_alone() -> None:
    g = GameBuilder(step="beginning_of_combat")
    bears = g.creature("Grizzly Bears", 2, 2)
    timid = g.creature("Timido", 1, 1, controller="Bruno", abilities=[static(cant_block_alone=True)])
    other = g.creature("Llanowar Elves", 1, 1, controller="Bruno")
    g.attack({bears: "Bruno"})
    with pytest.raises(IllegalAction) as exc:
        g.block({timid: bears})
    assert exc.value.code == "restrictions.cant_block_alone"
    g.block({timid: bears, other: bears})


# ------------------------------------------------------------------------------------------------------
# Attackers


def test_must_attack_left_home_is_an_error_and_attacking_obeys_it() -> None:
    g = GameBuilder(step="beginning_of_combat")
    gorgers = g.creature("Insatiable Gorgers", 5, 3, abilities=[static(must_attack=True)])
    with pytest.raises(IllegalAction) as exc:
        g.next_step()
    assert (_rule(exc), exc.value.params["declared"]) == ("508.1d", False)
    g2 = GameBuilder(step="beginning_of_combat")
    gorgers = g2.creature("Insatiable Gorgers", 5, 3, abilities=[static(must_attack=True)])
    g2.creature("Grizzly Bears", 2, 2)
    g2.attack({gorgers: "Bruno"})
    g2.combat_damage(everything=True)
    assert g2.life("Bruno") == 15


def test_must_attack_does_not_bind_a_creature_that_cant_attack() -> None:
    """A tapped or summoning-sick creature, or one that can't attack, is not able to (508.1d)."""
    g = GameBuilder(step="beginning_of_combat")
    g.creature("Gorgers 1", 5, 3, abilities=[static(must_attack=True)], tapped=True)
    g.creature("Gorgers 2", 5, 3, abilities=[static(must_attack=True)], summoning_sick=True)
    g.creature("Gorgers 3", 5, 3, abilities=[static(must_attack=True, cant_attack=True)])
    g.next_step()
    g.next_step()
    assert g.life("Bruno") == 20


def test_cant_attack_and_cant_attack_alone() -> None:
    g = GameBuilder(step="beginning_of_combat")
    pacified = g.creature("Pacificato", 2, 2, abilities=[static(cant_attack=True)])
    with pytest.raises(IllegalAction) as exc:
        g.attack({pacified: "Bruno"})
    assert (_rule(exc), exc.value.code) == ("508.1c", "restrictions.cant_attack")
    g2 = GameBuilder(step="beginning_of_combat")
    shy = g2.creature("Timido", 2, 2, abilities=[static(cant_attack_alone=True)])
    bears = g2.creature("Grizzly Bears", 2, 2)
    with pytest.raises(IllegalAction) as exc:
        g2.attack({shy: "Bruno"})
    assert exc.value.code == "restrictions.cant_attack_alone"
    g2.attack({shy: "Bruno", bears: "Bruno"})


def test_must_attack_alone_restricted_without_company_needs_no_attack() -> None:
    g = GameBuilder(step="beginning_of_combat")
    g.creature("Timido", 2, 2, abilities=[static(must_attack=True, cant_attack_alone=True)])
    g.next_step()
    g.next_step()
    assert g.life("Bruno") == 20


# ------------------------------------------------------------------------------------------------------
# Players and damage


def bolt(g: GameBuilder, owner: str) -> str:
    return g.card("Lightning Bolt", owner, types=["Instant"], colors=["red"], mana_cost="{R}",
                  target={"any": [{"types": ["Creature"]}, {"player": True}]}, effect=[entry(damage=3, to="target")])


def test_player_hexproof_refuses_an_opponents_target_but_not_ones_own() -> None:
    g = GameBuilder()
    g.permanent("Leyline of Sanctity", types=["Enchantment"],
                abilities=[static(affects={"player": True, "controller": "you"}, player_hexproof=True)])
    theirs = bolt(g, "Bruno")
    mine = bolt(g, "Anna")
    with pytest.raises(IllegalAction) as exc:
        g.cast(theirs, targets=["Anna"], controller="Bruno")
    assert _rule(exc) == "702.11c"
    g.cast(mine, targets=["Anna"])
    g.resolve()
    assert g.life("Anna") == 17


def test_player_protection_from_red_targets_and_damage() -> None:
    g = GameBuilder(step="beginning_of_combat", active="Bruno")
    g.permanent("Velo", types=["Enchantment"],
                abilities=[static(affects={"player": True, "controller": "you"}, player_protection_from="red")])
    goblin = g.creature("Goblin", 2, 2, controller="Bruno", colors=["red"])
    bears = g.creature("Grizzly Bears", 2, 2, controller="Bruno", colors=["green"])
    spell = bolt(g, "Bruno")
    with pytest.raises(IllegalAction) as exc:
        g.cast(spell, targets=["Anna"], controller="Bruno")
    assert _rule(exc) == "702.16b"
    g.attack({goblin: "Anna", bears: "Anna"})
    g.combat_damage(everything=True)
    assert g.life("Anna") == 18


def test_assign_damage_as_unblocked_by_naming_the_player() -> None:
    def board() -> tuple[GameBuilder, str, str]:
        g = GameBuilder(step="beginning_of_combat")
        thorn = g.creature("Thorn Elemental", 7, 7, abilities=[static(assign_damage_as_unblocked=True)])
        bears = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
        g.attack({thorn: "Bruno"})
        g.block({bears: thorn})
        return g, thorn, bears

    g, thorn, bears = board()
    g.assign({thorn: {"Bruno": 7}})
    g.combat_damage(everything=True)
    assert (g.life("Bruno"), g.zone(bears), g.obj(thorn).damage) == (13, Zone.BATTLEFIELD, 2)
    g, thorn, bears = board()  # without the choice it assigns as a blocked creature
    g.combat_damage(everything=True)
    assert (g.life("Bruno"), g.zone(bears)) == (20, Zone.GRAVEYARD)


def test_assigning_to_the_player_without_the_ability_stays_illegal() -> None:
    g = GameBuilder(step="beginning_of_combat")
    wurm = g.creature("Craw Wurm", 6, 4)
    bears = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.attack({wurm: "Bruno"})
    g.block({bears: wurm})
    g.assign({wurm: {"Bruno": 6}})
    with pytest.raises(IllegalAction) as exc:
        g.combat_damage()
    assert _rule(exc) == "510.1c"


# ------------------------------------------------------------------------------------------------------
# The search stays small


def test_many_requirement_creatures_are_checked_quickly() -> None:
    """Forty creatures that must block and forty attackers that need three blockers each: leaving one wall out
    obeys one requirement less than the most possible (the last wall can join a group of three)."""
    def board() -> tuple[GameBuilder, list[str], list[str]]:
        g = GameBuilder(step="beginning_of_combat")
        attackers = [g.creature(f"Bestia {i}", 3, 3, abilities=[static(blocked_only_by_at_least=3)])
                     for i in range(40)]
        blockers = [g.creature(f"Muro {i}", 0, 4, controller="Bruno", abilities=[static(must_block=True)])
                    for i in range(40)]
        g.attack({a: "Bruno" for a in attackers})
        return g, attackers, blockers

    g, attackers, blockers = board()
    start = time.perf_counter()
    with pytest.raises(IllegalAction) as exc:
        g.block({b: attackers[i // 3] for i, b in enumerate(blockers[:39])})
    assert (exc.value.params["obeyed"], exc.value.params["most"]) == (39, 40)
    g, attackers, blockers = board()
    g.block({b: attackers[min(i // 3, 12)] for i, b in enumerate(blockers)})
    assert time.perf_counter() - start < 2.0


def test_requirements_that_no_declaration_can_obey_are_searched_quickly() -> None:
    """Six walls that must block, attackers that only seven or more creatures may block: no block is legal, so
    declaring none obeys the most (zero); the bounded search says so at once."""
    g = GameBuilder(step="beginning_of_combat")
    attackers = [g.creature(f"Bestia {i}", 3, 3, abilities=[static(blocked_only_by_at_least=7)])
                 for i in range(30)]
    for i in range(6):
        g.creature(f"Muro {i}", 0, 4, controller="Bruno", abilities=[static(must_block=True)])
    g.attack({a: "Bruno" for a in attackers})
    start = time.perf_counter()
    g.combat_damage(everything=True)
    assert time.perf_counter() - start < 2.0
    assert g.life("Bruno") == 20 - 30 * 3


def test_lure_with_many_attackers_and_blockers() -> None:
    g = GameBuilder(step="beginning_of_combat")
    attackers = [g.creature(f"Orso {i}", 2, 2) for i in range(30)]
    g.permanent("Lure", types=["Enchantment"], subtypes=["Aura"], attached_to=attackers[0], abilities=[LURE])
    blockers = [g.creature(f"Elfo {i}", 1, 1, controller="Bruno") for i in range(30)]
    g.attack({a: "Bruno" for a in attackers})
    start = time.perf_counter()
    with pytest.raises(IllegalAction):
        g.block({b: attackers[i] for i, b in enumerate(blockers)})
    assert time.perf_counter() - start < 2.0


# ------------------------------------------------------------------------------------------------------
# The file


def test_a_bad_protection_quality_is_an_italian_file_error() -> None:
    text = """
title: x
players: [Anna, Bruno]
battlefield:
  Anna:
    - {name: Velo, types: [Enchantment], abilities: [{static: {affects: {player: true}, player_protection_from: rosa}}]}
"""
    with pytest.raises(InvalidFileError) as exc:
        load_scenario_text(text)
    assert "qualità di protezione" in str(exc.value)
